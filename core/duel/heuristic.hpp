// The hand-written 7 Wonders Duel strategy, the one valuation of the project's Duel heuristic: the
// value of each legal action of the deciding player, in VP-equivalents, on the core's State (a
// Python engine state reaches it through the core's checked import, agents/duel_heuristic.py).
//
// A move is worth what it adds to the player's position:
// * points: blue, green and yellow cards, wonders, guilds (counted on the table now), tokens;
// * military: the change of the military points of the pawn, looting, and the threat of supremacy
//   (a pawn at the capital wins at once; near it every shield weighs more, for both sides);
// * science: a new symbol is a step toward the six of supremacy (a sixth wins at once, a fifth is a
//   serious threat), a pair brings a progress token;
// * resources and trade: units the city lacks for the cards still to come, fixed prices, chains,
//   worth more in Age I than in Age III; producing what the opponent lacks raises their prices;
// * coins: gained, paid (cards, wonders, trade), or lost by the opponent;
// * denial: taking a card opens the cards it covered: the move loses part of the best value the
//   opponent can then take (a face-down card counts as an average card), unless the move lets the
//   player play again (then it wins part of its own best next move).
// Every other decision (the draft, progress tokens, the wonders' choices, who starts an Age) uses the
// same valuations. It reads only public information: the face-up cards,
// the cities, the discard pile, never a face-down card, the box or the later Ages.
//
// The valuation's tunable constants (COIN_VALUE, ..., TOKEN_SPECIAL_VALUE, DEMAND) come from
// agents/duel_heuristic.py at construction (HeuristicConstants, checked), so they have one source;
// the numbers written inside the formulas (the 0.25 of the pressure of the pawn, the weights of
// wonder_draft_value, ...) are part of those formulas.
//
// The choice (choose, heuristic_actions): the legal action of highest value + u * 1e-6, u uniform
// in (0, 1) (Rng::unit) drawn per legal action from splitmix64 seeded with mix_seed(seed, the
// number of decisions played in the game, the player): HeuristicAgent's tie-break (its own noise
// of 1e-6), made a function of the seat's seed and the position, so that a batch of games replays
// exactly from its seeds. A single legal action is played without drawing.
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "duel/batch.hpp"
#include "duel/rules.hpp"

namespace wonders::duel {

constexpr double TIE_NOISE = 1e-6;

// The constants of agents/duel_heuristic.py (lower-case names there upper-case); by Age where an
// array of 3. token_special_value: per token, what its effects that are not points, coins or a
// symbol are worth (TOKEN_SPECIAL_VALUE summed over the token's effects).
struct HeuristicConstants {
  double win;
  std::array<double, 3> coin_value, resource_unit_value, raise_price_value, fixed_price_value, choice_value,
      chain_value, new_symbol_value;
  int poor;
  double poor_penalty, shield_value, pair_token_value, play_again_value, denial_weight, follow_up_weight,
      face_down_value;
  std::array<double, MAX_TOKENS> token_special_value;    // one per token of the table
  std::array<std::array<int, NUM_RESOURCES>, 3> demand;  // per Age, the most units of each resource still needed

  // Checks the names (all of them, no other), the lengths (token_special_value: `num_tokens`, the
  // table's), finiteness, and that `poor` and `demand` are small whole numbers; throws
  // std::invalid_argument naming the bad entry.
  static HeuristicConstants from_arrays(const std::map<std::string, std::vector<double>>& arrays, int num_tokens);
};

class Heuristic {
 public:
  Heuristic(Engine engine, HeuristicConstants constants) : engine_(std::move(engine)), k_(constants) {}
  // The value of each of the n legal actions `legal` of `player`, who decides now, into `out`.
  void action_values(const State& state, int player, const int16_t* legal, int n, double* out) const;
  // The legal action played (see the header comment); n > 0.
  int choose(const State& state, int player, const int16_t* legal, int n, uint64_t seed) const;
  const Engine& engine() const { return engine_; }

 private:
  Engine engine_;
  HeuristicConstants k_;
};

// The heuristic's action for each seat (game i, seat p) with holds[i * 2 + p] into
// actions[i * 2 + p], with the tie-break seed seeds[i * 2 + p]; other entries are left as they
// are. A held seat that does not act now throws std::invalid_argument (naming the game and seat)
// before anything is written.
void heuristic_actions(const Heuristic& heuristic, const Batch& batch, const bool* holds, const uint64_t* seeds,
                       int64_t* actions);

}  // namespace wonders::duel
