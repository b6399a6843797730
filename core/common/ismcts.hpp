// Single-observer information-set Monte Carlo tree search (ISMCTS; Cowling, Powley & Whitehouse
// 2012), one template for both games, instantiated through a small adapter over each game's own
// state, rules and determinization (core/duel/search.hpp, core/seven_wonders/search.hpp).
//
// The algorithm is agents/mcts.py's (the readable Python reference), in C++:
//
// * every simulation starts from a fresh determinization of the true state for the searching
//   player (the adapter calls the game's own `determinize`): the search never reads what that
//   player cannot see; the true state is only ever passed to `determinize`, the player's legal
//   moves at the root and the public move history (tree reuse);
// * one tree is shared by all determinizations: its edges are actions; at a node, the edges legal
//   in the current determinization are the candidates, and each edge counts how often it was
//   available;
// * selection is PUCT: Q + c * P * sqrt(available) / (1 + visits), an unvisited edge valued at
//   the mean of its visited siblings (0.5 when none). P is the edge's prior weight normalised over
//   the edges legal here: at the root the prior given from Python (the heuristic's move values),
//   below it the cheap rule of the play-outs (Adapter::rule_weight), or everywhere a network's;
// * progressive widening (when widening > 0): at a node visited n times only the
//   ceil(widening * (n + 1) ^ 0.5) edges of highest prior weight are candidates, so 7 Wonders'
//   wide first moves (every card of the hand built, sold or under a wonder) are explored best
//   prior first;
// * a new leaf is valued by one play-out to the end of the game, every player following the
//   adapter's cheap rule (random legal moves weighted by kind: see the adapters), scored by
//   `returns` (a share of the win plus a weight of the score margin, in [0, 1]);
// * turn-based games with public moves (Duel, Adapter::kSimultaneous false): every decision is a
//   tree node, each choosing for its own player. Simultaneous games (7 Wonders): only the
//   searching player's decisions are nodes, the others play the play-out rule at every step
//   (the tree is "open loop" over the player's own moves).
//
// Budgets: `simulations` (reproducible for a seed) and/or `time_limit` seconds; at least one.
//
// Stepwise (Searcher::begin .. end; BatchedSearch in common/search_bindings.hpp): the same
// simulations with the network run by the caller, on the leaves of many searches at once (a
// torch pass, on a GPU where there is one). A simulation stops where search() would call the
// network (a new leaf, a node to expand on the way down) and goes on once its evaluation is
// backed up; see begin() for the waves and the virtual loss.
//
// Tree reuse (Adapter::kReuse): after a search, the Searcher keeps its tree and the public move
// history of the root. At the next search of the same game, if the new history extends it, the
// tree descends along the moves actually played and keeps that subtree (statistics gathered on
// determinizations of the earlier information set: the usual ISMCTS approximation). This is sound
// only where every move is public and is a tree edge (Duel). In 7 Wonders it is not done: the
// others' moves are not tree edges (open loop) and each turn reveals a new hand, so the subtree
// under the player's last move mixes every hand it could have received.
//
// A learned prior and value (Searcher::set_network; common/network.hpp, the `az` agent): with a
// policy-value network, every node is expanded once by the network, from the observation of the
// player who decides there (the observation holds nothing that player cannot see): its edges get
// the network's policy over the legal moves as prior weights (an edge legal only in a later
// determinization gets 1/n, n the moves legal there). A new leaf is valued by the network's value
// for the player who decides after it (Duel: the other player gets 1 - v; 7 Wonders: only the
// searching player's value is backed up) instead of a play-out; with rollout_weight w > 0 the
// leaf value is (1 - w) * network + w * play-out, and with w = 1 the network gives priors only: a
// node is then expanded when a simulation first chooses there (leaves that no simulation passes
// again cost no evaluation). With network_depth d > 0 only nodes fewer than d tree moves below
// the root are expanded and valued by the network; deeper ones get the cheap rule's priors and
// play-outs, as without a network (nearly the play-outs' speed, the network's guidance kept at
// the top of the tree; in Duel at one second a move level with the default: benchmarks/README.md).
// The root is expanded from the true state (the player's own observation); `root_noise` mixes
// Dirichlet(noise_alpha) noise into the root's priors (self-play exploration,
// training/az_selfplay.py). A prior given from Python replaces the network's at the root, or
// with root_prior_weight m < 1 is mixed into it: (1 - m) x the network's softmax over the given
// actions + m x the given weights normalised (the `az` agent's heuristic_root_weight).
#pragma once
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <memory>

#include "common/network.hpp"
#include "common/rng.hpp"

