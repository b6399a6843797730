"""Construction costs, trading, chains, selling and discounts (rulebook "Trading", "Chaining";
the rules' resolution order in :mod:`wonders_env.duel.rules`)."""

import pytest
from duel_scenarios import ANTOINE, BRUNO, build_wonder, give, grant, is_legal, on_top, play, scenario

from wonders_env.duel import record, rules
from wonders_env.duel.cards import CARD_IDS, GLASS, PAPYRUS, WONDER_CHOICE, WONDER_IDS


def test_trade_price_is_2_plus_opponent_brown_and_grey_units():
    state = scenario(age=2)
    give(state, BRUNO, "Sawmill", "Clay Pool", "Glassworks", "Glassblower")
    assert rules.trade_price_list(state, ANTOINE) == (4, 3, 2, 4, 2)
    assert rules.trade_price_list(state, BRUNO) == (2, 2, 2, 2, 2)


def test_opponent_yellow_cards_and_wonders_never_raise_prices():
    state = scenario(age=2)
    give(state, BRUNO, "Forum", "Caravansery", "Stone Reserve", "Customs House")
    state.wonder_built[WONDER_IDS["Piraeus"]] = True
    rules.add_choice(state, BRUNO, WONDER_CHOICE[WONDER_IDS["Piraeus"]])
    state.clear_caches()
    assert rules.trade_price_list(state, ANTOINE) == (2, 2, 2, 2, 2)
    assert rules.build_cost(state, ANTOINE, CARD_IDS["Courthouse"]) == 6  # W W G at 2 each


def test_stone_clay_wood_reserve_fix_price_at_1():
    state = scenario(age=2)
    give(state, BRUNO, "Shelf Quarry", "Brickyard", "Sawmill")
    assert rules.trade_price_list(state, ANTOINE)[:3] == (4, 4, 4)
    give(state, ANTOINE, "Stone Reserve")
    assert rules.trade_price_list(state, ANTOINE)[:3] == (4, 4, 1)
    assert rules.build_cost(state, ANTOINE, CARD_IDS["Aqueduct"]) == 3
    give(state, ANTOINE, "Clay Reserve", "Wood Reserve")
    assert rules.trade_price_list(state, ANTOINE)[:3] == (1, 1, 1)


def test_customs_house_fixes_glass_and_papyrus_at_1():
    state = scenario(age=2)
    give(state, BRUNO, "Glassworks", "Glassblower", "Press")
    assert rules.trade_price_list(state, ANTOINE)[GLASS] == 4
    give(state, ANTOINE, "Customs House")
    assert rules.trade_price_list(state, ANTOINE)[GLASS] == 1
    assert rules.trade_price_list(state, ANTOINE)[PAPYRUS] == 1
    # Caravansery: 2 coins + G + P at 1
    assert rules.build_cost(state, ANTOINE, CARD_IDS["Caravansery"]) == 4


def test_forum_choice_used_by_owner_one_unit_per_construction():
    state = scenario(age=2)
    give(state, ANTOINE, "Forum")
    # School W P P: the Forum gives one papyrus, W 2 + P 2 are bought
    assert rules.build_cost(state, ANTOINE, CARD_IDS["School"]) == 4
    # Caravansery G P: the Forum gives one, the other is bought
    assert rules.build_cost(state, ANTOINE, CARD_IDS["Caravansery"]) == 2 + 2


def test_caravansery_choice_covers_dearest_raw_unit():
    state = scenario(age=2)
    give(state, BRUNO, "Shelf Quarry")  # stone at 4 for Antoine
    give(state, ANTOINE, "Caravansery")
    # Rostrum W S: the Caravansery gives the stone (4), wood bought at 2
    assert rules.build_cost(state, ANTOINE, CARD_IDS["Rostrum"]) == 2


