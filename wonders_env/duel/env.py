"""PettingZoo AEC environment of 7 Wonders Duel: :class:`raw_env` and :func:`env`.

The documentation page is :mod:`wonders_env.seven_wonders_duel_v0`. This module only encodes and
decodes; the rules are in :mod:`.rules`, the observation in :mod:`.observation`, the actions in
:mod:`.actions`. With ``engine="core"`` (the default) the game runs on the compiled core
(:mod:`.compiled`): both engines deal a seed's game as the core does (:mod:`wonders_env.deal_rng`),
so a seed gives the same game, observations and rewards on both, and in ``vector``. ``edition``
picks the tables (a name of :data:`.cards.EDITIONS` or a :class:`.cards.DuelDatabase`); the spaces
are sized by them. The compiled core plays the base game only.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..game import REWARD_MODES, check_seed
from ..pettingzoo_common import dead_step, wrap
from .cards import BASE, DuelDatabase
from .game import DuelGame
from .observation import encode_observation
from .record import AGENTS, ENV_NAME, game_record
from .render import render_table
from .rules import IllegalActionError, check_legal, legal_actions, resolve_action
from .scoring import score_breakdown, score_rewards
from .state import VICTORY_NAMES, DuelState, Phase, Victory, new_game

ENGINES = ("core", "python")
AGENT_INDEX = {agent: i for i, agent in enumerate(AGENTS)}
OBS_HIGH = 1000.0  # coins are the only values above 2 (a bound no game reaches)


class raw_env(AECEnv):
    """7 Wonders Duel, one decision per step; ``agent_selection`` is the deciding player."""

    metadata = {"name": ENV_NAME, "render_modes": ["ansi", "human"], "is_parallelizable": False,
                "render_fps": 1}

    def __init__(self, reward: str = "win_loss", render_mode: str | None = None, engine: str = "core",
                 edition: str | DuelDatabase = "1st") -> None:
        super().__init__()
        if engine not in ENGINES:
            raise ValueError(f"engine must be one of {ENGINES}, got {engine!r}")
        if reward not in REWARD_MODES:
            raise ValueError(f"reward must be one of {REWARD_MODES}, got {reward!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or one of {self.metadata['render_modes']}, "
                             f"got {render_mode!r}")
        self.reward_mode = reward
        self.render_mode = render_mode
        self.game = DuelGame(edition)  # the engine behind this env (wonders_env.game.Game)
        if engine == "core" and self.game.db is not BASE:
            raise ValueError(f"engine='core' plays the base game's tables only, not edition "
                             f"{self.game.db.edition!r}; use engine='python'")
        self.possible_agents = list(AGENTS)
        num_actions = self.game.num_actions
        space = spaces.Dict({
            "observation": spaces.Box(0.0, OBS_HIGH, (self.game.observation_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (num_actions,), np.int8),
        })
        self.observation_spaces = {agent: space for agent in AGENTS}
        self.action_spaces = {agent: spaces.Discrete(num_actions) for agent in AGENTS}
        self._rng = np.random.default_rng()
        self._state: DuelState | None = None  # the game (engine="python")
        self._legal: list[int] | None = None  # legal actions of the current state, once computed
        self.engine = engine
        self._core = None  # engine="core": the compiled engine and its game
        self._core_state = None
        if engine == "core":
            from .compiled import CompiledDuel
            self._core = CompiledDuel()

    @property
    def state(self) -> DuelState | None:
        """The game as a Python engine state; with ``engine="core"`` a copy taken from the core."""
        if self._core_state is None:
            return self._state
        return self._core.to_python(self._core_state)

    @state.setter
    def state(self, value: DuelState) -> None:
        """Put the game in ``value`` (a replay's position, a determinization); with
        ``engine="core"`` the core takes it over (its deal and its moves), or refuses with
        ``ValueError`` naming the fields that these do not reproduce, changing nothing."""
        if self._core is not None:
            self._core_state = self._core.from_python(value, value.seed)
        else:
            self._state = value
        self._legal = None

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
        if self._core is not None:
            self._core_state = self._core.new_game(seed)
            self._state = None
        else:
            self._state = new_game(seed, self.game.db)
        self._legal = None
        self.agents = list(AGENTS)
        self.rewards = {agent: 0.0 for agent in AGENTS}
        self._cumulative_rewards = {agent: 0.0 for agent in AGENTS}
        self.terminations = {agent: False for agent in AGENTS}
        self.truncations = {agent: False for agent in AGENTS}
        self.infos = {agent: {} for agent in AGENTS}
        self.agent_selection = AGENTS[self._current()]

    def _current(self) -> int:
        return self._core_state.core.current if self._core_state is not None else self._state.current

    def _legal_actions(self) -> list[int]:
        if self._legal is None:
            if self._core_state is not None:
                self._legal = self._core.legal_actions(self._core_state, self._current())
            else:
                self._legal = legal_actions(self._state)
        return self._legal

    def _require_reset(self, method: str) -> None:
        if self._state is None and self._core_state is None:
            raise RuntimeError(f"call reset() first: {method}() needs a game")

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        self._require_reset("observe")
        player = AGENT_INDEX[agent]
        mask = np.zeros(self.game.num_actions, np.int8)
        if player == self._current():
            mask[self._legal_actions()] = 1
        if self._core_state is not None:
            return {"observation": self._core.encode_observation(self._core_state, player), "action_mask": mask}
        return {"observation": encode_observation(self._state, player), "action_mask": mask}

    def step(self, action: int) -> None:
        self._require_reset("step")
        if dead_step(self, action):
            return
        agent = self.agent_selection
        legal = self._legal
        if legal is None or not (type(action) is int or isinstance(action, np.integer)) or action not in legal:
            check_legal(self.state, action)  # raises a ValueError naming the action and why
        if self._core_state is not None:
            self._core.engine.apply(self._core_state.core, int(action))
            over = self._core_state.core.is_over
        else:
            resolve_action(self._state, int(action))
            over = self._state.phase == Phase.GAME_OVER
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
        if self._core_state is not None:
            state = self._core_state
            scores = [self._core.score_breakdown(state, p) for p in (0, 1)]
            winners, victory = tuple(self._core.winners(state)), Victory(state.core.victory)
        else:
            scores = [score_breakdown(self._state, p) for p in (0, 1)]
            winners, victory = self._state.winners, self._state.victory
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
        if self._core_state is not None:
            return self._core.game_record(self._core_state)
        return game_record(self._state)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        self._require_reset("render")
        state = self.state
        text = render_table(state, viewer=state.current)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(**kwargs: Any) -> AECEnv:
    """:class:`raw_env` wrapped like PettingZoo's classic games (:func:`..pettingzoo_common.wrap`):
    an illegal move ends the game with reward -1 for its author; an action that is no action
    number raises :class:`.rules.IllegalActionError`, API misuse PettingZoo's clear errors."""
    return wrap(raw_env(**kwargs), IllegalActionError)
