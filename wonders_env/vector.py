"""Batched, vectorised games on the compiled core, in the manner of pgx and EnvPool.

``num_envs`` games are stepped together by the core (:mod:`wonders_env.core`), which writes the
observations, the action masks, who acts, the rewards and the terminations straight into numpy
arrays held by the :class:`VectorEnv` (no copies: ``torch.from_numpy`` works on them)::

    from wonders_env import vector
    venv = vector.make("seven_wonders_duel", num_envs=1024, seed=0)  # or "seven_wonders",
                                                                      # num_players=4, edition=...
    obs, mask, to_act = venv.reset()    # [E, P, D] float32, [E, P, A] int8, [E, P] bool
    obs, mask, to_act, rewards, terminated = venv.step(actions)
    records = venv.finished_records()   # game_record() dicts of the games that ended in the last step

``E`` games, ``P`` players, ``D`` and ``A`` the observation and action sizes of the PettingZoo env
of the same game and options: observations and action ids are exactly the env's, so a policy
trained on one plays on the other. The batch plays the tables the core plays (7 Wonders with
``expansions=("leaders",)``, Duel with ``("pantheon",)``, ``("agora",)`` or both); another is refused
with a ``ValueError`` (the env plays it with ``engine="python"``). ``actions`` is an ``[E, P]``
integer array; entries of seats that do not act are ignored. ``rewards`` ``[E, P]`` float32 are
the env's ``win_loss`` rewards (Duel: +1 to the winner, -1 to the loser, 0 to all on a shared
victory; 7 Wonders: +1 to each winner, -1 to the others; 0 before the end);
with ``reward="score"``, the env's ``score`` rewards (the points margin, as ``reward="score"`` of the
env); ``terminated`` ``[E]`` bool marks the games that ended in this step. A game that ends restarts at
once with a new deal: the observation, mask and ``to_act`` of its row are those of the new game's
first decision, and :meth:`VectorEnv.finished_records` gives the record of the game that ended.

The rows of seats that do not act may hold anything; their masks are all zero. The arrays are
the env's own and are overwritten by the next ``step`` (copy what you keep); the core writes only
the entries that changed since it last wrote a row, so do not write into them.

Seeds: game ``i`` of a batch made with ``seed`` plays the deals of seeds derived from
(``seed``, ``i``, the episode number), so a batch is reproducible; :attr:`VectorEnv.seeds` holds
the seed of the game each row plays now, the ``seed`` of its record. One seed is one game
everywhere: ``env.reset(seed=s)`` (either engine), ``Game.new_game(s)``, the text interface and the
web app deal the game of a row whose seed is ``s``, so a batch's record replays in all of them.

An illegal action raises ``ValueError`` naming the game index, the seat, the action and why it is
illegal, and leaves every game as it was: the core checks the whole batch before applying any of it.

Threads: ``make(..., threads=N)`` steps the games in ``N`` contiguous chunks on ``N`` threads of
the core (started once, with the batch; the GIL is let go while they work); the games are
independent, so every array, record and seed is the same for any ``N``. More threads than cores
gives a warning. A batch used from several Python threads serves one call at a time; separate
batches step in parallel.

Each game provides its batch in ``wonders_env.<game>.compiled.make_batch(num_envs, seed,
**options)``: a core object with ``num_players``, ``observation_size``, ``num_actions``,
``reset(obs, mask, to_act)``, ``step(actions, obs, mask, to_act, rewards, terminated)``,
``seeds()``, ``finished_records()``, ``finished_score_rewards()`` (``(index, rewards)`` of the
games that ended in the last step), ``game`` (its engine), ``state(index)`` (a view of game
``index``, a state of ``game``), ``python_state(index)``, ``core_state(index)``,
``searcher(uniform_rule)``, ``search_many(pool, searchers, states, players, seeds, **options)`` and
``core_batch`` (the C++ batch object itself).
"""

