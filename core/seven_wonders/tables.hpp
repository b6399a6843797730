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
constexpr int MAX_CITIES = 7;   // wonder boards
constexpr int MAX_STAGES = 4;
constexpr int MAX_CHAINS = 4;
constexpr int MAX_EFFECTS = 2;  // produce / discount / reward effects per card or stage
constexpr int SCIENCE_ANY = 3;
constexpr int NO_SCIENCE = -1;
// what a counting reward counts: the seven colours, then these two (bits of Reward::counted)
constexpr int COUNT_WONDER_STAGE = 7, COUNT_DEFEAT_TOKEN = 8;
constexpr int SCOPE_SELF = 1, SCOPE_LEFT = 2, SCOPE_RIGHT = 4;

// Wonder powers (bits of Stage::specials), named as in cards.py SPECIALS.
enum Special : uint32_t {
  FREE_BUILD_ONCE_PER_AGE = 1,
  BUILD_FROM_DISCARD = 2,
  PLAY_SEVENTH_CARD = 4,
  COPY_GUILD = 8,
  FREE_FIRST_OF_COLOR = 16,
  FREE_FIRST_OF_AGE = 32,
  FREE_LAST_OF_AGE = 64,
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
  int num_produces = 0, num_discounts = 0;
  std::array<Produce, MAX_EFFECTS> produces{};
  std::array<Discount, MAX_EFFECTS> discounts{};
};

struct WonderSide {
  int starting_resource = 0, num_stages = 0;
  std::array<Stage, MAX_STAGES> stages{};
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
  std::vector<std::string> type_names, city_names, side_names;
  std::map<std::string, IntTable> arrays;
};

// Checked Tables from exported data; a missing, misshapen or out-of-range array throws
// std::invalid_argument saying which.
std::shared_ptr<const Tables> build_tables(const TableData& data);

}  // namespace wonders::seven_wonders
