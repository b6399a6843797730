// Determinization for search agents (mirrors determinize.py, drawing from the core's generator).
#include <algorithm>
#include <vector>

#include "seven_wonders/rules.hpp"

namespace wonders::seven_wonders {

void Engine::determinize(State& state, int player, Rng& rng) const {
  const Tables& t = *tables_;
  std::vector<uint8_t*> places;  // every hidden card
  int known_hand = -1;
  bool same_turn = state.phase == Phase::MAIN || state.phase == Phase::FREE_CITY ||
                   (state.phase == Phase::PAYMENT && state.pending_turn <= TURNS_PER_AGE);
  if (same_turn && state.turn > 1 && player < num_players_)
    known_hand =
        state.free_city() >= 0 ? 1 - player : (player + (state.age == 2 ? 1 : num_players_ - 1)) % num_players_;
  for (int other = 0; other < num_seats_; ++other)
    if (other != player && other != known_hand)
      for (int i = 0; i < state.hand_size[other]; ++i) places.push_back(&state.hands[other][i]);
  for (int age = 0; age < 3; ++age)
    for (int i = 0; i < state.deck_size[age]; ++i) places.push_back(&state.decks[age][i]);
  for (int i = 0; i < state.box_size; ++i) places.push_back(&state.box[i]);
  for (int i = 0; i < state.free_city_pile_size; ++i) places.push_back(&state.free_city_pile[i]);
  for (int other = 0; other < num_seats_; ++other)
    if (other != player)
      for (int i = 0; i < state.stage_cards_size[other]; ++i) places.push_back(&state.stage_cards[other][i]);
  if (player < num_players_) {
    std::array<uint8_t, MAX_TYPES> known = state.known_discard[player];
    for (int i = 0; i < state.discard_size; ++i) {
      uint8_t& count = known[t.cards[state.discard[i]].type];
      if (count > 0)
        --count;
      else
        places.push_back(&state.discard[i]);
    }
  }
  for (int age = 1; age <= 3; ++age) {  // card backs show the Age: shuffle within each Age
    std::vector<uint8_t*> group;
    std::vector<uint8_t> cards;
    for (uint8_t* place : places)
      if (t.cards[*place].age == age) {
        group.push_back(place);
        cards.push_back(*place);
      }
    // sorted first: the draw depends on which cards are hidden, never on where they lie
    std::sort(cards.begin(), cards.end());
    rng.shuffle(cards.data(), static_cast<int>(cards.size()));
    for (size_t k = 0; k < group.size(); ++k) *group[k] = cards[k];
  }
  if (t.num_leaders) {  // leaders have one back: shuffled among all their hidden places (determinize.py)
    int passed_to = state.phase == Phase::LEADER_DRAFT && state.leader_hand_size[player] ? state.right_of(player) : -1;
    std::vector<uint8_t*> hidden;
    auto add = [&hidden](uint8_t* pile, int size) {
      for (int i = 0; i < size; ++i) hidden.push_back(pile + i);
    };
    add(state.leader_deck.data(), state.leader_deck_size);
    for (int other = 0; other < num_players_; ++other) {
      if (other == player) continue;
      add(state.leader_hands[other].data(), state.leader_hand_size[other]);
      add(state.stage_leaders[other].data(), state.stage_leaders_size[other]);
      add(state.leader_discards[other].data(), state.leader_discards_size[other]);
      if (other != passed_to) add(state.draft_hands[other].data(), state.draft_hand_size[other]);
    }
    std::vector<uint8_t> leaders;
    for (uint8_t* place : hidden) leaders.push_back(*place);
    std::sort(leaders.begin(), leaders.end());
    rng.shuffle(leaders.data(), static_cast<int>(leaders.size()));
    for (size_t k = 0; k < hidden.size(); ++k) *hidden[k] = leaders[k];
  }
  redraw_hidden_choices(state, player, rng);
  state.has_seed = false;  // its hidden cards are no longer its seed's deal
  state.seed = 0;
}

void Engine::redraw_hidden_choices(State& state, int player, Rng& rng) const {
  // the pending moves (and payments) of the cities `player` does not decide for, players' first
  const int free_city = state.free_city();
  std::array<int, MAX_SEATS> hidden{};
  int count = 0;
  for (int city = 0; city < num_seats_; ++city)
    if (city != free_city && state.pending[city] >= 0 && controller(state, city) != player) hidden[count++] = city;
  if (free_city >= 0 && state.pending[free_city] >= 0 && controller(state, free_city) != player)
    hidden[count++] = free_city;
  if (!count) return;
  const Phase phase = state.phase;
  const bool seventh = phase == Phase::PAYMENT && state.pending_turn > TURNS_PER_AGE;
  const bool recruitment = phase == Phase::PAYMENT && tables_->num_leaders && state.pending_turn == 0;  // Leaders
  std::array<int8_t, MAX_ACTIONS> mask;
  std::array<int16_t, MAX_ACTIONS> legal;
  for (int k = 0; k < count; ++k) {
    int city = hidden[k];
    if (seventh) {  // Babylon's 7th card, chosen before its power was marked used
      state.phase = Phase::SEVENTH_CARD;
      state.power_used_age[city][POWER_SEVENTH_CARD] = 0;
    } else {
      state.phase = city == free_city ? Phase::FREE_CITY : recruitment ? Phase::RECRUIT : Phase::MAIN;
    }
    legal_action_mask(state, controller(state, city), mask.data());
    int options = 0;
    for (int a = 0; a < num_actions(); ++a)
      if (mask[a]) legal[options++] = static_cast<int16_t>(a);
    state.pending[city] = legal[rng.below(static_cast<uint32_t>(options))];
    if (seventh) state.power_used_age[city][POWER_SEVENTH_CARD] = state.age;
  }
  state.phase = phase;
  for (int k = 0; k < count; ++k) {
    int city = hidden[k];
    if (!(state.paid >> city & 1)) continue;
    PaymentChoices choices = payment_choices(state, city);
    state.payments[city] = choices.choices[rng.below(static_cast<uint32_t>(choices.count))];
  }
}

}  // namespace wonders::seven_wonders
