"""Every legal move has exactly one name, and name -> move -> name round-trips, on thousands of
random states of every table (Duel; 7 Wonders 1st and 2nd edition, 2-7 players, both sides, both
payment modes)."""

from __future__ import annotations

import pytest

from wonders_env.text import parse_move

from text_tables import TABLES, decision_states, table_id

STATES_PER_TABLE = 2000


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_names_are_unique_and_round_trip(table):
    game_name, options = table
    checked = 0
    for game, state, seat in decision_states(game_name, options, STATES_PER_TABLE):
        actions = game.legal_actions(state, seat)
        names = [game.describe_move(state, seat, action) for action in actions]
        assert len(set(names)) == len(names), names
        for index, name in enumerate(names):
            assert parse_move(name, names) == index
            assert parse_move(name.upper(), names) == index  # case is ignored
            assert parse_move(str(index + 1), names) == index
            assert game.describe_move(state, seat, actions[index]) == name
        checked += 1
    assert checked == STATES_PER_TABLE
