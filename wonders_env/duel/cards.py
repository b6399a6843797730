"""Cards, wonders, progress tokens and card structures of 7 Wonders Duel, loaded once at import.

Cards are data. ``data/cards.csv`` (73 rows: 23 Age I, 23 Age II, 20 Age III, 7 Guilds),
``data/wonders.csv`` (12), ``data/progress.csv`` (10) and ``data/layouts.json`` (the three
20-slot structures) use the notation of ``data/README.md`` (beside the tables: columns and
effect tokens). A card's id is its row index (0-72), a wonder's id its row index (0-11), a
token's id its row index (0-9); actions and observations use these ids.

At load the tables of an edition become a :class:`DuelDatabase` (``database(edition)``, as
7 Wonders' ``database(edition)``): every effect string is parsed into :class:`Effect` values of
a closed vocabulary (:class:`EffectKind`) and validated, the counts (cards, wonders, tokens,
structure slots) are read from the tables, and the rules read flat per-id tuples (``card_vp[c]``,
``wonder_shields[w]`` ...) so that no string is looked at while a game runs. Another edition is one
more entry of :data:`EDITIONS` with its own table files; an expansion is an entry of
:data:`EXPANSIONS`, whose rows are appended to the edition's (every base id keeps its meaning) and
whose own tables (Pantheon's divinities, tokens, prices and slots: :class:`PantheonTables`) are an
attribute of the database (``database("1st", ("pantheon",)).pantheon``; ``None`` without it). A
game carries the database it was
created with (``DuelGame(edition, expansions)``, ``state.db``), and the rules, scoring, observation and
action table read that database only, so a grown table plays with its own sizes. The base game's
database is ``BASE`` (the compiled core is given its tables, ``compiled.py``); some of its tables
are also module names (``CARDS``, ``CARD_IDS``, ``CARD_COLOR`` ...), public API for the tools written
for the base game, listed at the end of this module.
"""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass
from enum import IntEnum
from functools import cache
from itertools import zip_longest
from pathlib import Path

from ..game import check_expansions as check_game_expansions

DATA_DIR = Path(__file__).resolve().parent / "data"

RESOURCES = ("W", "C", "S", "G", "P")
WOOD, CLAY, STONE, GLASS, PAPYRUS = range(5)
RAW_MATERIALS = (WOOD, CLAY, STONE)
MANUFACTURED_GOODS = (GLASS, PAPYRUS)
RAW_BITS = 0b00111
MANUFACTURED_BITS = 0b11000

#: the cards' colours; ``senator``: Agora's Senators (a card type of their own, kept as a colour so
#: that a Senator is taken, sold and put under a wonder like any card; no base card has it)
COLORS = ("brown", "grey", "blue", "green", "yellow", "red", "purple", "senator")
BROWN, GREY, BLUE, GREEN, YELLOW, RED, PURPLE, SENATOR = range(8)
#: G: the Guilds, shuffled into Age III; T: Pantheon's Grand Temples; S: Agora's Senators (5/5/3 into the Ages)
DECKS = ("I", "II", "III", "G", "T", "S")
GUILD_DECK, TEMPLE_DECK, SENATOR_DECK = 3, 4, 5
SCIENCE_SYMBOLS = ("globe", "scales", "sundial", "mortar", "pendulum", "quill", "wheel")
CHAIN_SYMBOLS = ("horseshoe", "sword", "tower", "target", "helmet", "book", "gear", "lyre", "lamp",
                 "mask", "pillar", "moon", "sun", "drop", "temple", "vase", "barrel")
