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
