// A policy-value network of random weights (common/network.hpp) for the sanitizer runs of the
// searches with a network: the sizes are the game's, the values small and reproducible.
#pragma once
#include <memory>
#include <vector>

#include "common/network.hpp"
#include "common/rng.hpp"

namespace wonders::search {

inline std::shared_ptr<const PolicyValueNet> random_network(int inputs, int actions, uint64_t seed, int hidden = 16) {
    Rng rng(seed);
    auto draw = [&rng](size_t count) {
        std::vector<float> values(count);
        for (float& v : values) v = (static_cast<float>(rng.below(2001)) - 1000.0f) / 2000.0f;
        return values;
    };
    const auto n = static_cast<size_t>(hidden);
    const auto w1 = draw(n * inputs), b1 = draw(n), w2 = draw(n * n), b2 = draw(n), wa = draw(actions * n),
               ba = draw(actions), wv = draw(n);
    return std::make_shared<const PolicyValueNet>(inputs, hidden, actions, w1.data(), b1.data(), w2.data(), b2.data(),
                                                  wa.data(), ba.data(), wv.data(), 0.5f);
}

}  // namespace wonders::search
