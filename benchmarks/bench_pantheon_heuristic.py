"""The Duel heuristic on the Pantheon table against a copy of itself that never activates a
divinity and takes the other Pantheon decisions at random (issue 43): its win rate with the Wilson
interval, seats rotated, on the Python engine (``--engine``; the core once it plays the table).

    .venv/bin/python benchmarks/bench_pantheon_heuristic.py --games 400
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from wonders_agents.heuristic import HeuristicAgent
from wonders_agents.tournament import wilson_interval
from wonders_env import make_engine
from wonders_env.duel.actions import ActionKind, action_table
from wonders_env.duel.state import Phase


def without_pantheon(game, agent: HeuristicAgent, rng: np.random.Generator, state, player: int) -> int:
    """The copy's move: never an activation, a Pantheon decision at random, else the heuristic's."""
    legal = game.legal_actions(state, player)
    if state.phase == Phase.CHOOSE:
        return int(rng.choice(legal))
    table = action_table(state.db)
    plain = [a for a in legal if table.decode(a)[0] is not ActionKind.ACTIVATE]
    values = agent.valuation.action_values(state, player, plain, game) + rng.random(len(plain)) * 1e-6
    return plain[int(np.argmax(values))]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--engine", default="python")
    args = parser.parse_args(argv)
    game = make_engine("duel", args.engine, expansions=("pantheon",))
    wins = draws = 0
    start = time.perf_counter()
    for index in range(args.games):
        seat = index % 2  # the full heuristic's seat, rotated
        full, copy = HeuristicAgent("duel", seed=index), HeuristicAgent("duel", seed=10**6 + index)
        rng = np.random.default_rng(index)
        state = game.new_game(index)
        while not game.is_over(state):
            player = game.acting_players(state)[0]
            action = (full.choose(game, state, player) if player == seat
                      else without_pantheon(game, copy, rng, state, player))
            game.apply_actions(state, {player: action})
        winners = game.winners(state)
        wins += winners == [seat]
        draws += len(winners) == 2
    credit = wins + draws / 2
    low, high = wilson_interval(credit, args.games)
    print(f"heuristic vs its copy without Pantheon ({args.engine} engine): {args.games} games, {wins} wins, "
          f"{draws} draws: {credit / args.games:.1%} [{low:.1%}, {high:.1%}] in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
