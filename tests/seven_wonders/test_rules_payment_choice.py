"""Choosing whom to pay (``payment="choose"``): rulebook "Commerce" (the buyer chooses the
neighbour), the 2-player variant (the Free City's controller chooses for it), and the
simultaneous rule (every payment of a turn is decided on the state at the turn's start).

Market: Babylon (clay) at seat 0, Rhodes (ore) on its right (seat 1), Giza (stone) on its left
(seat 2). ``pay(L)`` pays ``L`` coins to the left neighbour and the rest to the right.
"""

import json

import numpy as np
import pytest

from seven_wonders_scenarios import (N, at_last_turn, build, card, deal, give, give_stages, legal_set,
                                     pay, scenario, sell, tid, turn)
from wonders_env.seven_wonders import rules
from wonders_env.seven_wonders.actions import MAX_TO_ONE_SIDE, ActionKind, decode_action, encode_action, num_actions
from wonders_env.seven_wonders.cards import database
from wonders_env.seven_wonders.observation import Observer
from wonders_env.seven_wonders.record import game_record
from wonders_env.seven_wonders.state import Phase

WAIT = encode_action(ActionKind.WAIT, 0, N)
FREE_CITY = 2


def market(payment="choose"):
    state = scenario(["Babylon", "Rhodes", "Giza"], payment=payment)
    assert state.left_of(0) == 2 and state.right_of(0) == 1
    return state


def last_entry(state, seat):
    return [e for e in state.log if e["seat"] == seat][-1]


# ---------------------------------------------------------------- the actions
@pytest.mark.parametrize("edition, cheapest, choose", [("1st", 376, 391), ("2nd", 386, 401)])
def test_choose_appends_fifteen_pay_actions_after_wait(edition, cheapest, choose):
    types = database(edition).num_types
    assert num_actions(types) == num_actions(types, "cheapest") == cheapest
    assert num_actions(types, "choose") == choose
    for to_left in range(MAX_TO_ONE_SIDE + 1):
        action = encode_action(ActionKind.PAY, to_left, types)
        assert action == 5 * types + 1 + to_left
        assert decode_action(action, types, "choose") == (ActionKind.PAY, to_left)
    with pytest.raises(ValueError, match=r"action must be an integer in \[0, 376\)"):
        decode_action(5 * 75 + 1, 75)
    with pytest.raises(ValueError, match="payment must be one of"):
        num_actions(types, "cheap")


@pytest.mark.parametrize("edition", ["1st", "2nd"])
def test_no_cost_has_more_than_seven_units(edition):
    """``pay L`` stops at 14: 7 units at 2 coins, the most any cost can send to one side."""
    db = database(edition)
    costs = [t.resource_cost for t in db.types]
    costs += [stage.resource_cost for board in db.wonders.values() for stage in board.stages]
    assert max(sum(cost) for cost in costs) * 2 == MAX_TO_ONE_SIDE


def wood_market(payment="choose"):
    """Wood on both sides, 1 coin on the right (East Trading Post), 2 on the left; Babylon holds
    a Stockade (one wood), the others free blue cards."""
    state = market(payment)
    give(state, 0, "East Trading Post")
    give(state, 1, "Lumber Yard")
    give(state, 2, "Lumber Yard")
    deal(state, 0, "Stockade")
    deal(state, 1, "Altar")
    deal(state, 2, "Theater")
    return state


def build_stockade(state):
    turn(state, {0: build("Stockade"), 1: build("Altar"), 2: build("Theater")})


