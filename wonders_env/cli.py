"""The `wonders` command line.

    wonders demo [--games 200] [--players 4]   play random games of both games and print statistics
    wonders tournament --game duel --agents heuristic mcts random --games 400
    wonders play --game duel --opponent heuristic
    wonders serve [--host 127.0.0.1] [--port 8000]   play, watch and replay in the browser

`tournament` and `play` come from :mod:`agents.cli` (see there for their options), `serve` from
:mod:`wonders_env.web.command` (the web app; the ``web`` extra: ``pip install -e '.[web]'``).

Through PettingZoo's AEC API only, as a user would; results come from `game_record()`.
"""

from __future__ import annotations

import argparse
import importlib.util
import time
from collections import Counter, defaultdict

import numpy as np
from tqdm import tqdm

from agents.cli import add_subcommands

from . import seven_wonders_v0
from .web.command import add_subcommand as add_serve_subcommand

SCORE_CATEGORIES = ("military", "treasury", "wonder", "civilian", "science", "commercial", "guilds")


def random_game(env, seed: int) -> dict:
    """Play one game with uniformly random legal actions; returns its game record."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[rng.integers(len(legal))]))
    return env.unwrapped.game_record()


def seven_wonders_demo(games: int, players: int) -> None:
    env = seven_wonders_v0.env(num_players=players)
    totals: dict[str, list[int]] = defaultdict(list)
    wins: Counter = Counter()
    seats: Counter = Counter()
    decisions = 0
    start = time.perf_counter()
    for seed in tqdm(range(games), desc=f"7 Wonders, {players} players", unit="game"):
        record = random_game(env, seed)
        decisions += sum(1 for a in record["actions"] if a["kind"] != "discard")
        for player in record["players"][:players]:
            board = f"{player['wonder']} {player['side']}"
            seats[board] += 1
            wins[board] += player["agent"] in record["winners"]
            for category in (*SCORE_CATEGORIES, "total"):
                totals[category].append(player["score"][category])
    elapsed = time.perf_counter() - start
    print(f"\n7 Wonders, {players} random players, {games} games ({decisions / elapsed:,.0f} decisions/s)")
    print("average score: " + ", ".join(f"{c} {np.mean(totals[c]):.1f}" for c in (*SCORE_CATEGORIES, "total")))
    print("win rate by board (random play):")
    for board in sorted(seats, key=lambda b: -wins[b] / seats[b]):
        print(f"  {board:<16} {wins[board] / seats[board]:6.1%} of {seats[board]} games")


def duel_demo(games: int) -> None:
    if importlib.util.find_spec("wonders_env.seven_wonders_duel_v0") is None:
        print("\n7 Wonders Duel: not available in this version")
        return
    from . import seven_wonders_duel_v0

    env = seven_wonders_duel_v0.env()
    victories: Counter = Counter()
    first_player_wins = 0
    for seed in tqdm(range(games), desc="7 Wonders Duel", unit="game"):
        record = random_game(env, seed)
        victories[record["victory"]] += 1
        first_player_wins += record["winners"] == ["player_0"]
    print(f"\n7 Wonders Duel, random players, {games} games")
    print("victories: " + ", ".join(f"{kind} {count}" for kind, count in victories.most_common()))
    print(f"player_0 won {first_player_wins / games:.1%}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="wonders", description="7 Wonders and 7 Wonders Duel environments")
    commands = parser.add_subparsers(dest="command", required=True)
    demo = commands.add_parser("demo", help="play random games of both games and print statistics")
    demo.add_argument("--games", type=int, default=200, help="games per game type (default 200)")
    demo.add_argument("--players", type=int, default=4, help="7 Wonders player count, 2-7 (default 4)")
    add_subcommands(commands)  # tournament, play
    add_serve_subcommand(commands)
    args = parser.parse_args(argv)
    if args.command != "demo":
        args.handler(args)
        return
    if args.games < 1:
        parser.error("--games must be at least 1")
    if not 2 <= args.players <= 7:
        parser.error("--players must be from 2 to 7")
    seven_wonders_demo(args.games, args.players)
    duel_demo(args.games)


if __name__ == "__main__":
    main()
