"""``wonders arena``: language models against the ladder of bots and each other (:mod:`wonders_agents.arena`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from wonders_agents.arena import LADDER, run_arena
from wonders_env.registry import resolve_game

from .game_arguments import add_game_arguments, table_arguments


def add_subcommand(commands: argparse._SubParsersAction) -> None:
    """Add ``arena`` to the ``wonders`` parser's subcommands."""
    parser = commands.add_parser(
        "arena", help="rank language models against the bots and each other", allow_abbrev=False,
        description="Play llm agents against the ladder of bots and each other, seats rotated; write "
                    "leaderboard.md and leaderboard.json; run again to resume after an interruption.")
    add_game_arguments(parser)
    parser.add_argument("--model", action="append", required=True, metavar="[LABEL=]SPEC",
                        help="a model to rank (repeat for several), e.g. "
                             "qwen=llm:base_url=http://127.0.0.1:8000/v1,model=qwen2.5-7b-instruct")
    parser.add_argument("--ladder", nargs="*", default=None, metavar="AGENT",
                        help=f"the bots to meet, agent specs (default: those of {', '.join(LADDER)} "
                             "that play the game)")
    parser.add_argument("--games", type=int, default=10, help="games per lineup (default 10)")
    parser.add_argument("--seed", type=int, default=0, help="arena seed (default 0)")
    parser.add_argument("--out", default=None, help="results folder, where a run resumes (default runs/arena_GAME)")
    parser.set_defaults(handler=arena_command)


def arena_command(args: argparse.Namespace) -> None:
    out = args.out or f"runs/arena_{resolve_game(args.game)}"
    try:
        arena = run_arena(args.game, args.model, ladder=args.ladder, games=args.games, num_players=args.players,
                          edition=args.edition, seed=args.seed, out=out, **table_arguments(args))
    except (ValueError, TypeError, ImportError, OSError) as error:
        sys.exit(f"wonders arena: {error}")
    print(arena.markdown())
    print(f"wrote {Path(out) / 'leaderboard.md'} and {Path(out) / 'leaderboard.json'}")