NONE = -1



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
    # Pantheon (data/pantheon_*.csv): divinities, the Gate, its wonders, progress and tokens
    PROGRESS_CHOICE_FROM_SETASIDE = 25  # Enki: `amount` set-aside tokens put on it, keep 1
    COPY_OPPONENT_GREEN = 26  # Nisaba: the symbol of an opponent's green card (the Snake)
    ASTARTE_COINS = 27  # `amount` coins on the divinity, outside the treasury
    VP_PER_ASTARTE_COIN = 28  # points per coin still on Astarte at the end
    STEAL_CARD = 29  # Baal: take an opponent's card of colours `what` (bit mask)
    DISCARD_STRUCTURE_CARD = 30  # Zeus: discard any card of the structure, with its token
    UNBUILD_WONDER = 31  # Anubis: a built wonder's card to the discard pile, the wonder unbuilt
    BUILD_WONDER_WITH_DISCARD = 32  # Isis: build an own wonder free with a card of the discard pile
    STEAL_UNBUILT_WONDER = 33  # Ra: take an opponent's unbuilt wonder
    MINERVA_PAWN = 34  # put the Minerva pawn on a space of the track
    MILITARY_TOKENS_DISCARD1_APPLY1 = 35  # Neptune
    GATE_COST_MULTIPLIER = 36  # the Gate's price: `amount` x its space's
    REVEAL_TOP_EACH_MYTHOLOGY = 37  # the Gate: activate one of the top divinities of the decks, free
    ACTIVATE_FROM_MYTHOLOGY_DECK = 38  # the Divine Theater: one deck's divinity, free; the rest reordered
    PANTHEON_DISCOUNT = 39  # the Sanctuary (always), an offering token (once): `amount` coins off
    GRAND_TEMPLE = 40  # `what`: the mythology whose token builds it free
    VP_PER_PANTHEON_TOKEN = 41  # Mysticism: points per mythology and offering token owned
    COINS_LOST_PER_PAWN_STEP = 42  # Poliorcetics: the opponent loses `amount` per space moved
    CHAIN_PRICE = 43  # Engineering: a card that shows a chain symbol costs `amount` coins
    DRAW_DIVINITIES = 44  # a mythology token: draw `amount` of its deck, place 1 in the Pantheon
    # Agora (data/agora_*.csv): Senators, wonders, progress, conspiracies, decrees, military tokens
    POLITICIAN = 45  # Senate actions (by blue cards) placing in the chambers of `what` (bit per chamber)
    CONSPIRATOR = 46  # place 1 cube in any chamber, or conspire
    DRAFT_CONSPIRE = 47  # Curia Julia: conspire when the wonder is taken in the draft
    TRIGGER_UNPREPARED_CONSPIRACY = 48  # Curia Julia: trigger one own conspiracy, prepared or not
    DRAFT_PLACE_INFLUENCE = 49  # Knossos: place `amount` cubes in any chambers when taken in the draft
    PLACE_INFLUENCE = 50  # place `amount` own cubes in any chambers
    MOVE_INFLUENCE = 51  # may move `amount` own cubes to an adjacent chamber each
    REMOVE_OPPONENT_INFLUENCE = 52  # remove `amount` of the opponent's cubes from the Senate
    FREE_SENATORS = 53  # Corruption: later Senators cost nothing
    CONSPIRE_KEEP_BOTH = 54  # Organized Crime: keep both drawn conspiracies
    STEAL_HALF_COINS = 55  # Blackmail: half the opponent's coins, rounded up
    LOCK_PROGRESS_TOKEN = 56  # Obscurantism: a progress token nobody may use any more
    BUILD_FREE_FROM_FIRST_ROW = 57  # Property Fraud: a card of the row dealt first, free (no Senator)
    BUILD_FREE_FROM_BOXED = 58  # Treason: an Age card boxed unseen at setup, free
    PROGRESS_FROM_ALL_UNUSED = 59  # Espionage: any set-aside progress token
    DISCARD_ACCESSIBLE_CARDS = 60  # Turn of Events: discard up to `amount` accessible cards
    COINS_PER_OWN_CUBE = 61  # Embezzlement: `amount` coins per own cube in the Senate
    OPPONENT_LOSES_PER_CUBE = 62  # Embezzlement: the opponent loses `amount` per cube of theirs
    SWAP_CARD = 63  # Coercion: take an opponent's card of colours `what`, give one of the same colour
    MOVE_DECREE = 64  # Insider Influence: a decree to another chamber, under the one there
    BOX_BUILT_WONDER = 65  # Sabotage: an opponent's built wonder back to the box
    BUILD_INCOME = 66  # decree: Age coins to the controller when anyone builds a card of colour `what`
    IGNORE_COST_SYMBOL = 67  # decree: a card of colour `what` costs one symbol (a resource or the coins) less
    SHIELD_WHILE_CONTROLLED = 68  # decree: `amount` shields for the controller, changing hands with control
    TRADE_DISCOUNT = 69  # decree: the bank's price of resources `what` (bit mask) 1 coin less, never below 1
    SENATE_BLUE_BONUS = 70  # decree: `amount` more blue cards counted for the Senate actions
    DISCARD_BONUS = 71  # decree: `amount` more coins for a discarded card
    WONDER_INCOME = 72  # decree: Age coins to the controller when anyone builds a wonder
    CHAINS_FROM_OPPONENT = 73  # decree: the opponent's chain symbols count as the controller's
    PLAY_AGAIN_ON_CONSPIRATOR = 74  # decree: recruiting a Conspirator plays again


#: the wonder powers that take no argument, in the order of the core's bits (``WonderPower`` in
#: ``core/duel/tables.hpp``; the core refuses tables whose list differs): a wonder's powers reach the
#: core as one bit mask (``wonder_powers``), so a new one is a member here and a bit there
WONDER_POWERS = (EffectKind.PLAY_AGAIN, EffectKind.BUILD_FROM_DISCARD)
#: the divinities' powers that ask their activator to choose (:mod:`.pantheon` resolves each)
DIVINE_POWERS = (EffectKind.PROGRESS_CHOICE_FROM_SETASIDE, EffectKind.COPY_OPPONENT_GREEN,
                 EffectKind.STEAL_CARD, EffectKind.BUILD_FROM_DISCARD, EffectKind.DISCARD_STRUCTURE_CARD,
                 EffectKind.UNBUILD_WONDER, EffectKind.BUILD_WONDER_WITH_DISCARD, EffectKind.STEAL_UNBUILT_WONDER,
                 EffectKind.MINERVA_PAWN, EffectKind.MILITARY_TOKENS_DISCARD1_APPLY1,
                 EffectKind.REVEAL_TOP_EACH_MYTHOLOGY, EffectKind.ACTIVATE_FROM_MYTHOLOGY_DECK)
#: the effects of Agora's conspiracies, decrees, military tokens and wonders that the compiled core
#: reads, in the order of its vocabulary (``AgoraEffect`` in ``core/duel/agora_tables.hpp``; the core
#: refuses tables whose list differs)
AGORA_EFFECTS = (EffectKind.SHIELDS, EffectKind.STEAL_UNBUILT_WONDER, EffectKind.STEAL_HALF_COINS, EffectKind.DESTROY,
                 EffectKind.MOVE_INFLUENCE, EffectKind.LOCK_PROGRESS_TOKEN, EffectKind.BUILD_FREE_FROM_FIRST_ROW,
                 EffectKind.BUILD_FREE_FROM_BOXED, EffectKind.PLACE_INFLUENCE, EffectKind.REMOVE_OPPONENT_INFLUENCE,
                 EffectKind.PROGRESS_FROM_ALL_UNUSED, EffectKind.DISCARD_ACCESSIBLE_CARDS,
                 EffectKind.COINS_PER_OWN_CUBE, EffectKind.OPPONENT_LOSES_PER_CUBE, EffectKind.STEAL_CARD,
                 EffectKind.SWAP_CARD, EffectKind.MOVE_DECREE, EffectKind.BOX_BUILT_WONDER, EffectKind.BUILD_INCOME,
                 EffectKind.IGNORE_COST_SYMBOL, EffectKind.WONDER_DISCOUNT, EffectKind.SHIELD_WHILE_CONTROLLED,
                 EffectKind.TRADE_DISCOUNT, EffectKind.SENATE_BLUE_BONUS, EffectKind.DISCARD_BONUS,
                 EffectKind.WONDER_INCOME, EffectKind.CHAINS_FROM_OPPONENT, EffectKind.PLAY_AGAIN_ON_CONSPIRATOR,
                 EffectKind.DRAFT_CONSPIRE, EffectKind.TRIGGER_UNPREPARED_CONSPIRACY, EffectKind.DRAFT_PLACE_INFLUENCE)
