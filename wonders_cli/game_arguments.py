"""The options that choose the game and its table, the same in every subcommand that plays one."""

from __future__ import annotations

import argparse
from typing import Any

from wonders_env.registry import GAME_NAMES, GAMES, entry

#: every engine of some game (the registry checks that the game has it)
ENGINES = tuple(sorted({engine for game in GAMES.values() for engine in game.engines}))


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--game``, ``--players``, ``--edition``, ``--expansions`` and ``--engine`` to ``parser``
    (the registry checks their values)."""
    parser.add_argument("--game", choices=list(GAME_NAMES), default="seven_wonders_duel", help="default: duel")
    parser.add_argument("--players", type=int, default=None, help="7 Wonders: 2-7 (default 4)")
    parser.add_argument("--edition", default="1st", help="7 Wonders edition: 1st or 2nd (default 1st)")
    known = "; ".join(f"{game.name}: {', '.join(game.expansions)}" for game in GAMES.values() if game.expansions)
    parser.add_argument("--expansions", action="append", default=[], metavar="NAME[,NAME]",
                        help=f"an expansion of the game's table, repeatable or comma-separated ({known}; "
                             "default: none)")
    parser.add_argument("--engine", choices=ENGINES, default=None,
                        help="the rules engine (default: core, the compiled one; python: the readable reference)")


def table_arguments(args: argparse.Namespace) -> dict[str, Any]:
    """The ``expansions`` and ``engine`` options of the parsed ``args``, checked by the registry (an
    unknown or repeated expansion raises ``ValueError`` naming the game's); only those given."""
    names = [name.strip() for given in args.expansions for name in given.split(",") if name.strip()]
    expansions = entry(args.game).check_expansions(names)
    return {**({"expansions": expansions} if expansions else {}), **({"engine": args.engine} if args.engine else {})}