# ---------------------------------------------------------------- choosing the neighbour
def test_trading_post_makes_the_neighbours_prices_differ_and_the_buyer_may_pay_the_dearer():
    for to_left, coins in ((0, [2, 4, 3]), (2, [1, 3, 5])):
        state = wood_market()
        assert rules.buy_options(state, 0, ((0, 1),)) == ((0, 1), (2, 0))
        build_stockade(state)
        assert state.phase == Phase.PAYMENT
        assert legal_set(state, 0) == {pay(0), pay(2)}
        turn(state, {0: pay(to_left), 1: pay(0), 2: pay(0)})
        assert state.coins == coins
        assert last_entry(state, 0)["paid"] == {"left": to_left, "right": 1 - to_left // 2, "bank": 0}


def test_cheapest_pays_the_cheaper_neighbour_in_the_same_scenario():
    state = wood_market("cheapest")
    build_stockade(state)
    assert state.phase == Phase.MAIN and state.turn == 2  # no payment decision
    assert state.coins == [2, 4, 3]


def test_marketplace_equal_prices_the_buyer_chooses_the_side():
    state = market()
    give(state, 0, "Marketplace")
    give(state, 1, "Glassworks")
    give(state, 2, "Glassworks")
    deal(state, 0, "Workshop")  # costs one glass, 1 coin from either side
    deal(state, 1, "Altar")
    deal(state, 2, "Theater")
    turn(state, {0: build("Workshop"), 1: build("Altar"), 2: build("Theater")})
    assert legal_set(state, 0) == {pay(0), pay(1)}
    turn(state, {0: pay(1), 1: pay(0), 2: pay(0)})
    assert state.coins == [2, 3, 4]  # the cheapest way would have paid the right neighbour
    assert last_entry(state, 0)["paid_to"] == [{"seat": 2, "agent": "player_2", "coins": 1}]


def test_a_split_purchase_pays_both_neighbours_and_the_record_says_who_got_what():
    state = market()
    state.coins[0] = 10
    give(state, 1, "Sawmill")  # WW on both sides, Rhodes also sells its ore
    give(state, 2, "Sawmill")
    deal(state, 0, "Archery Range")  # W W O
    deal(state, 1, "Altar")
    deal(state, 2, "Theater")
    turn(state, {0: build("Archery Range"), 1: build("Altar"), 2: build("Theater")})
    assert legal_set(state, 0) == {pay(0), pay(2), pay(4)}
    turn(state, {0: pay(2), 1: pay(0), 2: pay(0)})
    assert state.coins == [4, 7, 5]
    assert last_entry(state, 0)["paid"] == {"left": 2, "right": 4, "bank": 0}
    assert last_entry(state, 0)["paid_to"] == [{"seat": 2, "agent": "player_2", "coins": 2},
                                               {"seat": 1, "agent": "player_1", "coins": 4}]


def test_only_affordable_ways_are_legal_and_the_bank_cost_counts():
    state = market()
    state.coins[0] = 2
    give(state, 0, "East Trading Post")
    give(state, 1, "Lumber Yard", "Stone Pit")
    give(state, 2, "Lumber Yard", "Stone Pit")
    deal(state, 0, "Stockade")
    deal(state, 1, "Altar")
    deal(state, 2, "Theater")
    turn(state, {0: build("Stockade"), 1: build("Altar"), 2: build("Theater")})
    assert legal_set(state, 0) == {pay(0), pay(2)}
    state.coins[0] = 1  # by hand: only the 1-coin way is affordable now
    state.clear_caches()
    assert legal_set(state, 0) == {pay(0)}
    with pytest.raises(rules.IllegalActionError, match=r"illegal action .*pay 2 to the left.* legal actions: .*pay 0"):
        rules.apply_actions(state, {0: pay(2), 1: pay(0), 2: pay(0)})
    assert state.phase == Phase.PAYMENT and state.payments == {}


def test_every_player_of_the_turn_pays_even_a_seller_so_the_phase_reveals_nothing():
    state = market()
    deal(state, 0, "Altar")
    deal(state, 1, "Loom")
    deal(state, 2, "Theater")
    turn(state, {0: build("Altar"), 1: sell("Loom"), 2: build("Theater")})
    assert state.phase == Phase.PAYMENT
    assert rules.acting_seats(state) == [0, 1, 2]
    assert all(legal_set(state, seat) == {pay(0)} for seat in range(3))
    turn(state, {0: pay(0), 1: pay(0), 2: pay(0)})
    assert state.phase == Phase.MAIN and state.turn == 2 and state.coins == [3, 6, 3]


# ---------------------------------------------------------------- the simultaneous rule
def test_two_players_buy_the_same_unit_from_the_same_neighbour_in_one_turn():
    for payment in ("cheapest", "choose"):
        state = market(payment)
        give(state, 1, "Lumber Yard")  # Rhodes: the only wood on the table
        deal(state, 0, "Stockade")  # buys Rhodes' wood from its right
        deal(state, 1, "Loom")
        deal(state, 2, "Stockade")  # buys the same wood from its left
        turn(state, {0: build("Stockade"), 1: sell("Loom"), 2: build("Stockade")})
        if payment == "choose":
            assert legal_set(state, 0) == {pay(0)} and legal_set(state, 2) == {pay(2)}
            turn(state, {0: pay(0), 1: pay(0), 2: pay(2)})
        assert state.coins == [1, 10, 1]
        assert last_entry(state, 0)["paid_to"] == [{"seat": 1, "agent": "player_1", "coins": 2}]
        assert last_entry(state, 2)["paid_to"] == [{"seat": 1, "agent": "player_1", "coins": 2}]


def test_payments_are_decided_on_the_state_at_the_start_of_the_turn():
    state = market()
    give(state, 1, "Lumber Yard")
    state.coins[2] = 0
    deal(state, 0, "Stockade")
    deal(state, 1, "Loom")
    deal(state, 2, "Lumber Yard")  # Giza's wood arrives only when the turn resolves
    turn(state, {0: build("Stockade"), 1: sell("Loom"), 2: build("Lumber Yard")})
    assert legal_set(state, 0) == {pay(0)}  # only Rhodes' wood, on the right
    turn(state, {0: pay(0), 1: pay(0), 2: pay(0)})
    assert state.coins == [1, 8, 0]


# ---------------------------------------------------------------- the Free City
def free_city_game(holder=1, wood=(0, 1)):
    """Babylon (0) and Rhodes (1), Giza the Free City (2): left_of(2) == 1, right_of(2) == 0.
    The seats in ``wood`` have a Lumber Yard; the Free City buys wood from seat 0 for 1."""
    state = scenario(["Babylon", "Rhodes", "Giza"], num_players=2, payment="choose")
    state.free_city_holder = holder
    state.free_city_pile = [card(state, name) for name in ("Tavern", "Loom", "Press")]
    for seat in wood:
        give(state, seat, "Lumber Yard")
    give(state, FREE_CITY, "East Trading Post")
    state.clear_caches()
    return state


@pytest.mark.parametrize("to_left, coins", [(2, [3, 5, 1]), (0, [4, 3, 2])])
def test_free_city_controller_chooses_to_buy_from_himself_or_from_the_opponent(to_left, coins):
    state = free_city_game(holder=1)
    deal(state, 0, "Altar")
    deal(state, 1, "Pawnshop", "Stockade")
    turn(state, {0: build("Altar"), 1: build("Pawnshop")})
    turn(state, {1: build("Stockade")})  # the holder picks the Free City's card
    assert state.phase == Phase.PAYMENT and rules.acting_seats(state) == [0, 1]
    assert rules.acting_city(state, 1) == 1  # first his own move
    turn(state, {0: pay(0), 1: pay(0)})
    assert rules.acting_seats(state) == [1] and rules.acting_city(state, 1) == FREE_CITY
    assert legal_set(state, 0) == {WAIT}
    assert legal_set(state, 1) == {pay(0), pay(2)}  # 1 coin to player_0, or 2 to himself
    turn(state, {1: pay(to_left)})
    assert state.coins == coins
    entry = last_entry(state, FREE_CITY)
    assert entry["agent"] == "player_1"  # who decided
    receiver, paid = (1, 2) if to_left else (0, 1)
    assert entry["paid_to"] == [{"seat": receiver, "agent": f"player_{receiver}", "coins": paid}]


def test_a_player_may_pay_the_free_city_or_the_opponent():
    state = free_city_game(holder=1, wood=(1, FREE_CITY))
    deal(state, 0, "Stockade")  # left: the Free City, right: player_1
    deal(state, 1, "Pawnshop", "Tavern")
    turn(state, {0: build("Stockade"), 1: build("Pawnshop")})
    turn(state, {1: build("Tavern")})
    assert legal_set(state, 0) == {pay(0), pay(2)}
    turn(state, {0: pay(0), 1: pay(0)})
    turn(state, {1: pay(0)})
    assert state.coins[:2] == [1, 5]  # player_0 chose to pay his opponent
    assert last_entry(state, 0)["paid_to"] == [{"seat": 1, "agent": "player_1", "coins": 2}]


def test_observations_hide_the_other_players_pending_cards_and_payments():
    state = free_city_game(holder=1, wood=(1, FREE_CITY))
    observer = Observer(state.db, "choose")
    deal(state, 0, "Stockade", "Altar")
    deal(state, 1, "Pawnshop", "Tavern", "Baths")
    turn(state, {0: build("Stockade"), 1: build("Pawnshop")})
    turn(state, {1: build("Tavern")})
    turn(state, {0: pay(2), 1: pay(0)})  # player_1 now pays for the Free City
    seen = {seat: observer.encode(state, seat) for seat in (0, 1)}
    twin = state.clone()
    twin.pending[0] = sell("Stockade")
    twin.payments[0] = (0, 0, 0)
    assert np.array_equal(observer.encode(twin, 1), seen[1])  # player_0's card and payment unseen
    twin = state.clone()
    twin.pending[1] = sell("Pawnshop")
    twin.pending[FREE_CITY] = sell("Tavern")
    twin.memo = {}
    assert np.array_equal(observer.encode(twin, 0), seen[0])


def test_observation_of_the_payment_decision():
    state = wood_market()
    observer = Observer(state.db, "choose")
    views = observer.views
    before = observer.encode(state, 0)
    assert before[views["paying"]][0] == 0 and (before[views["option_right"]] == -1).all()
    build_stockade(state)
    obs = observer.encode(state, 0)
    assert obs[views["phase"]].sum() == 0 and obs[views["paying"]][0] == 1
    assert np.flatnonzero(obs[views["paying_for"]]).tolist() == [tid("Stockade")]
    assert obs[views["paying_kind"]].tolist() == [1, 0, 0]
    expected = np.full(MAX_TO_ONE_SIDE + 1, -1.0)
    expected[0], expected[2] = 1, 0  # pay 0 left: 1 right; pay 2 left: 0 right
    assert obs[views["option_right"]].tolist() == expected.tolist()


# ---------------------------------------------------------------- Babylon's 7th card
def test_babylon_chooses_whom_to_pay_for_its_seventh_card():
    state = scenario(["Babylon", "Rhodes", "Giza"], "B", payment="choose")
    give_stages(state, 0, 2)
    give(state, 1, "Lumber Yard")
    give(state, 2, "Lumber Yard")
    at_last_turn(state, 1)
    deal(state, 0, "Pawnshop", "Stockade")
    deal(state, 1, "Altar", "Loom")
    deal(state, 2, "Theater", "Press")
    turn(state, {0: build("Pawnshop"), 1: build("Altar"), 2: build("Theater")})
    turn(state, {0: pay(0), 1: pay(0), 2: pay(0)})
    assert state.phase == Phase.SEVENTH_CARD
    observer = Observer(state.db, "choose")
    assert observer.encode(state, 0)[observer.views["turn"]][0] == 7
    turn(state, {0: build("Stockade")})
    assert state.phase == Phase.PAYMENT and rules.acting_seats(state) == [0]
    assert observer.encode(state, 0)[observer.views["turn"]][0] == 7
    assert legal_set(state, 0) == {pay(0), pay(2)}
    turn(state, {0: pay(2)})
    entry = last_entry(state, 0)
    assert entry["turn"] == 7 and entry["card"] == "Stockade"
    assert entry["paid_to"] == [{"seat": 2, "agent": "player_2", "coins": 2}]
    assert state.age == 2


def test_record_names_the_payment_mode_and_is_json():
    for payment in ("cheapest", "choose"):
        record = game_record(market(payment))
        assert record["payment"] == payment
        json.dumps(record)
