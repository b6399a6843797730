// Final scoring in the eight categories of the score pad (mirrors wonders_env/duel/scoring.py).
#include "duel/agora.hpp"
#include "duel/rules.hpp"

#include <algorithm>

namespace wonders::duel {

int colour_count(const State& state, int player, int colour_bits) {
  int count = 0;
  for (int k = 0; k < NUM_COLORS; ++k)
    if (colour_bits >> k & 1) count += state.color_count[player][k];
  return count;
}

int built_wonder_count(const State& state, int player) {
  int count = 0;
  for (int i = 0; i < state.wonder_count[player]; ++i)
    count += state.wonder_built >> state.player_wonders[player][i] & 1;
  return count;
}

namespace {

int military_points(const Tables& tables, int pawn, int player) {
  int lead = player == 0 ? pawn : -pawn;
  return lead > 0 ? tables.military_points[lead] : 0;
}

int guild_points(const Tables& tables, const State& state, int card) {
  const CardData& d = tables.cards[card];
  int points =
      d.guild_vp * std::max(colour_count(state, 0, d.guild_vp_colors), colour_count(state, 1, d.guild_vp_colors));
  points += d.guild_vp_per_wonder * std::max(built_wonder_count(state, 0), built_wonder_count(state, 1));
  points += d.guild_vp_per_3coins * (std::max(state.coins[0], state.coins[1]) / COINS_PER_POINT);
  return points;
}

}  // namespace

Score Engine::score_breakdown(const State& state, int player) const {
  const Tables& tables = *tables_;
  Score result{};
  for (int i = 0; i < state.city_size[player]; ++i) {
    int card = state.city[player][i];
    int colour = tables.cards[card].color;
    if (colour == BLUE)
      result[0] += tables.cards[card].vp;
    else if (colour == GREEN)
      result[1] += tables.cards[card].vp;
    else if (colour == YELLOW)
      result[2] += tables.cards[card].vp;
    else if (colour == PURPLE)
      result[3] += guild_points(tables, state, card);
  }
  for (int i = 0; i < state.wonder_count[player]; ++i) {
    int w = state.player_wonders[player][i];
    if (state.wonder_built >> w & 1) result[4] += tables.wonders[w].vp;
  }
  int tokens = __builtin_popcount(state.player_tokens[player]);
  for (int t = 0; t < tables.num_tokens; ++t)
    if (state.player_tokens[player] >> t & 1) result[5] += tables.tokens[t].vp + tables.tokens[t].vp_per_token * tokens;
  result[6] = state.coins[player] / COINS_PER_POINT;
  result[7] = military_points(tables, state.pawn, player);
  if (pantheon_) {  // Grand Temples in guilds, Mysticism in progress, the divinities' own category
    const PantheonState& p = state.pantheon;
    int temples = 0;
    for (int i = 0; i < state.city_size[player]; ++i) temples += tables.cards[state.city[player][i]].temple != NONE;
    result[3] += pantheon_->grand_temple_vp[std::min(temples, TEMPLE_POINTS - 1)];
    if (tables.mysticism != NONE && state.player_tokens[player] >> tables.mysticism & 1)
      result[5] += tables.mysticism_vp * p.token_count[player];
    for (int i = 0; i < p.activated_count[player]; ++i) {
      const DivinityData& d = pantheon_->divinities[p.activated[player][i]];
      result[DIVINITIES] += d.vp + d.vp_per_astarte_coin * p.astarte[player];
    }
  }
  if (agora_) result[SENATE] = agora::senate_points(*this, state.agora, player);
  for (int k = 0; k < TOTAL; ++k) result[TOTAL] += result[k];
  return result;
}

}  // namespace wonders::duel
