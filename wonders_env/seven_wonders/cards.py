"""Card and wonder tables of 7 Wonders, loaded once at import and validated.

Cards are data. ``data/cards_1st.csv`` holds one row per physical card (148 rows) and
``data/wonders_1st.csv`` one row per wonder stage (42 rows), in the notation of
``data/README.md`` (beside the tables: columns and effect tokens); ``data/cards_2nd.csv`` and
``data/wonders_2nd.csv`` hold the 2nd edition (2020). Seven 2nd-edition rows, the costs of Town
Hall, Arena, Circus and Craftsmens Guild, come from a single source: their cost is ``?`` in
``cards_2nd.csv`` and is read from ``data/cards_2nd_uncertain_costs.csv``, one line per card, the
one place to correct them. At load they become a :class:`CardDatabase`:

* a **card type** is a card *name* (75 in the 1st edition). Actions and observations use the
  type index, so "build Lumber Yard" means the same in every state, whichever copy is in hand.
  A city never holds two cards of one name, so a city is a set of types.
* a **physical card** is a row of the card table (its age and ``min_players``); decks, hands and
  the discard pile hold physical card ids, which lets tests check that cards are conserved.

Effects are parsed into a small closed vocabulary of frozen dataclasses and then into flat
per-type arrays that the rules read on the hot path (no string look-ups while a game runs).

The **Leaders** expansion (1st edition; ``database("1st", ("leaders",))``) adds three tables beside
the base ones, which it leaves as they are (card ids, cities and numbers of the base table do not
move): ``data/cards_1st_leaders.csv`` (the 4 new Guilds, appended after the base cards: types 75-78),
``data/wonders_1st_leaders.csv`` (Roma, the 8th city, sides A and B, with a ``board_effect`` column)
and ``data/leaders_1st.csv`` (a row per leader: ``name``, ``coin_cost``, ``effect``, ``timing``). A leader
id is its row in that table. Leader effects use the same vocabulary, grown by the kinds below
(:class:`ResourceDiscount`, :class:`BankPurchase`, :class:`EventCoins`, :class:`LeaderDiscount`,
:class:`FreeBuild`, :class:`SetReward`, :class:`ScienceSetBonus`, :class:`DrawLeaders`, and the named
specials ``defeat_tokens_to_victor``, ``copy_leader``, ``recruit_leader_now``); each leader's
``timing`` (``immediate``, ``passive``, ``end``) is checked at load against the kinds of its effects.
Where the sources disagree the tables take the project's decision 15 (the reference tables' README,
``conflicts.md`` L1, L2, L6): Croesus gives 6 coins, the Architects Guild costs ``COOOLP``, the
Courtesans Guild ``WCGL``. The rules of these effects are in :mod:`.leaders`.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from enum import IntEnum
from functools import cache
from pathlib import Path
from collections.abc import Sequence

DATA_DIR = Path(__file__).resolve().parent / "data"

RESOURCES = ("W", "S", "C", "O", "G", "L", "P")
RAW_MASK = 0b0001111  # W S C O
MANUFACTURED_MASK = 0b1110000  # G L P
COLORS = ("brown", "grey", "blue", "yellow", "red", "green", "purple")
BROWN, GREY, BLUE, YELLOW, RED, GREEN, PURPLE = range(7)
SCIENCE_SYMBOLS = ("compass", "gear", "tablet")
SCIENCE_ANY = 3  # a wildcard symbol, chosen at the end of the game
NO_SCIENCE = -1

# What a `coins_per`/`vp_per` effect can count: the seven colours, then these two.
COUNT_WONDER_STAGE = 7
COUNT_DEFEAT_TOKEN = 8
COUNT_VICTORY_TOKEN = 9  # Leaders: conflict victory tokens (their number, not their value)
COUNT_THREE_COINS = 10  # Leaders: each full 3 coins of the treasury
COUNT_LEADER = 11  # Leaders: recruited leaders (face up; not those under wonder stages)
COUNTED_NAMES = {"wonder_stage": COUNT_WONDER_STAGE, "defeat_token": COUNT_DEFEAT_TOKEN,
                 "victory_token": COUNT_VICTORY_TOKEN, "3coins": COUNT_THREE_COINS, "leader": COUNT_LEADER}
SCOPE_SELF, SCOPE_LEFT, SCOPE_RIGHT = 1, 2, 4


def resource_mask(letters: str) -> int:
    """Bit mask of a set of resource letters, e.g. ``"W|C"`` -> wood or clay."""
    mask = 0
    for letter in letters.replace("|", ""):
        mask |= 1 << RESOURCES.index(letter)
    return mask


def cost_mask(cost_vector: tuple[int, ...]) -> int:
    """Bit mask of the resources a cost vector uses."""
    return sum(1 << resource for resource, units in enumerate(cost_vector) if units)


def cost_items(cost_vector: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """``(resource, units)`` pairs of a 7-count cost vector, the form the payment solver takes."""
    return tuple((resource, units) for resource, units in enumerate(cost_vector) if units)


def resource_vector(letters: str) -> tuple[int, ...]:
    """Count vector (length 7) of a cost string such as ``"WWO"``."""
    counts = [0] * 7
    for letter in letters:
        counts[RESOURCES.index(letter)] += 1
    return tuple(counts)


# ---------------------------------------------------------------- effect vocabulary
@dataclass(frozen=True)
class Produce:
    """Produces one of ``mask`` (``count`` units when a single resource); ``tradable`` if
    neighbours may buy it (brown/grey cards, starting resources)."""

    mask: int
    count: int
    tradable: bool


@dataclass(frozen=True)
class VictoryPoints:
    points: int


@dataclass(frozen=True)
class Shields:
    shields: int


@dataclass(frozen=True)
class Coins:
    coins: int


@dataclass(frozen=True)
class Science:
    symbol: int  # 0..2, or SCIENCE_ANY


@dataclass(frozen=True)
class TradeDiscount:
    """Resources in ``mask`` bought from the neighbours in ``scope`` cost 1 coin instead of 2."""

    mask: int
    scope: int


@dataclass(frozen=True)
class CountReward:
    """``amount`` coins (when built) or VP (at the end) per counted item.

    ``counted`` holds colour indices and/or ``COUNT_WONDER_STAGE``/``COUNT_DEFEAT_TOKEN``;
    ``scope`` is a bit set of ``SCOPE_SELF | SCOPE_LEFT | SCOPE_RIGHT``.
    """

    counted: tuple[int, ...]
    scope: int
    amount: int
    at_end: bool


class Power(IntEnum):
    """The lasting wonder powers a city may own: the columns of ``SevenWondersState.powers``."""

    FREE_BUILD_ONCE_PER_AGE = 0  # Olympia A: one card free in each Age
    PLAY_SEVENTH_CARD = 1  # Babylon B (2nd edition: Night): the last card of each Age
    COPY_GUILD = 2  # Olympia B: a neighbour's guild at the end
    FREE_FIRST_OF_COLOR = 3  # 2nd-edition Olympia Day
    FREE_FIRST_OF_AGE = 4  # 2nd-edition Olympia Night stage 1
    FREE_LAST_OF_AGE = 5  # 2nd-edition Olympia Night stage 2


#: powers that work from the Age after the one their stage is built in (the others at once)
POWERS_FROM_NEXT_AGE = frozenset({Power.FREE_FIRST_OF_AGE})


@dataclass(frozen=True)
class Special:
    """A named wonder effect: a lasting :class:`Power` (``power``), or ``build_from_discard``
    (Halicarnassus: a decision when the stage is built; ``power`` is -1)."""

    name: str
    power: int = -1


@dataclass(frozen=True)
class WonderCompleteBonus:
    """VP at the end if the owner has built every stage of its wonder (Decorators Guild)."""

    points: int


@dataclass(frozen=True)
class ResourceDiscount:
    """Leaders (Archimedes, Hammurabi, Leonidas, Imhotep): builds of ``target`` (a colour index or
    ``COUNT_WONDER_STAGE``) cost ``units`` resource units less, of the builder's choice."""

    target: int
    units: int


