"""What the browser may see of a 7 Wonders Duel game: the table, the legal moves, the news.

Only public information leaves this module: a face-down card of the structure is sent as its card
back (``"I"``, ``"II"``, ``"III"``, ``"G"`` for a Guild, ``"T"`` for a Grand Temple), never as a
card; the cards left in the box, the later Ages, the wonders not yet shown in the draft and the
set-aside progress tokens are never sent; the Great Library's draw goes to the player who chooses
from it, only while it chooses. With Pantheon (``table["pantheon"]``): a face-down divinity is sent
as its mythology only, except to its placer; an offering token on a face-down card as
``"offering"`` only; the items of a Pantheon decision (the divinities drawn) only to the seat
deciding; and a news item of another seat's hidden decision (``presentation.HIDDEN_CHOICES``: the
divinity it placed face down, the order it put a deck back in) loses its ``item``. Zeus chooses a
card of the structure by its slot: a face-down card is clicked on its back (``back-<slot>``), so
its moves name the slot, never the card. With Agora
(``table["senate"]``): a face-down decree is sent as its count only; a seat's conspiracies (with
the card each is prepared with) and the ones it drew go to that seat only, the other seat gets
their count and how many are prepared; the deck's order never leaves; a token locked among the
set-aside ones only to its locker; the items of a decision only to the seat deciding; the news item
of a conspiracy kept or prepared, or of a token locked, loses its ``item`` for the others. Card names
appear as whole JSON string values, which is what the test of hidden information checks, and inside
sentences: a move's label (a move of the seat itself) and a news item's ``text`` (the test checks
that it is the sentence of the item's values sent beside it).

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
from wonders_env.duel.actions import KIND_INDEX, KIND_NAMES, ActionKind, Item, action_table
from wonders_env.duel.cards import CHAIN_SYMBOLS, COLORS, DECKS, MYTHOLOGIES, NONE, RESOURCES, SCIENCE_SYMBOLS
from wonders_env.duel.record import AGENTS, GAME_NAME, recorded_actions
from wonders_env.duel.render import decks_text, pantheon_notes, pantheon_token_name
from wonders_env.duel.state import CHOICE_NAMES, EMPTY, LOOTING_TOKENS, NOBODY, Phase

from .tables import replay_tables, table_choices, table_options

GAME = GAME_NAME
TITLE = "7 Wonders Duel"
BOARD = "duel"  # the page's drawing of the table: the two cities across the military track and the structure
#: the registry's expansions the page draws
DRAWN_EXPANSIONS = ("pantheon", "agora")
#: what the setup form offers: the table (no expansion, one of the registry's, or several: ``pantheon,agora``)
#: and the engine
SETUP_CHOICES: dict[str, dict[str, Any]] = table_choices(
    GAME, seven_wonders_duel_v0.raw_env,
    "pantheon: divinities bought from a shared Pantheon (7 Wonders Duel: Pantheon); agora: the Senate and "
    "conspiracies (7 Wonders Duel: Agora); pantheon,agora: both", DRAWN_EXPANSIONS)
OPTIONS = tuple(SETUP_CHOICES)


def new_env(options: dict[str, Any]):
    """A Duel ``raw_env`` of ``expansions`` (``"none"``, an expansion's name or a list of names, as
    a record names them; the env checks them) on ``engine`` (default: the env's)."""
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise ValueError(f"7 Wonders Duel takes the options {', '.join(OPTIONS)}, got {unknown}")
    env = seven_wonders_duel_v0.raw_env(**table_options(options))
    undrawn = [name for name in env.expansions if name not in DRAWN_EXPANSIONS]
    if undrawn:
        raise ValueError(f"the browser does not draw the tables with {', '.join(undrawn)} yet (it draws "
                         f"{', '.join(DRAWN_EXPANSIONS)}); play them with `wonders play` or the text interface")
    return env


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


def card_info(db, card: int) -> dict[str, Any]:
    c = db.cards[card]
    return {"id": card, "name": c.name, "color": COLORS[c.color], "coins": c.coin_cost,
            "resources": _cost_letters(c.cost), "effects": [presentation.effect_text(e) for e in c.effects],
            "chain_from": CHAIN_SYMBOLS[c.chain_needs] if c.chain_needs >= 0 else None,
            "chain_to": CHAIN_SYMBOLS[c.chain_gives] if c.chain_gives >= 0 else None}


def wonder_info(db, wonder: int) -> dict[str, Any]:
    w = db.wonders[wonder]
    return {"id": wonder, "name": w.name, "resources": _cost_letters(w.cost),
            "effects": [presentation.effect_text(e) for e in w.effects]}


def token_info(db, token: int) -> dict[str, Any]:
    t = db.progress_tokens[token]
    return {"id": token, "name": t.name, "effects": [presentation.effect_text(e) for e in t.effects]}


def _tokens(db, bits: int) -> list[dict[str, Any]]:
    return [token_info(db, t) for t in range(db.num_tokens) if bits >> t & 1]


# ---------------------------------------------------------------- the table
def _structure(state) -> list[dict[str, Any]]:
    if not state.age:
        return []
    db = state.db
    layout = db.layouts[state.age - 1]
    tokens = state.pantheon.slot_tokens if db.pantheon is not None else []
    slots = []
    for s in range(len(layout.row)):
        card = state.slot_card[s]
        slot: dict[str, Any] = {"slot": s, "row": layout.row[s], "col": layout.col[s]}
        if card == EMPTY:
            slot["empty"] = True
        elif not state.face_up[s]:
            slot["back"] = DECKS[db.card_deck[card]]
            slot["back_name"] = presentation.back_name(db, card)
        else:
            slot["card"] = card_info(db, card)
            slot["accessible"] = state.cover_count[s] == 0
        if tokens and tokens[s] != EMPTY:  # a Pantheon token on a face-down card: a mythology, or an offering
            mythology = db.pantheon.tokens[tokens[s]].mythology
            slot["token"] = MYTHOLOGIES[mythology] if mythology >= 0 else "offering"
        slots.append(slot)
    return slots


def _city(state, player: int) -> dict[str, Any]:
    db = state.db
    wonders = [{**wonder_info(db, w), "built": state.wonder_built[w]}
               for w in state.player_wonders[player] if w != state.boxed_wonder]
    city = {
        "agent": AGENTS[player], "coins": state.coins[player],
        "cards": [card_info(db, c) for c in state.city[player]],
        "wonders": wonders, "progress_tokens": _tokens(db, state.player_tokens[player]),
        "science": {SCIENCE_SYMBOLS[k]: n for k, n in enumerate(state.science[player]) if n},
        "score": state.score_breakdown(player),
    }
    if db.pantheon is not None:
        pantheon = state.pantheon
        city["pantheon_tokens"] = [pantheon_token_name(db, t) for t in pantheon.tokens[player]]
        city["astarte"] = pantheon.astarte[player]
        city["divinities"] = [divinity_info(db, d) for d in pantheon.activated[player]]
    return city


def divinity_info(db, divinity: int) -> dict[str, Any]:
    d = db.pantheon.divinities[divinity]
    return {"id": divinity, "name": d.name, "mythology": MYTHOLOGIES[d.mythology] if d.mythology >= 0 else "Gate",
            "effects": [presentation.effect_text(e) for e in d.effects]}


def _pantheon(state, seat: int | None, legal: list[int]) -> dict[str, Any]:
    """The Pantheon as ``seat`` sees it: a face-down divinity by its mythology (its card to its placer)."""
    db, pantheon = state.db, state.pantheon
    tables = db.pantheon
    spaces = []
    for space, divinity in enumerate(pantheon.spaces):
        shown: dict[str, Any] = {"space": space, "face_up": bool(pantheon.space_face_up[space])}
        if divinity != EMPTY:
            shown["placed_by"] = AGENTS[pantheon.placed_by[space]] if pantheon.placed_by[space] >= 0 else None
            if pantheon.space_face_up[space] or pantheon.placed_by[space] == seat:
                shown["divinity"] = divinity_info(db, divinity)
            else:
                shown["mythology"] = MYTHOLOGIES[tables.divinities[divinity].mythology]
        if pantheon.space_face_up[space]:
            shown["prices"] = [state.activation_price(p, space, 0) for p in (0, 1)]
        spaces.append(shown)
    view = {"title": "The Pantheon", "spaces": spaces,  # not "Pantheon": a card of Age III
            "decks": decks_text(state),
            "minerva": pantheon.minerva, "notes": pantheon_notes(state), "choice": None}
    if state.phase == Phase.CHOOSE and seat == state.current and pantheon.choice != NONE:  # to the decider
        acts = action_table(db)  # the panel's items; Zeus's slots are chosen on the structure
        targets = {action: _target(state, action) for action in legal if acts.decode(action)[0] is ActionKind.CHOOSE}
        items = [{"target": target, "name": acts.item_name(action - acts.choose)}
                 for action, target in targets.items() if target.startswith("choice-")]
        view["choice"] = {"set": CHOICE_NAMES[pantheon.choice], "prompt": presentation.phase_text(state),
                          "items": items}
    return view


def conspiracy_info(db, conspiracy: int) -> dict[str, Any]:
    c = db.agora.conspiracies[conspiracy]
    return {"id": conspiracy, "name": c.name, "effects": [presentation.effect_text(e) for e in c.effects]}


def _chamber(state, chamber: int) -> dict[str, Any]:
    """A chamber as everyone sees it: its cubes, controller, VP and decrees (face down: their count only)."""
    db, senate = state.db, state.agora
    cubes = [senate.cubes[0][chamber], senate.cubes[1][chamber]]
    owner = 0 if cubes[0] > cubes[1] else 1 if cubes[1] > cubes[0] else NOBODY
    decrees = senate.decrees[chamber]
    face_up = bool(senate.decree_face_up[chamber])
    shown = {"chamber": chamber, "name": f"chamber {chamber + 1}", "vp": f"{db.agora.chamber_vp[chamber]} VP",
             "cubes": cubes, "controller": AGENTS[owner] if owner != NOBODY else None,
             "control_text": presentation.controller_text(owner),
             "decrees": [{"name": db.agora.decrees[d].name,
                          "effects": [presentation.effect_text(e) for e in db.agora.decrees[d].effects]}
                         for d in decrees] if face_up else []}
    if decrees and not face_up:
        shown["face_down"] = presentation.face_down_decrees_text(len(decrees))
    return shown


def _senate(state, seat: int | None, legal: list[int]) -> dict[str, Any]:
    """Agora's Senate and conspiracies as ``seat`` sees them: every chamber; its own conspiracies
    with their effects and the card each is prepared with, the conspiracies it drew while it keeps
    one; the other seat's by count only; the triggered ones (face up); the moves of its decision
    that no piece of the board plays (``choice``: the options, a card removed at setup ...)."""
    db, senate = state.db, state.agora
    cities = []
    for player in (0, 1):
        held = list(zip(senate.conspiracies[player], senate.prepared[player]))
        city: dict[str, Any] = {"agent": AGENTS[player],
                                "triggered": [conspiracy_info(db, c) for c in senate.triggered[player]]}
        if player == seat:
            city["own"] = [{**conspiracy_info(db, c), "prepared": presentation.prepared_text(db, card)}
                           for c, card in held]
        else:
            city["hidden"] = presentation.hidden_conspiracies_text(len(held), sum(card != EMPTY for _, card in held))
        cities.append(city)
    locked = [token_info(db, token) for token, locker, public in senate.locked if public or locker == seat]
    view = {"headings": presentation.SENATE_HEADINGS,
            "chambers": [_chamber(state, c) for c in range(len(senate.decrees))],
            "deck": len(senate.conspiracy_deck), "players": cities, "locked": locked,
            "supply": presentation.supply_text([db.agora.cubes_per_player - sum(senate.cubes[p]) for p in (0, 1)]),
            "drawn": [conspiracy_info(db, c) for c in senate.drawn] if seat is not None and seat == state.current
            else [], "choice": None}
    listed = [{"target": f"choice-{action}", "name": presentation.move_label(state, seat, action)}
              for action in legal if _target(state, action) == f"choice-{action}"]
    if listed:
        view["choice"] = {"prompt": presentation.phase_text(state), "items": listed}
    return view


def table(env, seat: int | None) -> dict[str, Any]:
    """The table as ``seat`` (0, 1, or None for a spectator) sees it."""
    state = env.unwrapped.state
    db = state.db
    looting = [{"victim": AGENTS[victim], "distance": distance, "coins": coins}
               for (victim, distance, coins), present in zip(LOOTING_TOKENS, state.looting) if present]
    if db.agora is not None:  # Agora's military tokens: influence for the player who moves the pawn onto them
        for token in looting:
            del token["coins"]
            token["effect"] = presentation.effects_text(db.agora.military_token_effects[token["distance"]])
    view: dict[str, Any] = {
        "phase": state.phase.name.lower(), "phase_text": presentation.phase_text(state), "age": state.age,
        "resource_names": dict(zip(RESOURCES, presentation.RESOURCE_NAMES)),
        "draft": [wonder_info(db, w) for w in state.draft_offer] if state.phase == Phase.DRAFT else [],
        "structure": _structure(state),
        "pawn": state.pawn, "looting": looting,
        "board_tokens": _tokens(db, state.board_tokens),
        "discard": [card_info(db, c) for c in state.discard],
        "cities": [_city(state, p) for p in (0, 1)],
        "boxed_wonder": wonder_info(db, state.boxed_wonder) if state.boxed_wonder != EMPTY else None,
        "library_offer": [],
    }
    if state.phase == Phase.LIBRARY and seat == state.current:
        view["library_offer"] = [token_info(db, t) for t in state.library_offer]
    deciding = not state.game_over and seat == state.current
    legal = env.unwrapped.game.legal_actions(state, seat) if deciding and (db.pantheon or db.agora) else []
    if db.pantheon is not None:
        view["pantheon"] = _pantheon(state, seat, legal)
    if db.agora is not None:
        view["senate"] = _senate(state, seat, legal)
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
    Library's draw; a wonder of the draft; the starter buttons); with Pantheon, a space of the
    Pantheon (an activation, with or without offerings), a card of the structure (Zeus's slot: a
    face-up card, or the back of a face-down one, ``back-<slot>``) or an item of the decision's panel;
    with Agora, a conspiracy of the seat's (a trigger) and the pieces of :func:`_agora_target`."""
    acts = action_table(state.db)
    kind, index, _ = acts.decode(action)
    if kind is ActionKind.ACTIVATE:
        return f"space-{index}"
    if kind is ActionKind.CHOOSE and state.db.agora is not None and state.agora.choice != NONE:
        return _agora_target(state, action, index)
    if kind is ActionKind.CHOOSE:
        item_kind, slot = acts.item_of(index)
        if item_kind is not Item.SLOT:
            return f"choice-{action}"
        return f"slot-{state.slot_card[slot]}" if state.face_up[slot] else f"back-{slot}"
    if kind is ActionKind.TRIGGER:
        return f"conspiracy-{index}"
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


def _agora_target(state, action: int, index: int) -> str:
    """The piece an item of Agora's decision is played with: a chamber (a cube placed or removed, a
    decree's chamber), the seat's cubes in a chamber (moved from there), a conspiracy (drawn or
    held), a wonder or a card of a city, a card of the structure or the discard pile, a progress
    token of the board or a city; else (the options, a card removed at setup, a token set aside)
    the item's entry in the Senate's list of moves (``choice-<action>``)."""
    acts = action_table(state.db)
    kind, item = acts.item_of(index)
    if kind is Item.CHAMBER:
        return f"chamber-{item}"
    if kind is Item.SENATE_MOVE:
        return f"cubes-{state.current}-{acts.senate_moves[item][0]}"
    if kind is Item.CONSPIRACY:
        return f"conspiracy-{item}"
    if kind is Item.WONDER:
        return f"wonder-{item}"
    if kind is Item.TOKEN and (state.board_tokens | state.player_tokens[0] | state.player_tokens[1]) >> item & 1:
        return f"token-{item}"
    if kind is Item.CARD:
        owners = [player for player in (0, 1) if state.owned[player][item]]
        if owners:
            return f"city-{owners[0]}-{item}"
        if item in state.discard:
            return f"discard-{item}"
        slots = [s for s, card in enumerate(state.slot_card) if card == item and state.face_up[s]]
        if slots:
            return f"slot-{item}"
    return f"choice-{action}"


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
        if state.db.agora is not None:  # Agora's military tokens: influence, no coins
            effects = state.db.agora.military_token_effects
            looted = [{"victim": AGENTS[victim], "effect": presentation.effects_text(effects[distance])}
                      for (victim, distance, _), before, now in zip(LOOTING_TOKENS, looting, state.looting)
                      if before and not now]
        events.append({"kind": "conflict", "pawn": state.pawn, "looted": looted})
    return events


def event(entry: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """A raw event as ``viewer`` saw it (everything in the base game is public; with Pantheon the
    item of another seat's hidden decision is dropped), with its sentence ``text`` for ``viewer``
    (the page shows it as it is)."""
    hidden = entry.get("set") in presentation.HIDDEN_CHOICES and (viewer is None or entry["agent"] != AGENTS[viewer])
    shown = {key: value for key, value in entry.items() if value is not None and not (hidden and key == "item")}
    shown["text"] = presentation.conflict_text(entry["pawn"], entry["looted"]) if entry["kind"] == "conflict" \
        else presentation.entry_text(entry, viewer)
    return shown


def recorded_action(env, agent: str, entries: list[dict[str, Any]]) -> int:
    """``agent``'s action now in a game whose next record entries are ``entries`` (the first one:
    every Duel decision is one entry), read with the table's names (:func:`.record.recorded_actions`).
    Raises ``ValueError`` for a missing or unknown one."""
    if not entries or entries[0].get("agent") != agent:
        raise ValueError(f"the record has no move of {agent} here")
    kind = entries[0].get("kind")
    if kind not in KIND_NAMES:
        raise ValueError(f"unknown action kind {kind!r} in {entries[0]}; kinds: {', '.join(KIND_NAMES)}")
    try:
        return recorded_actions({"actions": entries[:1]}, env.unwrapped.state.db)[0]
    except (KeyError, ValueError, TypeError, StopIteration, AttributeError) as error:
        raise ValueError(f"unknown move in action {entries[0]}: {error!r}") from None


def replay_options(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The env options that may have produced ``record``: its ``expansions`` (none for the base
    game), on each engine of the registry in turn (the first that plays the table replays it)."""
    return replay_tables(GAME, record)
