"""The ``tournament`` and ``play`` subcommands, through an argparse parser as ``wonders`` builds it."""

from __future__ import annotations

import argparse
import json

import pytest

from agents.cli import add_subcommands


def run(argv):
    parser = argparse.ArgumentParser(prog="wonders")
    add_subcommands(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    args.handler(args)


def test_tournament_command(tmp_path, capsys):
    run(["tournament", "--game", "duel", "--agents", "heuristic", "random", "--games", "4", "--workers", "1",
         "--out", str(tmp_path), "--seed", "3"])
    out = capsys.readouterr().out
    assert "seven_wonders_duel, 2 players, 4 games (seed 3)" in out and "OpenSkill" in out
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["num_games"] == 4 and summary["seed"] == 3
    assert (tmp_path / "win_rates.png").exists() and (tmp_path / "games.csv").exists()


def test_tournament_with_a_lineup(tmp_path, capsys):
    run(["tournament", "--game", "seven_wonders", "--players", "3", "--lineup", "heuristic", "random", "random",
         "--games", "3", "--workers", "1", "--out", str(tmp_path), "--no-plot", "--no-ratings"])
    out = capsys.readouterr().out
    assert "heuristic + 2 random (3 games)" in out
    assert not (tmp_path / "win_rates.png").exists()


def test_tournament_errors_are_clear():
    with pytest.raises(SystemExit, match="give --agents"):
        run(["tournament", "--game", "duel"])
    with pytest.raises(SystemExit, match="unknown agent 'foo'"):
        run(["tournament", "--game", "duel", "--agents", "random", "foo"])
    with pytest.raises(SystemExit, match="--games must be at least 1"):
        run(["tournament", "--agents", "random", "heuristic", "--games", "0"])


def test_play_command(monkeypatch, capsys):
    answers = iter(["1", "q"])
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    run(["play", "--game", "duel", "--opponent", "random", "--seed", "2"])
    out = capsys.readouterr().out
    assert "you are player_0" in out and "your legal moves:" in out and "Game abandoned." in out


def test_play_takes_a_policy_file_and_reports_a_missing_one_in_one_line(tmp_path):
    with pytest.raises(SystemExit, match=r"^wonders play: .*missing\.pt: no such checkpoint or policy file"):
        run(["play", "--game", "duel", "--opponent", f"ppo:path={tmp_path / 'missing.pt'}"])
    with pytest.raises(SystemExit, match="^wonders tournament: .*missing.pt: no such checkpoint"):
        run(["tournament", "--game", "duel", "--agents", "random", f"ppo:path={tmp_path / 'missing.pt'}"])


def test_flags_must_be_written_in_full(capsys):
    with pytest.raises(SystemExit):
        run(["play", "--opp", "random"])
    assert "unrecognized arguments: --opp" in capsys.readouterr().err
