#include "seven_wonders/tables.hpp"

#include <stdexcept>

#include "seven_wonders/state.hpp"

namespace wonders::seven_wonders {
namespace {

[[noreturn]] void fail(const std::string& message) { throw std::invalid_argument(message); }

// The array `key`, which must have exactly `shape`.
const IntTable& table_array(const TableData& data, const char* key, std::vector<long> shape) {
  auto found = data.arrays.find(key);
  if (found == data.arrays.end()) fail(std::string("core tables: missing array '") + key + "'");
  if (found->second.shape != shape) fail(std::string("core tables: array '") + key + "' has the wrong shape");
  return found->second;
}

int in_range(int64_t value, int64_t low, int64_t high, const char* what) {
  if (value < low || value > high)
    fail(std::string("core tables: ") + what + " " + std::to_string(value) + " is outside [" + std::to_string(low) +
         ", " + std::to_string(high) + "]");
  return static_cast<int>(value);
}

Produce produce_at(const int64_t* p) {
  return Produce{in_range(p[0], 0, 127, "produce mask"), in_range(p[1], 0, 9, "produce count"), p[2] != 0};
}
Discount discount_at(const int64_t* p) {
  return Discount{in_range(p[0], 0, 127, "discount mask"), in_range(p[1], 0, 7, "scope")};
}
// counted_max: the highest bit mask of counted items the tables may use (bits 9-11 only with Leaders)
Reward reward_at(const int64_t* p, int counted_max) {
  return Reward{in_range(p[0], 0, counted_max, "counted items"), in_range(p[1], 0, 7, "scope"),
                in_range(p[2], 0, 99, "amount")};
}

// `names` must equal the core's list `expected` of `count` names (the vocabularies of cards.py).
void check_names(const std::vector<std::string>& names, const char* const* expected, int count, const char* what) {
  std::string theirs, ours;
  for (const auto& name : names) theirs += (theirs.empty() ? "" : ", ") + name;
  for (int i = 0; i < count; ++i) ours += (ours.empty() ? "" : ", ") + std::string(expected[i]);
  if (theirs != ours)
    fail(std::string("core tables: the ") + what + " are [" + theirs + "] but the core implements [" + ours + "]");
}

// The effects of one leader or board: rows (kind + 1, a, b, c), 0 for none, packed first.
LeaderEffects leader_effects_at(const IntTable& rows, long index, long side = -1) {
  LeaderEffects out;
  for (int e = 0; e < MAX_LEADER_EFFECTS; ++e) {
    const int64_t* p = side < 0 ? rows.data(index, e, 0) : rows.data(index, side, e, 0);
    if (p[0] == 0) {
      if (p[1] || p[2] || p[3]) fail("core tables: an empty leader effect row has arguments");
      continue;
    }
    if (out.count != e) fail("core tables: leader effect rows must come first, without gaps");
    LeaderEffect& effect = out.effects[out.count++];
    effect.kind = static_cast<LeaderEffectKind>(in_range(p[0] - 1, 0, NUM_LEADER_EFFECT_KINDS - 1, "leader effect"));
    int high_a = 0, high_b = 0, high_c = 0;  // the arguments' upper bounds by kind (all from 0)
    switch (effect.kind) {
      case LE_COINS:
      case LE_VICTORY_POINTS:
      case LE_SCIENCE_SET_BONUS:
        high_a = 99;
        break;
      case LE_SHIELDS:
        high_a = 9;
        break;
      case LE_SCIENCE:
        high_a = SCIENCE_ANY;
        break;
      case LE_COUNT_REWARD:
        high_a = (1 << (COUNT_LEADER + 1)) - 1;
        high_b = 7;
        high_c = 99;
        break;
      case LE_SET_REWARD:
        high_a = (1 << NUM_COLORS) - 1;
        high_b = 99;
        break;
      case LE_RESOURCE_DISCOUNT:
        high_a = COUNT_WONDER_STAGE;
        high_b = 7;
        break;
      case LE_BANK_PURCHASE:
        high_a = 99;
        break;
      case LE_EVENT_COINS:
        high_a = NUM_EVENTS - 1;
        high_b = 99;
        break;
      case LE_LEADER_DISCOUNT:
        high_a = 7;
        high_b = 99;
        high_c = 1;
        break;
      case LE_FREE_BUILD:
        high_a = NUM_COLORS - 1;
        break;
      default:
        break;
    }
    effect.a = in_range(p[1], 0, high_a, "leader effect argument");
    effect.b = in_range(p[2], 0, high_b, "leader effect argument");
    effect.c = in_range(p[3], 0, high_c, "leader effect argument");
    if ((effect.kind == LE_COUNT_REWARD || effect.kind == LE_SET_REWARD) && effect.a == 0)
      fail("core tables: a leader's reward counts nothing");
  }
  return out;
}

}  // namespace

std::shared_ptr<const Tables> build_tables(const TableData& data) {
  auto t = std::make_shared<Tables>();
  t->edition = data.edition;
  t->type_names = data.type_names;
  t->city_names = data.city_names;
  const auto& sides = data.side_names;
  if (sides.size() != 2) fail("core tables: side_names must hold 2 names");
  t->side_names = {sides[0], sides[1]};
  const long T = static_cast<long>(t->type_names.size());
  const long C = static_cast<long>(t->city_names.size());
  if (T < 1 || T > MAX_TYPES)
    fail("core tables: the number of card names must be in [1, " + std::to_string(MAX_TYPES) + "]");
  if (C < 3 || C > MAX_CITIES)
    fail("core tables: the number of cities must be in [3, " + std::to_string(MAX_CITIES) + "]");
  t->num_types = static_cast<int>(T);
  t->num_cities = static_cast<int>(C);
  check_names(data.special_names, SPECIAL_NAMES, NUM_SPECIALS, "special powers");
  check_names(data.leader_effect_kinds, LEADER_EFFECT_KIND_NAMES, NUM_LEADER_EFFECT_KINDS, "leader effect kinds");
  const long L = static_cast<long>(data.leader_names.size());
  if (L > MAX_LEADERS) fail("core tables: the number of leaders must be in [0, " + std::to_string(MAX_LEADERS) + "]");
  t->num_leaders = static_cast<int>(L);
  t->leader_names = data.leader_names;
  const auto& leader_cost = table_array(data, "leader_coin_cost", {L});
  const auto& leader_effects = table_array(data, "leader_effects", {L, MAX_LEADER_EFFECTS, 4});
  t->leaders.resize(static_cast<size_t>(L));
  for (long i = 0; i < L; ++i) {
    t->leaders[static_cast<size_t>(i)].coin_cost = in_range(leader_cost.at(i), 0, 99, "leader coin cost");
    t->leaders[static_cast<size_t>(i)].effects = leader_effects_at(leader_effects, i);
  }
  // the powers of Leaders (counted items 9-11, specials from DEFEAT_TOKENS_TO_VICTOR) need its leaders
  const int counted_max = L ? (1 << (COUNT_LEADER + 1)) - 1 : (1 << (COUNT_DEFEAT_TOKEN + 1)) - 1;
  const int specials_max = L ? (1 << NUM_SPECIALS) - 1 : DEFEAT_TOKENS_TO_VICTOR - 1;
  auto ages = data.arrays.find("card_age");
  if (ages == data.arrays.end() || ages->second.shape.size() != 1) fail("core tables: missing array 'card_age'");
  const long N = ages->second.shape[0];
  if (N < 1 || N > MAX_CARDS)
    fail("core tables: the number of cards must be in [1, " + std::to_string(MAX_CARDS) + "]");
  t->num_cards = static_cast<int>(N);

  const auto &color = table_array(data, "type_color", {T}), coin_cost = table_array(data, "type_coin_cost", {T});
  const auto &cost = table_array(data, "type_cost", {T, NUM_RESOURCES}),
             chains = table_array(data, "type_chains", {T, MAX_CHAINS});
  const auto &vp = table_array(data, "type_vp", {T}), shields = table_array(data, "type_shields", {T});
  const auto &coins = table_array(data, "type_coins", {T}), science = table_array(data, "type_science", {T});
  const auto& bonus = table_array(data, "type_wonder_bonus", {T});
  const auto& produces = table_array(data, "type_produces", {T, MAX_EFFECTS, 3});
  const auto& discounts = table_array(data, "type_discounts", {T, MAX_EFFECTS, 2});
  const auto& coin_rewards = table_array(data, "type_coin_rewards", {T, MAX_EFFECTS, 3});
  const auto& vp_rewards = table_array(data, "type_vp_rewards", {T, MAX_EFFECTS, 3});
  const auto& type_specials = table_array(data, "type_specials", {T});
  t->types.resize(static_cast<size_t>(T));
  for (long i = 0; i < T; ++i) {
    CardType& c = t->types[static_cast<size_t>(i)];
    c.color = in_range(color.at(i), 0, NUM_COLORS - 1, "colour");
    c.coin_cost = in_range(coin_cost.at(i), 0, 99, "coin cost");
    int units = 0;
    for (int r = 0; r < NUM_RESOURCES; ++r) {
      c.cost[r] = in_range(cost.at(i, r), 0, 7, "resource cost");
      units += c.cost[r];
      if (c.cost[r]) c.cost_mask |= 1 << r;
    }
    if (units > 7) fail("core tables: a card costs more than 7 resource units");
    for (int k = 0; k < MAX_CHAINS; ++k)
      if (chains.at(i, k) >= 0) c.chains_from[c.num_chains++] = in_range(chains.at(i, k), 0, T - 1, "chain");
    c.vp = in_range(vp.at(i), -99, 99, "vp");
    c.shields = in_range(shields.at(i), 0, 9, "shields");
    c.coins = in_range(coins.at(i), 0, 99, "coins");
    c.science = in_range(science.at(i), NO_SCIENCE, SCIENCE_ANY, "science symbol");
    c.wonder_bonus = in_range(bonus.at(i), 0, 99, "wonder bonus");
    c.specials = static_cast<uint32_t>(in_range(type_specials.at(i), 0, specials_max, "card specials"));
    if (c.specials & ~COPY_LEADER) fail("core tables: a card's only special power is copy_leader");
    for (int k = 0; k < MAX_EFFECTS; ++k) {
      if (produces.at(i, k, 0)) c.produces[c.num_produces++] = produce_at(produces.data(i, k, 0));
      if (discounts.at(i, k, 0)) c.discounts[c.num_discounts++] = discount_at(discounts.data(i, k, 0));
      if (coin_rewards.at(i, k, 0))
        c.coin_rewards[c.num_coin_rewards++] = reward_at(coin_rewards.data(i, k, 0), counted_max);
      if (vp_rewards.at(i, k, 0)) c.vp_rewards[c.num_vp_rewards++] = reward_at(vp_rewards.data(i, k, 0), counted_max);
    }
  }
  const auto &age = table_array(data, "card_age", {N}), type = table_array(data, "card_type", {N});
  const auto& min_players = table_array(data, "card_min_players", {N});
  t->cards.resize(static_cast<size_t>(N));
  for (long i = 0; i < N; ++i) {
    PhysicalCard& c = t->cards[static_cast<size_t>(i)];
    c.age = in_range(age.at(i), 1, 3, "card age");
    c.type = in_range(type.at(i), 0, T - 1, "card type");
    c.min_players = in_range(min_players.at(i), 0, 7, "min_players");
    if (c.min_players == 0) t->guilds.push_back(static_cast<int>(i));
  }
  for (int seats = 3; seats <= 7; ++seats)
    for (int a = 1; a <= 3; ++a) {
      size_t expected = static_cast<size_t>(seats * CARDS_PER_HAND - (a == 3 ? seats + 2 : 0));
      if (t->deck(a, seats).size() != expected)
        fail("core tables: the Age " + std::to_string(a) + " deck for " + std::to_string(seats) +
             " cities does not hold " + std::to_string(expected) + " cards");
    }
  if (t->guilds.size() < 9 || t->guilds.size() > 16) fail("core tables: the number of guilds must be in [9, 16]");

  const auto &start = table_array(data, "wonder_start", {C, 2}),
             num_stages = table_array(data, "wonder_num_stages", {C, 2});
  const auto& stage_cost = table_array(data, "stage_cost", {C, 2, MAX_STAGES, NUM_RESOURCES});
  const auto& stage_vp = table_array(data, "stage_vp", {C, 2, MAX_STAGES});
  const auto& stage_shields = table_array(data, "stage_shields", {C, 2, MAX_STAGES});
  const auto& stage_coins = table_array(data, "stage_coins", {C, 2, MAX_STAGES});
  const auto& stage_science = table_array(data, "stage_science_any", {C, 2, MAX_STAGES});
  const auto& stage_specials = table_array(data, "stage_specials", {C, 2, MAX_STAGES});
  const auto& stage_produces = table_array(data, "stage_produces", {C, 2, MAX_STAGES, MAX_EFFECTS, 3});
  const auto& stage_discounts = table_array(data, "stage_discounts", {C, 2, MAX_STAGES, MAX_EFFECTS, 2});
  const auto& stage_draw_leaders = table_array(data, "stage_draw_leaders", {C, 2, MAX_STAGES});
  const auto& board_effects = table_array(data, "wonder_board_effects", {C, 2, MAX_LEADER_EFFECTS, 4});
  t->wonders.resize(static_cast<size_t>(C));
  for (long c = 0; c < C; ++c)
    for (int s = 0; s < 2; ++s) {
      WonderSide& w = t->wonders[static_cast<size_t>(c)][s];
      // no starting resource (-1) and a board's own effects: Roma, with Leaders only
      w.starting_resource = in_range(start.at(c, s), L ? -1 : 0, NUM_RESOURCES - 1, "starting resource");
      w.board_effects = leader_effects_at(board_effects, c, s);
      if (w.board_effects.count && !L) fail("core tables: a board has leader effects but the tables have no leaders");
      w.num_stages = in_range(num_stages.at(c, s), 1, MAX_STAGES, "number of stages");
      for (int k = 0; k < w.num_stages; ++k) {
        Stage& st = w.stages[k];
        int units = 0;
        for (int r = 0; r < NUM_RESOURCES; ++r)
          units += st.cost[r] = in_range(stage_cost.at(c, s, k, r), 0, 7, "stage cost");
        if (units > 7) fail("core tables: a wonder stage costs more than 7 resource units");
        st.vp = in_range(stage_vp.at(c, s, k), 0, 99, "stage vp");
        st.shields = in_range(stage_shields.at(c, s, k), 0, 9, "stage shields");
        st.coins = in_range(stage_coins.at(c, s, k), 0, 99, "stage coins");
        st.science_any = in_range(stage_science.at(c, s, k), 0, 3, "stage science");
        st.specials = static_cast<uint32_t>(in_range(stage_specials.at(c, s, k), 0, specials_max, "stage specials"));
        if (st.specials & (DEFEAT_TOKENS_TO_VICTOR | COPY_LEADER))
          fail("core tables: a wonder stage has a leader's or a card's special power");
        st.draw_leaders = in_range(stage_draw_leaders.at(c, s, k), 0, L ? 8 : 0, "stage leaders drawn");
        for (int e = 0; e < MAX_EFFECTS; ++e) {
          if (stage_produces.at(c, s, k, e, 0))
            st.produces[st.num_produces++] = produce_at(stage_produces.data(c, s, k, e, 0));
          if (stage_discounts.at(c, s, k, e, 0))
            st.discounts[st.num_discounts++] = discount_at(stage_discounts.data(c, s, k, e, 0));
        }
      }
    }
  return t;
}

std::vector<int> Tables::deck(int age, int seats) const {
  std::vector<int> found;
  for (int i = 0; i < num_cards; ++i)
    if (cards[i].age == age && cards[i].min_players > 0 && cards[i].min_players <= seats) found.push_back(i);
  return found;
}

}  // namespace wonders::seven_wonders
