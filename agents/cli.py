"""The ``wonders`` command line: ``demo``, ``tournament`` and ``play``.

    wonders demo [--games 200] [--players 4]   random games of every game, and their statistics
    wonders tournament --game duel --agents heuristic mcts random --games 400
    wonders tournament --game seven_wonders --players 4 --agents heuristic random --games 200
    wonders tournament --game seven_wonders --lineup mcts heuristic heuristic heuristic --games 100
    wonders play --game duel --opponent heuristic
    wonders play --game seven_wonders --players 3 --opponent mcts --seat 1
    wonders serve [--host 127.0.0.1] [--port 8000]   play, watch and replay in the browser
    wonders arena --game duel --model NAME=llm:base_url=URL,model=MODEL   rank language models

It sits above the library and the agents (nothing imports it). :func:`add_subcommands` adds
``tournament`` and ``play`` to an ``argparse`` subparsers object; each sets ``handler``, the
function that runs the parsed arguments; ``serve`` comes from :mod:`wonders_web.command` (the
web app; the ``web`` extra: ``pip install -e '.[web]'``). The demo plays through PettingZoo's AEC API only, as a
user would, and reads its results from ``game_record()``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict

import numpy as np
from tqdm import tqdm

import wonders_env

from wonders_env.registry import GAME_NAMES, GAMES, resolve_game
from wonders_web.command import add_subcommand as add_serve_subcommand

from . import AGENT_NAMES
from .arena import add_subcommand as add_arena_subcommand
from .random_agent import random_game


def add_subcommands(commands: argparse._SubParsersAction) -> None:
    """Add ``tournament`` and ``play`` to the ``wonders`` parser's subcommands."""
    games = list(GAME_NAMES)
    agent_help = (f"agent specs: {', '.join(AGENT_NAMES)}, optionally with options, e.g. "
                  "mcts:simulations=100 or mcts:time_limit=0.5")
    tournament = commands.add_parser(
        "tournament", help="play agents against each other and report win rates and ratings", allow_abbrev=False,
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
    tournament.add_argument("--save-records", default=None, metavar="DIR",
                            help="save every game's record (JSON, replayable in `wonders serve`) in DIR")
    tournament.add_argument("--no-plot", action="store_true", help="skip the PNG (no matplotlib needed)")
    tournament.add_argument("--no-ratings", action="store_true", help="skip OpenSkill ratings (no openskill needed)")
    tournament.set_defaults(handler=tournament_command)

    play = commands.add_parser("play", help="play a game against the bots in the terminal", allow_abbrev=False,
                               description="Play against bots: the table and your legal moves with their "
                                           "costs and effects are shown; answer with a move number.")
    play.add_argument("--game", choices=games, default="seven_wonders_duel", help="default: duel")
    play.add_argument("--opponent", default="heuristic", metavar="AGENT",
                      help=f"the bots, an agent spec as in the tournament (default heuristic); {agent_help}, "
                           "or ppo:path=runs/duel/policy.pt for a policy you trained")
    play.add_argument("--players", type=int, default=None, help="7 Wonders: 2-7 (default 4)")
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    play.add_argument("--seed", type=int, default=None, help="game seed (default: random)")
    play.add_argument("--edition", default="1st", help="7 Wonders edition: 1st or 2nd (default 1st)")
    play.add_argument("--payment", choices=("cheapest", "choose"), default=None,
                      help="7 Wonders: 'choose' to choose whom to pay (default: the cheapest way)")
    play.set_defaults(handler=play_command)


def tournament_command(args: argparse.Namespace) -> None:
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
                                workers=args.workers, ratings=not args.no_ratings, save_records=args.save_records)
    except (ValueError, TypeError, ImportError, OSError) as error:  # bad settings, agent options, policy
        # files, a records folder that cannot be written
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
    except (ValueError, TypeError, ImportError) as error:  # bad settings, agent options, policy files
        sys.exit(f"wonders play: {error}")
    except KeyboardInterrupt:
        print("\nGame abandoned.")


def demo(games: int, players: int) -> None:
    """Play ``games`` random games of every registered game (``players`` where the game allows
    it) and print the average scores, the win rate of each seat, and where the record has them,
    the victory kinds and the win rate of each board."""
    for name, entry in GAMES.items():
        count = players if players in entry.player_counts else entry.default_players
        env = wonders_env.make(name, count)
        totals: dict[str, list[int]] = defaultdict(list)
        seat_wins, victories, board_games, board_wins = Counter(), Counter(), Counter(), Counter()
        moves = 0
        start = time.perf_counter()
        for seed in tqdm(range(games), desc=f"{name}, {count} players", unit="game"):
            record = random_game(env, seed)
            moves += len(record["actions"])
            victories[record.get("victory")] += 1
            for player in record["players"][:count]:
                won = player["agent"] in record["winners"]
                seat_wins[player["agent"]] += won / len(record["winners"])
                for category, points in player["score"].items():
                    totals[category].append(points)
                if "wonder" in player:
                    board = f"{player['wonder']} {player['side']}"
                    board_games[board] += 1
                    board_wins[board] += won
        elapsed = time.perf_counter() - start
        print(f"\n{name}, {count} random players, {games} games ({moves / elapsed:,.0f} recorded moves/s)")
        print("average score: " + ", ".join(f"{c} {np.mean(points):.1f}" for c, points in totals.items()))
        print("wins by seat: " + ", ".join(f"{agent} {wins / games:.1%}" for agent, wins in sorted(seat_wins.items())))
        if None not in victories:
            print("victories: " + ", ".join(f"{kind} {n}" for kind, n in victories.most_common()))
        if board_games:
            print("win rate by board (random play):")
            for board in sorted(board_games, key=lambda b: -board_wins[b] / board_games[b]):
                print(f"  {board:<16} {board_wins[board] / board_games[board]:6.1%} of {board_games[board]} games")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="wonders", description="7 Wonders and 7 Wonders Duel environments")
    commands = parser.add_subparsers(dest="command", required=True)
    demo_parser = commands.add_parser("demo", help="play random games of every game and print statistics")
    demo_parser.add_argument("--games", type=int, default=200, help="games per game type (default 200)")
    demo_parser.add_argument("--players", type=int, default=4, help="7 Wonders player count, 2-7 (default 4)")
    add_subcommands(commands)  # tournament, play
    add_arena_subcommand(commands)
    add_serve_subcommand(commands)
    args = parser.parse_args(argv)
    if args.command != "demo":
        args.handler(args)
        return
    if args.games < 1:
        parser.error("--games must be at least 1")
    if not 2 <= args.players <= 7:
        parser.error("--players must be from 2 to 7")
    demo(args.games, args.players)


if __name__ == "__main__":
    main()
