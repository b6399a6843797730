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
from typing import NamedTuple
from collections.abc import Sequence


class Supply(NamedTuple):
    """What one neighbour can sell this turn: fixed unit counts per resource and choice masks."""

    fixed: tuple[int, ...]
    choices: tuple[int, ...]


Payment = tuple[int, int]  # coins to the left neighbour, coins to the right neighbour

_CACHE: dict[tuple, tuple[Payment, ...]] = {}
_CACHE_LIMIT = 500_000
NO_PURCHASE: tuple[Payment, ...] = ((0, 0),)


def _price(cheap_mask: int, resource: int) -> int:
    return 1 if cheap_mask >> resource & 1 else 2


def pareto_front(payments: set[Payment]) -> tuple[Payment, ...]:
    """The payments no other payment beats on both sides, sorted by (total, to_left)."""
    front = [p for p in payments
             if not any(q != p and q[0] <= p[0] and q[1] <= p[1] for q in payments)]
    return tuple(sorted(front, key=lambda p: (p[0] + p[1], p[0])))


def payment_options(
    cost: Sequence[tuple[int, int]],
    own_fixed: Sequence[int],
    own_choices: Sequence[int],
    left: Supply,
    right: Supply,
    left_cheap: int,
    right_cheap: int,
) -> tuple[Payment, ...]:
    """Pareto-optimal ``(to_left, to_right)`` payments for a resource ``cost``.

    ``cost`` lists ``(resource, units)`` pairs (see :func:`cost_items`). ``()`` means the cost
    cannot be met at any price; ``((0, 0),)`` that it needs no purchase. ``left_cheap`` and
    ``right_cheap`` are bit masks of resources bought for 1 coin from that side. Coins are not
    checked here: the caller compares the total with the buyer's treasury.
    """
    need = []
    need_mask = 0
    for resource, units in cost:
        missing = units - own_fixed[resource]
        if missing > 0:
            need.append((resource, missing))
            need_mask |= 1 << resource
    if not need_mask:
        return NO_PURCHASE
    left_fixed, left_choices = left
    right_fixed, right_choices = right
    key = (
        tuple(need),
        _useful_choices(own_choices, need_mask) if own_choices else (),
        tuple([left_fixed[r] if left_fixed[r] < k else k for r, k in need]),
        _useful_choices(left_choices, need_mask) if left_choices else (),
        tuple([right_fixed[r] if right_fixed[r] < k else k for r, k in need]),
        _useful_choices(right_choices, need_mask) if right_choices else (),
        left_cheap & need_mask,
        right_cheap & need_mask,
    )
    options = _CACHE.get(key)
    if options is None:
        if len(_CACHE) > _CACHE_LIMIT:
            _CACHE.clear()
        options = _CACHE[key] = _solve(*key)
    return options


def _useful_choices(choices: Sequence[int], need_mask: int) -> tuple[int, ...]:
    """The choice productions that can help, restricted to the needed resources, sorted."""
    useful = [mask & need_mask for mask in choices if mask & need_mask]
    if len(useful) > 1:
        useful.sort()
    return tuple(useful)


def _solve(need, own_choices, left_fixed, left_choices, right_fixed, right_choices,
           left_cheap, right_cheap) -> tuple[Payment, ...]:
    """Pareto set for a reduced key: ``need`` lists ``(resource, units)`` still missing after
    the buyer's fixed production; ``left_fixed``/``right_fixed`` are aligned with ``need``.

    Each choice production (own, left, right) is given one of its resources or none; then, per
    resource, the missing units are split between the left and right supplies in every
    possible way, and the per-resource costs are added up.
    """
    producers = [(mask, 0) for mask in own_choices]
    producers += [(mask, 1) for mask in left_choices]
    producers += [(mask, 2) for mask in right_choices]
    if not producers:
        return pareto_front(_split_costs(need, left_fixed, right_fixed, left_cheap, right_cheap))
    assignments = [[-1] + [r for r, _ in need if mask >> r & 1] for mask, _ in producers]
    results: set[Payment] = set()
    for combo in product(*assignments):
        own = [0] * 7
        left_extra = [0] * 7
        right_extra = [0] * 7
        for (_, side), resource in zip(producers, combo):
            if resource >= 0:
                (own, left_extra, right_extra)[side][resource] += 1
        totals = {(0, 0)}
        for (resource, units), left_units, right_units in zip(need, left_fixed, right_fixed):
            missing = units - own[resource]
            if missing <= 0:
                continue
            from_left = left_units + left_extra[resource]
            from_right = right_units + right_extra[resource]
            if from_left + from_right < missing:
                break
            left_price = _price(left_cheap, resource)
            right_price = _price(right_cheap, resource)
            splits = [(x * left_price, (missing - x) * right_price)
                      for x in range(max(0, missing - from_right), min(missing, from_left) + 1)]
            totals = {(a + c, b + d) for a, b in totals for c, d in splits}
        else:
            results |= totals
    return pareto_front(results)


def _split_costs(need, left_fixed, right_fixed, left_cheap, right_cheap) -> set[Payment]:
    """Every ``(to_left, to_right)`` for buying ``need`` from fixed neighbour units only."""
    totals = {(0, 0)}
    for (resource, missing), from_left, from_right in zip(need, left_fixed, right_fixed):
        if from_left + from_right < missing:
            return set()
        left_price = _price(left_cheap, resource)
        right_price = _price(right_cheap, resource)
        totals = {(a + x * left_price, b + (missing - x) * right_price) for a, b in totals
                  for x in range(max(0, missing - from_right), min(missing, from_left) + 1)}
    return totals


def payment_options_reference(
    cost: Sequence[tuple[int, int]],
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
    for side, (fixed, choices) in ((1, left), (2, right)):
        for resource, count in enumerate(fixed):
            sources += [(1 << resource, side, 0)] * count
        sources += [(mask, side, 0) for mask in choices]
    units = [resource for resource, count in cost for _ in range(count)]
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
