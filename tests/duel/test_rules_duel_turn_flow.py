"""7 Wonders Duel rules: the order in which sub-decisions resolve inside one turn
(rules.py docstring; README items 6, 8, 9): progress choices before the end of the Age, play
again after a sub-decision, supremacy inside a sub-decision."""

from duel_scenarios import play
from test_rules_duel_setup import (ANTOINE, BRUNO, card, give, grant, leave_only, on_top, scenario, token, wonder)

from wonders_env.duel import rules
from wonders_env.duel.state import Phase, Victory


def test_science_pair_on_the_ages_last_card_progress_first_then_next_age():
    state = scenario(age=2, coins=(30, 30), board=("Agriculture", "Philosophy"))
    give(state, ANTOINE, "Scriptorium")
    leave_only(state, "Library")
    play(state, "build", "Library")
    assert state.phase == Phase.PROGRESS and state.current == ANTOINE and state.age == 2
    play(state, "progress", "Philosophy")
    assert state.phase == Phase.STARTER and state.age == 3
    assert state.current == ANTOINE  # pawn in the middle: the player who took the last card


def test_theology_mausoleum_pair_then_progress_then_play_again():
    state = scenario(age=2, coins=(30, 30), board=("Agriculture", "Philosophy"))
    state.player_wonders[ANTOINE] = [wonder("The Mausoleum")]
    grant(state, ANTOINE, "Theology")
    give(state, ANTOINE, "Scriptorium")
    state.discard = [card("Library")]
    on_top(state, "Glassblower", "Sawmill")
    play(state, "wonder", "Glassblower", "The Mausoleum")
    play(state, "mausoleum", "Library")
    play(state, "progress", "Agriculture")
    assert state.phase == Phase.PLAY and state.current == ANTOINE  # Theology's play again


def test_theology_zeus_destroy_then_play_again():
    state = scenario(age=1, coins=(30, 30))
    grant(state, ANTOINE, "Theology")
    give(state, BRUNO, "Quarry")
    on_top(state, "Lumber Yard", "Clay Pool")
    play(state, "wonder", "Lumber Yard", "The Statue of Zeus")
    play(state, "destroy", "Quarry")
    assert state.phase == Phase.PLAY and state.current == ANTOINE


def test_great_library_law_can_win_by_science():
    state = scenario(age=2, coins=(50, 30), board=("Agriculture", "Philosophy", "Theology", "Urbanism", "Economy"))
    state.player_wonders[ANTOINE] = [wonder("The Great Library")]
    state.token_order = state.token_order[:5] + [token("Law"), token("Strategy"), token("Masonry"),
                                                 token("Architecture"), token("Mathematics")]
    give(state, ANTOINE, "Scriptorium", "Pharmacist", "Workshop", "Apothecary", "Academy")
    on_top(state, "Glassblower")
    play(state, "wonder", "Glassblower", "The Great Library")
    assert state.phase == Phase.LIBRARY
    assert sorted(state.library_offer) == sorted([token("Law"), token("Strategy"), token("Masonry")])
    play(state, "library", "Law")
    assert state.phase == Phase.GAME_OVER
    assert state.winners == (ANTOINE,) and state.victory == Victory.SCIENCE


def test_play_again_wonder_then_other_player_after_second_turn():
    state = scenario(age=1, coins=(30, 30))
    on_top(state, "Lumber Yard", "Clay Pool")
    play(state, "wonder", "Lumber Yard", "The Temple of Artemis")
    assert state.current == ANTOINE
    play(state, "build", "Clay Pool")
    assert state.current == BRUNO


def test_only_progress_actions_during_progress_choice():
    state = scenario(age=2, coins=(30, 30), board=("Agriculture", "Philosophy"))
    give(state, ANTOINE, "Scriptorium")
    on_top(state, "Library")
    play(state, "build", "Library")
    mask = rules.legal_action_mask(state)
    assert mask.sum() == 2
    assert mask[rules.PROGRESS + token("Agriculture")] and mask[rules.PROGRESS + token("Philosophy")]
