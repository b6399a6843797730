"""The uniformly random agent: any legal action, each with the same probability."""

from __future__ import annotations

import numpy as np


class RandomAgent:
    """Picks uniformly among the legal actions of the observation's ``action_mask``.

    Observation-only: it reads ``env.observe(env.agent_selection)`` and nothing else, so it works
    unchanged for both games.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = np.random.default_rng(seed)

    def act(self, env) -> int:
        legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
        return int(legal[self.rng.integers(len(legal))])


def random_game(env, seed: int) -> dict:
    """Play one game of an AEC env with uniformly random legal actions, all drawn from one
    generator seeded by ``seed``; returns its game record (the golden games are such games)."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[rng.integers(len(legal))]))
    return env.unwrapped.game_record()
