// Payment options by enumeration of the choice productions (see trading.hpp and trading.py).
//
// As in trading.py, each choice production (own, left, right) that can help is given one of the
// needed resources, and per resource the missing units are split between the two neighbours in
// every possible way. Unlike trading.py, a production is never left unused: leaving it unused is
// never better (an own unit only lowers what must be bought, a neighbour unit only widens the
// splits), so the Pareto front is the same. Identical productions of one side are enumerated as a
// multiset. The achievable (to_left, to_right) pairs are a bit grid: row to_left, bit to_right.
#include "seven_wonders/trading.hpp"

#include <algorithm>
#include <stdexcept>

namespace wonders::seven_wonders {
namespace {

constexpr int GRID = 32;
using Grid = std::array<uint32_t, GRID>;

struct Producer {
    int mask, side;  // side 0 own, 1 left, 2 right
};

struct Search {
    int num_need = 0;
    std::array<int, NUM_RESOURCES> need_resource{}, need_units{}, left_fixed{}, right_fixed{};
    std::array<int, NUM_RESOURCES> left_price{}, right_price{};
    int num_producers = 0;
    std::array<Producer, 3 * 12> producers{};
    std::array<int, 3 * 12> chosen{};
    std::array<std::array<int, NUM_RESOURCES>, 3> extra{};  // per side, per need index
    Grid result{};

    void leaf() {
        Grid totals{};
        totals[0] = 1;  // (0, 0)
        int max_left = 0;
        for (int i = 0; i < num_need; ++i) {
            int missing = need_units[i] - extra[0][i];
            if (missing <= 0) continue;
            int from_left = left_fixed[i] + extra[1][i];
            int from_right = right_fixed[i] + extra[2][i];
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

    void assign(int index) {
        if (index == num_producers) {
            leaf();
            return;
        }
        const Producer& p = producers[index];
        int first = 0;
        if (index > 0 && producers[index - 1].mask == p.mask && producers[index - 1].side == p.side)
            first = chosen[index - 1];  // identical productions: a multiset of choices
        for (int i = first; i < num_need; ++i) {
            if (!(p.mask >> need_resource[i] & 1)) continue;
            chosen[index] = i;
            ++extra[p.side][i];
            assign(index + 1);
            --extra[p.side][i];
        }
    }
};

}  // namespace

PaymentOptions payment_options(const std::array<int, NUM_RESOURCES>& cost, Supply own, Supply left,
                               Supply right, int left_cheap, int right_cheap) {
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
    const Supply* sides[3] = {&own, &left, &right};
    for (int side = 0; side < 3; ++side) {
        int start = s.num_producers;
        for (int k = 0; k < sides[side]->num_choices; ++k) {
            int mask = sides[side]->choices[k] & need_mask;
            if (mask) s.producers[s.num_producers++] = Producer{mask, side};
        }
        std::sort(s.producers.begin() + start, s.producers.begin() + s.num_producers,
                  [](const Producer& a, const Producer& b) { return a.mask < b.mask; });
    }
    s.assign(0);
    int best_right = GRID;
    for (int l = 0; l < GRID; ++l) {
        if (!s.result[l]) continue;
        int r = __builtin_ctz(s.result[l]);
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

}  // namespace wonders::seven_wonders