namespace wonders::search {

// The longest time budget of a search, in seconds (a larger one overflows the clock's count).
inline constexpr double kMaxTimeLimit = 1e6;

struct Options {
  int64_t simulations = 0;         // 0: no limit (then time_limit > 0)
  double time_limit = 0.0;         // seconds; 0: no limit (then simulations > 0)
  double exploration = 1.5;        // PUCT constant c
  double widening = 0.0;           // progressive widening constant; 0: off
  double margin_scale = 5.0;       // play-out value: sigmoid scale of the score margin, in points
  double margin_weight = 0.2;      // play-out value: weight of the margin against the win share
  int64_t max_nodes = 2000000;     // the tree stops growing here (play-outs go on)
  bool reuse = true;               // keep the subtree of the moves played (where the adapter allows)
  double root_noise = 0.0;         // fraction of Dirichlet noise mixed into the root's priors
  double noise_alpha = 0.3;        // its concentration
  double rollout_weight = 0.0;     // with a network: weight of a play-out in a leaf's value
  int64_t network_depth = 0;       // with a network: only nodes fewer than this many moves below the
                                   // root are expanded and valued by it (0: every node)
  double root_prior_weight = 1.0;  // with a network and a prior from Python: that prior's share of
                                   // the root's priors (1: it replaces the network's)

  // Empty if the options are usable, else what is wrong and what is allowed.
  std::string problem() const {
    if (simulations < 0)
      return "simulations must be a positive integer (0: no limit), got " + std::to_string(simulations);
    if (!(time_limit >= 0) || !(time_limit <= kMaxTimeLimit))
      return "time_limit must be a positive number of seconds, at most 1e6 (0: no limit), got " +
             std::to_string(time_limit);
    if (simulations == 0 && time_limit == 0) return "the search needs a budget: simulations > 0 and/or time_limit > 0";
    if (!(exploration >= 0) || !std::isfinite(exploration)) return "exploration must be a number >= 0";
    if (!(widening >= 0) || !std::isfinite(widening)) return "widening must be a number >= 0 (0: off)";
    if (!(margin_scale > 0) || !std::isfinite(margin_scale)) return "margin_scale must be a number > 0";
    if (!(margin_weight >= 0 && margin_weight <= 1)) return "margin_weight must be in [0, 1]";
    if (max_nodes < 1000) return "max_nodes must be at least 1000";
    if (!(root_noise >= 0 && root_noise <= 1)) return "root_noise must be in [0, 1] (0: off)";
    if (!(noise_alpha > 0) || !std::isfinite(noise_alpha)) return "noise_alpha must be a number > 0";
    if (!(rollout_weight >= 0 && rollout_weight <= 1)) return "rollout_weight must be in [0, 1]";
    if (network_depth < 0)
      return "network_depth must be an integer >= 0 (0: every node), got " + std::to_string(network_depth);
    if (!(root_prior_weight >= 0 && root_prior_weight <= 1))
      return "root_prior_weight must be in [0, 1] (the given root prior's share; 1: it replaces the network's)";
    return "";
  }
};

// One edge of the tree (the action that leads here) and the node below it.
struct Node {
  int32_t first_child = -1, next_sibling = -1;
  int32_t action = -1;
  uint32_t visits = 0, available = 0;
  float weight = 1.0f;    // prior weight (unnormalised)
  bool expanded = false;  // its edges have the network's priors
  bool pending = false;   // a stepwise search waits for the network's evaluation of it
  double total = 0.0;     // sum of the returns of the player who chose this edge
};

struct RootEdge {
  int action;
  uint32_t visits;
  double mean;  // mean return of the searching player through this edge
  float prior;  // normalised prior weight at the root
};

struct Result {
  int action = -1;
  int64_t simulations = 0;
  int64_t reused_visits = 0;  // root visits kept from the previous search (tree reuse)
  int64_t nodes = 0;
  std::vector<RootEdge> edges;  // every root edge, in the order created
};

// A play-out value per player of a finished game: (1 - w) * its share of the win + w * sigmoid of
// its score margin over the best other player (agents/search_values.py win_and_margin).
inline void win_and_margin(const int* totals, const double* shares, int players, double scale, double weight,
                           double* out) {
  for (int p = 0; p < players; ++p) {
    int best_other = -1000000;
    for (int q = 0; q < players; ++q)
      if (q != p) best_other = std::max(best_other, totals[q]);
    double margin = 1.0 / (1.0 + std::exp(-(totals[p] - best_other) / scale));
    out[p] = (1 - weight) * shares[p] + weight * margin;
  }
}

// The search over one game. Adapter (see core/duel/search.hpp) provides:
//   using State; static constexpr bool kSimultaneous, kReuse; static constexpr int kMaxPlayers;
//   int num_players() const; int num_actions() const; int max_legal() const;
//   bool is_over(const State&) const;
//   int acting(const State&, int* players) const;                 // who decides now
//   int legal(const State&, int player, int* out) const;         // that player's legal actions
//   void apply(State&, const int* actions) const;                // actions[player] of each acting one
//   void determinize(const State& truth, int player, Rng&, State& out) const;
//   void returns(const State&, const Options&, double* out) const;  // per player, in [0, 1]
//   float rule_weight(const State&, int action) const;           // the cheap rule's weight (> 0)
//   int history(const State&, int* out) const;                   // public moves so far (kReuse)
//   uint64_t fingerprint(const State&) const;                    // same game? (public setup)
//   int observation_size() const;                                 // the env's observation
//   void observe(const State&, int player, float* out) const;     // of `player` (the network's input)
template <class Adapter>
class Searcher {
 public:
  using State = typename Adapter::State;

  explicit Searcher(Adapter adapter) : adapter_(std::move(adapter)) {
    slot_.assign(static_cast<size_t>(adapter_.num_actions()), -1);
    stamp_.assign(static_cast<size_t>(adapter_.num_actions()), 0);
  }

