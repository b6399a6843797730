"""A record of a ``vector`` batch replays in the web app: its seed deals the batch's game in the
env the replay builds, whose moves then write the record again, scores included."""

from __future__ import annotations

import pytest

from wonders_env import vector
from wonders_web.replay import rebuild


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
