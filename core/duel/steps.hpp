// The steps of the base rules (rules.cpp, each the Python function of the same name in
// wonders_env/duel/rules.py) that an expansion's rules (pantheon.cpp, agora.cpp) call too.
#pragma once
#include "duel/rules.hpp"

namespace wonders::duel {

void log_action(State& s, int player, int action, int paid);
void game_over(State& s, uint8_t winners, Victory victory);
void move_pawn(const Engine& engine, State& s, int player, int shields);
void gain_symbol(State& s, int player, int symbol);
void take_token(const Engine& engine, State& s, int player, int token);
void add_choice(State& s, int player, int bits, int units = 1);
void add_building(const Engine& engine, State& s, int player, int card);
void remove_from_city(const Engine& engine, State& s, int owner, int card);
void take_from_structure(const Engine& engine, State& s, int card);
// The progress tokens still set aside, in the set-aside order, into `out`; how many (with Agora,
// not those taken with Espionage nor locked with Obscurantism: agora::set_aside_tokens).
int still_set_aside(const Engine& engine, const State& s, int8_t* out);
void build_wonder(const Engine& engine, State& s, int player, int wonder, int card);
void spend(State& s, int player, int coins);
void end_turn(const Engine& engine, State& s);

}  // namespace wonders::duel
