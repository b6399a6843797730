"""7 Wonders Duel rules: setup, wonder draft and the card structures; also the scenario helpers
shared by the other ``test_rules_duel_*.py`` modules.

(Builds on ``duel_scenarios.py`` — the scenario, actions by name — and adds the helpers
that these modules use: tokens granted through the engine, cards put on top by swapping.)

A scenario is a real :class:`DuelState` from ``new_game``, moved past the draft into the Age it
names, with the rulebook's "first game" wonders (player 0 = Antoine: Pyramids, Great
Lighthouse, Temple of Artemis, Statue of Zeus; player 1 = Bruno: Circus Maximus, Piraeus,
Appian Way, Colossus). Tests then put named cards on an accessible slot (:func:`on_top`),
into a city through the engine's own ``_add_building`` (:func:`give`), grant tokens through the
engine's ``_take_token`` (:func:`grant`) and play actions by name (:func:`play`).

Sources: the 7 Wonders Duel rulebook, and the project's list of Duel rules the engines must get
right and card-structure layouts (its reference notes, kept outside the repository).
"""

from __future__ import annotations

import numpy as np

import duel_scenarios
from wonders_env.duel import rules
from wonders_env.duel.actions import ActionKind, encode_action
from wonders_env.duel.cards import (CARD_IDS, CARDS, DECK_CARDS, GUILD_DECK, LAYOUTS, NUM_SLOTS,
                                    TOKEN_IDS, WONDER_IDS)
from wonders_env.duel.state import EMPTY, DuelState, Phase, new_game

ANTOINE, BRUNO = 0, 1
FIRST_GAME = duel_scenarios.FIRST_GAME_WONDERS


# ------------------------------------------------------------------------------ helpers
def card(name: str) -> int:
    return CARD_IDS[name]


def wonder(name: str) -> int:
    return WONDER_IDS[name]


def token(name: str) -> int:
    return TOKEN_IDS[name]


def scenario(age: int = 1, wonders=FIRST_GAME, coins=(7, 7), seed: int = 0,
             board=None) -> DuelState:
    """A real game at the first turn of ``age``, player 0 to play; ``board``: token names."""
    state = duel_scenarios.scenario(age, wonders, coins, seed, board_tokens=board)
    state.cost_cache = [None, None]
    return state


def _remove_from_structure(state: DuelState, c: int) -> None:
    """Replace card ``c`` in the structure (if there) by a boxed card of the same Age."""
    if c in state.slot_card:
        s = state.slot_card.index(c)
        spare = [b for b in state.boxed[state.age - 1] if b not in state.slot_card]
        state.slot_card[s] = spare.pop(0)
        state.boxed[state.age - 1].remove(state.slot_card[s])


def on_top(state: DuelState, *names: str) -> None:
    """Put the named cards on accessible slots of the current structure (cards already there are
    swapped into place; others replace the card of the slot)."""
    accessible = state.accessible_slots()
    for target, name in zip(accessible, names):
        c = CARD_IDS[name]
        if c in state.slot_card:
            s = state.slot_card.index(c)
            state.slot_card[s], state.slot_card[target] = state.slot_card[target], c
        else:
            state.slot_card[target] = c


def leave_only(state: DuelState, *names: str) -> None:
    """Empty the structure but for the named cards, on accessible slots (the Age's last cards)."""
    on_top(state, *names)
    keep = state.accessible_slots()[:len(names)]
    for s in range(NUM_SLOTS):
        if s not in keep:
            state.slot_card[s] = EMPTY
        state.cover_count[s] = 0
    state.cards_left = len(names)


def give(state: DuelState, player: int, *names: str) -> None:
    """Build the named cards in ``player``'s city through the engine (their effects apply)."""
    for name in names:
        c = CARD_IDS[name]
        _remove_from_structure(state, c)
        rules._add_building(state, player, c)
    state.cost_cache = [None, None]


def grant(state: DuelState, player: int, *names: str) -> None:
    """``player`` takes the named progress tokens (the engine's own ``_take_token``)."""
    for name in names:
        t = TOKEN_IDS[name]
        state.board_tokens &= ~(1 << t)
        rules._take_token(state, player, t)
    state.cost_cache = [None, None]


def mark_built(state: DuelState, *names: str) -> None:
    """Mark wonders as built (no effect applied), each with a boxed card under it."""
    for name in names:
        w = WONDER_IDS[name]
        state.wonder_built[w] = True
        state.wonders_built += 1
    state.cost_cache = [None, None]


def names(cards) -> list[str]:
    return sorted(CARDS[c].name for c in cards)


# ---------------------------------------------------------------------------------- setup
def test_setup_coins_pawn_looting_tokens():
    state = new_game(np.random.default_rng(3))
    assert state.coins == [7, 7]
    assert state.pawn == 0
    assert state.looting == [True, True, True, True]
    assert bin(state.board_tokens).count("1") == 5
    assert sorted(state.token_order) == list(range(10))
    assert state.board_tokens == sum(1 << t for t in state.token_order[:5])
    assert state.player_tokens == [0, 0]
    assert state.discard == []
    assert state.phase == Phase.DRAFT and state.current == 0


def test_setup_three_cards_removed_per_age_never_in_discard():
    for seed in range(5):
        state = new_game(np.random.default_rng(seed))
        for age in (1, 2):
            dealt, boxed = state.deals[age - 1], state.boxed[age - 1]
            assert len(dealt) == 20 and len(boxed) == 3
            assert sorted(dealt + boxed) == sorted(DECK_CARDS[age - 1])
        assert state.discard == []


