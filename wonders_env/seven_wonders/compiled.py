"""7 Wonders on the compiled core: the :class:`~wonders_env.game.Game` protocol over C++ states.

The C++ engine (``core/seven_wonders/``) mirrors this package's Python engine, which stays the
readable reference; ``tests/core/test_seven_wonders_core.py`` holds the two together. The card
tables are not re-typed in C++: :func:`core_tables` exports the tables parsed by :mod:`.cards`
as numeric arrays, which the core checks and copies.

Leaders (``expansions=("leaders",)``): the core takes the Leaders tables (:data:`LEADER_EFFECT_KINDS`),
holds the Leaders fields in its layout and plays every rule of :mod:`.leaders` function for function
(``core/seven_wonders/leaders.cpp``); ``tests/core/test_seven_wonders_leaders_core.py`` holds the two
engines together on that table.

Deals: :meth:`CompiledSevenWonders.new_game` deals a seed's game from the core's generator
(splitmix64, ``core/common/rng.hpp``), which the Python engine mirrors draw for draw
(:mod:`wonders_env.deal_rng`): a seed is the same game on both engines.
:meth:`CompiledSevenWonders.from_python_state` starts the core from the deal of a freshly set-up
Python state, and :func:`deal_of` gives that deal (boards and deck orders) as a plain dict.

Both payment modes are in the core: ``"cheapest"`` and ``"choose"`` (the players choose whom to
pay, in a ``PAYMENT`` phase: :mod:`.rules`).

The core plays alone: its states are :class:`SevenWondersStateView` objects, read-only views of the
core state under the Python state's names (``core/seven_wonders/state_layout.hpp`` declares every
field once: name, type, shape, bounds; the view's getters, the export and the checked import
derive from it; a new field is one line there, which also declares the core state's member,
and its field in :mod:`.state`, plus the rules that use it). Reading a field costs that field, nothing is
copied per read; the PettingZoo env gives its state as ``env.unwrapped.state``. The core answers
every question the texts, renders, records and agents ask (:class:`.scoring.PythonRules` names them):
legality and why a move is illegal, acting seats, payments, counts, scores; nothing here imports
the Python rules (``tests/seven_wonders/test_core_alone.py``). The Python engine meets the core
only in the differential tests and in :meth:`CompiledSevenWonders.to_python` (a Python engine
copy to change by hand, or for a Python engine env) and :meth:`CompiledSevenWonders.from_python` (the
other way, checked field by field and, for a state with a seed, replayed from that seed's deal).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from copy import deepcopy
from functools import cache
from typing import Any

import numpy as np

from .. import core
from ..deal_rng import fresh_seed
from ..game import action_number_error, check_seed, differing_fields
from .actions import HIDDEN_ACTION_KINDS, KIND_NAMES, LEADER_KINDS, ActionKind, check_payment_mode, encode_action
from .cards import (COUNT_DEFEAT_TOKEN, COUNT_WONDER_STAGE, SPECIALS, BankPurchase, CardDatabase, Coins,
                    CountReward, DrawLeaders, EventCoins, FreeBuild, LeaderDiscount, Produce, ResourceDiscount,
                    Science, ScienceSetBonus, SetReward, Shields, Special, TradeDiscount, VictoryPoints,
                    check_expansions, database)
from . import presentation, render
from .record import game_record, recorded_action
from .state import (CATEGORIES, Phase, SeatGeometry, SevenWondersState, board_options, check_num_players,
                    check_same_options, free_build_available, score_rewards)

MAX_EFFECTS, MAX_CHAINS, MAX_STAGES = 2, 4, 4
#: the effect kinds of leaders and of Roma's board, in the order of ``LeaderEffectKind`` in
#: core/seven_wonders/tables.hpp (the core refuses tables naming another list); a row is
#: ``(kind + 1, a, b, c)``, 0 for no effect, the arguments as :func:`_leader_effect_row` gives them
LEADER_EFFECT_KINDS = ("coins", "shields", "science", "victory_points", "count_reward", "set_reward",
                       "resource_discount", "bank_purchase", "event_coins", "leader_discount", "free_build",
                       "science_set_bonus", "build_from_discard", "defeat_tokens_to_victor")
MAX_LEADER_EFFECTS = 2
LEFTOVER_KIND = "discard"
#: the record kinds of the core's log, by their number there (core/seven_wonders/actions.hpp: the card
#: kinds, the leftover discard, then the Leaders kinds from LEADER_LOG_KIND)
LOG_KINDS = KIND_NAMES[:5] + (LEFTOVER_KIND,) + tuple(KIND_NAMES[kind] for kind in LEADER_KINDS)


def _counted_bits(counted: tuple[int, ...]) -> int:
    bits = 0
    for item in counted:
        bits |= 1 << item  # colours 0-6, COUNT_WONDER_STAGE 7, COUNT_DEFEAT_TOKEN 8
    return bits


assert (COUNT_WONDER_STAGE, COUNT_DEFEAT_TOKEN) == (7, 8)


def _effect_rows(effects, kind, width: int, row) -> np.ndarray:
    found = [row(e) for e in effects if isinstance(e, kind)]
    if len(found) > MAX_EFFECTS:
        raise ValueError(f"the core holds at most {MAX_EFFECTS} {kind.__name__} effects per card or stage")
    out = np.zeros((MAX_EFFECTS, width), np.int64)
    for i, values in enumerate(found):
        out[i] = values
    return out


def _produce_row(e: Produce):
    return (e.mask, e.count, int(e.tradable))


def _discount_row(e: TradeDiscount):
    return (e.mask, e.scope)


def _reward_row(e: CountReward):
    return (_counted_bits(e.counted), e.scope, e.amount)


def _leader_effect_row(e) -> tuple[int, int, int, int]:
    """One effect of a leader or of Roma's board as ``(kind + 1, a, b, c)`` (:data:`LEADER_EFFECT_KINDS`)."""
    if isinstance(e, Coins):
        kind, args = "coins", (e.coins,)
    elif isinstance(e, Shields):
        kind, args = "shields", (e.shields,)
    elif isinstance(e, Science):
        kind, args = "science", (e.symbol,)
    elif isinstance(e, VictoryPoints):
        kind, args = "victory_points", (e.points,)
    elif isinstance(e, CountReward) and e.at_end:
        kind, args = "count_reward", _reward_row(e)
    elif isinstance(e, SetReward):
        kind, args = "set_reward", (_counted_bits(e.colors), e.amount)
    elif isinstance(e, ResourceDiscount):
        kind, args = "resource_discount", (e.target, e.units)
    elif isinstance(e, BankPurchase):
        kind, args = "bank_purchase", (e.price,)
    elif isinstance(e, EventCoins):
        kind, args = "event_coins", (int(e.event), e.coins)
    elif isinstance(e, LeaderDiscount):
        kind, args = "leader_discount", (e.scope, e.coins, int(e.free))
    elif isinstance(e, FreeBuild):
        kind, args = "free_build", (e.color,)
    elif isinstance(e, ScienceSetBonus):
        kind, args = "science_set_bonus", (e.points,)
    elif isinstance(e, Special) and e.name in LEADER_EFFECT_KINDS:
        kind, args = e.name, ()
    else:
        raise ValueError(f"the core does not implement the leader effect {e}")
    return (LEADER_EFFECT_KINDS.index(kind) + 1, *args, *(0,) * (3 - len(args)))


