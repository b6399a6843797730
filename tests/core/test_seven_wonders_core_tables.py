"""The 7 Wonders core takes the tables of the Python engine, the Leaders tables included (issue 45),
and refuses bad ones at the boundary with an error naming what is wrong: vocabularies that differ
from the core's, out-of-range leader effects, Leaders' powers in tables without leaders. Its state
holds the Leaders fields (empty without leaders) and it sets up a Leaders game as the Python engine
does, seed for seed; its rules refuse to play on past that setup until they play the expansion."""

from __future__ import annotations

import numpy as np
import pytest

from wonders_env import core
from wonders_env.game import differing_fields
from wonders_env.seven_wonders.actions import num_actions
from wonders_env.seven_wonders.cards import database
from wonders_env.seven_wonders.compiled import LEADER_EFFECT_KINDS, CompiledSevenWonders, core_tables, table_arrays
from wonders_env.seven_wonders.observation import Observer
from wonders_env.seven_wonders.state import Phase, new_game

LEADERS = ("leaders",)


def _tables(arrays):
    return core.load().seven_wonders.Tables(arrays)


def test_the_core_takes_the_leaders_tables():
    tables = core_tables("1st", LEADERS)
    db = database("1st", LEADERS)
    assert (tables.num_leaders, tables.num_types, tables.num_cards) == (db.num_leaders, db.num_types, len(db.cards))
    assert (tables.num_leaders, tables.num_types) == (36, 79)
    assert core_tables("1st").num_leaders == core_tables("2nd").num_leaders == 0


def test_every_leader_and_board_effect_is_exported():
    arrays = table_arrays(database("1st", LEADERS))
    kinds = {int(kind) for kind in arrays["leader_effects"][:, :, 0].ravel() if kind}
    kinds |= {int(kind) for kind in arrays["wonder_board_effects"][..., 0].ravel() if kind}
    assert kinds == set(range(1, len(LEADER_EFFECT_KINDS) + 1))  # every kind of the vocabulary is used
    roma = arrays["city_names"].index("Roma")
    assert list(arrays["wonder_start"][roma]) == [-1, -1]
    assert arrays["stage_draw_leaders"][roma, 1, 0] == 4
    assert arrays["type_specials"][arrays["type_names"].index("Courtesans Guild")] == 256


def _changed(edition_expansions, key, change):
    arrays = table_arrays(database(*edition_expansions))
    arrays[key] = change(arrays[key])
    return arrays


def _set(index, value):
    def change(array):
        array = np.array(array)
        array[index] = value
        return array
    return change


@pytest.mark.parametrize("tables, key, change, message", [
    (("1st", LEADERS), "leader_effect_kinds", lambda names: names[::-1], "leader effect kinds are"),
    (("1st",), "special_names", lambda names: names[:-1], "special powers are"),
    (("1st", LEADERS), "leader_effects", _set((0, 0, 0), 99), "leader effect 98 is outside"),
    (("1st", LEADERS), "leader_effects", _set((0, 0, 2), -1), "leader effect argument -1 is outside"),
    (("1st", LEADERS), "leader_effects", _set(0, [[0, 0, 0, 0], [1, 3, 0, 0]]), "must come first, without gaps"),
    (("1st", LEADERS), "leader_effects", _set((2, 0), [0, 5, 1, 0]), "empty leader effect row has arguments"),
    (("1st", LEADERS), "leader_coin_cost", _set(0, 100), "leader coin cost 100 is outside"),
    (("1st", LEADERS), "leader_coin_cost", lambda costs: costs[:-1], "'leader_coin_cost' has the wrong shape"),
    (("1st",), "type_vp_rewards", _set((70, 0, 0), 1 << 11), "counted items 2048 is outside"),
    (("1st",), "stage_specials", _set((0, 0, 0), 512), "stage specials 512 is outside"),
    (("1st", LEADERS), "stage_specials", _set((0, 0, 0), 128), "a leader's or a card's special power"),
    (("1st", LEADERS), "type_specials", _set(0, 2), "a card's only special power is copy_leader"),
    (("1st",), "wonder_start", _set((0, 0), -1), "starting resource -1 is outside"),
    (("1st",), "stage_draw_leaders", _set((0, 0, 0), 4), "stage leaders drawn 4 is outside"),
    (("1st",), "wonder_board_effects", _set((0, 0, 0), [10, 1, 1, 0]), "board has leader effects but"),
])
def test_bad_tables_are_refused_naming_what_is_wrong(tables, key, change, message):
    with pytest.raises(ValueError, match=message):
        _tables(_changed(tables, key, change))


