"""Every numeric worked example of the 7 Wonders Duel rulebook, played through the engine.
Antoine = player 0, Bruno = player 1 (the rulebook's first-game wonders)."""

from duel_scenarios import is_legal as legal, play
from test_rules_duel_setup import (ANTOINE, BRUNO, card, give, grant, mark_built, on_top, scenario, wonder)

from wonders_env.duel import record, rules
from wonders_env.duel.cards import STONE


def test_example_card_costs_lumber_yard_stone_pit_scriptorium():
    # "the Lumber Yard is free, the Stone Pit costs 1 coin"; "the Scriptorium costs 2 coins"
    state = scenario(age=1)
    assert rules.build_cost(state, ANTOINE, card("Lumber Yard")) == 0
    assert rules.build_cost(state, ANTOINE, card("Stone Pit")) == 1
    assert rules.build_cost(state, ANTOINE, card("Scriptorium")) == 2


def test_example_antoine_builds_baths_and_garrison_but_not_apothecary_without_trading():
    # "Antoine produces 1 Stone, 3 Clay, and 1 Papyrus": Baths (S) and Garrison (C) are free,
    # the Apothecary (G) needs a purchase (2 coins).
    state = scenario(age=1, coins=(0, 7))
    give(state, ANTOINE, "Quarry", "Clay Pool", "Brickyard", "Press")
    on_top(state, "Baths", "Garrison", "Apothecary")
    assert rules.build_cost(state, ANTOINE, card("Baths")) == 0
    assert rules.build_cost(state, ANTOINE, card("Garrison")) == 0
    assert rules.build_cost(state, ANTOINE, card("Apothecary")) == 2
    assert legal(state, "build", "Baths") and legal(state, "build", "Garrison")
    assert not legal(state, "build", "Apothecary")
    assert legal(state, "sell", "Apothecary")


def test_example_bruno_two_stones_antoine_pays_4_bruno_third_stone_2():
    state = scenario(age=2)
    give(state, BRUNO, "Shelf Quarry")  # Bruno produces 2 stones
    assert rules.trade_price_list(state, ANTOINE)[STONE] == 4
    assert rules.trade_price_list(state, BRUNO)[STONE] == 2
    # Aqueduct = 3 stones: Bruno buys only the third one
    assert rules.build_cost(state, BRUNO, card("Aqueduct")) == 2


def test_example_aqueduct_costs_antoine_12_coins():
    state = scenario(age=2, coins=(12, 7))
    give(state, BRUNO, "Quarry", "Stone Pit")  # "Bruno produces 2 Stones with his brown cards"
    on_top(state, "Aqueduct")
    assert rules.build_cost(state, ANTOINE, card("Aqueduct")) == 12
    play(state, "build", "Aqueduct")
    assert state.coins == [0, 7]  # paid to the bank, not to Bruno
    assert card("Aqueduct") in state.city[ANTOINE]
    entry = record.game_record(state, 0)["actions"][-1]
    assert entry == {"agent": "player_0", "kind": "build", "card": "Aqueduct", "paid": 12}


def test_example_aqueduct_with_11_coins_cannot_be_built():
    state = scenario(age=2, coins=(11, 7))
    give(state, BRUNO, "Quarry", "Stone Pit")
    on_top(state, "Aqueduct")
    assert not legal(state, "build", "Aqueduct")
    assert legal(state, "sell", "Aqueduct")


def test_example_fortifications_cost_bruno_5_coins():
    # Bruno has 2 stones; Antoine 1 clay, no papyrus: clay 3 + papyrus 2 = 5
    state = scenario(age=3, coins=(7, 7))
    give(state, BRUNO, "Quarry", "Stone Pit")
    give(state, ANTOINE, "Clay Pool")
    on_top(state, "Fortifications")
    assert rules.build_cost(state, BRUNO, card("Fortifications")) == 5
    state.current = state.turn_player = BRUNO
    play(state, "build", "Fortifications")
    assert state.coins == [7, 2]
    assert state.pawn == -2  # 2 shields toward Antoine's capital


def test_example_caravansery_costs_bruno_7_coins():
    # 2 coins printed + glass 3 (Antoine produces 1) + papyrus 2
    state = scenario(age=2, coins=(7, 7))
    give(state, ANTOINE, "Glassworks")
    on_top(state, "Caravansery")
    assert rules.build_cost(state, BRUNO, card("Caravansery")) == 7
    state.current = state.turn_player = BRUNO
    play(state, "build", "Caravansery")
    assert state.coins == [7, 0]