def _leader_effect_rows(effects) -> np.ndarray:
    if len(effects) > MAX_LEADER_EFFECTS:
        raise ValueError(f"the core holds at most {MAX_LEADER_EFFECTS} effects per leader or board, got {effects}")
    out = np.zeros((MAX_LEADER_EFFECTS, 4), np.int64)
    for i, effect in enumerate(effects):
        out[i] = _leader_effect_row(effect)
    return out


@cache
def core_tables(edition: str = "1st", expansions: tuple[str, ...] = ()):
    """The core's copy of an edition's tables with ``expansions`` (a ``_core.seven_wonders.Tables``), built once."""
    return core.load().seven_wonders.Tables(table_arrays(database(edition, expansions)))


def table_arrays(db: CardDatabase) -> dict[str, Any]:
    """The parsed tables of ``db`` as the numeric arrays the core reads (see core/seven_wonders/tables.hpp)."""
    types = db.types
    chains = np.full((len(types), MAX_CHAINS), -1, np.int64)
    for t, sources in enumerate(db.chains_from):
        chains[t, :len(sources)] = sources

    def rewards(at_end: bool) -> np.ndarray:
        return np.stack([_effect_rows([e for e in t.effects if isinstance(e, CountReward) and e.at_end == at_end],
                                      CountReward, 3, _reward_row)
                         for t in types])

    cities = db.cities
    sides = db.sides_names
    shape = (len(cities), 2, MAX_STAGES)
    stage = {name: np.zeros(shape, np.int64) for name in ("vp", "shields", "coins", "science_any", "specials")}
    stage_cost = np.zeros((*shape, 7), np.int64)
    stage_produces = np.zeros((*shape, MAX_EFFECTS, 3), np.int64)
    stage_discounts = np.zeros((*shape, MAX_EFFECTS, 2), np.int64)
    stage_draw_leaders = np.zeros(shape, np.int64)
    start = np.zeros((len(cities), 2), np.int64)
    num_stages = np.zeros((len(cities), 2), np.int64)
    board_effects = np.zeros((len(cities), 2, MAX_LEADER_EFFECTS, 4), np.int64)
    handled = (Produce, TradeDiscount, Shields, Special, Science, Coins, VictoryPoints, DrawLeaders)
    for c, city in enumerate(cities):
        for s, side in enumerate(sides):
            board = db.wonders[(city, side)]
            start[c, s] = board.starting_resource
            num_stages[c, s] = len(board.stages)
            board_effects[c, s] = _leader_effect_rows(board.board_effects)
            for k, st in enumerate(board.stages):
                unknown = [e for e in st.effects if not isinstance(e, handled)]
                if unknown:
                    raise ValueError(f"the core does not implement the wonder stage effects {unknown}")
                stage_cost[c, s, k] = st.resource_cost
                stage["vp"][c, s, k] = sum(e.points for e in st.effects if isinstance(e, VictoryPoints))
                stage["shields"][c, s, k] = sum(e.shields for e in st.effects if isinstance(e, Shields))
                stage["coins"][c, s, k] = sum(e.coins for e in st.effects if isinstance(e, Coins))
                stage["science_any"][c, s, k] = sum(1 for e in st.effects if isinstance(e, Science))
                stage["specials"][c, s, k] = sum(1 << SPECIALS.index(e.name) for e in st.effects
                                                 if isinstance(e, Special))
                stage_produces[c, s, k] = _effect_rows(st.effects, Produce, 3, _produce_row)
                stage_discounts[c, s, k] = _effect_rows(st.effects, TradeDiscount, 2, _discount_row)
                stage_draw_leaders[c, s, k] = sum(e.count for e in st.effects if isinstance(e, DrawLeaders))
    return {
        "edition": db.edition, "type_names": [t.name for t in types], "city_names": list(cities),
        "side_names": list(sides),
        "type_color": np.array(db.color), "type_coin_cost": np.array(db.coin_cost),
        "type_cost": np.array([t.resource_cost for t in types]), "type_chains": chains,
        "type_vp": np.array(db.vp), "type_shields": np.array(db.shields), "type_coins": np.array(db.coins),
        "type_science": np.array(db.science), "type_wonder_bonus": np.array(db.wonder_bonus),
        "type_produces": np.stack([_effect_rows(t.effects, Produce, 3, _produce_row) for t in types]),
        "type_discounts": np.stack([_effect_rows(t.effects, TradeDiscount, 2, _discount_row) for t in types]),
        "type_coin_rewards": rewards(False), "type_vp_rewards": rewards(True),
        "card_age": np.array([c.age for c in db.cards]), "card_type": np.array([c.type for c in db.cards]),
        "card_min_players": np.array([c.min_players or 0 for c in db.cards]),
        "wonder_start": start, "wonder_num_stages": num_stages, "stage_cost": stage_cost,
        **{f"stage_{name}": values for name, values in stage.items()},
        "stage_produces": stage_produces, "stage_discounts": stage_discounts,
        "type_specials": np.array([sum(1 << SPECIALS.index(e.name) for e in t.effects if isinstance(e, Special))
                                   for t in types], np.int64),
        "stage_draw_leaders": stage_draw_leaders, "wonder_board_effects": board_effects,
        "special_names": list(SPECIALS), "leader_effect_kinds": list(LEADER_EFFECT_KINDS),
        "leader_names": [leader.name for leader in db.leaders],
        "leader_coin_cost": np.array([leader.coin_cost for leader in db.leaders], np.int64),
        "leader_effects": np.array([_leader_effect_rows(leader.effects) for leader in db.leaders], np.int64
                                   ).reshape(db.num_leaders, MAX_LEADER_EFFECTS, 4),
    }


