// The rules of 7 Wonders Duel: setup, what is legal, how an action resolves, costs, scoring,
// determinization and the observation (mirrors wonders_env/duel/state.py, rules.py, costs.py,
// scoring.py, determinize.py and observation.py; read their docstrings for the resolution order),
// and with a Pantheon table the expansion's rules (pantheon.hpp, mirroring pantheon.py).
//
// An Engine is bound to a table of cards (seven_wonders::Engine's template: the same names where
// the concept is the same), whose counts size its action ranges and its observation; it acts on
// State objects it never keeps (of its table: State::table_counts), and holds nothing else, so
// one Engine serves any number of threads. One player decides at a time: State::current. The
// rules' helpers are file-local (rules.cpp), so a new power adds nothing to this header.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include "common/rng.hpp"
#include "duel/actions.hpp"
#include "duel/costs.hpp"
#include "duel/observation.hpp"
#include "duel/pantheon_tables.hpp"
#include "duel/state.hpp"

namespace wonders::duel {

// the most legal actions: a play offers per accessible card (a slot's) a build, a sale and one action per own wonder
// (Pantheon: up to twice as many own wonders with Ra's, and the activations; Agora: a prepare, and the triggers)
constexpr int MAX_LEGAL = std::max(
    MAX_SLOTS * (3 + 2 * WONDERS_PER_ROUND) + NUM_SPACES * OFFERING_SUBSETS + NUM_CONSPIRACIES, LARGEST_CHOICE_RANGE);
constexpr int SELL_BASE = 2, SUPREMACY_DISTANCE = 9, SCIENCE_SUPREMACY_SYMBOLS = 6, PAIR = 2;
// civilian, science, commercial, guilds, wonders, progress, treasury, military, total
// civilian, ..., military (the base game's 8), divinities (a Pantheon table's), senate (an Agora
// table's), then the total
constexpr int NUM_CATEGORIES = 8, DIVINITIES = 8, SENATE = 9, TOTAL = 10;
constexpr int COINS_PER_POINT = 3;
using Score = std::array<int, TOTAL + 1>;

class Engine {
 public:
  // `pantheon`: the Pantheon's tables of a Pantheon table (whose cards `tables` are), or none;
  // `agora`: Agora's tables of an Agora table, or none.
  explicit Engine(std::shared_ptr<const Tables> tables, std::shared_ptr<const PantheonTables> pantheon = nullptr,
                  std::shared_ptr<const AgoraTables> agora = nullptr)
      : tables_(std::move(tables)),
        pantheon_(std::move(pantheon)),
        agora_(std::move(agora)),
        actions_(*tables_, pantheon_.get(), agora_.get()),
        observation_(*tables_, pantheon_.get(), agora_.get()),
        counts_{static_cast<int8_t>(tables_->num_cards),
                static_cast<int8_t>(tables_->num_wonders),
                static_cast<int8_t>(tables_->num_tokens),
                static_cast<int8_t>(tables_->num_colors),
                pantheon_ != nullptr,
                agora_ != nullptr} {}

  const Tables& tables() const { return *tables_; }
  // Pantheon's tables, or nullptr without the expansion.
  const PantheonTables* pantheon() const { return pantheon_.get(); }
  // Agora's tables, or nullptr without the expansion.
  const AgoraTables* agora() const { return agora_.get(); }
  const ActionLayout& actions() const { return actions_; }
  const ObsLayout& observation() const { return observation_; }
  int num_actions() const { return actions_.num_actions; }
  int observation_size() const { return observation_.size; }
  // The counts a State of this Engine's table holds (State::table_counts).
  const TableCounts& counts() const { return counts_; }

  // setup
  // A deal drawn from `seed` (the order of the draws: state.hpp's header comment).
  Deal draw_deal(uint64_t seed) const;
  // Empty if `deal` is a valid deal (one given from outside), else what is wrong with it.
  std::string check_deal(const Deal& deal) const;
  // `state` becomes a game at the start of the wonder draft with this deal.
  void new_game(State& state, const Deal& deal) const;
  // The counts of this Engine's table in a new (empty) State, before its fields are imported.
  void size_state(State& state) const;

