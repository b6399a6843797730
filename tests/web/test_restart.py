"""A restart loses nothing a player saw as done (issue 33): ``wonders serve`` in a subprocess on
127.0.0.1 is stopped (SIGTERM) or killed (SIGKILL) and started again on the same records."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

# first: where the web extra is missing, this import skips the module, saying why
from web_helpers import BASE_URL, TOKEN_HEADER, free_port, new_game, play_turn, wait_for

import numpy as np
import pytest
from starlette.testclient import TestClient

from wonders_web.app import create_app

SEVEN = {"game": "seven_wonders", "options": {"num_players": 3}, "seats": ["human"] * 3, "seed": 5, "delay": 0}


class Server:
    """``wonders serve`` on a free port of 127.0.0.1, spoken to as the page does."""

    def __init__(self, records: Path) -> None:
        self.port = free_port()
        self.process = subprocess.Popen([sys.executable, "-m", "wonders_cli", "serve", "--port", str(self.port),
                                         "--records", str(records)], stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True)
        first_line = self.process.stdout.readline()
        assert f"http://127.0.0.1:{self.port}/" in first_line, first_line + self.process.stdout.read()
        self.tokens: list[str] = []
        wait_for(lambda: self.answers("/api/setup"), 30)

    def answers(self, path: str) -> bool:
        try:
            return self.request("GET", path) is not None
        except OSError:
            return False

    def request(self, method: str, path: str, body: dict | None = None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data, method=method,
                                         headers={"Content-Type": "application/json",
                                                  TOKEN_HEADER: ",".join(self.tokens)})
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())

    def view(self, game_id: str, seat: int) -> dict:
        return self.request("GET", f"/api/games/{game_id}?seat={seat}&tab=t")

    def move(self, game_id: str, seat: int, view: dict) -> int:
        action = view["moves"][0]["action"]
        self.request("POST", f"/api/games/{game_id}/move",
                     {"seat": seat, "tab": "t", "action": action, "turn_id": view["turn_id"]})
        return action

    def stop(self, how: signal.Signals) -> None:
        self.process.send_signal(how)
        self.process.wait(timeout=20)
        self.process.stdout.close()


@pytest.fixture
def servers():
    started: list[Server] = []
    yield started
    for server in started:
        if server.process.poll() is None:
            server.stop(signal.SIGKILL)


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_a_restart_keeps_new_games_and_the_choices_of_the_turn(tmp_path, servers, how):
    servers.append(first := Server(tmp_path))
    created = first.request("POST", "/api/games", SEVEN)
    untouched = first.request("POST", "/api/games", {"game": "duel", "seats": ["human", "random"], "delay": 0})
    first.tokens += [created["owner"], *created["tokens"].values(), untouched["owner"], *untouched["tokens"].values()]
    game_id = created["id"]
    before = [first.view(game_id, seat) for seat in range(3)]
    chosen = {2: first.move(game_id, 2, before[2]),  # queued: the env asks player_0 first
              0: first.move(game_id, 0, before[0])}  # given to the env, which waits for the others
    wait_for(lambda: first.view(game_id, 0)["chosen"] and first.view(game_id, 2)["chosen"])
    untouched_view = first.view(untouched["id"], 0)
    first.stop(how)

    servers.append(second := Server(tmp_path))
    second.tokens = first.tokens  # the page keeps its secrets in localStorage
    assert {g["id"] for g in second.request("GET", "/api/games")} == {game_id, untouched["id"]}
    assert second.view(untouched["id"], 0)["table"] == untouched_view["table"]
    after = [second.view(game_id, seat) for seat in range(3)]
    assert [view["chosen"] for view in after] == [True, False, True]
    assert after[0]["moves"] == after[2]["moves"] == [] and after[1]["moves"] == before[1]["moves"]
    assert after[1]["table"] == before[1]["table"] and after[1]["waiting_for"] == ["player_1"]
    chosen[1] = second.move(game_id, 1, after[1])
    wait_for(lambda: second.view(game_id, 1)["turn_id"] != before[1]["turn_id"])
    second.stop(signal.SIGTERM)
    saved = json.loads((tmp_path / "in_progress" / f"{game_id}.json").read_text())
    assert saved["record"]["actions"] == played_without_restart(tmp_path / "control", chosen)


def played_without_restart(records: Path, chosen: dict[int, int]) -> list[dict]:
    """The record of the same game and moves on a server that never stopped."""
    with TestClient(create_app(records), base_url=BASE_URL) as client:
        game_id = new_game(client, SEVEN["game"], SEVEN["seats"], SEVEN["options"], seed=SEVEN["seed"])
        turn_id = client.get(f"/api/games/{game_id}").json()["turn_id"]
        for seat, action in chosen.items():
            response = client.post(f"/api/games/{game_id}/move",
                                   json={"seat": seat, "tab": "t", "action": action, "turn_id": turn_id})
            assert response.status_code == 200, response.text
        wait_for(lambda: client.get(f"/api/games/{game_id}").json()["turn_id"] != turn_id)
        return client.app.state.store.get(game_id).env.unwrapped.game_record()["actions"]


def test_a_game_is_saved_when_it_is_created(tmp_path):
    with TestClient(create_app(tmp_path), base_url=BASE_URL) as client:
        game_id = new_game(client, "seven_wonders_duel", ["human", "random"], seed=3)
        saved = json.loads((tmp_path / "in_progress" / f"{game_id}.json").read_text())
        assert saved["record"]["actions"] == [] and saved["seed"] == 3
        assert (tmp_path / "in_progress" / f"{game_id}.json").stat().st_mode & 0o077 == 0  # it holds the secrets


@pytest.mark.parametrize("game, options, expansion, turns, drawn", [
    ("seven_wonders_duel", {"expansions": "pantheon", "engine": "python"}, "pantheon", 30, "pantheon"),
    ("seven_wonders_duel", {"expansions": "pantheon,agora", "engine": "python"}, "pantheon,agora", 30, "senate"),
    ("seven_wonders_duel", {"expansions": "agora"}, "agora", 30, "senate"),  # the core's game
    ("seven_wonders", {"num_players": 3, "expansions": "leaders", "engine": "python"}, "leaders", 8, "leader_hand"),
])
def test_an_expansion_game_resumes_on_a_new_server_as_it_was(tmp_path, game, options, expansion, turns, drawn):
    """The saved game names its table (its expansions and engine): a new server replays it."""
    rng = np.random.default_rng(4)
    seats = options.get("num_players", 2)
    with TestClient(create_app(tmp_path), base_url=BASE_URL) as client:
        game_id = new_game(client, game, ["human"] * seats, options, seed=9)
        for _ in range(turns):
            play_turn(client, game_id, rng)
        views = [client.get(f"/api/games/{game_id}", params={"seat": seat, "tab": "tests"}).json()
                 for seat in range(seats)]
        tokens = client.headers[TOKEN_HEADER]
    saved = json.loads((tmp_path / "in_progress" / f"{game_id}.json").read_text())
    assert saved["record"]["expansions"] == expansion.split(",")
    with TestClient(create_app(tmp_path), base_url=BASE_URL, headers={TOKEN_HEADER: tokens}) as client:
        for seat, before in enumerate(views):
            after = client.get(f"/api/games/{game_id}", params={"seat": seat, "tab": "tests"}).json()
            assert after["table"] == before["table"] and drawn in after["table"]
            assert after["moves"] == before["moves"]
