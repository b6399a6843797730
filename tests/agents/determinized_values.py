"""The check that the heuristic of an expansion table values moves by what the seat may know: the
same values on a determinization of the position as on the position itself."""

from __future__ import annotations

import numpy as np

from wonders_agents import duel_heuristic
from wonders_env import make_engine


def compare_on_determinizations(expansions: tuple[str, ...], seeds: int) -> tuple[int, int]:
    """Random games of the table on the Python engine, seeds ``0..seeds-1``: at each decision with a
    choice whose determinization offers the same moves, the heuristic's move values on the true
    state and on the determinization; returns (decisions compared, decisions whose values differ)."""
    game = make_engine("duel", "python", expansions=expansions)
    compared = differ = 0
    for seed in range(seeds):
        rng, state = np.random.default_rng(seed), game.new_game(seed)
        while not game.is_over(state):
            player, legal = state.current, game.legal_actions(state, state.current)
            twin = game.determinize(state, player, rng)
            if len(legal) > 1 and sorted(game.legal_actions(twin, player)) == sorted(legal):
                values = duel_heuristic.action_values(state, player, legal, game)
                compared += 1
                differ += not np.allclose(values, duel_heuristic.action_values(twin, player, legal, game))
            game.apply_actions(state, {player: int(rng.choice(legal))})
    return compared, differ
