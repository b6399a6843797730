"""The timing loop and random masked play shared by the benchmark scripts (a library, not a script)."""

from __future__ import annotations

import time

import numpy as np


def random_choice(mask: np.ndarray, rng: np.random.Generator) -> int:
    legal = np.flatnonzero(mask)
    return int(legal[rng.integers(len(legal))])


def aec_game(env, seed: int, rng: np.random.Generator) -> int:
    env.reset(seed=seed)
    decisions = 0
    for _agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            env.step(None)
            continue
        env.step(random_choice(observation["action_mask"], rng))
        decisions += 1
    return decisions


def parallel_game(env, seed: int, rng: np.random.Generator) -> int:
    observations, infos = env.reset(seed=seed)
    decisions = 0
    while env.agents:
        actions = {agent: random_choice(obs["action_mask"], rng) for agent, obs in observations.items()}
        decisions += len(actions)
        observations, rewards, terminations, truncations, infos = env.step(actions)
    return decisions


def measure(run_game, seconds: float) -> tuple[float, int]:
    rng = np.random.default_rng(0)
    start = time.perf_counter()
    decisions = games = 0
    while time.perf_counter() - start < seconds:
        decisions += run_game(games, rng)
        games += 1
    return decisions / (time.perf_counter() - start), games
