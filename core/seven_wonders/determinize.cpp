// Determinization for search agents (mirrors determinize.py, drawing from the core's generator).
#include <algorithm>
#include <vector>

#include "seven_wonders/rules.hpp"

namespace wonders::seven_wonders {

void Engine::determinize(GameState& state, int player, Rng& rng) const {
    const Tables& t = *tables_;
    std::vector<uint8_t*> places;  // every hidden card
    int known_hand = -1;
    if ((state.phase == Phase::MAIN || state.phase == Phase::FREE_CITY) && state.turn > 1 && player < num_players_)
        known_hand = state.free_city() >= 0 ? 1 - player
                                            : (player + (state.age == 2 ? 1 : num_players_ - 1)) % num_players_;
    for (int other = 0; other < num_seats_; ++other)
        if (other != player && other != known_hand)
            for (int i = 0; i < state.hand_size[other]; ++i) places.push_back(&state.hands[other][i]);
    for (int age = 0; age < 3; ++age)
        for (int i = 0; i < state.deck_size[age]; ++i) places.push_back(&state.decks[age][i]);
    for (int i = 0; i < state.box_size; ++i) places.push_back(&state.box[i]);
    for (int i = 0; i < state.free_city_pile_size; ++i) places.push_back(&state.free_city_pile[i]);
    for (int other = 0; other < num_seats_; ++other)
        if (other != player)
            for (int i = 0; i < state.stages_built[other]; ++i) places.push_back(&state.stage_cards[other][i]);
    if (player < num_players_) {
        std::array<uint8_t, MAX_TYPES> known = state.known_discard[player];
        for (int i = 0; i < state.discard_size; ++i) {
            uint8_t& count = known[t.cards[state.discard[i]].type];
            if (count > 0) --count;
            else places.push_back(&state.discard[i]);
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
    if (state.phase == Phase::FREE_CITY) {  // the other player's choice is hidden: draw it anew
        std::array<int8_t, 5 * MAX_TYPES + 1> mask;
        std::array<int16_t, 5 * MAX_TYPES + 1> legal;
        for (int other = 0; other < num_players_; ++other) {
            if (other == player || state.pending[other] < 0) continue;
            state.phase = Phase::MAIN;
            legal_action_mask(state, other, mask.data());
            int count = 0;
            for (int a = 0; a < num_actions(); ++a)
                if (mask[a]) legal[count++] = static_cast<int16_t>(a);
            state.pending[other] = legal[rng.below(static_cast<uint32_t>(count))];
            state.phase = Phase::FREE_CITY;
        }
    }
}

}  // namespace wonders::seven_wonders
