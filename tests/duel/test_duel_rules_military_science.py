"""The military track (looting tokens, supremacy, points) and science (pairs, supremacy)."""

import pytest
from duel_scenarios import ANTOINE, BRUNO, give, give_token, grant, is_legal, on_top, place, play, scenario

from wonders_env.duel.actions import PROGRESS
from wonders_env.duel.cards import CARDS, SCIENCE_SYMBOLS, TOKEN_IDS
from wonders_env.duel.rules import legal_actions
from wonders_env.duel.scoring import military_points, score_breakdown
from wonders_env.duel.state import Phase, Victory


def test_shields_move_the_pawn_toward_the_opponents_capital():
    state = scenario(age=1)
    on_top(state, "Guard Tower")
    play(state, "build", "Guard Tower")
    assert state.pawn == 1
    state = scenario(age=1)
    state.current = state.turn_player = 1
    on_top(state, "Guard Tower")
    play(state, "build", "Guard Tower")
    assert state.pawn == -1


@pytest.mark.parametrize("start, coins, after, looting", [
    (2, 7, 5, [True, True, False, True]),   # enters 3-5: -2
    (5, 7, 2, [True, True, False, False]),  # enters 6-8 (the -2 token already gone): -5
    (2, 1, 0, [True, True, False, True]),   # loses what it has
])
def test_looting_tokens_on_entering_a_zone(start, coins, after, looting):
    state = scenario(age=1, coins=(7, coins))
    state.pawn = start
    if start == 5:
        state.looting[2] = False
    on_top(state, "Guard Tower")
    play(state, "build", "Guard Tower")
    assert state.coins[1] == after
    assert state.looting == looting


def test_a_big_move_takes_both_tokens_and_each_token_only_once():
    state = scenario(age=3, coins=(7, 10))
    state.pawn = 2
    give(state, 0, "Sawmill", "Brickyard")
    give(state, 1, "Quarry")
    on_top(state, "Arsenal")
    play(state, "build", "Arsenal")  # 3 shields: 2 -> 5
    give_token(state, 0, "Strategy")
    state.pawn = 2  # back to zone 1-2: the -2 token is gone for good
    state.current = state.turn_player = 0
    on_top(state, "Pretorium")
    state.coins[0] = 8
    play(state, "build", "Pretorium")  # 3 + 1 shields: 2 -> 6
    assert state.pawn == 6 and state.coins[1] == 10 - 2 - 5
    assert state.looting == [True, True, False, False]


def test_player_one_loots_player_zero():
    state = scenario(age=2, coins=(7, 7))
    state.current = state.turn_player = 1
    state.pawn = -1
    give(state, 1, "Quarry", "Stone Pit")
    on_top(state, "Walls")
    play(state, "build", "Walls")
    assert state.pawn == -3 and state.coins[0] == 5 and state.looting == [False, True, True, True]


def test_military_supremacy_ends_the_game_at_once():
    state = scenario(age=2, coins=(7, 7))
    state.pawn = 7
    state.looting = [True, True, False, False]
    give(state, 0, "Quarry", "Stone Pit")
    on_top(state, "Walls", "Sawmill")
    play(state, "build", "Walls")
    assert state.pawn == 9
    assert state.phase == Phase.GAME_OVER and state.winners == (0,) and state.victory.name == "MILITARY"
    assert legal_actions(state) == []


def test_the_pawn_stops_at_the_capital():
    state = scenario(age=3, coins=(30, 7))
    state.pawn = 8
    give(state, 0, "Sawmill", "Brickyard", "Clay Pool")
    on_top(state, "Arsenal")
    play(state, "build", "Arsenal")
    assert state.pawn == 9 and state.victory.name == "MILITARY"


@pytest.mark.parametrize("pawn, points", [(0, (0, 0)), (1, (2, 0)), (2, (2, 0)), (3, (5, 0)),
                                          (5, (5, 0)), (6, (10, 0)), (8, (10, 0)), (-4, (0, 5))])
def test_military_points_by_zone(pawn, points):
    assert (military_points(pawn, 0), military_points(pawn, 1)) == points


def test_strategy_adds_a_shield_to_later_red_cards_not_wonders_nor_earlier_cards():
    wonders = (("The Colossus", "The Pyramids", "The Sphinx", "Piraeus"),
               ("Circus Maximus", "The Great Lighthouse", "The Appian Way", "The Mausoleum"))
    state = scenario(age=1, wonders=wonders, coins=(30, 7))
    give(state, 0, "Garrison")
    give_token(state, 0, "Strategy")
    assert state.pawn == 0  # not retroactive
    on_top(state, "Guard Tower", "Lumber Yard")
    play(state, "build", "Guard Tower")
    assert state.pawn == 2
    state.current = state.turn_player = 0
    play(state, "wonder", "Lumber Yard", "The Colossus")
    assert state.pawn == 4  # the wonder's 2 shields only


