"""The 7 Wonders core answers the rules' questions as the Python engine does (issue 35): over random
games of both engines from the same seeds (3-7 players and the Free City variant, both editions,
both payment modes, the Leaders table), at every step the core's state read under the Python names equals the Python
state field by field, and for every player the reason an action is illegal (many random actions,
legal and illegal), the city it plays for, the cards it chooses from, the payments, Olympia's free build, the counts,
the scores, the move texts, the card texts, the table and the text observation are the same."""

from __future__ import annotations

import copy
import json
import pickle

import numpy as np
import pytest

from wonders_env import text
from wonders_env.game import differing_fields
from wonders_env.seven_wonders import text_view
from wonders_env.seven_wonders.compiled import STATE_FIELDS, CompiledSevenWonders, log_entries
from wonders_env.seven_wonders.compiled import _CoreState as CoreState
from wonders_env.seven_wonders.game import SevenWondersGame
from wonders_env.seven_wonders.scoring import PythonRules
from wonders_env.seven_wonders.state import Phase

TABLES = [(2, "1st", "cheapest", ()), (3, "1st", "choose", ()), (4, "2nd", "cheapest", ()), (5, "1st", "cheapest", ()),
          (7, "2nd", "choose", ()), (2, "1st", "choose", ()), (4, "1st", "cheapest", ("leaders",)),
          (6, "1st", "choose", ("leaders",))]


def _same_answers(core: CompiledSevenWonders, python: SevenWondersGame, view, state, rng, where: str) -> None:
    assert differing_fields(view, state, STATE_FIELDS) == [], where
    assert core.render(view) == python.render(state), where
    db = state.db
    for seat in range(state.num_seats):
        assert core.score_breakdown(view, seat) == python.score_breakdown(state, seat), where
        for counted, scope in (((0, 1), 7), ((7,), 6), ((8,), 6), ((2, 6), 1)):
            assert core.count_items(view, seat, counted, scope) == python.count_items(state, seat, counted, scope)
        for card_type in rng.choice(db.num_types, 4, replace=False):
            assert core.build_payment(view, seat, int(card_type)) == python.build_payment(state, seat, int(card_type))
        assert core.stage_payment(view, seat) == python.stage_payment(state, seat), where
        assert core.free_build_available(view, seat) == python.free_build_available(state, seat), where
        if seat in state.pending:
            assert core.payment_choices(view, seat) == python.payment_choices(state, seat), where
    acting = python.acting_seats(state)
    assert core.acting_seats(view) == acting, where
    for player in range(state.num_players):
        tried = [int(a) for a in rng.choice(core.num_actions, 12, replace=False)]
        tried += [int(a) for a in np.flatnonzero(python.env_mask(state, player))[:3]] + [-1, core.num_actions, True]
        for action in tried:
            assert core.why_illegal(view, player, action) == python.why_illegal(state, player, action), \
                f"{where}: player {player}, action {action}"
        if player in acting:
            assert core.acting_city(view, player) == python.acting_city(state, player), where
            assert core.hand_for_decision(view, player) == python.hand_for_decision(state, player), where
            moves = python.legal_actions(state, player)
            assert [core.describe_move(view, player, a) for a in moves] == \
                [python.describe_move(state, player, a) for a in moves], where
            assert [core.describe_effect(view, player, a) for a in moves] == \
                [python.describe_effect(state, player, a) for a in moves], where
        assert text_view.observation_text(view, player, []) == text_view.observation_text(state, player, []), where


def test_the_core_has_every_name_of_the_python_rules():
    """The compiled engine answers under every name of :class:`.scoring.PythonRules` (texts, renders
    and agents ask either engine through ``rules_of``)."""
    names = [name for name in vars(PythonRules) if not name.startswith("_")]
    assert "free_build_available" in names
    assert [name for name in names if not hasattr(CompiledSevenWonders, name)] == []


@pytest.mark.parametrize("num_players,edition,payment,expansions", TABLES)
def test_the_core_answers_every_question_as_the_python_engine(num_players, edition, payment, expansions):
    core = CompiledSevenWonders(num_players, edition, payment=payment, expansions=expansions)
    python = SevenWondersGame(num_players, edition, payment=payment, expansions=expansions)
    for seed in range(2):
        view, state = core.new_game(seed), python.new_game(seed)
        rng = np.random.default_rng(seed)
        step = 0
        while not python.is_over(state):
            if step % 3 == 0 or state.phase != Phase.MAIN:
                _same_answers(core, python, view, state, rng, f"seed {seed} step {step}")
            actions = {p: int(rng.choice(python.legal_actions(state, p))) for p in python.acting_players(state)}
            python.apply_actions(state, actions)
            core.apply_actions(view, actions)
            step += 1
        _same_answers(core, python, view, state, rng, f"seed {seed}: the end")
        assert text_view.final_text(view) == text_view.final_text(state)
        assert core.game_record(view) == python.game_record(state)


