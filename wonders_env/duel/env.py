"""PettingZoo AEC environment of 7 Wonders Duel: :class:`raw_env` and :func:`env`.

The documentation page is :mod:`wonders_env.seven_wonders_duel_v0`. This module only routes to the
engine (``self.game``, a :class:`wonders_env.game.Game`): with ``engine="core"`` (the default) the
compiled core (:class:`.compiled.CompiledDuel`, whose states are read-only views of the core's, so
that a core game never builds a Python engine state nor imports the Python rules), with
``engine="python"`` the readable engine (:class:`.game.DuelGame`: :mod:`.rules`,
:mod:`.observation`). Both deal a seed's game as the core does (:mod:`wonders_env.deal_rng`), so a
seed gives the same game, observations and rewards on both, and in ``vector``. ``edition``
picks the tables (a name of :data:`.cards.EDITIONS` or a :class:`.cards.DuelDatabase`) and
``expansions`` the expansions played with them (``("pantheon",)``, ``("agora",)`` or both); the
spaces are sized by them. The compiled core plays every one of these tables.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..game import REWARD_MODES, check_engine, check_seed
from ..pettingzoo_common import dead_step, wrap
from .actions import IllegalActionError, action_table, illegal_action_error
from .cards import BASE, DuelDatabase, check_expansions, edition_database
from .observation import observation_layout
from .record import AGENTS, ENV_NAME
from .state import VICTORY_NAMES, DuelState, score_rewards

AGENT_INDEX = {agent: i for i, agent in enumerate(AGENTS)}
OBS_HIGH = 1000.0  # coins are the only values above 2 (a bound no game reaches)


class raw_env(AECEnv):
    """7 Wonders Duel, one decision per step; ``agent_selection`` is the deciding player."""

    metadata = {"name": ENV_NAME, "render_modes": ["ansi", "human"], "is_parallelizable": False,
                "render_fps": 1}

    def __init__(self, reward: str = "win_loss", render_mode: str | None = None, engine: str = "core",
                 edition: str | DuelDatabase = "1st", expansions: tuple[str, ...] | None = None) -> None:
        super().__init__()
        check_engine(engine)
        expansions = check_expansions(expansions)
        if reward not in REWARD_MODES:
            raise ValueError(f"reward must be one of {REWARD_MODES}, got {reward!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or one of {self.metadata['render_modes']}, "
                             f"got {render_mode!r}")
        self.reward_mode = reward
        self.render_mode = render_mode
        self.engine = engine
        self.expansions = expansions  # the canonical tuple (the registry's order)
        db = edition_database(edition, expansions)
        if engine == "core":
            if db is not BASE and not expansions:
                raise ValueError(f"engine='core' plays the base game's tables only, not edition {db.edition!r}; "
                                 f"use engine='python'")
            from .compiled import CompiledDuel
            self.game = CompiledDuel(expansions)  # the engine behind this env; refuses a table it does not play
        else:
            from .game import DuelGame
            self.game = DuelGame(db, expansions)
        self.possible_agents = list(AGENTS)
        num_actions = action_table(db).num_actions
        space = spaces.Dict({
            "observation": spaces.Box(0.0, OBS_HIGH, (observation_layout(db).size,), np.float32),
            "action_mask": spaces.Box(0, 1, (num_actions,), np.int8),
        })
        self.observation_spaces = {agent: space for agent in AGENTS}
        self.action_spaces = {agent: spaces.Discrete(num_actions) for agent in AGENTS}
        self._rng = np.random.default_rng()
        self._state: Any = None  # the game: a DuelState, or the core's DuelStateView
        self._legal: list[int] | None = None  # legal actions of the current state, once computed
        self._player = 0  # the deciding player, read from the state after each change of it
        self._game_number = 0  # counts the games played (resets and assigned states): see pettingzoo_common

    @property
    def state(self) -> Any:
        """The game: a :class:`.state.DuelState` (``engine="python"``) or, on the core, a read-only
        :class:`.compiled.DuelStateView` of the core's game with the same names (no copy)."""
        return self._state

    @state.setter
    def state(self, value: Any) -> None:
        """Put the game in a copy of ``value`` (a replay's position, a determinization): a Duel state
        of this env's tables, a view of a core game or a Python engine state, which the core takes
        over (its fields checked, its deal and moves replayed). The env then reports what that state
        alone defines, as if its game had been played to there: ``agents``, ``agent_selection`` (after
        the end, the author of the last move), masks, terminations, truncations, rewards (the final
        ones once the game is over) and infos. Anything else is refused with ``ValueError`` saying
        why, changing nothing."""
        self._start(self._adopted(value))

    def _adopted(self, value: Any) -> Any:
        """A copy of ``value`` that this env's engine plays, or ``ValueError`` saying why there is none."""
        is_view = not isinstance(value, DuelState)
        if is_view:
            from .compiled import DuelStateView  # loaded already when ``value`` is one
            if not isinstance(value, DuelStateView):
                raise ValueError(f"a Duel env's state must be a 7 Wonders Duel state (a DuelState, or the core's "
                                 f"DuelStateView), got {type(value).__name__}")
        mine, theirs = self.game.db, value.db
        if theirs is not mine and ((theirs.edition, theirs.data_dir, theirs.expansions)
                                   != (mine.edition, mine.data_dir, mine.expansions)):
            raise ValueError(f"the state was dealt from other tables (edition {theirs.edition!r} with expansions "
                             f"{theirs.expansions} in {theirs.data_dir}) than this env's (edition {mine.edition!r} "
                             f"with expansions {mine.expansions} in {mine.data_dir})")
        if self.engine == "python":
            return value.to_python() if is_view else value.clone()
        return value.clone() if is_view else self.game.from_python(value, value.seed)

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """The game of ``seed`` (an integer in 0-2**64-1, else :class:`~wonders_env.game.SeedError`
        and nothing changes), which also reseeds the env's generator; without it, the game of a seed
        drawn from that generator (the record keeps it)."""
        if seed is not None:
            seed = check_seed(seed)  # an int: a numpy integer would break the JSON record
            self._rng = np.random.default_rng(seed)
        else:
            seed = int(self._rng.integers(2**63))
        self._start(self.game.new_game(seed))

    def _start(self, state: Any) -> None:
        """Play ``state`` from now on (a new game, or an assigned state): what the env reports is
        set from it alone."""
        self._state = state
        self._legal = None
        self._player = state.current
        self._game_number += 1
        self.agents = list(AGENTS)
        self.rewards = {agent: 0.0 for agent in AGENTS}
        self._cumulative_rewards = {agent: 0.0 for agent in AGENTS}
        self.terminations = {agent: False for agent in AGENTS}
        self.truncations = {agent: False for agent in AGENTS}
        self.infos = {agent: {} for agent in AGENTS}
        if self.game.is_over(state):
            self.agent_selection = AGENTS[state.log[-1][0]]  # as after the move that ended the game
            self._finish()
            self._accumulate_rewards()
        else:
            self.agent_selection = AGENTS[self._current()]

    def _current(self) -> int:
        return self._player

    def _legal_actions(self) -> list[int]:
        if self._legal is None:
            self._legal = self.game.legal_actions(self._state, self._current())
        return self._legal

    def _require_reset(self, method: str) -> None:
        if self._state is None:
            raise RuntimeError(f"call reset() first: {method}() needs a game")

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        self._require_reset("observe")
        player = AGENT_INDEX[agent]
        mask = np.zeros(self.game.num_actions, np.int8)
        if player == self._current():
            mask[self._legal_actions()] = 1
        return {"observation": self.game.encode_observation(self._state, player), "action_mask": mask}

    def step(self, action: int) -> None:
        self._require_reset("step")
        if dead_step(self, action):
            return
        agent = self.agent_selection
        legal = self._legal
        if legal is None or not (type(action) is int or isinstance(action, np.integer)) or action not in legal:
            why = self.game.why_illegal(self._state, self._current(), action)
            if why is not None:
                raise illegal_action_error(action_table(self.game.db), why, self._legal_actions())
        over = self.game.play_legal(self._state, int(action))
        self._player = self._state.current
        self._legal = None
        self._cumulative_rewards[agent] = 0.0
        if over:
            self._finish()
            self._accumulate_rewards()  # rewards are 0 until the end
        else:
            self.agent_selection = AGENTS[self._current()]
        if self.render_mode == "human":
            self.render()

    def _finish(self) -> None:
        scores = [self.game.score_breakdown(self._state, p) for p in (0, 1)]
        winners, victory = tuple(self.game.winners(self._state)), self._state.victory
        rewards = score_rewards([score["total"] for score in scores], winners)
        if self.reward_mode == "win_loss":
            rewards = [float(np.sign(reward)) for reward in rewards]
        info = {"victory": VICTORY_NAMES[victory], "winners": [AGENTS[p] for p in winners]}
        for p, agent in enumerate(AGENTS):
            self.rewards[agent] = rewards[p]
            self.terminations[agent] = True
            self.infos[agent] = {**info, "score": scores[p]}

    def game_record(self) -> dict[str, Any]:
        """The JSON-serialisable record of the game so far (its fields: :mod:`.record`)."""
        self._require_reset("game_record")
        return self.game.game_record(self._state)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        self._require_reset("render")
        text = self.game.render(self._state, self._current())
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(**kwargs: Any) -> AECEnv:
    """:class:`raw_env` wrapped like PettingZoo's classic games (:func:`..pettingzoo_common.wrap`):
    an illegal move ends the game with reward -1 for its author; an action that is no action
    number raises :class:`.actions.IllegalActionError`, API misuse PettingZoo's clear errors."""
    return wrap(raw_env(**kwargs), IllegalActionError)
