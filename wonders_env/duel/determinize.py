"""Determinization for search agents: redraw what one player cannot know."""

from __future__ import annotations

import numpy as np

from ..deal_rng import DealRng
from .state import BOARD_TOKENS, EMPTY, WONDERS_PER_ROUND, DuelState, deal_age


def determinize(state: DuelState, player: int, rng: np.random.Generator) -> DuelState:
    """A copy in which everything ``player`` cannot know is redrawn from ``rng``.

    Duel has no private information, so both players know the same things and ``player`` only
    names whose view this is. Redrawn: the wonders not yet shown in the draft, the order of the
    set-aside progress tokens (before the Great Library draws), the face-down cards of the
    current structure and the cards of this Age left in the box (each keeps its card back: Age
    card or Guild), and the whole deal of every later Age. The copy has no seed (``None``): its deal
    is no longer its seed's, so its record is not replayed from a seed.
    """
    if player not in (0, 1):
        raise ValueError(f"player must be 0 or 1, got {player!r}")
    twin = state.clone()
    twin.seed = None
    if twin.draft_step < WONDERS_PER_ROUND:
        unseen = sorted(twin.wonder_order[WONDERS_PER_ROUND:])  # the true order must not matter
        twin.wonder_order[WONDERS_PER_ROUND:] = [unseen[i] for i in rng.permutation(len(unseen))]
    if not twin.library_used:
        unseen = sorted(twin.token_order[BOARD_TOKENS:])
        twin.token_order[BOARD_TOKENS:] = [unseen[i] for i in rng.permutation(len(unseen))]
    if twin.age >= 1:
        _redraw_hidden_cards(twin, rng)
    later_ages = DealRng(int(rng.integers(2**63)))
    for age in range(twin.age + 1, 4):
        twin.deals[age - 1], twin.boxed[age - 1] = deal_age(twin.db, age, later_ages)
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
