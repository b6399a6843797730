"""The package's card and wonder tables match the project's reference tables (where present, see
``tests/conftest.py``) and are well formed."""

import csv

import pytest

from wonders_env.seven_wonders.cards import DATA_DIR, database


def read_rows(path):
    with open(path, newline="") as handle:
        return list(csv.DictReader(handle))


@pytest.mark.parametrize("package_file, reference_file", [
    ("cards_1st.csv", "7w1e_cards.csv"), ("wonders_1st.csv", "7w1e_wonders.csv")])
def test_package_tables_match_the_reference(reference_dir, package_file, reference_file):
    assert read_rows(DATA_DIR / package_file) == read_rows(reference_dir / reference_file)


def test_card_counts_per_age():
    db = database()
    counts = [sum(1 for c in db.cards if c.age == age) for age in (1, 2, 3)]
    assert counts == [49, 49, 50]
    assert len(db.types) == 75
    assert len(db.guild_cards()) == 10


@pytest.mark.parametrize("players", range(3, 8))
def test_each_age_deals_seven_cards_per_player(players):
    db = database()
    for age in (1, 2):
        assert len(db.deck(age, players)) == 7 * players
    assert len(db.deck(3, players)) + players + 2 == 7 * players


def test_wonders_have_both_sides_with_their_stage_counts():
    db = database()
    stages = {(city, side): len(db.wonder_side(city, side).stages) for city in db.cities for side in "AB"}
    assert len(stages) == 14
    assert stages[("Giza", "B")] == 4
    assert stages[("Rhodes", "B")] == 2
    assert stages[("Alexandria", "A")] == 3


def test_unknown_names_raise_clear_errors():
    db = database()
    with pytest.raises(ValueError, match="unknown card 'Lumberyard'"):
        db.type_of("Lumberyard")
    with pytest.raises(ValueError, match="unknown wonder 'Atlantis'.*Rhodes"):
        db.wonder_side("Atlantis", "A")
    with pytest.raises(ValueError, match="unknown wonder side 'C'"):
        db.wonder_side("Rhodes", "C")
    with pytest.raises(ValueError, match="unknown edition"):
        database("3rd")
