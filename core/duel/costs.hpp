// What a construction costs (wonders_env.duel.costs): the bank's prices and the cheapest purchase.
#pragma once
#include <array>

#include "duel/state.hpp"

namespace wonders::duel {

constexpr int BASE_PRICE = 2, FIXED_PRICE = 1;
using Prices = std::array<int, NUM_RESOURCES>;

// The bank's price of one unit of each resource for `player`: 1 with a fixed-price card, else
// 2 + the units the opponent's brown and grey cards produce.
Prices trade_prices(const State& state, int player);

// Coins paid to the bank for the resources of `cost` the cheapest way: each choice producer
// covers the dearest missing unit of its kind, then the `waived` dearest units left are dropped.
int purchase_cost(const int8_t* cost, const int8_t* production, int raw_choices, int manufactured_choices,
                  const Prices& prices, int waived);

// Coins `player` pays to build `card` now (0 through a chain), and to build `wonder`.
int build_cost(const Tables& tables, const State& state, int player, int card, const Prices& prices);
int wonder_cost(const Tables& tables, const State& state, int player, int wonder, const Prices& prices);

}  // namespace wonders::duel
