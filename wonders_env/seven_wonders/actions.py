"""The flat card-id action space of 7 Wonders: ``5T + 1`` actions for ``T`` card names
(``5T + 16`` with ``payment="choose"``).

Five ranges of ``T`` (``build``, ``wonder``, ``sell``, ``free_build``, ``discard_build``, in
:class:`ActionKind` order), then ``wait``, then (``payment="choose"``) 15 ``pay`` actions; the table of
what each range means is on the documentation page, :mod:`wonders_env.seven_wonders_v0` ("Action
space"). Card ids are the indices of the edition's card table (:attr:`CardDatabase.types`), so an
action means the same thing in every state. The Free City and Babylon's 7th card use the first
four ranges; the phase in the observation says for which city the action is.

Payments (``payment``, an argument of the game): with ``"cheapest"`` (the default) the engine
pays for every build and wonder stage the cheapest way and the action space ends at ``wait``
(``5T + 1`` actions). With ``"choose"`` the player decides whom to pay, in a ``payment`` decision
after the card decision (:mod:`.rules` has the phase order). For a resource cost the engine knows
the Pareto set of ``(to_left, to_right)`` coin amounts: every way to pay that no other way beats
on both sides. In a Pareto set no two ways give the same amount to the left, so ``pay L`` names
one way in every state: "the non-dominated way of paying that gives exactly ``L`` coins to the
left neighbour of the paying city, the rest to the right neighbour". Legal are the ``L`` of the
affordable ways (the bank's coin cost included); a move that buys nothing (a sell, a free or
chained build, a cost the city produces) has the single legal action ``pay 0``. A cost has at
most 7 resource units in both editions (the data tests check it), 2 coins each, so ``L`` runs
from 0 to :data:`MAX_TO_ONE_SIDE` = 14: ``5T + 16`` actions (391 in the 1st edition, 401 in the
2nd). Left and right are the city's neighbours in seat order (``left_of(s) = s - 1``); with 2
players the left of ``player_0`` is the Free City, the left of ``player_1`` is ``player_0``
and the left of the Free City is ``player_1``.

The Leaders table (``L`` leaders, leader ids the rows of the leader table) continues after
``wait`` and the ``pay`` actions (``B`` = ``5T + 1``, or ``5T + 16`` with ``payment="choose"``, for
its ``T`` = 79 card names) with five ranges of ``L``, in :class:`ActionKind` order: ``draft`` (keep
leader l in the draft; ``B`` to ``B + L - 1``), ``recruit`` (recruit leader l: in the recruitment
turn, and Roma B's recruit at once), ``leader_wonder`` (build the next wonder stage with leader
l), ``leader_discard`` (discard leader l for 3 coins), ``copy_leader`` (the Courtesans Guild copies
leader l): ``B + 5L`` actions (the box's numbers are on the env's page,
:mod:`wonders_env.seven_wonders_v0`). The base tables have no leader range.
"""

from __future__ import annotations

from enum import IntEnum

from ..game import quoted

PAYMENT_MODES = ("cheapest", "choose")
MAX_TO_ONE_SIDE = 14  # at most 7 resource units in a cost, at most 2 coins each


class ActionKind(IntEnum):
    BUILD = 0
    WONDER = 1
    SELL = 2
    FREE_BUILD = 3
    DISCARD_BUILD = 4
    WAIT = 5
    PAY = 6
    DRAFT = 7  # the Leaders ranges, after the pay actions
    RECRUIT = 8
    LEADER_WONDER = 9
    LEADER_DISCARD = 10
    COPY_LEADER = 11


LEADER_KINDS = (ActionKind.DRAFT, ActionKind.RECRUIT, ActionKind.LEADER_WONDER, ActionKind.LEADER_DISCARD,
                ActionKind.COPY_LEADER)
KIND_NAMES = ("build", "wonder", "sell", "free_build", "discard_build", "wait", "pay",
              "draft", "recruit", "leader_wonder", "leader_discard", "copy_leader")
#: record kinds whose card only its player sees (it lies face down)
HIDDEN_ACTION_KINDS = frozenset({"sell", "wonder", "discard", "draft", "leader_wonder", "leader_discard"})


class IllegalActionError(ValueError):
    """An action that the rules do not allow in this state; the message says why."""


def check_payment_mode(payment: str) -> str:
    """``payment`` if it is a known payment mode, else a ``ValueError`` naming the allowed ones."""
    if not isinstance(payment, str) or payment not in PAYMENT_MODES:
        raise ValueError(f"payment must be one of {PAYMENT_MODES}, got {payment!r}")
    return payment


def num_actions(num_types: int, payment: str = "cheapest", num_leaders: int = 0) -> int:
    """Size of the action space for ``num_types`` card names, a payment mode and ``num_leaders``
    leaders (0: no Leaders)."""
    extra = MAX_TO_ONE_SIDE + 1 if check_payment_mode(payment) == "choose" else 0
    return 5 * num_types + 1 + extra + len(LEADER_KINDS) * num_leaders


def encode_leader_action(kind: ActionKind, leader: int, num_types: int, payment: str, num_leaders: int) -> int:
    """The action id of a Leaders ``kind`` (:data:`LEADER_KINDS`) with leader id ``leader``."""
    if kind not in LEADER_KINDS or not 0 <= leader < num_leaders:
        raise ValueError(f"a leader action needs a kind among {[k.name for k in LEADER_KINDS]} and a leader id "
                         f"in [0, {num_leaders}), got {kind!r}, {leader!r}")
    return num_actions(num_types, payment) + (kind - ActionKind.DRAFT) * num_leaders + leader


def encode_action(kind: ActionKind, value: int, num_types: int) -> int:
    """The action id of ``kind`` with card id ``value`` (for ``PAY``: the coins to the left;
    ignored for ``WAIT``)."""
    if kind == ActionKind.WAIT:
        return 5 * num_types
    if kind == ActionKind.PAY:
        if not 0 <= value <= MAX_TO_ONE_SIDE:
            raise ValueError(f"coins to the left must be in [0, {MAX_TO_ONE_SIDE}], got {value}")
        return 5 * num_types + 1 + value
    if not 0 <= value < num_types:
        raise ValueError(f"card id must be in [0, {num_types}), got {value}")
    return int(kind) * num_types + value


def decode_action(action: int, num_types: int, payment: str = "cheapest", num_leaders: int = 0
                  ) -> tuple[ActionKind, int]:
    """``(kind, value)`` of an action id: the card id (the leader id for the Leaders kinds), the
    coins to the left for ``PAY``, -1 for ``WAIT``."""
    total = num_actions(num_types, payment, num_leaders)
    if not 0 <= action < total:
        raise ValueError(f"action must be an integer in [0, {total}), got {quoted(action)}")
    leaders_from = num_actions(num_types, payment)
    if action >= leaders_from:
        return LEADER_KINDS[(action - leaders_from) // num_leaders], (action - leaders_from) % num_leaders
    if action == 5 * num_types:
        return ActionKind.WAIT, -1
    if action > 5 * num_types:
        return ActionKind.PAY, action - 5 * num_types - 1
    return ActionKind(action // num_types), action % num_types