def _science_state(symbol_cards, board=("Agriculture", "Philosophy", "Law")):
    state = scenario(age=2, coins=(30, 7), board_tokens=board)
    give(state, 0, *symbol_cards)
    return state


def test_a_pair_of_symbols_gives_a_choice_of_the_board_tokens():
    state = _science_state(["Scriptorium"])
    on_top(state, "Library")
    play(state, "build", "Library")  # free through the Scriptorium chain: a quill pair
    assert state.science[0][SCIENCE_SYMBOLS.index("quill")] == 2
    assert state.phase == Phase.PROGRESS and state.current == 0
    assert sorted(legal_actions(state)) == sorted(PROGRESS + TOKEN_IDS[t] for t in ("Agriculture", "Philosophy", "Law"))
    assert not is_legal(state, "progress", "Economy")  # not on the board
    play(state, "progress", "Philosophy")
    assert state.player_tokens[0] == 1 << TOKEN_IDS["Philosophy"]
    assert state.board_tokens == (1 << TOKEN_IDS["Agriculture"]) | (1 << TOKEN_IDS["Law"])
    assert state.phase == Phase.PLAY and state.current == 1
    assert score_breakdown(state, 0)["progress"] == 7


def test_no_choice_when_the_board_has_no_token_left():
    state = _science_state(["Scriptorium"], board=())
    on_top(state, "Library")
    play(state, "build", "Library")
    assert state.phase == Phase.PLAY and state.current == 1


def test_different_symbols_make_no_pair():
    state = _science_state(["Scriptorium"])
    give(state, 0, "Lumber Yard", "Glassworks")
    on_top(state, "Laboratory")
    play(state, "build", "Laboratory")  # pendulum next to a quill
    assert state.phase == Phase.PLAY and state.current == 1
    assert state.coins[0] == 30 - 2  # W G G: one glass bought


def test_scientific_supremacy_with_six_different_symbols_ends_the_game():
    state = _science_state(["Scriptorium", "Pharmacist", "Workshop", "Apothecary", "Academy"])
    on_top(state, "University")
    play(state, "build", "University")  # globe: the sixth different symbol
    assert state.phase == Phase.GAME_OVER and state.victory.name == "SCIENCE" and state.winners == (0,)


def test_the_law_token_counts_as_a_symbol_for_supremacy():
    state = _science_state(["Scriptorium", "Pharmacist", "Workshop", "Apothecary", "Academy"])
    on_top(state, "Dispensary")
    play(state, "build", "Dispensary")  # a mortar pair (free: the Pharmacist chain), 5 symbols
    assert state.phase == Phase.PROGRESS
    play(state, "progress", "Law")
    assert state.phase == Phase.GAME_OVER and state.victory.name == "SCIENCE" and state.winners == (0,)


def test_a_pair_on_the_last_card_of_an_age_is_chosen_before_the_age_ends():
    state = _science_state(["Scriptorium"])
    place(state, 0, "Library")  # top row: the last card that can be taken
    while state.cards_left > 1:
        slot = next(s for s in state.accessible_slots() if s != 0)
        state.current = state.turn_player = 1
        play(state, "sell", CARDS[state.slot_card[slot]].name)
    state.current = state.turn_player = 0
    play(state, "build", "Library")
    assert state.phase == Phase.PROGRESS and state.age == 2
    play(state, "progress", "Agriculture")
    assert state.phase == Phase.STARTER and state.age == 3


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


def test_military_supremacy_through_a_wonder():
    state = scenario(age=1, coins=(20, 30))
    state.pawn = -7
    state.current = state.turn_player = BRUNO
    on_top(state, "Lumber Yard")
    play(state, "wonder", "Lumber Yard", "The Colossus")
    assert state.pawn == -9 and state.winners == (BRUNO,) and state.victory == Victory.MILITARY


def test_second_pair_of_a_different_symbol_gives_another_token_third_card_nothing():
    state = scenario(age=2, coins=(30, 30), board_tokens=("Agriculture", "Law", "Philosophy"))
    give(state, ANTOINE, "Scriptorium", "Library")
    state.pending_progress = False
    grant(state, ANTOINE, "Philosophy")
    give(state, ANTOINE, "Pharmacist")
    on_top(state, "Dispensary")
    play(state, "build", "Dispensary")
    assert state.phase == Phase.PROGRESS


def test_five_symbols_is_not_supremacy():
    state = scenario(age=3, coins=(30, 30))
    give(state, ANTOINE, "Scriptorium", "Pharmacist", "Workshop", "Apothecary")
    on_top(state, "Academy")
    play(state, "build", "Academy")
    assert state.phase == Phase.PLAY and state.current == BRUNO


def test_theology_of_opponent_does_not_apply():
    state = scenario(age=1, coins=(99, 7))
    grant(state, BRUNO, "Theology")
    on_top(state, "Lumber Yard")
    play(state, "wonder", "Lumber Yard", "The Pyramids")
    assert state.current == BRUNO
