"""Ego-centric observation of 7 Wonders: one flat float32 vector with named views.

Everything a player may legitimately know, and nothing else. With ``T`` card names (75 in the
1st edition) the vector is, in order (raw counts, not normalised):

==================  ========  =================================================================
view                size      content
==================  ========  =================================================================
``phase``           5         one-hot: main, free_city, seventh_card, discard_build, game_over
``age``             3         one-hot Age I-III
``turn``            1         turn of the Age, 1-6 (7 while Babylon plays and pays its 7th card)
``num_players``     1         2-7
``deciding_for``    7         one-hot: the city (in ego order below) that the decision is for
``hand``            T         count of each card in my hand (in ``discard_build``: zero)
``pending``         T         one-hot: the card I already chose this turn (Free City phase)
``passed_hand``     T         counts of the hand I passed last turn (my neighbour holds it now)
``known_discard``   T         cards I know are in the discard pile: those I discarded, and all
                              of it once I have looked through it (Halicarnassus)
``choices``         T         in ``discard_build``: the discard-pile cards I may build
``cities``          7 x C     one row per seat, ego order: me, then the seats from my left
                              (``left_of(me)``, ``left_of(left_of(me))``, ...); rows past the
                              number of seats are zero
==================  ========  =================================================================

Each city row (``C = T + 36``): ``present``, ``is_free_city``, ``holds_free_city_card``,
``built`` (T, 0/1 per card name), ``color_counts`` (7: brown, grey, blue, yellow, red, green,
purple), ``coins``, ``wonder`` (7, one-hot city in table order: Rhodes, Alexandria, Ephesus,
Babylon, Olympia, Halicarnassus, Giza), ``side_b``, ``stages_built``, ``stages_total``,
``shields``, ``military_points`` (sum of tokens), ``defeat_tokens``, ``production`` (7 fixed
units W S C O G L P), ``free_build_available`` (Olympia A), ``science`` (4: compass, gear,
tablet, wildcards).

With ``payment="choose"`` the vector continues with the ``payment`` views (``P = 15``
payment actions, ``pay 0`` to ``pay 14``):

==================  ========  =================================================================
view                size      content
==================  ========  =================================================================
``paying``          1         1 in the ``payment`` phase when I choose a payment now (the
                              ``phase`` one-hot is all zero in that phase)
``paying_for``      T         one-hot: the card of the move I pay for now (none for a leader)
``paying_kind``     3         one-hot: build, wonder stage (also with a leader), nothing to buy
                              (sell, free build, a leader recruited or discarded)
``option_right``    P         per ``pay L``: the coins the legal way paying ``L`` to the left
                              gives the right neighbour; -1 where ``pay L`` is not legal
``my_payment``      2         coins to the left and right I chose for my own move this turn
                              (seen while I pay for the Free City), else 0
==================  ========  =================================================================

The Leaders table (``L`` leaders, the rows of the leader table; ``T`` = 79 with its 4 Guilds; the
``wonder`` one-hot has 8 cities, Roma last) continues after the views above (and the payment views)
with:

======================  ========  =============================================================
view                    size      content
======================  ========  =============================================================
``leader_phase``        4         one-hot: leader_draft, recruit, copy_leader, recruit_now (the
                                  ``phase`` one-hot is all zero then); ``turn`` is 0 in the draft
                                  and the recruitment turns
``leader_hand``         L         my Leader hand (secret)
``draft_hand``          L         the leaders I draft from now
``draft_passed``        L         the draft hand I passed last (my right neighbour holds it)
``my_stage_leaders``    L         the leaders I put under my wonder stages
``my_leader_discards``  L         the leaders I discarded
======================  ========  =============================================================

and each city row ends with ``recruited`` (L, the leaders face up in the city), ``copied_leader``
(L, one-hot: the leader the Courtesans Guild copies), ``leader_hand_size``,
``leaders_under_stages`` and ``leaders_discarded`` (how many; not which).

Hidden and never encoded: other players' hands (except the one I passed), the decks, the Free
City's draw pile, the cards under wonder stages, discarded cards I have not seen, left-out guilds;
with Leaders, other players' Leader and draft hands, the unused leaders, which leaders lie under
other players' stages or were discarded by them.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .actions import LEADER_KINDS, MAX_TO_ONE_SIDE, ActionKind, check_payment_mode, decode_action
from .cards import CardDatabase
from .state import LEADER_PHASES, MAX_PLAYERS, TURNS_PER_AGE, Phase, SevenWondersState, rules_of

PHASES = 5


PAYMENT_OPTIONS = MAX_TO_ONE_SIDE + 1


@dataclass(frozen=True)
class ObservationLayout:
    """Offsets of the named views for a card table of ``num_types`` names and a payment mode."""

    num_types: int
    payment: str = "cheapest"
    num_leaders: int = 0  # 0: no Leaders
    num_cities: int = 7

    @property
    def city_size(self) -> int:
        return list(self.city_views().values())[-1].stop

    def views(self) -> dict[str, slice]:
        t = self.num_types
        sizes = [("phase", PHASES), ("age", 3), ("turn", 1), ("num_players", 1),
                 ("deciding_for", MAX_PLAYERS), ("hand", t), ("pending", t), ("passed_hand", t),
                 ("known_discard", t), ("choices", t), ("cities", MAX_PLAYERS * self.city_size)]
        if check_payment_mode(self.payment) == "choose":
            sizes += [("paying", 1), ("paying_for", t), ("paying_kind", 3), ("option_right", PAYMENT_OPTIONS),
                      ("my_payment", 2)]
        n = self.num_leaders
        if n:
            sizes += [("leader_phase", len(LEADER_PHASES)), ("leader_hand", n), ("draft_hand", n),
                      ("draft_passed", n), ("my_stage_leaders", n), ("my_leader_discards", n)]
        views, start = {}, 0
        for name, size in sizes:
            views[name] = slice(start, start + size)
            start += size
        return views

    @property
    def size(self) -> int:
        return list(self.views().values())[-1].stop

    def city_views(self) -> dict[str, slice]:
        t = self.num_types
        sizes = [("present", 1), ("is_free_city", 1), ("holds_free_city_card", 1), ("built", t),
                 ("color_counts", 7), ("coins", 1), ("wonder", self.num_cities), ("side_b", 1),
                 ("stages_built", 1), ("stages_total", 1), ("shields", 1), ("military_points", 1),
                 ("defeat_tokens", 1), ("production", 7), ("free_build_available", 1), ("science", 4)]
        if self.num_leaders:
            sizes += [("recruited", self.num_leaders), ("copied_leader", self.num_leaders), ("leader_hand_size", 1),
                      ("leaders_under_stages", 1), ("leaders_discarded", 1)]
        views, start = {}, 0
        for name, size in sizes:
            views[name] = slice(start, start + size)
            start += size
        return views


class Observer:
    """Encodes states of one card table into observation vectors (offsets computed once)."""

    def __init__(self, db: CardDatabase, payment: str = "cheapest") -> None:
        self.db = db
        self.layout = ObservationLayout(db.num_types, payment, db.num_leaders, len(db.cities))
        self.views = self.layout.views()
        self.city = self.layout.city_views()
        self.size = self.layout.size
        self.city_size = self.layout.city_size
        self.card_type = np.array([c.type for c in db.cards], dtype=np.int64)
        self.city_index = {city: i for i, city in enumerate(db.cities)}
        v, c = self.views, self.city
        self._offsets = (v["phase"].start, v["age"].start, v["turn"].start, v["num_players"].start,
                         v["deciding_for"].start, v["pending"].start, v["choices"].start)
        self._wonder = c["wonder"].start
        # the city scalars written together, in this order, at these columns
        self._scalar_columns = np.array(
            [c["coins"].start, c["side_b"].start, c["stages_built"].start, c["stages_total"].start,
             c["shields"].start, c["military_points"].start, c["defeat_tokens"].start,
             c["free_build_available"].start], dtype=np.int64)

    def encode(self, state: SevenWondersState, seat: int) -> np.ndarray:
        """The observation of player ``seat``."""
        v, t = self.views, self.db.num_types
        phase_at, age_at, turn_at, players_at, deciding_at, pending_at, choices_at = self._offsets
        obs = np.zeros(self.size, dtype=np.float32)
        if state.phase < PHASES:  # not in the payment and Leaders phases
            obs[phase_at + int(state.phase)] = 1
        obs[age_at + state.age - 1] = 1
        seventh = state.phase == Phase.SEVENTH_CARD or (state.phase == Phase.PAYMENT
                                                        and state.pending_turn > TURNS_PER_AGE)
        obs[turn_at] = TURNS_PER_AGE + 1 if seventh else state.turn
        obs[players_at] = state.num_players
        seats = state.num_seats
        order = [(seat - k) % seats for k in range(seats)]  # me, then from my left
        rules = rules_of(state)
        acting = seat in rules.acting_seats(state)
        if acting:
            obs[deciding_at + order.index(rules.acting_city(state, seat))] = 1
        hand = state.hands[seat]
        if hand and state.phase != Phase.DISCARD_BUILD:
            obs[v["hand"]] = np.bincount(self.card_type[hand], minlength=t)
        if acting and state.phase == Phase.FREE_CITY:
            obs[pending_at + decode_action(state.pending[seat], t)[1]] = 1
        obs[v["passed_hand"]] = state.last_passed[seat]
        obs[v["known_discard"]] = state.known_discard[seat]
        if acting and state.phase == Phase.DISCARD_BUILD:
            city = rules.acting_city(state, seat)
            for card in state.discard:
                if not state.has_type[city, self.card_type[card]]:
                    obs[choices_at + self.card_type[card]] = 1
        cities_at = v["cities"].start
        obs[cities_at:cities_at + seats * self.city_size] = self.public_cities(state)[order].ravel()
        if "paying" in v:
            self._encode_payment(state, seat, acting, obs)
        if self.db.num_leaders:
            self._encode_leaders(state, seat, obs)
        return obs

    def _encode_leaders(self, state: SevenWondersState, seat: int, obs: np.ndarray) -> None:
        """The Leaders views of player ``seat`` (module docstring)."""
        v = self.views
        if state.phase in LEADER_PHASES:
            obs[v["leader_phase"].start + LEADER_PHASES.index(state.phase)] = 1
        for name, leaders in (("leader_hand", state.leader_hands[seat]), ("draft_hand", state.draft_hands[seat]),
                              ("my_stage_leaders", state.stage_leaders[seat]),
                              ("my_leader_discards", state.leader_discards[seat])):
            obs[v[name].start + np.asarray(leaders, dtype=np.int64)] = 1
        obs[v["draft_passed"]] = state.draft_passed[seat]

    def _encode_payment(self, state: SevenWondersState, seat: int, acting: bool, obs: np.ndarray) -> None:
        """The ``payment`` views (``payment="choose"``): my payment decision, if I have one now."""
        v = self.views
        option_right = obs[v["option_right"]]
        option_right[:] = -1
        if state.phase != Phase.PAYMENT:
            return
        if seat in state.payments:
            obs[v["my_payment"]] = state.payments[seat][1:]
        if not acting:
            return
        rules = rules_of(state)
        city = rules.acting_city(state, seat)
        kind, card_type = decode_action(state.pending[city], self.db.num_types, state.payment, self.db.num_leaders)
        obs[v["paying"].start] = 1
        if kind not in LEADER_KINDS:  # a leader move (recruitment turn) pays for no card
            obs[v["paying_for"].start + card_type] = 1
        paying_kind = {ActionKind.BUILD: 0, ActionKind.WONDER: 1, ActionKind.LEADER_WONDER: 1}.get(kind, 2)
        obs[v["paying_kind"].start + paying_kind] = 1
        for _, to_left, to_right in rules.payment_choices(state, city):
            option_right[to_left] = to_right

    def public_cities(self, state: SevenWondersState) -> np.ndarray:
        """The city rows in seat order (public information), computed once per state."""
        rows = state.memo.get("cities")
        if rows is not None:
            return rows
        c = self.city
        seats = state.num_seats
        rows = np.zeros((seats, self.city_size), dtype=np.float32)
        rows[:, c["present"]] = 1
        if state.free_city >= 0:
            rows[state.free_city, c["is_free_city"]] = 1
            rows[state.free_city_holder, c["holds_free_city_card"]] = 1
        rows[:, c["built"]] = state.has_type
        rows[:, c["color_counts"]] = state.color_counts
        rows[:, c["production"]] = state.own_fixed
        rows[:, c["science"]] = state.science
        side_a = self.db.sides_names[0]
        free_build_available = rules_of(state).free_build_available
        scalars = []
        for s in range(seats):
            board = state.wonders[s]
            rows[s, self._wonder + self.city_index[board.city]] = 1
            tokens = state.military_tokens[s]
            scalars.append((state.coins[s], board.side != side_a, state.stages_built[s], len(board.stages),
                            state.shields[s], sum(tokens), tokens.count(-1),
                            free_build_available(state, s)))
        rows[:, self._scalar_columns] = scalars
        if self.db.num_leaders:
            for s in range(seats):
                rows[s, c["recruited"].start + np.asarray(state.recruited[s], dtype=np.int64)] = 1
                if state.copied_leader[s] >= 0:
                    rows[s, c["copied_leader"].start + state.copied_leader[s]] = 1
                rows[s, c["leader_hand_size"].start] = len(state.leader_hands[s])
                rows[s, c["leaders_under_stages"].start] = len(state.stage_leaders[s])
                rows[s, c["leaders_discarded"].start] = len(state.leader_discards[s])
        state.memo["cities"] = rows
        return rows
