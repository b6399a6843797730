"""Where the time of PPO self-play goes, on each device present (the CPU, and CUDA where there is one).

    .venv/bin/python benchmarks/bench_training.py       # Duel, the defaults of wonders_training.ppo_selfplay
    .venv/bin/python benchmarks/bench_training.py --game seven_wonders --num-players 4
    .venv/bin/python benchmarks/bench_training.py --quick               # a few seconds: does it run

One line per device, four figures, each with the settings of ``wonders_training.ppo_selfplay`` (its
defaults, or the ``ppo_selfplay`` flags given after ``--``):

* **env decisions/s**: the batched core alone (``wonders_env.vector``, ``--num-envs`` games, the
  core's random legal moves), every acting seat's move counted; no network, so the same on every
  device;
* **collection steps/s**: learner decisions per second of :func:`wonders_training.ppo_selfplay.collect`
  (the learner, the opponent pool of ``--pool`` snapshots and the baselines playing; its network
  on the device);
* **learner samples/s**: samples per second through :func:`wonders_training.ppo_selfplay.ppo_update`
  (forward, backward and Adam over a collected rollout, every epoch's samples counted);
* **whole-run steps/s**: learner decisions per second of a short run of ``wonders_training.ppo_selfplay``
  (collection, updates, snapshots and checkpoints; evaluations off), from its ``progress.csv``.

Figures and the load they were measured under: ``benchmarks/README.md``.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import csv
import io
import tempfile
import time
from pathlib import Path

import numpy as np
import torch

from wonders_agents.policy import ActorCritic, PolicySpec, StackedPolicies
from wonders_training import ppo_selfplay
from wonders_training.cli_args import parse_args
from wonders_training.device import cuda_available
from wonders_training.game_options import env_options, table_options
from wonders_env import vector
from wonders_env.registry import default_players


def env_decisions_per_second(args: ppo_selfplay.Args, num_players: int, seconds: float) -> float:
    venv = vector.make(args.game, args.num_envs, seed=1, **table_options(args, num_players),
                       **env_options(args))
    _, _, to_act = venv.reset()
    decisions, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        decisions += int(to_act.sum())
        _, _, to_act, _, _ = venv.step(venv.sample_actions())
    return decisions / (time.perf_counter() - start)


def collection_and_learner_rates(args: ppo_selfplay.Args, num_players: int, pool: int, device: torch.device,
                                 seconds: float) -> tuple[float, float]:
    """(collection steps/s, learner samples/s) of a fresh network with ``pool`` snapshots."""
    sizes = vector.make(args.game, 1, **table_options(args, num_players), **env_options(args))
    torch.manual_seed(args.seed)
    model = ActorCritic(PolicySpec(args.game, sizes.observation_size, sizes.num_actions, args.hidden)).to(device)
    networks = StackedPolicies([model, *(copy.deepcopy(model) for _ in range(pool))])
    optimizer = torch.optim.Adam(model.parameters(), lr=args.learning_rate, eps=1e-5, fused=True)
    rng = np.random.default_rng(args.seed)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds or not steps:
        rollout = ppo_selfplay.collect(model, networks, args, num_players, rng)
        steps += len(rollout.actions)
    collection = steps / (time.perf_counter() - start)
    samples, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds or not samples:
        ppo_selfplay.ppo_update(model, optimizer, rollout, args, rng)
        samples += len(rollout.actions) * args.update_epochs
    if device.type == "cuda":
        torch.cuda.synchronize()
    return collection, samples / (time.perf_counter() - start)


def whole_run_steps_per_second(flags: list[str], device: str, steps: int) -> float:
    with tempfile.TemporaryDirectory() as run_dir, contextlib.redirect_stdout(io.StringIO()):
        ppo_selfplay.main([*flags, "--run-dir", run_dir, "--device", device, "--total-steps", str(steps),
                           "--eval-every", "0", "--final-eval-games", "1", "--no-progress-bar"])
        with open(Path(run_dir) / "progress.csv", newline="") as handle:
            last = list(csv.DictReader(handle))[-1]
    return int(last["global_step"]) / float(last["elapsed_s"])


def main(argv: list[str] | None = None) -> list[dict[str, float | str]]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds per figure")
    parser.add_argument("--run-steps", type=int, default=150_000, help="learner decisions of the whole run")
    parser.add_argument("--pool", type=int, default=20, help="snapshots in the opponent pool while collecting "
                                                            "(a run's pool is full after 100 updates)")
    parser.add_argument("--quick", action="store_true", help="a few seconds in all, a small network (a test)")
    parser.add_argument("flags", nargs="*", help="ppo_selfplay flags (after --), e.g. -- --num-envs 256")
    options = parser.parse_args(argv)
    flags = list(options.flags)
    if options.quick:
        flags = ["--hidden", "16", "--num-envs", "4", "--num-steps", "8", *flags]
        options.seconds, options.run_steps, options.pool = 0.2, 200, 2
    args = parse_args(ppo_selfplay.Args, flags, validate=ppo_selfplay.problems)
    if args.torch_threads:
        torch.set_num_threads(args.torch_threads)
    num_players = args.num_players or default_players(args.game)
    env_rate = env_decisions_per_second(args, num_players, options.seconds)
    devices = ["cpu", *(["cuda"] if cuda_available() else [])]
    print(f"{args.game}, {num_players} players, {args.num_envs} envs, hidden {args.hidden}, {args.update_epochs} "
          f"epochs x {args.num_minibatches} minibatches, {torch.get_num_threads()} torch threads"
          + ("" if cuda_available() else "; no CUDA device here"))
    print("| device | env decisions/s | collection steps/s | learner samples/s | whole-run steps/s |")
    print("|---|---:|---:|---:|---:|")
    rows = []
    for name in devices:
        device = torch.device(name)
        collection, learner = collection_and_learner_rates(args, num_players, options.pool, device, options.seconds)
        whole = whole_run_steps_per_second(flags, name, options.run_steps)
        label = torch.cuda.get_device_name() if name == "cuda" else "cpu"
        rows.append({"device": label, "env_decisions_per_second": env_rate, "collection_steps_per_second": collection,
                     "learner_samples_per_second": learner, "whole_run_steps_per_second": whole})
        print(f"| {label} | {env_rate:,.0f} | {collection:,.0f} | {learner:,.0f} | {whole:,.0f} |", flush=True)
    return rows


if __name__ == "__main__":
    main()
