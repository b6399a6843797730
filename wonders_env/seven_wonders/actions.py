"""The flat card-id action space of 7 Wonders: ``5T + 1`` actions for ``T`` card names.

Five ranges of ``T`` (``build``, ``wonder``, ``sell``, ``free_build``, ``discard_build``, in
:class:`Kind` order), then ``wait``; the table of what each range means is on the documentation
page, :mod:`wonders_env.seven_wonders_v0` ("Action space"). Card ids are the indices of the
edition's card table (:attr:`CardDatabase.types`), so an action means the same thing in every
state. The Free City and Babylon's 7th card use the first four ranges; the phase in the
observation says for which city the action is.
"""

from __future__ import annotations

from enum import IntEnum


class Kind(IntEnum):
    BUILD = 0
    WONDER = 1
    SELL = 2
    FREE_BUILD = 3
    DISCARD_BUILD = 4
    WAIT = 5


KIND_NAMES = ("build", "wonder", "sell", "free_build", "discard_build", "wait")


def num_actions(num_types: int) -> int:
    return 5 * num_types + 1


def encode_action(kind: Kind, card_type: int, num_types: int) -> int:
    """The action id of ``kind`` with card ``card_type`` (ignored for ``WAIT``)."""
    if kind == Kind.WAIT:
        return 5 * num_types
    if not 0 <= card_type < num_types:
        raise ValueError(f"card id must be in [0, {num_types}), got {card_type}")
    return int(kind) * num_types + card_type


def decode_action(action: int, num_types: int) -> tuple[Kind, int]:
    """``(kind, card id)`` of an action id; the card id is -1 for ``WAIT``."""
    total = num_actions(num_types)
    if not 0 <= action < total:
        raise ValueError(f"action must be an integer in [0, {total}), got {action!r}")
    if action == 5 * num_types:
        return Kind.WAIT, -1
    return Kind(action // num_types), action % num_types
