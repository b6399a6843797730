"""The Duel package tables match the project's reference tables (where present, see
``tests/conftest.py``): cards, wonders, progress tokens, structures."""

import csv
import re

import pytest

from wonders_env.duel import cards as duel_cards
from wonders_env.duel.cards import (CARDS, CHAIN_SYMBOLS, COLORS, DECKS, LAYOUTS, PROGRESS_TOKENS,
                                    RESOURCES, WONDERS, parse_effects, resource_counts)


def reference_rows(reference_dir, name):
    with open(reference_dir / name, newline="") as handle:
        return list(csv.DictReader(handle))


def test_cards_match_the_reference(reference_dir):
    rows = reference_rows(reference_dir, "duel_cards.csv")
    assert len(rows) == len(CARDS) == 73
    for row, card in zip(rows, CARDS):
        assert card.name == row["name"]
        assert DECKS[card.deck] == row["deck"]
        assert COLORS[card.color] == row["color"]
        assert card.coin_cost == int(row["coin_cost"])
        assert card.cost == resource_counts(row["resource_cost"])
        given, needed = row["chain_symbol_given"], row["chain_symbol_required"]
        assert card.chain_gives == (CHAIN_SYMBOLS.index(given) if given else -1)
        assert card.chain_needs == (CHAIN_SYMBOLS.index(needed) if needed else -1)
        assert card.effects == parse_effects(row["effect"])


def test_wonders_and_tokens_match_the_reference(reference_dir):
    wonders = reference_rows(reference_dir, "duel_wonders.csv")
    assert [(w.name, w.cost, w.effects) for w in WONDERS] == [
        (r["name"], resource_counts(r["resource_cost"]), parse_effects(r["effect"])) for r in wonders]
    tokens = reference_rows(reference_dir, "duel_progress.csv")
    assert [(t.name, t.effects) for t in PROGRESS_TOKENS] == [
        (r["name"], parse_effects(r["effect"])) for r in tokens]


def test_structures_match_the_reference_tables(reference_dir):
    text = (reference_dir / "duel_layouts.md").read_text()
    sections = re.split(r"^## Age ", text, flags=re.M)[1:4]
    for layout, section in zip(LAYOUTS, sections):
        rows = re.findall(r"^\| (\d+) \| (\d+) \| (\d+) \| (up|down) \| ([^|]*)\|", section, flags=re.M)
        assert len(rows) == 20
        for slot, row, col, face, covered in rows:
            s = int(slot)
            assert layout.row[s] == int(row) and layout.col[s] == int(col)
            assert layout.face_up[s] == (face == "up")
            expected = tuple(int(x) for x in re.findall(r"\d+", covered))
            assert tuple(sorted(layout.covered_by[s])) == expected


def test_each_chain_symbol_links_one_giver_to_its_cards():
    for symbol in range(len(CHAIN_SYMBOLS)):
        assert sum(1 for c in CARDS if c.chain_gives == symbol) == 1
        assert sum(1 for c in CARDS if c.chain_needs == symbol) >= 1
    assert len(RESOURCES) == 5


def test_chain_symbols_link_the_cards_the_reference_names(reference_dir):
    rows = {row["name"]: row for row in reference_rows(reference_dir, "duel_cards.csv")}
    for card in CARDS:
        givers = [c.name for c in CARDS if card.chain_needs >= 0 and c.chain_gives == card.chain_needs]
        takers = [c.name for c in CARDS if card.chain_gives >= 0 and c.chain_needs == card.chain_gives]
        assert givers == ([rows[card.name]["chain_from"]] if rows[card.name]["chain_from"] else [])
        assert takers == ([rows[card.name]["chain_to"]] if rows[card.name]["chain_to"] else [])


def test_the_database_counts_come_from_its_tables(grown_database):
    """An expansion is a second table: the same loader, other files, other counts."""
    base = duel_cards.database("1st")
    assert base is duel_cards.BASE and base.cards is CARDS
    assert (base.num_cards, base.num_wonders, base.num_tokens, base.num_slots) == (73, 12, 10, 20)
    grown = grown_database
    assert grown.num_cards == 74 and grown.card_production[73] == (0, 0, 2, 0, 0)
    assert grown.deck_cards[0][-1] == 73 and grown.card_vp == base.card_vp + (0,)


def test_a_database_whose_tables_do_not_fit_its_edition_is_refused(monkeypatch):
    with pytest.raises(ValueError, match="unknown Duel edition 'agora'; available: '1st'"):
        duel_cards.database("agora")
    monkeypatch.setitem(duel_cards.EDITIONS, "short", duel_cards.Edition(
        "cards.csv", "wonders.csv", "progress.csv", "layouts.json", (24, 23, 20, 7), 12, 10))
    with pytest.raises(ValueError, match=r"cards.csv: expected \(24, 23, 20, 7\) cards per deck, "
                                         r"got \(23, 23, 20, 7\)"):
        duel_cards.DuelDatabase("short")
