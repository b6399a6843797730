"""Shared by the search agents' tests: play an AEC env with agents, checking every move."""

from __future__ import annotations


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