#: Agora's effects that take no argument
AGORA_ARGUMENTLESS = (EffectKind.CONSPIRATOR, EffectKind.DRAFT_CONSPIRE, EffectKind.TRIGGER_UNPREPARED_CONSPIRACY,
                      EffectKind.FREE_SENATORS, EffectKind.CONSPIRE_KEEP_BOTH, EffectKind.STEAL_HALF_COINS,
                      EffectKind.LOCK_PROGRESS_TOKEN, EffectKind.BUILD_FREE_FROM_FIRST_ROW,
                      EffectKind.BUILD_FREE_FROM_BOXED, EffectKind.PROGRESS_FROM_ALL_UNUSED, EffectKind.MOVE_DECREE,
                      EffectKind.BOX_BUILT_WONDER, EffectKind.WONDER_INCOME, EffectKind.CHAINS_FROM_OPPONENT,
                      EffectKind.PLAY_AGAIN_ON_CONSPIRATOR)
#: the effects whose token takes no argument
ARGUMENTLESS = (*WONDER_POWERS, EffectKind.ECONOMY, EffectKind.WONDERS_PLAY_AGAIN,
                *(kind for kind in DIVINE_POWERS if kind not in (EffectKind.PROGRESS_CHOICE_FROM_SETASIDE,
                                                                 EffectKind.STEAL_CARD)),
                *AGORA_ARGUMENTLESS)
#: Pantheon's five mythologies, in the order of ``data/pantheon.json`` (the ``grand_temple`` argument)
MYTHOLOGIES = ("Mesopotamian", "Phoenician", "Greek", "Egyptian", "Roman")


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
    age: int  # 1-3 (Guilds, Grand Temples: 3; Agora's Senators: 0, dealt into every Age)
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
        elif kind in (EffectKind.PRODUCE_CHOICE, EffectKind.TRADE_FIXED, EffectKind.TRADE_DISCOUNT):
            effects.append(Effect(kind, amount=1, what=_resource_bits(arg)))
        elif kind is EffectKind.SCIENCE:
            if arg not in SCIENCE_SYMBOLS:
                raise ValueError(f"unknown science symbol {arg!r}; allowed: {SCIENCE_SYMBOLS}")
            effects.append(Effect(kind, what=SCIENCE_SYMBOLS.index(arg)))
        elif kind in (EffectKind.COINS_PER_CARD, EffectKind.GUILD_COINS_PER_CARD,
                      EffectKind.GUILD_VP_PER_CARD):
            amount, colors = _per_card(arg)
            effects.append(Effect(kind, amount=amount, what=colors))
        elif kind in (EffectKind.STEAL_CARD, EffectKind.SWAP_CARD):
            effects.append(Effect(kind, what=_color_bits(arg.replace("|", "+"))))
        elif kind is EffectKind.GRAND_TEMPLE:
            if arg not in MYTHOLOGIES:
                raise ValueError(f"unknown mythology {arg!r}; allowed: {MYTHOLOGIES}")
            effects.append(Effect(kind, what=MYTHOLOGIES.index(arg)))
        elif kind is EffectKind.POLITICIAN:
            effects.append(Effect(kind, what=sum(1 << (int(chamber) - 1) for chamber in arg.split("|"))))
        elif kind in (EffectKind.DESTROY, EffectKind.BUILD_INCOME, EffectKind.IGNORE_COST_SYMBOL):
            if arg not in COLORS:
                raise ValueError(f"unknown colour {arg!r}; allowed: {COLORS}")
            effects.append(Effect(kind, what=COLORS.index(arg)))
        elif kind in ARGUMENTLESS:
            if arg:
                raise ValueError(f"{name} takes no argument, got {arg!r}")
            effects.append(Effect(kind))
        else:
            effects.append(Effect(kind, amount=int(arg)))
    return tuple(effects)


def _rows(path: Path) -> list[dict[str, str]]:
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def _symbol(name: str) -> int:
    if not name:
        return NONE
    if name not in CHAIN_SYMBOLS:
        raise ValueError(f"unknown chain symbol {name!r}; allowed: {CHAIN_SYMBOLS}")
    return CHAIN_SYMBOLS.index(name)


def load_cards(path: Path, first_id: int = 0) -> tuple[Card, ...]:
    cards = []
    for i, row in enumerate(_rows(path), first_id):
        deck = DECKS.index(row["deck"])
        cards.append(Card(id=i, name=row["name"], deck=deck, age=0 if deck == SENATOR_DECK else min(deck + 1, 3),
                          color=COLORS.index(row["color"]), coin_cost=int(row["coins"]),
                          cost=resource_counts(row["resources"]),
                          chain_gives=_symbol(row["chain_gives"]),
                          chain_needs=_symbol(row["chain_needs"]),
                          effects=parse_effects(row["effects"])))
    return tuple(cards)


def load_wonders(path: Path, first_id: int = 0) -> tuple[Wonder, ...]:
    return tuple(Wonder(id=i, name=row["name"], cost=resource_counts(row["resources"]),
                        effects=parse_effects(row["effects"]))
                 for i, row in enumerate(_rows(path), first_id))


def load_progress_tokens(path: Path, first_id: int = 0) -> tuple[ProgressToken, ...]:
    return tuple(ProgressToken(id=i, name=row["name"], effects=parse_effects(row["effects"]))
                 for i, row in enumerate(_rows(path), first_id))


def load_layouts(path: Path) -> tuple[Layout, ...]:
    """The structures of Ages I, II, III (index 0, 1, 2)."""
    raw = json.loads(path.read_text(encoding="utf-8"))
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


@dataclass(frozen=True)
class Edition:
    """The table files of one edition (in ``data/``) and the sizes its rulebook gives them,
    checked at load: cards per deck (I, II, III, Guilds), wonders, progress tokens."""

    cards: str
    wonders: str
    progress: str
    layouts: str
    deck_sizes: tuple[int, ...]
    num_wonders: int
    num_tokens: int


