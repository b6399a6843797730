"""The C++ search (core/common/ismcts.hpp) and the ``mcts`` agent on it (``engine="core"``).

Legal moves in every game and table, reproducibility for a seed, the time budget, the search
never reading hidden information, tree reuse in Duel, and bad input. Speed and strength figures
are in benchmarks/README.md, not here.
"""

from __future__ import annotations

import time

import pytest

from search_cases import duel_hidden_twins, duel_position, play_moves, seven_wonders_hidden_twins
from wonders_agents import make_agent
from wonders_env import core, seven_wonders_duel_v0, seven_wonders_v0
from wonders_env.duel.compiled import core_engine
from wonders_env.seven_wonders.compiled import CompiledSevenWonders

_core = core.load()


@pytest.mark.parametrize("engine", ["python", "core"])
def test_duel_search_plays_legal_moves_on_either_env_engine(engine):
    env = seven_wonders_duel_v0.env(engine=engine)
    env.reset(seed=4)
    agents = {name: make_agent("mcts", game="duel", seed=i, simulations=60) for i, name in enumerate(env.agents)}
    assert len(play_moves(env, agents, 30)) == 30


@pytest.mark.parametrize("players, edition", [(4, "1st"), (2, "1st"), (7, "1st"), (3, "2nd")])
def test_seven_wonders_search_plays_legal_moves(players, edition):
    env = seven_wonders_v0.env(num_players=players, edition=edition)
    env.reset(seed=players)
    agents = {name: make_agent("mcts", game="seven_wonders", seed=i, simulations=20)
              for i, name in enumerate(env.possible_agents)}
    moves = 10 * players
    assert len(play_moves(env, agents, moves)) == moves


@pytest.mark.parametrize("engine", ["python", "core"])
@pytest.mark.parametrize("payment", ["cheapest", "choose"])
def test_a_whole_two_player_game_is_searched_on_the_core_at_every_move(engine, payment):
    """Free City decisions and payments included, whichever engine the env runs on (a Python
    state is transferred to the core each move)."""
    env = seven_wonders_v0.env(num_players=2, engine=engine, payment=payment)
    env.reset(seed=11)
    agents = {"player_0": make_agent("mcts", game="seven_wonders", seed=0, simulations=5),
              "player_1": make_agent("heuristic", game="seven_wonders", seed=1)}
    play_moves(env, agents, 10_000)
    assert env.unwrapped.game_record()["finished"]


@pytest.mark.parametrize("game, make_env", [
    ("duel", lambda: seven_wonders_duel_v0.env()),
    ("seven_wonders", lambda: seven_wonders_v0.env(num_players=3)),
])
def test_search_is_reproducible_for_a_seed(game, make_env):
    runs = []
    for _ in range(2):
        env = make_env()
        env.reset(seed=9)
        agents = {name: make_agent("mcts", game=game, seed=3 + i, simulations=40)
                  for i, name in enumerate(env.possible_agents)}
        runs.append(play_moves(env, agents, 12))
    assert runs[0] == runs[1]


def test_time_limit_bounds_a_move():
    env = seven_wonders_duel_v0.env()
    env.reset(seed=2)
    agent = make_agent("mcts", game="duel", seed=0, time_limit=0.05)
    start = time.perf_counter()
    agent.act(env)
    assert time.perf_counter() - start < 2.0  # generous: the machine may be loaded
    assert agent.last_simulations > 0


def test_duel_search_never_reads_hidden_cards():
    """Two true states that differ only in what the player cannot see search alike."""
    game, state, twin, player = duel_hidden_twins()
    assert game.engine.export_state(twin)["deals"] != game.engine.export_state(state)["deals"]
    results = [_core.duel.Searcher(core_engine()).search(s, player, 77, simulations=300) for s in (state, twin)]
    assert results[0] == results[1]


@pytest.mark.parametrize("players", [3, 2])
def test_seven_wonders_search_never_reads_hidden_cards(players):
    game, state, twin, player = seven_wonders_hidden_twins(players)
    other = (player + 1) % players
    assert twin.hand(other) != state.hand(other)
    results = [_core.seven_wonders.Searcher(game.engine).search(s, player, 5, simulations=200) for s in (state, twin)]
    assert results[0] == results[1]


def test_duel_tree_is_reused_along_the_moves_played():
    game, state = duel_position(1, 8)  # in Age I
    searcher = _core.duel.Searcher(core_engine())
    me = state.core.current
    first = searcher.search(state.core, me, 1, simulations=2000)
    assert first["reused_visits"] == 0
    game.apply_actions(state, {me: first["action"]})
    while state.core.current != me:
        reply = game.legal_actions(state, state.core.current)[0]
        game.apply_actions(state, {state.core.current: reply})
    second = searcher.search(state.core, me, 2, simulations=100)
    assert second["reused_visits"] > 0
    # another game's position starts a new tree
    _, other = duel_position(2, 8)
    assert searcher.search(other.core, other.core.current, 3, simulations=10)["reused_visits"] == 0


