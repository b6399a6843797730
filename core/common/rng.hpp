// The core's random generator, shared by both games: splitmix64 (Steele, Lea and Flood 2014), one per deal.
//
// next(): state += 0x9E3779B97F4A7C15, then the splitmix64 finaliser of the state. below(n) is
// Lemire's multiply-shift with rejection (unbiased); shuffles are Fisher-Yates from the last
// element down; unit() is ((next() >> 11) + 0.5) / 2^53, uniform in the open interval (0, 1), never
// 0 or 1 (its log stays finite). Reproducible across platforms: 64-bit integer arithmetic, and in
// unit() a 53-bit integer scaled by a power of 2, which doubles represent exactly.
#pragma once
#include <cstdint>
#include <utility>

namespace wonders {

class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  // uniform in [0, n), n > 0
  uint32_t below(uint32_t n) {
    uint64_t m = (next() >> 32) * n;
    uint32_t low = static_cast<uint32_t>(m);
    if (low < n) {
      uint32_t threshold = static_cast<uint32_t>(-n) % n;
      while (low < threshold) {
        m = (next() >> 32) * n;
        low = static_cast<uint32_t>(m);
      }
    }
    return static_cast<uint32_t>(m >> 32);
  }
  // uniform in the open interval (0, 1): the centre of one of 2^53 equal cells
  double unit() { return (static_cast<double>(next() >> 11) + 0.5) * 0x1.0p-53; }
  template <typename T>
  void shuffle(T* items, int count) {
    for (int i = count - 1; i > 0; --i) std::swap(items[i], items[below(static_cast<uint32_t>(i + 1))]);
  }

 private:
  uint64_t state_;
};

// A well-mixed seed for a derived stream (batch game i, episode k): splitmix64 of the parts.
inline uint64_t mix_seed(uint64_t a, uint64_t b, uint64_t c) {
  Rng rng(a);
  uint64_t x = rng.next() ^ b;
  Rng second(x);
  uint64_t y = second.next() ^ c;
  Rng third(y);
  return third.next();
}

}  // namespace wonders
