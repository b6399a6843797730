"""The heuristic on the Leaders table: one ``heuristic`` seat against three others at 4 players with
``expansions=("leaders",)``, the heuristic's seat rotated game by game; prints its win rate (a shared
victory counts as a split win) with the 95% Wilson interval. The field: ``random`` seats, or
(``--field random-leaders``) heuristics that choose their Leaders moves (draft, recruitment, copy)
at random, which measures what the heuristic's leader choices are worth.

    .venv/bin/python benchmarks/bench_leaders.py --games 400 --engine python
    .venv/bin/python benchmarks/bench_leaders.py --games 400 --engine python --field random-leaders

The figure and the day it was measured are in ``benchmarks/README.md``.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import wonders_env
from wonders_agents import make_agent
from wonders_agents.heuristic import HeuristicAgent
from wonders_agents.match import play_game
from wonders_agents.tournament import wilson_interval
from wonders_env.seven_wonders.state import LEADER_PHASES

PLAYERS = 4


class RandomLeadersHeuristic(HeuristicAgent):
    """The heuristic, except for a uniformly random legal move in the Leaders phases."""

    def choose(self, game, state, player: int) -> int:
        if state.phase in LEADER_PHASES:
            legal = game.legal_actions(state, player)
            return legal[int(self.rng.integers(len(legal)))]
        return super().choose(game, state, player)


def opponent(field: str, seed: int):
    if field == "random":
        return make_agent("random", game="seven_wonders", seed=seed)
    return RandomLeadersHeuristic("seven_wonders", seed)


def play(games: int, seed: int, engine: str, field: str = "random") -> tuple[float, float]:
    """The heuristic's wins (split wins counted as shares) over ``games`` games against three
    ``field`` seats, and the seconds taken."""
    env = wonders_env.make("seven_wonders", PLAYERS, "1st", raw=True, expansions=("leaders",), engine=engine)
    wins = 0.0
    start = time.perf_counter()
    for index in range(games):
        game_seed, *agent_seeds = (int(s) for s in np.random.SeedSequence([seed, index]).generate_state(1 + PLAYERS))
        heuristic_seat = index % PLAYERS
        agents = [make_agent("heuristic", game="seven_wonders", seed=agent_seeds[seat]) if seat == heuristic_seat
                  else opponent(field, agent_seeds[seat]) for seat in range(PLAYERS)]
        winners = play_game(env, agents, game_seed).winners
        if heuristic_seat in winners:
            wins += 1 / len(winners)
    return wins, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--engine", default="python", choices=("python", "core"))
    parser.add_argument("--field", default="random", choices=("random", "random-leaders"))
    args = parser.parse_args()
    wins, seconds = play(args.games, args.seed, args.engine, args.field)
    low, high = wilson_interval(wins, args.games)
    print(f"heuristic vs 3 {args.field}, 4 players with Leaders ({args.engine} engine): {wins:g} wins of {args.games} "
          f"games, {wins / args.games:.1%} [{low:.1%}, {high:.1%}]; {seconds:.0f} s")


if __name__ == "__main__":
    main()
