"""What a card, a wonder (stage) or a progress token does, in words, for terminal play.

Both games' engines keep effects as parsed data (:mod:`wonders_env.seven_wonders.cards`,
:mod:`wonders_env.duel.cards`); these functions only turn that data into short English, e.g.
``"produces clay or ore"``, ``"3 VP"``, ``"at the end, 1 VP per brown card of both neighbours"``.
:data:`SEVEN_WONDERS_LEGEND` and :data:`DUEL_LEGEND` explain the abbreviations the tables use.
"""

from __future__ import annotations

from typing import Any, Iterable

SEVEN_WONDERS_RESOURCES = ("wood", "stone", "clay", "ore", "glass", "loom", "papyrus")
DUEL_RESOURCES = ("wood", "clay", "stone", "glass", "papyrus")

SEVEN_WONDERS_LEGEND = (
    "Legend: resources W wood, S stone, C clay, O ore (raw materials), G glass, L loom, P papyrus\n"
    "(manufactured goods). 'produces Wx2 + C/O' = 2 wood every turn, plus clay or ore (one of them\n"
    "each turn). VP = victory points; shields count in the military conflicts at the end of each Age.\n"
    "A cost reads 'N coins: x to the bank, y to player_k (left)' when resources are bought from neighbours.")
DUEL_LEGEND = (
    "Legend: resources W wood, C clay, S stone (raw materials), G glass, P papyrus (manufactured\n"
    "goods). VP = victory points; shields move the conflict pawn toward the opponent's capital\n"
    "(reaching it: military victory); 6 different science symbols: science victory, and each pair of\n"
    "the same symbol gives a progress token.\n"
    "Cards marked * in the structure can be taken. A cost is what you pay now, resources bought included.")


def _names(mask: int, names: tuple[str, ...], joiner: str = " or ") -> str:
    return joiner.join(name for bit, name in enumerate(names) if mask >> bit & 1)


def _join(parts: Iterable[str]) -> str:
    return "; ".join(parts) or "no effect"


# ---------------------------------------------------------------- 7 Wonders
def seven_wonders_effects(effects: tuple[Any, ...]) -> str:
    """The effects of a 7 Wonders card or wonder stage, in words."""
    return _join(_seven_wonders_effect(effect) for effect in effects)


def _seven_wonders_effect(effect: Any) -> str:
    from wonders_env.seven_wonders import cards as c
    if isinstance(effect, c.Produce):
        what = _names(effect.mask, SEVEN_WONDERS_RESOURCES)
        amount = f"{effect.count} " if effect.count > 1 else ""
        return f"produces {amount}{what}" + ("" if effect.tradable else " (neighbours cannot buy it)")
    if isinstance(effect, c.VictoryPoints):
        return f"{effect.points} VP"
    if isinstance(effect, c.Shields):
        return f"{effect.shields} shield{'s' if effect.shields > 1 else ''}"
    if isinstance(effect, c.Coins):
        return f"{effect.coins} coins now"
    if isinstance(effect, c.Science):
        symbol = "any science symbol (chosen at the end)" if effect.symbol == c.SCIENCE_ANY else \
            f"science symbol {c.SCIENCE_SYMBOLS[effect.symbol]}"
        return symbol
    if isinstance(effect, c.TradeDiscount):
        goods = "raw materials" if effect.mask == c.RAW_MASK else "manufactured goods"
        return f"buy {goods} from {_neighbours(effect.scope)} for 1 coin"
    if isinstance(effect, c.CountReward):
        counted = " or ".join(_counted(item) for item in effect.counted)
        reward = f"{effect.amount} VP" if effect.at_end else f"{effect.amount} coin{'s' if effect.amount > 1 else ''}"
        when = "at the end, " if effect.at_end else "now, "
        return f"{when}{reward} per {counted} {_cities(effect.scope)}"
    if isinstance(effect, c.WonderCompleteBonus):
        return f"{effect.points} VP at the end if your wonder is complete"
    return SEVEN_WONDERS_SPECIALS[effect.name]


SEVEN_WONDERS_SPECIALS = {
    "free_build_once_per_age": "once per Age, build a card for free",
    "build_from_discard": "build a card from the discard pile for free",
    "play_seventh_card": "play the last card of each Age instead of discarding it",
    "copy_guild": "at the end, copy a guild of a neighbour",
    "free_first_of_color": "the first card of each colour is free",
    "free_first_of_age": "the first card of each Age is free",
    "free_last_of_age": "the last card of each Age is free",
}


