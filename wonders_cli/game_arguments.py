"""The options that choose the game and its table, the same in every subcommand that plays one."""

from __future__ import annotations

import argparse

from wonders_env.registry import GAME_NAMES


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--game``, ``--players`` and ``--edition`` to ``parser`` (the registry checks their values)."""
    parser.add_argument("--game", choices=list(GAME_NAMES), default="seven_wonders_duel", help="default: duel")
    parser.add_argument("--players", type=int, default=None, help="7 Wonders: 2-7 (default 4)")
    parser.add_argument("--edition", default="1st", help="7 Wonders edition: 1st or 2nd (default 1st)")
