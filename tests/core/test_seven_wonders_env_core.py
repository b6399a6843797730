"""The 7 Wonders PettingZoo envs on the compiled core (engine="core", the default) play exactly as on
the Python engine: same seeds, same games, observations, masks, rewards, infos and records, in
both payment modes, AEC and parallel; agents that read ``env.unwrapped.state`` play the same."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test

from wonders_agents.heuristic import HeuristicAgent
from env_traces import assert_same_views, play, random_choice
from wonders_env import seven_wonders_v0
from wonders_env.game import differing_fields
from wonders_env.seven_wonders.compiled import STATE_FIELDS
from wonders_env.seven_wonders.rules import IllegalActionError


@pytest.mark.parametrize("num_players,edition,payment,reward", [
    (2, "1st", "cheapest", "win_loss"), (4, "1st", "cheapest", "score"), (7, "2nd", "cheapest", "win_loss"),
    (2, "1st", "choose", "score"), (4, "1st", "choose", "win_loss"), (5, "2nd", "choose", "win_loss")])
def test_a_seed_plays_the_same_game_on_both_engines(num_players, edition, payment, reward):
    options = dict(num_players=num_players, edition=edition, payment=payment, reward=reward)
    python = seven_wonders_v0.env(engine="python", **options)
    core = seven_wonders_v0.env(**options)  # the default engine
    assert core.unwrapped.engine == "core"
    for seed in range(4):
        assert play(core, seed, random_choice) == play(python, seed, random_choice)


@pytest.mark.parametrize("payment", ["cheapest", "choose"])
def test_parallel_envs_agree(payment):
    for seed in range(3):
        traces = []
        for engine in ("python", "core"):
            env = seven_wonders_v0.parallel_env(num_players=3, payment=payment, engine=engine)
            observations, _ = env.reset(seed=seed)
            rng = np.random.default_rng(seed)
            trace = []
            while env.agents:
                actions = {agent: random_choice(env, observations[agent]["action_mask"], rng) for agent in env.agents}
                observations, rewards, terminations, _, infos = env.step(actions)
                trace.append(({a: o["observation"].tolist() for a, o in observations.items()}, rewards, terminations,
                              infos))
            traces.append(trace + [env.unwrapped.game_record()])
        assert traces[0] == traces[1]


@pytest.mark.parametrize("payment", ["cheapest", "choose"])
def test_the_heuristic_agent_reads_the_core_game_as_a_python_state(payment):
    agent = HeuristicAgent("seven_wonders", seed=0)
    choose = lambda env, mask, rng: agent.act(env)  # noqa: E731
    traces = []
    for engine in ("python", "core"):
        agent.rng = np.random.default_rng(3)
        traces.append(play(seven_wonders_v0.env(num_players=3, payment=payment, engine=engine), 3, choose))
    assert traces[0] == traces[1]


@pytest.mark.parametrize("payment", ["cheapest", "choose"])
def test_pettingzoo_api_on_the_core(payment):
    api_test(seven_wonders_v0.env(num_players=3, payment=payment), num_cycles=300)
    parallel_api_test(seven_wonders_v0.parallel_env(num_players=3, payment=payment), num_cycles=300)


def test_engine_argument_illegal_moves_and_render_on_the_core():
    with pytest.raises(ValueError, match=r"engine must be one of \('core', 'python'\), got 'gpu'"):
        seven_wonders_v0.raw_env(engine="gpu")
    envs = [seven_wonders_v0.raw_env(num_players=3, engine=engine, render_mode="ansi") for engine in ("core", "python")]
    with pytest.raises(RuntimeError, match="call reset"):
        envs[0].observe("player_0")
    messages = []
    for env in envs:
        env.reset(seed=1)
        with pytest.raises(IllegalActionError) as error:
            env.step(5 * env.db.num_types)  # wait: illegal for an acting player
        messages.append(str(error.value))
        with pytest.raises(IllegalActionError, match="integer"):
            env.step(True)
    assert messages[0] == messages[1] and "wait" in messages[0]
    assert envs[0].render() == envs[1].render()
    assert envs[0].observe("player_0")["action_mask"].tolist() == envs[1].observe("player_0")["action_mask"].tolist()


@pytest.mark.parametrize("payment", ["cheapest", "choose"])
def test_a_position_put_into_the_core_env_is_played_from_there(payment):
    python = seven_wonders_v0.raw_env(num_players=2, payment=payment, engine="python")
    core = seven_wonders_v0.raw_env(num_players=2, payment=payment)
    python.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(25):
        python.step(random_choice(python, python.observe(python.agent_selection)["action_mask"], rng))
    core.reset(seed=9)
    core.state = python.state
    assert core.state.log == python.state.log
    assert_same_views(core, python)



def _mid_game(num_players: int = 3, seed: int = 5, steps: int = 20):
    env = seven_wonders_v0.raw_env(num_players=num_players)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        env.step(random_choice(env, env.observe(env.agent_selection)["action_mask"], rng))
    return env


def test_an_assigned_state_comes_back_field_by_field():
    """The rule of both games: assigning a state reproduces it exactly, or is refused. The core's
    state is read-only: a state to change by hand is a Python engine copy of it, which its seed
    no longer deals (refused, as Duel's); without its seed the core takes it as given."""
    env = _mid_game()
    with pytest.raises(AttributeError):
        env.state.coins = [40, 40, 40]
    state = env.game.to_python(env.state)
    state.coins = [40, 40, 40]
    with pytest.raises(ValueError, match="seed 5's deal and its move log give other values of coins "):
        env.state = state
    state.seed = None
    env.state = state
    assert env.state.coins == [40, 40, 40] and env.game_record()["seed"] is None
    assert differing_fields(env.state, state, STATE_FIELDS) == []


@pytest.mark.parametrize("name", ["coins", "game", "an_unknown_name"])
def test_the_view_refuses_any_assignment_saying_why_as_duels(name):
    """Assigning to a field, to the view's engine or to a name it does not have is refused, saying that
    the view is read-only and how to get a state to change (Duel's view says the same)."""
    env = _mid_game()
    before = env.game_record()
    with pytest.raises(AttributeError, match=f"view of a core 7 Wonders state is read-only \\(assigning '{name}'\\)"
                                             f".*to_python\\(state\\) gives a Python engine copy"):
        setattr(env.state, name, 1)
    assert not hasattr(env.state, "an_unknown_name") and env.game_record() == before
    clone = env.state.clone()
    assert clone.log == env.state.log and clone.wonders == env.state.wonders  # the memos are still written


def test_a_state_the_core_does_not_hold_as_given_is_refused_naming_its_fields_and_nothing_changes():
    """The core rebuilds each log entry's ``paid_to`` from its payment: an entry changed by hand
    was silently replaced."""
    env = _mid_game()
    before, observation = env.state.clone(), env.observe(env.agent_selection)["observation"]
    state = env.game.to_python(env.state)
    state.log[0] = {**state.log[0], "paid_to": [{"seat": 1, "agent": "player_1", "coins": 9}]}
    with pytest.raises(ValueError, match=r"the core cannot take this 7 Wonders state: it holds other values of log "):
        env.state = state
    assert differing_fields(env.state, before, STATE_FIELDS) == []
    assert np.array_equal(env.observe(env.agent_selection)["observation"], observation)
