"""The web app as an attacker or a careless user tries it (issue 33): a second browser without the
seat's token, a cross-origin page, a forged ``Host``, a huge body, a bot with a huge budget, a
policy path outside the allowed folders, a non-loopback ``--host``."""

from __future__ import annotations

import json

# first: where the web extra is missing, this import skips the module, saying why
from web_helpers import BASE_URL, JSON, NEEDS_TORCH, TOKEN_HEADER, TORCH_MISSING, hold, new_game

import pytest
from starlette.testclient import TestClient

from wonders_agents.ppo_agent import default_policy_path
from wonders_web.app import create_app
from wonders_web.guard import allowed_hosts
from wonders_web.limits import DEFAULT_LIMITS, Limits


@pytest.fixture
def stranger(client):
    """A second browser on the same server: it holds none of the first one's secrets."""
    with TestClient(client.app, base_url=BASE_URL) as other:
        yield other


# ---------------------------------------------------------------- seats belong to whoever took them
def test_the_game_list_shows_only_the_games_whose_secrets_the_browser_holds(client, stranger):
    game_id = new_game(client, "seven_wonders_duel", ["human", "random"])
    watched = new_game(client, "seven_wonders_duel", ["random", "random"])
    mine = client.get("/api/games").json()
    assert {g["id"] for g in mine} == {game_id, watched}
    assert {g["id"]: g["your_seats"] for g in mine} == {game_id: [0], watched: []}
    assert stranger.get("/api/games").json() == []
    stranger.headers[TOKEN_HEADER] = "not-a-secret"
    assert stranger.get("/api/games").json() == []


def test_a_second_browser_cannot_read_take_or_play_a_seat_without_its_token(client, stranger):
    game_id = new_game(client, "seven_wonders", ["human", "human", "random"], {"num_players": 3}, seed=4)
    view = client.get(f"/api/games/{game_id}", params={"seat": 0, "tab": "a"}).json()
    assert view["table"]["hand"]
    for params in ({"seat": 0, "tab": "b"}, {"seat": 0, "tab": "b", "take_over": "1"}):
        refused = stranger.get(f"/api/games/{game_id}", params=params)
        assert refused.status_code == 403 and "belongs to another browser" in refused.json()["error"]
    move = {"seat": 0, "tab": "b", "action": view["moves"][0]["action"], "turn_id": view["turn_id"]}
    refused = stranger.post(f"/api/games/{game_id}/move", json=move)
    assert refused.status_code == 403 and "belongs to another browser" in refused.json()["error"]
    assert client.get(f"/api/games/{game_id}", params={"seat": 0, "tab": "a"}).json() == view  # nothing changed
    watching = stranger.get(f"/api/games/{game_id}")  # anyone who knows the id may watch, without a hand
    assert watching.status_code == 200 and watching.json()["table"]["hand"] == []
    assert stranger.post(f"/api/games/{game_id}/delay", json={"delay": 3}).status_code == 403
    assert client.post(f"/api/games/{game_id}/delay", json={"delay": 3}).json() == {"delay": 3}


def test_an_invitation_gives_its_seat_and_only_that_seat_to_another_browser(client, stranger):
    created = client.post("/api/games", json={"game": "duel", "seats": ["human", "human"], "seed": 1, "delay": 0})
    created = created.json()
    hold(client, created["owner"], *created["tokens"].values())
    game_id = created["id"]
    wrong = stranger.post(f"/api/games/{game_id}/seats/1", json={"invite": created["invites"]["0"]})
    assert wrong.status_code == 403 and "not the invitation of player_1" in wrong.json()["error"]
    taken = stranger.post(f"/api/games/{game_id}/seats/1", json={"invite": created["invites"]["1"]})
    assert taken.status_code == 200 and taken.json()["seat"] == 1
    hold(stranger, taken.json()["token"])
    assert stranger.get(f"/api/games/{game_id}", params={"seat": 1, "tab": "b"}).status_code == 200
    assert stranger.get(f"/api/games/{game_id}", params={"seat": 0, "tab": "b"}).status_code == 403
    assert client.get(f"/api/games/{game_id}", params={"seat": 1, "tab": "a"}).status_code == 403  # given away
    view = client.get(f"/api/games/{game_id}", params={"seat": 0, "tab": "a"}).json()  # player_0 is to move
    as_other = stranger.post(f"/api/games/{game_id}/move", json={"seat": 0, "tab": "b", "turn_id": view["turn_id"],
                                                                 "action": view["moves"][0]["action"]})
    assert as_other.status_code == 403  # the holder of seat 1 cannot move for seat 0
    assert [g["your_seats"] for g in stranger.get("/api/games").json()] == [[1]]


