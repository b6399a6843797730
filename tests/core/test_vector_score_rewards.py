"""``vector.make(..., reward="score")``: the env's ``score`` rewards at the end of each game, read
back from the finished games' records (Duel: the winner's points margin, at least 1, and its
negative; 0 on a shared victory; 7 Wonders: each player's points minus the others' mean)."""

from __future__ import annotations

import numpy as np
import pytest

from wonders_env import vector


def expected_rewards(record: dict) -> list[float]:
    players = [p for p in record["players"] if p["agent"] is not None]
    totals = [p["score"]["total"] for p in players]
    if record["game"] == "seven_wonders_duel":
        winners = [players.index(p) for p in players if p["agent"] in record["winners"]]
        if len(winners) != 1:
            return [0.0, 0.0]
        margin = max(totals[winners[0]] - totals[1 - winners[0]], 1)
        return [margin if p == winners[0] else -margin for p in (0, 1)]
    return [t - (sum(totals) - t) / (len(totals) - 1) for t in totals]


@pytest.mark.parametrize("game, options", [("seven_wonders_duel", {}), ("seven_wonders", {"num_players": 3}),
                                           ("seven_wonders", {"num_players": 2})])
def test_score_rewards_are_the_points_margins_of_the_finished_games(game: str, options: dict):
    venv = vector.make(game, num_envs=4, seed=5, reward="score", **options)
    venv.reset()
    ended = 0
    while ended < 6:
        _, _, _, rewards, terminated = venv.step(venv.sample_actions())
        assert not rewards[~terminated].any()
        records = venv.finished_records()
        assert len(records) == terminated.sum()
        for index, record in zip(np.flatnonzero(terminated), records):
            assert rewards[index].tolist() == pytest.approx(expected_rewards(record))
        ended += len(records)


def test_an_unknown_reward_mode_is_refused():
    with pytest.raises(ValueError, match=r"reward must be one of \('win_loss', 'score'\), got 'points'"):
        vector.make("seven_wonders_duel", num_envs=2, reward="points")
