// The rules of 7 Wonders: setup, who acts, what is legal, how a turn resolves, scoring
// (mirrors wonders_env/seven_wonders/state.py, rules.py and scoring.py; read their docstrings).
//
// An Engine is bound to a table of cards and a set of options (player count, wonders, sides); it
// acts on State objects it never keeps. Actions are the env's flat card-id actions (actions.hpp).
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/rng.hpp"
#include "seven_wonders/actions.hpp"
#include "seven_wonders/costs.hpp"
#include "seven_wonders/state.hpp"
#include "seven_wonders/tables.hpp"

namespace wonders::seven_wonders {

constexpr int SELL_COINS = 3;
constexpr int SIDE_RANDOM = 2;
constexpr int NUM_CATEGORIES = 7;             // military treasury wonder civilian science commercial guilds
constexpr int LEADERS_LINE = NUM_CATEGORIES;  // Leaders: the score's eighth line (0 without leaders)
constexpr int TOTAL = NUM_CATEGORIES + 1;     // the index of the total in a score_breakdown
using Score = std::array<int, NUM_CATEGORIES + 2>;
constexpr int SCIENCE_SET_VALUE = 7;

// An explicit deal: the boards and the order of every deck (the Python state's setup).
struct Deal {
  std::array<int8_t, MAX_SEATS> city{}, side{};
  std::array<std::vector<int>, 3> decks;  // Age I, II, III (Age III with its guilds)
  std::vector<int> box;                   // guilds left out
  std::vector<int> leaders;               // Leaders: every leader shuffled (4 to each player in seat order, the rest
                                          // unused); empty without leaders
};

// The ways a city may pay for its pending move (payment="choose"), by coins to the left.
struct PaymentChoices {
  int count = 0;
  std::array<CityPayment, PaymentOptions::CAPACITY> choices{};
};

// Who decides now: players in seat order.
struct Actors {
  int count = 0;
  std::array<int8_t, MAX_PLAYERS> seats{};
};

// One move being resolved: (city, kind, card type, hand owner), its physical card and payment; in the
// Leaders recruitment turn kind is a LeaderKind and card_type the leader.
struct Move {
  int city, kind, card_type, owner, card;
  int bank, to_left, to_right;
};

class Engine {
 public:
  // wonders: a city index per seat, or all -1 (random distinct cities); sides: 0, 1 or
  // SIDE_RANDOM per seat; choose_payments: payment="choose" (else "cheapest"). Checked by the bindings.
  Engine(std::shared_ptr<const Tables> tables, int num_players, std::array<int8_t, MAX_SEATS> wonders,
         std::array<int8_t, MAX_SEATS> sides, bool choose_payments = false);

  const Tables& tables() const { return *tables_; }
  // A random identity, different for every Engine object (states remember theirs).
  uint64_t id() const { return id_; }
  int num_players() const { return num_players_; }
  int num_seats() const { return num_seats_; }
  bool chooses_payments() const { return choose_payments_; }
  int num_actions() const {
    return seven_wonders::num_actions(tables_->num_types, choose_payments_, tables_->num_leaders);
  }

  // setup
  Deal draw_deal(uint64_t seed) const;
  // Empty if `deal` is a valid deal for this engine, else what is wrong with it.
  std::string check_deal(const Deal& deal) const;
  void new_game(State& state, const Deal& deal) const;

  // queries
  Actors acting_players(const State& state) const;
  bool is_acting(const State& state, int player) const;
  int acting_city(const State& state, int player) const;
  // Writes the 0/1 mask of `player` (num_actions bytes; only wait for a waiting player).
  void legal_action_mask(const State& state, int player, int8_t* mask) const;
  // Whether `action` is legal for `player`: legal_action_mask(...)[action] without the mask.
  bool is_legal(const State& state, int player, long long action) const;
  // Empty if `action` is legal for `player`, else why not.
  std::string why_illegal(const State& state, int player, long long action) const;
  std::string describe_action(int action) const;
  // The physical cards `player` chooses from now, outside DISCARD_BUILD (for the Free City: the
  // holder's hand without the card the holder picked for himself); returns the count.
  int decision_hand(const State& state, int player, std::array<uint8_t, MAX_HAND>& out) const;
  // The player who decides for `city` (the Free City: the holder of its card).
  int controller(const State& state, int city) const;
  // payment="choose": every way `city` can pay for its pending move now (payment_choices in rules.py).
  PaymentChoices payment_choices(const State& state, int city) const;

  // moves: one action per acting player (actions[player]), already checked legal
  void apply_actions(State& state, const std::array<int, MAX_PLAYERS>& actions) const;

  // scoring
  bool is_over(const State& state) const { return state.phase == Phase::GAME_OVER; }
  // the seven categories, the leaders line (0 without leaders), the total (TOTAL)
  Score score_breakdown(const State& state, int city) const;
  std::vector<int> winners(const State& state) const;

  // How many of `counted` (bits: colours, COUNT_WONDER_STAGE, COUNT_DEFEAT_TOKEN) the cities in
  // `scope` around `city` hold (count_items in rules.py).
  int count_items(const State& state, int city, int counted, int scope) const;

