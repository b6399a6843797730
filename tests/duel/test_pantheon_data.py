"""Pantheon's tables (``wonders_env/duel/data/pantheon_*``) match the project's reference tables
(``expansions/`` of the reference folder, where present), and the base tables keep every id."""

import re

import pytest
from reference_rows import reference_rows

from wonders_env.duel import cards as duel_cards
from wonders_env.duel.cards import (MYTHOLOGIES, NONE, EffectKind, database, parse_effects, resource_counts)

PANTHEON = database("1st", ("pantheon",))
TABLES = PANTHEON.pantheon
#: the reference notation's tokens that our vocabulary spells otherwise (same meaning; the rules
#: module names the project's decisions the reference leaves to us: Zeus takes the token, decision 1)
OUR_SPELLING = {
    "science=copy_opponent_green": "copy_opponent_green",
    "discard_structure_card=any;take_token_on_it": "discard_structure_card",
    "unbuild_wonder=any": "unbuild_wonder",
    "gate_cost_multiplier=2;reveal_top_each_mythology;activate_one_free":
        "gate_cost_multiplier=2;reveal_top_each_mythology",
}


def setup_table(expansions_dir, title):
    """The rows of the markdown table under ``title`` in ``duel_pantheon_setup.md``, as cell lists."""
    text = (expansions_dir / "duel_pantheon_setup.md").read_text(encoding="utf-8")
    section = text[text.index(title):]
    lines = []
    for line in section.splitlines():
        if not line.startswith("|"):
            break
        lines.append(line)
    return [[cell.strip() for cell in line.strip("|").split("|")] for line in lines[2:]]


def test_the_divinities_match_the_reference(expansions_dir):
    reference = reference_rows(expansions_dir / "duel_pantheon_divinities.csv")
    assert len(reference) == len(TABLES.divinities) == 16
    for row, divinity in zip(reference, TABLES.divinities):
        assert divinity.name == row["name"]
        assert (MYTHOLOGIES[divinity.mythology] if divinity.mythology != NONE else "Gate") == row["mythology"]
        assert divinity.effects == parse_effects(OUR_SPELLING.get(row["effect"], row["effect"]))


def test_the_tokens_match_the_reference(expansions_dir):
    reference = reference_rows(expansions_dir / "duel_pantheon_tokens.csv")
    mythology = {row["mythology_or_value"]: int(row["count_in_box"]) for row in reference if row["kind"] == "mythology"}
    assert mythology == {name: sum(1 for t in TABLES.tokens if t.mythology == MYTHOLOGIES.index(name))
                         for name in MYTHOLOGIES}
    offerings = sorted(-int(row["mythology_or_value"]) for row in reference if row["kind"] == "offering")
    assert offerings == sorted(TABLES.tokens[t].discount for t in TABLES.offering_tokens) == [2, 3, 4]
    for row in reference:
        if row["kind"] == "offering":
            assert f"pantheon_discount={-int(row['mythology_or_value'])}" in row["effect"]
        if row["kind"] == "mythology":
            assert "draw2_place1_pantheon" in row["effect"]
    assert all(TABLES.token_draw[t] == 2 for t in TABLES.mythology_tokens)


def test_the_grand_temples_match_the_reference(expansions_dir):
    table = setup_table(expansions_dir, "| Grand Temple |")
    temples = [c for c in PANTHEON.cards if c.deck == duel_cards.TEMPLE_DECK]
    assert len(table) == len(temples) == 5
    for (name, cost, free_with, _), card in zip(table, temples):
        assert card.name == name and card.cost == resource_counts(cost)
        assert PANTHEON.card_temple[card.id] == MYTHOLOGIES.index(free_with)
        assert card.color == duel_cards.PURPLE and card.coin_cost == 0
    text = (expansions_dir / "duel_pantheon_setup.md").read_text(encoding="utf-8")
    assert "**5 / 12 / 21 VP**" in text and TABLES.grand_temple_vp == (0, 5, 12, 21)
    assert "**3 of the 5 Grand Temples**" in text and TABLES.grand_temples_per_game == 3


