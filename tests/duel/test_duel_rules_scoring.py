"""Coins from yellow cards and Guilds, the civilian count in all eight categories, the winner."""

import pytest
from duel_scenarios import BRUNO, build_wonder, give, give_token, on_top, play, scenario

from wonders_env.duel import record
from wonders_env.duel.rules import end_age
from wonders_env.duel.scoring import score_breakdown, winners


@pytest.mark.parametrize("card, city, coins", [
    ("Tavern", (), 4),
    ("Brewery", (), 6),
    ("Chamber of Commerce", ("Glassworks", "Press"), 6),       # 3 per grey card
    ("Port", ("Lumber Yard", "Quarry", "Glassworks"), 4),       # 2 per brown card
    ("Lighthouse", ("Tavern", "Forum"), 3),                     # 1 per yellow card, itself included
    ("Armory", ("Garrison", "Walls"), 2),                       # 1 per red card
])
def test_coins_of_yellow_cards_count_the_own_city_when_built(card, city, coins):
    age = 1 if card == "Tavern" else (2 if card == "Brewery" else 3)
    state = scenario(age=age, coins=(30, 7))
    give(state, 0, *city)
    give(state, 1, "Glassblower", "Clay Pool", "Barracks", "Customs House")  # the opponent's never count
    on_top(state, card)
    paid_before = state.coins[0]
    play(state, "build", card)
    paid = state.log[-1][2]
    assert state.coins[0] == paid_before - paid + coins


def test_arena_2_coins_per_own_built_wonder():
    state = scenario(age=3, coins=(30, 7))
    build_wonder(state, "The Pyramids")
    build_wonder(state, "The Great Lighthouse")
    build_wonder(state, "Piraeus")
    give(state, 0, "Brewery")
    on_top(state, "Arena")
    play(state, "build", "Arena")  # free through the Brewery
    assert state.coins[0] == 30 + 4


@pytest.mark.parametrize("guild, mine, theirs, coins, points", [
    ("Merchants Guild", ("Tavern",), ("Forum", "Caravansery"), 2, 2),
    ("Shipowners Guild", ("Lumber Yard", "Glassworks"), ("Quarry",), 2, 2),
    ("Shipowners Guild", ("Lumber Yard",), ("Quarry", "Glassblower", "Press"), 3, 3),
    ("Magistrates Guild", ("Baths", "Altar", "Theater"), ("Temple",), 3, 3),
    ("Scientists Guild", ("Workshop",), ("Scriptorium", "Library"), 2, 2),
    ("Tacticians Guild", ("Garrison",), ("Stable", "Walls", "Barracks"), 3, 3),
])
def test_guilds_count_the_city_with_the_most(guild, mine, theirs, coins, points):
    state = scenario(age=3, coins=(30, 7))
    give(state, 0, *mine)
    give(state, 1, *theirs)
    on_top(state, guild)
    play(state, "build", guild)
    paid = state.log[-1][2]
    assert state.coins[0] == 30 - paid + coins
    assert score_breakdown(state, 0)["guilds"] == points


def test_guild_points_at_the_end_may_count_the_other_city():
    state = scenario(age=3, coins=(30, 7))
    give(state, 0, "Tavern", "Forum")
    on_top(state, "Merchants Guild")
    play(state, "build", "Merchants Guild")  # 3 yellow cards (itself is purple): 2 coins
    assert score_breakdown(state, 0)["guilds"] == 2
    give(state, 1, "Wood Reserve", "Clay Reserve", "Stone Reserve", "Customs House")
    assert score_breakdown(state, 0)["guilds"] == 4


def test_builders_guild_2_points_per_wonder_of_the_city_with_the_most_and_no_coins():
    state = scenario(age=3, coins=(30, 7))
    build_wonder(state, "The Pyramids")
    for name in ("Piraeus", "The Colossus", "Circus Maximus"):
        build_wonder(state, name)
    on_top(state, "Builders Guild")
    play(state, "build", "Builders Guild")
    assert state.coins[0] == 30 - state.log[-1][2]
    assert score_breakdown(state, 0)["guilds"] == 6


def test_moneylenders_guild_1_point_per_3_coins_of_the_richest_city_and_no_coins():
    state = scenario(age=3, coins=(30, 14))
    on_top(state, "Moneylenders Guild")
    play(state, "build", "Moneylenders Guild")
    paid = state.log[-1][2]
    assert state.coins[0] == 30 - paid
    assert score_breakdown(state, 0)["guilds"] == max(30 - paid, 14) // 3


def test_the_eight_categories():
    state = scenario(age=3, coins=(17, 7))
    give(state, 0, "Palace", "Altar", "Workshop", "Library", "Arena", "Port", "Scientists Guild", "Tavern")
    give(state, 1, "Pharmacist")
    build_wonder(state, "The Pyramids")
    build_wonder(state, "The Great Lighthouse")
    give_token(state, 0, "Mathematics")
    give_token(state, 0, "Agriculture")
    state.pawn = 4
    assert score_breakdown(state, 0) == {"civilian": 7 + 3, "science": 1 + 2, "commercial": 3 + 3,
                               "guilds": 2, "wonders": 9 + 4, "progress": 3 * 2 + 4,
                               "treasury": 5, "military": 5, "total": 10 + 3 + 6 + 2 + 13 + 10 + 5 + 5}
    assert score_breakdown(state, 1)["military"] == 0 and score_breakdown(state, 1)["guilds"] == 0


def test_most_points_wins():
    state = scenario(age=3)
    give(state, 0, "Obelisk")
    give(state, 1, "Palace")
    assert winners(state) == (1,)


def test_a_tie_on_points_goes_to_the_most_blue_points():
    state = scenario(age=3, coins=(0, 0))
    give(state, 0, "Palace")  # 7 blue
    give(state, 1, "Academy", "Study", "Workshop")  # 3 + 3 + 1 green
    assert score_breakdown(state, 0)["total"] == score_breakdown(state, 1)["total"] == 7
    assert winners(state) == (0,)


def test_a_tie_on_points_and_blue_points_is_a_shared_victory():
    state = scenario(age=3, coins=(3, 5))
    give(state, 0, "Palace")
    give(state, 1, "Town Hall")
    assert winners(state) == (0, 1)
    end_age(state)
    assert state.winners == (0, 1) and state.victory.name == "CIVILIAN"


def test_game_record_names_and_paid():
    state = scenario(age=2, coins=(20, 20), seed=42)
    give(state, BRUNO, "Glassworks")
    state.coins = [20, 20]
    on_top(state, "Caravansery", "Sawmill")
    play(state, "build", "Caravansery")  # 2 + 3 + 2
    play(state, "wonder", "Sawmill", "Piraeus")  # Bruno: W W C S at 2 = 8
    rec = record.game_record(state)
    assert rec["seed"] == 42 and rec["finished"] is False and rec["victory"] is None
    assert rec["actions"] == [
        {"agent": "player_0", "kind": "build", "card": "Caravansery", "paid": 7},
        {"agent": "player_1", "kind": "wonder", "card": "Sawmill", "wonder": "Piraeus", "paid": 8},
    ]
    assert rec["players"][0]["buildings"] == ["Caravansery"]
    assert rec["players"][1]["buildings"] == ["Glassworks"]
    assert rec["players"][1]["wonders_built"] == ["Piraeus"]
    assert rec["players"][1]["wonders_unbuilt"] == ["Circus Maximus", "The Appian Way", "The Colossus"]
    assert rec["players"][0]["coins"] == 13 and rec["players"][1]["coins"] == 12
    assert rec["players"][1]["score"]["wonders"] == 2
