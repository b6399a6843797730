"""Who holds each seat of a training batch's games, shared by the self-play scripts.

A rollout's ``[games, seats]`` array of controller codes says who plays each seat: the learner
(:data:`LEARNER_CODE`), the ``random`` or ``heuristic`` baseline, or (``>= 0``) a snapshot of the
opponent pool by its index. :func:`draw_codes` draws them when games start; :class:`Seats` holds
them for a batch and gives the heuristic seats their moves.
"""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np

from wonders_agents import make_agent
from wonders_agents.heuristic import valuation
from wonders_training.game_options import GameArgs, table_expansions
from wonders_env import vector


class OpponentWeights(Protocol):
    """The arguments of a run that weigh who holds the seats (see :func:`draw_codes`)."""

    self_play_prob: float
    opponent_snapshot: float
    opponent_heuristic: float
    opponent_random: float


# the codes of the controllers in a rollout's [games, seats] array (>= 0: a snapshot index of the pool)
LEARNER_CODE, RANDOM_CODE, HEURISTIC_CODE = -1, -2, -3


def draw_codes(args: OpponentWeights, num_players: int, pool_len: int, rng: np.random.Generator,
               count: int) -> np.ndarray:
    """Who holds each seat of ``count`` new games: their controller codes, ``(count, num_players)``,
    drawn in a few array operations whatever ``count`` is. With probability ``self_play_prob`` the
    learner holds every seat; otherwise it holds one random seat and each other seat is drawn from
    snapshots (only once the pool has ``pool_len`` > 0), ``heuristic`` and ``random`` by their weights."""
    weights = np.array([args.opponent_snapshot if pool_len else 0.0, args.opponent_heuristic,
                        args.opponent_random], dtype=np.float64)
    self_play = rng.random(count) < args.self_play_prob
    learner_seat = rng.integers(num_players, size=count)
    kinds = rng.choice(3, size=(count, num_players), p=weights / weights.sum() if weights.any() else None)
    snapshots = rng.integers(max(pool_len, 1), size=(count, num_players))
    codes = np.select([kinds == 0, kinds == 1], [snapshots, HEURISTIC_CODE], RANDOM_CODE)
    codes[np.arange(count), learner_seat] = LEARNER_CODE
    codes[self_play] = LEARNER_CODE
    return codes


class Seats:
    """Who holds each seat of each game of the batch (the ``[games, seats]`` controller codes) and
    how the heuristic seats get their moves, on the batch's core games (no Python engine):

    * the game's valuation is the core's (Duel): it reads the batch's games where they stand
      (``core_batch.heuristic_actions``); its ties are broken by a seed drawn from the run's
      generator when the game starts, so a rollout replays from the run's generator;
    * otherwise (7 Wonders, and any table with expansions): a :class:`wonders_agents.heuristic.HeuristicAgent`
      per seat reads a copy of the game as the batch's engine's state
      (:meth:`wonders_env.vector.VectorEnv.state`), one per game and tick (the one per-game loop of a
      tick, for this baseline only).
    """

    def __init__(self, venv: vector.VectorEnv, args: GameArgs) -> None:
        self.venv = venv
        self.game = args.game
        self.codes = np.zeros((venv.num_envs, venv.num_players), np.int64)
        self.compiled = compiled_heuristic(args.game, table_expansions(args))
        if self.compiled is not None:
            self.tie_seeds = np.zeros((venv.num_envs, venv.num_players), np.uint64)
        else:
            self.heuristics: dict[tuple[int, int], Any] = {}

    def deal(self, games: np.ndarray, codes: np.ndarray, rng: np.random.Generator) -> None:
        """Seat the controllers ``codes`` (``(len(games), seats)``) at ``games``, which stand before
        their first move; the heuristics' seeds come from ``rng``."""
        self.codes[games] = codes
        if self.compiled is not None:
            self.tie_seeds[games] = rng.integers(2**63, size=codes.shape, dtype=np.uint64)
            return
        for game, row in zip(games.tolist(), codes):
            for seat in range(len(row)):
                self.heuristics.pop((game, seat), None)
            for seat in np.flatnonzero(row == HEURISTIC_CODE).tolist():
                self.heuristics[game, seat] = make_agent("heuristic", game=self.game, seed=int(rng.integers(2**31)))

    def heuristic_moves(self, acting: np.ndarray, actions: np.ndarray) -> None:
        """The heuristics' moves into ``actions`` (the seats of ``acting`` they hold)."""
        held = acting & (self.codes == HEURISTIC_CODE)
        if self.compiled is not None:
            if held.any():
                self.venv.core_batch.heuristic_actions(self.compiled, held, self.tie_seeds, actions)
            return
        engine = self.venv.engine
        for game in np.flatnonzero(held.any(axis=1)).tolist():
            state = self.venv.state(game)
            for seat in np.flatnonzero(held[game]).tolist():
                actions[game, seat] = self.heuristics[game, seat].choose(engine, state, seat)


def compiled_heuristic(game: str, expansions: tuple[str, ...] = ()) -> Any:
    """The core's object of ``game``'s heuristic valuation (``compiled_valuation()`` of its module),
    or None for a game without one, and for a table with expansions: the core's valuation weighs the
    base game only (the agent weighs an expansion's decisions, e.g. the Duel heuristic the Pantheon's)."""
    module = valuation(game)
    return module.compiled_valuation() if hasattr(module, "compiled_valuation") and not expansions else None
