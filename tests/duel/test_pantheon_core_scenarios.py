"""The worked examples of the Pantheon rules that random play seldom reaches, played on the compiled
core from the same hand-built state as on the Python engine (``tests/duel/pantheon_scenarios.py``),
compared field by field: Zeus choosing a structure slot, the boxed wonder staying boxed after Anubis,
the Great Library built again drawing the next tokens, and the core's determinization of those
positions (``core/duel/determinize.cpp``, the rule of ``wonders_env/duel/determinize.py``)."""

from __future__ import annotations

import numpy as np
from pantheon_scenarios import ACTS, DB, activate, build_wonder, pantheon_game

from wonders_env.duel.actions import ActionKind, Item
from wonders_env.duel.compiled import PANTHEON_FIELDS, STATE_FIELDS, CompiledDuel, DuelStateView, state_fields
from wonders_env.duel.game import DuelGame
from wonders_env.duel.rules import apply_action, legal_actions
from wonders_env.duel.state import EMPTY, Phase

CORE, PY = CompiledDuel(("pantheon",)), DuelGame("1st", ("pantheon",))
CARD, WONDER = DB.card_ids, DB.wonder_ids


def on_the_core(state) -> DuelStateView:
    """The core twin of a hand-built Python state (imported field by field, its log not replayed)."""
    return DuelStateView(CORE.engine.import_state(state_fields(state)), None, DB)


def assert_same(view: DuelStateView, state) -> None:
    mine, theirs = CORE.engine.export_state(view.core), state_fields(state)
    theirs["owned"] = state.owned.tolist()
    for fields in (mine, theirs):
        fields["discard"] = sorted(fields["discard"])
    pantheon, their_pantheon = mine.pop("pantheon"), theirs.pop("pantheon")
    assert [name for name in STATE_FIELDS if mine[name] != theirs[name]] == []
    assert [name for name in PANTHEON_FIELDS if pantheon[name] != their_pantheon[name]] == []


def play_both(view: DuelStateView, state, action: int) -> None:
    player = state.current
    assert CORE.why_illegal(view, player, action) == PY.why_illegal(state, player, action) is None
    CORE.apply_actions(view, {player: action})
    apply_action(state, action)
    assert_same(view, state)


def test_zeus_chooses_a_slot_on_the_core_and_discards_its_face_down_card():
    state = pantheon_game(age=2, coins=(10, 7), spaces={"Zeus": 5})
    activate(state, "Zeus")
    view = on_the_core(state)
    slots = [s for s, card in enumerate(state.slot_card) if card != EMPTY]
    assert CORE.legal_actions(view, 0) == legal_actions(state) == [ACTS.item(Item.SLOT, s) for s in slots]
    for probe in range(ACTS.choose, ACTS.num_actions):
        assert CORE.why_illegal(view, 0, probe) == PY.why_illegal(state, 0, probe)
    hidden = next(s for s in slots if not state.face_up[s])
    card = state.slot_card[hidden]
    play_both(view, state, ACTS.item(Item.SLOT, hidden))
    assert view.pantheon.zeus_cards == [card] and card in view.discard and view.slot_card[hidden] == EMPTY
    assert CORE.game_record(view)["actions"][-1]["card"] == DB.cards[card].name


def test_the_boxed_wonder_stays_boxed_on_the_core_after_anubis():
    state = pantheon_game(age=2, coins=(20, 20), spaces={"Anubis": 5})
    build_wonder(state, "The Pyramids", "The Great Lighthouse", "The Temple of Artemis", "The Statue of Zeus",
                 "Circus Maximus", "Piraeus", "The Appian Way")
    state.boxed_wonder = WONDER["The Colossus"]
    state.wonder_card[WONDER["Piraeus"]] = CARD["Baths"]
    activate(state, "Anubis")
    view = on_the_core(state)
    play_both(view, state, ACTS.item(Item.WONDER, WONDER["Piraeus"]))
    assert state.wonders_built == 6 and CORE.legal_actions(view, 1) == legal_actions(state)
    card = state.slot_card[state.accessible_slots()[0]]
    colossus = ACTS.encode(ActionKind.WONDER, card, WONDER["The Colossus"])
    assert colossus not in CORE.legal_actions(view, 1)
    assert CORE.why_illegal(view, 1, colossus) == PY.why_illegal(state, 1, colossus)
    reason = "The Colossus went back to the box when the 7th wonder was built"
    assert CORE.why_illegal(view, 1, colossus).endswith(reason)


def test_the_great_library_built_again_on_the_core_draws_the_next_tokens_and_a_copy_keeps_both_draws():
    wonders = (("The Great Library", "The Pyramids", "The Temple of Artemis", "The Statue of Zeus"),
               ("Circus Maximus", "Piraeus", "The Appian Way", "The Colossus"))
    state = pantheon_game(age=2, wonders=wonders, coins=(30, 30), spaces={"Anubis": 5})
    library = WONDER["The Great Library"]
    view = on_the_core(state)
    play_both(view, state, ACTS.encode(ActionKind.WONDER, state.slot_card[state.accessible_slots()[0]], library))
    play_both(view, state, ACTS.encode(ActionKind.LIBRARY, state.library_offer[0]))
    state.current = state.turn_player = 0  # player 0 again, by hand on both
    activate(state, "Anubis")
    view = on_the_core(state)
    play_both(view, state, ACTS.item(Item.WONDER, library))
    state.current = state.turn_player = 0
    view = on_the_core(state)
    play_both(view, state, ACTS.encode(ActionKind.WONDER, state.slot_card[state.accessible_slots()[0]], library))
    assert view.phase == Phase.LIBRARY and sorted(view.library_offer) == sorted(state.token_order[8:11])
    rng, moved = np.random.default_rng(1), 0
    for player in (0, 1):
        for _ in range(5):
            twin = CORE.determinize(view, player, rng)
            assert twin.token_order[:11] == view.token_order[:11] and twin.library_offer == view.library_offer
            moved += twin.token_order[11:] != view.token_order[11:]
    assert moved  # the two set-aside tokens no draw has shown are redrawn


def test_a_copy_during_zeus_choice_redraws_the_face_down_cards_and_keeps_the_slots():
    state = pantheon_game(age=2, coins=(10, 7), spaces={"Zeus": 5})
    activate(state, "Zeus")
    view = on_the_core(state)
    rng, moved = np.random.default_rng(2), 0
    for player in (0, 1):
        for _ in range(5):
            twin = CORE.determinize(view, player, rng)
            assert twin.pantheon.options == view.pantheon.options
            assert CORE.legal_actions(twin, 0) == CORE.legal_actions(view, 0)
            moved += twin.slot_card != view.slot_card
    assert moved  # face-down cards are no longer kept while Zeus chooses
