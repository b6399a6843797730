"""Random masked play over thousands of seeded Duel games, checking invariants at every step."""

import pickle
from collections import Counter

import numpy as np
import pytest

from wonders_env.duel.cards import CARDS, NUM_CARDS
from wonders_env.duel.record import game_record
from wonders_env.duel.rules import legal_action_mask, legal_actions, resolve_action, why_illegal
from wonders_env.duel.state import EMPTY, MAX_WONDERS_BUILT, Phase, new_game

ALL_CARDS = Counter(range(NUM_CARDS))


def card_locations(state) -> Counter:
    where = Counter(c for c in state.slot_card if c != EMPTY)
    where.update(state.city[0] + state.city[1] + state.discard)
    where.update(c for c in state.wonder_card if c != EMPTY)
    for age in range(3):
        where.update(state.boxed[age])
        if age + 1 > state.age:  # Ages not laid out yet
            where.update(state.deals[age])
    return where


def play_random_game(seed, check_reference=False, check_copy=False):
    state = new_game(np.random.default_rng(seed))
    rng = np.random.default_rng(seed + 7)
    actions = []
    while state.phase != Phase.GAME_OVER:
        legal = legal_actions(state)
        assert legal, f"no legal action in phase {state.phase.name}"
        if check_reference:
            assert [a for a in range(len(legal_action_mask(state))) if why_illegal(state, a) is None] == sorted(legal)
        if check_copy and len(actions) == 30:
            twin, thawed = state.clone(), pickle.loads(pickle.dumps(state))
        action = legal[rng.integers(len(legal))]
        resolve_action(state, action)
        actions.append(action)
        assert min(state.coins) >= 0
        assert -9 <= state.pawn <= 9
        assert state.wonders_built <= MAX_WONDERS_BUILT
        if state.age >= 1:
            assert card_locations(state) == ALL_CARDS
        for player in (0, 1):
            assert len(set(state.city[player])) == len(state.city[player])
    if check_copy:
        for copy_ in (twin, thawed):
            for action in actions[30:]:
                resolve_action(copy_, action)
            assert game_record(copy_, seed) == game_record(state, seed)
    return state


def test_random_games_keep_invariants_and_reach_every_victory():
    victories = Counter()
    for seed in range(400):
        state = play_random_game(seed, check_reference=seed < 15, check_copy=seed < 5)
        victories[state.victory.name] += 1
        assert state.winners
    assert set(victories) == {"CIVILIAN", "MILITARY", "SCIENCE"}, victories


def test_the_seven_wonder_limit_boxes_the_last_wonder():
    seen = 0
    for seed in range(400):
        state = play_random_game(seed)
        if state.wonders_built == MAX_WONDERS_BUILT:
            seen += 1
            assert state.boxed_wonder != EMPTY
            assert not state.wonder_built[state.boxed_wonder]
    assert seen > 0


def test_same_seed_same_game():
    assert game_record(play_random_game(3), 3) == game_record(play_random_game(3), 3)
    assert game_record(play_random_game(3), 3) != game_record(play_random_game(4), 4)


@pytest.mark.slow
def test_thousands_of_random_games():
    victories = Counter()
    for seed in range(1000, 4000):
        victories[play_random_game(seed, check_reference=seed % 100 == 0).victory.name] += 1
    assert min(victories.values()) > 0


def test_cards_of_the_structure_are_the_dealt_cards():
    state = new_game(np.random.default_rng(0))
    while state.phase == Phase.DRAFT:
        resolve_action(state, legal_actions(state)[0])
    assert state.age == 1
    assert sorted(state.slot_card) == sorted(state.deals[0])
    assert all(CARDS[c].age == 1 for c in state.slot_card)