#: the editions of Duel's tables; an expansion is one more entry with its own files
EDITIONS = {"1st": Edition("cards.csv", "wonders.csv", "progress.csv", "layouts.json",
                           deck_sizes=(23, 23, 20, 7), num_wonders=12, num_tokens=10)}


@dataclass(frozen=True)
class Expansion:
    """The rows an expansion appends to an edition's tables (so every base id keeps its meaning),
    and the sizes its rulebook gives them: cards per deck (``DECKS`` order), wonders, tokens;
    ``layouts``: the card structures that replace the edition's (Agora's enlarged Ages), or None;
    ``playable``: its rules are built (the engines and the registry offer only playable expansions;
    the tables of one being built load through :func:`database`)."""

    cards: str
    wonders: str
    progress: str
    deck_sizes: tuple[int, ...]
    num_wonders: int
    num_tokens: int
    layouts: str | None = None
    playable: bool = True


#: Duel's expansions, in their canonical order (the registry's ``expansions`` are the playable ones)
EXPANSIONS = {"pantheon": Expansion("pantheon_cards.csv", "pantheon_wonders.csv", "pantheon_progress.csv",
                                    deck_sizes=(0, 0, 0, 0, 5), num_wonders=2, num_tokens=3),
              "agora": Expansion("agora_cards.csv", "agora_wonders.csv", "agora_progress.csv",
                                 deck_sizes=(0, 0, 0, 0, 0, 13), num_wonders=2, num_tokens=2,
                                 layouts="agora_layouts.json")}
#: the expansions the engines play, in canonical order
PLAYABLE_EXPANSIONS = tuple(name for name, expansion in EXPANSIONS.items() if expansion.playable)


def check_expansions(expansions: object) -> tuple[str, ...]:
    """An ``expansions`` argument of a Duel env or engine as the canonical tuple (None: none); a bad
    value raises ``ValueError`` naming what is allowed (the registry's check)."""
    return check_game_expansions("seven_wonders_duel", PLAYABLE_EXPANSIONS, expansions)


@dataclass(frozen=True)
class Divinity:
    id: int
    name: str
    mythology: int  # index in MYTHOLOGIES; NONE for the Gate
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class PantheonToken:
    """A mythology token (``mythology`` set) or an offering token (``discount`` set)."""

    id: int
    mythology: int  # index in MYTHOLOGIES, or NONE
    discount: int  # an offering's coins off, or 0
    effects: tuple[Effect, ...]

    @property
    def name(self) -> str:
        """Its mythology's name (a mythology token) or its discount (an offering token: "-2")."""
        return MYTHOLOGIES[self.mythology] if self.mythology != NONE else f"-{self.discount}"


class PantheonTables:
    """Pantheon's own tables (``data/pantheon_divinities.csv``, ``pantheon_tokens.csv``,
    ``pantheon.json``), validated at load, with the flat per-id tuples the rules read. Divinity ids
    are rows (0-14 the divinities, 15 the Gate); token ids are rows (0-9 mythology, 10-12 offering).
    ``token_slots`` (per Age) replaces ``pantheon.json``'s where Agora's structures are used."""

    def __init__(self, data_dir: Path, token_slots: tuple[tuple[int, ...], ...] | None = None) -> None:
        raw = json.loads((data_dir / "pantheon.json").read_text(encoding="utf-8"))
        if tuple(raw["mythologies"]) != MYTHOLOGIES:
            raise ValueError(f"pantheon.json: mythologies must be {MYTHOLOGIES}, got {raw['mythologies']}")
        self.divinities = tuple(
            Divinity(i, row["name"], NONE if row["mythology"] == "Gate" else MYTHOLOGIES.index(row["mythology"]),
                     parse_effects(row["effects"]))
            for i, row in enumerate(_rows(data_dir / "pantheon_divinities.csv")))
        self.tokens = tuple(
            PantheonToken(i, MYTHOLOGIES.index(row["name"]) if row["kind"] == "mythology" else NONE,
                          _total(parse_effects(row["effects"]), EffectKind.PANTHEON_DISCOUNT),
                          parse_effects(row["effects"]))
            for i, row in enumerate(_rows(data_dir / "pantheon_tokens.csv")))
        self.space_prices = tuple(tuple(prices) for prices in raw["space_prices"])
        self.mythology_tokens_per_game = raw["mythology_tokens_per_game"]
        self.token_slots = token_slots or tuple(tuple(raw["token_slots"][str(age)]) for age in (1, 2, 3))
        self.grand_temples_per_game = raw["grand_temples_per_game"]
        self.grand_temple_vp = tuple(raw["grand_temple_vp"])
        self.first_activation_age = raw["first_activation_age"]
        self.num_spaces = len(self.space_prices[0])
        self._validate()
        self.num_divinities = len(self.divinities)
        self.divinity_ids = {d.name: d.id for d in self.divinities}
        self.gate = next(d.id for d in self.divinities if d.mythology == NONE)
        self.decks = tuple(tuple(d.id for d in self.divinities if d.mythology == m) for m in range(len(MYTHOLOGIES)))
        self.mythology_tokens = tuple(t.id for t in self.tokens if t.mythology != NONE)
        self.offering_tokens = tuple(t.id for t in self.tokens if t.discount)
        effects = [d.effects for d in self.divinities]
        self.divinity_vp = tuple(_total(e, EffectKind.VP) for e in effects)
        self.divinity_coins = tuple(_total(e, EffectKind.COINS) for e in effects)
        self.divinity_shields = tuple(_total(e, EffectKind.SHIELDS) for e in effects)
        self.divinity_science = tuple(_what(e, EffectKind.SCIENCE) for e in effects)
        self.divinity_astarte_coins = tuple(_total(e, EffectKind.ASTARTE_COINS) for e in effects)
        self.divinity_vp_per_astarte_coin = tuple(_total(e, EffectKind.VP_PER_ASTARTE_COIN) for e in effects)
        self.divinity_price_multiplier = tuple(_total(e, EffectKind.GATE_COST_MULTIPLIER) or 1 for e in effects)
        #: the power that asks for a choice (a member of DIVINE_POWERS) and its effect, or None
        self.divinity_power = tuple(next((x for x in e if x.kind in DIVINE_POWERS), None) for e in effects)
        self.token_draw = tuple(_total(t.effects, EffectKind.DRAW_DIVINITIES) for t in self.tokens)
        #: the colours (bit mask) of the cards a ``steal_card`` divinity takes
        self.steal_colours = next((x.what for e in effects for x in e if x.kind is EffectKind.STEAL_CARD), 0)

    def _validate(self) -> None:
        per_mythology = [sum(1 for d in self.divinities if d.mythology == m) for m in range(len(MYTHOLOGIES))]
        if per_mythology != [3] * len(MYTHOLOGIES) or len(self.divinities) != 16:
            raise ValueError(f"pantheon_divinities.csv: expected 3 divinities per mythology and the Gate, "
                             f"got {per_mythology} and {len(self.divinities)} rows")
        for divinity in self.divinities:
            powers = [e for e in divinity.effects if e.kind in DIVINE_POWERS]
            if len(powers) > 1:
                raise ValueError(f"{divinity.name}: at most one power that asks for a choice, got {powers}")
        mythology = [sum(1 for t in self.tokens if t.mythology == m) for m in range(len(MYTHOLOGIES))]
        if mythology != [2] * len(MYTHOLOGIES) or not all(t.discount for t in self.tokens if t.mythology == NONE):
            raise ValueError(f"pantheon_tokens.csv: expected 2 mythology tokens per mythology and offering "
                             f"tokens with a discount, got {mythology}")
        prices = self.space_prices
        if len(prices) != 2 or any(a + b != prices[0][0] + prices[0][-1] for a, b in zip(*prices)):
            raise ValueError(f"pantheon.json: the two players' space prices must mirror, got {prices}")
        if len(self.token_slots[0]) != self.mythology_tokens_per_game:
            raise ValueError("pantheon.json: one Age I token slot per mythology token of a game")