def test_too_many_leaders_are_refused():
    arrays = table_arrays(database("1st", LEADERS))
    arrays["leader_names"] = arrays["leader_names"] + ["Extra"]
    arrays["leader_coin_cost"] = np.append(arrays["leader_coin_cost"], 1)
    arrays["leader_effects"] = np.concatenate([arrays["leader_effects"], arrays["leader_effects"][:1]])
    with pytest.raises(ValueError, match=r"number of leaders must be in \[0, 36\]"):
        _tables(arrays)


@pytest.mark.parametrize("field, value, message", [
    ("leader_hands", [[1], [2], [3]], "'leader_hands': a sequence of 3 values is not allowed"),
    ("leader_deck", [0], "'leader_deck'"),
    ("copied_leader", [-1, -1, -1], "'copied_leader'"),
    ("recruiters", [1], "turn 0, the Leaders phases, copy_choosers and recruiters need leaders"),
])
def test_the_core_state_holds_the_leaders_fields_empty_without_leaders(field, value, message):
    game = CompiledSevenWonders(3)
    view = game.new_game(5)
    assert (view.leader_deck, view.leader_hands, view.copied_leader, view.recruiters) == ([], [], [], [])
    assert view.draft_passed.shape == (0, 0)
    state = game.to_python(view)
    setattr(state, field, value)
    with pytest.raises(ValueError, match=message):
        game.from_python(state)


@pytest.mark.parametrize("num_players", [3, 4, 5, 6, 7])
def test_the_core_sets_up_a_leaders_game_as_the_python_engine(num_players):
    """Boards from 8 cities, 6 coins, the leaders dealt from the same generator: every field equal."""
    seven = core.load().seven_wonders
    engine = seven.Engine(core_tables("1st", LEADERS), num_players, [], [2] * num_players, False)
    db = database("1st", LEADERS)
    names = [name for name in seven.STATE_FIELDS if name not in ("cities", "sides", "phase", "log")]
    for seed in range(30):
        python = new_game(num_players, seed=seed, expansions=LEADERS)
        state = engine.new_game(seed)
        assert differing_fields(python, state, names) == [], seed
        assert list(state.cities) == [db.cities.index(board.city) for board in python.wonders]
        assert list(state.sides) == [db.sides_names.index(board.side) for board in python.wonders]
        assert (int(state.phase), state.log) == (Phase.LEADER_DRAFT, [])
        assert engine.acting_players(state) == list(range(num_players))  # everyone drafts
    deal = engine.draw_deal(7)
    assert sorted(deal["leaders"]) == list(range(36))
    assert differing_fields(engine.new_game_from_deal(deal), engine.new_game(7), names) == []


def test_the_core_refuses_a_corrupt_leaders_deal_and_the_2_player_leaders_table():
    seven = core.load().seven_wonders
    engine = seven.Engine(core_tables("1st", LEADERS), 4, [], [2] * 4, False)
    deal = engine.draw_deal(7)
    deal["leaders"] = deal["leaders"][:-1] + deal["leaders"][:1]
    with pytest.raises(ValueError, match="dealt twice"):
        engine.new_game_from_deal(deal)
    with pytest.raises(ValueError, match="Leaders is played by 3 to 7 players"):
        seven.Engine(core_tables("1st", LEADERS), 2, [], [2] * 3, False)
    with pytest.raises(ValueError, match="num_players must be an integer from 3 to 7 in the 1st edition with leaders"):
        CompiledSevenWonders(2, expansions=LEADERS)


@pytest.mark.parametrize("choose", [False, True])
def test_a_leaders_engine_has_the_action_space_of_the_python_engine(choose):
    """The base ranges, then five ranges of 36 leader ids: 576 actions, 591 with payment="choose"."""
    seven = core.load().seven_wonders
    engine = seven.Engine(core_tables("1st", LEADERS), 4, [], [2] * 4, choose)
    payment = "choose" if choose else "cheapest"
    assert engine.num_actions == num_actions(79, payment, 36) == (591 if choose else 576)
    assert seven.Engine(core_tables("1st"), 4, [], [2] * 4, choose).num_actions == num_actions(75, payment)
    assert engine.observation_size == Observer(database("1st", LEADERS), payment).size
