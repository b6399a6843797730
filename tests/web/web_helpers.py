"""Helpers of the web app's tests: start a game and play its human seats through the JSON API.

Imported first by the tests that need the web extra: where it is missing, importing this module
skips them, saying why (a skip in ``conftest.py`` would stop pytest when given ``tests/web``)."""

from __future__ import annotations

import importlib.util
import socket
import time

import numpy as np
import pytest

pytest.importorskip("starlette", reason="the web extra (starlette, uvicorn) is not installed")
pytest.importorskip("httpx2", reason="starlette's test client needs httpx2 (the dev extra)")

#: why a test (or a case) whose bots read a network skips: ppo and az read it with torch
TORCH_MISSING = "the ppo and az bots read their networks with torch (the train extra)"
NEEDS_TORCH = pytest.mark.skipif(importlib.util.find_spec("torch") is None, reason=TORCH_MISSING)


BASE_URL = "http://127.0.0.1:8000"  # the address create_app's server listens on by default
JSON = {"Content-Type": "application/json"}
TOKEN_HEADER = "X-Wonders-Tokens"


def new_game(client, game: str, seats: list[str], options: dict | None = None, seed: int = 0) -> str:
    """Create a game; ``client`` then holds its secrets (as the page keeps them)."""
    response = client.post("/api/games", json={"game": game, "options": options or {}, "seats": seats,
                                               "seed": seed, "delay": 0})
    assert response.status_code == 200, response.text
    created = response.json()
    hold(client, created["owner"], *created["tokens"].values())
    return created["id"]


def hold(client, *tokens: str) -> None:
    """Send ``tokens`` too with every request of ``client``."""
    held = [token for token in client.headers.get(TOKEN_HEADER, "").split(",") if token]
    client.headers[TOKEN_HEADER] = ",".join(held + list(tokens))


def wait_for(predicate, timeout: float = 30.0):
    """Poll ``predicate`` until it returns something true (the bots run in a thread)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.01)
    raise AssertionError("timed out waiting for the server")


def play_turn(client, game_id: str, rng: np.random.Generator, tab: str = "tests") -> dict:
    """The human seats play random legal moves until the turn is resolved; returns the next view
    (a spectator's). In 7 Wonders with 2 players a turn has two decisions for the Free City's holder."""
    turn_id = client.get(f"/api/games/{game_id}", params={"seat": ""}).json()["turn_id"]

    def step() -> dict | None:
        public = client.get(f"/api/games/{game_id}", params={"seat": ""}).json()
        if public["turn_id"] != turn_id or public["over"]:
            return public
        for agent in public["waiting_for"]:
            seat = int(agent.rsplit("_", 1)[1])
            if public["seats"][seat]["player"] != "human":
                continue
            view = client.get(f"/api/games/{game_id}", params={"seat": seat, "tab": tab}).json()
            if view["moves"] and view["turn_id"] == turn_id:
                move = view["moves"][rng.integers(len(view["moves"]))]
                response = client.post(f"/api/games/{game_id}/move", json={
                    "seat": seat, "tab": tab, "action": move["action"], "turn_id": turn_id})
                assert response.status_code == 200, response.text
        return None

    return wait_for(step)


def free_port() -> int:
    """A TCP port of 127.0.0.1 that is free now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