@dataclass(frozen=True)
class BankPurchase:
    """Leaders (Bilkis): once per turn, one resource unit of any kind bought from the bank for
    ``price`` coins."""

    price: int


class Event(IntEnum):
    """What an :class:`EventCoins` effect pays for."""

    NEIGHBOUR_PURCHASE = 0  # Hatshepsut: per neighbour bought from in a turn (at most 1 each)
    NEW_VICTORY_TOKEN = 1  # Nero: per victory token won from now on
    CHAIN_BUILD = 2  # Vitruvius: per card built free through a chain
    YELLOW_BUILD = 3  # Xenophon: per yellow card built, however it is built


EVENT_TOKENS = {"coins_on_neighbour_purchase": (Event.NEIGHBOUR_PURCHASE, "per_neighbour_per_turn"),
                "coins_per_new_victory_token": (Event.NEW_VICTORY_TOKEN, ""),
                "coins_per_chain_build": (Event.CHAIN_BUILD, ""),
                "coins_per_yellow_build": (Event.YELLOW_BUILD, "")}


@dataclass(frozen=True)
class EventCoins:
    """Leaders: ``coins`` from the bank each time ``event`` happens to the owner, from now on."""

    event: Event
    coins: int


@dataclass(frozen=True)
class LeaderDiscount:
    """Leaders' recruitment price: ``free`` (Maecenas, Roma A: the owner's later recruits cost
    nothing), else ``coins`` less for the seats in ``scope`` seen from the owner (Roma B: 2 for
    itself, 1 for each neighbour); a price never goes below 0."""

    scope: int
    coins: int
    free: bool = False


