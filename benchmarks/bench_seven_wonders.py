"""Decisions per second of 7 Wonders with random masked play: engine alone, AEC env, parallel env.

    python benchmarks/bench_seven_wonders.py [--players 3 7] [--editions 1st 2nd] [--seconds 10]

A decision is one agent's choice (the Free City's card and the extra phases count too). The AEC
figures use the standard loop `obs, ... = env.last(); env.step(action)`, so they include the
observation and mask encoding: `aec_raw` on `seven_wonders_v0.raw_env()`, `aec` on
`seven_wonders_v0.env()`, which adds PettingZoo's three safety wrappers (illegal-move
termination, bounds assertion, call-order enforcement) as the classic games do.
"""

from __future__ import annotations

import argparse
import functools
import platform

import numpy as np

from wonders_env import seven_wonders_v0
from wonders_env.seven_wonders.rules import acting_seats, apply_actions, legal_action_mask
from wonders_env.seven_wonders.state import Phase, new_game

from random_play import aec_game, measure, parallel_game, random_choice


def engine_game(num_players: int, seed: int, rng: np.random.Generator, edition: str = "1st") -> int:
    state = new_game(num_players, seed=seed, edition=edition)
    decisions = 0
    while state.phase != Phase.GAME_OVER:
        actions = {seat: random_choice(legal_action_mask(state, seat), rng) for seat in acting_seats(state)}
        decisions += len(actions)
        apply_actions(state, actions)
    return decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[3, 7])
    parser.add_argument("--editions", nargs="+", default=["1st", "2nd"], choices=["1st", "2nd"])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--engine", default="python", choices=["python", "core"],
                        help="the envs' engine (python: the figures of benchmarks/README.md's Python tables)")
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, {args.seconds:.0f} s per figure")
    print(f"{'edition':>7} {'players':>7} {'mode':>9} {'decisions/s':>12} {'games':>6}")
    for edition, players in ((e, p) for e in args.editions for p in args.players):
        aec = seven_wonders_v0.env(num_players=players, edition=edition, engine=args.engine)
        raw = seven_wonders_v0.raw_env(num_players=players, edition=edition, engine=args.engine)
        par = seven_wonders_v0.parallel_env(num_players=players, edition=edition, engine=args.engine)
        for mode, run_game in (("engine", functools.partial(engine_game, players, edition=edition)),
                               ("aec_raw", functools.partial(aec_game, raw)),
                               ("aec", functools.partial(aec_game, aec)),
                               ("parallel", functools.partial(parallel_game, par))):
            rate, games = measure(run_game, args.seconds)
            print(f"{edition:>7} {players:>7} {mode:>9} {rate:>12,.0f} {games:>6}", flush=True)


if __name__ == "__main__":
    main()
