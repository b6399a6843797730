"""A single-agent Gymnasium env over our AEC envs, for stable-baselines3 / sb3-contrib.

```python
from sb3_contrib import MaskablePPO
from wonders_training.sb3_wrapper import SingleSeatEnv

env = SingleSeatEnv("seven_wonders_duel", opponents="heuristic")
model = MaskablePPO("MlpPolicy", env, seed=0).learn(50_000)
```

:class:`SingleSeatEnv` gives one seat (``learner_seat``, or a random seat each episode) to the
learning algorithm and plays every other seat with an opponent; ``step`` returns when the
learner must decide again or the game is over.

* Observation: the learner's float32 observation vector (``Box``, the env's ``observation``
  entry); action: ``Discrete`` (the env's flat action space).
* ``action_masks()`` returns the boolean legal-action mask of the learner's current decision:
  the method sb3-contrib's ``MaskablePPO`` looks for (no ``ActionMasker`` needed).
* Reward: the env's reward for the learner seat at the end of the game (``win_loss``: +1 win,
  -1 loss, 0 for a Duel draw; or ``score``), 0 before. ``info`` at the end holds ``winners``,
  ``score`` and ``is_success`` (SB3 logs its mean as ``rollout/success_rate``).
* Opponents (``opponents``): a name of :func:`wonders_agents.make_agent` (``"random"``, ``"heuristic"``,
  ``"mcts"``, ``"ppo"``: the shipped policy), built anew each episode with a seed drawn from the env's ``np_random`` (so
  ``reset(seed=s)`` fixes the whole game); or any object with ``act(env) -> int`` (a saved
  policy: :class:`wonders_agents.policy.PolicyAgent`, :class:`MaskablePPOAgent`), used as is; or a
  plain callable ``env -> int``. One spec for every other seat, or a list with one per other
  seat (in seat order, skipping the learner's).
* Simultaneous moves (7 Wonders): the AEC env takes the acting players one after another and
  resolves the turn after the last; the learner only ever receives ``env.observe(its agent)``,
  which holds no pending choice of the others. Opponents that act before it in a turn likewise
  see nothing of its choice.
* An illegal action (``illegal_action="lose"``, the default, as PettingZoo's ``env()``): ends the
  game with reward -1 and ``info["illegal_action"] = True``; with ``"raise"`` it raises the
  engine's error. ``MaskablePPO`` never chooses one; Gymnasium's ``check_env`` does (it steps
  with ``action_space.sample()``), and passes with the default.

:class:`MaskablePPOAgent` turns a trained ``MaskablePPO`` into an agent (``act(env)``) for
tournaments, evaluation, or as an opponent here. ``python -m wonders_training.train_sb3`` is the example
script.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import gymnasium as gym
import numpy as np

import wonders_env
from wonders_agents import make_agent
from wonders_agents.match import Agent, seat_of
from wonders_env.registry import default_players, resolve_game

OpponentSpec = str | Agent | Callable[[Any], int]


class _CallableAgent:
    def __init__(self, fn: Callable[[Any], int]) -> None:
        self.fn = fn

    def act(self, env: Any) -> int:
        return int(self.fn(env))


class SingleSeatEnv(gym.Env):
    """One learning seat of a 7 Wonders or Duel game; the other seats are played by opponents."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str = "seven_wonders_duel", num_players: int | None = None,
                 opponents: OpponentSpec | Sequence[OpponentSpec] = "random", learner_seat: int | None = None,
                 reward: str = "win_loss", illegal_action: str = "lose", render_mode: str | None = None,
                 **env_kwargs: Any) -> None:
        self.game = resolve_game(game)
        self.num_players = num_players or default_players(self.game)
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f"illegal_action must be 'lose' or 'raise', got {illegal_action!r}")
        if learner_seat is not None and not 0 <= learner_seat < self.num_players:
            raise ValueError(f"learner_seat must be in 0..{self.num_players - 1}, got {learner_seat}")
        specs = list(opponents) if isinstance(opponents, (list, tuple)) else [opponents] * (self.num_players - 1)
        if len(specs) != self.num_players - 1:
            raise ValueError(f"{self.num_players} players need {self.num_players - 1} opponents, got {len(specs)}")
        self.opponent_specs = specs
        self.learner_seat = learner_seat
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        self.aec = wonders_env.make(self.game, self.num_players, raw=True, reward=reward, render_mode=render_mode,
                            **env_kwargs)
        agent0 = self.aec.possible_agents[0]
        self.observation_space = self.aec.observation_space(agent0)["observation"]
        self.action_space = self.aec.action_space(agent0)
        self.seat = 0
        self.opponents: dict[int, Agent] = {}

    def _opponent(self, spec: OpponentSpec) -> Agent:
        if isinstance(spec, str):
            return make_agent(spec, game=self.game, seed=int(self.np_random.integers(2**31)))
        if hasattr(spec, "act"):
            return spec
        return _CallableAgent(spec)

    @property
    def agent(self) -> str:
        return self.aec.possible_agents[self.seat]

    def _over(self) -> bool:
        return all(self.aec.terminations[a] or self.aec.truncations[a] for a in self.aec.agents)

    def _play_opponents(self) -> None:
        """Let the opponents move until the learner must decide or the game is over."""
        while not self._over() and self.aec.agent_selection != self.agent:
            self.aec.step(self.opponents[seat_of(self.aec.agent_selection)].act(self.aec))

    def _observation(self) -> np.ndarray:
        return self.aec.observe(self.agent)["observation"]

    def action_masks(self) -> np.ndarray:
        """Boolean mask of the learner's legal actions (all False once the game is over)."""
        return self.aec.observe(self.agent)["action_mask"].astype(bool)

    def reset(self, seed: int | None = None, options: dict | None = None) -> tuple[np.ndarray, dict]:
        super().reset(seed=seed)
        self.aec.reset(seed=int(self.np_random.integers(2**31)))
        self.seat = (self.learner_seat if self.learner_seat is not None
                     else int(self.np_random.integers(self.num_players)))
        others = [s for s in range(self.num_players) if s != self.seat]
        self.opponents = {s: self._opponent(spec) for s, spec in zip(others, self.opponent_specs)}
        self._play_opponents()
        return self._observation(), {}

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict]:
        if self._over():
            raise RuntimeError("the game is over: call reset()")
        if not self.aec.observe(self.agent)["action_mask"][int(action)] and self.illegal_action == "lose":
            return self._observation(), -1.0, True, False, {"illegal_action": True}
        self.aec.step(int(action))
        self._play_opponents()
        if not self._over():
            return self._observation(), 0.0, False, False, {}
        info = dict(self.aec.infos[self.agent])
        info["is_success"] = self.agent in info.get("winners", [])
        return self._observation(), float(self.aec.rewards[self.agent]), True, False, info

    def render(self) -> str | None:
        return self.aec.render()


class MaskablePPOAgent:
    """A trained sb3-contrib ``MaskablePPO`` as an agent: ``act(env)`` for ``env.agent_selection``."""

    def __init__(self, model: Any, deterministic: bool = True) -> None:
        self.model = model
        self.deterministic = deterministic

    def act(self, env: Any) -> int:
        observation = env.observe(env.agent_selection)
        action, _ = self.model.predict(observation["observation"], deterministic=self.deterministic,
                                       action_masks=observation["action_mask"].astype(bool))
        return int(action)
