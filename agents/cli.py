"""The ``wonders tournament`` and ``wonders play`` subcommands, for the ``wonders`` command line.

    wonders tournament --game duel --agents heuristic mcts random --games 400
    wonders tournament --game seven_wonders --players 4 --agents heuristic random --games 200
    wonders tournament --game seven_wonders --lineup mcts heuristic heuristic heuristic --games 100
    wonders play --game duel --opponent heuristic
    wonders play --game seven_wonders --players 3 --opponent mcts --seat 1

:func:`add_subcommands` adds both to an ``argparse`` subparsers object; each sets ``handler``,
the function that runs the parsed arguments.
"""

from __future__ import annotations

import argparse
import sys

from . import AGENT_NAMES
from .match import GAME_ALIASES, GAMES


def add_subcommands(commands: argparse._SubParsersAction) -> None:
    """Add ``tournament`` and ``play`` to the ``wonders`` parser's subcommands."""
    games = [*GAMES, *GAME_ALIASES]
    agent_help = (f"agent specs: {', '.join(AGENT_NAMES)}, optionally with options, e.g. "
                  "mcts:simulations=100 or mcts:time_limit=0.5")
    tournament = commands.add_parser(
        "tournament", help="play agents against each other and report win rates and ratings",
        description="Play many games between agents in parallel processes, seats rotated, and write "
                    "summary.json, games.csv, win_rates.csv and win_rates.png.")
    tournament.add_argument("--game", choices=games, default="seven_wonders_duel", help="default: duel")
    tournament.add_argument("--agents", nargs="+", default=[], metavar="AGENT", help=agent_help)
    tournament.add_argument("--lineup", nargs="+", action="append", metavar="AGENT",
                            help="the agent of every seat (repeat for several lineups); replaces the "
                                 "default: pairs with 2 players, one agent against a field of another with more")
    tournament.add_argument("--games", type=int, default=100,
                            help="total games, shared by the lineups, each rounded up to a multiple of the "
                                 "player count (default 100)")
    tournament.add_argument("--players", type=int, default=None, help="7 Wonders: 2-7 (default 4)")
    tournament.add_argument("--edition", default="1st", help="7 Wonders edition: 1st or 2nd (default 1st)")
    tournament.add_argument("--seed", type=int, default=0, help="tournament seed (default 0)")
    tournament.add_argument("--workers", type=int, default=None, help="processes (default: CPU count)")
    tournament.add_argument("--out", default=None, help="results folder (default runs/tournament_GAME)")
    tournament.add_argument("--no-plot", action="store_true", help="skip the PNG (no matplotlib needed)")
    tournament.add_argument("--no-ratings", action="store_true", help="skip OpenSkill ratings (no openskill needed)")
    tournament.set_defaults(handler=tournament_command)

    play = commands.add_parser("play", help="play a game against the bots in the terminal",
                               description="Play against bots: the table and your legal moves with their "
                                           "costs are shown; answer with a move number.")
    play.add_argument("--game", choices=games, default="seven_wonders_duel", help="default: duel")
    play.add_argument("--opponent", default="heuristic", choices=AGENT_NAMES, help="the bots (default heuristic)")
    play.add_argument("--players", type=int, default=None, help="7 Wonders: 2-7 (default 4)")
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    play.add_argument("--seed", type=int, default=None, help="game seed (default: random)")
    play.add_argument("--edition", default="1st", help="7 Wonders edition: 1st or 2nd (default 1st)")
    play.add_argument("--payment", choices=("cheapest", "choose"), default=None,
                      help="7 Wonders: 'choose' to choose whom to pay (default: the cheapest way)")
    play.set_defaults(handler=play_command)


def tournament_command(args: argparse.Namespace) -> None:
    from .match import resolve_game
    from .tournament import load_matplotlib, run_tournament
    if not args.agents and not args.lineup:
        sys.exit("wonders tournament: give --agents (two or more) or --lineup")
    if args.games < 1:
        sys.exit("wonders tournament: --games must be at least 1")
    try:
        if not args.no_plot:
            load_matplotlib()
        result = run_tournament(args.game, args.agents, games=args.games, num_players=args.players,
                                lineups=args.lineup, edition=args.edition, seed=args.seed,
                                workers=args.workers, ratings=not args.no_ratings)
    except (ValueError, ImportError) as error:
        sys.exit(f"wonders tournament: {error}")
    print(result.report())
    out = args.out or f"runs/tournament_{resolve_game(args.game)}"
    for path in result.save(out, plot=not args.no_plot):
        print(f"wrote {path}")


def play_command(args: argparse.Namespace) -> None:
    from .play import play_human
    try:
        options = {"payment": args.payment} if args.payment else {}
        play_human(args.game, args.opponent, num_players=args.players, seat=args.seat, seed=args.seed,
                   edition=args.edition, **options)
    except ValueError as error:
        sys.exit(f"wonders play: {error}")
    except KeyboardInterrupt:
        print("\nGame abandoned.")