@dataclass(frozen=True)
class Conspiracy:
    """A conspiracy card (its optional influence move is a ``move_influence`` effect)."""

    id: int
    name: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class Decree:
    id: int
    name: str  # the project's name (decrees have no printed name)
    effects: tuple[Effect, ...]


#: the effects a Politician's or a conspiracy's Senate step may take (the influence moves)
INFLUENCE_EFFECTS = (EffectKind.PLACE_INFLUENCE, EffectKind.MOVE_INFLUENCE, EffectKind.REMOVE_OPPONENT_INFLUENCE)
#: the effects of a decree (one per decree), read while its chamber's controller plays
DECREE_EFFECTS = (EffectKind.BUILD_INCOME, EffectKind.IGNORE_COST_SYMBOL, EffectKind.WONDER_DISCOUNT,
                  EffectKind.SHIELD_WHILE_CONTROLLED, EffectKind.TRADE_DISCOUNT, EffectKind.SENATE_BLUE_BONUS,
                  EffectKind.DISCARD_BONUS, EffectKind.WONDER_INCOME, EffectKind.CHAINS_FROM_OPPONENT,
                  EffectKind.PLAY_AGAIN_ON_CONSPIRATOR)


class AgoraTables:
    """Agora's own tables (``data/agora_conspiracies.csv``, ``agora_decrees.csv``, ``agora.json``),
    validated at load against the database they join (its Senators, its structures). Conspiracy
    and decree ids are rows (0-15 each; the decrees have no printed names, their order is the
    reference's arbitrary fixed one). Chambers are numbered 0-5 here (the rulebook's 1-6)."""

    def __init__(self, data_dir: Path, db: DuelDatabase) -> None:
        raw = json.loads((data_dir / "agora.json").read_text(encoding="utf-8"))
        self.conspiracies = tuple(Conspiracy(i, row["name"], parse_effects(row["effects"]))
                                  for i, row in enumerate(_rows(data_dir / "agora_conspiracies.csv")))
        self.decrees = tuple(Decree(i, row["name"], parse_effects(row["effects"]))
                             for i, row in enumerate(_rows(data_dir / "agora_decrees.csv")))
        self.num_chambers = raw["chambers"]
        #: the box's counts (the rulebook's), checked against the rows
        self.conspiracies_in_box, self.decrees_in_box = raw["conspiracies_in_box"], raw["decrees_in_box"]
        self.chamber_vp = tuple(raw["chamber_vp"])
        self.decree_face_up = tuple(bool(up) for up in raw["decree_face_up"])
        self.cubes_per_player = raw["cubes_per_player"]
        self.senators_per_age = tuple(raw["senators_per_age"])
        #: Senate actions of a Politician by the blue cards counted (the last entry for any more)
        self.senate_actions_by_blue = tuple(raw["senate_actions_by_blue"])
        self.conspiracies_drawn = raw["conspiracies_drawn"]
        self.trade_discount_min_price = raw["trade_discount_min_price"]
        #: per pawn distance from the middle that reaches a military token (3, 6): that token's effects
        self.military_token_effects = {int(distance): parse_effects(text)
                                       for distance, text in raw["military_token_effects"].items()}
        self.pantheon_token_slots = tuple(tuple(raw["pantheon_token_slots"][str(age)]) for age in (1, 2, 3))
        self.senators = db.deck_cards_of(SENATOR_DECK)
        #: per card of the database: the chambers (bit mask) a Politician places in, else 0
        self.politician_chambers = tuple(_what(c.effects, EffectKind.POLITICIAN, 0) for c in db.cards)
        self.conspirator = tuple(_has(c.effects, EffectKind.CONSPIRATOR) for c in db.cards)
        self._validate(db)
        self.num_conspiracies, self.num_decrees = len(self.conspiracies), len(self.decrees)

    def senate_actions(self, blue_cards: int) -> int:
        """The Senate actions of a Politician recruited with ``blue_cards`` blue cards counted."""
        return self.senate_actions_by_blue[min(blue_cards, len(self.senate_actions_by_blue) - 1)]

    def _validate(self, db: DuelDatabase) -> None:
        expected = (self.conspiracies_in_box, self.decrees_in_box)
        if (len(self.conspiracies), len(self.decrees)) != expected:
            raise ValueError(f"agora tables: expected {expected[0]} conspiracies and {expected[1]} decrees "
                             f"(agora.json), got {len(self.conspiracies)} and {len(self.decrees)}")
        if len(self.decrees) < self.num_chambers:
            raise ValueError(f"agora tables: one decree per chamber needs {self.num_chambers} decrees")
        chambers = self.num_chambers
        if len(self.chamber_vp) != chambers or len(self.decree_face_up) != chambers:
            raise ValueError(f"agora.json: chamber_vp and decree_face_up need one value per chamber ({chambers})")
        if sum(self.senators_per_age) != len(self.senators):
            raise ValueError(f"agora.json: senators_per_age {self.senators_per_age} must deal the "
                             f"{len(self.senators)} Senators of agora_cards.csv")
        for card in self.senators:
            chamber_bits = self.politician_chambers[card]
            if bool(chamber_bits) == self.conspirator[card] or chamber_bits >> chambers:
                raise ValueError(f"{db.cards[card].name}: a Senator is a Politician of chambers 1-{chambers} "
                                 "or a Conspirator")
        for decree in self.decrees:
            if len(decree.effects) != 1 or decree.effects[0].kind not in DECREE_EFFECTS:
                raise ValueError(f"decree {decree.name}: one effect among "
                                 f"{[k.name.lower() for k in DECREE_EFFECTS]}, got {decree.effects}")
        for distance, effects in self.military_token_effects.items():
            if distance <= 0 or not effects or any(e.kind not in INFLUENCE_EFFECTS for e in effects):
                raise ValueError(f"agora.json: the military token at distance {distance} takes influence effects "
                                 f"({[k.name.lower() for k in INFLUENCE_EFFECTS]}), got {effects}")
        base_slots = len(db.edition_layouts[0].row)
        for layout, senators in zip(db.layouts, self.senators_per_age):
            if len(layout.row) != base_slots + senators:
                raise ValueError(f"agora_layouts.json: Age {layout.age} needs {base_slots} + {senators} slots, "
                                 f"got {len(layout.row)}")
            if layout.face_up != tuple(row % 2 == 0 for row in layout.row):
                raise ValueError(f"agora_layouts.json: Age {layout.age}'s even rows are face up, the others down")
        for age, slots in enumerate(self.pantheon_token_slots):
            layout = db.layouts[age]
            if any(not 0 <= slot < len(layout.row) or layout.face_up[slot] for slot in slots):
                raise ValueError(f"agora.json: Pantheon's tokens lie on face-down slots of the Age {age + 1} "
                                 f"structure, got {slots}")


