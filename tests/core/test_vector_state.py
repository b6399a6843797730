"""``VectorEnv.engine`` and ``VectorEnv.state``: the batch's engine on the core and a copy of a
game as that engine's state, which the tools that read a game take (training's 7 Wonders
heuristic seats, :mod:`wonders_training.seats`)."""

from __future__ import annotations

import numpy as np
import pytest

from wonders_env import vector

TABLES = [("seven_wonders_duel", {}), ("seven_wonders", {"num_players": 3}),
          ("seven_wonders", {"num_players": 5, "edition": "2nd", "payment": "choose"})]


@pytest.mark.parametrize("game, options", TABLES)
def test_the_engine_reads_a_copy_of_each_game_as_the_batch_reports_it(game: str, options: dict):
    venv = vector.make(game, num_envs=3, seed=9, **options)
    engine = venv.engine
    assert (engine.name, engine.num_actions, engine.observation_size) == (game, venv.num_actions,
                                                                         venv.observation_size)
    assert all(getattr(engine, name) == value for name, value in options.items())
    obs, mask, to_act = venv.reset()
    for _ in range(5):
        obs, mask, to_act, _, _ = venv.step(venv.sample_actions())
    states = [venv.state(i) for i in range(venv.num_envs)]
    obs, mask, to_act = obs.copy(), mask.copy(), to_act.copy()
    venv.step(venv.sample_actions())  # the batch moves on; the copies stay where they were
    for i, state in enumerate(states):
        assert state.seed == venv.seeds[i]
        assert sorted(engine.acting_players(state)) == np.flatnonzero(to_act[i]).tolist()
        for seat in np.flatnonzero(to_act[i]).tolist():
            assert np.array_equal(engine.legal_action_mask(state, seat), mask[i, seat] != 0)
            assert np.array_equal(engine.encode_observation(state, seat), obs[i, seat])
        assert engine.game_record(state)["actions"]


@pytest.mark.parametrize("method", ["state", "core_state"])
@pytest.mark.parametrize("game, options", TABLES[:2])
def test_a_games_copy_is_refused_before_reset_and_for_bad_indices(game: str, options: dict, method: str):
    venv = vector.make(game, num_envs=2, seed=0, **options)
    copy_of = getattr(venv, method)
    with pytest.raises(RuntimeError, match=rf"reset\(\) before {method}"):
        copy_of(0)
    venv.reset()
    for index in (-1, 2, 1.0, True):
        with pytest.raises(ValueError, match="index must be a game index in 0-1"):
            copy_of(index)
