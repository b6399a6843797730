"""Every worked example of the 7 Wonders (1st edition) rulebook, as a scenario with exact values.

Source: the 1st-edition rulebook of 7 Wonders (the sections named in each test).
"""

import pytest

from seven_wonders_scenarios import (at_last_turn, build, deal, give, give_stages, legal, names, scenario,
                     sell, tid, turn)
from wonders_env.seven_wonders import rules, scoring
from wonders_env.seven_wonders.record import game_record


# ---------------------------------------------------------------- Construction: production
def test_giza_production_example_barracks_and_scriptorium_but_not_aqueduct():
    """'Giza produces 2 Stones, 1 Clay, 1 Ore, 1 Papyrus and 1 Textile': Barracks (1 ore) and
    Scriptorium (1 papyrus) can be built, the Aqueduct (3 stones) cannot."""
    state = scenario(["Giza", "Rhodes", "Ephesus"])  # neighbours sell ore and papyrus, no stone
    give(state, 0, "Stone Pit", "Clay Pool", "Ore Vein", "Press", "Loom")
    deal(state, 0, "Barracks", "Scriptorium", "Aqueduct")
    assert rules.build_payment(state, 0, tid("Barracks")) == (0, 0, 0)
    assert rules.build_payment(state, 0, tid("Scriptorium")) == (0, 0, 0)
    assert rules.build_payment(state, 0, tid("Aqueduct")) is None
    assert legal(state, 0, build("Barracks"))
    assert legal(state, 0, build("Scriptorium"))
    assert not legal(state, 0, build("Aqueduct"))
    assert legal(state, 0, sell("Aqueduct"))


# ---------------------------------------------------------------- Commerce examples
def test_commerce_example_a_university_bought_from_both_neighbours():
    """Example A: University (2 wood, glass, papyrus); she makes 1 wood and 1 glass, one
    neighbour sells wood, the other papyrus: she pays 2 coins to each."""
    state = scenario(["Alexandria", "Ephesus", "Olympia"], coins=[4, 3, 3])  # glass / papyrus / wood
    give(state, 0, "Lumber Yard")
    deal(state, 0, "University")
    deal(state, 1, "Altar")
    deal(state, 2, "Theater")
    assert rules.build_payment(state, 0, tid("University")) == (0, 2, 2)
    turn(state, {0: build("University"), 1: sell("Altar"), 2: sell("Theater")})
    assert "University" in names(state, state.built[0])
    assert state.coins == [0, 3 + 2 + 3, 3 + 2 + 3]
    entry = [e for e in game_record(state)["actions"] if e["seat"] == 0][-1]
    assert entry["kind"] == "build" and entry["card"] == "University"
    assert entry["paid"] == {"left": 2, "right": 2, "bank": 0}


def test_commerce_example_b_neighbours_buy_her_stones_and_she_still_builds_the_library():
    """Example B: both neighbours buy 2 stones from her (8 coins in all) and in the same turn she
    builds the Library (2 stones + textile) with those same stones."""
    # 4 players so that her two neighbours (seats 1 and 3) are not neighbours of each other
    state = scenario(["Giza", "Rhodes", "Ephesus", "Babylon"], coins=[3, 4, 3, 4])
    give(state, 0, "Stone Pit", "Loom")  # 2 stones (board + Stone Pit) and a textile
    give(state, 1, "Stone Pit")
    give(state, 3, "Stone Pit")
    deal(state, 0, "Library")
    deal(state, 1, "Walls")  # SSS: 1 own stone, 2 bought from Giza (its left)
    deal(state, 2, "Altar")
    deal(state, 3, "Aqueduct")  # SSS: 1 own stone, 2 bought from Giza (its right)
    assert rules.build_payment(state, 1, tid("Walls")) == (0, 4, 0)
    assert rules.build_payment(state, 3, tid("Aqueduct")) == (0, 0, 4)
    assert rules.build_payment(state, 0, tid("Library")) == (0, 0, 0)
    turn(state, {0: build("Library"), 1: build("Walls"), 2: sell("Altar"), 3: build("Aqueduct")})
    assert state.coins[0] == 3 + 8
    assert state.coins[1] == 0 and state.coins[3] == 0
    assert "Library" in names(state, state.built[0])
    assert "Walls" in names(state, state.built[1])
    assert "Aqueduct" in names(state, state.built[3])


def test_commerce_example_c_coins_received_this_turn_cannot_be_spent_this_turn():
    """Example C: she makes 1 clay and wants the Forum (2 clay); a neighbour sells clay but she
    has no coins at the start of the turn; a neighbour buying her clay this turn does not help."""
    state = scenario(["Babylon", "Giza", "Rhodes"], coins=[0, 3, 3])  # Babylon makes 1 clay
    give(state, 1, "Clay Pool")  # her right neighbour sells clay
    deal(state, 0, "Forum", "Pawnshop")
    deal(state, 1, "Altar")
    deal(state, 2, "Guard Tower")  # Rhodes buys a clay: from Giza (left) or Babylon (right)
    assert rules.build_payment(state, 0, tid("Forum")) is None
    assert not legal(state, 0, build("Forum"))
    with pytest.raises(rules.IllegalActionError):
        turn(state, {0: build("Forum"), 1: sell("Altar"), 2: build("Guard Tower")})
    assert rules.build_payment(state, 2, tid("Guard Tower")) == (0, 0, 2)  # equal prices: pays the right one
    turn(state, {0: build("Pawnshop"), 1: sell("Altar"), 2: build("Guard Tower")})
    assert state.coins[0] == 2  # sold her clay, but too late for this turn
    assert "Forum" not in names(state, state.built[0])
    # from the next turn on the 2 coins can buy the missing clay
    deal(state, 0, "Forum")
    assert legal(state, 0, build("Forum"))
    assert rules.build_payment(state, 0, tid("Forum")) == (0, 0, 2)


