"""The tournament: schedule, statistics checked against a direct count, files, replays, errors."""

from __future__ import annotations

import csv
import json
import re
from collections import Counter

import pytest

from wonders_agents import make_agent
import wonders_env
from wonders_agents.match import play_game
from wonders_agents.tournament import (build_agent, default_lineups, lineup_label, openskill_ratings, parse_agent_spec,
                               record_name, replay, run_tournament, schedule, spec_of, wilson_interval)


@pytest.fixture(scope="module")
def duel_result():
    pytest.importorskip("openskill", reason="the ratings need openskill (the tournament extra)")
    return run_tournament("duel", ["heuristic", "random", "mcts:simulations=2"], games=12, workers=2,
                          progress=False)


@pytest.fixture(scope="module")
def seven_wonders_result():
    pytest.importorskip("openskill", reason="the ratings need openskill (the tournament extra)")
    return run_tournament("seven_wonders", ["heuristic", "random"], games=8, num_players=4, workers=1,
                          progress=False)


def test_agent_specs():
    assert parse_agent_spec("mcts:simulations=50,time_limit=0.5,exploration=none") == \
        ("mcts", {"simulations": 50, "time_limit": 0.5, "exploration": None})
    assert parse_agent_spec("random") == ("random", {})
    assert parse_agent_spec("ppo:path=runs/a/policy.pt,deterministic=false") == \
        ("ppo", {"path": "runs/a/policy.pt", "deterministic": False})
    with pytest.raises(ValueError, match="unknown agent 'bot'.*random, heuristic, mcts"):
        parse_agent_spec("bot")
    with pytest.raises(ValueError, match="must be key=value"):
        parse_agent_spec("mcts:simulations")


@pytest.mark.parametrize("text, value", [("false", False), ("False", False), ("FALSE", False), ("true", True),
                                         ("True", True)])
def test_a_flag_in_an_agent_spec_reaches_the_agent_as_a_bool(text, value):
    agent = build_agent(f"mcts:simulations=3,reuse={text}", "duel", 0)
    assert agent.core.options["reuse"] is value
    pytest.importorskip("torch", reason="the ppo agent needs torch (the train extra)")
    assert build_agent(f"ppo:deterministic={text}", "duel", 0)._agent.deterministic is value


@pytest.mark.parametrize("spec", ["mcts:reuse=no", "mcts:reuse=1", "mcts:reuse=none", "ppo:deterministic=maybe",
                                  "az:simulations=3,reuse=yes"])
def test_a_flag_in_an_agent_spec_is_true_or_false(spec):
    option = "deterministic" if spec.startswith("ppo") else "reuse"
    if not spec.startswith("mcts"):
        pytest.importorskip("torch", reason=f"the {spec.partition(':')[0]} agent needs torch (the train extra)")
    with pytest.raises(ValueError, match=rf"{option} must be True or False .*{option}=true or {option}=false"):
        build_agent(spec, "duel", 0)


def test_default_lineups():
    assert default_lineups(["a", "b", "c"], 2) == [("a", "b"), ("a", "c"), ("b", "c")]
    assert default_lineups(["a", "b"], 3) == [("a", "b", "b"), ("b", "a", "a")]
    with pytest.raises(ValueError, match="two different agents"):
        default_lineups(["a", "a"], 2)
    assert lineup_label(("heuristic", "random", "random", "random")) == "heuristic + 3 random"


def test_schedule_rotates_seats_and_records_seeds():
    specs = schedule("seven_wonders", [("h", "r", "r")], games=5, num_players=3, seed=1)
    assert len(specs) == 6  # rounded up to full rotations
    assert Counter(spec.seats.index("h") for spec in specs) == {0: 2, 1: 2, 2: 2}
    seeds = [spec.seed for spec in specs] + [s for spec in specs for s in spec.agent_seeds]
    assert len(set(seeds)) == len(seeds)
    assert schedule("seven_wonders", [("h", "r", "r")], 5, 3, seed=1) == specs
    assert schedule("seven_wonders", [("h", "r", "r")], 5, 3, seed=2)[0].seed != specs[0].seed
    with pytest.raises(ValueError, match="has 2 seats; the game has 3"):
        schedule("seven_wonders", [("h", "r")], 5, 3)
    with pytest.raises(ValueError, match="at least 1"):
        schedule("seven_wonders", [("h", "r", "r")], 0, 3)


