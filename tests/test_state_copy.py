"""Both Python reference states copy every field the same way (``wonders_env.game.state_copy``):
a field is its declaration and its initial value, and ``clone`` copies it without a line of its own."""

from __future__ import annotations

import numpy as np
import pytest

from wonders_env.duel.state import new_game as new_duel_game
from wonders_env.game import plain, state_copy
from wonders_env.seven_wonders.state import new_game as new_seven_wonders_game


@pytest.mark.parametrize("new_game", [new_duel_game, lambda seed: new_seven_wonders_game(3, seed=seed)])
def test_a_clone_copies_every_field_of_the_python_state(new_game):
    state = new_game(5)
    twin = state.clone()
    names = state.__slots__ if hasattr(state, "__slots__") else vars(state)
    for name in names:
        if name in ("db", "memo", "payment_memo", "cost_cache"):
            continue
        mine, theirs = getattr(state, name), getattr(twin, name)
        assert plain(mine) == plain(theirs), name
        if isinstance(mine, (list, dict, np.ndarray)):
            assert mine is not theirs, name
        if isinstance(mine, list) and mine and isinstance(mine[0], list):
            assert all(a is not b for a, b in zip(mine, theirs)), name


def test_state_copy_copies_what_the_rules_change_and_shares_the_rest():
    log_entry = {"kind": "build"}
    value = {"decks": {1: [3, 4]}, "rows": [[1], [2]], "array": np.zeros(2), "log": [log_entry], "pair": (1, 2)}
    copied = state_copy(value)
    assert plain(copied) == plain(value)
    copied["decks"][1].append(5)
    copied["rows"][0].append(9)
    copied["array"][0] = 1
    assert value["decks"] == {1: [3, 4]} and value["rows"] == [[1], [2]] and value["array"][0] == 0
    assert copied["log"][0] is log_entry and copied["pair"] is value["pair"]
