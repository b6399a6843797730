"""The env options of a training run's arguments, as the registry wants them (shared by the scripts)."""

from __future__ import annotations

from typing import Any, Protocol

from wonders_env.registry import entry


class GameArgs(Protocol):
    """The arguments of a run that choose its game: ``game``, ``edition``, ``payment``, ``expansions``
    (comma-separated names, ``""`` for the base game)."""

    game: str
    edition: str
    payment: str
    expansions: str


def table_expansions(args: GameArgs) -> tuple[str, ...]:
    """The run's ``--expansions`` as the registry's canonical tuple (``ValueError`` naming the game's
    expansions for an unknown or repeated name)."""
    names = [name.strip() for name in args.expansions.split(",") if name.strip()]
    return entry(args.game).check_expansions(names)


def env_options(args: GameArgs) -> dict[str, Any]:
    """Options of the env beyond the game, player count and edition: ``payment`` where the game has
    it, ``expansions`` where the run plays some."""
    expansions = table_expansions(args)
    return {**({"payment": args.payment} if "payment" in entry(args.game).options else {}),
            **({"expansions": expansions} if expansions else {})}


def table_options(args: GameArgs, num_players: int) -> dict[str, Any]:
    """The table options (player count, edition) that the game takes, checked by the registry."""
    return entry(args.game).check_table(num_players, args.edition)
