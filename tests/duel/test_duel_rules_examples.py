"""Every worked example of the 7 Wonders Duel rulebook.

Antoine is player 0, Bruno player 1.
"""

from duel_scenarios import build_wonder, give, give_token, is_legal, on_top, play, scenario

from wonders_env.duel.cards import CARD_IDS, STONE, WONDER_IDS
from wonders_env.duel.rules import build_cost, trade_price_list
from wonders_env.duel.state import Phase

ANTOINE, BRUNO = 0, 1


def test_card_costs_lumber_yard_free_stone_pit_one_coin_scriptorium_two():
    state = scenario(age=1)
    assert build_cost(state, ANTOINE, CARD_IDS["Lumber Yard"]) == 0
    assert build_cost(state, ANTOINE, CARD_IDS["Stone Pit"]) == 1
    assert build_cost(state, ANTOINE, CARD_IDS["Scriptorium"]) == 2
    # the Baths need 1 stone, the Arena 1 clay, 1 stone and 1 wood: bought at 2 each from nobody's city
    assert build_cost(state, ANTOINE, CARD_IDS["Baths"]) == 2
    assert build_cost(state, ANTOINE, CARD_IDS["Arena"]) == 6


def test_horse_breeders_need_clay_and_wood_or_the_stable():
    state = scenario(age=2)
    give(state, ANTOINE, "Lumber Yard", "Clay Pool")
    assert build_cost(state, ANTOINE, CARD_IDS["Horse Breeders"]) == 0  # produces W and C
    state = scenario(age=2)
    assert build_cost(state, ANTOINE, CARD_IDS["Horse Breeders"]) == 4
    give(state, ANTOINE, "Stable")
    assert build_cost(state, ANTOINE, CARD_IDS["Horse Breeders"]) == 0


def test_antoine_produces_stone_clay_papyrus_builds_baths_and_garrison_not_apothecary():
    state = scenario(age=1, coins=(0, 7))
    give(state, ANTOINE, "Quarry", "Clay Pool", "Brickyard", "Press")  # 1 stone, 3 clay, 1 papyrus
    on_top(state, "Baths", "Garrison", "Apothecary")
    assert is_legal(state, "build", "Baths") and is_legal(state, "build", "Garrison")
    assert not is_legal(state, "build", "Apothecary")  # 1 glass to buy, and Antoine has no coin
    state.coins[ANTOINE] = 2
    state.cost_cache = [None, None]
    assert build_cost(state, ANTOINE, CARD_IDS["Apothecary"]) == 2


def test_bruno_two_stones_make_antoines_stone_cost_4_and_brunos_third_stone_2():
    state = scenario(age=2)
    give(state, BRUNO, "Shelf Quarry")
    assert trade_price_list(state, ANTOINE)[STONE] == 4
    assert trade_price_list(state, BRUNO)[STONE] == 2
    assert build_cost(state, BRUNO, CARD_IDS["Aqueduct"]) == 2  # SSS: 2 produced, 1 bought at 2


def test_bruno_pays_5_for_the_fortifications():
    state = scenario(age=3, coins=(7, 5))
    give(state, BRUNO, "Shelf Quarry")
    give(state, ANTOINE, "Clay Pool")
    on_top(state, "Fortifications")
    state.current = state.turn_player = BRUNO
    assert build_cost(state, BRUNO, CARD_IDS["Fortifications"]) == 5  # clay 2+1, papyrus 2+0
    play(state, "build", "Fortifications")
    assert state.coins[BRUNO] == 0
    assert state.log[-1] == (BRUNO, state.log[-1][1], 5)


def test_antoine_pays_12_for_the_aqueduct():
    state = scenario(age=2, coins=(12, 7))
    give(state, BRUNO, "Shelf Quarry")
    on_top(state, "Aqueduct")
    assert build_cost(state, ANTOINE, CARD_IDS["Aqueduct"]) == 12
    assert is_legal(state, "build", "Aqueduct")
    play(state, "build", "Aqueduct")
    assert state.coins[ANTOINE] == 0
    state = scenario(age=2, coins=(11, 7))
    give(state, BRUNO, "Shelf Quarry")
    on_top(state, "Aqueduct")
    assert not is_legal(state, "build", "Aqueduct")  # 11 coins are not enough


