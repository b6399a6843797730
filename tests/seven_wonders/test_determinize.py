"""determinize() resamples only what a player cannot see."""

import numpy as np
import pytest

from seven_wonders_scenarios import card_locations
from wonders_env.seven_wonders.cards import database
from wonders_env.seven_wonders.observation import Observer
from wonders_env.seven_wonders.rules import acting_seats, apply_actions, legal_action_mask
from wonders_env.seven_wonders.determinize import determinize
from wonders_env.seven_wonders.state import Phase, new_game


@pytest.mark.parametrize("num_players", [2, 3, 5])
def test_determinize_keeps_the_observation_and_the_cards(num_players):
    observer = Observer(database())
    rng = np.random.default_rng(num_players)
    changed = 0
    for seed in range(6):
        state = new_game(num_players, seed=seed)
        for _ in range(seed * 2 + 3):
            apply_actions(state, {s: int(rng.choice(np.flatnonzero(legal_action_mask(state, s))))
                                 for s in acting_seats(state)})
        assert state.phase != Phase.GAME_OVER
        for seat in range(num_players):
            twin = determinize(state, seat, rng)
            np.testing.assert_array_equal(observer.encode(state, seat), observer.encode(twin, seat))
            assert card_locations(twin) == card_locations(state)
            assert twin.hands[seat] == state.hands[seat]
            changed += twin.hands != state.hands or twin.decks != state.decks
            # the copy plays on by itself
            apply_actions(twin, {s: int(np.flatnonzero(legal_action_mask(twin, s))[0]) for s in acting_seats(twin)})
    assert changed > 0
