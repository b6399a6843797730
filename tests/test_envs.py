"""What every registered env does the same way: seeding, and human rendering."""

from __future__ import annotations

import numpy as np
import pytest

from agents.random_agent import random_game
from wonders_env.registry import GAMES, make


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