def write_table_file(path: str, edition: str = "1st", expansions: tuple[str, ...] = ()) -> None:
    """Write :func:`table_arrays` (of ``edition`` with ``expansions``) as text for the core's C++ test
    program (``make core-sanitize``):
    ``string KEY`` + a line, ``strings KEY COUNT`` + one line each, ``array KEY NDIM SHAPE...`` +
    one line of values."""
    with open(path, "w") as handle:
        for key, value in table_arrays(database(edition, expansions)).items():
            if isinstance(value, str):
                handle.write(f"string {key}\n{value}\n")
            elif isinstance(value, list):
                handle.write(f"strings {key} {len(value)}\n" + "".join(f"{item}\n" for item in value))
            else:
                array = np.asarray(value, np.int64)
                handle.write(f"array {key} {array.ndim} {' '.join(map(str, array.shape))}\n"
                             f"{' '.join(map(str, array.ravel()))}\n")


def deal_of(state: SevenWondersState) -> dict[str, Any]:
    """The deal of a Python state just set up by ``state.new_game`` (before any move): the boards
    and every Age deck in order, as the core's ``Engine.new_game_from_deal`` takes it (with Leaders,
    also ``leaders``: the draft hands in seat order, then the unused leaders)."""
    first_phase = Phase.LEADER_DRAFT if state.db.num_leaders else Phase.MAIN
    if state.age != 1 or state.turn != int(first_phase != Phase.LEADER_DRAFT) or state.phase != first_phase or \
            state.log:
        raise ValueError("deal_of needs a state just set up by new_game (no move played)")
    db = state.db
    hands = state.hands
    if db.num_leaders:  # the Age I cards are not dealt yet
        return {"cities": [db.cities.index(board.city) for board in state.wonders],
                "sides": [db.sides_names.index(board.side) for board in state.wonders],
                "decks": [list(state.decks[age]) for age in (1, 2, 3)], "box": list(state.box),
                "leaders": [leader for hand in state.draft_hands for leader in hand] + list(state.leader_deck)}
    if state.free_city >= 0:  # the holder (seat 1 in Age I) got the pile's last card on top
        first = hands[0] + hands[1][:-1] + state.free_city_pile + hands[1][-1:]
    else:
        first = [card for seat in range(state.num_players) for card in hands[seat]]
    return {
        "cities": [db.cities.index(board.city) for board in state.wonders],
        "sides": [db.sides_names.index(board.side) for board in state.wonders],
        "decks": [first, list(state.decks[2]), list(state.decks[3])],
        "box": list(state.box),
    }


