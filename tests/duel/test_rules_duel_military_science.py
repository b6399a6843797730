"""7 Wonders Duel rules: military (pawn, looting, zones, supremacy, Strategy), science (pairs,
progress tokens, supremacy, Law) and every progress token (README items 5, 6, 11; rulebook
"Military", "Science & Progress", "Description of the symbols")."""

from duel_scenarios import play
from test_rules_duel_setup import (ANTOINE, BRUNO, give, grant, on_top, scenario, token)

from wonders_env.duel import record, rules, scoring
from wonders_env.duel.state import Phase, Victory


# ------------------------------------------------------------------------------ military
def test_shields_move_pawn_toward_opponent_capital_both_ways():
    state = scenario(age=2, coins=(20, 20))
    on_top(state, "Walls", "Guard Tower")
    play(state, "build", "Walls")
    assert state.pawn == 2
    play(state, "build", "Guard Tower")  # Bruno: 1 shield back
    assert state.pawn == 1


def test_looting_2_at_zone_3_once_only():
    state = scenario(age=1, coins=(20, 20))
    state.pawn = 2
    on_top(state, "Guard Tower", "Stable", "Garrison")
    play(state, "build", "Guard Tower")
    assert state.pawn == 3 and state.coins[BRUNO] == 18
    play(state, "build", "Stable")  # Bruno pushes back to 2 (pays 2 for the wood)
    assert state.pawn == 2 and state.coins[BRUNO] == 16
    state.current = state.turn_player = ANTOINE
    play(state, "build", "Garrison")  # back into the zone: no second loot
    assert state.pawn == 3 and state.coins[BRUNO] == 16


def test_looting_5_at_zone_6_and_both_tokens_on_a_long_move():
    state = scenario(age=3, coins=(20, 20))
    state.pawn = 2
    on_top(state, "Pretorium")
    play(state, "build", "Pretorium")  # 2 -> 5: loses 2
    assert state.pawn == 5 and state.coins[BRUNO] == 18
    state = scenario(age=3, coins=(30, 20))
    state.pawn = -2
    grant(state, ANTOINE, "Strategy")
    on_top(state, "Pretorium")
    play(state, "build", "Pretorium")  # 3 + 1 shields: -2 -> 2, no loot (own side)
    assert state.pawn == 2 and state.coins[BRUNO] == 20
    state = scenario(age=3, coins=(30, 20))
    state.pawn = 2
    grant(state, ANTOINE, "Strategy")
    on_top(state, "Pretorium")
    play(state, "build", "Pretorium")  # 2 -> 6: both tokens
    assert state.pawn == 6 and state.coins[BRUNO] == 20 - 2 - 5
    assert state.looting == [True, True, False, False]


def test_looting_takes_only_what_the_opponent_holds():
    state = scenario(age=2, coins=(20, 1))
    state.pawn = -2
    state.current = state.turn_player = BRUNO
    on_top(state, "Guard Tower")
    play(state, "build", "Guard Tower")
    assert state.pawn == -3
    assert state.coins == [18, 1]
    state = scenario(age=2, coins=(1, 20))
    state.pawn = -2
    state.current = state.turn_player = BRUNO
    on_top(state, "Guard Tower")
    play(state, "build", "Guard Tower")
    assert state.coins == [0, 20]
    assert state.looting == [False, True, True, True]


def test_military_points_zones_0_2_5_10():
    expected = {0: 0, 1: 2, 2: 2, 3: 5, 4: 5, 5: 5, 6: 10, 7: 10, 8: 10}
    for distance, points in expected.items():
        assert scoring.military_points(distance, 0) == points
        assert scoring.military_points(distance, 1) == 0
        assert scoring.military_points(-distance, 1) == points
        assert scoring.military_points(-distance, 0) == 0
    state = scenario(age=3)
    state.pawn = -4
    assert scoring.score_breakdown(state, BRUNO)["military"] == 5 and scoring.score_breakdown(state, ANTOINE)["military"] == 0


