"""The training benchmark runs (``--quick``) and gives its four figures for each device present."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

torch = pytest.importorskip("torch", reason="the training benchmark trains with torch (the train extra)")

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_training.py"


def test_bench_training_quick_gives_every_figure_for_each_device(capsys):
    spec = importlib.util.spec_from_file_location("bench_training", BENCH)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    rows = bench.main(["--quick"])
    assert [row["device"] for row in rows][:1] == ["cpu"] and len(rows) == 1 + torch.cuda.is_available()
    for row in rows:
        assert all(value > 0 for key, value in row.items() if key != "device"), row
    out = capsys.readouterr().out
    assert "| device | env decisions/s | collection steps/s | learner samples/s | whole-run steps/s |" in out
