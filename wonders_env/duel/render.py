"""A readable text picture of a 7 Wonders Duel table: the structure, the track and both cities.

Only public information is drawn: a face-down card shows its back (``?? Age II ??``).
With Pantheon (:func:`render_pantheon`): the six spaces with their face-up divinities and each
seat's price, a face-down divinity by its mythology only (its name to its placer), the decks'
sizes, the tokens on the structure's cards (an offering token face down by its kind only), the
Minerva pawn, the snake and Enki's tokens; each city adds its Pantheon tokens, Astarte's coins and
the divinities it activated. While Zeus chooses a card of the structure, each face-down card shows
its slot number before its back (`` 7[   Age II   ]``): Zeus's moves name a face-down card by its slot.
With Agora (:func:`render_senate`): each chamber's cubes, controller and decrees (a face-down one
unnamed), the cubes each player has left, the conspiracy deck's size, the tokens locked by
Obscurantism (one locked among the set-aside tokens to its locker only), each seat's conspiracies
(their names, effects and the card each is prepared with to their holder only; the opponent's by
count, and how many are prepared) and the ones triggered.
Accessible cards are marked with ``*``. The functions read either engine's state, a
:class:`.state.DuelState` or the core's :class:`.compiled.DuelStateView` (the same names), and ask
the state itself for costs and scores, so that a core game needs none of the Python rules.
"""

from __future__ import annotations

from functools import cache

from .cards import COLORS, MYTHOLOGIES, SCIENCE_SYMBOLS, Layout
from .presentation import (back_name, controller_text, effects_text, face_down_decrees_text,
                           hidden_conspiracies_text, prepared_text, slot_text, supply_text)
from .record import AGENTS
from .state import EMPTY, LOOTING_TOKENS, NOBODY, Choice, DuelState, Phase

CELL = 16  # characters per card; a layout column is half a card


def _cell(state: DuelState, slot: int, numbered: bool) -> str:
    """The card of ``slot``; a face-down one with its slot number before its back when ``numbered``."""
    card = state.slot_card[slot]
    if card == EMPTY:
        return " " * CELL
    if numbered and not state.face_up[slot]:
        return f"{slot + 1:>2}[{back_name(state.db, card):^{CELL - 4}}]"
    return _card_cell(state.db, card, bool(state.face_up[slot]), not state.cover_count[slot])


@cache
def _card_cell(db, card: int, face_up: bool, accessible: bool) -> str:
    if not face_up:
        return f"[{back_name(db, card):^{CELL - 2}}]"
    return f"[{db.cards[card].name[:CELL - 3]:<{CELL - 3}}{'*' if accessible else ' '}]"


@cache
def _rows(layout: Layout) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per row of ``layout``, top first: ``(slot, column in characters)`` of its slots."""
    return tuple(tuple((s, layout.col[s] * CELL // 2) for s in range(len(layout.row)) if layout.row[s] == row)
                 for row in sorted(set(layout.row)))


def render_structure(state: DuelState) -> list[str]:
    """The structure, top row first (the face-down cards numbered by slot while Zeus chooses one)."""
    db = state.db
    if not state.age:
        return ["Wonder draft, on the table: " + ", ".join(db.wonders[w].name for w in state.draft_offer)]
    pantheon = getattr(state, "pantheon", None)
    numbered = state.phase == Phase.CHOOSE and pantheon is not None and pantheon.choice == Choice.ZEUS_CARD
    lines = []
    for row in _rows(db.layouts[state.age - 1]):
        line = ""
        for s, column in row:
            line = line.ljust(column) + _cell(state, s, numbered)
        if line.strip():
            lines.append(line.rstrip())
    return lines


TRACK_ZONES = ((-9,), (-8, -7, -6), (-5, -4, -3), (-2, -1), (0,), (1, 2), (3, 4, 5), (6, 7, 8), (9,))


@cache
def _track(pawn: int, looting: tuple[bool, ...], db) -> str:
    track = "|".join("".join("X" if i == pawn else ("C" if abs(i) == 9 else ".") for i in zone)
                     for zone in TRACK_ZONES)
    if db.agora is not None:  # Agora's military tokens: influence for the player who reaches them
        effects = db.agora.military_token_effects
        loot = [f"{AGENTS[victim]}'s side at {distance} ({effects_text(effects[distance])})"
                for (victim, distance, _), present in zip(LOOTING_TOKENS, looting) if present]
        return f"pawn {pawn:+d}: player_0 {track} player_1   military tokens left: {'; '.join(loot) or '-'}"
    loot = [f"{AGENTS[victim]} -{coins}" for (victim, _, coins), present in zip(LOOTING_TOKENS, looting) if present]
    return f"pawn {pawn:+d}: player_0 {track} player_1   looting tokens left: {', '.join(loot) or '-'}"


def render_track(state: DuelState) -> str:
    """The conflict track from player_0's capital (left) to player_1's, zones split by ``|``."""
    return _track(state.pawn, tuple(map(bool, state.looting)), state.db)


def render_city(state: DuelState, player: int) -> list[str]:
    db = state.db
    total = state.score_breakdown(player)["total"]
    lines = [f"{AGENTS[player]}: {state.coins[player]} coins, {total} points"]
    wonders = [db.wonders[w].name + (" (built)" if state.wonder_built[w] else "")
               for w in state.player_wonders[player] if w != state.boxed_wonder]
    lines.append("  wonders: " + (", ".join(wonders) or "-"))
    by_colour: dict[int, list[str]] = {}
    for c in state.city[player]:
        by_colour.setdefault(db.cards[c].color, []).append(db.cards[c].name)
    lines += [f"  {COLORS[colour]}: " + ", ".join(by_colour[colour]) for colour in sorted(by_colour)]
    owned = state.player_tokens[player]
    tokens = [token.name for token in db.progress_tokens if owned >> token.id & 1] if owned else []
    if tokens:
        lines.append("  progress: " + ", ".join(tokens))
    symbols = [f"{SCIENCE_SYMBOLS[k]} x{n}" for k, n in enumerate(state.science[player]) if n]
    if symbols:
        lines.append("  science: " + ", ".join(symbols))
    if state.db.pantheon is not None:
        lines += _pantheon_city(state, player)
    return lines


def pantheon_token_name(db, token: int) -> str:
    """A Pantheon token's name: ``Greek token``, ``-3 offering``."""
    found = db.pantheon.tokens[token]
    return f"{MYTHOLOGIES[found.mythology]} token" if found.mythology >= 0 else f"-{found.discount} offering"


