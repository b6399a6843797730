#include "duel/tables.hpp"

#include <algorithm>
#include <stdexcept>

namespace wonders::duel {

const std::vector<int64_t>& table_array(const TableArrays& arrays, const std::string& name, size_t size, int64_t low,
                                        int64_t high) {
  auto found = arrays.find(name);
  if (found == arrays.end()) throw std::invalid_argument("duel tables: missing array '" + name + "'");
  const auto& values = found->second;
  if (values.size() != size)
    throw std::invalid_argument("duel tables: array '" + name + "' must have " + std::to_string(size) +
                                " values, got " + std::to_string(values.size()));
  for (int64_t v : values)
    if (v < low || v > high)
      throw std::invalid_argument("duel tables: array '" + name + "' holds " + std::to_string(v) + ", outside " +
                                  std::to_string(low) + ".." + std::to_string(high));
  return values;
}

std::string listed_names(const std::vector<std::string>& names) {
  std::string text;
  for (const auto& name : names) text += (text.empty() ? "" : ", ") + name;
  return "(" + text + ")";
}

namespace {

int8_t i8(int64_t v) { return static_cast<int8_t>(v); }

// Refuses tables whose wonder powers are not the core's WonderPower bits, naming both lists.
void check_wonder_powers(const std::vector<std::string>& given) {
  const std::vector<std::string> core(WONDER_POWER_NAMES.begin(), WONDER_POWER_NAMES.end());
  if (given == core) return;
  const std::string theirs = listed_names(given), ours = listed_names(core);
  throw std::invalid_argument(
      "duel tables: the wonder powers of the tables (wonders_env.duel.cards.WONDER_POWERS) are " + theirs +
      ", but the core's bits (WonderPower in core/duel/tables.hpp) are " + ours +
      "; add each power to both, in one order");
}

}  // namespace

Tables Tables::from_arrays(const TableArrays& a, std::vector<std::string> card_names,
                           std::vector<std::string> wonder_names, std::vector<std::string> token_names,
                           const std::vector<std::string>& wonder_power_names) {
  check_wonder_powers(wonder_power_names);
  Tables t{};
  auto count = [](const std::vector<std::string>& names, int most, const char* what) {
    if (names.empty() || names.size() > static_cast<size_t>(most))
      throw std::invalid_argument(std::string("duel tables: ") + std::to_string(names.size()) + " " + what +
                                  " names; a table has 1 to " + std::to_string(most));
    return static_cast<int>(names.size());
  };
  t.num_cards = count(card_names, MAX_CARDS, "card");
  t.num_wonders = count(wonder_names, MAX_WONDERS, "wonder");
  t.num_tokens = count(token_names, MAX_TOKENS, "progress token");
  const auto& decks = table_array(a, "decks", 2, 0, MAX_DECKS);  // the number of decks, Age III's added deck
  t.num_decks = static_cast<int>(decks[0]);
  t.age3_extra_deck = static_cast<int>(decks[1]);
  if (t.num_decks < 4 || t.age3_extra_deck < 3 || t.age3_extra_deck >= t.num_decks)
    throw std::invalid_argument("duel tables: array 'decks' must name 4-" + std::to_string(MAX_DECKS) +
                                " decks and an added Age III deck after the Age decks, got " +
                                std::to_string(decks[0]) + ", " + std::to_string(decks[1]));
  const size_t C = t.num_cards, W = t.num_wonders, T = t.num_tokens, R = NUM_RESOURCES;
  // the Senator colour only in a table with the Senators' deck (Agora's)
  const auto& color = table_array(a, "card_color", C, 0, (t.num_decks > SENATOR_DECK ? MAX_COLORS : NUM_COLORS) - 1);
  const auto& deck = table_array(a, "card_deck", C, 0, t.num_decks - 1);
  const auto& coin_cost = table_array(a, "card_coin_cost", C, 0, 20);
  const auto& cost = table_array(a, "card_cost", C * R, 0, 9);
  const auto& chain_gives = table_array(a, "card_chain_gives", C, 0, 1 << 30);
  const auto& chain_needs = table_array(a, "card_chain_needs", C, 0, 1 << 30);
  const auto& vp = table_array(a, "card_vp", C, 0, 20);
  const auto& shields = table_array(a, "card_shields", C, 0, 9);
  const auto& coins = table_array(a, "card_coins", C, 0, 20);
  const auto& science = table_array(a, "card_science", C, NONE, NUM_SYMBOLS - 1);
  const auto& production = table_array(a, "card_production", C * R, 0, 9);
  const auto& choice = table_array(a, "card_choice", C, 0, (1 << R) - 1);
  const auto& trade_fixed = table_array(a, "card_trade_fixed", C, 0, (1 << R) - 1);
  const auto& per_card = table_array(a, "card_coins_per_card", C * 2, 0, 127);
  const auto& per_wonder = table_array(a, "card_coins_per_wonder", C, 0, 20);
  const auto& guild_coins = table_array(a, "card_guild_coins", C * 2, 0, 127);
  const auto& guild_vp = table_array(a, "card_guild_vp", C * 2, 0, 127);
  const auto& guild_vp_wonder = table_array(a, "card_guild_vp_per_wonder", C, 0, 20);
  const auto& guild_vp_coins = table_array(a, "card_guild_vp_per_3coins", C, 0, 20);
  const auto& changes_costs = table_array(a, "card_changes_costs", C, 0, 1);
  const auto& has_income = table_array(a, "card_has_income", C, 0, 1);
  const auto& temple = table_array(a, "card_temple", C, NONE, 9);
  for (size_t c = 0; c < C; ++c) {
    CardData& d = t.cards[c];
    d.color = i8(color[c]);
    d.deck = i8(deck[c]);
    d.coin_cost = i8(coin_cost[c]);
    d.vp = i8(vp[c]);
    d.shields = i8(shields[c]);
    d.coins = i8(coins[c]);
    d.science = i8(science[c]);
    for (size_t r = 0; r < R; ++r) {
      d.cost[r] = i8(cost[c * R + r]);
      d.production[r] = i8(production[c * R + r]);
    }
    d.choice = static_cast<uint8_t>(choice[c]);
    d.trade_fixed = static_cast<uint8_t>(trade_fixed[c]);
    d.chain_gives = static_cast<uint32_t>(chain_gives[c]);
    d.chain_needs = static_cast<uint32_t>(chain_needs[c]);
    d.coins_per_card = i8(per_card[2 * c]);
    d.coins_per_card_colors = i8(per_card[2 * c + 1]);
    d.coins_per_wonder = i8(per_wonder[c]);
    d.guild_coins = i8(guild_coins[2 * c]);
    d.guild_coins_colors = i8(guild_coins[2 * c + 1]);
    d.guild_vp = i8(guild_vp[2 * c]);
    d.guild_vp_colors = i8(guild_vp[2 * c + 1]);
    d.guild_vp_per_wonder = i8(guild_vp_wonder[c]);
    d.guild_vp_per_3coins = i8(guild_vp_coins[c]);
    d.changes_costs = changes_costs[c] != 0;
    d.has_income = has_income[c] != 0;
    d.temple = i8(temple[c]);
    if (d.choice && d.choice != RAW_BITS && d.choice != MANUFACTURED_BITS)
      throw std::invalid_argument("duel tables: card " + std::to_string(c) +
                                  " has a choice that is neither all raw materials nor all goods");
    t.deck_cards[d.deck].push_back(static_cast<int8_t>(c));
    t.num_colors = std::max(t.num_colors, d.color + 1);
  }
  const auto& w_cost = table_array(a, "wonder_cost", W * R, 0, 9);
  const auto& w_vp = table_array(a, "wonder_vp", W, 0, 20);
  const auto& w_shields = table_array(a, "wonder_shields", W, 0, 9);
  const auto& w_coins = table_array(a, "wonder_coins", W, 0, 20);
  const auto& w_loses = table_array(a, "wonder_opponent_loses", W, 0, 20);
  const auto& w_powers = table_array(a, "wonder_powers", W, 0, (1 << NUM_WONDER_POWERS) - 1);
  const auto& w_destroy = table_array(a, "wonder_destroy", W, NONE, NUM_COLORS - 1);
  const auto& w_library = table_array(a, "wonder_library_draw", W, 0, t.num_tokens - 5);
  const auto& w_choice = table_array(a, "wonder_choice", W, 0, (1 << R) - 1);
  const auto& w_pantheon_discount = table_array(a, "wonder_pantheon_discount", W, 0, 9);
  const auto& w_theater = table_array(a, "wonder_theater", W, 0, 1);
  for (size_t w = 0; w < W; ++w) {
    WonderData& d = t.wonders[w];
    for (size_t r = 0; r < R; ++r) d.cost[r] = i8(w_cost[w * R + r]);
    d.vp = i8(w_vp[w]);
    d.shields = i8(w_shields[w]);
    d.coins = i8(w_coins[w]);
    d.opponent_loses = i8(w_loses[w]);
    d.destroy = i8(w_destroy[w]);
    d.library_draw = i8(w_library[w]);
    d.powers = static_cast<uint32_t>(w_powers[w]);
    d.choice = static_cast<uint8_t>(w_choice[w]);
    d.pantheon_discount = i8(w_pantheon_discount[w]);
    d.theater = w_theater[w] != 0;
    if (d.choice && d.choice != RAW_BITS && d.choice != MANUFACTURED_BITS)
      throw std::invalid_argument("duel tables: wonder " + std::to_string(w) + " has a mixed choice");
  }

  const auto& k_vp = table_array(a, "token_vp", T, 0, 20);
  const auto& k_coins = table_array(a, "token_coins", T, 0, 20);
  const auto& k_science = table_array(a, "token_science", T, NONE, NUM_SYMBOLS - 1);
  const auto& k_per = table_array(a, "token_vp_per_token", T, 0, 20);
  for (size_t k = 0; k < T; ++k) t.tokens[k] = TokenData{i8(k_vp[k]), i8(k_coins[k]), i8(k_science[k]), i8(k_per[k])};
  const auto& special = table_array(a, "special_tokens", 6, 0, t.num_tokens - 1);
  t.architecture = static_cast<int>(special[0]);
  t.masonry = static_cast<int>(special[1]);
  t.economy = static_cast<int>(special[2]);
  t.strategy = static_cast<int>(special[3]);
  t.theology = static_cast<int>(special[4]);
  t.urbanism = static_cast<int>(special[5]);
  const auto& amounts = table_array(a, "token_amounts", 4, 0, 9);
  t.wonder_discount = static_cast<int>(amounts[0]);
  t.blue_discount = static_cast<int>(amounts[1]);
  t.strategy_shields = static_cast<int>(amounts[2]);
  t.urbanism_chain_coins = static_cast<int>(amounts[3]);

  const auto& pantheon_tokens = table_array(a, "pantheon_progress_tokens", 3, NONE, t.num_tokens - 1);
  t.mysticism = static_cast<int>(pantheon_tokens[0]);
  t.poliorcetics = static_cast<int>(pantheon_tokens[1]);
  t.engineering = static_cast<int>(pantheon_tokens[2]);
  const auto& pantheon_amounts = table_array(a, "pantheon_token_amounts", 3, 0, 9);
  t.mysticism_vp = static_cast<int>(pantheon_amounts[0]);
  t.poliorcetics_coins = static_cast<int>(pantheon_amounts[1]);
  t.engineering_price = static_cast<int>(pantheon_amounts[2]);

  const auto& looting = table_array(a, "looting_tokens", 4 * 3, 0, 9);
  for (int i = 0; i < 4; ++i) {
    t.looting[i] = LootingToken{i8(looting[3 * i]), i8(looting[3 * i + 1]), i8(looting[3 * i + 2])};
    if (t.looting[i].victim > 1) throw std::invalid_argument("duel tables: a looting victim must be 0 or 1");
  }
  const auto& military = table_array(a, "military_points", 10, 0, 20);
  for (int i = 0; i < 10; ++i) t.military_points[i] = i8(military[i]);

  // the structures: each Age's slots and the slots its cards fill (Agora: the others hold Senators)
  const auto& slots = table_array(a, "layout_slots", 3 * 2, 1, MAX_SLOTS);
  t.num_slots = static_cast<int>(std::max({slots[0], slots[2], slots[4]}));
  const int S = t.num_slots;
  const auto& face_up = table_array(a, "layout_face_up", 3 * S, 0, 1);
  const auto& rows = table_array(a, "layout_rows", 3 * S, NONE, MAX_SLOTS);
  const auto& covered_by = table_array(a, "layout_covered_by", 3 * S * 2, NONE, S - 1);
  for (int age = 0; age < 3; ++age) {
    Layout& layout = t.layouts[age];
    layout.slots = i8(slots[2 * age]);
    layout.age_slots = i8(slots[2 * age + 1]);
    if (layout.age_slots > layout.slots)
      throw std::invalid_argument("duel tables: Age " + std::to_string(age + 1) + "'s cards fill more slots than its " +
                                  std::to_string(layout.slots));
    for (int s = 0; s < MAX_SLOTS; ++s) {
      layout.face_up[s] = s < layout.slots && face_up[age * S + s] != 0;
      layout.row[s] = s < layout.slots ? i8(rows[age * S + s]) : NONE;
      layout.cover_count[s] = 0;
      layout.covers[s] = {NONE, NONE};
    }
    for (int s = 0; s < layout.slots; ++s)
      for (int i = 0; i < 2; ++i) {
        int64_t over = covered_by[(age * S + s) * 2 + i];
        if (over == NONE) continue;
        if (over <= s || over >= layout.slots)
          throw std::invalid_argument("duel tables: a slot must be covered by later slots of its structure");
        ++layout.cover_count[s];
        auto& list = layout.covers[over];
        if (list[0] == NONE)
          list[0] = static_cast<int8_t>(s);
        else if (list[1] == NONE)
          list[1] = static_cast<int8_t>(s);
        else
          throw std::invalid_argument("duel tables: a slot covers more than two slots");
      }
    for (int s = 0; s < layout.slots; ++s)
      if (!layout.cover_count[s] && !layout.face_up[s])
        throw std::invalid_argument("duel tables: an open slot must be dealt face up");
  }
  // each Age fills its structure's slots for its cards (Age III with 3 cards of its added deck); the
  // rest goes to the box
  const int extra = static_cast<int>(t.deck_cards[t.age3_extra_deck].size());
  for (int age = 0; age < 3; ++age) {
    const int kept = t.layouts[age].age_slots - (age == 2 ? GUILDS_PER_GAME : 0);
    const int boxed = static_cast<int>(t.deck_cards[age].size()) - kept + (age == 2 ? extra - GUILDS_PER_GAME : 0);
    if (static_cast<int>(t.deck_cards[age].size()) < kept || (age == 2 && extra < GUILDS_PER_GAME) || boxed > MAX_BOXED)
      throw std::invalid_argument("duel tables: the deck of Age " + std::to_string(age + 1) + " holds " +
                                  std::to_string(t.deck_cards[age].size()) + " cards (Age III's added deck " +
                                  std::to_string(extra) + "); each Age needs its " +
                                  std::to_string(t.layouts[age].age_slots) + " cards and boxes at most " +
                                  std::to_string(MAX_BOXED));
    t.boxed_per_age[age] = static_cast<int8_t>(boxed);
  }

  t.card_names = std::move(card_names);
  t.wonder_names = std::move(wonder_names);
  t.token_names = std::move(token_names);
  return t;
}

}  // namespace wonders::duel
