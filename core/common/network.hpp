// A policy-value network evaluated in C++ by the search (common/ismcts.hpp), for both games: the
// forward pass of agents/policy.py's ActorCritic, which trains it (training/az_selfplay.py).
//
//   hidden1 = tanh(W1 symlog(x) + b1), hidden2 = tanh(W2 hidden1 + b2),
//   logits  = Wa hidden2 + ba (only the rows of the legal actions are computed),
//   value   = clamp(wv . hidden2 + bv, 0, 1): the deciding player's expected search return.
//
// symlog(x) = sign(x) * log(1 + |x|). The observations are mostly zeros, so the first layer adds
// the columns of the non-zero inputs only; the second adds W2's columns scaled by hidden1 (both
// kept transposed, so every inner loop runs over contiguous floats and vectorises, 32 units at a
// time in registers: add_columns); the few dot
// products left (the legal actions' logits, the value) use 8 partial sums. tanh is computed in
// the loop (tanh_approx, within 2e-7 of std::tanh) rather than by the C library, one call per
// unit. The dense part is compiled twice, for the baseline instruction set and for AVX2, and the
// constructor picks the one the CPU runs (the two give the same floats: every sum is taken in the
// same order). The weights come from Python in torch's layout ([out, in] row-major) and are
// checked there (search_bindings.hpp).
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#define WONDERS_NETWORK_AVX2 1
#define WONDERS_INLINE __attribute__((always_inline)) inline
#else
#define WONDERS_NETWORK_AVX2 0
#define WONDERS_INLINE inline
#endif

