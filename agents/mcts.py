"""Information-set Monte Carlo tree search (ISMCTS) for both games.

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
heuristic's move values over the legal moves. A new leaf is evaluated by one play-out to the end
of the game in which every player follows the heuristic, with a small chance of a random move.

In Duel (turn-based, every move public) both players' decisions are tree nodes, each choosing
for itself. In 7 Wonders (simultaneous, choices hidden until revealed) only the searching
player's decisions are: the others act by the play-out policy at every step, and the tree is
"open loop" over the player's own moves.

Budget: ``simulations`` per move (deterministic for a seed), and/or ``time_limit`` seconds per
move (stops early when reached; then the result depends on the machine's speed).
"""

from __future__ import annotations

import math
import time
from typing import Any

import numpy as np

from .match import check_env_game, resolve_game
from .search_games import SearchGame, search_game

DEFAULT_SIMULATIONS = 200


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

    ``simulations``: play-outs per move (None: no limit, then ``time_limit`` is required);
    ``time_limit``: seconds per move (None: no limit); ``exploration``: the PUCT constant;
    ``prior_temperature``: VP per unit of the prior's softmax; ``rollout_epsilon``: chance of a
    uniformly random move in play-outs.
    """

    def __init__(self, game: str, seed: int | None = None, simulations: int | None = DEFAULT_SIMULATIONS,
                 time_limit: float | None = None, exploration: float = 1.5, prior_temperature: float = 1.5,
                 rollout_epsilon: float = 0.1) -> None:
        if simulations is None and time_limit is None:
            raise ValueError("mcts needs a budget: simulations and/or time_limit")
        if simulations is not None and (not isinstance(simulations, (int, np.integer)) or simulations < 1):
            raise ValueError(f"simulations must be a positive integer or None, got {simulations!r}")
        if time_limit is not None and not time_limit > 0:
            raise ValueError(f"time_limit must be a positive number of seconds or None, got {time_limit!r}")
        self.game_name = resolve_game(game)
        self.game: SearchGame = search_game(self.game_name)
        self.rng = np.random.default_rng(seed)
        self.simulations = simulations
        self.time_limit = time_limit
        self.exploration = exploration
        self.prior_temperature = prior_temperature
        self.rollout_epsilon = rollout_epsilon
        self.last_simulations = 0  # how many simulations the last move ran

    def act(self, env: Any) -> int:
        check_env_game(env, self.game_name, "mcts")
        state, player = self.game.root(env)
        return self.search(state, player)

    def search(self, state: Any, player: int) -> int:
        """The action of ``player`` with the most visits after the budget's simulations.
        ``state`` is only ever passed to the game's ``determinize``."""
        game = self.game
        legal = game.legal(game.determinize(state, player, self.rng), player)
        if len(legal) == 1:
            self.last_simulations = 0
            return legal[0]
        root = Node(0.0)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        count = 0
        while (self.simulations is None or count < self.simulations) and \
                (deadline is None or time.perf_counter() < deadline):
            self._simulate(game.determinize(state, player, self.rng), player, root)
            count += 1
        self.last_simulations = count
        best = max(legal, key=lambda a: (root.children[a].visits if a in root.children else -1,
                                         root.children[a].logit if a in root.children else -math.inf))
        return int(best)

    # ---------------------------------------------------------------- one simulation
    def _simulate(self, state: Any, me: int, root: Node) -> None:
        game = self.game
        path: list[tuple[Node, int]] = []  # (edge node, the player who chose it)
        node = root
        expanded = False
        while not expanded:
            acting = game.to_act(state)
            if not acting:
                break
            chooser = next((p for p in acting if game.tree_for_all or p == me), None)
            actions = {}
            for p in acting:
                if p != chooser:
                    actions[p] = self._policy(state, p)
            if chooser is not None:
                action, child = self._select(state, chooser, node)
                actions[chooser] = action
                path.append((child, chooser))
                node = child
                expanded = child.visits == 0
            game.apply(state, actions)
        while True:
            acting = game.to_act(state)
            if not acting:
                break
            game.apply(state, {p: self._policy(state, p) for p in acting})
        returns = game.returns(state)
        for edge, chooser in path:
            edge.visits += 1
            edge.total += returns[chooser]

    def _select(self, state: Any, player: int, node: Node) -> tuple[int, Node]:
        """PUCT over the actions legal here; new actions get their heuristic logit first."""
        legal = self.game.legal(state, player)
        children = node.children
        new = [a for a in legal if a not in children]
        if new:
            logits = self.game.values(state, player, new) / self.prior_temperature
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

    def _policy(self, state: Any, player: int) -> int:
        """The play-out move: the heuristic's best, or with ``rollout_epsilon`` a random one."""
        legal = self.game.legal(state, player)
        if len(legal) == 1:
            return legal[0]
        if self.rng.random() < self.rollout_epsilon:
            return legal[int(self.rng.integers(len(legal)))]
        values = self.game.values(state, player, legal)
        return legal[int(np.argmax(values))]
