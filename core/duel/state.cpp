#include "duel/state.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

namespace wonders::duel {

namespace {

// One Age's deck shuffled: the 20 cards in slot order and the boxed ones (Age III with the Guilds).
void deal_age(const Tables& tables, int age, Rng& rng, Deal& deal) {
  std::vector<int8_t> cards = tables.deck_cards[age - 1];
  rng.shuffle(cards.data(), static_cast<int>(cards.size()));
  std::vector<int8_t> kept(cards.begin() + CARDS_REMOVED_PER_AGE, cards.end());
  std::vector<int8_t> boxed(cards.begin(), cards.begin() + CARDS_REMOVED_PER_AGE);
  if (age == 3) {
    std::vector<int8_t> guilds = tables.deck_cards[GUILD_DECK];
    rng.shuffle(guilds.data(), static_cast<int>(guilds.size()));
    kept.insert(kept.end(), guilds.begin(), guilds.begin() + GUILDS_PER_GAME);
    boxed.insert(boxed.end(), guilds.begin() + GUILDS_PER_GAME, guilds.end());
    rng.shuffle(kept.data(), static_cast<int>(kept.size()));
  }
  std::copy(kept.begin(), kept.end(), deal.cards[age - 1].begin());
  deal.boxed[age - 1].fill(EMPTY);
  std::copy(boxed.begin(), boxed.end(), deal.boxed[age - 1].begin());
}

template <size_t N>
void check_permutation(const std::array<int8_t, N>& values, const char* what) {
  std::array<bool, N> seen{};
  for (int8_t v : values) {
    if (v < 0 || static_cast<size_t>(v) >= N || seen[v])
      throw std::invalid_argument(std::string("corrupt deal: ") + what + " must be a permutation of 0-" +
                                  std::to_string(N - 1));
    seen[v] = true;
  }
}

}  // namespace

Deal draw_deal(const Tables& tables, uint64_t seed) {
  Rng rng(seed);
  Deal deal;
  for (int w = 0; w < NUM_WONDERS; ++w) deal.wonder_order[w] = static_cast<int8_t>(w);
  for (int t = 0; t < NUM_TOKENS; ++t) deal.token_order[t] = static_cast<int8_t>(t);
  rng.shuffle(deal.wonder_order.data(), NUM_WONDERS);
  rng.shuffle(deal.token_order.data(), NUM_TOKENS);
  for (int age = 1; age <= 3; ++age) deal_age(tables, age, rng, deal);
  return deal;
}

void check_deal(const Tables& tables, const Deal& deal) {
  check_permutation(deal.wonder_order, "the wonder order");
  check_permutation(deal.token_order, "the token order");
  for (int age = 1; age <= 3; ++age) {
    const std::string name = "Age " + std::to_string(age);
    std::vector<int> dealt(NUM_CARDS, 0);
    int guilds_dealt = 0;
    auto count = [&](int8_t card, bool in_structure) {
      if (card < 0 || card >= NUM_CARDS)
        throw std::invalid_argument("corrupt deal: " + name + " holds " + std::to_string(card) +
                                    ", not a card id 0-72");
      int deck = tables.cards[card].deck;
      if (deck != age - 1 && !(age == 3 && deck == GUILD_DECK))
        throw std::invalid_argument("corrupt deal: " + name + " holds " + tables.card_names[card] +
                                    ", a card of another deck");
      if (dealt[card]++)
        throw std::invalid_argument("corrupt deal: " + name + " holds " + tables.card_names[card] + " twice");
      if (in_structure && deck == GUILD_DECK) ++guilds_dealt;
    };
    for (int8_t card : deal.cards[age - 1]) count(card, true);
    for (int i = 0; i < BOXED_PER_AGE[age - 1]; ++i) count(deal.boxed[age - 1][i], false);
    for (int i = BOXED_PER_AGE[age - 1]; i < 7; ++i)
      if (deal.boxed[age - 1][i] != EMPTY)
        throw std::invalid_argument("corrupt deal: " + name + " boxes more than " +
                                    std::to_string(BOXED_PER_AGE[age - 1]) + " cards");
    if (age == 3 && guilds_dealt != GUILDS_PER_GAME)
      throw std::invalid_argument("corrupt deal: Age III must hold exactly 3 Guilds, got " +
                                  std::to_string(guilds_dealt));
  }
}

State new_game(const Tables& tables, const Deal& deal) {
  (void)tables;
  State s{};
  s.deal = deal;
  s.phase = DRAFT;
  s.current = s.turn_player = 0;
  s.age = 0;
  s.victory = NO_VICTORY;
  s.draft_step = 0;
  for (int i = 0; i < WONDERS_PER_ROUND; ++i) s.draft_offer |= 1u << deal.wonder_order[i];
  s.slot_card.fill(EMPTY);
  s.face_up.fill(false);
  s.cover_count.fill(0);
  s.coins[0] = s.coins[1] = STARTING_COINS;
  s.wonder_card.fill(EMPTY);
  s.boxed_wonder = EMPTY;
  for (int i = 0; i < BOARD_TOKENS; ++i) s.board_tokens |= 1u << deal.token_order[i];
  s.looting = 0b1111;
  s.destroy_color = NONE;
  return s;
}

void lay_out_age(const Tables& tables, State& state, int age) {
  const Layout& layout = tables.layouts[age - 1];
  state.age = static_cast<int8_t>(age);
  state.slot_card = state.deal.cards[age - 1];
  state.face_up = layout.face_up;
  state.cover_count = layout.cover_count;
  state.cards_left = NUM_SLOTS;
}

namespace {

// Shuffle the current Age's face-down cards with its boxed cards, card back by card back.
void redraw_hidden_cards(const Tables& tables, State& s, Rng& rng) {
  const int index = s.age - 1;
  auto& boxed = s.deal.boxed[index];
  const int boxed_count = BOXED_PER_AGE[index];
  for (int deck = 0; deck < NUM_DECKS; ++deck) {
    int slots[NUM_SLOTS], num_slots = 0, pool[NUM_SLOTS + 7], num_pool = 0;
    for (int slot = 0; slot < NUM_SLOTS; ++slot) {
      int card = s.slot_card[slot];
      if (card != EMPTY && !s.face_up[slot] && tables.cards[card].deck == deck) {
        slots[num_slots++] = slot;
        pool[num_pool++] = card;
      }
    }
    int others[7], num_others = 0;
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

State determinize(const Tables& tables, const State& state, Rng& rng) {
  State twin = state;
  if (twin.draft_step < WONDERS_PER_ROUND) {
    auto& order = twin.deal.wonder_order;
    std::sort(order.begin() + WONDERS_PER_ROUND, order.end());
    rng.shuffle(order.data() + WONDERS_PER_ROUND, NUM_WONDERS - WONDERS_PER_ROUND);
  }
  if (!twin.library_used) {
    auto& order = twin.deal.token_order;
    std::sort(order.begin() + BOARD_TOKENS, order.end());
    rng.shuffle(order.data() + BOARD_TOKENS, NUM_TOKENS - BOARD_TOKENS);
  }
  if (twin.age >= 1) redraw_hidden_cards(tables, twin, rng);
  for (int age = twin.age + 1; age <= 3; ++age) {
    Deal fresh = draw_deal(tables, rng.next());
    twin.deal.cards[age - 1] = fresh.cards[age - 1];
    twin.deal.boxed[age - 1] = fresh.boxed[age - 1];
  }
  return twin;
}

}  // namespace wonders::duel
