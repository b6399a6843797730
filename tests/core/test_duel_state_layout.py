"""The core's one declared Duel state layout (``core/duel/state_layout.hpp``) and what derives from
it: the export, the checked import and the read-only view (``DuelStateView``), which answers the
readable tools' questions (costs, scores) as the Python engine does; the core engine explains an illegal
move in the Python engine's words. Agora's part has a layout of its own, which holds the Python engine's
states of both Agora tables field by field."""

from __future__ import annotations

import numpy as np
import pytest

from wonders_env import core
from wonders_env.duel.cards import database
from wonders_env.duel.compiled import (AGORA_FIELDS, STATE_FIELDS, CompiledDuel, DuelStateView, core_engine,
                                       state_fields, to_python)
from wonders_env.duel.game import DuelGame
from wonders_env.duel.state import Phase, Victory
from wonders_env.game import differing_fields

CORE, PY = CompiledDuel(), DuelGame()
ENGINE = CORE.engine


def random_positions(games: int = 12, seed: int = 0):
    """(Python state, core view) pairs of the same positions, every decision of ``games`` random games."""
    rng = np.random.default_rng(seed)
    for game in range(games):
        python, view = PY.new_game(game), CORE.new_game(game)
        while True:
            yield python, view
            if python.game_over:
                break
            action = int(rng.choice(PY.legal_actions(python, python.current)))
            PY.apply_actions(python, {python.current: action})
            CORE.apply_actions(view, {view.current: action})


def test_the_layout_lists_every_field_of_the_python_state_once():
    """A new state field is one line of state_layout.hpp (42 now) plus the rules that use it."""
    assert tuple(core.load().duel.STATE_FIELDS) == STATE_FIELDS and len(STATE_FIELDS) == 42


def test_the_view_reads_the_python_states_fields_and_answers_its_questions():
    for python, view in random_positions():
        assert differing_fields(view, python, STATE_FIELDS, unordered=("discard",)) == []
        assert isinstance(view.phase, Phase) and isinstance(view.victory, Victory) and view.owned.dtype == np.int8
        assert view.accessible_slots() == python.accessible_slots()
        for player in (0, 1):
            assert view.score_breakdown(player) == python.score_breakdown(player)
            assert view.trade_price_list(player) == tuple(python.trade_price_list(player))
            assert view.sell_value(player) == python.sell_value(player)
            assert [view.wonder_cost(player, w) for w in range(12)] == \
                [python.wonder_cost(player, w) for w in range(12)]
            assert [view.build_cost(player, c) for c in view.structure_cards()] == \
                [python.build_cost(player, c) for c in python.structure_cards()]


def test_the_core_explains_an_illegal_move_in_the_python_engines_words():
    compared = 0
    for index, (python, view) in enumerate(random_positions(games=4, seed=1)):
        if index % 5:
            continue
        for action in [*range(0, 1202, 7), -1, 1202, True, 2.0, "12"]:
            for player in (0, 1):
                assert CORE.why_illegal(view, player, action) == PY.why_illegal(python, player, action), \
                    (index, player, action)
                compared += 1
    assert compared > 5000


def test_the_view_is_read_only_and_its_clone_independent():
    view = CORE.new_game(3)
    with pytest.raises(AttributeError, match="read-only"):
        view.coins = [40, 40]
    twin = view.clone()
    CORE.apply_actions(twin, {0: CORE.legal_actions(twin, 0)[0]})
    assert view.log == [] and len(twin.log) == 1


def test_export_and_import_round_trip_every_field():
    for _python, view in random_positions(games=3, seed=2):
        values = ENGINE.export_state(view.core)
        assert ENGINE.export_state(ENGINE.import_state(values)) == values


