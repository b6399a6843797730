// num_envs Duel games stepped together, writing into caller-owned arrays (wonders_env.vector).
//
// Arrays, row-major: obs [E, 2, observation size] float32, mask [E, 2, actions] int8 (the Engine's table's),
// to_act [E, 2] bool, rewards [E, 2] float32, terminated [E] bool, actions [E, 2] int64.
// Only the deciding seat's observation row is written at each step, and only the entries that
// changed since the batch last wrote that row: the batch keeps what each row holds as an ObsView
// (and an ExpansionView) and writes the differences only; a mask row is cleared where it was set
// and set where the new legal actions are.
// The arrays must therefore be left as the batch wrote them between calls; reset() writes them
// whole. Game i plays, one episode after another, the deals of seeds mix_seed(seed, i, episode).
// With threads > 1 the games are stepped in `threads` contiguous chunks at once (a WorkerPool);
// every game is independent, so the results are the same for any number of threads.
#pragma once
#include <memory>
#include <vector>

#include "common/worker_pool.hpp"
#include "duel/rules.hpp"

namespace wonders::duel {

struct Finished {
  int index;      // game index in the batch
  uint64_t seed;  // the seed of its deal
  State state;    // as it ended
};

class Batch {
 public:
  Batch(Engine engine, int num_envs, uint64_t seed, int threads = 1);
  int num_envs() const { return static_cast<int>(games_.size()); }
  int threads() const { return pool_->size(); }
  void reset(float* obs, int8_t* mask, bool* to_act);
  // Checks every game's action first (std::invalid_argument naming the game, seat, action and
  // why, every game unchanged), then plays them all; finished games restart.
  void step(const int64_t* actions, float* obs, int8_t* mask, bool* to_act, float* rewards, bool* terminated);
  // A uniformly random legal action for each game's deciding seat into actions [E, 2].
  void sample_actions(int64_t* actions);
  uint64_t seed_of(int index) const { return games_[index].seed; }
  const State& state_of(int index) const { return games_[index].state; }
  // the legal actions of game `index`'s deciding seat (legal_actions' order)
  const int16_t* legal_of(int index) const { return games_[index].legal; }
  int num_legal_of(int index) const { return games_[index].num_legal; }
  const std::vector<Finished>& finished() const { return finished_; }

 private:
  struct Written {  // what a seat's observation row holds (side by side: read together)
    ObsView base;
    ExpansionView expansions;
  };
  struct Game {
    State state;
    uint64_t seed, episode;
    int num_legal;
    int16_t legal[MAX_LEGAL];
    int num_mask_written[2];
    Written written[2];  // what each seat's observation row holds
    int16_t mask_written[2][MAX_LEGAL];
  };
  void deal(Game& game, int index);
  void write_outputs(Game& game, float* obs, int8_t* mask, bool* to_act);
  // Plays games [begin, end) of a checked step; the finished ones go to `finished`.
  void step_games(int begin, int end, const int64_t* actions, float* obs, int8_t* mask, bool* to_act, float* rewards,
                  bool* terminated, std::vector<Finished>& finished);

  Engine engine_;
  size_t obs_row_, mask_row_;  // the Engine's observation size and number of actions
  bool expansions_;            // the table has a Pantheon's or Agora's views
  uint64_t seed_;
  std::vector<Game> games_;
  std::vector<Finished> finished_;
  std::vector<std::vector<Finished>> finished_by_worker_;
  Rng sampler_;
  std::unique_ptr<WorkerPool> pool_;
};

}  // namespace wonders::duel
