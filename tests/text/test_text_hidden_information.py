"""No hidden information in any text: the envs' probe (redraw what a seat cannot see with the
engine's ``determinize``: its text must not change), on every table, for every deciding seat.

7 Wonders also keeps the card of another player's sale, wonder stage or discard in its log:
changing it must not change the text either."""

from __future__ import annotations

import numpy as np
import pytest

from wonders_env.text import text_module

from text_tables import TABLES, decision_states, table_id

STATES_PER_TABLE = 300


def seat_text(game, state, seat: int) -> str:
    moves = [(action, game.describe_move(state, seat, action)) for action in game.legal_actions(state, seat)]
    return text_module(game.name).observation_text(state, seat, moves)


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_what_a_seat_cannot_see_does_not_change_its_text(table):
    game_name, options = table
    rng = np.random.default_rng(1)
    renamed = 0
    for game, state, seat in decision_states(game_name, options, STATES_PER_TABLE, seed=1):
        text = seat_text(game, state, seat)
        assert seat_text(game, game.determinize(state, seat, rng), seat) == text
        others_hidden = [i for i, entry in enumerate(getattr(state, "log", []))
                         if isinstance(entry, dict) and entry["agent"] != f"player_{seat}"
                         and entry["kind"] in game.hidden_action_kinds]
        if others_hidden:
            changed = game.clone(state)
            changed.log = [dict(entry, card="Not This Card") if i in others_hidden else entry
                           for i, entry in enumerate(state.log)]
            assert seat_text(game, changed, seat) == text
            renamed += 1
    assert renamed or game_name == "seven_wonders_duel"
