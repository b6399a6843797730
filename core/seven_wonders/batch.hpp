// num_envs games of 7 Wonders stepped together, writing into caller-owned arrays (the batched
// API of wonders_env/vector.py). Every acting seat of every game decides in one step; finished
// games restart at once and their final states are kept for finished_records().
// With threads > 1 the games are stepped in `threads` contiguous chunks at once (a WorkerPool),
// each worker with its own copy of the engine (whose payment cache is written as it is read); the
// results are the same for any number of threads. The batch never uses the engine it was given
// after copying it, so that engine stays the caller's to use while the batch steps.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "common/worker_pool.hpp"
#include "seven_wonders/observation.hpp"
#include "seven_wonders/rules.hpp"

namespace wonders::seven_wonders {

class Batch {
 public:
  struct Finished {
    int index;
    uint64_t seed;
    State state;
  };

  Batch(const Engine& engine, int num_envs, uint64_t seed, int threads = 1);
  const Engine& engine() const { return lanes_[0]->engine; }
  const Observer& observer() const { return lanes_[0]->observer; }
  int num_envs() const { return static_cast<int>(games_.size()); }
  int threads() const { return pool_->size(); }

  // Deal every game anew (episode 0) and write obs [E,P,D], mask [E,P,A], to_act [E,P].
  void reset(float* obs, int8_t* mask, bool* to_act);
  // Empty if every acting seat's action in actions [E,P] is legal, else the first problem,
  // naming the game, the seat, the action and why.
  std::string check(const int64_t* actions) const;
  // Apply a checked batch of actions; rewards [E,P] (win_loss at the end), terminated [E].
  void step(const int64_t* actions, float* obs, int8_t* mask, bool* to_act, float* rewards, bool* terminated);
  // A uniformly random legal action for every acting seat, -1 elsewhere (the core's generator).
  void sample_actions(int64_t* actions);
  const std::vector<uint64_t>& seeds() const { return seeds_; }
  const std::vector<Finished>& finished() const { return finished_; }
  const State& state(int index) const { return games_[index]; }

 private:
  // What one worker steps its games with.
  struct Lane {
    explicit Lane(const Engine& original) : engine(original), observer(engine) {}
    Engine engine;
    Observer observer;  // of `engine`
    std::vector<float> rows;
    std::vector<Finished> finished;
  };

  uint64_t seed_;
  std::vector<std::unique_ptr<Lane>> lanes_;
  std::vector<State> games_;
  std::vector<uint64_t> seeds_, episodes_;
  std::vector<Finished> finished_;
  Rng sampler_;
  std::unique_ptr<WorkerPool> pool_;

  void deal(Lane& lane, int index);
  void write(Lane& lane, int index, float* obs, int8_t* mask, bool* to_act);
};

}  // namespace wonders::seven_wonders
