"""The az self-play benchmark runs (tiny settings) and gives a figure for each game, network and evaluator."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_selfplay.py"


def test_bench_selfplay_gives_positions_per_second_for_each_evaluator(capsys):
    pytest.importorskip("torch", reason="the self-play benchmark's networks run in torch (the train extra)")
    spec = importlib.util.spec_from_file_location("bench_selfplay", BENCH)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    rows = bench.main(["--games", "3", "--simulations", "6", "--hidden", "16", "32", "--leaves", "1", "4",
                       "--ticks", "3"])
    assert [(row["game"], row["hidden"], row["evaluator"]) for row in rows] == [
        (game, hidden, evaluator) for game in ("Duel", "7 Wonders 4p") for hidden in (16, 32)
        for evaluator in ("core", "batched, 1 leaves", "batched, 4 leaves")]
    assert all(row["positions"] > 0 and row["positions_per_second"] > 0 for row in rows)
    assert all(row["positions"] <= 3 * 3 * (4 if row["game"] == "7 Wonders 4p" else 1) for row in rows)
    assert "| game | hidden | evaluator | positions | positions/s |" in capsys.readouterr().out
