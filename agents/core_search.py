"""The ``mcts`` agent's search on the compiled core (``engine="core"``, the default).

The search itself is C++ (``core/common/ismcts.hpp``, one template for both games; read its
header for the algorithm, tree reuse and how a learned prior/value plugs in): simulations,
determinizations and play-outs never return to Python. This module is the thin Python side:

* it takes the env's engine and true state whichever engine the env runs on: a compiled engine
  (one with ``core_state(state)``, the C++ state it searches, and ``new_searcher(uniform_rule)``)
  is searched as is; a Python engine state is converted once per move, outside the search loop,
  by the compiled engine of the same table (:meth:`from_python`; the Python engine names it with
  ``compiled_twin()``);
* it gives the root a prior: a softmax of the game's heuristic move values
  (:mod:`wonders_agents.heuristic`, the same prior as the Python search) over the player's legal moves,
  read from the env's state (what the player may know only);
* it keeps one C++ ``Searcher`` per engine, so Duel's tree is reused between moves;
* with ``network`` (the ``az`` agent, :mod:`wonders_agents.az_agent`), every searcher gets the network:
  its priors (the root's included) and leaf values replace the heuristic prior and play-outs; a
  heuristic root prior given beside it is mixed in by the option ``root_prior_weight``.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import numpy as np

from wonders_env.game import Game

from .heuristic import PRIOR_TEMPERATURE, valuation


class CoreSearch:
    """ISMCTS on the core for one game (see the module docstring). ``options`` are the keyword
    arguments of the C++ ``Searcher.search`` (budgets, ``exploration``, ``widening``, margins,
    ``reuse``); ``uniform_rule`` plays uniform play-outs instead of the cheap rule;
    ``prior_temperature``: VP per unit of the root prior's softmax (None: no heuristic prior);
    ``network``: the arrays of :func:`wonders_agents.az_agent.network_arrays` (None: no network)."""

    def __init__(self, game_name: str, options: dict[str, Any], uniform_rule: bool = False,
                 prior_temperature: float | None = PRIOR_TEMPERATURE,
                 network: list[np.ndarray] | None = None) -> None:
        self.game_name = game_name
        self.options = options
        self.uniform_rule = uniform_rule
        self.prior_temperature = prior_temperature
        self.network = network
        self.valuation = valuation(game_name) if prior_temperature is not None else None
        self._compiled: OrderedDict[int, tuple[Any, Any]] = OrderedDict()  # id(Python engine) -> (it, its twin)
        self._searchers: OrderedDict[int, tuple[Any, Any]] = OrderedDict()  # id(compiled engine) -> (it, Searcher)
        self.last: dict[str, Any] = {}  # the last search's result (simulations, edges, ...)

    def choose(self, game: Game, state: Any, player: int, seed: int) -> int:
        """The action of ``player`` in ``state`` of the engine ``game`` (Python or compiled)."""
        legal = game.legal_actions(state, player)
        if len(legal) == 1:  # a forced move: nothing to search
            self.last = {"action": legal[0], "simulations": 0, "reused_visits": 0, "nodes": 0, "edges": []}
            return int(legal[0])
        compiled, core_state, readable = self._core_position(game, state)
        searcher = self._searcher(compiled)
        root_actions, root_priors = self._prior(game, state, readable, player)
        result = searcher.search(core_state, player, seed, root_actions=root_actions, root_priors=root_priors,
                                 **self.options)
        self.last = result
        return int(result["action"])

    # ------------------------------------------------------------------ the position on the core
    def _core_position(self, game: Game, state: Any) -> tuple[Any, Any, Any]:
        """(compiled engine, the C++ state it searches, the state the valuation reads) of the env's
        engine and state."""
        if not hasattr(game, "core_state"):  # a Python engine: the compiled engine of its table takes the state
            compiled = self._compiled_twin(game)
            return compiled, compiled.core_state(compiled.from_python(state)), state
        return game, game.core_state(state), state

    def check_game(self, game: Game) -> None:
        """``ValueError`` if the core cannot search the table of the engine ``game`` (a Python engine
        whose table the core does not play: Duel's expansion tables)."""
        if not hasattr(game, "core_state"):
            self._compiled_twin(game)

    def _compiled_twin(self, game: Game) -> Any:
        """The compiled engine of a Python engine's table (built once per engine); a table the core
        does not play raises ``ValueError`` naming what is missing and the search that plays it."""
        try:
            return _remembered(self._compiled, game, game.compiled_twin)
        except ValueError as error:
            raise ValueError(f"the search on the core (engine='core', the default) cannot search this table: the "
                             f"core does not play it yet (its C++ port is missing: {error}); the Python reference "
                             f"search plays it (mcts:engine=python)") from None

    def _searcher(self, compiled: Any) -> Any:
        def new_searcher() -> Any:
            searcher = compiled.new_searcher(self.uniform_rule)
            if self.network is not None:
                searcher.set_network(self.network)
            return searcher

        return _remembered(self._searchers, compiled, new_searcher)

    def _prior(self, game: Game, state: Any, readable: Any, player: int) -> tuple[list[int], list[float]]:
        """The heuristic's softmax over the player's legal moves (empty: the cheap rule)."""
        if self.valuation is None:
            return [], []
        legal = game.legal_actions(state, player)
        values = np.asarray(self.valuation.action_values(readable, player, legal, game), float) / self.prior_temperature
        weights = np.exp(values - values.max())
        return [int(a) for a in legal], (weights / weights.sum()).tolist()


#: the engines (games) an agent keeps a compiled twin and a searcher for: the latest few, so that
#: one agent playing game after game (a tournament) does not keep every finished game's tree
REMEMBERED_ENGINES = 4


def _remembered(cache: OrderedDict, engine: Any, make: Callable[[], Any]) -> Any:
    """``cache``'s value for ``engine`` (the object itself, not only its id), made by ``make`` when
    missing; the least recently used beyond :data:`REMEMBERED_ENGINES` are dropped."""
    found = cache.get(id(engine))
    if found is None or found[0] is not engine:
        found = (engine, make())
        cache[id(engine)] = found
    cache.move_to_end(id(engine))
    while len(cache) > REMEMBERED_ENGINES:
        cache.popitem(last=False)
    return found[1]
