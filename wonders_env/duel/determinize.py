"""Determinization for search agents: redraw what one player cannot know."""

from __future__ import annotations

import numpy as np

from ..deal_rng import DealRng
from . import agora
from .cards import NONE, DuelDatabase
from .pantheon import options_now
from .state import BOARD_TOKENS, EMPTY, NOBODY, WONDERS_PER_ROUND, AgoraState, Choice, DuelState, Phase, deal_age


def determinize(state: DuelState, player: int, rng: np.random.Generator) -> DuelState:
    """A copy in which everything ``player`` cannot know is redrawn from ``rng``.

    The base game has no private information, so both players know the same things and ``player``
    only names whose view this is. Redrawn: the wonders not yet shown in the draft, the order of the
    set-aside progress tokens (before the Great Library draws; with Pantheon, after it too, those no
    draw has shown; Enki's two stay once shown), the
    face-down cards of the current structure and the cards of this Age left in the box (each keeps
    its card back: Age card, Guild or Grand Temple), and the whole deal of every later Age. With
    Pantheon also: the order of each mythology deck (its top kept for the decider of the Gate's
    choice, who sees it), the divinities the opponent placed face down or drew and is placing or
    choosing among for the Divine Theater (each among those of its mythology ``player`` has not
    seen), the Age I mythology tokens before
    Age I is laid out, and the offering tokens not yet seen (face down on their slots or dealt for
    Age II). What a player saw of a deck's top (the divinity they put back) is not kept; a set being
    chosen from is listed again from the copy (the Gate's tops, the drawn divinities: redrawn with
    them; Zeus' set names structure slots, which a redraw keeps). With Agora,
    a later Age's deal has its Senators too: those not in the current and earlier Ages, redealt
    among the later Ages, and the Senate's hidden parts are redrawn (:func:`redraw_senate`; a set-aside
token the opponent locked too). The copy
    has no seed (``None``): its deal is no longer its seed's, so its record is not replayed from a seed.
    """
    if player not in (0, 1):
        raise ValueError(f"player must be 0 or 1, got {player!r}")
    twin = state.clone()
    twin.seed = None
    if twin.draft_step < WONDERS_PER_ROUND:
        unseen = sorted(twin.wonder_order[WONDERS_PER_ROUND:])  # the true order must not matter
        twin.wonder_order[WONDERS_PER_ROUND:] = [unseen[i] for i in rng.permutation(len(unseen))]
    if not twin.library_used:
        _redraw_set_aside(twin, BOARD_TOKENS, rng)
    elif twin.pantheon is not None:
        _redraw_set_aside_after_the_library(twin, rng)
    if twin.age >= 1:
        _redraw_hidden_cards(twin, rng)
    later_ages = DealRng(int(rng.integers(2**63)))
    for age in range(twin.age + 1, 4):
        twin.deals[age - 1], twin.boxed[age - 1] = deal_age(twin.db, age, later_ages)
    if twin.db.agora:
        _redeal_later_senators(twin, later_ages)
        conspiring = twin.phase == Phase.CHOOSE and twin.agora.choice in (Choice.KEEP_CONSPIRACY, Choice.PUT_BACK)
        twin.agora = redraw_senate(twin.db, twin.agora, player, twin.current if conspiring else NOBODY, rng)
        _redraw_locked_tokens(twin, player, rng)
        if twin.phase == Phase.CHOOSE and twin.agora.choice != NONE:
            agora.refresh_options(twin)
    if twin.pantheon is not None:
        _redraw_pantheon(twin, player, rng)
        if twin.phase == Phase.CHOOSE and twin.pantheon.choice != NONE:  # its items: from what was just redrawn
            twin.pantheon.options = options_now(twin)
    return twin


