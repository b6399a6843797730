#include "duel/costs.hpp"

#include <algorithm>

#include "duel/agora.hpp"
#include "duel/pantheon.hpp"
#include "duel/rules.hpp"

namespace wonders::duel {
namespace {

// Drop the `count` dearest of the units[r] missing units of resources `order` (n of them, by
// descending price); returns the coins saved.
int drop_dearest(int* units, const int* order, int n, const Prices& prices, int count) {
  int saved = 0;
  for (int i = 0; i < n && count > 0; ++i) {
    const int r = order[i], taken = units[r] < count ? units[r] : count;
    units[r] -= taken;
    count -= taken;
    saved += taken * prices.unit[r];
  }
  return saved;
}

// resources [first, first + n) sorted by descending price into `order`
void by_price(const Prices& prices, int first, int n, int* order) {
  for (int i = 0; i < n; ++i) {
    int r = first + i, j = i;
    while (j > 0 && prices.unit[order[j - 1]] < prices.unit[r]) {
      order[j] = order[j - 1];
      --j;
    }
    order[j] = r;
  }
}

}  // namespace

Prices Engine::trade_prices(const State& state, int player) const {
  Prices prices;
  const int8_t* opponent = state.production[1 - player];
  for (int r = 0; r < NUM_RESOURCES; ++r)
    prices.unit[r] = state.fixed_price_bits[player] >> r & 1 ? FIXED_PRICE : BASE_PRICE + opponent[r];
  if (agora_) agora::price_decrees(*this, state.agora, player, prices);
  return prices;
}

int purchase_cost(const int8_t* cost, const int8_t* production, int raw_choices, int manufactured_choices,
                  const Prices& prices, int waived) {
  // Units of one resource cost the same, so dropping the dearest units is greedy by price.
  int units[NUM_RESOURCES], coins = 0, missing = 0;
  for (int r = 0; r < NUM_RESOURCES; ++r) {
    units[r] = cost[r] > production[r] ? cost[r] - production[r] : 0;
    coins += units[r] * prices.unit[r];
    missing += units[r];
  }
  if (!missing || !(raw_choices || manufactured_choices || waived)) return coins;
  int order[NUM_RESOURCES];
  if (raw_choices) {
    by_price(prices, 0, 3, order);
    coins -= drop_dearest(units, order, 3, prices, raw_choices);
  }
  if (manufactured_choices) {
    by_price(prices, 3, 2, order);
    coins -= drop_dearest(units, order, 2, prices, manufactured_choices);
  }
  if (waived) {
    by_price(prices, 0, NUM_RESOURCES, order);
    coins -= drop_dearest(units, order, NUM_RESOURCES, prices, waived);
  }
  return coins;
}

bool Engine::free_by_chain(const State& state, int player, int card) const {
  const CardData& data = tables_->cards[card];
  if (data.chain_needs & state.chains[player]) return true;
  if (agora_ && data.chain_needs & state.chains[1 - player] &&
      agora::has_decree(*this, state.agora, player, E_CHAINS_FROM_OPPONENT))
    return true;
  if (!pantheon_ || data.temple == NONE) return false;
  const PantheonState& p = state.pantheon;
  for (int i = 0; i < p.token_count[player]; ++i)
    if (pantheon_->tokens[p.tokens[player][i]].mythology == data.temple) return true;
  return false;
}

namespace {

// The printed coins and the cheapest purchase of `card`'s resources (Masonry waives blue cards' units).
int printed_and_purchase(const Tables& tables, const State& state, int player, int card, const Prices& prices) {
  const CardData& data = tables.cards[card];
  int waived = data.color == BLUE && state.player_tokens[player] >> tables.masonry & 1 ? tables.blue_discount : 0;
  return data.coin_cost + purchase_cost(data.cost.data(), state.production[player], state.raw_choices[player],
                                        state.manufactured_choices[player], prices, waived);
}

}  // namespace

int Engine::build_cost(const State& state, int player, int card, const Prices& prices) const {
  const Tables& tables = *tables_;
  const CardData& data = tables.cards[card];
  if (data.chain_needs & state.chains[player]) return 0;
  if (!pantheon_ && !agora_) return printed_and_purchase(tables, state, player, card, prices);
  if (free_by_chain(state, player, card)) return 0;  // a Grand Temple's mythology token, a shared chain
  return payment(state, player, card, prices).first;
}

std::pair<int, int> Engine::payment(const State& state, int player, int card, const Prices& prices) const {
  const Tables& tables = *tables_;
  const CardData& data = tables.cards[card];
  if (agora_ && data.color == SENATOR) return {agora::senator_cost(*this, state, player), 0};
  const int waived = data.color == BLUE && state.player_tokens[player] >> tables.masonry & 1 ? tables.blue_discount : 0;
  auto purchase = [&](int units_waived) {
    return purchase_cost(data.cost.data(), state.production[player], state.raw_choices[player],
                         state.manufactured_choices[player], prices, units_waived);
  };
  const int trade = purchase(waived), paid = data.coin_cost + trade;
  if (pantheon_ && tables.engineering != NONE && state.player_tokens[player] >> tables.engineering & 1 &&
      (data.chain_needs || data.temple != NONE) && paid > tables.engineering_price)
    return {tables.engineering_price, 0};  // Engineering (rules.py _engineering_applies)
  if (prices.symbol_waived_colors >> data.color & 1) {
    // costs.py symbol_waived_payment: a resource unit fewer, or the printed coins, the cheaper
    const int fewer = purchase(waived + 1);
    return std::min(std::pair<int, int>{data.coin_cost + fewer, fewer}, std::pair<int, int>{trade, trade});
  }
  return {paid, trade};
}

int Engine::sell_value(const State& state, int player) const {
  const int value = SELL_BASE + state.color_count[player][YELLOW];
  return agora_ ? value + agora::decree_total(*this, state.agora, player, E_DISCARD_BONUS) : value;
}

int Engine::activation_price(const State& state, int player, int space, int offerings) const {
  const PantheonTables& tables = *pantheon_;
  int price = tables.space_prices[player][space] * tables.divinities[state.pantheon.spaces[space]].price_multiplier;
  price -= pantheon::sanctuary_discount(*this, state, player);
  for (int i = 0; i < NUM_OFFERINGS; ++i)
    if (offerings >> i & 1) price -= tables.tokens[tables.offering_tokens[i]].discount;
  return std::max(price, 0);
}

int Engine::wonder_cost(const State& state, int player, int wonder, const Prices& prices) const {
  const Tables& tables = *tables_;
  int waived = state.player_tokens[player] >> tables.architecture & 1 ? tables.wonder_discount : 0;
  waived += prices.wonder_units_waived;
  return purchase_cost(tables.wonders[wonder].cost.data(), state.production[player], state.raw_choices[player],
                       state.manufactured_choices[player], prices, waived);
}

}  // namespace wonders::duel
