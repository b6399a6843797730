#include "duel/costs.hpp"

namespace wonders::duel {
namespace {

// sort descending (at most a dozen values)
void sort_descending(int* values, int n) {
  for (int i = 1; i < n; ++i) {
    int v = values[i], j = i - 1;
    while (j >= 0 && values[j] < v) {
      values[j + 1] = values[j];
      --j;
    }
    values[j + 1] = v;
  }
}

// Append the price of each missing unit of resources [first, last) to `units`; returns the count.
int missing_units(const int8_t* cost, const int8_t* production, const Prices& prices, int first, int last,
                  int* units) {
  int n = 0;
  for (int r = first; r < last; ++r)
    for (int missing = cost[r] - production[r]; missing > 0; --missing) units[n++] = prices[r];
  return n;
}

}  // namespace

Prices trade_prices(const State& state, int player) {
  Prices prices;
  const int8_t* opponent = state.production[1 - player];
  for (int r = 0; r < NUM_RESOURCES; ++r)
    prices[r] = state.fixed_price_bits[player] >> r & 1 ? FIXED_PRICE : BASE_PRICE + opponent[r];
  return prices;
}

int purchase_cost(const int8_t* cost, const int8_t* production, int raw_choices, int manufactured_choices,
                  const Prices& prices, int waived) {
  int raw[48], goods[48], rest[96];
  int num_raw = missing_units(cost, production, prices, 0, 3, raw);
  int num_goods = missing_units(cost, production, prices, 3, NUM_RESOURCES, goods);
  if (!num_raw && !num_goods) return 0;
  int first_raw = 0, first_good = 0;
  if (raw_choices && num_raw) {
    sort_descending(raw, num_raw);
    first_raw = raw_choices < num_raw ? raw_choices : num_raw;
  }
  if (manufactured_choices && num_goods) {
    sort_descending(goods, num_goods);
    first_good = manufactured_choices < num_goods ? manufactured_choices : num_goods;
  }
  int n = 0;
  for (int i = first_raw; i < num_raw; ++i) rest[n++] = raw[i];
  for (int i = first_good; i < num_goods; ++i) rest[n++] = goods[i];
  int first = 0;
  if (waived && n) {
    sort_descending(rest, n);
    first = waived < n ? waived : n;
  }
  int coins = 0;
  for (int i = first; i < n; ++i) coins += rest[i];
  return coins;
}

int build_cost(const Tables& tables, const State& state, int player, int card, const Prices& prices) {
  const CardData& data = tables.cards[card];
  if (data.chain_needs & state.chains[player]) return 0;
  int waived = data.color == BLUE && state.player_tokens[player] >> tables.masonry & 1 ? tables.blue_discount : 0;
  return data.coin_cost + purchase_cost(data.cost.data(), state.production[player], state.raw_choices[player],
                                        state.manufactured_choices[player], prices, waived);
}

int wonder_cost(const Tables& tables, const State& state, int player, int wonder, const Prices& prices) {
  int waived = state.player_tokens[player] >> tables.architecture & 1 ? tables.wonder_discount : 0;
  return purchase_cost(tables.wonders[wonder].cost.data(), state.production[player], state.raw_choices[player],
                       state.manufactured_choices[player], prices, waived);
}

}  // namespace wonders::duel
