"""The explicit, copyable state of a 7 Wonders game, and its setup.

Seats sit clockwise; ``left_of(seat) = seat - 1`` and ``right_of(seat) = seat + 1`` (mod the
number of seats), as in the game record (:mod:`.record`). In the 2-player "Free City"
variant seats 0 and 1 are the players and seat 2 is the Free City, which has a board, coins and
a city but no agent: the player holding the Free City card chooses its card.

All randomness (wonders, sides, guilds, the shuffles of the three Ages) is drawn at setup from the
deal generator seeded by the game's seed (:mod:`wonders_env.deal_rng`), draw for draw as the core's
``Engine::draw_deal``, so a seed deals the same game on both engines; the state never touches the
global RNG.

The compiled core keeps the same fields under the same names (``core/seven_wonders/state_layout.hpp``)
and shows them read-only (:class:`.compiled.SevenWondersStateView`); :func:`rules_of` gives what answers
the rules' questions about either kind of state, so that texts, renders and agents read both.
The phases, the constants of the game and of its score (:data:`CATEGORIES`, :func:`score_rewards`)
live here for both engines.
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass, field
from enum import IntEnum

import numpy as np

from ..deal_rng import DealRng, fresh_seed
from ..game import check_seed, state_copy
from .actions import check_payment_mode
from .cards import (NO_SCIENCE, POWERS_FROM_NEXT_AGE, SCIENCE_ANY, SCOPE_LEFT, SCOPE_RIGHT, CardDatabase, Power,
                    Produce, Science, Shields, Special, TradeDiscount, WonderSide, check_expansions, database)

MIN_PLAYERS, MAX_PLAYERS = 2, 7
CARDS_PER_HAND = 7
TURNS_PER_AGE = 6
STARTING_COINS = 3
VICTORY_TOKEN = (1, 3, 5)  # per Age
DEFEAT_TOKEN = -1
SELL_COINS = 3
CATEGORIES = ("military", "treasury", "wonder", "civilian", "science", "commercial", "guilds")


class Phase(IntEnum):
    """Who decides what now."""

    MAIN = 0  # every player picks a card (build, wonder stage, sell, Olympia A free build)
    FREE_CITY = 1  # 2 players: the holder of the Free City card picks the Free City's card
    SEVENTH_CARD = 2  # Babylon B: play the 7th card of the Age
    DISCARD_BUILD = 3  # Halicarnassus: build a card of the discard pile for free
    GAME_OVER = 4
    PAYMENT = 5  # payment="choose": the players choose whom to pay for the moves of the turn
    LEADER_DRAFT = 6  # Leaders: every player keeps a leader of the draft hand and passes the rest right
    RECRUIT = 7  # Leaders: the recruitment turn before each Age (turn 0)
    COPY_LEADER = 8  # Leaders: the Courtesans Guild copies a neighbour's leader
    RECRUIT_NOW = 9  # Leaders: Roma B stages 2-3 recruit a leader at once


#: the phases of the Leaders expansion, in their order in the observation's ``leader_phase`` view
LEADER_PHASES = (Phase.LEADER_DRAFT, Phase.RECRUIT, Phase.COPY_LEADER, Phase.RECRUIT_NOW)
LEADERS_STARTING_COINS = 6
LEADERS_PER_PLAYER = 4


def score_rewards(totals: list[int]) -> list[float]:
    """The env's ``reward="score"`` of a finished game: each player's points minus the mean of the
    other players' (``totals`` of the players, the Free City excluded)."""
    return [float(total - (sum(totals) - total) / (len(totals) - 1)) for total in totals]


def rules_of(state):
    """What answers the rules' questions about ``state`` (acting seats, the city a seat plays for,
    payments, counts, scores, action names): its compiled engine for a core state (its ``game``,
    :class:`.compiled.CompiledSevenWonders`), the Python engine's rules otherwise
    (:class:`.scoring.PythonRules`, imported only then)."""
    game = getattr(state, "game", None)
    if game is not None:
        return game
    from .scoring import PythonRules
    return PythonRules


class SeatGeometry:
    """Who sits where, for the Python state and the core's view alike (both have ``num_players``
    and ``num_seats``)."""

    @property
    def free_city(self) -> int:
        """The Free City's seat in the 2-player variant, else -1."""
        return 2 if self.num_players == 2 else -1

    def left_of(self, seat: int) -> int:
        return (seat - 1) % self.num_seats

    def right_of(self, seat: int) -> int:
        return (seat + 1) % self.num_seats


