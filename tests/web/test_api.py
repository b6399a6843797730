"""The web app's JSON API: playing, watching, replays, resuming, and every bad input of the issue."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

# first: where the web extra is missing, this import skips the module, saying why
from web_helpers import BASE_URL, JSON, NEEDS_TORCH, TOKEN_HEADER, free_port, new_game, play_turn, wait_for

from wonders_agents import make_agent
import wonders_env
from wonders_env import registry
from wonders_agents.match import play_game
from wonders_agents.ppo_agent import default_policy_path
from wonders_agents.tournament import run_tournament
from wonders_env.registry import entry
from wonders_web.app import STATIC_DIR, create_app
from wonders_web.games import GAME_VIEWS
from wonders_web.limits import Limits
from wonders_web.replay import RecordError, rebuild


def finished_record(game: str, seed: int, **env_options) -> dict:
    env = wonders_env.make(game, raw=True, **env_options)
    agents = [make_agent("random", game=game, seed=seed + s) for s in range(len(env.possible_agents))]
    return json.loads(json.dumps(play_game(env, agents, seed).record))


def test_the_page_and_the_setup_are_served(client):
    page = client.get("/")
    assert page.status_code == 200 and "<script src=\"/static/app.js\">" in page.text
    assert client.get("/static/app.js").status_code == 200
    setup = client.get("/api/setup").json()
    assert set(setup["games"]) == {"seven_wonders", "seven_wonders_duel"}
    assert setup["games"]["seven_wonders_duel"]["bots"] == ["random", "heuristic", "mcts", "ppo", "az"]
    assert setup["games"]["seven_wonders"]["choices"]["edition"]["values"] == ["1st", "2nd"]
    duel_choices = setup["games"]["seven_wonders_duel"]["choices"]
    # the tables the page draws: each expansion, and both (named as the command line's --expansions takes them)
    assert duel_choices["expansions"]["values"] == ["none", "pantheon", "agora", "pantheon,agora"]
    assert duel_choices["engine"]["values"][0] == "core"  # the env's default engine is the form's default
    assert sorted(duel_choices["engine"]["values"]) == sorted(registry.entry("duel").engines)
    seven_choices = setup["games"]["seven_wonders"]["choices"]
    assert seven_choices["expansions"]["values"] == ["none", "leaders"]
    assert seven_choices["engine"]["values"] == ["core", "python"]  # python plays Leaders (the core not yet)


LEADERS = {"num_players": 4, "expansions": "leaders", "engine": "python"}


@pytest.mark.parametrize("game, options, words", [
    ("seven_wonders", {**LEADERS, "edition": "2nd"}, "expansion 'leaders' is not supported with the 2nd edition"),
    ("seven_wonders", {**LEADERS, "num_players": 2}, "from 3 to 7 in the 1st edition with leaders, got 2"),
    ("seven_wonders", {**LEADERS, "expansions": "cities"}, "expansion 'cities' is not supported"),
    ("seven_wonders", {**LEADERS, "expansions": [["leaders"]]}, "expansions must be a name or a list of names"),
    ("seven_wonders", {**LEADERS, "engine": "fast"}, "engine must be one of ('core', 'python'), got 'fast'"),
])
def test_a_seven_wonders_table_that_cannot_be_played_is_a_400_naming_what_is_allowed(client, game, options, words):
    seats = ["human"] * options["num_players"]
    response = client.post("/api/games", json={"game": game, "options": options, "seats": seats})
    assert response.status_code == 400 and words in response.json()["error"], response.text


def test_the_leaders_table_plays_on_the_default_engine_the_core(client):
    response = client.post("/api/games", json={"game": "seven_wonders", "options": {**LEADERS, "engine": "core"},
                                               "seats": ["human"] * 4})
    assert response.status_code == 200, response.text


@pytest.mark.parametrize("expansions, words", [("cities", "unknown expansion 'cities' for seven_wonders_duel; its "
                                                          "expansions are: 'pantheon', 'agora'"),
                                               (["pantheon", "pantheon"], "names an expansion twice"),
                                               ("pantheon,cities", "unknown expansion 'cities'"),
                                               ([7], "must be names (strings)")])
def test_a_new_game_of_a_bad_expansion_is_a_400_naming_what_is_allowed(client, expansions, words):
    options = {"expansions": expansions, "engine": "python"}
    response = client.post("/api/games", json={"game": "duel", "options": options, "seats": ["human", "random"]})
    assert response.status_code == 400 and words in response.json()["error"], response.text


@pytest.mark.parametrize("name", GAME_VIEWS)
def test_the_setup_says_what_the_page_shows_of_each_game(client, name):
    """The page names no game: its title, board, seat counts and options come from /api/setup."""
    view, game = GAME_VIEWS[name], client.get("/api/setup").json()["games"][name]
    assert (game["title"], game["board"], game["choices"]) == (view.TITLE, view.BOARD, view.SETUP_CHOICES)
    assert (game["players"], game["default_players"]) == (list(entry(name).player_counts), entry(name).default_players)
    assert all(choice["values"] for choice in game["choices"].values())  # the first value is the default


def test_the_page_draws_the_board_of_every_game():
    boards = re.search(r"^const BOARDS = \{(.*)\};$", (STATIC_DIR / "app.js").read_text(), re.MULTILINE)
    assert boards, "app.js keeps its board drawings in one line: const BOARDS = {name: function, ...};"
    drawn = {key.split(":")[0].strip() for key in boards.group(1).split(",")}
    assert {view.BOARD for view in GAME_VIEWS.values()} <= drawn


@pytest.mark.parametrize("game, options, seats", [
    pytest.param("seven_wonders_duel", {}, ["ppo", "random"], marks=NEEDS_TORCH),
    ("seven_wonders", {"num_players": 5, "edition": "2nd"}, ["random", "heuristic", "random", "random", "random"]),
    ("seven_wonders", {"num_players": 2}, ["mcts:simulations=4", "random"]),
    ("seven_wonders", {"num_players": 4}, ["heuristic", "random", "random", "random"]),
    ("seven_wonders", LEADERS, ["heuristic", "random", "random", "random"]),
])
def test_watching_bots_play_a_whole_game_saves_its_record(client, game, options, seats):
    game_id = new_game(client, game, seats, options, seed=3)
    view = wait_for(lambda: (lambda v: v if v["over"] else None)(client.get(f"/api/games/{game_id}").json()), 120)
    record = json.loads((client.records_dir / f"{game_id}.json").read_text())
    assert record["finished"] and not (client.records_dir / "in_progress" / f"{game_id}.json").exists()
    assert [s["score"] for s in view["result"]["scores"]] == [p["score"] for p in record["players"]]
    assert view["result"]["winners"] == record["winners"]
    assert view["moves"] == [] and view["events"]
    if options.get("expansions"):  # the score sheet has the table's lines: Leaders' before the total
        assert record["expansions"] == ["leaders"] and list(view["result"]["scores"][0]["score"])[-2:] == [
            "leaders", "total"]


def test_a_human_plays_a_whole_duel_against_a_bot(client):
    game_id = new_game(client, "seven_wonders_duel", ["human", "random"], seed=8)
    rng = np.random.default_rng(0)
    view = client.get(f"/api/games/{game_id}", params={"seat": 0, "tab": "tests"}).json()
    while not view["over"]:
        view = play_turn(client, game_id, rng)
    assert view["result"]["scores"][0]["score"]["total"] >= 0


def test_every_move_shows_its_price_and_to_whom(client):
    game_id = new_game(client, "seven_wonders", ["human"] * 3, {"num_players": 3}, seed=2)
    rng = np.random.default_rng(1)
    prices = []
    for _ in range(12):
        view = client.get(f"/api/games/{game_id}", params={"seat": 0, "tab": "tests"}).json()
        prices += [m["price"] for m in view["moves"] if re.match(r"Build (?!stage \d)", m["label"])]
        play_turn(client, game_id, rng)
    assert all(set(p) == {"bank", "left", "right", "left_name", "right_name"} for p in prices)
    assert {p["left_name"] for p in prices} == {"player_2"} and {p["right_name"] for p in prices} == {"player_1"}


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize("body, words", [
    ({"game": "chess", "seats": ["human"]}, "unknown game 'chess'"),
    ({"game": "duel", "seats": ["human", "alphazero"]}, "unknown agent 'alphazero'"),
    ({"game": "duel", "seats": ["human", "ppo:path=runs/no/such/policy.pt"]}, "runs/no/such/policy.pt"),
    pytest.param({"game": "duel", "seats": ["human", "runs/no/such/policy.pt"]}, "no such checkpoint or policy file",
                 marks=NEEDS_TORCH),
    ({"game": "duel", "seats": ["human", "/no/such/policy.pt"]}, "policy files are read only from"),
    pytest.param({"game": "7w", "options": {"num_players": 3, "edition": "2nd"}, "seats": ["human", "ppo", "random"]},
                 "this game (seven_wonders, 2nd edition) gives", marks=NEEDS_TORCH),
    pytest.param({"game": "7w", "options": {"num_players": 3},
                  "seats": ["human", str(default_policy_path("seven_wonders_duel")), "random"]},
                 "not for 'seven_wonders'", marks=NEEDS_TORCH),
    ({"game": "duel", "seats": ["human"]}, "has 2 seats"),
    ({"game": "7w", "options": {"num_players": 9}, "seats": ["human"] * 9}, "num_players must be"),
    ({"game": "7w", "options": {"colour": "red"}, "seats": ["human"] * 3}, "unknown 7 Wonders options"),
    ({"game": "duel", "seats": "human"}, "seats must be a list of 'human' or bot names"),
    ({"game": "duel", "seats": ["human", 3]}, "seats must be a list of 'human' or bot names"),
    ({"game": "duel", "options": ["edition"], "seats": ["human", "random"]}, "options must be an object"),
    ({"game": "duel", "seats": ["human", "random"], "delay": "slow"}, "delay must be a number"),
    ({"game": "duel", "seats": ["human", "random"], "seed": -3}, "seed must be an integer from 0 to 2**64-1"),
])
def test_a_bad_new_game_is_refused_with_the_reason(client, body, words):
    response = client.post("/api/games", json=body)
    assert response.status_code == 400 and words in response.json()["error"]
    assert client.app.state.store.sessions == {}


@NEEDS_TORCH
def test_a_broken_policy_file_is_refused_with_the_reason(tmp_path):
    from starlette.testclient import TestClient
    junk = tmp_path / "junk.pt"
    junk.write_bytes(b"not a policy")
    with TestClient(create_app(tmp_path, limits=Limits(policy_dirs=(tmp_path,))), base_url=BASE_URL) as client:
        response = client.post("/api/games", json={"game": "duel", "seats": ["human", str(junk)]})
        assert response.status_code == 400
        assert f"cannot make the bot 'ppo:path={junk}': {junk}: not a readable checkpoint or policy file (truncated " \
               "or corrupt" in response.json()["error"]
        assert client.app.state.store.sessions == {}


def test_an_illegal_a_stale_and_a_foreign_move_are_refused_and_change_nothing(client):
    game_id = new_game(client, "seven_wonders_duel", ["human", "human"], seed=1)
    view = client.get(f"/api/games/{game_id}", params={"seat": 0, "tab": "a"}).json()
    url = f"/api/games/{game_id}/move"
    illegal = client.post(url, json={"seat": 0, "tab": "a", "action": 12, "turn_id": view["turn_id"]})
    assert illegal.status_code == 400 and illegal.json()["error"].startswith("illegal action 12 (")
    assert "the decision now is draft" in illegal.json()["error"]  # the engine's reason
    not_yours = client.post(url, json={"seat": 1, "tab": "a", "action": view["moves"][0]["action"],
                                       "turn_id": view["turn_id"]})
    assert not_yours.status_code == 409 and "not player_1's turn" in not_yours.json()["error"]
    stale = client.post(url, json={"seat": 0, "tab": "a", "action": view["moves"][0]["action"], "turn_id": -1})
    assert stale.status_code == 409 and "stale move" in stale.json()["error"]
    spectator = client.post(url, json={"seat": None, "action": 0, "turn_id": view["turn_id"]})
    assert spectator.status_code == 403
    assert client.post(url, content=b"{not json", headers=JSON).status_code == 400
    assert client.get(f"/api/games/{game_id}", params={"seat": 0, "tab": "a"}).json() == view
    assert client.get("/api/games/nope").status_code == 404


def test_an_illegal_seven_wonders_move_gets_the_engines_reason(client):
    game_id = new_game(client, "seven_wonders", ["human"] * 3, {"num_players": 3}, seed=1)
    view = client.get(f"/api/games/{game_id}", params={"seat": 0, "tab": "a"}).json()
    illegal = next(a for a in range(100) if a not in {m["action"] for m in view["moves"]})
    response = client.post(f"/api/games/{game_id}/move",
                           json={"seat": 0, "tab": "a", "action": illegal, "turn_id": view["turn_id"]})
    assert response.status_code == 400 and "legal actions:" in response.json()["error"]


def test_a_second_tab_is_told_and_may_take_the_seat_over(client):
    game_id = new_game(client, "seven_wonders_duel", ["human", "random"])
    assert client.get(f"/api/games/{game_id}", params={"seat": 0, "tab": "first"}).status_code == 200
    second = client.get(f"/api/games/{game_id}", params={"seat": 0, "tab": "second"})
    assert second.status_code == 409 and "open in another browser tab" in second.json()["error"]
    assert client.get(f"/api/games/{game_id}", params={"seat": 1, "tab": "x"}).status_code == 403  # a bot's seat
    taken = client.get(f"/api/games/{game_id}", params={"seat": 0, "tab": "second", "take_over": "1"})
    assert taken.status_code == 200
    assert client.get(f"/api/games/{game_id}", params={"seat": 0, "tab": "first"}).status_code == 409


def test_a_closed_tab_loses_nothing_and_a_new_tab_goes_on(client, monkeypatch):
    """The tab that held the seat went silent (closed): a new tab gets the seat and the same table."""
    monkeypatch.setattr("wonders_web.sessions.CLAIM_SECONDS", 0.2)
    game_id = new_game(client, "seven_wonders_duel", ["human", "random"], seed=6)
    rng = np.random.default_rng(2)
    for _ in range(3):
        play_turn(client, game_id, rng, tab="closed")
    before = client.get(f"/api/games/{game_id}", params={"seat": 0, "tab": "closed"}).json()
    wait_for(lambda: client.get(f"/api/games/{game_id}", params={"seat": 0, "tab": "new"}).status_code == 200, 5)
    after = client.get(f"/api/games/{game_id}", params={"seat": 0, "tab": "new"}).json()
    assert after["table"] == before["table"] and after["moves"] == before["moves"]
    view = after
    while not view["over"]:
        view = play_turn(client, game_id, rng, tab="new")
    assert json.loads((client.records_dir / f"{game_id}.json").read_text())["finished"]


def test_a_game_in_progress_is_resumed_by_a_new_server(tmp_path):
    from starlette.testclient import TestClient
    rng = np.random.default_rng(4)
    with TestClient(create_app(tmp_path), base_url=BASE_URL) as client:
        game_id = new_game(client, "seven_wonders", ["human", "random", "heuristic"], {"num_players": 3}, seed=9)
        for _ in range(8):
            play_turn(client, game_id, rng)
        before = client.get(f"/api/games/{game_id}", params={"seat": 0, "tab": "tests"}).json()
        tokens = {TOKEN_HEADER: client.headers[TOKEN_HEADER]}  # the page keeps them
    assert (tmp_path / "in_progress" / f"{game_id}.json").exists()
    with TestClient(create_app(tmp_path), base_url=BASE_URL, headers=tokens) as client:  # the server restarted
        after = client.get(f"/api/games/{game_id}", params={"seat": 0, "tab": "tests"}).json()
        assert after["table"] == before["table"] and after["moves"] == before["moves"]
        view = after
        while not view["over"]:
            view = play_turn(client, game_id, rng)
    assert json.loads((tmp_path / f"{game_id}.json").read_text())["finished"]


def test_a_saved_game_that_cannot_be_resumed_is_reported_and_kept(tmp_path):
    from starlette.testclient import TestClient
    with TestClient(create_app(tmp_path), base_url=BASE_URL) as client:
        game_id = new_game(client, "seven_wonders_duel", ["human", "random"], seed=4)
        play_turn(client, game_id, np.random.default_rng(0))
        tokens = {TOKEN_HEADER: client.headers[TOKEN_HEADER]}
    broken = tmp_path / "in_progress" / "broken.json"
    broken.write_text("{not json")
    with TestClient(create_app(tmp_path), base_url=BASE_URL, headers=tokens) as client:
        skipped = client.get("/api/setup").json()["skipped_saved_games"]
        assert len(skipped) == 1 and str(broken) in skipped[0]
        assert [game["id"] for game in client.get("/api/games").json()] == [game_id]  # the others resume
    assert broken.read_text() == "{not json"  # left as it was, for a person to look at


# ---------------------------------------------------------------- replays
@pytest.mark.parametrize("game, options", [
    ("seven_wonders_duel", {}),
    ("seven_wonders_duel", {"expansions": ("pantheon",), "engine": "python"}),  # replayed by the first engine
    ("seven_wonders_duel", {"expansions": ("agora",), "engine": "python"}),
    ("seven_wonders_duel", {"expansions": ("pantheon", "agora"), "engine": "python"}),
    ("seven_wonders_duel", {"expansions": ("pantheon", "agora")}),  # the core's game, replayed
    ("seven_wonders", {"num_players": 3}),
    ("seven_wonders", {"num_players": 2}),
    ("seven_wonders", {"num_players": 7, "edition": "2nd"}),
    ("seven_wonders", {"num_players": 2, "payment": "choose"}),
    ("seven_wonders", {"num_players": 4, "expansions": ("leaders",), "engine": "python", "payment": "choose"}),
])
def test_a_record_replays_turn_by_turn_to_its_final_scores(client, game, options):
    record = finished_record(game, 21, **options)
    loaded = client.post("/api/replays", content=json.dumps(record), headers=JSON)
    assert loaded.status_code == 200, loaded.text
    replay = loaded.json()
    last = client.get(f"/api/replays/{replay['id']}/{replay['turns']}").json()
    assert [s["score"] for s in last["result"]["scores"]] == [p["score"] for p in record["players"]]
    first = client.get(f"/api/replays/{replay['id']}/0").json()
    assert "result" not in first and first["events"] == []
    middle = client.get(f"/api/replays/{replay['id']}/{replay['turns'] // 2}", params={"seat": 1}).json()
    assert middle["events"] and middle["turn"] == replay["turns"] // 2
    expected_turns = len(record["actions"]) if game == "seven_wonders_duel" else None
    if expected_turns is not None:
        assert replay["turns"] == expected_turns


@pytest.mark.parametrize("game, options, players", [("seven_wonders_duel", {}, 2),
                                                     ("seven_wonders", {"num_players": 3}, 3),
                                                     ("seven_wonders", {"num_players": 2}, 2)])
def test_a_replay_seat_outside_the_players_is_a_400_naming_the_range(client, game, options, players):
    record = finished_record(game, 6, **options)
    replay = client.post("/api/replays", content=json.dumps(record), headers=JSON).json()
    turn = f"/api/replays/{replay['id']}/{replay['turns'] // 2}"
    for seat in (-1, players, players + 5, 10**6):
        response = client.get(turn, params={"seat": seat})
        assert response.status_code == 400, (seat, response.text)
        assert response.json()["error"] == (f"seat must be a player number from 0 to {players - 1} (this game has "
                                            f"{players} players) or empty for a spectator, got {seat}")
    for seat in (*range(players), ""):
        assert client.get(turn, params={"seat": seat}).status_code == 200


@pytest.mark.parametrize("game, players, agents", [("duel", None, ["random", "heuristic"]),
                                                    ("seven_wonders", 3, ["random", "heuristic"])])
def test_the_records_a_tournament_saves_open_in_the_replay(client, tmp_path, game, players, agents):
    result = run_tournament(game, agents, games=players or 2, num_players=players, workers=1, ratings=False,
                            progress=False, save_records=tmp_path / "records")
    for path, row in zip(sorted((tmp_path / "records").iterdir()), result.games):
        loaded = client.post("/api/replays", content=path.read_bytes(), headers=JSON)
        assert loaded.status_code == 200, loaded.text
        replay = loaded.json()
        last = client.get(f"/api/replays/{replay['id']}/{replay['turns']}").json()
        assert [s["score"]["total"] for s in last["result"]["scores"]][:len(row["scores"])] == row["scores"]
        assert [int(w.rsplit("_", 1)[1]) for w in last["result"]["winners"]] == row["winners"]


def test_a_record_with_chosen_wonders_and_sides_replays():
    record = finished_record("seven_wonders", 5, num_players=4, wonders=["Giza", "Rhodes", "Babylon", "Olympia"],
                             wonder_sides=["A", "B", "B", "A"])
    rebuilt = rebuild(record)
    assert rebuilt.env.unwrapped.game_record() == record


@pytest.mark.parametrize("mutate, words", [
    (lambda r: r.update(seed=None), "no seed (its game started from a determinized or hand-made position"),
    (lambda r: r.update(seed="5"), "seed must be an integer, got '5'"),
    (lambda r: r.update(game="chess"), "not a game record of this package"),
    (lambda r: r.pop("actions"), "'actions' must be a list"),
    (lambda r: r["actions"][12].update(paid=99), "does not reproduce the record at action 12"),
    (lambda r: r["actions"][12].update(kind="teleport"), "unknown action kind 'teleport'"),
    (lambda r: r["actions"].append(dict(r["actions"][-1])), "the game ends after"),
])
def test_a_foreign_or_tampered_record_is_refused_with_the_reason(client, mutate, words):
    record = finished_record("seven_wonders_duel", 2)
    mutate(record)
    response = client.post("/api/replays", content=json.dumps(record), headers=JSON)
    assert response.status_code == 400 and words in response.json()["error"], response.text


@pytest.mark.parametrize("text, words", [(b"{oops", "not JSON"), (b"[1, 2]", "JSON object")])
def test_a_malformed_record_is_refused(client, text, words):
    response = client.post("/api/replays", content=text, headers=JSON)
    assert response.status_code == 400 and words in response.json()["error"]


def test_a_seven_wonders_record_with_a_changed_payment_is_refused():
    record = finished_record("seven_wonders", 3, num_players=3)
    paid = next(a for a in record["actions"] if a["kind"] == "build")
    paid["paid"] = {"left": 9, "right": 0, "bank": 0}
    with pytest.raises(RecordError, match="does not reproduce the record at action"):
        rebuild(record)


def test_wonders_serve_prints_its_address_and_serves_the_page(tmp_path):
    import subprocess
    import sys
    import urllib.request
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "wonders_cli", "serve", "--port", str(port),
                                "--records", str(tmp_path)],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        line = process.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in line
        page = wait_for(lambda: _get(urllib.request, f"http://127.0.0.1:{port}/"), 30)
        assert "<title>7 Wonders</title>" in page
    finally:
        process.terminate()
        process.wait(timeout=10)


def _get(request_module, url: str) -> str | None:
    try:
        with request_module.urlopen(url, timeout=5) as response:
            return response.read().decode()
    except OSError:
        return None


def test_wonders_serve_refuses_a_bad_port(capsys):
    from wonders_cli import main
    with pytest.raises(SystemExit):
        main(["serve", "--port", "70000"])
    assert "--port must be from 1 to 65535" in capsys.readouterr().err


def test_wonders_serve_without_the_web_extra_says_what_to_install(monkeypatch, capsys):
    import sys
    from wonders_cli import main
    monkeypatch.setitem(sys.modules, "wonders_web.app", None)  # as if starlette were missing
    with pytest.raises(SystemExit) as exit_info:
        main(["serve"])
    assert exit_info.value.code == 1 and "pip install -e '.[web]'" in capsys.readouterr().err