def test_wilson_interval():
    low, high = wilson_interval(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    for n in range(1, 300):  # the rate lies inside its interval, rounding included
        for wins in (0, n // 3, n):
            low, high = wilson_interval(wins, n)
            assert low <= wins / n <= high


def _direct_count(rows, agent, opponent):
    """Win credit of ``agent`` alone against ``opponent`` and the number of such games, counted by
    playing every game again from its saved seeds (without the tournament's code)."""
    credit = games = 0
    for row in rows:
        if set(row["seats"]) != {agent, opponent} or row["seats"].count(agent) != 1:
            continue
        env = wonders_env.make(row["game"], row["num_players"], row["edition"], raw=True)
        bots = []
        for label, seed in zip(row["seats"], row["agent_seeds"]):
            name, options = parse_agent_spec(label)
            bots.append(make_agent(name, game=row["game"], seed=seed, **options))
        record = play_game(env, bots, row["seed"]).record
        games += 1
        if f"player_{row['seats'].index(agent)}" in record["winners"]:
            credit += 1 / len(record["winners"])
    return credit, games


def test_duel_numbers_match_a_direct_count(duel_result):
    assert len(duel_result.games) == 12
    table = duel_result.win_rates()
    for a, b in [("heuristic", "random"), ("random", "mcts:simulations=2"), ("mcts:simulations=2", "heuristic")]:
        credit, games = _direct_count(duel_result.games, a, b)
        assert games == 4 and table[a][b]["seats"] == 4
        assert table[a][b]["rate"] == pytest.approx(credit / games)
        assert (table[a][b]["low"], table[a][b]["high"]) == pytest.approx(wilson_interval(credit, games))
        assert table[a][b]["rate"] + table[b][a]["rate"] == pytest.approx(1.0)


def test_seat_win_rates_count_every_game_once_per_seat(seven_wonders_result):
    result = seven_wonders_result
    stats = result.seat_stats()
    assert [s["seat"] for s in stats] == [0, 1, 2, 3] and all(s["games"] == 8 for s in stats)
    assert sum(s["win_rate"] for s in stats) == pytest.approx(1.0)  # one win per game, shared or not
    first = sum(1 / len(r["winners"]) for r in result.games if 0 in r["winners"]) / 8
    assert stats[0]["win_rate"] == pytest.approx(first)
    assert (stats[0]["low"], stats[0]["high"]) == pytest.approx(wilson_interval(first * 8, 8))
    assert stats[2]["mean_score"] == pytest.approx(sum(r["scores"][2] for r in result.games) / 8)
    assert "by seat, whoever sat there (chance 25%):" in result.report()


def test_seven_wonders_numbers_match_a_direct_count(seven_wonders_result):
    result = seven_wonders_result
    assert len(result.games) == 8
    by_lineup = {entry["label"]: entry for entry in result.lineup_stats()}
    assert set(by_lineup) == {"heuristic + 3 random", "random + 3 heuristic"}
    credit, games = _direct_count(result.games, "heuristic", "random")
    assert games == 4
    assert result.win_rates()["heuristic"]["random"]["rate"] == pytest.approx(credit / games)
    assert by_lineup["heuristic + 3 random"]["agents"]["heuristic"]["win_rate"] == pytest.approx(credit / games)
    scores = [row["scores"][s] for row in result.games for s, a in enumerate(row["seats"]) if a == "random"]
    stats = result.agent_stats()
    assert stats["random"]["seats"] == 16 and stats["random"]["mean_score"] == pytest.approx(sum(scores) / 16)
    shares = sum(1 / len(row["winners"]) for row in result.games for s in row["winners"])
    assert shares == pytest.approx(8)  # every game gives out exactly one win
    assert sum(s["win_rate"] * s["seats"] for s in stats.values()) == pytest.approx(8)


def test_games_replay_from_their_seeds(duel_result, seven_wonders_result):
    for row in duel_result.games[:3] + seven_wonders_result.games[:2]:
        again = replay(row)
        assert again.winners == row["winners"] and again.scores == row["scores"]


def test_parallel_and_serial_runs_agree(duel_result):
    serial = run_tournament("duel", ["heuristic", "random", "mcts:simulations=2"], games=12, workers=1,
                            progress=False)
    strip = [{k: v for k, v in row.items() if k != "think_seconds"} for row in serial.games]
    assert strip == [{k: v for k, v in row.items() if k != "think_seconds"} for row in duel_result.games]


def test_ratings_order_the_agents(seven_wonders_result):
    ratings = seven_wonders_result.ratings
    assert ratings["heuristic"]["mu"] > ratings["random"]["mu"]
    assert openskill_ratings(seven_wonders_result.games) == ratings


def test_victory_types_are_counted(duel_result):
    stats = duel_result.agent_stats()
    assert sum(sum(s["victories"].values()) for s in stats.values()) >= len(duel_result.games)
    for agent, s in stats.items():
        kinds = Counter(row["victory"] for row in duel_result.games for seat in row["winners"]
                        if row["seats"][seat] == agent)
        assert s["victories"] == dict(kinds)


def test_files(tmp_path, duel_result):
    pytest.importorskip("matplotlib", reason="the plot needs matplotlib (the tournament extra)")
    paths = duel_result.save(tmp_path)
    assert [p.name for p in paths] == ["summary.json", "games.csv", "win_rates.csv", "win_rates.png"]
    summary = json.loads(paths[0].read_text())
    assert summary["num_games"] == 12 and summary["replayable"]
    assert summary["win_rates"]["heuristic"]["random"] == duel_result.win_rates()["heuristic"]["random"]
    with open(paths[1]) as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 12 and rows[0]["agent_0"] == duel_result.games[0]["seats"][0]
    assert int(rows[5]["seed"]) == duel_result.games[5]["seed"]
    with open(paths[2]) as handle:
        assert len(list(csv.DictReader(handle))) == 6  # 3 pairs, both directions
    assert paths[3].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "heuristic" in duel_result.report() and "OpenSkill" in duel_result.report()


def test_every_game_record_is_saved_under_a_name_that_says_the_matchup(tmp_path):
    result = run_tournament("duel", ["random", "mcts:simulations=2"], games=2, workers=2, ratings=False,
                            progress=False, save_records=tmp_path / "records")
    files = sorted((tmp_path / "records").iterdir())
    assert [f.name for f in files] == [record_name(spec_of(row)) for row in result.games]
    assert files[0].name == f"00000_random-vs-mcts_simulations=2_seed{result.games[0]['seed']}.json"
    assert files[1].name == f"00001_mcts_simulations=2-vs-random_seed{result.games[1]['seed']}.json"
    for path, row in zip(files, result.games):
        assert json.loads(path.read_text()) == json.loads(json.dumps(replay(row).record))


def test_record_names_keep_to_safe_characters():
    (spec,) = schedule("duel", [("ppo:path=runs/a b/policy.pt", "random")], games=1, num_players=2, seed=3)[:1]
    assert record_name(spec) == f"00000_ppo_path=runs_a_b_policy.pt-vs-random_seed{spec.seed}.json"


def test_time_limited_agents_are_not_replayable():
    result = run_tournament("duel", ["random", "mcts:simulations=1,time_limit=0.01"], games=2, workers=1,
                            ratings=False, progress=False)
    assert not result.replayable and result.ratings is None


def test_bad_tournaments_fail_before_playing():
    with pytest.raises(ValueError, match="unknown agent 'nobody'"):
        run_tournament("duel", ["random", "nobody"], games=2, ratings=False, progress=False)
    with pytest.raises(ValueError, match="unknown game 'go'"):
        run_tournament("go", ["random", "heuristic"], games=2, ratings=False, progress=False)
    with pytest.raises(ValueError, match="num_players must be"):
        run_tournament("seven_wonders", ["random", "heuristic"], num_players=9, games=2, ratings=False, progress=False)
    with pytest.raises(ValueError, match="num_players must be one of 2 for seven_wonders_duel, got 3"):
        run_tournament("duel", ["random", "heuristic"], num_players=3, games=2, ratings=False, progress=False)
    with pytest.raises(ValueError, match="workers must be at least 1"):
        run_tournament("duel", ["random", "heuristic"], games=2, workers=0, ratings=False, progress=False)


def test_a_policy_of_another_edition_is_refused_before_playing():
    pytest.importorskip("torch", reason="the ppo agent needs torch (the train extra)")
    with pytest.raises(ValueError, match="ppo cannot play this game: the policy expects observations of size "
                                         r"\d+ \(seven_wonders\), this game \(seven_wonders, 2nd edition\) gives"):
        run_tournament("seven_wonders", ["random", "ppo"], num_players=3, edition="2nd", games=3, progress=False)


def test_the_number_of_games_is_said_before_the_first_and_the_time_estimated(capsys):
    run_tournament("duel", ["random", "heuristic", "mcts:simulations=2"], games=4, workers=1, ratings=False)
    out = capsys.readouterr().out
    assert "6 games to play: 3 lineups x 2 games, in 1 process (4 asked; each lineup plays a multiple of 2" in out
    assert re.search(r"first 1 game in \d+ s: about \d+ seconds in all", out)


def test_a_tournament_of_the_leaders_table_saves_and_replays_its_table(tmp_path):
    result = run_tournament("seven_wonders", ["heuristic", "random"], games=8, num_players=4, workers=1,
                            ratings=False, progress=False, expansions=["leaders"], engine="python",
                            save_records=tmp_path)
    assert (result.expansions, result.engine) == (("leaders",), "python")
    assert "4 players, with leaders, python engine, 8 games" in result.report().splitlines()[0]
    summary = json.loads(json.dumps(result.summary()))  # as read back from summary.json
    assert (summary["expansions"], summary["engine"]) == (["leaders"], "python")
    row = summary["games"][0]
    assert (row["expansions"], row["engine"]) == (["leaders"], "python")
    again = replay(row)
    assert again.winners == row["winners"] and again.scores == row["scores"]
    assert "leaders" in again.record["players"][0]["score"]
    assert result.win_rates()["heuristic"]["random"]["rate"] >= 0.75  # one heuristic seat against three random
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 8 and "leaders" in json.loads(records[0].read_text())["players"][0]["score"]
