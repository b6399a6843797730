"""The Duel PettingZoo env on the compiled core (engine="core", the default) plays exactly as on the Python engine."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test

from agents.heuristic import HeuristicAgent
from env_traces import assert_same_views, play, random_choice
from wonders_env import seven_wonders_duel_v0


@pytest.mark.parametrize("reward", ["win_loss", "score"])
def test_a_seed_plays_the_same_game_on_both_engines(reward):
    python = seven_wonders_duel_v0.env(reward=reward, engine="python")
    core = seven_wonders_duel_v0.env(reward=reward)  # the default engine
    for seed in range(25):
        assert play(core, seed, random_choice) == play(python, seed, random_choice)


def test_the_heuristic_agent_reads_the_core_game_as_a_python_state():
    agent = HeuristicAgent("seven_wonders_duel", seed=0)
    choose = lambda env, mask, rng: agent.act(env)  # noqa: E731
    python, core = seven_wonders_duel_v0.env(engine="python"), seven_wonders_duel_v0.env(engine="core")
    for seed in range(3):
        agent.rng = np.random.default_rng(seed)
        expected = play(python, seed, choose)
        agent.rng = np.random.default_rng(seed)
        assert play(core, seed, choose) == expected


def test_pettingzoo_api_on_the_core():
    api_test(seven_wonders_duel_v0.env(engine="core"), num_cycles=200)


def test_engine_argument_and_illegal_moves_on_the_core():
    with pytest.raises(ValueError, match=r"engine must be one of \('core', 'python'\), got 'gpu'"):
        seven_wonders_duel_v0.raw_env(engine="gpu")
    env = seven_wonders_duel_v0.raw_env(engine="core")
    with pytest.raises(RuntimeError, match="call reset"):
        env.observe("player_0")
    env.reset(seed=1)
    with pytest.raises(ValueError, match=r"illegal action 12 .*draft"):
        env.step(12)
    assert env.observe("player_0")["action_mask"].sum() == 4  # nothing changed
    shown = [seven_wonders_duel_v0.raw_env(engine=engine, render_mode="ansi") for engine in ("core", "python")]
    for each in shown:
        each.reset(seed=1)
    assert shown[0].render() == shown[1].render()


def test_a_position_put_into_the_core_env_is_played_from_there():
    python, core = seven_wonders_duel_v0.raw_env(engine="python"), seven_wonders_duel_v0.raw_env(engine="core")
    python.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(30):
        python.step(random_choice(python, python.observe(python.agent_selection)["action_mask"], rng))
    core.reset(seed=9)
    core.state = python.state
    assert core.state.log == python.state.log
    assert_same_views(core, python)
