// Payment options by enumeration of the choice productions (see costs.hpp and costs.py).
//
// As in costs.py, each choice production (own, left, right) that can help is given one of the
// needed resources, and per resource the missing units are split between the two neighbours in
// every possible way. Unlike costs.py, a production is never left unused: leaving it unused is
// never better (an own unit only lowers what must be bought, a neighbour unit only widens the
// splits), so the Pareto front is the same; and the assignments are enumerated as the set of
// distinct extra-unit vectors they give, so equivalent assignments are evaluated once. The
// achievable (to_left, to_right) pairs are a bit grid: row to_left, bit to_right.
#include "seven_wonders/costs.hpp"

#include <algorithm>
#include <vector>

#include "common/bits.hpp"

namespace wonders::seven_wonders {
namespace {

constexpr int GRID = 32;
using Grid = std::array<uint32_t, GRID>;

struct Search {
  int num_need = 0;
  std::array<int, NUM_RESOURCES> need_resource{}, need_units{}, left_fixed{}, right_fixed{};
  std::array<int, NUM_RESOURCES> left_price{}, right_price{};
  Grid result{};

  // Extra units of need i from side (0 own, 1 left, 2 right), packed 3 bits each in a key.
  static int shift(int side, int i) { return 3 * (side * NUM_RESOURCES + i); }
  static int extra(uint64_t key, int side, int i) { return static_cast<int>(key >> shift(side, i) & 7); }

