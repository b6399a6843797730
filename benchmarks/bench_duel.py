"""Decisions per second of 7 Wonders Duel with random masked play: engine alone and AEC env.

    python benchmarks/bench_duel.py [--seconds 10]

A decision is one action (draft picks, progress-token and other sub-decisions included). The
AEC figures use the standard loop `obs, ... = env.last(); env.step(action)`, observation and
mask encoding included, with a uniformly random legal action: `aec_raw` on
`seven_wonders_duel_v0.raw_env()`, `aec` on `seven_wonders_duel_v0.env()` with PettingZoo's
three wrappers. `aec_floor` runs the same loop on an env that does nothing (constant
observation, 70 decisions a game) inside the same three wrappers: the ceiling of `aec`.
"""

from __future__ import annotations

import argparse
import platform
import sys
from pathlib import Path

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from wonders_env import seven_wonders_duel_v0
from wonders_env.duel.actions import NUM_ACTIONS
from wonders_env.duel.observation import OBSERVATION_SIZE
from wonders_env.duel.rules import legal_actions, resolve_action
from wonders_env.duel.state import Phase, new_game

sys.path.insert(0, str(Path(__file__).parent))
from random_play import aec_game, measure  # noqa: E402  (the shared timing loop)

DECISIONS_PER_GAME = 70  # about a Duel game's


def engine_game(seed: int, rng: np.random.Generator) -> int:
    state = new_game(seed)
    decisions = 0
    while state.phase != Phase.GAME_OVER:
        legal = legal_actions(state)
        resolve_action(state, legal[rng.integers(len(legal))])
        decisions += 1
    return decisions


class IdleEnv(AECEnv):
    """Two agents, a constant Duel-sized observation, every action legal, no rules."""

    metadata = {"name": "idle_v0"}

    def __init__(self) -> None:
        super().__init__()
        self.possible_agents = ["player_0", "player_1"]
        self._observation = {"observation": np.zeros(OBSERVATION_SIZE, np.float32),
                             "action_mask": np.ones(NUM_ACTIONS, np.int8)}
        self._action_space = spaces.Discrete(NUM_ACTIONS)

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = "player_0"
        self._decisions = 0

    def observe(self, agent: str) -> dict:
        return self._observation

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent]:
            self._was_dead_step(action)
            return
        self._decisions += 1
        if self._decisions == DECISIONS_PER_GAME:
            self.terminations = {name: True for name in self.agents}
        self.agent_selection = "player_1" if agent == "player_0" else "player_0"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--engine", default="python", choices=["python", "core"],
                        help="the envs' engine (python: the figures of benchmarks/README.md's Python tables)")
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, {args.seconds:.0f} s per figure")
    print(f"{'mode':>9} {'decisions/s':>12} {'games':>6}")
    raw = seven_wonders_duel_v0.raw_env(engine=args.engine)
    wrapped = seven_wonders_duel_v0.env(engine=args.engine)
    floor = wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(
        wrappers.TerminateIllegalWrapper(IdleEnv(), illegal_reward=-1)))
    for mode, run_game in (("engine", engine_game),
                           ("aec_raw", lambda seed, rng: aec_game(raw, seed, rng)),
                           ("aec", lambda seed, rng: aec_game(wrapped, seed, rng)),
                           ("aec_floor", lambda seed, rng: aec_game(floor, seed, rng))):
        rate, games = measure(run_game, args.seconds)
        print(f"{mode:>9} {rate:>12,.0f} {games:>6}", flush=True)


if __name__ == "__main__":
    main()
