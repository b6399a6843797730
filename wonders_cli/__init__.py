"""The ``wonders`` command line: one module per subcommand.

    wonders demo [--games 200] [--players 4]   random games of every game, and their statistics
    wonders tournament --game duel --agents heuristic mcts random --games 400
    wonders tournament --game seven_wonders --players 4 --agents heuristic random --games 200
    wonders tournament --game seven_wonders --lineup mcts heuristic heuristic heuristic --games 100
    wonders play --game duel --opponent heuristic
    wonders play --game seven_wonders --players 3 --opponent mcts --seat 1
    wonders serve [--host 127.0.0.1] [--port 8000]   play, watch and replay in the browser
    wonders arena --game duel --model NAME=llm:base_url=URL,model=MODEL   rank language models

Also ``python -m wonders_cli ...``. The package sits above the library, the agents, the training
and the web app, and nothing imports it. Each module (:mod:`.demo`, :mod:`.tournament`,
:mod:`.play`, :mod:`.serve`, :mod:`.arena`) has ``add_subcommand``, which adds its subcommand to
an ``argparse`` subparsers object and sets ``handler``, the function that runs the parsed
arguments; :mod:`.game_arguments` adds the options that choose the game. ``serve`` needs the web
extra (``pip install -e '.[web]'``) only when it runs.
"""

from __future__ import annotations

import argparse

from . import arena, demo, play, serve, tournament

SUBCOMMANDS = (demo, tournament, play, serve, arena)


def build_parser() -> argparse.ArgumentParser:
    """The ``wonders`` parser with every subcommand."""
    parser = argparse.ArgumentParser(prog="wonders", description="7 Wonders and 7 Wonders Duel environments")
    commands = parser.add_subparsers(dest="command", required=True)
    for module in SUBCOMMANDS:
        module.add_subcommand(commands)
    return parser


def main(argv: list[str] | None = None) -> None:
    """Run ``wonders`` with ``argv`` (default: the process's arguments)."""
    args = build_parser().parse_args(argv)
    args.handler(args)
