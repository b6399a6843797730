#include "duel/heuristic.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "duel/rules.hpp"

namespace wonders::duel {
namespace {

// The pawn's points for the player it leads toward the other's capital (negative: behind).
int signed_military_points(const Tables& t, int lead) {
  return lead > 0 ? t.military_points[lead] : -t.military_points[-lead];
}

int max_built_wonders(const State& s) { return std::max(built_wonder_count(s, 0), built_wonder_count(s, 1)); }

// One player's valuation of cards, wonders and tokens in one position; the values of
// wonders and the best uses of cards are kept once computed.
class View {
 public:
  View(const Engine& engine, const HeuristicConstants& k, const State& s, int player)
      : engine_(engine),
        t_(engine.tables()),
        k_(k),
        s_(s),
        p(player),
        q(1 - player),
        a(std::max<int>(s.age, 1) - 1),
        coin_value(k.coin_value[a]),
        prices_(engine.trade_prices(s, player)) {
    lead_ = player == 0 ? s.pawn : -s.pawn;
    symbols_ = 0;
    for (int k2 = 0; k2 < NUM_SYMBOLS; ++k2) symbols_ += s.science[player][k2] != 0;
    has_theology = s.player_tokens[player] >> t_.theology & 1;
    has_strategy_ = s.player_tokens[player] >> t_.strategy & 1;
    for (int r = 0; r < NUM_RESOURCES; ++r) lacking_[r] = std::max(0, k.demand[a][r] - s.production[player][r]);
    wonder_known_.fill(false);
    best_known_.fill(false);
  }

  double spend(int coins) const {
    double value = coins * coin_value;
    if (a < 2 && coins) {
      const int held = s_.coins[p];
      value += k_.poor_penalty * (std::max(0, k_.poor - (held - coins)) - std::max(0, k_.poor - held));
    }
    return value;
  }

  double military_value(int shields) const {
    if (shields <= 0) return 0.0;
    const int lead = lead_, after = std::min(9, lead + shields);
    if (after >= 9) return k_.win;
    double value = signed_military_points(t_, after) - signed_military_points(t_, lead);
    for (int i = 0; i < 4; ++i) {
      const LootingToken& token = t_.looting[i];
      if (token.victim == q && (s_.looting >> i & 1) && lead < token.distance && token.distance <= after)
        value += token.coins * coin_value;
    }
    const double pressure = 1.0 + 0.25 * std::max(after, 0) + 0.35 * std::max(-lead, 0);
    return value + k_.shield_value * pressure * (after - lead);
  }

  double science_value(int symbol) const {
    const int count = s_.science[p][symbol];
    if (count == 0) {
      if (symbols_ + 1 >= 6) return k_.win;
      return k_.new_symbol_value[a] * (1 + 0.4 * symbols_) + (symbols_ + 1 == 5 ? 6.0 : 0.0);
    }
    if (count == 1 && s_.board_tokens) return k_.pair_token_value;
    return 0.0;
  }

  double production_value(int card) const {
    const CardData& d = t_.cards[card];
    double value = 0.0;
    for (int r = 0; r < NUM_RESOURCES; ++r) {
      const int units = d.production[r];
      if (units) {
        value += k_.resource_unit_value[a] * std::min(units, lacking_[r]);
        value += k_.raise_price_value[a] * units * (s_.production[q][r] == 0 ? 1 : 0);
      }
    }
    if (d.choice) value += k_.choice_value[a];
    if (d.trade_fixed) value += k_.fixed_price_value[a] * __builtin_popcount(d.trade_fixed) / 2;
    return value;
  }

  // What `card` adds to this player's city (`built`: what losing it costs), unpaid.
  double card_value(int card, bool built = false) const {
    const CardData& d = t_.cards[card];
    double value = static_cast<double>(d.vp) + production_value(card);
    if (!built) {
      const int shields = d.shields + (has_strategy_ && d.color == RED && d.shields ? t_.strategy_shields : 0);
      value += military_value(shields);
      if (d.science != NONE) value += science_value(d.science);
      int coins = d.coins;
      const int own = d.coins_per_card_colors >> d.color & 1 ? 1 : 0;
      coins += d.coins_per_card * (colour_count(s_, p, d.coins_per_card_colors) + own);
      coins += d.coins_per_wonder * built_wonder_count(s_, p);
      coins += d.guild_coins *
               std::max(colour_count(s_, 0, d.guild_coins_colors), colour_count(s_, 1, d.guild_coins_colors));
      value += coins * coin_value;
      if (d.chain_gives) value += k_.chain_value[a];
      if (d.chain_needs & s_.chains[p]) value += 0.3;
    }
    if (d.guild_vp)
      value += d.guild_vp * std::max(colour_count(s_, 0, d.guild_vp_colors), colour_count(s_, 1, d.guild_vp_colors));
    if (d.guild_vp_per_wonder) value += d.guild_vp_per_wonder * max_built_wonders(s_);
    if (d.guild_vp_per_3coins) value += d.guild_vp_per_3coins * (std::max(s_.coins[0], s_.coins[1]) / 3);
    return value;
  }

