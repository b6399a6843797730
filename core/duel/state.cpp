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

}  // namespace wonders::duel
