"""Every word of 7 Wonders that a person reads: the one presentation module of the game.

What a card or wonder stage does (:func:`effect_text`, :func:`card_text`, e.g. ``"produces clay
or ore"``, ``"3 VP"``, ``"at the end, 1 VP per brown card in both neighbours' cities"``), what
the seats decide (:data:`PHASE_TEXT`), the name of a move (:func:`move_text`, the text
interface's and terminal play's; :func:`move_label`, the web page's, whose price it draws
itself), the sentence for an entry of the game record (:func:`entry_text`: the text interface's
lines since a seat's last move, terminal play's and the web page's news) and for the conflicts at
the end of an Age (:func:`conflict_text`). :data:`LEGEND` explains the
abbreviations. The text interface (:mod:`.text_view`, :mod:`.render`), terminal play (through
the engines' ``describe_*`` methods) and the web app (``wonders_web.seven_wonders_view``, whose
JSON carries these texts to the page) all take their words from here, so a new power's words
are written here only. The functions read a Python engine state or a core state alike: the
rules' answers (acting city, payments) come from :func:`.state.rules_of`.
"""

from __future__ import annotations

from typing import Any

from . import cards as c
from .actions import HIDDEN_ACTION_KINDS, LEADER_KINDS, ActionKind, decode_action
from .state import SELL_COINS, Phase, SevenWondersState, rules_of

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
    return "; ".join(effect_text(effect) for effect in effects) or "no effect"


def effect_text(effect: Any) -> str:
    """One effect in words (the web page lists a card's effects one by one)."""
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
    if isinstance(effect, c.Special):
        return SPECIAL_TEXT[effect.name]
    return _leaders_effect_text(effect)


def _leaders_effect_text(effect: Any) -> str:
    """The effect kinds of the Leaders expansion in words."""
    if isinstance(effect, c.ResourceDiscount):
        what = "wonder stages" if effect.target == c.COUNT_WONDER_STAGE else f"{c.COLORS[effect.target]} cards"
        return f"your {what} cost {effect.units} resource less (your choice)"
    if isinstance(effect, c.BankPurchase):
        return f"once per turn, buy one resource of any kind from the bank for {effect.price} coin"
    if isinstance(effect, c.EventCoins):
        return f"{effect.coins} coin{'s' if effect.coins > 1 else ''} {EVENT_TEXT[effect.event]}"
    if isinstance(effect, c.LeaderDiscount):
        if effect.free:
            return "your later leaders are recruited for free"
        return f"leaders cost {_recruiters(effect.scope)} {effect.coins} coin{'s' if effect.coins > 1 else ''} less"
    if isinstance(effect, c.FreeBuild):
        return f"you build {c.COLORS[effect.color]} cards for free"
    if isinstance(effect, c.SetReward):
        return f"at the end, {effect.amount} VP per set of {' + '.join(c.COLORS[color] for color in effect.colors)}"
    if isinstance(effect, c.ScienceSetBonus):
        return f"each set of the 3 science symbols is worth {effect.points} VP more"
    return f"draw {effect.count} unused leaders into your Leader hand"  # DrawLeaders


EVENT_TEXT = {
    c.Event.NEIGHBOUR_PURCHASE: "from the bank per neighbour you buy from in a turn",
    c.Event.NEW_VICTORY_TOKEN: "per victory token you win from now on",
    c.Event.CHAIN_BUILD: "per card you build for free through a chain",
    c.Event.YELLOW_BUILD: "per yellow card you build from now on",
}


#: the headings of a seat's own leaders on the web page (its table's fields of these names)
OWN_LEADERS_TEXT = {"draft_hand": "Your draft hand (keep one leader, pass the others to the right)",
                    "leader_hand": "Your Leader hand", "my_stage_leaders": "Your leaders under your wonder stages",
                    "my_leader_discards": "Your discarded leaders"}
COPIED_LEADER_TEXT = "copied by the Courtesans Guild"


def hidden_leaders_text(state: SevenWondersState, seat: int) -> str:
    """How many leaders ``seat``'s city holds where only its player sees which (the terminal's and
    the web page's words): ``3 leaders in hand, 1 under stages, 0 discarded``."""
    return (f"{len(state.leader_hands[seat])} leaders in hand, {len(state.stage_leaders[seat])} under stages, "
            f"{len(state.leader_discards[seat])} discarded")


def _recruiters(scope: int) -> str:
    """Who recruits cheaper with a leader discount of ``scope``."""
    if scope & c.SCOPE_SELF:
        return "you"
    return _neighbours(scope)


