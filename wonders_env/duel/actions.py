"""The flat action space of 7 Wonders Duel: every decision is one integer (1202 actions).

Nine ranges, one per :class:`ActionKind` in order (``draft``, ``build``, ``sell``, ``wonder``,
``progress``, ``destroy``, ``mausoleum``, ``library``, ``starter``), of the sizes in
:data:`KIND_SIZES`; the table of what each range means is on the documentation page,
:mod:`wonders_env.seven_wonders_duel_v0` ("Action space"). Card actions use card ids (rows of
``data/cards.csv``), so an action means the same thing in every state.
"""

from __future__ import annotations

from enum import IntEnum

from .cards import CARDS, NUM_CARDS, NUM_TOKENS, NUM_WONDERS, PROGRESS_TOKENS, WONDERS


class ActionKind(IntEnum):
    DRAFT = 0
    BUILD = 1
    SELL = 2
    WONDER = 3
    PROGRESS = 4
    DESTROY = 5
    MAUSOLEUM = 6
    LIBRARY = 7
    STARTER = 8


KIND_NAMES = tuple(kind.name.lower() for kind in ActionKind)
KIND_SIZES = (NUM_WONDERS, NUM_CARDS, NUM_CARDS, NUM_CARDS * NUM_WONDERS, NUM_TOKENS, NUM_CARDS,
              NUM_CARDS, NUM_TOKENS, 2)
KIND_OFFSETS = tuple(sum(KIND_SIZES[:k]) for k in range(len(KIND_SIZES)))
NUM_ACTIONS = sum(KIND_SIZES)

DRAFT, BUILD, SELL, WONDER, PROGRESS, DESTROY, MAUSOLEUM, LIBRARY, STARTER = KIND_OFFSETS
STARTER_ME = 0  # starter action index 0: I start; 1: my opponent starts


def encode_action(kind: ActionKind, index: int, wonder: int = 0) -> int:
    """The action number. ``index``: the wonder, card, token or starter (0 me, 1 opponent);
    ``wonder``: the wonder id of a ``WONDER`` action (card ``index`` goes under it)."""
    kind = ActionKind(kind)
    if kind is ActionKind.WONDER:
        if not (0 <= index < NUM_CARDS and 0 <= wonder < NUM_WONDERS):
            raise ValueError(f"wonder action needs card 0-{NUM_CARDS - 1} and wonder 0-{NUM_WONDERS - 1}, "
                             f"got card {index}, wonder {wonder}")
        return WONDER + index * NUM_WONDERS + wonder
    if not 0 <= index < KIND_SIZES[kind]:
        raise ValueError(f"{KIND_NAMES[kind]} action index must be in 0-{KIND_SIZES[kind] - 1}, got {index}")
    return KIND_OFFSETS[kind] + index


def _decode(action: int) -> tuple[ActionKind, int, int]:
    kind = max(k for k in ActionKind if KIND_OFFSETS[k] <= action)
    index = action - KIND_OFFSETS[kind]
    if kind is ActionKind.WONDER:
        return kind, index // NUM_WONDERS, index % NUM_WONDERS
    return kind, index, 0


DECODED = tuple(_decode(a) for a in range(NUM_ACTIONS))


def decode_action(action: int) -> tuple[ActionKind, int, int]:
    """(kind, index, wonder): the inverse of :func:`encode_action` (``wonder`` is 0 unless WONDER)."""
    if not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"action must be an integer in 0-{NUM_ACTIONS - 1}, got {action!r}")
    return DECODED[action]


def describe_action(action: int) -> str:
    """Readable form, e.g. ``"wonder The Pyramids with Lumber Yard"``."""
    kind, index, wonder = decode_action(action)
    if kind is ActionKind.DRAFT:
        return f"draft {WONDERS[index].name}"
    if kind is ActionKind.WONDER:
        return f"wonder {WONDERS[wonder].name} with {CARDS[index].name}"
    if kind in (ActionKind.PROGRESS, ActionKind.LIBRARY):
        return f"{KIND_NAMES[kind]} {PROGRESS_TOKENS[index].name}"
    if kind is ActionKind.STARTER:
        return "starter me" if index == STARTER_ME else "starter opponent"
    return f"{KIND_NAMES[kind]} {CARDS[index].name}"
