"""Saves and records written before a seed was one game (the envs dealt from numpy's generator;
their records name no ``deal``) are refused with the reason, never replayed as another game."""

from __future__ import annotations

import json

# first: where the web extra is missing, this import skips the module, saying why
from web_helpers import BASE_URL, JSON

import numpy as np
import pytest
from starlette.testclient import TestClient

from wonders_env.deal_rng import DEAL_NAME
from wonders_env.registry import make
from wonders_web.app import create_app

OLD_SAVES = {  # game -> (options, seats, moves played before it was saved)
    "seven_wonders_duel": ({}, ["human", "random"], 0),
    "seven_wonders": ({"num_players": 3}, ["human", "random", "random"], 3),
}


def old_record(game: str, options: dict, seed: int, moves: int) -> dict:
    """A record as the package wrote it before records named their deal (``record.py``'s fields
    of then: no ``deal``), after ``moves`` random moves."""
    env = make(game, raw=True, **options)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))
    record = env.unwrapped.game_record()
    del record["deal"]
    return record


def old_save(game_id: str, game: str) -> dict:
    """An ``in_progress`` save as :mod:`wonders_web.sessions` documents it (options, seats, the seats'
    secrets, the record so far, the moves of the turn not yet resolved), with a record of then."""
    options, seats, moves = OLD_SAVES[game]
    return {"id": game_id, "game": game, "options": options, "seats": seats, "seed": 5, "delay": 0.5,
            "record": old_record(game, options, 5, moves), "owner": "o" * 32, "tokens": {"0": "t" * 32},
            "invites": {"0": "i" * 32}, "queued": {"stepped": [], "pending": {}, "chosen": []}}


@pytest.mark.parametrize("game", OLD_SAVES)
def test_an_old_game_in_progress_is_not_resumed_and_says_why(tmp_path, game):
    saved = tmp_path / "in_progress" / "0123456789ab.json"
    saved.parent.mkdir()
    saved.write_text(json.dumps(old_save("0123456789ab", game)))
    with TestClient(create_app(tmp_path), base_url=BASE_URL) as client:
        assert client.app.state.store.sessions == {}
        skipped = client.get("/api/setup").json()["skipped_saved_games"]
        assert len(skipped) == 1 and str(saved) in skipped[0]
        assert "names no 'deal'" in skipped[0] and "another game now" in skipped[0]
        assert client.get("/api/games/0123456789ab").status_code == 404
    assert saved.exists()  # kept as it was


@pytest.mark.parametrize("game", OLD_SAVES)
def test_an_old_record_is_refused_by_the_replay_and_replays_once_it_names_its_deal(client, game):
    options, _, moves = OLD_SAVES[game]
    record = old_record(game, options, 9, moves + 4)
    refused = client.post("/api/replays", content=json.dumps(record), headers=JSON)
    assert refused.status_code == 400 and "names no 'deal'" in refused.json()["error"]
    strange = client.post("/api/replays", content=json.dumps({**record, "deal": "mt19937"}), headers=JSON)
    assert strange.status_code == 400
    assert strange.json()["error"] == f"the record's seed was dealt by 'mt19937'; this version deals seeds by " \
                                      f"{DEAL_NAME!r} only"
    named = client.post("/api/replays", content=json.dumps({**record, "deal": DEAL_NAME}), headers=JSON)
    assert named.status_code == 200 and named.json()["turns"] > 0
