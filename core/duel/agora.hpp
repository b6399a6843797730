// The rules of the Agora expansion in the core (agora.cpp; each function mirrors the Python function
// of the same name in wonders_env/duel/agora.py, whose module docstring describes the rules and the
// project's decisions). The base rules (rules.cpp, costs.cpp, scoring.cpp) and Pantheon's
// (pantheon.cpp) call these where Agora changes them; every decision the expansion asks for is a
// step of the deciding player in the phase CHOOSE (AgoraState::steps, run_steps).
#pragma once
#include <string>

#include "duel/rules.hpp"

namespace wonders::duel::agora {

// setup (state.py deal_senators, new_agora): the draws after the base game's and Pantheon's, the
// state from them
void draw(const Engine& engine, Rng& rng, Deal& deal);
void new_agora(const Engine& engine, State& s, const Deal& deal);

// Senators, the Senate and the decrees the costs, the sale and the scores read
int senator_cost(const Engine& engine, const State& s, int player);
int controller(const AgoraState& senate, int chamber);
int senate_points(const Engine& engine, const AgoraState& senate, int player);
int decree_total(const Engine& engine, const AgoraState& senate, int player, AgoraEffect kind);
// The decrees `player` controls that change what they pay, applied to `prices` in one pass over the
// Senate: the cheap goods' unit prices, the ignored cost symbols' colors, the wonders' units waived.
void price_decrees(const Engine& engine, const AgoraState& senate, int player, Prices& prices);
bool has_decree(const Engine& engine, const AgoraState& senate, int player, AgoraEffect kind);
// The set-aside progress tokens nobody took nor locked, in the set-aside order, into `out`; how many.
int set_aside_tokens(const Engine& engine, const State& s, int8_t* out);
bool preparable_any(const AgoraState& senate, int player);
// `player`'s conspiracies that may be triggered (the prepared ones), ascending, into `out`; how many.
int triggerable(const AgoraState& senate, int player, bool unprepared_too, int8_t* out);

// the decision: its legal actions, why an item is not allowed, an item's name, the options from the state
int choice_actions(const Engine& engine, const State& s, int16_t* out);
std::string why_not_choose(const Engine& engine, const State& s, int index);
std::string item_name(const Engine& engine, int index);               // any item of an Agora table's choose range
int options_now(const Engine& engine, const State& s, int16_t* out);  // what `options` holds (ascending)
void refresh_options(const Engine& engine, State& s);
bool run_steps(const Engine& engine, State& s);

// actions
void choose(const Engine& engine, State& s, int action, int index);
void prepare(State& s, int player, int card);
void trigger(const Engine& engine, State& s, int player, int conspiracy);

// hooks of the base turn
void draft_effects(const Engine& engine, State& s, int player, int wonder);
void card_built(const Engine& engine, State& s, int player, int card);
void wonder_built(const Engine& engine, State& s, int player, int wonder);
void military_token(const Engine& engine, State& s, int player, int distance);

}  // namespace wonders::duel::agora
