"""Construction costs: trading prices, production, choice producers, discounts, Economy."""

import numpy as np
import pytest
from duel_scenarios import give, give_token, on_top, play, scenario

from wonders_env.duel.cards import (CARD_IDS, CLAY, GLASS, MANUFACTURED_BITS, PAPYRUS, RAW_BITS,
                                    STONE, WONDER_IDS, WOOD)
from wonders_env.duel.costs import payment_options, purchase_cost, trade_prices
from wonders_env.duel.rules import build_cost, trade_price_list, wonder_cost


def test_trade_price_is_two_plus_the_opponents_brown_and_grey_units():
    assert trade_prices((0, 1, 2, 0, 3), 0) == (2, 3, 4, 2, 5)
    assert trade_prices((0, 1, 2, 0, 3), 1 << STONE | 1 << PAPYRUS) == (2, 3, 1, 2, 1)


@pytest.mark.parametrize("card", ["Caravansery", "Forum"])
def test_choice_producers_do_not_raise_the_opponents_prices(card):
    state = scenario(age=2)
    give(state, 1, card)
    assert trade_price_list(state, 0) == (2, 2, 2, 2, 2)


@pytest.mark.parametrize("wonder", ["The Great Lighthouse", "Piraeus"])
def test_wonder_production_does_not_raise_the_opponents_prices(wonder):
    state = scenario(age=1)
    state.wonder_built[WONDER_IDS[wonder]] = True
    assert trade_price_list(state, 1) == (2, 2, 2, 2, 2)


def test_yellow_reserves_fix_the_price_at_one_whatever_the_opponent_produces():
    for card, resource in (("Stone Reserve", STONE), ("Clay Reserve", CLAY), ("Wood Reserve", WOOD)):
        state = scenario(age=2)
        give(state, 1, "Shelf Quarry", "Brickyard", "Sawmill")
        assert trade_price_list(state, 0)[resource] == 4
        give(state, 0, card)
        assert trade_price_list(state, 0)[resource] == 1
        assert sorted(trade_price_list(state, 0)) == [1, 2, 2, 4, 4]
    state = scenario(age=2)
    give(state, 1, "Glassworks", "Glassblower", "Press")
    give(state, 0, "Customs House")
    assert trade_price_list(state, 0)[GLASS] == 1 and trade_price_list(state, 0)[PAPYRUS] == 1


def test_caravansery_and_forum_supply_one_unit_each_construction():
    state = scenario(age=3)
    give(state, 0, "Caravansery", "Forum")
    # Palace W C S G G: the Caravansery covers one raw unit, the Forum one glass: W/C/S 2 + G 2 = 6 -> 4
    assert build_cost(state, 0, CARD_IDS["Palace"]) == 6
    give(state, 1, "Glassworks")  # glass now costs 3: the Forum covers a glass
    assert build_cost(state, 0, CARD_IDS["Palace"]) == 2 + 2 + 3


def test_great_lighthouse_covers_the_dearest_raw_unit():
    state = scenario(age=3)
    give(state, 1, "Shelf Quarry")  # stone costs 4
    assert build_cost(state, 0, CARD_IDS["Town Hall"]) == 2 * 2 + 3 * 4  # W W S S S
    state.wonder_built[WONDER_IDS["The Great Lighthouse"]] = True
    state.raw_choices[0] += 1
    state.clear_caches()
    assert build_cost(state, 0, CARD_IDS["Town Hall"]) == 2 * 2 + 2 * 4


def test_masonry_waives_the_two_dearest_units_of_blue_cards_only():
    state = scenario(age=3)
    give(state, 1, "Glassworks", "Glassblower")  # glass costs 4
    give_token(state, 0, "Masonry")
    # Palace W C S G G: the two glasses (4 each) are waived, W C S bought at 2
    assert build_cost(state, 0, CARD_IDS["Palace"]) == 6
    assert build_cost(state, 0, CARD_IDS["Academy"]) == 2 + 2 + 4 + 4  # green: no discount
    assert build_cost(state, 0, CARD_IDS["Obelisk"]) == 2  # S S G: the glass and a stone waived


def test_architecture_waives_the_two_dearest_units_of_wonders():
    state = scenario(age=1)
    give(state, 1, "Clay Pool", "Clay Pit")  # clay costs 4
    assert wonder_cost(state, 0, WONDER_IDS["The Colossus"]) == 3 * 4 + 2  # C C C G
    give_token(state, 0, "Architecture")
    assert wonder_cost(state, 0, WONDER_IDS["The Colossus"]) == 4 + 2


def test_masonry_after_own_production_waives_only_what_is_missing():
    state = scenario(age=2)
    give_token(state, 0, "Masonry")
    give(state, 0, "Quarry")
    assert build_cost(state, 0, CARD_IDS["Aqueduct"]) == 0  # S S S: one produced, two waived


def test_economy_gets_trade_payments_not_printed_coin_costs():
    state = scenario(age=2, coins=(10, 0))
    give_token(state, 1, "Economy")
    on_top(state, "Caravansery")
    play(state, "build", "Caravansery")  # 2 printed coins + glass 2 + papyrus 2
    assert state.coins == [4, 4]


def test_economy_owner_receives_nothing_when_the_opponent_needs_no_trade():
    state = scenario(age=2, coins=(10, 0))
    give_token(state, 1, "Economy")
    on_top(state, "Sawmill")
    play(state, "build", "Sawmill")
    assert state.coins == [8, 0]


def test_own_wonder_payments_also_go_to_the_economy_owner():
    state = scenario(age=1, coins=(8, 0))
    give_token(state, 1, "Economy")
    on_top(state, "Lumber Yard")
    play(state, "wonder", "Lumber Yard", "The Pyramids")  # S S S P at 2 each
    assert state.coins == [0, 8]


def test_cheapest_payment_equals_the_minimum_over_every_way_to_pay():
    rng = np.random.default_rng(0)
    for _ in range(3000):
        cost = rng.integers(0, 3, 5)
        production = rng.integers(0, 2, 5)
        prices = rng.integers(1, 6, 5)
        choices = [RAW_BITS] * int(rng.integers(0, 3)) + [MANUFACTURED_BITS] * int(rng.integers(0, 3))
        waived = int(rng.choice([0, 2]))
        fast = purchase_cost(cost, production, choices.count(RAW_BITS), choices.count(MANUFACTURED_BITS),
                             prices, waived)
        options = payment_options(cost, production, choices, prices, waived)
        assert fast == min(option.coins for option in options)


def test_payment_options_list_each_way():
    options = payment_options((0, 0, 1, 1, 0), (0, 0, 0, 0, 0), [RAW_BITS], (2, 2, 3, 2, 2), 0)
    by_supply = {option.choice_supplies: option.coins for option in options}
    assert by_supply == {(WOOD,): 5, (CLAY,): 5, (STONE,): 2}
