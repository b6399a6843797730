"""The caps on the games a server holds (``wonders serve --max-games``, ``--max-games-per-client``,
``--abandon-seconds``): a new game over a cap is refused with 429 naming it; finished games are
released first, abandoned ones stopped and released."""

from __future__ import annotations

import json

# first: where the web extra is missing, this import skips the module, saying why
from web_helpers import BASE_URL, new_game, wait_for

import pytest
from starlette.testclient import TestClient

from wonders_web.app import create_app
from wonders_web.limits import Limits

HUMAN_GAME = {"game": "seven_wonders_duel", "options": {}, "seats": ["human", "random"], "delay": 0}
BOTS_GAME = {**HUMAN_GAME, "seats": ["random", "random"]}


def make_client(app, address: str) -> TestClient:
    return TestClient(app, base_url=BASE_URL, client=(address, 50000))


@pytest.fixture
def app(tmp_path):
    return create_app(tmp_path, limits=Limits(max_games=3, max_games_per_client=2, abandon_seconds=60))


def test_a_client_over_its_cap_is_refused_naming_it_and_others_still_play(app):
    with make_client(app, "10.0.0.1") as first, make_client(app, "10.0.0.2") as second:
        for _ in range(2):
            assert first.post("/api/games", json=HUMAN_GAME).status_code == 200
        refused = first.post("/api/games", json=HUMAN_GAME)
        assert refused.status_code == 429
        assert "already has 2 games in progress" in refused.json()["error"]
        assert "--max-games-per-client 2" in refused.json()["error"]
        assert len(app.state.store.sessions) == 2
        assert second.post("/api/games", json=HUMAN_GAME).status_code == 200


def test_a_full_server_is_refused_naming_its_cap(app):
    with make_client(app, "10.0.0.1") as first, make_client(app, "10.0.0.2") as second, \
            make_client(app, "10.0.0.3") as third:
        for client in (first, first, second):
            assert client.post("/api/games", json=HUMAN_GAME).status_code == 200
        refused = third.post("/api/games", json=HUMAN_GAME)
        assert refused.status_code == 429 and "--max-games 3" in refused.json()["error"]
        assert len(app.state.store.sessions) == 3


def test_finished_games_are_released_for_new_ones_and_free_their_bots(app):
    store = app.state.store
    with make_client(app, "10.0.0.1") as client:
        finished = [new_game(client, "seven_wonders_duel", ["random", "random"]) for _ in range(2)]
        wait_for(lambda: all(not store.get(game_id).in_progress() for game_id in finished))
        wait_for(lambda: all(not store.get(game_id).bots for game_id in finished))
        store.get(finished[1])  # asked about last: released last
        kept = new_game(client, "seven_wonders_duel", ["human", "random"])
        assert set(store.sessions) == {*finished, kept}
        new_game(client, "seven_wonders_duel", ["human", "random"])
        assert finished[0] not in store.sessions and finished[1] in store.sessions
        assert client.get(f"/api/games/{finished[0]}").status_code == 404  # its record is saved:
        assert json.loads((store.records_dir / f"{finished[0]}.json").read_text())["finished"]


def test_an_abandoned_game_is_stopped_released_and_not_resumed(app, tmp_path):
    store = app.state.store
    with make_client(app, "10.0.0.1") as client:
        left, watched = (new_game(client, "seven_wonders_duel", ["human", "random"]) for _ in range(2))
        for game_id in (left, watched):
            store.sessions[game_id].touched -= 120  # two minutes ago, over the 60 seconds
        assert client.get(f"/api/games/{watched}").status_code == 200  # asked about now
        session = store.sessions[left]
        assert client.post("/api/games", json=HUMAN_GAME).status_code == 200  # room: the left game went
        assert left not in store.sessions and watched in store.sessions
        assert session.closed and not session.in_progress()
        assert client.get(f"/api/games/{left}").status_code == 404
    assert not (tmp_path / "in_progress" / f"{left}.json").exists()
    assert json.loads((tmp_path / "abandoned" / f"{left}.json").read_text())["id"] == left
    restarted = create_app(tmp_path)
    assert left not in restarted.state.store.sessions and watched in restarted.state.store.sessions
    restarted.state.store.stop()


def test_a_restart_resumes_at_most_the_servers_cap(tmp_path):
    with TestClient(create_app(tmp_path), base_url=BASE_URL) as client:
        games = [new_game(client, "seven_wonders_duel", ["human", "random"]) for _ in range(3)]
    restarted = create_app(tmp_path, limits=Limits(max_games=2))
    store = restarted.state.store
    assert len(store.sessions) == 2 and set(store.sessions) < set(games)
    assert len(store.skipped) == 1 and "at most 2 games (wonders serve --max-games)" in store.skipped[0]
    store.stop()


def test_wonders_serve_passes_the_caps_and_refuses_non_positive_ones(monkeypatch, capsys, tmp_path):
    import uvicorn
    from wonders_cli import main
    started = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **_: started.update(app=app))
    main(["serve", "--records", str(tmp_path), "--max-games", "7", "--max-games-per-client", "3",
          "--abandon-seconds", "90"])
    limits = started["app"].state.store.limits
    assert (limits.max_games, limits.max_games_per_client, limits.abandon_seconds) == (7, 3, 90.0)
    for flags in (["--max-games", "0"], ["--max-games-per-client", "0"], ["--abandon-seconds", "nan"]):
        with pytest.raises(SystemExit) as exit_info:
            main(["serve", *flags])
        assert exit_info.value.code == 2 and "must be positive" in capsys.readouterr().err


def test_a_bad_request_on_a_full_server_releases_nothing(tmp_path):
    app = create_app(tmp_path, limits=Limits(max_games=2, max_games_per_client=2, abandon_seconds=60))
    store = app.state.store
    with make_client(app, "10.0.0.1") as client:
        finished = [new_game(client, "seven_wonders_duel", ["random", "random"]) for _ in range(2)]
        wait_for(lambda: all(not store.get(game_id).in_progress() for game_id in finished))
        refused = client.post("/api/games", json={**HUMAN_GAME, "game": "no_such_game"})
        assert refused.status_code == 400
        assert set(store.sessions) == set(finished)


def test_a_game_stopped_by_a_failing_bot_is_set_aside_when_released(tmp_path):
    app = create_app(tmp_path, limits=Limits(max_games=1, max_games_per_client=2, abandon_seconds=60))
    store = app.state.store
    with make_client(app, "10.0.0.1") as client:
        failed = store.get(new_game(client, "seven_wonders_duel", ["human", "random"]))
        saved = failed._progress_path()
        assert saved.exists()
        with failed.lock:
            failed.error = "the game stopped: RuntimeError: a failing bot"
        kept = new_game(client, "seven_wonders_duel", ["human", "random"])
        assert set(store.sessions) == {kept}
        assert not saved.exists() and (tmp_path / "abandoned" / f"{failed.id}.json").exists()
