// The rules of the Pantheon expansion in the core (pantheon.cpp; each function mirrors the Python
// function of the same name in wonders_env/duel/pantheon.py, whose module docstring describes the
// rules and the project's decisions). The base rules (rules.cpp) call these where Pantheon changes
// them; every decision the expansion asks for is one step of the turn player in the phase CHOOSE.
#pragma once
#include <string>

#include "duel/rules.hpp"

namespace wonders::duel::pantheon {

// setup (state.py new_pantheon, start_age): the draws after the base game's, the state from them,
// and the tokens of an Age's slots when it starts
void draw(const Engine& engine, Rng& rng, Deal& deal);
void new_pantheon(State& s, const Deal& deal);
void start_age(const Engine& engine, State& s, int age);

// prices and legality
int sanctuary_discount(const Engine& engine, const State& s, int player);
int owned_offerings(const Engine& engine, const State& s, int player);
int activation_actions(const Engine& engine, const State& s, int16_t* out);  // appended: returns how many
std::string why_not_activate(const Engine& engine, const State& s, int space, int offerings);
int choice_actions(const Engine& engine, const State& s, int16_t* out);
// The items of the set chosen from now as open_choice lists them (MAX_OPTIONS at most, ascending):
// what `options` holds in a consistent state; refresh_options sets them (after a determinization
// redrew what they are drawn from: face-down cards, the decks' tops, the drawn divinities).
int options_now(const Engine& engine, const State& s, int8_t* out);
void refresh_options(const Engine& engine, State& s);
std::string why_not_choose(const Engine& engine, const State& s, int index);
std::string item_name(const Engine& engine, int index);  // the item a choose action's index names

// actions
void activate(const Engine& engine, State& s, int action, int space, int offerings);
void choose(const Engine& engine, State& s, int action, int index);

// what the base rules call
bool take_pending_tokens(const Engine& engine, State& s);
void free_token(State& s, int slot);
void reveal(const Engine& engine, State& s);
bool open_theater(const Engine& engine, State& s);
int pawn_stop(State& s, int start, int end);

}  // namespace wonders::duel::pantheon