from __future__ import annotations

import numbers
import os
import warnings
from typing import Any

import numpy as np

from . import registry
from .game import REWARD_MODES, check_seed

MAX_ENVS = 1 << 16
MAX_THREADS = 256


def make(game: str, num_envs: int = 1, seed: int = 0, reward: str = "win_loss", threads: int = 1,
         **options: Any) -> VectorEnv:
    """``num_envs`` games of ``game`` (a name of :mod:`wonders_env.registry`) with the game's
    ``options``; ``reward`` is the env's reward mode; ``threads`` the core's threads that step
    the games (see the module docstring)."""
    game = registry.resolve_game(game)
    if reward not in REWARD_MODES:
        raise ValueError(f"reward must be one of {REWARD_MODES}, got {reward!r}")
    if isinstance(num_envs, bool) or not isinstance(num_envs, numbers.Integral) \
            or not 1 <= num_envs <= MAX_ENVS:
        raise ValueError(f"num_envs must be an integer in 1-{MAX_ENVS}, got {num_envs!r}")
    seed = check_seed(seed)
    if isinstance(threads, bool) or not isinstance(threads, numbers.Integral) or not 1 <= threads <= MAX_THREADS:
        raise ValueError(f"threads must be an integer in 1-{MAX_THREADS}, got {threads!r}")
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    if threads > cores:
        warnings.warn(f"threads={threads} is more than the {cores} CPU cores this process may use: the games "
                      "are stepped no faster than with one thread per core", stacklevel=2)
    batch = registry.make_batch(game, int(num_envs), seed, int(threads), **options)
    return VectorEnv(game, batch, int(num_envs), reward)


