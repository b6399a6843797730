"""Decisions per second of the compiled core's batched API, next to the Python engine in the same run.

    python benchmarks/bench_core.py [--game seven_wonders_duel] [--seconds 5] [--batches 1 16 64 256 1024 4096]
    python benchmarks/bench_core.py --game seven_wonders_duel --expansions pantheon --batched-only --batches 1024
    python benchmarks/bench_core.py --game seven_wonders [--players 4] [--payment choose] [--envs-only]
    python benchmarks/bench_core.py --game seven_wonders --players 4 --expansions leaders --batches 256 1024

A decision is one acting seat's action. ``batched`` steps ``wonders_env.vector`` with every
observation and mask written, drawing a uniformly random legal action for every acting seat in
the loop (``venv.sample_actions()``, drawn by the core); ``numpy actions`` draws them from the
masks in numpy instead (what a Python policy that reads the masks pays on top). ``core bare``
plays whole games with the core's own random play-outs (no observations, no masks: the figure to
hold next to a bare C++ engine). ``python raw_env`` is the PettingZoo AEC loop on the Python
engine, ``core raw_env`` the same loop with ``raw_env(engine="core")`` (the default engine),
``python env`` and ``core env`` the loop on the wrapped ``env()``. Each figure gives decisions per
second of wall time and per second of this process's CPU time (the machine is shared: the CPU
figure is what one core delivers while others run). ``state read`` (7 Wonders) reads
``env.unwrapped.state`` and one field of it (``coins``) in a game under way on the core (the
figures are reads, not decisions). ``memory`` is the resident memory that making and stepping
1,000 games adds to a fresh process (the arrays of the batched API and the core's games). With
``--expansions NAME[,NAME]`` (a table of the game, checked by the registry: Duel ``pantheon``, ``agora``,
7 Wonders ``leaders``) each ``batched`` row is followed by the same batch of that table, named by its
expansions, and its speed per CPU second relative to the base table's (the issues' targets: at least
0.7x, 0.6x for Duel with both expansions); the two batches take turns in quarter-second slices, so
that a change in a shared machine's load falls on both;
``--batched-only`` leaves out the PettingZoo loops, the numpy actions and the memory.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from wonders_env import vector
from wonders_env.registry import entry

sys.path.insert(0, str(Path(__file__).parent))


def timed(run, seconds: float) -> tuple[float, float]:
    """(decisions per wall second, per CPU second) of ``run()`` (which returns decisions) repeated."""
    wall, cpu = time.perf_counter(), time.process_time()
    decisions = 0
    while time.perf_counter() - wall < seconds:
        decisions += run()
    return decisions / (time.perf_counter() - wall), decisions / (time.process_time() - cpu)


def timed_alternating(runs: list, seconds: float, slice_seconds: float = 0.25) -> list[tuple[float, float]]:
    """(decisions per wall second, per CPU second) of each of ``runs``, each run about ``seconds`` in all,
    taking turns in slices of ``slice_seconds``: a change in the machine's load falls on all alike, so
    their ratios hold on a shared machine."""
    decisions, wall, cpu = [0] * len(runs), [0.0] * len(runs), [0.0] * len(runs)
    while min(wall) < seconds:
        for i, run in enumerate(runs):
            wall_at, cpu_at = time.perf_counter(), time.process_time()
            while time.perf_counter() - wall_at < slice_seconds:
                decisions[i] += run()
            wall[i] += time.perf_counter() - wall_at
            cpu[i] += time.process_time() - cpu_at
    return [(d / w, d / c) for d, w, c in zip(decisions, wall, cpu)]


def batched(game: str, num_envs: int, seconds: float, options: dict, numpy_actions: bool = False):
    return timed(batched_run(game, num_envs, options, numpy_actions), seconds)


def batched_run(game: str, num_envs: int, options: dict, numpy_actions: bool = False):
    """One round of 64 steps of a batch of ``num_envs`` games (random legal actions): its decisions."""
    venv = vector.make(game, num_envs=num_envs, seed=0, **options)
    venv.reset()
    rng = np.random.default_rng(0)
    steps = 64

    def run() -> int:
        decisions = 0
        for _ in range(steps):
            if numpy_actions:  # the masks of the acting seats, a random legal entry of each
                acting = venv.to_act
                scores = rng.random((int(acting.sum()), venv.num_actions), np.float32) * venv.action_masks[acting]
                actions = np.zeros(acting.shape, np.int64)
                actions[acting] = scores.argmax(axis=1)
            else:
                actions = venv.sample_actions()
            decisions += int(venv.to_act.sum())
            venv.step(actions)
        return decisions
    return run


def memory_per_1000(game: str, options: dict) -> float:
    """MiB of resident memory that 1,000 games in flight add to a fresh process (after 200 steps)."""
    code = (
        "import os, numpy as np\n"
        "from wonders_env import vector, core\n"
        "core.load()\n"
        "def resident(): return int(open('/proc/self/statm').read().split()[1]) * os.sysconf('SC_PAGE_SIZE')\n"
        "before = resident()\n"
        f"venv = vector.make({game!r}, num_envs=1000, seed=0, **{options!r})\n"
        "venv.reset()\n"
        "for _ in range(200): venv.step(venv.sample_actions())\n"
        "print((resident() - before) / 2 ** 20)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(out.stdout.strip())


# ---------------------------------------------------------------------------------- Duel
def duel_core_bare(seconds: float):
    from wonders_env.duel.compiled import CompiledDuel
    engine = CompiledDuel().engine
    seeds = iter(range(1 << 62))

    def run() -> int:
        return sum(engine.play_random(engine.new_game(seed), seed) for seed in (next(seeds) for _ in range(100)))
    return timed(run, seconds)


def pettingzoo_loop(game: str, engine: str, wrapped: bool):
    """The AEC loop of the game's ``raw_env`` (or wrapped ``env()``) on ``engine``, random masked play."""
    def run(seconds: float, options: dict):
        from random_play import aec_game
        from wonders_env import registry
        env = registry.make(game, raw=not wrapped, engine=engine, **options)
        rng = np.random.default_rng(0)
        seeds = iter(range(1 << 62))
        return timed(lambda: aec_game(env, next(seeds), rng), seconds)
    return run