@dataclass(frozen=True)
class FreeBuild:
    """Leaders (Ramses): cards of ``color`` are built for free (no coins, no resources)."""

    color: int


@dataclass(frozen=True)
class SetReward:
    """Leaders (Justinian, Plato): ``amount`` VP at the end per complete set of one card of each
    colour of ``colors`` in the owner's city."""

    colors: tuple[int, ...]
    amount: int


@dataclass(frozen=True)
class ScienceSetBonus:
    """Leaders (Aristotle): each complete set of the 3 science symbols is worth ``points`` more."""

    points: int


@dataclass(frozen=True)
class DrawLeaders:
    """Roma B stage 1: ``count`` leaders drawn at random from the unused ones into the Leader hand."""

    count: int


SPECIALS = ("free_build_once_per_age", "build_from_discard", "play_seventh_card", "copy_guild",
            "free_first_of_color", "free_first_of_age", "free_last_of_age",
            "defeat_tokens_to_victor", "copy_leader", "recruit_leader_now")
Effect = (Produce | VictoryPoints | Shields | Coins | Science | TradeDiscount | CountReward | Special
          | WonderCompleteBonus | ResourceDiscount | BankPurchase | EventCoins | LeaderDiscount | FreeBuild
          | SetReward | ScienceSetBonus | DrawLeaders)


def _parse_scope(text: str) -> int:
    scope = 0
    for part in text.split("+"):
        scope |= {"self": SCOPE_SELF, "left": SCOPE_LEFT, "right": SCOPE_RIGHT}[part]
    return scope


def _parse_counted(text: str) -> tuple[int, ...]:
    return tuple(COUNTED_NAMES[part] if part in COUNTED_NAMES else COLORS.index(part) for part in text.split("+"))


