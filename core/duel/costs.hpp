// What a construction costs (wonders_env.duel.costs): the bank's prices and the cheapest purchase.
// The Engine's trade_prices, build_cost and wonder_cost (defined in costs.cpp) apply it to a State.
#pragma once
#include <array>

#include "duel/state.hpp"

namespace wonders::duel {

constexpr int BASE_PRICE = 2, FIXED_PRICE = 1;
// What one player pays the bank this turn (the Engine's trade_prices): each resource's unit price
// and, with Agora, what the decrees they control waive, looked up once for every cost of a turn.
struct Prices {
  std::array<int, NUM_RESOURCES> unit{};
  int symbol_waived_colors = 0;  // bits of the card colors whose cost symbol is waived (a unit or the coins)
  int wonder_units_waived = 0;   // resource units waived on a wonder
};

// Coins paid to the bank for the resources of `cost` the cheapest way: each choice producer
// covers the dearest missing unit of its kind, then the `waived` dearest units left are dropped.
int purchase_cost(const int8_t* cost, const int8_t* production, int raw_choices, int manufactured_choices,
                  const Prices& prices, int waived);

}  // namespace wonders::duel
