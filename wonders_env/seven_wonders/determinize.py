"""Determinization for search agents: resample what one player cannot see."""

from __future__ import annotations

import numpy as np

from .rules import legal_action_mask
from .state import GameState, Phase


def determinize(state: GameState, seat: int, rng: np.random.Generator) -> GameState:
    """A copy in which everything player ``seat`` cannot see is resampled (for search agents).

    Hidden: the other players' hands (except the hand ``seat`` passed last turn, which its
    neighbour still holds during the next turn's choice), the decks of later Ages, the guilds
    left in the box, the Free City's pile, the cards under other players' wonder stages and the
    discarded cards ``seat`` has not seen. Card backs show the Age, so hidden cards are shuffled
    among the hidden places of the same Age. What ``seat`` observes is unchanged.
    """
    twin = state.clone()
    db = twin.db
    places: list[tuple[list[int], int]] = []  # (pile, index) of every hidden card
    known_hand = -1
    if twin.phase in (Phase.MAIN, Phase.FREE_CITY) and twin.turn > 1 and seat < twin.num_players:
        if twin.free_city >= 0:
            known_hand = 1 - seat
        else:
            known_hand = (seat + (1 if twin.age == 2 else -1)) % twin.num_players
    piles = [hand for other, hand in enumerate(twin.hands) if other not in (seat, known_hand)]
    piles += list(twin.decks.values()) + [twin.box, twin.free_city_pile]
    piles += [cards for other, cards in enumerate(twin.stage_cards) if other != seat]
    for pile in piles:
        places += [(pile, i) for i in range(len(pile))]
    if seat < twin.num_players:
        known = state.known_discard[seat].copy()
        for i, card in enumerate(twin.discard):
            card_type = db.cards[card].type
            if known[card_type] > 0:
                known[card_type] -= 1
            else:
                places.append((twin.discard, i))
    by_age: dict[int, list[tuple[list[int], int]]] = {}
    for pile, i in places:
        by_age.setdefault(db.cards[pile[i]].age, []).append((pile, i))
    for age_places in by_age.values():
        cards = sorted(pile[i] for pile, i in age_places)  # where they truly are must not matter
        for (pile, i), j in zip(age_places, rng.permutation(len(cards))):
            pile[i] = cards[j]
    twin.clear_caches()
    hidden_choices = [other for other in twin.pending if other != seat]
    if hidden_choices:  # the Free City phase: the opponent's choice is hidden, sample it anew
        twin.phase = Phase.MAIN
        for other in hidden_choices:
            legal = np.flatnonzero(legal_action_mask(twin, other))
            twin.pending[other] = int(legal[rng.integers(len(legal))])
        twin.phase = Phase.FREE_CITY
        twin.clear_caches()
    return twin