  const Adapter& adapter() const { return adapter_; }
  // The policy-value network of the priors and leaf values (null: heuristic/cheap-rule priors and
  // play-outs). Its sizes must be the adapter's observation and action counts (checked by the caller).
  void set_network(std::shared_ptr<const PolicyValueNet> network) {
    network_ = std::move(network);
    clear();
    if (network_) {
      observation_.assign(static_cast<size_t>(network_->inputs()), 0.0f);
      network_scratch_ = network_->scratch();
    }
  }
  bool has_network() const { return network_ != nullptr; }
  int64_t tree_size() const { return static_cast<int64_t>(nodes_.size()); }
  void clear() {
    nodes_.clear();
    history_.clear();
  }

  // The action of `player` (who must decide now in `truth`) after the budget's simulations.
  // root_actions/root_priors: a prior over the player's legal moves (empty: the cheap rule).
  Result search(const State& truth, int player, const Options& options, uint64_t seed,
                const std::vector<int>& root_actions = {}, const std::vector<float>& root_priors = {}) {
    Rng rng(seed);
    options_ = options;
    const int64_t reused = prepare_root(truth, player, options);
    if (!root_actions.empty())
      set_root_priors(truth, player, root_actions, root_priors);
    else if (network_)
      expand(0, truth, player);
    if (options.root_noise > 0) add_root_noise(truth, player, rng);
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    const bool timed = options.time_limit > 0;
    const auto deadline =
        start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(options.time_limit));
    Descent descent;
    int64_t count = 0;
    while (options.simulations == 0 || count < options.simulations) {
      if (timed && (count & 7) == 0 && Clock::now() >= deadline) break;
      adapter_.determinize(truth, player, rng, descent.state);
      descent.restart();
      simulate(descent, player, rng);
      ++count;
    }
    return result_of(truth, player, count, reused);
  }

  // ---- The stepwise search (BatchedSearch, common/search_bindings.hpp): the same simulations
  // as search() with a network, the network run by the caller on the leaves of many searchers at
  // once. begin(); then, until finished(), wave() descends (up to `leaves` simulations asking
  // for the network: a new leaf to value, or a node to expand on the way down, where the
  // simulation stops until its priors come and goes on in the next wave), write_rows() writes
  // their observations and legal-action masks, check_rows() and backup_rows() take the network's
  // values and priors; end() gives search()'s result. A wave's leaves are distinct nodes: an
  // edge waiting for the network is never chosen again until its evaluation comes back, and a
  // simulation that finds every edge of a node waiting is dropped (not counted) and ends the
  // wave's new simulations; simulations in flight also hold a virtual loss (each edge of their
  // path counts `virtual_loss` more visits, returning 0), which steers the next ones to other
  // subtrees. With 1 leaf a wave the simulations are search()'s, in the same order (the same
  // random draws).
  void begin(const State& truth, int player, const Options& options, uint64_t seed, uint32_t virtual_loss) {
    options_ = options;
    external_ = true;
    run_.truth = truth;
    run_.player = player;
    run_.rng = Rng(seed);
    run_.started = 0;
    run_.virtual_loss = virtual_loss;
    run_.rooted = false;
    run_.reused = prepare_root(truth, player, options);
    run_.flight.clear();
    Descent& root = run_.flight.emplace_back();
    root.state = truth;
    root.restart();
    root.root = true;
    root.need = Need::kPriors;
    root.wait_node = 0;
    root.wait_player = player;
    root.wait_priors = true;
    root.stage = Stage::kAsk;
  }
  bool finished() const { return run_.rooted && run_.flight.empty() && run_.started >= options_.simulations; }

  // Empty if wave() may run now; else why not, in words: no stepwise search under way (never
  // begun, ended or abandoned: its tree is gone), or rows of the last wave not backed up. A wave
  // then could never ask a row nor finish: it is refused instead of looping forever.
  std::string wave_problem() const {
    if (!external_) return "no stepwise search is under way (it was never begun, has ended or was given up)";
    for (const Descent& d : run_.flight)
      if (d.stage == Stage::kWaiting) return "the rows of the last wave were not backed up";
    return "";
  }

  // The next wave: returns how many evaluations it asks (rows 0 .. count - 1 of this searcher);
  // 0 only when the search is finished. Throws std::logic_error where wave_problem() says why not.
  int wave(int leaves) {
    const std::string problem = wave_problem();
    if (!problem.empty()) throw std::logic_error(problem);
    int asked = 0;
    bool collided = false;
    auto go_on = [&](Descent& d) {
      const Need need = descend(d, run_.player, run_.rng);
      if (need == Need::kNothing) {
        d.stage = Stage::kGone;
      } else if (need == Need::kCollision) {
        drop(d);
        collided = true;
      } else {
        d.need = need;
        d.stage = Stage::kWaiting;
        d.row = asked++;
        nodes_[d.wait_node].pending = true;
        add_virtual_loss(d);
      }
    };
    do {
      collided = false;
      for (size_t i = 0; i < run_.flight.size() && asked < leaves; ++i) {
        Descent& d = run_.flight[i];
        if (d.stage == Stage::kAsk) {
          d.stage = Stage::kWaiting;
          d.row = asked++;
        } else if (d.stage == Stage::kReady) {
          go_on(d);
        }
      }
      while (run_.rooted && !collided && asked < leaves && run_.started < options_.simulations) {
        Descent& d = run_.flight.emplace_back();
        adapter_.determinize(run_.truth, run_.player, run_.rng, d.state);
        d.restart();
        ++run_.started;
        go_on(d);
      }
      forget_gone();
    } while (asked == 0 && !finished());
    return asked;
  }

