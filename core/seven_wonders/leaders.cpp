// The rules of the Leaders expansion (mirrors wonders_env/seven_wonders/leaders.py, whose module
// docstring is their description; each function is named as the one it mirrors there). rules.cpp,
// costs of builds and scoring.cpp call in here only where the tables have leaders.
#include <algorithm>
#include <stdexcept>

#include "seven_wonders/rules.hpp"

namespace wonders::seven_wonders {
namespace {

constexpr int LEADERS_STARTING_COINS = 6;
constexpr int DRAFT_PICKS = LEADERS_PER_PLAYER - 1;  // the last leader of the draft comes without a decision

template <typename Array>
void remove_value(Array& items, uint8_t& size, int value) {
  for (int i = 0; i < size; ++i)
    if (items[i] == value) {
      for (int j = i; j + 1 < size; ++j) items[j] = items[j + 1];
      --size;
      return;
    }
}

template <typename Array>
void pop_front(Array& items, uint8_t& size) {
  for (int i = 0; i + 1 < size; ++i) items[i] = items[i + 1];
  --size;
}

// leaders.py _reduced_costs: calls f with every cost left after removing `units` units of `cost`
// (the empty cost when it has no more).
template <typename F>
void for_each_reduced(const std::array<int, NUM_RESOURCES>& cost, int units, F&& f) {
  int total = 0;
  for (int units_of : cost) total += units_of;
  if (units >= total) {
    f(std::array<int, NUM_RESOURCES>{});
    return;
  }
  std::array<int, NUM_RESOURCES> left = cost;
  auto remove = [&](auto& self, int resource, int remaining) -> void {
    if (remaining == 0) {
      f(left);
      return;
    }
    if (resource == NUM_RESOURCES) return;
    for (int k = 0; k <= std::min(remaining, cost[resource]); ++k) {
      left[resource] = cost[resource] - k;
      self(self, resource + 1, remaining - k);
    }
    left[resource] = cost[resource];
  };
  remove(remove, 0, units);
}

// The least coins to the bank of a way paying (to_left, to_right), -1 for none.
using BankGrid = std::array<std::array<int8_t, MAX_TO_ONE_SIDE + 1>, MAX_TO_ONE_SIDE + 1>;

// leaders.py payment_front: the ways no other beats (no more to either neighbour, no more in all),
// then one per coins to the left (the least in all, then the least to the right), by (total, to_left).
PaymentOptions payment_front(const BankGrid& least) {
  std::array<Payment, (MAX_TO_ONE_SIDE + 1) * (MAX_TO_ONE_SIDE + 1)> ways;
  int count = 0;
  for (int l = 0; l <= MAX_TO_ONE_SIDE; ++l)
    for (int r = 0; r <= MAX_TO_ONE_SIDE; ++r)
      if (least[l][r] >= 0) ways[count++] = Payment{l, r, least[l][r]};
  std::array<int, MAX_TO_ONE_SIDE + 1> best;
  best.fill(-1);
  for (int i = 0; i < count; ++i) {
    const Payment& way = ways[i];
    bool beaten = false;
    for (int j = 0; j < count && !beaten; ++j) {
      const Payment& other = ways[j];
      beaten = j != i && other.to_left <= way.to_left && other.to_right <= way.to_right && other.total() <= way.total();
    }
    if (beaten) continue;
    int& known = best[way.to_left];
    if (known < 0 ||
        std::make_pair(way.total(), way.to_right) < std::make_pair(ways[known].total(), ways[known].to_right))
      known = i;
  }
  PaymentOptions out;
  for (int l = 0; l <= MAX_TO_ONE_SIDE; ++l)
    if (best[l] >= 0) out.options[out.count++] = ways[best[l]];
  std::stable_sort(out.options.begin(), out.options.begin() + out.count,
                   [](const Payment& a, const Payment& b) { return a.total() < b.total(); });  // then by to_left
  return out;
}

}  // namespace

// ---------------------------------------------------------------- the Leaders action ranges (actions.py)
int Engine::leader_action(int kind, int leader) const {
  return seven_wonders::num_actions(tables_->num_types, choose_payments_) + kind * tables_->num_leaders + leader;
}

bool Engine::decode_leader(int action, int& kind, int& leader) const {
  const int from = seven_wonders::num_actions(tables_->num_types, choose_payments_), n = tables_->num_leaders;
  if (!n || action < from || action >= from + NUM_LEADER_KINDS * n) return false;
  kind = (action - from) / n;
  leader = (action - from) % n;
  return true;
}

// ---------------------------------------------------------------- setup and phases
// leaders.py setup_leaders, after the base deal: 6 coins each, 4 leaders dealt to each player in seat
// order from the deal's shuffled leaders (the rest unused, in that order), then the draft (Age 1, turn 0).
void Engine::setup_leaders(State& state, const Deal& deal) const {
  const int players = num_players_;
  for (int seat = 0; seat < num_seats_; ++seat) state.coins[seat] = LEADERS_STARTING_COINS;
  for (int seat = 0; seat < players; ++seat) {
    state.draft_hand_size[seat] = LEADERS_PER_PLAYER;
    for (int i = 0; i < LEADERS_PER_PLAYER; ++i)
      state.draft_hands[seat][i] = static_cast<uint8_t>(deal.leaders[seat * LEADERS_PER_PLAYER + i]);
    state.copied_leader[seat] = -1;
  }
  const int dealt = players * LEADERS_PER_PLAYER;
  state.leader_deck_size = static_cast<uint8_t>(deal.leaders.size() - static_cast<size_t>(dealt));
  for (int i = 0; i < state.leader_deck_size; ++i) state.leader_deck[i] = static_cast<uint8_t>(deal.leaders[dealt + i]);
  state.age = 1;
  state.turn = 0;
  state.phase = Phase::LEADER_DRAFT;
}

void Engine::start_recruitment(State& state, int age) const {
  state.age = static_cast<int8_t>(age);
  state.turn = 0;
  state.phase = Phase::RECRUIT;
  Actors actors;
  leader_actors(state, actors);
  if (!actors.count) start_age(state, age);  // no leader in any hand: the Age's cards at once
}

// leaders.py acting_seats: everyone in the draft, the players holding a leader in the recruitment
// turn, the first of its queue in a Courtesans copy or a Roma B recruit.
void Engine::leader_actors(const State& state, Actors& actors) const {
  const auto act = [&actors](int seat) { actors.seats[actors.count++] = static_cast<int8_t>(seat); };
  if (state.phase == Phase::LEADER_DRAFT) {
    for (int seat = 0; seat < num_players_; ++seat) act(seat);
  } else if (state.phase == Phase::RECRUIT) {
    for (int seat = 0; seat < num_players_; ++seat)
      if (state.leader_hand_size[seat]) act(seat);
  } else if (state.phase == Phase::COPY_LEADER) {
    if (state.num_copy_choosers) act(state.copy_choosers[0]);
  } else if (state.phase == Phase::RECRUIT_NOW && state.num_recruiters) {
    act(state.recruiters[0]);
  }
}

bool Engine::open_decision(State& state) const {
  std::array<int, 2 * MAX_LEADER_HAND> options;
  while (state.num_copy_choosers) {
    if (copy_options(state, state.copy_choosers[0], options)) {
      state.phase = Phase::COPY_LEADER;
      return true;
    }
    pop_front(state.copy_choosers, state.num_copy_choosers);
  }
  while (state.num_recruiters) {
    int seat = state.recruiters[0];
    for (int i = 0; i < state.leader_hand_size[seat]; ++i)
      if (recruit_price(state, seat, state.leader_hands[seat][i]) <= state.coins[seat]) {
        state.phase = Phase::RECRUIT_NOW;
        return true;
      }
    pop_front(state.recruiters, state.num_recruiters);
  }
  return false;
}

// ---------------------------------------------------------------- effects in force
template <typename F>
void Engine::active_effects(const State& state, int seat, F&& f) const {
  const Tables& t = *tables_;
  auto each = [&f](const LeaderEffects& effects) {
    for (int i = 0; i < effects.count; ++i) f(effects.effects[i]);
  };
  each(t.wonders[state.cities[seat]][state.sides[seat]].board_effects);
  if (seat >= num_players_) return;
  for (int i = 0; i < state.recruited_size[seat]; ++i) each(t.leaders[state.recruited[seat][i]].effects);
  if (state.copied_leader[seat] >= 0) each(t.leaders[state.copied_leader[seat]].effects);
}

int Engine::event_coins(const State& state, int seat, int event) const {
  int coins = 0;
  active_effects(state, seat, [&](const LeaderEffect& e) {
    if (e.kind == LE_EVENT_COINS && e.a == event) coins += e.b;
  });
  return coins;
}

int Engine::recruit_price(const State& state, int seat, int leader) const {
  bool free = false;
  int discount = 0;
  active_effects(state, seat, [&](const LeaderEffect& e) {
    if (e.kind != LE_LEADER_DISCOUNT) return;
    free = free || e.c;
    if (e.a & SCOPE_SELF) discount += e.b;
  });
  if (free) return 0;
  for (auto [neighbour, seen_from_neighbour] :
       {std::pair{state.left_of(seat), SCOPE_RIGHT}, std::pair{state.right_of(seat), SCOPE_LEFT}})
    active_effects(state, neighbour, [&, seen = seen_from_neighbour](const LeaderEffect& e) {
      if (e.kind == LE_LEADER_DISCOUNT && !e.c && e.a & seen) discount += e.b;
    });
  return std::max(0, tables_->leaders[leader].coin_cost - discount);
}

bool Engine::builds_free(const State& state, int city, int card_type) const {
  bool free = false;
  const int color = tables_->types[card_type].color;
  active_effects(state, city, [&](const LeaderEffect& e) { free = free || (e.kind == LE_FREE_BUILD && e.a == color); });
  return free;
}

bool Engine::defeats_to_victor(const State& state, int seat) const {
  bool found = false;
  active_effects(state, seat, [&](const LeaderEffect& e) { found = found || e.kind == LE_DEFEATS_TO_VICTOR; });
  return found;
}

int Engine::science_set_bonus(const State& state, int seat) const {
  int points = 0;
  active_effects(state, seat, [&](const LeaderEffect& e) {
    if (e.kind == LE_SCIENCE_SET_BONUS) points += e.a;
  });
  return points;
}

// ---------------------------------------------------------------- payments
PaymentOptions Engine::buy_options(const State& state, int city, const std::array<int, NUM_RESOURCES>& cost,
                                   int target) const {
  int units = 0, bank = -1;
  active_effects(state, city, [&](const LeaderEffect& e) {
    if (e.kind == LE_RESOURCE_DISCOUNT && e.a == target) units += e.b;
    if (e.kind == LE_BANK_PURCHASE) bank = bank < 0 ? e.a : std::min(bank, e.a);
  });
  if (!units && bank < 0) return buy_options(state, city, cost);
  BankGrid least;
  for (auto& row : least) row.fill(-1);
  auto add = [&](const std::array<int, NUM_RESOURCES>& reduced, int to_bank) {
    PaymentOptions options = buy_options(state, city, reduced);
    for (int i = 0; i < options.count; ++i) {
      int8_t& known = least.at(options.options[i].to_left).at(options.options[i].to_right);
      if (known < 0 || to_bank < known) known = static_cast<int8_t>(to_bank);
    }
  };
  for_each_reduced(cost, units, [&](const std::array<int, NUM_RESOURCES>& reduced) {
    add(reduced, 0);
    bool left = std::any_of(reduced.begin(), reduced.end(), [](int n) { return n > 0; });
    if (bank >= 0 && left) for_each_reduced(reduced, 1, [&](const auto& fewer) { add(fewer, bank); });
  });
  return payment_front(least);
}

// ---------------------------------------------------------------- legality
int Engine::copy_options(const State& state, int seat, std::array<int, 2 * MAX_LEADER_HAND>& out) const {
  int count = 0;
  for (int neighbour : {state.left_of(seat), state.right_of(seat)})
    for (int i = 0; i < state.recruited_size[neighbour]; ++i) {
      int leader = state.recruited[neighbour][i];
      if (std::find(out.begin(), out.begin() + count, leader) == out.begin() + count) out[count++] = leader;
    }
  return count;
}

void Engine::leader_moves(const State& state, int player, int8_t* mask) const {
  if (state.phase == Phase::LEADER_DRAFT) {
    for (int i = 0; i < state.draft_hand_size[player]; ++i)
      mask[leader_action(DRAFT, state.draft_hands[player][i])] = 1;
    return;
  }
  if (state.phase == Phase::COPY_LEADER) {
    std::array<int, 2 * MAX_LEADER_HAND> options;
    int count = copy_options(state, player, options);
    for (int i = 0; i < count; ++i) mask[leader_action(COPY_LEADER_KIND, options[i])] = 1;
    return;
  }
  const auto& hand = state.leader_hands[player];
  const int size = state.leader_hand_size[player];
  for (int i = 0; i < size; ++i)
    if (recruit_price(state, player, hand[i]) <= state.coins[player]) mask[leader_action(RECRUIT, hand[i])] = 1;
  if (state.phase != Phase::RECRUIT) return;
  Move move{};
  bool stage = stage_payment(state, player, move);
  for (int i = 0; i < size; ++i) {
    if (stage) mask[leader_action(LEADER_WONDER, hand[i])] = 1;
    mask[leader_action(LEADER_DISCARD, hand[i])] = 1;
  }
}

// ---------------------------------------------------------------- playing
void Engine::apply_draft(State& state, const std::array<int, MAX_PLAYERS>& actions) const {
  const int players = num_players_;
  for (int seat = 0; seat < players; ++seat) {
    int kind = 0, leader = 0;
    decode_leader(actions[seat], kind, leader);
    remove_value(state.draft_hands[seat], state.draft_hand_size[seat], leader);
    state.leader_hands[seat][state.leader_hand_size[seat]++] = static_cast<uint8_t>(leader);
    auto& passed = state.draft_passed[seat];
    std::fill(passed.begin(), passed.end(), 0);
    for (int i = 0; i < state.draft_hand_size[seat]; ++i) passed[state.draft_hands[seat][i]] = 1;
    log(state, seat, seat, LEADER_LOG_KIND + DRAFT, leader, 0, 0, 0, 0);
  }
  auto hands = state.draft_hands;  // passed to the right
  auto sizes = state.draft_hand_size;
  for (int seat = 0; seat < players; ++seat) {
    int to = (seat + 1) % players;
    state.draft_hands[to] = hands[seat];
    state.draft_hand_size[to] = sizes[seat];
  }
  if (state.leader_hand_size[0] != DRAFT_PICKS) return;
  for (int seat = 0; seat < players; ++seat) {
    for (int i = 0; i < state.draft_hand_size[seat]; ++i)
      state.leader_hands[seat][state.leader_hand_size[seat]++] = state.draft_hands[seat][i];
    state.draft_hand_size[seat] = 0;
    auto& passed = state.draft_passed[seat];
    std::fill(passed.begin(), passed.end(), 0);
  }
  start_recruitment(state, 1);
}

void Engine::recruit(State& state, int seat, int leader) const {
  state.recruited[seat][state.recruited_size[seat]++] = static_cast<uint8_t>(leader);
  gain_lasting(state, seat, tables_->leaders[leader].effects);
}

void Engine::gain_lasting(State& state, int seat, const LeaderEffects& effects) const {
  for (int i = 0; i < effects.count; ++i) {
    const LeaderEffect& e = effects.effects[i];
    if (e.kind == LE_SCIENCE)
      ++state.science[seat][e.a];
    else if (e.kind == LE_SHIELDS)
      state.shields[seat] += e.a;
  }
}

void Engine::gain_once(State& state, int seat, const LeaderEffects& effects) const {
  for (int i = 0; i < effects.count; ++i) {
    const LeaderEffect& e = effects.effects[i];
    if (e.kind == LE_COINS) {
      state.coins[seat] += e.a;
    } else if (e.kind == LE_BUILD_FROM_DISCARD) {  // Solomon
      if (state.num_discard_builders >= MAX_PENDING_BUILDERS)
        throw std::logic_error("7 Wonders core: too many discard builds pending");
      auto& entry = state.discard_builders[state.num_discard_builders++];
      entry[0] = entry[1] = static_cast<int8_t>(seat);
    }
  }
}

void Engine::after_stage(State& state, int seat, const Stage& stage) const {
  if (stage.draw_leaders) {
    int drawn = std::min<int>(stage.draw_leaders, state.leader_deck_size);
    if (state.leader_hand_size[seat] + drawn > MAX_LEADER_HAND)
      throw std::logic_error("7 Wonders core: a Leader hand outgrows its array");
    for (int i = 0; i < drawn; ++i) state.leader_hands[seat][state.leader_hand_size[seat]++] = state.leader_deck[i];
    for (int i = drawn; i < state.leader_deck_size; ++i) state.leader_deck[i - drawn] = state.leader_deck[i];
    state.leader_deck_size = static_cast<uint8_t>(state.leader_deck_size - drawn);
  }
  if (stage.specials & RECRUIT_LEADER_NOW) state.recruiters[state.num_recruiters++] = static_cast<int8_t>(seat);
}

void Engine::after_build(State& state, int city, int card_type, bool chained) const {
  const CardType& type = tables_->types[card_type];
  int gained = chained ? event_coins(state, city, EVENT_CHAIN_BUILD) : 0;
  if (type.color == YELLOW) gained += event_coins(state, city, EVENT_YELLOW_BUILD);
  state.coins[city] += gained;
  if (type.specials & COPY_LEADER) state.copy_choosers[state.num_copy_choosers++] = static_cast<int8_t>(city);
}

void Engine::purchase_coins(State& state, int city, int to_left, int to_right) const {
  if (to_left || to_right)
    state.coins[city] += event_coins(state, city, EVENT_NEIGHBOUR_PURCHASE) * ((to_left > 0) + (to_right > 0));
}

void Engine::resolve_recruitment(State& state, Move* moves, int count, bool with_payments) const {
  const Tables& t = *tables_;
  for (int m = 0; m < count; ++m) {  // payments on the state at the turn's start
    Move& move = moves[m];
    if (with_payments) continue;
    move.bank = move.to_left = move.to_right = 0;
    if (move.kind == RECRUIT)
      move.bank = recruit_price(state, move.city, move.card_type);
    else if (move.kind == LEADER_WONDER)
      stage_payment(state, move.city, move);
  }
  for (int m = 0; m < count; ++m) {
    const Move& move = moves[m];
    remove_value(state.leader_hands[move.city], state.leader_hand_size[move.city], move.card_type);
    state.coins[move.city] -= move.bank + move.to_left + move.to_right;
    state.coins[state.left_of(move.city)] += move.to_left;
    state.coins[state.right_of(move.city)] += move.to_right;
  }
  for (int m = 0; m < count; ++m) {
    const Move& move = moves[m];
    if (move.kind == RECRUIT)
      recruit(state, move.city, move.card_type);
    else if (move.kind == LEADER_WONDER)
      queue_discard_build(state, move.city, move.city, place_stage(state, move.city, -1, move.card_type));
    else
      state.leader_discards[move.city][state.leader_discards_size[move.city]++] = static_cast<uint8_t>(move.card_type);
  }
  for (int m = 0; m < count; ++m) {
    const Move& move = moves[m];
    if (move.kind == RECRUIT) {
      gain_once(state, move.city, t.leaders[move.card_type].effects);
    } else if (move.kind == LEADER_WONDER) {
      const Stage& stage =
          t.wonders[state.cities[move.city]][state.sides[move.city]].stages[state.stages_built[move.city] - 1];
      state.coins[move.city] += stage.coins;
      after_stage(state, move.city, stage);
      purchase_coins(state, move.city, move.to_left, move.to_right);
    } else {
      state.coins[move.city] += SELL_COINS;
    }
    log(state, move.city, move.city, LEADER_LOG_KIND + move.kind, move.card_type, move.bank, move.to_left,
        move.to_right, 0);
  }
}

void Engine::apply_recruit_now(State& state, int seat, int leader) const {
  pop_front(state.recruiters, state.num_recruiters);
  int price = recruit_price(state, seat, leader);
  remove_value(state.leader_hands[seat], state.leader_hand_size[seat], leader);
  state.coins[seat] -= price;
  recruit(state, seat, leader);
  gain_once(state, seat, tables_->leaders[leader].effects);
  log(state, seat, seat, LEADER_LOG_KIND + RECRUIT, leader, price, 0, 0, state.turn);
}

void Engine::apply_copy(State& state, int seat, int leader) const {
  pop_front(state.copy_choosers, state.num_copy_choosers);
  state.copied_leader[seat] = static_cast<int8_t>(leader);
  const LeaderEffects& effects = tables_->leaders[leader].effects;
  gain_lasting(state, seat, effects);
  gain_once(state, seat, effects);
  log(state, seat, seat, LEADER_LOG_KIND + COPY_LEADER_KIND, leader, 0, 0, 0, state.turn);
}

// ---------------------------------------------------------------- scoring
int Engine::leaders_points(const State& state, int seat) const {
  if (seat >= num_players_) return 0;
  const Tables& t = *tables_;
  int points = 0;
  auto score = [&](int leader) {
    const LeaderEffects& effects = t.leaders[leader].effects;
    for (int i = 0; i < effects.count; ++i) {
      const LeaderEffect& e = effects.effects[i];
      if (e.kind == LE_VICTORY_POINTS) {
        points += e.a;
      } else if (e.kind == LE_COUNT_REWARD) {
        points += e.c * count_items(state, seat, e.a, e.b);
      } else if (e.kind == LE_SET_REWARD) {
        int sets = MAX_BUILT;
        for (int color = 0; color < NUM_COLORS; ++color)
          if (e.a >> color & 1) sets = std::min<int>(sets, state.color_counts[seat][color]);
        points += e.b * sets;
      }
    }
  };
  for (int i = 0; i < state.recruited_size[seat]; ++i) score(state.recruited[seat][i]);
  if (state.copied_leader[seat] >= 0) score(state.copied_leader[seat]);
  return points;
}

}  // namespace wonders::seven_wonders