class VectorEnv:
    """``num_envs`` games stepped together; see the module docstring."""

    def __init__(self, game: str, batch: Any, num_envs: int, reward: str = "win_loss") -> None:
        self.game = game
        self.num_envs = num_envs
        self.reward = reward
        self.num_players = batch.num_players
        self.observation_size = batch.observation_size
        self.num_actions = batch.num_actions
        self._batch = batch
        shape = (num_envs, self.num_players)
        self.observations = np.zeros((*shape, self.observation_size), np.float32)
        self.action_masks = np.zeros((*shape, self.num_actions), np.int8)
        self.to_act = np.zeros(shape, np.bool_)
        self.rewards = np.zeros(shape, np.float32)
        self.terminated = np.zeros(num_envs, np.bool_)
        self._started = False

    def reset(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Deal every game anew (episode 0 of each row's seed sequence): (obs, mask, to_act)."""
        self._batch.reset(self.observations, self.action_masks, self.to_act)
        self.rewards[:] = 0.0
        self.terminated[:] = False
        self._started = True
        return self.observations, self.action_masks, self.to_act

    def step(self, actions: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """One decision of every acting seat of every game: (obs, mask, to_act, rewards, terminated)."""
        if not self._started:
            raise RuntimeError("call reset() before step()")
        actions = self._checked_actions(actions)
        self._batch.step(actions, self.observations, self.action_masks, self.to_act, self.rewards,
                         self.terminated)
        if self.reward == "score":
            for index, rewards in self._batch.finished_score_rewards():
                self.rewards[index] = rewards
        return self.observations, self.action_masks, self.to_act, self.rewards, self.terminated

    def sample_actions(self) -> np.ndarray:
        """A uniformly random legal action for every acting seat (-1 elsewhere), drawn by the core
        from its own generator: random play without a pass over the masks in Python."""
        if not self._started:
            raise RuntimeError("call reset() before sample_actions()")
        actions = np.full((self.num_envs, self.num_players), -1, np.int64)
        self._batch.sample_actions(actions)
        return actions

    @property
    def seeds(self) -> np.ndarray:
        """The seed of the game each row plays now (uint64, one per game)."""
        return self._batch.seeds()

    def finished_records(self) -> list[dict[str, Any]]:
        """The ``game_record()`` dicts of the games that ended in the last ``step``, by game index."""
        return self._batch.finished_records()

    @property
    def engine(self) -> Any:
        """The game's engine on the core (a :class:`wonders_env.game.Game` of the batch's options):
        it answers the rules' questions about the batch's games, read with :meth:`state`, e.g.
        ``venv.engine.legal_actions(venv.state(i), player)`` or the heuristic agent's
        ``choose(venv.engine, venv.state(i), player)``."""
        return self._batch.game

    def state(self, index: int) -> Any:
        """A copy of game ``index`` as it stands, as a state of :attr:`engine` (a read-only view of
        the core's state under the Python state's names): what the tools that read a game take."""
        return self._batch.state(self._checked_index(index, "state"))

    def python_state(self, index: int) -> Any:
        """The reference Python engine's state equal to game ``index``, copied field by field at
        any point of the game: a batch's game handed to the Python rules (the tests that hold the
        core to them); the tools that read a game read :meth:`state` instead."""
        return self._batch.python_state(self._checked_index(index, "python_state"))

    def core_state(self, index: int) -> Any:
        """A copy of the C++ state of game ``index`` as it stands: what the game's core search
        (:meth:`searcher`) takes, for a search agent that plays a seat of the batch (self-play with
        search, :mod:`wonders_training.az_selfplay`). The copy is the player's to search: a core search
        only ever determinizes it for the seat it searches."""
        return self._batch.core_state(self._checked_index(index, "core_state"))

    def searcher(self, uniform_rule: bool = False) -> Any:
        """A new C++ search over this batch's core states (the game's ``Searcher``, see
        ``core/common/ismcts.hpp``; ``uniform_rule``: uniform play-outs). Keep one per game and
        seat: a Duel searcher reuses its tree from one move of its seat to the next."""
        return self._batch.searcher(uniform_rule)

    def search_many(self, pool: Any, searchers: list[Any], states: list[Any], players: list[int],
                    seeds: list[int], **options: Any) -> dict[str, np.ndarray]:
        """The searches of many seats at once on the threads of ``pool`` (``core.load().SearchPool
        (threads)``): ``searchers[j]`` (each of :meth:`searcher`, given once) searches ``states[j]``
        (of :meth:`core_state`) for ``players[j]`` with ``seeds[j]`` and the ``options`` of
        ``Searcher.search``, as it would alone. Returns arrays: ``action`` [J], ``visits`` and
        ``means`` [J, num_actions] of the root edges (0 where none), ``simulations`` [J]."""
        return self._batch.search_many(pool, searchers, states, players, seeds, **options)

    @property
    def core_batch(self) -> Any:
        """The game's C++ batch object, for compiled agents that read its games where they stand
        (Duel: ``core_batch.heuristic_actions(wonders_agents.duel_heuristic.compiled_valuation(), holds,
        seeds, actions)``, the heuristic's moves without a copy of any game)."""
        return self._batch.core_batch

    def _checked_index(self, index: Any, method: str) -> int:
        if not self._started:
            raise RuntimeError(f"call reset() before {method}()")
        if isinstance(index, bool) or not isinstance(index, numbers.Integral) or not 0 <= index < self.num_envs:
            raise ValueError(f"index must be a game index in 0-{self.num_envs - 1}, got {index!r}")
        return int(index)

    def _checked_actions(self, actions: Any) -> np.ndarray:
        actions = np.asarray(actions)
        shape = (self.num_envs, self.num_players)
        if actions.shape != shape:
            raise ValueError(f"actions must have shape {shape} (games, players), got {actions.shape}")
        if actions.dtype == np.bool_ or not np.issubdtype(actions.dtype, np.integer):
            raise ValueError(f"actions must be an integer array, got dtype {actions.dtype}")
        return np.ascontiguousarray(actions, dtype=np.int64)
