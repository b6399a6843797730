// Civilian scoring (wonders_env.duel.scoring): the eight categories of the score pad and the winner.
#pragma once
#include <array>

#include "duel/state.hpp"

namespace wonders::duel {

// civilian, science, commercial, guilds, wonders, progress, treasury, military, total
constexpr int NUM_CATEGORIES = 8;
constexpr int COINS_PER_POINT = 3;
using Score = std::array<int, NUM_CATEGORIES + 1>;

int colour_count(const State& state, int player, int colour_bits);
int built_wonder_count(const State& state, int player);
int military_points(const Tables& tables, int pawn, int player);
Score score(const Tables& tables, const State& state, int player);
// Winners by points, then blue points (bit per player; both on a shared victory).
uint8_t winners(const Tables& tables, const State& state);

}  // namespace wonders::duel
