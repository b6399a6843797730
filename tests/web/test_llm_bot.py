"""A language model as a bot of ``wonders serve``, tried as its operator and as an attacker would
(issue 42): a seat is ``llm:NAME``, NAME an endpoint the operator named (``--llm``); the model a
scripted chat-completions server on 127.0.0.1 (wonders_agents.scripted_chat_server). A client that
names a URL, a key's variable, a model or an unknown NAME is refused before anything is sent, with
one answer whatever it wrote; a model server that does not answer stalls no other request."""

from __future__ import annotations

import json
import socket
import threading
import time

# first: where the web extra is missing, this import skips the module, saying why
from web_helpers import BASE_URL, new_game, wait_for

import pytest
from starlette.testclient import TestClient

from wonders_agents.scripted_chat_server import ScriptedChatServer
from wonders_web.app import create_app
from wonders_web.limits import Limits, ModelEndpoint

REFUSED = ("a language-model seat is one of llm:scripted, the models this server's operator offers (wonders serve "
           "--llm); a client chooses no URL, model, key or option")
NONE_OFFERED = ("this server offers no language-model seats: its operator names them when starting it (wonders serve "
                "--llm NAME=URL,MODEL[,KEY_ENV])")


@pytest.fixture
def model():
    with ScriptedChatServer(then="legal") as server:
        yield server


@pytest.fixture
def listener():
    """A TCP port of 127.0.0.1 that records every connection made to it and answers none."""
    with socket.create_server(("127.0.0.1", 0)) as sock:
        sock.setblocking(False)
        yield sock


def connections(listener: socket.socket) -> int:
    """The connections made to ``listener`` since the last call (each is closed)."""
    count = 0
    while True:
        try:
            connection, _ = listener.accept()
        except BlockingIOError:
            return count
        connection.close()
        count += 1


def accept(listener: socket.socket, seconds: float = 10.0) -> socket.socket:
    """The next connection made to ``listener`` (within ``seconds``)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            return listener.accept()[0]
        except BlockingIOError:
            time.sleep(0.01)
    raise AssertionError("nothing connected to the model server")


def offering(records, *models: ModelEndpoint) -> TestClient:
    """A client of a server started with ``--llm`` for each of ``models``."""
    client = TestClient(create_app(records, limits=Limits(models=models)), base_url=BASE_URL)
    client.records_dir = records
    return client


def test_an_offered_model_plays_a_whole_game_without_a_key_unless_one_is_named(tmp_path, model, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-server-secret")
    with offering(tmp_path, ModelEndpoint("scripted", model.url, "scripted")) as client:
        for game in client.get("/api/setup").json()["games"].values():
            assert game["bots"][-1] == "llm:scripted"
        game_id = new_game(client, "seven_wonders_duel", ["llm:scripted", "random"], seed=3)
        view = wait_for(lambda: (lambda v: v if v["over"] else None)(client.get(f"/api/games/{game_id}").json()), 120)
    record = json.loads((tmp_path / f"{game_id}.json").read_text())
    assert record["finished"] and view["seats"][0]["player"] == "llm:scripted"
    assert len(model.requests) >= 10  # the model was asked for its moves
    assert all(r["body"]["model"] == "scripted" and "Authorization" not in r["headers"] for r in model.requests)


def test_the_key_of_an_offered_model_goes_to_its_url(tmp_path, model, monkeypatch):
    monkeypatch.setenv("SCRIPTED_KEY", "sk-for-this-model")
    with offering(tmp_path, ModelEndpoint("scripted", model.url, "scripted", "SCRIPTED_KEY")) as client:
        game_id = new_game(client, "seven_wonders_duel", ["llm:scripted", "human"], seed=1)
        wait_for(lambda: model.requests)
        client.app.state.store.get(game_id).stop()
    assert model.requests[0]["headers"]["Authorization"] == "Bearer sk-for-this-model"


@pytest.mark.parametrize("seat", [
    "llm:base_url={url},model=m",
    "llm:base_url={url},model=m,api_key_env=HOME",
    "llm:base_url={url},model=m,api_key_env=OPENAI_API_KEY,check_server=true",
    "llm:scripted,base_url={url}",
    "llm:scripted,model=gpt-4o",
    "llm:scripted,api_key_env=HOME",
    "llm:model=scripted",
    "llm:{url}",
    "llm:scripted/../x",
    "llm:Scripted",
    "llm:unknown",
    "llm:",
    "llm",
])
def test_a_client_never_chooses_a_url_key_or_model(tmp_path, model, listener, monkeypatch, seat):
    """Whatever an ``llm`` seat says, it is refused before any connection, with the same answer
    (nothing tells whether a host answers); the offered model, too, hears nothing of it."""
    monkeypatch.setenv("OPENAI_API_KEY", "sk-server-secret")
    url = f"http://127.0.0.1:{listener.getsockname()[1]}/v1"
    with offering(tmp_path, ModelEndpoint("scripted", model.url, "scripted")) as client:
        response = client.post("/api/games", json={"game": "duel", "seats": [seat.format(url=url), "human"],
                                                   "delay": 0})
        assert response.status_code == 400 and response.json()["error"] == REFUSED
        assert client.app.state.store.sessions == {}
    assert connections(listener) == 0 and model.requests == []


def test_without_offered_models_every_llm_seat_is_refused_the_same_way(client, model, listener):
    assert all(not any(b.startswith("llm") for b in game["bots"])
               for game in client.get("/api/setup").json()["games"].values())
    for url in (model.url, f"http://127.0.0.1:{listener.getsockname()[1]}/v1", "http://10.255.255.1/v1"):
        response = client.post("/api/games", json={"game": "duel", "seats": [f"llm:base_url={url},model=m", "human"]})
        assert response.status_code == 400 and response.json()["error"] == NONE_OFFERED
    assert connections(listener) == 0 and model.requests == []


def test_a_silent_model_server_stalls_no_other_request_and_its_address_is_not_told(tmp_path, listener):
    """The operator's model server accepts and says nothing for 3 seconds, then hangs up: the game
    is refused when it hangs up, while the page's other requests are answered at once."""
    port = listener.getsockname()[1]
    connected = threading.Event()

    def hang_up_after_three_seconds() -> None:
        connection = accept(listener)
        connected.set()
        time.sleep(3)
        connection.close()

    created: dict = {}
    with offering(tmp_path, ModelEndpoint("silent", f"http://127.0.0.1:{port}/v1", "m")) as client:
        silent = threading.Thread(target=hang_up_after_three_seconds)
        silent.start()
        creating = threading.Thread(target=lambda: created.update(response=client.post("/api/games", json={
            "game": "duel", "seats": ["llm:silent", "human"], "delay": 0})))
        creating.start()
        assert connected.wait(10)  # the bot's check is waiting for the silent server
        started = time.monotonic()
        assert client.get("/api/setup").status_code == 200 and client.get("/api/games").json() == []
        answered = time.monotonic() - started
        assert creating.is_alive()
        creating.join(30)
        silent.join()
    assert answered < 1.5
    response = created["response"]
    assert response.status_code == 400 and response.json()["error"] == (
        "cannot make the bot 'llm:silent': its model server does not answer now (this server's log says why); "
        "try again later, or choose another bot")