  // The observations (observation_size() floats a row) and legal-action masks (num_actions()
  // a row: 1 where the network's prior is asked) of the last wave's rows, from row `offset`.
  void write_rows(int64_t offset, float* observations, int8_t* masks) const {
    const auto size = static_cast<size_t>(adapter_.observation_size());
    const auto actions = static_cast<size_t>(adapter_.num_actions());
    int legal[kLegalCap];
    for (const Descent& d : run_.flight) {
      if (d.stage != Stage::kWaiting) continue;
      const auto row = static_cast<size_t>(offset + d.row);
      adapter_.observe(d.state, d.wait_player, observations + row * size);
      int8_t* mask = masks + row * actions;
      std::fill(mask, mask + actions, int8_t{0});
      const int n = d.wait_priors ? adapter_.legal(d.state, d.wait_player, legal) : 0;
      for (int i = 0; i < n; ++i) mask[legal[i]] = 1;
    }
  }

  // Empty if the network's values (a float a row) and priors (num_actions() a row) of the last
  // wave's rows, from row `offset`, are usable; else what is wrong, in words.
  std::string check_rows(int64_t offset, const float* values, const float* priors) const {
    const auto actions = static_cast<size_t>(adapter_.num_actions());
    int legal[kLegalCap];
    for (const Descent& d : run_.flight) {
      if (d.stage != Stage::kWaiting) continue;
      const auto row = static_cast<size_t>(offset + d.row);
      if (!std::isfinite(values[row])) return "values[" + std::to_string(row) + "] is not finite";
      const int n = d.wait_priors ? adapter_.legal(d.state, d.wait_player, legal) : 0;
      double sum = 0;
      for (int i = 0; i < n; ++i) {
        const float p = priors[row * actions + static_cast<size_t>(legal[i])];
        if (!(p >= 0) || !std::isfinite(p))
          return "priors[" + std::to_string(row) + ", " + std::to_string(legal[i]) +
                 "] (a legal action) must be a finite number >= 0";
        sum += p;
      }
      if (n > 0 && !(sum > 0))
        return "priors[" + std::to_string(row) + "] must have a positive sum over the legal actions";
    }
    return "";
  }

  // Backs up the network's values and priors of the last wave's rows (checked by check_rows):
  // the priors expand the nodes asked, the values (clamped to [0, 1], as the network's in C++)
  // value the leaves.
  void backup_rows(int64_t offset, const float* values, const float* priors) {
    const auto actions = static_cast<size_t>(adapter_.num_actions());
    int legal[kLegalCap];
    float gathered[kLegalCap];
    for (Descent& d : run_.flight) {
      if (d.stage != Stage::kWaiting) continue;
      const auto row = static_cast<size_t>(offset + d.row);
      if (d.wait_priors) {
        const int n = adapter_.legal(d.state, d.wait_player, legal);
        for (int i = 0; i < n; ++i) gathered[i] = priors[row * actions + static_cast<size_t>(legal[i])];
        set_priors(d.wait_node, legal, n, gathered);
      }
      nodes_[d.wait_node].pending = false;
      if (d.root) {
        if (options_.root_noise > 0) add_root_noise(run_.truth, run_.player, run_.rng);
        run_.rooted = true;
        d.stage = Stage::kGone;
      } else if (d.need == Need::kPriors) {
        d.stage = Stage::kReady;
      } else {
        finish_leaf(d, std::clamp(values[row], 0.0f, 1.0f), run_.rng);
        d.stage = Stage::kGone;
      }
    }
    forget_gone();
  }

  // The result of the stepwise search (finished()), as search()'s; the searcher is then as after search().
  Result end() {
    external_ = false;
    return result_of(run_.truth, run_.player, run_.started, run_.reused);
  }
  // Gives up a stepwise search under way: the tree (with its losses in flight) is forgotten.
  void abandon() {
    external_ = false;
    run_.rooted = false;
    run_.flight.clear();
    clear();
  }