@dataclass
class SevenWondersState(SeatGeometry):
    """Everything about a game in progress. Copy with :meth:`clone`; pickles as is."""

    db: CardDatabase
    num_players: int  # agents (2-7)
    num_seats: int  # cities on the table (3 in the 2-player variant)
    seed: int | None
    wonders: list[WonderSide]
    age: int = 1
    turn: int = 1
    phase: Phase = Phase.MAIN
    decks: dict[int, list[int]] = field(default_factory=dict)  # Ages not yet dealt
    box: list[int] = field(default_factory=list)  # guilds left out of the game
    hands: list[list[int]] = field(default_factory=list)
    free_city_pile: list[int] = field(default_factory=list)
    free_city_holder: int = -1
    built: list[list[int]] = field(default_factory=list)  # physical cards, in build order
    has_type: np.ndarray = None  # (seats, types) int8: the city as a set of card names
    color_counts: np.ndarray = None  # (seats, 7) int16
    coins: list[int] = field(default_factory=list)
    stages_built: list[int] = field(default_factory=list)
    stage_cards: list[list[int]] = field(default_factory=list)
    shields: list[int] = field(default_factory=list)
    military_tokens: list[list[int]] = field(default_factory=list)
    science: np.ndarray = None  # (seats, 4): compass, gear, tablet, wildcards
    own_fixed: list[list[int]] = field(default_factory=list)
    own_choices: list[list[int]] = field(default_factory=list)
    sell_fixed: list[list[int]] = field(default_factory=list)
    sell_choices: list[list[int]] = field(default_factory=list)
    cheap_left: list[int] = field(default_factory=list)
    cheap_right: list[int] = field(default_factory=list)
    powers: np.ndarray = None  # (seats, Power): the Age from which the city has each power (0: none)
    power_used_age: np.ndarray = None  # (seats, Power): the Age a once-per-Age power was last used
    discard: list[int] = field(default_factory=list)
    known_discard: np.ndarray = None  # (players, types): cards each player knows are discarded
    last_passed: np.ndarray = None  # (players, types): the hand each player passed last
    payment: str = "cheapest"  # "cheapest": the engine pays; "choose": the players choose
    pending: dict[int, int] = field(default_factory=dict)  # city -> card action waiting for resolution
    payments: dict[int, tuple[int, int, int]] = field(default_factory=dict)  # city -> chosen (bank, left, right)
    pending_turn: int = 0  # the turn the pending moves are logged under (7: Babylon's 7th card)
    discard_builders: list[tuple[int, int]] = field(default_factory=list)  # (seat, controller)
    age_leftovers_discarded: bool = False
    # Leaders (empty in the base tables; the rules are in .leaders)
    leader_deck: list[int] = field(default_factory=list)  # leaders never dealt (face down)
    draft_hands: list[list[int]] = field(default_factory=list)  # the leaders each player drafts from now
    # (players, leaders) int8: the draft hand each player passed last (no rows without leaders)
    draft_passed: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), np.int8))
    leader_hands: list[list[int]] = field(default_factory=list)  # secret Leader hands
    recruited: list[list[int]] = field(default_factory=list)  # face up in each city, in order
    stage_leaders: list[list[int]] = field(default_factory=list)  # tucked under wonder stages (face down)
    leader_discards: list[list[int]] = field(default_factory=list)  # discarded by each player (face down)
    copied_leader: list[int] = field(default_factory=list)  # the Courtesans token's leader per city, -1: none
    copy_choosers: list[int] = field(default_factory=list)  # seats with a Courtesans copy to choose
    recruiters: list[int] = field(default_factory=list)  # seats with a Roma B recruit to make
    log: list[dict] = field(default_factory=list)
    memo: dict = field(default_factory=dict, repr=False)  # values derived from this state; emptied on change
    payment_memo: list[dict] = field(default_factory=list, repr=False)  # per city, see rules

    def clear_caches(self) -> None:
        """Forget every value derived from the state (acting seats, masks, payments): the one
        call to make after changing a state by hand."""
        self.memo = {}
        self.payment_memo = [{} for _ in range(self.num_seats)]

    def clone(self) -> SevenWondersState:
        """A deep copy that shares only the immutable card database (every field copied by
        :func:`~wonders_env.game.state_copy`; the memo starts empty)."""
        twin = copy.copy(self)
        for name in _COPIED_FIELDS:
            setattr(twin, name, state_copy(getattr(self, name)))
        twin.memo = {}
        twin.payment_memo = [dict(memo) for memo in self.payment_memo]
        return twin

    def __getstate__(self) -> dict:
        state = self.__dict__.copy()
        state["memo"] = {}
        state["payment_memo"] = [{} for _ in self.payment_memo]
        state["db"] = (self.db.edition, self.db.expansions)  # tables are rebuilt from the package data
        return state

    def __setstate__(self, state: dict) -> None:
        state["db"] = database(*state["db"]) if isinstance(state["db"], tuple) else database(state["db"])
        self.__dict__.update(state)


