"""``wonders demo``: random games of every registered game and their statistics.

The demo plays through PettingZoo's AEC API only, as a user would, and reads its results from
``game_record()``.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter, defaultdict

import numpy as np
from tqdm import tqdm

import wonders_env
from wonders_agents.random_agent import random_game
from wonders_env.registry import GAMES


def add_subcommand(commands: argparse._SubParsersAction) -> None:
    """Add ``demo`` to the ``wonders`` parser's subcommands."""
    parser = commands.add_parser("demo", help="play random games of every game and print statistics")
    parser.add_argument("--games", type=int, default=200, help="games per game type (default 200)")
    parser.add_argument("--players", type=int, default=4, help="7 Wonders player count, 2-7 (default 4)")
    parser.set_defaults(handler=lambda args: demo_command(parser, args))


def demo_command(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    if args.games < 1:
        parser.error("--games must be at least 1")
    if not 2 <= args.players <= 7:
        parser.error("--players must be from 2 to 7")
    demo(args.games, args.players)


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
