// The flat card-id action space of the 7 Wonders core: the ids of wonders_env.seven_wonders.actions (see
// the table there). Its ranges depend on the edition's number T of card names: [0,T) build, [T,2T) wonder,
// [2T,3T) sell, [3T,4T) free build, [4T,5T) build from the discard pile, 5T wait, and with
// payment="choose" [5T+1, 5T+16) pay L coins to the left. With Leaders (L leaders) five ranges of L leader
// ids follow (actions.py LEADER_KINDS): draft, recruit, leader_wonder, leader_discard, copy_leader.
#pragma once
#include <cstdint>

#include "seven_wonders/tables.hpp"

namespace wonders::seven_wonders {

enum ActionKind : uint8_t {
  BUILD = 0,
  WONDER = 1,
  SELL = 2,
  FREE_BUILD = 3,
  DISCARD_BUILD_KIND = 4,
  WAIT = 5,
  LEFTOVER_DISCARD = 5 /* record only: a card discarded at the end of an Age */
};
constexpr int NUM_CARD_KINDS = 5;  // the kinds with a range of T card ids: BUILD to DISCARD_BUILD_KIND
constexpr const char* KIND_NAMES[] = {"build", "wonder", "sell", "free_build", "discard_build", "wait"};
constexpr int MAX_TO_ONE_SIDE = 14;  // payment="choose": pay L coins to the left, L in [0, 14]
constexpr int NUM_LEADER_KINDS = 5;  // the kinds with a range of L leader ids
constexpr int MAX_ACTIONS = NUM_CARD_KINDS * MAX_TYPES + 2 + MAX_TO_ONE_SIDE + NUM_LEADER_KINDS * MAX_LEADERS;

inline int wait_action(int num_types) { return NUM_CARD_KINDS * num_types; }
inline int pay_action(int num_types, int to_left) { return wait_action(num_types) + 1 + to_left; }
inline int num_actions(int num_types, bool choose_payments, int num_leaders = 0) {
  return wait_action(num_types) + 1 + (choose_payments ? MAX_TO_ONE_SIDE + 1 : 0) + NUM_LEADER_KINDS * num_leaders;
}
inline int encode_action(ActionKind kind, int type, int num_types) { return kind * num_types + type; }

// The Leaders ranges (actions.py LEADER_KINDS), in their order after the pay actions; the record
// logs them as kinds LEFTOVER_DISCARD + 1 + LeaderKind.
enum LeaderKind : uint8_t { DRAFT = 0, RECRUIT = 1, LEADER_WONDER = 2, LEADER_DISCARD = 3, COPY_LEADER_KIND = 4 };
constexpr const char* LEADER_KIND_NAMES[] = {"draft", "recruit", "leader_wonder", "leader_discard", "copy_leader"};
constexpr int LEADER_LOG_KIND = 6;  // LEFTOVER_DISCARD + 1: the record kind of LeaderKind 0
constexpr int MAX_LOG_KIND = LEADER_LOG_KIND + NUM_LEADER_KINDS - 1;

struct Decoded {
  int kind, type;  // kind: an ActionKind for a card action (one below wait_action)
};

inline Decoded decode_action(int action, int num_types) { return {action / num_types, action % num_types}; }

}  // namespace wonders::seven_wonders
