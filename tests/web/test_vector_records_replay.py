"""A record of a ``vector`` batch replays in the web app: its seed deals the batch's game in the
env the replay builds, whose moves then write the record again, scores included; a record whose
results differ from its replayed game's is refused naming the field."""

from __future__ import annotations

import copy
import itertools

import numpy as np
import pytest

from wonders_env import vector
from wonders_env.registry import make
from wonders_web.replay import RecordError, rebuild


@pytest.mark.parametrize("game, options", [
    ("seven_wonders_duel", {}), ("seven_wonders", {"num_players": 3}),
    ("seven_wonders", {"num_players": 2, "wonder_sides": "B"}),
    ("seven_wonders", {"num_players": 4, "edition": "2nd", "payment": "choose"}),
], ids=repr)
def test_a_batch_record_replays_in_the_web_app(game, options):
    venv = vector.make(game, num_envs=2, seed=2**64 - 9, **options)
    venv.reset()
    records = []
    while len(records) < 2:
        venv.step(venv.sample_actions())
        records += venv.finished_records()
    for record in records:
        assert rebuild(record).env.unwrapped.game_record() == record


def finished_record(game: str, options: dict, seed: int, changed_coins: int | None = None) -> dict:
    """The record of a random game of the Python engine; with ``changed_coins``, player_0's coins
    set by hand after a few moves (the Python engine takes such a state)."""
    env = make(game, raw=True, engine="python", **options)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for step in itertools.count():
        if env.unwrapped.game.is_over(env.unwrapped.state):
            return env.unwrapped.game_record()
        if step == 6 and changed_coins is not None:
            changed = env.unwrapped.state.clone()
            changed.coins[0] = changed_coins
            env.state = changed
        env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))


GAMES = [("seven_wonders_duel", {}), ("seven_wonders", {"num_players": 3})]


@pytest.mark.parametrize("game, options", GAMES, ids=repr)
def test_a_record_whose_results_were_changed_is_refused_naming_the_field(game, options):
    record = finished_record(game, options, 3)
    assert rebuild(record).env.unwrapped.game_record() == record
    winner = record["winners"][0]
    loser = next(f"player_{i}" for i in range(2) if f"player_{i}" != winner)
    changes = {"players": lambda r: r["players"][1]["score"].update(total=r["players"][1]["score"]["total"] + 9),
               "winners": lambda r: r.update(winners=[loser]),
               "finished": lambda r: r.update(finished=False)}
    for field, change in changes.items():
        changed = copy.deepcopy(record)
        change(changed)
        with pytest.raises(RecordError, match=f"^the engine does not reproduce the record's {field} .*at {field}"):
            rebuild(changed)


@pytest.mark.parametrize("game, options", GAMES, ids=repr)
def test_the_record_of_a_state_changed_by_hand_is_refused(game, options):
    """Its seed and moves replay (with more coins, every recorded move is legal), to other coins and
    scores than the record's."""
    record = finished_record(game, options, 4, changed_coins=0)
    with pytest.raises(RecordError, match=r"^the engine does not reproduce the record's players.*at players\[0\]"):
        rebuild(record)