#: the fields of the Leaders expansion (empty in the base tables; the compiled core's layout holds them too)
LEADER_FIELDS = ("leader_deck", "draft_hands", "draft_passed", "leader_hands", "recruited", "stage_leaders",
                 "leader_discards", "copied_leader", "copy_choosers", "recruiters")

#: the fields clone() copies (the card database is shared, the memos are the state's own)
_COPIED_FIELDS = tuple(f.name for f in dataclasses.fields(SevenWondersState)
                       if f.name not in ("db", "memo", "payment_memo"))


def free_build_available(state: SeatGeometry, city: int) -> bool:
    """Whether ``city`` may still use Olympia A's free build in this Age: read from the fields of a
    Python state or of the core's view alike (the core has no call of its own for it)."""
    power = Power.FREE_BUILD_ONCE_PER_AGE
    return bool(state.powers[city, power]) and bool(state.power_used_age[city, power] != state.age)


def check_num_players(num_players, edition: str, expansions: tuple[str, ...] = ()) -> int:
    """``num_players`` as an int, or ``ValueError`` saying what the edition (and expansions) allow.
    Leaders is played by 3 to 7 (a decision: the rulebook gives the 2-player Free City no leaders,
    no draft partner on one side and no rule for who recruits for it)."""
    fewest = MIN_PLAYERS if edition == "1st" and not expansions else 3  # the 2nd edition has no 2-player variant
    if not isinstance(num_players, (int, np.integer)) or not fewest <= num_players <= MAX_PLAYERS:
        table = f"the {edition} edition" + (f" with {', '.join(expansions)}" if expansions else "")
        raise ValueError(f"num_players must be an integer from {fewest} to {MAX_PLAYERS} in {table}, "
                         f"got {num_players!r}")
    return int(num_players)


def check_same_options(state: SeatGeometry, num_players: int, edition: str, payment: str,
                       expansions: tuple[str, ...] = ()) -> None:
    """Refuse with ``ValueError`` a state (Python or the core's view) set up with another player
    count, edition, payment mode or expansions than an engine's (these size its actions and
    observations)."""
    state_expansions = getattr(state.db, "expansions", ())
    if (state.num_players, state.db.edition, state.payment, state_expansions) != (
            num_players, edition, payment, expansions):
        raise ValueError(f"the state was set up with other options ({state.num_players} players, "
                         f"{state.db.edition} edition, payment={state.payment!r}, expansions={state_expansions}) "
                         f"than this engine ({num_players}, {edition}, {payment!r}, {expansions})")


def board_options(db: CardDatabase, num_seats: int, wonders: list[str] | None,
                  sides: str | list[str]) -> tuple[list[str] | None, list[str]]:
    """The checked boards options: the city of each seat (None: random distinct cities) and the
    side of each seat ("random" or the edition's side name); bad options raise ``ValueError``."""
    if isinstance(wonders, str) or not (wonders is None or isinstance(wonders, (list, tuple))):
        raise ValueError(f"wonders must be None (random) or a list of {num_seats} city names (one per seat) "
                         f"from {list(db.cities)}, got {wonders!r}")
    if not isinstance(sides, (str, list, tuple)):
        raise ValueError(f"wonder_sides must be 'A'/'Day', 'B'/'Night', 'random' or a list of those per "
                         f"seat, got {sides!r}")
    cities = None
    if wonders is not None:
        if len(wonders) != num_seats:
            raise ValueError(f"wonders must name {num_seats} cities (one per seat), got {len(wonders)}")
        cities = [db.city_named(city) for city in wonders]  # any case: "rhodes" is Rhodes
        if len(set(cities)) != len(cities):
            raise ValueError(f"each city can be dealt once, got {cities}")
    side_list = [sides] * num_seats if isinstance(sides, str) else list(sides)
    if len(side_list) != num_seats:
        raise ValueError(f"wonder_sides must be one value or {num_seats} values, got {len(side_list)}")
    return cities, [side if side == "random" else db.side_name(side) for side in side_list]


