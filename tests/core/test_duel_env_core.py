"""The Duel PettingZoo env on the compiled core (engine="core", the default) plays exactly as on the Python engine."""

from __future__ import annotations

import copy

import numpy as np
import pytest
from pettingzoo.test import api_test

from wonders_agents.heuristic import HeuristicAgent
from env_traces import assert_same_views, play, random_choice
from wonders_env import seven_wonders_duel_v0, text
from wonders_env.duel.compiled import STATE_FIELDS
from wonders_env.game import differing_fields


@pytest.mark.parametrize("reward", ["win_loss", "score"])
def test_a_seed_plays_the_same_game_on_both_engines(reward):
    python = seven_wonders_duel_v0.env(reward=reward, engine="python")
    core = seven_wonders_duel_v0.env(reward=reward)  # the default engine
    for seed in range(25):
        assert play(core, seed, random_choice) == play(python, seed, random_choice)


def test_the_heuristic_agent_plays_the_core_game_as_the_python_one():
    agent = HeuristicAgent("seven_wonders_duel", seed=0)
    choose = lambda env, mask, rng: agent.act(env)  # noqa: E731
    python, core = seven_wonders_duel_v0.env(engine="python"), seven_wonders_duel_v0.env(engine="core")
    for seed in range(3):
        agent.rng = np.random.default_rng(seed)
        expected = play(python, seed, choose)
        agent.rng = np.random.default_rng(seed)
        assert play(core, seed, choose) == expected


def test_editing_the_log_read_changes_neither_the_record_nor_the_text():
    """The view's log is the core's, read afresh (a new list of tuples) at each access: what a
    reader does with it changes nothing, nor does an edited record change the next."""
    game = text.make("seven_wonders_duel")
    game.reset(seed=4)
    for _ in range(6):
        game.step("1")
    state = game.env.unwrapped.state
    record, observation, read = game.game_record(), game.get_observation(), state.log
    kept_record, kept_log = copy.deepcopy(record), list(read)
    read[0] = (1, 0, 99)
    read.append((0, 1, 0))
    record["actions"][0]["paid"] = 99
    assert state.log == kept_log and len(kept_log) == 6
    assert game.game_record() == kept_record
    assert game.get_observation() == observation


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


def _mid_game(seed: int = 5, steps: int = 30):
    env = seven_wonders_duel_v0.raw_env()
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        env.step(random_choice(env, env.observe(env.agent_selection)["action_mask"], rng))
    return env


@pytest.mark.parametrize("change, fields", [
    (lambda s: setattr(s, "coins", [40, 40]), "coins"),
    (lambda s: (setattr(s, "pawn", s.pawn + 1), setattr(s, "coins", [1, 2])), "coins, pawn"),
    (lambda s: setattr(s, "current", 1 - s.current), "current"),
])
def test_a_state_the_core_cannot_rebuild_is_refused_naming_its_fields_and_nothing_changes(change, fields):
    """The core rebuilds a Duel state from its deal and move log: ``s.coins = [40, 40]`` came back
    as [7, 7], silently. Now every field is compared and any difference refused."""
    env = _mid_game()
    before, observation = env.state.to_python(), env.observe(env.agent_selection)["observation"]
    state = env.state.to_python()  # the env's state is a read-only view of the core's: change a copy
    change(state)
    with pytest.raises(ValueError, match=rf"the core cannot take this Duel state: .*other values of {fields} \("):
        env.state = state
    assert differing_fields(env.state, before, STATE_FIELDS) == []
    assert np.array_equal(env.observe(env.agent_selection)["observation"], observation)


def test_a_move_log_that_does_not_replay_is_refused():
    env = _mid_game()
    state = env.state.to_python()
    state.log[3] = (state.log[3][0], 1201, state.log[3][2])
    with pytest.raises(ValueError, match="the core cannot take this Duel state: its move log does not replay"):
        env.state = state


def test_every_field_of_an_assigned_state_comes_back():
    python = seven_wonders_duel_v0.raw_env(engine="python")
    python.reset(seed=7)
    rng = np.random.default_rng(7)
    core = seven_wonders_duel_v0.raw_env()
    core.reset(seed=1)
    while not all(python.terminations.values()):
        state = python.state.determinize(int(rng.integers(2)), rng)
        core.state = state
        assert differing_fields(core.state, state, STATE_FIELDS, unordered=("discard",)) == []
        python.step(random_choice(python, python.observe(python.agent_selection)["action_mask"], rng))
