"""The ``heuristic`` agent: the best legal move by its game's hand-written valuation.

A game's valuation is a module of this package with two functions:

* ``action_values(state, player, legal, game) -> np.ndarray``: each legal action's value for
  ``player`` (``game``: the state's engine, which a valuation may step), in victory-point
  equivalents (the agent's choice, and the search agent's priors and play-out policy);
* ``search_returns(game, state) -> list[float]``: what a finished game is worth to each player in
  the search agent's play-outs (in [0, 1]).
* optionally ``compiled_valuation()``: the core's object computing ``action_values``, which
  self-play reads on the batch's games in place (Duel, whose valuation is the core's:
  ``core/duel/heuristic.cpp``).

:data:`VALUATIONS` names the module of each game: a game without one plays with the ``random``
and ``ppo`` agents only (:func:`wonders_agents.agent_names` says which agents play a game). The table
lives here, not in the game registry: a valuation is a strategy, knowledge of the agents, and the
registry sits below them (it may not name a module of theirs). So a new game is its engine folder
and one registry entry; its valuation, when someone writes one, is one module here and one line
in this table. The agent reads the state through the env's engine (``env.unwrapped.game``, a
:class:`wonders_env.game.Game`) and its own seat.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

import numpy as np

from wonders_env.game import Game
from wonders_env.registry import entry, resolve_game

#: VP per unit of the softmax that turns the valuation into a search prior (``mcts``'s root and
#: node priors, ``az``'s ``heuristic_root_weight``)
PRIOR_TEMPERATURE = 1.5

#: the valuation module of each game (canonical registry names)
VALUATIONS = {"seven_wonders": "wonders_agents.seven_wonders_heuristic",
              "seven_wonders_duel": "wonders_agents.duel_heuristic"}


def valuation(game: str) -> ModuleType:
    """The valuation module of ``game``; a game without one raises ``ValueError``."""
    name = resolve_game(game)
    if name not in VALUATIONS:
        raise ValueError(f"no heuristic valuation for {name}; games with one: {', '.join(VALUATIONS)}")
    return importlib.import_module(VALUATIONS[name])


def env_position(env: Any, game: str, agent: str) -> tuple[Any, Any, int]:
    """The engine, the true state and the deciding player of an AEC env of ``game`` (for the
    agents that read the state; they read only what that player may know). An env of another game
    raises ``ValueError``: the ``agent`` was made for ``game``."""
    raw = env.unwrapped
    if raw.game.name != game:
        expected = entry(game).env_module.rpartition(".")[2]
        raise ValueError(f"this {agent} agent plays {game} ({expected}), but the env is {raw.metadata['name']}: "
                         f"make the agent with make_agent(..., game=...) of the env's game")
    return raw.game, raw.state, raw.possible_agents.index(env.agent_selection)


class HeuristicAgent:
    """Plays the legal move of highest value (ties broken by a generator seeded by ``seed``)."""

    def __init__(self, game: str, seed: int | None = None) -> None:
        self.game_name = resolve_game(game)
        self.valuation = valuation(game)
        self.rng = np.random.default_rng(seed)

    def act(self, env: Any) -> int:
        return self.choose(*env_position(env, self.game_name, "heuristic"))

    def choose(self, game: Game, state: Any, player: int) -> int:
        """The legal action of ``player`` with the highest value in ``state`` of the engine ``game``."""
        legal = game.legal_actions(state, player)
        if len(legal) == 1:
            return legal[0]
        values = self.valuation.action_values(state, player, legal, game)
        values += self.rng.random(len(values)) * 1e-6
        return legal[int(np.argmax(values))]
