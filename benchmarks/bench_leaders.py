"""The heuristic against random on the Leaders table: one ``heuristic`` seat against three
``random`` seats at 4 players with ``expansions=("leaders",)``, the heuristic's seat rotated game by
game; prints its win rate (a shared victory counts as a split win) with the 95% Wilson interval.

    .venv/bin/python benchmarks/bench_leaders.py --games 400 --engine python

The figure and the day it was measured are in ``benchmarks/README.md``.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import wonders_env
from wonders_agents import make_agent
from wonders_agents.match import play_game
from wonders_agents.tournament import wilson_interval

PLAYERS = 4


def play(games: int, seed: int, engine: str) -> tuple[float, float]:
    """The heuristic's wins (split wins counted as shares) over ``games`` games, and the seconds taken."""
    env = wonders_env.make("seven_wonders", PLAYERS, "1st", raw=True, expansions=("leaders",), engine=engine)
    wins = 0.0
    start = time.perf_counter()
    for index in range(games):
        game_seed, *agent_seeds = (int(s) for s in np.random.SeedSequence([seed, index]).generate_state(1 + PLAYERS))
        heuristic_seat = index % PLAYERS
        agents = [make_agent("heuristic" if seat == heuristic_seat else "random", game="seven_wonders",
                             seed=agent_seeds[seat]) for seat in range(PLAYERS)]
        winners = play_game(env, agents, game_seed).winners
        if heuristic_seat in winners:
            wins += 1 / len(winners)
    return wins, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--engine", default="python", choices=("python", "core"))
    args = parser.parse_args()
    wins, seconds = play(args.games, args.seed, args.engine)
    low, high = wilson_interval(wins, args.games)
    print(f"heuristic vs 3 random, 4 players with Leaders ({args.engine} engine): {wins:g} wins of {args.games} "
          f"games, {wins / args.games:.1%} [{low:.1%}, {high:.1%}]; {seconds:.0f} s")


if __name__ == "__main__":
    main()
