// The explicit, copyable state of a Duel game in the core, its deal and its random generator.
//
// It mirrors wonders_env.duel.state.DuelState field by field (see there for the meaning of each;
// the members are declared by the one layout, duel/state_layout.hpp),
// with sets held as bit masks: the draft table, the discard pile and the cards a city owns (the
// order of the Python lists of those carries no meaning), and the tokens. A State is a plain
// value: copying it clones the game. All randomness is drawn once, when the game is dealt (the
// Deal), so a state and a sequence of actions determine the game.
//
// The generator is common/rng.hpp's splitmix64. A game dealt from seed s draws, in this
// order: the wonder order (the table's wonders), the token order (its tokens), then for each Age
// its deck (Age III: also its added deck, the Guilds, then the 20 kept cards again), then a
// Pantheon table's setup (pantheon.cpp draw: each mythology's deck, the mythology tokens, the
// offering tokens), as wonders_env.duel.state.new_game does with the same generator
// (wonders_env/deal_rng.py).
//
// The arrays are sized at the largest table (tables.hpp); a State holds the counts of its own
// table (`table_counts`, `boxed_count`: internal fields, set by its Engine), so that its view
// reads it without the tables and an Engine refuses a State of another table.
#pragma once
#include <array>
#include <cstdint>
#include <type_traits>

#include "common/rng.hpp"
#include "duel/agora_tables.hpp"
#include "duel/pantheon_tables.hpp"
#include "duel/state_layout.hpp"
#include "duel/tables.hpp"