def test_great_lighthouse_and_piraeus_produce_for_their_owner_only():
    state = scenario(age=2, coins=(30, 7))
    give(state, ANTOINE, "Lumber Yard", "Quarry", "Press", "Drying Room")
    on_top(state, "Tavern", "Glassblower")
    # Great Lighthouse W S P P: all produced
    play(state, "wonder", "Tavern", "The Great Lighthouse")
    assert state.coins[ANTOINE] == 30
    assert rules.trade_price_list(state, BRUNO) == (3, 2, 3, 2, 4)  # only brown/grey cards count
    # Antoine: Baths-like stone costs are covered; Horse Breeders W C: W produced, C from the lighthouse
    assert rules.build_cost(state, ANTOINE, CARD_IDS["Horse Breeders"]) == 0
    # Walls S S: one produced, one from the Lighthouse
    assert rules.build_cost(state, ANTOINE, CARD_IDS["Walls"]) == 0
    # Arsenal W W C C C: W produced, lighthouse 1 unit, 3 bought at 2
    assert rules.build_cost(state, ANTOINE, CARD_IDS["Arsenal"]) == 6


def test_piraeus_gives_glass_or_papyrus_to_its_owner():
    state = scenario(age=2, coins=(7, 30))
    give(state, BRUNO, "Lumber Yard", "Logging Camp", "Clay Pool", "Quarry")
    state.current = state.turn_player = BRUNO
    on_top(state, "Tavern")
    play(state, "wonder", "Tavern", "Piraeus")  # W W C S produced
    assert state.coins[BRUNO] == 30
    assert state.current == BRUNO  # play again
    assert rules.build_cost(state, BRUNO, CARD_IDS["Glassworks"]) == 1  # its printed coin only
    assert rules.build_cost(state, BRUNO, CARD_IDS["Laboratory"]) == 2  # W G G: one glass bought
    assert rules.trade_price_list(state, ANTOINE)[GLASS] == 2 and rules.trade_price_list(state, ANTOINE)[PAPYRUS] == 2


def test_chain_makes_card_free_no_coins_no_resources():
    state = scenario(age=2, coins=(0, 7))
    give(state, ANTOINE, "Garrison")
    on_top(state, "Barracks")  # 3 coins printed
    assert rules.build_cost(state, ANTOINE, CARD_IDS["Barracks"]) == 0
    play(state, "build", "Barracks")
    assert state.coins[ANTOINE] == 0
    assert record.game_record(state)["actions"][-1]["paid"] == 0


def test_urbanism_six_coins_then_four_per_chain_build():
    state = scenario(age=2, coins=(0, 7))
    grant(state, ANTOINE, "Urbanism")
    assert state.coins[ANTOINE] == 6
    give(state, ANTOINE, "Garrison")
    on_top(state, "Barracks", "Glassblower")
    play(state, "build", "Barracks")
    assert state.coins[ANTOINE] == 10
    state.current = state.turn_player = ANTOINE
    play(state, "build", "Glassblower")  # not a chain: no bonus
    assert state.coins[ANTOINE] == 10


def test_sell_gives_2_plus_own_yellow_cards_only():
    state = scenario(age=2, coins=(0, 0))
    give(state, ANTOINE, "Stone Reserve", "Forum", "Garrison")
    give(state, BRUNO, "Tavern", "Wood Reserve", "Customs House")
    state.coins = [0, 0]
    on_top(state, "Walls")
    assert rules.sell_value(state, ANTOINE) == 4
    play(state, "sell", "Walls")
    assert state.coins == [4, 0]
    assert state.discard == [CARD_IDS["Walls"]]
    assert record.game_record(state)["actions"][-1] == {"agent": "player_0", "kind": "sell",
                                                           "card": "Walls", "paid": 0}


def test_unaffordable_build_and_wonder_are_illegal_sell_always_legal():
    state = scenario(age=1, coins=(1, 7))
    on_top(state, "Scriptorium", "Lumber Yard")
    assert not is_legal(state, "build", "Scriptorium")
    assert is_legal(state, "build", "Lumber Yard")
    assert is_legal(state, "sell", "Scriptorium")
    assert not is_legal(state, "wonder", "Scriptorium", "The Pyramids")  # S S S P = 8 coins
    with pytest.raises(rules.IllegalActionError):
        play(state, "build", "Scriptorium")
    state.coins[ANTOINE] = 8
    state.clear_caches()
    assert is_legal(state, "wonder", "Scriptorium", "The Pyramids")
    assert not is_legal(state, "wonder", "Scriptorium", "Circus Maximus")  # Bruno's wonder