def test_military_supremacy_ends_game_at_once():
    state = scenario(age=1, coins=(20, 20))
    state.pawn = 8
    on_top(state, "Guard Tower", "Lumber Yard")
    play(state, "build", "Guard Tower")
    assert state.pawn == 9
    assert state.phase == Phase.GAME_OVER
    assert state.winners == (ANTOINE,) and state.victory == Victory.MILITARY
    assert not rules.legal_action_mask(state).any()
    rec = record.game_record(state)
    assert rec["finished"] and rec["victory"] == "military" and rec["winners"] == ["player_0"]


def test_military_supremacy_through_a_wonder():
    state = scenario(age=1, coins=(20, 30))
    state.pawn = -7
    state.current = state.turn_player = BRUNO
    on_top(state, "Lumber Yard")
    play(state, "wonder", "Lumber Yard", "The Colossus")
    assert state.pawn == -9 and state.winners == (BRUNO,) and state.victory == Victory.MILITARY


def test_strategy_only_later_red_cards_not_wonders_not_retroactive():
    state = scenario(age=2, coins=(30, 30))
    give(state, ANTOINE, "Guard Tower")
    assert state.pawn == 1
    grant(state, ANTOINE, "Strategy")
    assert state.pawn == 1  # not retroactive
    on_top(state, "Stable", "Tavern")
    play(state, "build", "Stable")
    assert state.pawn == 3
    # a wonder with shields gets no extra shield
    state2 = scenario(age=2, coins=(30, 30), wonders=(("The Statue of Zeus", "The Colossus", "The Pyramids",
                                                          "The Sphinx"),
                                                         ("Circus Maximus", "Piraeus", "The Appian Way",
                                                          "The Great Library")))
    grant(state2, ANTOINE, "Strategy")
    on_top(state2, "Tavern")
    play(state2, "wonder", "Tavern", "The Colossus")
    assert state2.pawn == 2


# ------------------------------------------------------------------------------- science
def test_science_pair_gives_progress_choice_to_builder():
    state = scenario(age=2, coins=(30, 30), board=("Agriculture", "Law", "Philosophy", "Theology", "Urbanism"))
    give(state, ANTOINE, "Scriptorium")
    on_top(state, "Library")
    play(state, "build", "Library")  # quill pair (Scriptorium is a chain: free)
    assert state.phase == Phase.PROGRESS and state.current == ANTOINE
    expected = sorted(rules.PROGRESS + token(n) for n in ("Agriculture", "Law", "Philosophy", "Theology", "Urbanism"))
    assert rules.legal_actions(state) == expected
    play(state, "progress", "Agriculture")
    assert state.player_tokens[ANTOINE] == 1 << token("Agriculture")
    assert not state.board_tokens >> token("Agriculture") & 1
    assert state.coins[ANTOINE] == 36
    assert state.phase == Phase.PLAY and state.current == BRUNO
    rec = record.game_record(state)
    assert rec["players"][0]["progress_tokens"] == ["Agriculture"]
    assert rec["actions"][-1] == {"agent": "player_0", "kind": "progress", "card": None, "paid": 0,
                                  "token": "Agriculture"}


def test_science_pair_with_empty_board_gives_nothing():
    state = scenario(age=2, coins=(30, 30), board=())
    give(state, ANTOINE, "Scriptorium")
    on_top(state, "Library")
    play(state, "build", "Library")
    assert state.phase == Phase.PLAY and state.current == BRUNO


def test_second_pair_of_a_different_symbol_gives_another_token_third_card_nothing():
    state = scenario(age=2, coins=(30, 30), board=("Agriculture", "Law", "Philosophy"))
    give(state, ANTOINE, "Scriptorium", "Library")
    state.pending_progress = False
    grant(state, ANTOINE, "Philosophy")
    give(state, ANTOINE, "Pharmacist")
    on_top(state, "Dispensary")
    play(state, "build", "Dispensary")
    assert state.phase == Phase.PROGRESS