_CoreState = core.load().seven_wonders.State


class SevenWondersStateView(SeatGeometry, _CoreState):
    """A core state read under the Python state's names (:class:`.state.SevenWondersState`): the fields
    of ``state_layout.hpp`` read from the core at each access (lists and arrays, fresh each read),
    ``phase`` as :class:`.state.Phase`, ``wonders`` as boards, ``log`` as the record's entries,
    and the state's geometry (``free_city``, ``left_of``, ``right_of``). Read-only; ``game`` is
    the :class:`CompiledSevenWonders` that answers the rules' questions about it. Its engine's
    calls take it as a core state (it is one)."""

    #: the attributes the view sets after it is made: the memos of ``wonders`` and ``log``
    _MEMOS = frozenset(("_wonders", "_log"))

    def __init__(self, state: Any, game: CompiledSevenWonders) -> None:
        super().__init__(state)  # one copy, when the view is made; none per read
        super().__setattr__("game", game)

    def __setattr__(self, name: str, value: Any) -> None:
        if name not in self._MEMOS:
            raise AttributeError(f"the view of a core 7 Wonders state is read-only (assigning {name!r}); its "
                                 f"engine plays it, and its engine's to_python(state) gives a Python engine copy "
                                 f"to change")
        super().__setattr__(name, value)

    @property
    def db(self) -> CardDatabase:
        return self.game.db

    @property
    def payment(self) -> str:
        return self.game.payment

    @property
    def phase(self) -> Phase:
        return Phase(_CoreState.phase.fget(self))

    @property
    def wonders(self) -> list:
        found = self.__dict__.get("_wonders")
        if found is None:
            db = self.game.db
            found = self._wonders = [db.wonder_side(db.cities[c], db.sides_names[s])
                                     for c, s in zip(self.cities, self.sides)]
        return list(found)

    @property
    def log(self) -> list[dict[str, Any]]:
        """The record's entries, read-only (:class:`ReadOnlyDict`, their payees a :class:`ReadOnlyList`):
        they are shared between reads, so a change would change the game's record and its text.
        An entry never changes once logged, so each read converts only the entries logged since the
        last; the list itself is fresh each read."""
        logged = _CoreState.log.fget(self)
        known, entries = self.__dict__.get("_log", ([], ()))
        if known != logged[:len(known)]:
            known, entries = [], ()  # another game's log (never after the view's own moves)
        if len(logged) > len(known):
            more = log_entries(self.game.db, logged[len(known):], self.num_seats, self.num_players)
            known, entries = logged, (*entries, *more)
            self._log = (known, entries)
        return list(entries)

    def clone(self) -> SevenWondersStateView:
        return SevenWondersStateView(self, self.game)

    __copy__ = clone

    def __deepcopy__(self, memo: dict) -> SevenWondersStateView:
        return self.clone()


