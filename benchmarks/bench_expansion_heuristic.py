"""The Duel heuristic on an expansion table against a copy of itself that plays without one of the
expansions' weighing (issues 43, 44): its win rate with the Wilson interval, seats rotated, on the
Python engine (``--engine``; the core once it plays the table).

The copy (``--without``) plays the heuristic's move except where the expansion named decides:

* ``pantheon``: it never activates a divinity and takes every Pantheon decision at random;
* ``agora``: it never prepares nor triggers a conspiracy and takes every Agora decision at random
  (a Politician's Senate actions and when to stop them, a Conspirator's cube or conspiracy, the
  conspiracy kept and where the other goes, the cubes placed, removed and moved, the conspiracies'
  and Curia Julia's choices); a Senator it recruits by the heuristic's value of the card.

    .venv/bin/python benchmarks/bench_expansion_heuristic.py --expansions pantheon --games 400
    .venv/bin/python benchmarks/bench_expansion_heuristic.py --expansions agora --games 400
    .venv/bin/python benchmarks/bench_expansion_heuristic.py --expansions pantheon agora --without agora
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from wonders_agents.heuristic import HeuristicAgent
from wonders_agents.tournament import wilson_interval
from wonders_env import make_engine
from wonders_env.duel.actions import ActionKind, action_table
from wonders_env.duel.cards import NONE
from wonders_env.duel.state import Phase

#: per expansion: the play actions the copy never takes
NEVER = {"pantheon": (ActionKind.ACTIVATE,), "agora": (ActionKind.PREPARE, ActionKind.TRIGGER)}


def expansion_deciding(state, expansion: str) -> bool:
    """Whether the decision now is one of ``expansion``'s sets."""
    if state.phase != Phase.CHOOSE:
        return False
    agora_choosing = state.agora is not None and state.agora.choice != NONE
    return agora_choosing == (expansion == "agora")


def without(expansion: str, game, agent: HeuristicAgent, rng: np.random.Generator, state, player: int) -> int:
    """The copy's move: never the expansion's actions (:data:`NEVER`), its decisions at random, else
    the heuristic's."""
    legal = game.legal_actions(state, player)
    if expansion_deciding(state, expansion):
        return int(rng.choice(legal))
    decode = action_table(state.db).decode
    plain = [a for a in legal if decode(a)[0] not in NEVER[expansion]]
    values = agent.valuation.action_values(state, player, plain, game) + rng.random(len(plain)) * 1e-6
    return plain[int(np.argmax(values))]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--expansions", nargs="+", choices=sorted(NEVER), default=["pantheon"])
    parser.add_argument("--without", choices=sorted(NEVER), help="the expansion the copy plays without "
                        "(default: the last of --expansions)")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--engine", default="python")
    args = parser.parse_args(argv)
    expansion = args.without or args.expansions[-1]
    if expansion not in args.expansions:
        parser.error(f"--without {expansion}: not among --expansions {args.expansions}")
    game = make_engine("duel", args.engine, expansions=tuple(args.expansions))
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
                      else without(expansion, game, copy, rng, state, player))
            game.apply_actions(state, {player: action})
        winners = game.winners(state)
        wins += winners == [seat]
        draws += len(winners) == 2
    credit = wins + draws / 2
    low, high = wilson_interval(credit, args.games)
    print(f"heuristic vs its copy without {expansion} on Duel with {' and '.join(args.expansions)} ({args.engine} "
          f"engine): {args.games} games, {wins} wins, {draws} draws: {credit / args.games:.1%} "
          f"[{low:.1%}, {high:.1%}] in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
