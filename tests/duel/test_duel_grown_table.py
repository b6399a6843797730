"""A grown table (one card more than the base game) plays through the Python engine with the
sizes of its own database: the rules, observation, actions and record read the database the game
was given, not the base game's."""

import pickle

import numpy as np
import pytest

from wonders_env.duel.actions import ActionKind
from wonders_env.duel.cards import BASE
from wonders_env.duel.env import raw_env
from wonders_env.duel.game import DuelGame
from wonders_env.duel.observation import observation_views

BASE_ACTIONS, BASE_OBSERVATION = 1202, 1950


def test_the_sizes_grow_with_the_table(grown_database):
    base, grown = DuelGame(), DuelGame(grown_database)
    assert (base.num_actions, base.observation_size) == (BASE_ACTIONS, BASE_OBSERVATION)
    # one card more: build, sell, destroy and mausoleum take one action each, the wonder range 12
    assert grown.num_actions == BASE_ACTIONS + 4 + BASE.num_wonders
    # one card id more in each of the 20 structure slots, in both cities and in the discard pile
    assert grown.observation_size == BASE_OBSERVATION + BASE.num_slots + 3
    assert grown.actions.encode(ActionKind.BUILD, 73) == grown.actions.build + 73


def test_a_grown_table_plays_a_whole_random_game(grown_database):
    game = DuelGame(grown_database)
    new_card = grown_database.card_ids["Test Quarry"]  # the card the fixture adds, id 73
    seed = next(s for s in range(20) if new_card in game.new_game(s).deals[0])
    state, rng = game.new_game(seed), np.random.default_rng(seed)
    assert state.db is grown_database and state.owned.shape == (2, 74)
    while not game.is_over(state):
        player = state.current
        observation = game.encode_observation(state, player)
        assert observation.shape == (game.observation_size,)
        views = observation_views(observation, grown_database)
        assert views["structure"].shape == (20, 74 + 6) and views["my_city"].shape == (74,)
        mask = game.legal_action_mask(state, player)
        legal = game.legal_actions(state, player)
        assert mask.shape == (game.num_actions,) and np.flatnonzero(mask).tolist() == sorted(legal)
        assert set(legal) == game.legal_actions_reference(state, player)
        game.apply_actions(state, {player: int(rng.choice(legal))})
    record = game.game_record(state)
    played = [entry["card"] for entry in record["actions"]]
    assert "Test Quarry" in played  # dealt in Age I, so taken from the structure some time
    assert record["finished"] and record["winners"]
    twin = pickle.loads(pickle.dumps(state))
    assert twin.db.num_cards == 74 and game.returns(twin) == game.returns(state)


def test_the_env_is_sized_by_its_table(grown_database):
    env = raw_env(engine="python", edition=grown_database)
    env.reset(seed=3)
    observation = env.observe("player_0")
    assert observation["observation"].shape == env.observation_space("player_0")["observation"].shape
    assert observation["action_mask"].shape == (env.action_space("player_0").n,) == (BASE_ACTIONS + 16,)
    with pytest.raises(ValueError, match="engine='core' plays the base game's tables only, not edition 'test'"):
        raw_env(engine="core", edition=grown_database)


def test_a_game_of_an_unknown_edition_is_refused():
    with pytest.raises(ValueError, match="unknown Duel edition 'agora'; available: '1st'"):
        DuelGame("agora")
    with pytest.raises(ValueError, match="edition must be an edition name or a DuelDatabase, got 3"):
        DuelGame(3)


def test_the_heuristic_refuses_a_grown_tables_game(grown_database):
    """The heuristic's valuation is the core's, which knows the base game's tables only: it says so
    rather than value a grown table's game with the base game's cards."""
    from wonders_agents.duel_heuristic import action_values
    game = DuelGame(grown_database)
    state = game.new_game(0)
    with pytest.raises(ValueError, match="the core plays the package's Duel tables with the expansions .*, not "
                                         "edition 'test'"):
        action_values(state, state.current, game.legal_actions(state, state.current))
