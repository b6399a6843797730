"""``wonders tournament``: agents against each other, win rates and ratings (:mod:`wonders_agents.tournament`)."""

from __future__ import annotations

import argparse
import sys

from wonders_agents import AGENT_NAMES
from wonders_env.registry import resolve_game

from .game_arguments import add_game_arguments, table_arguments

#: the help of an agent spec, shared with ``wonders play``
AGENT_HELP = (f"agent specs: {', '.join(AGENT_NAMES)}, optionally with options, e.g. "
              "mcts:simulations=100 or mcts:time_limit=0.5")


def add_subcommand(commands: argparse._SubParsersAction) -> None:
    """Add ``tournament`` to the ``wonders`` parser's subcommands."""
    parser = commands.add_parser(
        "tournament", help="play agents against each other and report win rates and ratings", allow_abbrev=False,
        description="Play many games between agents in parallel processes, seats rotated, and write "
                    "summary.json, games.csv, win_rates.csv and win_rates.png.")
    add_game_arguments(parser)
    parser.add_argument("--agents", nargs="+", default=[], metavar="AGENT", help=AGENT_HELP)
    parser.add_argument("--lineup", nargs="+", action="append", metavar="AGENT",
                        help="the agent of every seat (repeat for several lineups); replaces the "
                             "default: pairs with 2 players, one agent against a field of another with more")
    parser.add_argument("--games", type=int, default=100,
                        help="total games, shared by the lineups, each rounded up to a multiple of the "
                             "player count (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="tournament seed (default 0)")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: CPU count)")
    parser.add_argument("--out", default=None, help="results folder (default runs/tournament_GAME)")
    parser.add_argument("--save-records", default=None, metavar="DIR",
                        help="save every game's record (JSON, replayable in `wonders serve`) in DIR")
    parser.add_argument("--no-plot", action="store_true", help="skip the PNG (no matplotlib needed)")
    parser.add_argument("--no-ratings", action="store_true", help="skip OpenSkill ratings (no openskill needed)")
    parser.set_defaults(handler=tournament_command)


def tournament_command(args: argparse.Namespace) -> None:
    from wonders_agents.tournament import load_matplotlib, run_tournament
    if not args.agents and not args.lineup:
        sys.exit("wonders tournament: give --agents (two or more) or --lineup")
    if args.games < 1:
        sys.exit("wonders tournament: --games must be at least 1")
    try:
        if not args.no_plot:
            load_matplotlib()
        result = run_tournament(args.game, args.agents, games=args.games, num_players=args.players,
                                lineups=args.lineup, edition=args.edition, seed=args.seed,
                                workers=args.workers, ratings=not args.no_ratings, save_records=args.save_records,
                                **table_arguments(args))
    except (ValueError, TypeError, ImportError, OSError) as error:  # bad settings, agent options, policy
        # files, a records folder that cannot be written
        sys.exit(f"wonders tournament: {error}")
    print(result.report())
    out = args.out or f"runs/tournament_{resolve_game(args.game)}"
    for path in result.save(out, plot=not args.no_plot):
        print(f"wrote {path}")
