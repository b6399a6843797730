// num_envs games of 7 Wonders stepped together, writing into caller-owned arrays (the batched
// API of wonders_env/vector.py). Every acting seat of every game decides in one step; finished
// games restart at once and their final states are kept for finished_records().
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "seven_wonders/observation.hpp"
#include "seven_wonders/rules.hpp"

namespace wonders::seven_wonders {

class Batch {
  public:
    struct Finished {
        int index;
        uint64_t seed;
        GameState state;
    };

    Batch(std::shared_ptr<const Engine> engine, int num_envs, uint64_t seed);
    const Engine& engine() const { return *engine_; }
    const Observer& observer() const { return observer_; }
    int num_envs() const { return static_cast<int>(games_.size()); }

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
    const GameState& state(int index) const { return games_[index]; }

  private:
    std::shared_ptr<const Engine> engine_;
    Observer observer_;
    uint64_t seed_;
    std::vector<GameState> games_;
    std::vector<uint64_t> seeds_, episodes_;
    std::vector<Finished> finished_;
    std::vector<float> rows_;
    Rng sampler_;

    void deal(int index);
    void write(int index, float* obs, int8_t* mask, bool* to_act);
};

}  // namespace wonders::seven_wonders
