// The flat action space of the Duel core: the ids of wonders_env.duel.actions (see the table there).
// The ranges are sized by the table (ActionLayout: wonders_env.duel.actions.ActionTable), so an
// action id means what it means in the Python engine's table of the same database. A Pantheon
// table has two more ranges: activate (space s with the offering tokens of the bit set o: index
// s * 2**3 + o) and choose (an item of the universal list, Item ranges in order). An Agora table
// has them too (activate empty without Pantheon; Pantheon's items empty without it, Agora's after
// them), then prepare (a card taken and tucked under a conspiracy) and trigger (a conspiracy).
#pragma once
#include <algorithm>
#include <iterator>
#include <utility>

#include "duel/agora_tables.hpp"
#include "duel/pantheon_tables.hpp"
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
  A_STARTER,
  A_ACTIVATE,  // expansion tables only (empty without Pantheon)
  A_CHOOSE,    // expansion tables only
  A_PREPARE,   // Agora tables only
  A_TRIGGER    // Agora tables only
};
constexpr int BASE_KINDS = 9, EXPANSION_KINDS = 11, NUM_KINDS = 13;
constexpr const char* KIND_NAMES[NUM_KINDS] = {"draft",   "build",     "sell",    "wonder",  "progress",
                                               "destroy", "mausoleum", "library", "starter", "activate",
                                               "choose",  "prepare",   "trigger"};
constexpr int STARTER_ME = 0;
// The largest range of a kind that is not a play (build, sell, wonder, activate), in any table: a
// decision of such a kind offers at most its whole range (a choice: at most MAX_CARDS items).
constexpr int LARGEST_CHOICE_RANGE =
    std::max({MAX_WONDERS, MAX_TOKENS, MAX_CARDS, TRACK_SPACES, NUM_DIVINITIES, MAX_SLOTS});

struct Decoded {
  ActionKind kind;
  // wonder: the wonder of a WONDER action (card `index` goes under it), the offering tokens' bits
  // of an ACTIVATE action (`index`: the space), else 0
  int index, wonder;
};

// The action ranges of one table: the kinds in order, each sized by the table's counts.
struct ActionLayout {
  int num_kinds = BASE_KINDS, num_wonders = 0, num_actions = 0;
  int sizes[NUM_KINDS] = {}, offsets[NUM_KINDS] = {};
  int item_sizes[NUM_ITEMS] = {}, item_offsets[NUM_ITEMS] = {};  // the choose range's sub-ranges

  ActionLayout(const Tables& tables, const PantheonTables* pantheon, const AgoraTables* agora)
      : num_wonders(tables.num_wonders) {
    const int cards = tables.num_cards, wonders = tables.num_wonders, tokens = tables.num_tokens;
    int by_kind[NUM_KINDS] = {wonders, cards, cards, cards * wonders, tokens, cards, cards, tokens, 2};
    if (pantheon || agora) {
      int by_item[NUM_ITEMS] = {cards, wonders, tokens};
      if (pantheon) {
        const int pantheon_items[] = {NUM_DIVINITIES, NUM_SPACES,      NUM_MYTHOLOGIES,
                                      TRACK_SPACES,   MILITARY_TOKENS, tables.num_slots};
        std::copy(std::begin(pantheon_items), std::end(pantheon_items), by_item + I_DIVINITY);
      }
      if (agora) {
        const int agora_items[] = {NUM_CHAMBERS, NUM_SENATE_MOVES, NUM_CONSPIRACIES, NUM_OPTIONS};
        std::copy(std::begin(agora_items), std::end(agora_items), by_item + I_CHAMBER);
      }
      int items = 0;
      for (int item = 0; item < NUM_ITEMS; ++item) {
        item_sizes[item] = by_item[item];
        item_offsets[item] = items;
        items += by_item[item];
      }
      num_kinds = agora ? NUM_KINDS : EXPANSION_KINDS;
      by_kind[A_ACTIVATE] = pantheon ? NUM_SPACES * OFFERING_SUBSETS : 0;
      by_kind[A_CHOOSE] = items;
      if (agora) {
        by_kind[A_PREPARE] = cards;
        by_kind[A_TRIGGER] = NUM_CONSPIRACIES;
      }
    }
    for (int kind = 0; kind < num_kinds; ++kind) {
      sizes[kind] = by_kind[kind];
      offsets[kind] = num_actions;
      num_actions += by_kind[kind];
    }
  }
  int at(ActionKind kind) const { return offsets[kind]; }
  // The choose action of item `index` of kind `item`.
  int item_action(Item item, int index) const { return offsets[A_CHOOSE] + item_offsets[item] + index; }
  // (kind, index) of the item a choose action's index names.
  std::pair<Item, int> item_of(int index) const {
    int item = NUM_ITEMS - 1;
    while (index < item_offsets[item]) --item;
    return {static_cast<Item>(item), index - item_offsets[item]};
  }
  // action must be in [0, num_actions)
  Decoded decode(int action) const {
    int kind = num_kinds - 1;
    while (action < offsets[kind]) --kind;
    const int index = action - offsets[kind];
    if (kind == A_WONDER) return {A_WONDER, index / num_wonders, index % num_wonders};
    if (kind == A_ACTIVATE) return {A_ACTIVATE, index / OFFERING_SUBSETS, index % OFFERING_SUBSETS};
    return {static_cast<ActionKind>(kind), index, 0};
  }
};

}  // namespace wonders::duel
