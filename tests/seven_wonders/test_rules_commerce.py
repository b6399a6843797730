"""Commerce: buying resources from the two neighbours (rulebook "Commerce", reference decisions 1-2).

Resource indices: W=0, S=1, C=2, ORE=3, G=4, L=5, P=6. ``rules.buy_options`` returns the Pareto set
of ``(to_left, to_right)``; ``rules.build_payment`` the ``(bank, to_left, to_right)`` paid.
"""

import pytest

from seven_wonders_scenarios import (build, deal, give, give_stages, legal, names, scenario, sell, tid,
                     turn)
from wonders_env.seven_wonders import rules
from wonders_env.seven_wonders.record import game_record

W, S, C, ORE, G, L, P = range(7)


def market():
    """Babylon (clay) at seat 0, Rhodes (ore) on its right, Giza (stone) on its left."""
    state = scenario(["Babylon", "Rhodes", "Giza"])
    assert state.left_of(0) == 2 and state.right_of(0) == 1
    return state


def test_each_unit_costs_two_coins_paid_to_its_owner():
    state = market()
    deal(state, 0, "Barracks")  # ore: only Rhodes (right) has it
    deal(state, 1, "Altar")
    deal(state, 2, "Theater")
    assert rules.build_payment(state, 0, tid("Barracks")) == (0, 0, 2)
    turn(state, {0: build("Barracks"), 1: build("Altar"), 2: build("Theater")})
    assert state.coins == [1, 5, 3]
    paid = [e for e in game_record(state)["actions"] if e["seat"] == 0][-1]["paid"]
    assert paid == {"left": 0, "right": 2, "bank": 0}


def test_cannot_buy_without_enough_coins():
    state = market()
    state.coins[0] = 1
    deal(state, 0, "Barracks")
    assert rules.build_payment(state, 0, tid("Barracks")) is None
    assert not legal(state, 0, build("Barracks"))


def test_resource_nobody_sells_cannot_be_bought():
    state = market()
    state.coins[0] = 20
    assert rules.buy_options(state, 0, ((W, 1),)) == ()
    assert rules.build_payment(state, 0, tid("Stockade")) is None


@pytest.mark.parametrize("post,ore_price,stone_price", [
    (None, (0, 2), (2, 0)),
    ("West Trading Post", (0, 2), (1, 0)),  # West = left neighbour
    ("East Trading Post", (0, 1), (2, 0)),  # East = right neighbour
])
def test_trading_posts_discount_raw_materials_from_one_side(post, ore_price, stone_price):
    state = market()
    if post:
        give(state, 0, post)
    assert rules.buy_options(state, 0, ((ORE, 1),)) == (ore_price,)  # ore only on the right
    assert rules.buy_options(state, 0, ((S, 1),)) == (stone_price,)  # stone only on the left


def test_trading_posts_do_not_discount_manufactured_goods():
    state = market()
    give(state, 0, "West Trading Post", "East Trading Post")
    give(state, 1, "Glassworks")
    give(state, 2, "Loom")
    assert rules.buy_options(state, 0, ((G, 1),)) == ((0, 2),)
    assert rules.buy_options(state, 0, ((L, 1),)) == ((2, 0),)


def test_marketplace_discounts_manufactured_goods_from_both_sides_only():
    state = market()
    give(state, 0, "Marketplace")
    give(state, 1, "Glassworks")
    give(state, 2, "Loom")
    assert rules.buy_options(state, 0, ((G, 1),)) == ((0, 1),)
    assert rules.buy_options(state, 0, ((L, 1),)) == ((1, 0),)
    assert rules.buy_options(state, 0, ((ORE, 1),)) == ((0, 2),)
    assert rules.buy_options(state, 0, ((S, 1),)) == ((2, 0),)


def test_olympia_b_stage_one_discounts_raw_materials_from_both_sides():
    state = scenario(["Olympia", "Rhodes", "Giza"], "B")
    give(state, 1, "Glassworks")
    assert rules.buy_options(state, 0, ((ORE, 1),)) == ((0, 2),)
    assert rules.build_payment(state, 0, tid("Barracks")) == (0, 0, 2)
    give_stages(state, 0, 1)
    assert rules.build_payment(state, 0, tid("Barracks")) == (0, 0, 1)
    assert rules.buy_options(state, 0, ((ORE, 1),)) == ((0, 1),)
    assert rules.buy_options(state, 0, ((S, 1),)) == ((1, 0),)
    assert rules.buy_options(state, 0, ((G, 1),)) == ((0, 2),)  # manufactured: still 2
    give(state, 0, "West Trading Post")  # not cumulative: still 1, never 0
    assert rules.buy_options(state, 0, ((S, 1),)) == ((1, 0),)


def test_one_neighbour_unit_is_sold_once_per_turn():
    state = market()  # Giza (left) makes one stone
    assert rules.buy_options(state, 0, ((S, 1),)) == ((2, 0),)
    assert rules.buy_options(state, 0, ((S, 2),)) == ()
    give(state, 2, "Stone Pit")
    assert rules.buy_options(state, 0, ((S, 2),)) == ((4, 0),)
    give(state, 1, "Stone Pit")
    assert rules.buy_options(state, 0, ((S, 2),)) == ((2, 2), (4, 0))
    assert rules.buy_options(state, 0, ((S, 3),)) == ((4, 2),)


