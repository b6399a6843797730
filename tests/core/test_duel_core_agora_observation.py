"""The Duel core's observation of the Agora tables (``expansions=("agora",)`` and ``("pantheon",
"agora")``; ``core/duel/observation.cpp``) against the Python engine's (``wonders_env/duel/observation.py``):
the same views in the same order and sizes on every Duel table, and, for the Python engine's states
at every decision of seeded random games imported into the core, both players' observations equal
element for element; the batch of each table (``wonders_env.vector``) writes the Python engine's rows
and masks. The default run plays 40 games a table; the ``slow`` run 400 more with other seeds."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from wonders_env import vector
from wonders_env.duel.cards import database
from wonders_env.duel.compiled import core_engine, state_fields
from wonders_env.duel.game import DuelGame
from wonders_env.duel.observation import encode_observation, observation_layout, observation_views

AGORA_TABLES = (("agora",), ("pantheon", "agora"))
#: the Agora views that random play must fill (so that a test comparing zeros cannot pass)
AGORA_VIEWS = ("senate_cubes", "chamber_decrees", "conspiracy_deck", "my_conspiracies", "my_prepared",
               "opponent_conspiracies", "my_triggered", "opponent_triggered", "drawn_conspiracies",
               "locked_tokens", "agora_choice", "may_trigger", "senate_actions_left")


@pytest.mark.parametrize("expansions", [(), ("pantheon",), *AGORA_TABLES])
def test_the_core_lays_out_the_views_of_every_duel_table_as_the_python_engine(expansions):
    db = database("1st", expansions)
    engine, layout = core_engine(db), observation_layout(db)
    assert engine.observation_views == list(layout.view_sizes)
    assert engine.observation_size == layout.size


def compare_games(expansions: tuple[str, ...], seeds: range, rng: np.random.Generator) -> Counter:
    """Random games of the Python engine, each state imported into the core at every decision and
    both players' observations compared; returns the decisions compared and, per view, how many of
    those observations it was non-zero in."""
    db = database("1st", expansions)
    game, engine, seen = DuelGame("1st", expansions), core_engine(db), Counter()
    for seed in seeds:
        state = game.new_game(seed)
        while True:
            core_state = engine.import_state(state_fields(state))
            for player in (0, 1):
                expected = encode_observation(state, player)
                observed = engine.encode_observation(core_state, player)
                if not np.array_equal(observed, expected):
                    views, core_views = observation_views(expected, db), observation_views(observed, db)
                    wrong = [name for name in views if not np.array_equal(views[name], core_views[name])]
                    pytest.fail(f"seed {seed}, decision {len(state.log)}, player {player}: the views {wrong} differ")
                views = observation_views(expected, db)
                seen.update(name for name in AGORA_VIEWS if views[name].any())
            seen["decisions"] += 1
            if state.game_over:
                break
            game.apply_actions(state, {state.current: int(rng.choice(game.legal_actions(state, state.current)))})
    return seen


@pytest.mark.parametrize("expansions", AGORA_TABLES)
def test_the_core_observes_random_games_of_the_agora_tables_as_the_python_engine(expansions):
    seen = compare_games(expansions, range(40), np.random.default_rng(44))
    assert seen["decisions"] > 40 * 80
    assert all(seen[name] > 20 for name in AGORA_VIEWS), seen


@pytest.mark.slow
@pytest.mark.parametrize("expansions", AGORA_TABLES)
def test_the_core_observes_hundreds_of_random_games_of_the_agora_tables_as_the_python_engine(expansions):
    assert compare_games(expansions, range(1_000, 1_400), np.random.default_rng(4444))["decisions"] > 400 * 80


@pytest.mark.parametrize("expansions", AGORA_TABLES)
def test_the_batch_of_an_agora_table_writes_the_python_engines_observations_and_masks(expansions):
    """The batch rewrites only what changed in a row (the base views) and the expansions' views whole:
    after every step each acting seat's row and mask are the Python engine's of the same game."""
    venv = vector.make("duel", 8, seed=5, expansions=expansions)
    db, games = database("1st", expansions), DuelGame("1st", expansions)
    obs, mask, to_act = venv.reset()
    ended = 0
    for _ in range(400):
        for index in range(venv.num_envs):
            python = venv.python_state(index)
            seat = python.current
            assert to_act[index].tolist() == [seat == 0, seat == 1]
            assert np.array_equal(obs[index, seat], encode_observation(python, seat))
            assert np.flatnonzero(mask[index, seat]).tolist() == sorted(games.legal_actions(python, seat))
        obs, mask, to_act, _, terminated = venv.step(venv.sample_actions())
        ended += int(terminated.sum())
    assert ended >= 8 and observation_layout(db).size == venv.observation_size
