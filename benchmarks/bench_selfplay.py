"""Positions per second of ``wonders_training.az_selfplay``'s generation, for each evaluator of the leaves.

    .venv/bin/python benchmarks/bench_selfplay.py                                    # the README's table
    .venv/bin/python benchmarks/bench_selfplay.py --games 16 --hidden 256 --leaves 8 --device cuda

Each row plays ``--games`` games at once (one batch of the compiled core, 7 Wonders at 4 players)
with ``--simulations`` per move, every seat searching with the same network, exactly as an
iteration of ``az_selfplay`` generates (:func:`wonders_training.az_selfplay.play_games`: root noise, the
first moves drawn from the visits, the positions recorded), and divides the positions recorded by
the time. The network is a fresh one of ``--hidden`` units (a search's speed does not depend on
what the network learnt, only roughly on where its priors lead). Evaluators: ``core`` (the
network in C++, a leaf at a time, as ``--evaluator core``) and ``batched`` at each of ``--leaves``
leaves per game (torch on ``--device``, one pass a wave for every game's leaves, as
``--evaluator batched --leaves-per-game N``, virtual loss 1). A position is a search run (a
decision with one legal move is not searched); ``--ticks T`` stops the batch after its first T
moves (the games' start only: a slow row stays short).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402
import torch  # noqa: E402

from wonders_agents.policy import ActorCritic, PolicySpec  # noqa: E402
from wonders_training import az_selfplay as az  # noqa: E402
from wonders_training.device import resolve_device  # noqa: E402
from wonders_env import core, vector  # noqa: E402

GAMES = {"Duel": ("seven_wonders_duel", {}), "7 Wonders 4p": ("seven_wonders", {"num_players": 4, "edition": "1st"})}


class TickBudget:
    """A stop request (as az_selfplay's) that comes after ``ticks`` ticks of the batch (None: never)."""

    def __init__(self, ticks: int | None) -> None:
        self.ticks, self.seen = ticks, 0

    @property
    def requested(self) -> bool:
        self.seen += 1
        return self.ticks is not None and self.seen > self.ticks


class CountedLeaves(az.BatchedLeaves):
    """The batched evaluator, counting the searches it runs."""

    searched = 0

    def search(self, venv, pool, searchers, *rest):
        self.searched += len(searchers)
        return super().search(venv, pool, searchers, *rest)


def measure(game: str, options: dict, model: ActorCritic, leaves: int | None, args) -> tuple[float, int]:
    """(positions per second, positions: the searches run) of one generation batch; leaves None:
    the core evaluator."""
    venv = vector.make(game, args.games, seed=args.seed, **options)
    parsed = az.parse_args(az.Args, ["--game", game, "--simulations", str(args.simulations)])
    batched = CountedLeaves(leaves, 1) if leaves else None
    searched = [0]
    if batched is None:  # count the core's searches too
        search_many = venv.search_many

        def counted(pool, searchers, *rest, **options):
            searched[0] += len(searchers)
            return search_many(pool, searchers, *rest, **options)

        venv.search_many = counted
    play = az.SearchPlay(az.search_options(parsed, parsed.root_noise), parsed.temperature, parsed.temperature_moves,
                         record=True, batched=batched)
    networks = [[model] * venv.num_players for _ in range(args.games)]
    start = time.perf_counter()
    try:
        az.play_games(venv, networks, play, np.random.default_rng(args.seed), core.load().SearchPool(args.threads),
                      TickBudget(args.ticks))
    except az.Stopped:
        pass
    positions = batched.searched if batched else searched[0]
    return positions / (time.perf_counter() - start), positions


def main(argv: list[str] | None = None) -> list[dict]:
    """Prints the table; returns its rows."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=64)
    parser.add_argument("--simulations", type=int, default=200)
    parser.add_argument("--hidden", type=int, nargs="+", default=[256, 1024])
    parser.add_argument("--leaves", type=int, nargs="+", default=[1, 4, 8, 16])
    parser.add_argument("--evaluators", nargs="+", default=["core", "batched"], choices=("core", "batched"))
    parser.add_argument("--game", nargs="+", default=list(GAMES), choices=list(GAMES))
    parser.add_argument("--device", default="cpu", choices=("auto", "cpu", "cuda"))
    parser.add_argument("--threads", type=int, default=1, help="search threads (SearchPool)")
    parser.add_argument("--torch-threads", type=int, default=1)
    parser.add_argument("--ticks", type=int, default=None,
                        help="stop after this many moves of the batch (the start of the games only; none: whole games)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    torch.set_num_threads(args.torch_threads)
    device = resolve_device(args.device)
    print(f"device {device}, {args.threads} search thread(s), {args.torch_threads} torch thread(s), load "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; {args.games} games, {args.simulations} simulations, "
          f"{f'the first {args.ticks} moves' if args.ticks else 'whole games'}")
    print("| game | hidden | evaluator | positions | positions/s |")
    print("| --- | ---: | --- | ---: | ---: |")
    table = []
    for label in args.game:
        game, options = GAMES[label]
        probe = vector.make(game, 1, seed=0, **options)
        for hidden in args.hidden:
            torch.manual_seed(args.seed)
            model = ActorCritic(PolicySpec(game, probe.observation_size, probe.num_actions, hidden)).to(device).eval()
            rows = ([("core", None)] if "core" in args.evaluators else []) + \
                ([(f"batched, {n} leaves", n) for n in args.leaves] if "batched" in args.evaluators else [])
            for name, leaves in rows:
                rate, positions = measure(game, options, model, leaves, args)
                print(f"| {label} | {hidden} | {name} | {positions:,} | {rate:,.0f} |", flush=True)
                table.append({"game": label, "hidden": hidden, "evaluator": name, "positions": positions,
                              "positions_per_second": rate})
    return table


if __name__ == "__main__":
    main()