 private:
  Result result_of(const State& truth, int player, int64_t count, int64_t reused) {
    Result result;
    result.reused_visits = reused;
    result.simulations = count;
    result.nodes = static_cast<int64_t>(nodes_.size());
    // the most visited root edge legal now (ties: the higher prior, then the first created)
    int legal[kLegalCap];
    const int n = adapter_.legal(truth, player, legal);
    if (n == 0) throw std::invalid_argument("the player has no legal move");
    mark_children(0);
    double total_weight = 0;
    for (int32_t c = nodes_[0].first_child; c >= 0; c = nodes_[c].next_sibling) total_weight += nodes_[c].weight;
    int best = -1;
    for (int i = 0; i < n; ++i) {
      int32_t c = child_of(legal[i]);
      if (c < 0) continue;
      if (best < 0 || nodes_[c].visits > nodes_[best].visits ||
          (nodes_[c].visits == nodes_[best].visits && nodes_[c].weight > nodes_[best].weight))
        best = c;
    }
    result.action = best >= 0 ? nodes_[best].action : legal[0];
    for (int32_t c = nodes_[0].first_child; c >= 0; c = nodes_[c].next_sibling) {
      const Node& e = nodes_[c];
      result.edges.push_back({e.action, e.visits, e.visits ? e.total / e.visits : 0.0,
                              static_cast<float>(total_weight > 0 ? e.weight / total_weight : 0)});
    }
    return result;
  }

 private:
  // What a descent stopped for: nothing (it was backed up: the end of the game or a play-out),
  // a node's priors (it goes on after them), a new leaf's value (and priors when its player
  // decides there), or a node that another simulation of the wave waits for (it is dropped).
  enum class Need { kNothing, kPriors, kLeafValue, kCollision };
  // Where a stepwise simulation stands: asked in the next wave as it is (the root), waiting for
  // the network, ready to go on down, or done.
  enum class Stage { kAsk, kWaiting, kReady, kGone };
  // One simulation under way: its determinization, the tree path so far and where the descent
  // stands (the players acting at this step, the actions chosen so far), what it waits for.
  struct Descent {
    State state;
    int32_t path[Adapter::kMaxDepth];
    int8_t chooser_of[Adapter::kMaxDepth];
    int depth = 0;
    int32_t node = 0, leaf = -1;
    bool in_tree = true, stepping = false;
    int players[Adapter::kMaxPlayers], actions[Adapter::kMaxPlayers];
    int acting = 0, next = 0;
    int32_t wait_node = -1;    // the node expanded by the priors asked, or the leaf valued
    int wait_player = -1;      // whose observation the network reads
    bool wait_priors = false;  // its legal moves' priors are asked
    bool root = false;         // the root's expansion from the true state (stepwise)
    Need need = Need::kNothing;
    Stage stage = Stage::kGone;
    int row = -1;       // its row in the wave
    uint32_t loss = 0;  // its virtual loss, on the root and the first loss_depth edges
    int loss_depth = 0;
    void restart() {
      depth = 0;
      node = 0;
      leaf = -1;
      in_tree = true;
      stepping = false;
      root = false;
      loss = 0;
      loss_depth = 0;
    }
  };
  // The stepwise search under way.
  struct Run {
    State truth;
    int player = -1;
    Rng rng{0};
    int64_t started = 0, reused = 0;
    uint32_t virtual_loss = 0;
    bool rooted = false;  // the root has the network's priors
    std::vector<Descent> flight;
  };

  static constexpr int kLegalCap = 512;
  Adapter adapter_;
  Options options_;
  std::vector<Node> nodes_;   // nodes_[0] is the root
  std::vector<int> history_;  // the public moves that led to the root (tree reuse)
  uint64_t fingerprint_ = 0;
  int root_player_ = -1;
  std::vector<int32_t> slot_;  // action -> child, valid where stamp_ == generation_
  std::vector<uint32_t> stamp_;
  uint32_t generation_ = 0;
  std::shared_ptr<const PolicyValueNet> network_;
  bool external_ = false;  // a stepwise search: the network is the caller's
  Run run_;
  std::vector<float> observation_;  // the network's input
  NetworkScratch network_scratch_;

  // Set up the root: the subtree of the moves played since the last search, or a new tree.
  // Returns the root visits kept.
  int64_t prepare_root(const State& truth, int player, const Options& options) {
    std::vector<int> history;
    uint64_t fingerprint = 0;
    if constexpr (Adapter::kReuse) {
      int moves[Adapter::kMaxHistory];
      history.assign(moves, moves + adapter_.history(truth, moves));
      fingerprint = adapter_.fingerprint(truth);
    }
    int32_t keep = -1;
    if (Adapter::kReuse && options.reuse && !nodes_.empty() && fingerprint == fingerprint_ && player == root_player_ &&
        history.size() >= history_.size() && std::equal(history_.begin(), history_.end(), history.begin())) {
      keep = 0;
      for (size_t i = history_.size(); i < history.size() && keep >= 0; ++i) {
        int32_t found = -1;
        for (int32_t c = nodes_[keep].first_child; c >= 0; c = nodes_[c].next_sibling)
          if (nodes_[c].action == history[i]) found = c;
        keep = found;
      }
    }
    history_ = std::move(history);
    fingerprint_ = fingerprint;
    root_player_ = player;
    if (keep < 0) {
      nodes_.clear();
      nodes_.emplace_back();
      return 0;
    }
    if (keep > 0) compact(keep);
    return nodes_[0].visits;
  }