# ---------------------------------------------------------------- End of an Age: military
def test_military_example_alexandria_between_rhodes_and_ephesus_at_end_of_age_two():
    """Alexandria (3 shields), Rhodes (5) on its left and Ephesus (2) on its right, end of Age II:
    a Defeat token (-1) and a Victory token (+3)."""
    state = scenario(["Alexandria", "Ephesus", "Rhodes"])  # seat 0's left is seat 2 (Rhodes)
    assert state.left_of(0) == 2 and state.right_of(0) == 1
    give(state, 0, "Stockade", "Walls")  # 1 + 2
    give(state, 2, "Barracks", "Archery Range", "Stables")  # 1 + 2 + 2
    give(state, 1, "Guard Tower", "Barracks")  # 1 + 1
    assert state.shields == [3, 2, 5]
    at_last_turn(state, 2)
    for seat, hand in enumerate((("Altar", "Theater"), ("Pawnshop", "Baths"), ("Tavern", "Loom"))):
        deal(state, seat, *hand)
    turn(state, {0: sell("Altar"), 1: sell("Pawnshop"), 2: sell("Tavern")})
    assert sorted(state.military_tokens[0]) == [-1, 3]
    assert sorted(state.military_tokens[2]) == [3, 3]
    assert sorted(state.military_tokens[1]) == [-1, -1]
    assert state.age == 3 and state.turn == 1


def test_military_points_example_tokens_add_up_to_six():
    state = scenario(["Alexandria", "Ephesus", "Rhodes"])
    state.military_tokens[0] = [1, 3, 5, -1, -1, -1]
    assert scoring.score_breakdown(state, 0)["military"] == 6


# ---------------------------------------------------------------- Totalling the points
def test_treasury_example_fourteen_coins_are_four_points():
    state = scenario(["Alexandria", "Ephesus", "Rhodes"], coins=[14, 3, 3])
    assert scoring.score_breakdown(state, 0)["treasury"] == 4


def test_wonder_example_alexandria_side_a_all_three_stages_ten_points():
    state = scenario(["Alexandria", "Ephesus", "Rhodes"], "A")
    give_stages(state, 0, 3)
    assert scoring.score_breakdown(state, 0)["wonder"] == 10


def test_civilian_example_altar_aqueduct_town_hall_thirteen_points():
    state = scenario(["Alexandria", "Ephesus", "Rhodes"])
    give(state, 0, "Altar", "Aqueduct", "Town Hall")
    assert scoring.score_breakdown(state, 0)["civilian"] == 2 + 5 + 6


def test_science_example_three_two_one_symbols_is_21_points():
    state = scenario(["Alexandria", "Ephesus", "Rhodes"])
    give(state, 0, "Apothecary", "Dispensary", "Lodge",  # 3 compasses
         "Workshop", "Laboratory",  # 2 gears
         "Scriptorium")  # 1 tablet
    assert scoring.score_breakdown(state, 0)["science"] == 9 + 4 + 1 + 7 == 21
    assert scoring.science_points(3, 2, 1) == 21


def test_science_example_one_more_symbol_of_the_single_family_is_31_points():
    state = scenario(["Alexandria", "Ephesus", "Rhodes"])
    give(state, 0, "Apothecary", "Dispensary", "Lodge", "Workshop", "Laboratory", "Scriptorium",
         "Library")
    assert scoring.score_breakdown(state, 0)["science"] == (9 + 4 + 4) + (7 + 7) == 31
    assert scoring.science_points(3, 2, 2) == 31


@pytest.mark.parametrize("count,points", [(1, 1), (2, 4), (3, 9), (4, 16), (5, 25), (6, 36)])
def test_science_identical_symbols_score_their_square(count, points):
    assert scoring.science_points(count, 0, 0) == points
    assert scoring.science_points(0, count, 0) == points
    assert scoring.science_points(0, 0, count) == points


def test_commercial_example_chamber_of_commerce_with_two_grey_cards_four_points():
    state = scenario(["Alexandria", "Ephesus", "Rhodes"])
    give(state, 0, "Glassworks", "Loom", "Chamber of Commerce")
    assert scoring.score_breakdown(state, 0)["commercial"] == 4


def test_chain_examples_scriptorium_library_and_theater_statue_gardens():
    """'The Library can be built for free during Age II if the player has built the Scriptorium';
    'the Theater allows ... the Statue for free ... and this, in turn, ... the Gardens'."""
    state = scenario(["Alexandria", "Ephesus", "Rhodes"], coins=[0, 3, 3])
    give(state, 0, "Scriptorium", "Theater")
    assert rules.build_payment(state, 0, tid("Library")) == (0, 0, 0)
    assert rules.build_payment(state, 0, tid("Statue")) == (0, 0, 0)
    assert rules.build_payment(state, 0, tid("Gardens")) is None  # needs the Statue first
    give(state, 0, "Statue")
    assert rules.build_payment(state, 0, tid("Gardens")) == (0, 0, 0)
