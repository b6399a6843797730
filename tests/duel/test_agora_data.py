"""Agora's tables (``wonders_env/duel/data/agora*``) match the project's reference tables
(``expansions/`` of the reference folder, where present), the README's decisions 9-14 are the
tables' values, and the base and Pantheon tables keep every id."""

import ast
import json
import re
import shutil

import pytest
from reference_rows import reference_rows

from wonders_env.duel import cards as duel_cards
from wonders_env.duel.cards import COLORS, SENATOR, SENATOR_DECK, Effect, EffectKind, database, parse_effects

AGORA = database("1st", ("agora",))
BOTH = database("1st", ("pantheon", "agora"))
TABLES = AGORA.agora
#: the reference notation's conspiracy effects as our vocabulary spells them (their optional move
#: is a ``move_influence=1`` token: the column ``also_move_influence``)
CONSPIRACY_SPELLING = {
    "steal_unbuilt_wonder": "steal_unbuilt_wonder",
    "steal_coins=half_round_up": "steal_half_coins",
    "destroy=blue": "destroy=blue",
    "destroy=yellow": "destroy=yellow",
    "lock_progress_token=board|opponent|setaside": "lock_progress_token",
    "shields=2": "shields=2",
    "build_free_from_last_row;not=senator": "build_free_from_first_row",
    "build_free_from_removed=age*3": "build_free_from_boxed",
    "place_any;remove_opponent_cube;move_adjacent": "place_influence=1;remove_opponent_influence=1",
    "progress_from_setaside=all": "progress_from_all_unused",
    "discard_accessible_card=1..2": "discard_accessible_cards=2",
    "coins_per_own_cube=1;opponent_loses_per_their_cube=1": "coins_per_own_cube=1;opponent_loses_per_cube=1",
    "steal_card=brown|grey": "steal_card=brown|grey",
    "swap_card=blue|green": "swap_card=blue|green",
    "move_decree": "move_decree",
    "destroy_built_wonder": "box_built_wonder",
}
DECREE_SPELLING = {
    "coins_on_any_build=blue*age": "build_income=blue", "coins_on_any_build=green*age": "build_income=green",
    "coins_on_any_build=yellow*age": "build_income=yellow", "coins_on_any_build=red*age": "build_income=red",
    "ignore_cost_symbol=yellow*1": "ignore_cost_symbol=yellow", "ignore_cost_symbol=red*1": "ignore_cost_symbol=red",
    "ignore_cost_symbol=green*1": "ignore_cost_symbol=green", "wonder_discount=1": "wonder_discount=1",
    "shield_while_controlled=1": "shield_while_controlled=1",
    "trade_discount=brown*1;min_price=1": "trade_discount=W|C|S",
    "trade_discount=grey*1;min_price=1": "trade_discount=G|P",
    "senate_actions_blue_bonus=2": "senate_blue_bonus=2", "discard_bonus=2": "discard_bonus=2",
    "coins_on_any_wonder=age": "wonder_income", "chains_from_opponent": "chains_from_opponent",
    "play_again_on_conspirator": "play_again_on_conspirator",
}


@pytest.fixture
def setup_text(expansions_dir):
    return (expansions_dir / "duel_agora_setup.md").read_text(encoding="utf-8")


def test_the_senators_match_the_reference(expansions_dir):
    senators = [AGORA.cards[c] for c in TABLES.senators]
    for row in reference_rows(expansions_dir / "duel_agora_senators.csv"):
        chambers = sum(1 << (int(n) - 1) for n in row["chambers_for_place"].split("|"))
        if row["subtype"] == "politician":
            ours = [c for c in senators if TABLES.politician_chambers[c.id] == chambers]
        else:
            assert chambers == 0b111111 and "place_any_chamber|conspire" in row["effect"]
            ours = [c for c in senators if TABLES.conspirator[c.id]]
        assert len(ours) == int(row["count"]), row["card"]
        assert all(c.color == SENATOR and c.coin_cost == 0 and not any(c.cost) for c in ours)
    assert len(senators) == 13 and [AGORA.cards[c].deck for c in TABLES.senators] == [SENATOR_DECK] * 13
    assert "by_blue(0-1:1|2-3:2|4+:3)" in reference_rows(expansions_dir / "duel_agora_senators.csv")[0]["effect"]
    assert [TABLES.senate_actions(blue) for blue in range(8)] == [1, 1, 2, 2, 3, 3, 3, 3]


