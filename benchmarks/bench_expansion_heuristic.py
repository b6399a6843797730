"""The Duel heuristic on an expansion table against a copy of itself that plays without one of the
expansions' weighing (issues 43, 44), against another version of its valuation, or against
``random``: its win rate with the Wilson interval, seats rotated, on the Python engine
(``--engine``; the core once it plays the table), each side's cards sold and seconds of decisions
a game.

The copy (``--without``) plays the heuristic's move except where the expansion named decides:

* ``pantheon``: it never activates a divinity and takes every Pantheon decision at random;
* ``agora``: it never prepares nor triggers a conspiracy and takes every Agora decision at random
  (a Politician's Senate actions and when to stop them, a Conspirator's cube or conspiracy, the
  conspiracy kept and where the other goes, the cubes placed, removed and moved, the conspiracies'
  and Curia Julia's choices); a Senator it recruits by the heuristic's value of the card.

``--against-valuation FILE`` plays every move by the ``action_values(game, state, player, legal)`` of
the expansion valuation module in ``FILE`` (an earlier version, which imports its sibling modules of
``wonders_agents`` relatively): ``git show REV:agents/expansion_valuation.py > /tmp/before.py``.
``--against-random`` plays the ``random`` agent's moves.

    .venv/bin/python benchmarks/bench_expansion_heuristic.py --expansions pantheon --games 400
    .venv/bin/python benchmarks/bench_expansion_heuristic.py --expansions agora --games 400
    .venv/bin/python benchmarks/bench_expansion_heuristic.py --expansions pantheon agora --without agora
    .venv/bin/python benchmarks/bench_expansion_heuristic.py --expansions agora --against-valuation /tmp/before.py
    .venv/bin/python benchmarks/bench_expansion_heuristic.py --expansions pantheon --against-random
"""

from __future__ import annotations

import argparse
import importlib.util
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

import wonders_agents
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


def valuation_from(path: Path) -> ModuleType:
    """The valuation module in the file ``path``, imported in the package ``wonders_agents`` (its
    relative imports read the package's modules)."""
    spec = importlib.util.spec_from_file_location(f"{wonders_agents.__name__}.{path.stem}_against", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if not hasattr(module, "action_values"):
        raise SystemExit(f"--against-valuation {path}: the module has no action_values(game, state, player, legal)")
    return module


def opponent(args: argparse.Namespace, game: Any, index: int,
             module: ModuleType | None) -> tuple[str, Callable[[Any, int], int]]:
    """The other side's name and its move in a state for a player, for game ``index`` (``module``:
    the valuation of ``--against-valuation``)."""
    rng = np.random.default_rng(index)
    if args.against_random:  # the random agent's move: uniform among the legal ones
        return "random", lambda state, player: int(rng.choice(game.legal_actions(state, player)))
    if module is not None:
        def move(state: Any, player: int) -> int:
            legal = game.legal_actions(state, player)
            if len(legal) == 1:
                return legal[0]
            values = module.action_values(game, state, player, legal) + rng.random(len(legal)) * 1e-6
            return legal[int(np.argmax(values))]
        return f"the valuation of {args.against_valuation}", move
    expansion = args.without or args.expansions[-1]
    copy = HeuristicAgent("duel", seed=10**6 + index)
    return (f"its copy without {expansion}",
            lambda state, player: without(expansion, game, copy, rng, state, player))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--expansions", nargs="+", choices=sorted(NEVER), default=["pantheon"])
    against = parser.add_mutually_exclusive_group()
    against.add_argument("--without", choices=sorted(NEVER), help="the expansion the copy plays without "
                         "(default: the last of --expansions)")
    against.add_argument("--against-valuation", type=Path, metavar="FILE",
                         help="play against the action_values of the valuation module in FILE")
    against.add_argument("--against-random", action="store_true", help="play against the random agent")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--engine", default="python")
    args = parser.parse_args(argv)
    if args.without and args.without not in args.expansions:
        parser.error(f"--without {args.without}: not among --expansions {args.expansions}")
    if args.against_valuation and not args.against_valuation.is_file():
        parser.error(f"--against-valuation {args.against_valuation}: no such file")
    module = valuation_from(args.against_valuation) if args.against_valuation else None
    game = make_engine("duel", args.engine, expansions=tuple(args.expansions))
    wins = draws = 0
    sells, seconds = [0, 0], [0.0, 0.0]  # the heuristic's, the other side's
    name = ""
    for index in range(args.games):
        seat = index % 2  # the heuristic's seat, rotated
        full = HeuristicAgent("duel", seed=index)
        name, other = opponent(args, game, index, module)
        state = game.new_game(index)
        decode = action_table(state.db).decode
        while not game.is_over(state):
            player = game.acting_players(state)[0]
            side = int(player != seat)
            start = time.perf_counter()
            action = full.choose(game, state, player) if side == 0 else other(state, player)
            seconds[side] += time.perf_counter() - start
            sells[side] += decode(action)[0] is ActionKind.SELL
            game.apply_actions(state, {player: action})
        winners = game.winners(state)
        wins += winners == [seat]
        draws += len(winners) == 2
    credit = wins + draws / 2
    low, high = wilson_interval(credit, args.games)
    print(f"heuristic vs {name} on Duel with {' and '.join(args.expansions)} ({args.engine} engine): "
          f"{args.games} games, {wins} wins, {draws} draws: {credit / args.games:.1%} [{low:.1%}, {high:.1%}]")
    print(f"cards sold a game: heuristic {sells[0] / args.games:.1f}, other {sells[1] / args.games:.1f}; seconds "
          f"of decisions a game: heuristic {seconds[0] / args.games:.3f}, other {seconds[1] / args.games:.3f}")


if __name__ == "__main__":
    main()
