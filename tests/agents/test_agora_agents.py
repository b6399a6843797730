"""The agents play Duel with Agora, alone and with Pantheon: random, heuristic (whose valuation weighs
the Senate and the conspiracies: :mod:`wonders_agents.agora_valuation`, in
:mod:`wonders_agents.expansion_valuation`) and the Python mcts on the Python engine; the core's mcts
searches both tables on the core, from either engine's game. The heuristic's strength
against its copy that takes the Agora decisions at random: ``benchmarks/bench_expansion_heuristic.py``."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

import wonders_env
from wonders_agents.match import play_game
from wonders_agents import make_agent
from wonders_agents.agora_valuation import conspiracy_worth, decree_worth
from wonders_agents.expansion_valuation import position_value
from wonders_agents.heuristic import HeuristicAgent
from wonders_env import make_engine

from determinized_values import compare_on_determinizations
from wonders_env.duel.actions import ActionKind, action_table
from wonders_env.duel.state import Choice, Phase

TABLES = (("agora",), ("pantheon", "agora"))


def play(agents, seed: int, expansions: tuple[str, ...]) -> dict:
    """The record of a game of ``agents`` (seated in order) on the table, dealt from ``seed``."""
    return play_game(wonders_env.make("duel", raw=True, engine="python", expansions=expansions), agents, seed).record


@pytest.mark.parametrize("expansions", TABLES)
@pytest.mark.parametrize("names", [("random", "heuristic"), ("heuristic", "random")])
def test_random_and_heuristic_play_the_agora_tables_to_the_end(names, expansions):
    for seed in range(2):
        record = play([make_agent(name, "duel", seed=seed) for name in names], seed, expansions)
        assert record["finished"] and record["expansions"] == list(expansions)


def heuristic_games(expansions: tuple[str, ...], seeds: range, explore: float = 0.0):
    """Games of the heuristic in both seats (with ``explore`` the chance of a random move instead):
    yields each (state, player, the heuristic's move, the move played) before it is played."""
    game = make_engine("duel", "python", expansions=expansions)
    for seed in seeds:
        agents = [HeuristicAgent("duel", seed=seed), HeuristicAgent("duel", seed=seed + 1)]
        rng = np.random.default_rng(seed)
        state = game.new_game(seed)
        while not game.is_over(state):
            player = game.acting_players(state)[0]
            move = agents[player].choose(game, state, player)
            played = int(rng.choice(game.legal_actions(state, player))) if rng.random() < explore else move
            yield game, state, player, move, played
            game.apply_actions(state, {player: played})


@pytest.mark.slow
@pytest.mark.parametrize("expansions", TABLES)
def test_the_heuristic_always_moves_legally_on_the_agora_tables(expansions):
    """60 seeded games a table, both seats the heuristic, one move in ten random to reach more
    positions: at every decision the heuristic's move is legal."""
    decisions = Counter()
    for game, state, player, move, _ in heuristic_games(expansions, range(60), explore=0.1):
        assert move in game.legal_actions(state, player)
        decisions[state.agora.choice if state.phase == Phase.CHOOSE else -1] += 1
    assert {Choice.SENATE_ACTION, Choice.CONSPIRATOR, Choice.KEEP_CONSPIRACY, Choice.PREPARE_CONSPIRACY} <= set(
        decisions)


@pytest.mark.parametrize("expansions", TABLES)
def test_the_heuristic_uses_the_senate_and_the_conspiracies(expansions):
    kinds, sets = Counter(), Counter()
    for _game, state, _player, move, _ in heuristic_games(expansions, range(6)):
        kinds[action_table(state.db).decode(move)[0]] += 1
        if state.phase == Phase.CHOOSE and state.agora.choice >= 0:
            sets[Choice(state.agora.choice)] += 1
    assert kinds[ActionKind.PREPARE] and kinds[ActionKind.TRIGGER]
    assert sets[Choice.SENATE_ACTION] and sets[Choice.CONSPIRATOR] and sets[Choice.KEEP_CONSPIRACY]


@pytest.mark.parametrize("expansions", TABLES)
def test_the_agora_valuation_counts_what_the_seat_may_know(expansions):
    """The opponent's conspiracies, the deck's order and the face-down decrees never change a seat's
    value; the worths come from the effects."""
    game = make_engine("duel", "python", expansions=expansions)
    state = game.new_game(3)
    tables = state.db.agora
    worth = {d.name: decree_worth(tables, d.id) for d in tables.decrees}
    assert worth["Blue income"] == 1.5 and min(worth.values()) > 0
    plots = {c.name: conspiracy_worth(tables, c.id) for c in tables.conspiracies}
    assert plots["Political Maneuver"] == 1.5 + 1.5 + 0.5 and plots["Coup"] == 2 * 1.5
    rng = np.random.default_rng(0)
    while not game.is_over(state):
        player = state.current
        for seat in (0, 1):
            assert position_value(game, game.determinize(state, seat, rng), seat) == pytest.approx(
                position_value(game, state, seat))
        game.apply_actions(state, {player: int(rng.choice(game.legal_actions(state, player)))})


def test_the_heuristic_values_moves_by_what_the_seat_may_know():
    """On a determinization (the opponent's conspiracies, the deck, the face-down decrees redrawn)
    the heuristic values the moves as on the true state (before the pawn's correction and the stop at
    a decree turned up, 38 of 580 decisions differed: a face-down shield decree's pull)."""
    compared, differ = compare_on_determinizations(("agora",), seeds=6)
    assert compared > 400 and differ == 0


@pytest.mark.parametrize("expansions", TABLES)
def test_the_python_mcts_searches_the_agora_decisions(expansions):
    """At Agora's decisions and a few others of a random game the Python search (its prior: the
    heuristic's valuation) picks a legal move."""
    game = make_engine("duel", "python", expansions=expansions)
    search = make_agent("mcts", "duel", seed=0, engine="python", simulations=2)
    rng, state, searched = np.random.default_rng(1), game.new_game(1), Counter()
    while not game.is_over(state) and sum(searched.values()) < 8:
        player = state.current
        legal = game.legal_actions(state, player)
        kind = state.agora.choice if state.phase == Phase.CHOOSE else int(state.phase)
        if len(legal) > 1 and searched[kind] < 2 and (state.phase == Phase.CHOOSE or rng.random() < 0.1):
            assert search.search(game, state, player) in legal
            searched[kind] += 1
        game.apply_actions(state, {player: int(rng.choice(legal))})
    assert any(kind >= Choice.SENATE_ACTION for kind in searched)


@pytest.mark.parametrize("expansions", TABLES)
@pytest.mark.parametrize("engine", ["core", "python"])
def test_the_core_mcts_searches_the_agora_tables_of_either_engine(engine, expansions):
    agents = [make_agent("mcts", "duel", seed=0, simulations=16), make_agent("heuristic", "duel", seed=1)]
    record = play_game(wonders_env.make("duel", raw=True, engine=engine, expansions=expansions), agents, 2).record
    assert record["finished"] and record["expansions"] == list(expansions)


@pytest.mark.slow
@pytest.mark.parametrize("expansions", TABLES)
def test_the_python_mcts_plays_the_agora_tables_to_the_end(expansions):
    agents = [make_agent("mcts", "duel", seed=0, engine="python", simulations=2), make_agent("random", "duel", seed=1)]
    assert play(agents, seed=2, expansions=expansions)["finished"]
