// The 7 Wonders adapter of the search (common/ismcts.hpp): the core's own Engine (state, rules,
// determinization, scoring) seen through the interface the search template needs.
//
// 7 Wonders is simultaneous: every player chooses in secret and the choices are revealed
// together, so only the searching player's decisions are tree nodes (open loop) and the others
// play the cheap rule. The tree is not reused between moves (see common/ismcts.hpp).
//
// The cheap play-out rule: a random legal move, building (also free and from the discard pile)
// weighted 4, a wonder stage 2, selling and every other decision 1. Uniform play-outs sell a
// third of the cards, which no player does; the measurement is in benchmarks/README.md.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "common/ismcts.hpp"
#include "seven_wonders/observation.hpp"
#include "seven_wonders/rules.hpp"

namespace wonders::seven_wonders {

class SearchAdapter {
 public:
  using State = seven_wonders::State;
  static constexpr bool kSimultaneous = true, kReuse = false;
  static constexpr int kMaxPlayers = MAX_PLAYERS, kMaxDepth = 64, kMaxHistory = 1;

  // The adapter searches on its own copy of `engine`: an Engine's payment cache is written as it
  // is read, and the searchers of one batch search at once in several threads
  // (training/az_selfplay.py --search-threads). The copy keeps the engine's identity.
  SearchAdapter(const std::shared_ptr<const Engine>& engine, bool uniform_rule)
      : engine_(std::make_shared<const Engine>(*engine)),
        uniform_(uniform_rule),
        observer_(*engine_),
        mask_(static_cast<size_t>(engine_->num_actions())) {}

  int num_players() const { return engine_->num_players(); }
  int num_actions() const { return engine_->num_actions(); }
  bool is_over(const State& s) const { return engine_->is_over(s); }
  int acting(const State& s, int* players) const {
    const Actors actors = engine_->acting_players(s);
    for (int i = 0; i < actors.count; ++i) players[i] = actors.seats[i];
    return actors.count;
  }
  int legal(const State& s, int player, int* out) const {
    if (!engine_->is_acting(s, player) || engine_->is_over(s)) return 0;
    engine_->legal_action_mask(s, player, mask_.data());
    int n = 0;
    for (int a = 0, size = engine_->num_actions(); a < size; ++a)
      if (mask_[a]) out[n++] = a;
    return n;
  }
  void apply(State& s, const int* actions) const {
    std::array<int, MAX_PLAYERS> chosen{};
    for (int p = 0; p < engine_->num_players(); ++p) chosen[p] = actions[p];
    engine_->apply_actions(s, chosen);
  }
  void determinize(const State& truth, int player, Rng& rng, State& out) const {
    out = truth;
    engine_->determinize(out, player, rng);
  }
  void returns(const State& s, const search::Options& options, double* out) const {
    const int players = engine_->num_players();
    int totals[MAX_PLAYERS];
    double shares[MAX_PLAYERS] = {};
    for (int p = 0; p < players; ++p) totals[p] = engine_->score_breakdown(s, p)[TOTAL];
    const std::vector<int> won = engine_->winners(s);
    for (int p : won) shares[p] = 1.0 / static_cast<double>(won.size());
    search::win_and_margin(totals, shares, players, options.margin_scale, options.margin_weight, out);
  }
  float rule_weight(const State&, int action) const {
    if (uniform_) return 1.0f;
    switch (decode_action(action, engine_->tables().num_types).kind) {
      case BUILD:
      case FREE_BUILD:
      case DISCARD_BUILD_KIND:
        return 4.0f;
      case WONDER:
        return 2.0f;
      default:
        return 1.0f;
    }
  }
  int history(const State&, int*) const { return 0; }
  uint64_t fingerprint(const State&) const { return 0; }
  int observation_size() const { return observer_.size(); }
  void observe(const State& s, int player, float* out) const { observer_.encode(s, player, out); }
  const Engine& engine() const { return *engine_; }

 private:
  std::shared_ptr<const Engine> engine_;
  bool uniform_;
  Observer observer_;                 // refers to *engine_, which the shared pointer keeps alive
  mutable std::vector<int8_t> mask_;  // scratch (a Searcher is used by one thread at a time)
};

}  // namespace wonders::seven_wonders
