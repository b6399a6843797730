"""7 Wonders Duel rules: card effect families (coins, guilds), the end of an Age (who starts the
next one), civilian scoring in the eight categories and ties, the game record (README items 8,
12, 13; rulebook "End of an Age", "End of game and victory", "Description of the symbols")."""

from duel_scenarios import play
from test_rules_duel_setup import (ANTOINE, BRUNO, card, give, grant, leave_only, mark_built, on_top, scenario)

from wonders_env.duel import record, rules, scoring
from wonders_env.duel.state import Phase, Victory


# ------------------------------------------------------------------------------ yellow cards
def test_tavern_4_coins_brewery_6_coins():
    state = scenario(age=1, coins=(0, 0))
    on_top(state, "Tavern")
    play(state, "build", "Tavern")
    assert state.coins == [4, 0]
    state = scenario(age=2, coins=(0, 0))
    on_top(state, "Brewery")
    play(state, "build", "Brewery")
    assert state.coins == [6, 0]


def test_lighthouse_coin_per_yellow_card_counts_itself():
    state = scenario(age=3, coins=(0, 0))
    give(state, ANTOINE, "Tavern", "Stone Reserve")
    give(state, BRUNO, "Clay Reserve", "Wood Reserve")
    state.coins = [0, 0]
    on_top(state, "Lighthouse")
    play(state, "build", "Lighthouse")  # chain from the Tavern: free
    assert state.coins == [3, 0]


def test_armory_chamber_of_commerce_port_count_own_city_only():
    state = scenario(age=3, coins=(50, 0))
    give(state, ANTOINE, "Guard Tower", "Stable", "Glassworks", "Press", "Lumber Yard", "Quarry", "Clay Pool")
    give(state, BRUNO, "Garrison", "Glassblower", "Drying Room", "Sawmill")
    state.coins = [50, 0]
    state.pawn = 0
    on_top(state, "Armory")
    before = state.coins[ANTOINE] - rules.build_cost(state, ANTOINE, card("Armory"))
    play(state, "build", "Armory")
    assert state.coins[ANTOINE] == before + 2  # 2 red cards
    for name, gain in (("Chamber of Commerce", 3 * 2), ("Port", 2 * 3)):
        state.current = state.turn_player = ANTOINE
        on_top(state, name)
        before = state.coins[ANTOINE] - rules.build_cost(state, ANTOINE, card(name))
        play(state, "build", name)
        assert state.coins[ANTOINE] == before + gain, name


def test_arena_2_coins_per_own_built_wonder():
    state = scenario(age=3, coins=(0, 0))
    give(state, ANTOINE, "Brewery")
    mark_built(state, "The Pyramids", "The Statue of Zeus", "Circus Maximus")
    state.coins = [0, 0]
    on_top(state, "Arena")
    play(state, "build", "Arena")  # chain: free
    assert state.coins == [4, 0]


# ------------------------------------------------------------------------------------ guilds
def test_merchants_guild_coins_from_city_with_most_yellow():
    state = scenario(age=3, coins=(50, 0))
    give(state, ANTOINE, "Tavern")
    give(state, BRUNO, "Stone Reserve", "Clay Reserve", "Wood Reserve")
    state.coins = [50, 0]
    on_top(state, "Merchants Guild")
    before = state.coins[ANTOINE] - rules.build_cost(state, ANTOINE, card("Merchants Guild"))
    play(state, "build", "Merchants Guild")
    assert state.coins[ANTOINE] == before + 3


def test_shipowners_guild_brown_and_grey_summed_in_one_city():
    state = scenario(age=3, coins=(50, 0))
    give(state, ANTOINE, "Lumber Yard", "Quarry", "Clay Pool")  # 3 brown, 0 grey
    give(state, BRUNO, "Glassworks", "Press")  # 0 brown, 2 grey
    on_top(state, "Shipowners Guild")
    before = state.coins[ANTOINE] - rules.build_cost(state, ANTOINE, card("Shipowners Guild"))
    play(state, "build", "Shipowners Guild")
    assert state.coins[ANTOINE] == before + 3
    assert scoring.score_breakdown(state, ANTOINE)["guilds"] == 3


def test_guild_coins_when_built_vp_at_end_each_take_the_city_with_most():
    state = scenario(age=3, coins=(50, 0))
    give(state, ANTOINE, "Theater")
    give(state, BRUNO, "Altar", "Baths")
    on_top(state, "Magistrates Guild", "Palace")
    before = state.coins[ANTOINE] - rules.build_cost(state, ANTOINE, card("Magistrates Guild"))
    play(state, "build", "Magistrates Guild")
    assert state.coins[ANTOINE] == before + 2  # Bruno's 2 blue cards
    give(state, ANTOINE, "Temple", "Statue")  # now Antoine has 3
    assert scoring.score_breakdown(state, ANTOINE)["guilds"] == 3
    assert scoring.score_breakdown(state, BRUNO)["guilds"] == 0


def test_scientists_and_tacticians_guilds():
    state = scenario(age=3, coins=(50, 0))
    give(state, BRUNO, "Scriptorium", "Pharmacist", "Workshop", "Guard Tower")
    give(state, ANTOINE, "Stable", "Garrison")
    state.coins = [50, 0]
    for name, gain, vp in (("Scientists Guild", 3, 3), ("Tacticians Guild", 2, 2)):
        state.current = state.turn_player = ANTOINE
        on_top(state, name)
        before = state.coins[ANTOINE] - rules.build_cost(state, ANTOINE, card(name))
        play(state, "build", name)
        assert state.coins[ANTOINE] == before + gain, name
    assert scoring.score_breakdown(state, ANTOINE)["guilds"] == 3 + 2