class DuelDatabase:
    """The cards, wonders, progress tokens and structures of one edition, loaded from its tables
    and validated, with the counts the state, actions and observation are sized by and the flat
    per-id tuples the rules read (``card_vp[c]``, ``wonder_shields[w]`` ...)."""

    def __init__(self, edition: str, data_dir: Path = DATA_DIR, expansions: tuple[str, ...] = ()) -> None:
        if edition not in EDITIONS:
            raise ValueError(f"unknown Duel edition {edition!r}; available: {', '.join(map(repr, EDITIONS))}")
        unknown = [name for name in expansions if name not in EXPANSIONS]
        if unknown:
            raise ValueError(f"unknown Duel expansions {unknown}; available: {', '.join(map(repr, EXPANSIONS))}")
        self.edition, self.data_dir, self.expansions = edition, Path(data_dir), tuple(expansions)
        files = EDITIONS[edition]
        self.cards = load_cards(data_dir / files.cards)
        self.wonders = load_wonders(data_dir / files.wonders)
        self.progress_tokens = load_progress_tokens(data_dir / files.progress)
        self.layouts = self.edition_layouts = load_layouts(data_dir / files.layouts)
        deck_sizes, num_wonders, num_tokens = list(files.deck_sizes), files.num_wonders, files.num_tokens
        for name in self.expansions:
            extra = EXPANSIONS[name]
            self.cards += load_cards(data_dir / extra.cards, len(self.cards))
            self.wonders += load_wonders(data_dir / extra.wonders, len(self.wonders))
            self.progress_tokens += load_progress_tokens(data_dir / extra.progress, len(self.progress_tokens))
            deck_sizes = [a + b for a, b in zip_longest(deck_sizes, extra.deck_sizes, fillvalue=0)]
            num_wonders, num_tokens = num_wonders + extra.num_wonders, num_tokens + extra.num_tokens
            if extra.layouts:
                self.layouts = load_layouts(data_dir / extra.layouts)
        self._validate(Edition(files.cards, files.wonders, files.progress, files.layouts, tuple(deck_sizes),
                               num_wonders, num_tokens))
        #: Agora's tables, or None without the expansion
        self.agora = AgoraTables(data_dir, self) if "agora" in self.expansions else None
        #: Pantheon's tables, or None without the expansion (with Agora: its token slots on Agora's structures)
        self.pantheon = (PantheonTables(data_dir, self.agora.pantheon_token_slots if self.agora else None)
                         if "pantheon" in self.expansions else None)
        self.num_cards, self.num_wonders = len(self.cards), len(self.wonders)
        #: the slots of the largest structure (Agora's Ages have 25, 25 and 23; the base game's 20 each)
        self.num_tokens, self.num_slots = len(self.progress_tokens), max(len(layout.row) for layout in self.layouts)
        self.num_decks = len(deck_sizes)  # the card backs of the structure
        #: the deck whose cards are shuffled into Age III (the Guilds; Pantheon's Grand Temples)
        self.age3_extra_deck = TEMPLE_DECK if self.pantheon else GUILD_DECK
        self.card_ids = {card.name: card.id for card in self.cards}
        self.wonder_ids = {wonder.name: wonder.id for wonder in self.wonders}
        self.token_ids = {token.name: token.id for token in self.progress_tokens}
        self.deck_cards = tuple(tuple(c.id for c in self.cards if c.deck == d) for d in range(self.num_decks))
        self._build_arrays()

    def deck_cards_of(self, deck: int) -> tuple[int, ...]:
        """The ids of the cards of ``deck`` (an index in ``DECKS``)."""
        return tuple(c.id for c in self.cards if c.deck == deck)

    def __reduce__(self) -> tuple:
        """Pickled as its edition, table folder and expansions (a state pickles without copying the tables)."""
        return _load_database, (self.edition, str(self.data_dir), self.expansions)

    def _validate(self, files: Edition) -> None:
        cards, wonders, tokens, layouts = self.cards, self.wonders, self.progress_tokens, self.layouts
        per_deck = tuple(sum(1 for c in cards if c.deck == d) for d in range(len(files.deck_sizes)))
        if per_deck != files.deck_sizes or len(cards) != sum(per_deck):
            raise ValueError(f"{files.cards}: expected {files.deck_sizes} cards per deck, got {per_deck}")
        if len({c.name for c in cards}) != len(cards):
            raise ValueError(f"{files.cards}: card names must be unique")
        if (len(wonders), len(tokens)) != (files.num_wonders, files.num_tokens):
            raise ValueError(f"expected {files.num_wonders} wonders and {files.num_tokens} progress tokens, "
                             f"got {len(wonders)}, {len(tokens)}")
        if layouts is self.edition_layouts and len({len(layout.row) for layout in layouts}) != 1:
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
            if layouts is self.edition_layouts and sum(layout.face_up) != 12:
                raise ValueError(f"Age {layout.age}: expected 12 face-up slots")

    def _build_arrays(self) -> None:
        """The flat per-id tuples (plain Python: fastest for scalar access)."""
        cards, wonders, tokens = self.cards, self.wonders, self.progress_tokens
        self.card_color = tuple(c.color for c in cards)
        #: the colours its cards have, the size of a city's colour counts (the base game's 7, the
        #: compiled core's; Agora's Senators are an 8th)
        self.num_colors = 1 + max(self.card_color)
        self.card_deck = tuple(c.deck for c in cards)
        self.card_coin_cost = tuple(c.coin_cost for c in cards)
        self.card_cost = tuple(c.cost for c in cards)
        self.card_chain_gives = tuple(0 if c.chain_gives == NONE else 1 << c.chain_gives for c in cards)  # bit
        self.card_chain_needs = tuple(0 if c.chain_needs == NONE else 1 << c.chain_needs for c in cards)  # bit
        self.card_vp = tuple(_total(c.effects, EffectKind.VP) for c in cards)
        self.card_shields = tuple(_total(c.effects, EffectKind.SHIELDS) for c in cards)
        self.card_coins = tuple(_total(c.effects, EffectKind.COINS) for c in cards)
        self.card_science = tuple(_what(c.effects, EffectKind.SCIENCE) for c in cards)
        self.card_production = tuple(_production(c.effects) for c in cards)
        self.card_choice = tuple(_what(c.effects, EffectKind.PRODUCE_CHOICE, 0) for c in cards)  # bit mask
        self.card_trade_fixed = tuple(_what(c.effects, EffectKind.TRADE_FIXED, 0) for c in cards)  # bit mask
        self.card_coins_per_card = tuple((_total(c.effects, EffectKind.COINS_PER_CARD),
                                          _what(c.effects, EffectKind.COINS_PER_CARD, 0)) for c in cards)
        self.card_coins_per_wonder = tuple(_total(c.effects, EffectKind.COINS_PER_WONDER) for c in cards)
        self.card_guild_coins = tuple((_total(c.effects, EffectKind.GUILD_COINS_PER_CARD),
                                       _what(c.effects, EffectKind.GUILD_COINS_PER_CARD, 0)) for c in cards)
        self.card_guild_vp = tuple((_total(c.effects, EffectKind.GUILD_VP_PER_CARD),
                                    _what(c.effects, EffectKind.GUILD_VP_PER_CARD, 0)) for c in cards)
        self.card_guild_vp_per_wonder = tuple(_total(c.effects, EffectKind.GUILD_VP_PER_WONDER) for c in cards)
        self.card_guild_vp_per_3coins = tuple(_total(c.effects, EffectKind.GUILD_VP_PER_3COINS) for c in cards)
        # building the card changes its owner's purchase costs (production, choice, fixed prices)
        self.card_changes_costs = tuple(any(self.card_production[c.id])
                                        or bool(self.card_choice[c.id] or self.card_trade_fixed[c.id]) for c in cards)
        # the card has an effect beyond colour, production, chain, points and shields (read when built)
        self.card_has_income = tuple(bool(self.card_coins[c.id] or self.card_coins_per_card[c.id][0]
                                          or self.card_coins_per_wonder[c.id] or self.card_guild_coins[c.id][0])
                                     for c in cards)

        self.wonder_cost = tuple(w.cost for w in wonders)
        self.wonder_vp = tuple(_total(w.effects, EffectKind.VP) for w in wonders)
        self.wonder_shields = tuple(_total(w.effects, EffectKind.SHIELDS) for w in wonders)
        self.wonder_coins = tuple(_total(w.effects, EffectKind.COINS) for w in wonders)
        self.wonder_opponent_loses = tuple(_total(w.effects, EffectKind.OPPONENT_LOSES_COINS) for w in wonders)
        self.wonder_play_again = tuple(_has(w.effects, EffectKind.PLAY_AGAIN) for w in wonders)
        self.wonder_destroy = tuple(_what(w.effects, EffectKind.DESTROY) for w in wonders)  # colour or NONE
        self.wonder_library_draw = tuple(_total(w.effects, EffectKind.PROGRESS_FROM_UNUSED) for w in wonders)
        self.wonder_from_discard = tuple(_has(w.effects, EffectKind.BUILD_FROM_DISCARD) for w in wonders)
        self.wonder_choice = tuple(_what(w.effects, EffectKind.PRODUCE_CHOICE, 0) for w in wonders)
        self.wonder_powers = tuple(sum(1 << bit for bit, kind in enumerate(WONDER_POWERS) if _has(w.effects, kind))
                                   for w in wonders)  # bit p: WONDER_POWERS[p]

        self.token_vp = tuple(_total(t.effects, EffectKind.VP) for t in tokens)
        self.token_coins = tuple(_total(t.effects, EffectKind.COINS) for t in tokens)
        self.token_science = tuple(_what(t.effects, EffectKind.SCIENCE) for t in tokens)
        self.token_vp_per_token = tuple(_total(t.effects, EffectKind.VP_PER_PROGRESS) for t in tokens)

        self.architecture = self._token_with(EffectKind.WONDER_DISCOUNT)
        self.masonry = self._token_with(EffectKind.BLUE_DISCOUNT)
        self.economy = self._token_with(EffectKind.ECONOMY)
        self.strategy = self._token_with(EffectKind.RED_EXTRA_SHIELD)
        self.theology = self._token_with(EffectKind.WONDERS_PLAY_AGAIN)
        self.urbanism = self._token_with(EffectKind.CHAIN_COINS)
        self.wonder_discount = _total(tokens[self.architecture].effects, EffectKind.WONDER_DISCOUNT)
        self.blue_discount = _total(tokens[self.masonry].effects, EffectKind.BLUE_DISCOUNT)
        self.strategy_shields = _total(tokens[self.strategy].effects, EffectKind.RED_EXTRA_SHIELD)
        self.urbanism_chain_coins = _total(tokens[self.urbanism].effects, EffectKind.CHAIN_COINS)
        # Pantheon's (the same values, NONE or 0, without the expansion)
        self.card_temple = tuple(_what(c.effects, EffectKind.GRAND_TEMPLE) for c in cards)  # mythology or NONE
        self.wonder_pantheon_discount = tuple(_total(w.effects, EffectKind.PANTHEON_DISCOUNT) for w in wonders)
        self.wonder_theater = tuple(_has(w.effects, EffectKind.ACTIVATE_FROM_MYTHOLOGY_DECK) for w in wonders)
        self.mysticism = self._token_with(EffectKind.VP_PER_PANTHEON_TOKEN, optional=True)
        self.poliorcetics = self._token_with(EffectKind.COINS_LOST_PER_PAWN_STEP, optional=True)
        self.engineering = self._token_with(EffectKind.CHAIN_PRICE, optional=True)
        self.mysticism_vp = sum(_total(t.effects, EffectKind.VP_PER_PANTHEON_TOKEN) for t in tokens)
        self.poliorcetics_coins = sum(_total(t.effects, EffectKind.COINS_LOST_PER_PAWN_STEP) for t in tokens)
        self.engineering_price = sum(_total(t.effects, EffectKind.CHAIN_PRICE) for t in tokens)
        # Agora's (NONE without the expansion)
        self.corruption = self._token_with(EffectKind.FREE_SENATORS, optional=True)
        self.organized_crime = self._token_with(EffectKind.CONSPIRE_KEEP_BOTH, optional=True)

    def _token_with(self, kind: EffectKind, optional: bool = False) -> int:
        """Id of the one progress token with this effect (``optional``: NONE when there is none)."""
        found = [t for t in self.progress_tokens if _has(t.effects, kind)]
        if optional and not found:
            return NONE
        if len(found) != 1:
            raise ValueError(f"expected one progress token with {kind.name.lower()}, got {len(found)}")
        return found[0].id


