"""No hidden information in any text: the envs' probe (redraw what a seat cannot see with the
engine's ``determinize``: its text must not change), on every table, for every deciding seat.

7 Wonders also keeps the card of another player's sale, wonder stage or discard in its log:
changing it must not change the text either. Duel with Pantheon keeps in its log the divinity the
other seat placed face down and the order it put a deck back in (the sets of
``presentation.HIDDEN_CHOICES``): changing them must not change the text either."""

from __future__ import annotations

import numpy as np
import pytest

from wonders_env.duel.actions import ActionKind, Item, action_table
from wonders_env.duel.presentation import HIDDEN_CHOICES
from wonders_env.duel.state import CHOICE_NAMES
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


def other_divinities_in_hidden_choices(state, seat: int):
    """A copy of a Pantheon ``state`` whose log names another divinity in each of the other seat's
    hidden choices (None when there are none)."""
    acts = action_table(state.db)
    sets = iter(state.pantheon.choice_log)
    log, changed = [], False
    for who, action, paid in state.log:
        kind = acts.decode(action)[0]
        if kind is ActionKind.CHOOSE and CHOICE_NAMES[next(sets)] in HIDDEN_CHOICES and who != seat:
            item = acts.item_of(action - acts.choose)[1]
            action = acts.item(Item.DIVINITY, (item + 1) % state.db.pantheon.gate)
            changed = True
        log.append((who, action, paid))
    if not changed:
        return None
    twin = state.clone()
    twin.log = log
    return twin


@pytest.mark.parametrize("expansion", ["pantheon"])
def test_the_other_seats_hidden_pantheon_choices_do_not_change_its_text(expansion):
    changed = 0
    for game, state, seat in decision_states("seven_wonders_duel", {"expansions": (expansion,)}, 600, seed=2):
        twin = other_divinities_in_hidden_choices(state, seat)
        if twin is not None:
            assert seat_text(game, twin, seat) == seat_text(game, state, seat)
            changed += 1
    assert changed > 50
