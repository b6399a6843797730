// Determinization for search agents (mirrors wonders_env/duel/determinize.py, drawing from the core's
// generator).
#include <algorithm>

#include "duel/rules.hpp"

namespace wonders::duel {

namespace {

// Shuffle the current Age's face-down cards with its boxed cards, card back by card back.
void redraw_hidden_cards(const Tables& tables, State& s, Rng& rng) {
  const int index = s.age - 1;
  auto& boxed = s.deal.boxed[index];
  const int boxed_count = tables.boxed_per_age[index];
  for (int deck = 0; deck < tables.num_decks; ++deck) {
    int slots[NUM_SLOTS], num_slots = 0, pool[NUM_SLOTS + MAX_BOXED], num_pool = 0;
    for (int slot = 0; slot < NUM_SLOTS; ++slot) {
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

}  // namespace

void Engine::determinize(State& state, Rng& rng) const {
  const Tables& tables = *tables_;
  if (state.draft_step < WONDERS_PER_ROUND) {
    auto& order = state.deal.wonder_order;
    std::sort(order.begin() + WONDERS_PER_ROUND, order.begin() + tables.num_wonders);
    rng.shuffle(order.data() + WONDERS_PER_ROUND, tables.num_wonders - WONDERS_PER_ROUND);
  }
  if (!state.library_used) {
    auto& order = state.deal.token_order;
    std::sort(order.begin() + BOARD_TOKENS, order.begin() + tables.num_tokens);
    rng.shuffle(order.data() + BOARD_TOKENS, tables.num_tokens - BOARD_TOKENS);
  }
  if (state.age >= 1) redraw_hidden_cards(*tables_, state, rng);
  for (int age = state.age + 1; age <= 3; ++age) {
    Deal fresh = draw_deal(rng.next());
    state.deal.cards[age - 1] = fresh.cards[age - 1];
    state.deal.boxed[age - 1] = fresh.boxed[age - 1];
  }
}

}  // namespace wonders::duel