def parse_effect(token: str) -> Effect:
    """Parse one effect token of the tables (the notation of ``data/README.md``)."""
    if token in SPECIALS:
        return Special(token, Power[token.upper()] if token.upper() in Power.__members__ else -1)
    kind, _, arg = token.partition(":")
    if kind in ("produce", "produce_own"):
        letters, _, times = arg.partition("*")
        return Produce(resource_mask(letters), int(times or 1), kind == "produce")
    if kind == "vp":
        return VictoryPoints(int(arg))
    if kind == "vp_if_wonder_complete":
        return WonderCompleteBonus(int(arg))
    if kind == "shields":
        return Shields(int(arg))
    if kind == "coins":
        return Coins(int(arg))
    if kind == "science":
        return Science(SCIENCE_ANY if arg == "any" else SCIENCE_SYMBOLS.index(arg))
    if kind in ("trade_raw", "trade_manu"):
        return TradeDiscount(RAW_MASK if kind == "trade_raw" else MANUFACTURED_MASK, _parse_scope(arg))
    if kind in ("coins_per", "vp_per"):
        what, _, rest = arg.partition("@")
        scope, _, amount = rest.partition("*")
        return CountReward(_parse_counted(what), _parse_scope(scope), int(amount), kind == "vp_per")
    return _parse_leaders_effect(token, kind, arg)


def _parse_leaders_effect(token: str, kind: str, arg: str) -> Effect:
    """The effect kinds of the Leaders expansion (module docstring)."""
    if token == "copy_leader@left|right":  # Courtesans Guild: a neighbour's leader, chosen when built
        return Special("copy_leader")
    if kind == "vp_per_set":
        colors, _, rest = arg.partition("@")
        scope, _, amount = rest.partition("*")
        if scope == "self":
            return SetReward(_parse_counted(colors), int(amount))
    arg, _, qualifier = arg.partition("@")  # "1@once_per_turn": the argument, then when it applies
    if kind == "discount":
        target, _, units = arg.partition("*")
        return ResourceDiscount(COUNT_WONDER_STAGE if target == "wonder_stage" else COLORS.index(target), int(units))
    if kind == "bank_buy_any" and qualifier == "once_per_turn":
        return BankPurchase(int(arg))
    if kind in EVENT_TOKENS and qualifier == EVENT_TOKENS[kind][1]:
        return EventCoins(EVENT_TOKENS[kind][0], int(arg))
    if kind == "free_recruit" and arg == "leader":
        return LeaderDiscount(SCOPE_SELF, 0, free=True)
    if kind == "leader_discount":
        scope, _, coins = arg.partition("*")
        return LeaderDiscount(_parse_scope(scope), int(coins))
    if kind == "free_build":
        return FreeBuild(COLORS.index(arg))
    if kind == "science_set_bonus":
        return ScienceSetBonus(int(arg))
    if kind == "draw_leaders":
        return DrawLeaders(int(arg))
    raise ValueError(f"unknown effect token {token!r}")


def parse_effects(text: str) -> tuple[Effect, ...]:
    return tuple(parse_effect(token) for token in text.split(";") if token)


# ---------------------------------------------------------------- tables
@dataclass(frozen=True)
class CardType:
    """Everything printed on a card of one name."""

    index: int
    name: str
    color: int
    coin_cost: int
    resource_cost: tuple[int, ...]
    chains_from: tuple[str, ...]
    chains_to: tuple[str, ...]
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class PhysicalCard:
    index: int
    age: int
    type: int
    min_players: int | None  # None for guilds


@dataclass(frozen=True)
class WonderStage:
    resource_cost: tuple[int, ...]
    effects: tuple[Effect, ...]



@dataclass(frozen=True)
class WonderSide:
    city: str
    wonder: str
    side: str
    starting_resource: int  # resource index; -1: none (Roma)
    stages: tuple[WonderStage, ...]
    stage_costs: tuple[tuple[tuple[int, int], ...], ...]  # as (resource, units) pairs
    stage_masks: tuple[int, ...]  # the resources each stage costs, as a bit mask
    board_effects: tuple[Effect, ...] = ()  # lasting effects of the board itself (Roma)