def _pantheon_city(state: DuelState, player: int) -> list[str]:
    db, pantheon = state.db, state.pantheon
    lines = []
    if pantheon.tokens[player]:
        lines.append("  Pantheon tokens: " + ", ".join(pantheon_token_name(db, t) for t in pantheon.tokens[player]))
    if pantheon.astarte[player]:
        lines.append(f"  coins on Astarte: {pantheon.astarte[player]}")
    if pantheon.activated[player]:
        lines.append("  divinities activated: " + ", ".join(db.pantheon.divinities[d].name
                                                              for d in pantheon.activated[player]))
    return lines


def space_text(state: DuelState, space: int, viewer: int | None) -> str:
    """What ``viewer`` (None: a spectator) sees on a Pantheon space: a face-up divinity, a face-down
    one's mythology (its name too for its placer), or ``empty``."""
    tables, pantheon = state.db.pantheon, state.pantheon
    divinity = pantheon.spaces[space]
    if divinity == EMPTY:
        return "empty"
    if pantheon.space_face_up[space]:
        return tables.divinities[divinity].name
    placer = pantheon.placed_by[space]
    mythology = MYTHOLOGIES[tables.divinities[divinity].mythology]
    if placer == viewer:
        return f"{tables.divinities[divinity].name} (face down, {mythology}, placed by you)"
    return f"a {mythology} divinity (face down, placed by {AGENTS[placer]})"


def render_pantheon(state: DuelState, viewer: int | None = None) -> list[str]:
    """The Pantheon as ``viewer`` sees it (None: a spectator): hidden divinities by mythology only."""
    db, pantheon = state.db, state.pantheon
    tables = db.pantheon
    lines = ["Pantheon (the price of a space: player_0's / player_1's, the Gate at double; "
             f"activations from Age {tables.first_activation_age}):"]
    for space in range(tables.num_spaces):
        prices = "" if not pantheon.space_face_up[space] else " - costs " + " / ".join(
            str(state.activation_price(p, space, 0)) for p in (0, 1))
        lines.append(f"  space {space + 1}: {space_text(state, space, viewer)}{prices}")
    lines.append(f"  {decks_text(state)}")
    tokens = [f"{slot_text(state, slot)}: {_slot_token(db, token)}"
              for slot, token in enumerate(pantheon.slot_tokens) if token != EMPTY]
    if tokens:
        lines.append("  tokens on the structure: " + "; ".join(tokens))
    return lines + [f"  {note}" for note in pantheon_notes(state)]


