"""Pantheon's tables reach the Duel core as named arrays (``compiled.pantheon_table_arrays``) and are
checked there (``core/duel/pantheon_tables.cpp``): the core derives the same decks, tokens and slots
as the Python engine, and a corrupt table is refused naming what is wrong."""

from __future__ import annotations

import numpy as np
import pytest

from wonders_env import core
from wonders_env.duel.cards import DIVINE_POWERS, database
from wonders_env.duel.compiled import pantheon_table_arrays, pantheon_table_names

DB = database("1st", ("pantheon",))


def load(arrays: dict, names: tuple | None = None):
    return core.load().duel.PantheonTables(arrays, *(names or pantheon_table_names(DB)))


def test_the_core_reads_the_python_engines_pantheon():
    tables, python = load(pantheon_table_arrays(DB)), DB.pantheon
    assert tables.gate == python.gate
    assert [list(deck) for deck in tables.decks] == [list(deck) for deck in python.decks]
    assert list(tables.mythology_tokens) == list(python.mythology_tokens)
    assert list(tables.offering_tokens) == list(python.offering_tokens)
    assert [list(slots) for slots in tables.token_slots] == [list(slots) for slots in python.token_slots]
    assert tables.divinity_names == [d.name for d in python.divinities]
    assert tables.token_names == ["Mesopotamian", "Mesopotamian", "Phoenician", "Phoenician", "Greek", "Greek",
                                  "Egyptian", "Egyptian", "Roman", "Roman", "-2", "-3", "-4"]


def changed(name: str, index: int, value: int) -> dict:
    arrays = pantheon_table_arrays(DB)
    arrays[name] = arrays[name].copy()
    arrays[name][index] = value
    return arrays


@pytest.mark.parametrize("arrays, error", [
    (changed("divinity_mythology", 0, 7), r"array 'divinity_mythology' holds 7, outside -1..4"),
    (changed("divinity_power", 0, len(DIVINE_POWERS)), rf"outside -1..{len(DIVINE_POWERS) - 1}"),
    (changed("divinity_mythology", 0, -1), "two divinities without a mythology"),
    (changed("divinity_mythology", 15, 0), "more than 3 divinities of mythology 0"),
    (changed("pantheon_token_discount", 10, 0), "token 10 is neither a mythology token"),
    (changed("pantheon_token_discount", 0, 2), "token 0 is not one of 2 mythology tokens"),
    (changed("space_prices", 2, 9), r"space prices must mirror \(the two prices of every space add up to the same "
                                    r"sum\), space 3 does not"),
    (changed("token_slots", 4, -1), "Age 1 has 4 token slots, for 5 tokens"),
    (changed("token_slots", 1, 2), "token slots of Age 1 must be ascending and distinct"),
    (changed("token_slots", 40, 3), "Age 3 has 1 token slots, for 0 tokens"),
    ({**pantheon_table_arrays(DB), "grand_temple_vp": np.zeros(3, np.int64)}, "'grand_temple_vp' must have 4 values"),
])
def test_a_corrupt_pantheon_table_is_refused_saying_what_is_wrong(arrays, error):
    with pytest.raises(ValueError, match=error):
        load(arrays)


@pytest.mark.parametrize("name", sorted(pantheon_table_arrays(DB)))
def test_a_missing_array_is_named(name):
    arrays = pantheon_table_arrays(DB)
    del arrays[name]
    with pytest.raises(ValueError, match=f"missing array '{name}'"):
        load(arrays)


def test_names_of_every_divinity_and_token_are_required():
    divinities, tokens, powers = pantheon_table_names(DB)
    with pytest.raises(ValueError, match="expected 16 divinity and 13 token names, got 15 and 13"):
        load(pantheon_table_arrays(DB), (divinities[:-1], tokens, powers))


@pytest.mark.parametrize("powers", [
    [kind.name.lower() for kind in DIVINE_POWERS[:-1]],  # a power of the core the tables lack
    [kind.name.lower() for kind in DIVINE_POWERS] + ["see_the_future"],  # a power of the tables the core lacks
])
def test_tables_whose_divine_powers_are_not_the_cores_are_refused_naming_both(powers):
    divinities, tokens, _ = pantheon_table_names(DB)
    with pytest.raises(ValueError, match=rf"the divine powers of the tables .* are \({', '.join(powers)}\), but "
                                         r"the core's .* are \(progress_choice_from_setaside, "):
        load(pantheon_table_arrays(DB), (divinities, tokens, powers))
