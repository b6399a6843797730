"""The fast commerce solver agrees with the brute-force reference on random markets."""

import numpy as np
import pytest

from wonders_env.seven_wonders.cards import cost_items
from wonders_env.seven_wonders.costs import pareto_front, payment_options, payment_options_reference


def random_supply(rng, max_choices):
    fixed = [int(x) for x in rng.integers(0, 2, 7) * rng.integers(0, 3, 7)]
    choices = [int(rng.integers(1, 128)) & int(rng.integers(1, 128)) or 1
               for _ in range(rng.integers(0, max_choices + 1))]
    return fixed, choices


@pytest.mark.parametrize("seed", range(4))
def test_fast_solver_matches_reference(seed):
    rng = np.random.default_rng(seed)
    several = 0
    for _ in range(250):
        cost = [0] * 7
        for _ in range(rng.integers(1, 5)):
            cost[rng.integers(7)] += 1
        own_fixed, own_choices = random_supply(rng, 2)
        args = (cost_items(cost), own_fixed, own_choices, random_supply(rng, 2), random_supply(rng, 2),
                int(rng.integers(128)), int(rng.integers(128)))
        fast = payment_options(*args)
        assert fast == payment_options_reference(*args), args
        several += len(fast) > 1
    assert several > 20  # the random markets do produce real choices between neighbours


def test_own_production_needs_no_purchase():
    assert payment_options(cost_items([1, 0, 0, 0, 0, 0, 0]), [1, 0, 0, 0, 0, 0, 0], [],
                           ([0] * 7, []), ([0] * 7, []), 0, 0) == ((0, 0),)


def test_impossible_cost_has_no_option():
    assert payment_options(cost_items([0, 0, 0, 0, 2, 0, 0]), [0] * 7, [],
                           ([0, 0, 0, 0, 1, 0, 0], []), ([0] * 7, []), 0, 0) == ()


def test_every_pareto_way_is_listed():
    # one glass needed, both neighbours sell it; the left one with a discount
    options = payment_options(cost_items([0, 0, 0, 0, 2, 0, 0]), [0] * 7, [],
                              ([0, 0, 0, 0, 1, 0, 0], []), ([0, 0, 0, 0, 2, 0, 0], []), 0b0010000, 0)
    assert options == ((1, 2), (0, 4))


def test_choice_card_sells_either_resource_but_once():
    wood_or_clay = 0b0000101
    cost = cost_items([1, 0, 1, 0, 0, 0, 0])
    assert payment_options(cost, [0] * 7, [], ([0] * 7, [wood_or_clay]), ([0] * 7, []), 0, 0) == ()
    assert payment_options(cost, [0] * 7, [], ([0] * 7, [wood_or_clay]), ([0] * 7, [wood_or_clay]), 0, 0) == ((2, 2),)


def test_pareto_front_sorts_by_total_then_left():
    assert pareto_front({(2, 2), (0, 4), (4, 0), (3, 3), (1, 4)}) == ((0, 4), (2, 2), (4, 0))
