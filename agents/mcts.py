"""Information-set Monte Carlo tree search (ISMCTS) for both games: the ``mcts`` agent.

Two engines run the same algorithm family:

* ``engine="core"`` (the default): the search runs in C++ on the compiled core
  (``core/common/ismcts.hpp``, driven by :mod:`wonders_agents.core_search`): tens of thousands of
  simulations a second, play-outs by a cheap C++ rule, Duel's tree reused between moves,
  progressive widening available (``widening``);
* ``engine="python"``: the readable reference below (today's search, which the ladder compares
  against: "mcts, 200 simulations"): heuristic priors at every node and heuristic play-outs.

Each simulation starts from a fresh **determinization** of the true state for the searching
player (the engine's ``determinize``: other hands, decks, face-down and boxed cards, unused
wonders and tokens redrawn consistently with what the player has seen), so the search never
uses information the player does not have. The true state itself is only passed to
``determinize``; in 7 Wonders the choices other players already made this turn (buffered by the
AEC env) are never read.

One tree is shared by all determinizations (single-observer ISMCTS, Cowling, Powley & Whitehouse
2012): its edges are actions, a child is selected among the actions legal in the current
determinization, and each child counts how often it was available. Selection is PUCT with the
heuristic as prior: ``Q + c * P * sqrt(available) / (1 + visits)``, ``P`` a softmax of the
heuristic's move values over the legal moves (the core: at the root; below it, the weights of
its cheap play-out rule). A new leaf is evaluated by one play-out to the end of the game (Python:
every player follows the heuristic, with a small chance of a random move).

In a turn-based game with public moves (Duel) every player's decisions are tree nodes, each
choosing for itself. In a simultaneous game (7 Wonders: choices hidden until revealed) only the
searching player's decisions are: the others act by the play-out policy at every step, and the
tree is "open loop" over the player's own moves.

The rules come from the env's engine (``env.unwrapped.game``, a :class:`wonders_env.game.Game`,
Python or compiled); the game's knowledge, move values and what a finished play-out is worth,
from its heuristic valuation (:mod:`wonders_agents.heuristic`).

The core search plays the tables the core plays (7 Wonders with Leaders included): on a table only
the Python engine plays (Duel's expansions) it refuses, with the reason, when a game is set up
(``check_env``) and at its first move; the Python search plays that table.

Budget: ``simulations`` per move (deterministic for a seed), and/or ``time_limit`` seconds per
move (stops early when reached; then the result depends on the machine's speed). Without either,
``simulations`` defaults to :data:`DEFAULT_SIMULATIONS` of the engine.
"""

from __future__ import annotations

import math
import time
from typing import Any

import numpy as np

from wonders_env.game import Game
from wonders_env.game import check_engine
from wonders_env.registry import resolve_game

from .heuristic import PRIOR_TEMPERATURE, env_position, valuation

from .search_options import check_at_least_zero, check_budget, check_flag, check_positive, check_share

#: simulations per move when no budget is given, by engine
DEFAULT_SIMULATIONS = {"python": 200, "core": 5000}
_UNSET = object()  # simulations not given: the engine's default unless a time limit is given


class Node:
    """Statistics of one edge of the tree (the action that leads here) and its children."""

    __slots__ = ("visits", "total", "available", "logit", "children")

    def __init__(self, logit: float) -> None:
        self.visits = 0
        self.total = 0.0  # sum of the returns of the player who chose this edge
        self.available = 0
        self.logit = logit
        self.children: dict[int, Node] = {}


