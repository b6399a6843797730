"""Agora's decrees and conspiracies' sums (:mod:`wonders_env.duel.agora`, :mod:`wonders_env.duel.costs`):
the controller's decrees, incomes by the Age, the shield that changes hands with control (worked
example), the cheap-resource prices never below 1, the ignored cost symbol against the slow
reference of every payment, Blackmail on an odd treasury (worked example), Embezzlement."""

import random

import pytest

from wonders_env.duel import agora
from wonders_env.duel.cards import BLUE, GREEN, RED, YELLOW, EffectKind, database, parse_effects
from wonders_env.duel.costs import (discounted_prices, payment_options, purchase_cost, symbol_waived_payment,
                                    trade_prices)
from wonders_env.duel.state import new_agora
from wonders_env.deal_rng import DealRng

AGORA = database("1st", ("agora",))
DECREE = {d.name: d.id for d in AGORA.agora.decrees}


def senate_with(*names):
    """A Senate whose chambers 1, 2, ... hold the decrees ``names`` (face up), no cube."""
    senate = new_agora(AGORA, DealRng(0))
    for chamber, name in enumerate(names):
        senate.decrees[chamber] = [DECREE[name]]
    return senate


def test_decrees_help_their_chambers_controller_only():
    senate = senate_with("Discard bonus", "Cheap raw materials", "Yellow discount", "Shared chains",
                         "Conspirator replay", "Wonder discount")
    assert agora.decree_total(AGORA, senate, 0, EffectKind.DISCARD_BONUS) == 0
    for chamber in range(6):
        agora.place_cube(AGORA, senate, 0, chamber)
    assert agora.decree_total(AGORA, senate, 0, EffectKind.DISCARD_BONUS) == 2
    assert agora.decree_total(AGORA, senate, 0, EffectKind.WONDER_DISCOUNT) == 1
    assert agora.decree_bits(AGORA, senate, 0, EffectKind.TRADE_DISCOUNT) == 0b00111
    assert agora.decree_bits(AGORA, senate, 0, EffectKind.IGNORE_COST_SYMBOL) == 1 << YELLOW
    assert agora.has_decree(AGORA, senate, 0, EffectKind.CHAINS_FROM_OPPONENT)
    assert agora.has_decree(AGORA, senate, 0, EffectKind.PLAY_AGAIN_ON_CONSPIRATOR)
    assert not agora.has_decree(AGORA, senate, 1, EffectKind.CHAINS_FROM_OPPONENT)
    assert agora.decree_bits(AGORA, senate, 1, EffectKind.TRADE_DISCOUNT) == 0


@pytest.mark.parametrize("age", [1, 2, 3])
def test_income_decrees_pay_the_age_on_anyones_build(age):
    senate = senate_with("Blue income", "Red income", "Wonder income", "Green income")
    agora.place_cube(AGORA, senate, 1, 0)
    agora.place_cube(AGORA, senate, 1, 2)
    agora.place_cube(AGORA, senate, 0, 1)
    assert agora.build_income(AGORA, senate, BLUE, age) == [0, age]
    assert agora.build_income(AGORA, senate, RED, age) == [age, 0]
    assert agora.build_income(AGORA, senate, GREEN, age) == [0, 0]  # nobody controls chamber 4
    assert agora.wonder_income(AGORA, senate, age) == [0, age]
    senate.decrees[0].append(DECREE["Yellow income"])  # Insider Influence: a second decree
    assert agora.build_income(AGORA, senate, YELLOW, age) == [0, age]


def test_a_chamber_changing_hands_with_the_shield_decree():
    """Worked example: player 0 takes the chamber (pawn 1 toward player 1), player 1 takes it over
    (2 back toward player 0), player 0 ties it (1 toward player 1), nobody holds it after."""
    senate = senate_with("Shield")
    pull = agora.shield_pull(AGORA, senate)
    agora.place_cube(AGORA, senate, 0, 0)
    assert agora.shield_steps(AGORA, pull, senate) == 1
    pull = agora.shield_pull(AGORA, senate)
    agora.place_cube(AGORA, senate, 1, 0)
    agora.place_cube(AGORA, senate, 1, 0)
    assert agora.shield_steps(AGORA, pull, senate) == -2
    pull = agora.shield_pull(AGORA, senate)
    agora.place_cube(AGORA, senate, 0, 0)
    assert agora.shield_steps(AGORA, pull, senate) == 1 and agora.controller(senate, 0) == agora.NOBODY
    pull = agora.shield_pull(AGORA, senate)
    agora.place_cube(AGORA, senate, 0, 1)  # another chamber: no pawn move
    assert agora.shield_steps(AGORA, pull, senate) == 0


