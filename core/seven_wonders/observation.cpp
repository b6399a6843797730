#include "seven_wonders/observation.hpp"

#include <cstring>
#include <vector>

namespace wonders::seven_wonders {
namespace {
constexpr int PHASE_AT = 0, AGE_AT = 5, TURN_AT = 8, PLAYERS_AT = 9, DECIDING_AT = 10, HAND_AT = 17;
// offsets inside a city row, after the T built flags where marked; after the wonder one-hot (one per
// city of the tables: 7, 8 with Leaders), offsets from its end
constexpr int PRESENT = 0, IS_FREE_CITY = 1, HOLDS_FREE_CITY_CARD = 2, BUILT = 3;
constexpr int COLOR_COUNTS = 3, COINS = 10, WONDER_AT = 11;
constexpr int SIDE_B = 0, STAGES_BUILT = 1, STAGES_TOTAL = 2, SHIELDS = 3, MILITARY_POINTS = 4, DEFEAT_TOKENS = 5,
              PRODUCTION = 6, FREE_BUILD_AVAILABLE = 13, SCIENCE = 14, AFTER_WONDER = 18;
constexpr int NUM_LEADER_PHASES = 4;  // the leader_phase one-hot: LEADER_DRAFT to RECRUIT_NOW
}  // namespace

Observer::Observer(const Engine& engine) : engine_(engine) {
  num_types_ = engine.tables().num_types;
  num_leaders_ = engine.tables().num_leaders;
  board_at_ = WONDER_AT + engine.tables().num_cities;
  // recruited (L), copied_leader (L), leader_hand_size, leaders_under_stages, leaders_discarded
  city_size_ = num_types_ + board_at_ + AFTER_WONDER + (num_leaders_ ? 2 * num_leaders_ + 3 : 0);
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
  if (num_leaders_) {  // leader_phase (4), leader_hand, draft_hand, draft_passed, my_stage_leaders, my_leader_discards
    leaders_at_ = size_;
    size_ += NUM_LEADER_PHASES + 5 * num_leaders_;
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
    float* board = after + board_at_;
    board[SIDE_B] = state.sides[s] != 0;
    board[STAGES_BUILT] = state.stages_built[s];
    board[STAGES_TOTAL] = t.wonders[state.cities[s]][state.sides[s]].num_stages;
    board[SHIELDS] = state.shields[s];
    int points = 0, defeats = 0;
    for (int i = 0; i < state.num_tokens[s]; ++i) {
      points += state.military_tokens[s][i];
      defeats += state.military_tokens[s][i] == -1;
    }
    board[MILITARY_POINTS] = points;
    board[DEFEAT_TOKENS] = defeats;
    for (int r = 0; r < NUM_RESOURCES; ++r) board[PRODUCTION + r] = state.own_fixed[s][r];
    board[FREE_BUILD_AVAILABLE] =
        state.powers[s][POWER_FREE_BUILD] && state.power_used_age[s][POWER_FREE_BUILD] != state.age;
    for (int k = 0; k < 4; ++k) board[SCIENCE + k] = state.science[s][k];
    if (!num_leaders_ || s >= state.num_players) continue;
    float* recruited = board + AFTER_WONDER;
    float* copied = recruited + num_leaders_;
    float* counts = copied + num_leaders_;  // leader_hand_size, leaders_under_stages, leaders_discarded
    for (int i = 0; i < state.recruited_size[s]; ++i) recruited[state.recruited[s][i]] = 1;
    if (state.copied_leader[s] >= 0) copied[state.copied_leader[s]] = 1;
    counts[0] = state.leader_hand_size[s];
    counts[1] = state.stage_leaders_size[s];
    counts[2] = state.leader_discards_size[s];
  }
}

void Observer::encode(const State& state, int player, const float* rows, float* out) const {
  const Tables& t = engine_.tables();
  const int seats = state.num_seats;
  std::memset(out, 0, sizeof(float) * cities_at_);
  if (state.phase < Phase::PAYMENT) out[PHASE_AT + static_cast<int>(state.phase)] = 1;  // not PAYMENT nor Leaders
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
  if (leaders_at_ >= 0) encode_leaders(state, player, out + leaders_at_);
}

void Observer::encode_leaders(const State& state, int player, float* out) const {
  const int n = num_leaders_;
  std::memset(out, 0, sizeof(float) * (NUM_LEADER_PHASES + 5 * n));
  if (is_leader_phase(state.phase)) out[static_cast<int>(state.phase) - static_cast<int>(Phase::LEADER_DRAFT)] = 1;
  float* hand = out + NUM_LEADER_PHASES;
  float* draft = hand + n;
  float* passed = draft + n;
  float* under_stages = passed + n;
  float* discarded = under_stages + n;
  for (int i = 0; i < state.leader_hand_size[player]; ++i) hand[state.leader_hands[player][i]] = 1;
  for (int i = 0; i < state.draft_hand_size[player]; ++i) draft[state.draft_hands[player][i]] = 1;
  for (int l = 0; l < n; ++l) passed[l] = state.draft_passed[player][l];
  for (int i = 0; i < state.stage_leaders_size[player]; ++i) under_stages[state.stage_leaders[player][i]] = 1;
  for (int i = 0; i < state.leader_discards_size[player]; ++i) discarded[state.leader_discards[player][i]] = 1;
}

void Observer::encode_payment(const State& state, int player, bool acting, float* out) const {
  const int n = num_types_;
  float* paying_for = out + 1;  // paying (1), paying_for (T), paying_kind (3), option_right (15), my_payment (2)
  float* paying_kind = paying_for + n;
  float* option_right = paying_kind + 3;
  float* my_payment = option_right + MAX_TO_ONE_SIDE + 1;
  std::memset(out, 0, sizeof(float) * (1 + n + 3 + MAX_TO_ONE_SIDE + 1 + 2));
  std::fill(option_right, option_right + MAX_TO_ONE_SIDE + 1, -1.0f);
  if (state.phase != Phase::PAYMENT) return;
  if (state.paid >> player & 1) {
    my_payment[0] = state.payments[player].to_left;
    my_payment[1] = state.payments[player].to_right;
  }
  if (!acting) return;
  int city = engine_.acting_city(state, player);
  auto [kind, type] = decode_action(state.pending[city], n);
  int leader_kind = 0, leader = 0;
  out[0] = 1;
  if (engine_.decode_leader(state.pending[city], leader_kind, leader)) {  // a leader move pays for no card
    paying_kind[leader_kind == LEADER_WONDER ? 1 : 2] = 1;
  } else {
    paying_for[type] = 1;
    paying_kind[kind == BUILD || kind == WONDER ? kind : 2] = 1;
  }
  PaymentChoices choices = engine_.payment_choices(state, city);
  for (int i = 0; i < choices.count; ++i) option_right[choices.choices[i].to_left] = choices.choices[i].to_right;
}

void Observer::encode(const State& state, int player, float* out) const {
  std::vector<float> rows(static_cast<size_t>(state.num_seats) * city_size_);
  public_cities(state, rows.data());
  encode(state, player, rows.data(), out);
}

}  // namespace wonders::seven_wonders
