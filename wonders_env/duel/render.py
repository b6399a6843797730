"""A readable text picture of a 7 Wonders Duel table: the structure, the track and both cities.

Only public information is drawn: a face-down card shows its back (``?? Age II ??``).
Accessible cards are marked with ``*``.
"""

from __future__ import annotations

from .cards import CARD_DECK, CARDS, COLORS, DECKS, LAYOUTS, PROGRESS_TOKENS, SCIENCE_SYMBOLS, WONDERS
from .rules import build_cost
from .scoring import score
from .state import EMPTY, LOOTING_TOKENS, DuelState, Phase

CELL = 16  # characters per card; a layout column is half a card
AGENTS = ("player_0", "player_1")


def _cell(state: DuelState, slot: int) -> str:
    card = state.slot_card[slot]
    if card == EMPTY:
        return " " * CELL
    if not state.face_up[slot]:
        deck = DECKS[CARD_DECK[card]]
        return f"[{'Guild' if deck == 'G' else 'Age ' + deck:^{CELL - 2}}]"
    mark = "*" if not state.cover_count[slot] else " "
    return f"[{CARDS[card].name[:CELL - 3]:<{CELL - 3}}{mark}]"


def render_structure(state: DuelState) -> list[str]:
    if not state.age:
        return ["Wonder draft, on the table: " + ", ".join(WONDERS[w].name for w in state.draft_offer)]
    layout = LAYOUTS[state.age - 1]
    lines = []
    for row in sorted(set(layout.row)):
        slots = [s for s in range(len(layout.row)) if layout.row[s] == row]
        line = ""
        for s in slots:
            line = line.ljust(layout.col[s] * CELL // 2) + _cell(state, s)
        if line.strip():
            lines.append(line.rstrip())
    return lines


def render_track(state: DuelState) -> str:
    """The conflict track from player_0's capital (left) to player_1's, zones split by ``|``."""
    zones = ((-9,), (-8, -7, -6), (-5, -4, -3), (-2, -1), (0,), (1, 2), (3, 4, 5), (6, 7, 8), (9,))
    track = "|".join("".join("X" if i == state.pawn else ("C" if abs(i) == 9 else ".") for i in zone)
                     for zone in zones)
    loot = [f"{AGENTS[victim]} -{coins}" for (victim, _, coins), present in zip(LOOTING_TOKENS, state.looting)
            if present]
    return f"pawn {state.pawn:+d}: player_0 {track} player_1   looting tokens left: {', '.join(loot) or '-'}"


def render_city(state: DuelState, player: int) -> list[str]:
    total = score(state, player)["total"]
    lines = [f"{AGENTS[player]}: {state.coins[player]} coins, {total} points"]
    wonders = [WONDERS[w].name + (" (built)" if state.wonder_built[w] else "")
               for w in state.player_wonders[player] if w != state.boxed_wonder]
    lines.append("  wonders: " + (", ".join(wonders) or "-"))
    for colour in range(len(COLORS)):
        names = [CARDS[c].name for c in state.city[player] if CARDS[c].color == colour]
        if names:
            lines.append(f"  {COLORS[colour]}: " + ", ".join(names))
    tokens = [PROGRESS_TOKENS[t].name for t in range(len(PROGRESS_TOKENS)) if state.player_tokens[player] >> t & 1]
    if tokens:
        lines.append("  progress: " + ", ".join(tokens))
    symbols = [f"{SCIENCE_SYMBOLS[k]} x{n}" for k, n in enumerate(state.science[player]) if n]
    if symbols:
        lines.append("  science: " + ", ".join(symbols))
    return lines


def render_table(state: DuelState, viewer: int | None = None) -> str:
    """The table as text, as ``viewer`` sees it (None: a spectator, who sees public information
    only): the Great Library's drawn tokens are shown to their owner alone, like the observation."""
    if state.phase == Phase.GAME_OVER:
        head = f"Game over: {state.victory.name.lower()} victory of " + " and ".join(AGENTS[p] for p in state.winners)
    else:
        head = f"Age {state.age or '-'}, {AGENTS[state.current]} decides: {state.phase.name.lower()}"
    lines = [head, *render_structure(state), render_track(state)]
    board = [PROGRESS_TOKENS[t].name for t in range(len(PROGRESS_TOKENS)) if state.board_tokens >> t & 1]
    lines.append("progress tokens on the board: " + (", ".join(board) or "-"))
    if state.library_offer and viewer == state.current:
        lines.append("Great Library draw: " + ", ".join(PROGRESS_TOKENS[t].name for t in state.library_offer))
    if state.discard:
        lines.append("discard pile: " + ", ".join(CARDS[c].name for c in state.discard))
    for player in (0, 1):
        lines += render_city(state, player)
    if state.phase == Phase.PLAY:
        player = state.current
        costs = [f"{CARDS[state.slot_card[s]].name} {build_cost(state, player, state.slot_card[s])}"
                 for s in state.accessible_slots()]
        lines.append(f"{AGENTS[player]}'s build costs: " + ", ".join(costs))
    return "\n".join(lines)
