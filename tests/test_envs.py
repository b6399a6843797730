"""What every registered env does the same way: seeding (one rule for every seed), and human rendering."""

from __future__ import annotations

import numpy as np
import pytest

from wonders_agents.random_agent import random_game
from wonders_env import vector
from wonders_env.game import SEED_LIMIT, SeedError
from wonders_env.registry import GAMES, make, make_engine

BAD_SEEDS = [SEED_LIMIT, 1 << 70, -1, True, np.bool_(False), 1.0, "1", np.array(3)]
GOOD_SEEDS = [0, SEED_LIMIT - 1, np.uint64(SEED_LIMIT - 1), np.int8(5)]


def _first_observation(env) -> np.ndarray:
    return env.observe(env.agent_selection)["observation"]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_reset_without_a_seed_continues_the_envs_generator(game):
    one, two = make(game, raw=True), make(game, raw=True)
    one.reset(seed=1)
    two.reset(seed=1)
    seeded = _first_observation(one)
    one.reset()
    two.reset()
    assert np.array_equal(_first_observation(one), _first_observation(two)), "the same seed, then the same games"
    assert not np.array_equal(_first_observation(one), seeded), "an unseeded reset deals a new game"
    one.reset(seed=1)
    assert np.array_equal(_first_observation(one), seeded)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_human_mode_prints_every_step_the_last_included(game, capsys):
    env = make(game, render_mode="human")
    record = random_game(env, seed=2)
    printed = capsys.readouterr().out
    assert record["finished"]
    final_table = env.unwrapped.game.render(env.unwrapped.state)
    assert "over" in final_table.lower() and printed.rstrip().endswith(final_table.rstrip())


def _seed_takers(game: str) -> list:
    """Everything of ``game`` that takes a seed: each env, each engine's ``new_game``, the batch."""
    takers = [make(game).reset, make(game, raw=True).reset, make(game, engine="python").reset,
              make_engine(game, "python").new_game, make_engine(game, "core").new_game,
              lambda seed: vector.make(game, num_envs=1, seed=seed)]
    if GAMES[game].parallel:
        takers.append(make(game, parallel=True).reset)
    return takers


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("seed", BAD_SEEDS, ids=repr)
def test_one_rule_refuses_a_bad_seed_everywhere(game, seed):
    """An integer in 0-2**64-1 (numpy integers too), never a bool: the same SeedError (a TypeError
    and a ValueError) from every env, engine and batch of every game."""
    for take in _seed_takers(game):
        with pytest.raises(SeedError, match=r"seed must be an integer in 0-18446744073709551615 .*got"):
            take(seed)
    assert issubclass(SeedError, TypeError) and issubclass(SeedError, ValueError)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_seed_of_the_range_is_taken_everywhere(game):
    for take in _seed_takers(game):
        for seed in GOOD_SEEDS:
            take(seed)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_refused_seed_changes_nothing(game):
    env = make(game, raw=True)
    env.reset(seed=3)
    before = _first_observation(env)
    with pytest.raises(SeedError):
        env.reset(seed=SEED_LIMIT)
    env.reset()
    other = make(game, raw=True)
    other.reset(seed=3)
    other.reset()
    assert np.array_equal(_first_observation(env), _first_observation(other)), "the generator was not reseeded"
    assert not np.array_equal(before, _first_observation(env))