  void leaf(uint64_t key) {
    Grid totals{};
    totals[0] = 1;  // (0, 0)
    int max_left = 0;
    for (int i = 0; i < num_need; ++i) {
      int missing = need_units[i] - extra(key, 0, i);
      if (missing <= 0) continue;
      int from_left = left_fixed[i] + extra(key, 1, i);
      int from_right = right_fixed[i] + extra(key, 2, i);
      if (from_left + from_right < missing) return;
      int lp = left_price[i], rp = right_price[i];
      Grid next{};
      int lo = std::max(0, missing - from_right), hi = std::min(missing, from_left);
      for (int x = lo; x <= hi; ++x) {
        int a = x * lp, b = (missing - x) * rp;
        for (int l = 0; l <= max_left; ++l)
          if (totals[l]) next[l + a] |= totals[l] << b;
      }
      max_left += hi * lp;
      totals = next;
    }
    for (int l = 0; l <= max_left; ++l) result[l] |= totals[l];
  }
};

}  // namespace

PaymentOptions payment_options(const std::array<int, NUM_RESOURCES>& cost, Supply own, Supply left, Supply right,
                               int left_cheap, int right_cheap) {
  PaymentOptions out;
  Search s;
  int need_mask = 0;
  for (int r = 0; r < NUM_RESOURCES; ++r) {
    int missing = cost[r] - own.fixed[r];
    if (missing > 0) {
      int i = s.num_need++;
      s.need_resource[i] = r;
      s.need_units[i] = missing;
      s.left_fixed[i] = left.fixed[r];
      s.right_fixed[i] = right.fixed[r];
      s.left_price[i] = left_cheap >> r & 1 ? 1 : 2;
      s.right_price[i] = right_cheap >> r & 1 ? 1 : 2;
      need_mask |= 1 << r;
    }
  }
  if (!need_mask) {
    out.count = 1;
    return out;
  }
  // Give each choice production one needed resource, as a set of distinct extra-unit vectors
  // (units beyond what is missing are useless, so each count is capped at it).
  std::vector<uint64_t> keys{0}, next;
  const Supply* sides[3] = {&own, &left, &right};
  for (int side = 0; side < 3; ++side)
    for (int k = 0; k < sides[side]->num_choices; ++k) {
      int mask = sides[side]->choices[k] & need_mask;
      if (!mask) continue;
      next.clear();
      for (uint64_t key : keys)
        for (int i = 0; i < s.num_need; ++i) {
          if (!(mask >> s.need_resource[i] & 1)) continue;
          bool useful = Search::extra(key, side, i) < s.need_units[i];
          next.push_back(useful ? key + (uint64_t{1} << Search::shift(side, i)) : key);
        }
      std::sort(next.begin(), next.end());
      next.erase(std::unique(next.begin(), next.end()), next.end());
      std::swap(keys, next);
    }
  for (uint64_t key : keys) s.leaf(key);
  int best_right = GRID;
  for (int l = 0; l < GRID; ++l) {
    if (!s.result[l]) continue;
    int r = lowest_bit(s.result[l]);
    if (r < best_right) {
      best_right = r;
      out.options[out.count++] = Payment{l, r};
    }
  }
  std::sort(out.options.begin(), out.options.begin() + out.count, [](const Payment& a, const Payment& b) {
    return a.total() != b.total() ? a.total() < b.total() : a.to_left < b.to_left;
  });
  return out;
}

namespace {
constexpr int CACHE_BITS = 12;

// The sorted choice masks of one side restricted to need_mask, 7 bits each; false if more than 8.
bool pack_choices(Supply supply, int need_mask, uint64_t& word) {
  std::array<uint8_t, MAX_EFFECTS * 32> useful;
  int count = 0;
  for (int k = 0; k < supply.num_choices; ++k) {
    int mask = supply.choices[k] & need_mask;
    if (!mask) continue;
    if (count == 8) return false;
    useful[count++] = static_cast<uint8_t>(mask);
  }
  std::sort(useful.begin(), useful.begin() + count);
  word = 0;
  for (int i = 0; i < count; ++i) word |= static_cast<uint64_t>(useful[i]) << (7 * i);
  return true;
}
}  // namespace

PaymentCache::PaymentCache() : entries_(size_t{1} << CACHE_BITS) {
  for (Entry& entry : entries_) entry.key[0] = ~uint64_t{0};  // no market packs to this
}

PaymentOptions PaymentCache::options(const std::array<int, NUM_RESOURCES>& cost, Supply own, Supply left, Supply right,
                                     int left_cheap, int right_cheap) {
  std::array<uint64_t, KEY_WORDS> key{};
  int need_mask = 0;
  for (int r = 0; r < NUM_RESOURCES; ++r) {
    int missing = cost[r] - own.fixed[r];
    if (missing <= 0) continue;
    need_mask |= 1 << r;
    key[0] |= static_cast<uint64_t>(missing) << (3 * r);
    key[0] |= static_cast<uint64_t>(std::min<int>(left.fixed[r], missing)) << (21 + 3 * r);
    key[0] |= static_cast<uint64_t>(std::min<int>(right.fixed[r], missing)) << (42 + 3 * r);
  }
  if (!need_mask) {
    PaymentOptions none;
    none.count = 1;
    return none;
  }
  key[1] = static_cast<uint64_t>(left_cheap & need_mask) | static_cast<uint64_t>(right_cheap & need_mask) << 7;
  if (!pack_choices(own, need_mask, key[2]) || !pack_choices(left, need_mask, key[3]) ||
      !pack_choices(right, need_mask, key[4]))
    return payment_options(cost, own, left, right, left_cheap, right_cheap);
  uint64_t hash = key[0] * 0x9E3779B97F4A7C15ULL;
  for (int i = 1; i < KEY_WORDS; ++i) hash = (hash ^ key[i]) * 0xBF58476D1CE4E5B9ULL;
  Entry& entry = entries_[hash >> (64 - CACHE_BITS)];
  PaymentOptions out;
  if (entry.key[0] == key[0] && entry.key[1] == key[1] && entry.key[2] == key[2] && entry.key[3] == key[3] &&
      entry.key[4] == key[4]) {
    out.count = entry.count;
    for (int i = 0; i < out.count; ++i) out.options[i] = Payment{entry.front[2 * i], entry.front[2 * i + 1]};
    return out;
  }
  out = payment_options(cost, own, left, right, left_cheap, right_cheap);
  entry.key = key;
  entry.count = static_cast<uint8_t>(out.count);
  for (int i = 0; i < out.count; ++i) {
    entry.front[2 * i] = static_cast<uint8_t>(out.options[i].to_left);
    entry.front[2 * i + 1] = static_cast<uint8_t>(out.options[i].to_right);
  }
  return out;
}

}  // namespace wonders::seven_wonders
