"""What the training scripts' envs give, alone and under their trainers (Duel, 10 s per figure).

    .venv/bin/python benchmarks/bench_training_envs.py          # every figure
    .venv/bin/python benchmarks/bench_training_envs.py --only sb3

* ``sb3``: :class:`wonders_training.sb3_wrapper.SingleSeatEnv` on the Python engine and on the core,
  against ``random`` and ``heuristic``: learner steps/s of the env with random legal learner moves,
  then steps/s of ``MaskablePPO.learn(4096)`` over 4 such envs (sb3-contrib's default settings
  but ``n_steps=512``, ``batch_size=256``);
* ``rllib``: decisions/s of :class:`wonders_training.train_rllib.LeagueEnv` alone (random legal moves
  for the networks' seats, the baselines inside the env), with 1 and 8 games per env.

Figures and the load they were measured under: ``benchmarks/README.md``.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import asdict

import numpy as np
import torch

SECONDS = 10.0


def sb3_env_rate(engine: str, opponent: str) -> float:
    from wonders_training.sb3_wrapper import SingleSeatEnv
    env = SingleSeatEnv("seven_wonders_duel", opponents=opponent, engine=engine)
    env.reset(seed=0)
    rng, steps, start = np.random.default_rng(0), 0, time.perf_counter()
    while time.perf_counter() - start < SECONDS:
        _, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        steps += 1
        if done:
            env.reset()
    return steps / (time.perf_counter() - start)


def sb3_learn_rate(engine: str, opponent: str, steps: int = 4096) -> float:
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.env_util import make_vec_env
    from wonders_training.sb3_wrapper import SingleSeatEnv
    envs = make_vec_env(SingleSeatEnv, n_envs=4, seed=1, env_kwargs={"game": "seven_wonders_duel",
                                                                    "opponents": opponent, "engine": engine})
    model = MaskablePPO("MlpPolicy", envs, n_steps=512, batch_size=256, seed=1, verbose=0, device="cpu")
    start = time.perf_counter()
    model.learn(steps)
    return steps / (time.perf_counter() - start)


def rllib_env_rate(games: int) -> float:
    from wonders_training.train_rllib import Args, LeagueEnv
    env = LeagueEnv({"args": asdict(Args()), "num_players": 2, "games": games})
    rng, decisions, start = np.random.default_rng(0), 0, time.perf_counter()
    observations, _ = env.reset(seed=1)
    while time.perf_counter() - start < SECONDS:
        actions = {agent: int(rng.choice(np.flatnonzero(observations[agent]["action_mask"])))
                   for agent in env.expected}
        decisions += len(actions)
        observations, _, terminated, _, _ = env.step(actions)
        if terminated["__all__"]:
            observations, _ = env.reset()
    return decisions / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", choices=("sb3", "rllib"), help="one group of figures")
    only = parser.parse_args().only
    torch.set_num_threads(1)
    if only in (None, "sb3"):
        for opponent in ("random", "heuristic"):
            for engine in ("python", "core"):
                print(f"SB3 vs {opponent:9s} on {engine:6s}: env {sb3_env_rate(engine, opponent):6.0f} learner "
                      f"steps/s, MaskablePPO.learn {sb3_learn_rate(engine, opponent):4.0f} steps/s", flush=True)
    if only in (None, "rllib"):
        for games in (1, 8):
            print(f"RLlib LeagueEnv, {games} game(s) per env: {rllib_env_rate(games):6.0f} decisions/s", flush=True)


if __name__ == "__main__":
    main()