# ---------------------------------------------------------------- CSRF and DNS rebinding
GAME = {"game": "duel", "seats": ["human", "random"], "delay": 0}


@pytest.mark.parametrize("headers, status, words", [
    ({"Content-Type": "text/plain"}, 415, "Content-Type: application/json"),
    ({}, 415, "Content-Type: application/json"),
    ({**JSON, "Origin": "http://evil.example"}, 403, "cross-origin request refused"),
    ({**JSON, "Origin": "null"}, 403, "cross-origin request refused"),
    ({**JSON, "Origin": "http://127.0.0.1:8001"}, 403, "cross-origin request refused"),
    ({**JSON, "Host": "evil.example:8000"}, 403, "does not name this server"),
])
def test_a_cross_site_or_rebound_request_changes_nothing(client, headers, status, words):
    response = client.post("/api/games", content=json.dumps(GAME), headers=headers)
    assert response.status_code == status and words in response.json()["error"]
    assert client.app.state.store.sessions == {}


def test_a_same_origin_request_passes(client):
    response = client.post("/api/games", content=json.dumps(GAME),
                           headers={"Content-Type": "application/json; charset=utf-8", "Origin": BASE_URL})
    assert response.status_code == 200, response.text


@pytest.mark.parametrize("host, status", [("127.0.0.1:8000", 200), ("localhost:8000", 200), ("[::1]:8000", 200),
                                          ("evil.example:8000", 403), ("127.0.0.1:9000", 403), ("", 403)])
def test_the_host_header_must_name_the_server(client, host, status):
    for path in ("/", "/api/setup", "/api/games"):
        assert client.get(path, headers={"Host": host}).status_code == status


def test_the_allowed_hosts_follow_the_listening_address():
    assert allowed_hosts("127.0.0.1", 8000) == {"127.0.0.1:8000", "localhost:8000", "[::1]:8000"}
    assert allowed_hosts("192.168.1.5", 80) == {"192.168.1.5:80", "192.168.1.5"}
    assert allowed_hosts("0.0.0.0", 8000, ["box.lan"]) == {"box.lan:8000", "box.lan", "127.0.0.1:8000",
                                                          "localhost:8000", "[::1]:8000"}
    # an extra name with its port as given: a reverse proxy in front serves it on another port
    assert allowed_hosts("127.0.0.1", 8000, ["Games.example.com:8443", "2001:db8::5", "[2001:db8::6]:99"]) == {
        "127.0.0.1:8000", "localhost:8000", "[::1]:8000", "games.example.com:8443", "[2001:db8::5]:8000",
        "[2001:db8::5]", "[2001:db8::6]:99"}


# ---------------------------------------------------------------- limits
@pytest.fixture
def small_client(tmp_path):
    limits = Limits(max_body=1000, max_bot_seconds=2.0, max_bot_simulations=500, policy_dirs=(tmp_path / "mine",))
    with TestClient(create_app(tmp_path, limits=limits), base_url=BASE_URL) as test_client:
        yield test_client