@pytest.mark.parametrize("field, value, message", [
    ("coins", [7, 40000], r"'coins': 40000 is out of range \(an integer in 0 to 32767\)"),
    ("pawn", 10, r"'pawn': 10 is out of range \(an integer in -9 to 9\)"),
    ("phase", 2.5, r"'phase': 2.5 is not allowed \(an integer in 0 to 7\)"),
    ("slot_card", [0] * 19, r"'slot_card': a sequence of 19 values is not allowed \(20 allowed\)"),
    ("city", "abc", r"'city': 'abc' is not allowed \(a list or tuple\)"),
    ("discard", [3, 3], r"'discard': card 3 is listed twice"),
    ("draft_offer", [99], r"'draft_offer': 99 is out of range"),
    ("log", [(0, 5000, 0)], r"'log': 5000 is out of range \(an integer in 0 to 1201\)"),
])
def test_a_bad_value_is_refused_naming_the_field_the_value_and_what_is_allowed(field, value, message):
    values = ENGINE.export_state(CORE.new_game(1).core)
    values[field] = value
    with pytest.raises(ValueError, match=message):
        ENGINE.import_state(values)
    del values[field]
    with pytest.raises(ValueError, match=f"'{field}': missing"):
        ENGINE.import_state(values)


def test_a_python_state_with_a_bad_value_is_refused_by_the_env_and_nothing_changes():
    from wonders_env import seven_wonders_duel_v0
    env = seven_wonders_duel_v0.raw_env()
    env.reset(seed=2)
    before = ENGINE.export_state(env.state.core)
    python = env.state.to_python()
    python.pawn = 12
    with pytest.raises(ValueError, match="'pawn': 12 is out of range"):
        env.state = python
    assert ENGINE.export_state(env.state.core) == before
    assert isinstance(env.state, DuelStateView)


AGORA_TABLES = (("agora",), ("pantheon", "agora"))


def python_positions(expansions: tuple[str, ...], games: int, seed: int):
    """Python engine states of a table at every decision of ``games`` random games."""
    game, rng = DuelGame("1st", expansions), np.random.default_rng(seed)
    for number in range(games):
        state = game.new_game(number)
        while True:
            yield state
            if state.game_over:
                break
            game.apply_actions(state, {state.current: int(rng.choice(game.legal_actions(state, state.current)))})


def test_agoras_layout_lists_every_field_of_the_python_agora_state_once():
    assert tuple(core.load().duel.AGORA_FIELDS) == AGORA_FIELDS


@pytest.mark.parametrize("expansions", AGORA_TABLES)
def test_python_states_of_an_agora_table_go_into_the_core_and_back_field_by_field(expansions):
    """The layout an Agora port starts from: every field of the Python engine's states (Agora's
    included, a step's Effect argument as its ``what``) imports, exports unchanged, and comes back
    as the Python engine's values (:func:`to_python`)."""
    db = database("1st", expansions)
    engine = core_engine(db)
    positions = 0
    for python in python_positions(expansions, games=4, seed=7):
        fields = state_fields(python)
        fields["owned"] = python.owned.tolist()
        exported = engine.export_state(engine.import_state(fields))
        exported["discard"], fields["discard"] = sorted(exported["discard"]), sorted(fields["discard"])
        assert exported == fields
        twin = to_python(engine, engine.import_state(fields), python.seed, db)
        assert [name for name in AGORA_FIELDS if getattr(twin.agora, name) != getattr(python.agora, name)] == []
        positions += 1
    assert positions > 300


@pytest.mark.parametrize("field, value, message", [
    ("cubes", [[12, 1, 0, 0, 0, 0], [0] * 6], r"'agora': player_0 has 13 cubes in the Senate, of 12"),
    ("choice", 3, r"'agora': choice 3 is not one of Agora's sets"),
    ("options", [5], r"'agora': options are listed while no set is chosen from"),
    ("steps", [(0, 2, -1, False)], r"'steps': 2 is out of range"),
    ("prepared", [[5], []], r"'prepared': row 0 must hold as many entries as its count \(0\)"),
])
def test_a_bad_agora_value_is_refused_naming_the_field(field, value, message):
    db = database("1st", ("agora",))
    python = DuelGame("1st", ("agora",)).new_game(3)
    fields = state_fields(python)
    fields["agora"][field] = value
    with pytest.raises(ValueError, match=message):
        core_engine(db).import_state(fields)
    fields["agora"] = None
    with pytest.raises(ValueError, match="'agora': an Agora table's state needs a dict"):
        core_engine(db).import_state(fields)
