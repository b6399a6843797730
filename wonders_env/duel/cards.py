"""Cards, wonders, progress tokens and card structures of 7 Wonders Duel, loaded once at import.

Cards are data. ``data/cards.csv`` (73 rows: 23 Age I, 23 Age II, 20 Age III, 7 Guilds),
``data/wonders.csv`` (12), ``data/progress.csv`` (10) and ``data/layouts.json`` (the three
20-slot structures) use the notation of ``data/README.md`` (beside the tables: columns and
effect tokens). A card's id is its row
index (0-72), a wonder's id its row index (0-11), a token's id its row index (0-9); actions and
observations use these ids.

At import every effect string is parsed into :class:`Effect` values of a closed vocabulary
(:class:`EffectKind`) and validated; the rules then read flat per-id tuples (``CARD_VP[c]``,
``WONDER_SHIELDS[w]`` ...) so that no string is looked at while a game runs.
"""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass
from enum import IntEnum
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent / "data"

RESOURCES = ("W", "C", "S", "G", "P")
WOOD, CLAY, STONE, GLASS, PAPYRUS = range(5)
RAW_MATERIALS = (WOOD, CLAY, STONE)
MANUFACTURED_GOODS = (GLASS, PAPYRUS)
RAW_BITS = 0b00111
MANUFACTURED_BITS = 0b11000

COLORS = ("brown", "grey", "blue", "green", "yellow", "red", "purple")
BROWN, GREY, BLUE, GREEN, YELLOW, RED, PURPLE = range(7)
DECKS = ("I", "II", "III", "G")  # G: the Guilds, shuffled into Age III
GUILD_DECK = 3
SCIENCE_SYMBOLS = ("globe", "scales", "sundial", "mortar", "pendulum", "quill", "wheel")
CHAIN_SYMBOLS = ("horseshoe", "sword", "tower", "target", "helmet", "book", "gear", "lyre", "lamp",
                 "mask", "pillar", "moon", "sun", "drop", "temple", "vase", "barrel")
NONE = -1

# what the base game's tables hold (checked at load); the sizes the rules use come from the tables
BASE_GAME_DECK_SIZES, BASE_GAME_WONDERS, BASE_GAME_TOKENS = (23, 23, 20, 7), 12, 10


class EffectKind(IntEnum):
    """The closed vocabulary of effects (token names of the reference notation)."""

    PRODUCE = 0  # `produce=WW`: `amount` units of resource `what` (brown/grey cards)
    PRODUCE_CHOICE = 1  # `produce_choice=W|C|S`: 1 unit of one of `what` (bit mask); not for sale
    TRADE_FIXED = 2  # `trade_fixed=GP`: own purchases of `what` (bit mask) cost 1 coin
    SHIELDS = 3
    SCIENCE = 4  # `what`: symbol index in SCIENCE_SYMBOLS
    VP = 5
    COINS = 6
    COINS_PER_CARD = 7  # `amount` coins per own card of colour `what` (bit mask), once
    COINS_PER_WONDER = 8  # `amount` coins per own built wonder, once
    GUILD_COINS_PER_CARD = 9  # per card of colours `what` in the city with the most, once
    GUILD_VP_PER_CARD = 10  # per card of colours `what` in the city with the most, at the end
    GUILD_VP_PER_WONDER = 11  # per wonder of the city with the most, at the end
    GUILD_VP_PER_3COINS = 12  # per 3 coins of the richest city, at the end
    PLAY_AGAIN = 13
    DESTROY = 14  # the opponent discards one of their cards of colour `what` (index)
    OPPONENT_LOSES_COINS = 15
    PROGRESS_FROM_UNUSED = 16  # the Great Library: draw `amount` set-aside tokens, keep 1
    BUILD_FROM_DISCARD = 17  # the Mausoleum
    WONDER_DISCOUNT = 18  # Architecture: `amount` resource units of each later wonder waived
    BLUE_DISCOUNT = 19  # Masonry: the same for blue cards
    ECONOMY = 20  # the opponent's trade payments go to the owner
    VP_PER_PROGRESS = 21  # Mathematics
    RED_EXTRA_SHIELD = 22  # Strategy
    WONDERS_PLAY_AGAIN = 23  # Theology
    CHAIN_COINS = 24  # Urbanism: `amount` coins per later chain build


