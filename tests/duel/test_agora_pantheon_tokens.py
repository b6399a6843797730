"""The set-aside progress tokens that Agora's conspiracies and Pantheon's Enki both reach, on the table
with both expansions (a decision of the project: ``pantheon.py``, ``agora.py``): Enki gets the last 2
set-aside tokens still set aside (nobody took them with Espionage nor locked them with Obscurantism),
and the tokens lying on Enki are not set aside (Espionage cannot take them, Obscurantism cannot lock
them), so no token is offered twice. Every action is played on both engines
(:func:`test_agora_core_scenarios.apply_on_both`), and the determinization of both keeps Enki's tokens
where they lie and redraws the other set-aside tokens."""

from __future__ import annotations

import numpy as np
from duel_scenarios import FIRST_GAME_WONDERS
from test_agora_core_scenarios import apply_on_both

from wonders_env.duel import agora
from wonders_env.duel.actions import ActionKind, Item, STARTER_ME, STOP, action_table
from wonders_env.duel.cards import database
from wonders_env.duel.compiled import core_engine, state_fields
from wonders_env.duel.determinize import determinize
from wonders_env.duel.rules import legal_actions
from wonders_env.duel.state import BOARD_TOKENS, Phase, new_game, start_age

BOTH = database("1st", ("pantheon", "agora"))
ACTS = action_table(BOTH)
CONSPIRACY = {c.name: c.id for c in BOTH.agora.conspiracies}
ENKI = BOTH.pantheon.divinity_ids["Enki"]
ENKI_SPACE = 4


def last_turn_of_age_one():
    """Age I with one card left to take, Enki face down in a space, player 0 to play with 20 coins and
    Espionage and Obscurantism held, prepared."""
    state = new_game(0, BOTH)
    state.player_wonders = [[BOTH.wonder_ids[name] for name in names] for names in FIRST_GAME_WONDERS]
    state.draft_step, state.draft_offer = 8, []
    start_age(state, 1)
    state.phase, state.current, state.turn_player = Phase.PLAY, 0, 0
    state.agora.may_trigger, state.coins = True, [20, 7]
    pantheon = state.pantheon
    next(deck for deck in pantheon.decks if ENKI in deck).remove(ENKI)
    pantheon.spaces[ENKI_SPACE], pantheon.placed_by[ENKI_SPACE] = ENKI, 0
    for name in ("Espionage", "Obscurantism"):
        state.agora.conspiracy_deck.remove(CONSPIRACY[name])
        state.agora.conspiracies[0].append(CONSPIRACY[name])
        state.agora.prepared[0].append(state.boxed[0].pop())
    state.cards_left = 1
    return state


def tokens_offered(state) -> list[int]:
    """The progress tokens the deciding player may choose now."""
    offset = ACTS.choose + ACTS.item_offsets[Item.TOKEN]
    return [a - offset for a in legal_actions(state) if offset <= a < offset + ACTS.item_sizes[Item.TOKEN]]


def espionage_before_the_reveal():
    """Espionage takes the last token of the set-aside order (one of Enki's, before the fix) in the last
    turn of Age I; the Age ends and Age II reveals Enki."""
    state = last_turn_of_age_one()
    apply_on_both(state, ACTS.encode(ActionKind.TRIGGER, CONSPIRACY["Espionage"]))
    taken = state.token_order[-1]
    assert taken in tokens_offered(state)
    apply_on_both(state, ACTS.item(Item.TOKEN, taken))
    while state.phase == Phase.CHOOSE:  # the conspiracy's optional influence move: passed
        apply_on_both(state, ACTS.item(Item.OPTION, STOP))
    card = state.slot_card[state.accessible_slots()[0]]
    apply_on_both(state, ACTS.encode(ActionKind.SELL, card))
    assert state.age == 2 and state.pantheon.space_face_up[ENKI_SPACE]
    return state, taken


def test_enki_gets_the_last_two_tokens_nobody_took_with_espionage():
    state, taken = espionage_before_the_reveal()
    assert state.player_tokens[0] == 1 << taken
    assert state.pantheon.enki_tokens == state.token_order[-3:-1]
    apply_on_both(state, ACTS.encode(ActionKind.STARTER, STARTER_ME))
    apply_on_both(state, ACTS.encode(ActionKind.ACTIVATE, ENKI_SPACE, 0))
    first, second = state.token_order[-3:-1]
    assert tokens_offered(state) == sorted([first, second])
    apply_on_both(state, ACTS.item(Item.TOKEN, second))
    assert state.player_tokens[0] == 1 << taken | 1 << second and state.player_tokens[1] == 0
    assert first in agora.set_aside_tokens(state)  # the token Enki's player did not keep goes back


def test_espionage_and_obscurantism_cannot_take_the_tokens_on_enki():
    state, _ = espionage_before_the_reveal()
    on_enki = state.pantheon.enki_tokens
    apply_on_both(state, ACTS.encode(ActionKind.STARTER, STARTER_ME))
    apply_on_both(state, ACTS.encode(ActionKind.TRIGGER, CONSPIRACY["Obscurantism"]))
    offered = tokens_offered(state)
    assert not set(offered) & set(on_enki)
    owned = state.player_tokens[0] | state.player_tokens[1]
    set_aside = [t for t in state.token_order[BOARD_TOKENS:] if not owned >> t & 1 and t not in on_enki]
    assert set(set_aside) <= set(offered) and len(set_aside) == 7
    assert agora.conspiracy_targets(state, 1, CONSPIRACY["Espionage"]) == sorted(set_aside)


def test_both_engines_determinize_keep_enki_tokens_where_they_lie_and_redraw_the_others():
    """Enki's tokens, shown, keep their positions in the set-aside order (not its last two any more:
    Espionage took the last); every other set-aside position is redrawn among the others."""
    state, _ = espionage_before_the_reveal()
    order, on_enki = state.token_order, state.pantheon.enki_tokens
    kept = [i for i in range(BOARD_TOKENS, len(order)) if order[i] in on_enki]
    others = [i for i in range(BOARD_TOKENS, len(order)) if i not in kept]
    engine = core_engine(BOTH)
    core_state = engine.import_state(state_fields(state))
    redrawn = set()
    for seed in range(30):
        python_twin = determinize(state, seed % 2, np.random.default_rng(seed)).token_order
        core_twin = engine.export_state(engine.determinize(core_state, seed, seed % 2))["token_order"]
        for twin in (python_twin, core_twin):
            assert twin[:BOARD_TOKENS] == order[:BOARD_TOKENS] and [twin[i] for i in kept] == [order[i] for i in kept]
            assert sorted(twin[i] for i in others) == sorted(order[i] for i in others)
            redrawn.update(i for i in others if twin[i] != order[i])
    assert redrawn == set(others)