def _redraw_set_aside(state: DuelState, start: int, rng: np.random.Generator) -> None:
    """The set-aside order from position ``start`` redrawn, but for Enki's tokens once shown (with
    Pantheon), which keep their positions: the others are redrawn among the other positions."""
    shown = set(state.pantheon.enki_tokens) if state.pantheon is not None else set()
    positions = [i for i in range(start, len(state.token_order)) if state.token_order[i] not in shown]
    unseen = sorted(state.token_order[i] for i in positions)
    for i, k in zip(positions, rng.permutation(len(unseen))):
        state.token_order[i] = unseen[k]


def _redraw_set_aside_after_the_library(state: DuelState, rng: np.random.Generator) -> None:
    """Pantheon, after the Great Library's draw: the set-aside tokens no draw has shown (those a
    Library built again draws, Enki's until shown), redrawn among themselves."""
    draw = max(state.db.wonder_library_draw)
    start = BOARD_TOKENS + draw
    owned = state.player_tokens[0] | state.player_tokens[1]
    if any(owned >> t & 1 or t in state.library_offer for t in state.token_order[start:start + draw]):
        start += draw  # the Library built again (after Anubis) drew these
    _redraw_set_aside(state, start, rng)


def _redraw_pantheon(state: DuelState, player: int, rng: np.random.Generator) -> None:
    """Pantheon's hidden parts, redrawn (see :func:`determinize`)."""
    tables, pantheon = state.db.pantheon, state.pantheon
    hidden_spaces = [s for s, d in enumerate(pantheon.spaces)
                     if d != EMPTY and not pantheon.space_face_up[s] and pantheon.placed_by[s] != player]
    choosing = state.phase == Phase.CHOOSE
    # the decider of the Gate's choice sees the decks' tops; the other player does not see the
    # divinities drawn for a placement or the Divine Theater, nor the one chosen among them
    tops_seen = choosing and pantheon.choice == Choice.GATE_DIVINITY and player == state.current
    drawn_unseen = choosing and player != state.current and pantheon.choice in (
        Choice.PLACE_DIVINITY, Choice.PLACE_SPACE, Choice.THEATER_DIVINITY, Choice.THEATER_TOP)
    chosen_unseen = drawn_unseen and pantheon.choice in (Choice.PLACE_SPACE, Choice.THEATER_TOP)
    for mythology, deck in enumerate(pantheon.decks):
        kept = deck[:1] if tops_seen else []
        spaces = [s for s in hidden_spaces if tables.divinities[pantheon.spaces[s]].mythology == mythology]
        drawn = [i for i, d in enumerate(pantheon.drawn)
                 if drawn_unseen and tables.divinities[d].mythology == mythology]
        chosen = chosen_unseen and tables.divinities[pantheon.chosen].mythology == mythology
        pool = sorted(deck[len(kept):] + [pantheon.spaces[s] for s in spaces] + [pantheon.drawn[i] for i in drawn]
                      + ([pantheon.chosen] if chosen else []))
        pool = [pool[i] for i in rng.permutation(len(pool))]
        for s in spaces:
            pantheon.spaces[s] = pool.pop()
        for i in drawn:
            pantheon.drawn[i] = pool.pop()
        if chosen:
            pantheon.chosen = pool.pop()
        pantheon.decks[mythology] = kept + pool
    if state.age == 0:
        mythology = sorted(tables.mythology_tokens)
        pantheon.age_tokens[0] = [mythology[i] for i in rng.permutation(len(mythology))][:len(tables.token_slots[0])]
    if state.age < 2:  # Age II is not laid out: the order of its offering tokens is unseen
        tokens = sorted(pantheon.age_tokens[1])
        pantheon.age_tokens[1] = [tokens[i] for i in rng.permutation(len(tokens))]
    elif state.age == 2:  # the offering tokens still face down on their slots
        slots = [s for s, t in enumerate(pantheon.slot_tokens) if t != EMPTY and tables.tokens[t].mythology == NONE]
        tokens = sorted(pantheon.slot_tokens[s] for s in slots)
        for s, token in zip(slots, (tokens[i] for i in rng.permutation(len(tokens)))):
            pantheon.slot_tokens[s] = token