class CompiledSevenWonders:
    """The :class:`~wonders_env.game.Game` protocol on the compiled core (its states are
    :class:`SevenWondersStateView` views; a plain core state, e.g. a batch's, is taken too), with the
    rules' answers of :class:`.scoring.PythonRules` under the same names."""

    name = "seven_wonders"
    simultaneous = True
    hidden_action_kinds = HIDDEN_ACTION_KINDS
    legend = presentation.LEGEND

    def __init__(self, num_players: int = 3, edition: str = "1st", wonders: list[str] | None = None,
                 wonder_sides: str | list[str] = "random", payment: str = "cheapest",
                 expansions: tuple[str, ...] = ()) -> None:
        check_payment_mode(payment)
        db = database(edition, check_expansions(edition, expansions))
        self.num_players = check_num_players(num_players, edition, db.expansions)
        self.num_seats = max(self.num_players, 3)
        cities, sides = board_options(db, self.num_seats, wonders, wonder_sides)
        self.db = db
        self.edition = edition
        self.expansions = db.expansions
        self.wonders = wonders
        self.wonder_sides = wonder_sides
        self.payment = payment
        self.engine = core.load().seven_wonders.Engine(
            core_tables(edition, db.expansions), self.num_players,
            [] if cities is None else [db.cities.index(c) for c in cities],
            [2 if side == "random" else db.sides_names.index(side) for side in sides], payment == "choose")
        self.num_actions = self.engine.num_actions
        self.observation_size = self.engine.observation_size

    # -- creating states
    def view(self, state) -> SevenWondersStateView:
        """``state`` as a :class:`SevenWondersStateView` of this engine (a plain core state is copied
        once); a state that another engine set up is refused with ``ValueError``."""
        if isinstance(state, SevenWondersStateView) and state.game is self:
            return state
        self.engine.is_over(state)  # the core refuses a state of another engine
        return SevenWondersStateView(state, self)

    def new_game(self, seed: int | None = None) -> SevenWondersStateView:
        seed = fresh_seed() if seed is None else check_seed(seed)
        return SevenWondersStateView(self.engine.new_game(seed), self)

    def new_game_from_deal(self, deal: Mapping[str, Any], seed: int | None = None) -> SevenWondersStateView:
        """A game from an explicit deal (see :func:`deal_of`); a corrupt deal raises ValueError."""
        seed = None if seed is None else check_seed(seed)
        return SevenWondersStateView(self.engine.new_game_from_deal(dict(deal), seed), self)

    def from_python_state(self, state: SevenWondersState) -> SevenWondersStateView:
        """The same game as a Python state just set up (same boards, same deck orders)."""
        check_same_options(state, self.num_players, self.edition, self.payment, self.expansions)
        return self.new_game_from_deal(deal_of(state), state.seed)

    def core_state(self, state) -> SevenWondersStateView:
        """The C++ state that the core's ``Searcher`` takes (a view is one)."""
        return self.view(state)

    def new_searcher(self, uniform_rule: bool = False) -> Any:
        """A new C++ search (``Searcher``, ``core/common/ismcts.hpp``) of this engine's games."""
        return core.load().seven_wonders.Searcher(self.engine, uniform_rule=uniform_rule)

    def to_python(self, state) -> SevenWondersState:
        """A Python engine state equal to ``state``, field by field (a copy the Python rules can play on)."""
        view = self.view(state)
        twin = SevenWondersState(db=self.db, **{name: getattr(view, name) for name in STATE_FIELDS})
        twin.clear_caches()
        return twin

    def from_python(self, state) -> SevenWondersStateView:
        """The core twin of a state of the same options at any point of its game (a Python engine
        state, or a view of another engine), field by field: the core checks every field as it
        reads it (``state_layout.hpp``), and a state that it does not hold as given (its view
        differs) is refused with ``ValueError`` naming the fields, changing nothing. A state with a
        seed is the game of that seed, as Duel's: its move log (then its pending moves), replayed
        from the seed's deal, must give every field, or it is refused naming the fields that differ
        (a state changed by hand: coins, cards, ...). A state without a seed (a determinization)
        has no deal to replay and is taken as given."""
        if isinstance(state, SevenWondersStateView) and state.game is self:
            return state.clone()
        check_same_options(state, self.num_players, self.edition, self.payment, self.expansions)
        db = state.db
        fields = {name: getattr(state, name) for name in _TRANSFERRED}
        fields["cities"] = [db.cities.index(board.city) for board in state.wonders]
        fields["sides"] = [db.sides_names.index(board.side) for board in state.wonders]
        fields["phase"] = int(state.phase)
        kinds = {name: i for i, name in enumerate(LOG_KINDS)}
        leader_kinds = {KIND_NAMES[kind] for kind in LEADER_KINDS}
        fields["log"] = [(e["age"], e["turn"], -1 if e["agent"] is None else int(e["agent"].rsplit("_", 1)[1]),
                          e["seat"], kinds[e["kind"]],
                          db.leader_of(e["card"]) if e["kind"] in leader_kinds else db.type_index[e["card"]],
                          e["paid"]["left"], e["paid"]["right"], e["paid"]["bank"]) for e in state.log]
        twin = SevenWondersStateView(self.engine.import_state(fields, state.seed), self)
        differing = differing_fields(state, twin, STATE_FIELDS)
        if differing:
            raise ValueError(f"the core cannot take this 7 Wonders state: it holds other values of "
                             f"{', '.join(differing)} than the state given")
        if state.seed is not None:
            differing = self._unreplayed_fields(state)
            if differing:
                raise ValueError(f"the core cannot take this 7 Wonders state: its seed {state.seed}'s deal and its "
                                 f"move log give other values of {', '.join(differing)} (a state changed by hand "
                                 f"plays with engine='python'; one dealt with other wonders or wonder_sides options "
                                 f"than this engine's plays on an engine of those)")
        return twin

    def _unreplayed_fields(self, state) -> list[str]:
        """The fields of ``state`` that its log and pending moves, replayed from its seed's deal,
        do not give (``[]``: all of them; else the fewest of any deal): the deal of this engine's
        board options, else of the boards and sides given or drawn (those that the web app's
        replay tries)."""
        cities = [board.city for board in state.wonders]
        sides = [board.side for board in state.wonders]
        fewest = None
        for game in (self, *(_dealer(self.num_players, self.edition, boards, board_sides, self.payment, self.expansions)
                             for boards in (None, tuple(cities)) for board_sides in ("random", tuple(sides)))):
            replayed = game.new_game(state.seed)
            if ([board.city for board in replayed.wonders], [board.side for board in replayed.wonders]) != \
                    (cities, sides):
                continue
            _play_log(game, replayed, state)
            differing = differing_fields(state, replayed, STATE_FIELDS)
            if not differing:
                return []
            if fewest is None or len(differing) < len(fewest):
                fewest = differing
        return ["wonders"] if fewest is None else fewest  # "wonders": no deal of the seed gives its boards

    def clone(self, state) -> SevenWondersStateView:
        return SevenWondersStateView(state, self)

    # -- queries
    def acting_players(self, state) -> list[int]:
        return self.engine.acting_players(state)

    acting_seats = acting_players

    def legal_actions(self, state, player: int) -> list[int]:
        return np.flatnonzero(self.legal_action_mask(state, player)).tolist()

    def legal_action_mask(self, state, player: int) -> np.ndarray:
        """As the Python engine's: no legal action for a player who does not decide now (the
        env's mask, :meth:`env_mask`, offers ``wait`` there)."""
        if player not in self.acting_players(state):
            return np.zeros(self.num_actions, bool)
        return self.engine.legal_action_mask(state, player).astype(bool)

    def env_mask(self, state, player: int) -> np.ndarray:
        """The PettingZoo env's int8 mask of ``player``: only ``wait`` for a player who does not decide."""
        return self.engine.legal_action_mask(state, player)

    def why_illegal(self, state, player: int, action: Any) -> str | None:
        """As the Python engine's, in the words of its ``rules.check_legal``."""
        not_a_number = action_number_error(action, self.num_actions)
        if not_a_number:
            return f"illegal action for player_{player}: {not_a_number}"
        return self.engine.why_illegal(state, player, int(action)) or None

    def legal_actions_reference(self, state, player: int) -> set[int]:
        """The Python engine's slow enumeration, on a Python twin of the state (for the tests)."""
        if player not in self.acting_players(state):
            return set()
        from .rules import legal_actions_reference
        return legal_actions_reference(self.to_python(state), player)

    def apply_actions(self, state, actions: Mapping[int, int]) -> None:
        self.engine.apply_actions(state, dict(actions))

    def is_over(self, state) -> bool:
        return self.engine.is_over(state)

    def score_breakdown(self, state, city: int) -> dict[str, int]:
        values = self.engine.score_breakdown(state, city)  # with Leaders, the leaders line before the total
        return {**dict(zip(CATEGORIES + ("leaders",) * bool(self.db.num_leaders), values)), "total": values[-1]}

    def winners(self, state) -> list[int]:
        return self.engine.winners(state)

    def returns(self, state) -> list[float]:
        won = self.winners(state) if self.is_over(state) else []
        return [1.0 / len(won) if player in won else 0.0 for player in range(self.num_players)]

    def determinize(self, state, player: int, rng: np.random.Generator) -> SevenWondersStateView:
        return SevenWondersStateView(self.engine.determinize(state, player, int(rng.integers(2**63))), self)

    def encode_observation(self, state, player: int) -> np.ndarray:
        return self.engine.encode_observation(state, player)

    # -- the rules' answers (PythonRules' names)
    def acting_city(self, state, seat: int) -> int:
        return self.engine.acting_city(state, seat)

    def hand_for_decision(self, state, seat: int) -> list[int]:
        return self.engine.hand_for_decision(state, seat)

    def build_payment(self, state, city: int, card_type: int) -> tuple[int, int, int] | None:
        return self.engine.build_payment(state, city, card_type)

    def stage_payment(self, state, city: int) -> tuple[int, int, int] | None:
        return self.engine.stage_payment(state, city)

    def payment_choices(self, state, city: int) -> list[tuple[int, int, int]]:
        return self.engine.payment_choices(state, city)

    def recruit_price(self, state, seat: int, leader: int) -> int:
        return self.engine.recruit_price(state, seat, leader)

    def count_items(self, state, city: int, counted: tuple[int, ...], scope: int) -> int:
        return self.engine.count_items(state, city, list(counted), scope)

    science_points = staticmethod(core.load().seven_wonders.science_points)
    free_build_available = staticmethod(free_build_available)  # from the view's fields

    def describe_action(self, state, action: int) -> str:
        return self.engine.describe_action(action)

    # -- texts and records (read from the view)
    def game_record(self, state) -> dict[str, Any]:
        return game_record(self.view(state))

    def describe_move(self, state, player: int, action: int) -> str:
        return presentation.move_text(self.view(state), player, action)

    def describe_effect(self, state, player: int, action: int) -> str:
        return presentation.action_effect(self.view(state), player, action)

    def describe_entry(self, entry: dict[str, Any], viewer: int | None = None) -> str:
        return presentation.entry_text(entry, viewer)

    def render(self, state, player: int | None = None) -> str:
        return render.render_table(self.view(state), viewer=player)


