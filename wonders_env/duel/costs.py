"""What a construction costs in 7 Wonders Duel: pure functions, no game state.

A player pays a card's printed coins, plus, for each resource unit their city does not produce,
the bank's price: ``2 + the units of that resource on the opponent's brown and grey cards``, or
1 coin with a matching ``trade_fixed`` card (Stone/Clay/Wood Reserve, Customs House). Cities
produce fixed units (brown and grey cards) and "one of" units (Forum, Caravansery, the Great
Lighthouse, Piraeus: one unit per construction, never counted in the opponent's prices). Masonry
(blue cards) and Architecture (wonders) waive 2 units. Agora's decrees lower the bank's price of
some resources (:func:`discounted_prices`) and let a card ignore one cost symbol
(:func:`symbol_waived_payment`). The player always takes the cheapest way;
:func:`purchase_cost` computes it fast, :func:`payment_options` lists every way (the slow
reference the tests compare it with).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, product
from collections.abc import Sequence

from .cards import MANUFACTURED_GOODS, RAW_MATERIALS, RESOURCES

BASE_PRICE = 2
FIXED_PRICE = 1


def trade_prices(opponent_production: Sequence[int], fixed_price_bits: int) -> tuple[int, ...]:
    """The bank's price of one unit of each resource for a player.

    ``opponent_production``: units per resource on the opponent's brown and grey cards;
    ``fixed_price_bits``: resources (bit per RESOURCES index) the player buys at 1 coin.
    """
    return tuple(FIXED_PRICE if fixed_price_bits >> r & 1 else BASE_PRICE + opponent_production[r]
                 for r in range(len(RESOURCES)))


def discounted_prices(prices: Sequence[int], discount_bits: int, min_price: int) -> tuple[int, ...]:
    """Agora's cheap-resource decrees: the bank's ``prices`` of the resources of ``discount_bits``
    (bit per RESOURCES index) 1 coin lower, never below ``min_price``."""
    return tuple(max(price - 1, min_price) if discount_bits >> r & 1 else price for r, price in enumerate(prices))


def symbol_waived_payment(coin_cost: int, cost: Sequence[int], production: Sequence[int], raw_choices: int,
                          manufactured_choices: int, prices: Sequence[int], waived: int) -> tuple[int, int]:
    """Agora's discount decrees: (what a card costs with one cost symbol ignored, the part of it paid
    for resources), the player's choice of one resource unit (one more ``waived``) or the printed
    coins, on the cheaper way (on a tie, the one paying less for resources: less to Economy's
    owner). *Decision of the project*: the printed coins are one symbol whatever their number (the
    card shows one coin)."""
    resources = (cost, production, raw_choices, manufactured_choices, prices)
    fewer, plain = purchase_cost(*resources, waived + 1), purchase_cost(*resources, waived)
    return min((coin_cost + fewer, fewer), (plain, plain))


def purchase_cost(cost: Sequence[int], production: Sequence[int], raw_choices: int,
                  manufactured_choices: int, prices: Sequence[int], waived: int) -> int:
    """Coins paid to the bank for the resources of ``cost`` on the cheapest way.

    ``production``: fixed units per resource; ``raw_choices`` / ``manufactured_choices``: how
    many "one raw material" / "one manufactured good" producers the city has; ``waived``: units
    the player need not provide (Masonry, Architecture). Each choice producer covers the dearest
    missing unit of its kind, then the ``waived`` dearest units left are dropped.
    """
    raw: list[int] = []
    for r in RAW_MATERIALS:
        missing = cost[r] - production[r]
        if missing > 0:
            raw += [prices[r]] * missing
    manufactured: list[int] = []
    for r in MANUFACTURED_GOODS:
        missing = cost[r] - production[r]
        if missing > 0:
            manufactured += [prices[r]] * missing
    if raw_choices and raw:
        raw.sort(reverse=True)
        del raw[:raw_choices]
    if manufactured_choices and manufactured:
        manufactured.sort(reverse=True)
        del manufactured[:manufactured_choices]
    rest = raw + manufactured
    if waived and rest:
        rest.sort(reverse=True)
        del rest[:waived]
    return sum(rest)


@dataclass(frozen=True)
class Payment:
    """One way to pay: what each choice producer supplies, which units are waived, the coins."""

    choice_supplies: tuple[int, ...]  # resource index per choice producer, in the given order
    waived_units: tuple[int, ...]  # resource index of each waived unit
    coins: int  # paid to the bank for the units still missing


def payment_options(cost: Sequence[int], production: Sequence[int], choice_bits: Sequence[int],
                    prices: Sequence[int], waived: int) -> list[Payment]:
    """Every way to cover ``cost``: each choice producer (``choice_bits``: the resources it may
    supply) supplies one resource it offers, then up to ``waived`` of the still missing units
    are waived, the rest bought. Slow and exhaustive."""
    options = []
    choices = [[r for r in range(len(RESOURCES)) if bits >> r & 1] for bits in choice_bits]
    for supplies in product(*choices):
        missing = [max(0, cost[r] - production[r] - supplies.count(r)) for r in range(len(RESOURCES))]
        units = [r for r in range(len(RESOURCES)) for _ in range(missing[r])]
        for waived_units in set(combinations(units, min(waived, len(units)))):
            bought = list(units)
            for r in waived_units:
                bought.remove(r)
            options.append(Payment(tuple(supplies), waived_units, sum(prices[r] for r in bought)))
    return options
