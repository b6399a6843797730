#include "seven_wonders/batch.hpp"

#include <cstring>

namespace wonders::seven_wonders {
namespace {
constexpr uint64_t SAMPLER_STREAM = 0xFFFFFFFFFFFFFFFFULL;
}

Batch::Batch(const Engine& engine, int num_envs, uint64_t seed, int threads)
    : seed_(seed),
      games_(static_cast<size_t>(num_envs)),
      seeds_(static_cast<size_t>(num_envs)),
      episodes_(static_cast<size_t>(num_envs)),
      sampler_(mix_seed(seed, SAMPLER_STREAM, 0)),
      pool_(std::make_unique<WorkerPool>(threads)) {
  for (int worker = 0; worker < pool_->size(); ++worker) {
    lanes_.push_back(std::make_unique<Lane>(engine));
    lanes_.back()->rows.resize(static_cast<size_t>(MAX_SEATS) * lanes_.back()->observer.city_size());
  }
}

void Batch::deal(Lane& lane, int index) {
  seeds_[index] = mix_seed(seed_, static_cast<uint64_t>(index), episodes_[index]);
  lane.engine.new_game(games_[index], lane.engine.draw_deal(seeds_[index]));
  games_[index].has_seed = true;
  games_[index].seed = seeds_[index];
}

void Batch::write(Lane& lane, int index, float* obs, int8_t* mask, bool* to_act) {
  const State& state = games_[index];
  const Engine& engine = lane.engine;
  const int players = engine.num_players(), actions = engine.num_actions(), size = lane.observer.size();
  lane.observer.public_cities(state, lane.rows.data());
  for (int p = 0; p < players; ++p) {
    size_t row = static_cast<size_t>(index) * players + p;
    bool acting = engine.is_acting(state, p);
    to_act[row] = acting;
    if (acting) {
      engine.legal_action_mask(state, p, mask + row * actions);
      lane.observer.encode(state, p, lane.rows.data(), obs + row * size);
    } else {
      std::memset(mask + row * actions, 0, static_cast<size_t>(actions));
    }
  }
}

void Batch::reset(float* obs, int8_t* mask, bool* to_act) {
  finished_.clear();
  pool_->run(num_envs(), [&](int worker, int begin, int end) {
    Lane& lane = *lanes_[static_cast<size_t>(worker)];
    for (int i = begin; i < end; ++i) {
      episodes_[i] = 0;
      deal(lane, i);
      write(lane, i, obs, mask, to_act);
    }
  });
}

std::string Batch::check(const int64_t* actions) const {
  const Engine& engine = lanes_[0]->engine;
  const int players = engine.num_players();
  for (int i = 0; i < num_envs(); ++i) {
    Actors actors = engine.acting_players(games_[i]);
    for (int k = 0; k < actors.count; ++k) {
      int p = actors.seats[k];
      std::string why = engine.why_illegal(games_[i], p, actions[static_cast<size_t>(i) * players + p]);
      if (!why.empty()) return "game " + std::to_string(i) + ", seat " + std::to_string(p) + ": " + why;
    }
  }
  return "";
}

void Batch::step(const int64_t* actions, float* obs, int8_t* mask, bool* to_act, float* rewards, bool* terminated) {
  const int players = engine().num_players();
  std::memset(rewards, 0, sizeof(float) * games_.size() * players);
  for (const std::unique_ptr<Lane>& lane : lanes_) lane->finished.clear();
  pool_->run(num_envs(), [&](int worker, int begin, int end) {
    Lane& lane = *lanes_[static_cast<size_t>(worker)];
    const Engine& engine = lane.engine;
    for (int i = begin; i < end; ++i) {
      State& state = games_[i];
      std::array<int, MAX_PLAYERS> chosen{};
      Actors actors = engine.acting_players(state);
      for (int k = 0; k < actors.count; ++k)
        chosen[actors.seats[k]] = static_cast<int>(actions[static_cast<size_t>(i) * players + actors.seats[k]]);
      engine.apply_actions(state, chosen);
      terminated[i] = engine.is_over(state);
      if (terminated[i]) {
        float* row = rewards + static_cast<size_t>(i) * players;
        for (int p = 0; p < players; ++p) row[p] = -1.0f;
        for (int p : engine.winners(state)) row[p] = 1.0f;
        lane.finished.push_back(Finished{i, seeds_[i], state});
        ++episodes_[i];
        deal(lane, i);
      }
      write(lane, i, obs, mask, to_act);
    }
  });
  finished_.clear();  // in game order: the workers' chunks are contiguous and in order
  for (const std::unique_ptr<Lane>& lane : lanes_)
    finished_.insert(finished_.end(), lane->finished.begin(), lane->finished.end());
}

void Batch::sample_actions(int64_t* actions) {
  const Engine& engine = lanes_[0]->engine;
  const int players = engine.num_players();
  std::array<int8_t, MAX_ACTIONS> mask;
  std::array<int16_t, MAX_ACTIONS> legal;
  for (int i = 0; i < num_envs(); ++i) {
    for (int p = 0; p < players; ++p) actions[static_cast<size_t>(i) * players + p] = -1;
    Actors actors = engine.acting_players(games_[i]);
    for (int k = 0; k < actors.count; ++k) {
      int p = actors.seats[k], count = 0;
      engine.legal_action_mask(games_[i], p, mask.data());
      for (int a = 0; a < engine.num_actions(); ++a)
        if (mask[a]) legal[count++] = static_cast<int16_t>(a);
      actions[static_cast<size_t>(i) * players + p] = legal[sampler_.below(static_cast<uint32_t>(count))];
    }
  }
}

}  // namespace wonders::seven_wonders
