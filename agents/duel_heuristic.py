"""A hand-written 7 Wonders Duel strategy: value each move in victory points, minus what it opens.

The valuation is the core's (``core/duel/heuristic.cpp``; its header says what a move is worth):
one valuation, which reads a core game's state in place and a Python engine game's state through
the core's checked import (:func:`wonders_env.duel.compiled.core_state_of`). This module holds
what is tuned in Python: the constants, passed to the core by :func:`core_constants`, and what a
finished game is worth to the search agent's play-outs (:func:`search_returns`). The core knows the
base game's tables only: a game of a grown table (``tests/duel/test_duel_grown_table.py``) is
refused with a ``ValueError`` naming its edition, and so are the agents that read this valuation
(``heuristic``, the ``mcts`` priors). The expansion tables (Pantheon, Agora, both) are valued in
Python (:mod:`.expansion_valuation`).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any
from collections.abc import Sequence

import numpy as np

from wonders_env import core
from wonders_env.duel.cards import CARDS, PROGRESS_TOKENS, WONDER_COST, EffectKind
from wonders_env.duel.compiled import DuelStateView, core_engine, core_state_of
from wonders_env.duel.state import DuelState, Victory
from wonders_env.game import Game

from .search_values import win_and_margin

WIN = 100.0  # an immediate supremacy victory
# play-outs of the search agent: a civilian victory is worth (1 - w) x the share of the win + w x
# the score margin through a sigmoid of scale MARGIN_SCALE points; a supremacy is a plain win
MARGIN_SCALE, MARGIN_WEIGHT = 5.0, 0.2
SEARCH_WIDENING = 0.0  # the core search widens no node (wonders_agents.mcts): a Duel turn has few moves
COIN_VALUE = (0.55, 0.5, 0.4)  # by Age
POOR, POOR_PENALTY = 4, 0.3  # per coin below POOR left after paying (Ages I-II)
RESOURCE_UNIT_VALUE = (2.2, 1.4, 0.3)
RAISE_PRICE_VALUE = (0.5, 0.4, 0.1)  # per unit the opponent lacks: their price goes up
FIXED_PRICE_VALUE = (2.0, 1.3, 0.3)
CHOICE_VALUE = (2.5, 1.8, 0.5)
CHAIN_VALUE = (1.2, 0.8, 0.0)
SHIELD_VALUE = 0.7  # a step of the pawn beyond its points: pressure toward supremacy
NEW_SYMBOL_VALUE = (2.0, 1.6, 1.0)
PAIR_TOKEN_VALUE = 4.0
PLAY_AGAIN_VALUE = 2.5
DENIAL_WEIGHT = 0.6
FOLLOW_UP_WEIGHT = 0.5  # playing again: part of the best next move
FACE_DOWN_VALUE = 2.0  # a card whose face is unknown
TOKEN_SPECIAL_VALUE = {  # progress tokens whose effect is not points, coins or a symbol
    EffectKind.WONDER_DISCOUNT: 2.5, EffectKind.ECONOMY: 2.0, EffectKind.BLUE_DISCOUNT: 1.5,
    EffectKind.VP_PER_PROGRESS: 3.0, EffectKind.RED_EXTRA_SHIELD: 2.0,
    EffectKind.WONDERS_PLAY_AGAIN: 3.0, EffectKind.CHAIN_COINS: 1.5,
}
# per progress token, TOKEN_SPECIAL_VALUE of its effects (0 for one with none)
_TOKEN_SPECIAL = tuple(sum(TOKEN_SPECIAL_VALUE.get(effect.kind, 0.0) for effect in token.effects)
                       for token in PROGRESS_TOKENS)


def _demand() -> tuple[tuple[int, ...], ...]:
    """Per Age, the most units of each resource a card of that Age or later (or a wonder) costs."""
    rows = []
    for age in (1, 2, 3):
        costs = [c.cost for c in CARDS if c.age >= age] + list(WONDER_COST)
        rows.append(tuple(max(cost[r] for cost in costs) for r in range(5)))
    return tuple(rows)


DEMAND = _demand()


def action_values(state: DuelState | DuelStateView, player: int, legal: Sequence[int],
                  game: Game | None = None) -> np.ndarray:
    """The heuristic value, in VP-equivalents, of each legal action of ``player`` (who decides now):
    the core's valuation, on a core game's own state or on the core's checked import of a Python
    engine state; on a table with an expansion (Pantheon, Agora or both),
    :mod:`.expansion_valuation`'s, which steps ``game`` (the state's engine)."""
    if state.db.pantheon is not None or state.db.agora is not None:
        if game is None:
            raise ValueError("the valuation of an expansion table steps the state's engine: pass game=")
        from .expansion_valuation import action_values as expansion_values  # it reads this module's constants
        return expansion_values(game, state, player, legal)
    return compiled_valuation().action_values(core_state_of(state), player, list(legal))


def core_constants() -> dict[str, np.ndarray]:
    """This module's constants by name, as the core's valuation takes them (``HeuristicConstants`` in
    ``core/duel/heuristic.hpp``, which checks the names, lengths and values)."""
    constants = {"win": WIN, "coin_value": COIN_VALUE, "poor": POOR, "poor_penalty": POOR_PENALTY,
                 "resource_unit_value": RESOURCE_UNIT_VALUE, "raise_price_value": RAISE_PRICE_VALUE,
                 "fixed_price_value": FIXED_PRICE_VALUE, "choice_value": CHOICE_VALUE, "chain_value": CHAIN_VALUE,
                 "shield_value": SHIELD_VALUE, "new_symbol_value": NEW_SYMBOL_VALUE,
                 "pair_token_value": PAIR_TOKEN_VALUE, "play_again_value": PLAY_AGAIN_VALUE,
                 "denial_weight": DENIAL_WEIGHT, "follow_up_weight": FOLLOW_UP_WEIGHT,
                 "face_down_value": FACE_DOWN_VALUE, "token_special_value": _TOKEN_SPECIAL, "demand": DEMAND}
    return {name: np.asarray(value, np.float64).reshape(-1) for name, value in constants.items()}


def write_constants_file(path: Path) -> None:
    """:func:`core_constants` as text for the C++ sanitizer program (core/tests): one a line,
    ``name count values...`` (each value written to read back exactly)."""
    lines = [f"{name} {len(values)} {' '.join(repr(float(v)) for v in values)}"
             for name, values in core_constants().items()]
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")


@lru_cache(maxsize=1)
def compiled_valuation() -> Any:
    """The valuation (``wonders_env._core.duel.Heuristic``) on the core's
    engine: ``action_values(state, player, legal=None)`` and ``choose(state, player, seed)`` on a core
    state, and the batch's ``heuristic_actions`` (:meth:`wonders_env.vector.VectorEnv.core_batch`)."""
    return core.load().duel.Heuristic(core_engine(), core_constants())


def search_returns(game: Game, state: DuelState) -> list[float]:
    """What a finished game is worth to each player in the search agent's play-outs."""
    if state.victory != Victory.CIVILIAN:
        return game.returns(state)
    return win_and_margin(game, state, MARGIN_SCALE, MARGIN_WEIGHT)