def choose_wonders(db: CardDatabase, num_seats: int, rng: DealRng,
                   wonders: list[str] | None, sides: str | list[str]) -> list[WonderSide]:
    """Deal boards: ``wonders`` names a city per seat (or None: random distinct cities);
    ``sides`` is "A"/"Day", "B"/"Night", "random", or a list of those per seat."""
    cities, side_list = board_options(db, num_seats, wonders, sides)
    if cities is None:
        order = list(range(len(db.cities)))
        rng.shuffle(order)
        cities = [db.cities[i] for i in order[:num_seats]]
    chosen = []
    for city, side in zip(cities, side_list):
        if side == "random":
            side = db.sides_names[rng.below(2)]
        chosen.append(db.wonder_side(city, side))
    return chosen


def new_game(num_players: int = 3, seed: int | None = None, wonders: list[str] | None = None,
             wonder_sides: str | list[str] = "random", edition: str = "1st",
             payment: str = "cheapest", expansions: tuple[str, ...] = ()) -> SevenWondersState:
    """Set up a game: boards, 3 coins each, N+2 guilds, the three Age decks shuffled, dealt from
    ``seed`` (an integer in 0-2**64-1; ``None`` draws a fresh one) as the core deals it.
    ``payment`` is the payment mode (:mod:`.actions`). With ``expansions=("leaders",)`` (1st
    edition, 3-7 players) the setup of :func:`.leaders.setup_leaders` follows."""
    check_payment_mode(payment)
    db = database(edition, check_expansions(edition, expansions))
    num_players = check_num_players(num_players, edition, db.expansions)
    num_seats = max(num_players, 3)
    seed = fresh_seed() if seed is None else check_seed(seed)
    rng = DealRng(seed)
    boards = choose_wonders(db, num_seats, rng, wonders, wonder_sides)
    deck_players = num_seats  # the 2-player variant uses the 3-player cards
    guilds = db.guild_cards()
    rng.shuffle(guilds)
    kept, box = guilds[:deck_players + 2], guilds[deck_players + 2:]
    decks = {}
    for age in (1, 2, 3):
        decks[age] = db.deck(age, deck_players) + (kept if age == 3 else [])
        rng.shuffle(decks[age])
    n_types = db.num_types
    state = SevenWondersState(
        db=db, num_players=num_players, num_seats=num_seats,
        seed=seed, wonders=boards, decks=decks, box=box,
        payment=payment,
        hands=[[] for _ in range(num_seats)], built=[[] for _ in range(num_seats)],
        has_type=np.zeros((num_seats, n_types), dtype=np.int8),
        color_counts=np.zeros((num_seats, 7), dtype=np.int16),
        coins=[STARTING_COINS] * num_seats, stages_built=[0] * num_seats,
        stage_cards=[[] for _ in range(num_seats)], shields=[0] * num_seats,
        military_tokens=[[] for _ in range(num_seats)],
        science=np.zeros((num_seats, 4), dtype=np.int8),
        own_fixed=[[0] * 7 for _ in range(num_seats)], own_choices=[[] for _ in range(num_seats)],
        sell_fixed=[[0] * 7 for _ in range(num_seats)], sell_choices=[[] for _ in range(num_seats)],
        cheap_left=[0] * num_seats, cheap_right=[0] * num_seats,
        powers=np.zeros((num_seats, len(Power)), dtype=np.int8),
        power_used_age=np.zeros((num_seats, len(Power)), dtype=np.int8),
        known_discard=np.zeros((num_players, n_types), dtype=np.int16),
        payment_memo=[{} for _ in range(num_seats)],
        last_passed=np.zeros((num_players, n_types), dtype=np.int8),
    )
    for seat, board in enumerate(boards):
        if board.starting_resource >= 0:  # Roma has none
            state.own_fixed[seat][board.starting_resource] += 1
            state.sell_fixed[seat][board.starting_resource] += 1
    if db.num_leaders:
        from .leaders import setup_leaders
        setup_leaders(state, rng)
    else:
        start_age(state, 1)
    return state


