"""What every registered env does the same way: seeding (one rule for every seed), and human rendering."""

from __future__ import annotations

import numpy as np
import pytest

from agents.random_agent import random_game
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
