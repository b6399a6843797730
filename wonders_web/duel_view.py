"""What the browser may see of a 7 Wonders Duel game: the table, the legal moves, the news.

Only public information leaves this module: a face-down card of the structure is sent as its
card back (``"I"``, ``"II"``, ``"III"`` or ``"G"`` for a Guild), never as a card; the cards left
in the box, the later Ages, the wonders not yet shown in the draft and the set-aside progress
tokens are never sent; the Great Library's draw goes to the player who chooses from it, only
while it chooses. Card names appear as whole JSON string values, which is what the test of hidden
information checks, and inside sentences: a move's label (a move of the seat itself) and a news
item's ``text`` (the test checks that it is the sentence of the item's values sent beside it).

Every word comes from :mod:`wonders_env.duel.presentation` (effect texts, the phase's prompt, the
moves' labels and prices, the news' sentences); this module only lays the table out and says
which piece of the page a move is played with.

The functions take the PettingZoo env (``raw_env``) and read its ``unwrapped.state`` (on the core a
read-only view with the Python state's names, whose costs, scores and reasons come from the core)
and its engine (``unwrapped.game``): never the Python rules themselves.
"""

from __future__ import annotations

from typing import Any

from wonders_env import seven_wonders_duel_v0
from wonders_env.duel import presentation
from wonders_env.duel.actions import KIND_INDEX, KIND_NAMES, STARTER_ME, ActionKind, decode_action, encode_action
from wonders_env.duel.cards import (CARD_DECK, CARDS, CHAIN_SYMBOLS, COLORS, DECKS, LAYOUTS,
                                    PROGRESS_TOKENS, RESOURCES, SCIENCE_SYMBOLS, WONDERS)
from wonders_env.duel.record import AGENTS, GAME_NAME
from wonders_env.duel.state import EMPTY, LOOTING_TOKENS, Phase

GAME = GAME_NAME
TITLE = "7 Wonders Duel"
BOARD = "duel"  # the page's drawing of the table: the two cities across the military track and the structure
SETUP_CHOICES: dict[str, dict[str, Any]] = {}  # Duel has no options to choose


def new_env(options: dict[str, Any]):
    """A Duel ``raw_env``; Duel has no options."""
    if options:
        raise ValueError(f"7 Wonders Duel takes no options, got {sorted(options)}")
    return seven_wonders_duel_v0.raw_env()


def acting_agents(env) -> list[str]:
    state = env.unwrapped.state
    return [] if state.game_over else [AGENTS[state.current]]


def phase(env) -> str:
    return env.unwrapped.state.phase.name.lower()


def seat_names(env) -> list[str]:
    return list(AGENTS)


# ---------------------------------------------------------------- cards (their words: presentation)
def _cost_letters(cost: tuple[int, ...]) -> str:
    return "".join(RESOURCES[r] * units for r, units in enumerate(cost))


def card_info(card: int) -> dict[str, Any]:
    c = CARDS[card]
    return {"id": card, "name": c.name, "color": COLORS[c.color], "coins": c.coin_cost,
            "resources": _cost_letters(c.cost), "effects": [presentation.effect_text(e) for e in c.effects],
            "chain_from": CHAIN_SYMBOLS[c.chain_needs] if c.chain_needs >= 0 else None,
            "chain_to": CHAIN_SYMBOLS[c.chain_gives] if c.chain_gives >= 0 else None}


def wonder_info(wonder: int) -> dict[str, Any]:
    w = WONDERS[wonder]
    return {"id": wonder, "name": w.name, "resources": _cost_letters(w.cost),
            "effects": [presentation.effect_text(e) for e in w.effects]}


def token_info(token: int) -> dict[str, Any]:
    t = PROGRESS_TOKENS[token]
    return {"id": token, "name": t.name, "effects": [presentation.effect_text(e) for e in t.effects]}


def _tokens(bits: int) -> list[dict[str, Any]]:
    return [token_info(t) for t in range(len(PROGRESS_TOKENS)) if bits >> t & 1]


# ---------------------------------------------------------------- the table
def _structure(state) -> list[dict[str, Any]]:
    if not state.age:
        return []
    layout = LAYOUTS[state.age - 1]
    slots = []
    for s in range(len(layout.row)):
        card = state.slot_card[s]
        slot: dict[str, Any] = {"slot": s, "row": layout.row[s], "col": layout.col[s]}
        if card == EMPTY:
            slot["empty"] = True
        elif not state.face_up[s]:
            slot["back"] = DECKS[CARD_DECK[card]]
        else:
            slot["card"] = card_info(card)
            slot["accessible"] = state.cover_count[s] == 0
        slots.append(slot)
    return slots


def _city(state, player: int) -> dict[str, Any]:
    wonders = [{**wonder_info(w), "built": state.wonder_built[w]}
               for w in state.player_wonders[player] if w != state.boxed_wonder]
    return {
        "agent": AGENTS[player], "coins": state.coins[player],
        "cards": [card_info(c) for c in state.city[player]],
        "wonders": wonders, "progress_tokens": _tokens(state.player_tokens[player]),
        "science": {SCIENCE_SYMBOLS[k]: n for k, n in enumerate(state.science[player]) if n},
        "score": state.score_breakdown(player),
    }


