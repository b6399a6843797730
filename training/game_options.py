"""The env options of a training run's arguments, as the registry wants them (shared by the scripts)."""

from __future__ import annotations

from typing import Any, Protocol

from wonders_env.registry import entry


class GameArgs(Protocol):
    """The arguments of a run that choose its game: ``game``, ``edition``, ``payment``."""

    game: str
    edition: str
    payment: str


def env_options(args: GameArgs) -> dict[str, Any]:
    """Options of the env beyond the game, player count and edition (``payment`` where the game has it)."""
    return {"payment": args.payment} if "payment" in entry(args.game).options else {}


def table_options(args: GameArgs, num_players: int) -> dict[str, Any]:
    """The table options (player count, edition) that the game takes, checked by the registry."""
    return entry(args.game).check_table(num_players, args.edition)
