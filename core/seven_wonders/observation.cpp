#include "seven_wonders/observation.hpp"

#include <cstring>
#include <vector>

namespace wonders::seven_wonders {
namespace {
constexpr int PHASE_AT = 0, AGE_AT = 5, TURN_AT = 8, PLAYERS_AT = 9, DECIDING_AT = 10, HAND_AT = 17;
// offsets inside a city row, after the T built flags where marked
constexpr int PRESENT = 0, IS_FREE_CITY = 1, HOLDS_FREE_CITY_CARD = 2, BUILT = 3;
constexpr int COLOR_COUNTS = 3, COINS = 10, WONDER_AT = 11, SIDE_B = 18, STAGES_BUILT = 19, STAGES_TOTAL = 20,
              SHIELDS = 21, MILITARY_POINTS = 22, DEFEAT_TOKENS = 23, PRODUCTION = 24, FREE_BUILD_AVAILABLE = 31,
              SCIENCE = 32, AFTER_BUILT = 36;
}  // namespace

Observer::Observer(const Engine& engine) : engine_(engine) {
  num_types_ = engine.tables().num_types;
  city_size_ = num_types_ + AFTER_BUILT;
  hand_at_ = HAND_AT;
  pending_at_ = hand_at_ + num_types_;
  passed_at_ = pending_at_ + num_types_;
  known_at_ = passed_at_ + num_types_;
  choices_at_ = known_at_ + num_types_;
  cities_at_ = choices_at_ + num_types_;
  size_ = cities_at_ + MAX_SEATS * city_size_;
  if (engine.chooses_payments()) {  // paying, paying_for (T), paying_kind (3), option_right (15), my_payment (2)
    paying_at_ = size_;
    size_ += 1 + num_types_ + 3 + (MAX_TO_ONE_SIDE + 1) + 2;
  }
}

void Observer::public_cities(const State& state, float* rows) const {
  const Tables& t = engine_.tables();
  const int n = num_types_;
  std::memset(rows, 0, sizeof(float) * state.num_seats * city_size_);
  for (int s = 0; s < state.num_seats; ++s) {
    float* row = rows + s * city_size_;
    float* after = row + n;
    row[PRESENT] = 1;
    if (state.free_city() == s) row[IS_FREE_CITY] = 1;
    if (state.free_city() >= 0 && state.free_city_holder == s) row[HOLDS_FREE_CITY_CARD] = 1;
    for (int i = 0; i < state.built_size[s]; ++i) row[BUILT + t.cards[state.built[s][i]].type] = 1;
    for (int c = 0; c < NUM_COLORS; ++c) after[COLOR_COUNTS + c] = state.color_counts[s][c];
    after[COINS] = state.coins[s];
    after[WONDER_AT + state.cities[s]] = 1;
    after[SIDE_B] = state.sides[s] != 0;
    after[STAGES_BUILT] = state.stages_built[s];
    after[STAGES_TOTAL] = t.wonders[state.cities[s]][state.sides[s]].num_stages;
    after[SHIELDS] = state.shields[s];
    int points = 0, defeats = 0;
    for (int i = 0; i < state.num_tokens[s]; ++i) {
      points += state.military_tokens[s][i];
      defeats += state.military_tokens[s][i] == -1;
    }
    after[MILITARY_POINTS] = points;
    after[DEFEAT_TOKENS] = defeats;
    for (int r = 0; r < NUM_RESOURCES; ++r) after[PRODUCTION + r] = state.own_fixed[s][r];
    after[FREE_BUILD_AVAILABLE] =
        state.powers[s][POWER_FREE_BUILD] && state.power_used_age[s][POWER_FREE_BUILD] != state.age;
    for (int k = 0; k < 4; ++k) after[SCIENCE + k] = state.science[s][k];
  }
}

void Observer::encode(const State& state, int player, const float* rows, float* out) const {
  const Tables& t = engine_.tables();
  const int seats = state.num_seats;
  std::memset(out, 0, sizeof(float) * cities_at_);
  if (state.phase != Phase::PAYMENT) out[PHASE_AT + static_cast<int>(state.phase)] = 1;
  out[AGE_AT + state.age - 1] = 1;
  bool seventh =
      state.phase == Phase::SEVENTH_CARD || (state.phase == Phase::PAYMENT && state.pending_turn > TURNS_PER_AGE);
  out[TURN_AT] = seventh ? TURNS_PER_AGE + 1 : state.turn;  // 7: Babylon's 7th card
  out[PLAYERS_AT] = state.num_players;
  bool acting = engine_.is_acting(state, player);
  if (acting) {
    int city = engine_.acting_city(state, player);
    out[DECIDING_AT + (player - city + seats) % seats] = 1;
  }
  if (state.phase != Phase::DISCARD_BUILD)
    for (int i = 0; i < state.hand_size[player]; ++i) out[hand_at_ + t.cards[state.hands[player][i]].type] += 1;
  if (acting && state.phase == Phase::FREE_CITY) out[pending_at_ + state.pending[player] % num_types_] = 1;
  for (int k = 0; k < num_types_; ++k) {
    out[passed_at_ + k] = state.last_passed[player][k];
    out[known_at_ + k] = state.known_discard[player][k];
  }
  if (acting && state.phase == Phase::DISCARD_BUILD) {
    int city = engine_.acting_city(state, player);
    for (int i = 0; i < state.discard_size; ++i) {
      int type = t.cards[state.discard[i]].type;
      if (!state.has_type[city][type]) out[choices_at_ + type] = 1;
    }
  }
  float* cities = out + cities_at_;
  for (int k = 0; k < seats; ++k) {  // me, then from my left
    int seat = (player - k + seats) % seats;
    std::memcpy(cities + k * city_size_, rows + seat * city_size_, sizeof(float) * city_size_);
  }
  std::memset(cities + seats * city_size_, 0, sizeof(float) * (MAX_SEATS - seats) * city_size_);
  if (paying_at_ >= 0) encode_payment(state, player, acting, out + paying_at_);
}

void Observer::encode_payment(const State& state, int player, bool acting, float* out) const {
  const int n = num_types_;
  float* paying_for = out + 1;
  float* paying_kind = paying_for + n;
  float* option_right = paying_kind + 3;
  float* my_payment = option_right + MAX_TO_ONE_SIDE + 1;
  std::memset(out, 0, sizeof(float) * (size_ - paying_at_));
  std::fill(option_right, option_right + MAX_TO_ONE_SIDE + 1, -1.0f);
  if (state.phase != Phase::PAYMENT) return;
  if (state.paid >> player & 1) {
    my_payment[0] = state.payments[player].to_left;
    my_payment[1] = state.payments[player].to_right;
  }
  if (!acting) return;
  int city = engine_.acting_city(state, player);
  auto [kind, type] = decode_action(state.pending[city], n);
  out[0] = 1;
  paying_for[type] = 1;
  paying_kind[kind == BUILD || kind == WONDER ? kind : 2] = 1;
  PaymentChoices choices = engine_.payment_choices(state, city);
  for (int i = 0; i < choices.count; ++i) option_right[choices.choices[i].to_left] = choices.choices[i].to_right;
}

void Observer::encode(const State& state, int player, float* out) const {
  std::vector<float> rows(static_cast<size_t>(state.num_seats) * city_size_);
  public_cities(state, rows.data());
  encode(state, player, rows.data(), out);
}

}  // namespace wonders::seven_wonders
