"""7 Wonders Duel rules: every wonder power (rulebook "Wonders", duel_wonders.csv, README items 7-10)."""

from duel_scenarios import play
from test_rules_duel_setup import (ANTOINE, BRUNO, card, give, grant, leave_only, on_top, scenario, token, wonder)

from wonders_env.duel import record, rules, scoring
from wonders_env.duel.state import Phase

ALL = (("The Pyramids", "The Great Lighthouse", "The Temple of Artemis", "The Statue of Zeus",
        "The Mausoleum", "The Great Library"),
       ("Circus Maximus", "Piraeus", "The Appian Way", "The Colossus", "The Hanging Gardens", "The Sphinx"))


def test_temple_of_artemis_12_coins_and_play_again():
    state = scenario(age=1, coins=(20, 7))
    on_top(state, "Lumber Yard", "Quarry")
    cost = rules.wonder_cost(state, ANTOINE, wonder("The Temple of Artemis"))
    assert cost == 8  # W S G P at 2
    play(state, "wonder", "Lumber Yard", "The Temple of Artemis")
    assert state.coins[ANTOINE] == 20 - 8 + 12
    assert state.current == ANTOINE and state.phase == Phase.PLAY
    play(state, "sell", "Quarry")
    assert state.current == BRUNO


def test_hanging_gardens_6_coins_play_again_and_sphinx_play_again():
    state = scenario(age=1, wonders=ALL, coins=(7, 30))
    state.current = state.turn_player = BRUNO
    on_top(state, "Lumber Yard", "Quarry")
    play(state, "wonder", "Lumber Yard", "The Hanging Gardens")  # W W G P = 8
    assert state.coins[BRUNO] == 30 - 8 + 6 and state.current == BRUNO
    play(state, "wonder", "Quarry", "The Sphinx")  # C S G G = 8
    assert state.coins[BRUNO] == 20 and state.current == BRUNO  # consecutive play again chains


def test_play_again_lost_with_the_ages_last_card():
    state = scenario(age=1, coins=(30, 7))
    state.pawn = 1  # Bruno is weaker: Bruno chooses
    leave_only(state, "Lumber Yard")
    play(state, "wonder", "Lumber Yard", "The Temple of Artemis")
    assert state.phase == Phase.STARTER and state.age == 2
    assert state.current == BRUNO
    assert not state.play_again


def test_appian_way_3_coins_opponent_loses_3_play_again():
    state = scenario(age=1, coins=(7, 30))
    state.current = state.turn_player = BRUNO
    on_top(state, "Lumber Yard")
    play(state, "wonder", "Lumber Yard", "The Appian Way")  # C C S S P = 10
    assert state.coins == [4, 30 - 10 + 3]
    assert state.current == BRUNO


def test_appian_way_opponent_never_below_zero():
    state = scenario(age=1, coins=(2, 30))
    state.current = state.turn_player = BRUNO
    on_top(state, "Lumber Yard")
    play(state, "wonder", "Lumber Yard", "The Appian Way")
    assert state.coins[ANTOINE] == 0


def test_statue_of_zeus_destroys_a_brown_card_only():
    state = scenario(age=1, coins=(30, 7))
    give(state, BRUNO, "Quarry", "Stone Pit", "Glassworks")
    on_top(state, "Lumber Yard")
    play(state, "wonder", "Lumber Yard", "The Statue of Zeus")
    assert state.pawn == 1  # 1 shield
    assert state.phase == Phase.DESTROY and state.current == ANTOINE
    assert rules.legal_actions(state) == sorted([rules.DESTROY + card("Quarry"), rules.DESTROY + card("Stone Pit")])
    play(state, "destroy", "Stone Pit")
    assert card("Stone Pit") not in state.city[BRUNO] and card("Stone Pit") in state.discard
    assert rules.trade_price_list(state, ANTOINE)[2] == 3  # Bruno now has 1 stone
    assert state.phase == Phase.PLAY and state.current == BRUNO
    assert record.game_record(state, 0)["actions"][-1]["kind"] == "destroy"


def test_statue_of_zeus_nothing_to_destroy():
    state = scenario(age=1, coins=(30, 7))
    give(state, BRUNO, "Glassworks")
    on_top(state, "Lumber Yard")
    play(state, "wonder", "Lumber Yard", "The Statue of Zeus")
    assert state.phase == Phase.PLAY and state.current == BRUNO
    assert state.discard == []


def test_circus_maximus_destroys_a_grey_card():
    state = scenario(age=1, coins=(7, 30))
    give(state, ANTOINE, "Glassworks", "Press", "Lumber Yard")
    state.current = state.turn_player = BRUNO
    on_top(state, "Quarry")
    play(state, "wonder", "Quarry", "Circus Maximus")
    assert state.pawn == -1
    assert state.phase == Phase.DESTROY
    assert rules.legal_actions(state) == sorted([rules.DESTROY + card("Glassworks"), rules.DESTROY + card("Press")])
    play(state, "destroy", "Glassworks")
    assert state.city[ANTOINE] == [card("Press"), card("Lumber Yard")]
    assert state.color_count[ANTOINE][1] == 1


def great_library_built():
    """Antoine has just built The Great Library: it drew 3 of the set-aside tokens."""
    board = ("Agriculture", "Law", "Philosophy", "Theology", "Urbanism")
    state = scenario(age=1, wonders=ALL, coins=(30, 7), board=board)
    state.player_wonders[ANTOINE] = [wonder("The Great Library")]
    on_top(state, "Lumber Yard")
    play(state, "wonder", "Lumber Yard", "The Great Library")
    return state