def test_the_conspiracies_match_the_reference(expansions_dir):
    reference = reference_rows(expansions_dir / "duel_agora_conspiracies.csv")
    assert len(reference) == len(TABLES.conspiracies) == 16
    for row, conspiracy in zip(reference, TABLES.conspiracies):
        assert conspiracy.id == int(row["id"]) - 1 and conspiracy.name == row["name"]
        moves = row["also_move_influence"].startswith(("yes", "B: yes"))  # decision 9: Blackmail moves (as B)
        spelled = CONSPIRACY_SPELLING[row["effect"]] + (";move_influence=1" if moves else "")
        assert conspiracy.effects == parse_effects(spelled), row["name"]


def test_the_decrees_match_the_reference(expansions_dir):
    reference = reference_rows(expansions_dir / "duel_agora_decrees.csv")
    assert len(reference) == len(TABLES.decrees) == 16
    for row, decree in zip(reference, TABLES.decrees):
        assert decree.id == int(row["id"]) - 1 and decree.name == row["decree (no printed name)"]
        assert decree.effects == parse_effects(DECREE_SPELLING[row["effect"]]), row["effect"]
    assert "never below 1" in reference[9]["effect_summary"] and TABLES.trade_discount_min_price == 1


def test_the_senate_matches_the_reference(setup_text):
    assert "**1, 2, 3, 3, 2, 1**" in setup_text and TABLES.chamber_vp == (1, 2, 3, 3, 2, 1)  # decision 13
    assert "chambers **1, 3, 5 face up and 2, 4, 6 face down**" in setup_text
    assert TABLES.decree_face_up == (True, False, True, False, True, False)  # decision 13
    assert "12 per player" in setup_text and TABLES.cubes_per_player == 12 and TABLES.num_chambers == 6
    assert "**5 in Age I, 5 in Age II, 3 in Age III**" in setup_text and TABLES.senators_per_age == (5, 5, 3)
    assert "draw 2, keep 1" in setup_text and TABLES.conspiracies_drawn == 2
    assert "value 2 → place; value 5 → remove + optional move" in setup_text
    assert TABLES.military_token_effects == {3: parse_effects("place_influence=1"),
                                             6: parse_effects("remove_opponent_influence=1;move_influence=1")}


def test_the_structures_match_the_reference(setup_text):
    for layout in AGORA.layouts:
        section = setup_text[setup_text.index(f"### Age {layout.age}:"):]
        covered_by = ast.literal_eval(re.search(r"compact covered_by: (\{.*\})", section).group(1))
        face_down = ast.literal_eval(re.search(r"face down: (\[.*\])", section).group(1))
        assert layout.covered_by == tuple(tuple(covered_by[s]) for s in range(len(covered_by)))
        assert [s for s, up in enumerate(layout.face_up) if not up] == face_down
        table = re.findall(r"^\| (\d+) \| (\d+) \| (\d+) \|", section[:section.index("compact")], re.M)
        assert [(int(r), int(c)) for _, r, c in table] == list(zip(layout.row, layout.col))
    assert [len(layout.row) for layout in AGORA.layouts] == [25, 25, 23] and AGORA.num_slots == 25
    assert BOTH.layouts == AGORA.layouts


def test_the_pantheon_token_slots_with_agora_match_the_reference(expansions_dir, setup_text):
    pantheon_text = (expansions_dir / "duel_pantheon_setup.md").read_text(encoding="utf-8")
    assert "slots **4, 6, 12, 14, 17**" in pantheon_text and "tokens on **4, 6, 12, 14, 17**" in setup_text
    assert "slots **7, 9, 12**" in pantheon_text and "tokens on\n**7, 9, 12**" in setup_text
    assert BOTH.pantheon.token_slots == ((4, 6, 12, 14, 17), (7, 9, 12), ())
    assert database("1st", ("pantheon",)).pantheon.token_slots == ((2, 4, 9, 11, 13), (6, 8, 10), ())


