"""The Duel core against the Python engine: the same game in both, compared at every decision.

Both engines start from one explicit deal (the Python engine deals it from a seed, the core takes
it as given) and play the same actions: random play, the heuristic agent, and play steered
toward military and science victories. At every decision they must agree on the legal actions
(in order), both players' masks and observations, the phase and the deciding player, the payment
of the last move and every field of the state; at the end on the scores, the winners and the game
record. The core's own seeded deals are checked to be reproducible and playable by the Python
engine. The default run plays about 1,600 games; the ``slow`` run 3,200 more with other seeds.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from wonders_agents.heuristic import HeuristicAgent
from wonders_env.duel.game import DuelGame
from wonders_env.duel.actions import BASE_ACTIONS, DECODED, ActionKind
from wonders_env.duel.cards import CARD_SCIENCE, CARD_SHIELDS, TOKEN_IDS, WONDER_SHIELDS
from wonders_env.duel.compiled import CompiledDuel, DuelStateView

LAW = TOKEN_IDS["Law"]


class PythonDuel:
    """The one place this test calls the Python engine (kept small for renames of its API)."""

    from wonders_env.duel import observation as _observation
    from wonders_env.duel import record as _record
    from wonders_env.duel import rules as _rules
    from wonders_env.duel import scoring as _scoring
    from wonders_env.duel import state as _state

    fields = tuple(name for name in _state.DuelState.__slots__ if name not in ("cost_cache", "seed"))

    def new_game(self, seed: int):
        return self._state.new_game(seed)

    def legal_actions(self, state) -> list[int]:
        return self._rules.legal_actions(state)

    def mask(self, state, player: int) -> np.ndarray:
        if player != state.current:
            return np.zeros(len(self._rules.legal_action_mask(state)), bool)
        return self._rules.legal_action_mask(state).astype(bool)

    def apply(self, state, action: int) -> None:
        self._rules.apply_action(state, action)

    def observation(self, state, player: int) -> np.ndarray:
        return self._observation.encode_observation(state, player)

    def score(self, state, player: int) -> dict[str, int]:
        return self._scoring.score_breakdown(state, player)

    def record(self, state, seed) -> dict:
        state.seed = seed
        return self._record.game_record(state)

    def fields_of(self, state) -> dict:
        values = {name: getattr(state, name) for name in self.fields}
        values["owned"] = state.owned.tolist()
        values["discard"] = sorted(state.discard)  # a set in the core (its order has no meaning)
        values["phase"], values["victory"] = int(state.phase), int(state.victory)
        return values


PY = PythonDuel()
CORE = CompiledDuel()


# --------------------------------------------------------------------------- policies
def random_policy(state, legal, rng):
    return legal[rng.integers(len(legal))]


def steered(prefer):
    """Random play that takes a preferred action whenever one is legal."""
    def policy(state, legal, rng):
        preferred = [a for a in legal if prefer(a)]
        return (preferred or legal)[rng.integers(len(preferred or legal))]
    return policy


def _military(action: int) -> bool:
    kind, index, wonder = DECODED[action]
    return (kind is ActionKind.BUILD and CARD_SHIELDS[index] > 0) or \
        (kind is ActionKind.WONDER and WONDER_SHIELDS[wonder] > 0)


def _science(action: int) -> bool:
    kind, index, _ = DECODED[action]
    return (kind is ActionKind.BUILD and CARD_SCIENCE[index] >= 0) or \
        (kind in (ActionKind.PROGRESS, ActionKind.LIBRARY) and index == LAW)


class HeuristicPolicy:
    """The heuristic agent for player 0, random play for player 1."""

    def __init__(self, seed: int) -> None:
        self.agent = HeuristicAgent("seven_wonders_duel", seed)

    def __call__(self, state, legal, rng):
        return self.agent.choose(DuelGame(), state, 0) if state.current == 0 else random_policy(state, legal, rng)


POLICIES = {"random": lambda seed: random_policy, "military": lambda seed: steered(_military),
            "science": lambda seed: steered(_science), "heuristic": HeuristicPolicy}


# ------------------------------------------------------------------------ the comparison
def compare(py_state, core_state: DuelStateView, where: str) -> None:
    legal = PY.legal_actions(py_state)
    assert CORE.legal_actions(core_state, core_state.core.current) == legal, where
    assert CORE.acting_players(core_state) == ([] if py_state.game_over else [py_state.current]), where
    for player in (0, 1):
        assert np.array_equal(CORE.legal_action_mask(core_state, player), PY.mask(py_state, player)), where
        assert np.array_equal(CORE.encode_observation(core_state, player), PY.observation(py_state, player)), where
    expected = PY.fields_of(py_state)
    actual = PY.fields_of(CORE.to_python(core_state))
    differing = [name for name in PY.fields if expected[name] != actual[name]]
    assert not differing, f"{where}: {[(n, expected[n], actual[n]) for n in differing]}"


def play_both(seed: int, policy_name: str, outcomes: Counter) -> None:
    py_state = PY.new_game(seed)
    core_state = CORE.from_python(py_state, seed)
    policy = POLICIES[policy_name](seed)
    rng = np.random.default_rng(seed + 1)
    step = 0
    while True:
        compare(py_state, core_state, f"{policy_name} game {seed}, decision {step}")
        if py_state.game_over:
            break
        legal = PY.legal_actions(py_state)
        action = policy(py_state, legal, rng)
        outcomes[DECODED[action][0].name] += 1
        player = py_state.current
        PY.apply(py_state, action)
        CORE.apply_actions(core_state, {player: action})
        step += 1
    for player in (0, 1):
        assert CORE.score_breakdown(core_state, player) == PY.score(py_state, player)
    assert CORE.winners(core_state) == list(py_state.winners)
    assert CORE.game_record(core_state) == PY.record(py_state, seed)
    outcomes[py_state.victory.name] += 1


RUNS = {"random": range(0, 900), "military": range(0, 250), "science": range(0, 250), "heuristic": range(0, 120)}
SLOW_RUNS = {"random": range(10_000, 12_000), "military": range(10_000, 10_500),
             "science": range(10_000, 10_500), "heuristic": range(10_000, 10_200)}


def run_params(runs: dict, slow_runs: dict) -> list:
    """(policy name, seeds) parameters: the default runs, and the larger ones marked slow."""
    return [pytest.param(name, seeds, id=name) for name, seeds in sorted(runs.items())] + \
        [pytest.param(name, seeds, id=f"{name}-more", marks=pytest.mark.slow)
         for name, seeds in sorted(slow_runs.items())]


RUN_PARAMS = run_params(RUNS, SLOW_RUNS)


@pytest.mark.parametrize("policy_name, seeds", RUN_PARAMS)
def test_core_and_python_engine_agree_at_every_decision(policy_name, seeds):
    outcomes = Counter()
    for seed in seeds:
        play_both(seed, policy_name, outcomes)
    # the run reached what it is meant to test (so that it cannot pass by testing little)
    expected = {"random": ["CIVILIAN", *(kind.name for kind in BASE_ACTIONS.kinds)], "military": ["MILITARY"],
                "science": ["SCIENCE"], "heuristic": ["CIVILIAN"]}[policy_name]
    assert all(outcomes[name] for name in expected), outcomes


# ------------------------------------------------------------------- the core's own deals
def test_core_deals_are_reproducible_and_differ_by_seed():
    engine = CORE.engine
    first = [engine.export_state(CORE.new_game(seed).core) for seed in range(50)]
    again = [engine.export_state(CORE.new_game(seed).core) for seed in range(50)]
    assert first == again
    deals = {(tuple(d["wonder_order"]), tuple(d["token_order"]), tuple(map(tuple, d["deals"]))) for d in first}
    assert len(deals) == 50


def test_core_deals_are_valid_games_of_the_python_engine():
    """A core deal, handed to the Python engine, plays the same game in both."""
    outcomes = Counter()
    for seed in range(100):
        core_state = CORE.new_game(seed)
        py_state = CORE.to_python(core_state)
        twin = CORE.from_python(py_state, seed)
        rng = np.random.default_rng(seed)
        while not py_state.game_over:
            compare(py_state, twin, f"core deal {seed}")
            legal = PY.legal_actions(py_state)
            action = legal[rng.integers(len(legal))]
            player = py_state.current
            PY.apply(py_state, action)
            CORE.apply_actions(twin, {player: action})
        compare(py_state, twin, f"core deal {seed}, the end")
        outcomes[py_state.victory.name] += 1
    assert sum(outcomes.values()) == 100


def test_core_determinize_redraws_only_hidden_information():
    """The observations and masks stay; the redrawn deal replays to the same visible game."""
    changed = 0
    for seed in range(40):
        state = CORE.new_game(seed)
        rng = np.random.default_rng(seed)
        for _ in range(int(rng.integers(0, 60))):
            if CORE.is_over(state):
                break
            legal = CORE.legal_actions(state, state.core.current)
            CORE.apply_actions(state, {state.core.current: legal[rng.integers(len(legal))]})
        twin = CORE.determinize(state, int(rng.integers(2)), rng)
        for player in (0, 1):
            assert np.array_equal(CORE.encode_observation(twin, player), CORE.encode_observation(state, player))
            assert np.array_equal(CORE.legal_action_mask(twin, player), CORE.legal_action_mask(state, player))
        redrawn = PY.fields_of(CORE.to_python(twin))
        replayed = PY.fields_of(CORE.to_python(CORE.from_python(CORE.to_python(twin))))
        assert redrawn == replayed
        before = PY.fields_of(CORE.to_python(state))
        for age in range(3):  # the same cards, only their places redrawn
            assert sorted(redrawn["deals"][age] + redrawn["boxed"][age]) == \
                sorted(before["deals"][age] + before["boxed"][age])
        changed += redrawn != before
    assert changed > 30