def test_great_library_draws_3_set_aside_tokens_keeps_1():
    state = great_library_built()
    assert state.phase == Phase.LIBRARY and state.current == ANTOINE
    offered = sorted(state.library_offer)
    assert len(offered) == 3
    set_aside = {token(n) for n in ("Architecture", "Economy", "Masonry", "Mathematics", "Strategy")}
    assert set(offered) <= set_aside
    assert rules.legal_actions(state) == [rules.LIBRARY + t for t in offered]
    board_before = state.board_tokens
    rules.apply_action(state, rules.LIBRARY + offered[0])
    assert state.player_tokens[ANTOINE] == 1 << offered[0]
    assert state.board_tokens == board_before
    assert state.phase == Phase.PLAY and state.current == BRUNO
    assert scoring.score(state, ANTOINE)["wonders"] == 4


def test_great_library_draw_is_rendered_to_its_owner_only_like_the_observation():
    from wonders_env.duel.cards import PROGRESS_TOKENS
    from wonders_env.duel.observation import encode_observation, observation_views
    from wonders_env.duel.render import render_table

    state = great_library_built()
    drawn = [PROGRESS_TOKENS[t].name for t in state.library_offer]
    assert observation_views(encode_observation(state, ANTOINE))["library_draw"].sum() == 3
    assert observation_views(encode_observation(state, BRUNO))["library_draw"].sum() == 0
    assert all(name in render_table(state, viewer=ANTOINE) for name in drawn)
    for view in (render_table(state, viewer=BRUNO), render_table(state)):
        assert not any(name in view for name in drawn)


def test_mausoleum_builds_from_discard_free_with_effects():
    state = scenario(age=2, coins=(30, 7))
    state.player_wonders[ANTOINE] = [wonder("The Mausoleum")]
    state.discard = [card("Tavern"), card("Walls")]
    on_top(state, "Glassblower")
    coins = state.coins[ANTOINE] - rules.wonder_cost(state, ANTOINE, wonder("The Mausoleum"))
    play(state, "wonder", "Glassblower", "The Mausoleum")
    assert state.phase == Phase.MAUSOLEUM
    assert rules.legal_actions(state) == sorted([rules.MAUSOLEUM + card("Tavern"), rules.MAUSOLEUM + card("Walls")])
    play(state, "mausoleum", "Walls")
    assert state.pawn == 2 and card("Walls") in state.city[ANTOINE]
    assert state.discard == [card("Tavern")]
    assert state.coins[ANTOINE] == coins
    assert record.game_record(state, 0)["actions"][-1] == {"agent": "player_0", "kind": "mausoleum",
                                                           "card": "Walls", "paid": 0}


def test_mausoleum_no_urbanism_bonus_for_a_chain_card():
    state = scenario(age=2, coins=(30, 7))
    state.player_wonders[ANTOINE] = [wonder("The Mausoleum")]
    grant(state, ANTOINE, "Urbanism")
    give(state, ANTOINE, "Baths")
    state.discard = [card("Aqueduct")]
    on_top(state, "Glassblower")
    coins = state.coins[ANTOINE] - rules.wonder_cost(state, ANTOINE, wonder("The Mausoleum"))
    play(state, "wonder", "Glassblower", "The Mausoleum")
    play(state, "mausoleum", "Aqueduct")
    assert state.coins[ANTOINE] == coins


def test_mausoleum_science_pair_gives_progress_token():
    state = scenario(age=2, coins=(30, 7), board=("Agriculture", "Philosophy"))
    state.player_wonders[ANTOINE] = [wonder("The Mausoleum")]
    give(state, ANTOINE, "Scriptorium")
    state.discard = [card("Library")]
    on_top(state, "Glassblower")
    play(state, "wonder", "Glassblower", "The Mausoleum")
    play(state, "mausoleum", "Library")
    assert state.phase == Phase.PROGRESS and state.current == ANTOINE
    play(state, "progress", "Philosophy")
    assert state.phase == Phase.PLAY and state.current == BRUNO


def test_mausoleum_with_empty_discard_does_nothing():
    state = scenario(age=2, coins=(30, 7))
    state.player_wonders[ANTOINE] = [wonder("The Mausoleum")]
    on_top(state, "Glassblower")
    play(state, "wonder", "Glassblower", "The Mausoleum")
    assert state.phase == Phase.PLAY and state.current == BRUNO


def test_removed_setup_cards_are_not_in_the_mausoleum_choice():
    state = scenario(age=2, coins=(30, 7))
    state.player_wonders[ANTOINE] = [wonder("The Mausoleum")]
    on_top(state, "Glassblower", "Sawmill")
    play(state, "sell", "Sawmill")
    state.current = state.turn_player = ANTOINE
    play(state, "wonder", "Glassblower", "The Mausoleum")
    assert rules.legal_actions(state) == [rules.MAUSOLEUM + card("Sawmill")]


def test_wonder_victory_points():
    expected = {"The Pyramids": 9, "The Colossus": 3, "The Great Lighthouse": 4, "The Temple of Artemis": 0,
                "The Mausoleum": 2, "The Great Library": 4, "Piraeus": 2, "The Hanging Gardens": 3,
                "The Statue of Zeus": 3, "The Sphinx": 6, "The Appian Way": 3, "Circus Maximus": 3}
    for name, vp in expected.items():
        state = scenario(age=1)
        state.player_wonders = [[wonder(name)], []]
        state.wonder_built[wonder(name)] = True
        state.wonders_built = 1
        assert scoring.score(state, ANTOINE)["wonders"] == vp, name
        assert scoring.score(state, BRUNO)["wonders"] == 0
