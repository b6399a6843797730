"""Strength of the agents: the figures of the agents and training issues, measured by tournament.

    .venv/bin/python benchmarks/bench_agents.py --only 1 2 3 4 5 6 7  # the baselines' rows (hours on 2 cores)
    .venv/bin/python benchmarks/bench_agents.py --only 2 4 --games 400   # only the mcts rows
    .venv/bin/python benchmarks/bench_agents.py --only 5 6 7 --games 1000  # only the shipped ppo policies
    .venv/bin/python benchmarks/bench_agents.py --only 8 9 10 11 12 --mcts-games 100 --seed S  # the search ladder
    .venv/bin/python benchmarks/bench_agents.py --games 16 --out /tmp/a.md --runs /tmp/runs   # a quick look

===  ==================================================================  ======  ========
row  matchup                                                             target  chance
===  ==================================================================  ======  ========
1    Duel: heuristic vs random                                           >= 90%  50%
2    Duel: mcts (default budget) vs heuristic                            >= 65%  50%
3    7 Wonders, 4 players: heuristic + 3 random                          >= 60%  25%
4    7 Wonders, 4 players: mcts + 3 heuristic                            >= 40%  25%
5    Duel: ppo vs random                                                 >= 95%  50%
6    Duel: ppo vs heuristic                                              >= 60%  50%
7    7 Wonders, 4 players: ppo + 3 heuristic                             >= 40%  25%
8    Duel: new mcts (1 s/move) vs today's mcts (200 simulations)         >= 90%  50%
9    Duel: az (1 s/move) vs new mcts (1 s/move)                          >= 65%  50%
10   Duel: az (1 s/move) vs shipped ppo                                  >= 85%  50%
11   7 Wonders, 4 players: az (1 s/move) + 3 new mcts (1 s/move)         >= 40%  25%
12   7 Wonders, 4 players: new mcts (1 s/move) + 3 heuristic             >= 60%  25%
===  ==================================================================  ======  ========

``ppo`` is the policy shipped in ``agents/policies/`` (greedy). Rows 2 and 4 play the Python
reference search (``mcts:engine=python``) at its default budget. Rows 8-12 are the search ladder
of the ``az`` issue: "new mcts" is the C++ search (``mcts:time_limit=1``), "today's mcts" the
Python one, ``az`` the C++ search with the shipped network. A ``time_limit`` is wall-clock time,
so run those rows with at most one worker per idle CPU core; each row's ``run`` column says how
many workers played it.

Each matchup is one :func:`wonders_agents.tournament.run_tournament` with a single lineup, seats rotated
(the lone agent sits in every seat equally often). A shared victory counts as a split win. The
results (win rate of the lone agent with its 95% Wilson interval, the number of games, seconds per
move of each agent) are written as a Markdown table to ``--out`` (default
``benchmarks/agents_results.md``; rows of matchups not run keep their last result), and each
tournament, every game's seeds included, to ``--runs`` (default ``runs/bench_agents``).
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from wonders_agents.mcts import DEFAULT_SIMULATIONS  # noqa: E402
from wonders_agents.tournament import run_tournament  # noqa: E402

MATCHUPS = (  # (title, game, lineup, target)
    ("Duel: heuristic vs random", "seven_wonders_duel", ("heuristic", "random"), 0.90),
    ("Duel: mcts vs heuristic", "seven_wonders_duel", ("mcts:engine=python", "heuristic"), 0.65),
    ("7 Wonders, 4 players: heuristic + 3 random", "seven_wonders", ("heuristic",) + ("random",) * 3, 0.60),
    ("7 Wonders, 4 players: mcts + 3 heuristic", "seven_wonders", ("mcts:engine=python",) + ("heuristic",) * 3, 0.40),
    ("Duel: ppo vs random", "seven_wonders_duel", ("ppo", "random"), 0.95),
    ("Duel: ppo vs heuristic", "seven_wonders_duel", ("ppo", "heuristic"), 0.60),
    ("7 Wonders, 4 players: ppo + 3 heuristic", "seven_wonders", ("ppo",) + ("heuristic",) * 3, 0.40),
    ("Duel: new mcts (1 s/move) vs today's mcts (200 simulations)", "seven_wonders_duel",
     ("mcts:time_limit=1", "mcts:engine=python,simulations=200"), 0.90),
    ("Duel: az (1 s/move) vs new mcts (1 s/move)", "seven_wonders_duel",
     ("az:time_limit=1", "mcts:time_limit=1"), 0.65),
    ("Duel: az (1 s/move) vs shipped ppo", "seven_wonders_duel", ("az:time_limit=1", "ppo"), 0.85),
    ("7 Wonders, 4 players: az (1 s/move) + 3 new mcts (1 s/move)", "seven_wonders",
     ("az:time_limit=1",) + ("mcts:time_limit=1",) * 3, 0.40),
    ("7 Wonders, 4 players: new mcts (1 s/move) + 3 heuristic", "seven_wonders",
     ("mcts:time_limit=1",) + ("heuristic",) * 3, 0.60),
)
SEARCH_AGENTS = ("mcts", "az")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400, help="games per matchup without mcts (default 400)")
    parser.add_argument("--mcts-games", type=int, default=None,
                        help="games per matchup with a search agent, mcts or az (default: --games / 2)")
    parser.add_argument("--workers", type=int, default=os.cpu_count(), help="processes (default: CPU count)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", nargs="+", type=int, choices=range(1, len(MATCHUPS) + 1),
                        help=f"run only these matchups (1-{len(MATCHUPS)}, in the table's order)")
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent / "agents_results.md"),
                        help="the Markdown table (default benchmarks/agents_results.md)")
    parser.add_argument("--runs", default=str(Path(__file__).resolve().parents[1] / "runs" / "bench_agents"),
                        help="folder for each matchup's tournament files, seeds included (default runs/bench_agents)")
    args = parser.parse_args(argv)
    mcts_games = args.mcts_games or max(1, args.games // 2)
    out = Path(args.out)
    rows = _previous_rows(out)  # matchups not run now keep their last result
    for number, (title, game, lineup, target) in enumerate(MATCHUPS, 1):
        if args.only and number not in args.only:
            continue
        games = mcts_games if any(a.startswith(SEARCH_AGENTS) for a in lineup) else args.games
        start = time.perf_counter()
        result = run_tournament(game, sorted(set(lineup)), games=games, num_players=len(lineup),
                                lineups=[lineup], seed=args.seed, workers=args.workers, ratings=False)
        seconds = time.perf_counter() - start
        result.save(Path(args.runs) / f"matchup_{number}", plot=False)
        (entry,) = result.lineup_stats()
        lone = entry["agents"][lineup[0]]
        speed = ", ".join(f"{a} {s['seconds_per_move'] * 1000:.2f} ms" for a, s in result.agent_stats().items())
        verdict = "yes" if lone["low"] >= target else "no" if lone["high"] < target else "undecided"
        rows[title] = (f"| {title} | {entry['games']} | **{lone['win_rate']:.1%}** "
                       f"[{lone['low']:.1%}, {lone['high']:.1%}] | {target:.0%} | {verdict} "
                       f"| {lone['mean_score']:.1f} | {speed} | {datetime.date.today()}, seed {args.seed}, "
                       f"{args.workers} worker{'s' if args.workers > 1 else ''}, {seconds:.0f} s |")
        print(rows[title], flush=True)
    header = [
        "# Agent strength", "",
        f"Measured with `benchmarks/bench_agents.py` on {platform.machine()}, Python "
        f"{platform.python_version()}. Rows 2 and 4: mcts is the Python reference search at its default "
        f"budget ({DEFAULT_SIMULATIONS['python']} simulations per move). The rows with `1 s/move` are the "
        f"search ladder (\"new mcts\" the C++ search, az the C++ search with the shipped network); more of "
        f"their games are in README.md, and how each was played in docs/history.md. Win rate of the lone "
        f"agent (a shared victory counts as a split win) with its 95% "
        f"Wilson interval; *met* is yes when the whole interval clears the target, no when it lies below. "
        f"The tournament of row N, every game's seeds included, is written to "
        f"`runs/bench_agents/matchup_N/` (not kept in git; the row's seed replays its deals).", "",
        "| matchup | games | win rate [95% CI] | target | met | mean score | time per move | run |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    missing = [title for title, *_ in MATCHUPS if title not in rows]
    footer = ["", "Not run by this script yet: " + "; ".join(missing) + " (README.md may hold their figures, "
              "measured with the tournament tool)."] if missing else []
    out.write_text("\n".join(header + [rows[title] for title, *_ in MATCHUPS if title in rows] + footer) + "\n")
    print(f"wrote {out}")


def _previous_rows(path: Path) -> dict[str, str]:
    """The result rows of an earlier run, by matchup title."""
    if not path.exists():
        return {}
    titles = {title for title, *_ in MATCHUPS}
    rows = {}
    for line in path.read_text().splitlines():
        title = line.split("|")[1].strip() if line.startswith("| ") else ""
        if title in titles:
            rows[title] = line
    return rows


if __name__ == "__main__":
    main()
