// What a construction costs (wonders_env.duel.costs): the bank's prices and the cheapest purchase.
// The Engine's trade_prices, build_cost and wonder_cost (defined in costs.cpp) apply it to a State.
#pragma once
#include <array>

#include "duel/state.hpp"

namespace wonders::duel {

constexpr int BASE_PRICE = 2, FIXED_PRICE = 1;
using Prices = std::array<int, NUM_RESOURCES>;

// Coins paid to the bank for the resources of `cost` the cheapest way: each choice producer
// covers the dearest missing unit of its kind, then the `waived` dearest units left are dropped.
int purchase_cost(const int8_t* cost, const int8_t* production, int raw_choices, int manufactured_choices,
                  const Prices& prices, int waived);

}  // namespace wonders::duel
