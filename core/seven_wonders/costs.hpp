// Commerce: every Pareto-optimal way for a city to pay for a resource cost, buying from its two
// neighbours (mirrors wonders_env/seven_wonders/costs.py), and the payment the engine makes.
//
// A buyer covers a cost with its own fixed production, its own choice productions, and units
// bought from the left and right neighbours (starting resource, brown and grey cards), each unit
// at most once per turn, at 2 coins or 1 with a discount for that resource and side.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "seven_wonders/tables.hpp"

namespace wonders::seven_wonders {

struct Payment {
  int to_left = 0, to_right = 0;
  int to_bank = 0;  // Leaders: a resource unit bought from the bank (Bilkis)
  int total() const { return to_left + to_right + to_bank; }
};

// The Pareto-optimal (to_left, to_right) payments, sorted by (total, to_left); count 0 means the
// cost cannot be met at any price, a single (0, 0) that it needs no purchase.
struct PaymentOptions {
  static constexpr int CAPACITY = 16;  // a front has at most 15 points (at most 14 coins a side)
  int count = 0;
  std::array<Payment, CAPACITY> options{};
};

// What a neighbour sells this turn, or what a city owns: fixed units per resource and choice masks.
struct Supply {
  const uint8_t* fixed;
  const uint8_t* choices;
  int num_choices;
};

PaymentOptions payment_options(const std::array<int, NUM_RESOURCES>& cost, Supply own, Supply left, Supply right,
                               int left_cheap, int right_cheap);

// payment_options memoised by the market it depends on (what is missing, what the neighbours
// sell of it, the useful choice productions, the discounts), as costs.py's cache does: a
// direct-mapped table; a collision only costs a new solve. Speed only: answers are the same.
class PaymentCache {
 public:
  PaymentCache();
  PaymentOptions options(const std::array<int, NUM_RESOURCES>& cost, Supply own, Supply left, Supply right,
                         int left_cheap, int right_cheap);

 private:
  static constexpr int KEY_WORDS = 5;
  struct Entry {  // a market and its front, (to_left, to_right) as bytes
    std::array<uint64_t, KEY_WORDS> key;
    uint8_t count;
    std::array<uint8_t, 2 * PaymentOptions::CAPACITY> front;
  };
  std::vector<Entry> entries_;
};

}  // namespace wonders::seven_wonders
