// The flat action space of the Duel core: the ids of wonders_env.duel.actions (see the table there).
#pragma once
#include <algorithm>

#include "duel/tables.hpp"

namespace wonders::duel {

enum ActionKind : int8_t {
  A_DRAFT = 0,
  A_BUILD,
  A_SELL,
  A_WONDER,
  A_PROGRESS,
  A_DESTROY,
  A_MAUSOLEUM,
  A_LIBRARY,
  A_STARTER
};
constexpr int NUM_KINDS = 9;
constexpr int KIND_SIZES[NUM_KINDS] = {
    NUM_WONDERS, NUM_CARDS, NUM_CARDS, NUM_CARDS* NUM_WONDERS, NUM_TOKENS, NUM_CARDS, NUM_CARDS, NUM_TOKENS, 2};
constexpr int DRAFT_AT = 0;
constexpr int BUILD_AT = DRAFT_AT + NUM_WONDERS;
constexpr int SELL_AT = BUILD_AT + NUM_CARDS;
constexpr int WONDER_AT = SELL_AT + NUM_CARDS;
constexpr int PROGRESS_AT = WONDER_AT + NUM_CARDS * NUM_WONDERS;
constexpr int DESTROY_AT = PROGRESS_AT + NUM_TOKENS;
constexpr int MAUSOLEUM_AT = DESTROY_AT + NUM_CARDS;
constexpr int LIBRARY_AT = MAUSOLEUM_AT + NUM_CARDS;
constexpr int STARTER_AT = LIBRARY_AT + NUM_TOKENS;
constexpr int NUM_ACTIONS = STARTER_AT + 2;
constexpr int KIND_OFFSETS[NUM_KINDS] = {DRAFT_AT,   BUILD_AT,     SELL_AT,    WONDER_AT, PROGRESS_AT,
                                         DESTROY_AT, MAUSOLEUM_AT, LIBRARY_AT, STARTER_AT};
constexpr const char* KIND_NAMES[NUM_KINDS] = {"draft",   "build",     "sell",    "wonder", "progress",
                                               "destroy", "mausoleum", "library", "starter"};
constexpr int STARTER_ME = 0;
static_assert(NUM_ACTIONS == 1202, "the Duel env has 1202 actions");
// The largest range of a kind that is not a play (build, sell, wonder): a decision of such a kind
// offers at most its whole range.
constexpr int LARGEST_CHOICE_RANGE = [] {
  int most = 0;
  for (int kind = 0; kind < NUM_KINDS; ++kind)
    if (kind != A_BUILD && kind != A_SELL && kind != A_WONDER) most = std::max(most, KIND_SIZES[kind]);
  return most;
}();

struct Decoded {
  ActionKind kind;
  int index, wonder;  // wonder: the wonder of a WONDER action (card `index` goes under it), else 0
};

// action must be in [0, NUM_ACTIONS)
inline Decoded decode_action(int action) {
  int kind = NUM_KINDS - 1;
  while (action < KIND_OFFSETS[kind]) --kind;
  int index = action - KIND_OFFSETS[kind];
  if (kind == A_WONDER) return {A_WONDER, index / NUM_WONDERS, index % NUM_WONDERS};
  return {static_cast<ActionKind>(kind), index, 0};
}

}  // namespace wonders::duel
