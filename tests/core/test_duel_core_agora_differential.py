"""The Duel core against the Python engine on the Agora tables (``expansions=("agora",)`` and
``("pantheon", "agora")``): the same seed is the same game in both (the core deals it from its
generator, the Senators, the conspiracy deck and the decrees included; the Python engine from its
mirror), compared at every decision of seeded random games: every field of the state (Pantheon's and
Agora's included), the legal actions in order, both players' masks, the totals, the reasons of some
illegal actions and the error of playing them (the core's words are the Python rules', naming the
moves), and the scores, the winners and the game record at the end. Random play reaches all but one
of Agora's choice sets and triggers every conspiracy (a test says so; the worked examples it seldom
reaches are in ``tests/duel/test_agora_core_scenarios.py``). The observation and the determinization
of these tables are compared elsewhere, once the core has them. The default run plays 120 games a
table; the ``slow`` run 3,000 more a table."""

from __future__ import annotations

import re
from collections import Counter

import numpy as np
import pytest

from wonders_env.duel import rules
from wonders_env.duel.actions import IllegalActionError, action_table
from wonders_env.duel.cards import database
from wonders_env.duel.compiled import (AGORA_FIELDS, PANTHEON_FIELDS, STATE_FIELDS, DuelStateView, core_engine,
                                       state_fields)
from wonders_env.duel.game import DuelGame
from wonders_env.duel.record import game_record
from wonders_env.duel.state import AGORA_CHOICES, Choice

TABLES = (("agora",), ("pantheon", "agora"))


def differing(engine, core_state, python) -> list[str]:
    """The state fields (an expansion's as ``pantheon.<name>``, ``agora.<name>``) on which the engines disagree."""
    mine, theirs = engine.export_state(core_state), state_fields(python)
    theirs["owned"] = python.owned.tolist()
    for fields in (mine, theirs):  # a set: the Python list's order means nothing
        fields["discard"] = sorted(fields["discard"])
    found = [name for name in STATE_FIELDS if mine[name] != theirs[name]]
    for part, names in (("pantheon", PANTHEON_FIELDS), ("agora", AGORA_FIELDS)):
        if (mine[part] is None) != (theirs[part] is None):
            found.append(part)
        elif mine[part] is not None:
            found += [f"{part}.{name}" for name in names if mine[part][name] != theirs[part][name]]
    return found


def play_both(expansions: tuple[str, ...], seed: int, rng: np.random.Generator, seen: Counter | None = None) -> int:
    """One random game of the table on both engines, compared at every decision; returns the decisions played."""
    db = database("1st", expansions)
    engine, game, acts = core_engine(db), DuelGame("1st", expansions), action_table(db)
    core_state, python = engine.new_game(seed), game.new_game(seed)
    decisions = 0
    while True:
        assert differing(engine, core_state, python) == [], (expansions, seed, decisions)
        player = python.current
        legal = game.legal_actions(python, player) if not python.game_over else []
        assert (engine.legal_actions(core_state).tolist() if not python.game_over else []) == legal, (seed, decisions)
        for who in (0, 1):
            assert np.array_equal(engine.legal_action_mask(core_state, who), game.legal_action_mask(python, who))
            assert engine.score_breakdown(core_state, who)[-1] == game.score_breakdown(python, who)["total"]
        if python.game_over:
            break
        action = int(rng.choice(legal))
        for probe in (*rng.integers(0, acts.num_actions, 3).tolist(), action):
            why = rules.why_illegal(python, probe)
            assert (engine.why_illegal(core_state, probe) or None) == why, (seed, probe)
            if why is not None:  # the error names the action and the legal ones in the Python engine's words
                with pytest.raises(IllegalActionError) as expected:
                    rules.check_legal(python, probe)
                with pytest.raises(ValueError, match=re.escape(str(expected.value))):
                    engine.apply_actions(core_state, probe)
        engine.apply_actions(core_state, action)
        game.apply_actions(python, {player: action})
        decisions += 1
    view = DuelStateView(core_state, seed, db)
    assert [view.score_breakdown(p) for p in (0, 1)] == [game.score_breakdown(python, p) for p in (0, 1)]
    assert list(core_state.winners) == list(python.winners) and core_state.victory == python.victory
    assert game_record(view) == game_record(python)
    if seen is not None:
        seen.update(Choice(choice).name for _, choice in python.agora.choice_log)
        seen.update(db.agora.conspiracies[c].name for p in (0, 1) for c in python.agora.triggered[p])
    return decisions


@pytest.mark.parametrize("expansions", TABLES)
def test_random_games_of_an_agora_table_agree_decision_by_decision(expansions):
    rng, seen = np.random.default_rng(44), Counter()
    decisions = sum(play_both(expansions, seed, rng, seen) for seed in range(120))
    assert decisions > 10_000
    # random play reaches every one of Agora's sets but a pair received in an exchange, and every
    # conspiracy: each is compared above
    assert {choice.name for choice in AGORA_CHOICES} - set(seen) <= {"PAIR_TOKEN"}
    assert {c.name for c in database("1st", expansions).agora.conspiracies} <= set(seen)


@pytest.mark.slow
@pytest.mark.parametrize("expansions", TABLES)
def test_thousands_of_random_games_of_an_agora_table_agree(expansions):
    rng = np.random.default_rng(4444)
    assert sum(play_both(expansions, seed, rng) for seed in range(20_000, 23_000)) > 250_000
