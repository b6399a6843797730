"""PettingZoo environments for 7 Wonders: :class:`raw_env` (AEC) and :class:`raw_parallel_env`,
and :func:`env` and :func:`parallel_env`, the same wrapped like PettingZoo's classic games.

See :mod:`wonders_env.seven_wonders_v0` for the documentation page. This module only encodes and
decodes; the rules live in the engine, ``self.game`` (a :class:`wonders_env.game.Game`). With
``engine="core"`` (the default) that is the compiled core (:mod:`.compiled`), which plays alone:
the env never builds a Python engine state nor imports the Python rules; ``self.state`` is the
core's state itself, read-only under the Python state's names. With ``engine="python"`` it is the
readable engine (:mod:`.game`). Both deal a seed's game as the core does
(:mod:`wonders_env.deal_rng`), so a seed gives the same game, observations, masks, rewards and
records on both, and in ``vector``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger

from ..game import REWARD_MODES, action_number_error, check_engine, check_seed
from ..pettingzoo_common import GAME_OVER, dead_step, wrap
from .actions import ActionKind, IllegalActionError, encode_action
from .cards import check_expansions
from .observation import Observer
from .state import SeatGeometry, SevenWondersState, check_same_options, score_rewards

OBS_LOW, OBS_HIGH = -128.0, 1024.0


class _SevenWondersTable:
    """What the AEC and parallel envs share: arguments, spaces, observations, rewards, render."""

    metadata = {"name": "seven_wonders_v0", "render_modes": ["ansi", "human"],
                "is_parallelizable": True, "render_fps": 1}

    def _setup(self, num_players: int, wonders: list[str] | None, wonder_sides: str | list[str],
               reward: str, render_mode: str | None, edition: str, payment: str, engine: str,
               expansions: tuple[str, ...] | None = None) -> None:
        check_engine(engine)
        expansions = check_expansions(edition, () if expansions is None else expansions)
        if reward not in REWARD_MODES:
            raise ValueError(f"reward must be one of {REWARD_MODES}, got {reward!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or one of {self.metadata['render_modes']}, got {render_mode!r}")
        self.engine = engine
        if engine == "core":
            from .compiled import CompiledSevenWonders

            self.game = CompiledSevenWonders(num_players, edition, wonders, wonder_sides, payment,
                                             expansions)  # validates them
        else:
            from .game import SevenWondersGame

            self.game = SevenWondersGame(num_players, edition, wonders, wonder_sides, payment, expansions)
        self.expansions = expansions
        self.num_players = self.game.num_players
        self.wonders = wonders
        self.wonder_sides = wonder_sides
        self.reward_mode = reward
        self.render_mode = render_mode
        self.edition = edition
        self.payment = payment
        self.db = self.game.db
        self.observer = Observer(self.db, payment)  # the observation's layout (the engine encodes)
        self.possible_agents = [f"player_{i}" for i in range(self.num_players)]
        self.agent_seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        n_actions = self.game.num_actions
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(OBS_LOW, OBS_HIGH, (self.game.observation_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n_actions,), np.int8),
        })
        self._action_space = spaces.Discrete(n_actions)
        self._state = None
        self._game_number = 0  # counts the games played (resets and assigned states): see pettingzoo_common
        self._rng = np.random.default_rng()

    @property
    def state(self) -> SevenWondersState | None:
        """The game's state: with ``engine="core"`` the core's state itself, read-only under the
        Python state's names (:class:`.compiled.SevenWondersStateView`: nothing is copied; it follows
        the game), with ``engine="python"`` the Python engine's state."""
        return self._state

    @state.setter
    def state(self, value: SevenWondersState) -> None:
        """Put the game in a copy of ``value`` (a replay's position, a determinization): a 7 Wonders
        state (the core's view or a Python engine state; the core takes the latter over field by
        field) of this env's player count, edition and payment mode. The env then reports what that
        state alone defines, as if its game had been played to there (choices buffered for the old
        state are dropped): the live agents, the agent to act, masks, terminations, truncations,
        rewards (the final ones once the game is over) and infos. Anything else is refused with
        ``ValueError`` saying why (another game or options, or fields that the core does not hold as
        given), changing nothing."""
        self._start(self._adopted(value))

    def _adopted(self, value: Any) -> SevenWondersState:
        """A copy of ``value`` that this env's engine plays, or ``ValueError`` saying why there is none."""
        if not isinstance(value, SeatGeometry):  # the Python state and the core's view
            raise ValueError(f"a 7 Wonders env's state must be a 7 Wonders state (a SevenWondersState, or the "
                             f"core's SevenWondersStateView), got {type(value).__name__}")
        check_same_options(value, self.num_players, self.db.edition, self.payment, self.expansions)
        if self.engine == "core":
            return self.game.from_python(value)
        return value.clone() if isinstance(value, SevenWondersState) else value.game.to_python(value)

    def _start(self, state: SevenWondersState) -> None:
        """Play ``state`` from now on (a new game, or an assigned state); the envs set what they
        report from it alone."""
        self._state = state
        self._game_number += 1

    def _mask(self, seat: int) -> np.ndarray:
        """``seat``'s int8 action mask as the env gives it (``wait`` when it does not decide)."""
        return self.game.env_mask(self._state, seat)

    def _acting(self) -> list[int]:
        return self.game.acting_players(self._state)

    def _is_over(self) -> bool:
        return self.game.is_over(self._state)

    def _check(self, seat: int, action: Any) -> None:
        """Raise :class:`IllegalActionError` naming ``action`` and why, unless it is legal for ``seat``."""
        if type(action) is int or (isinstance(action, np.integer) and not isinstance(action, np.bool_)):
            if 0 <= action < self._action_space.n and self._mask(seat)[action]:
                return
        raise IllegalActionError(self.game.why_illegal(self._state, seat, action))

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_space

    def _new_game(self, seed: int | None) -> SevenWondersState:
        """The game of ``seed`` (an integer in 0-2**64-1, else :class:`~wonders_env.game.SeedError`
        and nothing changes), which also reseeds the env's generator; without it, the game of a seed
        drawn from that generator (unseeded at construction; the record keeps the seed), as in
        every env of the package."""
        if seed is not None:
            seed = check_seed(seed)
            self._rng = np.random.default_rng(seed)
        else:
            seed = int(self._rng.integers(2**63))
        return self.game.new_game(seed)

    def _require_reset(self, method: str) -> None:
        if self._state is None:
            raise RuntimeError(f"call reset() first: {method}() needs a game")

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        self._require_reset("observe")
        seat = self.agent_seat[agent]
        return {"observation": self.game.encode_observation(self._state, seat), "action_mask": self._mask(seat)}

    def _final_rewards(self) -> dict[str, float]:
        engine, state = self.game, self._state
        if self.reward_mode == "score":
            totals = [engine.score_breakdown(state, seat)["total"] for seat in range(self.num_players)]
            return dict(zip(self.possible_agents, score_rewards(totals)))
        won = set(engine.winners(state))
        return {agent: 1.0 if i in won else -1.0 for i, agent in enumerate(self.possible_agents)}

    def _final_info(self, seat: int) -> dict[str, Any]:
        return {"score": self.game.score_breakdown(self._state, seat),
                "winners": [f"player_{s}" for s in self.game.winners(self._state)]}

    def game_record(self) -> dict:
        """The JSON-serialisable record of the game so far (its fields: :mod:`.record`)."""
        self._require_reset("game_record")
        return self.game.game_record(self._state)

    def _viewer(self) -> int | None:
        """The seat whose hand :meth:`render` shows (None: the public table only)."""
        return None

    def render(self) -> str | None:
        """The table as text: public information, and the hand of :meth:`_viewer` (the AEC env's
        ``agent_selection`` while the game runs; the parallel env, where everyone decides at
        once, shows no hand)."""
        if self.render_mode is None:
            return None
        self._require_reset("render")
        text = self.game.render(self._state, self._viewer())
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
                 render_mode: str | None = None, edition: str = "1st", payment: str = "cheapest",
                 engine: str = "core", expansions: tuple[str, ...] | None = None) -> None:
        AECEnv.__init__(self)
        self._setup(num_players, wonders, wonder_sides, reward, render_mode, edition, payment, engine, expansions)

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self._start(self._new_game(seed))

    def _start(self, state: SevenWondersState) -> None:
        super()._start(state)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self._chosen: dict[int, int] = {}
        if self._is_over():
            self._end_game()
            self.agent_selection = self.agents[0]  # as after the turn that ended the game
        else:
            self.agent_selection = self._next_agent()

    def _end_game(self) -> None:
        """Terminate every agent with its final reward and info."""
        self.rewards = self._final_rewards()
        for seat, agent in enumerate(self.agents):
            self.terminations[agent] = True
            self.infos[agent] = self._final_info(seat)
        self._accumulate_rewards()

    def _viewer(self) -> int | None:
        return None if self._is_over() else self.agent_seat[self.agent_selection]

    def _next_agent(self) -> str:
        for seat in self._acting():
            if seat not in self._chosen:
                return self.possible_agents[seat]
        raise AssertionError("no agent left to act")  # unreachable: apply_actions() runs when all chose

    def step(self, action: int) -> None:
        self._require_reset("step")
        if dead_step(self, action):
            return
        agent = self.agent_selection
        seat = self.agent_seat[agent]
        self._check(seat, action)
        self._cumulative_rewards[agent] = 0.0
        self._chosen[seat] = int(action)
        if len(self._chosen) == len(self._acting()):
            self.game.apply_actions(self._state, self._chosen)
            self._chosen = {}
            if self._is_over():
                self._end_game()
        self.agent_selection = self.agents[0] if self._is_over() else self._next_agent()
        if self.render_mode == "human":  # every step, the last one included
            self.render()


