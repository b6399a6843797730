// The explicit, copyable state of a 7 Wonders game (mirrors wonders_env/seven_wonders/state.py).
//
// A plain struct of fixed-size arrays, its members declared by the one layout (state_layout.hpp):
// copying it is a memcpy, and it refers to its tables only through the Engine that acts on it. Seats sit clockwise;
// left_of(seat) = seat - 1 and right_of(seat) = seat + 1 (mod the number of seats). In the 2-player variant seats 0 and
// 1 are the players and seat 2 is the Free City, played by the holder of the Free City card.
#pragma once
#include <array>
#include <cstdint>
#include <type_traits>

#include "seven_wonders/actions.hpp"
#include "seven_wonders/state_layout.hpp"
#include "seven_wonders/tables.hpp"

namespace wonders::seven_wonders {

constexpr int MAX_PLAYERS = 7;
constexpr int MAX_SEATS = 7;
constexpr int CARDS_PER_HAND = 7;
constexpr int TURNS_PER_AGE = 6;
constexpr int STARTING_COINS = 3;
constexpr int MAX_HAND = 8;  // 7, and the Free City card on top
constexpr int MAX_BUILT = 40;
constexpr int MAX_DECK = 49;
constexpr int MAX_CHOICES = 12;  // choice productions of one city (W|C cards, Forum, ...)
constexpr int MAX_TOKENS = 12;   // 6, and with Leaders (Tomyris) a winner's defeat tokens of its neighbours
constexpr int MAX_LOG = 256;
constexpr int MAX_PENDING_BUILDERS = 8;
constexpr int MAX_SCIENCE_SYMBOLS = MAX_BUILT + MAX_STAGES;  // of a city: one per building and stage at most
constexpr int LEADERS_PER_PLAYER = 4;                        // Leaders: dealt to each player for the draft
constexpr int MAX_LEADER_HAND = 2 * LEADERS_PER_PLAYER;      // the drafted 4, and Roma B's 4 drawn

// PAYMENT: payment="choose", the players choose whom they pay for the moves of the turn.
// LEADER_DRAFT, RECRUIT, COPY_LEADER, RECRUIT_NOW: Leaders (leaders.cpp; the recruitment turn is turn 0 of its Age).
enum class Phase : uint8_t {
  MAIN = 0,
  FREE_CITY = 1,
  SEVENTH_CARD = 2,
  DISCARD_BUILD = 3,
  GAME_OVER = 4,
  PAYMENT = 5,
  LEADER_DRAFT = 6,
  RECRUIT = 7,
  COPY_LEADER = 8,
  RECRUIT_NOW = 9
};

inline bool is_leader_phase(Phase phase) { return phase >= Phase::LEADER_DRAFT; }

// A way to pay for a move: coins to the bank, to the left and to the right neighbour.
struct CityPayment {
  int8_t bank = 0, to_left = 0, to_right = 0;
};

struct LogEntry {  // one line of the game record's "actions"
  uint8_t age, turn, seat, kind, card_type, to_left, to_right, bank;
  int8_t agent;  // the deciding player, -1 for none (the Free City's last pile card)
};

// The wonder powers, the columns of State::powers and power_used_age (wonders_env.seven_wonders.cards.Power).
enum Power : uint8_t {
  POWER_FREE_BUILD = 0,    // build a card for free once per Age (Olympia A)
  POWER_SEVENTH_CARD = 1,  // play the 7th card of an Age (Babylon B)
  POWER_COPY_GUILD = 2,    // copy a neighbour's guild at the end (Olympia B)
  POWER_FREE_COLOR = 3,    // the first card of each colour for free
  POWER_FREE_FIRST = 4,    // the first card of each Age for free
  POWER_FREE_LAST = 5,     // the last card of each Age for free
  NUM_POWERS = 6
};

// The arrays of the state: one entry per seat (rows of N per seat, per player), MAX_SEATS of which
// the game's num_seats are used.
template <class T>
using Seats = std::array<T, MAX_SEATS>;
template <class T, std::size_t N>
using SeatRows = std::array<std::array<T, N>, MAX_SEATS>;
template <class T, std::size_t N>
using PlayerRows = std::array<std::array<T, N>, MAX_PLAYERS>;

// The state: one member per line of seven_wonders/state_layout.hpp (a plain value: copying it is a memcpy).
struct State {
  WONDERS_STATE_MEMBERS(SEVEN_WONDERS_STATE_FIELDS)

  int free_city() const { return num_players == 2 ? 2 : -1; }
  int left_of(int seat) const { return seat == 0 ? num_seats - 1 : seat - 1; }
  int right_of(int seat) const { return seat + 1 == num_seats ? 0 : seat + 1; }
};
static_assert(std::is_trivially_copyable_v<State>, "a State is a plain value: copying it clones the game");

}  // namespace wonders::seven_wonders
