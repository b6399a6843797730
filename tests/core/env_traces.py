"""What the env-on-core tests compare: the whole trace of an AEC game, played the same on both engines."""

from __future__ import annotations

import numpy as np


def play(env, seed: int, choose) -> list:
    """Every (agent, observation, mask, reward, termination, info) of a game, and its record."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trace = []
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        trace.append((agent, obs["observation"].tolist(), obs["action_mask"].tolist(), reward, termination, info))
        env.step(None if termination or truncation else choose(env, obs["action_mask"], rng))
    return trace + [env.unwrapped.game_record()]


def random_choice(env, mask, rng):
    legal = np.flatnonzero(mask)
    return int(legal[rng.integers(len(legal))])


def assert_same_views(core, python) -> None:
    """Every agent's observation and mask are the same in the two envs."""
    for player in python.possible_agents:
        assert np.array_equal(core.observe(player)["observation"], python.observe(player)["observation"])
        assert np.array_equal(core.observe(player)["action_mask"], python.observe(player)["action_mask"])