def test_the_new_wonders_and_progress_tokens_match_the_reference(expansions_dir):
    table = {row[0]: row for row in setup_table(expansions_dir, "| item | cost |")}
    sanctuary, theater = PANTHEON.wonders[12:]
    assert sanctuary.name == "The Sanctuary" and sanctuary.cost == resource_counts(
        re.search(r"`(\w+)`", table["The Sanctuary (wonder)"][1]).group(1))
    assert theater.name == "The Divine Theater" and theater.cost == resource_counts(
        re.search(r"`(\w+)`", table["The Divine Theater (wonder)"][1]).group(1))
    assert "play again" in table["The Sanctuary (wonder)"][2] and PANTHEON.wonder_play_again[12]
    assert "−2" in table["The Sanctuary (wonder)"][2] and PANTHEON.wonder_pantheon_discount[12] == 2
    assert "2 VP" in table["The Divine Theater (wonder)"][2] and PANTHEON.wonder_vp[13] == 2
    assert PANTHEON.wonder_theater == (False,) * 13 + (True,)
    names = [t.name for t in PANTHEON.progress_tokens[10:]]
    assert names == ["Mysticism", "Poliorcetics", "Engineering"]
    assert all(f"{name} (progress)" in table for name in names)
    assert "2 VP per mythology token and per offering token" in table["Mysticism (progress)"][2]
    assert PANTHEON.mysticism_vp == 2
    assert "1 coin per space" in table["Poliorcetics (progress)"][2] and PANTHEON.poliorcetics_coins == 1
    assert "for 1 coin" in table["Engineering (progress)"][2] and PANTHEON.engineering_price == 1


def test_the_prices_and_slots_match_the_reference(expansions_dir):
    text = (expansions_dir / "duel_pantheon_setup.md").read_text(encoding="utf-8")
    assert "X pays 3, 4, 5, 6, 7, 8; the opponent pays 8, 7, 6, 5, 4, 3" in text
    assert TABLES.space_prices == ((8, 7, 6, 5, 4, 3), (3, 4, 5, 6, 7, 8))
    assert "slots **2, 4, 9, 11, 13**" in text and TABLES.token_slots[0] == (2, 4, 9, 11, 13)
    assert "slots **6, 8, 10**" in text and TABLES.token_slots[1] == (6, 8, 10)
    assert "No tokens in Age III" in text and TABLES.token_slots[2] == ()
    assert "from **Age II** on" in text and TABLES.first_activation_age == 2
    gate = TABLES.divinities[TABLES.gate]
    assert TABLES.divinity_price_multiplier[TABLES.gate] == 2 and gate.name == "Gate"


def test_the_base_tables_keep_their_ids_and_numbers():
    base = duel_cards.BASE
    assert PANTHEON.cards[:73] == base.cards and PANTHEON.wonders[:12] == base.wonders
    assert PANTHEON.progress_tokens[:10] == base.progress_tokens
    assert (base.num_cards, base.num_wonders, base.num_tokens, base.num_decks) == (73, 12, 10, 4)
    assert (PANTHEON.num_cards, PANTHEON.num_wonders, PANTHEON.num_tokens, PANTHEON.num_decks) == (78, 14, 13, 5)
    assert base.pantheon is None and base.expansions == ()
    assert base.card_temple == (NONE,) * 73 and base.mysticism == base.engineering == NONE
    assert PANTHEON.age3_extra_deck == duel_cards.TEMPLE_DECK and base.age3_extra_deck == duel_cards.GUILD_DECK


def test_the_pantheon_tables_are_validated_at_load(tmp_path):
    import shutil
    for path in duel_cards.DATA_DIR.iterdir():
        shutil.copy(path, tmp_path / path.name)
    with open(tmp_path / "pantheon_divinities.csv", "a", encoding="utf-8") as handle:
        handle.write("Extra,Greek,vp=1\n")
    with pytest.raises(ValueError, match="3 divinities per mythology"):
        duel_cards.DuelDatabase("1st", tmp_path, ("pantheon",))
    with pytest.raises(ValueError, match="unknown Duel expansions"):
        duel_cards.DuelDatabase("1st", tmp_path, ("leaders",))
    with pytest.raises(ValueError, match="unknown mythology"):
        parse_effects("grand_temple=Norse")
    assert parse_effects("steal_card=brown|grey") == (duel_cards.Effect(EffectKind.STEAL_CARD, what=0b11),)


def test_a_pantheon_database_pickles_as_its_name():
    import pickle
    assert pickle.loads(pickle.dumps(PANTHEON)) is PANTHEON
