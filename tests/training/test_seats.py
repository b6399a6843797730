"""Training's heuristic seats (:class:`wonders_training.seats.Seats`) in 7 Wonders read the batch's games
on the core and choose as the heuristic agent did on a Python engine twin of each game."""

from __future__ import annotations

import copy
from types import SimpleNamespace

import numpy as np
import pytest

import wonders_env
from wonders_agents import make_agent
from wonders_training.seats import HEURISTIC_CODE, RANDOM_CODE, Seats
from wonders_env import vector

TABLES = [{"num_players": 4, "edition": "1st", "payment": "cheapest"},
          {"num_players": 3, "edition": "2nd", "payment": "choose"}]


@pytest.mark.parametrize("options", TABLES)
def test_the_seats_choose_what_the_heuristic_chooses_on_a_python_engine_twin(options: dict):
    """Every move of a heuristic seat, over ticks where games end and new ones are dealt, is the
    move its agent (with its generator as it stands) chooses on a twin of the game in the Python
    engine, made when the game is dealt and stepped with the batch's moves (the seats' old way)."""
    num_games, players = 6, options["num_players"]
    venv = vector.make("seven_wonders", num_envs=num_games, seed=13, **options)
    python = wonders_env.make_engine("seven_wonders", "python", **options)
    venv.reset()
    seats = Seats(venv, SimpleNamespace(game="seven_wonders", expansions="", **options))
    rng = np.random.default_rng(4)
    twins: dict[int, object] = {}

    def deal(games: np.ndarray) -> None:
        seats.deal(games, np.where(rng.random((len(games), players)) < 0.7, HEURISTIC_CODE, RANDOM_CODE), rng)
        twins.update((game, venv.python_state(game)) for game in games.tolist())

    deal(np.arange(num_games))
    compared = ended = 0
    for _ in range(60):  # past the first games' end (18 ticks, 36 with payments)
        acting = venv.to_act.copy()
        held = acting & (seats.codes == HEURISTIC_CODE)
        expected = {}
        for game, seat in zip(*np.nonzero(held)):
            reference = make_agent("heuristic", game="seven_wonders")
            reference.rng = copy.deepcopy(seats.heuristics[game, seat].rng)
            expected[game, seat] = reference.choose(python, twins[game], int(seat))
        actions = venv.sample_actions()
        seats.heuristic_moves(acting, actions)
        assert {key: int(actions[key]) for key in expected} == expected
        compared += len(expected)
        for game, twin in twins.items():
            python.apply_actions(twin, {int(s): int(actions[game, s]) for s in np.flatnonzero(acting[game])})
        terminated = venv.step(actions)[-1]
        ended += int(terminated.sum())
        deal(np.flatnonzero(terminated))
    assert ended >= num_games and compared > 500
