"""The Duel heuristic's valuation of the expansion tables: each move by the position it leads to.

The base game's valuation is the core's (:mod:`.duel_heuristic`), which knows the base tables only;
on a table with Pantheon, Agora or both every move is valued here, in Python, on either engine's
state through the engine's own ``clone`` and ``apply_actions``: a move is worth the
:func:`position_value` of the position after it, for the player who moves. Where the move opens a
decision of the same player (a divinity's power, a Politician's Senate actions, a conspiracy's
choices, the placement after a drawn token), the move is worth its best continuation, at most
:data:`LOOKAHEAD` decisions deep, except where the decision opened shows divinities the move draws
unseen (:data:`.pantheon_valuation.UNSEEN_DRAWS`) or the move turned up a decree the player has not
seen (:func:`.agora_valuation.shows_unseen`).

The position counts, for the player less the opponent: the score as it stands (divinities, Astarte,
Grand Temples, the Senate's chambers included), coins, production, the pawn, distinct science
symbols, and each expansion's part: the Pantheon's (:func:`.pantheon_valuation.pantheon_value`) and
Agora's (:func:`.agora_valuation.agora_value`), each reading only what the player may know (the
pawn and its military points without the pull of a shield decree the player has not seen:
:func:`.agora_valuation.unseen_pull`; a military token or supremacy that pull reached is still read).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from wonders_env.duel.actions import ActionKind, action_table
from wonders_env.duel.scoring import military_points
from wonders_env.duel.state import Phase, choosing

from .agora_valuation import Sight, agora_value, shows_unseen, unseen_pull
from .duel_heuristic import COIN_VALUE, NEW_SYMBOL_VALUE, RESOURCE_UNIT_VALUE, SHIELD_VALUE, WIN
from .pantheon_valuation import FREE_ACTIVATION, UNSEEN_DRAWS, mean_worth, pantheon_value

LOOKAHEAD = 3  # decisions of the same player followed after a move


def position_value(game: Any, state: Any, player: int, sight: Sight | None = None) -> float:
    """What ``state`` is worth to ``player`` less what it is worth to the opponent (VP-equivalents);
    on an Agora table by what the player saw (``sight``; None: what they see in ``state``)."""
    if game.is_over(state):
        winners = game.winners(state)
        if len(winners) == 2:
            return 0.0
        return WIN if player in winners else -WIN
    age = max(state.age, 1) - 1
    value, pawn = 0.0, state.pawn
    if state.db.pantheon is not None:
        value += pantheon_value(state, player, age)
    if state.db.agora is not None:
        sight = sight or Sight.of(state, player)
        value += agora_value(state, player, age, sight)
        pawn -= unseen_pull(state, sight)
    values = [_player_value(state, p, age, pawn) for p in (0, 1)]
    return value + values[player] - values[1 - player] + SHIELD_VALUE * (pawn if player == 0 else -pawn)


def _player_value(state: Any, p: int, age: int, pawn: int) -> float:
    """``p``'s score (its military points by ``pawn``), coins, production and science symbols."""
    science = sum(1 for count in state.science[p] if count)
    production = sum(state.production[p]) + state.raw_choices[p] + state.manufactured_choices[p]
    score = state.score_breakdown(p)
    return (score["total"] - score["military"] + military_points(pawn, p) + COIN_VALUE[age] * state.coins[p]
            + RESOURCE_UNIT_VALUE[age] * production + NEW_SYMBOL_VALUE[age] * science)


def action_values(game: Any, state: Any, player: int, legal: Sequence[int]) -> np.ndarray:
    """The value of each legal action of ``player`` (who decides now) on an expansion table.

    A conspiracy triggered at the start of the turn is followed by the turn's play: it is worth what
    it and its choices change in the position, plus the best of the other moves now (which play)."""
    sight = Sight.of(state, player) if state.db.agora is not None else None
    values = np.array([_move_value(game, state, player, action, LOOKAHEAD, sight) for action in legal])
    if state.db.agora is not None and state.phase != Phase.CHOOSE:
        decode = action_table(state.db).decode
        triggers = np.array([decode(action)[0] is ActionKind.TRIGGER for action in legal])
        if triggers.any() and not triggers.all():
            now = position_value(game, state, player, sight)
            values[triggers] += values[~triggers].max() - now
    return values


def _move_value(game: Any, state: Any, player: int, action: int, depth: int, sight: Sight | None) -> float:
    after = game.clone(state)
    game.apply_actions(after, {player: action})
    if game.is_over(after) or after.phase != Phase.CHOOSE or after.current != player:
        return position_value(game, after, player, sight)
    if sight is not None and shows_unseen(after, sight):  # the move turned up a decree the player has not seen
        return position_value(game, after, player, sight)
    choice = choosing(after)
    if choice in UNSEEN_DRAWS:  # the move draws divinities the player has not seen: a free one's mean worth
        free = mean_worth(state.db.pantheon) if choice in FREE_ACTIVATION else 0.0
        return position_value(game, after, player, sight) + free
    if depth == 1:
        return position_value(game, after, player, sight)
    return max(_move_value(game, after, player, follow, depth - 1, sight)
               for follow in game.legal_actions(after, player))
