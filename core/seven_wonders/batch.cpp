#include "seven_wonders/batch.hpp"

#include <cstring>

namespace wonders::seven_wonders {
namespace {
constexpr uint64_t SAMPLER_STREAM = 0xFFFFFFFFFFFFFFFFULL;
}

Batch::Batch(std::shared_ptr<const Engine> engine, int num_envs, uint64_t seed)
    : engine_(std::move(engine)), observer_(*engine_), seed_(seed), games_(static_cast<size_t>(num_envs)),
      seeds_(static_cast<size_t>(num_envs)), episodes_(static_cast<size_t>(num_envs)),
      rows_(static_cast<size_t>(MAX_SEATS) * observer_.city_size()), sampler_(mix_seed(seed, SAMPLER_STREAM, 0)) {}

void Batch::deal(int index) {
    seeds_[index] = mix_seed(seed_, static_cast<uint64_t>(index), episodes_[index]);
    engine_->new_game(games_[index], engine_->draw_deal(seeds_[index]));
    games_[index].has_seed = true;
    games_[index].seed = seeds_[index];
}

void Batch::write(int index, float* obs, int8_t* mask, bool* to_act) {
    const GameState& state = games_[index];
    const int players = engine_->num_players(), actions = engine_->num_actions(), size = observer_.size();
    observer_.public_cities(state, rows_.data());
    for (int p = 0; p < players; ++p) {
        size_t row = static_cast<size_t>(index) * players + p;
        bool acting = engine_->is_acting(state, p);
        to_act[row] = acting;
        if (acting) {
            engine_->legal_action_mask(state, p, mask + row * actions);
            observer_.encode(state, p, rows_.data(), obs + row * size);
        } else {
            std::memset(mask + row * actions, 0, static_cast<size_t>(actions));
        }
    }
}

void Batch::reset(float* obs, int8_t* mask, bool* to_act) {
    finished_.clear();
    for (int i = 0; i < num_envs(); ++i) {
        episodes_[i] = 0;
        deal(i);
        write(i, obs, mask, to_act);
    }
}

std::string Batch::check(const int64_t* actions) const {
    const int players = engine_->num_players();
    for (int i = 0; i < num_envs(); ++i) {
        Actors actors = engine_->acting_players(games_[i]);
        for (int k = 0; k < actors.count; ++k) {
            int p = actors.seats[k];
            std::string why = engine_->why_illegal(games_[i], p, actions[static_cast<size_t>(i) * players + p]);
            if (!why.empty()) return "game " + std::to_string(i) + ", seat " + std::to_string(p) + ": " + why;
        }
    }
    return "";
}

void Batch::step(const int64_t* actions, float* obs, int8_t* mask, bool* to_act, float* rewards, bool* terminated) {
    const int players = engine_->num_players();
    finished_.clear();
    std::memset(rewards, 0, sizeof(float) * games_.size() * players);
    for (int i = 0; i < num_envs(); ++i) {
        GameState& state = games_[i];
        std::array<int, MAX_PLAYERS> chosen{};
        Actors actors = engine_->acting_players(state);
        for (int k = 0; k < actors.count; ++k)
            chosen[actors.seats[k]] = static_cast<int>(actions[static_cast<size_t>(i) * players + actors.seats[k]]);
        engine_->apply_actions(state, chosen);
        terminated[i] = engine_->is_over(state);
        if (terminated[i]) {
            float* row = rewards + static_cast<size_t>(i) * players;
            for (int p = 0; p < players; ++p) row[p] = -1.0f;
            for (int p : engine_->winners(state)) row[p] = 1.0f;
            finished_.push_back(Finished{i, seeds_[i], state});
            ++episodes_[i];
            deal(i);
        }
        write(i, obs, mask, to_act);
    }
}

void Batch::sample_actions(int64_t* actions) {
    const int players = engine_->num_players();
    std::array<int8_t, MAX_ACTIONS> mask;
    std::array<int16_t, MAX_ACTIONS> legal;
    for (int i = 0; i < num_envs(); ++i) {
        for (int p = 0; p < players; ++p) actions[static_cast<size_t>(i) * players + p] = -1;
        Actors actors = engine_->acting_players(games_[i]);
        for (int k = 0; k < actors.count; ++k) {
            int p = actors.seats[k], count = 0;
            engine_->legal_action_mask(games_[i], p, mask.data());
            for (int a = 0; a < engine_->num_actions(); ++a)
                if (mask[a]) legal[count++] = static_cast<int16_t>(a);
            actions[static_cast<size_t>(i) * players + p] = legal[sampler_.below(static_cast<uint32_t>(count))];
        }
    }
}

}  // namespace wonders::seven_wonders
