"""The Duel core against the Python engine on the Pantheon table (``expansions=("pantheon",)``): the
same seed is the same game in both (the core deals it from its generator, the Python engine from
its mirror), compared at every decision of seeded random games: every field of the state
(Pantheon's included), the legal actions in order, both players' masks and observations, the
scores, the reasons of some illegal actions, the table as text and the moves' names (every tenth
decision), the rewards and the game record at the end. Random
play reaches every divinity and every one of Pantheon's 18 choice sets (a test says so). The default run
plays 240 games; the ``slow`` run 3,000 more with other seeds."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from wonders_env.duel.cards import database
from wonders_env.duel.compiled import PANTHEON_FIELDS, STATE_FIELDS, CompiledDuel, state_fields
from wonders_env.duel.game import DuelGame
from wonders_env.duel.state import PANTHEON_CHOICES, Choice

EXPANSIONS = ("pantheon",)
DB = database("1st", EXPANSIONS)
CORE, PY = CompiledDuel(EXPANSIONS), DuelGame("1st", EXPANSIONS)


def differing(core_view, python) -> list[str]:
    """The state fields (Pantheon's as ``pantheon.<name>``) on which the engines disagree."""
    mine, theirs = CORE.engine.export_state(core_view.core), state_fields(python)
    theirs["owned"] = python.owned.tolist()
    for fields in (mine, theirs):  # a set: the Python list's order means nothing
        fields["discard"] = sorted(fields["discard"])
    pantheon, their_pantheon = mine.pop("pantheon"), theirs.pop("pantheon")
    return ([name for name in STATE_FIELDS if mine[name] != theirs[name]]
            + [f"pantheon.{name}" for name in PANTHEON_FIELDS if pantheon[name] != their_pantheon[name]])


def play_both(seed: int, rng: np.random.Generator, seen: Counter | None = None) -> int:
    """One random game on both engines, compared at every decision; returns the decisions played."""
    view, python = CORE.new_game(seed), PY.new_game(seed)
    decisions = 0
    while True:
        assert differing(view, python) == [], (seed, decisions)
        player = python.current
        legal = PY.legal_actions(python, player) if not python.game_over else []
        assert (CORE.legal_actions(view, player) if not python.game_over else []) == legal, (seed, decisions)
        for who in (0, 1):
            assert np.array_equal(CORE.legal_action_mask(view, who), PY.legal_action_mask(python, who))
            assert np.array_equal(CORE.encode_observation(view, who), PY.encode_observation(python, who)), \
                (seed, decisions, who)
            assert CORE.score_breakdown(view, who) == PY.score_breakdown(python, who)
        if python.game_over:
            break
        if decisions % 10 == 0:  # what the readable tools show of it: the table as text, the moves' names
            shown = python.clone()
            shown.discard.sort()  # the core holds the discard pile as a set, shown in id order
            assert CORE.render(view, player) == PY.render(shown, player)
            assert [CORE.describe_move(view, player, a) for a in legal] == \
                [PY.describe_move(python, player, a) for a in legal]
        action = int(rng.choice(legal))
        for probe in (*rng.integers(0, PY.num_actions, 3).tolist(), action):
            assert CORE.why_illegal(view, player, probe) == PY.why_illegal(python, player, probe), (seed, probe)
        assert CORE.describe_action(view, action) == PY.describe_action(python, action)
        CORE.apply_actions(view, {player: action})
        PY.apply_actions(python, {player: action})
        decisions += 1
    assert CORE.winners(view) == PY.winners(python) and CORE.returns(view) == PY.returns(python)
    assert CORE.game_record(view) == PY.game_record(python)
    if seen is not None:
        seen.update(Choice(c).name for c in python.pantheon.choice_log)
        seen.update(DB.pantheon.divinities[d].name for p in (0, 1) for d in python.pantheon.activated[p])
    return decisions


def test_random_games_of_the_pantheon_table_agree_decision_by_decision():
    rng, seen = np.random.default_rng(43), Counter()
    decisions = sum(play_both(seed, rng, seen) for seed in range(240))
    assert decisions > 20_000
    # random play reaches every choice set and every divinity: each is compared above
    assert {choice.name for choice in PANTHEON_CHOICES} <= set(seen)
    assert {divinity.name for divinity in DB.pantheon.divinities} <= set(seen)


@pytest.mark.slow
def test_thousands_of_random_games_of_the_pantheon_table_agree():
    rng = np.random.default_rng(4343)
    assert sum(play_both(seed, rng) for seed in range(10_000, 13_000)) > 250_000


def test_a_pantheon_state_goes_from_one_engine_to_the_other_and_back():
    rng = np.random.default_rng(5)
    view = CORE.new_game(17)
    for _ in range(120):
        if view.game_over:
            break
        CORE.apply_actions(view, {view.current: int(rng.choice(CORE.legal_actions(view, view.current)))})
    python = view.to_python()
    assert python.pantheon is not None and differing(view, python) == []
    again = CORE.from_python(python, seed=17)
    assert CORE.engine.export_state(again.core) == CORE.engine.export_state(view.core)
    python.pantheon.astarte[0] += 5  # changed by hand: refused, naming the field
    with pytest.raises(ValueError, match="pantheon"):
        CORE.from_python(python, seed=17)