  // Keep only the subtree under `keep`, which becomes the root (breadth-first copy).
  void compact(int32_t keep) {
    std::vector<Node> kept;
    kept.reserve(nodes_.size() / 4 + 16);
    kept.push_back(nodes_[keep]);
    kept[0].next_sibling = -1;
    for (size_t i = 0; i < kept.size(); ++i) {
      int32_t previous = -1;
      for (int32_t c = kept[i].first_child; c >= 0; c = nodes_[c].next_sibling) {
        Node copy = nodes_[c];
        copy.next_sibling = -1;
        const auto index = static_cast<int32_t>(kept.size());
        kept.push_back(copy);
        if (previous < 0)
          kept[i].first_child = index;
        else
          kept[previous].next_sibling = index;
        previous = index;
      }
    }
    nodes_.swap(kept);
  }

  // The root's priors from Python (the player's legal actions, weights >= 0 with a positive sum),
  // mixed with the network's over the same actions when root_prior_weight < 1.
  void set_root_priors(const State& truth, int player, const std::vector<int>& actions,
                       const std::vector<float>& priors) {
    const int n = static_cast<int>(actions.size());
    std::vector<float> weights(priors);
    const double share = options_.root_prior_weight;
    if (network_ && share < 1) {
      double total = 0;
      for (float p : priors) total += p;
      float network_priors[kLegalCap];
      adapter_.observe(truth, player, observation_.data());
      network_->evaluate(observation_.data(), actions.data(), n, network_priors, network_scratch_);
      for (int i = 0; i < n; ++i)
        weights[i] = static_cast<float>((1 - share) * network_priors[i] + share * priors[i] / total);
    }
    mark_children(0);
    for (int i = 0; i < n; ++i) {
      int32_t c = child_of(actions[i]);
      if (c < 0)
        c = add_child(0, actions[i], weights[i]);
      else
        nodes_[c].weight = weights[i];
    }
    nodes_[0].expanded = true;
  }

  // The network's value of `state` for `player`, and (with legal moves) its priors on the edges
  // of `node` (created where missing, if the tree may grow).
  float evaluate(const State& state, int player, int32_t node, bool with_priors) {
    int legal[kLegalCap];
    float priors[kLegalCap];
    const int n = with_priors ? adapter_.legal(state, player, legal) : 0;
    adapter_.observe(state, player, observation_.data());
    const float value = network_->evaluate(observation_.data(), legal, n, priors, network_scratch_);
    if (n > 0) set_priors(node, legal, n, priors);
    return value;
  }
  // The priors of the n legal actions at `node` on its edges (created where missing, if the tree may grow).
  void set_priors(int32_t node, const int* legal, int n, const float* priors) {
    if (!nodes_[node].expanded) {
      // Edges made before the network expands the node have the cheap rule's weights (a node
      // deeper than network_depth, moved up by tree reuse): each gets a late edge's prior
      // (1/n, as in select) before the edges legal here get the network's.
      for (int32_t c = nodes_[node].first_child; c >= 0; c = nodes_[c].next_sibling)
        nodes_[c].weight = 1.0f / static_cast<float>(n);
    }
    mark_children(node);
    const bool grow = static_cast<int64_t>(nodes_.size()) + n <= options_.max_nodes;
    for (int i = 0; i < n; ++i) {
      const int32_t c = child_of(legal[i]);
      if (c >= 0)
        nodes_[c].weight = priors[i];
      else if (grow)
        add_child(node, legal[i], priors[i]);
    }
    nodes_[node].expanded = true;
  }
  void expand(int32_t node, const State& state, int player) { evaluate(state, player, node, true); }

  // Dirichlet(noise_alpha) noise mixed into the priors of the root's edges legal in `truth`.
  void add_root_noise(const State& truth, int player, Rng& rng) {
    int legal[kLegalCap];
    const int n = adapter_.legal(truth, player, legal);
    mark_children(0);
    for (int i = 0; i < n; ++i)
      if (child_of(legal[i]) < 0) add_child(0, legal[i], adapter_.rule_weight(truth, legal[i]));
    double noise[kLegalCap], noise_total = 0, weight_total = 0;
    for (int i = 0; i < n; ++i) {
      noise_total += (noise[i] = gamma(options_.noise_alpha, rng));
      weight_total += nodes_[child_of(legal[i])].weight;
    }
    if (!(noise_total > 0) || !(weight_total > 0)) return;
    const double f = options_.root_noise;
    for (int i = 0; i < n; ++i) {
      Node& e = nodes_[child_of(legal[i])];
      e.weight = static_cast<float>((1 - f) * e.weight / weight_total + f * noise[i] / noise_total);
    }
  }
  // Gamma(alpha, 1): Marsaglia and Tsang (2000); alpha < 1 through Gamma(alpha + 1) * U^(1/alpha).
  // One draw per statement: within one expression C++ leaves the order of the draws to the compiler.
  static double gamma(double alpha, Rng& rng) {
    if (alpha < 1) {
      const double g = gamma(alpha + 1, rng);
      return g * std::pow(rng.unit(), 1.0 / alpha);
    }
    const double d = alpha - 1.0 / 3.0, c = 1.0 / std::sqrt(9 * d);
    while (true) {
      const double radius = std::sqrt(-2 * std::log(rng.unit()));
      const double z = radius * std::cos(6.283185307179586 * rng.unit());
      const double v = std::pow(1 + c * z, 3);
      if (v <= 0) continue;
      if (std::log(rng.unit()) < 0.5 * z * z + d - d * v + d * std::log(v)) return d * v;
    }
  }