@dataclass(frozen=True)
class Effect:
    kind: EffectKind
    amount: int = 0
    what: int = 0


@dataclass(frozen=True)
class Card:
    id: int
    name: str
    deck: int  # index in DECKS
    age: int  # 1-3 (Guilds: 3)
    color: int
    coin_cost: int
    cost: tuple[int, ...]  # units per resource, RESOURCES order
    chain_gives: int  # chain symbol index or NONE
    chain_needs: int
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class Wonder:
    id: int
    name: str
    cost: tuple[int, ...]
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class ProgressToken:
    id: int
    name: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class Layout:
    """One Age's 20-slot structure (slot 0 = top row, dealt first; the bottom row is open)."""

    age: int
    row: tuple[int, ...]
    col: tuple[int, ...]  # half-card widths
    face_up: tuple[bool, ...]  # dealt face up
    covered_by: tuple[tuple[int, ...], ...]  # slots that must be taken before this one
    covers: tuple[tuple[int, ...], ...]  # slots this one covers


def resource_counts(letters: str) -> tuple[int, ...]:
    """``"WWG"`` -> (2, 0, 0, 1, 0)."""
    counts = [0] * len(RESOURCES)
    for letter in letters:
        if letter not in RESOURCES:
            raise ValueError(f"unknown resource letter {letter!r} in {letters!r}; allowed: {RESOURCES}")
        counts[RESOURCES.index(letter)] += 1
    return tuple(counts)


def _resource_bits(letters: str) -> int:
    bits = 0
    for letter in letters.replace("|", ""):
        bits |= 1 << resource_counts(letter).index(1)
    return bits


def _color_bits(names: str) -> int:
    bits = 0
    for name in names.split("+"):
        if name not in COLORS:
            raise ValueError(f"unknown colour {name!r}; allowed: {COLORS}")
        bits |= 1 << COLORS.index(name)
    return bits


def _per_card(arg: str) -> tuple[int, int]:
    colors, _, amount = arg.partition(":")
    return int(amount), _color_bits(colors)


def parse_effects(text: str) -> tuple[Effect, ...]:
    """Parse ``"science=wheel;vp=1"`` into effects; raises ValueError on anything unknown."""
    effects = []
    for token in filter(None, text.split(";")):
        name, _, arg = token.partition("=")
        kind = EffectKind[name.upper()] if name.upper() in EffectKind.__members__ else None
        if kind is None:
            raise ValueError(f"unknown effect {name!r} in {text!r}; allowed: "
                             f"{[k.name.lower() for k in EffectKind]}")
        if kind is EffectKind.PRODUCE:
            counts = resource_counts(arg)
            if sum(1 for n in counts if n) != 1:
                raise ValueError(f"produce= takes one resource, got {arg!r}")
            effects.append(Effect(kind, amount=len(arg), what=RESOURCES.index(arg[0])))
        elif kind in (EffectKind.PRODUCE_CHOICE, EffectKind.TRADE_FIXED):
            effects.append(Effect(kind, amount=1, what=_resource_bits(arg)))
        elif kind is EffectKind.SCIENCE:
            if arg not in SCIENCE_SYMBOLS:
                raise ValueError(f"unknown science symbol {arg!r}; allowed: {SCIENCE_SYMBOLS}")
            effects.append(Effect(kind, what=SCIENCE_SYMBOLS.index(arg)))
        elif kind in (EffectKind.COINS_PER_CARD, EffectKind.GUILD_COINS_PER_CARD,
                      EffectKind.GUILD_VP_PER_CARD):
            amount, colors = _per_card(arg)
            effects.append(Effect(kind, amount=amount, what=colors))
        elif kind is EffectKind.DESTROY:
            if arg not in COLORS:
                raise ValueError(f"unknown colour {arg!r}; allowed: {COLORS}")
            effects.append(Effect(kind, what=COLORS.index(arg)))
        elif kind in (EffectKind.PLAY_AGAIN, EffectKind.BUILD_FROM_DISCARD, EffectKind.ECONOMY,
                      EffectKind.WONDERS_PLAY_AGAIN):
            if arg:
                raise ValueError(f"{name} takes no argument, got {arg!r}")
            effects.append(Effect(kind))
        else:
            effects.append(Effect(kind, amount=int(arg)))
    return tuple(effects)


