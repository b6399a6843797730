"""Random masked play over many seeded games, checking the invariants at every step."""

import pickle
from collections import Counter

import numpy as np
import pytest

from seven_wonders_scenarios import card_locations
from wonders_env.seven_wonders.cards import database
from wonders_env.seven_wonders.record import game_record
from wonders_env.seven_wonders.rules import acting_seats, apply_actions, legal_action_mask, legal_actions_reference
from wonders_env.seven_wonders.scoring import score_breakdown
from wonders_env.seven_wonders.state import Phase, new_game


def game_cards(num_players: int, edition: str = "1st") -> Counter:
    """Every physical card a game of this size uses (the 3-player cards for 2 players)."""
    db = database(edition)
    seats = max(num_players, 3)
    return Counter(db.deck(1, seats) + db.deck(2, seats) + db.deck(3, seats) + db.guild_cards())


def play_random_game(num_players, seed, sides="random", check_reference=False, check_copy=False,
                     edition="1st", payment="cheapest"):
    state = new_game(num_players, seed=seed, wonder_sides=sides, edition=edition, payment=payment)
    rng = np.random.default_rng(seed + 1000)
    expected_cards = game_cards(num_players, edition)
    choices = []
    steps = 0
    while state.phase != Phase.GAME_OVER:
        actions = {}
        if state.phase == Phase.PAYMENT and not state.payments:  # the phase reveals nothing:
            expected = sorted(state.pending) if state.pending_turn > 6 else list(range(num_players))
            assert acting_seats(state) == expected  # every player of the turn pays, always
        for seat in acting_seats(state):
            mask = legal_action_mask(state, seat)
            legal = np.flatnonzero(mask)
            assert len(legal) > 0, f"empty mask for seat {seat} in {state.phase.name}"
            if check_reference:
                assert set(legal.tolist()) == legal_actions_reference(state, seat)
            actions[seat] = int(legal[rng.integers(len(legal))])
        if check_copy and steps == 10:
            twin = state.clone()
            thawed = pickle.loads(pickle.dumps(state))
        apply_actions(state, actions)
        choices.append(actions)
        steps += 1
        assert min(state.coins) >= 0
        if state.log:
            paid = state.log[-1]["paid"]
            assert sum(e["coins"] for e in state.log[-1]["paid_to"]) == paid["left"] + paid["right"]
        assert card_locations(state) == expected_cards
        for seat in range(state.num_seats):
            names = [state.db.cards[c].type for c in state.built[seat]]
            assert len(names) == len(set(names)), "a city holds two cards of one name"
            assert state.stages_built[seat] <= len(state.wonders[seat].stages)
    if check_copy:
        for copy_ in (twin, thawed):
            for actions in choices[10:]:
                apply_actions(copy_, actions)
            assert game_record(copy_) == game_record(state)
    return state, choices


@pytest.mark.parametrize("num_players", range(2, 8))
@pytest.mark.parametrize("sides", ["A", "B", "random"])
def test_random_games_keep_invariants(num_players, sides):
    for seed in range(40):
        state, _ = play_random_game(num_players, seed, sides, check_reference=seed < 8, check_copy=seed < 3)
        per_player = Counter(e["agent"] for e in state.log if e["kind"] != "discard")
        for seat in range(num_players):
            assert per_player[f"player_{seat}"] >= 18  # 6 cards per Age, plus any extra decisions
        for seat in range(state.num_seats):
            score = score_breakdown(state, seat)
            assert score["total"] == sum(v for k, v in score.items() if k != "total")


@pytest.mark.parametrize("num_players", range(3, 8))
@pytest.mark.parametrize("sides", ["Day", "Night", "random"])
def test_random_games_keep_invariants_second_edition(num_players, sides):
    for seed in range(25):
        play_random_game(num_players, seed, sides, check_reference=seed < 8, check_copy=seed < 3,
                         edition="2nd")


@pytest.mark.parametrize("num_players, edition", [(n, "1st") for n in range(2, 8)] + [(n, "2nd") for n in range(3, 8)])
def test_random_games_keep_invariants_choosing_payments(num_players, edition):
    chosen = 0
    for seed in range(5):
        state, choices = play_random_game(num_players, seed, check_reference=seed < 2, check_copy=seed < 1,
                                          edition=edition, payment="choose")
        per_player = Counter(e["agent"] for e in state.log if e["kind"] != "discard")
        for seat in range(num_players):
            assert per_player[f"player_{seat}"] >= 18
        pay = 5 * state.db.num_types + 1
        chosen += sum(1 for actions in choices for a in actions.values() if a > pay)
    assert chosen > 0, "random play never paid anything to the left"


@pytest.mark.parametrize("num_players", [2, 3, 7])
@pytest.mark.parametrize("payment", ["cheapest", "choose"])
def test_same_seed_same_game(num_players, payment):
    first, _ = play_random_game(num_players, seed=11, payment=payment)
    second, _ = play_random_game(num_players, seed=11, payment=payment)
    assert game_record(first) == game_record(second)
    third, _ = play_random_game(num_players, seed=12, payment=payment)
    assert game_record(first) != game_record(third)


@pytest.mark.slow
@pytest.mark.parametrize("num_players", range(2, 8))
def test_thousands_of_random_games(num_players):
    for seed in range(1000, 1500):
        play_random_game(num_players, seed, check_reference=seed % 50 == 0)


@pytest.mark.slow
@pytest.mark.parametrize("num_players", range(2, 8))
def test_hundreds_of_random_games_choosing_payments(num_players):
    for seed in range(1000, 1100):
        play_random_game(num_players, seed, check_reference=seed % 25 == 0, payment="choose")


@pytest.mark.slow
@pytest.mark.parametrize("num_players", range(3, 8))
def test_thousands_of_random_games_second_edition(num_players):
    for seed in range(1000, 1400):
        play_random_game(num_players, seed, check_reference=seed % 50 == 0, edition="2nd")
