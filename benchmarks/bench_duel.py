"""Decisions per second of 7 Wonders Duel with random masked play: engine alone and AEC env.

    python benchmarks/bench_duel.py [--seconds 10]

A decision is one action (draft picks, progress-token and other sub-decisions included). The
AEC figures use the standard loop `obs, ... = env.last(); env.step(action)`, observation and
mask encoding included: `aec_raw` on `seven_wonders_duel_v0.raw_env()`, `aec` on
`seven_wonders_duel_v0.env()` with PettingZoo's three safety wrappers.
"""

from __future__ import annotations

import argparse
import platform
import sys
from pathlib import Path

import numpy as np

from wonders_env import seven_wonders_duel_v0
from wonders_env.duel.rules import legal_actions, resolve_action
from wonders_env.duel.state import Phase, new_game

sys.path.insert(0, str(Path(__file__).parent))
from bench_seven_wonders import aec_game, measure  # noqa: E402  (the shared timing loop)


def engine_game(seed: int, rng: np.random.Generator) -> int:
    state = new_game(np.random.default_rng(seed))
    decisions = 0
    while state.phase != Phase.GAME_OVER:
        legal = legal_actions(state)
        resolve_action(state, legal[rng.integers(len(legal))])
        decisions += 1
    return decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, {args.seconds:.0f} s per figure")
    print(f"{'mode':>9} {'decisions/s':>12} {'games':>6}")
    raw = seven_wonders_duel_v0.raw_env()
    wrapped = seven_wonders_duel_v0.env()
    for mode, run_game in (("engine", engine_game),
                           ("aec_raw", lambda seed, rng: aec_game(raw, seed, rng)),
                           ("aec", lambda seed, rng: aec_game(wrapped, seed, rng))):
        rate, games = measure(run_game, args.seconds)
        print(f"{mode:>9} {rate:>12,.0f} {games:>6}", flush=True)


if __name__ == "__main__":
    main()