def test_bruno_pays_7_for_the_caravansery():
    state = scenario(age=2)
    give(state, ANTOINE, "Glassworks")
    assert build_cost(state, BRUNO, CARD_IDS["Caravansery"]) == 7  # 2 coins + glass 3 + papyrus 2


def test_baths_chain_to_the_aqueduct_and_palisade_to_the_fortifications():
    state = scenario(age=2, coins=(0, 7))
    give(state, ANTOINE, "Baths")
    on_top(state, "Aqueduct")
    assert build_cost(state, ANTOINE, CARD_IDS["Aqueduct"]) == 0
    play(state, "build", "Aqueduct")
    assert CARD_IDS["Aqueduct"] in state.city[ANTOINE] and state.coins[ANTOINE] == 0
    state = scenario(age=3, coins=(7, 0))
    give(state, BRUNO, "Palisade")
    assert build_cost(state, BRUNO, CARD_IDS["Fortifications"]) == 0


def test_bruno_discards_the_aqueduct_for_4_coins_with_tavern_and_clay_reserve():
    state = scenario(age=2, coins=(7, 0))
    give(state, BRUNO, "Tavern", "Clay Reserve")
    on_top(state, "Aqueduct")
    state.current = state.turn_player = BRUNO
    play(state, "sell", "Aqueduct")
    assert state.coins[BRUNO] == 4
    assert state.discard == [CARD_IDS["Aqueduct"]]


def test_antoine_builds_the_colossus_and_moves_the_pawn_two_spaces():
    wonders = (("The Colossus", "The Pyramids", "The Sphinx", "Piraeus"),
               ("Circus Maximus", "The Great Lighthouse", "The Appian Way", "The Mausoleum"))
    state = scenario(age=1, wonders=wonders, coins=(8, 7))
    on_top(state, "Lumber Yard")
    play(state, "wonder", "Lumber Yard", "The Colossus")
    assert state.pawn == 2
    assert state.coins[ANTOINE] == 0  # CCCG bought at 2 each
    assert state.wonder_card[WONDER_IDS["The Colossus"]] == CARD_IDS["Lumber Yard"]
    assert CARD_IDS["Lumber Yard"] not in state.city[ANTOINE] + state.discard
    assert state.turn_player == BRUNO


def test_the_seventh_wonder_returns_the_last_one_to_the_box():
    wonders = (("The Colossus", "The Pyramids", "The Sphinx", "Piraeus"),
               ("Circus Maximus", "The Great Lighthouse", "The Appian Way", "The Mausoleum"))
    state = scenario(age=3, wonders=wonders, coins=(20, 7))
    for name in wonders[1]:
        build_wonder(state, BRUNO, name)
    for name in ("The Sphinx", "Piraeus"):
        build_wonder(state, ANTOINE, name)
    on_top(state, "Palace", "Obelisk")
    assert is_legal(state, "wonder", "Palace", "The Pyramids")
    play(state, "wonder", "Palace", "The Colossus")
    assert state.wonders_built == 7
    assert state.boxed_wonder == WONDER_IDS["The Pyramids"]
    state.current = state.turn_player = ANTOINE
    assert not is_legal(state, "wonder", "Obelisk", "The Pyramids")


def test_archery_range_enters_a_new_zone_and_bruno_loses_2_coins():
    state = scenario(age=2, coins=(10, 5))
    state.pawn = 1
    give(state, ANTOINE, "Lumber Yard", "Stone Pit", "Press")
    on_top(state, "Archery Range")
    play(state, "build", "Archery Range")
    assert state.pawn == 3
    assert state.coins[BRUNO] == 3
    assert state.looting == [True, True, False, True]


def test_strategy_makes_a_two_shield_building_move_the_pawn_three_spaces():
    state = scenario(age=2, coins=(10, 7))
    give_token(state, ANTOINE, "Strategy")
    give(state, ANTOINE, "Quarry", "Stone Pit")
    on_top(state, "Walls")
    play(state, "build", "Walls")
    assert state.pawn == 3


def test_economy_gains_what_the_opponent_actually_pays_with_a_discount():
    state = scenario(age=2, coins=(7, 7))
    give_token(state, BRUNO, "Economy")
    give(state, ANTOINE, "Stone Reserve")
    give(state, BRUNO, "Quarry")  # would make stone cost 3 without the Stone Reserve
    on_top(state, "Walls")
    play(state, "build", "Walls")  # 2 stones at the fixed price of 1
    assert state.coins == [5, 9]
    assert state.phase == Phase.PLAY