def test_six_different_symbols_is_scientific_supremacy():
    state = scenario(age=3, coins=(30, 30))
    give(state, ANTOINE, "Scriptorium", "Pharmacist", "Workshop", "Apothecary", "Academy")
    assert state.phase == Phase.PLAY
    on_top(state, "University")
    play(state, "build", "University")  # globe: 6th different symbol
    assert state.phase == Phase.GAME_OVER
    assert state.winners == (ANTOINE,) and state.victory == Victory.SCIENCE


def test_law_counts_toward_scientific_supremacy():
    state = scenario(age=2, coins=(30, 30), board=("Law", "Agriculture", "Philosophy"))
    give(state, ANTOINE, "Scriptorium", "Pharmacist", "Workshop", "Apothecary", "Academy")
    # five different symbols; the Laboratory makes a pendulum pair: take Law = 6th symbol
    on_top(state, "Laboratory")
    play(state, "build", "Laboratory")
    assert state.phase == Phase.PROGRESS
    play(state, "progress", "Law")
    assert state.phase == Phase.GAME_OVER
    assert state.winners == (ANTOINE,) and state.victory == Victory.SCIENCE


def test_five_symbols_is_not_supremacy():
    state = scenario(age=3, coins=(30, 30))
    give(state, ANTOINE, "Scriptorium", "Pharmacist", "Workshop", "Apothecary")
    on_top(state, "Academy")
    play(state, "build", "Academy")
    assert state.phase == Phase.PLAY and state.current == BRUNO


# ------------------------------------------------------------------------ progress tokens
def test_agriculture_6_coins_and_4_vp():
    state = scenario(age=1, coins=(0, 0))
    grant(state, ANTOINE, "Agriculture")
    assert state.coins[ANTOINE] == 6
    assert scoring.score_breakdown(state, ANTOINE)["progress"] == 4


def test_philosophy_7_vp():
    state = scenario(age=1, coins=(0, 0))
    grant(state, ANTOINE, "Philosophy")
    assert state.coins[ANTOINE] == 0
    assert scoring.score_breakdown(state, ANTOINE)["progress"] == 7


def test_mathematics_3_vp_per_token_including_itself():
    state = scenario(age=1, coins=(0, 0))
    grant(state, ANTOINE, "Mathematics")
    assert scoring.score_breakdown(state, ANTOINE)["progress"] == 3
    grant(state, ANTOINE, "Law", "Strategy")
    assert scoring.score_breakdown(state, ANTOINE)["progress"] == 9
    grant(state, ANTOINE, "Agriculture", "Philosophy")
    assert scoring.score_breakdown(state, ANTOINE)["progress"] == 5 * 3 + 4 + 7


def test_law_is_a_science_symbol_never_a_pair():
    state = scenario(age=1, coins=(0, 0))
    grant(state, ANTOINE, "Law")
    assert sum(1 for n in state.science[ANTOINE] if n) == 1
    assert not state.pending_progress


def test_theology_makes_wonders_play_again_once():
    state = scenario(age=1, coins=(99, 7))
    grant(state, ANTOINE, "Theology")
    on_top(state, "Lumber Yard", "Stone Pit", "Clay Pool")
    play(state, "wonder", "Lumber Yard", "The Pyramids")
    assert state.current == ANTOINE and state.phase == Phase.PLAY
    play(state, "wonder", "Stone Pit", "The Temple of Artemis")  # already play again: once only
    assert state.current == ANTOINE
    play(state, "build", "Clay Pool")
    assert state.current == BRUNO


def test_theology_of_opponent_does_not_apply():
    state = scenario(age=1, coins=(99, 7))
    grant(state, BRUNO, "Theology")
    on_top(state, "Lumber Yard")
    play(state, "wonder", "Lumber Yard", "The Pyramids")
    assert state.current == BRUNO