def test_games_waiting_for_their_bots_are_capped_and_leave_the_rest_of_the_server_free(tmp_path, listener, monkeypatch):
    """A client that starts many games against a silent model server holds at most ``MAX_BOT_SETUPS``
    worker threads: the next game with a model seat is a 429 at once, while a game of other bots is
    made as ever and the page is still served."""
    import wonders_web.app
    monkeypatch.setattr(wonders_web.app, "MAX_BOT_SETUPS", 1)
    port = listener.getsockname()[1]
    waiting = {"seats": ["llm:silent", "human"], "game": "duel", "delay": 0}
    created: dict = {}
    with offering(tmp_path, ModelEndpoint("silent", f"http://127.0.0.1:{port}/v1", "m")) as client:
        creating = threading.Thread(target=lambda: created.update(response=client.post("/api/games", json=waiting)))
        creating.start()
        connection = accept(listener)  # the first game's bot waits for the silent model server
        refused = client.post("/api/games", json=waiting)
        assert refused.status_code == 429
        assert "setting up the language-model bots of 1 new games already" in refused.json()["error"]
        assert client.post("/api/games", json={**waiting, "seats": ["random", "human"]}).status_code == 200
        assert client.get("/").status_code == 200 and client.get("/api/setup").status_code == 200
        connection.close()  # the model server hangs up: the first game is refused, and the next one may start
        creating.join(30)
        assert created["response"].status_code == 400
        assert client.post("/api/games", json={**waiting, "seats": ["random", "human"]}).status_code == 200



def test_a_client_at_its_cap_of_games_costs_the_model_server_no_request(tmp_path, model):
    """A client with the most games in progress it may have asks for a model seat: the 429 comes
    before the bot is made (it was checked after, each refused game a GET /models with the
    operator's key)."""
    limits = Limits(models=(ModelEndpoint("scripted", model.url, "scripted"),), max_games_per_client=1)
    with TestClient(create_app(tmp_path, limits=limits), base_url=BASE_URL) as client:
        assert client.post("/api/games", json={"game": "duel", "seats": ["human", "random"]}).status_code == 200
        gets = len(model.gets)
        for _ in range(3):
            refused = client.post("/api/games", json={"game": "duel", "seats": ["human", "llm:scripted"]})
            assert refused.status_code == 429 and "--max-games-per-client" in refused.json()["error"]
        assert len(model.gets) == gets and model.requests == []

