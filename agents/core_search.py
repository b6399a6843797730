"""The ``mcts`` agent's search on the compiled core (``engine="core"``, the default).

The search itself is C++ (``core/common/ismcts.hpp``, one template for both games; read its
header for the algorithm, tree reuse and how a learned prior/value plugs in): simulations,
determinizations and play-outs never return to Python. This module is the thin Python side:

* it takes the env's engine and true state whichever engine the env runs on: a compiled engine's
  state is searched as is; a Python engine state is converted once per move, outside the search
  loop (Duel: its explicit deal and moves, :meth:`CompiledDuel.from_python`; 7 Wonders: field by
  field, :meth:`CompiledSevenWonders.from_python`);
* it gives the root a prior: a softmax of the game's heuristic move values
  (:mod:`agents.heuristic`, the same prior as the Python search) over the player's legal moves,
  read from a Python copy of the state (what the player may know only);
* it keeps one C++ ``Searcher`` per engine, so Duel's tree is reused between moves;
* with ``network`` (the ``az`` agent, :mod:`agents.az_agent`), every searcher gets the network:
  its priors (the root's included) and leaf values replace the heuristic prior and play-outs; a
  heuristic root prior given beside it is mixed in by the option ``root_prior_weight``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from wonders_env import core
from wonders_env.duel.cards import BASE
from wonders_env.duel.compiled import CompiledDuel, core_tables as duel_tables
from wonders_env.game import Game
from wonders_env.seven_wonders.compiled import CompiledSevenWonders

from .heuristic import PRIOR_TEMPERATURE, valuation


class CoreSearch:
    """ISMCTS on the core for one game (see the module docstring). ``options`` are the keyword
    arguments of the C++ ``Searcher.search`` (budgets, ``exploration``, ``widening``, margins,
    ``reuse``); ``uniform_rule`` plays uniform play-outs instead of the cheap rule;
    ``prior_temperature``: VP per unit of the root prior's softmax (None: no heuristic prior);
    ``network``: the arrays of :func:`agents.az_agent.network_arrays` (None: no network)."""

    def __init__(self, game_name: str, options: dict[str, Any], uniform_rule: bool = False,
                 prior_temperature: float | None = PRIOR_TEMPERATURE,
                 network: list[np.ndarray] | None = None) -> None:
        self.game_name = game_name
        self.options = options
        self.uniform_rule = uniform_rule
        self.prior_temperature = prior_temperature
        self.network = network
        self.valuation = valuation(game_name) if prior_temperature is not None else None
        self._compiled: dict[Any, Any] = {}  # Python engine options -> compiled engine
        self._searchers: dict[int, tuple[Any, Any]] = {}  # id(compiled engine) -> (engine, Searcher)
        self.last: dict[str, Any] = {}  # the last search's result (simulations, edges, ...)

    def choose(self, game: Game, state: Any, player: int, seed: int) -> int:
        """The action of ``player`` in ``state`` of the engine ``game`` (Python or compiled)."""
        legal = game.legal_actions(state, player)
        if len(legal) == 1:  # a forced move: nothing to search
            self.last = {"action": legal[0], "simulations": 0, "reused_visits": 0, "nodes": 0, "edges": []}
            return int(legal[0])
        compiled, core_state, python_state = self._core_position(game, state)
        searcher = self._searcher(compiled)
        root_actions, root_priors = self._prior(game, state, python_state, player)
        result = searcher.search(core_state, player, seed, root_actions=root_actions, root_priors=root_priors,
                                 **self.options)
        self.last = result
        return int(result["action"])

    # ------------------------------------------------------------------ the position on the core
    def _core_position(self, game: Game, state: Any) -> tuple[Any, Any, Any]:
        """(compiled engine, core state, Python state or None) of the env's engine and state."""
        if isinstance(game, CompiledDuel):
            return game, state.core, game.to_python(state)
        if isinstance(game, CompiledSevenWonders):
            return game, state, game.to_python(state)
        if self.game_name == "seven_wonders_duel":
            if state.db is not BASE:
                raise ValueError("the core plays the base game's Duel tables; search a game of other tables with "
                                 "make_agent('mcts', ..., engine='python')")
            if "duel" not in self._compiled:
                self._compiled["duel"] = CompiledDuel()
            compiled = self._compiled["duel"]
            return compiled, compiled.from_python(state).core, state
        key = (game.num_players, game.edition, None if game.wonders is None else tuple(game.wonders),
               game.wonder_sides if isinstance(game.wonder_sides, str) else tuple(game.wonder_sides), game.payment)
        if key not in self._compiled:
            self._compiled[key] = CompiledSevenWonders(game.num_players, game.edition, game.wonders,
                                                       game.wonder_sides, game.payment)
        compiled = self._compiled[key]
        return compiled, compiled.from_python(state), state

    def _searcher(self, compiled: Any) -> Any:
        found = self._searchers.get(id(compiled))
        if found is None or found[0] is not compiled:
            if isinstance(compiled, CompiledDuel):
                searcher = core.load().duel.Searcher(duel_tables(), uniform_rule=self.uniform_rule)
            else:
                searcher = core.load().seven_wonders.Searcher(compiled.engine, uniform_rule=self.uniform_rule)
            if self.network is not None:
                searcher.set_network(self.network)
            found = (compiled, searcher)
            self._searchers[id(compiled)] = found
        return found[1]

    def _prior(self, game: Game, state: Any, python_state: Any, player: int) -> tuple[list[int], list[float]]:
        """The heuristic's softmax over the player's legal moves (empty: the cheap rule)."""
        if self.valuation is None:
            return [], []
        legal = game.legal_actions(state, player)
        values = np.asarray(self.valuation.action_values(python_state, player, legal), float) / self.prior_temperature
        weights = np.exp(values - values.max())
        return [int(a) for a in legal], (weights / weights.sum()).tolist()

