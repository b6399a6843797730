"""PettingZoo environments for 7 Wonders: :class:`raw_env` (AEC) and :class:`parallel_env`.

See :mod:`wonders_env.seven_wonders_v0` for the documentation page. This module only encodes and
decodes; the rules live in :mod:`.rules`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

from .actions import Kind, encode_action, num_actions
from .cards import database
from .observation import Observer
from .record import game_record
from .render import render_table
from .rules import IllegalActionError, acting_seats, check_legal, legal_action_mask, play
from .scoring import score_breakdown, winners
from .state import GameState, Phase, new_game

REWARD_MODES = ("win_loss", "score")
OBS_LOW, OBS_HIGH = -128.0, 1024.0


class _SevenWondersTable:
    """What the AEC and parallel envs share: arguments, spaces, observations, rewards, render."""

    metadata = {"name": "seven_wonders_v0", "render_modes": ["ansi", "human"],
                "is_parallelizable": True, "render_fps": 1}

    def _setup(self, num_players: int, wonders: list[str] | None, wonder_sides: str | list[str],
               reward: str, render_mode: str | None, edition: str, payment: str) -> None:
        if reward not in REWARD_MODES:
            raise ValueError(f"reward must be one of {REWARD_MODES}, got {reward!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or one of {self.metadata['render_modes']}, got {render_mode!r}")
        # builds a throw-away game: validates the player count, wonders and sides at once
        new_game(num_players, seed=0, wonders=wonders, wonder_sides=wonder_sides, edition=edition, payment=payment)
        self.num_players = int(num_players)
        self.wonders = wonders
        self.wonder_sides = wonder_sides
        self.reward_mode = reward
        self.render_mode = render_mode
        self.edition = edition
        self.payment = payment
        self.db = database(edition)
        self.observer = Observer(self.db, payment)
        self.possible_agents = [f"player_{i}" for i in range(self.num_players)]
        self.agent_seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        n_actions = num_actions(self.db.num_types, payment)
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(OBS_LOW, OBS_HIGH, (self.observer.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n_actions,), np.int8),
        })
        self._action_space = spaces.Discrete(n_actions)
        self.state: GameState | None = None

    @lru_cache(maxsize=None)
    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_space

    @lru_cache(maxsize=None)
    def action_space(self, agent: str) -> spaces.Space:
        return self._action_space

    def _new_state(self, seed: int | None) -> None:
        self.state = new_game(self.num_players, seed=seed, wonders=self.wonders,
                              wonder_sides=self.wonder_sides, edition=self.edition, payment=self.payment)

    def _require_reset(self, method: str) -> None:
        if self.state is None:
            raise RuntimeError(f"call reset() first: {method}() needs a game")

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        self._require_reset("observe")
        seat = self.agent_seat[agent]
        return {"observation": self.observer.encode(self.state, seat),
                "action_mask": legal_action_mask(self.state, seat).copy()}

    def _final_rewards(self) -> dict[str, float]:
        state = self.state
        if self.reward_mode == "score":
            totals = [score_breakdown(state, seat)["total"] for seat in range(self.num_players)]
            return {agent: float(totals[i] - (sum(totals) - totals[i]) / (len(totals) - 1))
                    for i, agent in enumerate(self.possible_agents)}
        won = set(winners(state))
        return {agent: 1.0 if i in won else -1.0 for i, agent in enumerate(self.possible_agents)}

    def _final_info(self, seat: int) -> dict[str, Any]:
        return {"score": score_breakdown(self.state, seat),
                "winners": [f"player_{s}" for s in winners(self.state)]}

    def game_record(self) -> dict:
        """The JSON-serialisable record of the game so far (see ``shared/DESIGN.md``)."""
        self._require_reset("game_record")
        return game_record(self.state)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        self._require_reset("render")
        viewer = None
        if self.state.phase != Phase.GAME_OVER and acting_seats(self.state):
            viewer = acting_seats(self.state)[0]
        text = render_table(self.state, viewer)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


class raw_env(_SevenWondersTable, AECEnv):
    """7 Wonders as an AEC env: choices of a simultaneous phase are buffered and resolved when
    the last acting agent has chosen (PettingZoo's rock-paper-scissors pattern)."""

    def __init__(self, num_players: int = 3, wonders: list[str] | None = None,
                 wonder_sides: str | list[str] = "random", reward: str = "win_loss",
                 render_mode: str | None = None, edition: str = "1st", payment: str = "cheapest") -> None:
        AECEnv.__init__(self)
        self._setup(num_players, wonders, wonder_sides, reward, render_mode, edition, payment)

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self._new_state(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self._chosen: dict[int, int] = {}
        self.agent_selection = self._next_agent()

    def _next_agent(self) -> str:
        for seat in acting_seats(self.state):
            if seat not in self._chosen:
                return self.possible_agents[seat]
        raise AssertionError("no agent left to act")  # unreachable: play() runs when all chose

    def step(self, action: int) -> None:
        self._require_reset("step")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.agent_seat[agent]
        check_legal(self.state, seat, action)
        self._cumulative_rewards[agent] = 0.0
        self._chosen[seat] = int(action)
        if len(self._chosen) == len(acting_seats(self.state)):
            play(self.state, self._chosen)
            self._chosen = {}
            if self.state.phase == Phase.GAME_OVER:
                self.rewards = self._final_rewards()
                for seat_index, name in enumerate(self.agents):
                    self.terminations[name] = True
                    self.infos[name] = self._final_info(seat_index)
                self._accumulate_rewards()
                self.agent_selection = self.agents[0]
                return
        self.agent_selection = self._next_agent()
        if self.render_mode == "human":
            self.render()


class parallel_env(_SevenWondersTable, ParallelEnv):
    """7 Wonders as a native parallel env. Every live agent sends an action each step; agents
    with nothing to decide in the current phase have only ``wait`` legal (and may omit it)."""

    def __init__(self, num_players: int = 3, wonders: list[str] | None = None,
                 wonder_sides: str | list[str] = "random", reward: str = "win_loss",
                 render_mode: str | None = None, edition: str = "1st", payment: str = "cheapest") -> None:
        self._setup(num_players, wonders, wonder_sides, reward, render_mode, edition, payment)
        self.agents: list[str] = []

    def reset(self, seed: int | None = None, options: dict | None = None):
        self._new_state(seed)
        self.agents = list(self.possible_agents)
        return {agent: self.observe(agent) for agent in self.agents}, {agent: {} for agent in self.agents}

    def step(self, actions: dict[str, int]):
        self._require_reset("step")
        if not self.agents:
            raise RuntimeError("the game is over: call reset() to start a new one")
        if not isinstance(actions, dict):
            raise TypeError(f"actions must be a dict {{agent: action}} for the live agents {self.agents}, "
                            f"got {type(actions).__name__}")
        state = self.state
        wait = encode_action(Kind.WAIT, 0, self.db.num_types)
        chosen = {}
        acting = set(acting_seats(state))
        for agent in self.agents:
            seat = self.agent_seat[agent]
            if seat in acting:
                if agent not in actions:
                    raise IllegalActionError(f"{agent} must act in phase {state.phase.name} but sent no action")
                check_legal(state, seat, actions[agent])
                chosen[seat] = int(actions[agent])
            elif actions.get(agent, wait) != wait:
                check_legal(state, seat, actions[agent])  # raises: only `wait` is legal
        unknown = set(actions) - set(self.agents)
        if unknown:
            raise IllegalActionError(f"actions for unknown or finished agents {sorted(unknown)}; live agents: {self.agents}")
        play(state, chosen)
        over = state.phase == Phase.GAME_OVER
        rewards = self._final_rewards() if over else {agent: 0.0 for agent in self.agents}
        observations = {agent: self.observe(agent) for agent in self.agents}
        terminations = {agent: over for agent in self.agents}
        truncations = {agent: False for agent in self.agents}
        infos = {agent: self._final_info(self.agent_seat[agent]) if over else {} for agent in self.agents}
        if over:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos


def env(**kwargs) -> AECEnv:
    """The AEC env wrapped like PettingZoo's classic games: an illegal move ends the game with
    reward -1 for its author; out-of-bounds actions and API misuse raise clear errors."""
    wrapped = raw_env(**kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