def state_read(seconds: float, options: dict):
    """Reads of ``env.unwrapped.state.coins`` per second, 30 decisions into a core game."""
    from random_play import random_choice
    from wonders_env import registry
    env = registry.make("seven_wonders", raw=True, **options)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(30):
        env.step(random_choice(env.observe(env.agent_selection)["action_mask"], rng))
    raw = env.unwrapped

    def run() -> int:
        for _ in range(100):
            _ = raw.state.coins  # the read is what is timed; its value is not needed
        return 100
    return timed(run, seconds)


def pettingzoo_loops(game: str) -> dict:
    return {f"{engine} {'env' if wrapped else 'raw_env'}": pettingzoo_loop(game, engine, wrapped)
            for wrapped in (False, True) for engine in ("python", "core")}


GAMES = {"seven_wonders_duel": {"core bare": lambda seconds, options: duel_core_bare(seconds),
                                **pettingzoo_loops("seven_wonders_duel")},
         "seven_wonders": {**pettingzoo_loops("seven_wonders"), "state read": state_read}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="seven_wonders_duel", choices=sorted(GAMES))
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--batches", type=int, nargs="+", default=[1, 16, 64, 256, 1024, 4096])
    parser.add_argument("--players", type=int, default=4, help="7 Wonders: the player count")
    parser.add_argument("--payment", default="cheapest", choices=["cheapest", "choose"], help="7 Wonders: payment mode")
    parser.add_argument("--envs-only", action="store_true", help="only the PettingZoo loops, no batched figures")
    parser.add_argument("--expansions", default="", metavar="NAME[,NAME]",
                        help="beside each batched figure, the same batch of the table with these expansions")
    parser.add_argument("--batched-only", action="store_true", help="only the batched figures")
    args = parser.parse_args()
    references = GAMES[args.game]
    game = entry(args.game)
    try:
        expansions = game.check_expansions([name.strip() for name in args.expansions.split(",") if name.strip()])
    except ValueError as error:
        parser.error(f"--expansions: {error}")
    options = {**game.check_table(game.fixed_players or args.players, None),
               **({"payment": args.payment} if "payment" in game.options else {})}
    load = os.getloadavg()[0]
    print(f"{args.game} {options}: python {platform.python_version()} on {platform.machine()}, "
          f"{os.cpu_count()} cores, load average {load:.1f}, {args.seconds:.0f} s per figure")
    print(f"{'figure':>16} {'games':>6} {'decisions/s':>12} {'per CPU s':>12} {'us/decision':>12}")
    for name, run in references.items() if not args.batched_only else ():
        wall, cpu = run(args.seconds, options)
        print(f"{name:>16} {'':>6} {wall:>12,.0f} {cpu:>12,.0f} {1e6 / cpu:>12.2f}", flush=True)
    if args.envs_only:
        return
    for num_envs in args.batches:
        if not expansions:
            wall, cpu = batched(args.game, num_envs, args.seconds, options)
        else:  # the two tables take turns
            (wall, cpu), (table_wall, table_cpu) = timed_alternating(
                [batched_run(args.game, num_envs, options),
                 batched_run(args.game, num_envs, {**options, "expansions": expansions})], args.seconds)
        print(f"{'batched':>16} {num_envs:>6} {wall:>12,.0f} {cpu:>12,.0f} {1e6 / cpu:>12.3f}", flush=True)
        if expansions:
            print(f"{'+'.join(expansions):>16} {num_envs:>6} {table_wall:>12,.0f} {table_cpu:>12,.0f} "
                  f"{1e6 / table_cpu:>12.3f}  x{table_cpu / cpu:.2f} of the base table per CPU s", flush=True)
    if args.batched_only:
        return
    wall, cpu = batched(args.game, 1024, args.seconds, options, numpy_actions=True)
    print(f"{'numpy actions':>16} {1024:>6} {wall:>12,.0f} {cpu:>12,.0f} {1e6 / cpu:>12.3f}", flush=True)
    print(f"memory: {memory_per_1000(args.game, options):.1f} MiB per 1,000 games in flight")


if __name__ == "__main__":
    main()