def test_builders_guild_2_vp_per_wonder_of_city_with_most_no_coins():
    state = scenario(age=3, coins=(50, 0))
    mark_built(state, "The Pyramids", "Circus Maximus", "Piraeus", "The Colossus")
    on_top(state, "Builders Guild")
    before = state.coins[ANTOINE] - rules.build_cost(state, ANTOINE, card("Builders Guild"))
    play(state, "build", "Builders Guild")
    assert state.coins[ANTOINE] == before
    assert scoring.score_breakdown(state, ANTOINE)["guilds"] == 2 * 3


def test_moneylenders_guild_1_vp_per_3_coins_of_richest_city_no_coins():
    state = scenario(age=3, coins=(50, 0))
    on_top(state, "Moneylenders Guild")
    before = state.coins[ANTOINE] - rules.build_cost(state, ANTOINE, card("Moneylenders Guild"))
    play(state, "build", "Moneylenders Guild")
    assert state.coins[ANTOINE] == before
    state.coins = [5, 17]
    assert scoring.score_breakdown(state, ANTOINE)["guilds"] == 5
    assert scoring.score_breakdown(state, ANTOINE)["treasury"] == 1


# ------------------------------------------------------------------------------ end of an Age
def _end_age_one(pawn: int, last_player: int):
    state = scenario(age=1, coins=(30, 30))
    state.pawn = pawn
    state.current = state.turn_player = last_player
    leave_only(state, "Lumber Yard")
    play(state, "sell", "Lumber Yard")
    return state


def test_weaker_military_chooses_who_starts_next_age():
    state = _end_age_one(pawn=2, last_player=ANTOINE)  # pawn toward Bruno's capital: Bruno is weaker
    assert state.phase == Phase.STARTER and state.age == 2 and state.current == BRUNO
    assert state.cards_left == 20 and state.accessible_slots() == [18, 19]
    play(state, "starter", "me")
    assert state.phase == Phase.PLAY and state.current == BRUNO
    state = _end_age_one(pawn=-1, last_player=BRUNO)
    assert state.current == ANTOINE
    play(state, "starter", "opponent")
    assert state.current == BRUNO
    rec = record.game_record(state)
    assert rec["actions"][-1] == {"agent": "player_0", "kind": "starter", "card": None, "paid": 0,
                                  "starter": "player_1"}


def test_pawn_in_middle_last_player_chooses():
    state = _end_age_one(pawn=0, last_player=BRUNO)
    assert state.phase == Phase.STARTER and state.current == BRUNO
    state = _end_age_one(pawn=0, last_player=ANTOINE)
    assert state.current == ANTOINE


def test_age_three_end_is_civilian_scoring():
    state = scenario(age=3, coins=(30, 3))
    leave_only(state, "Palace")
    play(state, "sell", "Palace")
    assert state.phase == Phase.GAME_OVER and state.victory == Victory.CIVILIAN
    assert state.winners == (ANTOINE,)


# ------------------------------------------------------------------------------------ scoring
def test_score_eight_categories():
    state = scenario(age=3, coins=(11, 0))
    give(state, ANTOINE, "Palace", "Baths", "Academy", "Arena", "Magistrates Guild", "Tavern")
    grant(state, ANTOINE, "Philosophy")
    mark_built(state, "The Pyramids")
    give(state, BRUNO, "Altar")
    state.coins = [11, 0]
    state.pawn = 4
    result = scoring.score_breakdown(state, ANTOINE)
    assert result == {"civilian": 10, "science": 3, "commercial": 3, "guilds": 2, "wonders": 9,
                      "progress": 7, "treasury": 3, "military": 5, "total": 42}
    other = scoring.score_breakdown(state, BRUNO)
    assert other == {"civilian": 3, "science": 0, "commercial": 0, "guilds": 0, "wonders": 0,
                     "progress": 0, "treasury": 0, "military": 0, "total": 3}


def test_green_yellow_vp_counted_red_brown_grey_none():
    state = scenario(age=3, coins=(0, 0))
    give(state, ANTOINE, "Laboratory", "Dispensary", "Chamber of Commerce", "Pretorium", "Sawmill", "Glassworks")
    state.pawn = 0
    result = scoring.score_breakdown(state, ANTOINE)
    assert result["science"] == 1 + 2 and result["commercial"] == 3


def test_tie_broken_by_blue_points():
    state = scenario(age=3, coins=(0, 0))
    give(state, ANTOINE, "Obelisk")  # 5 blue VP
    give(state, BRUNO, "Academy", "Workshop", "Theater")  # 3 + 1 green VP, 3 blue VP
    state.coins = [6, 0]  # Antoine: 5 + treasury 2 = 7; Bruno 7
    leave_only(state, "Pretorium")
    play(state, "sell", "Pretorium")  # Antoine: 8 coins -> still 2 treasury
    assert scoring.score_breakdown(state, ANTOINE)["total"] == scoring.score_breakdown(state, BRUNO)["total"] == 7
    assert state.winners == (ANTOINE,)  # 5 blue vs 3
    assert record.game_record(state)["winners"] == ["player_0"]


def test_tie_with_equal_blue_is_shared():
    state = scenario(age=3, coins=(0, 0))
    give(state, ANTOINE, "Theater")
    give(state, BRUNO, "Altar")
    state.coins = [0, 0]
    leave_only(state, "Pretorium")
    play(state, "sell", "Pretorium")  # 2 coins: treasury 0
    assert state.winners == (0, 1) and state.victory == Victory.CIVILIAN
    assert record.game_record(state)["winners"] == ["player_0", "player_1"]


# ------------------------------------------------------------------------------------ record
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
