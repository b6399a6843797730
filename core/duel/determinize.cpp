// Determinization for search agents (mirrors wonders_env/duel/determinize.py, drawing from the core's
// generator): the base game's hidden cards, wonders and tokens for both players alike; with
// Pantheon also what `player` has not seen of it (redraw_pantheon, determinize.py _redraw_pantheon);
// with Agora the later Ages' Senators and the Senate's hidden parts (redeal_later_senators,
// redraw_senate, redraw_locked_tokens).
#include <algorithm>

#include "duel/agora.hpp"
#include "duel/pantheon.hpp"
#include "duel/rules.hpp"

namespace wonders::duel {

namespace {

// Shuffle the current Age's face-down cards with its boxed cards, card back by card back.
void redraw_hidden_cards(const Tables& tables, State& s, Rng& rng) {
  const int index = s.age - 1;
  auto& boxed = s.deal.boxed[index];
  const int boxed_count = s.boxed_count[index];
  for (int deck = 0; deck < tables.num_decks; ++deck) {
    int slots[MAX_SLOTS], num_slots = 0, pool[MAX_SLOTS + MAX_BOXED], num_pool = 0;
    for (int slot = 0; slot < s.slot_count; ++slot) {
      int card = s.slot_card[slot];
      if (card != EMPTY && !s.face_up[slot] && tables.cards[card].deck == deck) {
        slots[num_slots++] = slot;
        pool[num_pool++] = card;
      }
    }
    int others[MAX_BOXED], num_others = 0;
    for (int i = 0; i < boxed_count; ++i) {
      if (tables.cards[boxed[i]].deck == deck)
        pool[num_pool++] = boxed[i];
      else
        others[num_others++] = boxed[i];
    }
    if (!num_pool) continue;
    std::sort(pool, pool + num_pool);
    rng.shuffle(pool, num_pool);
    for (int i = 0; i < num_slots; ++i) {
      s.slot_card[slots[i]] = static_cast<int8_t>(pool[i]);
      s.deal.cards[index][slots[i]] = static_cast<int8_t>(pool[i]);
    }
    int n = 0;
    for (int i = 0; i < num_others; ++i) boxed[n++] = static_cast<int8_t>(others[i]);
    for (int i = num_slots; i < num_pool; ++i) boxed[n++] = static_cast<int8_t>(pool[i]);
  }
}

// determinize.py _redraw_set_aside: the set-aside order from position `start` redrawn, but for Enki's
// tokens once shown (with Pantheon), which keep their positions
void redraw_set_aside(const Tables& tables, State& s, int start, Rng& rng) {
  const PantheonState& p = s.pantheon;
  auto& order = s.deal.token_order;
  int positions[MAX_TOKENS], n = 0;
  bool redrawn[MAX_TOKENS] = {};
  for (int i = start; i < tables.num_tokens; ++i)
    if (std::find(p.enki_tokens, p.enki_tokens + p.num_enki_tokens, order[i]) == p.enki_tokens + p.num_enki_tokens) {
      positions[n++] = i;
      redrawn[order[i]] = true;
    }
  int8_t unseen[MAX_TOKENS];  // in id order: the true order must not matter
  int m = 0;
  for (int t = 0; t < tables.num_tokens; ++t)
    if (redrawn[t]) unseen[m++] = static_cast<int8_t>(t);
  rng.shuffle(unseen, m);
  for (int k = 0; k < n; ++k) order[positions[k]] = unseen[k];
}

// determinize.py _redraw_set_aside_after_the_library: Pantheon, after the Great Library's draw, the
// set-aside tokens no draw has shown (those a Library built again draws, Enki's until shown), redrawn
// among themselves
void redraw_set_aside_after_the_library(const Tables& tables, State& s, Rng& rng) {
  int draw = 0;
  for (int w = 0; w < tables.num_wonders; ++w) draw = std::max<int>(draw, tables.wonders[w].library_draw);
  int start = BOARD_TOKENS + draw;
  const unsigned seen = s.player_tokens[0] | s.player_tokens[1] | s.library_offer;
  auto& order = s.deal.token_order;
  for (int i = start; i < std::min<int>(start + draw, tables.num_tokens); ++i)
    if (seen >> order[i] & 1) {
      start += draw;  // the Library built again (after Anubis) drew these
      break;
    }
  if (start < tables.num_tokens) redraw_set_aside(tables, s, start, rng);
}

// the pool's first n ids sorted, then shuffled (the true order must not matter)
void reshuffle(int8_t* pool, int n, Rng& rng) {
  std::sort(pool, pool + n);
  rng.shuffle(pool, n);
}

// determinize.py _redraw_pantheon: the decks' orders (a Gate decider keeps the tops it sees), the
// divinities the opponent placed face down or drew and is choosing among (each among those of its
// mythology), the Age I mythology tokens before Age I, the offering tokens not yet seen.
void redraw_pantheon(const PantheonTables& tables, State& s, int player, Rng& rng) {
  PantheonState& p = s.pantheon;
  const bool choosing = s.phase == CHOOSE;
  const bool tops_seen = choosing && p.choice == GATE_DIVINITY && player == s.current;
  const bool drawn_unseen = choosing && player != s.current &&
                            (p.choice == PLACE_DIVINITY || p.choice == PLACE_SPACE || p.choice == THEATER_DIVINITY ||
                             p.choice == THEATER_TOP);
  const bool chosen_unseen = drawn_unseen && (p.choice == PLACE_SPACE || p.choice == THEATER_TOP);
  for (int m = 0; m < NUM_MYTHOLOGIES; ++m) {
    auto of_m = [&](int divinity) { return divinity >= 0 && tables.divinities[divinity].mythology == m; };
    const int kept = tops_seen && p.deck_size[m] ? 1 : 0;
    int8_t pool[NUM_DIVINITIES];
    int n = 0;
    for (int i = kept; i < p.deck_size[m]; ++i) pool[n++] = p.decks[m][i];
    int spaces[NUM_SPACES], num_spaces = 0, drawn[DIVINITIES_PER_MYTHOLOGY], num_drawn = 0;
    for (int space = 0; space < NUM_SPACES; ++space)
      if (p.spaces[space] != EMPTY && !p.space_face_up[space] && p.placed_by[space] != player &&
          of_m(p.spaces[space])) {
        spaces[num_spaces++] = space;
        pool[n++] = p.spaces[space];
      }
    for (int i = 0; drawn_unseen && i < p.num_drawn; ++i)
      if (of_m(p.drawn[i])) {
        drawn[num_drawn++] = i;
        pool[n++] = p.drawn[i];
      }
    const bool chosen = chosen_unseen && of_m(p.chosen);
    if (chosen) pool[n++] = p.chosen;
    reshuffle(pool, n, rng);
    for (int i = 0; i < num_spaces; ++i) p.spaces[spaces[i]] = pool[--n];
    for (int i = 0; i < num_drawn; ++i) p.drawn[drawn[i]] = pool[--n];
    if (chosen) p.chosen = pool[--n];
    std::copy(pool, pool + n, p.decks[m] + kept);
    p.deck_size[m] = static_cast<int8_t>(kept + n);
  }
  if (s.age == 0) {  // the Age I mythology tokens, before Age I is laid out
    auto mythology = tables.mythology_tokens;
    reshuffle(mythology.data(), static_cast<int>(mythology.size()), rng);
    std::copy(mythology.begin(), mythology.begin() + p.age_token_count[0], p.age_tokens[0]);
  }
  if (s.age < 2) {  // Age II is not laid out: the order of its offering tokens is unseen
    reshuffle(p.age_tokens[1], p.age_token_count[1], rng);
  } else if (s.age == 2) {  // the offering tokens still face down on their slots
    int slots[MAX_SLOTS], num_slots = 0;
    int8_t pool[MAX_SLOTS];
    for (int slot = 0; slot < p.num_slot_tokens; ++slot) {
      const int token = p.slot_tokens[slot];
      if (token != EMPTY && tables.tokens[token].mythology == NONE) {
        pool[num_slots] = static_cast<int8_t>(token);
        slots[num_slots++] = slot;
      }
    }
    reshuffle(pool, num_slots, rng);
    for (int i = 0; i < num_slots; ++i) p.slot_tokens[slots[i]] = pool[i];
  }
}

// determinize.py _redeal_later_senators: each later Age's fresh deal (its Age cards, with Senators or
// without) keeps its Age cards; the Senators not dealt in the current and earlier Ages are redealt
// among the later Ages, each later deal shuffled with its Senators.
void redeal_later_senators(const Tables& tables, const AgoraTables& agora, State& s, Rng& rng) {
  bool seen[MAX_CARDS] = {};
  for (int age = 1; age <= s.age; ++age)
    for (int slot = 0; slot < tables.layouts[age - 1].slots; ++slot) seen[s.deal.cards[age - 1][slot]] = true;
  int8_t pool[MAX_CARDS];
  int n = 0;
  for (const int8_t senator : agora.senators)
    if (!seen[senator]) pool[n++] = senator;
  rng.shuffle(pool, n);
  for (int age = s.age + 1; age <= 3; ++age) {
    auto& deal = s.deal.cards[age - 1];
    const int slots = tables.layouts[age - 1].slots;
    int dealt = 0;
    for (int slot = 0; slot < slots; ++slot) {
      const int card = deal[slot];
      if (card != EMPTY && tables.cards[card].deck != SENATOR_DECK) deal[dealt++] = static_cast<int8_t>(card);
    }
    for (int i = 0; i < agora.senators_per_age[age - 1]; ++i) deal[dealt++] = pool[--n];
    rng.shuffle(deal.data(), dealt);
  }
}

// determinize.py redraw_senate: the conspiracy deck's order, the identities of the opponent's held
// conspiracies (whether each is prepared, and the card under it, are seen), the conspiracies
// `drawer` (the player conspiring now, or NOBODY) chooses from when it is the opponent, each from
// those `player` has not seen; the face-down decrees, from the decrees not face up.
void redraw_senate(AgoraState& a, int player, int drawer, Rng& rng) {
  const int opponent = 1 - player;
  const bool drawn_unseen = drawer == opponent;
  int8_t pool[NUM_CONSPIRACIES];
  int n = 0;
  for (int i = 0; i < a.deck_size; ++i) pool[n++] = a.conspiracy_deck[i];
  for (int i = 0; i < a.held_count[opponent]; ++i) pool[n++] = a.conspiracies[opponent][i];
  for (int i = 0; drawn_unseen && i < a.num_drawn; ++i) pool[n++] = a.drawn[i];
  reshuffle(pool, n, rng);
  for (int i = 0; i < a.held_count[opponent]; ++i) a.conspiracies[opponent][i] = pool[--n];
  for (int i = 0; drawn_unseen && i < a.num_drawn; ++i) a.drawn[i] = pool[--n];
  std::copy(pool, pool + n, a.conspiracy_deck);
  a.deck_size = static_cast<int8_t>(n);
  bool seen[NUM_DECREES] = {};
  for (int chamber = 0; chamber < NUM_CHAMBERS; ++chamber)
    for (int i = 0; a.decree_face_up[chamber] && i < a.decree_count[chamber]; ++i) seen[a.decrees[chamber][i]] = true;
  int8_t unseen[NUM_DECREES];
  int m = 0;
  for (int decree = 0; decree < NUM_DECREES; ++decree)
    if (!seen[decree]) unseen[m++] = static_cast<int8_t>(decree);
  rng.shuffle(unseen, m);
  for (int chamber = 0; chamber < NUM_CHAMBERS; ++chamber)
    for (int i = 0; !a.decree_face_up[chamber] && i < a.decree_count[chamber]; ++i) a.decrees[chamber][i] = unseen[--m];
}

// determinize.py _redraw_locked_tokens: a set-aside token the opponent locked (Obscurantism), redrawn
// among the set-aside tokens `player` has not seen (before the Great Library drew any; Enki's are seen).
void redraw_locked_tokens(const Engine& engine, State& s, int player, Rng& rng) {
  AgoraState& a = s.agora;
  for (int i = 0; i < a.num_locked && !s.library_used; ++i) {
    LockedToken& locked = a.locked[i];
    if (locked.seen_by_both || locked.locker == player) continue;
    int8_t pool[MAX_TOKENS + 1];
    int m = agora::set_aside_tokens(engine, s, pool);  // Enki's are not set aside
    pool[m++] = locked.token;
    std::sort(pool, pool + m);
    locked.token = pool[rng.below(static_cast<uint32_t>(m))];
  }
}

}  // namespace

void Engine::determinize(State& state, int player, Rng& rng) const {
  const Tables& tables = *tables_;
  if (state.draft_step < WONDERS_PER_ROUND) {
    auto& order = state.deal.wonder_order;
    std::sort(order.begin() + WONDERS_PER_ROUND, order.begin() + tables.num_wonders);
    rng.shuffle(order.data() + WONDERS_PER_ROUND, tables.num_wonders - WONDERS_PER_ROUND);
  }
  if (!state.library_used) {
    redraw_set_aside(tables, state, BOARD_TOKENS, rng);
  } else if (pantheon_) {
    redraw_set_aside_after_the_library(tables, state, rng);
  }
  if (state.age >= 1) redraw_hidden_cards(tables, state, rng);  // Zeus' set names slots, which stay
  for (int age = state.age + 1; age <= 3; ++age) {
    Deal fresh = draw_deal(rng.next());
    state.deal.cards[age - 1] = fresh.cards[age - 1];
    state.deal.boxed[age - 1] = fresh.boxed[age - 1];
  }
  if (agora_) {
    redeal_later_senators(tables, *agora_, state, rng);
    const AgoraState& a = state.agora;
    const bool conspiring = state.phase == CHOOSE && (a.choice == KEEP_CONSPIRACY || a.choice == PUT_BACK);
    redraw_senate(state.agora, player, conspiring ? state.current : NOBODY, rng);
    redraw_locked_tokens(*this, state, player, rng);
    if (state.phase == CHOOSE && state.agora.choice != NONE)  // its items: from what was just redrawn
      agora::refresh_options(*this, state);
  }
  if (pantheon_) {
    redraw_pantheon(*pantheon_, state, player, rng);
    if (state.phase == CHOOSE && state.pantheon.choice != NONE)  // its items: from what was just redrawn
      pantheon::refresh_options(*this, state);
  }
}

}  // namespace wonders::duel
