"""A readable text picture of a 7 Wonders table (public information, plus one player's hand)."""

from __future__ import annotations

from .cards import COLORS, RESOURCES
from .rules import acting_seats
from .scoring import score_breakdown
from .state import GameState, Phase

PHASE_TEXT = {
    Phase.MAIN: "every player picks a card",
    Phase.FREE_CITY: "the Free City card holder picks the Free City's card",
    Phase.SEVENTH_CARD: "Babylon plays its 7th card",
    Phase.DISCARD_BUILD: "Halicarnassus builds from the discard pile",
    Phase.GAME_OVER: "game over",
    Phase.PAYMENT: "the players choose whom to pay",
}


def seat_name(state: GameState, seat: int) -> str:
    return "Free City" if seat == state.free_city else f"player_{seat}"


def city_lines(state: GameState, seat: int) -> list[str]:
    db = state.db
    board = state.wonders[seat]
    tokens = " ".join(f"{t:+d}" for t in state.military_tokens[seat]) or "-"
    produced = " ".join(f"{RESOURCES[r]}x{n}" for r, n in enumerate(state.own_fixed[seat]) if n)
    choices = " ".join("/".join(RESOURCES[r] for r in range(7) if mask >> r & 1)
                       for mask in state.own_choices[seat])
    lines = [f"{seat_name(state, seat):>9} | {board.city} {board.side} | stages "
             f"{state.stages_built[seat]}/{len(board.stages)} | {state.coins[seat]} coins | "
             f"{state.shields[seat]} shields | military {tokens}",
             f"{'':>9} | produces {produced or '-'}{' + ' + choices if choices else ''}"]
    by_color: dict[int, list[str]] = {}
    for card in state.built[seat]:
        card_type = db.cards[card].type
        by_color.setdefault(db.color[card_type], []).append(db.types[card_type].name)
    for color in sorted(by_color):
        lines.append(f"{'':>9} | {COLORS[color]:>6}: {', '.join(by_color[color])}")
    return lines


def public_action(entry: dict) -> str:
    """A record entry as the other players see it: sold, discarded and stage cards stay hidden."""
    who = entry["agent"] or "the Free City"
    if entry["kind"] == "sell":
        return f"{who} sold a card for 3 coins"
    if entry["kind"] == "wonder":
        return f"{who} built a wonder stage"
    if entry["kind"] == "discard":
        return f"{who} discarded a card"
    return f"{who} {entry['kind'].replace('_', ' ')} {entry['card']}"


def render_table(state: GameState, viewer: int | None = None) -> str:
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
    if state.phase == Phase.GAME_OVER:
        for seat in range(state.num_seats):
            score = score_breakdown(state, seat)
            parts = ", ".join(f"{k} {v}" for k, v in score.items() if k != "total")
            lines.append(f"{seat_name(state, seat):>9}: {score['total']} points ({parts})")
    else:
        lines.append("to act: " + ", ".join(f"player_{s}" for s in acting_seats(state)))
    return "\n".join(lines)