#: the fields of a Python engine state that the core holds (all but the card database, checked by
#: edition, and the memos)
STATE_FIELDS = tuple(f.name for f in dataclasses.fields(SevenWondersState)
                     if f.name not in ("db", "memo", "payment_memo"))

#: the state fields that the core's import_state reads under the Python state's own names (from
#: the layout; the boards, the phase and the log are converted)
_TRANSFERRED = tuple(name for name in core.load().seven_wonders.STATE_FIELDS
                     if name not in ("cities", "sides", "phase", "log"))


@cache
def _dealer(num_players: int, edition: str, wonders: tuple[str, ...] | None, wonder_sides: str | tuple[str, ...],
            payment: str, expansions: tuple[str, ...] = ()) -> CompiledSevenWonders:
    """The engine of these options (built once): it deals a seed's game as an env of these options."""
    return CompiledSevenWonders(num_players, edition, None if wonders is None else list(wonders),
                                wonder_sides if isinstance(wonder_sides, str) else list(wonder_sides), payment,
                                expansions)


def _play_log(game: CompiledSevenWonders, replayed: SevenWondersStateView, state) -> None:
    """Play on ``replayed`` the moves of ``state``'s log, then its moves and payments chosen but
    not resolved yet, as far as they are legal (what is not reached shows as fields that differ)."""
    log = state.log
    while acting := game.acting_players(replayed):
        done = len(replayed.log)
        if done < len(log):
            try:
                actions = {p: recorded_action(replayed, p, log[done:]) for p in acting}
            except ValueError:  # an entry of no known card or kind
                return
        else:
            actions = {p: _chosen_action(replayed, state, game.acting_city(replayed, p)) for p in acting}
        if None in actions.values():
            return
        try:
            game.apply_actions(replayed, actions)
        except ValueError:  # not legal here
            return