def database(edition: str = "1st", expansions: tuple[str, ...] = ()) -> DuelDatabase:
    """The tables of a Duel edition (``"1st"``: the base game) with the ``expansions`` (canonical
    order, e.g. ``("pantheon",)``), built once."""
    return _database(edition, tuple(expansions))


@cache
def _database(edition: str, expansions: tuple[str, ...]) -> DuelDatabase:
    return DuelDatabase(edition, DATA_DIR, expansions)


def edition_database(edition: str | DuelDatabase, expansions: tuple[str, ...] = ()) -> DuelDatabase:
    """The tables an ``edition`` argument names (an edition name or a :class:`DuelDatabase`) with
    the ``expansions`` (checked already: the registry's canonical tuple)."""
    if isinstance(edition, DuelDatabase):
        if expansions and edition.expansions != tuple(expansions):
            raise ValueError(f"the DuelDatabase given has the expansions {edition.expansions}, not {tuple(expansions)}")
        unplayable = [name for name in edition.expansions if name not in PLAYABLE_EXPANSIONS]
        if unplayable:
            raise ValueError(f"the DuelDatabase given has the expansions {unplayable}, whose rules are not built "
                             f"yet; the engines play {PLAYABLE_EXPANSIONS}")
        return edition
    if isinstance(edition, str):
        return database(edition, tuple(expansions))
    raise ValueError(f"edition must be an edition name or a DuelDatabase, got {edition!r}")


