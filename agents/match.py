"""Games between agents: the agent protocol and one complete game.

Every tool that runs agents (the tournament, the benchmarks, the tests, human play) builds its env
with :func:`wonders_env.make` and plays with :func:`play_game`, so a game is the same whoever runs
it: the env is built from ``(game, num_players, edition)``, reset with ``seed``, and each seat's
agent is asked for its move with ``agent.act(env)`` when ``env.agent_selection`` is its seat.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Protocol
from collections.abc import Sequence


class Agent(Protocol):
    """What every agent provides: the legal action it chooses for ``env.agent_selection``.

    An agent that plays only some tables of its game (a policy trained for one edition and
    payment mode) also has ``check_env(env)``, raising ``ValueError`` with the reason for a table
    it cannot play; :func:`check_agent` calls it when a game is set up."""

    def act(self, env: Any) -> int: ...


def check_agent(agent: Agent, env: Any) -> None:
    """Raise ``ValueError`` if ``agent`` cannot play the table of ``env`` (before the first move,
    rather than at it); agents that play every table of their game have nothing to check."""
    check = getattr(agent, "check_env", None)
    if check is not None:
        check(env)


def check_trained_table(env: Any, network: str, game: str, obs_size: int, payment: str | None,
                        expansions: tuple[str, ...] | None = None) -> None:
    """The ``check_env`` of the agents that play a trained network: ``ValueError`` saying why, if
    ``network`` (its name in the messages: "the policy", "the az network") cannot play the table
    of ``env``: another game than ``game`` (its registry name), another 7 Wonders payment mode than
    ``payment`` (None: any), other expansions than ``expansions`` (None: not checked), observations
    of another size than ``obs_size`` (another edition)."""
    raw = env.unwrapped
    if raw.game.name != game:
        raise ValueError(f"{network} plays {game}, the env is {raw.game.name}")
    env_expansions = tuple(getattr(raw, "expansions", None) or ())
    if expansions is not None and env_expansions != tuple(expansions):
        raise ValueError(f"{network} was trained on {table_name(expansions)} and plays only that table; the env is "
                         f"{table_name(env_expansions)} (its actions and observations differ)")
    env_payment = getattr(raw, "payment", None)
    if payment is not None and env_payment is not None and env_payment != payment:
        raise ValueError(f"{network} was trained with payment={payment!r} and plays only that mode; the env has "
                         f"payment={env_payment!r} (its actions and observations differ)")
    size = raw.game.observation_size
    if size != obs_size:
        edition, expansions = getattr(raw, "edition", None), getattr(raw, "expansions", ())
        table = game + (f", {edition} edition" if edition else "")
        if expansions:
            table += f", with {', '.join(expansions)}"
        raise ValueError(f"{network} expects observations of size {obs_size} ({game}), this game ({table}) gives "
                         f"{size}: it plays only the game, and for 7 Wonders the edition, it was trained on; choose "
                         f"another agent or a file trained for this table")


def table_name(expansions: tuple[str, ...]) -> str:
    """A table in words: "the base game", "the table with pantheon"."""
    return f"the table with {', '.join(expansions)}" if expansions else "the base game"


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