def _play_to_the_end(env, seed: int = 4) -> None:
    """Random masked play on an AEC env until every agent is terminated (none removed yet)."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    while not all(env.terminations.values()):
        env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_step_after_the_end_says_the_game_is_over(game):
    """PettingZoo's dead step ``step(None)`` removes a finished agent; any other step of a finished
    game says the game is over and to call reset() (it raised KeyError: 'player_0')."""
    env = make(game, raw=True)
    _play_to_the_end(env)
    with pytest.raises(ValueError, match=r"the game is over: call reset\(\) .*its only step is step\(None\)"):
        env.step(0)
    while env.agents:
        env.step(None)
    for action in (None, 0):
        with pytest.raises(RuntimeError, match=r"^the game is over: call reset\(\) to start a new one$"):
            env.step(action)
    env.reset(seed=1)
    assert env.agents == env.possible_agents and not any(env.terminations.values())
    if GAMES[game].parallel:
        parallel = make(game, parallel=True).unwrapped
        parallel.reset(seed=4)
        while parallel.agents:
            parallel.step({a: int(np.flatnonzero(parallel.observe(a)["action_mask"])[0]) for a in parallel.agents})
        with pytest.raises(RuntimeError, match=r"^the game is over: call reset\(\) to start a new one$"):
            parallel.step({})


NOT_ACTIONS = [True, np.bool_(False), 1.0, np.float32(2.0), "3", np.array([1]), np.array(1), None, -1, 10**6]


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("wrapped", [True, False], ids=["env", "raw_env"])
@pytest.mark.parametrize("action", NOT_ACTIONS, ids=repr)
def test_an_action_that_is_no_action_number_is_refused_naming_its_type_and_the_range(game, wrapped, action):
    """Both ``env()`` and ``raw_env`` raise the game's IllegalActionError (a ValueError) and change
    nothing; ``env()`` does not end the game for it (an out-of-bounds action is API misuse, not an
    illegal move). ``env().step(True)`` raised numpy's "ambiguous truth value"."""
    env = make(game, raw=not wrapped)
    env.reset(seed=0)
    agent, before = env.agent_selection, _first_observation(env)
    size = env.action_space(agent).n
    with pytest.raises(ValueError, match=rf"an action must be an integer in \[0, {size}\), got .* of type "
                                         rf"{type(action).__name__} \(numpy integers are accepted") as error:
        env.step(action)
    assert type(error.value).__name__ == "IllegalActionError"
    assert env.agent_selection == agent and np.array_equal(_first_observation(env), before)
    assert not any(env.terminations.values()) and not any(env.truncations.values())


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("wrapped", [True, False], ids=["env", "raw_env"])
def test_an_action_too_long_to_write_out_is_refused_quoted_short(game, wrapped):
    """An integer of 5,000 digits (too long for ``repr``) or a string of a megabyte is the game's
    IllegalActionError quoting at most about 100 characters of it (it was a plain ValueError from
    ``repr``, and the string was echoed whole, twice in Duel)."""
    env = make(game, raw=not wrapped)
    env.reset(seed=0)
    agent, before = env.agent_selection, _first_observation(env)
    for action, shown in ((10**5000, "<an integer of about 5,000 digits>"), ("x" * 1_000_000, f"'{'x' * 47}...")):
        with pytest.raises(ValueError, match="an action must be an integer in") as error:
            env.step(action)
        assert type(error.value).__name__ == "IllegalActionError"
        assert shown in str(error.value) and len(str(error.value)) < 1000
    assert env.agent_selection == agent and np.array_equal(_first_observation(env), before)


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("wrapped", [True, False], ids=["env", "raw_env"])
def test_numpy_integer_actions_are_played(game, wrapped):
    env = make(game, raw=not wrapped)
    env.reset(seed=0)
    kinds = (np.int64, np.uint16, np.int32)
    for step in range(10_000):
        if all(env.terminations.values()):
            break
        env.step(kinds[step % 3](np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    record = env.unwrapped.game_record()
    assert record["finished"] and record["winners"] and not any(env.truncations.values())


def test_states_are_compared_as_plain_data():
    """What the state assignment of both games compares: arrays, tuples and lists alike, numpy
    numbers and enums as numbers, unordered piles sorted; objects that compare element-wise
    (tables holding arrays) differ unless they are the same object, without an error."""
    from types import SimpleNamespace

    from wonders_env.game import differing_fields
    from wonders_env.seven_wonders.state import Phase

    class Table:
        def __init__(self):
            self.values = np.arange(3)

        def __eq__(self, other):
            return self.values == other.values

    table = Table()
    given = SimpleNamespace(a=np.array([[1, 2]], np.int8), b=(1, [2]), c=Phase.PAYMENT, d=[3, 1], e=table, f=Table())
    same = SimpleNamespace(a=[[1, 2]], b=[np.int64(1), (2,)], c=5, d=[1, 3], e=table, f=Table())
    assert differing_fields(given, same, "abcdef", unordered="d") == ["f"]
    assert differing_fields(given, same, "d") == ["d"]
