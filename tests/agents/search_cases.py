"""Shared by the search agents' tests (mcts and az on the core): games played with agents, and
the positions the tests search."""

from __future__ import annotations

import numpy as np

from wonders_env.duel.compiled import CompiledDuel
from wonders_env.seven_wonders.compiled import CompiledSevenWonders


def play_moves(env, agents: dict, moves: int = 10_000) -> list[int]:
    """Play up to ``moves`` decisions of ``agents`` (agent name -> agent) in ``env`` (reset);
    returns the actions, each checked against the env's action mask."""
    played = []
    for name in env.agent_iter():
        observation, _, termination, truncation, _ = env.last()
        if termination or truncation:
            env.step(None)
            continue
        action = agents[name].act(env)
        assert observation["action_mask"][action], f"{name} chose the illegal action {action}"
        played.append(action)
        env.step(action)
        if len(played) >= moves:
            break
    return played


def duel_position(seed: int, moves: int):
    """(compiled Duel engine, state) after ``moves`` random moves of the game dealt by ``seed``."""
    game = CompiledDuel()
    state = game.new_game(seed)
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        legal = game.legal_actions(state, state.core.current)
        game.apply_actions(state, {state.core.current: legal[int(rng.integers(len(legal)))]})
    return game, state


def duel_hidden_twins():
    """(engine, core state, its twin, the player to move): the twin differs from the state only in
    what that player cannot see (a determinization)."""
    game, state = duel_position(5, 20)
    return game, state.core, game.engine.determinize(state.core, 123), state.core.current


def seven_wonders_hidden_twins(players: int):
    """(engine, state, its twin, a deciding player) as :func:`duel_hidden_twins`; with 3 players
    after 4 turns (hands passed, cards under wonders)."""
    game = CompiledSevenWonders(players)
    state = game.new_game(8)
    rng = np.random.default_rng(0)
    for _ in range(4 if players > 2 else 0):
        game.apply_actions(state, {p: int(rng.choice(game.legal_actions(state, p)))
                                   for p in game.acting_players(state)})
    player = game.acting_players(state)[0]
    return game, state, game.engine.determinize(state, player, 99), player