def _rows(filename: str) -> list[dict[str, str]]:
    with open(DATA_DIR / filename, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def _symbol(name: str) -> int:
    if not name:
        return NONE
    if name not in CHAIN_SYMBOLS:
        raise ValueError(f"unknown chain symbol {name!r}; allowed: {CHAIN_SYMBOLS}")
    return CHAIN_SYMBOLS.index(name)


def load_cards() -> tuple[Card, ...]:
    cards = []
    for i, row in enumerate(_rows("cards.csv")):
        deck = DECKS.index(row["deck"])
        cards.append(Card(id=i, name=row["name"], deck=deck, age=min(deck + 1, 3),
                          color=COLORS.index(row["color"]), coin_cost=int(row["coins"]),
                          cost=resource_counts(row["resources"]),
                          chain_gives=_symbol(row["chain_gives"]),
                          chain_needs=_symbol(row["chain_needs"]),
                          effects=parse_effects(row["effects"])))
    return tuple(cards)


def load_wonders() -> tuple[Wonder, ...]:
    return tuple(Wonder(id=i, name=row["name"], cost=resource_counts(row["resources"]),
                        effects=parse_effects(row["effects"]))
                 for i, row in enumerate(_rows("wonders.csv")))


def load_progress_tokens() -> tuple[ProgressToken, ...]:
    return tuple(ProgressToken(id=i, name=row["name"], effects=parse_effects(row["effects"]))
                 for i, row in enumerate(_rows("progress.csv")))


def load_layouts() -> tuple[Layout, ...]:
    """The structures of Ages I, II, III (index 0, 1, 2)."""
    raw = json.loads((DATA_DIR / "layouts.json").read_text(encoding="utf-8"))
    layouts = []
    for age in (1, 2, 3):
        spec = raw[str(age)]
        covered_by = tuple(tuple(slots) for slots in spec["covered_by"])
        slots = range(len(covered_by))
        covers = tuple(tuple(t for t in slots if s in covered_by[t]) for s in slots)
        layouts.append(Layout(age=age, row=tuple(spec["row"]), col=tuple(spec["col"]),
                              face_up=tuple(bool(f) for f in spec["face_up"]),
                              covered_by=covered_by, covers=covers))
    return tuple(layouts)


def _validate(cards: tuple[Card, ...], wonders: tuple[Wonder, ...],
              tokens: tuple[ProgressToken, ...], layouts: tuple[Layout, ...]) -> None:
    per_deck = [sum(1 for c in cards if c.deck == d) for d in range(len(DECKS))]
    if tuple(per_deck) != BASE_GAME_DECK_SIZES:
        raise ValueError(f"card table: expected {BASE_GAME_DECK_SIZES} cards per deck, got {per_deck}")
    if len({c.name for c in cards}) != len(cards):
        raise ValueError("card table: card names must be unique")
    if (len(wonders), len(tokens)) != (BASE_GAME_WONDERS, BASE_GAME_TOKENS):
        raise ValueError(f"expected {BASE_GAME_WONDERS} wonders and {BASE_GAME_TOKENS} progress tokens, "
                         f"got {len(wonders)}, {len(tokens)}")
    if len({len(layout.row) for layout in layouts}) != 1:
        raise ValueError("the three card structures must have the same number of slots")
    givers = {c.chain_gives: c for c in cards if c.chain_gives != NONE}
    for card in cards:
        if card.chain_needs != NONE and (card.chain_needs not in givers
                                         or givers[card.chain_needs].age >= card.age):
            raise ValueError(f"{card.name}: chain symbol {CHAIN_SYMBOLS[card.chain_needs]} has no earlier giver")
    for item in (*cards, *wonders):
        for effect in item.effects:
            if effect.kind is EffectKind.PRODUCE_CHOICE and effect.what not in (RAW_BITS, MANUFACTURED_BITS):
                raise ValueError(f"{item.name}: a choice must be between all raw materials or all "
                                 "manufactured goods (the cost functions rely on it)")
    for layout in layouts:
        for s, covering in enumerate(layout.covered_by):
            if any(t <= s or layout.row[t] != layout.row[s] + 1 for t in covering):
                raise ValueError(f"Age {layout.age} slot {s}: covered by a slot that is not in the next row")
        if sum(layout.face_up) != 12:
            raise ValueError(f"Age {layout.age}: expected 12 face-up slots")


CARDS = load_cards()
WONDERS = load_wonders()
PROGRESS_TOKENS = load_progress_tokens()
LAYOUTS = load_layouts()
_validate(CARDS, WONDERS, PROGRESS_TOKENS, LAYOUTS)
NUM_CARDS, NUM_WONDERS, NUM_TOKENS = len(CARDS), len(WONDERS), len(PROGRESS_TOKENS)
NUM_SLOTS = len(LAYOUTS[0].row)

CARD_IDS = {card.name: card.id for card in CARDS}
WONDER_IDS = {wonder.name: wonder.id for wonder in WONDERS}
TOKEN_IDS = {token.name: token.id for token in PROGRESS_TOKENS}
DECK_CARDS = tuple(tuple(c.id for c in CARDS if c.deck == d) for d in range(len(DECKS)))


# ------------------------------------------------------------ flat tables read by the rules
def _total(effects: tuple[Effect, ...], kind: EffectKind) -> int:
    return sum(e.amount for e in effects if e.kind is kind)


def _what(effects: tuple[Effect, ...], kind: EffectKind, default: int = NONE) -> int:
    return next((e.what for e in effects if e.kind is kind), default)


def _production(effects: tuple[Effect, ...]) -> tuple[int, ...]:
    units = [0] * len(RESOURCES)
    for effect in effects:
        if effect.kind is EffectKind.PRODUCE:
            units[effect.what] += effect.amount
    return tuple(units)


def _has(effects: tuple[Effect, ...], kind: EffectKind) -> bool:
    return any(e.kind is kind for e in effects)


CARD_COLOR = tuple(c.color for c in CARDS)
CARD_DECK = tuple(c.deck for c in CARDS)
CARD_COIN_COST = tuple(c.coin_cost for c in CARDS)
CARD_COST = tuple(c.cost for c in CARDS)
CARD_CHAIN_GIVES = tuple(0 if c.chain_gives == NONE else 1 << c.chain_gives for c in CARDS)  # bit
CARD_CHAIN_NEEDS = tuple(0 if c.chain_needs == NONE else 1 << c.chain_needs for c in CARDS)  # bit
CARD_VP = tuple(_total(c.effects, EffectKind.VP) for c in CARDS)
CARD_SHIELDS = tuple(_total(c.effects, EffectKind.SHIELDS) for c in CARDS)
CARD_COINS = tuple(_total(c.effects, EffectKind.COINS) for c in CARDS)
CARD_SCIENCE = tuple(_what(c.effects, EffectKind.SCIENCE) for c in CARDS)
CARD_PRODUCTION = tuple(_production(c.effects) for c in CARDS)
CARD_CHOICE = tuple(_what(c.effects, EffectKind.PRODUCE_CHOICE, 0) for c in CARDS)  # bit mask
CARD_TRADE_FIXED = tuple(_what(c.effects, EffectKind.TRADE_FIXED, 0) for c in CARDS)  # bit mask
CARD_COINS_PER_CARD = tuple((_total(c.effects, EffectKind.COINS_PER_CARD),
                             _what(c.effects, EffectKind.COINS_PER_CARD, 0)) for c in CARDS)
CARD_COINS_PER_WONDER = tuple(_total(c.effects, EffectKind.COINS_PER_WONDER) for c in CARDS)
CARD_GUILD_COINS = tuple((_total(c.effects, EffectKind.GUILD_COINS_PER_CARD),
                          _what(c.effects, EffectKind.GUILD_COINS_PER_CARD, 0)) for c in CARDS)
CARD_GUILD_VP = tuple((_total(c.effects, EffectKind.GUILD_VP_PER_CARD),
                       _what(c.effects, EffectKind.GUILD_VP_PER_CARD, 0)) for c in CARDS)
CARD_GUILD_VP_PER_WONDER = tuple(_total(c.effects, EffectKind.GUILD_VP_PER_WONDER) for c in CARDS)
CARD_GUILD_VP_PER_3COINS = tuple(_total(c.effects, EffectKind.GUILD_VP_PER_3COINS) for c in CARDS)
# building the card changes its owner's purchase costs (production, choice, fixed prices)
CARD_CHANGES_COSTS = tuple(any(CARD_PRODUCTION[c.id]) or bool(CARD_CHOICE[c.id] or CARD_TRADE_FIXED[c.id])
                           for c in CARDS)
# the card has an effect beyond colour, production, chain, points and shields (read when built)
CARD_HAS_INCOME = tuple(bool(CARD_COINS[c.id] or CARD_COINS_PER_CARD[c.id][0] or CARD_COINS_PER_WONDER[c.id]
                             or CARD_GUILD_COINS[c.id][0]) for c in CARDS)

WONDER_COST = tuple(w.cost for w in WONDERS)
WONDER_VP = tuple(_total(w.effects, EffectKind.VP) for w in WONDERS)
WONDER_SHIELDS = tuple(_total(w.effects, EffectKind.SHIELDS) for w in WONDERS)
WONDER_COINS = tuple(_total(w.effects, EffectKind.COINS) for w in WONDERS)
WONDER_OPPONENT_LOSES = tuple(_total(w.effects, EffectKind.OPPONENT_LOSES_COINS) for w in WONDERS)
WONDER_PLAY_AGAIN = tuple(_has(w.effects, EffectKind.PLAY_AGAIN) for w in WONDERS)
WONDER_DESTROY = tuple(_what(w.effects, EffectKind.DESTROY) for w in WONDERS)  # colour or NONE
WONDER_LIBRARY_DRAW = tuple(_total(w.effects, EffectKind.PROGRESS_FROM_UNUSED) for w in WONDERS)
WONDER_FROM_DISCARD = tuple(_has(w.effects, EffectKind.BUILD_FROM_DISCARD) for w in WONDERS)
WONDER_CHOICE = tuple(_what(w.effects, EffectKind.PRODUCE_CHOICE, 0) for w in WONDERS)

TOKEN_VP = tuple(_total(t.effects, EffectKind.VP) for t in PROGRESS_TOKENS)
TOKEN_COINS = tuple(_total(t.effects, EffectKind.COINS) for t in PROGRESS_TOKENS)
TOKEN_SCIENCE = tuple(_what(t.effects, EffectKind.SCIENCE) for t in PROGRESS_TOKENS)
TOKEN_VP_PER_TOKEN = tuple(_total(t.effects, EffectKind.VP_PER_PROGRESS) for t in PROGRESS_TOKENS)


def _token_with(kind: EffectKind) -> int:
    """Id of the one progress token with this effect."""
    (token,) = [t for t in PROGRESS_TOKENS if _has(t.effects, kind)]
    return token.id


ARCHITECTURE = _token_with(EffectKind.WONDER_DISCOUNT)
MASONRY = _token_with(EffectKind.BLUE_DISCOUNT)
ECONOMY = _token_with(EffectKind.ECONOMY)
STRATEGY = _token_with(EffectKind.RED_EXTRA_SHIELD)
THEOLOGY = _token_with(EffectKind.WONDERS_PLAY_AGAIN)
URBANISM = _token_with(EffectKind.CHAIN_COINS)
WONDER_DISCOUNT = _total(PROGRESS_TOKENS[ARCHITECTURE].effects, EffectKind.WONDER_DISCOUNT)
BLUE_DISCOUNT = _total(PROGRESS_TOKENS[MASONRY].effects, EffectKind.BLUE_DISCOUNT)
STRATEGY_SHIELDS = _total(PROGRESS_TOKENS[STRATEGY].effects, EffectKind.RED_EXTRA_SHIELD)
URBANISM_CHAIN_COINS = _total(PROGRESS_TOKENS[URBANISM].effects, EffectKind.CHAIN_COINS)
