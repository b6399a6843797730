"""A readable text picture of a 7 Wonders table (public information, plus one player's hand).

It reads a Python engine state or a core state alike: the rules' answers (acting seats,
payments, scores) come from :func:`.state.rules_of`.
"""

from __future__ import annotations

from .actions import Kind, decode_action
from .cards import COLORS, RESOURCES
from .state import SELL_COINS, Phase, SevenWondersState, rules_of

PHASE_TEXT = {
    Phase.MAIN: "every player picks a card",
    Phase.FREE_CITY: "the Free City card holder picks the Free City's card",
    Phase.SEVENTH_CARD: "Babylon plays its 7th card",
    Phase.DISCARD_BUILD: "Halicarnassus builds from the discard pile",
    Phase.GAME_OVER: "game over",
    Phase.PAYMENT: "the players choose whom to pay",
}


def seat_name(state: SevenWondersState, seat: int) -> str:
    return "Free City" if seat == state.free_city else f"player_{seat}"


def city_lines(state: SevenWondersState, seat: int) -> list[str]:
    board = state.wonders[seat]
    tokens = " ".join(f"{t:+d}" for t in state.military_tokens[seat]) or "-"
    produced = " ".join(f"{RESOURCES[r]}x{n}" for r, n in enumerate(state.own_fixed[seat]) if n)
    choices = " ".join("/".join(RESOURCES[r] for r in range(7) if mask >> r & 1)
                       for mask in state.own_choices[seat])
    lines = [f"{seat_name(state, seat):>9} | {board.city} {board.side} | stages "
             f"{state.stages_built[seat]}/{len(board.stages)} | {state.coins[seat]} coins | "
             f"{state.shields[seat]} shields | military {tokens}",
             f"{'':>9} | produces {produced or '-'}{' + ' + choices if choices else ''}"]
    for color, names in buildings_by_color(state, seat):
        lines.append(f"{'':>9} | {color:>6}: {', '.join(names)}")
    return lines


def buildings_by_color(state: SevenWondersState, seat: int) -> list[tuple[str, list[str]]]:
    """The names of ``seat``'s buildings by colour, in the colours' order, in building order."""
    db = state.db
    by_color: dict[int, list[str]] = {}
    for card in state.built[seat]:
        card_type = db.cards[card].type
        by_color.setdefault(db.color[card_type], []).append(db.types[card_type].name)
    return [(COLORS[color], by_color[color]) for color in sorted(by_color)]


def public_action(entry: dict) -> str:
    """A record entry as the other players see it: sold, discarded and stage cards stay hidden."""
    who = entry["agent"] or "the Free City"
    if entry["agent"] and "seat" in entry and f"player_{entry['seat']}" != entry["agent"]:
        who += " (for the Free City)"  # the Free City card holder's move for it
    if entry["kind"] == "sell":
        return f"{who} sold a card for 3 coins"
    if entry["kind"] == "wonder":
        return f"{who} built a wonder stage"
    if entry["kind"] == "discard":
        return f"{who} discarded a card"
    return f"{who} {entry['kind'].replace('_', ' ')} {entry['card']}"


def render_table(state: SevenWondersState, viewer: int | None = None) -> str:
    """The table as text; with ``viewer``, that player's hand too."""
    db = state.db
    head = (f"7 Wonders ({db.edition} edition), {state.num_players} players - Age {state.age}, "
            f"turn {state.turn}: {PHASE_TEXT[state.phase]}")
    lines = [head, "=" * len(head)]
    for seat in range(state.num_seats):
        lines += city_lines(state, seat)
        lines.append("")
    if state.log:
        lines.append("last action: " + public_action(state.log[-1]))
    if viewer is not None and state.phase != Phase.GAME_OVER:
        hand = sorted(db.types[db.cards[c].type].name for c in state.hands[viewer])
        lines.append(f"hand of player_{viewer}: {', '.join(hand) or '-'}")
    rules = rules_of(state)
    if state.phase == Phase.GAME_OVER:
        for seat in range(state.num_seats):
            score = rules.score_breakdown(state, seat)
            parts = ", ".join(f"{k} {v}" for k, v in score.items() if k != "total")
            lines.append(f"{seat_name(state, seat):>9}: {score['total']} points ({parts})")
    else:
        lines.append("to act: " + ", ".join(f"player_{s}" for s in rules.acting_seats(state)))
    return "\n".join(lines)



def move_text(state: SevenWondersState, seat: int, action: int) -> str:
    """The action of ``seat`` in words with what it costs now: its name in the text interface
    (``Build Scriptorium, paying 1 coin to the left neighbour (player_3)``, ``Discard Baths for 3
    coins``, ``Build stage 2 of the Pyramids of Giza with Temple, for free``)."""
    rules = rules_of(state)
    kind, value = decode_action(action, state.db.num_types, state.payment)
    city = rules.acting_city(state, seat)
    for_city = "For the Free City: " if city == state.free_city else ""
    if kind == Kind.PAY:
        payment = next(p for p in rules.payment_choices(state, city) if p[1] == value)
        return f"{for_city}Pay {_coins_to(state, city, payment) or 'nothing'}"
    if kind == Kind.WAIT:
        return "Wait"
    name = state.db.types[value].name
    if kind == Kind.BUILD:
        return f"{for_city}Build {name}{_paying(state, city, rules.build_payment(state, city, value))}"
    if kind == Kind.WONDER:
        board = state.wonders[city]
        return (f"{for_city}Build stage {state.stages_built[city] + 1} of the {board.wonder} with {name}"
                f"{_paying(state, city, rules.stage_payment(state, city))}")
    if kind == Kind.SELL:
        return f"{for_city}Discard {name} for {SELL_COINS} coins"
    if kind == Kind.FREE_BUILD:
        return f"Build {name} for free with Olympia's power (once per Age)"
    return f"Build {name} from the discard pile for free"


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