def test_choice_card_sells_either_resource_but_only_one_per_turn():
    state = market()
    give(state, 1, "Timber Yard")  # W|S on the right
    assert rules.buy_options(state, 0, ((W, 1),)) == ((0, 2),)
    assert rules.buy_options(state, 0, ((S, 1),)) == ((0, 2), (2, 0))
    assert rules.buy_options(state, 0, ((W, 2),)) == ()
    # wood and stone: the wood from the Timber Yard, the stone from Giza
    assert rules.buy_options(state, 0, ((W, 1), (S, 1))) == ((2, 2),)


def test_double_card_sells_two_units():
    state = market()
    give(state, 1, "Sawmill")  # W*2
    assert rules.buy_options(state, 0, ((W, 2),)) == ((0, 4),)
    assert rules.buy_options(state, 0, ((W, 3),)) == ()


@pytest.mark.parametrize("card,resource", [("Caravansery", W), ("Caravansery", ORE),
                                           ("Forum", G), ("Forum", P)])
def test_yellow_card_production_cannot_be_bought(card, resource):
    state = scenario(["Babylon", "Halicarnassus", "Giza"])  # clay, textile, stone
    give(state, 1, card)
    assert rules.buy_options(state, 0, ((resource, 1),)) == ()
    assert rules.buy_options(state, 1, ((resource, 1),)) == ((0, 0),)  # the owner uses it


@pytest.mark.parametrize("side,stages,resource", [("A", 2, W), ("A", 2, ORE), ("B", 1, W),
                                                  ("B", 2, L)])
def test_alexandria_stage_production_cannot_be_bought(side, stages, resource):
    state = scenario(["Babylon", "Alexandria", "Giza"], side)
    give_stages(state, 1, stages)
    assert rules.buy_options(state, 1, ((resource, 1),)) == ((0, 0),)
    assert rules.buy_options(state, 0, ((resource, 1),)) == ()


def test_alexandria_starting_glass_can_be_bought():
    state = scenario(["Babylon", "Alexandria", "Giza"])
    assert rules.buy_options(state, 0, ((G, 1),)) == ((0, 2),)


@pytest.mark.parametrize("city,resource", [("Olympia", W), ("Giza", S), ("Babylon", C),
                                           ("Rhodes", ORE), ("Alexandria", G),
                                           ("Halicarnassus", L), ("Ephesus", P)])
def test_starting_resources_can_be_bought(city, resource):
    others = [c for c in ("Olympia", "Giza", "Babylon", "Rhodes", "Alexandria", "Halicarnassus",
                          "Ephesus") if c != city]
    state = scenario([others[0], others[1], city])  # `city` is the buyer's left neighbour
    assert rules.buy_options(state, 0, ((resource, 1),)) == ((2, 0),)


def test_card_built_this_turn_cannot_be_bought_from_until_next_turn():
    state = market()
    deal(state, 0, "Stockade", "Pawnshop")  # needs wood; nobody makes wood yet
    deal(state, 1, "Lumber Yard")
    deal(state, 2, "Altar")
    assert not legal(state, 0, build("Stockade"))
    with pytest.raises(rules.IllegalActionError):
        turn(state, {0: build("Stockade"), 1: build("Lumber Yard"), 2: build("Altar")})
    turn(state, {0: build("Pawnshop"), 1: build("Lumber Yard"), 2: build("Altar")})
    deal(state, 0, "Stockade")
    assert legal(state, 0, build("Stockade"))
    assert rules.build_payment(state, 0, tid("Stockade")) == (0, 0, 2)


def test_purchases_use_the_coins_held_at_the_start_of_the_turn():
    """Her neighbour pays her 2 coins this turn; she had 1 coin, so she cannot buy (2) now."""
    state = market()
    state.coins[0] = 1
    give(state, 0, "Clay Pool")
    deal(state, 0, "Barracks", "Altar")  # ore from Rhodes: 2 coins
    deal(state, 1, "Guard Tower")  # Rhodes buys a clay from Babylon (its left)
    deal(state, 2, "Theater")
    assert not legal(state, 0, build("Barracks"))
    turn(state, {0: build("Altar"), 1: build("Guard Tower"), 2: build("Theater")})
    assert state.coins[0] == 3
    deal(state, 0, "Barracks")
    assert legal(state, 0, build("Barracks"))


def test_simultaneous_payments_both_settle_from_start_of_turn_coins():
    """Two neighbours who buy from each other both pay and both are paid."""
    state = market()
    state.coins = [2, 2, 3]
    deal(state, 0, "Barracks")  # ore from Rhodes (right): 2
    deal(state, 1, "Guard Tower")  # clay from Babylon (left): 2
    deal(state, 2, "Altar")
    turn(state, {0: build("Barracks"), 1: build("Guard Tower"), 2: build("Altar")})
    assert state.coins == [2, 2, 3]
    assert "Barracks" in names(state, state.built[0]) and "Guard Tower" in names(state, state.built[1])