def test_a_saved_llm_seat_is_resumed_only_as_an_offered_model(tmp_path, model):
    with offering(tmp_path, ModelEndpoint("scripted", model.url, "scripted")) as client:
        game_id = new_game(client, "seven_wonders_duel", ["human", "llm:scripted"], seed=2)
    path = tmp_path / "in_progress" / f"{game_id}.json"
    saved = json.loads(path.read_text())
    assert saved["seats"] == ["human", "llm:scripted"]  # its name, never its URL
    with offering(tmp_path, ModelEndpoint("scripted", model.url, "scripted")) as client:
        assert client.app.state.store.get(game_id).seats == ["human", "llm:scripted"]
    with offering(tmp_path) as client:  # restarted without --llm
        assert client.app.state.store.sessions == {}
        assert client.get("/api/setup").json()["skipped_saved_games"] == [f"{path}: {NONE_OFFERED}"]
    path.write_text(json.dumps({**saved, "seats": ["human", f"llm:base_url={model.url},model=scripted"]}))
    with offering(tmp_path, ModelEndpoint("scripted", model.url, "scripted")) as client:
        assert client.get("/api/setup").json()["skipped_saved_games"] == [f"{path}: {REFUSED}"]
    assert model.requests == []


# ---------------------------------------------------------------- wonders serve --llm
def started(monkeypatch, *flags: str):
    """The app ``wonders serve`` would run with ``flags`` (uvicorn is not started)."""
    import uvicorn
    from wonders_cli import main
    app = {}
    monkeypatch.setattr(uvicorn, "run", lambda application, **_: app.update(app=application))
    main(["serve", *flags])
    return app["app"]


def test_wonders_serve_offers_the_models_it_is_given(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("HOSTED_KEY", "sk-x")
    app = started(monkeypatch, "--records", str(tmp_path), "--llm", "qwen=http://127.0.0.1:8001/v1,Qwen/Qwen2.5-7B",
                  "--llm", "hosted.4o=https://api.example.com/v1,gpt-4o,HOSTED_KEY")
    assert app.state.store.limits.models == (
        ModelEndpoint("qwen", "http://127.0.0.1:8001/v1", "Qwen/Qwen2.5-7B"),
        ModelEndpoint("hosted.4o", "https://api.example.com/v1", "gpt-4o", "HOSTED_KEY"))
    assert "language models offered to the seats: llm:qwen (Qwen/Qwen2.5-7B at http://127.0.0.1:8001/v1)" \
        in capsys.readouterr().out
    with TestClient(app, base_url=BASE_URL) as client:
        bots = client.get("/api/setup").json()["games"]["seven_wonders_duel"]["bots"]
    assert bots[-2:] == ["llm:qwen", "llm:hosted.4o"]


@pytest.mark.parametrize("value, words", [
    ("qwen", "is not NAME=URL,MODEL[,KEY_ENV]"),
    ("qwen=http://127.0.0.1:8001/v1", "is not NAME=URL,MODEL[,KEY_ENV]"),
    ("qwen=http://127.0.0.1:8001/v1,m,KEY,more", "is not NAME=URL,MODEL[,KEY_ENV]"),
    ("=http://127.0.0.1:8001/v1,m", "NAME must be 1 to 40 letters"),
    ("../x=http://127.0.0.1:8001/v1,m", "NAME must be 1 to 40 letters"),
    ("a b=http://127.0.0.1:8001/v1,m", "NAME must be 1 to 40 letters"),
    ("qwen=file:///etc/passwd,m", "URL must be an http:// or https:// address with a host"),
    ("qwen=http:///v1,m", "URL must be an http:// or https:// address with a host"),
    ("qwen=127.0.0.1:8001/v1,m", "URL must be an http:// or https:// address with a host"),
    ("qwen=http://127.0.0.1:99999/v1,m", "cannot be read"),
    ("qwen=http://127.0.0.1:8001/v1, ", "MODEL is empty"),
    ("qwen=http://127.0.0.1:8001/v1,m,NOT-A-NAME", "KEY_ENV must be the name of an environment variable"),
    ("qwen=http://127.0.0.1:8001/v1,m,WONDERS_UNSET_KEY", "the environment variable WONDERS_UNSET_KEY holding the "
                                                          "key is not set"),
])
def test_a_bad_llm_option_stops_the_server_with_the_reason(monkeypatch, capsys, value, words):
    monkeypatch.delenv("WONDERS_UNSET_KEY", raising=False)
    with pytest.raises(SystemExit) as exit_info:
        started(monkeypatch, "--llm", value)
    error = capsys.readouterr().err
    assert exit_info.value.code == 2 and f"--llm {value!r}" in error and words in error


def test_an_llm_name_given_twice_stops_the_server(monkeypatch, capsys):
    with pytest.raises(SystemExit) as exit_info:
        started(monkeypatch, "--llm", "q=http://127.0.0.1:8001/v1,a", "--llm", "q=http://127.0.0.1:8002/v1,b")
    assert exit_info.value.code == 2 and "--llm names each model once; got the names q, q" in capsys.readouterr().err