def table(env, seat: int | None) -> dict[str, Any]:
    """The table as ``seat`` (0, 1, or None for a spectator) sees it."""
    state = env.unwrapped.state
    looting = [{"victim": AGENTS[victim], "distance": distance, "coins": coins}
               for (victim, distance, coins), present in zip(LOOTING_TOKENS, state.looting) if present]
    view: dict[str, Any] = {
        "phase": state.phase.name.lower(), "phase_text": presentation.PHASE_TEXT[state.phase], "age": state.age,
        "resource_names": dict(zip(RESOURCES, presentation.RESOURCE_NAMES)),
        "draft": [wonder_info(w) for w in state.draft_offer] if state.phase == Phase.DRAFT else [],
        "structure": _structure(state),
        "pawn": state.pawn, "looting": looting,
        "board_tokens": _tokens(state.board_tokens),
        "discard": [card_info(c) for c in state.discard],
        "cities": [_city(state, p) for p in (0, 1)],
        "boxed_wonder": wonder_info(state.boxed_wonder) if state.boxed_wonder != EMPTY else None,
        "library_offer": [],
    }
    if state.phase == Phase.LIBRARY and seat == state.current:
        view["library_offer"] = [token_info(t) for t in state.library_offer]
    return view


# ---------------------------------------------------------------- the moves
def moves(env, seat: int) -> list[dict[str, Any]]:
    """``seat``'s legal moves: ``action``, ``target`` (the element to click), ``label``, ``price``."""
    state = env.unwrapped.state
    if state.game_over or state.current != seat:
        return []
    return [{"action": action, "target": _target(state, action), "label": presentation.move_label(state, seat, action),
             "price": presentation.move_price(state, seat, action)}
            for action in env.unwrapped.game.legal_actions(state, seat)]


def _target(state, action: int) -> str:
    """The element of the page clicked for ``action``: the piece its index names, where it lies
    (a card in the structure, the discard pile or a city; a token on the board or in the Great
    Library's draw; a wonder of the draft; the starter buttons)."""
    kind, index, _ = decode_action(action)
    field = KIND_INDEX[kind]
    if field == "wonder":
        return f"draft-{index}"
    if field == "token":
        return f"library-{index}" if index in state.library_offer else f"token-{index}"
    if field == "starter":
        return "starter"
    if index in state.discard:
        return f"discard-{index}"
    owners = [player for player in (0, 1) if state.owned[player][index]]
    return f"city-{owners[0]}-{index}" if owners else f"slot-{index}"


# ---------------------------------------------------------------- news and replays
def news_mark(env) -> tuple[int, int, tuple[bool, ...]]:
    """What :func:`news` compares against: the length of the log, the pawn, the looting tokens."""
    state = env.unwrapped.state
    return len(state.log), state.pawn, tuple(state.looting)


def news(env, mark: tuple[int, int, tuple[bool, ...]]) -> list[dict[str, Any]]:
    """The record actions since ``mark``, then the pawn's move and the looting it caused (raw
    events: pass each through :func:`event`)."""
    state = env.unwrapped.state
    log_length, pawn, looting = mark
    events = env.unwrapped.game_record()["actions"][log_length:]
    if state.pawn != pawn:
        looted = [{"victim": AGENTS[victim], "coins": coins} for (victim, _, coins), before, now
                  in zip(LOOTING_TOKENS, looting, state.looting) if before and not now]
        events.append({"kind": "conflict", "pawn": state.pawn, "looted": looted})
    return events


def event(entry: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """A raw event as everybody saw it (everything in Duel is public), with its sentence ``text``
    for ``viewer`` (the page shows it as it is)."""
    shown = {key: value for key, value in entry.items() if value is not None}
    shown["text"] = presentation.conflict_text(entry["pawn"], entry["looted"]) if entry["kind"] == "conflict" \
        else presentation.entry_text(entry, viewer)
    return shown


def recorded_action(env, agent: str, entries: list[dict[str, Any]]) -> int:
    """``agent``'s action now in a game whose next record entries are ``entries`` (the first one:
    every Duel decision is one entry). Raises ``ValueError`` for a missing or unknown one."""
    if not entries or entries[0].get("agent") != agent:
        raise ValueError(f"the record has no move of {agent} here")
    entry = entries[0]
    names = {"card": {c.name: c.id for c in CARDS}, "wonder": {w.name: w.id for w in WONDERS},
             "token": {t.name: t.id for t in PROGRESS_TOKENS}}

    def lookup(field: str) -> int:
        value = entry.get(field)
        if value not in names[field]:
            raise ValueError(f"unknown {field} {value!r} in action {entry}")
        return names[field][value]

    kind = entry.get("kind")
    if kind not in KIND_NAMES:
        raise ValueError(f"unknown action kind {kind!r} in {entry}; kinds: {', '.join(KIND_NAMES)}")
    kind = ActionKind(KIND_NAMES.index(kind))
    if kind is ActionKind.WONDER:
        return encode_action(kind, lookup("card"), lookup("wonder"))
    if KIND_INDEX[kind] == "starter":
        return encode_action(kind, STARTER_ME if entry.get("starter") == entry.get("agent") else 1 - STARTER_ME)
    return encode_action(kind, lookup(KIND_INDEX[kind]))


def replay_options(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The env options that may have produced ``record``: Duel has none."""
    return [{}]