TIMINGS = ("immediate", "passive", "end")


def effect_timing(effect: Effect) -> str:
    """When an effect of a leader works: ``immediate`` (once, when recruited), ``passive`` (from
    its recruitment on) or ``end`` (VP at the end of the game)."""
    if isinstance(effect, (Coins, Shields)) or effect == Special("build_from_discard"):
        return "immediate"
    if isinstance(effect, (VictoryPoints, SetReward, ScienceSetBonus)) or (
            isinstance(effect, CountReward) and effect.at_end):
        return "end"
    return "passive"


@dataclass(frozen=True)
class Leader:
    """A leader card (Leaders expansion): its coin cost to recruit and its effects."""

    index: int
    name: str
    coin_cost: int
    effects: tuple[Effect, ...]
    timing: str


class CardDatabase:
    """All cards and wonders of one edition, with flat per-type arrays for the rules."""

    def __init__(self, edition: str, cards_file: Path, wonders_file: Path,
                 uncertain_costs_file: Path | None = None, expansions: tuple[str, ...] = ()) -> None:
        self.edition = edition
        self.expansions = expansions
        self.types: list[CardType] = []
        self.cards: list[PhysicalCard] = []
        self.type_index: dict[str, int] = {}
        self.uncertain_costs: dict[str, str] = {}
        if uncertain_costs_file is not None:
            with open(uncertain_costs_file, newline="") as handle:
                self.uncertain_costs = {row["name"]: row["resource_cost"] for row in csv.DictReader(handle)}
        self._load_cards(cards_file)
        self.sides_names: tuple[str, str] = ("A", "B")
        self.cities: list[str] = []
        self.wonders: dict[tuple[str, str], WonderSide] = {}
        self._load_wonders(wonders_file)
        self.leaders: list[Leader] = []
        if "leaders" in expansions:
            self._load_cards(DATA_DIR / "cards_1st_leaders.csv")
            self._load_wonders(DATA_DIR / "wonders_1st_leaders.csv")
            self._load_leaders(DATA_DIR / "leaders_1st.csv")
        self.num_leaders = len(self.leaders)
        self.leader_index = {leader.name: leader.index for leader in self.leaders}
        self._build_arrays()

    # -- loading
    def _load_cards(self, path: Path) -> None:
        by_name = self.type_index
        with open(path, newline="") as handle:
            for row in csv.DictReader(handle):
                name = row["name"]
                if row["resource_cost"] == "?":
                    if name not in self.uncertain_costs:
                        raise ValueError(f"{path.name}: the cost of {name!r} is '?' "
                                         "but not in the uncertain-costs table")
                    row["resource_cost"] = self.uncertain_costs[name]
                printed = (
                    COLORS.index(row["color"]),
                    int(row["coin_cost"]),
                    resource_vector(row["resource_cost"]),
                    tuple(c for c in row["chains_from"].split(";") if c),
                    tuple(c for c in row["chains_to"].split(";") if c),
                    parse_effects(row["effect"]),
                )
                if name not in by_name:
                    by_name[name] = len(self.types)
                    self.types.append(CardType(len(self.types), name, *printed))
                else:
                    known = self.types[by_name[name]]
                    if printed != (known.color, known.coin_cost, known.resource_cost,
                                   known.chains_from, known.chains_to, known.effects):
                        raise ValueError(f"card {name!r} is printed differently on two rows of {path.name}")
                min_players = int(row["min_players"]) if row["min_players"] else None
                self.cards.append(PhysicalCard(len(self.cards), int(row["age"]), by_name[name], min_players))
        self.type_index = by_name
        for card_type in self.types:
            for chained in card_type.chains_from + card_type.chains_to:
                if chained not in by_name:
                    raise ValueError(f"card {card_type.name!r} chains with unknown card {chained!r}")

    def _load_wonders(self, path: Path) -> None:
        stages: dict[tuple[str, str], list[WonderStage]] = {}
        meta: dict[tuple[str, str], tuple[str, int]] = {}
        with open(path, newline="") as handle:
            for row in csv.DictReader(handle):
                key = (row["city"], row["side"])
                if row["city"] not in self.cities:
                    self.cities.append(row["city"])
                stages.setdefault(key, [])
                if int(row["stage"]) != len(stages[key]) + 1:
                    raise ValueError(f"stages of {key} are not in order in {path.name}")
                stages[key].append(WonderStage(resource_vector(row["resource_cost"]), parse_effects(row["effect"])))
                start = RESOURCES.index(row["starting_resource"]) if row["starting_resource"] else -1
                meta[key] = (row["wonder"], start, parse_effects(row.get("board_effect", "")))
        sides = sorted({side for _, side in stages}, key=lambda s: (s != "A", s != "Day", s))
        self.sides_names = (sides[0], sides[1])
        for key, stage_list in stages.items():
            wonder, start, board_effects = meta[key]
            self.wonders[key] = WonderSide(key[0], wonder, key[1], start, tuple(stage_list),
                                           tuple(cost_items(stage.resource_cost) for stage in stage_list),
                                           tuple(cost_mask(stage.resource_cost) for stage in stage_list),
                                           board_effects)

    def _load_leaders(self, path: Path) -> None:
        """The leader table; a leader whose ``timing`` disagrees with its effects' kinds, or whose
        name repeats, is refused."""
        with open(path, newline="") as handle:
            for row in csv.DictReader(handle):
                effects = parse_effects(row["effect"])
                timings = {effect_timing(effect) for effect in effects}
                if row["timing"] not in TIMINGS or timings != {row["timing"]}:
                    raise ValueError(f"{path.name}: leader {row['name']!r} has timing {row['timing']!r} but "
                                     f"effects that work {sorted(timings)} (timings: {', '.join(TIMINGS)})")
                if any(leader.name == row["name"] for leader in self.leaders):
                    raise ValueError(f"{path.name}: leader {row['name']!r} appears twice")
                self.leaders.append(Leader(len(self.leaders), row["name"], int(row["coin_cost"]), effects,
                                           row["timing"]))

    def _build_arrays(self) -> None:
        """Flat per-type tuples read by the rules (plain Python: fastest for scalar access)."""
        self.num_types = len(self.types)
        self.color = tuple(t.color for t in self.types)
        self.coin_cost = tuple(t.coin_cost for t in self.types)
        self.cost_items = [cost_items(t.resource_cost) for t in self.types]
        self.cost_mask = tuple(cost_mask(t.resource_cost) for t in self.types)
        self.chains_from = tuple(tuple(self.type_index[c] for c in t.chains_from) for t in self.types)

        def total(t: CardType, kind: type, attribute: str) -> int:
            return sum(getattr(e, attribute) for e in t.effects if isinstance(e, kind))

        self.vp = tuple(total(t, VictoryPoints, "points") for t in self.types)
        self.shields = tuple(total(t, Shields, "shields") for t in self.types)
        self.coins = tuple(total(t, Coins, "coins") for t in self.types)
        self.science = tuple(next((e.symbol for e in t.effects if isinstance(e, Science)), NO_SCIENCE)
                             for t in self.types)
        self.wonder_bonus = tuple(total(t, WonderCompleteBonus, "points") for t in self.types)
        self.produces = [tuple(e for e in t.effects if isinstance(e, Produce)) for t in self.types]
        self.discounts = [tuple(e for e in t.effects if isinstance(e, TradeDiscount)) for t in self.types]
        self.coin_rewards = [tuple(e for e in t.effects if isinstance(e, CountReward) and not e.at_end)
                             for t in self.types]
        self.vp_rewards = [tuple(e for e in t.effects if isinstance(e, CountReward) and e.at_end)
                           for t in self.types]


    # -- look-ups with clear errors
    def type_of(self, name: str) -> int:
        try:
            return self.type_index[name]
        except KeyError:
            raise ValueError(f"unknown card {name!r}; cards are: {', '.join(sorted(self.type_index))}") from None

    def side_name(self, side: str) -> str:
        """This edition's name of a side; "A"/"Day" and "B"/"Night" are accepted in both."""
        aliases = {"A": 0, "Day": 0, "B": 1, "Night": 1}
        if side not in aliases:
            raise ValueError(f"unknown wonder side {side!r}; choose from 'A'/'Day', 'B'/'Night' or 'random'")
        return self.sides_names[aliases[side]]

    def city_named(self, name: str) -> str:
        """The city ``name`` as the tables spell it (``"rhodes"`` -> ``"Rhodes"``); ValueError
        naming the cities if there is none."""
        for city in self.cities:
            if isinstance(name, str) and city.lower() == name.strip().lower():
                return city
        raise ValueError(f"unknown wonder {name!r}; choose from {', '.join(self.cities)}")

    def wonder_side(self, city: str, side: str) -> WonderSide:
        if city not in self.cities:
            raise ValueError(f"unknown wonder {city!r}; choose from {', '.join(self.cities)}")
        return self.wonders[(city, self.side_name(side))]

    def deck(self, age: int, num_players: int) -> list[int]:
        """Physical card ids of an Age's deck for ``num_players`` (3-7), guilds excluded."""
        return [c.index for c in self.cards
                if c.age == age and c.min_players is not None and c.min_players <= num_players]

    def guild_cards(self) -> list[int]:
        return [c.index for c in self.cards if c.min_players is None]


    def leader_of(self, name: str) -> int:
        """The id of the leader ``name``; ValueError naming the leaders if there is none."""
        if name not in self.leader_index:
            raise ValueError(f"unknown leader {name!r}; leaders are: {', '.join(sorted(self.leader_index)) or 'none'}")
        return self.leader_index[name]


