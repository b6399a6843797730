"""Text observations per second of `wonders_env.text`, with random play (one core).

    python benchmarks/bench_text.py [--games 10] [--repeats 7]

The same `--games` whole games of `text.make(...)` (seeds 0, 1, ...) are played `--repeats` times;
at every decision the seat to act reads `get_observation()` (its text, numbered legal moves
included) and `legal_moves()`, then plays a random move by number (the same moves every repeat).
Only those two calls are timed, in CPU time of this process (`time.process_time`: on a shared
machine the wall clock counts the time other processes hold the core): one text observation per
decision. As `timeit` does, the best repeat is the figure (the machine's other load only slows a
repeat down, through the caches and the core's other hyperthread); the median repeat is beside
it. Targets: 5,000 a second for Duel, 2,000 for 7 Wonders at 7 players.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from wonders_env import text

TABLES = (("Duel", "seven_wonders_duel", {}, 5000),
          ("7 Wonders 1st, 3 players", "seven_wonders", {"num_players": 3}, None),
          ("7 Wonders 1st, 7 players", "seven_wonders", {"num_players": 7}, 2000),
          ("7 Wonders 2nd, 7 players", "seven_wonders", {"num_players": 7, "edition": "2nd"}, 2000),
          ("7 Wonders 1st, 7 players, payment=choose", "seven_wonders", {"num_players": 7, "payment": "choose"}, 2000))


def observations_per_second(game_name: str, options: dict, games: int) -> float:
    """Text observations a second over ``games`` games (seeds 0, 1, ...), random moves seeded alike."""
    game = text.make(game_name, **options)
    count, seconds = 0, 0.0
    for seed in range(games):
        rng = np.random.default_rng(seed)
        game.reset(seed=seed)
        done = False
        while not done:
            started = time.process_time()
            game.get_observation()
            moves = game.legal_moves()
            seconds += time.process_time() - started
            count += 1
            done, _ = game.step(str(int(rng.integers(len(moves))) + 1))
    return count / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per repeat (default 10)")
    parser.add_argument("--repeats", type=int, default=7, help="repeats of those games (default 7)")
    args = parser.parse_args()
    print("| table | text observations per CPU second (best repeat) | median repeat | target |")
    print("| --- | --- | --- | --- |")
    for label, game_name, options, target in TABLES:
        rates = [observations_per_second(game_name, options, args.games) for _ in range(args.repeats)]
        print(f"| {label} | {max(rates):,.0f} | {statistics.median(rates):,.0f} | "
              f"{f'{target:,}' if target else '-'} |", flush=True)


if __name__ == "__main__":
    main()