  // queries
  // Writes the legal actions of the deciding player into `out` (MAX_LEGAL entries) in the order of
  // wonders_env.duel.rules.legal_actions (play actions in slot order, the others ascending);
  // returns how many. None once the game is over.
  int legal_actions(const State& state, int16_t* out) const;
  // Empty if `action` is legal for the deciding player now, else why not, in words.
  std::string why_illegal(const State& state, long long action) const;
  // The action in words, as wonders_env.duel.actions.describe_action (action in [0, num_actions())).
  std::string describe_action(int action) const;

  // moves: actions[player] for the deciding player (the other entry is not read), already
  // checked legal
  void apply_actions(State& state, const std::array<int, 2>& actions) const;

  // costs (costs.cpp)
  // The bank's price of one unit of each resource for `player`: 1 with a fixed-price card, else
  // 2 + the units the opponent's brown and grey cards produce (Agora: less the cheap goods decrees';
  // with the cost symbols and wonder units their decrees waive). The costs below take it.
  Prices trade_prices(const State& state, int player) const;
  // Whether `card` is free for `player` through a chain (Pantheon: or a Grand Temple's mythology token;
  // Agora: or the opponent's chain with the shared chains decree).
  bool free_by_chain(const State& state, int player, int card) const;
  // Coins `player` pays to build `card` now (0 through a chain; Pantheon: Engineering's price at
  // most), and to build `wonder`.
  int build_cost(const State& state, int player, int card, const Prices& prices) const;
  // An expansion's table (rules.py _payment): (coins `player` pays to build `card` without a chain,
  // the part of it paid for resources): Engineering's price (Pantheon), a Senator's price or a
  // decree's ignored cost symbol (Agora).
  std::pair<int, int> payment(const State& state, int player, int card, const Prices& prices) const;
  int wonder_cost(const State& state, int player, int wonder, const Prices& prices) const;
  // Pantheon: the coins `player` may spend (the treasury and Astarte's), and what activating the
  // divinity of `space` costs with the offering tokens of the bit set `offerings`.
  int spendable(const State& state, int player) const {
    return pantheon_ ? state.coins[player] + state.pantheon.astarte[player] : state.coins[player];
  }
  int activation_price(const State& state, int player, int space, int offerings) const;
  // Coins for selling a card now (Agora: the discard bonus decree's more).
  int sell_value(const State& state, int player) const;

  // scoring (scoring.cpp)
  bool is_over(const State& state) const { return state.phase == GAME_OVER; }
  Score score_breakdown(const State& state, int player) const;

  // search: redraw what `player` cannot see (determinize.cpp; in the base game what no player
  // sees, the same for both)
  void determinize(State& state, int player, Rng& rng) const;

  // observation (observation.cpp): `player`'s observation of `state` as an ObsView (the base
  // views) and an ExpansionView (a Pantheon or Agora table's views; all zero in the base game), and
  // whole into `out` (observation_size() floats)
  ObsView observe(const State& state, int player) const;
  ExpansionView observe_expansions(const State& state, int player) const;
  void encode_observation(const State& state, int player, float* out) const;

 private:
  std::shared_ptr<const Tables> tables_;
  std::shared_ptr<const PantheonTables> pantheon_;
  std::shared_ptr<const AgoraTables> agora_;
  ActionLayout actions_;
  ObsLayout observation_;
  TableCounts counts_;
};

// Throws std::invalid_argument (a ValueError in Python) when `state` is not a game of `engine`'s
// table (its State::table_counts are another table's): what every binding checks of a State.
void check_table(const Engine& engine, const State& state);

// The cards of the colours `colour_bits` in `player`'s city, and the wonders `player` has built.
int colour_count(const State& state, int player, int colour_bits);
int built_wonder_count(const State& state, int player);

}  // namespace wonders::duel