namespace wonders::duel {

enum Phase : int8_t { DRAFT = 0, PLAY, PROGRESS, DESTROY, MAUSOLEUM, LIBRARY, STARTER, GAME_OVER, CHOOSE };
// the phases of the base game's tables (its observation's one-hot); a Pantheon table's add CHOOSE
constexpr int BASE_PHASES = GAME_OVER + 1, NUM_PHASES = CHOOSE + 1;
enum Victory : int8_t { NO_VICTORY = 0, CIVILIAN, MILITARY, SCIENCE, POLITICAL };  // POLITICAL: Agora's

constexpr int STARTING_COINS = 7, BOARD_TOKENS = 5, WONDERS_PER_ROUND = 4, MAX_WONDERS_BUILT = 7;
constexpr int EMPTY = -1, NOBODY = -1;
constexpr int DRAFT_ORDER[8] = {0, 1, 1, 0, 1, 0, 0, 1};
// a Pantheon or an Agora game decides more than a base game's 96 at most (random Agora games with
// Pantheon: up to about 150)
constexpr int MAX_CITY = 64, MAX_LOG = 255;
// Pantheon: the most tokens dealt on an Age's slots, the items a set offers at most, no Minerva pawn
constexpr int MAX_AGE_TOKENS = NUM_MYTHOLOGIES * MYTHOLOGY_TOKENS_PER_MYTHOLOGY, MAX_OPTIONS = MAX_CARDS;
constexpr int8_t NO_MINERVA = INT8_MIN;
// Agora: the most decisions waiting, locked tokens, cards out of the game, items of a set (and stop);
// a step without an argument
constexpr int MAX_STEPS = 16, MAX_LOCKED = 2, MAX_LEFT_GAME = NUM_CONSPIRACIES + 4, MAX_AGORA_OPTIONS = MAX_CARDS + 1;
constexpr int8_t NO_ARGUMENT = -1;

// Pantheon's setup draws (state.py new_pantheon): each mythology's deck in its order (top first),
// the tokens of each Age's token slots in slot order.
struct PantheonDeal {
  std::array<std::array<int8_t, DIVINITIES_PER_MYTHOLOGY>, NUM_MYTHOLOGIES> decks;
  std::array<std::array<int8_t, MAX_AGE_TOKENS>, 3> age_tokens;
  std::array<int8_t, 3> age_token_count;
};

// Agora's setup draws (state.py new_agora): the conspiracy deck (top first), the decrees shuffled
// (the first NUM_CHAMBERS go to the chambers in order).
struct AgoraDeal {
  std::array<int8_t, NUM_CONSPIRACIES> conspiracies;
  std::array<int8_t, NUM_DECREES> decrees;
};

// Everything drawn at setup.
struct Deal {
  std::array<int8_t, MAX_WONDERS> wonder_order;
  std::array<int8_t, MAX_TOKENS> token_order;
  std::array<std::array<int8_t, MAX_SLOTS>, 3> cards;  // each Age's cards in slot order (Layout::slots of them)
  std::array<std::array<int8_t, MAX_BOXED>, 3> boxed;  // Tables::boxed_per_age[age] cards each, then EMPTY
  PantheonDeal pantheon;                               // a Pantheon table's (zeros otherwise)
  AgoraDeal agora;                                     // an Agora table's (zeros otherwise)
};

// The counts of a State's table (Tables::num_cards, num_wonders, num_tokens, num_colors) and its expansions.
struct TableCounts {
  int8_t cards, wonders, tokens, colors;
  bool pantheon, agora;
  bool operator==(const TableCounts& other) const {
    return cards == other.cards && wonders == other.wonders && tokens == other.tokens && colors == other.colors &&
           pantheon == other.pantheon && agora == other.agora;
  }
};

// Pantheon's part of a game (wonders_env.duel.state.PantheonState, field by field: one member per line
// of DUEL_PANTHEON_FIELDS, duel/state_layout.hpp); all zeros in a game without the expansion.
struct PantheonState {
  WONDERS_STATE_MEMBERS(DUEL_PANTHEON_FIELDS)
};

// Agora: a decision waiting (wonders_env.duel.agora's step tuple (player, Choice, argument, optional));
// the argument as an integer: NO_ARGUMENT for None, a conspiracy power's `what` for its target set
// (the Python engine's Effect: compiled.py converts), else the Python engine's integer.
struct AgoraStep {
  int8_t player, choice, argument;
  bool optional;
};
struct LockedToken {  // Obscurantism: (token, locker, seen by both)
  int8_t token, locker;
  bool seen_by_both;
};
struct ChoiceEntry {  // (index in the log, Choice) of one of Agora's choose actions
  uint8_t index;
  int8_t choice;
};

// Agora's part of a game (wonders_env.duel.state.AgoraState, field by field: one member per line of
// DUEL_AGORA_FIELDS, duel/state_layout.hpp); all zeros in a game without the expansion.
struct AgoraState {
  WONDERS_STATE_MEMBERS(DUEL_AGORA_FIELDS)
};

struct LogEntry {
  int8_t player;
  int16_t action, paid;
};

struct CardSet {  // a set of card ids (bits 0 to MAX_CARDS - 1)
  uint64_t bits[2] = {0, 0};
  bool has(int c) const { return bits[c >> 6] >> (c & 63) & 1; }
  void add(int c) { bits[c >> 6] |= uint64_t{1} << (c & 63); }
  void remove(int c) { bits[c >> 6] &= ~(uint64_t{1} << (c & 63)); }
  bool empty() const { return !(bits[0] | bits[1]); }
};
static_assert(MAX_CARDS <= 128, "a CardSet holds every card id");

// The state: one member per line of duel/state_layout.hpp (a plain value: copying it clones the game).
struct State {
  WONDERS_STATE_MEMBERS(DUEL_STATE_FIELDS)

  bool game_over() const { return phase == GAME_OVER; }
};
static_assert(std::is_trivially_copyable_v<State>, "a State is a plain value: copying it clones the game");

// The wonders offered in the current round of the draft (draft_offer holds some of them).
inline const int8_t* draft_round_wonders(const State& s) {
  return s.deal.wonder_order.data() + (s.draft_step < WONDERS_PER_ROUND ? 0 : WONDERS_PER_ROUND);
}
// The tokens set aside at setup, from which the Great Library draws (library_offer holds some of them).
inline const int8_t* set_aside_tokens(const State& s) { return s.deal.token_order.data() + BOARD_TOKENS; }

}  // namespace wonders::duel