def _neighbours(scope: int) -> str:
    """Whom a trade discount applies to."""
    from wonders_env.seven_wonders.cards import SCOPE_LEFT, SCOPE_RIGHT
    both = SCOPE_LEFT | SCOPE_RIGHT
    return "both neighbours" if scope & both == both else \
        "the left neighbour" if scope & SCOPE_LEFT else "the right neighbour"


def _cities(scope: int) -> str:
    """Whose cities a count reward counts."""
    from wonders_env.seven_wonders.cards import SCOPE_LEFT, SCOPE_RIGHT, SCOPE_SELF
    others = {SCOPE_LEFT | SCOPE_RIGHT: "both neighbours'", SCOPE_LEFT: "the left neighbour's",
              SCOPE_RIGHT: "the right neighbour's", 0: ""}[scope & (SCOPE_LEFT | SCOPE_RIGHT)]
    if not scope & SCOPE_SELF:
        return f"in {others} {'cities' if scope & SCOPE_LEFT and scope & SCOPE_RIGHT else 'city'}"
    return f"in your city and {others}" if others else "in your city"


def _counted(item: int) -> str:
    from wonders_env.seven_wonders.cards import COLORS, COUNT_DEFEAT_TOKEN, COUNT_WONDER_STAGE
    if item == COUNT_WONDER_STAGE:
        return "wonder stage"
    if item == COUNT_DEFEAT_TOKEN:
        return "defeat token"
    return f"{COLORS[item]} card"


def seven_wonders_card(state: Any, card_type: int) -> str:
    """A 7 Wonders card: colour, printed cost, chains and what it does."""
    from wonders_env.seven_wonders.cards import COLORS, RESOURCES
    card = state.db.types[card_type]
    cost = "".join(letter * units for letter, units in zip(RESOURCES, card.resource_cost))
    printed = " + ".join(filter(None, [f"{card.coin_cost} coin{'s' if card.coin_cost > 1 else ''}"
                                       if card.coin_cost else "", cost])) or "nothing"
    chains = f", free with {' or '.join(card.chains_from)}" if card.chains_from else ""
    return f"{COLORS[card.color]}, costs {printed}{chains}: {seven_wonders_effects(card.effects)}"


# ---------------------------------------------------------------- 7 Wonders Duel
def duel_effects(effects: tuple[Any, ...]) -> str:
    """The effects of a Duel card, wonder or progress token, in words."""
    return _join(_duel_effect(effect) for effect in effects)


def _duel_effect(effect: Any) -> str:
    from wonders_env.duel.cards import COLORS, SCIENCE_SYMBOLS, EffectKind as K
    n, what = effect.amount, effect.what
    colours = _names(what, COLORS, " and ")
    text = {
        K.PRODUCE: lambda: f"produces {n} {DUEL_RESOURCES[what]}",
        K.PRODUCE_CHOICE: lambda: f"produces {_names(what, DUEL_RESOURCES)} (one per turn)",
        K.TRADE_FIXED: lambda: f"you buy {_names(what, DUEL_RESOURCES)} for 1 coin",
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


def duel_wonder(wonder_id: int) -> str:
    """A Duel wonder: its name, printed cost and what it does."""
    from wonders_env.duel.cards import RESOURCES, WONDERS
    wonder = WONDERS[wonder_id]
    cost = "".join(letter * units for letter, units in zip(RESOURCES, wonder.cost))
    return f"{wonder.name}, costs {cost}: {duel_effects(wonder.effects)}"


def duel_card(card_id: int) -> str:
    """A Duel card: colour, printed cost, chain and what it does."""
    from wonders_env.duel.cards import CARDS, CHAIN_SYMBOLS, COLORS, NONE, RESOURCES
    card = CARDS[card_id]
    cost = "".join(letter * units for letter, units in zip(RESOURCES, card.cost))
    printed = " + ".join(filter(None, [f"{card.coin_cost} coin{'s' if card.coin_cost > 1 else ''}"
                                       if card.coin_cost else "", cost])) or "nothing"
    chain = f", free with the {CHAIN_SYMBOLS[card.chain_needs]} chain" if card.chain_needs != NONE else ""
    return f"{COLORS[card.color]}, costs {printed}{chain}: {duel_effects(card.effects)}"
