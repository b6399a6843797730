#include "duel/pantheon_tables.hpp"

#include <algorithm>
#include <stdexcept>

namespace wonders::duel {
namespace {

int8_t i8(int64_t v) { return static_cast<int8_t>(v); }

void refuse(const std::string& what) { throw std::invalid_argument("duel pantheon tables: " + what); }

// Refuses tables whose divine powers are not the core's DivinePower members, naming both lists.
void check_divine_powers(const std::vector<std::string>& given) {
  const std::vector<std::string> core(DIVINE_POWER_NAMES.begin(), DIVINE_POWER_NAMES.end());
  if (given == core) return;
  refuse("the divine powers of the tables (wonders_env.duel.cards.DIVINE_POWERS) are " + listed_names(given) +
         ", but the core's (DivinePower in core/duel/pantheon_tables.hpp) are " + listed_names(core) +
         "; add each power to both, in one order");
}

void read_divinities(const TableArrays& a, PantheonTables& t) {
  const size_t D = NUM_DIVINITIES;
  const auto& mythology = table_array(a, "divinity_mythology", D, NONE, NUM_MYTHOLOGIES - 1);
  const auto& vp = table_array(a, "divinity_vp", D, 0, 20);
  const auto& coins = table_array(a, "divinity_coins", D, 0, 20);
  const auto& shields = table_array(a, "divinity_shields", D, 0, 9);
  const auto& science = table_array(a, "divinity_science", D, NONE, NUM_SYMBOLS - 1);
  const auto& astarte = table_array(a, "divinity_astarte_coins", D, 0, 20);
  const auto& per_astarte = table_array(a, "divinity_vp_per_astarte_coin", D, 0, 9);
  const auto& multiplier = table_array(a, "divinity_price_multiplier", D, 1, 4);
  const auto& power = table_array(a, "divinity_power", D, NONE, NUM_DIVINE_POWERS - 1);
  const auto& amount = table_array(a, "divinity_power_amount", D, 0, 20);
  const auto& what = table_array(a, "divinity_power_what", D, 0, (1 << NUM_COLORS) - 1);
  std::array<int, NUM_MYTHOLOGIES> in_deck{};
  t.gate = NONE;
  for (size_t d = 0; d < D; ++d) {
    t.divinities[d] = DivinityData{i8(mythology[d]), i8(vp[d]),      i8(coins[d]),       i8(shields[d]),
                                   i8(science[d]),   i8(astarte[d]), i8(per_astarte[d]), i8(multiplier[d]),
                                   i8(power[d]),     i8(amount[d]),  i8(what[d])};
    const int m = t.divinities[d].mythology;
    if (m == NONE) {
      if (t.gate != NONE) refuse("two divinities without a mythology; only the Gate has none");
      t.gate = static_cast<int>(d);
    } else if (in_deck[m] == DIVINITIES_PER_MYTHOLOGY) {
      refuse("more than " + std::to_string(DIVINITIES_PER_MYTHOLOGY) + " divinities of mythology " + std::to_string(m));
    } else {
      t.decks[m][in_deck[m]++] = static_cast<int8_t>(d);
    }
  }
  if (t.gate == NONE) refuse("no divinity without a mythology (the Gate)");
  t.enki = NONE;
  t.steal_colours = 0;
  for (size_t d = 0; d < D; ++d) {
    if (t.divinities[d].power == ENKI_TOKEN_CHOICE) t.enki = static_cast<int>(d);
    if (t.divinities[d].power == STEAL_CARD) t.steal_colours = t.divinities[d].power_what;
  }
}

void read_tokens(const TableArrays& a, PantheonTables& t) {
  const size_t K = NUM_PANTHEON_TOKENS;
  const auto& mythology = table_array(a, "pantheon_token_mythology", K, NONE, NUM_MYTHOLOGIES - 1);
  const auto& discount = table_array(a, "pantheon_token_discount", K, 0, 9);
  const auto& draw = table_array(a, "pantheon_token_draw", K, 0, DIVINITIES_PER_MYTHOLOGY);
  std::array<int, NUM_MYTHOLOGIES> per_mythology{};
  int mythology_tokens = 0, offerings = 0;
  for (size_t k = 0; k < K; ++k) {
    const PantheonTokenData token{i8(mythology[k]), i8(discount[k]), i8(draw[k])};
    t.tokens[k] = token;
    if (token.mythology == NONE) {
      if (!token.discount || token.draw || offerings == NUM_OFFERINGS)
        refuse("token " + std::to_string(k) +
               " is neither a mythology token (a mythology, divinities to draw) "
               "nor one of " +
               std::to_string(NUM_OFFERINGS) + " offering tokens (a discount)");
      t.token_kind[k] = static_cast<int8_t>(NUM_MYTHOLOGIES + offerings);
      t.offering_tokens[offerings++] = static_cast<int8_t>(k);
    } else {
      t.token_kind[k] = token.mythology;
      if (token.discount || !token.draw || per_mythology[token.mythology] == MYTHOLOGY_TOKENS_PER_MYTHOLOGY)
        refuse("token " + std::to_string(k) + " is not one of " + std::to_string(MYTHOLOGY_TOKENS_PER_MYTHOLOGY) +
               " mythology tokens of its mythology that draw divinities and give no discount");
      ++per_mythology[token.mythology];
      t.mythology_tokens[mythology_tokens++] = static_cast<int8_t>(k);
    }
  }
}

void read_board(const TableArrays& a, PantheonTables& t) {
  const auto& prices = table_array(a, "space_prices", 2 * NUM_SPACES, 0, 20);
  for (int p = 0; p < 2; ++p)
    for (int s = 0; s < NUM_SPACES; ++s) t.space_prices[p][s] = i8(prices[p * NUM_SPACES + s]);
  for (int s = 0; s < NUM_SPACES; ++s)
    if (t.space_prices[0][s] + t.space_prices[1][s] != t.space_prices[0][0] + t.space_prices[0][NUM_SPACES - 1])
      refuse(
          "the two players' space prices must mirror (the two prices of every space add up to the same sum), "
          "space " +
          std::to_string(s + 1) + " does not");
  const auto& temple_vp = table_array(a, "grand_temple_vp", TEMPLE_POINTS, 0, 60);
  for (int i = 0; i < TEMPLE_POINTS; ++i) t.grand_temple_vp[i] = i8(temple_vp[i]);
  t.mythology_tokens_per_game = static_cast<int>(
      table_array(a, "mythology_tokens_per_game", 1, 1, NUM_MYTHOLOGIES * MYTHOLOGY_TOKENS_PER_MYTHOLOGY)[0]);
  t.first_activation_age = static_cast<int>(table_array(a, "first_activation_age", 1, 1, 3)[0]);
  // per Age, padded to the table's structures' slots (NUM_SLOTS; with Agora's structures MAX_SLOTS)
  const auto given = a.find("token_slots");
  const int per_age = given != a.end() && given->second.size() == 3 * MAX_SLOTS ? MAX_SLOTS : NUM_SLOTS;
  const auto& slots = table_array(a, "token_slots", 3 * per_age, NONE, per_age - 1);
  const int tokens_for_age[3] = {t.mythology_tokens_per_game, NUM_OFFERINGS, 0};
  for (int age = 0; age < 3; ++age) {
    std::vector<int8_t>& row = t.token_slots[age];
    for (int i = 0; i < per_age && slots[age * per_age + i] != NONE; ++i) {
      const int8_t slot = i8(slots[age * per_age + i]);
      if (!row.empty() && slot <= row.back())
        refuse("the token slots of Age " + std::to_string(age + 1) + " must be ascending and distinct");
      row.push_back(slot);
    }
    const bool exact = age == 0;  // Age I: one slot per mythology token of a game; Age II: up to one per offering
    if (exact ? static_cast<int>(row.size()) != tokens_for_age[age]
              : static_cast<int>(row.size()) > tokens_for_age[age])
      refuse("Age " + std::to_string(age + 1) + " has " + std::to_string(row.size()) + " token slots, for " +
             std::to_string(tokens_for_age[age]) + " tokens");
  }
}

}  // namespace

PantheonTables PantheonTables::from_arrays(const TableArrays& arrays, std::vector<std::string> divinity_names,
                                           std::vector<std::string> token_names,
                                           const std::vector<std::string>& divine_power_names) {
  check_divine_powers(divine_power_names);
  PantheonTables t;
  read_divinities(arrays, t);
  read_tokens(arrays, t);
  read_board(arrays, t);
  if (divinity_names.size() != NUM_DIVINITIES || token_names.size() != NUM_PANTHEON_TOKENS)
    refuse("expected " + std::to_string(NUM_DIVINITIES) + " divinity and " + std::to_string(NUM_PANTHEON_TOKENS) +
           " token names, got " + std::to_string(divinity_names.size()) + " and " + std::to_string(token_names.size()));
  t.divinity_names = std::move(divinity_names);
  t.token_names = std::move(token_names);
  return t;
}

}  // namespace wonders::duel
