// A policy-value network of random weights (common/network.hpp) for the sanitizer runs of the
// searches with a network: the sizes are the game's, the values small and reproducible; 40 hidden
// units, so that the forward pass runs both its blocks of 32 units and its remainder.
#pragma once
#include <memory>
#include <vector>

#include "common/network.hpp"
#include "common/rng.hpp"

namespace wonders::search {

inline std::shared_ptr<const PolicyValueNet> random_network(int inputs, int actions, uint64_t seed, int hidden = 40) {
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

// Whether the forward pass compiled for the baseline instruction set and the one for AVX2 (where
// the compiler has it) give the same floats on `obs` and the `legal` actions' logits.
inline bool forward_paths_agree(const PolicyValueNet& network, const float* obs, const int* legal, int n) {
#if WONDERS_NETWORK_AVX2
  if (!__builtin_cpu_supports("avx2")) return true;
  NetworkScratch scratch = network.scratch();
  std::vector<float> baseline(n + 1), avx2(n + 1);
  baseline[n] = forward_baseline(network.weights(), obs, legal, n, baseline.data(), scratch);
  avx2[n] = forward_avx2(network.weights(), obs, legal, n, avx2.data(), scratch);
  return baseline == avx2;
#else
  return true;
#endif
}

}  // namespace wonders::search
