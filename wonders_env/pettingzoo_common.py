"""What the PettingZoo AEC envs of every game share: the ``env()`` wrapper chain and the step after
the end of a game.

``env()`` wraps ``raw_env`` like PettingZoo's classic games, with these changes: PettingZoo's
``AssertOutOfBoundsWrapper`` is replaced by :class:`ActionNumberWrapper`, which raises the game's
``IllegalActionError`` (a ``ValueError``) naming the action's type and the allowed range, where
PettingZoo's asserts (an ``AssertionError`` that ``python -O`` removes, and a bool such as ``True``
passed its check to fail in the next wrapper with numpy's "ambiguous truth value");
:class:`TerminateIllegalWrapper` judges a move on the game being played after a state is assigned;
:class:`OrderEnforcingWrapper` reads and assigns the raw env's ``state``.
"""

from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .game import action_number_error, quoted

GAME_OVER = "the game is over: call reset() to start a new one"


class ActionNumberWrapper(wrappers.BaseWrapper):
    """Refuses an action that is not an action number of the action space (a bool, float,
    string, array or integer out of range) with ``error``, before the wrapped env sees it; the
    dead step ``step(None)`` of a finished agent goes through."""

    def __init__(self, env: AECEnv, error: type[ValueError]) -> None:
        super().__init__(env)
        self.error = error

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.agents and not (action is None and (self.terminations[agent] or self.truncations[agent])):
            problem = action_number_error(action, self.action_space(agent).n)
            if problem:
                raise self.error(f"{agent}: {problem}")
        super().step(action)


class TerminateIllegalWrapper(wrappers.TerminateIllegalWrapper):
    """PettingZoo's ``TerminateIllegalWrapper``, which judges a move by the mask of its agent's last
    observation and remembers a game it ended: both are forgotten when the raw env starts another
    game (a reset, or a state assigned to ``env.unwrapped.state``), so that a move is judged on the
    game being played. The raw env counts its games in ``_game_number``; ``_prev_obs``,
    ``_prev_info`` and ``_terminated`` are the PettingZoo wrapper's own (1.24 to 1.27;
    ``tests/test_env_state_assignment.py`` fails if they change)."""

    def __init__(self, env: AECEnv, illegal_reward: float) -> None:
        super().__init__(env, illegal_reward)
        self._game_seen = env.unwrapped._game_number

    def _forget_another_game(self) -> None:
        game = self.env.unwrapped._game_number  # raised by the raw env at each reset and state assignment
        if game != self._game_seen:
            self._prev_obs = self._prev_info = None
            self._terminated = False
            self._game_seen = game

    def observe(self, agent: Any) -> Any:
        self._forget_another_game()
        return super().observe(agent)

    def step(self, action: Any) -> None:
        self._forget_another_game()
        super().step(action)


class OrderEnforcingWrapper(wrappers.OrderEnforcingWrapper):
    """PettingZoo's ``OrderEnforcingWrapper`` with the raw env's ``state``, read and assigned
    through it (an assigned state starts the game like a reset: see the raw env's ``state``)."""

    @property
    def state(self) -> Any:
        """The raw env's game state (``None`` before the first reset)."""
        return self.env.unwrapped.state

    @state.setter
    def state(self, value: Any) -> None:
        self.env.unwrapped.state = value
        self._has_reset = self._has_updated = True


def wrap(raw: AECEnv, error: type[ValueError]) -> AECEnv:
    """``raw`` wrapped like PettingZoo's classic games: an illegal move (an action number outside
    the action mask) ends the game with reward -1 for its author; an action that is no action
    number raises ``error``; API misuse raises PettingZoo's clear errors. ``state`` reads and
    assigns the raw env's game state."""
    wrapped = TerminateIllegalWrapper(raw, illegal_reward=-1)
    wrapped = ActionNumberWrapper(wrapped, error)
    return OrderEnforcingWrapper(wrapped)


def dead_step(env: AECEnv, action: Any) -> bool:
    """The step of a raw env after the end of its game, if it is one (then True): ``step(None)``
    of a finished agent removes it (PettingZoo's dead step); any other action of a finished agent
    raises ``ValueError`` and a step once every agent is removed ``RuntimeError``, both saying
    the game is over."""
    if not env.agents:
        raise RuntimeError(GAME_OVER)
    agent = env.agent_selection
    if not (env.terminations[agent] or env.truncations[agent]):
        return False
    if action is not None:
        raise ValueError(f"{GAME_OVER}; {agent} is done: its only step is step(None), which removes it "
                         f"from env.agents (PettingZoo's dead step), got {quoted(action)}")
    env._was_dead_step(action)
    return True