class raw_parallel_env(_SevenWondersTable, ParallelEnv):
    """7 Wonders as a native parallel env. Every live agent sends an action each step; agents
    with nothing to decide in the current phase have only ``wait`` legal (and may omit it). An
    illegal or missing action raises :class:`IllegalActionError` and changes nothing."""

    def __init__(self, num_players: int = 3, wonders: list[str] | None = None,
                 wonder_sides: str | list[str] = "random", reward: str = "win_loss",
                 render_mode: str | None = None, edition: str = "1st", payment: str = "cheapest",
                 engine: str = "core", expansions: tuple[str, ...] | None = None) -> None:
        self._setup(num_players, wonders, wonder_sides, reward, render_mode, edition, payment, engine, expansions)
        self.agents: list[str] = []

    def reset(self, seed: int | None = None, options: dict | None = None):
        self._start(self._new_game(seed))
        return {agent: self.observe(agent) for agent in self.agents}, {agent: {} for agent in self.agents}

    def _start(self, state: SevenWondersState) -> None:
        super()._start(state)
        self.agents = [] if self._is_over() else list(self.possible_agents)

    def step(self, actions: dict[str, int]):
        self._require_reset("step")
        if not self.agents:
            raise RuntimeError(GAME_OVER)
        if not isinstance(actions, dict):
            raise TypeError(f"actions must be a dict {{agent: action}} for the live agents {self.agents}, "
                            f"got {type(actions).__name__}")
        chosen = {}
        acting = set(self._acting())
        for agent in self.agents:
            seat = self.agent_seat[agent]
            if seat in acting:
                if agent not in actions:
                    raise IllegalActionError(f"{agent} must act in phase {self.state.phase.name} but sent no action")
                self._check(seat, actions[agent])
                chosen[seat] = int(actions[agent])
            elif agent in actions:
                self._check(seat, actions[agent])  # only `wait` is legal
        unknown = set(actions) - set(self.agents)
        if unknown:
            raise IllegalActionError(f"actions for unknown or finished agents {sorted(unknown)}; "
                                     f"live agents: {self.agents}")
        self.game.apply_actions(self._state, chosen)
        over = self._is_over()
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


