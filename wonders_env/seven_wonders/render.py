"""A readable text picture of a 7 Wonders table (public information, plus one player's hand).

It reads a Python engine state or a core state alike: the rules' answers (acting seats,
payments, scores) come from :func:`.state.rules_of`.
"""

from __future__ import annotations

from .cards import COLORS, RESOURCES
from .presentation import PHASE_TEXT, effects_text, entry_text, hidden_leaders_text, seat_name
from .state import Phase, SevenWondersState, rules_of


def render_city(state: SevenWondersState, seat: int) -> list[str]:
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
    if board.board_effects:  # Roma's
        lines.append(f"{'':>9} | board: {effects_text(board.board_effects)}")
    db = state.db
    if db.num_leaders and seat < state.num_players:  # Leaders: the face-up leaders, the counts of the others
        recruited = ", ".join(db.leaders[leader].name for leader in state.recruited[seat]) or "-"
        copied = state.copied_leader[seat]
        lines.append(f"{'':>9} | leaders: {recruited}"
                     + (f" (Courtesans copy {db.leaders[copied].name})" if copied >= 0 else "")
                     + f" | {hidden_leaders_text(state, seat)}")
    return lines


def buildings_by_color(state: SevenWondersState, seat: int) -> list[tuple[str, list[str]]]:
    """The names of ``seat``'s buildings by colour, in the colours' order, in building order."""
    db = state.db
    by_color: dict[int, list[str]] = {}
    for card in state.built[seat]:
        card_type = db.cards[card].type
        by_color.setdefault(db.color[card_type], []).append(db.types[card_type].name)
    return [(COLORS[color], by_color[color]) for color in sorted(by_color)]


def render_table(state: SevenWondersState, viewer: int | None = None) -> str:
    """The table as text; with ``viewer``, that player's hand too."""
    db = state.db
    head = (f"7 Wonders ({db.edition} edition), {state.num_players} players - Age {state.age}, "
            f"turn {state.turn}: {PHASE_TEXT[state.phase]}")
    lines = [head, "=" * len(head)]
    for seat in range(state.num_seats):
        lines += render_city(state, seat)
        lines.append("")
    if state.log:
        lines.append("last action: " + entry_text(state.log[-1], viewer))
    if viewer is not None and state.phase != Phase.GAME_OVER:
        hand = sorted(db.types[db.cards[c].type].name for c in state.hands[viewer])
        lines.append(f"hand of player_{viewer}: {', '.join(hand) or '-'}")
        if db.num_leaders:
            for what, leaders in (("Leader hand", state.leader_hands[viewer]),
                                  ("draft hand", state.draft_hands[viewer])):
                if leaders:
                    lines.append(f"{what} of player_{viewer}: {', '.join(db.leaders[x].name for x in leaders)}")
    rules = rules_of(state)
    if state.phase == Phase.GAME_OVER:
        for seat in range(state.num_seats):
            score = rules.score_breakdown(state, seat)
            parts = ", ".join(f"{k} {v}" for k, v in score.items() if k != "total")
            lines.append(f"{seat_name(state, seat):>9}: {score['total']} points ({parts})")
    else:
        lines.append("to act: " + ", ".join(f"player_{s}" for s in rules.acting_seats(state)))
    return "\n".join(lines)
