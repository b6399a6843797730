"""Every table the text interface supports, and random play on the Python engines."""

from __future__ import annotations

import numpy as np

from wonders_env import make_engine
from wonders_env.registry import GAMES

SEVEN_WONDERS = GAMES["seven_wonders"]

#: (game, options): Duel, Duel with each expansion, 7 Wonders in both editions, every player count,
#: both sides, both payments, and 7 Wonders with Leaders (the fewest and the most players, both payments)
TABLES = [("seven_wonders_duel", {})] + [
    ("seven_wonders_duel", {"expansions": (name,)}) for name in GAMES["seven_wonders_duel"].expansions] + [
    ("seven_wonders", {"num_players": players, "edition": edition, "wonder_sides": side, "payment": payment})
    for edition in SEVEN_WONDERS.editions
    for players in SEVEN_WONDERS.player_counts if not (edition == "2nd" and players == 2)
    for side in ("A", "B") for payment in SEVEN_WONDERS.options["payment"]] + [
    ("seven_wonders", {"num_players": players, "expansions": ("leaders",), "payment": payment})
    for players in (3, 7) for payment in SEVEN_WONDERS.options["payment"]]


def table_id(table) -> str:
    game, options = table
    return "-".join([game, *("+".join(v) if isinstance(v, tuple) else str(v) for v in options.values())])


def decision_states(game_name: str, options: dict, count: int, seed: int = 0):
    """``count`` decisions ``(game, state, seat)`` of random games on the Python engine."""
    game = make_engine(game_name, "python", **options)
    rng = np.random.default_rng(seed)
    found = 0
    while True:
        state = game.new_game(int(rng.integers(2**31)))
        while not game.is_over(state):
            acting = game.acting_players(state)
            for seat in acting:
                yield game, state, seat
                found += 1
                if found == count:
                    return
            game.apply_actions(state, {seat: int(rng.choice(game.legal_actions(state, seat))) for seat in acting})
