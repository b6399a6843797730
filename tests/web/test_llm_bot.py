"""A language model as a bot of ``wonders serve``: a seat given as an ``llm`` spec, its model a
scripted chat-completions server on 127.0.0.1 (wonders_agents.scripted_chat_server)."""

from __future__ import annotations

import json

from wonders_agents.scripted_chat_server import ScriptedChatServer

from web_helpers import free_port, new_game, wait_for


def test_an_llm_seat_plays_a_whole_game(client):
    with ScriptedChatServer(then="legal") as server:
        seat = f"llm:base_url={server.url},model=scripted,backoff=0.01"
        game_id = new_game(client, "seven_wonders_duel", [seat, "random"], seed=3)
        view = wait_for(lambda: (lambda v: v if v["over"] else None)(client.get(f"/api/games/{game_id}").json()), 120)
    record = json.loads((client.records_dir / f"{game_id}.json").read_text())
    assert record["finished"] and view["seats"][0]["player"] == seat
    assert len(server.requests) >= 10  # the model was asked for its moves


def test_an_unreachable_model_is_refused_when_the_game_is_created(client):
    response = client.post("/api/games", json={
        "game": "seven_wonders_duel", "options": {}, "delay": 0,
        "seats": [f"llm:base_url=http://127.0.0.1:{free_port()}/v1,model=m", "random"]})
    assert response.status_code == 400 and "cannot reach the chat-completions server" in response.text
