"""Final scoring: guilds, science with wildcards, the score pad, winners and ties
(rulebook "Totalling the points" and "Guilds"; reference decisions 7, 9, 10).

Seats: 0 is the scored city, 2 its left neighbour and 1 its right neighbour (3 players), 3 a
non-neighbour in the 4-player scenarios.
"""

import pytest

from seven_wonders_scenarios import give, give_stages, scenario
from wonders_env.seven_wonders.scoring import CATEGORIES, score_breakdown, science_points, winners


def four():
    """Babylon (0) between Ephesus (3, left) and Rhodes (1, right); Giza (2) faces it."""
    state = scenario(["Babylon", "Rhodes", "Giza", "Ephesus"], "A")
    assert state.left_of(0) == 3 and state.right_of(0) == 1
    return state


def guild_points(state, guild, seat=0):
    give(state, seat, guild)
    return score_breakdown(state, seat)["guilds"]


def test_workers_guild_counts_neighbours_brown_cards():
    state = four()
    give(state, 0, "Lumber Yard", "Stone Pit", "Sawmill")  # own: not counted
    give(state, 1, "Ore Vein", "Clay Pool")
    give(state, 3, "Timber Yard")
    give(state, 2, "Quarry", "Foundry")  # not a neighbour
    assert guild_points(state, "Workers Guild") == 3


def test_craftsmens_guild_counts_neighbours_grey_cards_two_each():
    state = four()
    give(state, 0, "Loom")
    give(state, 1, "Press", "Glassworks")
    give(state, 3, "Loom")
    give(state, 2, "Press")
    assert guild_points(state, "Craftsmens Guild") == 2 * 3


def test_traders_guild_counts_neighbours_yellow_cards():
    state = four()
    give(state, 0, "Tavern")
    give(state, 1, "Marketplace", "Forum")
    give(state, 3, "Vineyard")
    give(state, 2, "Bazar")
    assert guild_points(state, "Traders Guild") == 3


def test_philosophers_guild_counts_neighbours_green_cards():
    state = four()
    give(state, 0, "Workshop")
    give(state, 1, "Apothecary", "School")
    give(state, 3, "Library")
    give(state, 2, "Lodge")
    assert guild_points(state, "Philosophers Guild") == 3


def test_spies_guild_counts_neighbours_red_cards():
    state = four()
    give(state, 0, "Barracks")
    give(state, 1, "Stockade", "Walls", "Arsenal")
    give(state, 3, "Guard Tower")
    give(state, 2, "Circus")
    assert guild_points(state, "Spies Guild") == 4


def test_magistrates_guild_counts_neighbours_blue_cards_only():
    state = four()
    give(state, 0, "Altar", "Palace")  # own blue: not counted
    give(state, 1, "Theater")
    give(state, 3, "Baths", "Pawnshop")
    give(state, 2, "Senate")
    assert guild_points(state, "Magistrates Guild") == 3


def test_builders_guild_counts_own_and_neighbours_wonder_stages():
    state = four()
    give_stages(state, 0, 2)
    give_stages(state, 1, 1)
    give_stages(state, 3, 3)
    give_stages(state, 2, 3)  # not a neighbour
    assert guild_points(state, "Builders Guild") == 2 + 1 + 3


def test_shipowners_guild_counts_own_brown_grey_and_purple_cards_itself_included():
    state = four()
    give(state, 0, "Lumber Yard", "Stone Pit", "Loom", "Spies Guild")
    give(state, 1, "Ore Vein", "Press", "Traders Guild")  # neighbours: not counted
    give(state, 3, "Clay Pool")
    give(state, 0, "Shipowners Guild")
    # Shipowners: 2 brown + 1 grey + 2 purple = 5; Spies Guild: no neighbour red card = 0
    assert score_breakdown(state, 0)["guilds"] == 5


def test_strategists_guild_counts_neighbours_defeat_tokens():
    state = four()
    state.military_tokens[0] = [-1, -1]  # own defeats: not counted
    state.military_tokens[1] = [-1, 3, -1]
    state.military_tokens[3] = [-1, 5]
    state.military_tokens[2] = [-1, -1, -1]
    assert guild_points(state, "Strategists Guild") == 3


def test_scientists_guild_is_a_wildcard_chosen_at_the_end():
    state = four()
    give(state, 0, "Apothecary", "Dispensary", "Workshop", "Scriptorium")  # 2 / 1 / 1
    assert score_breakdown(state, 0)["science"] == 4 + 1 + 1 + 7
    give(state, 0, "Scientists Guild")
    score = score_breakdown(state, 0)
    assert score["science"] == 9 + 1 + 1 + 7  # the third compass beats a second set
    assert score["guilds"] == 0


