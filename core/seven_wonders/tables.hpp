// The card and wonder tables of one 7 Wonders edition, as flat numeric arrays.
//
// The Python engine (wonders_env/seven_wonders/cards.py) loads and validates the CSV data; the
// adapter wonders_env/seven_wonders/compiled.py exports its parsed tables as numpy arrays, and
// the bindings copy them into a Tables object after checking every shape and range. Nothing
// here re-types card data.
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace wonders::seven_wonders {

constexpr int NUM_RESOURCES = 7;  // W S C O G L P
constexpr int NUM_COLORS = 7;     // brown grey blue yellow red green purple
constexpr int BROWN = 0, GREY = 1, BLUE = 2, YELLOW = 3, RED = 4, GREEN = 5, PURPLE = 6;
constexpr int MAX_TYPES = 96;   // card names (75 in the 1st edition, 77 in the 2nd)
constexpr int MAX_CARDS = 160;  // physical cards (148)
constexpr int MAX_CITIES = 8;   // wonder boards (Roma is the 8th with Leaders)
constexpr int MAX_STAGES = 4;
constexpr int MAX_CHAINS = 4;
constexpr int MAX_EFFECTS = 2;  // produce / discount / reward effects per card or stage
constexpr int SCIENCE_ANY = 3;
constexpr int NO_SCIENCE = -1;
// what a counting reward counts: the seven colours, then these (bits of Reward::counted); the last
// three only with Leaders (victory tokens, each full 3 coins, recruited leaders)
constexpr int COUNT_WONDER_STAGE = 7, COUNT_DEFEAT_TOKEN = 8, COUNT_VICTORY_TOKEN = 9, COUNT_THREE_COINS = 10,
              COUNT_LEADER = 11;
constexpr int MAX_LEADERS = 36;        // leader cards of the Leaders expansion
constexpr int MAX_LEADER_EFFECTS = 2;  // effects per leader or per board (Roma)
constexpr int SCOPE_SELF = 1, SCOPE_LEFT = 2, SCOPE_RIGHT = 4;

// Wonder and card powers (bits of Stage::specials and CardType::specials), named as in cards.py
// SPECIALS (SPECIAL_NAMES; the tables are refused when the Python list differs).
enum Special : uint32_t {
  FREE_BUILD_ONCE_PER_AGE = 1,
  BUILD_FROM_DISCARD = 2,
  PLAY_SEVENTH_CARD = 4,
  COPY_GUILD = 8,
  FREE_FIRST_OF_COLOR = 16,
  FREE_FIRST_OF_AGE = 32,
  FREE_LAST_OF_AGE = 64,
  DEFEAT_TOKENS_TO_VICTOR = 128,  // Leaders: Tomyris (a leader effect, never a stage's)
  COPY_LEADER = 256,              // Leaders: the Courtesans Guild
  RECRUIT_LEADER_NOW = 512,       // Leaders: Roma B stages 2-3
};
constexpr int NUM_SPECIALS = 10;
inline const char* const SPECIAL_NAMES[NUM_SPECIALS] = {
    "free_build_once_per_age", "build_from_discard", "play_seventh_card",       "copy_guild",  "free_first_of_color",
    "free_first_of_age",       "free_last_of_age",   "defeat_tokens_to_victor", "copy_leader", "recruit_leader_now"};

// The effect kinds of leaders and of Roma's board, in the order of compiled.LEADER_EFFECT_KINDS (the
// tables are refused when the Python list differs); one code path each in the rules.
enum LeaderEffectKind : uint8_t {
  LE_COINS = 0,           // a: coins, once at recruitment
  LE_SHIELDS,             // a: shields
  LE_SCIENCE,             // a: the symbol (0-2, SCIENCE_ANY)
  LE_VICTORY_POINTS,      // a: VP at the end
  LE_COUNT_REWARD,        // a, b, c: a Reward at the end (counted bits, scope, amount)
  LE_SET_REWARD,          // a: colour bits, b: VP per complete set at the end
  LE_RESOURCE_DISCOUNT,   // a: target colour or COUNT_WONDER_STAGE, b: resource units less
  LE_BANK_PURCHASE,       // a: the price of one unit from the bank, once per payment
  LE_EVENT_COINS,         // a: the event (cards.Event), b: coins each time
  LE_LEADER_DISCOUNT,     // a: scope seen from the owner, b: coins less, c: 1 when free
  LE_FREE_BUILD,          // a: the colour built free
  LE_SCIENCE_SET_BONUS,   // a: VP more per complete science set
  LE_BUILD_FROM_DISCARD,  // Solomon
  LE_DEFEATS_TO_VICTOR,   // Tomyris
  NUM_LEADER_EFFECT_KINDS
};
inline const char* const LEADER_EFFECT_KIND_NAMES[NUM_LEADER_EFFECT_KINDS] = {"coins",
                                                                              "shields",
                                                                              "science",
                                                                              "victory_points",
                                                                              "count_reward",
                                                                              "set_reward",
                                                                              "resource_discount",
                                                                              "bank_purchase",
                                                                              "event_coins",
                                                                              "leader_discount",
                                                                              "free_build",
                                                                              "science_set_bonus",
                                                                              "build_from_discard",
                                                                              "defeat_tokens_to_victor"};
constexpr int NUM_EVENTS = 4;  // cards.Event: neighbour purchase, new victory token, chain build, yellow build
constexpr int EVENT_NEIGHBOUR_PURCHASE = 0, EVENT_NEW_VICTORY_TOKEN = 1, EVENT_CHAIN_BUILD = 2, EVENT_YELLOW_BUILD = 3;

struct LeaderEffect {
  LeaderEffectKind kind = LE_COINS;
  int a = 0, b = 0, c = 0;
};
struct LeaderEffects {  // the effects of one leader or one board
  int count = 0;
  std::array<LeaderEffect, MAX_LEADER_EFFECTS> effects{};
};
struct Leader {
  int coin_cost = 0;
  LeaderEffects effects;
};

struct Produce {  // one of `mask` (count units when a single resource); tradable: neighbours may buy
  int mask = 0, count = 0;
  bool tradable = false;
};
struct Discount {  // resources in mask cost 1 coin from the neighbours in scope
  int mask = 0, scope = 0;
};
struct Reward {  // amount per counted item (colour / stage / defeat bits) in the scoped cities
  int counted = 0, scope = 0, amount = 0;
};

struct CardType {
  int color = 0, coin_cost = 0;
  std::array<int, NUM_RESOURCES> cost{};
  int cost_mask = 0;
  int num_chains = 0;
  std::array<int, MAX_CHAINS> chains_from{};
  int vp = 0, shields = 0, coins = 0, science = NO_SCIENCE, wonder_bonus = 0;
  uint32_t specials = 0;  // Leaders: COPY_LEADER (the Courtesans Guild)
  int num_produces = 0, num_discounts = 0, num_coin_rewards = 0, num_vp_rewards = 0;
  std::array<Produce, MAX_EFFECTS> produces{};
  std::array<Discount, MAX_EFFECTS> discounts{};
  std::array<Reward, MAX_EFFECTS> coin_rewards{};
  std::array<Reward, MAX_EFFECTS> vp_rewards{};
};

struct PhysicalCard {
  int age = 0, type = 0, min_players = 0;  // min_players 0: a guild
};

struct Stage {
  std::array<int, NUM_RESOURCES> cost{};
  int vp = 0, shields = 0, coins = 0, science_any = 0;
  uint32_t specials = 0;
  int draw_leaders = 0;  // Leaders: Roma B stage 1 draws this many unused leaders
  int num_produces = 0, num_discounts = 0;
  std::array<Produce, MAX_EFFECTS> produces{};
  std::array<Discount, MAX_EFFECTS> discounts{};
};

struct WonderSide {
  int starting_resource = 0, num_stages = 0;  // starting_resource -1: none (Roma)
  std::array<Stage, MAX_STAGES> stages{};
  LeaderEffects board_effects;  // Leaders: the board's own lasting effects (Roma)
};

struct Tables {
  std::string edition;
  int num_types = 0, num_cards = 0, num_cities = 0;
  std::vector<CardType> types;
  std::vector<PhysicalCard> cards;
  std::vector<std::array<WonderSide, 2>> wonders;  // [city][side 0 (A/Day) or 1 (B/Night)]
  // names, for records and error messages only
  std::vector<std::string> type_names, city_names;
  std::array<std::string, 2> side_names;
  // Leaders (none in the base tables): a leader id is its row
  int num_leaders = 0;
  std::vector<Leader> leaders;
  std::vector<std::string> leader_names;
  // derived at construction
  std::vector<int> guilds;  // physical ids of the guild cards, in table order

  // the non-guild cards of an Age for `seats` cities, in table order (cards.py deck())
  std::vector<int> deck(int age, int seats) const;
};

// The tables as exported by compiled.table_arrays: names, and int64 arrays with their shapes.
struct IntTable {
  std::vector<long> shape;
  std::vector<int64_t> values;
  template <typename... Index>
  const int64_t* data(Index... index) const {
    long flat = 0, d = 0;
    ((flat = flat * shape[d++] + static_cast<long>(index)), ...);
    for (; d < static_cast<long>(shape.size()); ++d) flat *= shape[d];
    return values.data() + flat;
  }
  template <typename... Index>
  int64_t at(Index... index) const {
    return *data(index...);
  }
};
struct TableData {
  std::string edition;
  std::vector<std::string> type_names, city_names, side_names, special_names, leader_effect_kinds, leader_names;
  std::map<std::string, IntTable> arrays;
};

// Checked Tables from exported data; a missing, misshapen or out-of-range array throws
// std::invalid_argument saying which.
std::shared_ptr<const Tables> build_tables(const TableData& data);

}  // namespace wonders::seven_wonders
