"""The Duel core takes its sizes from the table it is given (``core/duel/tables.hpp``): an Engine on
the Pantheon table's 78 cards, 14 wonders and 13 progress tokens deals what the Python engine deals
from the same seed, its action ranges and observation views are sized by that table, and a State
of one table is refused by an Engine of another."""

from __future__ import annotations

import pytest

from wonders_env import core
from wonders_env.duel.cards import BASE, database
from wonders_env.duel.compiled import core_engine, table_arrays, table_names
from wonders_env.duel.observation import observation_layout
from wonders_env.duel.state import new_game

PANTHEON = database("1st", ("pantheon",))


@pytest.fixture(scope="module")
def pantheon_cards_engine():
    """An Engine of the base rules on the Pantheon table's cards, wonders and tokens."""
    duel = core.load().duel
    return duel.Engine(duel.Tables(table_arrays(PANTHEON), *table_names(PANTHEON)))


@pytest.mark.parametrize("seed", [0, 1, 2, 12345, 2**64 - 1])
def test_a_larger_table_deals_what_the_python_engine_deals(pantheon_cards_engine, seed):
    game = pantheon_cards_engine.new_game(seed)
    python = new_game(seed, PANTHEON)  # its Pantheon setup draws after these
    assert (len(python.wonder_order), len(python.token_order), len(python.boxed[2])) == (14, 13, 5)
    for name in ("wonder_order", "token_order", "deals", "boxed", "draft_offer"):
        assert getattr(game, name) == getattr(python, name), name
    assert len(game.wonder_card) == 14 and len(game.owned[0]) == 78


def test_the_action_ranges_and_observation_are_the_tables(pantheon_cards_engine):
    cards, wonders, tokens = PANTHEON.num_cards, PANTHEON.num_wonders, PANTHEON.num_tokens
    assert pantheon_cards_engine.num_actions == wonders + 4 * cards + cards * wonders + 2 * tokens + 2
    base = core_engine()
    assert (base.num_actions, base.observation_size) == (1202, 1950)
    # the Python engine's base views of that table, less its 9th phase (Pantheon's ``choose``)
    python = observation_layout(PANTHEON)
    assert pantheon_cards_engine.observation_size == python.offsets["pantheon_spaces"] - 1


def test_a_state_of_another_table_is_refused(pantheon_cards_engine):
    larger, base = pantheon_cards_engine.new_game(0), core_engine().new_game(0)
    for engine, state in ((core_engine(), larger), (pantheon_cards_engine, base)):
        with pytest.raises(ValueError, match="a game of another table"):
            engine.legal_actions(state)
        with pytest.raises(ValueError, match="a game of another table"):
            engine.export_state(state)


def test_an_imported_state_holds_only_the_tables_tokens():
    fields = core_engine().export_state(core_engine().new_game(0))
    fields["board_tokens"] = 1 << BASE.num_tokens
    with pytest.raises(ValueError, match="'board_tokens': 1024 names a token the table does not have"):
        core_engine().import_state(fields)