def test_setup_age3_has_17_age3_cards_and_3_of_7_guilds():
    seen_guilds = set()
    for seed in range(12):
        state = new_game(np.random.default_rng(seed))
        dealt, boxed = state.deals[2], state.boxed[2]
        assert len(dealt) == 20
        guilds = [c for c in dealt if c in DECK_CARDS[GUILD_DECK]]
        assert len(guilds) == 3
        assert len([c for c in dealt if c in DECK_CARDS[2]]) == 17
        assert sorted(dealt + boxed) == sorted(DECK_CARDS[2] + DECK_CARDS[GUILD_DECK])
        seen_guilds.update(guilds)
    assert len(seen_guilds) > 3  # the 3 guilds are drawn at random


def test_draft_order_abba_baab_and_player0_starts_age1():
    state = new_game(np.random.default_rng(7))
    first, second = state.wonder_order[:4], state.wonder_order[4:8]
    pickers = []
    for step in range(8):
        assert state.phase == Phase.DRAFT
        offer = first if step < 4 else second
        assert set(state.draft_offer) <= set(offer)
        pickers.append(state.current)
        rules.apply_action(state, encode_action(ActionKind.DRAFT, min(state.draft_offer)))
    assert pickers == [0, 1, 1, 0, 1, 0, 0, 1]
    assert sorted(state.player_wonders[0] + state.player_wonders[1]) == sorted(first + second)
    assert len(state.player_wonders[0]) == len(state.player_wonders[1]) == 4
    assert state.phase == Phase.PLAY and state.age == 1 and state.current == 0
    assert state.cards_left == 20


LAYOUT_COVERED_BY = {  # duel_layouts.md, "Compact form"
    1: {0: [2, 3], 1: [3, 4], 2: [5, 6], 3: [6, 7], 4: [7, 8], 5: [9, 10], 6: [10, 11], 7: [11, 12],
        8: [12, 13], 9: [14, 15], 10: [15, 16], 11: [16, 17], 12: [17, 18], 13: [18, 19]},
    2: {0: [6], 1: [6, 7], 2: [7, 8], 3: [8, 9], 4: [9, 10], 5: [10], 6: [11], 7: [11, 12], 8: [12, 13],
        9: [13, 14], 10: [14], 11: [15], 12: [15, 16], 13: [16, 17], 14: [17], 15: [18], 16: [18, 19],
        17: [19]},
    3: {0: [2, 3], 1: [3, 4], 2: [5, 6], 3: [6, 7], 4: [7, 8], 5: [9], 6: [9], 7: [10], 8: [10],
        9: [11, 12], 10: [13, 14], 11: [15], 12: [15, 16], 13: [16, 17], 14: [17], 15: [18],
        16: [18, 19], 17: [19]},
}
FACE_DOWN = {1: [2, 3, 4, 9, 10, 11, 12, 13], 2: [6, 7, 8, 9, 10, 15, 16, 17], 3: [2, 3, 4, 9, 10, 15, 16, 17]}


def test_structures_match_duel_layouts():
    for age in (1, 2, 3):
        layout = LAYOUTS[age - 1]
        for s in range(NUM_SLOTS):
            assert sorted(layout.covered_by[s]) == LAYOUT_COVERED_BY[age].get(s, []), (age, s)
        state = scenario(age=age)
        assert [s for s in range(NUM_SLOTS) if not state.face_up[s]] == FACE_DOWN[age]
        expected_open = list(range(14, 20)) if age == 1 else [18, 19]
        assert state.accessible_slots() == expected_open
        assert state.slot_card == state.deals[age - 1]


def _play_through_structure(age: int, seed: int) -> None:
    """Sell cards (most-covering first) and check after each that exactly the slots whose
    coverers are all gone are accessible, face up, and offered by the legal actions."""
    state = scenario(age=age, seed=seed, coins=(50, 50))
    covered_by = LAYOUT_COVERED_BY[age]
    taken = set()
    while state.cards_left:
        open_slots = [s for s in range(NUM_SLOTS) if s not in taken and all(t in taken for t in covered_by.get(s, []))]
        assert state.accessible_slots() == open_slots
        for s in open_slots:
            assert state.face_up[s], (age, s)
        for s in range(NUM_SLOTS):
            if s not in taken and s not in open_slots and s in FACE_DOWN[age]:
                assert not state.face_up[s], (age, s)
        legal_sells = {a - rules.SELL for a in rules.legal_actions(state) if rules.SELL <= a < rules.WONDER}
        assert legal_sells == {state.slot_card[s] for s in open_slots}
        s = max(open_slots)
        taken.add(s)
        rules.apply_action(state, rules.SELL + state.slot_card[s])
        if state.phase == Phase.STARTER:
            break


def test_face_down_cards_revealed_as_soon_as_accessible_age1():
    _play_through_structure(1, 11)


def test_face_down_cards_revealed_as_soon_as_accessible_age2():
    _play_through_structure(2, 12)


def test_face_down_cards_revealed_as_soon_as_accessible_age3():
    _play_through_structure(3, 13)


def test_age2_slot15_accessible_after_slot18_only():
    state = scenario(age=2)
    rules.apply_action(state, rules.SELL + state.slot_card[18])
    assert state.face_up[15] and not state.face_up[16]
    assert state.accessible_slots() == [15, 19]
