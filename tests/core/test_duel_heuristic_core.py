"""The Duel heuristic: the core's valuation (core/duel/heuristic.cpp), its constants from agents/duel_heuristic.py.

What the rules imply it must do, checked with the Python engine's rules on positions of seeded
games: it takes an immediate military or science victory, values a card more when the player
holds its chain, and chooses to start an Age. It reads a Python engine state through the core's
checked import with the values it gives the core's own game, at every decision of every phase.
Then the binding: the constants come from the Python module (one source), bad input is refused,
and the batched call on the vector env plays the single-state choice, reproducibly.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

import wonders_agents.duel_heuristic as heuristic
from wonders_agents import make_agent
from test_duel_core_differential import CORE, POLICIES, PY, run_params
from wonders_env import core, vector
from wonders_env.duel.actions import DECODED, STARTER, STARTER_ME, ActionKind
from wonders_env.duel.cards import CARD_SCIENCE, CARDS
from wonders_env.duel.compiled import core_engine, core_state_of
from wonders_env.duel.game import DuelGame
from wonders_env.duel.state import BASE_PHASES, Phase, Victory

# the decisions of about 300 games by default, 1,000 more in the slow run
RUNS = {"random": range(0, 150), "military": range(0, 50), "science": range(0, 50), "heuristic": range(0, 50)}
SLOW_RUNS = {"random": range(5_000, 5_600), "military": range(5_000, 5_200), "science": range(5_000, 5_200),
             "heuristic": range(5_000, 5_200)}


def compare_game(seed: int, policy_name: str, phases: Counter) -> None:
    """Play one game in both engines; at every decision the values of the Python state (imported)
    are those of the core's game, and the agent's choice is a best of them."""
    compiled = heuristic.compiled_valuation()
    py_state = PY.new_game(seed)
    core_state = CORE.from_python(py_state, seed)
    policy = POLICIES[policy_name](seed)
    rng = np.random.default_rng(seed + 1)
    step = 0
    while not py_state.game_over:
        player, legal = py_state.current, PY.legal_actions(py_state)
        where = f"{policy_name} game {seed}, decision {step}, {py_state.phase.name}"
        values = heuristic.action_values(py_state, player, legal)
        assert np.array_equal(values, compiled.action_values(core_state.core, player, legal)), where
        assert np.array_equal(values, heuristic.action_values(core_state, player, legal)), where
        phases[py_state.phase.name] += 1
        action = policy(py_state, legal, rng)
        PY.apply(py_state, action)
        CORE.apply_actions(core_state, {player: action})
        step += 1


@pytest.mark.parametrize("policy_name, seeds", run_params(RUNS, SLOW_RUNS))
def test_a_python_engine_state_is_valued_as_the_cores_game_in_every_phase(policy_name, seeds):
    phases = Counter()
    for seed in seeds:
        compare_game(seed, policy_name, phases)
    expected = {"random": [p.name for p in list(Phase)[:BASE_PHASES] if p != Phase.GAME_OVER],
                "military": ["DRAFT", "PLAY", "DESTROY"], "science": ["DRAFT", "PLAY", "PROGRESS"],
                "heuristic": ["DRAFT", "PLAY", "PROGRESS"]}[policy_name]
    assert all(phases[name] for name in expected), phases


# ------------------------------------------------------------------ what the rules imply
def play_positions(seeds: range, steps: int = 70):
    """Python engine states of seeded random games in the play phase, one every few decisions."""
    for seed in seeds:
        state = PY.new_game(seed)
        rng = np.random.default_rng(seed)
        for step in range(steps):
            if state.game_over:
                break
            if state.phase == Phase.PLAY and step % 3 == 0:
                yield state.clone()
            legal = PY.legal_actions(state)
            PY.apply(state, legal[rng.integers(len(legal))])


def choice(state) -> int:
    """The heuristic agent's move in a Python engine state."""
    return make_agent("heuristic", game="duel", seed=0).choose(DuelGame(), state, state.current)


def wins_at_once(state, action: int) -> Victory | None:
    """The victory ``action`` gives the deciding player this turn, the heuristic choosing for them in
    the decisions it opens (a card of the discard pile, a progress token ...); None: none."""
    after, player = state.clone(), state.current
    PY.apply(after, action)
    while not after.game_over and after.current == player and after.phase != Phase.PLAY:
        PY.apply(after, choice(after))
    return after.victory if after.game_over and tuple(after.winners) == (player,) else None