def test_a_body_over_the_limit_is_refused_saying_the_limit(small_client):
    big = json.dumps({**GAME, "padding": "x" * 2000})
    response = small_client.post("/api/games", content=big, headers=JSON)
    assert response.status_code == 413 and "limit of 1000 bytes" in response.json()["error"]
    streamed = small_client.post("/api/replays", content=(b"x" * 400 for _ in range(5)), headers=JSON)  # chunked
    assert streamed.status_code == 413 and "--max-body" in streamed.json()["error"]
    assert small_client.post("/api/games", content=json.dumps(GAME), headers=JSON).status_code == 200


@pytest.mark.parametrize("bot, words", [
    ("mcts:time_limit=1000000", "at most 2.0 seconds a move (wonders serve --max-bot-seconds)"),
    ("mcts:simulations=1000000000", "at most 500 simulations a move (wonders serve --max-bot-simulations)"),
    ("az:time_limit=1000000", "at most 2.0 seconds a move"),
    ("az:simulations=501", "at most 500 simulations"),
    ("mcts:time_limit=inf", "at most 2.0 seconds"),
])
def test_a_bot_budget_over_the_cap_is_refused_saying_the_cap(small_client, bot, words):
    response = small_client.post("/api/games", json={**GAME, "seats": ["human", bot]})
    assert response.status_code == 400 and words in response.json()["error"]
    assert small_client.app.state.store.sessions == {}


def test_the_default_caps_refuse_the_audits_budgets(client):
    for bot in ("mcts:time_limit=1000000", "mcts:simulations=1000000000", "az:time_limit=1000000"):
        response = client.post("/api/games", json={**GAME, "seats": ["human", bot]})
        assert response.status_code == 400 and "this server allows at most" in response.json()["error"]
    assert client.post("/api/games", json={**GAME, "seats": ["human", "mcts:simulations=20"]}).status_code == 200


def test_a_policy_path_outside_the_allowed_folders_reveals_nothing(small_client, tmp_path):
    existing = tmp_path / "secret.pt"
    existing.write_bytes(b"whatever")
    inside = tmp_path / "mine"
    inside.mkdir()
    (inside / "link.pt").symlink_to(existing)

    def error(bot: str) -> str:
        response = small_client.post("/api/games", json={**GAME, "seats": ["human", bot]})
        assert response.status_code == 400
        return response.json()["error"]

    missing = tmp_path / "missing.pt"
    assert error(f"ppo:path={existing}").replace(str(existing), "P") == error(f"ppo:path={missing}").replace(
        str(missing), "P")
    assert "policy files are read only from" in error(str(existing))
    assert "policy files are read only from" in error(f"az:path={existing}")
    assert "policy files are read only from" in error(str(inside / "link.pt"))  # a link out of the folder
    assert "policy files are read only from" in error(f"{inside}/../secret.pt")
    pytest.importorskip("torch", reason=TORCH_MISSING)
    assert "no such checkpoint or policy file" in error(str(inside / "nothing.pt"))  # inside: the real reason


@NEEDS_TORCH
def test_the_shipped_policies_are_allowed_by_default(client):
    bot = f"ppo:path={default_policy_path('seven_wonders_duel')}"
    assert client.post("/api/games", json={**GAME, "seats": ["human", bot]}).status_code == 200


@pytest.mark.parametrize("body", [b"[" * 100_000, b'{"a": ' * 100_000])
@pytest.mark.parametrize("path", ["/api/games", "/api/replays"])
def test_deeply_nested_json_is_a_4xx(client, path, body):
    response = client.post(path, content=body, headers=JSON)
    assert response.status_code == 400 and "nested too deeply" in response.json()["error"]


@pytest.mark.parametrize("options", [{"edition": ["1st"]}, {"payment": {"a": 1}}, {"num_players": [3]},
                                     {"wonder_sides": [["A"], ["B"], ["A"]]}, {"wonders": [{}, [], "Giza"]}])
def test_unhashable_option_values_are_a_4xx(client, options):
    response = client.post("/api/games", json={"game": "7w", "options": options, "seats": ["human"] * 3})
    assert response.status_code == 400 and "error" in response.json()


