// A policy-value network evaluated in C++ by the search (common/ismcts.hpp), for both games: the
// forward pass of agents/policy.py's ActorCritic, which trains it (training/az_selfplay.py).
//
//   hidden1 = tanh(W1 symlog(x) + b1), hidden2 = tanh(W2 hidden1 + b2),
//   logits  = Wa hidden2 + ba (only the rows of the legal actions are computed),
//   value   = clamp(wv . hidden2 + bv, 0, 1): the deciding player's expected search return.
//
// symlog(x) = sign(x) * log(1 + |x|). The observations are mostly zeros, so the first layer adds
// the columns of the non-zero inputs only; the second adds W2's columns scaled by hidden1 (both
// kept transposed, so every inner loop runs over contiguous floats and vectorises); the few dot
// products left (the legal actions' logits, the value) use 8 partial sums. The weights come from
// Python in torch's layout ([out, in] row-major) and are checked there (search_bindings.hpp).
#pragma once
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace wonders::search {

class PolicyValueNet {
  public:
    // w1 [hidden, inputs], w2 [hidden, hidden], wa [actions, hidden], wv [hidden]; checked by the caller.
    PolicyValueNet(int inputs, int hidden, int actions, const float* w1, const float* b1, const float* w2,
                   const float* b2, const float* wa, const float* ba, const float* wv, float bv)
        : inputs_(inputs), hidden_(hidden), actions_(actions),
          w1t_(static_cast<size_t>(inputs) * hidden), b1_(b1, b1 + hidden),
          w2t_(static_cast<size_t>(hidden) * hidden), b2_(b2, b2 + hidden),
          wa_(wa, wa + static_cast<size_t>(actions) * hidden), ba_(ba, ba + actions), wv_(wv, wv + hidden), bv_(bv) {
        for (int j = 0; j < hidden; ++j)
            for (int i = 0; i < inputs; ++i) w1t_[static_cast<size_t>(i) * hidden + j] = w1[static_cast<size_t>(j) * inputs + i];
        for (int j = 0; j < hidden; ++j)
            for (int i = 0; i < hidden; ++i) w2t_[static_cast<size_t>(i) * hidden + j] = w2[static_cast<size_t>(j) * hidden + i];
    }

    int inputs() const { return inputs_; }
    int hidden() const { return hidden_; }
    int actions() const { return actions_; }

    // The value of `obs` (inputs() floats) and, for the n `legal` actions, the softmax of their
    // logits into `priors` (n floats). `scratch` holds 2 * hidden() floats.
    float evaluate(const float* obs, const int* legal, int n, float* priors, float* scratch) const {
        float* h1 = scratch;
        float* h2 = scratch + hidden_;
        std::copy(b1_.begin(), b1_.end(), h1);
        for (int i = 0; i < inputs_; ++i) {
            const float x = obs[i];
            if (x == 0.0f) continue;
            const float s = x > 0 ? std::log1p(x) : -std::log1p(-x);
            const float* column = &w1t_[static_cast<size_t>(i) * hidden_];
            for (int j = 0; j < hidden_; ++j) h1[j] += s * column[j];
        }
        for (int j = 0; j < hidden_; ++j) h1[j] = std::tanh(h1[j]);
        std::copy(b2_.begin(), b2_.end(), h2);
        for (int i = 0; i < hidden_; ++i) {
            const float a = h1[i];
            const float* column = &w2t_[static_cast<size_t>(i) * hidden_];
            for (int j = 0; j < hidden_; ++j) h2[j] += a * column[j];
        }
        for (int j = 0; j < hidden_; ++j) h2[j] = std::tanh(h2[j]);
        if (n > 0) {
            float top = -1e30f;
            for (int k = 0; k < n; ++k) {
                priors[k] = ba_[legal[k]] + dot(&wa_[static_cast<size_t>(legal[k]) * hidden_], h2);
                top = std::max(top, priors[k]);
            }
            float total = 0;
            for (int k = 0; k < n; ++k) total += (priors[k] = std::exp(priors[k] - top));
            for (int k = 0; k < n; ++k) priors[k] /= total;
        }
        return std::clamp(bv_ + dot(wv_.data(), h2), 0.0f, 1.0f);
    }

  private:
    float dot(const float* row, const float* x) const {
        float partial[8] = {};
        int j = 0;
        for (; j + 8 <= hidden_; j += 8)
            for (int k = 0; k < 8; ++k) partial[k] += row[j + k] * x[j + k];
        float sum = 0;
        for (; j < hidden_; ++j) sum += row[j] * x[j];
        for (float p : partial) sum += p;
        return sum;
    }

    int inputs_, hidden_, actions_;
    std::vector<float> w1t_, b1_, w2t_, b2_, wa_, ba_, wv_;
    float bv_;
};

}  // namespace wonders::search
