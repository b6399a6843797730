"""The Leaders tables of the package (leaders, Roma, the 4 Guilds) match the project's reference
tables where present, are well formed, and leave the base tables as they are."""


import pytest
from reference_rows import reference_rows

from wonders_env.seven_wonders.cards import (COUNT_LEADER, COUNT_THREE_COINS, COUNT_VICTORY_TOKEN, DATA_DIR,
                                             CardDatabase, CountReward, LeaderDiscount, Special, database)

LEADERS = ("leaders",)


def test_leaders_match_the_reference(reference_dir):
    reference = reference_rows(reference_dir / "expansions" / "7w1e_leaders.csv")
    package = reference_rows(DATA_DIR / "leaders_1st.csv")
    assert package == [{key: row[key] for key in ("name", "coin_cost", "effect", "timing")} for row in reference]


def test_roma_matches_the_reference(reference_dir):
    reference = reference_rows(reference_dir / "expansions" / "7w1e_leaders_wonders.csv")
    package = reference_rows(DATA_DIR / "wonders_1st_leaders.csv")
    notation = {"leader_discount:self*2;neighbours*1": "leader_discount:self*2;leader_discount:left+right*1"}
    assert package == [{key: notation.get(row[key], row[key]) for key in package[0]} for row in reference]


def test_guilds_match_the_reference(reference_dir):
    reference = reference_rows(reference_dir / "expansions" / "7w1e_leaders_guilds_and_cards.csv")
    package = reference_rows(DATA_DIR / "cards_1st_leaders.csv")
    assert package == [{key: row[key] for key in package[0]} for row in reference]


def test_the_leaders_table_extends_the_base_table_without_moving_it():
    base, leaders = database("1st"), database("1st", LEADERS)
    assert (base.num_types, len(base.cards), base.num_leaders, len(base.cities)) == (75, 148, 0, 7)
    assert (leaders.num_types, len(leaders.cards), leaders.num_leaders) == (79, 152, 36)
    assert leaders.types[:75] == base.types and leaders.cards[:148] == base.cards
    assert leaders.cities == base.cities + ["Roma"]
    assert [leaders.types[t].name for t in range(75, 79)] == [
        "Architects Guild", "Courtesans Guild", "Diplomats Guild", "Gamers Guild"]
    assert len(leaders.guild_cards()) == 14


def test_leader_costs_and_decisions_15_to_18():
    db = database("1st", LEADERS)
    costs = {leader.name: leader.coin_cost for leader in db.leaders}
    assert costs["Pericles"] == 6 and costs["Maecenas"] == 1 and min(costs.values()) == 1
    assert db.leaders[db.leader_of("Croesus")].effects[0].coins == 6  # decision 15
    assert db.types[db.type_of("Architects Guild")].resource_cost == (0, 0, 1, 3, 0, 1, 1)  # C OOO L P
    assert db.types[db.type_of("Courtesans Guild")].resource_cost == (1, 0, 1, 0, 1, 1, 0)  # W C G L
    assert db.types[db.type_of("Courtesans Guild")].effects == (Special("copy_leader"),)
    assert db.types[db.type_of("Diplomats Guild")].effects == (CountReward((COUNT_LEADER,), 6, 1, True),)
    assert db.types[db.type_of("Gamers Guild")].effects == (CountReward((COUNT_THREE_COINS,), 1, 1, True),)
    assert db.leaders[db.leader_of("Alexander")].effects == (CountReward((COUNT_VICTORY_TOKEN,), 1, 1, True),)
    assert [leader.timing for leader in db.leaders].count("end") == 17


def test_roma_sides():
    db = database("1st", LEADERS)
    side_a, side_b = db.wonder_side("Roma", "A"), db.wonder_side("Roma", "B")
    assert (len(side_a.stages), len(side_b.stages), side_a.starting_resource) == (2, 3, -1)
    assert side_a.board_effects == (LeaderDiscount(1, 0, free=True),)
    assert side_b.board_effects == (LeaderDiscount(1, 2), LeaderDiscount(6, 1))


def test_bad_leader_rows_and_tables_are_refused(tmp_path):
    bad = tmp_path / "leaders.csv"
    bad.write_text("name,coin_cost,effect,timing\nSappho,1,vp:2,immediate\n")
    db = database("1st", LEADERS)
    with pytest.raises(ValueError, match="'Sappho' has timing 'immediate'"):
        CardDatabase._load_leaders(db, bad)
    with pytest.raises(ValueError, match="unknown leader 'Caesarion'"):
        db.leader_of("Caesarion")
    with pytest.raises(ValueError, match="not supported with the 2nd edition.*1st edition: 'leaders'"):
        database("2nd", LEADERS)
    with pytest.raises(ValueError, match="expansions must be a tuple"):
        database("1st", "leaders")
    with pytest.raises(ValueError, match="unknown effect token 'bank_buy_any:1@twice'"):
        from wonders_env.seven_wonders.cards import parse_effect
        parse_effect("bank_buy_any:1@twice")
