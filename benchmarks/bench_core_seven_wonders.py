"""Speed of the 7 Wonders compiled core through the batched API, next to the Python engine.

Random masked play: every acting seat of every game takes a uniformly random legal action
(``VectorEnv.sample_actions``, drawn by the core), observations and masks written each step. A
*decision* is one acting seat's choice. Each figure is given per second of wall time and per
second of this process's CPU time (the machine is shared: CPU time is what the code costs).

    taskset -c 1 .venv/bin/python benchmarks/bench_core_seven_wonders.py --seconds 5
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from wonders_env import vector
from wonders_env.seven_wonders.env import parallel_env

BATCH_SIZES = (1, 4, 16, 64, 256, 1024, 4096)


def batched(num_players: int, edition: str, num_envs: int, seconds: float) -> tuple[float, float]:
    """(decisions per wall second, decisions per CPU second) of the batched API."""
    venv = vector.make("seven_wonders", num_envs=num_envs, seed=0, num_players=num_players, edition=edition)
    venv.reset()
    decisions = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        decisions += int(venv.to_act.sum())
        venv.step(venv.sample_actions())
    return decisions / (time.perf_counter() - wall), decisions / (time.process_time() - cpu)


def python_parallel_env(num_players: int, edition: str, seconds: float) -> tuple[float, float]:
    """The same loop on the Python engine's ``parallel_env`` (one game at a time)."""
    env = parallel_env(num_players=num_players, edition=edition, engine="python")
    rng = np.random.default_rng(0)
    decisions = 0
    wall, cpu = time.perf_counter(), time.process_time()
    seed = 0
    while time.perf_counter() - wall < seconds:
        observations, _ = env.reset(seed=seed)
        seed += 1
        while env.agents:
            actions = {}
            for agent, observation in observations.items():
                legal = np.flatnonzero(observation["action_mask"])
                actions[agent] = int(legal[rng.integers(len(legal))])
                decisions += len(legal) > 1 or legal[0] != len(observation["action_mask"]) - 1
            observations, *_ = env.step(actions)
    return decisions / (time.perf_counter() - wall), decisions / (time.process_time() - cpu)


def resident_kib() -> int:
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS"))


def memory_per_thousand_games(num_players: int, edition: str, num_envs: int = 4096) -> float:
    """MiB of resident memory added per 1,000 games in flight (the core's states, finished-game
    copies and the arrays of observations and masks), from a batch of ``num_envs``."""
    before = resident_kib()
    venv = vector.make("seven_wonders", num_envs=num_envs, seed=0, num_players=num_players, edition=edition)
    venv.reset()
    for _ in range(60):  # through game ends, so finished states are held too
        venv.step(venv.sample_actions())
    grown = resident_kib() - before
    del venv
    return grown / 1024 / (num_envs / 1000)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--players", type=int, nargs="+", default=[4, 7])
    parser.add_argument("--edition", default="1st")
    args = parser.parse_args()
    for players in args.players:
        print(f"## {players} players, {args.edition} edition")
        wall, cpu = batched(players, args.edition, 256, args.seconds)
        py_wall, py_cpu = python_parallel_env(players, args.edition, args.seconds)
        print(f"batched API, 256 games: {wall:,.0f} decisions/s wall, {cpu:,.0f} per CPU second")
        print(f"Python parallel_env:    {py_wall:,.0f} decisions/s wall, {py_cpu:,.0f} per CPU second "
              f"(core x{cpu / py_cpu:.0f} per CPU second)")
        print("games in a batch | µs per decision (CPU)")
        for size in BATCH_SIZES:
            _, rate = batched(players, args.edition, size, max(1.0, args.seconds / 3))
            print(f"{size:>16} | {1e6 / rate:.2f}")
        print(f"resident memory per 1,000 games in flight: "
              f"{memory_per_thousand_games(players, args.edition):.1f} MiB")


if __name__ == "__main__":
    main()