def test_it_takes_an_immediate_military_victory():
    """A pawn one shield short of the opponent's capital: every position with a red card to take."""
    checked = 0
    for state in play_positions(range(30)):
        player = state.current
        state.coins[player] = 80  # every card affordable
        state.pawn = 8 if player == 0 else -8
        state.clear_caches()
        legal = PY.legal_actions(state)
        winning = [a for a in legal if wins_at_once(state, a) is Victory.MILITARY]
        if not winning:
            continue
        assert wins_at_once(state, choice(state)) is Victory.MILITARY, (state.seed, legal)
        values = dict(zip(legal, heuristic.action_values(state, player, legal)))
        assert min(values[a] for a in winning) > max(v for a, v in values.items() if a not in winning)
        checked += 1
    assert checked > 20


def test_it_takes_an_immediate_science_victory():
    """Five different symbols and a green card of a sixth to take: it builds a sixth symbol."""
    checked = 0
    for state in play_positions(range(60)):
        player = state.current
        sixth = {CARD_SCIENCE[state.slot_card[s]] for s in state.accessible_slots()} - {-1}
        if not sixth:
            continue
        missing = min(sixth)
        state.science[player] = [0 if symbol == missing else 1 for symbol in range(7)]
        state.science[player][next(s for s in range(7) if s != missing)] = 0  # five, not six
        state.coins[player] = 80
        state.clear_caches()
        legal = PY.legal_actions(state)
        winning = [a for a in legal if wins_at_once(state, a) is Victory.SCIENCE]
        if not winning:
            continue
        assert wins_at_once(state, choice(state)) is Victory.SCIENCE, (state.seed, legal)
        checked += 1
    assert checked > 20


def test_it_values_a_card_more_when_the_player_holds_its_chain():
    """The same position with and without the chain symbol the card needs: building it is worth more
    with it (the card is free and the chain is used); taken from every card with a chain."""
    checked = 0
    for state in play_positions(range(60)):
        player = state.current
        state.coins[player] = 80  # the card affordable without its chain too
        state.clear_caches()
        legal = PY.legal_actions(state)
        for action in legal:
            kind, card, _ = DECODED[action]
            needs = CARDS[card].chain_needs
            if kind is not ActionKind.BUILD or needs < 0:
                continue
            without, holding = state.clone(), state.clone()
            without.chains[player] &= ~(1 << needs)
            holding.chains[player] |= 1 << needs
            without.clear_caches()
            holding.clear_caches()
            value = {name: heuristic.action_values(twin, player, [action])[0]
                     for name, twin in (("without", without), ("holding", holding))}
            assert value["holding"] > value["without"], (card, value)
            checked += 1
    assert checked > 20


def test_it_chooses_to_start_the_next_age():
    checked = 0
    for seed in range(40):
        state = PY.new_game(seed)
        rng = np.random.default_rng(seed)
        while not state.game_over:
            legal = PY.legal_actions(state)
            if state.phase == Phase.STARTER:
                assert choice(state) == STARTER + STARTER_ME
                checked += 1
            PY.apply(state, legal[rng.integers(len(legal))])
    assert checked > 20


# ------------------------------------------------------------------------- the constants
def test_the_constants_come_from_the_python_module(monkeypatch):
    """Change the Python module's constants: a Heuristic built from core_constants() values the
    positions otherwise."""
    default = heuristic.compiled_valuation()
    for name, value in {"COIN_VALUE": (0.9, 0.7, 0.1), "DENIAL_WEIGHT": 0.1, "FOLLOW_UP_WEIGHT": 0.9,
                        "RESOURCE_UNIT_VALUE": (3.0, 0.5, 0.2), "SHIELD_VALUE": 1.3, "POOR": 6,
                        "NEW_SYMBOL_VALUE": (4.0, 3.0, 2.0), "FACE_DOWN_VALUE": 7.0,
                        "DEMAND": ((1, 2, 3, 1, 1),) * 3, "_TOKEN_SPECIAL": tuple(range(10))}.items():
        monkeypatch.setattr(heuristic, name, value)
    changed = core.load().duel.Heuristic(core_engine(), heuristic.core_constants())
    differ = checked = 0
    for state in play_positions(range(20)):
        imported = core_state_of(state)
        differ += not np.allclose(changed.action_values(imported, state.current),
                                  default.action_values(imported, state.current))
        checked += 1
    assert differ > checked // 2


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
        core.load().duel.Heuristic(core_engine(), constants)
    with pytest.raises(TypeError, match="must be numbers"):
        core.load().duel.Heuristic(core_engine(), {**heuristic.core_constants(), "win": np.array(["x"])})


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