def _redraw_locked_tokens(state: DuelState, player: int, rng: np.random.Generator) -> None:
    """Agora: a set-aside token the opponent locked (Obscurantism), redrawn among the set-aside tokens
    ``player`` has not seen (before the Great Library drew any; Enki's are seen)."""
    senate = state.agora
    for i, (token, locker, public) in enumerate(senate.locked):
        if public or locker == player or state.library_used:
            continue
        pool = sorted([token] + agora.set_aside_tokens(state))  # Enki's are not set aside
        senate.locked[i] = (pool[rng.integers(len(pool))], locker, public)


def _redeal_later_senators(state: DuelState, rng: DealRng) -> None:
    """Agora: the Senators not dealt in the current and earlier Ages, redealt into the later Ages'
    deals (just redrawn by :func:`deal_age`), each later deal shuffled with its Senators."""
    tables = state.db.agora
    seen = {card for deal in state.deals[:state.age] for card in deal}
    pool = [senator for senator in tables.senators if senator not in seen]
    rng.shuffle(pool)
    for age in range(state.age + 1, 4):
        count = tables.senators_per_age[age - 1]
        state.deals[age - 1] = state.deals[age - 1] + pool[:count]
        pool = pool[count:]
        rng.shuffle(state.deals[age - 1])


def redraw_senate(db: DuelDatabase, senate: AgoraState, player: int, drawer: int,
                  rng: np.random.Generator) -> AgoraState:
    """A copy of Agora's ``senate`` with what ``player`` cannot know redrawn: the conspiracy deck's
    order, the identities of the opponent's held conspiracies (which of them are prepared, and the
    cards under them, are seen: a card is tucked in view), the conspiracies being chosen from by
    ``drawer`` (the player who conspires now, or ``state.NOBODY``) when it is the opponent, each from the
    conspiracies ``player`` has not seen; and the face-down decrees, from the decrees not face up.
    What a player saw of the conspiracy they put back on the deck is not kept."""
    twin = senate.clone()
    opponent = 1 - player
    drawn_unseen = drawer == opponent
    pool = sorted(twin.conspiracy_deck + twin.conspiracies[opponent] + (twin.drawn if drawn_unseen else []))
    pool = [pool[i] for i in rng.permutation(len(pool))]
    twin.conspiracies[opponent] = [pool.pop() for _ in twin.conspiracies[opponent]]
    if drawn_unseen:
        twin.drawn = [pool.pop() for _ in twin.drawn]
    twin.conspiracy_deck = pool
    seen = {decree for decrees, up in zip(twin.decrees, twin.decree_face_up) if up for decree in decrees}
    unseen = [decree for decree in range(db.agora.num_decrees) if decree not in seen]
    unseen = [unseen[i] for i in rng.permutation(len(unseen))]
    for chamber, up in enumerate(twin.decree_face_up):
        if not up:
            twin.decrees[chamber] = [unseen.pop() for _ in twin.decrees[chamber]]
    return twin


def _redraw_hidden_cards(state: DuelState, rng: np.random.Generator) -> None:
    """Shuffle the current Age's face-down cards with its boxed cards, card back by card back."""
    index, card_deck = state.age - 1, state.db.card_deck
    face_down = [s for s in range(len(state.slot_card)) if state.slot_card[s] != EMPTY and not state.face_up[s]]
    decks = {card_deck[c] for c in state.boxed[index]} | {card_deck[state.slot_card[s]] for s in face_down}
    for deck in sorted(decks):
        slots = [s for s in face_down if card_deck[state.slot_card[s]] == deck]
        boxed = [c for c in state.boxed[index] if card_deck[c] == deck]
        pool = sorted([state.slot_card[s] for s in slots] + boxed)
        pool = [pool[i] for i in rng.permutation(len(pool))]
        for s, card in zip(slots, pool):
            state.slot_card[s] = card
            state.deals[index][s] = card
        others = [c for c in state.boxed[index] if card_deck[c] != deck]
        state.boxed[index] = others + pool[len(slots):]
