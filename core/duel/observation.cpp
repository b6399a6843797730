#include "duel/observation.hpp"

#include "duel/rules.hpp"

#include <algorithm>
#include <cstring>

namespace wonders::duel {

ObsLayout::ObsLayout(const Tables& tables, const PantheonTables* pantheon, const AgoraTables* agora) {
  const int cards = tables.num_cards, num_wonders = tables.num_wonders, tokens = tables.num_tokens;
  const int slots = tables.num_slots;
  slot_size = cards + tables.num_decks + 2;
  slot_back = cards;
  slot_accessible = cards + tables.num_decks;
  slot_empty = slot_accessible + 1;
  int at = 0;
  auto view = [this, &at](const char* name, int view_size) {
    views.emplace_back(name, view_size);
    const int offset = at;
    at += view_size;
    return offset;
  };
  phase = view("phase", pantheon || agora ? NUM_PHASES : BASE_PHASES);
  age = view("age", 3);
  deciding = view("my_decision", 1);
  structure = view("structure", slots * slot_size);
  my_city = view("my_city", cards);
  opponent_city = view("opponent_city", cards);
  discard = view("discard", cards);
  coins = view("coins", 2);
  const char* wonder_views[4] = {"my_wonders", "my_built_wonders", "opponent_wonders", "opponent_built_wonders"};
  for (int i = 0; i < 4; ++i) wonders[i] = view(wonder_views[i], num_wonders);
  draft = view("draft_table", num_wonders);
  board = view("board_tokens", tokens);
  my_tokens = view("my_tokens", tokens);
  opponent_tokens = view("opponent_tokens", tokens);
  library = view("library_draw", tokens);
  pawn = view("pawn", TRACK_SPACES);
  looting = view("looting", 4);
  my_science = view("my_science", NUM_SYMBOLS);
  opponent_science = view("opponent_science", NUM_SYMBOLS);
  if (pantheon) {
    space_size = NUM_DIVINITIES + NUM_MYTHOLOGIES + 1;
    pantheon_spaces = view("pantheon_spaces", NUM_SPACES * space_size);
    mythology_decks = view("mythology_decks", NUM_MYTHOLOGIES);
    slot_tokens = view("slot_tokens", slots * PANTHEON_SLOT_SIZE);
    pantheon_tokens[0] = view("my_pantheon_tokens", NUM_MYTHOLOGIES + NUM_OFFERINGS);
    pantheon_tokens[1] = view("opponent_pantheon_tokens", NUM_MYTHOLOGIES + NUM_OFFERINGS);
    divinities[0] = view("my_divinities", NUM_DIVINITIES);
    divinities[1] = view("opponent_divinities", NUM_DIVINITIES);
    astarte = view("astarte", 2);
    minerva = view("minerva", TRACK_SPACES);
    enki_tokens = view("enki_tokens", tokens);
    choice = view("choice", NUM_CHOICES);
  }
  if (agora) {
    decree_size = NUM_DECREES + 1;
    senate_cubes = view("senate_cubes", NUM_CHAMBERS * 2);
    chamber_decrees = view("chamber_decrees", NUM_CHAMBERS * decree_size);
    conspiracy_deck = view("conspiracy_deck", 1);
    my_conspiracies = view("my_conspiracies", NUM_CONSPIRACIES);
    my_prepared = view("my_prepared", NUM_CONSPIRACIES);
    opponent_conspiracies = view("opponent_conspiracies", 2);
    triggered[0] = view("my_triggered", NUM_CONSPIRACIES);
    triggered[1] = view("opponent_triggered", NUM_CONSPIRACIES);
    drawn_conspiracies = view("drawn_conspiracies", NUM_CONSPIRACIES);
    locked_tokens = view("locked_tokens", tokens);
    agora_choice = view("agora_choice", NUM_AGORA_CHOICES);
    may_trigger = view("may_trigger", 1);
    senate_actions_left = view("senate_actions_left", 1);
  }
  size = at;
}

ObsView Engine::observe(const State& s, int player) const {
  const Tables& tables = *tables_;
  const ObsLayout& layout = observation_;
  const int opponent = 1 - player;
  ObsView v;
  v.phase_at = static_cast<int16_t>(layout.phase + s.phase);
  if (s.age) v.age_at = static_cast<int16_t>(layout.age + s.age - 1);
  if (s.current == player) v.deciding_at = static_cast<int16_t>(layout.deciding);
  for (int slot = 0; slot < s.slot_count; ++slot) {  // the slots past an Age's structure: all 0
    const int card = s.slot_card[slot];
    v.slot_code[slot] = static_cast<uint16_t>(card == EMPTY     ? 1
                                              : s.face_up[slot] ? 8 + 2 * card + (s.cover_count[slot] == 0)
                                                                : 2 + tables.cards[card].deck);
  }
  v.my_city = s.owned[player];
  v.opponent_city = s.owned[opponent];
  v.discard = s.discard;
  v.coins[0] = s.coins[player];
  v.coins[1] = s.coins[opponent];
  for (int side = 0; side < 2; ++side) {
    const int who = side ? opponent : player;
    unsigned drafted = 0;
    for (int i = 0; i < s.wonder_count[who]; ++i) drafted |= 1u << s.player_wonders[who][i];
    if (s.boxed_wonder != EMPTY) drafted &= ~(1u << s.boxed_wonder);
    v.wonders[2 * side] = static_cast<uint16_t>(drafted & ~s.wonder_built);
    v.wonders[2 * side + 1] = static_cast<uint16_t>(drafted & s.wonder_built);
  }
  v.draft = s.draft_offer;
  v.board = s.board_tokens;
  v.my_tokens = s.player_tokens[player];
  v.opponent_tokens = s.player_tokens[opponent];
  if (s.current == player) v.library = s.library_offer;
  v.pawn_at = static_cast<int16_t>(layout.pawn + 9 + (player == 0 ? s.pawn : -s.pawn));
  for (int i = 0; i < 4; ++i)
    if (s.looting >> i & 1) {
      const LootingToken& token = tables.looting[i];
      v.looting |= static_cast<uint8_t>(1u << ((token.victim == player ? 0 : 2) + (token.coins == 2 ? 0 : 1)));
    }
  for (int side = 0; side < 2; ++side)
    for (int k = 0; k < NUM_SYMBOLS; ++k) {
      const int count = s.science[side ? opponent : player][k];
      v.science[side][k] = static_cast<int8_t>(count < 2 ? count : 2);
    }
  return v;
}

namespace {

inline void one_hot(int16_t old, int16_t fresh, float* row) {
  if (old == fresh) return;
  if (old >= 0) row[old] = 0.0f;
  if (fresh >= 0) row[fresh] = 1.0f;
}

inline void bits(unsigned old, unsigned fresh, int offset, float* row) {
  for (unsigned diff = old ^ fresh; diff; diff &= diff - 1) {
    const int bit = __builtin_ctz(diff);
    row[offset + bit] = static_cast<float>(fresh >> bit & 1);
  }
}

inline void cards(const CardSet& old, const CardSet& fresh, int offset, float* row) {
  for (int word = 0; word < 2; ++word)
    for (uint64_t diff = old.bits[word] ^ fresh.bits[word]; diff; diff &= diff - 1) {
      const int bit = __builtin_ctzll(diff);
      row[offset + word * 64 + bit] = static_cast<float>(fresh.bits[word] >> bit & 1);
    }
}

// the entries of one structure slot, as its code says (value 1 or 0)
inline void slot_entries(const ObsLayout& layout, unsigned code, float* slot, float value) {
  if (code == 1) {
    slot[layout.slot_empty] = value;
  } else if (code >= 8) {
    slot[(code - 8) >> 1] = value;
    if (code & 1) slot[layout.slot_accessible] = value;
  } else if (code >= 2) {
    slot[layout.slot_back + code - 2] = value;
  }
}

}  // namespace

void write_changes(const ObsLayout& layout, const ObsView& old, const ObsView& fresh, float* row) {
  one_hot(old.phase_at, fresh.phase_at, row);
  one_hot(old.age_at, fresh.age_at, row);
  one_hot(old.deciding_at, fresh.deciding_at, row);
  unsigned changed = 0;  // the slots whose code changed (found without a branch per slot)
  for (int s = 0; s < MAX_SLOTS; ++s) changed |= static_cast<unsigned>(old.slot_code[s] != fresh.slot_code[s]) << s;
  for (; changed; changed &= changed - 1) {
    const int s = __builtin_ctz(changed);
    float* slot = row + layout.structure + s * layout.slot_size;
    slot_entries(layout, old.slot_code[s], slot, 0.0f);
    slot_entries(layout, fresh.slot_code[s], slot, 1.0f);
  }
  cards(old.my_city, fresh.my_city, layout.my_city, row);
  cards(old.opponent_city, fresh.opponent_city, layout.opponent_city, row);
  cards(old.discard, fresh.discard, layout.discard, row);
  if (old.coins[0] != fresh.coins[0]) row[layout.coins] = fresh.coins[0];
  if (old.coins[1] != fresh.coins[1]) row[layout.coins + 1] = fresh.coins[1];
  for (int i = 0; i < 4; ++i) bits(old.wonders[i], fresh.wonders[i], layout.wonders[i], row);
  bits(old.draft, fresh.draft, layout.draft, row);
  bits(old.board, fresh.board, layout.board, row);
  bits(old.my_tokens, fresh.my_tokens, layout.my_tokens, row);
  bits(old.opponent_tokens, fresh.opponent_tokens, layout.opponent_tokens, row);
  bits(old.library, fresh.library, layout.library, row);
  one_hot(old.pawn_at, fresh.pawn_at, row);
  bits(old.looting, fresh.looting, layout.looting, row);
  for (int side = 0; side < 2; ++side)
    for (int k = 0; k < NUM_SYMBOLS; ++k)
      if (old.science[side][k] != fresh.science[side][k])
        row[(side ? layout.opponent_science : layout.my_science) + k] = fresh.science[side][k];
}

// observation.py _encode_pantheon and _encode_agora: the expansions' views (see the tables there).
ExpansionView Engine::observe_expansions(const State& s, int player) const {
  ExpansionView v;
  const int opponent = 1 - player;
  if (pantheon_) {
    PantheonView& view = v.pantheon;
    const PantheonTables& tables = *pantheon_;
    const PantheonState& p = s.pantheon;
    for (int space = 0; space < NUM_SPACES; ++space) {
      const int divinity = p.spaces[space];
      const int entry = divinity == EMPTY ? NUM_DIVINITIES + NUM_MYTHOLOGIES
                        : p.space_face_up[space] || p.placed_by[space] == player
                            ? divinity
                            : NUM_DIVINITIES + tables.divinities[divinity].mythology;
      view.space_entry[space] = static_cast<uint8_t>(entry + 1);
    }
    for (int m = 0; m < NUM_MYTHOLOGIES; ++m) view.mythology_decks[m] = p.deck_size[m];
    for (int slot = 0, n = p.num_slot_tokens; slot < n; ++slot) {
      const int token = p.slot_tokens[slot];
      if (token == EMPTY) continue;
      const int mythology = tables.tokens[token].mythology;
      view.slot_token_entry[slot] = static_cast<uint8_t>((mythology >= 0 ? mythology : NUM_MYTHOLOGIES) + 1);
    }
    for (int side = 0; side < 2; ++side) {  // into locals: a store into the view may alias the state's bytes
      const int who = side ? opponent : player, held = p.token_count[who], activated = p.activated_count[who];
      uint64_t tokens = 0;
      for (int i = 0; i < held; ++i) tokens += uint64_t{1} << 8 * tables.token_kind[p.tokens[who][i]];
      unsigned divinities = 0;
      for (int i = 0; i < activated; ++i) divinities |= 1u << p.activated[who][i];
      view.tokens[side] = tokens;
      view.divinities[side] = static_cast<uint16_t>(divinities);
      view.astarte[side] = p.astarte[who];
    }
    if (p.minerva != NO_MINERVA)
      view.minerva_entry = static_cast<uint8_t>(TRACK_MIDDLE + (player == 0 ? p.minerva : -p.minerva) + 1);
    unsigned enki = 0;
    for (int i = 0, n = p.num_enki_tokens; i < n; ++i) enki |= 1u << p.enki_tokens[i];
    view.enki_tokens = static_cast<uint16_t>(enki);
    if (s.phase == CHOOSE && s.current == player && p.choice != NONE)
      view.choice_entry = static_cast<uint8_t>(p.choice + 1);
  }
  if (agora_) {
    AgoraView& view = v.agora;
    const AgoraState& a = s.agora;  // the sets into locals first, as for Pantheon's
    for (int chamber = 0; chamber < NUM_CHAMBERS; ++chamber) {
      view.cubes[0][chamber] = a.cubes[player][chamber];
      view.cubes[1][chamber] = a.cubes[opponent][chamber];
      const int decrees = a.decree_count[chamber];
      if (!a.decree_face_up[chamber]) {
        view.face_down_decrees[chamber] = static_cast<int8_t>(decrees);
        continue;
      }
      unsigned face_up = 0;
      for (int i = 0; i < decrees; ++i) face_up |= 1u << a.decrees[chamber][i];
      view.face_up_decrees[chamber] = face_up;
    }
    view.conspiracy_deck = a.deck_size;
    unsigned kept = 0, prepared = 0;
    for (int i = 0, held = a.held_count[player]; i < held; ++i)
      (a.prepared[player][i] == EMPTY ? kept : prepared) |= 1u << a.conspiracies[player][i];
    view.my_conspiracies = kept;
    view.my_prepared = prepared;
    int opponent_prepared = 0;
    const int opponent_held = a.held_count[opponent];
    for (int i = 0; i < opponent_held; ++i) opponent_prepared += a.prepared[opponent][i] != EMPTY;
    view.opponent_conspiracies[0] = static_cast<int8_t>(opponent_held - opponent_prepared);
    view.opponent_conspiracies[1] = static_cast<int8_t>(opponent_prepared);
    for (int side = 0; side < 2; ++side) {
      const int who = side ? opponent : player;
      unsigned triggered = 0;
      for (int i = 0, n = a.triggered_count[who]; i < n; ++i) triggered |= 1u << a.triggered[who][i];
      view.triggered[side] = triggered;
    }
    unsigned locked = 0;
    for (int i = 0, n = a.num_locked; i < n; ++i)
      if (a.locked[i].seen_by_both || a.locked[i].locker == player) locked |= 1u << a.locked[i].token;
    view.locked_tokens = locked;
    if (s.current == player) {
      unsigned drawn = 0;
      if (a.choice == KEEP_CONSPIRACY || a.choice == PUT_BACK)
        for (int i = 0, n = a.num_drawn; i < n; ++i) drawn |= 1u << a.drawn[i];
      view.drawn = drawn;
      if (a.choice != NONE) view.agora_choice_entry = static_cast<uint8_t>(a.choice - SENATE_ACTION + 1);
      view.may_trigger = s.phase == PLAY && a.may_trigger;
      int actions_left = 0;
      for (int i = 0, n = a.num_steps; i < n; ++i)
        actions_left += a.steps[i].player == player && a.steps[i].choice == SENATE_ACTION;
      view.senate_actions_left = static_cast<int8_t>(actions_left);
    }
  }
  return v;
}

namespace {

// a one-hot entry of a group at `offset`, given as its place plus 1 (0: none)
inline void entry(unsigned old, unsigned fresh, int offset, float* row) {
  if (old == fresh) return;
  if (old) row[offset + old - 1] = 0.0f;
  if (fresh) row[offset + fresh - 1] = 1.0f;
}

template <typename T>
inline void scalar(T old, T fresh, float* at) {
  if (old != fresh) *at = static_cast<float>(fresh);
}

// whether two arrays of a view are equal (one comparison: most of them stay the same)
template <typename T, size_t N>
inline bool same(const T (&old)[N], const T (&fresh)[N]) {
  return std::memcmp(old, fresh, sizeof old) == 0;
}

}  // namespace

void write_changes(const ObsLayout& layout, const ExpansionView& expansions_old, const ExpansionView& expansions_fresh,
                   float* row) {
  if (std::memcmp(&expansions_old.pantheon, &expansions_fresh.pantheon, sizeof(PantheonView))) {
    const PantheonView &old = expansions_old.pantheon, &fresh = expansions_fresh.pantheon;
    if (!same(old.space_entry, fresh.space_entry))
      for (int space = 0; space < NUM_SPACES; ++space)
        entry(old.space_entry[space], fresh.space_entry[space], layout.pantheon_spaces + space * layout.space_size,
              row);
    if (!same(old.mythology_decks, fresh.mythology_decks))
      for (int m = 0; m < NUM_MYTHOLOGIES; ++m)
        scalar(old.mythology_decks[m], fresh.mythology_decks[m], row + layout.mythology_decks + m);
    if (!same(old.slot_token_entry, fresh.slot_token_entry))
      for (int slot = 0; slot < MAX_SLOTS; ++slot)
        entry(old.slot_token_entry[slot], fresh.slot_token_entry[slot], layout.slot_tokens + slot * PANTHEON_SLOT_SIZE,
              row);
    for (int side = 0; side < 2; ++side) {
      if (old.tokens[side] != fresh.tokens[side])
        for (int kind = 0; kind < NUM_MYTHOLOGIES + NUM_OFFERINGS; ++kind)
          row[layout.pantheon_tokens[side] + kind] = static_cast<float>(fresh.tokens[side] >> 8 * kind & 0xff);
      bits(old.divinities[side], fresh.divinities[side], layout.divinities[side], row);
      scalar(old.astarte[side], fresh.astarte[side], row + layout.astarte + side);
    }
    entry(old.minerva_entry, fresh.minerva_entry, layout.minerva, row);
    bits(old.enki_tokens, fresh.enki_tokens, layout.enki_tokens, row);
    entry(old.choice_entry, fresh.choice_entry, layout.choice, row);
  }
  if (std::memcmp(&expansions_old.agora, &expansions_fresh.agora, sizeof(AgoraView))) {
    const AgoraView &old = expansions_old.agora, &fresh = expansions_fresh.agora;
    if (!same(old.cubes, fresh.cubes))
      for (int chamber = 0; chamber < NUM_CHAMBERS; ++chamber)
        for (int side = 0; side < 2; ++side)
          scalar(old.cubes[side][chamber], fresh.cubes[side][chamber], row + layout.senate_cubes + 2 * chamber + side);
    if (!same(old.face_up_decrees, fresh.face_up_decrees) || !same(old.face_down_decrees, fresh.face_down_decrees))
      for (int chamber = 0; chamber < NUM_CHAMBERS; ++chamber) {
        const int decrees = layout.chamber_decrees + chamber * layout.decree_size;
        bits(old.face_up_decrees[chamber], fresh.face_up_decrees[chamber], decrees, row);
        scalar(old.face_down_decrees[chamber], fresh.face_down_decrees[chamber], row + decrees + NUM_DECREES);
      }
    scalar(old.conspiracy_deck, fresh.conspiracy_deck, row + layout.conspiracy_deck);
    bits(old.my_conspiracies, fresh.my_conspiracies, layout.my_conspiracies, row);
    bits(old.my_prepared, fresh.my_prepared, layout.my_prepared, row);
    for (int i = 0; i < 2; ++i) {
      scalar(old.opponent_conspiracies[i], fresh.opponent_conspiracies[i], row + layout.opponent_conspiracies + i);
      bits(old.triggered[i], fresh.triggered[i], layout.triggered[i], row);
    }
    bits(old.drawn, fresh.drawn, layout.drawn_conspiracies, row);
    bits(old.locked_tokens, fresh.locked_tokens, layout.locked_tokens, row);
    entry(old.agora_choice_entry, fresh.agora_choice_entry, layout.agora_choice, row);
    scalar(old.may_trigger, fresh.may_trigger, row + layout.may_trigger);
    scalar(old.senate_actions_left, fresh.senate_actions_left, row + layout.senate_actions_left);
  }
}

void Engine::encode_observation(const State& state, int player, float* out) const {
  std::fill(out, out + observation_.size, 0.0f);
  write_changes(observation_, ObsView{}, observe(state, player), out);
  if (pantheon_ || agora_) write_changes(observation_, ExpansionView{}, observe_expansions(state, player), out);
}

}  // namespace wonders::duel
