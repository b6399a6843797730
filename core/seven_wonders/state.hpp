// The explicit, copyable state of a 7 Wonders game (mirrors wonders_env/seven_wonders/state.py).
//
// A plain struct of fixed-size arrays: copying it is a memcpy, and it refers to its tables only
// through the Engine that acts on it. Seats sit clockwise; left_of(seat) = seat - 1 and
// right_of(seat) = seat + 1 (mod the number of seats). In the 2-player variant seats 0 and 1 are
// the players and seat 2 is the Free City, played by the holder of the Free City card.
#pragma once
#include <array>
#include <cstdint>

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
constexpr int MAX_TOKENS = 6;
constexpr int MAX_LOG = 224;
constexpr int MAX_PENDING_BUILDERS = 8;

// PAYMENT: payment="choose", the players choose whom they pay for the moves of the turn.
enum class Phase : uint8_t { MAIN = 0, FREE_CITY = 1, SEVENTH_CARD = 2, DISCARD_BUILD = 3, GAME_OVER = 4, PAYMENT = 5 };
enum Kind : uint8_t {
  BUILD = 0,
  WONDER = 1,
  SELL = 2,
  FREE_BUILD = 3,
  DISCARD_BUILD_KIND = 4,
  WAIT = 5,
  LEFTOVER_DISCARD = 5 /* record only: a card discarded at the end of an Age */
};

// A way to pay for a move: coins to the bank, to the left and to the right neighbour.
struct CityPayment {
  int8_t bank = 0, to_left = 0, to_right = 0;
};

struct LogEntry {  // one line of the game record's "actions"
  uint8_t age, turn, seat, kind, card_type, to_left, to_right, bank;
  int8_t agent;  // the deciding player, -1 for none (the Free City's last pile card)
};

struct State {
  // setup
  uint64_t engine_id = 0;  // Engine::id() of the engine that set the game up (the bindings check it)
  int8_t num_players = 0, num_seats = 0;
  uint8_t num_types = 0;  // card names of the engine's edition (the widths of has_type, known_discard, ...)
  bool has_seed = false;
  uint64_t seed = 0;
  std::array<int8_t, MAX_SEATS> city{}, side{};  // the wonder board of each seat
  // progress
  int8_t age = 1, turn = 1;
  Phase phase = Phase::MAIN;
  bool age_leftovers_discarded = false;
  // cards
  std::array<std::array<uint8_t, MAX_DECK>, 3> decks{};  // Ages not yet dealt
  std::array<uint8_t, 3> deck_size{};
  std::array<uint8_t, 16> box{};  // guilds left out
  uint8_t box_size = 0;
  std::array<std::array<uint8_t, MAX_HAND>, MAX_SEATS> hands{};
  std::array<uint8_t, MAX_SEATS> hand_size{};
  std::array<uint8_t, MAX_HAND> free_city_pile{};
  uint8_t free_city_pile_size = 0;
  int8_t free_city_holder = -1;
  std::array<uint8_t, MAX_CARDS> discard{};
  uint8_t discard_size = 0;
  // cities
  std::array<std::array<uint8_t, MAX_BUILT>, MAX_SEATS> built{};  // physical cards, in build order
  std::array<uint8_t, MAX_SEATS> built_size{};
  std::array<std::array<uint8_t, MAX_TYPES>, MAX_SEATS> has_type{};
  std::array<std::array<uint8_t, NUM_COLORS>, MAX_SEATS> color_counts{};
  std::array<int16_t, MAX_SEATS> coins{};
  std::array<uint8_t, MAX_SEATS> stages_built{};
  std::array<std::array<uint8_t, MAX_STAGES>, MAX_SEATS> stage_cards{};
  std::array<int16_t, MAX_SEATS> shields{};
  std::array<std::array<int8_t, MAX_TOKENS>, MAX_SEATS> tokens{};
  std::array<uint8_t, MAX_SEATS> num_tokens{};
  std::array<std::array<uint8_t, 4>, MAX_SEATS> science{};  // compass, gear, tablet, wildcards
  std::array<std::array<uint8_t, NUM_RESOURCES>, MAX_SEATS> own_fixed{}, sell_fixed{};
  std::array<std::array<uint8_t, MAX_CHOICES>, MAX_SEATS> own_choices{}, sell_choices{};
  std::array<uint8_t, MAX_SEATS> num_own_choices{}, num_sell_choices{};
  std::array<uint8_t, MAX_SEATS> cheap_left{}, cheap_right{};
  // wonder powers
  // the Age from which a city has each power, 0 for none (the Python state's powers columns)
  std::array<int8_t, MAX_SEATS> free_build_power{}, seventh_card_power{}, copy_guild_power{}, free_color_power{};
  std::array<int8_t, MAX_SEATS> free_build_used_age{}, seventh_card_played_age{};
  std::array<int8_t, MAX_SEATS> free_first_from_age{}, free_last_from_age{};
  // knowledge
  std::array<std::array<uint8_t, MAX_TYPES>, MAX_PLAYERS> known_discard{};
  std::array<std::array<uint8_t, MAX_TYPES>, MAX_PLAYERS> last_passed{};
  // decisions in progress
  // city -> card action waiting for resolution, -1 for none (the MAIN choices waiting for the Free
  // City's; with payment="choose" every move of the turn until it is paid)
  std::array<int16_t, MAX_SEATS> pending{};
  std::array<CityPayment, MAX_SEATS> payments{};  // payment="choose": the chosen payment of a city
  uint8_t paid = 0;                               // bit per city: its payment is chosen
  int8_t pending_turn = 0;                        // the turn the pending moves are logged under (7: the 7th card)
  std::array<std::array<int8_t, 2>, MAX_PENDING_BUILDERS> discard_builders{};  // (seat, controller)
  uint8_t num_discard_builders = 0;
  // the record
  std::array<LogEntry, MAX_LOG> log{};
  uint16_t log_size = 0;

  int free_city() const { return num_players == 2 ? 2 : -1; }
  int left_of(int seat) const { return seat == 0 ? num_seats - 1 : seat - 1; }
  int right_of(int seat) const { return seat + 1 == num_seats ? 0 : seat + 1; }
};

}  // namespace wonders::seven_wonders