def test_the_root_prior_is_used_and_reported():
    game, state = duel_position(3, 10)
    me = state.core.current
    legal = game.legal_actions(state, me)
    priors = [1.0] + [0.0] * (len(legal) - 1)
    result = _core.duel.Searcher(core_engine()).search(state.core, me, 0, simulations=50, root_actions=legal,
                                                        root_priors=priors, exploration=5.0)
    by_action = {a: (visits, prior) for a, visits, _, prior in result["edges"]}
    assert by_action[legal[0]][1] == pytest.approx(1.0)
    assert by_action[legal[0]][0] == max(v for v, _ in by_action.values())


@pytest.mark.parametrize("options, message", [
    ({"simulations": 0}, "needs a budget"),
    ({"simulations": -3}, "simulations must be a positive integer"),
    ({"time_limit": -1.0}, "time_limit must be a positive number"),
    ({"time_limit": 1e7}, r"time_limit must be a positive number of seconds, at most 1e6"),
    ({"simulations": 5, "exploration": -1.0}, "exploration"),
    ({"simulations": 5, "root_actions": [0], "root_priors": [1.0]}, "not a legal action"),
    ({"simulations": 5, "root_actions": [0, 1], "root_priors": [1.0]}, "same length"),
])
def test_bad_search_input_is_refused(options, message):
    game, state = duel_position(3, 10)
    with pytest.raises(ValueError, match=message):
        _core.duel.Searcher(core_engine()).search(state.core, state.core.current, 0, **options)


def test_the_searcher_refuses_a_seat_that_does_not_decide_or_a_state_of_another_game():
    game, state = duel_position(3, 10)
    searcher = _core.duel.Searcher(core_engine())
    with pytest.raises(ValueError, match="does not decide now"):
        searcher.search(state.core, 1 - state.core.current, 0, simulations=5)
    seven = CompiledSevenWonders(3)
    with pytest.raises(TypeError):
        searcher.search(seven.new_game(1), 0, 0, simulations=5)
    other_engine = CompiledSevenWonders(4)
    with pytest.raises(ValueError, match="another engine"):
        _core.seven_wonders.Searcher(other_engine.engine).search(seven.new_game(1), 0, 0, simulations=5)


@pytest.mark.parametrize("options, message", [
    ({"simulations": 0}, "simulations must be a positive integer"),
    ({"simulations": None}, "needs a budget"),
    ({"time_limit": 0}, "time_limit must be a positive number"),
    ({"time_limit": float("nan")}, "time_limit must be a positive number"),
    ({"time_limit": 1e7}, r"time_limit must be a positive number of seconds \(at most 1e6\)"),
    ({"engine": "gpu"}, "engine must be one of"),
    ({"rollout": "smart"}, "rollout must be"),
    ({"exploration": -1}, r"exploration must be a finite number >= 0 \(the PUCT constant\), got -1"),
    ({"prior_temperature": -1.5}, "prior_temperature must be a finite number > 0"),
    ({"prior_temperature": 0}, "prior_temperature must be a finite number > 0"),
    ({"rollout_epsilon": 1.5}, r"rollout_epsilon must be a number in \[0, 1\]"),
    ({"widening": float("nan")}, "widening must be a finite number >= 0"),
    ({"margin_weight": True}, r"margin_weight must be a number in \[0, 1\]"),
])
def test_bad_agent_options_are_refused(options, message):
    """When the agent is made, before any search (a negative temperature would silently put the
    worst move first)."""
    with pytest.raises(ValueError, match=message):
        make_agent("mcts", game="duel", **options)


def test_an_agent_of_another_game_is_refused():
    env = seven_wonders_v0.env(num_players=3)
    env.reset(seed=0)
    with pytest.raises(ValueError, match="plays seven_wonders_duel"):
        make_agent("mcts", game="duel", simulations=5).act(env)


@pytest.mark.parametrize("engine", ["core", "python"])
def test_an_agent_playing_game_after_game_keeps_the_searchers_of_the_latest_few(engine):
    from wonders_agents.core_search import REMEMBERED_ENGINES

    agent = make_agent("mcts", game="duel", seed=0, simulations=5)
    for seed in range(REMEMBERED_ENGINES + 3):
        env = seven_wonders_duel_v0.env(engine=engine)
        env.reset(seed=seed)
        env.step(agent.act(env))
    assert len(agent.core._searchers) == REMEMBERED_ENGINES
    assert len(agent.core._compiled) == (REMEMBERED_ENGINES if engine == "python" else 0)