@pytest.mark.parametrize("seed, status", [(2**64 - 1, 200), (2**64, 400), (10**30, 400), (-1, 400), (1.5, 400)])
def test_seeds_are_integers_from_0_to_2_to_the_64_minus_1(client, seed, status):
    response = client.post("/api/games", json={**GAME, "seed": seed})
    assert response.status_code == status, response.text
    if status == 400:
        assert "seed must be an integer from 0 to 2**64-1" in response.json()["error"]


# ---------------------------------------------------------------- saved games (issue 42)
def saved_game(records) -> tuple:
    """The ``in_progress`` file of a Duel (``player_0``, human, to move) saved by a server that has
    stopped, and its contents."""
    with TestClient(create_app(records), base_url=BASE_URL) as client:
        game_id = new_game(client, "seven_wonders_duel", ["human", "random"], seed=2)
    path = records / "in_progress" / f"{game_id}.json"
    return path, json.loads(path.read_text())


def resumed(records, limits: Limits = DEFAULT_LIMITS) -> tuple[dict, list[str]]:
    """The games a server started on ``records`` resumes, and the saved games it skipped."""
    store = create_app(records, limits=limits).state.store
    store.stop()
    return store.sessions, store.skipped


@pytest.mark.parametrize("forged", ["../../escaped", "/absolute", "0123456789ab", "", None, 7])
def test_a_saved_games_id_never_names_where_it_is_written(tmp_path, forged):
    records = tmp_path / "records"
    path, saved = saved_game(records)
    forged = str(tmp_path / "absolute") if forged == "/absolute" else forged
    path.write_text(json.dumps({**saved, "id": forged}))
    files = sorted(tmp_path.rglob("*"))
    sessions, skipped = resumed(records)
    assert sessions == {} and skipped == [f"{path}: its id {forged!r} is not its file's name {path.stem!r}: a saved "
                                          "game is resumed under the name of its file only"]
    assert sorted(tmp_path.rglob("*")) == files and json.loads(path.read_text())["id"] == forged  # kept, untouched


def test_a_saved_game_whose_file_name_is_not_a_game_id_is_kept_aside(tmp_path):
    path, saved = saved_game(tmp_path)
    renamed = path.with_name("..x.json")
    path.rename(renamed)
    renamed.write_text(json.dumps({**saved, "id": "..x"}))
    sessions, skipped = resumed(tmp_path)
    assert sessions == {} and skipped == [f"{renamed}: a game's id is 12 lowercase hexadecimal digits, got '..x'"]
    assert sorted(path.parent.iterdir()) == [renamed]


@pytest.mark.parametrize("bot, words", [
    ("mcts:time_limit=1000000", "at most 2.0 seconds a move (wonders serve --max-bot-seconds)"),
    ("az:simulations=1000000000", "at most 500 simulations a move (wonders serve --max-bot-simulations)"),
    ("ppo:path=/etc/hostname.pt", "policy files are read only from"),
    ("/etc/hostname.pt", "policy files are read only from"),
])
def test_a_saved_games_bots_stay_within_the_limits_when_it_is_resumed(tmp_path, bot, words):
    path, saved = saved_game(tmp_path)
    path.write_text(json.dumps({**saved, "seats": ["human", bot]}))
    limits = Limits(max_bot_seconds=2.0, max_bot_simulations=500, policy_dirs=(tmp_path / "mine",))
    sessions, skipped = resumed(tmp_path, limits)
    assert sessions == {} and len(skipped) == 1 and skipped[0].startswith(f"{path}: ") and words in skipped[0]
    assert json.loads(path.read_text())["seats"] == ["human", bot]  # kept as it was


def test_a_saved_bot_with_simulations_alone_gets_the_time_cap_when_resumed(tmp_path):
    path, saved = saved_game(tmp_path)
    path.write_text(json.dumps({**saved, "seats": ["human", "mcts:simulations=100"]}))
    sessions, skipped = resumed(tmp_path, Limits(max_bot_seconds=2.0))
    assert skipped == [] and sessions[path.stem].seats == ["human", "mcts:simulations=100,time_limit=2.0"]


