#include "duel/observation.hpp"

#include "duel/rules.hpp"

#include <algorithm>

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

void Engine::encode_observation(const State& state, int player, float* out) const {
  std::fill(out, out + observation_.size, 0.0f);
  write_changes(observation_, ObsView{}, observe(state, player), out);
  write_expansion_views(state, player, out);
}

void Engine::write_expansion_views(const State& state, int player, float* row) const {
  if (pantheon_) write_pantheon_views(state, player, row);
  if (agora_) write_agora_views(state, player, row);
}

// observation.py _encode_pantheon: the views of the Pantheon (see the table there), written whole.
void Engine::write_pantheon_views(const State& s, int player, float* row) const {
  const ObsLayout& layout = observation_;
  const PantheonTables& tables = *pantheon_;
  const PantheonState& p = s.pantheon;
  const int opponent = 1 - player;
  std::fill(row + layout.pantheon_spaces, row + layout.choice + NUM_CHOICES, 0.0f);
  for (int space = 0; space < NUM_SPACES; ++space) {
    float* base = row + layout.pantheon_spaces + space * layout.space_size;
    const int divinity = p.spaces[space];
    if (divinity == EMPTY)
      base[layout.space_size - 1] = 1.0f;
    else if (p.space_face_up[space] || p.placed_by[space] == player)
      base[divinity] = 1.0f;
    else
      base[NUM_DIVINITIES + tables.divinities[divinity].mythology] = 1.0f;
  }
  for (int m = 0; m < NUM_MYTHOLOGIES; ++m) row[layout.mythology_decks + m] = p.deck_size[m];
  for (int slot = 0; slot < p.num_slot_tokens; ++slot) {
    const int token = p.slot_tokens[slot];
    if (token == EMPTY) continue;
    const int mythology = tables.tokens[token].mythology;
    row[layout.slot_tokens + slot * PANTHEON_SLOT_SIZE + (mythology >= 0 ? mythology : NUM_MYTHOLOGIES)] = 1.0f;
  }
  for (int side = 0; side < 2; ++side) {
    const int who = side ? opponent : player;
    for (int i = 0; i < p.token_count[who]; ++i) {
      const int token = p.tokens[who][i], mythology = tables.tokens[token].mythology;
      int index = mythology;
      if (mythology < 0)
        index = NUM_MYTHOLOGIES +
                static_cast<int>(std::find(tables.offering_tokens.begin(), tables.offering_tokens.end(), token) -
                                 tables.offering_tokens.begin());
      row[layout.pantheon_tokens[side] + index] += 1.0f;
    }
    for (int i = 0; i < p.activated_count[who]; ++i) row[layout.divinities[side] + p.activated[who][i]] = 1.0f;
    row[layout.astarte + side] = p.astarte[who];
  }
  if (p.minerva != NO_MINERVA) row[layout.minerva + TRACK_MIDDLE + (player == 0 ? p.minerva : -p.minerva)] = 1.0f;
  for (int i = 0; i < p.num_enki_tokens; ++i) row[layout.enki_tokens + p.enki_tokens[i]] = 1.0f;
  if (s.phase == CHOOSE && s.current == player && p.choice != NONE) row[layout.choice + p.choice] = 1.0f;
}

// observation.py _encode_agora: the views of Agora (see the table there), written whole.
void Engine::write_agora_views(const State& s, int player, float* row) const {
  const ObsLayout& layout = observation_;
  const AgoraState& a = s.agora;
  const int opponent = 1 - player;
  std::fill(row + layout.senate_cubes, row + layout.size, 0.0f);
  for (int chamber = 0; chamber < NUM_CHAMBERS; ++chamber) {
    row[layout.senate_cubes + 2 * chamber] = a.cubes[player][chamber];
    row[layout.senate_cubes + 2 * chamber + 1] = a.cubes[opponent][chamber];
    float* decrees = row + layout.chamber_decrees + chamber * layout.decree_size;
    if (a.decree_face_up[chamber])
      for (int i = 0; i < a.decree_count[chamber]; ++i) decrees[a.decrees[chamber][i]] = 1.0f;
    else
      decrees[NUM_DECREES] = a.decree_count[chamber];
  }
  row[layout.conspiracy_deck] = a.deck_size;
  for (int i = 0; i < a.held_count[player]; ++i)
    row[(a.prepared[player][i] == EMPTY ? layout.my_conspiracies : layout.my_prepared) + a.conspiracies[player][i]] =
        1.0f;
  int prepared = 0;
  for (int i = 0; i < a.held_count[opponent]; ++i) prepared += a.prepared[opponent][i] != EMPTY;
  row[layout.opponent_conspiracies] = a.held_count[opponent] - prepared;
  row[layout.opponent_conspiracies + 1] = prepared;
  for (int side = 0; side < 2; ++side) {
    const int who = side ? opponent : player;
    for (int i = 0; i < a.triggered_count[who]; ++i) row[layout.triggered[side] + a.triggered[who][i]] = 1.0f;
  }
  for (int i = 0; i < a.num_locked; ++i)
    if (a.locked[i].seen_by_both || a.locked[i].locker == player) row[layout.locked_tokens + a.locked[i].token] = 1.0f;
  if (s.current != player) return;
  if (a.choice == KEEP_CONSPIRACY || a.choice == PUT_BACK)
    for (int i = 0; i < a.num_drawn; ++i) row[layout.drawn_conspiracies + a.drawn[i]] = 1.0f;
  if (a.choice != NONE) row[layout.agora_choice + a.choice - SENATE_ACTION] = 1.0f;
  row[layout.may_trigger] = s.phase == PLAY && a.may_trigger;
  int actions_left = 0;
  for (int i = 0; i < a.num_steps; ++i)
    actions_left += a.steps[i].player == player && a.steps[i].choice == SENATE_ACTION;
  row[layout.senate_actions_left] = actions_left;
}

}  // namespace wonders::duel
