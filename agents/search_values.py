"""What a finished game is worth in the search agent's play-outs, beyond win or loss.

A play-out scored only by who won says little in a game that is rarely close to decided; the
heuristics (:mod:`wonders_agents.seven_wonders_heuristic`, :mod:`wonders_agents.duel_heuristic`) add the score
margin through :func:`win_and_margin`, with their own scale and weight.
"""

from __future__ import annotations

import math
from typing import Any

from wonders_env.game import Game


def win_and_margin(game: Game, state: Any, margin_scale: float, margin_weight: float) -> list[float]:
    """Per player of a finished game: ``(1 - w)`` x its share of the win + ``w`` x a sigmoid of its
    score margin over the best other player (``w = margin_weight``). In [0, 1]."""
    totals = [game.score_breakdown(state, p)["total"] for p in range(game.num_players)]
    return margin_returns(totals, game.returns(state), margin_scale, margin_weight)


def margin_returns(totals: list[int], shares: list[float], margin_scale: float, margin_weight: float) -> list[float]:
    """:func:`win_and_margin` from the players' point totals and win shares."""
    result = []
    for p, share in enumerate(shares):
        best_other = max(totals[q] for q in range(len(totals)) if q != p)
        margin = 1.0 / (1.0 + math.exp(-(totals[p] - best_other) / margin_scale))
        result.append((1 - margin_weight) * share + margin_weight * margin)
    return result
