"""The 2nd edition (2020) ruleset: its tables, new cards, new wonder powers and the env option."""

import csv

import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test

from wonders_env import seven_wonders_v0
from wonders_agents.random_agent import random_game
from wonders_env.seven_wonders import rules
from wonders_env.seven_wonders.actions import ActionKind, encode_action
from wonders_env.seven_wonders.cards import DATA_DIR, database
from wonders_env.seven_wonders.scoring import score_breakdown
from wonders_env.seven_wonders.state import new_game, place_building, place_stage

DB = database("2nd")
N = DB.num_types
COLUMNS = ("age", "name", "color", "min_players", "coin_cost", "resource_cost", "chains_from", "chains_to", "effect")


def copy_of(name: str, skip: int = 0) -> int:
    return [c.index for c in DB.cards if DB.types[c.type].name == name][skip]


def scenario(cities, sides="Day", coins=None):
    """A 2nd-edition game with these boards, all hands empty, Age I turn 1."""
    state = new_game(len(cities), seed=0, wonders=list(cities), wonder_sides=sides, edition="2nd")
    state.hands = [[] for _ in range(state.num_seats)]
    if coins is not None:
        state.coins = list(coins)
    return state


def act(kind, name):
    return encode_action(kind, DB.type_of(name), N)


def give(state, seat, *names):
    for name in names:
        place_building(state, seat, copy_of(name))


def test_tables_match_the_reference_with_the_uncertain_costs_in_one_place(reference_dir):
    with open(reference_dir / "7w2e_cards.csv", newline="") as handle:
        reference = list(csv.DictReader(handle))
    with open(DATA_DIR / "cards_2nd.csv", newline="") as handle:
        package = list(csv.DictReader(handle))
    uncertain = {row["name"] for row in reference if row["confidence"] == "uncertain"}
    assert uncertain == {"Town Hall", "Arena", "Circus", "Craftsmens Guild"}
    assert set(DB.uncertain_costs) == uncertain
    for ref, own in zip(reference, package, strict=True):
        expected = {column: ref[column] for column in COLUMNS}
        if ref["name"] in uncertain:
            assert own["resource_cost"] == "?"  # the cost lives in cards_2nd_uncertain_costs.csv
            own = dict(own, resource_cost=DB.uncertain_costs[ref["name"]])
        assert own == expected
    with open(reference_dir / "7w2e_wonders.csv", newline="") as handle:
        wonders = [{k: v for k, v in row.items() if k not in ("confidence", "sources")}
                   for row in csv.DictReader(handle)]
    with open(DATA_DIR / "wonders_2nd.csv", newline="") as handle:
        assert list(csv.DictReader(handle)) == wonders


def test_card_list_differs_from_the_first_edition():
    names = set(DB.type_index)
    assert {"Well", "Ludus", "Castrum", "Decorators Guild"} <= names
    assert not {"Pawnshop", "Strategists Guild"} & names
    assert len(DB.cards) == 148 and len(DB.guild_cards()) == 10


def test_sides_are_day_and_night_and_accept_a_b():
    state = new_game(3, seed=0, wonders=["Rhodes", "Giza", "Olympia"], wonder_sides=["A", "Night", "Day"],
                     edition="2nd")
    assert [board.side for board in state.wonders] == ["Day", "Night", "Day"]
    assert len(state.wonders[1].stages) == 4  # Giza Night


def test_no_two_player_variant_in_the_second_edition():
    with pytest.raises(ValueError, match="from 3 to 7 in the 2nd edition"):
        new_game(2, edition="2nd")
    with pytest.raises(ValueError, match="from 3 to 7 in the 2nd edition"):
        seven_wonders_v0.env(num_players=2, edition="2nd")


def test_well_chains_to_statue():
    state = scenario(["Rhodes", "Giza", "Ephesus"])
    give(state, 0, "Well")
    assert rules.build_payment(state, 0, DB.type_of("Statue")) == (0, 0, 0)


def test_theater_chains_to_gardens():
    """Rulebook example: the Theater makes the Gardens free."""
    state = scenario(["Rhodes", "Giza", "Ephesus"])
    give(state, 0, "Theater")
    assert rules.build_payment(state, 0, DB.type_of("Gardens")) == (0, 0, 0)


def test_ludus_pays_three_coins_and_one_point_per_red_card():
    state = scenario(["Rhodes", "Giza", "Ephesus"], coins=[3, 3, 3])
    give(state, 0, "Stone Pit", "Barracks", "Stockade", "Ore Vein")
    give(state, 1, "Guard Tower")
    state.age, state.turn = 3, 1
    state.hands = [[copy_of("Ludus")], [copy_of("Palace")], [copy_of("Senate")]]
    state.clear_caches()
    rules.apply_actions(state, {0: act(ActionKind.BUILD, "Ludus"), 1: act(ActionKind.SELL, "Palace"),
                               2: act(ActionKind.SELL, "Senate")})
    assert state.coins[0] == 3 + 3 * 2  # two red cards in its own city; the neighbour's does not count
    assert score_breakdown(state, 0)["commercial"] == 2


def test_castrum_gives_three_shields():
    state = scenario(["Rhodes", "Giza", "Ephesus"])
    give(state, 0, "Castrum")
    assert state.shields[0] == 3


def test_decorators_guild_scores_seven_with_a_complete_wonder_only():
    state = scenario(["Rhodes", "Giza", "Ephesus"], sides="Night")
    give(state, 0, "Decorators Guild")
    assert score_breakdown(state, 0)["guilds"] == 0
    for stage_card in range(2):  # Rhodes Night has two stages
        place_stage(state, 0, copy_of("Loom", stage_card))
    assert score_breakdown(state, 0)["guilds"] == 7


