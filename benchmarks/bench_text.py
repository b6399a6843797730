"""Text observations per second of `wonders_env.text`, with random play (one core).

    python benchmarks/bench_text.py [--seconds 5]

Whole games of `text.make(...)` from `reset(seed=...)` to the end; at every decision the seat to
act reads `get_observation()` (its text, numbered legal moves included) and `legal_moves()`, then
plays a random move by number. The figure counts only the time of those two calls: one text
observation per decision. It is given per second of this process's CPU time (the machine is
shared) and of wall clock. Targets: 5,000 a second for Duel, 2,000 for 7 Wonders at 7 players.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from wonders_env import text

TABLES = (("Duel", "seven_wonders_duel", {}, 5000),
          ("7 Wonders 1st, 3 players", "seven_wonders", {"num_players": 3}, None),
          ("7 Wonders 1st, 7 players", "seven_wonders", {"num_players": 7}, 2000),
          ("7 Wonders 2nd, 7 players", "seven_wonders", {"num_players": 7, "edition": "2nd"}, 2000),
          ("7 Wonders 1st, 7 players, payment=choose", "seven_wonders", {"num_players": 7, "payment": "choose"}, 2000))


def measure(game_name: str, options: dict, seconds: float) -> tuple[int, float, float]:
    """(observations, CPU seconds, wall seconds) spent in get_observation() + legal_moves()."""
    game = text.make(game_name, **options)
    rng = np.random.default_rng(0)
    count, cpu, wall = 0, 0.0, 0.0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        game.reset(seed=int(rng.integers(2**31)))
        done = False
        while not done:
            wall_0, cpu_0 = time.perf_counter(), time.process_time()
            game.get_observation()
            moves = game.legal_moves()
            cpu += time.process_time() - cpu_0
            wall += time.perf_counter() - wall_0
            count += 1
            done, _ = game.step(str(int(rng.integers(len(moves))) + 1))
    return count, cpu, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds of play per table")
    args = parser.parse_args()
    print("| table | text observations / CPU second | / wall-clock second | target |")
    print("| --- | --- | --- | --- |")
    for label, game_name, options, target in TABLES:
        count, cpu, wall = measure(game_name, options, args.seconds)
        print(f"| {label} | {count / cpu:,.0f} | {count / wall:,.0f} | {f'{target:,}' if target else '-'} |",
              flush=True)


if __name__ == "__main__":
    main()