  // payments (exposed for the tests)
  PaymentOptions buy_options(const State& state, int city, const std::array<int, NUM_RESOURCES>& cost) const;
  // The ways for `city` to pay `cost` for a build of `target` (a colour, or COUNT_WONDER_STAGE): with
  // leaders, leaders.cpp buy_options (discounts, a purchase from the bank), else buy_options above.
  PaymentOptions build_options(const State& state, int city, const std::array<int, NUM_RESOURCES>& cost,
                               int target) const;
  bool build_payment(const State& state, int city, int card_type, Move& move) const;
  bool stage_payment(const State& state, int city, Move& move) const;

  // Leaders (leaders.cpp, named as in leaders.py)
  int leader_action(int kind, int leader) const;
  // Whether `action` is in the Leaders ranges; if so, its LeaderKind and leader.
  bool decode_leader(int action, int& kind, int& leader) const;
  int recruit_price(const State& state, int seat, int leader) const;
  int event_coins(const State& state, int seat, int event) const;
  int leaders_points(const State& state, int seat) const;

  // search: redraw what `player` cannot see (determinize.py); the state keeps no seed
  void determinize(State& state, int player, Rng& rng) const;
  // draw anew the pending moves and payments of the cities `player` does not decide for
  void redraw_hidden_choices(State& state, int player, Rng& rng) const;

 private:
  std::shared_ptr<const Tables> tables_;
  int num_players_, num_seats_;
  std::array<int8_t, MAX_SEATS> wonders_, sides_;
  uint64_t id_ = 0;
  bool choose_payments_ = false;
  mutable PaymentCache payments_;  // speed only (see costs.hpp); an Engine is used by one thread at a time

  int seventh_card_seat(const State& state) const;
  bool chains_free(const State& state, int city, int card_type) const;
  bool free_by_wonder(const State& state, int city, int card_type) const;
  bool choose_payment(const State& state, int city, const PaymentOptions& options, int budget, Payment& chosen) const;
  bool can_afford_build(const State& state, int city, int card_type) const;
  bool can_build_stage(const State& state, int city) const;
  void hand_moves(const State& state, int player, int8_t* mask) const;

  void start_age(State& state, int age) const;
  // leaders.cpp
  void setup_leaders(State& state, const Deal& deal) const;
  void start_recruitment(State& state, int age) const;
  void leader_actors(const State& state, Actors& actors) const;  // who decides in a Leaders phase
  // f(effect) for each lasting leader effect in force in `seat`'s city: its board's, its recruited and copied
  // leaders' (used in leaders.cpp only, where it is defined)
  template <typename F>
  void active_effects(const State& state, int seat, F&& f) const;
  bool open_decision(State& state) const;
  bool builds_free(const State& state, int city, int card_type) const;
  bool defeats_to_victor(const State& state, int seat) const;
  int science_set_bonus(const State& state, int seat) const;
  PaymentOptions buy_options(const State& state, int city, const std::array<int, NUM_RESOURCES>& cost,
                             int target) const;
  int copy_options(const State& state, int seat, std::array<int, 2 * MAX_LEADER_HAND>& out) const;
  void leader_moves(const State& state, int player, int8_t* mask) const;  // leaders.py legal_actions
  void apply_draft(State& state, const std::array<int, MAX_PLAYERS>& actions) const;
  void recruit(State& state, int seat, int leader) const;
  void gain_lasting(State& state, int seat, const LeaderEffects& effects) const;
  void gain_once(State& state, int seat, const LeaderEffects& effects) const;
  void after_stage(State& state, int seat, const Stage& stage) const;
  void after_build(State& state, int city, int card_type, bool chained) const;
  void purchase_coins(State& state, int city, int to_left, int to_right) const;
  void resolve_recruitment(State& state, Move* moves, int count, bool with_payments) const;
  void apply_recruit_now(State& state, int seat, int leader) const;
  void apply_copy(State& state, int seat, int leader) const;
  void add_production(State& state, int seat, const Produce& effect) const;
  void add_discount(State& state, int seat, const Discount& effect) const;
  void place_building(State& state, int seat, int card) const;
  // card: the Age card under the stage, or -1 with `leader` (Leaders: a stage built with a leader)
  int place_stage(State& state, int seat, int card, int leader = -1) const;
  // rules.py queue_discard_build: `city`'s stage `stage_index`, just built (with an Age card or a
  // leader), queues `controller`'s pick from the discard pile if it builds from it (Halicarnassus)
  void queue_discard_build(State& state, int city, int controller, int stage_index) const;
  void gain_build_coins(State& state, int city, int card_type) const;
  void log(State& state, int owner, int city, int kind, int card_type, int bank, int to_left, int to_right,
           int turn) const;
  // with_payments: the moves carry the players' payments (payment="choose"), else the engine pays
  void resolve_moves(State& state, Move* moves, int count, int turn, bool with_payments = false) const;
  bool open_payment(State& state, int turn) const;
  void resolve_pending(State& state, int turn) const;
  void advance(State& state) const;
  bool open_discard_build(State& state) const;
  void discard_leftovers(State& state) const;
  void pass_hands(State& state) const;
  void military(State& state) const;
  int guild_points(const State& state, int city, int guild_type) const;
};

int science_points(int compass, int gear, int tablet, int wildcards, int set_value = SCIENCE_SET_VALUE);

}  // namespace wonders::seven_wonders