def _load_database(edition: str, data_dir: str, expansions: tuple[str, ...] = ()) -> DuelDatabase:
    """The database of an unpickled state: the shared one of its edition and expansions when it
    was loaded from the package's tables."""
    if Path(data_dir) == DATA_DIR:
        return database(edition, tuple(expansions))
    return DuelDatabase(edition, Path(data_dir), tuple(expansions))


# Public API: the base game's tables under module names, for the tools written for the base game
# (agents/duel_heuristic.py, wonders_web/duel_view.py) and the tests' name lookups. The engine
# (state, rules, scoring, observation, actions, record, render) never reads them: it reads the
# database its game was given (``state.db``). Other tables (points, coins, the wonders' powers, ...)
# are attributes of ``BASE`` (the module names of the tables only the Python heuristic read went with it).
BASE = database("1st")
CARDS, WONDERS, PROGRESS_TOKENS, LAYOUTS = BASE.cards, BASE.wonders, BASE.progress_tokens, BASE.layouts
CARD_IDS, WONDER_IDS, TOKEN_IDS = BASE.card_ids, BASE.wonder_ids, BASE.token_ids

CARD_COLOR, CARD_DECK, CARD_CHAIN_GIVES = BASE.card_color, BASE.card_deck, BASE.card_chain_gives
CARD_SHIELDS, CARD_SCIENCE, CARD_PRODUCTION = BASE.card_shields, BASE.card_science, BASE.card_production
CARD_CHOICE, CARD_TRADE_FIXED = BASE.card_choice, BASE.card_trade_fixed
WONDER_COST, WONDER_SHIELDS, WONDER_CHOICE = BASE.wonder_cost, BASE.wonder_shields, BASE.wonder_choice
TOKEN_SCIENCE = BASE.token_science