def test_the_new_wonders_and_progress_tokens_match_the_reference(setup_text):
    table = {cells[0]: cells for cells in (
        [cell.strip() for cell in line.strip("|").split("|")]
        for line in setup_text[setup_text.index("| item | cost"):].splitlines()[2:6])}
    curia, knossos = AGORA.wonders[12:]
    assert (curia.name, knossos.name) == ("Curia Julia", "Knossos")
    assert curia.cost == duel_cards.resource_counts(table["Curia Julia"][1])
    assert knossos.cost == duel_cards.resource_counts(table["Knossos"][1])
    assert "take 6 coins, play again" in table["Curia Julia"][2]
    assert curia.effects == parse_effects("draft_conspire;trigger_unprepared_conspiracy;coins=6;play_again")
    assert "place 1 cube, may move 1 cube, 3 VP" in table["Knossos"][2]
    assert knossos.effects == parse_effects("draft_place_influence=1;place_influence=1;move_influence=1;vp=3")
    corruption, crime = AGORA.progress_tokens[10:]
    assert "free" in table["Corruption"][2] and corruption.effects == (Effect(EffectKind.FREE_SENATORS),)
    assert "keep both" in table["Organized Crime"][2] and crime.effects == (Effect(EffectKind.CONSPIRE_KEEP_BOTH),)


def test_the_base_and_pantheon_tables_keep_their_ids_and_numbers():
    base, pantheon = duel_cards.BASE, database("1st", ("pantheon",))
    assert AGORA.cards[:73] == base.cards and AGORA.wonders[:12] == base.wonders
    assert AGORA.progress_tokens[:10] == base.progress_tokens
    assert BOTH.cards[:78] == pantheon.cards and BOTH.wonders[:14] == pantheon.wonders
    assert BOTH.progress_tokens[:13] == pantheon.progress_tokens
    assert (AGORA.num_cards, AGORA.num_wonders, AGORA.num_tokens, AGORA.num_decks) == (86, 14, 12, 6)
    assert (BOTH.num_cards, BOTH.num_wonders, BOTH.num_tokens, BOTH.num_decks) == (91, 16, 15, 6)
    assert base.layouts == base.edition_layouts and base.num_slots == pantheon.num_slots == 20
    assert base.num_colors == pantheon.num_colors == 7 and AGORA.num_colors == BOTH.num_colors == 8  # the core: 7
    assert base.agora is None and pantheon.agora is None and AGORA.pantheon is None
    assert COLORS[:7] == ("brown", "grey", "blue", "green", "yellow", "red", "purple")
    assert [AGORA.cards[c].age for c in TABLES.senators] == [0] * 13  # no Age of their own
    assert AGORA.age3_extra_deck == duel_cards.GUILD_DECK and BOTH.age3_extra_deck == duel_cards.TEMPLE_DECK


def test_agora_is_offered_alone_and_with_pantheon_on_the_python_engine():
    from wonders_env import registry
    from wonders_env.duel.game import DuelGame
    assert duel_cards.PLAYABLE_EXPANSIONS == ("pantheon", "agora")
    assert registry.entry("seven_wonders_duel").expansions == ("pantheon", "agora")
    for expansions, db in ((("agora",), AGORA), (("pantheon", "agora"), BOTH)):
        assert duel_cards.check_expansions(expansions) == expansions
        assert DuelGame(edition=db).db is db and DuelGame("1st", expansions).db is db
    assert duel_cards.check_expansions(("agora", "pantheon")) == ("pantheon", "agora")  # one spelling


@pytest.fixture
def table_copy(tmp_path):
    for path in duel_cards.DATA_DIR.iterdir():
        if path.is_file():
            shutil.copy(path, tmp_path / path.name)
    return tmp_path


def _edit_json(path, **changes):
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw.update(changes)
    path.write_text(json.dumps(raw), encoding="utf-8")