  int32_t add_child(int32_t parent, int action, float weight) {
    Node child;
    child.action = action;
    child.weight = weight;
    child.next_sibling = nodes_[parent].first_child;
    const auto index = static_cast<int32_t>(nodes_.size());
    nodes_.push_back(child);
    nodes_[parent].first_child = index;
    slot_[action] = index;
    stamp_[action] = generation_;
    return index;
  }

  void mark_children(int32_t node) {
    if (++generation_ == 0) {
      std::fill(stamp_.begin(), stamp_.end(), 0);
      generation_ = 1;
    }
    for (int32_t c = nodes_[node].first_child; c >= 0; c = nodes_[c].next_sibling) {
      slot_[nodes_[c].action] = c;
      stamp_[nodes_[c].action] = generation_;
    }
  }
  int32_t child_of(int action) const { return stamp_[action] == generation_ ? slot_[action] : -1; }

  // PUCT among the edges legal here (new ones are created, if the tree may grow): -1 when there
  // is none (the tree is full); an edge waiting for the network (stepwise) is never chosen,
  // kAllPending when every candidate is.
  static constexpr int32_t kAllPending = -2;
  int32_t select(const State& state, int32_t node, const int* legal, int n) {
    mark_children(node);
    int32_t edges[kLegalCap];
    const bool grow = static_cast<int64_t>(nodes_.size()) + n <= options_.max_nodes;
    const bool expanded = nodes_[node].expanded;
    int count = 0;
    for (int i = 0; i < n; ++i) {
      int32_t c = child_of(legal[i]);
      if (c < 0) {
        if (!grow) continue;
        c = add_child(node, legal[i], expanded ? 1.0f / static_cast<float>(n) : adapter_.rule_weight(state, legal[i]));
      }
      edges[count++] = c;
    }
    if (count == 0) return -1;
    int candidates = count;
    if (options_.widening > 0) {
      const double allowed = std::ceil(options_.widening * std::sqrt(nodes_[node].visits + 1.0));
      if (allowed < count) {
        candidates = static_cast<int>(allowed);
        std::partial_sort(edges, edges + candidates, edges + count, [this](int32_t a, int32_t b) {
          return nodes_[a].weight > nodes_[b].weight ||
                 (nodes_[a].weight == nodes_[b].weight && nodes_[a].action < nodes_[b].action);
        });
      }
    }
    double norm = 0, visited_total = 0, visited_visits = 0;
    for (int i = 0; i < candidates; ++i) {
      const Node& e = nodes_[edges[i]];
      norm += e.weight;
      if (e.visits) {
        visited_total += e.total;
        visited_visits += e.visits;
      }
    }
    const double parent_q = visited_visits > 0 ? visited_total / visited_visits : 0.5;
    if (norm <= 0) norm = 1;
    double best_score = -1e300;
    int32_t best = kAllPending;
    for (int i = 0; i < candidates; ++i) {
      Node& e = nodes_[edges[i]];
      ++e.available;
      const double q = e.visits ? e.total / e.visits : parent_q;
      const double score =
          q + options_.exploration * (e.weight / norm) * std::sqrt(static_cast<double>(e.available)) / (1.0 + e.visits);
      if (!e.pending && score > best_score) {
        best_score = score;
        best = edges[i];
      }
    }
    return best;
  }

  // The cheap rule: a legal action drawn with the adapter's weights.
  int rule_action(const State& state, const int* legal, int n, Rng& rng) const {
    if (n == 1) return legal[0];
    float weights[kLegalCap];
    float total = 0;
    for (int i = 0; i < n; ++i) total += (weights[i] = adapter_.rule_weight(state, legal[i]));
    float pick = static_cast<float>(rng.next() >> 40) * (1.0f / 16777216.0f) * total;
    for (int i = 0; i < n; ++i) {
      pick -= weights[i];
      if (pick < 0) return legal[i];
    }
    return legal[n - 1];
  }

  // One simulation from the determinization in `d`: down the tree to a new leaf (or out of it),
  // then the leaf's value (network, play-out or both; the end of the game scores itself), backed
  // up along the path. A node the network guides is expanded by it when a simulation first
  // chooses there.
  void simulate(Descent& d, int me, Rng& rng) {
    while (true) {
      const Need need = descend(d, me, rng);
      if (need == Need::kNothing) return;
      const float value = evaluate(d.state, d.wait_player, d.wait_node, d.wait_priors);
      if (need == Need::kLeafValue) return finish_leaf(d, value, rng);
    }
  }