@pytest.mark.parametrize("field, value", [("seats", [1, "random"]), ("seats", "human"), ("tokens", ["x"]),
                                          ("options", 5), ("queued", None), ("owner", 7), ("tokens", {"0": 5}),
                                          ("invites", {"0": None}), ("delay", 1e9), ("delay", -1), ("delay", "1")])
def test_a_saved_game_with_a_field_of_the_wrong_type_is_kept_aside(tmp_path, field, value):
    path, saved = saved_game(tmp_path)
    path.write_text(json.dumps({**saved, field: value}))
    sessions, skipped = resumed(tmp_path)
    assert sessions == {} and len(skipped) == 1 and skipped[0].startswith(f"{path}: ")
    assert json.loads(path.read_text())[field] == value


def test_a_saved_game_nested_too_deeply_to_read_is_kept_aside(tmp_path):
    path, _ = saved_game(tmp_path)
    path.write_text("[" * 100_000)
    sessions, skipped = resumed(tmp_path)
    assert sessions == {} and len(skipped) == 1 and skipped[0].startswith(f"{path}: ")
    assert path.read_text() == "[" * 100_000


# ---------------------------------------------------------------- --host
def test_a_non_loopback_host_needs_allow_remote(capsys):
    from wonders_cli import main
    with pytest.raises(SystemExit) as exit_info:
        main(["serve", "--host", "0.0.0.0"])
    error = capsys.readouterr().err
    assert exit_info.value.code == 2 and "--allow-remote" in error and "not a loopback address" in error


def test_allow_remote_says_what_it_exposes(monkeypatch, capsys, tmp_path):
    """Run with ``--allow-remote`` up to uvicorn, which is not started (tests listen on loopback only)."""
    import uvicorn
    from wonders_cli import main
    started = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, host, port, **_: started.update(app=app, host=host, port=port))
    main(["serve", "--host", "0.0.0.0", "--allow-remote", "--allowed-host", "box.lan", "--port", "8123",
          "--records", str(tmp_path)])
    out = capsys.readouterr().out
    assert "warning: anyone who can reach 0.0.0.0:8123 over the network can create games" in out
    assert started["host"] == "0.0.0.0" and started["port"] == 8123
    with TestClient(started["app"], base_url="http://box.lan:8123") as remote:
        assert remote.get("/").status_code == 200
        assert remote.get("/", headers={"Host": "evil.example:8123"}).status_code == 403


def test_a_budget_of_simulations_alone_also_stops_at_the_time_cap(small_client):
    """``mcts:engine=python`` makes a few dozen simulations a second: 500 would be many seconds."""
    bot = "mcts:engine=python,simulations=500,reuse=true"
    created = small_client.post("/api/games", json={**GAME, "seats": [bot, "random"]})
    assert created.status_code == 200, created.text
    assert created.json()["seats"][0] == "mcts:engine=python,simulations=500,reuse=true,time_limit=2.0"
    session = small_client.app.state.store.get(created.json()["id"])
    assert session.bots["player_0"].time_limit == 2.0
    pytest.importorskip("torch", reason=TORCH_MISSING)
    assert small_client.post("/api/games", json={**GAME, "seats": ["mcts", "az"]}).json()["seats"] == ["mcts", "az"]


@pytest.mark.parametrize("flags", [["--max-body", "0"], ["--max-bot-seconds", "-1"], ["--max-bot-seconds", "nan"],
                                   ["--max-bot-simulations", "0"]])
def test_limits_of_the_command_line_must_be_positive(capsys, flags):
    from wonders_cli import main
    with pytest.raises(SystemExit) as exit_info:
        main(["serve", *flags])
    assert exit_info.value.code == 2 and "must be positive" in capsys.readouterr().err
