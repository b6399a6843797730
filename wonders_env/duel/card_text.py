"""What a 7 Wonders Duel card, wonder or progress token does, in words (terminal play's move texts).

The engine keeps effects as parsed data (:mod:`.cards`); these functions only turn that data into
short English. :data:`LEGEND` explains the abbreviations the table uses.
"""

from __future__ import annotations

from typing import Any

from .actions import ActionKind, action_table
from .cards import CHAIN_SYMBOLS, COLORS, NONE, RESOURCES, SCIENCE_SYMBOLS, DuelDatabase
from .cards import EffectKind as K

RESOURCE_NAMES = ("wood", "clay", "stone", "glass", "papyrus")

LEGEND = (
    "Legend: resources W wood, C clay, S stone (raw materials), G glass, P papyrus (manufactured\n"
    "goods). VP = victory points; shields move the conflict pawn toward the opponent's capital\n"
    "(reaching it: military victory); 6 different science symbols: science victory, and each pair of\n"
    "the same symbol gives a progress token.\n"
    "Cards marked * in the structure can be taken. A cost is what you pay now, resources bought included.")


def _names(mask: int, names: tuple[str, ...], joiner: str = " or ") -> str:
    return joiner.join(name for bit, name in enumerate(names) if mask >> bit & 1)


def effects_text(effects: tuple[Any, ...]) -> str:
    """The effects of a card, wonder or progress token, in words."""
    return "; ".join(_effect_text(effect) for effect in effects) or "no effect"


def _effect_text(effect: Any) -> str:
    n, what = effect.amount, effect.what
    colours = _names(what, COLORS, " and ")
    text = {
        K.PRODUCE: lambda: f"produces {n} {RESOURCE_NAMES[what]}",
        K.PRODUCE_CHOICE: lambda: f"produces {_names(what, RESOURCE_NAMES)} (one per turn)",
        K.TRADE_FIXED: lambda: f"you buy {_names(what, RESOURCE_NAMES)} for 1 coin",
        K.SHIELDS: lambda: f"{n} shield{'s' if n > 1 else ''}",
        K.SCIENCE: lambda: f"science symbol {SCIENCE_SYMBOLS[what]}",
        K.VP: lambda: f"{n} VP",
        K.COINS: lambda: f"{n} coins now",
        K.COINS_PER_CARD: lambda: f"now, {n} coin{'s' if n > 1 else ''} per {colours} card of yours",
        K.COINS_PER_WONDER: lambda: f"now, {n} coins per wonder you built",
        K.GUILD_COINS_PER_CARD: lambda: f"now, 1 coin per {colours} card of the city with the most",
        K.GUILD_VP_PER_CARD: lambda: f"at the end, 1 VP per {colours} card of the city with the most",
        K.GUILD_VP_PER_WONDER: lambda: f"at the end, {n} VP per wonder of the city with the most",
        K.GUILD_VP_PER_3COINS: lambda: "at the end, 1 VP per 3 coins of the richest city",
        K.PLAY_AGAIN: lambda: "play again",
        K.DESTROY: lambda: f"discard a {COLORS[what]} card of the opponent",
        K.OPPONENT_LOSES_COINS: lambda: f"the opponent loses {n} coins",
        K.PROGRESS_FROM_UNUSED: lambda: f"draw {n} progress tokens set aside, keep 1",
        K.BUILD_FROM_DISCARD: lambda: "build a card from the discard pile for free",
        K.WONDER_DISCOUNT: lambda: f"your later wonders cost {n} resources less",
        K.BLUE_DISCOUNT: lambda: f"your blue cards cost {n} resources less",
        K.ECONOMY: lambda: "the coins the opponent pays for trading go to you",
        K.VP_PER_PROGRESS: lambda: f"at the end, {n} VP per progress token",
        K.RED_EXTRA_SHIELD: lambda: "each later red card gives 1 more shield",
        K.WONDERS_PLAY_AGAIN: lambda: "each later wonder lets you play again",
        K.CHAIN_COINS: lambda: f"{n} coins each time you build by chain",
    }[effect.kind]
    return text()


def wonder_text(db: DuelDatabase, wonder_id: int) -> str:
    """A wonder of ``db``: its name, printed cost and what it does."""
    wonder = db.wonders[wonder_id]
    cost = "".join(letter * units for letter, units in zip(RESOURCES, wonder.cost))
    return f"{wonder.name}, costs {cost}: {effects_text(wonder.effects)}"


def card_text(db: DuelDatabase, card_id: int) -> str:
    """A card of ``db``: colour, printed cost, chain and what it does."""
    card = db.cards[card_id]
    cost = "".join(letter * units for letter, units in zip(RESOURCES, card.cost))
    printed = " + ".join(filter(None, [f"{card.coin_cost} coin{'s' if card.coin_cost > 1 else ''}"
                                       if card.coin_cost else "", cost])) or "nothing"
    chain = f", free with the {CHAIN_SYMBOLS[card.chain_needs]} chain" if card.chain_needs != NONE else ""
    return f"{COLORS[card.color]}, costs {printed}{chain}: {effects_text(card.effects)}"


def action_effect(db: DuelDatabase, action: int) -> str:
    """What the card, wonder or progress token of an action of ``db`` does ("" when it names none)."""
    acts = action_table(db)
    kind, index, wonder = acts.decode(action)
    if kind in (ActionKind.BUILD, ActionKind.MAUSOLEUM, ActionKind.DESTROY):
        return card_text(db, index)
    if kind in (ActionKind.WONDER, ActionKind.DRAFT):
        return wonder_text(db, wonder if kind == ActionKind.WONDER else index)
    if kind in (ActionKind.PROGRESS, ActionKind.LIBRARY):
        return effects_text(db.progress_tokens[index].effects)
    return ""
