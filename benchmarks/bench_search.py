"""Simulations per second of the ``mcts`` agent's two search engines and of ``az``, in the same run.

    .venv/bin/python benchmarks/bench_search.py                      # Duel and 7 Wonders 4p
    taskset -c 1 .venv/bin/python benchmarks/bench_search.py --positions 12

Positions are taken from seeded games played by the heuristic (every few decisions, all through
the game) on the Python engine. On each, the agent searches once with each engine from the
same Python env state: ``engine="core"`` (the C++ search; its time includes the conversion of
the Python state to the core and the heuristic prior, once per move) and ``engine="python"``
(the reference); and the ``az`` agent (the C++ search with the shipped network's priors and a
leaf value mixing the network and a play-out; its time includes the root's network evaluation),
when its network is shipped and torch is installed. The figure is simulations / search time,
summed over the positions.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from wonders_agents import agent_names, make_agent  # noqa: E402
from wonders_agents.mcts import MCTSAgent  # noqa: E402
from wonders_env.registry import make_engine  # noqa: E402


def positions(game_name: str, count: int, num_players: int | None, seed: int) -> list[tuple]:
    """(engine, state, player) at evenly spread decisions of heuristic games."""
    game = make_engine(game_name, "python", num_players=num_players)
    bot = make_agent("heuristic", game=game_name, seed=seed).choose
    found = []
    game_seed = seed
    while len(found) < count:
        state = game.new_game(game_seed)
        step = 0
        while not game.is_over(state) and len(found) < count:
            acting = game.acting_players(state)
            if step % 9 == 4 and len(game.legal_actions(state, acting[0])) > 1:
                found.append((game, game.clone(state), acting[0]))
            game.apply_actions(state, {p: bot(game, state, p) for p in acting})
            step += 1
        game_seed += 1
    return found


def rate(agent: Any, cases: list[tuple]) -> tuple[float, int, float]:
    """(simulations per second, simulations, seconds) of ``agent`` over ``cases``."""
    simulations, seconds = 0, 0.0
    for game, state, player in cases:
        start = time.perf_counter()
        agent.search(game, state, player)
        seconds += time.perf_counter() - start
        simulations += agent.last_simulations
    return simulations / seconds, simulations, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--core-simulations", type=int, default=5000)
    parser.add_argument("--python-simulations", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print("| game | positions | core: simulations/s | python: simulations/s | ratio | az: simulations/s |")
    print("| --- | --- | --- | --- | --- | --- |")
    for label, game_name, players in [("Duel", "seven_wonders_duel", None), ("7 Wonders 4p", "seven_wonders", 4)]:
        cases = positions(game_name, args.positions, players, args.seed)
        core = rate(MCTSAgent(game_name, seed=1, simulations=args.core_simulations), cases)
        python = rate(MCTSAgent(game_name, seed=1, simulations=args.python_simulations, engine="python"), cases)
        az = "-"
        if "az" in agent_names(game_name):
            az = f"{rate(make_agent('az', game=game_name, seed=1, simulations=args.core_simulations), cases)[0]:,.0f}"
        print(f"| {label} | {len(cases)} | {core[0]:,.0f} | {python[0]:,.0f} | {core[0] / python[0]:.0f}x | {az} |",
              flush=True)


if __name__ == "__main__":
    main()
