"""The one design of the declared state layouts (``core/common/state_layout.hpp``): for both games,
the same generic code exports every field, imports it with its checks (a bad value is refused
naming the field, the value and what is allowed) and gives the view's getter."""

from __future__ import annotations

import numpy as np
import pytest

from wonders_env import core
from wonders_env.duel.compiled import CompiledDuel
from wonders_env.game import plain
from wonders_env.seven_wonders.compiled import CompiledSevenWonders


class Case:
    """One game's core: its layout's field names, export, import and states of a random game."""

    def __init__(self, game_name: str) -> None:
        if game_name.startswith("seven_wonders_duel"):
            pantheon = game_name.endswith("pantheon")
            self.game, self.module = CompiledDuel(("pantheon",) if pantheon else ()), core.load().duel
            # a Duel state's own layouts for its Pantheon and Agora parts (None without the expansion)
            self.parts = {"pantheon": self.module.PANTHEON_FIELDS if pantheon else None, "agora": None}
        else:
            self.game, self.module = CompiledSevenWonders(3), core.load().seven_wonders
            self.parts = {}
        self.export_state, self.import_state = self.game.engine.export_state, self.game.engine.import_state
        self.names = self.module.STATE_FIELDS

    def read(self, state, name: str):
        """The core's getter of field ``name`` (a Python view may present some fields otherwise)."""
        return getattr(self.module.State, name).__get__(state)

    def core_state(self, state):
        return state.core if game_is_duel(self.game) else state

    def positions(self, seed: int = 0, every: int = 4):
        """Core states of one random game, every ``every`` decisions, and its last."""
        rng = np.random.default_rng(seed)
        state = self.game.new_game(seed)
        for step in range(1000):
            if step % every == 0 or self.game.is_over(state):
                yield self.core_state(state)
            if self.game.is_over(state):
                return
            self.game.apply_actions(state, {p: int(rng.choice(self.game.legal_actions(state, p)))
                                            for p in self.game.acting_players(state)})


def game_is_duel(game) -> bool:
    return isinstance(game, CompiledDuel)


@pytest.fixture(scope="module", params=["seven_wonders_duel", "seven_wonders_duel:pantheon", "seven_wonders"])
def case(request) -> Case:
    return Case(request.param)


def test_every_field_round_trips_and_the_view_reads_what_the_export_gives(case):
    for state in case.positions():
        values = case.export_state(state)
        assert tuple(values) == (*case.names, *case.parts)
        assert case.export_state(case.import_state(values)) == values
        for name in case.names:
            assert plain(case.read(state, name)) == plain(values[name]), name
        for part, names in case.parts.items():  # a part's own layout, read through its getters
            if names is None:
                assert values[part] is None and getattr(state, part) is None
            else:
                assert tuple(values[part]) == names
                assert {name: plain(getattr(getattr(state, part), name)) for name in names} == \
                    {name: plain(value) for name, value in values[part].items()}


def test_every_field_refuses_a_value_of_another_shape_naming_the_field_and_what_is_allowed(case):
    values = case.export_state(next(case.positions()))
    for name in case.names:
        with pytest.raises(ValueError, match=rf"^state field '{name}': 'abc' is not allowed \((an|a) "):
            case.import_state({**values, name: "abc"})
        with pytest.raises(ValueError, match=rf"^state field '{name}': missing \(every field of the layout"):
            case.import_state({key: value for key, value in values.items() if key != name})


@pytest.mark.parametrize("game_name, field, value, message", [
    ("seven_wonders_duel", "coins", [7, 40000], r"'coins': 40000 is out of range \(an integer in 0 to 32767\)"),
    ("seven_wonders", "coins", [3, 10001, 3], r"'coins': 10001 is out of range \(an integer in 0 to 10000\)"),
    ("seven_wonders", "phase", 10, r"'phase': 10 is out of range \(an integer in 0 to 9\)"),
    ("seven_wonders", "hands", [[], [], [], []], r"'hands': a sequence of 4 values is not allowed \(3 allowed\)"),
    ("seven_wonders", "has_type", np.zeros((3, 5), np.int8), r"'has_type': a sequence of 5 values is not allowed"),
    ("seven_wonders", "decks", {4: [1]}, r"'decks': 4 is out of range \(an integer in 1 to 3\)"),
    ("seven_wonders", "pending", {0: 10**6}, r"'pending': 1000000 is out of range \(an integer in 0 to \d+\)"),
    ("seven_wonders", "log", [(1, 1, 5, 0, 0, 0, 0, 0, 0)], r"'log': 5 is out of range \(an integer in -1 to 2\)"),
    ("seven_wonders", "age_leftovers_discarded", 2, r"'age_leftovers_discarded': 2 is out of range"),
])
def test_a_bad_value_is_refused_in_the_same_words_in_both_games(game_name, field, value, message):
    case = Case(game_name)
    values = case.export_state(next(case.positions()))
    with pytest.raises(ValueError, match=rf"^state field {message}"):
        case.import_state({**values, field: value})
