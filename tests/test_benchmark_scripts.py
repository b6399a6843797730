"""The benchmark scripts of ``make bench`` and the README's tables run end to end on both engines,
for a moment each: a script that raises (as ``bench_duel.py`` did for a day after the seed
change) is caught here, not when someone needs the figures."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"

RUNS = [
    ("bench_duel.py", ["--seconds", "0.05", "--engine", "python"], ["engine", "aec_raw", "aec", "aec_floor"]),
    ("bench_duel.py", ["--seconds", "0.05", "--engine", "core"], ["engine", "aec_raw", "aec", "aec_floor"]),
    ("bench_seven_wonders.py", ["--seconds", "0.05", "--players", "3", "--editions", "1st", "--engine", "python"],
     ["engine", "aec_raw", "aec", "parallel"]),
    ("bench_seven_wonders.py", ["--seconds", "0.05", "--players", "3", "--editions", "1st", "--engine", "core"],
     ["engine", "aec_raw", "aec", "parallel"]),
    ("bench_core.py", ["--seconds", "0.05", "--batches", "1"], ["batched", "memory"]),
    ("bench_core.py", ["--seconds", "0.05", "--batches", "4", "--expansions", "pantheon", "--batched-only"],
     ["batched", "pantheon"]),
    ("bench_expansion_heuristic.py", ["--games", "2", "--engine", "python"], ["heuristic"]),
    ("bench_expansion_heuristic.py", ["--games", "2", "--expansions", "pantheon", "agora"], ["heuristic"]),
    ("bench_expansion_heuristic.py", ["--games", "2", "--expansions", "agora", "--against-valuation",
                                      str(BENCHMARKS.parent / "agents" / "expansion_valuation.py")],
     ["heuristic", "sold"]),
    ("bench_expansion_heuristic.py", ["--games", "2", "--against-random"], ["heuristic", "random", "sold"]),
    ("bench_core.py", ["--game", "seven_wonders", "--seconds", "0.05", "--batches", "4", "--expansions", "leaders"],
     ["batched", "leaders", "memory"]),
    ("bench_leaders.py", ["--games", "4"], ["heuristic", "Leaders"]),
]


@pytest.mark.parametrize("script, arguments, rows", RUNS, ids=[f"{s}-{a[-1]}" for s, a, _ in RUNS])
def test_the_benchmark_runs_and_prints_its_rows(script, arguments, rows):
    done = subprocess.run([sys.executable, str(BENCHMARKS / script), *arguments], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    words = {word.rstrip(":") for line in done.stdout.splitlines() for word in line.split()}
    for row in rows:
        assert row in words, f"{script} printed no {row!r} row:\n{done.stdout}"


def test_the_ladder_picture_reads_every_row_of_the_agents_table(tmp_path):
    sys.path.insert(0, str(BENCHMARKS))
    try:
        import plot_agents
    finally:
        sys.path.remove(str(BENCHMARKS))
    table = (BENCHMARKS / "agents_results.md").read_text(encoding="utf-8")
    rows = plot_agents.read_rows(table)
    assert len(rows) == sum(1 for line in table.splitlines() if line.startswith("| ") and "**" in line)
    sample = ("| Duel: a vs b | 400 | **99.2%** [97.8%, 99.7%] | 90% | yes |\n"
              "| 7 Wonders: c | 60 | **25.0%** [1%, 50%] | |")
    assert plot_agents.read_rows(sample) == [
        {"matchup": "Duel: a vs b", "games": 400, "rate": 0.992, "low": 0.978, "high": 0.997, "target": 0.9},
        {"matchup": "7 Wonders: c", "games": 60, "rate": 0.25, "low": 0.01, "high": 0.5, "target": None}]
    with pytest.raises(ValueError, match="no matchup rows"):
        plot_agents.read_rows("| a | b |")
    plot_agents.main(["--out", str(tmp_path / "ladder.png")])
    assert (tmp_path / "ladder.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_batch_size_curve_reads_the_readmes_table(tmp_path):
    sys.path.insert(0, str(BENCHMARKS))
    try:
        import plot_batch_sizes
    finally:
        sys.path.remove(str(BENCHMARKS))
    sample = "text\n| games in a batch | 1 | 4 | 1,024 |\n| --- | --- | --- | --- |\n| Duel | 11.3 | | 0.96 |\n\nafter"
    assert plot_batch_sizes.read_table(sample) == ([1, 4, 1024], {"Duel": [11.3, None, 0.96]})
    with pytest.raises(ValueError, match="no table"):
        plot_batch_sizes.read_table("| other | 1 |")
    sizes, rows = plot_batch_sizes.read_table((BENCHMARKS / "README.md").read_text(encoding="utf-8"))
    assert sizes[0] == 1 and len(rows) >= 2 and all(len(values) == len(sizes) for values in rows.values())
    plot_batch_sizes.main(["--out", str(tmp_path / "curve.png")])
    assert (tmp_path / "curve.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