def test_example_chains_baths_aqueduct_and_palisade_fortifications():
    state = scenario(age=2, coins=(0, 0))
    give(state, ANTOINE, "Baths")
    give(state, BRUNO, "Palisade")
    on_top(state, "Aqueduct")
    assert rules.build_cost(state, ANTOINE, card("Aqueduct")) == 0
    play(state, "build", "Aqueduct")
    assert state.coins[ANTOINE] == 0
    state3 = scenario(age=3, coins=(0, 0))
    give(state3, BRUNO, "Palisade")
    assert rules.build_cost(state3, BRUNO, card("Fortifications")) == 0


def test_example_horse_breeders_clay_and_wood_or_stable():
    state = scenario(age=2)
    assert rules.build_cost(state, ANTOINE, card("Horse Breeders")) == 4
    give(state, ANTOINE, "Stable")
    assert rules.build_cost(state, ANTOINE, card("Horse Breeders")) == 0


def test_example_bruno_discards_aqueduct_for_4_coins():
    # "He earns 4 coins as he has in his city the Tavern and the Clay Reserve."
    state = scenario(age=2, coins=(7, 7))
    give(state, BRUNO, "Tavern", "Clay Reserve")
    state.coins = [7, 7]
    on_top(state, "Aqueduct")
    state.current = state.turn_player = BRUNO
    assert rules.sell_value(state, BRUNO) == 4
    play(state, "sell", "Aqueduct")
    assert state.coins == [7, 11]
    assert state.discard == [card("Aqueduct")]
    assert card("Aqueduct") not in state.city[BRUNO]


def test_example_colossus_moves_pawn_2():
    # The Colossus costs 3 clay + 1 glass; the card goes under it, the pawn moves 2 spaces.
    state = scenario(age=1, coins=(7, 7))
    give(state, BRUNO, "Clay Pool", "Clay Pit", "Glassworks")  # Bruno: 2 clay, 1 glass
    state.current = state.turn_player = BRUNO
    on_top(state, "Lumber Yard")
    assert rules.wonder_cost(state, BRUNO, wonder("The Colossus")) == 2  # the third clay
    play(state, "wonder", "Lumber Yard", "The Colossus")
    assert state.pawn == -2
    assert state.coins[BRUNO] == 5
    assert state.wonder_built[wonder("The Colossus")]
    assert card("Lumber Yard") not in state.city[BRUNO] and card("Lumber Yard") not in state.discard
    assert state.current == ANTOINE


def test_example_seventh_wonder_boxes_the_pyramids():
    # Antoine builds the Colossus as the 7th wonder (4 by Bruno, 3 by Antoine): the Pyramids go to the box.
    wonders = (("The Pyramids", "The Colossus", "The Great Lighthouse", "The Temple of Artemis"),
               ("Circus Maximus", "Piraeus", "The Appian Way", "The Statue of Zeus"))
    state = scenario(age=3, wonders=wonders, coins=(30, 7))
    mark_built(state, "The Great Lighthouse", "The Temple of Artemis",
               "Circus Maximus", "Piraeus", "The Appian Way", "The Statue of Zeus")
    assert state.wonders_built == 6
    on_top(state, "Arsenal", "Palace")
    play(state, "wonder", "Arsenal", "The Colossus")
    assert state.wonders_built == 7
    assert state.boxed_wonder == wonder("The Pyramids")
    assert not any(rules.WONDER <= a < rules.PROGRESS for a in rules.legal_actions(state))
    state.current = state.turn_player = ANTOINE
    state.cost_cache = [None, None]
    assert not legal(state, "wonder", "Palace", "The Pyramids")
    rec = record.game_record(state, 0)
    assert "The Pyramids" not in rec["players"][0]["wonders_unbuilt"]
    assert "The Pyramids" not in rec["players"][0]["wonders_built"]


def test_example_archery_range_moves_2_and_loots_2():
    # "Antoine constructs the Archery Range ... he enters a new zone ... Bruno discards 2 coins"
    state = scenario(age=2, coins=(20, 7))
    state.pawn = 1
    on_top(state, "Archery Range")
    play(state, "build", "Archery Range")
    assert state.pawn == 3
    assert state.coins[BRUNO] == 5
    assert state.looting == [True, True, False, True]


def test_example_strategy_two_shield_card_moves_three():
    state = scenario(age=2, coins=(20, 7))
    grant(state, ANTOINE, "Strategy")
    on_top(state, "Walls")
    play(state, "build", "Walls")
    assert state.pawn == 3