def test_new_discount_applies_from_the_next_turn():
    state = market()
    deal(state, 0, "West Trading Post")
    deal(state, 1, "Altar")
    deal(state, 2, "Theater")
    assert rules.buy_options(state, 0, ((S, 1),)) == ((2, 0),)
    assert rules.build_payment(state, 0, tid("Baths")) == (0, 2, 0)  # (memoised by the engine)
    turn(state, {0: build("West Trading Post"), 1: build("Altar"), 2: build("Theater")})
    assert rules.buy_options(state, 0, ((S, 1),)) == ((1, 0),)
    assert rules.build_payment(state, 0, tid("Baths")) == (0, 1, 0)


def test_every_way_to_pay_is_known_and_the_cheapest_is_paid():
    state = market()
    give(state, 1, "Stone Pit")  # stone on both sides now
    give(state, 0, "East Trading Post")  # stone from the right costs 1
    assert rules.buy_options(state, 0, ((S, 1),)) == ((0, 1), (2, 0))
    assert rules.build_payment(state, 0, tid("Baths")) == (0, 0, 1)


def test_equal_totals_pay_less_to_the_left_neighbour_with_three_or_more_players():
    state = market()
    give(state, 1, "Stone Pit")  # stone on both sides at 2 coins
    assert rules.buy_options(state, 0, ((S, 1),)) == ((0, 2), (2, 0))
    assert rules.build_payment(state, 0, tid("Baths")) == (0, 0, 2)


def test_cheapest_total_beats_paying_less_to_the_left():
    state = market()
    give(state, 1, "Stone Pit")
    give(state, 0, "West Trading Post")  # stone from the left costs 1
    assert rules.build_payment(state, 0, tid("Baths")) == (0, 1, 0)


def test_bank_coin_cost_and_purchases_in_the_record():
    state = market()
    deal(state, 0, "Timber Yard")  # 1 coin to the bank
    deal(state, 1, "Barracks")  # Rhodes makes ore itself
    deal(state, 2, "Stockade")
    state.coins[2] = 3
    give(state, 1, "Lumber Yard")  # Giza buys wood from Rhodes (its left)
    turn(state, {0: build("Timber Yard"), 1: build("Barracks"), 2: build("Stockade")})
    assert state.coins == [2, 5, 1]
    actions = game_record(state)["actions"]
    by_seat = {e["seat"]: e for e in actions if e["turn"] == 1}
    assert by_seat[0]["paid"] == {"left": 0, "right": 0, "bank": 1}
    assert by_seat[1]["paid"] == {"left": 0, "right": 0, "bank": 0}
    assert by_seat[2]["paid"] == {"left": 2, "right": 0, "bank": 0}
    assert state.left_of(2) == 1


def test_selling_a_unit_does_not_stop_its_owner_using_it():
    state = market()
    give(state, 1, "Lumber Yard")
    deal(state, 0, "Stockade")  # buys Rhodes' wood
    deal(state, 1, "Stockade")  # Rhodes uses the same wood
    deal(state, 2, "Altar")
    turn(state, {0: build("Stockade"), 1: build("Stockade"), 2: build("Altar")})
    assert "Stockade" in names(state, state.built[0]) and "Stockade" in names(state, state.built[1])
    assert state.coins[:2] == [1, 5]


def test_sell_is_legal_even_without_coins_or_resources():
    state = market()
    state.coins[0] = 0
    deal(state, 0, "Palace")
    assert not legal(state, 0, build("Palace"))
    assert legal(state, 0, sell("Palace"))


def test_olympia_b_can_still_build_the_trading_posts():
    state = scenario(["Olympia", "Rhodes", "Giza"], "B")
    give_stages(state, 0, 1)
    deal(state, 0, "East Trading Post", "West Trading Post")
    assert legal(state, 0, build("East Trading Post")) and legal(state, 0, build("West Trading Post"))


def test_own_choice_card_gives_one_resource_per_turn():
    state = market()
    give(state, 0, "Timber Yard")  # W|S
    assert rules.buy_options(state, 0, ((W, 1),)) == ((0, 0),)
    assert rules.buy_options(state, 0, ((S, 1),)) == ((0, 0),)
    assert rules.buy_options(state, 0, ((W, 1), (S, 1))) == ((2, 0),)  # the stone from Giza


def test_neighbour_buys_either_resource_of_a_choice_card_whatever_its_owner_uses():
    state = market()
    give(state, 1, "Timber Yard")  # Rhodes: W|S
    deal(state, 0, "Stockade")  # Babylon buys the wood of the Timber Yard
    deal(state, 1, "Baths")  # Rhodes uses the same Timber Yard for stone
    deal(state, 2, "Altar")
    turn(state, {0: build("Stockade"), 1: build("Baths"), 2: build("Altar")})
    assert "Stockade" in names(state, state.built[0]) and "Baths" in names(state, state.built[1])
    assert state.coins == [1, 5, 3]
