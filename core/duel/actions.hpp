// The flat action space of the Duel core: the ids of wonders_env.duel.actions (see the table there).
// The ranges are sized by the table (ActionLayout: wonders_env.duel.actions.ActionTable), so an
// action id means what it means in the Python engine's table of the same database.
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
constexpr const char* KIND_NAMES[NUM_KINDS] = {"draft",   "build",     "sell",    "wonder", "progress",
                                               "destroy", "mausoleum", "library", "starter"};
constexpr int STARTER_ME = 0;
// The largest range of a kind that is not a play (build, sell, wonder), in any table: a decision of
// such a kind offers at most its whole range.
constexpr int LARGEST_CHOICE_RANGE = std::max({MAX_WONDERS, MAX_TOKENS, MAX_CARDS});

struct Decoded {
  ActionKind kind;
  int index, wonder;  // wonder: the wonder of a WONDER action (card `index` goes under it), else 0
};

// The action ranges of one table: the kinds in order, each sized by the table's counts.
struct ActionLayout {
  int num_wonders = 0, num_actions = 0;
  int sizes[NUM_KINDS] = {}, offsets[NUM_KINDS] = {};

  explicit ActionLayout(const Tables& tables) : num_wonders(tables.num_wonders) {
    const int cards = tables.num_cards, wonders = tables.num_wonders, tokens = tables.num_tokens;
    const int by_kind[NUM_KINDS] = {wonders, cards, cards, cards * wonders, tokens, cards, cards, tokens, 2};
    for (int kind = 0; kind < NUM_KINDS; ++kind) {
      sizes[kind] = by_kind[kind];
      offsets[kind] = num_actions;
      num_actions += by_kind[kind];
    }
  }
  int at(ActionKind kind) const { return offsets[kind]; }
  // action must be in [0, num_actions)
  Decoded decode(int action) const {
    int kind = NUM_KINDS - 1;
    while (action < offsets[kind]) --kind;
    const int index = action - offsets[kind];
    if (kind == A_WONDER) return {A_WONDER, index / num_wonders, index % num_wonders};
    return {static_cast<ActionKind>(kind), index, 0};
  }
};

}  // namespace wonders::duel