def render_senate(state: DuelState, viewer: int | None = None) -> list[str]:
    """Agora's Senate and conspiracies as ``viewer`` sees them (None: a spectator): its own
    conspiracies with their effects and the card each is prepared with, the other seat's by count."""
    db, senate = state.db, state.agora
    tables = db.agora
    lines = ["Senate (cubes player_0 / player_1; the controller has strictly more; VP at the end):"]
    for chamber, decrees in enumerate(senate.decrees):
        cubes = senate.cubes[0][chamber], senate.cubes[1][chamber]
        owner = 0 if cubes[0] > cubes[1] else 1 if cubes[1] > cubes[0] else NOBODY
        if not decrees:
            named = "no decree"
        elif senate.decree_face_up[chamber]:
            named = "; ".join(f"{tables.decrees[d].name} ({effects_text(tables.decrees[d].effects)})" for d in decrees)
        else:
            named = face_down_decrees_text(len(decrees))
        lines.append(f"  chamber {chamber + 1} ({tables.chamber_vp[chamber]} VP): {cubes[0]} / {cubes[1]}, "
                     f"{controller_text(owner)}; {named}")
    supply = [tables.cubes_per_player - sum(senate.cubes[player]) for player in (0, 1)]
    lines.append(f"  {supply_text(supply)}; conspiracy deck: {len(senate.conspiracy_deck)}")
    locked = [db.progress_tokens[token].name for token, locker, public in senate.locked if public or locker == viewer]
    if locked:
        lines.append("  locked progress tokens (Obscurantism): " + ", ".join(locked))
    for player in (0, 1):
        held = list(zip(senate.conspiracies[player], senate.prepared[player]))
        if player == viewer:
            text = "; ".join(f"{tables.conspiracies[c].name} ({effects_text(tables.conspiracies[c].effects)}; "
                             f"{prepared_text(db, card)})" for c, card in held) or "none"
        else:
            text = hidden_conspiracies_text(len(held), sum(card != EMPTY for _, card in held))
        used = ", ".join(tables.conspiracies[c].name for c in senate.triggered[player])
        lines.append(f"  {AGENTS[player]}'s conspiracies: {text}" + (f"; triggered: {used}" if used else ""))
    if viewer is not None and viewer == state.current and senate.drawn:
        lines.append("  drawn, to keep or put back: " + "; ".join(
            f"{tables.conspiracies[c].name} ({effects_text(tables.conspiracies[c].effects)})" for c in senate.drawn))
    return lines


def decks_text(state: DuelState) -> str:
    """The sizes of the mythology decks (never their order)."""
    decks = state.pantheon.decks
    return "mythology decks: " + ", ".join(f"{MYTHOLOGIES[m]} {len(deck)}" for m, deck in enumerate(decks))


def pantheon_notes(state: DuelState) -> list[str]:
    """The Pantheon's pieces off its spaces, a sentence each: the Minerva pawn, the snake, Enki's tokens."""
    db, pantheon = state.db, state.pantheon
    notes = []
    if pantheon.minerva is not None:
        notes.append(f"the Minerva pawn stands on {pantheon.minerva:+d} of the track")
    if pantheon.snake != EMPTY:
        notes.append(f"the snake (Nisaba) lies on {db.cards[pantheon.snake].name}")
    if pantheon.enki_tokens:
        notes.append("on Enki: " + ", ".join(db.progress_tokens[t].name for t in pantheon.enki_tokens))
    return notes


def _slot_token(db, token: int) -> str:
    found = db.pantheon.tokens[token]
    return f"{MYTHOLOGIES[found.mythology]} token" if found.mythology >= 0 else "an offering token (face down)"


def render_table(state: DuelState, viewer: int | None = None) -> str:
    """The table as text, as ``viewer`` sees it (None: a spectator, who sees public information
    only): the Great Library's drawn tokens are shown to their owner alone, like the observation."""
    db = state.db
    if state.phase == Phase.GAME_OVER:
        head = f"Game over: {state.victory.name.lower()} victory of " + " and ".join(AGENTS[p] for p in state.winners)
    else:
        head = f"Age {state.age or '-'}, {AGENTS[state.current]} decides: {state.phase.name.lower()}"
    lines = [head, *render_structure(state), render_track(state)]
    if state.db.pantheon is not None:
        lines += render_pantheon(state, viewer)
    if state.db.agora is not None:
        lines += render_senate(state, viewer)
    board = [token.name for token in db.progress_tokens if state.board_tokens >> token.id & 1]
    lines.append("progress tokens on the board: " + (", ".join(board) or "-"))
    if state.library_offer and viewer == state.current:
        lines.append("Great Library draw: " + ", ".join(db.progress_tokens[t].name for t in state.library_offer))
    if state.discard:
        lines.append("discard pile: " + ", ".join(db.cards[c].name for c in state.discard))
    for player in (0, 1):
        lines += render_city(state, player)
    if state.phase == Phase.PLAY:
        player = state.current
        costs = [f"{db.cards[state.slot_card[s]].name} {state.build_cost(player, state.slot_card[s])}"
                 for s in state.accessible_slots()]
        lines.append(f"{AGENTS[player]}'s build costs: " + ", ".join(costs))
    return "\n".join(lines)

