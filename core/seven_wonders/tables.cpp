#include "seven_wonders/tables.hpp"

namespace wonders::seven_wonders {

std::vector<int> Tables::deck(int age, int seats) const {
    std::vector<int> found;
    for (int i = 0; i < num_cards; ++i)
        if (cards[i].age == age && cards[i].min_players > 0 && cards[i].min_players <= seats) found.push_back(i);
    return found;
}

}  // namespace wonders::seven_wonders
