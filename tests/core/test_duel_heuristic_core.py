"""The compiled Duel heuristic (core/duel/heuristic.cpp) against agents/duel_heuristic.py.

Positions come from seeded games played by both engines at once, as in
``test_duel_core_differential.py`` (its adapter and policies: random play, the heuristic agent,
play steered toward military and science victories). At every decision of every phase (draft,
play, progress tokens, Great Library, destroy, Mausoleum, the choice of who starts an Age) the
compiled values equal the Python values for every legal action (1e-9), and the compiled choice is
an argmax of the Python values (up to its tie-break noise of 1e-6). Then the binding: the
constants come from the Python module (one source), bad input is refused, and the batched call
on the vector env plays the single-state choice, reproducibly.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

import agents.duel_heuristic as heuristic
from test_duel_core_differential import CORE, POLICIES, PY, run_params
from wonders_env import vector
from wonders_env.duel.compiled import core_tables
from wonders_env.duel.state import Phase
from wonders_env import core

TOLERANCE = 1e-9
TIE_NOISE = 1e-6  # core/duel/heuristic.hpp
# about 60,000 positions by default (25 s on one core), 150,000 more in the slow run
RUNS = {"random": range(0, 400), "military": range(0, 200), "science": range(0, 200), "heuristic": range(0, 150)}
SLOW_RUNS = {"random": range(5_000, 6_000), "military": range(5_000, 5_500), "science": range(5_000, 5_500),
             "heuristic": range(5_000, 5_400)}


def compare_game(seed: int, policy_name: str, compiled, phases: Counter) -> None:
    """Play one game in both engines; compare the values and the choice at every decision."""
    py_state = PY.new_game(seed)
    core_state = CORE.from_python(py_state, seed)
    policy = POLICIES[policy_name](seed)
    rng = np.random.default_rng(seed + 1)
    step = 0
    while not py_state.game_over:
        player, legal = py_state.current, PY.legal_actions(py_state)
        where = f"{policy_name} game {seed}, decision {step}, {py_state.phase.name}"
        expected = heuristic.action_values(py_state, player, legal)
        actual = compiled.action_values(core_state.core, player, legal)
        assert np.abs(actual - expected).max() <= TOLERANCE, (where, legal, expected, actual)
        choice = compiled.choose(core_state.core, player, seed * 1000 + step)
        assert expected[legal.index(choice)] >= expected.max() - TIE_NOISE, (where, choice, legal, expected)
        phases[py_state.phase.name] += 1
        action = policy(py_state, legal, rng)
        PY.apply(py_state, action)
        CORE.apply_actions(core_state, {player: action})
        step += 1


RUN_PARAMS = run_params(RUNS, SLOW_RUNS)


@pytest.mark.parametrize("policy_name, seeds", RUN_PARAMS)
def test_compiled_values_equal_the_python_values_in_every_phase(policy_name, seeds):
    phases = Counter()
    for seed in seeds:
        compare_game(seed, policy_name, heuristic.compiled_valuation(), phases)
    # every decision phase was compared (random play reaches all of them; the others most)
    expected = {"random": [p.name for p in Phase if p != Phase.GAME_OVER],
                "military": ["DRAFT", "PLAY", "DESTROY"], "science": ["DRAFT", "PLAY", "PROGRESS"],
                "heuristic": ["DRAFT", "PLAY", "PROGRESS"]}[policy_name]
    assert all(phases[name] for name in expected), phases


# ------------------------------------------------------------------------- the constants
def positions(count: int = 40):
    """(Python state, core state) pairs from random games, one every few decisions."""
    found = []
    for seed in range(count):
        py_state = PY.new_game(seed)
        core_state = CORE.from_python(py_state, seed)
        rng = np.random.default_rng(seed)
        for _ in range(int(rng.integers(0, 70))):
            if py_state.game_over:
                break
            legal = PY.legal_actions(py_state)
            action, player = legal[rng.integers(len(legal))], py_state.current
            PY.apply(py_state, action)
            CORE.apply_actions(core_state, {player: action})
        if not py_state.game_over:
            found.append((py_state, core_state))
    return found


def test_the_constants_come_from_the_python_module(monkeypatch):
    """Change the Python module's constants: a Heuristic built from core_constants() follows."""
    for name, value in {"COIN_VALUE": (0.9, 0.7, 0.1), "DENIAL_WEIGHT": 0.1, "FOLLOW_UP_WEIGHT": 0.9,
                        "RESOURCE_UNIT_VALUE": (3.0, 0.5, 0.2), "SHIELD_VALUE": 1.3, "POOR": 6,
                        "NEW_SYMBOL_VALUE": (4.0, 3.0, 2.0), "FACE_DOWN_VALUE": 7.0,
                        "DEMAND": ((1, 2, 3, 1, 1),) * 3, "_TOKEN_SPECIAL": tuple(range(10))}.items():
        monkeypatch.setattr(heuristic, name, value)
    changed = core.load().duel.Heuristic(core_tables(), heuristic.core_constants())
    differ = 0
    for py_state, core_state in positions():
        legal = PY.legal_actions(py_state)
        expected = heuristic.action_values(py_state, py_state.current, legal)
        assert np.abs(changed.action_values(core_state.core, py_state.current, legal) - expected).max() <= TOLERANCE
        differ += not np.allclose(heuristic.compiled_valuation().action_values(core_state.core, py_state.current),
                                  expected)
    assert differ > 10