def start_age(state: SevenWondersState, age: int) -> None:
    """Deal the Age's cards: 7 to each player (and 7 to the Free City's pile with 2 players)."""
    state.age, state.turn, state.phase = age, 1, Phase.MAIN
    state.age_leftovers_discarded = False
    deck = state.decks.pop(age)
    for seat in range(state.num_players):
        state.hands[seat] = deck[seat * CARDS_PER_HAND:(seat + 1) * CARDS_PER_HAND]
    state.last_passed[:] = 0
    if state.free_city >= 0:
        state.free_city_pile = deck[2 * CARDS_PER_HAND:]
        city = state.free_city
        state.free_city_holder = state.right_of(city) if age == 2 else state.left_of(city)
        state.hands[state.free_city_holder].append(state.free_city_pile.pop())
    state.memo = {}


# ---------------------------------------------------------------- placing cards and stages
def forget_payments(state: SevenWondersState, cities: tuple[int, ...], resources: int) -> None:
    """Drop the memoised payment options of ``cities`` for costs involving ``resources``."""
    for city in cities:
        memo = state.payment_memo[city]
        for key in [key for key, (cost_mask, _) in memo.items() if cost_mask & resources]:
            del memo[key]


def add_production(state: SevenWondersState, seat: int, effect: Produce) -> None:
    if effect.tradable:
        forget_payments(state, (seat, state.left_of(seat), state.right_of(seat)), effect.mask)
    else:
        forget_payments(state, (seat,), effect.mask)
    if effect.mask & (effect.mask - 1) == 0:  # a single resource, possibly several units
        resource = effect.mask.bit_length() - 1
        state.own_fixed[seat][resource] += effect.count
        if effect.tradable:
            state.sell_fixed[seat][resource] += effect.count
    else:
        state.own_choices[seat].append(effect.mask)
        if effect.tradable:
            state.sell_choices[seat].append(effect.mask)


def add_discount(state: SevenWondersState, seat: int, effect: TradeDiscount) -> None:
    forget_payments(state, (seat,), effect.mask)
    if effect.scope & SCOPE_LEFT:
        state.cheap_left[seat] |= effect.mask
    if effect.scope & SCOPE_RIGHT:
        state.cheap_right[seat] |= effect.mask


def place_building(state: SevenWondersState, seat: int, card: int) -> int:
    """Put a physical card into a city (no payment, no coins). Returns its type."""
    db = state.db
    kind = db.cards[card].type
    state.built[seat].append(card)
    state.has_type[seat, kind] = 1
    state.color_counts[seat, db.color[kind]] += 1
    state.shields[seat] += db.shields[kind]
    if db.science[kind] != NO_SCIENCE:
        state.science[seat, db.science[kind]] += 1
    for effect in db.produces[kind]:
        add_production(state, seat, effect)
    for effect in db.discounts[kind]:
        add_discount(state, seat, effect)
    return kind


def place_stage(state: SevenWondersState, seat: int, card: int, leader: int = -1) -> int:
    """Build the next wonder stage of ``seat`` with ``card`` under it (with Leaders: or with the
    leader ``leader``, ``card`` then -1). Returns the stage index."""
    stage_index = state.stages_built[seat]
    stage = state.wonders[seat].stages[stage_index]
    state.stages_built[seat] += 1
    if leader >= 0:
        state.stage_leaders[seat].append(leader)
    else:
        state.stage_cards[seat].append(card)
    for effect in stage.effects:
        if isinstance(effect, Produce):
            add_production(state, seat, effect)
        elif isinstance(effect, TradeDiscount):
            add_discount(state, seat, effect)
        elif isinstance(effect, Shields):
            state.shields[seat] += effect.shields
        elif isinstance(effect, Special) and effect.power >= 0:
            state.powers[seat, effect.power] = state.age + (effect.power in POWERS_FROM_NEXT_AGE)
        elif isinstance(effect, Science):
            state.science[seat, SCIENCE_ANY] += 1
    return stage_index

