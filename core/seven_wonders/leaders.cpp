// The rules of the Leaders expansion (mirrors wonders_env/seven_wonders/leaders.py, whose module
// docstring is their description): so far the setup and who acts in its phases; the draft, the
// recruitment turn and the leaders' effects follow here.
#include "seven_wonders/rules.hpp"

namespace wonders::seven_wonders {

constexpr int LEADERS_STARTING_COINS = 6;

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

}  // namespace wonders::seven_wonders