SPECIAL_TEXT = {
    "free_build_once_per_age": "once per Age, build a card for free",
    "build_from_discard": "build a card from the discard pile for free",
    "play_seventh_card": "play the last card of each Age instead of discarding it",
    "copy_guild": "at the end, copy a guild of a neighbour",
    "free_first_of_color": "the first card of each colour is free",
    "free_first_of_age": "the first card of each Age is free",
    "free_last_of_age": "the last card of each Age is free",
    "defeat_tokens_to_victor": "your defeat tokens go to the neighbour who beat you",
    "copy_leader": "copy the effect of a leader recruited by a neighbour",
    "recruit_leader_now": "recruit a leader of your Leader hand at once",
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
    if item in LEADERS_COUNTED:
        return LEADERS_COUNTED[item]
    return f"{c.COLORS[item]} card"


LEADERS_COUNTED = {c.COUNT_VICTORY_TOKEN: "victory token", c.COUNT_THREE_COINS: "3 coins",
                   c.COUNT_LEADER: "recruited leader"}


def card_text(db: c.CardDatabase, card_type: int) -> str:
    """A card of the edition's table ``db``: colour, printed cost, chains and what it does."""
    card = db.types[card_type]
    cost = "".join(letter * units for letter, units in zip(c.RESOURCES, card.resource_cost))
    printed = " + ".join(filter(None, [f"{card.coin_cost} coin{'s' if card.coin_cost > 1 else ''}"
                                       if card.coin_cost else "", cost])) or "nothing"
    chains = f", free with {' or '.join(card.chains_from)}" if card.chains_from else ""
    return f"{c.COLORS[card.color]}, costs {printed}{chains}: {effects_text(card.effects)}"


def leader_text(db: c.CardDatabase, leader: int) -> str:
    """A leader of the table ``db``: its name, recruitment cost and what it does."""
    card = db.leaders[leader]
    cost = f"{card.coin_cost} coin{'' if card.coin_cost == 1 else 's'}"
    return f"{card.name} (costs {cost}): {effects_text(card.effects)}"


def action_effect(state: SevenWondersState, seat: int, action: int) -> str:
    """What the card or wonder stage of ``seat``'s action does ("" for selling, paying or waiting);
    for a leader move, what the leader does."""
    kind, card_type = decode_action(action, state.db.num_types, state.payment, state.db.num_leaders)
    if kind in LEADER_KINDS:
        return leader_text(state.db, card_type)
    if kind == ActionKind.WONDER:
        city = rules_of(state).acting_city(state, seat)
        stage = state.wonders[city].stages[state.stages_built[city]]
        return f"the stage gives: {effects_text(stage.effects)}"
    if kind in (ActionKind.BUILD, ActionKind.FREE_BUILD, ActionKind.DISCARD_BUILD):
        return card_text(state.db, card_type)
    return ""


# ---------------------------------------------------------------- what the seats decide
PHASE_TEXT = {
    Phase.MAIN: "every player picks a card",
    Phase.FREE_CITY: "the Free City card holder picks the Free City's card",
    Phase.SEVENTH_CARD: "Babylon plays its 7th card",
    Phase.DISCARD_BUILD: "Halicarnassus builds from the discard pile",
    Phase.PAYMENT: "the players pay for their moves",
    Phase.GAME_OVER: "game over",
    Phase.LEADER_DRAFT: "every player keeps a leader and passes the others to the right",
    Phase.RECRUIT: "every player recruits a leader, builds a wonder stage with it or discards it",
    Phase.COPY_LEADER: "the Courtesans Guild copies a neighbour's leader",
    Phase.RECRUIT_NOW: "Roma recruits a leader at once",
}


#: whose cards a seat chooses from in a phase where they are not its hand
HAND_OF = {Phase.FREE_CITY: "the Free City", Phase.DISCARD_BUILD: "the discard pile"}


def seat_name(state: SevenWondersState, seat: int) -> str:
    return "Free City" if seat == state.free_city else f"player_{seat}"


# ---------------------------------------------------------------- moves
def move_text(state: SevenWondersState, seat: int, action: int) -> str:
    """The action of ``seat`` in words with what it costs now: its name in the text interface
    (``Build Scriptorium, paying 1 coin to the left neighbour (player_3)``, ``Discard Baths for 3
    coins``, ``Build stage 2 of the Pyramids of Giza with Temple, for free``)."""
    return "".join(_move(state, seat, action))


def move_label(state: SevenWondersState, seat: int, action: int) -> str:
    """The move's name without its cost (the web page draws the price from the payment itself)."""
    return _move(state, seat, action)[0]


def _move(state: SevenWondersState, seat: int, action: int) -> tuple[str, str]:
    """The move's name and its cost in words (``", paying ..."``; "" where the name says it)."""
    rules = rules_of(state)
    kind, value = decode_action(action, state.db.num_types, state.payment, state.db.num_leaders)
    city = rules.acting_city(state, seat)
    if kind in LEADER_KINDS:
        return _leader_move(state, city, kind, value)
    for_city = "For the Free City: " if city == state.free_city else ""
    if kind == ActionKind.PAY:
        payment = next(p for p in rules.payment_choices(state, city) if p[1] == value)
        return f"{for_city}Pay {_coins_to(state, city, payment) or 'nothing'}", ""
    if kind == ActionKind.WAIT:
        return "Wait", ""
    name = state.db.types[value].name
    if kind == ActionKind.BUILD:
        return f"{for_city}Build {name}", _paying(state, city, rules.build_payment(state, city, value))
    if kind == ActionKind.WONDER:
        board = state.wonders[city]
        return (f"{for_city}Build stage {state.stages_built[city] + 1} of the {board.wonder} with {name}",
                _paying(state, city, rules.stage_payment(state, city)))
    if kind == ActionKind.SELL:
        return f"{for_city}Discard {name} for {SELL_COINS} coins", ""
    if kind == ActionKind.FREE_BUILD:
        return f"Build {name} for free with Olympia's power (once per Age)", ""
    return f"Build {name} from the discard pile for free", ""


def _leader_move(state: SevenWondersState, city: int, kind: ActionKind, leader: int) -> tuple[str, str]:
    """A Leaders move's name and cost in words."""
    name = state.db.leaders[leader].name
    if kind == ActionKind.DRAFT:
        return f"Keep {name}, passing the others to the right", ""
    if kind == ActionKind.RECRUIT:
        return f"Recruit {name}", _paying(state, city, (rules_of(state).recruit_price(state, city, leader), 0, 0))
    if kind == ActionKind.LEADER_WONDER:
        board = state.wonders[city]
        return (f"Build stage {state.stages_built[city] + 1} of the {board.wonder} with {name}",
                _paying(state, city, rules_of(state).stage_payment(state, city)))
    if kind == ActionKind.LEADER_DISCARD:
        return f"Discard {name} for {SELL_COINS} coins", ""
    return f"Copy {name} with the Courtesans Guild", ""


def _paying(state: SevenWondersState, city: int, payment: tuple[int, int, int]) -> str:
    """``, paying ...`` (the cheapest way; with ``payment="choose"`` whom to pay is decided next)."""
    paid = _coins_to(state, city, payment)
    if not paid:
        return ", for free"
    if state.payment == "choose" and (payment[1] or payment[2]):
        return f", buying resources (you choose whom to pay next; the cheapest way: {paid})"
    return f", paying {paid}"


def _coins_to(state: SevenWondersState, city: int, payment: tuple[int, int, int]) -> str:
    """``2 coins to the left neighbour (player_3) and 1 coin to the bank`` ("" for nothing)."""
    bank, to_left, to_right = payment
    parts = [f"{coins} coin{'' if coins == 1 else 's'} to {whom}" for coins, whom in (
        (to_left, f"the left neighbour ({seat_name(state, state.left_of(city))})"),
        (to_right, f"the right neighbour ({seat_name(state, state.right_of(city))})"),
        (bank, "the bank")) if coins]
    return " and ".join(parts)


# ---------------------------------------------------------------- the record and the news
#: what each kind of record entry says its agent did, from the entry's ``card``
ENTRY_TEXT = {
    "build": "built {card}",
    "wonder": "built a wonder stage with {card}",
    "sell": f"sold {{card}} for {SELL_COINS} coins",
    "free_build": "built {card} for free (Olympia)",
    "discard_build": "built {card} from the discard pile (Halicarnassus)",
    "discard": "discarded {card}",
    "draft": "kept {card} in the leader draft",
    "recruit": "recruited {card}",
    "leader_wonder": "built a wonder stage with {card}",
    "leader_discard": f"discarded {{card}} for {SELL_COINS} coins",
    "copy_leader": "copied {card} with the Courtesans Guild",
}


def entry_text(entry: dict[str, Any], viewer: int | None) -> str:
    """An entry of the game record's ``actions`` in a sentence, as ``viewer`` saw it (a seat: its
    own moves read "you"; None: a spectator): a card another player sold, discarded or put under
    a wonder stage lies face down and reads "a card"."""
    kind, agent = entry["kind"], entry["agent"]
    if kind not in ENTRY_TEXT:
        raise ValueError(f"no text for the record entry kind {kind!r}; kinds: {', '.join(ENTRY_TEXT)}")
    mine = viewer is not None and agent == f"player_{viewer}"
    who = "you" if mine else agent or "the Free City"
    hidden = "a leader" if kind in ("draft", "leader_wonder", "leader_discard") else "a card"
    card = hidden if kind in HIDDEN_ACTION_KINDS and not mine else entry["card"]
    for_city = " for the Free City" if agent and agent != f"player_{entry['seat']}" else ""
    paid = entry.get("paid") or {}
    parts = [f"{paid[where]} to {words}" for where, words in
             (("bank", "the bank"), ("left", "the left"), ("right", "the right")) if paid.get(where)]
    paying = f" (paid {', '.join(parts)})" if parts else ""
    return f"Age {entry['age']}.{entry['turn']}: {who} {ENTRY_TEXT[kind].format(card=card)}{for_city}{paying}"


def conflict_text(age: int, tokens: dict[str, list[int]]) -> str:
    """The military tokens each city won or lost in the conflicts at the end of ``age``."""
    parts = [f"{who} {' '.join(f'{token:+d}' for token in won)}" for who, won in tokens.items()]
    return f"Conflicts of Age {age}: {'; '.join(parts)}"