namespace wonders::search {

// tanh(x) = (1 - e) / (1 + e) with e = exp(-2|x|) = 2^n exp(r), |r| <= ln(2) / 2, exp(r) by its
// Taylor polynomial of degree 7 (relative error below 1e-8 there), the sign put back: plain float
// arithmetic without branches, so the loops over it vectorise. |x| is capped at 9 (tanh(9) = 1 -
// 3e-8) by the integer minimum of its bits (non-negative floats order like their bits), which the
// compiler cannot turn into a branch.
WONDERS_INLINE float bits_to_float(int32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}
WONDERS_INLINE float tanh_approx(float x) {
  int32_t bits;
  const float magnitude = std::fabs(x);
  std::memcpy(&bits, &magnitude, sizeof bits);
  const float y = -2.0f * bits_to_float(std::min(bits, 0x41100000));  // -2 min(|x|, 9), in [-18, 0]
  const float round = 12582912.0f;                                    // 1.5 * 2^23: adding it rounds to an integer
  const float n = (y * 1.44269504f + round) - round;
  const float r = (y - n * 0.693145752f) - n * 1.42860677e-6f;  // ln 2 in two parts
  const float p =
      1.0f +
      r * (1.0f + r * (0.5f + r * (1.0f / 6 + r * (1.0f / 24 + r * (1.0f / 120 + r * (1.0f / 720 + r / 5040))))));
  const float e = p * bits_to_float((static_cast<int32_t>(n) + 127) << 23);  // times 2^n, n in [-26, 0]
  return std::copysign((1.0f - e) / (1.0f + e), x);
}

// sum_j row[j] * x[j] in 8 partial sums (the order is the same whatever the vector width).
WONDERS_INLINE float dot8(const float* row, const float* x, int n) {
  float partial[8] = {};
  int j = 0;
  for (; j + 8 <= n; j += 8)
    for (int k = 0; k < 8; ++k) partial[k] += row[j + k] * x[j + k];
  float sum = 0;
  for (; j < n; ++j) sum += row[j] * x[j];
  for (float p : partial) sum += p;
  return sum;
}

// The weights, in the layout the forward pass reads.
struct NetworkWeights {
  int inputs, hidden;
  std::vector<float> w1t, b1, w2t, b2, wa, ba, wv;  // w1t [inputs, hidden], w2t [hidden, hidden]: transposed
  float bv;
  std::vector<int> units;  // 0 .. hidden - 1: the second layer reads every column
};

// A forward pass's working memory (PolicyValueNet::scratch), one per searcher.
struct NetworkScratch {
  std::vector<float> hidden1, hidden2, coefficients;  // coefficients: the non-zero inputs' symlogs
  std::vector<int> nonzero;                           // their indices
};

// Eight floats as one value: a vector register where the compiler has vector types (GCC, Clang),
// eight floats otherwise.
#if defined(__GNUC__)
typedef float Float8 __attribute__((vector_size(32)));
#else
struct Float8 {
  float lane[8];
  Float8& operator+=(const Float8& other) {
    for (int k = 0; k < 8; ++k) lane[k] += other.lane[k];
    return *this;
  }
  friend Float8 operator*(float scale, const Float8& x) {
    Float8 product;
    for (int k = 0; k < 8; ++k) product.lane[k] = scale * x.lane[k];
    return product;
  }
};
#endif
// (by reference: a vector returned by value would change the calling convention with the target)
WONDERS_INLINE void load8(Float8& v, const float* from) { std::memcpy(&v, from, sizeof v); }
WONDERS_INLINE void store8(float* to, const Float8& v) { std::memcpy(to, &v, sizeof v); }
WONDERS_INLINE void add_scaled8(Float8& sum, float scale, const float* x) {
  Float8 v;
  load8(v, x);
  sum += scale * v;
}

// out[j] = bias[j] + sum_k coefficient[k] * columns[index[k]][j] for j < hidden, 32 units at a time
// kept in four registers while the columns stream past (the sums in the order of k).
WONDERS_INLINE void add_columns(const float* bias, const float* columns, const int* index, const float* coefficient,
                                int count, int hidden, float* out) {
  int j0 = 0;
  for (; j0 + 32 <= hidden; j0 += 32) {
    Float8 s0, s1, s2, s3;
    load8(s0, bias + j0);
    load8(s1, bias + j0 + 8);
    load8(s2, bias + j0 + 16);
    load8(s3, bias + j0 + 24);
    for (int k = 0; k < count; ++k) {
      const float c = coefficient[k];
      const float* column = columns + static_cast<size_t>(index[k]) * hidden + j0;
      add_scaled8(s0, c, column);
      add_scaled8(s1, c, column + 8);
      add_scaled8(s2, c, column + 16);
      add_scaled8(s3, c, column + 24);
    }
    store8(out + j0, s0);
    store8(out + j0 + 8, s1);
    store8(out + j0 + 16, s2);
    store8(out + j0 + 24, s3);
  }
  for (; j0 < hidden; ++j0) {
    float sum = bias[j0];
    for (int k = 0; k < count; ++k) sum += coefficient[k] * columns[static_cast<size_t>(index[k]) * hidden + j0];
    out[j0] = sum;
  }
}

// The forward pass (see the top of the file): the value, and the legal actions' logits in `logits`.
WONDERS_INLINE float forward_body(const NetworkWeights& w, const float* obs, const int* legal, int n, float* logits,
                                  NetworkScratch& scratch) {
  const int hidden = w.hidden;
  float* h1 = scratch.hidden1.data();
  float* h2 = scratch.hidden2.data();
  int* nonzero = scratch.nonzero.data();
  float* coefficient = scratch.coefficients.data();
  int count = 0;
  for (int i = 0; i < w.inputs; ++i) {
    const float x = obs[i];
    if (x == 0.0f) continue;
    nonzero[count] = i;
    coefficient[count++] = x == 1.0f ? 0.693147181f : (x > 0 ? std::log1p(x) : -std::log1p(-x));
  }
  add_columns(w.b1.data(), w.w1t.data(), nonzero, coefficient, count, hidden, h1);
  for (int j = 0; j < hidden; ++j) h1[j] = tanh_approx(h1[j]);
  add_columns(w.b2.data(), w.w2t.data(), w.units.data(), h1, hidden, hidden, h2);
  for (int j = 0; j < hidden; ++j) h2[j] = tanh_approx(h2[j]);
  for (int k = 0; k < n; ++k)
    logits[k] = w.ba[legal[k]] + dot8(&w.wa[static_cast<size_t>(legal[k]) * hidden], h2, hidden);
  return w.bv + dot8(w.wv.data(), h2, hidden);
}

inline float forward_baseline(const NetworkWeights& w, const float* obs, const int* legal, int n, float* logits,
                              NetworkScratch& scratch) {
  return forward_body(w, obs, legal, n, logits, scratch);
}

#if WONDERS_NETWORK_AVX2
__attribute__((target("avx2"))) inline float forward_avx2(const NetworkWeights& w, const float* obs, const int* legal,
                                                          int n, float* logits, NetworkScratch& scratch) {
  return forward_body(w, obs, legal, n, logits, scratch);
}
#endif

class PolicyValueNet {
 public:
  // w1 [hidden, inputs], w2 [hidden, hidden], wa [actions, hidden], wv [hidden]; checked by the caller.
  PolicyValueNet(int inputs, int hidden, int actions, const float* w1, const float* b1, const float* w2,
                 const float* b2, const float* wa, const float* ba, const float* wv, float bv)
      : weights_{inputs,
                 hidden,
                 std::vector<float>(static_cast<size_t>(inputs) * hidden),
                 std::vector<float>(b1, b1 + hidden),
                 std::vector<float>(static_cast<size_t>(hidden) * hidden),
                 std::vector<float>(b2, b2 + hidden),
                 std::vector<float>(wa, wa + static_cast<size_t>(actions) * hidden),
                 std::vector<float>(ba, ba + actions),
                 std::vector<float>(wv, wv + hidden),
                 bv,
                 std::vector<int>(hidden)} {
    for (int j = 0; j < hidden; ++j) weights_.units[j] = j;
    for (int j = 0; j < hidden; ++j)
      for (int i = 0; i < inputs; ++i)
        weights_.w1t[static_cast<size_t>(i) * hidden + j] = w1[static_cast<size_t>(j) * inputs + i];
    for (int j = 0; j < hidden; ++j)
      for (int i = 0; i < hidden; ++i)
        weights_.w2t[static_cast<size_t>(i) * hidden + j] = w2[static_cast<size_t>(j) * hidden + i];
#if WONDERS_NETWORK_AVX2
    if (__builtin_cpu_supports("avx2")) forward_ = forward_avx2;
#endif
  }

