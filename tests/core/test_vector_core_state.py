"""``VectorEnv.core_state`` and ``VectorEnv.searcher``: a copy of a batch's game in the core, which
the game's core search plays from (self-play with search, ``wonders_training.az_selfplay``)."""

from __future__ import annotations

import numpy as np
import pytest

from wonders_env import vector

TABLES = [("seven_wonders_duel", {}), ("seven_wonders", {"num_players": 3}),
          ("seven_wonders", {"num_players": 5, "edition": "2nd"})]


@pytest.mark.parametrize("game, options", TABLES)
def test_the_core_search_plays_a_legal_move_from_a_copy_that_later_steps_leave_alone(game: str, options: dict):
    venv = vector.make(game, num_envs=2, seed=5, **options)
    obs, mask, to_act = venv.reset()
    searchers = [venv.searcher() for _ in range(venv.num_envs)]
    for _ in range(3):
        obs, mask, to_act, _, _ = venv.step(venv.sample_actions())
    states = [venv.core_state(i) for i in range(venv.num_envs)]
    masks, acting = mask.copy(), to_act.copy()
    for _ in range(4):  # the batch moves on; the copies stay where they were
        venv.step(venv.sample_actions())
    for i, state in enumerate(states):
        for seat in np.flatnonzero(acting[i]):
            result = searchers[i].search(state, int(seat), 7, simulations=30)
            assert masks[i, seat, result["action"]] == 1
            assert sum(edge[1] for edge in result["edges"]) == 30
        idle = next((p for p in range(venv.num_players) if not acting[i, p]), None)
        if idle is not None:  # Duel: the seat that does not decide now
            with pytest.raises(ValueError, match="does not decide now"):
                searchers[i].search(state, idle, 7, simulations=30)


def test_a_seven_wonders_searcher_takes_only_the_states_of_its_own_batch():
    first, second = (vector.make("seven_wonders", num_envs=1, seed=s, num_players=3) for s in (1, 2))
    first.reset()
    second.reset()
    with pytest.raises(ValueError, match="another engine"):
        first.searcher().search(second.core_state(0), 0, 1, simulations=5)
