// The Duel adapter of the search (common/ismcts.hpp): the core's own Engine (state, rules,
// determinization, scoring) seen through the interface the search template needs.
//
// Duel is turn-based with public moves: one player decides at a time, every decision is a tree
// node, and the tree is reused between moves (the log of the state is the public history).
// Everything hidden in the base game (face-down cards, boxed cards, later Ages, unused wonders and
// tokens) is the same for both players; a Pantheon table's determinization depends on the
// searching player (its face-down divinities, what it drew).
//
// The cheap play-out rule: a random legal move, building a card weighted 4, a wonder 2, selling 1
// (and 1 for every other kind of decision). Measured against uniform play-outs in
// benchmarks/README.md (search: play-out rule).
#pragma once
#include <cstdint>
#include <utility>

#include "common/ismcts.hpp"
#include "duel/rules.hpp"

namespace wonders::duel {

class SearchAdapter {
 public:
  using State = duel::State;
  static constexpr bool kSimultaneous = false, kReuse = true;
  static constexpr int kMaxPlayers = 2, kMaxDepth = MAX_LOG + 8, kMaxHistory = MAX_LOG;

  // weights of the cheap rule by action kind (build, wonder, sell; the others 1): 0 = uniform
  // (an Engine holds nothing but its tables: the copy is cheap and safe to use from any thread)
  SearchAdapter(Engine engine, bool uniform_rule) : engine_(std::move(engine)), uniform_(uniform_rule) {}

  const Engine& engine() const { return engine_; }
  int num_players() const { return 2; }
  int num_actions() const { return engine_.num_actions(); }
  bool is_over(const State& s) const { return engine_.is_over(s); }
  int acting(const State& s, int* players) const {
    if (engine_.is_over(s)) return 0;
    players[0] = s.current;
    return 1;
  }
  int legal(const State& s, int player, int* out) const {
    if (engine_.is_over(s) || player != s.current) return 0;
    int16_t found[MAX_LEGAL];
    const int n = engine_.legal_actions(s, found);
    for (int i = 0; i < n; ++i) out[i] = found[i];
    return n;
  }
  // The search fills the deciding player's entry of `actions` only.
  void apply(State& s, const int* actions) const { engine_.apply_actions(s, {actions[s.current], actions[s.current]}); }
  void determinize(const State& truth, int player, Rng& rng, State& out) const {
    out = truth;
    engine_.determinize(out, player, rng);
  }
  // A supremacy is a plain win; a civilian victory adds the score margin (agents/duel_heuristic.py).
  void returns(const State& s, const search::Options& options, double* out) const {
    double shares[2];
    const int winners = (s.winners & 1) + (s.winners >> 1 & 1);
    for (int p = 0; p < 2; ++p) shares[p] = (s.winners >> p & 1) ? 1.0 / winners : 0.0;
    if (s.victory != CIVILIAN) {
      out[0] = shares[0];
      out[1] = shares[1];
      return;
    }
    const int totals[2] = {engine_.score_breakdown(s, 0)[TOTAL], engine_.score_breakdown(s, 1)[TOTAL]};
    search::win_and_margin(totals, shares, 2, options.margin_scale, options.margin_weight, out);
  }
  float rule_weight(const State&, int action) const {
    if (uniform_) return 1.0f;
    const ActionLayout& acts = engine_.actions();
    if (action >= acts.at(A_BUILD) && action < acts.at(A_SELL)) return 4.0f;
    if (action >= acts.at(A_SELL) && action < acts.at(A_WONDER)) return 1.0f;
    if (action >= acts.at(A_WONDER) && action < acts.at(A_PROGRESS)) return 2.0f;
    return 1.0f;
  }
  int history(const State& s, int* out) const {
    for (int i = 0; i < s.log_size; ++i) out[i] = s.log[i].action;
    return s.log_size;
  }
  // The first wonder offer is public and differs between deals: it tells games apart.
  uint64_t fingerprint(const State& s) const {
    uint64_t f = 0;
    for (int i = 0; i < WONDERS_PER_ROUND; ++i) f = f * 16 + static_cast<uint64_t>(s.deal.wonder_order[i]);
    return f;
  }
  int observation_size() const { return engine_.observation_size(); }
  void observe(const State& s, int player, float* out) const { engine_.encode_observation(s, player, out); }

 private:
  Engine engine_;
  bool uniform_;
};

}  // namespace wonders::duel
