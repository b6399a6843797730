"""The game record of 7 Wonders: a JSON-serialisable account of a game (a public contract: tools
read it, so its fields only ever grow).

Top level: ``game`` (``"seven_wonders"``), ``env`` (``"seven_wonders_v0"``), ``edition``,
``seed`` (the game's deal: ``reset(seed=...)`` of either engine, a ``vector`` row and the web app
deal it alike, so the seed and the actions replay the game; ``null`` for a game started from an
explicit deal and for a determinization, whose hidden cards are not its seed's deal), ``deal``
(how the seed is dealt: ``"splitmix64"``, :data:`wonders_env.deal_rng.DEAL_NAME`; records written
before a seed was one game have none), ``num_players``, ``variant`` (``"standard"``, or
``"two_player"`` with the Free City), ``finished``, ``winners`` (agent names; several on a shared
victory; empty while the game runs), ``players`` and ``actions``.

Each player (one per seat, the Free City included with ``"agent": null``): ``seat``, ``agent``,
``left`` and ``right`` (the neighbours' seats), ``wonder`` (the city), ``side``, ``stages_built``,
``buildings`` (card names, in the order built), ``coins``, ``military_tokens`` (+1/+3/+5
victories, -1 defeats) and ``score`` (the seven categories ``military``, ``treasury``,
``wonder``, ``civilian``, ``science``, ``commercial``, ``guilds`` and ``total``, as they stand).
Card and city names are spelled as in the data tables.

Action ``kind`` values: ``build``, ``wonder`` (the card is hidden under the stage), ``sell``
(3 coins), ``free_build`` (Olympia A), ``discard_build`` (Halicarnassus, from the discard pile),
``discard`` (a card left over at the end of an Age, discarded without coins). Every action has
``age``, ``turn`` (7 for Babylon's 7th card), ``agent`` (who decided; ``null`` for the Free
City's last pile card), ``seat`` (the city it was for), ``paid`` (coins to the ``left`` and
``right`` neighbours and to the ``bank``) and ``paid_to`` (who received them: one
``{"seat", "agent", "coins"}`` per neighbour paid, ``agent`` ``null`` for the Free City).
``payment`` is the payment mode: ``"cheapest"`` (the engine paid) or ``"choose"`` (the deciding
``agent`` chose whom to pay).

With Leaders the record also has ``expansions`` (``["leaders"]``; base records have no such key, as
before), each player ``leaders`` (the recruited leaders' names, in order) and ``copied_leader`` (the
Courtesans Guild's, or ``null``), and the score its ``leaders`` line. Its action kinds: ``draft`` (a
leader kept in the draft; the last one, received without a choice, is not logged), ``recruit``
(paid to the ``bank``; also Roma B's recruit at once), ``leader_wonder`` (a stage built with a leader,
hidden under it), ``leader_discard`` (3 coins), ``copy_leader`` (the Courtesans Guild); their ``card``
is the leader's name, their ``turn`` 0 in the draft and the recruitment turns.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..deal_rng import DEAL_NAME
from .actions import LEADER_KINDS, ActionKind, encode_action, encode_leader_action
from .state import Phase, SevenWondersState, rules_of


def game_record(state: SevenWondersState) -> dict:
    """The record of the game so far; scores are those of the cities as they stand (a Python
    engine state or a core state: :func:`.state.rules_of` scores it)."""
    rules = rules_of(state)
    db = state.db
    finished = state.phase == Phase.GAME_OVER
    players = []
    for seat in range(state.num_seats):
        board = state.wonders[seat]
        players.append({
            "seat": seat,
            "agent": f"player_{seat}" if seat < state.num_players else None,
            "left": state.left_of(seat),
            "right": state.right_of(seat),
            "wonder": board.city,
            "side": board.side,
            "stages_built": state.stages_built[seat],
            "buildings": [db.types[db.cards[card].type].name for card in state.built[seat]],
            "coins": state.coins[seat],
            "military_tokens": list(state.military_tokens[seat]),
            "score": rules.score_breakdown(state, seat),
        })
        if db.num_leaders:
            players[-1]["leaders"] = [db.leaders[leader].name for leader in state.recruited[seat]]
            copied = state.copied_leader[seat]
            players[-1]["copied_leader"] = db.leaders[copied].name if copied >= 0 else None
    record = {
        "game": "seven_wonders",
        "env": "seven_wonders_v0",
        "edition": db.edition,
        "seed": state.seed,
        "deal": DEAL_NAME,
        "num_players": state.num_players,
        "payment": state.payment,
        "variant": "two_player" if state.free_city >= 0 else "standard",
        "finished": finished,
        "winners": [f"player_{seat}" for seat in rules.winners(state)] if finished else [],
        "players": players,
        "actions": [record_entry(entry) for entry in state.log],
    }
    if db.num_leaders:
        record["expansions"] = list(db.expansions)
    return record


def record_entry(entry: Mapping[str, Any]) -> dict[str, Any]:
    """A plain copy of a log entry, nothing shared with the state (a compiled view's entries are
    read-only, a Python state's are its own): a record may be changed freely."""
    return {**entry, "paid": {**entry["paid"]}, "paid_to": [{**payee} for payee in entry["paid_to"]]}


def recorded_action(state: SevenWondersState, player: int, entries: list[dict[str, Any]]) -> int | None:
    """``player``'s action now in a game whose next record entries are ``entries``: the card move
    it recorded for the city it decides for (in the payment phase, the payment that move
    recorded); ``None`` if they hold none. An entry naming no known card or kind raises
    ``ValueError``."""
    db = state.db
    city = rules_of(state).acting_city(state, player)
    agent = f"player_{player}"
    entry = next((e for e in entries if e.get("agent") == agent and e.get("seat") == city
                  and e.get("kind") != "discard"), None)
    if entry is None:
        return None
    try:
        if state.phase == Phase.PAYMENT:
            return encode_action(ActionKind.PAY, int(entry["paid"]["left"]), db.num_types)
        kind = ActionKind[str(entry.get("kind")).upper()]
        if kind in LEADER_KINDS:
            return encode_leader_action(kind, db.leader_of(entry.get("card")), db.num_types, state.payment,
                                        db.num_leaders)
        return encode_action(kind, db.type_of(entry.get("card")), db.num_types)
    except (KeyError, ValueError, TypeError) as error:
        raise ValueError(f"unknown action {entry}: {error}") from None