EDITIONS = ("1st", "2nd")
#: the expansions each edition can be played with (the Leaders tables are those of the 1st edition)
EDITION_EXPANSIONS = {"1st": ("leaders",), "2nd": ()}


def check_expansions(edition: str, expansions) -> tuple[str, ...]:
    """``expansions`` as a tuple if the edition has them, else ``ValueError`` naming what is supported."""
    if isinstance(expansions, str) or not isinstance(expansions, (tuple, list)):
        raise ValueError(f"expansions must be a tuple of expansion names, e.g. ('leaders',), got {expansions!r}")
    expansions = tuple(expansions)
    supported = EDITION_EXPANSIONS.get(edition, ())
    for name in expansions:
        if name not in supported:
            raise ValueError(f"expansion {name!r} is not supported with the {edition} edition; supported: "
                             + "; ".join(f"{e} edition: {', '.join(map(repr, x)) or 'none'}"
                                         for e, x in EDITION_EXPANSIONS.items()))
    if len(set(expansions)) != len(expansions):
        raise ValueError(f"expansions names an expansion twice: {expansions!r}")
    return expansions


@cache
def database(edition: str = "1st", expansions: tuple[str, ...] = ()) -> CardDatabase:
    """The card database of an edition (``"1st"`` or ``"2nd"``) with ``expansions`` (``()`` or
    ``("leaders",)`` for the 1st edition), built once."""
    if edition not in EDITIONS:
        raise ValueError(f"unknown edition {edition!r}; available: {', '.join(map(repr, EDITIONS))}")
    expansions = check_expansions(edition, expansions)
    if edition == "1st":
        return CardDatabase("1st", DATA_DIR / "cards_1st.csv", DATA_DIR / "wonders_1st.csv", expansions=expansions)
    return CardDatabase("2nd", DATA_DIR / "cards_2nd.csv", DATA_DIR / "wonders_2nd.csv",
                        DATA_DIR / "cards_2nd_uncertain_costs.csv")