def _chosen_action(replayed: SevenWondersStateView, state, city: int) -> int | None:
    """The move (in the payment phase: the payment) that ``state`` holds chosen for ``city`` and
    ``replayed`` not yet, or ``None``."""
    if replayed.phase == Phase.PAYMENT:
        if city in replayed.payments or city not in state.payments:
            return None
        return encode_action(ActionKind.PAY, state.payments[city][1], replayed.db.num_types)
    return None if city in replayed.pending else state.pending.get(city)


def _refuse_change(entry: Any, *args: Any, **kwargs: Any) -> None:
    raise TypeError(f"a logged entry of a core game is read-only ({type(entry).__name__}): the game's record "
                    f"and its text read it too; copy.deepcopy(entry) gives a copy to change")


class ReadOnlyDict(dict):
    """A dict that refuses every change (an entry of :attr:`SevenWondersStateView.log`, or its
    ``paid``); equal to the same plain dict, written by ``json`` as one; its copies (``copy``,
    ``dict(...)``, pickle) are plain dicts."""

    __slots__ = ()
    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _refuse_change

    def __copy__(self) -> dict:
        return dict(self)

    def __deepcopy__(self, memo: dict) -> dict:
        return {key: deepcopy(value, memo) for key, value in self.items()}

    def __reduce__(self) -> tuple:
        return dict, (dict(self),)