class TerminateIllegalParallelWrapper(wrappers.BaseParallelWrapper):
    """The parallel counterpart of PettingZoo's ``TerminateIllegalWrapper``: a step with illegal
    actions (outside the agent's ``action_mask``; a missing action of an agent who must act counts
    as one) is not played but ends the game: every agent is terminated and truncated, each author
    of an illegal action gets ``illegal_reward`` and the others 0, as in :func:`env`. Actions
    outside the action space, and actions for unknown agents, raise :class:`IllegalActionError`."""

    def __init__(self, env: raw_parallel_env, illegal_reward: float) -> None:
        super().__init__(env)
        self.illegal_reward = illegal_reward

    @property
    def state(self) -> SevenWondersState | None:
        """The engine's state of the game, as on the raw env (PettingZoo's wrapper would give its
        ``state()`` method, a global state that would reveal hidden cards and is not provided)."""
        return self.env.state

    @state.setter
    def state(self, value: SevenWondersState) -> None:
        """Put the game in a copy of ``value``, as on the raw env."""
        self.env.state = value

    def step(self, actions: dict[str, int]):
        raw = self.env.unwrapped
        if not isinstance(actions, dict) or raw._state is None:
            return self.env.step(actions)  # raises, saying what is wrong
        unknown = set(actions) - set(raw.agents)
        for agent, action in actions.items():
            problem = None if agent in unknown else action_number_error(action, self.action_space(agent).n)
            if problem:
                raise IllegalActionError(f"{agent}: {problem}")
        wait = encode_action(ActionKind.WAIT, 0, raw.db.num_types)
        illegal = [] if unknown else [
            agent for agent in raw.agents
            if not raw._mask(raw.agent_seat[agent])[actions.get(agent, wait)]]
        if not illegal:
            return self.env.step(actions)
        EnvLogger.warn_on_illegal_move()
        observations = {agent: raw.observe(agent) for agent in raw.agents}
        rewards = {agent: float(self.illegal_reward) if agent in illegal else 0.0 for agent in raw.agents}
        done = dict.fromkeys(raw.agents, True)
        infos = {agent: {} for agent in raw.agents}
        raw.agents = []
        return observations, rewards, done, dict(done), infos


def parallel_env(**kwargs) -> ParallelEnv:
    """The parallel env wrapped like PettingZoo's classic games: illegal actions end the game with
    reward -1 for their authors (:class:`TerminateIllegalParallelWrapper`); out-of-range actions
    raise. Takes the arguments of :class:`raw_parallel_env`."""
    return TerminateIllegalParallelWrapper(raw_parallel_env(**kwargs), illegal_reward=-1)


def env(**kwargs) -> AECEnv:
    """The AEC env wrapped like PettingZoo's classic games (:func:`..pettingzoo_common.wrap`): an
    illegal move ends the game with reward -1 for its author; an action that is no action number
    raises :class:`IllegalActionError`, API misuse PettingZoo's clear errors."""
    return wrap(raw_env(**kwargs), IllegalActionError)