class MCTSAgent:
    """ISMCTS agent (see the module docstring).

    ``engine``: ``"core"`` (C++ search) or ``"python"`` (the reference); ``simulations``:
    simulations per move (None: no limit, then ``time_limit`` is required); ``time_limit``: seconds
    per move (None: no limit); ``exploration``: the PUCT constant; ``prior_temperature``: VP per
    unit of the prior's softmax. Python engine only: ``rollout_epsilon``, the chance of a
    uniformly random move in play-outs. Core only: ``widening`` (progressive widening constant,
    0: off; default 0 in Duel, 2 in 7 Wonders), ``rollout`` (``"rule"``: the cheap rule,
    ``"uniform"``: uniform play-outs), ``reuse`` (keep Duel's tree between moves),
    ``margin_weight`` (weight of the score margin in a play-out's value; default the heuristic's).
    """

    def __init__(self, game: str, seed: int | None = None, simulations: Any = _UNSET,
                 time_limit: float | None = None, exploration: float = 1.5,
                 prior_temperature: float = PRIOR_TEMPERATURE,
                 rollout_epsilon: float = 0.1, engine: str = "core", widening: float | None = None,
                 rollout: str = "rule", reuse: bool = True, margin_weight: float | None = None) -> None:
        check_engine(engine)
        if simulations is _UNSET:
            simulations = None if time_limit is not None else DEFAULT_SIMULATIONS[engine]
        if simulations is None and time_limit is None:
            raise ValueError("mcts needs a budget: simulations and/or time_limit")
        check_budget(simulations, time_limit)
        check_at_least_zero("exploration", exploration, "the PUCT constant")
        check_positive("prior_temperature", prior_temperature, "victory points per unit of the root prior's softmax")
        check_share("rollout_epsilon", rollout_epsilon, "the chance of a uniformly random move in a Python play-out")
        if widening is not None:
            check_at_least_zero("widening", widening, "the progressive widening constant; 0: off")
        if margin_weight is not None:
            check_share("margin_weight", margin_weight, "the score margin's weight in a play-out's value")
        reuse = check_flag("reuse", reuse, "keep Duel's search tree between moves")
        if rollout not in ("rule", "uniform"):
            raise ValueError(f"rollout must be 'rule' or 'uniform', got {rollout!r}")
        self.game_name = resolve_game(game)
        self.valuation = valuation(game)
        self.rng = np.random.default_rng(seed)
        self.engine = engine
        self.simulations = simulations
        self.time_limit = time_limit
        self.exploration = exploration
        self.prior_temperature = prior_temperature
        self.rollout_epsilon = rollout_epsilon
        self.last_simulations = 0  # how many simulations the last move ran
        self.core = None
        if engine == "core":
            module = self.valuation
            options = {"simulations": int(simulations or 0), "time_limit": float(time_limit or 0.0),
                       "exploration": float(exploration),
                       "widening": float(module.SEARCH_WIDENING if widening is None else widening),
                       "margin_scale": float(module.MARGIN_SCALE),
                       "margin_weight": float(module.MARGIN_WEIGHT if margin_weight is None else margin_weight),
                       "reuse": reuse}
            from .core_search import CoreSearch
            self.core = CoreSearch(self.game_name, options, uniform_rule=rollout == "uniform",
                                   prior_temperature=prior_temperature)

    def act(self, env: Any) -> int:
        return self.search(*env_position(env, self.game_name, "mcts"))

    def check_env(self, env: Any) -> None:
        """``ValueError`` for a table the search cannot play: on the core, one the core does not
        play (Duel's expansion tables, played on ``engine="python"``)."""
        if self.core is not None:
            self.core.check_game(env.unwrapped.game)

    def search(self, game: Game, state: Any, player: int) -> int:
        """The action of ``player`` with the most visits after the budget's simulations.
        ``state`` is only ever passed to the engine's ``determinize`` (and, on the core, converted
        to a core state first when it is a Python engine state)."""
        if self.core is not None:
            action = self.core.choose(game, state, player, int(self.rng.integers(2**63)))
            self.last_simulations = int(self.core.last["simulations"])
            return action
        legal = game.legal_actions(game.determinize(state, player, self.rng), player)
        if len(legal) == 1:
            self.last_simulations = 0
            return legal[0]
        root = Node(0.0)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        count = 0
        while (self.simulations is None or count < self.simulations) and \
                (deadline is None or time.perf_counter() < deadline):
            self._simulate(game, game.determinize(state, player, self.rng), player, root)
            count += 1
        self.last_simulations = count
        best = max(legal, key=lambda a: (root.children[a].visits if a in root.children else -1,
                                         root.children[a].logit if a in root.children else -math.inf))
        return int(best)

    # ---------------------------------------------------------------- one simulation
    def _simulate(self, game: Game, state: Any, me: int, root: Node) -> None:
        tree_for_all = not game.simultaneous  # public turns: every player's decisions are nodes
        path: list[tuple[Node, int]] = []  # (edge node, the player who chose it)
        node = root
        expanded = False
        while not expanded:
            acting = game.acting_players(state)
            if not acting:
                break
            chooser = next((p for p in acting if tree_for_all or p == me), None)
            actions = {}
            for p in acting:
                if p != chooser:
                    actions[p] = self._policy(game, state, p)
            if chooser is not None:
                action, child = self._select(game, state, chooser, node)
                actions[chooser] = action
                path.append((child, chooser))
                node = child
                expanded = child.visits == 0
            game.apply_actions(state, actions)
        while True:
            acting = game.acting_players(state)
            if not acting:
                break
            game.apply_actions(state, {p: self._policy(game, state, p) for p in acting})
        returns = self.valuation.search_returns(game, state)
        for edge, chooser in path:
            edge.visits += 1
            edge.total += returns[chooser]

    def _select(self, game: Game, state: Any, player: int, node: Node) -> tuple[int, Node]:
        """PUCT over the actions legal here; new actions get their heuristic logit first."""
        legal = game.legal_actions(state, player)
        children = node.children
        new = [a for a in legal if a not in children]
        if new:
            logits = self.valuation.action_values(state, player, new, game) / self.prior_temperature
            for action, logit in zip(new, logits):
                children[action] = Node(float(logit))
        edges = [children[a] for a in legal]
        top = max(edge.logit for edge in edges)
        weights = [math.exp(edge.logit - top) for edge in edges]
        norm = sum(weights)
        visited = [edge for edge in edges if edge.visits]
        parent_q = sum(e.total for e in visited) / sum(e.visits for e in visited) if visited else 0.5
        best_score, best_index = -math.inf, 0
        for i, edge in enumerate(edges):
            edge.available += 1
            q = edge.total / edge.visits if edge.visits else parent_q
            score = q + self.exploration * weights[i] / norm * math.sqrt(edge.available) / (1 + edge.visits)
            if score > best_score:
                best_score, best_index = score, i
        return legal[best_index], edges[best_index]

    def _policy(self, game: Game, state: Any, player: int) -> int:
        """The play-out move: the heuristic's best, or with ``rollout_epsilon`` a random one."""
        legal = game.legal_actions(state, player)
        if len(legal) == 1:
            return legal[0]
        if self.rng.random() < self.rollout_epsilon:
            return legal[int(self.rng.integers(len(legal)))]
        values = self.valuation.action_values(state, player, legal, game)
        return legal[int(np.argmax(values))]
