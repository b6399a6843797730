// The ego-centric observation of the Duel core: exactly wonders_env.duel.observation (the table of
// views is there). It is produced as a short list of its non-zero entries, so that the batch can
// rewrite a row by clearing the entries it wrote last time and writing the new ones.
#pragma once
#include <cstdint>

#include "duel/state.hpp"

namespace wonders::duel {

constexpr int SLOT_SIZE = NUM_CARDS + 4 + 2;
constexpr int SLOT_BACK = NUM_CARDS, SLOT_ACCESSIBLE = NUM_CARDS + 4, SLOT_EMPTY = NUM_CARDS + 5;
constexpr int OBS_PHASE = 0, OBS_AGE = OBS_PHASE + NUM_PHASES, OBS_DECIDING = OBS_AGE + 3;
constexpr int OBS_STRUCTURE = OBS_DECIDING + 1;
constexpr int OBS_MY_CITY = OBS_STRUCTURE + NUM_SLOTS * SLOT_SIZE, OBS_OPPONENT_CITY = OBS_MY_CITY + NUM_CARDS;
constexpr int OBS_DISCARD = OBS_OPPONENT_CITY + NUM_CARDS, OBS_COINS = OBS_DISCARD + NUM_CARDS;
constexpr int OBS_MY_WONDERS = OBS_COINS + 2, OBS_MY_BUILT = OBS_MY_WONDERS + NUM_WONDERS;
constexpr int OBS_OPPONENT_WONDERS = OBS_MY_BUILT + NUM_WONDERS, OBS_OPPONENT_BUILT = OBS_OPPONENT_WONDERS + NUM_WONDERS;
constexpr int OBS_DRAFT = OBS_OPPONENT_BUILT + NUM_WONDERS, OBS_BOARD = OBS_DRAFT + NUM_WONDERS;
constexpr int OBS_MY_TOKENS = OBS_BOARD + NUM_TOKENS, OBS_OPPONENT_TOKENS = OBS_MY_TOKENS + NUM_TOKENS;
constexpr int OBS_LIBRARY = OBS_OPPONENT_TOKENS + NUM_TOKENS, OBS_PAWN = OBS_LIBRARY + NUM_TOKENS;
constexpr int OBS_LOOTING = OBS_PAWN + 19, OBS_MY_SCIENCE = OBS_LOOTING + 4;
constexpr int OBS_OPPONENT_SCIENCE = OBS_MY_SCIENCE + NUM_SYMBOLS;
constexpr int OBSERVATION_SIZE = OBS_OPPONENT_SCIENCE + NUM_SYMBOLS;
static_assert(OBSERVATION_SIZE == 1950, "the Duel env observes 1950 floats");
constexpr int MAX_OBS_ENTRIES = 256;  // non-zero entries of one observation (at most about 160)

struct ObsEntry {
  uint16_t index;
  float value;
};

// The non-zero entries of `player`'s observation (MAX_OBS_ENTRIES room in `out`); returns how many.
int observation_entries(const Tables& tables, const State& state, int player, ObsEntry* out);
// The whole observation into `out` (OBSERVATION_SIZE floats).
void encode_observation(const Tables& tables, const State& state, int player, float* out);

}  // namespace wonders::duel
