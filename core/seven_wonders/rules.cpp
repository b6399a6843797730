// The rules of 7 Wonders (see rules.hpp); each function names the Python function it mirrors.
#include "seven_wonders/rules.hpp"

#include <algorithm>
#include <cstring>
#include <random>
#include <stdexcept>

#include "common/bits.hpp"

namespace wonders::seven_wonders {
namespace {

const char* const PHASE_NAMES[] = {"MAIN",    "FREE_CITY",    "SEVENTH_CARD", "DISCARD_BUILD", "GAME_OVER",
                                   "PAYMENT", "LEADER_DRAFT", "RECRUIT",      "COPY_LEADER",   "RECRUIT_NOW"};

template <typename Array>
void remove_at(Array& items, uint8_t& size, int index) {
  for (int i = index; i + 1 < size; ++i) items[i] = items[i + 1];
  --size;
}

// A name as Python's repr() writes it (the texts of rules.describe_action).
std::string python_repr(const std::string& name) {
  char quote = name.find('\'') != std::string::npos && name.find('"') == std::string::npos ? '"' : '\'';
  return quote + name + quote;
}

}  // namespace

Engine::Engine(std::shared_ptr<const Tables> tables, int num_players, std::array<int8_t, MAX_SEATS> wonders,
               std::array<int8_t, MAX_SEATS> sides, bool choose_payments)
    : tables_(std::move(tables)),
      num_players_(num_players),
      num_seats_(std::max(num_players, 3)),
      wonders_(wonders),
      sides_(sides),
      choose_payments_(choose_payments) {
  std::random_device entropy;
  id_ = (uint64_t{entropy()} << 32 | entropy()) | 1;  // never 0, the id of no engine
}

// ---------------------------------------------------------------- setup (state.py)
Deal Engine::draw_deal(uint64_t seed) const {
  const Tables& t = *tables_;
  Rng rng(seed);
  Deal deal;
  if (wonders_[0] < 0) {
    std::array<int8_t, MAX_CITIES> cities{};
    for (int c = 0; c < t.num_cities; ++c) cities[c] = static_cast<int8_t>(c);
    rng.shuffle(cities.data(), t.num_cities);
    for (int s = 0; s < num_seats_; ++s) deal.city[s] = cities[s];
  } else {
    deal.city = wonders_;
  }
  for (int s = 0; s < num_seats_; ++s)
    deal.side[s] = static_cast<int8_t>(sides_[s] == SIDE_RANDOM ? rng.below(2) : sides_[s]);
  std::vector<int> guilds = t.guilds;
  rng.shuffle(guilds.data(), static_cast<int>(guilds.size()));
  int kept = num_seats_ + 2;
  deal.box.assign(guilds.begin() + kept, guilds.end());
  for (int age = 1; age <= 3; ++age) {
    std::vector<int> deck = t.deck(age, num_seats_);
    if (age == 3) deck.insert(deck.end(), guilds.begin(), guilds.begin() + kept);
    rng.shuffle(deck.data(), static_cast<int>(deck.size()));
    deal.decks[age - 1] = deck;
  }
  deal.leaders.resize(static_cast<size_t>(t.num_leaders));  // leaders.py setup_leaders: the same generator, last
  for (int l = 0; l < t.num_leaders; ++l) deal.leaders[l] = l;
  rng.shuffle(deal.leaders.data(), t.num_leaders);
  return deal;
}

std::string Engine::check_deal(const Deal& deal) const {
  const Tables& t = *tables_;
  std::vector<bool> city_seen(t.num_cities, false);
  for (int s = 0; s < num_seats_; ++s) {
    if (deal.city[s] < 0 || deal.city[s] >= t.num_cities)
      return "seat " + std::to_string(s) + ": city index must be in [0, " + std::to_string(t.num_cities) + "), got " +
             std::to_string(deal.city[s]);
    if (city_seen[deal.city[s]]) return "each city can be dealt once, " + t.city_names[deal.city[s]] + " twice";
    city_seen[deal.city[s]] = true;
    if (deal.side[s] != 0 && deal.side[s] != 1)
      return "seat " + std::to_string(s) + ": side must be 0 or 1, got " + std::to_string(deal.side[s]);
  }
  std::vector<int> seen(t.num_cards, 0);
  int kept_guilds = 0;
  for (int age = 1; age <= 3; ++age) {
    std::vector<int> expected = t.deck(age, num_seats_);
    for (int card : deal.decks[age - 1]) {
      if (card < 0 || card >= t.num_cards)
        return "Age " + std::to_string(age) + " deck: card id " + std::to_string(card) + " out of range";
      if (seen[card]++) return "card id " + std::to_string(card) + " dealt twice";
      const PhysicalCard& c = t.cards[card];
      if (c.min_players == 0) {
        if (age != 3) return "guild card " + std::to_string(card) + " in the Age " + std::to_string(age) + " deck";
        ++kept_guilds;
      } else if (c.age != age || c.min_players > num_seats_) {
        return "card " + std::to_string(card) + " (" + t.type_names[c.type] + ") does not belong in the Age " +
               std::to_string(age) + " deck for " + std::to_string(num_seats_) + " cities";
      }
    }
    for (int card : expected)
      if (!seen[card])
        return "the Age " + std::to_string(age) + " deck lacks card " + std::to_string(card) + " (" +
               t.type_names[t.cards[card].type] + ")";
    if (static_cast<int>(deal.decks[age - 1].size()) != num_seats_ * CARDS_PER_HAND)
      return "the Age " + std::to_string(age) + " deck must hold " + std::to_string(num_seats_ * CARDS_PER_HAND) +
             " cards";
  }
  if (kept_guilds != num_seats_ + 2)
    return "the Age III deck must hold " + std::to_string(num_seats_ + 2) + " guilds, got " +
           std::to_string(kept_guilds);
  for (int card : deal.box) {
    if (card < 0 || card >= t.num_cards) return "box: card id " + std::to_string(card) + " out of range";
    if (t.cards[card].min_players != 0) return "box: card " + std::to_string(card) + " is not a guild";
    if (seen[card]++) return "card id " + std::to_string(card) + " dealt twice";
  }
  for (int card : t.guilds)
    if (!seen[card]) return "guild card " + std::to_string(card) + " is neither in the Age III deck nor in the box";
  if (static_cast<int>(deal.leaders.size()) != t.num_leaders)
    return "the leaders must hold each of the table's " + std::to_string(t.num_leaders) + " leaders once, got " +
           std::to_string(deal.leaders.size());
  std::vector<bool> leader_seen(static_cast<size_t>(t.num_leaders), false);
  for (int leader : deal.leaders) {
    if (leader < 0 || leader >= t.num_leaders) return "leaders: leader id " + std::to_string(leader) + " out of range";
    if (leader_seen[leader]) return "leader id " + std::to_string(leader) + " dealt twice";
    leader_seen[leader] = true;
  }
  return "";
}

void Engine::new_game(State& state, const Deal& deal) const {
  const Tables& t = *tables_;
  state = State{};
  state.free_city_holder = -1;
  state.engine_id = id_;
  state.num_players = static_cast<int8_t>(num_players_);
  state.num_seats = static_cast<int8_t>(num_seats_);
  state.num_types = static_cast<uint8_t>(t.num_types);
  state.num_leaders = static_cast<uint8_t>(t.num_leaders);
  for (int s = 0; s < num_seats_; ++s) {
    state.cities[s] = deal.city[s];
    state.sides[s] = deal.side[s];
    state.coins[s] = STARTING_COINS;
    int start = t.wonders[deal.city[s]][deal.side[s]].starting_resource;
    if (start < 0) continue;  // Roma has none
    ++state.own_fixed[s][start];
    ++state.sell_fixed[s][start];
  }
  for (int age = 0; age < 3; ++age) {
    state.deck_size[age] = static_cast<uint8_t>(deal.decks[age].size());
    for (size_t i = 0; i < deal.decks[age].size(); ++i) state.decks[age][i] = static_cast<uint8_t>(deal.decks[age][i]);
  }
  state.box_size = static_cast<uint8_t>(deal.box.size());
  for (size_t i = 0; i < deal.box.size(); ++i) state.box[i] = static_cast<uint8_t>(deal.box[i]);
  state.pending.fill(-1);
  if (t.num_leaders)
    setup_leaders(state, deal);
  else
    start_age(state, 1);
}

void Engine::start_age(State& state, int age) const {
  state.age = static_cast<int8_t>(age);
  state.turn = 1;
  state.phase = Phase::MAIN;
  state.age_leftovers_discarded = false;
  const auto& deck = state.decks[age - 1];
  for (int seat = 0; seat < num_players_; ++seat) {
    state.hand_size[seat] = CARDS_PER_HAND;
    for (int i = 0; i < CARDS_PER_HAND; ++i) state.hands[seat][i] = deck[seat * CARDS_PER_HAND + i];
  }
  for (auto& row : state.last_passed) row.fill(0);
  int city = state.free_city();
  if (city >= 0) {
    state.free_city_pile_size = static_cast<uint8_t>(state.deck_size[age - 1] - 2 * CARDS_PER_HAND);
    for (int i = 0; i < state.free_city_pile_size; ++i) state.free_city_pile[i] = deck[2 * CARDS_PER_HAND + i];
    state.free_city_holder = static_cast<int8_t>(age == 2 ? state.right_of(city) : state.left_of(city));
    int holder = state.free_city_holder;
    state.hands[holder][state.hand_size[holder]++] = state.free_city_pile[--state.free_city_pile_size];
  }
  state.deck_size[age - 1] = 0;
}

// ---------------------------------------------------------------- placing (state.py)
void Engine::add_production(State& state, int seat, const Produce& effect) const {
  if ((effect.mask & (effect.mask - 1)) == 0) {
    int resource = lowest_bit(static_cast<uint32_t>(effect.mask));
    state.own_fixed[seat][resource] += effect.count;
    if (effect.tradable) state.sell_fixed[seat][resource] += effect.count;
  } else {
    state.own_choices[seat][state.num_own_choices[seat]++] = static_cast<uint8_t>(effect.mask);
    if (effect.tradable) state.sell_choices[seat][state.num_sell_choices[seat]++] = static_cast<uint8_t>(effect.mask);
  }
}

void Engine::add_discount(State& state, int seat, const Discount& effect) const {
  if (effect.scope & SCOPE_LEFT) state.cheap_left[seat] |= effect.mask;
  if (effect.scope & SCOPE_RIGHT) state.cheap_right[seat] |= effect.mask;
}

void Engine::place_building(State& state, int seat, int card) const {
  const Tables& t = *tables_;
  int kind = t.cards[card].type;
  const CardType& type = t.types[kind];
  state.built[seat][state.built_size[seat]++] = static_cast<uint8_t>(card);
  state.has_type[seat][kind] = 1;
  ++state.color_counts[seat][type.color];
  state.shields[seat] += type.shields;
  if (type.science != NO_SCIENCE) ++state.science[seat][type.science];
  for (int i = 0; i < type.num_produces; ++i) add_production(state, seat, type.produces[i]);
  for (int i = 0; i < type.num_discounts; ++i) add_discount(state, seat, type.discounts[i]);
}

void Engine::queue_discard_build(State& state, int city, int controller, int stage_index) const {
  if (!(tables_->wonders[state.cities[city]][state.sides[city]].stages[stage_index].specials & BUILD_FROM_DISCARD))
    return;
  if (state.num_discard_builders >= MAX_PENDING_BUILDERS)
    throw std::logic_error("7 Wonders core: too many discard builds pending");
  auto& entry = state.discard_builders[state.num_discard_builders++];
  entry[0] = static_cast<int8_t>(city);
  entry[1] = static_cast<int8_t>(controller);
}

int Engine::place_stage(State& state, int seat, int card, int leader) const {
  int index = state.stages_built[seat];
  const Stage& stage = tables_->wonders[state.cities[seat]][state.sides[seat]].stages[index];
  ++state.stages_built[seat];
  if (leader >= 0)
    state.stage_leaders[seat][state.stage_leaders_size[seat]++] = static_cast<uint8_t>(leader);
  else
    state.stage_cards[seat][state.stage_cards_size[seat]++] = static_cast<uint8_t>(card);
  for (int i = 0; i < stage.num_produces; ++i) add_production(state, seat, stage.produces[i]);
  for (int i = 0; i < stage.num_discounts; ++i) add_discount(state, seat, stage.discounts[i]);
  state.shields[seat] += stage.shields;
  if (stage.specials & FREE_BUILD_ONCE_PER_AGE) state.powers[seat][POWER_FREE_BUILD] = state.age;
  if (stage.specials & PLAY_SEVENTH_CARD) state.powers[seat][POWER_SEVENTH_CARD] = state.age;
  if (stage.specials & COPY_GUILD) state.powers[seat][POWER_COPY_GUILD] = state.age;
  if (stage.specials & FREE_FIRST_OF_COLOR) state.powers[seat][POWER_FREE_COLOR] = state.age;
  if (stage.specials & FREE_FIRST_OF_AGE) state.powers[seat][POWER_FREE_FIRST] = static_cast<int8_t>(state.age + 1);
  if (stage.specials & FREE_LAST_OF_AGE) state.powers[seat][POWER_FREE_LAST] = state.age;
  state.science[seat][SCIENCE_ANY] += stage.science_any;
  return index;
}

// ---------------------------------------------------------------- who acts (rules.py)
int Engine::seventh_card_seat(const State& state) const {
  if (state.turn != TURNS_PER_AGE) return -1;
  for (int seat = 0; seat < num_players_; ++seat)
    if (state.powers[seat][POWER_SEVENTH_CARD] && state.power_used_age[seat][POWER_SEVENTH_CARD] != state.age &&
        state.hand_size[seat] == 1)
      return seat;
  return -1;
}

Actors Engine::acting_players(const State& state) const {
  Actors actors;
  switch (state.phase) {
    case Phase::MAIN:
      actors.count = num_players_;
      for (int p = 0; p < num_players_; ++p) actors.seats[p] = static_cast<int8_t>(p);
      break;
    case Phase::FREE_CITY:
      actors.count = 1;
      actors.seats[0] = state.free_city_holder;
      break;
    case Phase::SEVENTH_CARD:
      actors.count = 1;
      actors.seats[0] = static_cast<int8_t>(seventh_card_seat(state));
      break;
    case Phase::DISCARD_BUILD:
      actors.count = 1;
      actors.seats[0] = state.discard_builders[0][1];
      break;
    case Phase::PAYMENT:
      for (int p = 0; p < num_players_; ++p)
        if (is_acting(state, p)) actors.seats[actors.count++] = static_cast<int8_t>(p);
      break;
    case Phase::GAME_OVER:
      break;
    case Phase::LEADER_DRAFT:
    case Phase::RECRUIT:
    case Phase::COPY_LEADER:
    case Phase::RECRUIT_NOW:
      leader_actors(state, actors);
      break;
  }
  return actors;
}

int Engine::controller(const State& state, int city) const {
  return city == state.free_city() ? state.free_city_holder : city;
}

bool Engine::is_acting(const State& state, int player) const {
  switch (state.phase) {
    case Phase::MAIN:
      return true;
    case Phase::FREE_CITY:
      return player == state.free_city_holder;
    case Phase::SEVENTH_CARD:
      return player == seventh_card_seat(state);
    case Phase::DISCARD_BUILD:
      return player == state.discard_builders[0][1];
    case Phase::PAYMENT:  // a controller with a pending city still unpaid
      for (int city = 0; city < num_seats_; ++city)
        if (state.pending[city] >= 0 && !(state.paid >> city & 1) && controller(state, city) == player) return true;
      return false;
    case Phase::GAME_OVER:
      return false;
    default: {  // the Leaders phases
      Actors actors;
      leader_actors(state, actors);
      for (int k = 0; k < actors.count; ++k)
        if (actors.seats[k] == player) return true;
      return false;
    }
  }
}

int Engine::acting_city(const State& state, int player) const {
  if (state.phase == Phase::FREE_CITY) return state.free_city();
  if (state.phase == Phase::DISCARD_BUILD) return state.discard_builders[0][0];
  if (state.phase == Phase::PAYMENT && (state.pending[player] < 0 || state.paid >> player & 1))
    return state.free_city();  // the holder pays for the Free City after his own move
  return player;
}

// ---------------------------------------------------------------- costs (rules.py)
PaymentOptions Engine::buy_options(const State& state, int city, const std::array<int, NUM_RESOURCES>& cost) const {
  int left = state.left_of(city), right = state.right_of(city);
  return payments_.options(
      cost, Supply{state.own_fixed[city].data(), state.own_choices[city].data(), state.num_own_choices[city]},
      Supply{state.sell_fixed[left].data(), state.sell_choices[left].data(), state.num_sell_choices[left]},
      Supply{state.sell_fixed[right].data(), state.sell_choices[right].data(), state.num_sell_choices[right]},
      state.cheap_left[city], state.cheap_right[city]);
}

PaymentOptions Engine::build_options(const State& state, int city, const std::array<int, NUM_RESOURCES>& cost,
                                     int target) const {
  return tables_->num_leaders ? buy_options(state, city, cost, target) : buy_options(state, city, cost);
}

bool Engine::choose_payment(const State& state, int city, const PaymentOptions& options, int budget,
                            Payment& chosen) const {
  // the "cheapest" payment mode: options are sorted by (total, to_left)
  int found = -1;
  if (num_players_ > 2) {
    if (options.count && options.options[0].total() <= budget) found = 0;
  } else if (city == state.free_city()) {  // most to the controller, then the cheapest
    bool to_left_is_holder = state.left_of(city) == state.free_city_holder;
    int best_holder = -1, best_total = 0;
    for (int i = 0; i < options.count; ++i) {
      const Payment& p = options.options[i];
      if (p.total() > budget) continue;
      int holder = to_left_is_holder ? p.to_left : p.to_right;
      if (holder > best_holder || (holder == best_holder && p.total() < best_total)) {
        best_holder = holder;
        best_total = p.total();
        found = i;
      }
    }
  } else {  // the cheapest, then the least to the opponent
    bool left_is_opponent = state.left_of(city) != state.free_city();
    int best_total = 0, best_opponent = 0;
    for (int i = 0; i < options.count; ++i) {
      const Payment& p = options.options[i];
      if (p.total() > budget) continue;
      int opponent = left_is_opponent ? p.to_left : p.to_right;
      if (found < 0 || p.total() < best_total || (p.total() == best_total && opponent < best_opponent)) {
        best_total = p.total();
        best_opponent = opponent;
        found = i;
      }
    }
  }
  if (found < 0) return false;
  chosen = options.options[found];
  return true;
}

bool Engine::chains_free(const State& state, int city, int card_type) const {
  const CardType& type = tables_->types[card_type];
  for (int i = 0; i < type.num_chains; ++i)
    if (state.has_type[city][type.chains_from[i]]) return true;
  return false;
}

bool Engine::free_by_wonder(const State& state, int city, int card_type) const {
  if (tables_->num_leaders && builds_free(state, city, card_type)) return true;  // Ramses
  if (state.powers[city][POWER_FREE_COLOR] && state.color_counts[city][tables_->types[card_type].color] == 0)
    return true;
  // only for a card chosen in MAIN on turns 1-6, or paid for after it (_main_turn_decision)
  bool main_turn = state.phase == Phase::MAIN || (state.phase == Phase::PAYMENT && state.pending_turn <= TURNS_PER_AGE);
  if (!main_turn) return false;
  if (state.turn == 1)
    return 0 < state.powers[city][POWER_FREE_FIRST] && state.powers[city][POWER_FREE_FIRST] <= state.age;
  if (state.turn == TURNS_PER_AGE)
    return 0 < state.powers[city][POWER_FREE_LAST] && state.powers[city][POWER_FREE_LAST] <= state.age;
  return false;
}

bool Engine::build_payment(const State& state, int city, int card_type, Move& move) const {
  move.bank = move.to_left = move.to_right = 0;
  if (state.has_type[city][card_type]) return false;
  if (chains_free(state, city, card_type) || free_by_wonder(state, city, card_type)) return true;
  const CardType& type = tables_->types[card_type];
  int budget = state.coins[city] - type.coin_cost;
  if (budget < 0) return false;
  Payment chosen;
  if (!choose_payment(state, city, build_options(state, city, type.cost, type.color), budget, chosen)) return false;
  move.bank = type.coin_cost + chosen.to_bank;
  move.to_left = chosen.to_left;
  move.to_right = chosen.to_right;
  return true;
}

bool Engine::stage_payment(const State& state, int city, Move& move) const {
  move.bank = move.to_left = move.to_right = 0;
  const WonderSide& board = tables_->wonders[state.cities[city]][state.sides[city]];
  if (state.stages_built[city] >= board.num_stages) return false;
  Payment chosen;
  if (!choose_payment(state, city,
                      build_options(state, city, board.stages[state.stages_built[city]].cost, COUNT_WONDER_STAGE),
                      state.coins[city], chosen))
    return false;
  move.bank = chosen.to_bank;
  move.to_left = chosen.to_left;
  move.to_right = chosen.to_right;
  return true;
}

bool Engine::can_afford_build(const State& state, int city, int card_type) const {
  const CardType& type = tables_->types[card_type];
  int budget = state.coins[city] - type.coin_cost;
  if (budget < 0) return false;
  PaymentOptions options = build_options(state, city, type.cost, type.color);
  return options.count && options.options[0].total() <= budget;  // sorted by total
}

bool Engine::can_build_stage(const State& state, int city) const {
  const WonderSide& board = tables_->wonders[state.cities[city]][state.sides[city]];
  if (state.stages_built[city] >= board.num_stages) return false;
  PaymentOptions options = build_options(state, city, board.stages[state.stages_built[city]].cost, COUNT_WONDER_STAGE);
  return options.count && options.options[0].total() <= state.coins[city];
}

PaymentChoices Engine::payment_choices(const State& state, int city) const {
  const Tables& t = *tables_;
  PaymentChoices out;
  auto [kind, type] = decode_action(state.pending[city], t.num_types);
  int leader_kind = -1, leader = -1;
  if (decode_leader(state.pending[city], leader_kind, leader)) kind = -1;  // a recruitment turn's move
  int bank = 0;
  PaymentOptions options;
  const WonderSide& board = t.wonders[state.cities[city]][state.sides[city]];
  if (kind == BUILD && !chains_free(state, city, type) && !free_by_wonder(state, city, type)) {
    bank = t.types[type].coin_cost;
    options = build_options(state, city, t.types[type].cost, t.types[type].color);
  } else if (kind == WONDER || leader_kind == LEADER_WONDER) {
    options = build_options(state, city, board.stages[state.stages_built[city]].cost, COUNT_WONDER_STAGE);
  } else {  // nothing to buy: a sale, a free or chained build, a leader recruited (paid to the bank) or discarded
    out.count = 1;
    if (leader_kind == RECRUIT) out.choices[0].bank = static_cast<int8_t>(recruit_price(state, city, leader));
    return out;
  }
  for (int i = 0; i < options.count; ++i) {
    const Payment& p = options.options[i];
    if (bank + p.total() <= state.coins[city])
      out.choices[out.count++] = CityPayment{static_cast<int8_t>(bank + p.to_bank), static_cast<int8_t>(p.to_left),
                                             static_cast<int8_t>(p.to_right)};
  }
  std::sort(out.choices.begin(), out.choices.begin() + out.count, [](const CityPayment& a, const CityPayment& b) {
    return std::tie(a.bank, a.to_left, a.to_right) < std::tie(b.bank, b.to_left, b.to_right);
  });
  return out;
}

// ---------------------------------------------------------------- legality (rules.py)
int Engine::decision_hand(const State& state, int player, std::array<uint8_t, MAX_HAND>& out) const {
  const auto& hand = state.hands[player];
  int size = state.hand_size[player];
  if (state.phase != Phase::FREE_CITY) {
    std::copy(hand.begin(), hand.begin() + size, out.begin());
    return size;
  }
  int pending_type = decode_action(state.pending[player], tables_->num_types).type;
  int count = 0;
  bool removed = false;
  for (int i = 0; i < size; ++i) {
    if (!removed && tables_->cards[hand[i]].type == pending_type) {
      removed = true;
      continue;
    }
    out[count++] = hand[i];
  }
  return count;
}

void Engine::legal_action_mask(const State& state, int player, int8_t* mask) const {
  const Tables& t = *tables_;
  std::memset(mask, 0, static_cast<size_t>(num_actions()));
  if (state.phase == Phase::GAME_OVER) return;
  if (!is_acting(state, player)) {
    mask[wait_action(t.num_types)] = 1;
  } else if (state.phase == Phase::PAYMENT) {
    PaymentChoices choices = payment_choices(state, acting_city(state, player));
    for (int i = 0; i < choices.count; ++i) mask[pay_action(t.num_types, choices.choices[i].to_left)] = 1;
  } else if (state.phase == Phase::DISCARD_BUILD) {
    int city = acting_city(state, player);
    for (int i = 0; i < state.discard_size; ++i) {
      int type = t.cards[state.discard[i]].type;
      if (!state.has_type[city][type]) mask[encode_action(DISCARD_BUILD_KIND, type, t.num_types)] = 1;
    }
  } else if (is_leader_phase(state.phase)) {
    leader_moves(state, player, mask);
  } else {
    hand_moves(state, player, mask);
  }
}

void Engine::hand_moves(const State& state, int player, int8_t* mask) const {
  const Tables& t = *tables_;
  const int n = t.num_types;
  int city = acting_city(state, player);
  bool free_city_phase = state.phase == Phase::FREE_CITY;
  const auto& has = state.has_type[city];
  bool can_stage = can_build_stage(state, city);
  bool can_free_build =
      state.powers[city][POWER_FREE_BUILD] && state.power_used_age[city][POWER_FREE_BUILD] != state.age;
  std::array<uint8_t, MAX_HAND> hand;
  int size = decision_hand(state, player, hand);
  bool playable = false;  // any legal move other than a sale
  for (int i = 0; i < size; ++i) {
    int type = t.cards[hand[i]].type;
    if (mask[encode_action(SELL, type, n)]) continue;  // a second copy of a card name
    if (!has[type]) {
      if (chains_free(state, city, type)) {
        mask[encode_action(BUILD, type, n)] = 1;
        playable = true;
        if (free_city_phase) continue;  // the Free City must take a free chain build
      } else if (free_by_wonder(state, city, type) || can_afford_build(state, city, type)) {
        mask[encode_action(BUILD, type, n)] = 1;
        playable = true;
      }
      if (can_free_build) {
        mask[encode_action(FREE_BUILD, type, n)] = 1;
        playable = true;
      }
    }
    if (can_stage) {
      mask[encode_action(WONDER, type, n)] = 1;
      playable = true;
    }
    mask[encode_action(SELL, type, n)] = 1;
  }
  if (free_city_phase && playable)  // sells only if nothing else
    std::memset(mask + encode_action(SELL, 0, n), 0, static_cast<size_t>(n));
}

std::string Engine::describe_action(int action) const {
  const Tables& t = *tables_;
  if (action == wait_action(t.num_types)) return "wait";
  int leader_kind = 0, leader = 0;
  if (decode_leader(action, leader_kind, leader))
    return std::string(LEADER_KIND_NAMES[leader_kind]) + " " + python_repr(t.leader_names[leader]);
  if (action > wait_action(t.num_types))
    return "pay " + std::to_string(action - pay_action(t.num_types, 0)) +
           " to the left neighbour, the rest to the right";
  auto [kind, type] = decode_action(action, t.num_types);
  return std::string(KIND_NAMES[kind]) + " " + python_repr(t.type_names[type]);
}

bool Engine::is_legal(const State& state, int player, long long action) const {
  const Tables& t = *tables_;
  const int n = t.num_types;
  if (action < 0 || action >= num_actions() || state.phase == Phase::GAME_OVER) return false;
  if (!is_acting(state, player)) return action == wait_action(n);
  if (action == wait_action(n)) return false;
  int leader_kind = 0, leader = 0;
  bool leader_action = decode_leader(static_cast<int>(action), leader_kind, leader);
  if (is_leader_phase(state.phase)) {  // a few leaders at most: the phase's whole mask
    if (!leader_action) return false;
    std::array<int8_t, MAX_ACTIONS> mask;
    legal_action_mask(state, player, mask.data());
    return mask[action];
  }
  if (leader_action) return false;
  if ((action > wait_action(n)) != (state.phase == Phase::PAYMENT)) return false;
  if (state.phase == Phase::PAYMENT) {
    PaymentChoices choices = payment_choices(state, acting_city(state, player));
    for (int i = 0; i < choices.count; ++i)
      if (pay_action(n, choices.choices[i].to_left) == action) return true;
    return false;
  }
  auto [kind, type] = decode_action(static_cast<int>(action), n);
  if (state.phase == Phase::DISCARD_BUILD) {
    if (kind != DISCARD_BUILD_KIND || state.has_type[acting_city(state, player)][type]) return false;
    for (int i = 0; i < state.discard_size; ++i)
      if (t.cards[state.discard[i]].type == type) return true;
    return false;
  }
  if (kind == DISCARD_BUILD_KIND) return false;
  if (state.phase == Phase::FREE_CITY) {  // rare: the whole mask decides whether sales are open
    std::array<int8_t, MAX_ACTIONS> mask;
    legal_action_mask(state, player, mask.data());
    return mask[action];
  }
  bool in_hand = false;
  for (int i = 0; i < state.hand_size[player] && !in_hand; ++i) in_hand = t.cards[state.hands[player][i]].type == type;
  if (!in_hand) return false;
  int city = player;
  switch (kind) {
    case BUILD:
      return !state.has_type[city][type] && (chains_free(state, city, type) || free_by_wonder(state, city, type) ||
                                             can_afford_build(state, city, type));
    case WONDER:
      return can_build_stage(state, city);
    case SELL:
      return true;
    default:
      return !state.has_type[city][type] && state.powers[city][POWER_FREE_BUILD] &&
             state.power_used_age[city][POWER_FREE_BUILD] != state.age;
  }
}

std::string Engine::why_illegal(const State& state, int player, long long action) const {
  if (action < 0 || action >= num_actions())
    return "action must be an integer in [0, " + std::to_string(num_actions()) + "), got " + std::to_string(action);
  if (is_legal(state, player, action)) return "";
  std::array<int8_t, MAX_ACTIONS> mask;
  legal_action_mask(state, player, mask.data());
  if (mask[action]) return "";
  std::string allowed;
  for (int a = 0; a < num_actions(); ++a)
    if (mask[a]) allowed += (allowed.empty() ? "" : ", ") + std::to_string(a) + " (" + describe_action(a) + ")";
  return "illegal action " + std::to_string(action) + " (" + describe_action(static_cast<int>(action)) +
         ") for player_" + std::to_string(player) + " in phase " + PHASE_NAMES[static_cast<int>(state.phase)] +
         " of Age " + std::to_string(state.age) + ", turn " + std::to_string(state.turn) +
         "; legal actions: " + (allowed.empty() ? "none" : allowed);
}

// ---------------------------------------------------------------- playing (rules.py)
void Engine::apply_actions(State& state, const std::array<int, MAX_PLAYERS>& actions) const {
  const Tables& t = *tables_;
  const int n = t.num_types;
  switch (state.phase) {
    case Phase::MAIN: {
      if (state.free_city() >= 0 || choose_payments_) {
        for (int p = 0; p < num_players_; ++p) state.pending[p] = static_cast<int16_t>(actions[p]);
        if (state.free_city() >= 0)
          state.phase = Phase::FREE_CITY;
        else
          open_payment(state, state.turn);
        return;
      }
      std::array<Move, MAX_SEATS> moves;
      for (int p = 0; p < num_players_; ++p) {
        auto [kind, type] = decode_action(actions[p], n);
        moves[p] = Move{p, kind, type, p, -1, 0, 0, 0};
      }
      resolve_moves(state, moves.data(), num_players_, state.turn);
      break;
    }
    case Phase::FREE_CITY: {
      int holder = state.free_city_holder;
      if (open_payment(state, state.turn)) {
        state.pending[state.free_city()] = static_cast<int16_t>(actions[holder]);
        return;
      }
      std::array<Move, MAX_SEATS> moves;
      auto [kind, type] = decode_action(actions[holder], n);
      moves[0] = Move{state.free_city(), kind, type, holder, -1, 0, 0, 0};
      for (int p = 0; p < num_players_; ++p) {
        auto [pending_kind, pending_type] = decode_action(state.pending[p], n);
        moves[p + 1] = Move{p, pending_kind, pending_type, p, -1, 0, 0, 0};
        state.pending[p] = -1;
      }
      resolve_moves(state, moves.data(), num_players_ + 1, state.turn);
      break;
    }
    case Phase::SEVENTH_CARD: {
      int seat = seventh_card_seat(state);
      state.power_used_age[seat][POWER_SEVENTH_CARD] = state.age;
      if (open_payment(state, TURNS_PER_AGE + 1)) {
        state.pending[seat] = static_cast<int16_t>(actions[seat]);
        return;
      }
      auto [kind, type] = decode_action(actions[seat], n);
      Move move{seat, kind, type, seat, -1, 0, 0, 0};
      resolve_moves(state, &move, 1, TURNS_PER_AGE + 1);
      break;
    }
    case Phase::DISCARD_BUILD: {
      int city = state.discard_builders[0][0], controller = state.discard_builders[0][1];
      for (int i = 0; i + 1 < state.num_discard_builders; ++i)
        state.discard_builders[i] = state.discard_builders[i + 1];
      --state.num_discard_builders;
      int type = decode_action(actions[controller], n).type;
      int card = -1, remaining = 0;
      for (int i = 0; i < state.discard_size; ++i) {
        if (t.cards[state.discard[i]].type != type) continue;
        if (card < 0) {
          card = state.discard[i];
          remove_at(state.discard, state.discard_size, i);
          --i;
        } else {
          ++remaining;
        }
      }
      for (int p = 0; p < num_players_; ++p)
        state.known_discard[p][type] = static_cast<uint8_t>(std::min<int>(state.known_discard[p][type], remaining));
      place_building(state, city, card);
      gain_build_coins(state, city, type);
      if (t.num_leaders) after_build(state, city, type, false);
      log(state, controller, city, DISCARD_BUILD_KIND, type, 0, 0, 0, state.turn);
      break;
    }
    case Phase::LEADER_DRAFT:
      apply_draft(state, actions);
      return;
    case Phase::RECRUIT: {
      Actors actors = acting_players(state);
      for (int k = 0; k < actors.count; ++k)
        state.pending[actors.seats[k]] = static_cast<int16_t>(actions[actors.seats[k]]);
      if (open_payment(state, 0)) return;
      resolve_pending(state, 0);
      break;
    }
    case Phase::COPY_LEADER:
    case Phase::RECRUIT_NOW: {
      int seat = state.phase == Phase::COPY_LEADER ? state.copy_choosers[0] : state.recruiters[0];
      int kind = 0, leader = 0;
      decode_leader(actions[seat], kind, leader);
      if (state.phase == Phase::COPY_LEADER)
        apply_copy(state, seat, leader);
      else
        apply_recruit_now(state, seat, leader);
      break;
    }
    case Phase::PAYMENT: {
      Actors actors = acting_players(state);
      std::array<int, MAX_PLAYERS> cities{};
      for (int k = 0; k < actors.count; ++k) cities[k] = acting_city(state, actors.seats[k]);
      for (int k = 0; k < actors.count; ++k) {
        int city = cities[k], to_left = actions[actors.seats[k]] - pay_action(n, 0);
        PaymentChoices choices = payment_choices(state, city);
        for (int i = 0; i < choices.count; ++i)
          if (choices.choices[i].to_left == to_left) state.payments[city] = choices.choices[i];
        state.paid = static_cast<uint8_t>(state.paid | 1 << city);
      }
      for (int city = 0; city < num_seats_; ++city)
        if (state.pending[city] >= 0 && !(state.paid >> city & 1)) return;  // more to pay
      resolve_pending(state, state.pending_turn);
      break;
    }
    case Phase::GAME_OVER:
      return;
  }
  advance(state);
}

bool Engine::open_payment(State& state, int turn) const {
  if (!choose_payments_) return false;
  state.phase = Phase::PAYMENT;
  state.pending_turn = static_cast<int8_t>(turn);
  state.paid = 0;
  return true;
}

void Engine::resolve_pending(State& state, int turn) const {
  const int n = tables_->num_types;
  std::array<Move, MAX_SEATS> moves;
  int count = 0;
  int free_city = state.free_city();
  for (int k = -1; k < num_seats_; ++k) {  // the Free City's move first
    int city = k < 0 ? free_city : k;
    if (city < 0 || (k >= 0 && city == free_city) || state.pending[city] < 0) continue;
    const CityPayment& paid = state.payments[city];
    auto [kind, type] = decode_action(state.pending[city], n);
    decode_leader(state.pending[city], kind, type);  // the recruitment turn's moves (turn 0)
    moves[count++] = Move{city, kind, type, controller(state, city), -1, paid.bank, paid.to_left, paid.to_right};
    state.pending[city] = -1;
  }
  state.paid = 0;
  if (turn == 0)
    resolve_recruitment(state, moves.data(), count, choose_payments_);
  else
    resolve_moves(state, moves.data(), count, turn, true);
}

void Engine::resolve_moves(State& state, Move* moves, int count, int turn, bool with_payments) const {
  const Tables& t = *tables_;
  const bool with_leaders = t.num_leaders > 0;
  std::array<bool, MAX_SEATS> chained{};  // Leaders (Vitruvius): the builds free through a chain
  // 1. cards and payments, all against the state at the start of the turn
  for (int m = 0; m < count; ++m) {
    Move& move = moves[m];
    chained[m] = with_leaders && move.kind == BUILD && chains_free(state, move.city, move.card_type);
    const auto& hand = state.hands[move.owner];
    for (int i = 0; i < state.hand_size[move.owner]; ++i)
      if (t.cards[hand[i]].type == move.card_type) {
        move.card = hand[i];
        break;
      }
    if (with_payments) continue;
    if (move.kind == BUILD)
      build_payment(state, move.city, move.card_type, move);
    else if (move.kind == WONDER)
      stage_payment(state, move.city, move);
  }
  for (int m = 0; m < count; ++m) {
    const Move& move = moves[m];
    auto& hand = state.hands[move.owner];
    for (int i = 0; i < state.hand_size[move.owner]; ++i)
      if (hand[i] == move.card) {
        remove_at(hand, state.hand_size[move.owner], i);
        break;
      }
    state.coins[move.city] -= move.bank + move.to_left + move.to_right;
    state.coins[state.left_of(move.city)] += move.to_left;
    state.coins[state.right_of(move.city)] += move.to_right;
  }
  // 2. place every card
  for (int m = 0; m < count; ++m) {
    const Move& move = moves[m];
    if (move.kind == BUILD || move.kind == FREE_BUILD) {
      place_building(state, move.city, move.card);
      if (move.kind == FREE_BUILD) state.power_used_age[move.city][POWER_FREE_BUILD] = state.age;
    } else if (move.kind == WONDER) {
      queue_discard_build(state, move.city, move.owner, place_stage(state, move.city, move.card));
    } else {
      state.discard[state.discard_size++] = static_cast<uint8_t>(move.card);
      ++state.known_discard[move.owner][move.card_type];
    }
  }
  // 3. coin effects on the cities as they now stand
  for (int m = 0; m < count; ++m) {
    const Move& move = moves[m];
    if (move.kind == SELL) {
      state.coins[move.city] += SELL_COINS;
    } else if (move.kind == WONDER) {
      int index = state.stages_built[move.city] - 1;
      const Stage& stage = t.wonders[state.cities[move.city]][state.sides[move.city]].stages[index];
      state.coins[move.city] += stage.coins;
      if (with_leaders) after_stage(state, move.city, stage);
    } else {
      gain_build_coins(state, move.city, move.card_type);
      if (with_leaders) after_build(state, move.city, move.card_type, chained[m]);
    }
    if (with_leaders) purchase_coins(state, move.city, move.to_left, move.to_right);
    log(state, move.owner, move.city, move.kind, move.card_type, move.bank, move.to_left, move.to_right, turn);
  }
}

int Engine::count_items(const State& state, int city, int counted, int scope) const {
  int seats[3], num = 0;
  if (scope & SCOPE_SELF) seats[num++] = city;
  if (scope & SCOPE_LEFT) seats[num++] = state.left_of(city);
  if (scope & SCOPE_RIGHT) seats[num++] = state.right_of(city);
  int total = 0;
  for (int k = 0; k < num; ++k) {
    int seat = seats[k];
    for (int item = 0; item <= COUNT_LEADER; ++item) {
      if (!(counted >> item & 1)) continue;
      if (item == COUNT_WONDER_STAGE) {
        total += state.stages_built[seat];
      } else if (item == COUNT_DEFEAT_TOKEN) {
        for (int i = 0; i < state.num_tokens[seat]; ++i) total += state.military_tokens[seat][i] == -1;
      } else if (item == COUNT_VICTORY_TOKEN) {
        for (int i = 0; i < state.num_tokens[seat]; ++i) total += state.military_tokens[seat][i] > 0;
      } else if (item == COUNT_THREE_COINS) {
        total += state.coins[seat] / 3;
      } else if (item == COUNT_LEADER) {
        total += seat < num_players_ ? state.recruited_size[seat] : 0;
      } else {
        total += state.color_counts[seat][item];
      }
    }
  }
  return total;
}

void Engine::gain_build_coins(State& state, int city, int card_type) const {
  const CardType& type = tables_->types[card_type];
  int gained = type.coins;
  for (int i = 0; i < type.num_coin_rewards; ++i) {
    const Reward& r = type.coin_rewards[i];
    gained += r.amount * count_items(state, city, r.counted, r.scope);
  }
  state.coins[city] += gained;
}

void Engine::log(State& state, int owner, int city, int kind, int card_type, int bank, int to_left, int to_right,
                 int turn) const {
  if (state.log_size >= MAX_LOG) throw std::logic_error("7 Wonders core: the game log is full");
  state.log[state.log_size++] =
      LogEntry{static_cast<uint8_t>(state.age), static_cast<uint8_t>(turn),      static_cast<uint8_t>(city),
               static_cast<uint8_t>(kind),      static_cast<uint8_t>(card_type), static_cast<uint8_t>(to_left),
               static_cast<uint8_t>(to_right),  static_cast<uint8_t>(bank),      static_cast<int8_t>(owner)};
}

// ---------------------------------------------------------------- advancing (rules.py)
void Engine::advance(State& state) const {
  const bool with_leaders = tables_->num_leaders > 0;
  if (state.turn == 0) {  // Leaders: after the recruitment turn, the Age's cards are dealt
    if (!(open_decision(state) || open_discard_build(state))) start_age(state, state.age);
    return;
  }
  if (state.turn < TURNS_PER_AGE) {
    if ((with_leaders && open_decision(state)) || open_discard_build(state)) return;
    pass_hands(state);
    ++state.turn;
    state.phase = Phase::MAIN;
    if (state.free_city() >= 0) {
      int holder = state.free_city_holder;
      state.hands[holder][state.hand_size[holder]++] = state.free_city_pile[--state.free_city_pile_size];
    }
    return;
  }
  if (seventh_card_seat(state) >= 0) {
    state.phase = Phase::SEVENTH_CARD;
    return;
  }
  if (!state.age_leftovers_discarded) discard_leftovers(state);
  if ((with_leaders && open_decision(state)) || open_discard_build(state)) return;
  military(state);
  if (state.age == 3)
    state.phase = Phase::GAME_OVER;
  else if (with_leaders)
    start_recruitment(state, state.age + 1);
  else
    start_age(state, state.age + 1);
}

bool Engine::open_discard_build(State& state) const {
  const Tables& t = *tables_;
  while (state.num_discard_builders) {
    int city = state.discard_builders[0][0], controller = state.discard_builders[0][1];
    auto& known = state.known_discard[controller];
    std::fill(known.begin(), known.end(), 0);  // he looks through the pile
    bool any = false;
    for (int i = 0; i < state.discard_size; ++i) {
      int type = t.cards[state.discard[i]].type;
      ++known[type];
      any = any || !state.has_type[city][type];
    }
    if (any) {
      state.phase = Phase::DISCARD_BUILD;
      return true;
    }
    for (int i = 0; i + 1 < state.num_discard_builders; ++i) state.discard_builders[i] = state.discard_builders[i + 1];
    --state.num_discard_builders;
  }
  return false;
}

void Engine::discard_leftovers(State& state) const {
  const Tables& t = *tables_;
  state.age_leftovers_discarded = true;
  for (int seat = 0; seat < num_players_; ++seat) {
    for (int i = 0; i < state.hand_size[seat]; ++i) {
      int card = state.hands[seat][i], type = t.cards[card].type;
      state.discard[state.discard_size++] = static_cast<uint8_t>(card);
      ++state.known_discard[seat][type];
      log(state, seat, seat, LEFTOVER_DISCARD, type, 0, 0, 0, TURNS_PER_AGE);
    }
    state.hand_size[seat] = 0;
  }
  for (int i = 0; i < state.free_city_pile_size; ++i) {
    int card = state.free_city_pile[i];
    state.discard[state.discard_size++] = static_cast<uint8_t>(card);
    log(state, -1, state.free_city(), LEFTOVER_DISCARD, t.cards[card].type, 0, 0, 0, TURNS_PER_AGE);
  }
  state.free_city_pile_size = 0;
}

void Engine::pass_hands(State& state) const {
  const Tables& t = *tables_;
  for (int seat = 0; seat < num_players_; ++seat) {
    auto& counts = state.last_passed[seat];
    std::fill(counts.begin(), counts.end(), 0);
    for (int i = 0; i < state.hand_size[seat]; ++i) ++counts[t.cards[state.hands[seat][i]].type];
  }
  if (state.free_city() >= 0) {
    std::swap(state.hands[0], state.hands[1]);
    std::swap(state.hand_size[0], state.hand_size[1]);
    state.free_city_holder = static_cast<int8_t>(1 - state.free_city_holder);
    return;
  }
  int step = state.age == 2 ? 1 : num_players_ - 1;  // Age II passes to the right, I and III to the left
  auto hands = state.hands;
  auto sizes = state.hand_size;
  for (int seat = 0; seat < num_players_; ++seat) {
    int to = (seat + step) % num_players_;
    state.hands[to] = hands[seat];
    state.hand_size[to] = sizes[seat];
  }
}

void Engine::military(State& state) const {
  static constexpr int VICTORY_TOKEN[3] = {1, 3, 5};
  int victory = VICTORY_TOKEN[state.age - 1];
  const bool with_leaders = tables_->num_leaders > 0;
  for (int seat = 0; seat < num_seats_; ++seat) {
    for (int neighbour : {state.left_of(seat), state.right_of(seat)}) {
      if (state.shields[seat] > state.shields[neighbour]) {
        state.military_tokens[seat][state.num_tokens[seat]++] = static_cast<int8_t>(victory);
        if (with_leaders) state.coins[seat] += event_coins(state, seat, EVENT_NEW_VICTORY_TOKEN);  // Nero
      } else if (state.shields[seat] < state.shields[neighbour]) {
        int loser = with_leaders && defeats_to_victor(state, seat) ? neighbour : seat;  // Tomyris
        state.military_tokens[loser][state.num_tokens[loser]++] = -1;
      }
    }
  }
}

}  // namespace wonders::seven_wonders
