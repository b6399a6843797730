"""Commerce: every way a city can pay for a resource cost, buying from its two neighbours.

A buyer covers a cost with, in this order of preference, its own fixed production (always
best), its own choice productions (``W|C`` cards, Caravansery, Forum, Alexandria's stages), and
units bought from the left and right neighbours: their starting resource, brown and grey cards.
Each neighbour unit is bought at most once per turn; a ``W|C`` card sells either resource; a
``*2`` card sells two units. A unit costs 2 coins, or 1 where the buyer has a discount for that
resource and direction (Trading Posts, Marketplace, Olympia B).

:func:`payment_options` returns the Pareto-optimal ``(to_left, to_right)`` coin amounts: every
way to pay that is not beaten on both sides by another. It is exact and cached (the answer
depends only on a small key). :func:`payment_options_reference` is a slow, obviously-correct
enumeration of every unit assignment, used by the tests to check the fast one.
"""

from __future__ import annotations

from itertools import product
from typing import NamedTuple, Sequence


class Supply(NamedTuple):
    """What one neighbour can sell this turn: fixed unit counts per resource and choice masks."""

    fixed: tuple[int, ...]
    choices: tuple[int, ...]


Payment = tuple[int, int]  # coins to the left neighbour, coins to the right neighbour

_CACHE: dict[tuple, tuple[Payment, ...]] = {}
_CACHE_LIMIT = 500_000


def _price(cheap_mask: int, resource: int) -> int:
    return 1 if cheap_mask >> resource & 1 else 2


def pareto_front(payments: set[Payment]) -> tuple[Payment, ...]:
    """The payments no other payment beats on both sides, sorted by (total, to_left)."""
    front = [p for p in payments
             if not any(q != p and q[0] <= p[0] and q[1] <= p[1] for q in payments)]
    return tuple(sorted(front, key=lambda p: (p[0] + p[1], p[0])))


def payment_options(
    cost: Sequence[int],
    own_fixed: Sequence[int],
    own_choices: Sequence[int],
    left: Supply,
    right: Supply,
    left_cheap: int,
    right_cheap: int,
) -> tuple[Payment, ...]:
    """Pareto-optimal ``(to_left, to_right)`` payments for a resource ``cost`` (7 counts).

    ``()`` means the cost cannot be met at any price; ``((0, 0),)`` that it needs no purchase.
    ``left_cheap``/``right_cheap`` are bit masks of resources bought for 1 coin from that side.
    Coins are not checked here: the caller compares the total with the buyer's treasury.
    """
    need = tuple(c - f if c > f else 0 for c, f in zip(cost, own_fixed))
    need_mask = 0
    for resource, count in enumerate(need):
        if count:
            need_mask |= 1 << resource
    if not need_mask:
        return ((0, 0),)
    key = (
        need,
        tuple(sorted(m & need_mask for m in own_choices if m & need_mask)),
        tuple(min(a, b) for a, b in zip(left.fixed, need)),
        tuple(sorted(m & need_mask for m in left.choices if m & need_mask)),
        tuple(min(a, b) for a, b in zip(right.fixed, need)),
        tuple(sorted(m & need_mask for m in right.choices if m & need_mask)),
        left_cheap & need_mask,
        right_cheap & need_mask,
    )
    options = _CACHE.get(key)
    if options is None:
        if len(_CACHE) > _CACHE_LIMIT:
            _CACHE.clear()
        options = _CACHE[key] = _solve(*key)
    return options


def _solve(need, own_choices, left_fixed, left_choices, right_fixed, right_choices,
           left_cheap, right_cheap) -> tuple[Payment, ...]:
    units = [resource for resource, count in enumerate(need) for _ in range(count)]
    # Sources, in a fixed order so that identical units take non-decreasing sources (no
    # permutations): own choices, left fixed, right fixed, left choices, right choices.
    n_own = len(own_choices)
    left_fixed_source = n_own
    right_fixed_source = n_own + 1
    choice_sources = [(mask, 0, 0) for mask in own_choices]
    choice_sources += [(0, 0, 0), (0, 0, 0)]  # placeholders for the two fixed sources
    choice_sources += [(mask, 1, 0) for mask in left_choices]
    choice_sources += [(mask, 0, 1) for mask in right_choices]
    used = [False] * len(choice_sources)
    left_left = list(left_fixed)
    right_left = list(right_fixed)
    results: set[Payment] = set()

    def assign(i: int, to_left: int, to_right: int, previous: int) -> None:
        if i == len(units):
            results.add((to_left, to_right))
            return
        resource = units[i]
        start = previous if i and units[i - 1] == resource else 0
        for source in range(start, len(choice_sources)):
            if source == left_fixed_source:
                if left_left[resource]:
                    left_left[resource] -= 1
                    assign(i + 1, to_left + _price(left_cheap, resource), to_right, source)
                    left_left[resource] += 1
                continue
            if source == right_fixed_source:
                if right_left[resource]:
                    right_left[resource] -= 1
                    assign(i + 1, to_left, to_right + _price(right_cheap, resource), source)
                    right_left[resource] += 1
                continue
            mask, from_left, from_right = choice_sources[source]
            if used[source] or not mask >> resource & 1:
                continue
            used[source] = True
            assign(i + 1,
                   to_left + (_price(left_cheap, resource) if from_left else 0),
                   to_right + (_price(right_cheap, resource) if from_right else 0),
                   source)
            used[source] = False

    assign(0, 0, 0, 0)
    return pareto_front(results)


def payment_options_reference(
    cost: Sequence[int],
    own_fixed: Sequence[int],
    own_choices: Sequence[int],
    left: Supply,
    right: Supply,
    left_cheap: int,
    right_cheap: int,
) -> tuple[Payment, ...]:
    """Slow reference: try every assignment of every cost unit to every single source unit."""
    sources: list[tuple[int, int, int]] = []  # (mask, side: 0 own / 1 left / 2 right, -)
    for resource, count in enumerate(own_fixed):
        sources += [(1 << resource, 0, 0)] * count
    sources += [(mask, 0, 0) for mask in own_choices]
    for side, supply in ((1, left), (2, right)):
        for resource, count in enumerate(supply.fixed):
            sources += [(1 << resource, side, 0)] * count
        sources += [(mask, side, 0) for mask in supply.choices]
    units = [resource for resource, count in enumerate(cost) for _ in range(count)]
    results: set[Payment] = set()
    for assignment in product(range(len(sources)), repeat=len(units)):
        if len(set(assignment)) < len(assignment):
            continue
        to_left = to_right = 0
        for resource, source in zip(units, assignment):
            mask, side, _ = sources[source]
            if not mask >> resource & 1:
                break
            if side == 1:
                to_left += _price(left_cheap, resource)
            elif side == 2:
                to_right += _price(right_cheap, resource)
        else:
            results.add((to_left, to_right))
    return pareto_front(results)