@pytest.mark.parametrize("change, message", [
    (lambda k: k.pop("win"), "missing 'win'"),
    (lambda k: k.update(bonus=np.ones(1)), "unknown entry 'bonus'"),
    (lambda k: k.update(coin_value=np.ones(2)), "'coin_value' must have 3 values, got 2"),
    (lambda k: k.update(shield_value=np.array([np.nan])), "'shield_value' holds a value that is not finite"),
    (lambda k: k.update(demand=np.full(15, 2.5)), "'demand' must hold whole numbers"),
    (lambda k: k.update(poor=np.array([-1.0])), "'poor' must hold whole numbers"),
])
def test_bad_constants_are_refused(change, message):
    constants = heuristic.core_constants()
    change(constants)
    with pytest.raises(ValueError, match=message):
        core.load().duel.Heuristic(core_tables(), constants)
    with pytest.raises(TypeError, match="must be numbers"):
        core.load().duel.Heuristic(core_tables(), {**heuristic.core_constants(), "win": np.array(["x"])})


def test_single_state_calls_check_the_seat_and_the_actions():
    compiled = heuristic.compiled_valuation()
    state = CORE.new_game(3)
    legal = CORE.legal_actions(state, 0)
    assert np.array_equal(compiled.action_values(state.core, 0), compiled.action_values(state.core, 0, legal))
    assert compiled.choose(state.core, 0, 5) in legal
    with pytest.raises(ValueError, match="player 1 does not decide now; player 0 does"):
        compiled.action_values(state.core, 1)
    with pytest.raises(ValueError, match="player must be 0 or 1, got 2"):
        compiled.choose(state.core, 2, 0)
    with pytest.raises(ValueError, match="action 12 is not a legal action of player 0 now"):
        compiled.action_values(state.core, 0, [legal[0], 12])
    CORE.engine.play_random(state.core, 1)
    with pytest.raises(ValueError, match="the game is over"):
        compiled.choose(state.core, 0, 0)


# ------------------------------------------------------------------------- the batched call
def test_batched_choices_are_the_single_state_choices_and_reproducible():
    compiled = heuristic.compiled_valuation()
    venv = vector.make("seven_wonders_duel", num_envs=24, seed=4)
    obs, mask, to_act = venv.reset()
    seeds = np.arange(48, dtype=np.uint64).reshape(24, 2) * np.uint64(7919)
    holds = to_act.copy()
    holds[::3] = False  # some games held by nobody: their entries stay as they are
    for _ in range(150):
        actions = np.full((24, 2), -1, np.int64)
        venv.core_batch.heuristic_actions(compiled, holds, seeds, actions)
        for game, seat in zip(*np.nonzero(holds)):
            state = venv.core_state(int(game))
            assert actions[game, seat] == compiled.choose(state, int(seat), int(seeds[game, seat]))
            assert mask[game, seat, actions[game, seat]]
        assert (actions[~holds] == -1).all()
        actions[~holds & to_act] = venv.sample_actions()[~holds & to_act]
        obs, mask, to_act, _, _ = venv.step(actions)
        holds = to_act.copy()


def test_batched_call_refuses_bad_input_and_writes_nothing():
    compiled = heuristic.compiled_valuation()
    venv = vector.make("seven_wonders_duel", num_envs=4, seed=0)
    with pytest.raises(ValueError, match="call reset"):
        venv.core_batch.heuristic_actions(compiled, np.zeros((4, 2), bool), np.zeros((4, 2), np.uint64),
                                          np.zeros((4, 2), np.int64))
    _, _, to_act = venv.reset()
    seeds, actions = np.zeros((4, 2), np.uint64), np.full((4, 2), -7, np.int64)
    holds = to_act.copy()
    holds[2] = ~holds[2]  # game 2: the seat that does not act
    with pytest.raises(ValueError, match=r"game 2: seat \d is held by the heuristic but does not act now"):
        venv.core_batch.heuristic_actions(compiled, holds, seeds, actions)
    assert (actions == -7).all()
    for bad, message in [((to_act.astype(np.int8), seeds, actions), "holds must have dtype bool"),
                         ((to_act[:3], seeds, actions), r"holds must have shape \(4,2,\)"),
                         ((to_act, seeds.astype(np.int64), actions), "seeds must have dtype uint64"),
                         ((to_act, seeds, actions.astype(np.int32)), "actions must have dtype int64"),
                         ((to_act, seeds, np.full((2, 4), 0, np.int64).T), "actions must be C-contiguous")]:
        with pytest.raises((ValueError, TypeError), match=message):
            venv.core_batch.heuristic_actions(compiled, *bad)
    with pytest.raises(TypeError):
        venv.core_batch.heuristic_actions(None, to_act, seeds, actions)
    assert (actions == -7).all()
