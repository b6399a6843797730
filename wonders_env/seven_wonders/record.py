"""The game record of 7 Wonders: a JSON-serialisable account of a game, as in ``shared/DESIGN.md``.

Action ``kind`` values: ``build``, ``wonder`` (the card is hidden under the stage), ``sell``
(3 coins), ``free_build`` (Olympia A), ``discard_build`` (Halicarnassus, from the discard pile),
``discard`` (a card left over at the end of an Age, discarded without coins). Every action has
``age``, ``turn`` (7 for Babylon's 7th card), ``agent`` (who decided; ``null`` for the Free
City's last pile card), ``seat`` (the city it was for), ``paid`` (coins to the ``left`` and
``right`` neighbours and to the ``bank``) and ``paid_to`` (who received them: one
``{"seat", "agent", "coins"}`` per neighbour paid, ``agent`` ``null`` for the Free City).
``payment`` is the payment mode: ``"cheapest"`` (the engine paid) or ``"choose"`` (the deciding
``agent`` chose whom to pay).
"""

from __future__ import annotations

from .scoring import score_breakdown, winners
from .state import GameState, Phase


def game_record(state: GameState) -> dict:
    """The record of the game so far; scores are those of the cities as they stand."""
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
            "score": score_breakdown(state, seat),
        })
    return {
        "game": "seven_wonders",
        "env": "seven_wonders_v0",
        "edition": db.edition,
        "seed": state.seed,
        "num_players": state.num_players,
        "payment": state.payment,
        "variant": "two_player" if state.free_city >= 0 else "standard",
        "finished": finished,
        "winners": [f"player_{seat}" for seat in winners(state)] if finished else [],
        "players": players,
        "actions": [dict(entry) for entry in state.log],
    }
