"""What the search agent needs to know about each game: one small adapter per game.

An adapter turns the env into a root state and a player, resamples hidden information through
the engine's own ``determinize``, lists who acts and what is legal, applies joint actions,
scores finished games, and supplies the heuristic as prior and play-out policy. The search
(:mod:`agents.mcts`) never touches a state the adapter did not hand it.
"""

from __future__ import annotations

import math
from typing import Any, Protocol

import numpy as np


class SearchGame(Protocol):
    """The game interface of :class:`agents.mcts.MCTSAgent`."""

    #: True when every player's decisions are tree nodes (turn-based, public moves); False when
    #: only the searching player's are (simultaneous, hidden choices: the others follow the policy)
    tree_for_all: bool

    def root(self, env: Any) -> tuple[Any, int]:
        """The env's true state (only to be passed to :meth:`determinize`) and the deciding player."""

    def determinize(self, state: Any, player: int, rng: np.random.Generator) -> Any:
        """A copy with everything ``player`` cannot see redrawn."""

    def to_act(self, state: Any) -> list[int]:
        """The players deciding now (empty when the game is over)."""

    def legal(self, state: Any, player: int) -> list[int]:
        """``player``'s legal actions."""

    def apply(self, state: Any, actions: dict[int, int]) -> None:
        """Play one action per deciding player."""

    def returns(self, state: Any) -> list[float]:
        """Per player, the value in [0, 1] of a finished game."""

    def values(self, state: Any, player: int, legal: list[int]) -> np.ndarray:
        """Heuristic values of ``legal`` (VP-like units): priors and play-out policy."""


def win_and_margin(winners: list[int], totals: list[int], players: int, margin_scale: float,
                   margin_weight: float) -> list[float]:
    """Per player: ``(1 - w)`` x the share of the win + ``w`` x a sigmoid of the score margin over
    the best other player (``w = margin_weight``). In [0, 1]."""
    result = []
    for p in range(players):
        share = 1.0 / len(winners) if p in winners else 0.0
        best_other = max(totals[q] for q in range(players) if q != p)
        margin = 1.0 / (1.0 + math.exp(-(totals[p] - best_other) / margin_scale))
        result.append((1 - margin_weight) * share + margin_weight * margin)
    return result


class SevenWondersSearch:
    """7 Wonders: simultaneous choices, so only the searching player's decisions form the tree."""

    tree_for_all = False
    MARGIN_SCALE, MARGIN_WEIGHT = 5.0, 0.4

    def __init__(self) -> None:
        from wonders_env.seven_wonders import determinize, rules, scoring
        from wonders_env.seven_wonders.state import Phase
        from . import seven_wonders_heuristic
        self._rules, self._scoring, self._determinize = rules, scoring, determinize.determinize
        self._over = Phase.GAME_OVER
        self._heuristic = seven_wonders_heuristic

    def root(self, env: Any) -> tuple[Any, int]:
        raw = env.unwrapped
        return raw.state, raw.agent_seat[env.agent_selection]

    def determinize(self, state: Any, player: int, rng: np.random.Generator) -> Any:
        return self._determinize(state, player, rng)

    def to_act(self, state: Any) -> list[int]:
        return [] if state.phase == self._over else self._rules.acting_seats(state)

    def legal(self, state: Any, player: int) -> list[int]:
        return np.flatnonzero(self._rules.legal_action_mask(state, player)).tolist()

    def apply(self, state: Any, actions: dict[int, int]) -> None:
        self._rules.play(state, actions)

    def returns(self, state: Any) -> list[float]:
        players = state.num_players
        totals = [self._scoring.score_breakdown(state, p)["total"] for p in range(players)]
        return win_and_margin(self._scoring.winners(state), totals, players, self.MARGIN_SCALE,
                              self.MARGIN_WEIGHT)

    def values(self, state: Any, player: int, legal: list[int]) -> np.ndarray:
        return self._heuristic.action_values(state, player, np.asarray(legal))


class DuelSearch:
    """7 Wonders Duel: turn-based with public moves, so both players' decisions form the tree."""

    tree_for_all = True
    MARGIN_SCALE, MARGIN_WEIGHT = 5.0, 0.2

    def __init__(self) -> None:
        from wonders_env.duel import rules, scoring, state
        from . import duel_heuristic
        self._rules, self._scoring, self._state = rules, scoring, state
        self._heuristic = duel_heuristic

    def root(self, env: Any) -> tuple[Any, int]:
        state = env.unwrapped.state
        return state, state.current

    def determinize(self, state: Any, player: int, rng: np.random.Generator) -> Any:
        return self._state.determinize(state, player, rng)

    def to_act(self, state: Any) -> list[int]:
        return [] if state.phase == self._state.Phase.GAME_OVER else [state.current]

    def legal(self, state: Any, player: int) -> list[int]:
        return self._rules.legal_actions(state)

    def apply(self, state: Any, actions: dict[int, int]) -> None:
        (action,) = actions.values()
        self._rules.resolve_action(state, action)

    def returns(self, state: Any) -> list[float]:
        winners = list(state.winners)
        if state.victory != self._state.Victory.CIVILIAN:
            return [1.0 if p in winners else 0.0 for p in (0, 1)]
        totals = [self._scoring.score(state, p)["total"] for p in (0, 1)]
        return win_and_margin(winners, totals, 2, self.MARGIN_SCALE, self.MARGIN_WEIGHT)

    def values(self, state: Any, player: int, legal: list[int]) -> np.ndarray:
        return self._heuristic.action_values(state, legal)


def search_game(game: str) -> SearchGame:
    """The adapter of a canonical game name."""
    return DuelSearch() if game == "seven_wonders_duel" else SevenWondersSearch()
