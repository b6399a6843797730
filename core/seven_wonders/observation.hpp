// The ego-centric observation vector of 7 Wonders (mirrors observation.py; its docstring is the
// documentation of every float). With T card names: phase (5), age (3), turn, num_players,
// deciding_for (7), hand, pending, passed_hand, known_discard, choices (T each), then 7 city rows
// of T + 36 floats, in ego order (me, then the seats from my left); with payment="choose" the
// payment views (paying, paying_for, paying_kind, option_right, my_payment); with Leaders the wonder
// one-hot has 8 cities, each city row ends with its leader views and the Leaders views follow.
#pragma once
#include "seven_wonders/rules.hpp"

namespace wonders::seven_wonders {

class Observer {
 public:
  explicit Observer(const Engine& engine);
  int size() const { return size_; }
  int city_size() const { return city_size_; }
  // The public city rows in seat order (num_seats x city_size floats), shared by every player.
  void public_cities(const State& state, float* rows) const;
  // The observation of `player`, given the rows of public_cities.
  void encode(const State& state, int player, const float* rows, float* out) const;
  // Both steps at once.
  void encode(const State& state, int player, float* out) const;

 private:
  void encode_payment(const State& state, int player, bool acting, float* out) const;
  void encode_leaders(const State& state, int player, float* out) const;

  const Engine& engine_;
  int num_types_, num_leaders_, board_at_, city_size_, size_;
  int hand_at_, pending_at_, passed_at_, known_at_, choices_at_, cities_at_, paying_at_ = -1, leaders_at_ = -1;
};

}  // namespace wonders::seven_wonders