  // What building `wonder` adds (its card goes under it), unpaid.
  double wonder_value(int wonder) const {
    if (wonder_known_[wonder]) return wonder_values_[wonder];
    const WonderData& w = t_.wonders[wonder];
    double value = static_cast<double>(w.vp) + w.coins * coin_value;
    value += std::min<int>(w.opponent_loses, s_.coins[q]) * coin_value * 0.8;
    value += military_value(w.shields);
    if (w.choice) value += k_.choice_value[a];
    if (w.has(PLAY_AGAIN) || has_theology) value += k_.play_again_value;
    if (w.destroy != NONE) {
      const View victim(engine_, k_, s_, q);
      double best = 0.0;
      bool any = false;
      for (int i = 0; i < s_.city_size[q]; ++i) {
        const int c = s_.city[q][i];
        if (t_.cards[c].color != w.destroy) continue;
        const double candidate = 1.5 + victim.production_value(c);
        if (!any || candidate > best) best = candidate;
        any = true;
      }
      value += best;
    }
    if (w.has(BUILD_FROM_DISCARD) && !s_.discard.empty()) {
      double best = 0.0;
      bool any = false;
      for (int c = 0; c < t_.num_cards; ++c) {
        if (!s_.discard.has(c)) continue;
        const double candidate = card_value(c);
        if (!any || candidate > best) best = candidate;
        any = true;
      }
      value += best;
    }
    if (w.library_draw) value += 3.0;
    if (s_.wonders_built + 1 == MAX_WONDERS_BUILT) value += 1.0;  // boxes the opponent's last wonder
    wonder_known_[wonder] = true;
    wonder_values_[wonder] = value;
    return value;
  }

  // The most this player can make of `card` now: build it, sell it, or put it under a wonder.
  double best_use(int card) const {
    if (best_known_[card]) return best_uses_[card];
    double best = coin_value * engine_.sell_value(s_, p);
    int cost = build_cost(card);
    if (cost <= s_.coins[p]) best = std::max(best, card_value(card) - spend(cost));
    if (s_.wonders_built < MAX_WONDERS_BUILT)
      for (int i = 0; i < s_.wonder_count[p]; ++i) {
        const int wonder = s_.player_wonders[p][i];
        if (s_.wonder_built >> wonder & 1) continue;
        cost = wonder_cost(wonder);
        if (cost <= s_.coins[p]) best = std::max(best, wonder_value(wonder) - spend(cost));
      }
    best_known_[card] = true;
    best_uses_[card] = best;
    return best;
  }

  double token_value(int token) const {
    const TokenData& d = t_.tokens[token];
    double value = static_cast<double>(d.vp) + d.coins * coin_value;
    if (d.science != NONE) value += science_value(d.science);
    value += k_.token_special_value[token] * (a < 2 ? 1.0 : 0.5);
    return value;
  }

  int build_cost(int card) const { return engine_.build_cost(s_, p, card, prices_); }
  int wonder_cost(int wonder) const { return engine_.wonder_cost(s_, p, wonder, prices_); }

 private:
  const Engine& engine_;
  const Tables& t_;
  const HeuristicConstants& k_;
  const State& s_;

 public:
  const int p, q, a;
  const double coin_value;
  bool has_theology;