  const NetworkWeights& weights() const { return weights_; }
  int inputs() const { return weights_.inputs; }

  // Working memory for evaluate.
  NetworkScratch scratch() const {
    const auto hidden = static_cast<size_t>(weights_.hidden), inputs = static_cast<size_t>(weights_.inputs);
    return {std::vector<float>(hidden), std::vector<float>(hidden), std::vector<float>(inputs),
            std::vector<int>(inputs)};
  }

  // The value of `obs` (inputs() floats) and, for the n `legal` actions, the softmax of their
  // logits into `priors` (n floats).
  float evaluate(const float* obs, const int* legal, int n, float* priors, NetworkScratch& scratch) const {
    const float value = forward_(weights_, obs, legal, n, priors, scratch);
    if (n > 0) {
      const float top = *std::max_element(priors, priors + n);
      float total = 0;
      for (int k = 0; k < n; ++k) total += (priors[k] = std::exp(priors[k] - top));
      for (int k = 0; k < n; ++k) priors[k] /= total;
    }
    return std::clamp(value, 0.0f, 1.0f);
  }

 private:
  NetworkWeights weights_;
  float (*forward_)(const NetworkWeights&, const float*, const int*, int, float*, NetworkScratch&) = forward_baseline;
};

}  // namespace wonders::search

#undef WONDERS_INLINE
