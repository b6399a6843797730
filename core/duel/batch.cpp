#include "duel/batch.hpp"

#include <cstring>
#include <stdexcept>
#include <string>

namespace wonders::duel {

namespace {
constexpr uint64_t SAMPLER_STREAM = ~uint64_t{0};
}  // namespace

Batch::Batch(Engine engine, int num_envs, uint64_t seed, int threads)
    : engine_(std::move(engine)),
      obs_row_(static_cast<size_t>(engine_.observation_size())),
      mask_row_(static_cast<size_t>(engine_.num_actions())),
      expansions_(engine_.pantheon() || engine_.agora()),
      seed_(seed),
      games_(static_cast<size_t>(num_envs)),
      sampler_(mix_seed(seed, SAMPLER_STREAM, 0)),
      pool_(std::make_unique<WorkerPool>(threads)) {
  finished_by_worker_.resize(static_cast<size_t>(pool_->size()));
}

void Batch::deal(Game& game, int index) {
  game.seed = mix_seed(seed_, static_cast<uint64_t>(index), game.episode);
  engine_.new_game(game.state, engine_.draw_deal(game.seed));
  game.num_legal = engine_.legal_actions(game.state, game.legal);
}

void Batch::reset(float* obs, int8_t* mask, bool* to_act) {
  const size_t n = games_.size();
  std::memset(obs, 0, n * 2 * obs_row_ * sizeof(float));
  std::memset(mask, 0, n * 2 * mask_row_);
  std::memset(to_act, 0, n * 2);
  finished_.clear();
  pool_->run(static_cast<int>(n), [&](int, int begin, int end) {
    for (int i = begin; i < end; ++i) {
      Game& game = games_[i];
      game.episode = 0;
      game.written[0] = game.written[1] = {};
      game.num_mask_written[0] = game.num_mask_written[1] = 0;
      deal(game, i);
      write_outputs(game, obs + i * 2 * obs_row_, mask + i * 2 * mask_row_, to_act + i * 2);
    }
  });
}

void Batch::write_outputs(Game& game, float* obs, int8_t* mask, bool* to_act) {
  const int seat = game.state.current;  // a game in the batch never stays over
  for (int p = 0; p < 2; ++p) {
    int8_t* row = mask + p * mask_row_;
    for (int i = 0; i < game.num_mask_written[p]; ++i) row[game.mask_written[p][i]] = 0;
    game.num_mask_written[p] = 0;
    to_act[p] = p == seat;
  }
  int8_t* row = mask + seat * mask_row_;
  for (int i = 0; i < game.num_legal; ++i) row[game.legal[i]] = 1;
  std::memcpy(game.mask_written[seat], game.legal, sizeof(int16_t) * game.num_legal);
  game.num_mask_written[seat] = game.num_legal;

  float* seat_obs = obs + seat * obs_row_;
  Written& written = game.written[seat];
  const ObsView fresh = engine_.observe(game.state, seat);
  write_changes(engine_.observation(), written.base, fresh, seat_obs);
  written.base = fresh;
  if (!expansions_) return;
  const ExpansionView fresh_expansions = engine_.observe_expansions(game.state, seat);
  write_changes(engine_.observation(), written.expansions, fresh_expansions, seat_obs);
  written.expansions = fresh_expansions;
}

void Batch::step(const int64_t* actions, float* obs, int8_t* mask, bool* to_act, float* rewards, bool* terminated) {
  const size_t n = games_.size();
  for (size_t i = 0; i < n; ++i) {
    const Game& game = games_[i];
    const int seat = game.state.current;
    const int64_t action = actions[i * 2 + seat];
    bool legal = false;
    for (int k = 0; k < game.num_legal && !legal; ++k) legal = game.legal[k] == action;
    if (!legal)
      throw std::invalid_argument("illegal action " + std::to_string(action) + " in game " + std::to_string(i) +
                                  " for player_" + std::to_string(seat) + ": " +
                                  engine_.why_illegal(game.state, action) + "; no game was changed");
  }
  for (std::vector<Finished>& finished : finished_by_worker_) finished.clear();
  pool_->run(static_cast<int>(n), [&](int worker, int begin, int end) {
    step_games(begin, end, actions, obs, mask, to_act, rewards, terminated,
               finished_by_worker_[static_cast<size_t>(worker)]);
  });
  finished_.clear();  // in game order: the workers' chunks are contiguous and in order
  for (const std::vector<Finished>& finished : finished_by_worker_)
    finished_.insert(finished_.end(), finished.begin(), finished.end());
}

void Batch::step_games(int begin, int end, const int64_t* actions, float* obs, int8_t* mask, bool* to_act,
                       float* rewards, bool* terminated, std::vector<Finished>& finished) {
  for (int i = begin; i < end; ++i) {
    Game& game = games_[i];
    if (i + 1 < end) __builtin_prefetch(&games_[i + 1].state);
    if (i + 3 < end) {  // what a later game's row holds, read when its row is written: out of the caches by then
      const char* written = reinterpret_cast<const char*>(games_[i + 3].written);
      for (size_t line = 0; line < sizeof games_[i].written; line += 64) __builtin_prefetch(written + line);
    }
    engine_.apply_actions(game.state, {static_cast<int>(actions[i * 2]), static_cast<int>(actions[i * 2 + 1])});
    float* reward = rewards + i * 2;
    if (game.state.phase == GAME_OVER) {
      const uint8_t winners = game.state.winners;
      reward[0] = winners == 3 ? 0.0f : winners == 1 ? 1.0f : -1.0f;
      reward[1] = -reward[0];
      terminated[i] = true;
      finished.push_back(Finished{i, game.seed, game.state});
      ++game.episode;
      deal(game, i);
    } else {
      reward[0] = reward[1] = 0.0f;
      terminated[i] = false;
      game.num_legal = engine_.legal_actions(game.state, game.legal);
    }
    write_outputs(game, obs + i * 2 * obs_row_, mask + i * 2 * mask_row_, to_act + i * 2);
  }
}

void Batch::sample_actions(int64_t* actions) {
  for (size_t i = 0; i < games_.size(); ++i) {
    const Game& game = games_[i];
    actions[i * 2 + game.state.current] = game.legal[sampler_.below(static_cast<uint32_t>(game.num_legal))];
  }
}

}  // namespace wonders::duel
