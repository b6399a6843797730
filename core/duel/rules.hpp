// The rules of the Duel core (wonders_env.duel.rules, whose docstring gives the resolution order):
// the legal actions of the deciding player and what each action does to a State.
#pragma once
#include <string>

#include "duel/actions.hpp"
#include "duel/state.hpp"

namespace wonders::duel {

// the most legal actions: a play offers per accessible card (a slot's) a build, a sale and one action per own wonder
constexpr int MAX_LEGAL = std::max(NUM_SLOTS * (2 + WONDERS_PER_ROUND), LARGEST_CHOICE_RANGE);
constexpr int SELL_BASE = 2, SUPREMACY_DISTANCE = 9, SCIENCE_SUPREMACY_SYMBOLS = 6, PAIR = 2;

// Writes the legal actions of the deciding player into `out` (MAX_LEGAL entries) in the order of
// wonders_env.duel.rules.legal_actions (play actions in slot order, the others ascending);
// returns how many. None once the game is over.
int legal_actions(const Tables& tables, const State& state, int16_t* out);
// Empty if `action` is legal now, else why not, in words.
std::string why_illegal(const Tables& tables, const State& state, long long action);
// Plays a legal action of the deciding player (unchecked: check with why_illegal first).
void apply_action(const Tables& tables, State& state, int action);
// Coins for selling a card now.
int sell_value(const State& state, int player);

}  // namespace wonders::duel
