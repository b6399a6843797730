"""``VectorEnv.python_state``: a Python engine twin of a batch's game, stepped with the batch's
moves, stays the same game (the batch held to the reference rules)."""

from __future__ import annotations

import numpy as np
import pytest

import wonders_env
from wonders_env import vector

TABLES = [("seven_wonders_duel", {}), ("seven_wonders", {"num_players": 2}),
          ("seven_wonders", {"num_players": 4}), ("seven_wonders", {"num_players": 5, "edition": "2nd"}),
          ("seven_wonders", {"num_players": 3, "payment": "choose"})]


@pytest.mark.parametrize("game, options", TABLES)
def test_a_twin_stepped_with_the_batch_moves_sees_the_same_masks_observations_and_end(game: str, options: dict):
    venv = vector.make(game, num_envs=3, seed=11, **options)
    engine = wonders_env.make_engine(game, "python", **options)
    obs, mask, to_act = venv.reset()
    twins = [venv.python_state(i) for i in range(venv.num_envs)]
    ended = 0
    for _ in range(400):
        for i, twin in enumerate(twins):
            assert sorted(engine.acting_players(twin)) == np.flatnonzero(to_act[i]).tolist()
            for seat in np.flatnonzero(to_act[i]):
                assert np.array_equal(engine.legal_action_mask(twin, seat), mask[i, seat] != 0)
                assert np.array_equal(engine.encode_observation(twin, seat), obs[i, seat])
        actions = venv.sample_actions()
        for i, twin in enumerate(twins):
            engine.apply_actions(twin, {int(s): int(actions[i, s]) for s in np.flatnonzero(to_act[i])})
        obs, mask, to_act, rewards, terminated = venv.step(actions)
        for i in np.flatnonzero(terminated):
            assert engine.is_over(twins[i])
            winners = engine.winners(twins[i])
            assert [p for p in range(venv.num_players) if rewards[i, p] > 0] == \
                ([] if game == "seven_wonders_duel" and len(winners) == 2 else sorted(winners))
            twins[i] = venv.python_state(i)  # the next game of the row, before its first move
            ended += 1
    assert ended >= 3


@pytest.mark.parametrize("game, options", TABLES)
def test_a_game_under_way_gives_its_python_state_and_bad_indices_are_refused(game: str, options: dict):
    venv = vector.make(game, num_envs=2, seed=0, **options)
    engine = wonders_env.make_engine(game, "python", **options)
    with pytest.raises(RuntimeError, match="reset"):
        venv.python_state(0)
    venv.reset()
    for _ in range(7):
        obs, mask, to_act, _, _ = venv.step(venv.sample_actions())
    for i in range(venv.num_envs):
        twin = venv.python_state(i)
        assert sorted(engine.acting_players(twin)) == np.flatnonzero(to_act[i]).tolist()
        for seat in np.flatnonzero(to_act[i]):
            assert np.array_equal(engine.encode_observation(twin, seat), obs[i, seat])
    for index in (-1, 2, 1.0, True):
        with pytest.raises(ValueError, match="index must be a game index in 0-1"):
            venv.python_state(index)