def test_economy_opponent_trade_payments_go_to_owner_not_printed_coins():
    state = scenario(age=2, coins=(20, 0))
    grant(state, BRUNO, "Economy")
    give(state, BRUNO, "Glassworks")
    on_top(state, "Caravansery")
    # 2 printed + glass 3 + papyrus 2: Bruno gets the 5 of trade only
    play(state, "build", "Caravansery")
    assert state.coins == [13, 5]


def test_economy_gets_fixed_price_trade_coins_too():
    state = scenario(age=2, coins=(20, 0))
    grant(state, BRUNO, "Economy")
    give(state, ANTOINE, "Customs House")
    state.coins = [20, 0]
    on_top(state, "Caravansery")
    play(state, "build", "Caravansery")  # 2 printed + 1 + 1
    assert state.coins == [16, 2]


def test_economy_applies_to_wonder_trade():
    state = scenario(age=1, coins=(20, 0))
    grant(state, BRUNO, "Economy")
    on_top(state, "Lumber Yard")
    play(state, "wonder", "Lumber Yard", "The Pyramids")  # S S S P: 8 coins of trade
    assert state.coins == [12, 8]


def test_own_economy_does_not_refund_own_purchases():
    state = scenario(age=2, coins=(20, 0))
    grant(state, ANTOINE, "Economy")
    on_top(state, "Aqueduct")
    play(state, "build", "Aqueduct")
    assert state.coins == [14, 0]


def test_masonry_waives_two_dearest_units_of_blue_cards():
    state = scenario(age=3)
    give(state, BRUNO, "Glassworks", "Glassblower")  # glass at 4 for Antoine
    # Palace W C S G G: 2 + 2 + 2 + 4 + 4 = 14 without Masonry
    assert rules.build_cost(state, ANTOINE, CARD_IDS["Palace"]) == 14
    grant(state, ANTOINE, "Masonry")
    assert rules.build_cost(state, ANTOINE, CARD_IDS["Palace"]) == 6
    # not for other colours
    assert rules.build_cost(state, ANTOINE, CARD_IDS["Academy"]) == 2 + 2 + 4 + 4


def test_architecture_waives_two_dearest_units_of_wonders():
    state = scenario(age=1)
    give(state, BRUNO, "Quarry", "Stone Pit")  # stone at 4
    assert rules.wonder_cost(state, ANTOINE, WONDER_IDS["The Pyramids"]) == 4 * 3 + 2
    grant(state, ANTOINE, "Architecture")
    assert rules.wonder_cost(state, ANTOINE, WONDER_IDS["The Pyramids"]) == 4 + 2
    assert rules.build_cost(state, ANTOINE, CARD_IDS["Baths"]) == 4  # not for buildings


def test_coins_never_negative_after_build():
    state = scenario(age=2, coins=(6, 7))
    on_top(state, "Aqueduct")
    assert rules.build_cost(state, ANTOINE, CARD_IDS["Aqueduct"]) == 6
    play(state, "build", "Aqueduct")
    assert state.coins[ANTOINE] == 0


def test_wonder_only_owner_unbuilt_and_seven_limit_removes_all_wonder_actions():
    state = scenario(age=2, coins=(99, 99))
    build_wonder(state, "The Pyramids")
    on_top(state, "Tavern")
    assert not is_legal(state, "wonder", "Tavern", "The Pyramids")
    assert is_legal(state, "wonder", "Tavern", "The Great Lighthouse")
    build_wonder(state, "Circus Maximus", "Piraeus", "The Appian Way", "The Colossus", "The Statue of Zeus",
               "The Temple of Artemis")
    assert state.wonders_built == 7
    assert not is_legal(state, "wonder", "Tavern", "The Great Lighthouse")
