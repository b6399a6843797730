"""The arena: models (llm agents on scripted chat-completions servers on 127.0.0.1) against the
ladder and each other, the leaderboard, resuming after an interruption, the command line."""

from __future__ import annotations

import json
import socket
import sys

import pytest

from wonders_agents.arena import arena_lineups, default_ladder, model_labels, run_arena
from wonders_cli import main
from wonders_agents.scripted_chat_server import NOT_COMPLETIONS, ScriptedChatServer
from wonders_agents.tournament import run_tournament, wilson_interval


def spec(server: ScriptedChatServer) -> str:
    return f"llm:base_url={server.url},model=scripted,backoff=0.01"


def test_models_meet_the_ladder_and_each_other_and_the_leaderboard_says_how_they_did(tmp_path):
    pytest.importorskip("openskill", reason="the arena rates with openskill (the tournament extra)")
    with ScriptedChatServer(then="first") as first, ScriptedChatServer(then="illegal") as stubborn:
        arena = run_arena("duel", {"first": spec(first), "stubborn": spec(stubborn)}, ladder=["random"],
                          games=2, out=tmp_path, progress=False)
    assert arena.settings["lineups"] == [["first", "random"], ["stubborn", "random"], ["first", "stubborn"]]
    assert len(arena.rows) == 6
    board = {entry["agent"]: entry for entry in arena.leaderboard()}
    assert set(board) == {"first", "stubborn", "random"}
    assert [e["ordinal"] for e in arena.leaderboard()] == sorted((e["ordinal"] for e in board.values()), reverse=True)
    stubborn_entry = board["stubborn"]
    assert stubborn_entry["illegal_rate"] == 1.0 and stubborn_entry["fallback_rate"] == 1.0
    assert stubborn_entry["illegal"] == 3 * stubborn_entry["fallbacks"] > 0  # 1 try + 2 retries each
    assert board["first"]["illegal_rate"] == 0.0 and board["first"]["tokens_per_move"] > 100
    assert "illegal_rate" not in board["random"]
    wins = sum(1 / len(r["winners"]) for r in arena.rows for s, who in enumerate(r["seats"])
               if who == "first" and s in r["winners"])
    assert (board["first"]["low"], board["first"]["high"]) == wilson_interval(wins, 4)
    assert set(arena.head_to_head()["stubborn"]) == {"random", "first"}  # a pair of models, both ways
    summary = json.loads((tmp_path / "leaderboard.json").read_text())
    assert summary["games_played"] == summary["games_scheduled"] == 6
    markdown = (tmp_path / "leaderboard.md").read_text()
    assert "| rank | agent | seats | win rate [95% CI] |" in markdown and "| stubborn | 4 |" in markdown


def test_an_interrupted_arena_resumes_with_the_games_missing(tmp_path):
    pytest.importorskip("openskill", reason="the arena rates with openskill (the tournament extra)")
    ladder = ["random", "heuristic"]
    with ScriptedChatServer(then="legal") as server:
        run_arena("duel", {"scripted": spec(server)}, ladder=ladder, games=2, out=tmp_path, progress=False)
    lines = (tmp_path / "games.jsonl").read_text().splitlines()
    assert len(lines) == 4
    kept = lines[:2]
    (tmp_path / "games.jsonl").write_text("\n".join(kept) + "\n" + lines[2][:40])  # cut short mid-game
    with ScriptedChatServer(then="legal") as restarted:  # the model's server came back on another port
        models = {"scripted": spec(restarted)}
        arena = run_arena("duel", models, ladder=ladder, games=2, out=tmp_path, progress=False)
        assert restarted.requests  # the two missing games were played
        assert [json.dumps(row) for row in arena.rows[:2]] == kept
        assert sorted(row["index"] for row in arena.rows) == [0, 1, 2, 3]
        asked = len(restarted.requests)
        run_arena("duel", models, ladder=ladder, games=2, out=tmp_path, progress=False)
        assert len(restarted.requests) == asked  # nothing left to play: no model call
        with pytest.raises(ValueError, match="holds an arena with other settings"):
            run_arena("duel", models, ladder=["random"], games=2, out=tmp_path, progress=False)
        with pytest.raises(ValueError, match="holds an arena with other settings"):
            run_arena("duel", {"another": spec(restarted)}, ladder=ladder, games=2, out=tmp_path, progress=False)



@pytest.mark.parametrize("damage", ["{not json", "5", '{"index": "2"}'])
def test_a_damaged_line_before_the_last_stops_the_arena_and_loses_no_game(tmp_path, damage):
    """A line of games.jsonl that is not a game's row, with games saved after it: the arena stops
    naming the line, before any model call, and the file stays as it was (the rows after it cost
    model calls; they used to be dropped and the file rewritten without them)."""
    pytest.importorskip("openskill", reason="the arena rates with openskill (the tournament extra)")
    ladder = ["random", "heuristic"]
    with ScriptedChatServer(then="legal") as server:
        run_arena("duel", {"scripted": spec(server)}, ladder=ladder, games=2, out=tmp_path, progress=False)
        lines = (tmp_path / "games.jsonl").read_text().splitlines()
        damaged = "\n".join([lines[0], damage, *lines[2:]]) + "\n"
        (tmp_path / "games.jsonl").write_text(damaged)
        asked = len(server.requests)
        with pytest.raises(ValueError, match=r"games.jsonl: line 2 is not a game's row .*nothing was played"):
            run_arena("duel", {"scripted": spec(server)}, ladder=ladder, games=2, out=tmp_path, progress=False)
        assert len(server.requests) == asked and (tmp_path / "games.jsonl").read_text() == damaged


