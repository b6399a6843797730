// The card, wonder, progress-token and structure tables of the Duel core.
//
// Cards are data with one source of truth: the Python engine (wonders_env.duel.cards) parses and
// validates data/*.csv and layouts.json, and wonders_env.duel.compiled passes its flat per-id
// tables here as named integer arrays (TableArrays). Tables::from_arrays checks every array's
// length and range, so a corrupt table raises an error instead of reaching the rules. The same
// arrays can be written to a text file (the sanitizer program in core/tests reads them).
//
// The sizes are the table's: a Tables holds the counts of its cards, wonders, progress tokens and
// decks (those of the Python engine's DuelDatabase: the base game's 73, 12, 10 and 4, a Pantheon
// table's 78, 14, 13 and 5, an Agora table's 86, 14, 12 and 6, the table with both 91, 16, 15 and 6)
// and of its structures' slots (20 each; Agora's 25, 25 and 23), in arrays sized at the largest
// table (MAX_CARDS, MAX_WONDERS, MAX_TOKENS, MAX_DECKS, MAX_SLOTS, MAX_COLORS), so that a State
// stays a plain value of one size for every table.
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace wonders::duel {

constexpr int MAX_CARDS = 91, MAX_WONDERS = 16, MAX_TOKENS = 15, MAX_DECKS = 6, NUM_RESOURCES = 5;
// the base game's structures' slots (its observation's), and the most slots of any table's (Agora's Ages I and II)
constexpr int NUM_SLOTS = 20, MAX_SLOTS = 25;
// the base game's colours, and the most of any table's (Agora's Senators are an 8th)
constexpr int NUM_COLORS = 7, MAX_COLORS = 8;
constexpr int NUM_SYMBOLS = 7, GUILD_DECK = 3, TEMPLE_DECK = 4, SENATOR_DECK = 5, NONE = -1;
constexpr int GUILDS_PER_GAME = 3, MAX_BOXED = 7;  // Age III's cards of its added deck; the most cards an Age boxes
// colours and resources in the order of wonders_env.duel.cards (COLORS, RESOURCES)
constexpr int BROWN = 0, GREY = 1, BLUE = 2, GREEN = 3, YELLOW = 4, RED = 5, PURPLE = 6, SENATOR = 7;
constexpr int RAW_BITS = 0b00111, MANUFACTURED_BITS = 0b11000;

// named integer arrays as passed from Python (or read from a file), flattened row-major
using TableArrays = std::map<std::string, std::vector<int64_t>>;

// The wonder powers that take no argument: bit `p` of a wonder's `wonder_powers` entry is power p,
// in the order of wonders_env.duel.cards.WONDER_POWERS; WONDER_POWER_NAMES names each (its token),
// and Tables::from_arrays refuses tables whose powers are other names or in another order. A new
// power is a member here with its name, and its token in cards.py.
enum WonderPower : uint8_t { PLAY_AGAIN, BUILD_FROM_DISCARD, NUM_WONDER_POWERS };
constexpr std::array<const char*, NUM_WONDER_POWERS> WONDER_POWER_NAMES = [] {
  std::array<const char*, NUM_WONDER_POWERS> names{};
  names[PLAY_AGAIN] = "play_again";
  names[BUILD_FROM_DISCARD] = "build_from_discard";
  return names;
}();
static_assert(
    [] {
      for (const char* name : WONDER_POWER_NAMES)
        if (!name) return false;
      return true;
    }(),
    "a name for each WonderPower");

struct CardData {
  int8_t color, deck, coin_cost, vp, shields, coins, science;  // science: symbol or NONE
  int8_t temple;                                               // Pantheon: a Grand Temple's mythology, or NONE
  std::array<int8_t, NUM_RESOURCES> cost, production;
  uint8_t choice, trade_fixed;        // resource bit masks
  uint32_t chain_gives, chain_needs;  // chain symbol bit (0: none)
  int8_t coins_per_card, coins_per_card_colors, coins_per_wonder;
  int8_t guild_coins, guild_coins_colors, guild_vp, guild_vp_colors, guild_vp_per_wonder, guild_vp_per_3coins;
  bool changes_costs, has_income;
};

struct WonderData {
  std::array<int8_t, NUM_RESOURCES> cost;
  int8_t vp, shields, coins, opponent_loses, destroy, library_draw;  // destroy: colour or NONE
  uint32_t powers;                                                   // bit p: WonderPower p
  uint8_t choice;
  int8_t pantheon_discount;  // Pantheon: coins off every activation (The Sanctuary)
  bool theater;              // Pantheon: activates a divinity of a mythology deck (The Divine Theater)
  bool has(WonderPower power) const { return powers >> power & 1; }
};

struct TokenData {
  int8_t vp, coins, science, vp_per_token;
};

struct Layout {
  int8_t slots;                       // the structure's slots (the rest of the arrays: unused)
  int8_t age_slots;                   // the slots the Age's cards fill (Agora: not the Senators')
  std::array<int8_t, MAX_SLOTS> row;  // each slot's row, 0 the row dealt first (Agora's Property Fraud)
  std::array<bool, MAX_SLOTS> face_up;
  std::array<int8_t, MAX_SLOTS> cover_count;            // how many slots cover each slot at the start
  std::array<std::array<int8_t, 2>, MAX_SLOTS> covers;  // slots each slot covers (NONE: none)
};

struct LootingToken {
  int8_t victim, distance, coins;  // the player who loses coins, at this pawn distance toward them
};

struct Tables {
  int num_cards, num_wonders, num_tokens, num_decks;  // the table's counts (its names' and its decks')
  int num_colors, num_slots;                          // its cards' colours, its largest structure's slots
  int age3_extra_deck;                                // the deck whose 3 cards join Age III (the Guilds)
  std::array<int8_t, 3> boxed_per_age;                // the cards each Age leaves in the box
  std::array<CardData, MAX_CARDS> cards;
  std::array<WonderData, MAX_WONDERS> wonders;
  std::array<TokenData, MAX_TOKENS> tokens;
  std::array<Layout, 3> layouts;
  std::array<std::vector<int8_t>, MAX_DECKS> deck_cards;             // card ids of each deck, ascending
  int architecture, masonry, economy, strategy, theology, urbanism;  // token ids
  int wonder_discount, blue_discount, strategy_shields, urbanism_chain_coins;
  // Pantheon's progress tokens (NONE without the expansion) and their amounts
  int mysticism, poliorcetics, engineering, mysticism_vp, poliorcetics_coins, engineering_price;
  std::array<LootingToken, 4> looting;     // wonders_env.duel.state.LOOTING_TOKENS
  std::array<int8_t, 10> military_points;  // by pawn distance 0-9 (scoring.MILITARY_POINTS)
  std::vector<std::string> card_names, wonder_names, token_names;

  // Builds and validates the tables, sized by the lists of names (at most MAX_CARDS, MAX_WONDERS,
  // MAX_TOKENS); throws std::invalid_argument naming the bad array or size, or both lists of
  // wonder powers when `wonder_power_names` (the tables' vocabulary) is not WONDER_POWER_NAMES.
  static Tables from_arrays(const TableArrays& arrays, std::vector<std::string> card_names,
                            std::vector<std::string> wonder_names, std::vector<std::string> token_names,
                            const std::vector<std::string>& wonder_power_names);
};

// The array `name` of `arrays`, checked to hold `size` values in [low, high]; throws
// std::invalid_argument naming the array and what is wrong (for every table of the Duel core).
const std::vector<int64_t>& table_array(const TableArrays& arrays, const std::string& name, size_t size, int64_t low,
                                        int64_t high);
// "(a, b, c)": a list of names in an error message.
std::string listed_names(const std::vector<std::string>& names);

}  // namespace wonders::duel