def test_the_agora_tables_are_validated_at_load(table_copy):
    with open(table_copy / "agora_decrees.csv", "a", encoding="utf-8") as handle:
        handle.write("Extra,discard_bonus=1\n")
    with pytest.raises(ValueError, match=r"16 conspiracies and 16 decrees \(agora.json\), got 16 and 17"):
        duel_cards.DuelDatabase("1st", table_copy, ("agora",))


@pytest.mark.parametrize(("changes", "message"), [
    ({"chamber_vp": [1, 2, 3]}, "one value per chamber"),
    ({"decrees_in_box": 17}, "16 conspiracies and 17 decrees"),
    ({"chambers": 17, "chamber_vp": [1] * 17, "decree_face_up": [1] * 17}, "one decree per chamber needs 17"),
    ({"senators_per_age": [5, 5, 4]}, "must deal the 13 Senators"),
    ({"military_token_effects": {"3": "vp=1"}}, "takes influence effects"),
    ({"pantheon_token_slots": {"1": [25], "2": [], "3": []}}, "face-down slots of the Age 1 structure"),
    ({"pantheon_token_slots": {"1": [], "2": [7, 13], "3": []}}, "face-down slots of the Age 2 structure"),
])
def test_agora_json_is_validated_at_load(table_copy, changes, message):
    _edit_json(table_copy / "agora.json", **changes)
    with pytest.raises(ValueError, match=message):
        duel_cards.DuelDatabase("1st", table_copy, ("agora",))


def test_a_decree_with_a_card_effect_or_a_misdealt_structure_is_refused(table_copy):
    text = (table_copy / "agora_decrees.csv").read_text(encoding="utf-8")
    (table_copy / "agora_decrees.csv").write_text(text.replace("discard_bonus=2", "vp=2"), encoding="utf-8")
    with pytest.raises(ValueError, match="decree Discard bonus: one effect among"):
        duel_cards.DuelDatabase("1st", table_copy, ("agora",))
    (table_copy / "agora_decrees.csv").write_text(text, encoding="utf-8")
    layouts = json.loads((table_copy / "agora_layouts.json").read_text(encoding="utf-8"))
    layouts["1"]["face_up"][0] = 0
    (table_copy / "agora_layouts.json").write_text(json.dumps(layouts), encoding="utf-8")
    with pytest.raises(ValueError, match="Age 1's even rows are face up"):
        duel_cards.DuelDatabase("1st", table_copy, ("agora",))


def test_the_agora_effect_tokens_parse():
    assert parse_effects("politician=3|4") == (Effect(EffectKind.POLITICIAN, what=0b1100),)
    assert parse_effects("trade_discount=G|P") == (Effect(EffectKind.TRADE_DISCOUNT, amount=1, what=0b11000),)
    assert parse_effects("build_income=red") == (Effect(EffectKind.BUILD_INCOME, what=duel_cards.RED),)
    assert parse_effects("swap_card=blue|green") == (Effect(EffectKind.SWAP_CARD, what=0b1100),)
    with pytest.raises(ValueError, match="takes no argument"):
        parse_effects("conspirator=1")
    with pytest.raises(ValueError, match="unknown colour"):
        parse_effects("ignore_cost_symbol=pink")


def test_agora_databases_pickle_as_their_names():
    import pickle
    assert pickle.loads(pickle.dumps(AGORA)) is AGORA and pickle.loads(pickle.dumps(BOTH)) is BOTH


def test_the_senators_and_decrees_have_their_words():
    from wonders_env.duel.presentation import card_text, effects_text
    politician = card_text(AGORA, TABLES.senators[2])
    assert "1 coin per Senator you have" in politician and "chamber 3 or 4, or moves" in politician
    assert card_text(AGORA, TABLES.senators[-1]).endswith("place a cube in any chamber, or conspire")
    assert effects_text(TABLES.decrees[9].effects) == "you buy wood or clay or stone for 1 coin less (at least 1)"
    assert card_text(AGORA, 0) == card_text(duel_cards.BASE, 0) == "brown, costs nothing: produces 1 wood"