class ReadOnlyList(list):
    """A list that refuses every change (an entry's ``paid_to``); equal to the same plain list,
    written by ``json`` as one; its copies (``copy``, ``list(...)``, pickle) are plain lists."""

    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse_change
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse_change

    def __copy__(self) -> list:
        return list(self)

    def __deepcopy__(self, memo: dict) -> list:
        return [deepcopy(value, memo) for value in self]

    def __reduce__(self) -> tuple:
        return list, (list(self),)


def log_entries(db: CardDatabase, actions: list, seats: int, num_players: int) -> list[ReadOnlyDict]:
    """The record's ``actions`` (the Python state's ``log``) from the core's log tuples, read-only."""
    free_city = 2 if num_players == 2 else -1
    leaders_from = LOG_KINDS.index(KIND_NAMES[LEADER_KINDS[0]])

    def paid_to(city: int, to_left: int, to_right: int) -> ReadOnlyList:
        return ReadOnlyList([
            ReadOnlyDict({"seat": seat, "agent": f"player_{seat}" if seat != free_city else None, "coins": coins})
            for seat, coins in (((city - 1) % seats, to_left), ((city + 1) % seats, to_right)) if coins])

    return [ReadOnlyDict({"age": age, "turn": turn, "agent": None if agent < 0 else f"player_{agent}", "seat": seat,
                          "kind": LOG_KINDS[kind],
                          "card": (db.leaders[card] if kind >= leaders_from else db.types[card]).name,
                          "paid": ReadOnlyDict({"left": left, "right": right, "bank": bank}),
                          "paid_to": paid_to(seat, left, right)})
            for age, turn, agent, seat, kind, card, left, right, bank in actions]


class SevenWondersBatch:
    """The core batch of :mod:`wonders_env.vector` for 7 Wonders (records built only when asked)."""

    def __init__(self, game: CompiledSevenWonders, num_envs: int, seed: int, threads: int = 1) -> None:
        self.game = game
        self._batch = core.load().seven_wonders.Batch(game.engine, num_envs, seed, threads)
        self.core_batch = self._batch
        self.num_players = game.num_players
        self.observation_size = game.observation_size
        self.num_actions = game.num_actions
        self.reset = self._batch.reset
        self.step = self._batch.step
        self.sample_actions = self._batch.sample_actions
        self.seeds = self._batch.seeds

    def state(self, index: int) -> SevenWondersStateView:
        """A copy of game ``index`` as a view of :attr:`game`."""
        return self.game.view(self._batch.state(index))

    def core_state(self, index: int):
        """A copy of the core state of game ``index``."""
        return self._batch.state(index)

    def searcher(self, uniform_rule: bool = False) -> Any:
        """A new C++ search (``Searcher``, ``core/common/ismcts.hpp``) over this batch's core states
        (built on the batch's engine: a searcher checks that a state was set up by its engine)."""
        return core.load().seven_wonders.Searcher(self.game.engine, uniform_rule=uniform_rule)

    def search_many(self, pool: Any, searchers: list[Any], states: list[Any], players: list[int],
                    seeds: list[int], **options: Any) -> dict[str, Any]:
        """The searches of many seats at once (:meth:`wonders_env.vector.VectorEnv.search_many`)."""
        return core.load().seven_wonders.search_many(pool, searchers, states, players, seeds, **options)

    def finished_records(self) -> list[dict[str, Any]]:
        return [self.game.game_record(state) for _, _, state in self._batch.finished()]

    def finished_score_rewards(self) -> list[tuple[int, list[float]]]:
        """``(index, the env's score rewards)`` of the games that ended in the last step."""
        return [(index, score_rewards([self.game.score_breakdown(state, p)["total"] for p in range(self.num_players)]))
                for index, _, state in self._batch.finished()]

    def python_state(self, index: int) -> SevenWondersState:
        """The Python engine state of game ``index`` as it stands (field by field)."""
        return self.game.to_python(self._batch.state(index))


def make_batch(num_envs: int, seed: int, threads: int = 1, num_players: int = 3, edition: str = "1st",
               wonders: list[str] | None = None, wonder_sides: str | list[str] = "random",
               payment: str = "cheapest", expansions: tuple[str, ...] = ()) -> SevenWondersBatch:
    """The 7 Wonders batch of ``wonders_env.vector.make("seven_wonders", ...)``: the options are
    the PettingZoo env's (``num_players``, ``edition``, ``wonders``, ``wonder_sides``, ``payment``,
    ``expansions``)."""
    return SevenWondersBatch(CompiledSevenWonders(num_players, edition, wonders, wonder_sides, payment, expansions),
                             num_envs, seed, threads)
