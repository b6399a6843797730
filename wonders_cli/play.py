"""``wonders play``: a game against the bots in the terminal (:mod:`wonders_agents.play`)."""

from __future__ import annotations

import argparse
import sys

from .game_arguments import add_game_arguments, table_arguments
from .tournament import AGENT_HELP


def add_subcommand(commands: argparse._SubParsersAction) -> None:
    """Add ``play`` to the ``wonders`` parser's subcommands."""
    parser = commands.add_parser("play", help="play a game against the bots in the terminal", allow_abbrev=False,
                                 description="Play against bots: the table and your legal moves with their "
                                             "costs and effects are shown; answer with a move number.")
    add_game_arguments(parser)
    parser.add_argument("--opponent", default="heuristic", metavar="AGENT",
                        help=f"the bots, an agent spec as in the tournament (default heuristic); {AGENT_HELP}, "
                             "or ppo:path=runs/duel/policy.pt for a policy you trained")
    parser.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    parser.add_argument("--seed", type=int, default=None, help="game seed (default: random)")
    parser.add_argument("--payment", choices=("cheapest", "choose"), default=None,
                        help="7 Wonders: 'choose' to choose whom to pay (default: the cheapest way)")
    parser.set_defaults(handler=play_command)


def play_command(args: argparse.Namespace) -> None:
    from wonders_agents.play import play_human
    try:
        options = {"payment": args.payment} if args.payment else {}
        options.update(table_arguments(args))
        play_human(args.game, args.opponent, num_players=args.players, seat=args.seat, seed=args.seed,
                   edition=args.edition, **options)
    except (ValueError, TypeError, ImportError) as error:  # bad settings, agent options, policy files
        sys.exit(f"wonders play: {error}")
    except KeyboardInterrupt:
        print("\nGame abandoned.")
