"""The game registry: names and aliases, envs and engines by name, clear errors."""

from __future__ import annotations

import dataclasses

import pytest

import wonders_env
from wonders_env.registry import GAME_NAMES, GAMES, default_players, make, make_engine, resolve_game


def test_names_and_aliases():
    assert resolve_game("duel") == "seven_wonders_duel" and resolve_game("7w") == "seven_wonders"
    assert set(GAMES) <= set(GAME_NAMES)
    with pytest.raises(ValueError, match="unknown game 'chess'; games are: 'seven_wonders', 'seven_wonders_duel'"):
        resolve_game("chess")


def test_make_builds_the_envs_of_a_game():
    assert wonders_env.make is make
    env = make("duel")
    assert env.metadata["name"] == "seven_wonders_duel_v0" and env.unwrapped.game.name == "seven_wonders_duel"
    raw = make("seven_wonders", num_players=5, edition="2nd", raw=True, reward="score")
    assert raw.possible_agents[-1] == "player_4" and raw.edition == "2nd" and raw.reward_mode == "score"
    parallel = make("7w", num_players=4, parallel=True)
    assert parallel.metadata["is_parallelizable"] and len(parallel.possible_agents) == 4
    assert make("seven_wonders").num_players == 3  # the env's own default when none is given
    assert default_players("seven_wonders") == 4 and default_players("duel") == 2


def test_bad_tables_are_refused_with_what_is_allowed():
    with pytest.raises(ValueError, match="num_players must be one of 2 for seven_wonders_duel, got 3"):
        make("duel", num_players=3)
    with pytest.raises(ValueError, match="edition must be one of 1st for seven_wonders_duel, got '2nd'"):
        make("duel", edition="2nd")
    with pytest.raises(ValueError, match="seven_wonders_duel has no parallel env"):
        make("duel", parallel=True)
    with pytest.raises(ValueError, match="num_players must be an integer from 3 to 7 in the 2nd edition"):
        make("seven_wonders", num_players=2, edition="2nd")  # the env knows which counts each edition has


def test_make_engine():
    game = make_engine("seven_wonders", num_players=4, edition="2nd")
    assert (game.name, game.num_players, game.edition) == ("seven_wonders", 4, "2nd")
    assert make_engine("duel").num_players == 2
    assert make_engine("duel").name == make_engine("duel", "core").name  # the compiled engine by default
    assert type(make_engine("7w")) is type(make_engine("7w", "core"))
    assert type(make_engine("7w")) is not type(make_engine("7w", "python"))
    with pytest.raises(ValueError, match="seven_wonders_duel has the engines python.*got engine='fast'"):
        make_engine("duel", engine="fast")


def test_every_game_has_the_engines_the_envs_and_agents_take():
    from wonders_env.game import ENGINES
    assert all(set(found.engines) == set(ENGINES) for found in GAMES.values())


def test_fixed_players_is_the_one_count_of_a_game_that_has_one():
    assert GAMES["seven_wonders_duel"].fixed_players == 2
    assert GAMES["seven_wonders"].fixed_players is None


def test_the_batch_checks_the_table_as_make_does():
    from wonders_env import vector
    assert vector.make("duel", 1, num_players=2).num_players == 2  # the one count Duel has, as make() takes
    assert vector.make("7w", 1, num_players=5, edition="2nd").num_players == 5
    with pytest.raises(ValueError, match="num_players must be one of 2 for seven_wonders_duel, got 3"):
        vector.make("duel", 1, num_players=3)
    with pytest.raises(ValueError, match="edition must be one of 1st, 2nd for seven_wonders, got '3rd'"):
        vector.make("7w", 1, num_players=4, edition="3rd")


def test_the_batch_plays_every_table_of_the_core_and_refuses_an_unknown_expansion():
    """The core's batches play Leaders, Pantheon, Agora and both Duel expansions; an unknown name is a
    clear ValueError; the base table spelled as an empty tuple is the base table."""
    from wonders_env import vector
    assert vector.make("seven_wonders", 2, num_players=4, expansions=("leaders",)).num_envs == 2
    for table in (("pantheon",), ("agora",), ("pantheon", "agora")):
        assert vector.make("seven_wonders_duel", 2, expansions=table).num_envs == 2
    for game in GAMES:
        with pytest.raises(ValueError, match="unknown expansion 'nope'"):
            vector.make(game, 1, expansions=("nope",))
        assert vector.make(game, 1, expansions=()).num_envs == 1


@pytest.mark.parametrize("game", list(GAMES))
def test_expansions_are_checked_and_spelled_one_way(game):
    entry = GAMES[game]
    assert entry.check_expansions(None) == entry.check_expansions(()) == entry.check_expansions([]) == ()
    grown = dataclasses.replace(entry, expansions=("first", "second"))
    assert grown.check_expansions(("second", "first")) == grown.check_expansions(["first", "second"]) \
        == ("first", "second")
    assert grown.check_expansions(("second",)) == ("second",)
    for bad, words in ((("third",), "unknown expansion 'third'"), (("first", "first"), "twice"),
                       ((1,), "must be names"), ("first", "must be a tuple of expansion names"),
                       ({"first"}, "must be a tuple")):
        with pytest.raises(ValueError, match=words) as error:
            grown.check_expansions(bad)
        if words.startswith(("unknown", "must")):
            assert "'first', 'second'" in str(error.value)