  // Goes on down from where `d` stands until it needs the network (what for: Need); a
  // simulation that needs it no more (the end of the game, a play-out) is backed up here.
  Need descend(Descent& d, int me, Rng& rng) {
    int legal[kLegalCap];
    while (true) {
      if (!d.stepping) {
        if (!d.in_tree || adapter_.is_over(d.state)) break;
        d.acting = adapter_.acting(d.state, d.players);
        d.next = 0;
        d.stepping = true;
      }
      for (; d.next < d.acting; ++d.next) {
        const int p = d.players[d.next];
        const int n = adapter_.legal(d.state, p, legal);
        const bool chooses = d.in_tree && (!Adapter::kSimultaneous || p == me);
        if (!chooses) {
          d.actions[p] = rule_action(d.state, legal, n, rng);
          continue;
        }
        const bool room = d.depth < Adapter::kMaxDepth;
        if (room && guided(d.depth) && !nodes_[d.node].expanded) {
          d.wait_node = d.node;
          d.wait_player = p;
          d.wait_priors = true;
          return Need::kPriors;
        }
        const int32_t child = room ? select(d.state, d.node, legal, n) : -1;
        if (child == kAllPending) return Need::kCollision;
        if (child < 0) {  // the tree is full (or too deep): play out from here
          d.in_tree = false;
          d.actions[p] = rule_action(d.state, legal, n, rng);
          continue;
        }
        d.actions[p] = nodes_[child].action;
        d.path[d.depth] = child;
        d.chooser_of[d.depth++] = static_cast<int8_t>(p);
        d.node = child;
        if (nodes_[child].visits == 0) {  // a new leaf: value it after this move
          d.in_tree = false;
          d.leaf = child;
        }
      }
      adapter_.apply(d.state, d.actions);
      d.stepping = false;
    }
    double value[Adapter::kMaxPlayers];
    if (adapter_.is_over(d.state)) {
      adapter_.returns(d.state, options_, value);
    } else if (d.leaf >= 0 && guided(d.depth) && options_.rollout_weight < 1) {
      // the network values the position after the leaf for the player who decides there
      // (turn-based; the other gets 1 - v) or the searching player (simultaneous: the only
      // chooser in the tree), and expands the leaf when the one valued decides there
      int players[Adapter::kMaxPlayers];
      const int acting = adapter_.acting(d.state, players);
      d.wait_player = Adapter::kSimultaneous ? me : players[0];
      d.wait_priors = std::find(players, players + acting, d.wait_player) != players + acting;
      d.wait_node = d.leaf;
      return Need::kLeafValue;
    } else {
      play_out(d.state, rng, value);
    }
    backup(d, value);
    return Need::kNothing;
  }

  // The leaf of `d` valued `v` by the network for d.wait_player (mixed with a play-out by
  // rollout_weight), backed up.
  void finish_leaf(Descent& d, float v, Rng& rng) {
    double value[Adapter::kMaxPlayers];
    for (int p = 0; p < adapter_.num_players(); ++p)
      value[p] = p == d.wait_player ? v : (Adapter::kSimultaneous ? v : 1 - v);
    if (options_.rollout_weight > 0) {
      double played[Adapter::kMaxPlayers];
      play_out(d.state, rng, played);
      const double w = options_.rollout_weight;
      for (int p = 0; p < adapter_.num_players(); ++p) value[p] = (1 - w) * value[p] + w * played[p];
    }
    backup(d, value);
  }

  // The returns `value` (per player) along the path of `d`, its virtual loss taken back.
  void backup(const Descent& d, const double* value) {
    nodes_[0].visits += 1;
    nodes_[0].visits -= d.loss;
    for (int i = 0; i < d.depth; ++i) {
      Node& e = nodes_[d.path[i]];
      e.visits += 1;
      if (i < d.loss_depth) e.visits -= d.loss;
      e.total += value[d.chooser_of[i]];
    }
  }

  // The virtual loss of a stepwise simulation that waits: on the root and its path's edges not
  // yet holding it, virtual_loss more visits with a return of 0.
  void add_virtual_loss(Descent& d) {
    const uint32_t loss = run_.virtual_loss;
    if (loss == 0) return;
    if (d.loss == 0) {
      nodes_[0].visits += loss;
      d.loss = loss;
    }
    for (int i = d.loss_depth; i < d.depth; ++i) nodes_[d.path[i]].visits += loss;
    d.loss_depth = d.depth;
  }

  // A stepwise simulation dropped (it reached a node another one waits for): its virtual loss
  // taken back, not counted.
  void drop(Descent& d) {
    nodes_[0].visits -= d.loss;
    for (int i = 0; i < d.loss_depth; ++i) nodes_[d.path[i]].visits -= d.loss;
    --run_.started;
    d.stage = Stage::kGone;
  }
  void forget_gone() {
    run_.flight.erase(std::remove_if(run_.flight.begin(), run_.flight.end(),
                                     [](const Descent& d) { return d.stage == Stage::kGone; }),
                      run_.flight.end());
  }

  // Whether the network expands and values a node `depth` moves below the root (network_depth).
  bool guided(int depth) const {
    return (network_ || external_) && (options_.network_depth == 0 || depth < options_.network_depth);
  }

  // Every player follows the cheap rule to the end of the game; the returns of that end.
  void play_out(State& state, Rng& rng, double* value) {
    int players[Adapter::kMaxPlayers], actions[Adapter::kMaxPlayers], legal[kLegalCap];
    while (!adapter_.is_over(state)) {
      const int acting = adapter_.acting(state, players);
      for (int i = 0; i < acting; ++i) {
        const int p = players[i];
        actions[p] = rule_action(state, legal, adapter_.legal(state, p, legal), rng);
      }
      adapter_.apply(state, actions);
    }
    adapter_.returns(state, options_, value);
  }
};

}  // namespace wonders::search
