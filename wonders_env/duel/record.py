"""The JSON-serialisable game record of 7 Wonders Duel (a public contract: tools read it, so its
fields only ever grow).

Top level: ``game``, ``env``, ``seed`` (the game's deal: ``reset(seed=...)`` of either engine, a
``vector`` row and the web app deal it alike, so the seed and the actions replay the game; ``null``
only for a game started from an explicit deal), ``deal`` (how the seed is dealt: ``"splitmix64"``,
:data:`wonders_env.deal_rng.DEAL_NAME`; records written before a seed was one game have none),
``finished``, ``victory`` (``"civilian"``,
``"military"``, ``"science"``, with Agora ``"political"``; ``null`` while the game runs), ``winners`` (both agents on a
shared victory, empty while the game runs), ``conflict_pawn`` (> 0: toward player_1's capital),
``players`` and ``actions``.

Each player: ``agent``, ``coins``, ``buildings`` (in the order built), ``wonders_built``,
``wonders_unbuilt`` (a wonder boxed by the 7-wonder limit is in neither), ``progress_tokens``
(in the order taken) and ``score`` (the eight categories and ``total``, as they stand).

Each action: ``agent``, ``kind``, ``card`` (a card name or ``null``) and ``paid`` (coins the
player paid for it), plus, by kind:

=============  ==================================================================
kind           meaning
=============  ==================================================================
``draft``      took ``wonder`` in the wonder draft
``build``      built ``card`` from the structure
``sell``       discarded ``card`` from the structure for coins
``wonder``     built ``wonder`` with ``card`` under it
``progress``   took progress ``token`` from the board (a science pair)
``destroy``    put the opponent's ``card`` in the discard pile (Statue of Zeus, Circus Maximus)
``mausoleum``  built ``card`` from the discard pile for free
``library``    kept progress ``token`` from the Great Library's draw
``starter``    chose ``starter`` (an agent) to begin the next Age
``activate``   Pantheon: activated ``divinity`` of Pantheon ``space`` (1-6), spending the
               offering tokens ``offerings`` (their values, e.g. ``[-2, -3]``)
``choose``     Pantheon, Agora: chose ``item`` (a name) of the kind ``item_kind``
               (``card``, ``wonder``, ``token``, ``divinity``, ``space``,
               ``mythology``, ``track``, ``military_token``, ``slot``, ``chamber``,
               ``senate_move``, ``conspiracy``, ``option``) from the named set ``set``
               (``state.Choice``, e.g. ``place_divinity``, ``senate_action``); Zeus
               chooses a ``slot`` of the structure (``"slot 7"``), and the entry's
               ``card`` names the card it discarded (public once in the discard pile)
``prepare``    Agora: took ``card`` from the structure to prepare a conspiracy
``trigger``    Agora: triggered the prepared ``conspiracy`` at the start of the turn
=============  ==================================================================

A record of a table with expansions names them at the top level, ``expansions`` (e.g.
``["pantheon"]``; absent for the base game, whose records are unchanged), and with Pantheon each
player also has ``divinities`` (activated, in order), ``pantheon_tokens`` (the mythology tokens
by mythology and the offering tokens by value, e.g. ``["Greek", "-3"]``) and ``astarte_coins``;
the score has a ninth category, ``divinities`` (:mod:`.scoring`). With Agora each player also has
``senate_cubes`` (per chamber 1-6), ``conspiracies`` (held, in the order kept) and
``conspiracies_triggered``; the score has the category ``senate``. The record names every item of
the game, hidden ones included (a divinity placed face down): it is the game's full log.
"""

from __future__ import annotations

from typing import Any

from ..deal_rng import DEAL_NAME
from .actions import ITEM_NAMES, KIND_INDEX, KIND_NAMES, STARTER_ME, ActionKind, Item, action_table
from .cards import DuelDatabase
from .state import CHOICE_NAMES, VICTORY_NAMES, DuelState

AGENTS = ("player_0", "player_1")
GAME_NAME, ENV_NAME = "seven_wonders_duel", "seven_wonders_duel_v0"


def action_entry(db: DuelDatabase, player: int, action: int, paid: int) -> dict[str, Any]:
    """One move of the record, named with ``db``'s tables."""
    acts = action_table(db)
    kind, index, wonder = acts.decode(action)
    entry: dict[str, Any] = {"agent": AGENTS[player], "kind": KIND_NAMES[kind], "card": None, "paid": paid}
    field = KIND_INDEX[kind]
    if field == "starter":
        entry["starter"] = AGENTS[player if index == STARTER_ME else 1 - player]
    elif kind is ActionKind.ACTIVATE:
        tables = db.pantheon
        entry["space"] = index + 1
        entry["offerings"] = [-tables.tokens[t].discount for i, t in enumerate(tables.offering_tokens)
                              if wonder >> i & 1]
    elif kind is ActionKind.CHOOSE:
        entry["item"], entry["item_kind"] = acts.item_name(index), ITEM_NAMES[acts.item_of(index)[0]]
    else:
        entry[field] = _named(db)[field][index].name
    if kind is ActionKind.WONDER:
        entry["wonder"] = db.wonders[wonder].name
    return entry


def _named(db: DuelDatabase) -> dict[str, tuple]:
    """The rows an entry's field names, by the field."""
    return {"card": db.cards, "wonder": db.wonders, "token": db.progress_tokens,
            "conspiracy": db.agora.conspiracies if db.agora else ()}