def test_olympia_day_builds_the_first_card_of_each_colour_free():
    state = scenario(["Olympia", "Giza", "Ephesus"], sides="Day", coins=[0, 3, 3])
    place_stage(state, 0, copy_of("Loom"))
    place_stage(state, 0, copy_of("Press"))
    state.clear_caches()
    assert rules.build_payment(state, 0, DB.type_of("Baths")) == (0, 0, 0)  # first blue, no stone
    give(state, 0, "Altar")
    state.clear_caches()
    assert rules.build_payment(state, 0, DB.type_of("Baths")) is None  # blue is in the city now
    assert rules.build_payment(state, 0, DB.type_of("Timber Yard")) == (0, 0, 0)  # first brown, no coin


def test_olympia_night_first_card_of_each_later_age_is_free():
    state = scenario(["Olympia", "Giza", "Ephesus"], sides="Night", coins=[0, 3, 3])
    state.age, state.turn = 1, 3
    place_stage(state, 0, copy_of("Loom"))
    state.turn = 1
    state.clear_caches()
    assert rules.build_payment(state, 0, DB.type_of("Baths")) is None  # not in the Age it was built
    state.age = 2
    state.clear_caches()
    assert rules.build_payment(state, 0, DB.type_of("Aqueduct")) == (0, 0, 0)
    state.turn = 2
    state.clear_caches()
    assert rules.build_payment(state, 0, DB.type_of("Aqueduct")) is None


def test_olympia_night_sixth_card_of_each_age_is_free_from_the_age_of_stage_two():
    state = scenario(["Olympia", "Giza", "Ephesus"], sides="Night", coins=[0, 3, 3])
    place_stage(state, 0, copy_of("Loom"))
    place_stage(state, 0, copy_of("Press"))
    state.turn = 6
    state.clear_caches()
    assert rules.build_payment(state, 0, DB.type_of("Baths")) == (0, 0, 0)
    state.turn = 5
    state.clear_caches()
    assert rules.build_payment(state, 0, DB.type_of("Baths")) is None


def test_babylon_night_plays_the_seventh_card():
    state = scenario(["Babylon", "Giza", "Ephesus"], sides="Night", coins=[3, 3, 3])
    place_stage(state, 0, copy_of("Loom"))  # stage 1: play the 7th card
    state.turn = 6
    state.hands = [[copy_of("Altar"), copy_of("Theater")], [copy_of("Baths"), copy_of("Tavern")],
                   [copy_of("Press"), copy_of("Glassworks")]]
    state.clear_caches()
    rules.apply_actions(state, {0: act(ActionKind.BUILD, "Altar"), 1: act(ActionKind.SELL, "Baths"),
                               2: act(ActionKind.SELL, "Press")})
    assert state.phase.name == "SEVENTH_CARD" and rules.acting_seats(state) == [0]
    rules.apply_actions(state, {0: act(ActionKind.BUILD, "Theater")})
    names = {DB.types[DB.cards[c].type].name for c in state.built[0]}
    assert {"Altar", "Theater"} <= names
    assert state.age == 2


def test_record_says_second_edition_with_its_names():
    record = random_game(seven_wonders_v0.env(num_players=3, edition="2nd", wonder_sides="Night"), seed=1)
    assert record["edition"] == "2nd" and record["finished"]
    assert {p["side"] for p in record["players"]} == {"Night"}
    assert {a["card"] for a in record["actions"]} <= set(DB.type_index)


@pytest.mark.parametrize("num_players", [3, 7])
def test_pettingzoo_api_second_edition(num_players):
    api_test(seven_wonders_v0.env(num_players=num_players, edition="2nd"), num_cycles=1000)
    parallel_api_test(seven_wonders_v0.parallel_env(num_players=num_players, edition="2nd"), num_cycles=1000)
    seed_test(lambda: seven_wonders_v0.env(num_players=num_players, edition="2nd"), num_cycles=300)


def test_action_space_follows_the_edition_table():
    assert seven_wonders_v0.env(edition="2nd").action_space("player_0").n == 5 * 77 + 1
    assert seven_wonders_v0.env(edition="1st").action_space("player_0").n == 5 * 75 + 1


def test_production_example_of_the_second_edition_rulebook():
    """'You produce 2 Stones, 1 Ore, and 1 Papyrus': the Barracks and the Scriptorium can be
    built, the Guard Tower (1 clay) cannot without buying."""
    state = scenario(["Giza", "Rhodes", "Alexandria"], coins=[0, 3, 3])  # neighbours sell no clay
    give(state, 0, "Stone Pit", "Ore Vein", "Press")
    assert rules.build_payment(state, 0, DB.type_of("Barracks")) == (0, 0, 0)
    assert rules.build_payment(state, 0, DB.type_of("Scriptorium")) == (0, 0, 0)
    assert rules.build_payment(state, 0, DB.type_of("Guard Tower")) is None


def test_military_example_of_the_second_edition_rulebook():
    """End of Age II: strength 4 against 5 on the left and 2 on the right: a Defeat token and an
    Age II Victory token (3 points)."""
    state = scenario(["Rhodes", "Giza", "Ephesus"])
    state.age, state.turn = 2, 6
    state.shields = [4, 2, 5]  # seat 0's left neighbour is seat 2, its right neighbour seat 1
    state.hands = [[copy_of("Aqueduct")], [copy_of("Courthouse")], [copy_of("Statue")]]
    state.clear_caches()
    rules.apply_actions(state, {0: act(ActionKind.SELL, "Aqueduct"), 1: act(ActionKind.SELL, "Courthouse"),
                       2: act(ActionKind.SELL, "Statue")})
    assert state.military_tokens[0] == [-1, 3]
    assert state.age == 3