def test_guilds_vp_add_up_in_the_guild_category():
    state = four()
    give(state, 1, "Ore Vein", "Press", "Stockade")
    give(state, 3, "Clay Pool", "Loom")
    give(state, 0, "Workers Guild", "Craftsmens Guild", "Spies Guild")
    assert score_breakdown(state, 0)["guilds"] == 2 + 2 * 2 + 1


# ---------------------------------------------------------------- science
@pytest.mark.parametrize("symbols,wild,expected", [
    ((1, 1, 0), 1, 10),  # complete the set: 3 + 7 (not 4 + 1)
    ((2, 1, 1), 1, 18),  # a third compass: 9 + 1 + 1 + 7 (not 4 + 4 + 1 + 7)
    ((0, 0, 0), 1, 1),
    ((0, 0, 0), 2, 4),  # two of a kind (4) beat two different (2)
    ((1, 1, 0), 2, 13),
    ((3, 3, 2), 1, 9 + 9 + 9 + 21),
    ((4, 0, 0), 2, 36),  # 6 identical = 36 beats 16 + 1 + 1 + 7 = 25
    ((4, 4, 4), 2, 36 + 16 + 16 + 28),  # 6/4/4 beats 5/5/4 (94)
])
def test_science_wildcards_are_placed_to_score_the_most(symbols, wild, expected):
    assert science_points(*symbols, wild) == expected


def test_babylon_a_stage_two_and_scientists_guild_wildcards_combine():
    state = scenario(["Babylon", "Rhodes", "Giza"], "A")
    give(state, 0, "Apothecary", "Workshop")
    give_stages(state, 0, 2)
    assert score_breakdown(state, 0)["science"] == 10
    give(state, 0, "Scientists Guild")
    assert score_breakdown(state, 0)["science"] == 13


def test_babylon_b_stage_three_is_a_science_wildcard():
    state = scenario(["Babylon", "Rhodes", "Giza"], "B")
    give(state, 0, "Apothecary", "Workshop")
    give_stages(state, 0, 2)
    assert score_breakdown(state, 0)["science"] == 2
    give_stages(state, 0, 1)
    assert score_breakdown(state, 0)["science"] == 10


# ---------------------------------------------------------------- the score pad
def test_score_breakdown_has_the_seven_categories_and_their_total():
    state = four()
    state.coins[0] = 10
    state.military_tokens[0] = [1, -1, 3]
    give_stages(state, 0, 1)
    give(state, 0, "Altar", "Apothecary", "Workshop", "Haven", "Lumber Yard", "Spies Guild")
    give(state, 1, "Barracks")
    score = score_breakdown(state, 0)
    assert set(score) == set(CATEGORIES) | {"total"}
    assert CATEGORIES == ("military", "treasury", "wonder", "civilian", "science", "commercial",
                          "guilds")
    assert score == {"military": 3, "treasury": 3, "wonder": 3, "civilian": 2, "science": 2,
                     "commercial": 1, "guilds": 1, "total": 15}


def test_treasury_rounds_down():
    state = four()
    for coins, points in ((0, 0), (2, 0), (3, 1), (8, 2), (9, 3), (14, 4)):
        state.coins[0] = coins
        assert score_breakdown(state, 0)["treasury"] == points


def test_military_total_can_be_negative():
    state = four()
    state.military_tokens[0] = [-1, -1, -1, -1, -1, -1]
    assert score_breakdown(state, 0)["military"] == -6


# ---------------------------------------------------------------- winners
def test_highest_total_wins():
    state = scenario(["Babylon", "Rhodes", "Giza"])
    give(state, 1, "Palace")
    assert winners(state) == [1]


def test_tie_on_points_is_broken_by_coins():
    state = scenario(["Babylon", "Rhodes", "Giza"], coins=[10, 11, 9])  # 3 VP each from coins
    give(state, 0, "Baths")
    give(state, 1, "Pawnshop")
    give(state, 2, "Theater")
    assert [score_breakdown(state, s)["total"] for s in range(3)] == [6, 6, 5]
    assert winners(state) == [1]


def test_tie_on_points_and_coins_is_a_shared_victory():
    state = scenario(["Babylon", "Rhodes", "Giza"], coins=[10, 10, 9])
    give(state, 0, "Baths")
    give(state, 1, "Pawnshop")
    give(state, 2, "Altar")
    assert [score_breakdown(state, s)["total"] for s in range(3)] == [6, 6, 5]
    assert winners(state) == [0, 1]


def test_science_wildcards_take_the_best_of_every_placement():
    """science_points against trying every symbol for every wildcard (3^n placements)."""
    from itertools import product
    for compass, gear, tablet, wild in product(range(4), range(3), range(3), range(5)):
        best = 0
        for placed in product(range(3), repeat=wild):
            counts = [compass, gear, tablet]
            for symbol in placed:
                counts[symbol] += 1
            best = max(best, sum(c * c for c in counts) + 7 * min(counts))
        assert science_points(compass, gear, tablet, wild) == best
