// Final scoring in the seven categories of the score pad, and the leaders line with Leaders (mirrors scoring.py).
#include <algorithm>

#include "seven_wonders/rules.hpp"

namespace wonders::seven_wonders {

int science_points(int compass, int gear, int tablet, int wildcards, int set_value) {
  int best = 0;  // over every way to share the wildcards among the three symbols: O(wildcards^2)
  for (int to_compass = 0; to_compass <= wildcards; ++to_compass)
    for (int to_gear = 0; to_compass + to_gear <= wildcards; ++to_gear) {
      const int c = compass + to_compass, g = gear + to_gear, t = tablet + wildcards - to_compass - to_gear;
      best = std::max(best, c * c + g * g + t * t + set_value * std::min({c, g, t}));
    }
  return best;
}

int Engine::guild_points(const State& state, int city, int guild_type) const {
  const CardType& type = tables_->types[guild_type];
  int points = 0;
  for (int i = 0; i < type.num_vp_rewards; ++i) {
    const Reward& r = type.vp_rewards[i];
    points += r.amount * count_items(state, city, r.counted, r.scope);
  }
  if (state.stages_built[city] == tables_->wonders[state.cities[city]][state.sides[city]].num_stages)
    points += type.wonder_bonus;  // Decorators Guild
  return points;
}

Score Engine::score_breakdown(const State& state, int city) const {
  const Tables& t = *tables_;
  const WonderSide& board = t.wonders[state.cities[city]][state.sides[city]];
  int military = 0, wonder = 0, civilian = 0, commercial = 0, guilds = 0;
  for (int i = 0; i < state.num_tokens[city]; ++i) military += state.military_tokens[city][i];
  for (int s = 0; s < state.stages_built[city]; ++s) wonder += board.stages[s].vp;
  for (int i = 0; i < state.built_size[city]; ++i) {
    int kind = t.cards[state.built[city][i]].type;
    const CardType& type = t.types[kind];
    if (type.color == BLUE) civilian += type.vp;
    if (type.color == YELLOW) {
      commercial += type.vp;
      for (int k = 0; k < type.num_vp_rewards; ++k) {
        const Reward& r = type.vp_rewards[k];
        commercial += r.amount * count_items(state, city, r.counted, r.scope);
      }
    }
    if (type.color == PURPLE) guilds += guild_points(state, city, kind);
  }
  const auto& sci = state.science[city];
  const bool with_leaders = t.num_leaders > 0;
  const int set_value = SCIENCE_SET_VALUE + (with_leaders ? science_set_bonus(state, city) : 0);  // Aristotle
  int science = science_points(sci[0], sci[1], sci[2], sci[SCIENCE_ANY], set_value);
  if (state.powers[city][POWER_COPY_GUILD]) {  // Olympia B: copy the neighbour guild that adds the most
    int best_gain = 0, best_guilds = guilds, best_science = science;
    std::array<int, 2 * MAX_BUILT> found{};
    int num_found = 0;
    for (int neighbour : {state.left_of(city), state.right_of(city)}) {
      for (int i = 0; i < state.built_size[neighbour]; ++i) {
        int kind = t.cards[state.built[neighbour][i]].type;
        if (t.types[kind].color != PURPLE || state.has_type[city][kind] ||
            std::find(found.begin(), found.begin() + num_found, kind) != found.begin() + num_found)
          continue;
        found[num_found++] = kind;
        int extra_wild = t.types[kind].science == SCIENCE_ANY ? 1 : 0;
        int with_guilds = guilds + guild_points(state, city, kind);
        int with_science = science_points(sci[0], sci[1], sci[2], sci[SCIENCE_ANY] + extra_wild, set_value);
        int gain = with_guilds + with_science - guilds - science;
        if (gain > best_gain) {
          best_gain = gain;
          best_guilds = with_guilds;
          best_science = with_science;
        }
      }
    }
    guilds = best_guilds;
    science = best_science;
  }
  Score score{military, state.coins[city] / 3,
              wonder,   civilian,
              science,  commercial,
              guilds,   with_leaders ? leaders_points(state, city) : 0,
              0};
  for (int i = 0; i < TOTAL; ++i) score[TOTAL] += score[i];
  return score;
}

std::vector<int> Engine::winners(const State& state) const {
  std::array<std::pair<int, int>, MAX_PLAYERS> keys;
  std::pair<int, int> best{-1000000, 0};
  for (int p = 0; p < num_players_; ++p) {
    keys[p] = {score_breakdown(state, p)[TOTAL], state.coins[p]};
    best = std::max(best, keys[p]);
  }
  std::vector<int> found;
  for (int p = 0; p < num_players_; ++p)
    if (keys[p] == best) found.push_back(p);
  return found;
}

}  // namespace wonders::seven_wonders