def test_no_reply_of_a_model_stops_the_arena(tmp_path):
    """Replies that are no chat completion and a move number of 5,000 digits: failed requests and
    illegal answers, counted, then the fallback; every game is played and saved."""
    pytest.importorskip("openskill", reason="the arena rates with openskill (the tournament extra)")
    odd = [*NOT_COMPLETIONS.values(), "MOVE: " + "9" * 5000] * 4
    with ScriptedChatServer(odd, then="MOVE: " + "9" * 5000) as server:
        arena = run_arena("duel", {"odd": spec(server) + ",http_retries=0,retries=0"}, ladder=["random"], games=2,
                          out=tmp_path, progress=False)
    assert len(arena.rows) == 2 and len((tmp_path / "games.jsonl").read_text().splitlines()) == 2
    (entry,) = [e for e in arena.leaderboard() if e["agent"] == "odd"]
    assert entry["http_errors"] == 4 * len(NOT_COMPLETIONS)
    assert entry["illegal"] == entry["answers"] == entry["fallbacks"] - entry["http_errors"] > 4
    assert entry["fallback_rate"] == 1.0


def test_without_openskill_the_arena_stops_before_any_game(tmp_path, monkeypatch, capsys):
    """The leaderboard needs openskill: it is checked before the first (paid) model call, and the
    message names no option the arena does not have."""
    monkeypatch.setitem(sys.modules, "openskill.models", None)  # importing it raises ImportError
    with ScriptedChatServer(then="first") as server:
        with pytest.raises(ImportError, match=r"^ratings need the openskill package: pip install openskill$"):
            run_arena("duel", {"m": spec(server)}, ladder=["random"], games=2, out=tmp_path / "a", progress=False)
        with pytest.raises(SystemExit, match=r"^wonders arena: ratings need the openskill package: pip install "
                                             r"openskill$"):
            main(["arena", "--model", spec(server), "--ladder", "random", "--out", str(tmp_path / "b")])
        assert server.requests == []
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()
    with pytest.raises(ImportError, match=r"\(or pass ratings=False / --no-ratings\)"):  # the tournament has them
        run_tournament("duel", ["random", "heuristic"], games=1, progress=False)


def test_the_default_ladder_is_every_bot_that_plays_the_game(monkeypatch):
    assert default_ladder("duel") == ["random", "heuristic", "mcts", "az", "ppo"]
    from wonders_agents import az_agent
    monkeypatch.setattr(az_agent, "default_policy_path", lambda game: az_agent.Path("/nonexistent.pt"))
    assert default_ladder("seven_wonders") == ["random", "heuristic", "mcts", "ppo"]


def test_seven_wonders_puts_the_model_against_a_field():
    assert arena_lineups(["m"], ["random"], 3) == [("m", "random", "random")]
    assert model_labels(["a=llm:base_url=x", "llm:base_url=y"]) == {"a": "llm:base_url=x",
                                                                     "llm:base_url=y": "llm:base_url=y"}


def test_seven_wonders_arena(tmp_path):
    pytest.importorskip("openskill", reason="the arena rates with openskill (the tournament extra)")
    with ScriptedChatServer(then="legal") as server:
        arena = run_arena("seven_wonders", {"scripted": spec(server)}, ladder=["random"], games=3,
                          num_players=3, out=tmp_path, progress=False)
    (row,) = {tuple(sorted(r["seats"])) for r in arena.rows}
    assert row == ("random", "random", "scripted") and len(arena.rows) == 3
    assert sorted(r["seats"].index("scripted") for r in arena.rows) == [0, 1, 2]  # seats rotated


def test_the_command_line_and_bad_input(tmp_path, capsys):
    pytest.importorskip("openskill", reason="the arena rates with openskill (the tournament extra)")
    with ScriptedChatServer(then="first") as server:
        main(["arena", "--game", "duel", "--model", f"first={spec(server)}", "--ladder", "random", "--games", "2",
              "--out", str(tmp_path)])
    output = capsys.readouterr().out
    assert "# Arena: seven_wonders_duel" in output and f"wrote {tmp_path / 'leaderboard.md'}" in output
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(SystemExit, match="wonders arena: cannot reach the chat-completions server"):
        main(["arena", "--model", f"llm:base_url=http://127.0.0.1:{port}/v1,model=m", "--out", str(tmp_path / "x")])
    assert not (tmp_path / "x").exists()  # refused before the first game
    with pytest.raises(ValueError, match="at least one model"):
        run_arena("duel", {}, out=tmp_path / "y")