def test_the_core_state_is_read_only_and_a_view_of_the_game():
    core = CompiledSevenWonders(3)
    view = core.new_game(1)
    coins = view.coins
    coins[0] = 99  # a fresh list each read: the state is untouched
    assert view.coins == [3, 3, 3]
    for name in ("coins", "hands", "phase", "log", "wonders", "db"):
        with pytest.raises(AttributeError):
            setattr(view, name, None)
    kept = view.clone()
    core.apply_actions(view, {p: core.legal_actions(view, p)[0] for p in core.acting_players(view)})
    assert view.turn == 2 and kept.turn == 1
    other = CompiledSevenWonders(3)
    with pytest.raises(ValueError, match="another engine"):
        other.render(view)


def test_the_log_read_after_every_move_is_the_core_log_converted_afresh():
    """The view converts only the entries logged since its last read; what it returns is a
    fresh list, and a clone reads its own log."""
    core = CompiledSevenWonders(4)
    rng = np.random.default_rng(3)
    view = core.new_game(3)
    clones = []
    while not core.is_over(view):
        view.log.append("not an entry")  # a fresh list each read: the view is untouched
        assert view.log == log_entries(core.db, CoreState.log.fget(view), view.num_seats, view.num_players)
        if rng.random() < 0.1:
            clones.append((view.clone(), view.log))
        core.apply_actions(view, {p: int(rng.choice(core.legal_actions(view, p))) for p in core.acting_players(view)})
    assert clones and all(clone.log == log for clone, log in clones)


def test_editing_the_log_read_changes_neither_the_record_nor_the_text():
    """The view's entries are memoised, so they are read-only: a change is refused (before, it
    changed the game's record and its text observation), a copy is a plain dict to change, and a
    record is a copy too (editing one leaves the next)."""
    game = text.make("seven_wonders", num_players=3)
    game.reset(seed=4)
    rng = np.random.default_rng(4)
    while not any(entry["paid_to"] for entry in game.env.unwrapped.state.log):  # a neighbour paid
        game.step(str(rng.integers(len(game.legal_moves())) + 1))
    state = game.env.unwrapped.state
    record, observation = game.game_record(), game.get_observation()
    entry = next(entry for entry in state.log if entry["paid_to"])
    changes = [lambda: entry.__setitem__("card", "Palace"), lambda: entry.update(kind="sell"),
               lambda: entry.pop("agent"), lambda: entry["paid"].__setitem__("bank", 99),
               lambda: entry["paid_to"].append({}), lambda: entry["paid_to"][0].__setitem__("coins", 50)]
    for change in changes:
        with pytest.raises(TypeError, match="read-only"):
            change()
    record["actions"][-1]["paid"]["bank"] = 99
    record["actions"][-1]["paid_to"].append({"seat": 0})
    edited = copy.deepcopy(state.log)
    edited[0]["paid"]["bank"] = 99
    assert type(edited[0]) is dict and json.loads(json.dumps(state.log)) == state.log
    assert pickle.loads(pickle.dumps(state.log)) == state.log
    assert game.game_record() == game.game_record() != record
    assert game.game_record()["actions"] == json.loads(json.dumps(state.log))
    assert game.get_observation() == observation
    assert (game.game_record()["actions"][-1]["paid"]["bank"], state.log[0]["paid"]["bank"]) != (99, 99)


def test_the_layout_declares_every_field_of_the_python_state():
    """A field added to one state and not the other fails here: the layout (``state_layout.hpp``)
    holds every field of the Python state but its setup (table, players, seed, boards, payment
    mode, kept by the engine) and memos, under the same names."""
    from wonders_env import core
    from wonders_env.seven_wonders.compiled import _TRANSFERRED
    layout = set(core.load().seven_wonders.STATE_FIELDS)
    setup = {"num_players", "num_seats", "seed", "wonders", "payment"}
    assert layout - {"cities", "sides"} == set(STATE_FIELDS) - setup
    assert set(_TRANSFERRED) == layout - {"cities", "sides", "phase", "log"}
