// The ego-centric observation of the Duel core: exactly wonders_env.duel.observation (the table of
// views is there). It is computed as an ObsView, a compact summary of the row, so that the batch
// can turn the row it wrote last time into the new one by writing only what changed.
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
constexpr int OBS_OPPONENT_WONDERS = OBS_MY_BUILT + NUM_WONDERS,
              OBS_OPPONENT_BUILT = OBS_OPPONENT_WONDERS + NUM_WONDERS;
constexpr int OBS_DRAFT = OBS_OPPONENT_BUILT + NUM_WONDERS, OBS_BOARD = OBS_DRAFT + NUM_WONDERS;
constexpr int OBS_MY_TOKENS = OBS_BOARD + NUM_TOKENS, OBS_OPPONENT_TOKENS = OBS_MY_TOKENS + NUM_TOKENS;
constexpr int OBS_LIBRARY = OBS_OPPONENT_TOKENS + NUM_TOKENS, OBS_PAWN = OBS_LIBRARY + NUM_TOKENS;
constexpr int OBS_LOOTING = OBS_PAWN + 19, OBS_MY_SCIENCE = OBS_LOOTING + 4;
constexpr int OBS_OPPONENT_SCIENCE = OBS_MY_SCIENCE + NUM_SYMBOLS;
constexpr int OBSERVATION_SIZE = OBS_OPPONENT_SCIENCE + NUM_SYMBOLS;
static_assert(OBSERVATION_SIZE == 1950, "the Duel env observes 1950 floats");

// What one observation row holds, field by field (the one-hot positions, the bits of each set,
// the counts). A default ObsView stands for an all-zero row.
struct ObsView {
  int16_t phase_at = -1, age_at = -1, deciding_at = -1, pawn_at = -1;  // index of the 1, or -1
  uint16_t slot_code[NUM_SLOTS] = {};  // 0 nothing, 1 empty, 2 + deck face down, 8 + 2 card + accessible
  CardSet my_city, opponent_city, discard;
  float coins[2] = {0.0f, 0.0f};
  uint16_t wonders[4] = {};  // my unbuilt, my built, opponent's unbuilt, opponent's built (bits)
  uint16_t draft = 0, board = 0, my_tokens = 0, opponent_tokens = 0, library = 0;
  uint8_t looting = 0;                  // bits of the looting view
  int8_t science[2][NUM_SYMBOLS] = {};  // the values written: 0, 1 or 2
};

// Turn a row that holds `old` into one that holds `fresh`, writing only the entries that differ
// (the Engine's observe and encode_observation, observation.cpp, compute the ObsView).
void write_changes(const ObsView& old, const ObsView& fresh, float* row);

}  // namespace wonders::duel
