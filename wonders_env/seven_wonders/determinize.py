"""Determinization for search agents: resample what one player cannot see."""

from __future__ import annotations

import numpy as np

from .cards import Power
from .rules import controller, legal_action_mask, payment_choices
from .state import TURNS_PER_AGE, Phase, SevenWondersState


def determinize(state: SevenWondersState, seat: int, rng: np.random.Generator) -> SevenWondersState:
    """A copy in which everything player ``seat`` cannot see is resampled (for search agents).

    Hidden: the other players' hands (except the hand ``seat`` passed last turn, which its
    neighbour still holds during the next turn's choice), the decks of later Ages, the guilds
    left in the box, the Free City's pile, the cards under other players' wonder stages and the
    discarded cards ``seat`` has not seen. Card backs show the Age, so hidden cards are shuffled
    among the hidden places of the same Age. The moves (and, with ``payment="choose"``, the
    payments) that other players chose this turn are hidden too: they are drawn anew, uniformly
    among the legal ones. What ``seat`` observes is unchanged. The copy has no seed (``None``): its
    hidden cards are no longer its seed's deal, so its record is not replayed from a seed.

    With Leaders, the hidden leaders are shuffled among their hidden places too (leaders have one
    back): the other players' Leader hands and draft hands (except the draft hand ``seat`` passed,
    which its right neighbour holds until it picks), the unused leaders, the leaders under other
    players' stages and those other players discarded.
    """
    twin = state.clone()
    twin.seed = None
    db = twin.db
    places: list[tuple[list[int], int]] = []  # (pile, index) of every hidden card
    known_hand = -1
    same_turn = twin.phase in (Phase.MAIN, Phase.FREE_CITY) or (
        twin.phase == Phase.PAYMENT and twin.pending_turn <= TURNS_PER_AGE)
    if same_turn and twin.turn > 1 and seat < twin.num_players:
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
    if db.num_leaders:
        _shuffle_hidden_leaders(twin, seat, rng)
    twin.clear_caches()
    _redraw_hidden_choices(twin, seat, rng)
    return twin


def _shuffle_hidden_leaders(twin: SevenWondersState, seat: int, rng: np.random.Generator) -> None:
    passed_to = twin.right_of(seat) if twin.phase == Phase.LEADER_DRAFT and twin.leader_hands[seat] else -1
    piles = [twin.leader_deck]
    for other in range(twin.num_players):
        if other != seat:
            piles += [twin.leader_hands[other], twin.stage_leaders[other], twin.leader_discards[other]]
            if other != passed_to:
                piles.append(twin.draft_hands[other])
    places = [(pile, i) for pile in piles for i in range(len(pile))]
    leaders = sorted(pile[i] for pile, i in places)
    for (pile, i), j in zip(places, rng.permutation(len(leaders))):
        pile[i] = leaders[j]


def _redraw_hidden_choices(twin: SevenWondersState, seat: int, rng: np.random.Generator) -> None:
    """Draw anew the pending moves and payments of the cities ``seat`` does not decide for."""
    hidden = [city for city in twin.pending if controller(twin, city) != seat]
    if not hidden:
        return
    phase = twin.phase
    hidden.sort(key=lambda city: city == twin.free_city)  # the players' cards before the Free City's
    seventh = phase == Phase.PAYMENT and twin.pending_turn > TURNS_PER_AGE
    recruitment = phase == Phase.PAYMENT and twin.db.num_leaders > 0 and twin.pending_turn == 0  # Leaders
    for city in hidden:
        if seventh:  # Babylon's 7th card, chosen before its power was marked used
            twin.phase = Phase.SEVENTH_CARD
            twin.power_used_age[city, Power.PLAY_SEVENTH_CARD] = 0
        else:
            twin.phase = (Phase.FREE_CITY if city == twin.free_city
                          else Phase.RECRUIT if recruitment else Phase.MAIN)
        twin.memo = {}
        legal = np.flatnonzero(legal_action_mask(twin, controller(twin, city)))
        twin.pending[city] = int(legal[rng.integers(len(legal))])
        if seventh:
            twin.power_used_age[city, Power.PLAY_SEVENTH_CARD] = twin.age
    twin.phase = phase
    twin.memo = {}
    for city in hidden:
        if city in twin.payments:
            options = payment_choices(twin, city)
            twin.payments[city] = options[rng.integers(len(options))]
    twin.memo = {}
