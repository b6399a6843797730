"""The agents play Duel with Pantheon: random, heuristic (whose valuation weighs the Pantheon:
:mod:`wonders_agents.pantheon_valuation`) and mcts, the Python one and the core's (which searches the
table on the core, from either engine's game); the heuristic buys divinities and beats its copy that
never does (the figure over 400 games: ``benchmarks/bench_expansion_heuristic.py``)."""

from __future__ import annotations

import numpy as np
import pytest

import wonders_env
from wonders_agents.match import play_game
from wonders_agents import make_agent
from wonders_agents import duel_heuristic
from wonders_agents.expansion_valuation import position_value
from wonders_agents.pantheon_valuation import divinity_worth
from wonders_env import make_engine

from determinized_values import compare_on_determinizations
from wonders_env.duel.state import Phase

PANTHEON = {"expansions": ("pantheon",), "engine": "python"}


def play(agents, seed: int, engine: str = "python") -> dict:
    """The record of a game of ``agents`` (seated in order) on the table, dealt from ``seed``."""
    return play_game(wonders_env.make("duel", raw=True, **{**PANTHEON, "engine": engine}), agents, seed).record


@pytest.mark.parametrize("names", [("random", "heuristic"), ("heuristic", "random")])
def test_random_and_heuristic_play_the_pantheon_table_to_the_end(names):
    for seed in range(3):
        record = play([make_agent(name, "duel", seed=seed) for name in names], seed)
        assert record["finished"] and record["expansions"] == ["pantheon"]


def test_the_heuristic_activates_divinities():
    record = play([make_agent("heuristic", "duel", seed=s) for s in (0, 1)], seed=5)
    activations = [entry for entry in record["actions"] if entry["kind"] == "activate"]
    assert activations and all(entry["divinity"] for entry in activations)


def test_the_python_mcts_searches_the_pantheon_table():
    agents = [make_agent("mcts", "duel", seed=0, engine="python", simulations=8), make_agent("random", "duel", seed=1)]
    assert play(agents, seed=2)["finished"]


@pytest.mark.parametrize("engine", ["core", "python"])
def test_the_core_mcts_searches_the_pantheon_table_of_either_engine(engine):
    agents = [make_agent("mcts", "duel", seed=0, simulations=16), make_agent("heuristic", "duel", seed=1)]
    record = play(agents, seed=2, engine=engine)
    assert record["finished"] and record["expansions"] == ["pantheon"]


def test_the_pantheon_valuation_needs_the_engine_and_counts_what_the_seat_may_know():
    game = make_engine("duel", "python", expansions=("pantheon",))
    state = game.new_game(0)
    legal = game.legal_actions(state, state.current)
    with pytest.raises(ValueError, match="pass game="):
        duel_heuristic.action_values(state, state.current, legal)
    assert len(duel_heuristic.action_values(state, state.current, legal, game)) == len(legal)
    tables = state.db.pantheon
    worth = {d.name: divinity_worth(tables, d.id) for d in tables.divinities}
    assert worth["Aphrodite"] == 9 and worth["Mars"] == 3 and min(worth.values()) > 0  # from the effects
    rng = np.random.default_rng(0)
    while not game.is_over(state):  # the other seat's hidden placements never change a seat's value
        player = state.current
        assert position_value(game, game.determinize(state, player, rng), player) == pytest.approx(
            position_value(game, state, player))
        game.apply_actions(state, {player: int(rng.choice(game.legal_actions(state, player)))})


def test_the_heuristic_builds_rather_than_sell_for_a_treasury_point():
    """The first turn of Age I, seed 7 (the wonders drafted by the first legal moves): Baths, 3 VP and
    a chain for 2 of the player's 7 coins, is built. The valuation once counted coins twice, at
    ``COIN_VALUE`` and in the score's treasury points, so 2 coins sold (7 -> 9: a point) beat it."""
    game = make_engine("duel", "python", expansions=("pantheon",))
    state = game.new_game(7)
    while state.phase != Phase.PLAY:
        game.apply_actions(state, {state.current: game.legal_actions(state, state.current)[0]})
    player, legal = state.current, game.legal_actions(state, state.current)
    assert state.coins[player] == 7 and "build Baths" in [game.describe_action(state, a) for a in legal]
    now = position_value(game, state, player)
    for action in legal:  # a sale is worth its coins, whatever multiple of 3 it crosses
        if game.describe_action(state, action).startswith("sell"):
            after = game.clone(state)
            game.apply_actions(after, {player: action})
            assert position_value(game, after, player) - now == pytest.approx(
                duel_heuristic.COIN_VALUE[0] * state.sell_value(player))
    choice = make_agent("heuristic", "duel", seed=0).choose(game, state, player)
    assert game.describe_action(state, choice) == "build Baths"


def test_the_heuristic_values_moves_by_what_the_seat_may_know():
    """On a determinization (the face-down cards, the decks, the divinities the other seat placed face
    down redrawn) the heuristic values the moves as on the true state: the opponent's replies count
    a card a move turns face up at ``FACE_DOWN_VALUE``, and a play again never looks past the move."""
    compared, differ = compare_on_determinizations(("pantheon",), seeds=4)
    assert compared > 200 and differ == 0
