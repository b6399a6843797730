"""Both compiled cores answer to the same names for the same thing (those of ``wonders_env.game.Game``):
the Duel and 7 Wonders modules of ``wonders_env._core`` are called the same way by the same code."""

from __future__ import annotations

import pytest

from wonders_agents.duel_heuristic import core_constants
from wonders_env import core
from wonders_env.duel.compiled import CompiledDuel
from wonders_env.duel.compiled import core_tables as duel_tables
from wonders_env.seven_wonders.compiled import CompiledSevenWonders
from wonders_env.seven_wonders.compiled import core_tables as seven_wonders_tables

DUEL = CompiledDuel().engine
SEVEN_WONDERS = CompiledSevenWonders(3).engine
ENGINES = pytest.mark.parametrize("engine", [DUEL, SEVEN_WONDERS], ids=["duel", "seven_wonders"])
MODULES = pytest.mark.parametrize("module, engine, tables", [
    (core.load().duel, DUEL, duel_tables()), (core.load().seven_wonders, SEVEN_WONDERS, seven_wonders_tables())],
    ids=["duel", "seven_wonders"])

#: the methods of both cores' Engine, under one name each
SHARED = ("new_game", "new_game_from_deal", "legal_action_mask", "why_illegal", "apply_actions", "score_breakdown",
          "encode_observation", "determinize", "export_state", "import_state")
#: the names they had before, each now one of SHARED
RETIRED = ("new_game_seeded", "apply", "score", "export")


@ENGINES
def test_both_engines_have_the_shared_names_and_none_of_the_old(engine):
    assert [name for name in SHARED if not hasattr(engine, name)] == []
    assert [name for name in RETIRED if hasattr(engine, name)] == []


def test_both_engines_give_their_sizes_as_properties_of_the_engine():
    """num_players, num_actions and observation_size: the Game protocol's, on the Engine (not module constants)."""
    sizes = ("num_players", "num_actions", "observation_size")
    for game in (CompiledDuel(), CompiledSevenWonders(4)):
        assert [getattr(game.engine, name) for name in sizes] == [getattr(game, name) for name in sizes]
    assert not hasattr(core.load().duel, "NUM_ACTIONS") and not hasattr(core.load().duel, "OBSERVATION_SIZE")


def test_new_game_deals_a_seed_and_new_game_from_deal_a_deal_in_both():
    duel = DUEL.new_game(5)
    twin = DUEL.new_game_from_deal(duel.wonder_order, duel.token_order, duel.deals, duel.boxed)
    assert (twin.wonder_order, twin.deals, twin.boxed) == (duel.wonder_order, duel.deals, duel.boxed)

    seven = SEVEN_WONDERS.new_game(5)
    again = SEVEN_WONDERS.new_game_from_deal(SEVEN_WONDERS.draw_deal(5), seed=5)
    assert seven.seed == again.seed == 5
    assert [seven.hand(seat) for seat in range(3)] == [again.hand(seat) for seat in range(3)]
    assert SEVEN_WONDERS.new_game_from_deal(SEVEN_WONDERS.draw_deal(5)).seed is None


@pytest.mark.parametrize("seed", [-1, 1 << 64, 1.5, "1"])
def test_a_bad_seed_is_refused_by_both_ways_to_start_a_game(seed):
    """A seed is an integer in 0 .. 2**64 - 1: anything else is a TypeError naming the argument's type."""
    for start in (lambda: SEVEN_WONDERS.new_game(seed), lambda: DUEL.new_game(seed),
                  lambda: SEVEN_WONDERS.new_game_from_deal(SEVEN_WONDERS.draw_deal(5), seed)):
        with pytest.raises(TypeError, match="incompatible function arguments"):
            start()


def test_apply_actions_plays_the_acting_players_actions_in_both():
    """Duel's one decider gives its action as an int (no dict per move on the env's hot path); 7 Wonders'
    acting players give {player: action}. An illegal action raises ValueError and changes nothing."""
    duel = DUEL.new_game(2)
    with pytest.raises(ValueError, match="illegal action"):
        DUEL.apply_actions(duel, next(a for a in range(400) if DUEL.why_illegal(duel, a)))
    assert duel.num_decisions == 0
    DUEL.apply_actions(duel, int(DUEL.legal_actions(duel)[0]))
    assert duel.num_decisions == 1

    seven = SEVEN_WONDERS.new_game(2)
    choices = {p: int(SEVEN_WONDERS.legal_action_mask(seven, p).nonzero()[0][0]) for p in range(3)}
    SEVEN_WONDERS.apply_actions(seven, choices)
    assert len(seven.log) == 3


@ENGINES
def test_score_breakdown_export_state_and_clone_in_both(engine):
    state = engine.new_game(4)
    points = engine.score_breakdown(state, 1)
    assert len(points) > 1 and points[-1] == sum(points[:-1])  # the categories, then the total
    twin = state.clone()
    assert twin is not state and engine.export_state(twin) == engine.export_state(state)
    assert not hasattr(state, "copy")


@MODULES
def test_tables_batch_and_searcher_are_made_the_same_way_in_both(module, engine, tables):
    """The tables by the Tables class; the Batch and the Searcher from the Engine, which holds the
    tables (the tables alone are refused)."""
    assert isinstance(tables, module.Tables) and not hasattr(module, "make_tables")
    assert len(module.Batch(engine, 2, 7).seeds()) == 2
    assert module.Searcher(engine, uniform_rule=True).tree_size == 0
    for make in (lambda: module.Batch(tables, 2, 7), lambda: module.Searcher(tables)):
        with pytest.raises(TypeError, match="Engine"):
            make()


def test_the_duel_heuristic_is_made_from_the_engine():
    state = DUEL.new_game(1)
    heuristic = core.load().duel.Heuristic(DUEL, core_constants())
    assert heuristic.choose(state, state.current, 0) in DUEL.legal_actions(state)
    with pytest.raises(TypeError, match="Heuristic needs an Engine"):
        core.load().duel.Heuristic(None, core_constants())
