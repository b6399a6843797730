"""PettingZoo's own test functions, every one that applies, on every env of both games.

``api_test`` and ``seed_test`` (AEC), ``parallel_api_test`` and ``parallel_seed_test`` (7 Wonders'
``parallel_env``, wrapped and raw), ``render_test`` and ``performance_benchmark``. The others do
not apply, as to PettingZoo's own classic games: ``max_cycles_test`` (board games end by
themselves: no ``max_cycles`` argument), ``state_test`` (a global ``state()`` would reveal hidden
cards), ``manual_control_test`` (keyboard-driven games; terminal play is ``wonders play``),
``test_save_obs`` (image observations only) and ``bombardment_test`` (PettingZoo 1.27 compares the
inner array of a dict observation with the whole dict of the first one and fails with
``AttributeError`` on every env whose observation holds an ``action_mask``).

The seed tests sample actions without the mask: in the wrapped envs the first illegal action ends
the game with -1 for its author, the same way in both copies of the env.
"""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import (api_test, parallel_api_test, parallel_seed_test, performance_benchmark, render_test,
                             seed_test)

from wonders_env import seven_wonders_duel_v0, seven_wonders_v0
from wonders_env.seven_wonders.rules import IllegalActionError

SEVEN_WONDERS_TABLES = [(n, "1st") for n in range(2, 8)] + [(n, "2nd") for n in range(3, 8)]
TABLE_IDS = [f"{n}p-{edition}" for n, edition in SEVEN_WONDERS_TABLES]


@pytest.mark.parametrize("num_players, edition", SEVEN_WONDERS_TABLES, ids=TABLE_IDS)
def test_parallel_seed_test(num_players, edition):
    parallel_seed_test(lambda: seven_wonders_v0.parallel_env(num_players=num_players, edition=edition))


@pytest.mark.parametrize("num_players, edition", SEVEN_WONDERS_TABLES, ids=TABLE_IDS)
def test_aec_seed_test(num_players, edition):
    seed_test(lambda: seven_wonders_v0.env(num_players=num_players, edition=edition), num_cycles=100)


@pytest.mark.parametrize("num_players, edition", [(2, "1st"), (4, "1st"), (5, "2nd")])
def test_parallel_api_test_wrapped_and_raw(num_players, edition):
    parallel_api_test(seven_wonders_v0.parallel_env(num_players=num_players, edition=edition), num_cycles=1000)
    parallel_api_test(seven_wonders_v0.raw_parallel_env(num_players=num_players, edition=edition), num_cycles=1000)


def test_duel_seed_and_api_tests():
    api_test(seven_wonders_duel_v0.env(), num_cycles=1000)
    seed_test(seven_wonders_duel_v0.env, num_cycles=500)


@pytest.mark.parametrize("make", [lambda **kw: seven_wonders_v0.env(num_players=3, **kw),
                                  lambda **kw: seven_wonders_v0.env(num_players=4, edition="2nd", **kw),
                                  seven_wonders_duel_v0.env], ids=["7w-1st", "7w-2nd", "duel"])
def test_render_test(make, capsys):
    render_test(make)
    printed = capsys.readouterr().out  # render_mode="human" prints the table
    assert "to act: player_0" in printed or "pawn +0: player_0" in printed


@pytest.mark.slow
@pytest.mark.parametrize("make", [lambda: seven_wonders_v0.env(num_players=4), seven_wonders_duel_v0.env],
                         ids=["7w", "duel"])
def test_performance_benchmark(make, capsys):
    performance_benchmark(make())
    assert "turns per second" in capsys.readouterr().out


# ---------------------------------------------------------------- the wrapped parallel env
def first_step(env, seed=0):
    observations, _ = env.reset(seed=seed)
    return {agent: int(np.flatnonzero(obs["action_mask"])[0]) for agent, obs in observations.items()}


def test_an_illegal_parallel_action_ends_the_game_with_minus_one_for_its_author(caplog):
    env = seven_wonders_v0.parallel_env(num_players=3)
    actions = first_step(env)
    mask = env.unwrapped.observe("player_1")["action_mask"]
    actions["player_1"] = int(np.flatnonzero(mask == 0)[0])
    observations, rewards, terminations, truncations, infos = env.step(actions)
    assert "Illegal move made" in caplog.text  # PettingZoo's warning, as in the AEC env()
    assert rewards == {"player_0": 0.0, "player_1": -1.0, "player_2": 0.0}
    assert all(terminations.values()) and all(truncations.values()) and set(observations) == set(rewards)
    assert env.agents == []
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(actions)
    env.reset(seed=0)
    assert env.agents == ["player_0", "player_1", "player_2"]


def test_the_wrapped_parallel_env_plays_legal_games_like_the_raw_one():
    wrapped, raw = seven_wonders_v0.parallel_env(num_players=4), seven_wonders_v0.raw_parallel_env(num_players=4)
    observations, _ = wrapped.reset(seed=3)
    raw.reset(seed=3)
    rng = np.random.default_rng(3)
    while wrapped.agents:
        actions = {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in observations.items()}
        observations, rewards, *_ = wrapped.step(actions)
        raw_observations, raw_rewards, *_ = raw.step(actions)
        assert rewards == raw_rewards
    assert wrapped.unwrapped.game_record() == raw.game_record()


def test_a_missing_action_of_an_acting_agent_is_illegal_when_wrapped_and_raises_when_raw():
    wrapped = seven_wonders_v0.parallel_env(num_players=3)
    wrapped.reset(seed=0)
    _, rewards, *_ = wrapped.step({})
    assert set(rewards.values()) == {-1.0}  # all three had to act
    raw = seven_wonders_v0.raw_parallel_env(num_players=3)
    raw.reset(seed=0)
    with pytest.raises(IllegalActionError, match="player_0 must act"):
        raw.step({})


def test_out_of_range_actions_and_unknown_agents_raise_and_change_nothing():
    env = seven_wonders_v0.parallel_env(num_players=3)
    actions = first_step(env)
    with pytest.raises(IllegalActionError, match=r"player_0: an action must be an integer in \[0, 376\), got 9999"):
        env.step({**actions, "player_0": 9999})
    with pytest.raises(IllegalActionError, match="unknown or finished agents"):
        env.step({**actions, "player_9": 0})
    assert env.agents == ["player_0", "player_1", "player_2"]
    env.step(actions)  # the game goes on


def test_the_wrapped_parallel_env_reports_api_misuse_like_the_raw_one():
    env = seven_wonders_v0.parallel_env(num_players=3)
    with pytest.raises(RuntimeError, match="reset"):
        env.step({})
    env.reset(seed=0)
    with pytest.raises(TypeError, match="actions must be a dict"):
        env.step([0, 0, 0])
