"""Games between agents: the game names, the environments, and one complete game.

Every tool that runs agents (the tournament, the benchmarks, the tests, human play) goes through
:func:`make_env` and :func:`play_game`, so a game is the same whoever runs it: the env is built
from ``(game, num_players, edition)``, reset with ``seed``, and each seat's agent is asked for
its move with ``agent.act(env)`` when ``env.agent_selection`` is its seat.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Protocol, Sequence

GAMES = ("seven_wonders", "seven_wonders_duel")
GAME_ALIASES = {"duel": "seven_wonders_duel", "7w": "seven_wonders"}


class Agent(Protocol):
    """What every agent provides: the legal action it chooses for ``env.agent_selection``."""

    def act(self, env: Any) -> int: ...


def resolve_game(game: str) -> str:
    """The canonical name of ``game`` (``"duel"`` and ``"7w"`` are accepted as short names)."""
    name = GAME_ALIASES.get(game, game)
    if name not in GAMES:
        known = ", ".join(repr(g) for g in (*GAMES, *GAME_ALIASES))
        raise ValueError(f"unknown game {game!r}; games are: {known}")
    return name


def default_players(game: str) -> int:
    """The number of players of a game when none is given: 2 for Duel, 4 for 7 Wonders."""
    return 2 if resolve_game(game) == "seven_wonders_duel" else 4


def make_env(game: str, num_players: int | None = None, edition: str = "1st", raw: bool = False,
             **kwargs: Any):
    """The AEC env of ``game`` (PettingZoo-wrapped ``env()``, or ``raw_env`` with ``raw=True``)."""
    game = resolve_game(game)
    if game == "seven_wonders_duel":
        if num_players not in (None, 2):
            raise ValueError(f"7 Wonders Duel has 2 players, got num_players={num_players}")
        if edition != "1st":
            raise ValueError(f"7 Wonders Duel has a single edition, got edition={edition!r}")
        from wonders_env import seven_wonders_duel_v0 as module
        return module.raw_env(**kwargs) if raw else module.env(**kwargs)
    from wonders_env import seven_wonders_v0 as module
    players = default_players(game) if num_players is None else num_players
    factory = module.raw_env if raw else module.env
    return factory(num_players=players, edition=edition, **kwargs)


ENV_NAMES = {"seven_wonders": "seven_wonders_v0", "seven_wonders_duel": "seven_wonders_duel_v0"}


def check_env_game(env: Any, game: str, agent: str) -> None:
    """Raise ``ValueError`` if ``env`` is not an env of ``game`` (an agent made for one game
    cannot read the other's state)."""
    found = env.unwrapped.metadata.get("name")
    if found != ENV_NAMES[game]:
        raise ValueError(f"this {agent} agent plays {game} ({ENV_NAMES[game]}), but the env is {found}: "
                         f"make the agent with make_agent(..., game=...) of the env's game")


def seat_of(agent_name: str) -> int:
    """The seat index of a PettingZoo agent name (``"player_2"`` -> 2)."""
    return int(agent_name.rsplit("_", 1)[1])


@dataclass
class GameResult:
    """The outcome of one game: the record, and how long each seat took to decide."""

    record: dict
    think_seconds: list[float] = field(default_factory=list)
    decisions: list[int] = field(default_factory=list)

    @property
    def num_players(self) -> int:
        return len(self.think_seconds)

    @property
    def winners(self) -> list[int]:
        return [seat_of(name) for name in self.record["winners"]]

    @property
    def scores(self) -> list[int]:
        return [player["score"]["total"] for player in self.record["players"][:self.num_players]]

    @property
    def victory(self) -> str | None:
        """Duel's victory type (civilian, military, science); 7 Wonders has only ``civilian``."""
        return self.record.get("victory", "civilian")


def play_game(env: Any, agents: Sequence[Agent], seed: int) -> GameResult:
    """Play one complete game: ``agents[i]`` plays seat ``i``; returns its :class:`GameResult`.

    An illegal action raises (it never ends the game silently): the env must be a ``raw_env``, or
    the agent's move is checked here against the mask before it is played.
    """
    env.reset(seed=seed)
    players = len(env.possible_agents)
    if len(agents) != players:
        raise ValueError(f"the game has {players} seats but {len(agents)} agents were given")
    think = [0.0] * players
    decisions = [0] * players
    for name in env.agent_iter():
        if env.terminations[name] or env.truncations[name]:
            env.step(None)
            continue
        seat = seat_of(name)
        start = time.perf_counter()
        action = agents[seat].act(env)
        think[seat] += time.perf_counter() - start
        decisions[seat] += 1
        if not env.observe(name)["action_mask"][action]:
            raise RuntimeError(f"agent {type(agents[seat]).__name__} of seat {seat} chose the illegal "
                               f"action {action} (seed {seed})")
        env.step(action)
    return GameResult(env.unwrapped.game_record(), think, decisions)
