"""The worked examples of the Agora rules (``tests/duel/test_agora_rules.py``: political supremacy in
the middle of an Age, a pair received in a Coercion exchange, a Politician with 4 blue cards and the
Senate boost, a chamber changing hands with the shield decree, Blackmail on an odd treasury, ...),
many of which random play seldom reaches, played again with every action of their scenarios also
played on the compiled core: before each action the Python state (hand-built or played) is imported
into the core, both engines give the same legal actions and the same reason (or error) for the
action, play it, and end in the same state, field by field."""

from __future__ import annotations

import agora_scenarios
import pytest
import test_agora_rules

from wonders_env.duel import rules, scoring
from wonders_env.duel.actions import BOTTOM, ActionKind, IllegalActionError, Item
from wonders_env.duel.compiled import core_engine, score_categories, state_fields
from wonders_env.duel.state import Choice, Phase, new_game

ACTS, DB, WONDER = agora_scenarios.ACTS, agora_scenarios.DB, agora_scenarios.WONDER

#: the examples that play no action and ask the rules nothing the core answers (the tables, the setup's
#: counts, the Python engine's own control function)
NO_ACTIONS = ("test_the_setup_deals_the_enlarged_structures_the_senate_and_the_new_pools",
              "test_every_conspiracy_and_decree_is_a_row_and_every_power_a_set",
              "test_control_needs_strictly_more_cubes")
#: the draft example offers wonders of another round than its deal's (the core holds the offer as the
#: deal's round): :func:`test_knossos_and_curia_julia_drafted_on_the_core` plays it on a consistent deal
OTHER_DEAL = "test_knossos_places_a_cube_and_curia_julia_conspires_when_drafted"


EXAMPLES = [(name, params) for name, case in vars(test_agora_rules).items()
            if name.startswith("test_") and name != OTHER_DEAL
            for params in ([mark.args[1] for mark in getattr(case, "pytestmark", []) if mark.name == "parametrize"]
                           or [[()]])[0]]


def core_fields(engine, core_state) -> dict:
    fields = engine.export_state(core_state)
    fields["discard"] = sorted(fields["discard"])
    return fields


def python_fields(state) -> dict:
    fields = state_fields(state)
    fields["owned"], fields["discard"] = state.owned.tolist(), sorted(state.discard)
    return fields


def apply_on_both(state, action: int) -> None:
    """The scenarios' ``apply_action``: the action played on the Python state and on its core twin."""
    engine = core_engine(state.db)
    twin = engine.import_state(state_fields(state))
    assert engine.legal_actions(twin).tolist() == rules.legal_actions(state)
    assert (engine.why_illegal(twin, action) or None) == rules.why_illegal(state, action)
    try:
        rules.apply_action(state, action)
    except IllegalActionError as error:
        with pytest.raises(ValueError, match="illegal action"):
            engine.apply_actions(twin, action)
        raise error
    engine.apply_actions(twin, action)
    mine, theirs = core_fields(engine, twin), python_fields(state)
    assert [name for name in theirs if mine[name] != theirs[name]] == []


def twin(state):
    """The core's import of a Python state."""
    return core_engine(state.db).import_state(state_fields(state))


def asked(question, compare):
    """``question`` of the rules (a cost, a sale, the legal actions, the scores), also asked of the core
    twin of its state and compared by ``compare(db, twin, *args)``."""
    def both(state, *args):
        answer = question(state, *args)
        assert compare(state.db, twin(state), *args) == answer, (question.__name__, args)
        return answer
    return both


@pytest.mark.parametrize("name, params", EXAMPLES, ids=[f"{name}{params or ''}" for name, params in EXAMPLES])
def test_every_agora_worked_example_plays_alike_on_the_core(name, params, monkeypatch):
    played = []
    twins = {"apply_action": apply_on_both,
             "legal_actions": asked(rules.legal_actions, lambda db, core: core_engine(db).legal_actions(core).tolist()),
             "build_cost": asked(rules.build_cost, lambda db, core, *args: core_engine(db).build_cost(core, *args)),
             "sell_value": asked(rules.sell_value, lambda db, core, player: core_engine(db).sell_value(core, player)),
             "score_breakdown": asked(scoring.score_breakdown, lambda db, core, player: dict(
                 zip(score_categories(db), core_engine(db).score_breakdown(core, player))))}
    for module in (agora_scenarios, test_agora_rules):  # the scenarios' questions and those a test asks itself
        for function, replacement in twins.items():
            if hasattr(module, function):
                monkeypatch.setattr(module, function, lambda *args, _twin=replacement, **kw: (played.append(args),
                                                                                           _twin(*args, **kw))[1])
    getattr(test_agora_rules, name)(*params)
    assert played or name in NO_ACTIONS, f"{name} asked the core nothing"


def test_knossos_and_curia_julia_drafted_on_the_core():
    """Knossos' cube and Curia Julia's conspiracy when drafted (the draft example on a deal whose first
    round offers both)."""
    state = new_game(0, DB)
    order = state.wonder_order
    for position, name in enumerate(("Knossos", "Curia Julia")):
        other = order.index(WONDER[name])
        order[position], order[other] = order[other], order[position]
    state.draft_offer = order[:4]
    apply_on_both(state, ACTS.encode(ActionKind.DRAFT, WONDER["Knossos"]))
    assert state.agora.choice == Choice.PLACE_INFLUENCE
    apply_on_both(state, ACTS.item(Item.CHAMBER, 3))
    apply_on_both(state, ACTS.encode(ActionKind.DRAFT, WONDER["Curia Julia"]))
    assert state.agora.choice == Choice.KEEP_CONSPIRACY and state.current == 1
    apply_on_both(state, ACTS.item(Item.CONSPIRACY, state.agora.drawn[0]))
    apply_on_both(state, ACTS.item(Item.OPTION, BOTTOM))
    assert state.phase == Phase.DRAFT and state.current == 1 and len(state.agora.conspiracies[1]) == 1