def test_the_shield_moves_with_its_decree():
    """Insider Influence carries the shield to a chamber another player controls."""
    senate = senate_with("Shield", "Discard bonus")
    agora.place_cube(AGORA, senate, 0, 0)
    agora.place_cube(AGORA, senate, 1, 1)
    pull = agora.shield_pull(AGORA, senate)
    assert pull == 1
    senate.decrees[1].append(senate.decrees[0].pop())
    assert agora.shield_steps(AGORA, pull, senate) == -2


def test_cheap_resources_cost_one_less_never_below_one():
    prices = trade_prices((0, 2, 0, 1, 0), fixed_price_bits=0b00100)  # stone at 1 (a reserve)
    assert prices == (2, 4, 1, 3, 2)
    assert discounted_prices(prices, 0b00111, 1) == (1, 3, 1, 3, 2)
    assert discounted_prices(prices, 0b11000, 1) == (2, 4, 1, 2, 1)
    assert discounted_prices(prices, 0b11111, 1) == (1, 3, 1, 2, 1)


def test_one_ignored_symbol_against_every_payment():
    """The ignored symbol is the player's cheapest choice: one resource unit, or the printed coins."""
    rng = random.Random(44)
    for _ in range(400):
        cost = [rng.randint(0, 2) for _ in range(5)]
        production = [rng.randint(0, 1) for _ in range(5)]
        choice_bits = rng.choice([[], [0b00111], [0b11000], [0b00111, 0b11000]])
        prices = [rng.randint(1, 5) for _ in range(5)]
        coins, waived = rng.randint(0, 4), rng.choice([0, 0, 2])
        raw = sum(1 for b in choice_bits if b == 0b00111)
        manufactured = len(choice_bits) - raw
        best_unit = min(p.coins for p in payment_options(cost, production, choice_bits, prices, waived + 1))
        best_plain = min(p.coins for p in payment_options(cost, production, choice_bits, prices, waived))
        expected = min(coins + best_unit, best_plain)
        assert symbol_waived_payment(coins, cost, production, raw, manufactured, prices, waived)[0] == expected
        assert best_plain == purchase_cost(cost, production, raw, manufactured, prices, waived)


def test_the_printed_coins_are_one_symbol():
    """A 3-coin card with nothing else to buy costs nothing with its coin symbol ignored."""
    assert symbol_waived_payment(3, (0,) * 5, (0,) * 5, 0, 0, (2,) * 5, 0) == (0, 0)
    assert symbol_waived_payment(1, (0, 0, 1, 0, 0), (0,) * 5, 0, 0, (2, 2, 4, 2, 2), 0) == (1, 0)  # the stone


def test_blackmail_on_an_odd_treasury():
    """Worked example: 7 coins, Blackmail takes 4 (half rounded up) and leaves 3."""
    assert agora.blackmail_coins(7) == 4 and 7 - agora.blackmail_coins(7) == 3
    assert [agora.blackmail_coins(c) for c in (0, 1, 2, 8)] == [0, 1, 1, 4]


def test_embezzlement_by_the_cubes():
    senate = senate_with()
    for chamber in (0, 1, 1, 4):
        agora.place_cube(AGORA, senate, 0, chamber)
    agora.place_cube(AGORA, senate, 1, 3)
    effects = parse_effects("coins_per_own_cube=1;opponent_loses_per_cube=1")
    assert agora.embezzlement_coins(senate, 0, effects) == (4, 1)
    assert agora.embezzlement_coins(senate, 1, effects) == (1, 4)
    assert AGORA.agora.conspiracies[11].effects == effects  # Embezzlement
