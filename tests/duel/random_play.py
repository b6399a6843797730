"""The random game the Duel invariant tests play (``test_duel_invariants.py`` on the base table,
``test_pantheon_invariants.py`` on the Pantheon's): every decision's legality checked, optionally
against the slow reference, and a clone and a pickle taken at one decision that must end the same;
and the states along a random game, for the determinization tests."""

from __future__ import annotations

import pickle
from collections.abc import Callable, Iterator

import numpy as np

from wonders_env.duel.record import game_record
from wonders_env.duel.rules import legal_action_mask, legal_actions, legal_actions_reference, resolve_action
from wonders_env.duel.state import DuelState, Phase, new_game


def play_checked_game(seed: int, check_state: Callable[[DuelState], None], db=None, check_every_step: bool = True,
                      check_reference: bool = False, copy_at: int | None = None) -> DuelState:
    """The game of ``seed`` on the table ``db`` (the base game's when None), each move drawn at
    random; ``check_state`` after every move (``check_every_step``); the fast legality equal to
    the reference (``check_reference``); a clone and a pickle of the state at move ``copy_at``
    replayed to the same record."""
    state = new_game(seed) if db is None else new_game(seed, db)
    rng = np.random.default_rng(seed + 7)
    actions, copies = [], []
    while state.phase != Phase.GAME_OVER:
        legal = legal_actions(state)
        assert legal, f"no legal action in phase {state.phase.name}"
        if check_reference:
            assert sorted(legal) == legal_actions_reference(state)
            mask = legal_action_mask(state)
            assert mask.dtype == np.int8 and np.flatnonzero(mask).tolist() == sorted(legal)
        if copy_at == len(actions):
            copies = [state.clone(), pickle.loads(pickle.dumps(state))]
        action = legal[rng.integers(len(legal))]
        resolve_action(state, action)
        actions.append(action)
        if check_every_step:
            check_state(state)
    for twin in copies:
        for action in actions[copy_at:]:
            resolve_action(twin, action)
        assert game_record(twin) == game_record(state)
    return state


def states_along_a_game(seed: int, every: int, db=None) -> Iterator[DuelState]:
    """Copies of every ``every``-th state of a random game of ``seed`` on the table ``db``."""
    state = new_game(seed) if db is None else new_game(seed, db)
    rng = np.random.default_rng(seed)
    step = 0
    while state.phase != Phase.GAME_OVER:
        if step % every == 0:
            yield state.clone()
        legal = legal_actions(state)
        resolve_action(state, legal[rng.integers(len(legal))])
        step += 1
