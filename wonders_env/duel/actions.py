"""The flat action space of 7 Wonders Duel: every decision is one integer (1202 actions in the base game).

Nine ranges, one per :class:`ActionKind` in order (``draft``, ``build``, ``sell``, ``wonder``,
``progress``, ``destroy``, ``mausoleum``, ``library``, ``starter``), of the sizes in
:data:`KIND_SIZES`; the table of what each range means is on the documentation page,
:mod:`wonders_env.seven_wonders_duel_v0` ("Action space"). Card actions use card ids (rows of
``data/cards.csv``), so an action means the same thing in every state. The sizes come from the
game's :class:`~.cards.DuelDatabase` (:func:`action_table`); the module names below are the base
game's.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum
from functools import cache

from ..game import action_number_error, quoted
from .cards import BASE, DuelDatabase


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
#: what the index of each kind's actions names (``WONDER``: the card, its wonder is the second
#: number), which is also the record entry's field that names it: the record, the web page and
#: the text interface treat every kind of one index alike
KIND_INDEX = {ActionKind.DRAFT: "wonder", ActionKind.BUILD: "card", ActionKind.SELL: "card", ActionKind.WONDER: "card",
              ActionKind.PROGRESS: "token", ActionKind.DESTROY: "card", ActionKind.MAUSOLEUM: "card",
              ActionKind.LIBRARY: "token", ActionKind.STARTER: "starter"}
STARTER_ME = 0  # starter action index 0: I start; 1: my opponent starts


class ActionTable:
    """The action numbers of one :class:`DuelDatabase`: the nine ranges sized by its counts."""

    def __init__(self, db: DuelDatabase) -> None:
        self.db = db
        cards, wonders, tokens = db.num_cards, db.num_wonders, db.num_tokens
        self.kind_sizes = (wonders, cards, cards, cards * wonders, tokens, cards, cards, tokens, 2)
        self.kind_offsets = tuple(sum(self.kind_sizes[:k]) for k in range(len(self.kind_sizes)))
        self.num_actions = sum(self.kind_sizes)
        (self.draft, self.build, self.sell, self.wonder, self.progress, self.destroy, self.mausoleum,
         self.library, self.starter) = self.kind_offsets
        self.decoded = tuple(self._decode(a) for a in range(self.num_actions))

    def _decode(self, action: int) -> tuple[ActionKind, int, int]:
        kind = max(k for k in ActionKind if self.kind_offsets[k] <= action)
        index = action - self.kind_offsets[kind]
        if kind is ActionKind.WONDER:
            return kind, index // self.db.num_wonders, index % self.db.num_wonders
        return kind, index, 0

    def encode(self, kind: ActionKind, index: int, wonder: int = 0) -> int:
        """The action number. ``index``: the wonder, card, token or starter (0 me, 1 opponent);
        ``wonder``: the wonder id of a ``WONDER`` action (card ``index`` goes under it)."""
        kind = ActionKind(kind)
        num_cards, num_wonders = self.db.num_cards, self.db.num_wonders
        if kind is ActionKind.WONDER:
            if not (0 <= index < num_cards and 0 <= wonder < num_wonders):
                raise ValueError(f"wonder action needs card 0-{num_cards - 1} and wonder 0-{num_wonders - 1}, "
                                 f"got card {index}, wonder {wonder}")
            return self.wonder + index * num_wonders + wonder
        if not 0 <= index < self.kind_sizes[kind]:
            raise ValueError(f"{KIND_NAMES[kind]} action index must be in 0-{self.kind_sizes[kind] - 1}, "
                             f"got {index}")
        return self.kind_offsets[kind] + index

    def decode(self, action: int) -> tuple[ActionKind, int, int]:
        """(kind, index, wonder): the inverse of :meth:`encode` (``wonder`` is 0 unless WONDER)."""
        if not 0 <= action < self.num_actions:
            raise ValueError(f"action must be an integer in 0-{self.num_actions - 1}, got {quoted(action)}")
        return self.decoded[action]

    def describe(self, action: int) -> str:
        """Readable form, e.g. ``"wonder The Pyramids with Lumber Yard"``."""
        kind, index, wonder = self.decode(action)
        db = self.db
        if kind is ActionKind.DRAFT:
            return f"draft {db.wonders[index].name}"
        if kind is ActionKind.WONDER:
            return f"wonder {db.wonders[wonder].name} with {db.cards[index].name}"
        if kind in (ActionKind.PROGRESS, ActionKind.LIBRARY):
            return f"{KIND_NAMES[kind]} {db.progress_tokens[index].name}"
        if kind is ActionKind.STARTER:
            return "starter me" if index == STARTER_ME else "starter opponent"
        return f"{KIND_NAMES[kind]} {db.cards[index].name}"


@cache
def action_table(db: DuelDatabase) -> ActionTable:
    """The action table of ``db``, built once per database."""
    return ActionTable(db)


# Public API: the base game's action numbers (the compiled core, the agents, the web app and the
# documentation use them). The engine reads ``action_table(state.db)``.
BASE_ACTIONS = action_table(BASE)
KIND_SIZES, KIND_OFFSETS, NUM_ACTIONS = BASE_ACTIONS.kind_sizes, BASE_ACTIONS.kind_offsets, BASE_ACTIONS.num_actions
DRAFT, BUILD, SELL, WONDER, PROGRESS, DESTROY, MAUSOLEUM, LIBRARY, STARTER = KIND_OFFSETS
DECODED = BASE_ACTIONS.decoded
encode_action, decode_action, describe_action = BASE_ACTIONS.encode, BASE_ACTIONS.decode, BASE_ACTIONS.describe


class IllegalActionError(ValueError):
    """An action that the rules do not allow in this state."""


def why_illegal_for(acts: ActionTable, action: object, player: int, acting: list[int],
                    reason: Callable[[], str | None]) -> str | None:
    """Both engines' ``Game.why_illegal``: ``None`` when ``action`` is legal for ``player``, else the
    action, the player and why: that another player decides now (``acting``: who does), or the
    state's ``reason()`` for the deciding player (a bad action number, the game's end, the rules)."""
    if acting and player not in acting and not action_number_error(action, acts.num_actions):
        why: str | None = f"it is not player_{player}'s turn (player_{acting[0]} decides now)"
    else:
        why = reason()
    if why is None:
        return None
    label = quoted(action) if action_number_error(action, acts.num_actions) else \
        f"{action} ({acts.describe(int(action))})"
    return f"illegal action {label} for player {player}: {why}"


def illegal_action_error(acts: ActionTable, why: str, legal: list[int]) -> IllegalActionError:
    """The error of both engines and the env for an illegal action: ``why`` (the text of
    :func:`why_illegal_for`) and the legal actions (the first 12 named)."""
    shown = ", ".join(f"{a} ({acts.describe(a)})" for a in legal[:12])
    more = f" and {len(legal) - 12} more" if len(legal) > 12 else ""
    return IllegalActionError(f"{why}. Legal now: {shown or 'none'}{more}")
