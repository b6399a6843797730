"""What a 7 Wonders card or wonder stage does, in words (terminal play's move texts).

The engine keeps effects as parsed data (:mod:`.cards`); these functions only turn that data into
short English, e.g. ``"produces clay or ore"``, ``"3 VP"``, ``"at the end, 1 VP per brown card in
both neighbours' cities"``. :data:`LEGEND` explains the abbreviations the table uses.
"""

from __future__ import annotations

from typing import Any

from . import cards as c
from .actions import Kind, decode_action
from .state import SevenWondersState, rules_of

RESOURCE_NAMES = ("wood", "stone", "clay", "ore", "glass", "loom", "papyrus")

LEGEND = (
    "Legend: resources W wood, S stone, C clay, O ore (raw materials), G glass, L loom, P papyrus\n"
    "(manufactured goods). 'produces Wx2 + C/O' = 2 wood every turn, plus clay or ore (one of them\n"
    "each turn). VP = victory points; shields count in the military conflicts at the end of each Age.\n"
    "A cost reads 'N coins: x to the bank, y to player_k (left)' when resources are bought from neighbours.")


def _names(mask: int, names: tuple[str, ...], joiner: str = " or ") -> str:
    return joiner.join(name for bit, name in enumerate(names) if mask >> bit & 1)


def effects_text(effects: tuple[Any, ...]) -> str:
    """The effects of a card or wonder stage, in words."""
    return "; ".join(_effect_text(effect) for effect in effects) or "no effect"


def _effect_text(effect: Any) -> str:
    if isinstance(effect, c.Produce):
        what = _names(effect.mask, RESOURCE_NAMES)
        amount = f"{effect.count} " if effect.count > 1 else ""
        return f"produces {amount}{what}" + ("" if effect.tradable else " (neighbours cannot buy it)")
    if isinstance(effect, c.VictoryPoints):
        return f"{effect.points} VP"
    if isinstance(effect, c.Shields):
        return f"{effect.shields} shield{'s' if effect.shields > 1 else ''}"
    if isinstance(effect, c.Coins):
        return f"{effect.coins} coins now"
    if isinstance(effect, c.Science):
        return ("any science symbol (chosen at the end)" if effect.symbol == c.SCIENCE_ANY
                else f"science symbol {c.SCIENCE_SYMBOLS[effect.symbol]}")
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
    return SPECIAL_TEXT[effect.name]


SPECIAL_TEXT = {
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
    both = c.SCOPE_LEFT | c.SCOPE_RIGHT
    return "both neighbours" if scope & both == both else \
        "the left neighbour" if scope & c.SCOPE_LEFT else "the right neighbour"


def _cities(scope: int) -> str:
    """Whose cities a count reward counts."""
    both = c.SCOPE_LEFT | c.SCOPE_RIGHT
    others = {both: "both neighbours'", c.SCOPE_LEFT: "the left neighbour's",
              c.SCOPE_RIGHT: "the right neighbour's", 0: ""}[scope & both]
    if not scope & c.SCOPE_SELF:
        return f"in {others} {'cities' if scope & c.SCOPE_LEFT and scope & c.SCOPE_RIGHT else 'city'}"
    return f"in your city and {others}" if others else "in your city"


def _counted(item: int) -> str:
    if item == c.COUNT_WONDER_STAGE:
        return "wonder stage"
    if item == c.COUNT_DEFEAT_TOKEN:
        return "defeat token"
    return f"{c.COLORS[item]} card"


def card_text(db: c.CardDatabase, card_type: int) -> str:
    """A card of the edition's table ``db``: colour, printed cost, chains and what it does."""
    card = db.types[card_type]
    cost = "".join(letter * units for letter, units in zip(c.RESOURCES, card.resource_cost))
    printed = " + ".join(filter(None, [f"{card.coin_cost} coin{'s' if card.coin_cost > 1 else ''}"
                                       if card.coin_cost else "", cost])) or "nothing"
    chains = f", free with {' or '.join(card.chains_from)}" if card.chains_from else ""
    return f"{c.COLORS[card.color]}, costs {printed}{chains}: {effects_text(card.effects)}"


def action_effect(state: SevenWondersState, seat: int, action: int) -> str:
    """What the card or wonder stage of ``seat``'s action does ("" for selling, paying or waiting)."""
    kind, card_type = decode_action(action, state.db.num_types, state.payment)
    if kind == Kind.WONDER:
        city = rules_of(state).acting_city(state, seat)
        stage = state.wonders[city].stages[state.stages_built[city]]
        return f"the stage gives: {effects_text(stage.effects)}"
    if kind in (Kind.BUILD, Kind.FREE_BUILD, Kind.DISCARD_BUILD):
        return card_text(state.db, card_type)
    return ""
