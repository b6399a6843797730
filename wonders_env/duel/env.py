"""PettingZoo AEC environment of 7 Wonders Duel: :class:`raw_env` and :func:`env`.

The documentation page is :mod:`wonders_env.seven_wonders_duel_v0`. This module only encodes and
decodes; the rules are in :mod:`.rules`, the observation in :mod:`.observation`, the actions in
:mod:`.actions`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .actions import NUM_ACTIONS
from .observation import OBSERVATION_SIZE, encode_observation
from .record import AGENTS, ENV_NAME, game_record
from .render import render_table
from .rules import check_legal, legal_actions, resolve_action
from .scoring import score
from .state import VICTORY_NAMES, DuelState, Phase, new_game

REWARD_MODES = ("win_loss", "score")
AGENT_INDEX = {agent: i for i, agent in enumerate(AGENTS)}
OBS_HIGH = 1000.0  # coins are the only values above 2 (a bound no game reaches)


class raw_env(AECEnv):
    """7 Wonders Duel, one decision per step; ``agent_selection`` is the deciding player."""

    metadata = {"name": ENV_NAME, "render_modes": ["ansi", "human"], "is_parallelizable": False,
                "render_fps": 1}

    def __init__(self, reward: str = "win_loss", render_mode: str | None = None) -> None:
        super().__init__()
        if reward not in REWARD_MODES:
            raise ValueError(f"reward must be one of {REWARD_MODES}, got {reward!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or one of {self.metadata['render_modes']}, "
                             f"got {render_mode!r}")
        self.reward_mode = reward
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        space = spaces.Dict({
            "observation": spaces.Box(0.0, OBS_HIGH, (OBSERVATION_SIZE,), np.float32),
            "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
        })
        self.observation_spaces = {agent: space for agent in AGENTS}
        self.action_spaces = {agent: spaces.Discrete(NUM_ACTIONS) for agent in AGENTS}
        self._rng = np.random.default_rng()
        self._seed: int | None = None
        self.state: DuelState | None = None
        self._legal: list[int] | None = None  # legal actions of the current state, once computed

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game. ``seed`` reseeds the generator; without it the game draws from it further."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self._seed = None if seed is None else int(seed)  # a numpy integer would break the JSON record
        self.state = new_game(self._rng)
        self._legal = None
        self.agents = list(AGENTS)
        self.rewards = {agent: 0.0 for agent in AGENTS}
        self._cumulative_rewards = {agent: 0.0 for agent in AGENTS}
        self.terminations = {agent: False for agent in AGENTS}
        self.truncations = {agent: False for agent in AGENTS}
        self.infos = {agent: {} for agent in AGENTS}
        self.agent_selection = AGENTS[self.state.current]

    def _legal_actions(self) -> list[int]:
        if self._legal is None:
            self._legal = legal_actions(self.state)
        return self._legal

    def _require_reset(self, method: str) -> None:
        if self.state is None:
            raise RuntimeError(f"call reset() first: {method}() needs a game")

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        self._require_reset("observe")
        player = AGENT_INDEX[agent]
        mask = np.zeros(NUM_ACTIONS, np.int8)
        if player == self.state.current:
            mask[self._legal_actions()] = 1
        return {"observation": encode_observation(self.state, player), "action_mask": mask}

    def step(self, action: int) -> None:
        self._require_reset("step")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        legal = self._legal
        if legal is None or not (type(action) is int or isinstance(action, np.integer)) or action not in legal:
            check_legal(state, action)  # raises a ValueError naming the action and why
        resolve_action(state, int(action))
        self._legal = None
        self._cumulative_rewards[agent] = 0.0
        if state.phase == Phase.GAME_OVER:
            self._finish()
            self._accumulate_rewards()  # rewards are 0 until the end
        else:
            self.agent_selection = AGENTS[state.current]
        if self.render_mode == "human":
            self.render()

    def _finish(self) -> None:
        state = self.state
        scores = [score(state, p) for p in (0, 1)]
        if len(state.winners) == 2:
            rewards = [0.0, 0.0]
        else:
            winner = state.winners[0]
            margin = 1.0
            if self.reward_mode == "score":
                margin = float(max(scores[winner]["total"] - scores[1 - winner]["total"], 1))
            rewards = [margin if p == winner else -margin for p in (0, 1)]
        victory = VICTORY_NAMES[state.victory]
        winners = [AGENTS[p] for p in state.winners]
        for p, agent in enumerate(AGENTS):
            self.rewards[agent] = rewards[p]
            self.terminations[agent] = True
            self.infos[agent] = {"victory": victory, "winners": winners, "score": scores[p]}

    def game_record(self) -> dict[str, Any]:
        """The JSON-serialisable record of the game so far (``shared/DESIGN.md``)."""
        self._require_reset("game_record")
        return game_record(self.state, self._seed)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        self._require_reset("render")
        text = render_table(self.state, viewer=self.state.current)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(**kwargs: Any) -> AECEnv:
    """:class:`raw_env` wrapped like PettingZoo's classic games: an illegal move ends the game
    with reward -1 for its author, out-of-bounds actions and API misuse raise clear errors."""
    wrapped = raw_env(**kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