def log_entries(state: DuelState, start: int = 0) -> list[dict[str, Any]]:
    """The record entries of ``state.log[start:]``, each named as in the record (with Pantheon, an
    ``activate`` entry names its ``divinity``, a ``choose`` entry its ``set`` and Zeus's its ``card``)."""
    db = state.db
    entries = [action_entry(db, player, action, paid) for player, action, paid in state.log]
    if db.agora is not None:
        for index, choice in state.agora.choice_log:
            entries[index]["set"] = CHOICE_NAMES[choice]
    if db.pantheon is not None:
        tables, pantheon = db.pantheon, state.pantheon
        from_spaces, sets = iter(pantheon.space_activations), iter(pantheon.choice_log)
        zeus_cards = iter(pantheon.zeus_cards)
        for entry in entries:
            if entry["kind"] == "activate":
                entry["divinity"] = tables.divinities[next(from_spaces)].name
            elif entry["kind"] == "choose" and "set" not in entry:  # a Pantheon set (not Agora's)
                entry["set"] = CHOICE_NAMES[next(sets)]
                if entry["item_kind"] == ITEM_NAMES[Item.SLOT]:
                    entry["card"] = db.cards[next(zeus_cards)].name
    return entries[start:]


def _pantheon_players(state: DuelState, record: dict[str, Any]) -> None:
    """Each player's Pantheon fields."""
    tables, pantheon = state.db.pantheon, state.pantheon
    for p, player in enumerate(record["players"]):
        player["divinities"] = [tables.divinities[d].name for d in pantheon.activated[p]]
        player["pantheon_tokens"] = [tables.tokens[t].name for t in pantheon.tokens[p]]
        player["astarte_coins"] = pantheon.astarte[p]


def _agora_players(state: DuelState, record: dict[str, Any]) -> None:
    """Each player's Senate fields."""
    tables, senate = state.db.agora, state.agora
    for p, player in enumerate(record["players"]):
        player["senate_cubes"] = list(senate.cubes[p])
        player["conspiracies"] = [tables.conspiracies[c].name for c in senate.conspiracies[p]]
        player["conspiracies_triggered"] = [tables.conspiracies[c].name for c in senate.triggered[p]]


def game_record(state: DuelState) -> dict[str, Any]:
    """The record of the game so far (final scores once it is over), of either engine's state (a
    :class:`.state.DuelState` or the core's view, which give their own scores)."""
    db = state.db
    acts = action_table(db)
    tokens_taken: list[list[str]] = [[], []]
    for player, action, _ in state.log:
        kind, index, _ = acts.decode(action)
        if kind in (ActionKind.PROGRESS, ActionKind.LIBRARY):
            tokens_taken[player].append(db.progress_tokens[index].name)
    players = []
    for p in (0, 1):
        players.append({
            "agent": AGENTS[p],
            "coins": state.coins[p],
            "buildings": [db.cards[c].name for c in state.city[p]],
            "wonders_built": [db.wonders[w].name for w in state.player_wonders[p] if state.wonder_built[w]],
            "wonders_unbuilt": [db.wonders[w].name for w in state.player_wonders[p]
                                if not state.wonder_built[w] and w != state.boxed_wonder],
            "progress_tokens": tokens_taken[p],
            "score": state.score_breakdown(p),
        })
    record = {
        "game": GAME_NAME, "env": ENV_NAME, "seed": state.seed, "deal": DEAL_NAME, "finished": state.game_over,
        "victory": VICTORY_NAMES.get(state.victory),
        "winners": [AGENTS[p] for p in state.winners],
        "conflict_pawn": state.pawn,
        "players": players,
        "actions": log_entries(state),
    }
    if db.expansions:
        record["expansions"] = list(db.expansions)
    if db.pantheon is not None:
        _pantheon_players(state, record)
    if db.agora is not None:
        _agora_players(state, record)
    return record


def recorded_actions(record: dict[str, Any], db: DuelDatabase) -> list[int]:
    """The action numbers of a record's ``actions``, read back from their names with ``db``'s tables
    (those the record's ``expansions`` name): with the record's ``seed`` they replay its game."""
    acts = action_table(db)
    items = {field: {row.name: row.id for row in rows} for field, rows in _named(db).items()}
    numbers = []
    for entry in record["actions"]:
        kind = ActionKind(KIND_NAMES.index(entry["kind"]))
        if kind is ActionKind.STARTER:
            numbers.append(acts.encode(kind, STARTER_ME if entry["starter"] == entry["agent"] else 1 - STARTER_ME))
        elif kind is ActionKind.WONDER:
            numbers.append(acts.encode(kind, db.card_ids[entry["card"]], db.wonder_ids[entry["wonder"]]))
        elif kind is ActionKind.ACTIVATE:
            tables = db.pantheon
            bits = sum(1 << i for i, t in enumerate(tables.offering_tokens) if -tables.tokens[t].discount
                       in entry["offerings"])
            numbers.append(acts.encode(kind, entry["space"] - 1, bits))
        elif kind is ActionKind.CHOOSE:
            item = Item(ITEM_NAMES.index(entry["item_kind"]))
            index = next(i for i in range(acts.item_sizes[item])
                         if acts.item_name(acts.item_offsets[item] + i) == entry["item"])
            numbers.append(acts.item(item, index))
        else:
            numbers.append(acts.encode(kind, items[KIND_INDEX[kind]][entry[KIND_INDEX[kind]]]))
    return numbers
