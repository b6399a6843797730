"""The ``wonders`` command line (:mod:`wonders_cli`): its subcommands, its entry point and ``python -m``."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from importlib import import_module
from pathlib import Path

import pytest

from wonders_cli import main as run

ROOT = Path(__file__).resolve().parents[2]


def test_tournament_command(tmp_path, capsys):
    pytest.importorskip("openskill", reason="the ratings need openskill (the tournament extra)")
    pytest.importorskip("matplotlib", reason="the plot needs matplotlib (the tournament extra)")
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
        run(["tournament", "--game", "duel", "--agents", "random", "foo", "--no-plot", "--no-ratings"])
    with pytest.raises(SystemExit, match="--games must be at least 1"):
        run(["tournament", "--agents", "random", "heuristic", "--games", "0"])


def test_play_command(monkeypatch, capsys):
    answers = iter(["1", "q"])
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    run(["play", "--game", "duel", "--opponent", "random", "--seed", "2"])
    out = capsys.readouterr().out
    assert "you are player_0" in out and "your legal moves:" in out and "Game abandoned." in out


def test_play_takes_a_policy_file_and_reports_a_missing_one_in_one_line(tmp_path):
    pytest.importorskip("torch", reason="the ppo agent needs torch (the train extra)")
    with pytest.raises(SystemExit, match=r"^wonders play: .*missing\.pt: no such checkpoint or policy file"):
        run(["play", "--game", "duel", "--opponent", f"ppo:path={tmp_path / 'missing.pt'}"])
    with pytest.raises(SystemExit, match="^wonders tournament: .*missing.pt: no such checkpoint"):
        run(["tournament", "--game", "duel", "--agents", "random", f"ppo:path={tmp_path / 'missing.pt'}", "--no-plot",
             "--no-ratings"])


def test_flags_must_be_written_in_full(capsys):
    with pytest.raises(SystemExit):
        run(["play", "--opp", "random"])
    assert "unrecognized arguments: --opp" in capsys.readouterr().err


def test_demo_plays_every_game(capsys):
    run(["demo", "--games", "2", "--players", "3"])
    out = capsys.readouterr().out
    assert "seven_wonders, 3 random players, 2 games" in out and "seven_wonders_duel, 2 random players, 2 games" in out
    assert "wins by seat: " in out


@pytest.mark.parametrize(("flags", "error"), [(["--games", "0"], "--games must be at least 1"),
                                              (["--players", "8"], "--players must be from 2 to 7")])
def test_demo_refuses_bad_counts(capsys, flags, error):
    with pytest.raises(SystemExit) as exit_info:
        run(["demo", *flags])
    assert exit_info.value.code == 2 and error in capsys.readouterr().err


def test_every_subcommand_is_there(capsys):
    with pytest.raises(SystemExit):
        run(["--help"])
    out = capsys.readouterr().out
    assert all(name in out for name in ("demo", "tournament", "play", "serve", "arena"))


def test_the_installed_command_and_the_package_list_name_the_cli_package():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    module, _, function = project["project"]["scripts"]["wonders"].partition(":")
    assert getattr(import_module(module), function) is run
    assert "wonders_cli" in project["tool"]["setuptools"]["packages"]


def test_python_dash_m_runs_it():
    result = subprocess.run([sys.executable, "-m", "wonders_cli", "demo", "--games", "1", "--players", "2"],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "seven_wonders, 2 random players, 1 games" in result.stdout


def test_the_expansions_flag_plays_the_agora_tables_in_the_terminal(monkeypatch, capsys):
    for expansions in ("agora", "pantheon,agora"):
        answers = iter(["1", "q"])
        monkeypatch.setattr("builtins.input", lambda prompt, answers=answers: next(answers))
        run(["play", "--expansions", expansions, "--engine=python", "--opponent", "random", "--seed", "2"])
        assert "Senate (cubes player_0 / player_1" in capsys.readouterr().out


def test_a_tournament_of_the_heuristic_and_random_on_the_agora_table(tmp_path):
    run(["tournament", "--expansions", "agora", "--engine", "python", "--agents", "heuristic", "random",
         "--games", "2", "--workers", "1", "--out", str(tmp_path / "t"), "--save-records", str(tmp_path / "records"),
         "--no-plot", "--no-ratings"])
    records = [json.loads(path.read_text()) for path in (tmp_path / "records").iterdir()]
    assert len(records) == 2 and all(record["expansions"] == ["agora"] and record["finished"] for record in records)
    assert json.loads((tmp_path / "t" / "summary.json").read_text())["expansions"] == ["agora"]
def test_the_pantheon_table_plays_on_the_default_engine_the_core(tmp_path):
    run(["tournament", "--expansions", "pantheon", "--agents", "mcts", "heuristic", "--games", "2", "--workers", "1",
         "--out", str(tmp_path / "t"), "--save-records", str(tmp_path / "records"), "--no-plot", "--no-ratings"])
    records = [json.loads(path.read_text()) for path in (tmp_path / "records").iterdir()]
    assert len(records) == 2 and all(record["expansions"] == ["pantheon"] and record["finished"] for record in records)


def test_the_expansions_flag_plays_the_pantheon_table_and_refuses_what_the_game_lacks(tmp_path, monkeypatch, capsys):
    run(["tournament", "--expansions", "pantheon", "--engine", "python", "--agents", "heuristic", "random",
         "--games", "2", "--workers", "1", "--out", str(tmp_path / "t"), "--save-records", str(tmp_path / "records"),
         "--no-plot", "--no-ratings"])
    records = [json.loads(path.read_text()) for path in (tmp_path / "records").iterdir()]
    assert len(records) == 2 and all(record["expansions"] == ["pantheon"] for record in records)
    answers = iter(["1", "q"])
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    run(["play", "--expansions", "pantheon", "--engine=python", "--opponent", "random", "--seed", "2"])
    assert "Pantheon (the price of a space" in capsys.readouterr().out
    for flags, error in ((["--expansions", "pantheon,pantheon"], "names an expansion twice"),
                         (["--expansions", "pantheon", "--expansions", "cities"],
                          "its expansions are: 'pantheon', 'agora'"),
                         (["--game", "7w", "--expansions", "pantheon"],
                          "for seven_wonders; its expansions are: 'leaders'")):
        with pytest.raises(SystemExit, match=error):
            run(["tournament", "--agents", "random", "heuristic", "--no-plot", "--no-ratings", *flags])
        with pytest.raises(SystemExit, match=error):
            run(["arena", "--model", "random", "--out", str(tmp_path / "arena"), *flags])


LEADERS_TABLE = ["--game", "7w", "--players", "3", "--expansions", "leaders", "--engine", "python"]


def test_play_plays_the_leaders_table_from_the_draft(monkeypatch, capsys):
    """Terminal play starts with the leader draft (the seat's draft hand, its Keep moves), then the
    recruitment (its Leader hand, its Recruit moves)."""
    answers = iter(["1", "1", "1", "1", "q"])
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    run(["play", *LEADERS_TABLE, "--opponent", "heuristic", "--seed", "2"])
    out = capsys.readouterr().out
    assert "draft hand of player_0: " in out and "1) Keep " in out
    assert "Leader hand of player_0: " in out and "1) Recruit " in out and "Game abandoned." in out


def test_tournament_plays_the_leaders_table_and_saves_records_that_name_it(tmp_path, capsys):
    run(["tournament", *LEADERS_TABLE, "--agents", "heuristic", "random", "--games", "3", "--workers", "1",
         "--out", str(tmp_path / "t"), "--save-records", str(tmp_path / "records"), "--no-plot", "--no-ratings"])
    summary = json.loads((tmp_path / "t" / "summary.json").read_text())
    assert (summary["expansions"], summary["engine"]) == (["leaders"], "python")
    records = [json.loads(path.read_text()) for path in (tmp_path / "records").iterdir()]
    assert len(records) == summary["num_games"] >= 3
    assert all(record["expansions"] == ["leaders"] and record["finished"] for record in records)
    assert all("leaders" in player["score"] for record in records for player in record["players"])


def test_arena_plays_the_leaders_table(tmp_path, capsys):
    pytest.importorskip("openskill", reason="the arena rates with openskill (the tournament extra)")
    from wonders_agents.scripted_chat_server import ScriptedChatServer
    with ScriptedChatServer(then="legal") as server:
        run(["arena", *LEADERS_TABLE, "--model", f"scripted=llm:base_url={server.url},model=scripted,backoff=0.01",
             "--ladder", "random", "--games", "3", "--out", str(tmp_path)])
    assert "# Arena: seven_wonders, 3 players" in capsys.readouterr().out
    settings = json.loads((tmp_path / "arena.json").read_text())
    rows = [json.loads(line) for line in (tmp_path / "games.jsonl").read_text().splitlines()]
    assert (settings["expansions"], settings["engine"], len(rows)) == (["leaders"], "python", 3)
    assert all(row["llm"][str(row["seats"].index("scripted"))]["decisions"] > 18 for row in rows)


def test_arena_refuses_a_bot_given_as_a_model_before_any_game(tmp_path):
    with pytest.raises(SystemExit, match="the model 'random' is not a language model"):
        run(["arena", "--game", "duel", "--model", "random", "--ladder", "heuristic", "--out", str(tmp_path)])
    assert not (tmp_path / "games.jsonl").exists()