 private:
  Prices prices_;
  int lead_, symbols_;
  bool has_strategy_;
  int lacking_[NUM_RESOURCES];
  mutable std::array<bool, MAX_WONDERS> wonder_known_;
  mutable std::array<double, MAX_WONDERS> wonder_values_;
  mutable std::array<bool, MAX_CARDS> best_known_;
  mutable std::array<double, MAX_CARDS> best_uses_;
};

// A wonder's worth in the draft, before any card is played.
double wonder_draft_value(const WonderData& w) {
  double value = static_cast<double>(w.vp) + 0.5 * w.coins + 0.4 * w.opponent_loses;
  value += 1.5 * w.shields + (w.choice ? 2.0 : 0.0);
  value += 3.0 * w.has(PLAY_AGAIN) + 2.0 * (w.destroy != NONE);
  value += 2.5 * w.has(BUILD_FROM_DISCARD) + 3.0 * (w.library_draw != 0);
  int cost = 0;
  for (int r = 0; r < NUM_RESOURCES; ++r) cost += w.cost[r];
  return value - 0.3 * cost;
}

constexpr int FACE_DOWN = -2;  // an opened card whose face is unknown

// The best use `view`'s player can make of a card accessible once `taken` is gone:
// the accessible cards' best uses `best` (by index in `accessible`) and the opened cards'.
double best_next(const int* accessible, const double* best, int num_accessible, int taken, const int* opened,
                 int num_opened, const View& view, double face_down_value) {
  double most = 0.0;
  bool any = false;
  auto consider = [&](double value) {
    if (!any || value > most) most = value;
    any = true;
  };
  for (int i = 0; i < num_accessible; ++i)
    if (accessible[i] != taken) consider(best[i]);
  for (int i = 0; i < num_opened; ++i) consider(opened[i] == FACE_DOWN ? face_down_value : view.best_use(opened[i]));
  return most;
}

}  // namespace

HeuristicConstants HeuristicConstants::from_arrays(const std::map<std::string, std::vector<double>>& arrays,
                                                   int num_tokens) {
  static const char* const NAMES[] = {"win",
                                      "coin_value",
                                      "resource_unit_value",
                                      "raise_price_value",
                                      "fixed_price_value",
                                      "choice_value",
                                      "chain_value",
                                      "new_symbol_value",
                                      "poor",
                                      "poor_penalty",
                                      "shield_value",
                                      "pair_token_value",
                                      "play_again_value",
                                      "denial_weight",
                                      "follow_up_weight",
                                      "face_down_value",
                                      "token_special_value",
                                      "demand"};
  for (const auto& item : arrays)
    if (std::find_if(std::begin(NAMES), std::end(NAMES), [&](const char* n) { return item.first == n; }) ==
        std::end(NAMES))
      throw std::invalid_argument("duel heuristic constants: unknown entry '" + item.first + "'");
  auto get = [&](const char* name, size_t size) -> const std::vector<double>& {
    auto found = arrays.find(name);
    if (found == arrays.end())
      throw std::invalid_argument(std::string("duel heuristic constants: missing '") + name + "'");
    if (found->second.size() != size)
      throw std::invalid_argument(std::string("duel heuristic constants: '") + name + "' must have " +
                                  std::to_string(size) + " values, got " + std::to_string(found->second.size()));
    for (double v : found->second)
      if (!std::isfinite(v))
        throw std::invalid_argument(std::string("duel heuristic constants: '") + name +
                                    "' holds a value that is not finite");
    return found->second;
  };
  auto whole = [&](const char* name, double v, int high) {
    if (v != std::floor(v) || v < 0 || v > high)
      throw std::invalid_argument(std::string("duel heuristic constants: '") + name +
                                  "' must hold whole numbers in 0.." + std::to_string(high) + ", got " +
                                  std::to_string(v));
    return static_cast<int>(v);
  };
  auto by_age = [&](const char* name) {
    const auto& v = get(name, 3);
    return std::array<double, 3>{v[0], v[1], v[2]};
  };
  HeuristicConstants k;
  k.win = get("win", 1)[0];
  k.coin_value = by_age("coin_value");
  k.resource_unit_value = by_age("resource_unit_value");
  k.raise_price_value = by_age("raise_price_value");
  k.fixed_price_value = by_age("fixed_price_value");
  k.choice_value = by_age("choice_value");
  k.chain_value = by_age("chain_value");
  k.new_symbol_value = by_age("new_symbol_value");
  k.poor = whole("poor", get("poor", 1)[0], 99);
  k.poor_penalty = get("poor_penalty", 1)[0];
  k.shield_value = get("shield_value", 1)[0];
  k.pair_token_value = get("pair_token_value", 1)[0];
  k.play_again_value = get("play_again_value", 1)[0];
  k.denial_weight = get("denial_weight", 1)[0];
  k.follow_up_weight = get("follow_up_weight", 1)[0];
  k.face_down_value = get("face_down_value", 1)[0];
  const auto& special = get("token_special_value", static_cast<size_t>(num_tokens));
  std::copy(special.begin(), special.end(), k.token_special_value.begin());
  const auto& demand = get("demand", 3 * NUM_RESOURCES);
  for (int age = 0; age < 3; ++age)
    for (int r = 0; r < NUM_RESOURCES; ++r) k.demand[age][r] = whole("demand", demand[age * NUM_RESOURCES + r], 99);
  return k;
}

void Heuristic::action_values(const State& s, int player, const int16_t* legal, int n, double* out) const {
  const Tables& t = engine_.tables();
  const View mine(engine_, k_, s, player), theirs(engine_, k_, s, 1 - player);
  if (s.phase != PLAY) {
    for (int i = 0; i < n; ++i) {
      const Decoded d = engine_.actions().decode(legal[i]);
      double value = 0.0;
      switch (d.kind) {
        case A_DRAFT:
          value = wonder_draft_value(t.wonders[d.index]);
          break;
        case A_PROGRESS:
        case A_LIBRARY:
          value = mine.token_value(d.index);
          break;
        case A_DESTROY:
          value = theirs.card_value(d.index, true);
          break;
        case A_MAUSOLEUM:
          value = mine.card_value(d.index);
          break;
        case A_STARTER:
          value = d.index == STARTER_ME ? 1.0 : 0.0;
          break;
        default:
          break;
      }
      out[i] = value;
    }
    return;
  }
  // the accessible cards, their slots and both players' best uses of them
  int accessible[MAX_SLOTS], slot_of[MAX_CARDS], num_accessible = 0;
  double my_best[MAX_SLOTS], their_best[MAX_SLOTS];
  for (int slot = 0; slot < s.slot_count; ++slot) {
    const int card = s.slot_card[slot];
    if (card == EMPTY || s.cover_count[slot]) continue;
    slot_of[card] = slot;
    accessible[num_accessible++] = card;
  }
  for (int i = 0; i < num_accessible; ++i) {
    my_best[i] = mine.best_use(accessible[i]);
    their_best[i] = theirs.best_use(accessible[i]);
  }
  const Layout& layout = t.layouts[s.age - 1];
  for (int i = 0; i < n; ++i) {
    const Decoded d = engine_.actions().decode(legal[i]);
    const int card = d.index;
    double value;
    bool again = false;
    if (d.kind == A_BUILD) {
      value = mine.card_value(card) - mine.spend(mine.build_cost(card));
    } else if (d.kind == A_SELL) {
      value = mine.coin_value * engine_.sell_value(s, mine.p);
    } else {
      value = mine.wonder_value(d.wonder) - mine.spend(mine.wonder_cost(d.wonder));
      again = t.wonders[d.wonder].has(PLAY_AGAIN) || mine.has_theology;
    }
    int opened[2], num_opened = 0;  // the cards taking this one opens
    for (int8_t below : layout.covers[slot_of[card]]) {
      if (below == NONE) break;
      if (s.cover_count[below] == 1) opened[num_opened++] = s.face_up[below] ? s.slot_card[below] : FACE_DOWN;
    }
    if (again)  // the player moves again: part of its best next move is won
      value += k_.follow_up_weight *
               best_next(accessible, my_best, num_accessible, card, opened, num_opened, mine, k_.face_down_value);
    else  // the opponent replies: part of its best reply is lost
      value -= k_.denial_weight *
               best_next(accessible, their_best, num_accessible, card, opened, num_opened, theirs, k_.face_down_value);
    out[i] = value;
  }
}

int Heuristic::choose(const State& s, int player, const int16_t* legal, int n, uint64_t seed) const {
  if (n == 1) return legal[0];
  double values[MAX_LEGAL];
  action_values(s, player, legal, n, values);
  Rng rng(mix_seed(seed, s.log_size, static_cast<uint64_t>(player)));
  int best = 0;
  double most = 0.0;
  for (int i = 0; i < n; ++i) {
    const double noisy = values[i] + rng.unit() * TIE_NOISE;
    if (i == 0 || noisy > most) {
      most = noisy;
      best = i;
    }
  }
  return legal[best];
}

void heuristic_actions(const Heuristic& heuristic, const Batch& batch, const bool* holds, const uint64_t* seeds,
                       int64_t* actions) {
  const int n = batch.num_envs();
  for (int i = 0; i < n; ++i)
    for (int p = 0; p < 2; ++p)
      if (holds[i * 2 + p] && batch.state_of(i).current != p)
        throw std::invalid_argument("game " + std::to_string(i) + ": seat " + std::to_string(p) +
                                    " is held by the heuristic but does not act now (player " +
                                    std::to_string(batch.state_of(i).current) + " does); nothing was written");
  for (int i = 0; i < n; ++i) {
    const int p = batch.state_of(i).current;
    if (!holds[i * 2 + p]) continue;
    actions[i * 2 + p] =
        heuristic.choose(batch.state_of(i), p, batch.legal_of(i), batch.num_legal_of(i), seeds[i * 2 + p]);
  }
}

}  // namespace wonders::duel
