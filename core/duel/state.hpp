// The explicit, copyable state of a Duel game in the core, its deal and its random generator.
//
// It mirrors wonders_env.duel.state.DuelState field by field (see there for the meaning of each),
// with sets held as bit masks: the draft table, the discard pile and the cards a city owns (the
// order of the Python lists of those carries no meaning), and the tokens. A State is a plain
// value: copying it clones the game. All randomness is drawn once, when the game is dealt (the
// Deal), so a state and a sequence of actions determine the game.
//
// The generator is common/rng.hpp's splitmix64. A game dealt from seed s draws, in this
// order: the wonder order (12), the token order (10), then for each Age its deck (Age III: also
// the Guilds, then the 20 kept cards again), as wonders_env.duel.state.new_game does with numpy.
#pragma once
#include <array>
#include <cstdint>

#include "common/rng.hpp"
#include "duel/tables.hpp"

namespace wonders::duel {

enum Phase : int8_t { DRAFT = 0, PLAY, PROGRESS, DESTROY, MAUSOLEUM, LIBRARY, STARTER, GAME_OVER };
constexpr int NUM_PHASES = 8;
enum Victory : int8_t { NO_VICTORY = 0, CIVILIAN, MILITARY, SCIENCE };

constexpr int STARTING_COINS = 7, BOARD_TOKENS = 5, WONDERS_PER_ROUND = 4, MAX_WONDERS_BUILT = 7;
constexpr int CARDS_REMOVED_PER_AGE = 3, GUILDS_PER_GAME = 3, EMPTY = -1, NOBODY = -1;
constexpr int DRAFT_ORDER[8] = {0, 1, 1, 0, 1, 0, 0, 1};
constexpr int BOXED_PER_AGE[3] = {3, 3, 7};
constexpr int MAX_CITY = 64, MAX_LOG = 96;

// Everything drawn at setup.
struct Deal {
  std::array<int8_t, NUM_WONDERS> wonder_order;
  std::array<int8_t, NUM_TOKENS> token_order;
  std::array<std::array<int8_t, NUM_SLOTS>, 3> cards;  // each Age's 20 cards in slot order
  std::array<std::array<int8_t, 7>, 3> boxed;          // BOXED_PER_AGE[age] cards each
};

struct LogEntry {
  int8_t player;
  int16_t action, paid;
};

struct CardSet {  // a set of card ids (bits 0-72)
  uint64_t bits[2] = {0, 0};
  bool has(int c) const { return bits[c >> 6] >> (c & 63) & 1; }
  void add(int c) { bits[c >> 6] |= uint64_t{1} << (c & 63); }
  void remove(int c) { bits[c >> 6] &= ~(uint64_t{1} << (c & 63)); }
  bool empty() const { return !(bits[0] | bits[1]); }
};

struct State {
  Deal deal;
  int8_t phase, current, turn_player, age;
  uint8_t winners;  // bit per player
  int8_t victory;
  int8_t draft_step;
  uint16_t draft_offer;  // wonder bits
  std::array<int8_t, NUM_SLOTS> slot_card, cover_count;
  std::array<bool, NUM_SLOTS> face_up;
  int8_t cards_left;
  int8_t city[2][MAX_CITY];  // in the order built
  int8_t city_size[2];
  CardSet owned[2];
  int8_t color_count[2][NUM_COLORS], production[2][NUM_RESOURCES];
  int8_t raw_choices[2], manufactured_choices[2];
  uint8_t fixed_price_bits[2];
  uint32_t chains[2];
  int8_t science[2][NUM_SYMBOLS];
  int16_t coins[2];
  int8_t player_wonders[2][WONDERS_PER_ROUND], wonder_count[2];  // in the order drafted
  uint16_t wonder_built;                                         // wonder bits
  std::array<int8_t, NUM_WONDERS> wonder_card;
  int8_t wonders_built, boxed_wonder;
  uint16_t board_tokens, player_tokens[2], library_offer;  // token bits
  bool library_used;
  int8_t pawn;
  uint8_t looting;  // bit i: looting token i still on the track
  CardSet discard;
  bool pending_progress, play_again;
  int8_t destroy_color;
  uint8_t log_size;
  LogEntry log[MAX_LOG];

  bool game_over() const { return phase == GAME_OVER; }
};

}  // namespace wonders::duel
