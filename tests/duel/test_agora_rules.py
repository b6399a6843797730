"""Agora's rules in play (:mod:`wonders_env.duel.agora` through :mod:`wonders_env.duel.rules`): the
setup, recruiting Senators, the Politicians' Senate actions and the Conspirators, control and the
decrees' effects, conspiracies (conspire, prepare, trigger) and each of the 16, the Agora military
tokens, the new wonders and tokens, the Senate's points and political supremacy; the issue's worked
examples by name."""

import pytest
from agora_scenarios import (ACTS, CARD, CONSPIRACY, DB, DECREE, OPEN_SLOTS, TABLES, TOKEN, WONDER, agora_game,
                             choosable, choose, give, give_token, hold, item, move_item, play, put_card, set_cubes,
                             set_decree)

from wonders_env.duel import agora
from wonders_env.duel.actions import BOTTOM, CONSPIRE, STOP, TOP, ActionKind, Item
from wonders_env.duel.cards import SENATOR
from wonders_env.duel.rules import IllegalActionError, apply_action, build_cost, legal_actions, sell_value
from wonders_env.duel.scoring import score_breakdown
from wonders_env.duel.state import Choice, Phase, Victory, new_game

LEFT, CENTRE = "Politician (left) 1", "Politician (centre) 1"


def recruit(state, name, slot=20):
    put_card(state, slot, name)
    play(state, ActionKind.BUILD, name)


# ------------------------------------------------------------------------------- setup
def test_the_setup_deals_the_enlarged_structures_the_senate_and_the_new_pools():
    state = new_game(3, DB)
    assert [len(deal) for deal in state.deals] == [25, 25, 23]
    assert [sum(DB.card_color[c] == SENATOR for c in deal) for deal in state.deals] == [5, 5, 3]
    senate = state.agora
    assert senate.cubes == [[0] * 6, [0] * 6] and sorted(senate.conspiracy_deck) == list(range(16))
    assert senate.decree_face_up == [True, False, True, False, True, False]
    assert sorted(state.wonder_order) == list(range(14)) and {"Curia Julia", "Knossos"} <= set(WONDER)
    assert sorted(state.token_order) == list(range(12)) and {"Corruption", "Organized Crime"} <= set(TOKEN)
    assert state.looting == [True] * 4  # the Agora military tokens lie where the looting tokens lie


def test_knossos_places_a_cube_and_curia_julia_conspires_when_drafted():
    state = new_game(0, DB)
    state.draft_offer = [WONDER["Knossos"], WONDER["Curia Julia"], *state.draft_offer[2:]]
    apply_action(state, ACTS.encode(ActionKind.DRAFT, WONDER["Knossos"]))
    assert state.phase == Phase.CHOOSE and state.agora.choice == Choice.PLACE_INFLUENCE and state.current == 0
    assert choosable(state, Item.CHAMBER) == list(range(6))
    choose(state, Item.CHAMBER, 3)
    assert state.agora.cubes[0][3] == 1 and state.phase == Phase.DRAFT and state.current == 1
    apply_action(state, ACTS.encode(ActionKind.DRAFT, WONDER["Curia Julia"]))
    assert state.agora.choice == Choice.KEEP_CONSPIRACY and state.current == 1
    first, second = state.agora.drawn
    choose(state, Item.CONSPIRACY, first)
    assert state.agora.choice == Choice.PUT_BACK and choosable(state, Item.OPTION) == [TOP, BOTTOM]
    choose(state, Item.OPTION, BOTTOM)
    assert state.agora.conspiracies[1] == [first] and state.agora.conspiracy_deck[-1] == second
    assert state.phase == Phase.DRAFT and state.current == 1  # the draft goes on: B's second pick


# ----------------------------------------------------------------------------- Senators
def test_a_senator_costs_one_coin_per_senator_owned_and_nothing_with_corruption():
    state = agora_game()
    assert build_cost(state, 0, CARD[LEFT]) == 0
    give(state, 0, "Conspirator 1", "Conspirator 2")
    assert build_cost(state, 0, CARD[LEFT]) == 2 and build_cost(state, 1, CARD[LEFT]) == 0
    give_token(state, 0, "Corruption")
    assert build_cost(state, 0, CARD[LEFT]) == 0
    state.coins[1] = 0
    give(state, 1, "Conspirator 3")
    put_card(state, 20, LEFT)
    state.current = state.turn_player = 1
    assert ACTS.encode(ActionKind.BUILD, CARD[LEFT]) not in legal_actions(state)  # 1 coin, none held
    assert ACTS.encode(ActionKind.SELL, CARD[LEFT]) in legal_actions(state)  # README decision 14


def test_a_politician_with_4_blue_cards_and_the_senate_boost_takes_3_senate_actions_in_a_row():
    """The issue's worked example: 4 blue cards + 2 of the decree count 6: 3 actions (the most)."""
    state = agora_game(coins=(9, 7))
    give(state, 0, "Temple", "Statue", "Courthouse", "Rostrum")
    set_decree(state, 0, "Senate boost")
    set_cubes(state, 0, 1)  # player 0 controls chamber 1 and its decree
    assert agora.senate_actions(DB, state.agora, 0, 4) == 3 and agora.senate_actions(DB, state.agora, 0, 0) == 2
    recruit(state, LEFT)
    for _ in range(3):
        assert state.phase == Phase.CHOOSE and state.current == 0 and state.agora.choice == Choice.SENATE_ACTION
        assert set(choosable(state, Item.CHAMBER)) == {0, 1}  # the left section only
        assert choosable(state, Item.OPTION) == [STOP]
        choose(state, Item.CHAMBER, 1)
    assert state.agora.cubes[0] == [1, 3, 0, 0, 0, 0]
    assert state.phase == Phase.PLAY and state.current == 1


def test_senate_actions_place_in_the_section_or_move_a_cube_and_may_stop():
    state = agora_game()
    give(state, 0, "Temple", "Statue")  # 2 blue cards: 2 actions
    set_cubes(state, 0, 0, 0, 1)
    recruit(state, LEFT)
    assert set(choosable(state, Item.SENATE_MOVE)) == {move_item(2, 1), move_item(2, 3)}
    choose(state, Item.SENATE_MOVE, move_item(2, 3))
    assert state.agora.cubes[0][2:4] == [0, 1] and state.agora.decree_face_up[3]  # a moved cube turns it up
    choose(state, Item.OPTION, STOP)
    assert state.phase == Phase.PLAY and state.current == 1 and sum(state.agora.cubes[0]) == 1


def test_a_conspirator_places_a_cube_anywhere_or_conspires_and_the_replay_decree():
    state = agora_game()
    recruit(state, "Conspirator 1")
    assert state.agora.choice == Choice.CONSPIRATOR
    assert choosable(state, Item.CHAMBER) == list(range(6)) and choosable(state, Item.OPTION) == [CONSPIRE]
    choose(state, Item.CHAMBER, 5)
    assert state.agora.cubes[0][5] == 1 and state.current == 1
    state = agora_game()
    set_decree(state, 2, "Conspirator replay")
    set_cubes(state, 0, 0, 0, 1)
    recruit(state, "Conspirator 1")
    choose(state, Item.OPTION, CONSPIRE)
    top, other = state.agora.drawn
    choose(state, Item.CONSPIRACY, other)
    choose(state, Item.OPTION, TOP)
    assert state.agora.conspiracies[0] == [other] and state.agora.conspiracy_deck[0] == top
    assert state.phase == Phase.PLAY and state.current == 0  # the decree's replay


def test_organized_crime_keeps_both_conspiracies_drawn():
    state = agora_game()
    give_token(state, 0, "Organized Crime")
    drawn = state.agora.conspiracy_deck[:2]
    recruit(state, "Conspirator 1")
    choose(state, Item.OPTION, CONSPIRE)
    assert state.agora.conspiracies[0] == drawn and state.current == 1


def test_no_cube_left_no_place():
    state = agora_game()
    set_cubes(state, 0, 12)
    recruit(state, "Conspirator 1")
    assert choosable(state, Item.CHAMBER) == [] and choosable(state, Item.OPTION) == [CONSPIRE]


# ------------------------------------------------------------------- control, decrees
def test_control_needs_strictly_more_cubes():
    state = agora_game()
    set_cubes(state, 0, 2, 1)
    set_cubes(state, 1, 1, 1)
    assert agora.controller(state.agora, 0) == 0 and agora.controller(state.agora, 1) == -1
    assert agora.controlled(state.agora, 0) == [0]


def test_a_chamber_changing_hands_with_the_shield_decree_moves_the_pawn():
    """The issue's worked example: taking control gives 1 shield; the opponent taking it over moves
    the pawn 2 back; losing it without a new controller moves it 1."""
    state = agora_game()
    set_decree(state, 1, "Shield", face_up=False)
    give(state, 0, "Temple", "Statue")
    recruit(state, LEFT)
    choose(state, Item.CHAMBER, 1)
    assert state.agora.decree_face_up[1] and state.pawn == 1  # control of the shield: +1
    choose(state, Item.OPTION, STOP)
    give(state, 1, "Courthouse", "Rostrum")
    recruit(state, "Politician (left) 2", slot=21)
    choose(state, Item.CHAMBER, 1)
    assert state.pawn == 0  # a tie: player 0 lost control, nobody has it
    choose(state, Item.CHAMBER, 1)
    assert state.pawn == -1  # player 1 took it over: 2 steps from +1


def test_the_income_decrees_pay_their_controller_when_anyone_builds():
    state = agora_game(age=2)
    set_decree(state, 0, "Blue income")
    set_cubes(state, 1, 1)
    put_card(state, 22, "Temple")
    give(state, 0, "Lumber Yard", "Press")
    play(state, ActionKind.BUILD, "Temple")
    assert state.coins == [7, 9]  # Age II: 2 coins to player 1 for player 0's blue card
    put_card(state, 23, "Baths")
    give(state, 1, "Stone Pit")
    play(state, ActionKind.BUILD, "Baths")
    assert state.coins == [7, 11]


def test_the_wonder_income_decree_pays_for_any_wonder():
    state = agora_game(age=2, coins=(30, 7))
    set_decree(state, 2, "Wonder income")
    set_cubes(state, 1, 0, 0, 1)
    put_card(state, 22, "Temple")
    apply_action(state, ACTS.encode(ActionKind.WONDER, CARD["Temple"], WONDER["The Pyramids"]))
    assert state.coins[1] == 9  # Age II


def test_the_discount_decrees_ignore_a_symbol_and_lower_the_bank_never_below_1():
    state = agora_game(age=1)
    assert build_cost(state, 0, CARD["Palisade"]) == 2  # its 2 printed coins
    set_decree(state, 0, "Red discount")
    set_cubes(state, 0, 1)
    assert build_cost(state, 0, CARD["Palisade"]) == 0  # the coins are one symbol
    assert build_cost(state, 0, CARD["Stable"]) == 0  # W ignored
    assert build_cost(state, 0, CARD["Horse Breeders"]) == 2  # WC: one ignored, one bought
    set_decree(state, 2, "Cheap raw materials")
    set_cubes(state, 0, 1, 0, 1)
    assert state.trade_price_list(0) == (1, 1, 1, 2, 2)
    give(state, 1, "Lumber Yard")
    assert state.trade_price_list(0)[0] == 2  # 3 - 1
    give_token(state, 0, "Economy")  # no effect on prices: only to check the fixed-price card
    give(state, 0, "Wood Reserve")
    assert state.trade_price_list(0)[0] == 1  # never below 1


def test_the_wonder_discount_discard_bonus_and_shared_chains_decrees():
    state = agora_game(age=2)
    pyramids = WONDER["The Pyramids"]
    full = state.wonder_cost(0, pyramids)
    set_decree(state, 0, "Wonder discount")
    set_decree(state, 2, "Discard bonus")
    set_decree(state, 4, "Shared chains")
    set_cubes(state, 0, 1, 0, 1, 0, 1)
    assert state.wonder_cost(0, pyramids) == full - 2  # a stone unit less (SSSP: 2 each)
    assert sell_value(state, 0) == 4 and sell_value(state, 1) == 2
    give(state, 1, "Theater")  # the mask chain
    assert build_cost(state, 0, CARD["Statue"]) == 0 and build_cost(state, 1, CARD["Statue"]) == 0
    set_cubes(state, 0)
    assert build_cost(state, 0, CARD["Statue"]) == 4


# ----------------------------------------------------------------------- conspiracies
def test_preparing_tucks_the_card_taken_and_triggering_happens_at_the_start_of_a_turn_once():
    state = agora_game()
    hold(state, 0, "Coup")
    card = state.slot_card[20]
    apply_action(state, ACTS.encode(ActionKind.PREPARE, card))
    assert state.agora.choice == Choice.PREPARE_CONSPIRACY
    choose(state, Item.CONSPIRACY, "Coup")
    assert state.agora.prepared[0] == [card] and card not in state.slot_card and state.current == 1
    assert ACTS.encode(ActionKind.PREPARE, state.slot_card[21]) not in legal_actions(state)  # none held
    apply_action(state, ACTS.encode(ActionKind.SELL, state.slot_card[21]))
    trigger = ACTS.encode(ActionKind.TRIGGER, CONSPIRACY["Coup"])
    assert trigger in legal_actions(state)
    apply_action(state, trigger)
    assert state.pawn == 2 and state.phase == Phase.PLAY and state.current == 0  # the turn goes on
    assert state.agora.left_game == [card] and state.agora.triggered[0] == [CONSPIRACY["Coup"]]
    hold(state, 0, "Blackmail", under="Altar")
    with pytest.raises(IllegalActionError, match="start of a turn"):
        apply_action(state, ACTS.encode(ActionKind.TRIGGER, CONSPIRACY["Blackmail"]))


def test_an_unprepared_conspiracy_cannot_be_triggered_but_curia_julia_triggers_it():
    state = agora_game(age=2, coins=(30, 7), wonders=(("Curia Julia", "The Pyramids", "Piraeus", "Knossos"),
                                                      ("Circus Maximus", "The Colossus", "The Appian Way",
                                                       "The Statue of Zeus")))
    hold(state, 0, "Coup")
    assert ACTS.encode(ActionKind.TRIGGER, CONSPIRACY["Coup"]) not in legal_actions(state)
    card = state.slot_card[22]
    apply_action(state, ACTS.encode(ActionKind.WONDER, card, WONDER["Curia Julia"]))
    assert state.agora.choice == Choice.CURIA_TRIGGER and choosable(state, Item.OPTION) == [STOP]
    coins = state.coins[0]
    choose(state, Item.CONSPIRACY, "Coup")
    assert state.pawn == 2 and state.current == 0 and state.phase == Phase.PLAY  # Curia Julia: play again
    assert coins == 30 - state.log[-2][2] + 6


def test_blackmail_on_an_odd_treasury_takes_half_rounded_up_then_the_optional_move():
    """The issue's worked example: 7 coins, Blackmail takes 4 (README decision 9: then a move)."""
    state = agora_game(coins=(2, 7))
    hold(state, 0, "Blackmail", under="Altar")
    set_cubes(state, 0, 1)
    play(state, ActionKind.TRIGGER, "Blackmail")
    assert state.coins == [6, 3]
    assert state.agora.choice == Choice.MOVE_INFLUENCE and choosable(state, Item.SENATE_MOVE) == [move_item(0, 1)]
    choose(state, Item.OPTION, STOP)
    assert state.phase == Phase.PLAY and state.current == 0


@pytest.mark.parametrize("name, colour_card", [("Expropriation", "Temple"), ("Swindle", "Tavern")])
def test_expropriation_and_swindle_discard_an_opponents_card(name, colour_card):
    state = agora_game(age=2)
    give(state, 1, colour_card, "Lumber Yard")
    hold(state, 0, name, under="Altar")
    play(state, ActionKind.TRIGGER, name)
    assert choosable(state, Item.CARD) == [CARD[colour_card]]
    choose(state, Item.CARD, colour_card)
    assert colour_card not in [DB.cards[c].name for c in state.city[1]] and state.discard == [CARD[colour_card]]


def test_extortion_takes_an_unbuilt_wonder_and_sabotage_boxes_a_built_one():
    state = agora_game(age=2)
    state.wonder_built[WONDER["Piraeus"]] = True
    state.wonder_card[WONDER["Piraeus"]] = CARD["Theater"]
    state.wonders_built = 1
    hold(state, 0, "Extortion", under="Altar")
    play(state, ActionKind.TRIGGER, "Extortion")
    assert WONDER["Piraeus"] not in choosable(state, Item.WONDER) and len(choosable(state, Item.WONDER)) == 3
    choose(state, Item.WONDER, "The Colossus")
    assert WONDER["The Colossus"] in state.player_wonders[0] and len(state.player_wonders[0]) == 5
    state = agora_game(age=2)
    state.wonder_built[WONDER["Piraeus"]] = True
    state.wonder_card[WONDER["Piraeus"]] = CARD["Theater"]
    state.wonders_built = 1
    state.raw_choices[1] = 0
    state.manufactured_choices[1] = 1
    hold(state, 0, "Sabotage", under="Altar")
    play(state, ActionKind.TRIGGER, "Sabotage")
    choose(state, Item.WONDER, "Piraeus")
    assert WONDER["Piraeus"] not in state.player_wonders[1] and state.wonders_built == 0
    assert state.manufactured_choices[1] == 0 and CARD["Theater"] in state.agora.left_game


def test_obscurantism_locks_a_token_of_the_board_the_opponent_or_the_set_aside():
    state = agora_game()
    give_token(state, 1, "Law")
    state.science[1][1] = 1
    hold(state, 0, "Obscurantism", under="Altar")
    play(state, ActionKind.TRIGGER, "Obscurantism")
    assert len(choosable(state, Item.TOKEN)) == 12  # the board's, the opponent's and the set-aside ones
    choose(state, Item.TOKEN, "Law")
    assert not state.player_tokens[1] and state.science[1][1] == 0
    assert state.agora.locked == [(TOKEN["Law"], 0, True)]
    assert TOKEN["Law"] not in agora.set_aside_tokens(state)


def test_coup_gives_two_shields_and_property_fraud_builds_a_first_row_card_free():
    state = agora_game(coins=(0, 7))
    hold(state, 0, "Property Fraud", under="Altar")
    put_card(state, 0, "Palisade")
    put_card(state, 1, "Conspirator 1")
    play(state, ActionKind.TRIGGER, "Property Fraud")
    assert CARD["Palisade"] in choosable(state, Item.CARD) and CARD["Conspirator 1"] not in choosable(state, Item.CARD)
    choose(state, Item.CARD, "Palisade")
    assert CARD["Palisade"] in state.city[0] and state.pawn == 1 and state.coins[0] == 0
    assert state.slot_card[0] == -1 and state.cards_left == 24


def test_treason_builds_a_card_boxed_at_setup_and_espionage_takes_a_set_aside_token():
    state = agora_game(age=2)
    hold(state, 0, "Treason", under="Altar")
    play(state, ActionKind.TRIGGER, "Treason")
    boxed = sorted(c for box in state.boxed[:2] for c in box)
    assert choosable(state, Item.CARD) == boxed and len(boxed) == 6
    choose(state, Item.CARD, boxed[0])
    assert boxed[0] in state.city[0] and boxed[0] not in state.boxed[0] + state.boxed[1]
    state = agora_game()
    hold(state, 0, "Espionage", under="Altar")
    play(state, ActionKind.TRIGGER, "Espionage")
    aside = sorted(state.token_order[5:])
    assert choosable(state, Item.TOKEN) == aside
    choose(state, Item.TOKEN, aside[0])
    assert state.player_tokens[0] == 1 << aside[0]


def test_political_maneuver_places_removes_then_may_move():
    state = agora_game()
    set_cubes(state, 1, 0, 0, 0, 2)
    hold(state, 0, "Political Maneuver", under="Altar")
    play(state, ActionKind.TRIGGER, "Political Maneuver")
    assert state.agora.choice == Choice.PLACE_INFLUENCE and STOP not in choosable(state, Item.OPTION)
    choose(state, Item.CHAMBER, 2)
    assert state.agora.choice == Choice.REMOVE_INFLUENCE and choosable(state, Item.CHAMBER) == [3]
    choose(state, Item.CHAMBER, 3)
    assert state.agora.choice == Choice.MOVE_INFLUENCE and STOP in choosable(state, Item.OPTION)
    choose(state, Item.SENATE_MOVE, move_item(2, 3))
    assert state.agora.cubes == [[0, 0, 0, 1, 0, 0], [0, 0, 0, 1, 0, 0]] and state.current == 0


def test_turn_of_events_discards_one_accessible_card_and_may_discard_a_second():
    state = agora_game()
    hold(state, 0, "Turn Of Events", under="Altar")
    play(state, ActionKind.TRIGGER, "Turn Of Events")
    first, second = state.slot_card[18], state.slot_card[19]
    assert STOP not in choosable(state, Item.OPTION)
    choose(state, Item.CARD, first)
    assert STOP in choosable(state, Item.OPTION)
    choose(state, Item.CARD, second)
    assert state.discard == [first, second] and state.face_up[12]  # slot 12 uncovered
    assert state.agora.choice == Choice.MOVE_INFLUENCE or state.phase == Phase.PLAY


def test_embezzlement_counts_the_cubes():
    state = agora_game(coins=(1, 2))
    set_cubes(state, 0, 1, 1, 1)
    set_cubes(state, 1, 0, 0, 0, 1, 1, 1)
    hold(state, 0, "Embezzlement", under="Altar")
    play(state, ActionKind.TRIGGER, "Embezzlement")
    assert state.coins == [4, 0]


def test_foreclosure_takes_and_coercion_swaps_a_card_of_the_same_colour():
    state = agora_game(age=2)
    give(state, 1, "Lumber Yard", "Workshop", "Theater")
    give(state, 0, "Apothecary")
    hold(state, 0, "Foreclosure", under="Altar")
    play(state, ActionKind.TRIGGER, "Foreclosure")
    assert choosable(state, Item.CARD) == [CARD["Lumber Yard"]]
    choose(state, Item.CARD, "Lumber Yard")
    assert CARD["Lumber Yard"] in state.city[0] and state.production[0][0] == 1 and state.production[1][0] == 0
    state = agora_game(age=2)
    give(state, 1, "Workshop", "Theater")
    give(state, 0, "Apothecary")
    hold(state, 0, "Coercion", under="Altar")
    play(state, ActionKind.TRIGGER, "Coercion")
    assert choosable(state, Item.CARD) == [CARD["Workshop"]]  # no blue card of player 0's: no Theater
    choose(state, Item.CARD, "Workshop")
    assert state.agora.choice == Choice.SWAP_GIVE and choosable(state, Item.CARD) == [CARD["Apothecary"]]
    choose(state, Item.CARD, "Apothecary")
    assert CARD["Workshop"] in state.city[0] and CARD["Apothecary"] in state.city[1]
    assert state.science[0][4] == 1 and state.science[0][6] == 0 and state.science[1][6] == 1


def test_insider_influence_moves_a_decree_under_another():
    state = agora_game()
    set_decree(state, 0, "Shield")
    set_decree(state, 3, "Blue income", face_up=False)
    set_cubes(state, 0, 0, 0, 0, 1)
    hold(state, 0, "Insider Influence", under="Altar")
    play(state, ActionKind.TRIGGER, "Insider Influence")
    choose(state, Item.CHAMBER, 0)
    assert STOP not in choosable(state, Item.OPTION) and 0 not in choosable(state, Item.CHAMBER)
    choose(state, Item.CHAMBER, 3)
    assert state.agora.decrees[3] == [DECREE["Blue income"], DECREE["Shield"]] and state.agora.decrees[0] == []
    assert state.pawn == 1  # the shield joined player 0's chamber


# ----------------------------------------------------------------- military, victory
def test_the_agora_military_tokens_place_then_remove_and_move_no_coins_lost():
    state = agora_game(age=2, coins=(7, 7))
    set_cubes(state, 1, 1)
    state.pawn = 2
    put_card(state, 22, "Walls")
    give(state, 0, "Quarry", "Stone Pit")
    play(state, ActionKind.BUILD, "Walls")
    assert state.pawn == 4 and state.coins[1] == 7 and not state.looting[2]
    assert state.agora.choice == Choice.PLACE_INFLUENCE and state.current == 0
    choose(state, Item.CHAMBER, 4)
    state.pawn = 5
    state.current = state.turn_player = 0
    state.phase = Phase.PLAY
    put_card(state, 23, "Guard Tower")
    play(state, ActionKind.BUILD, "Guard Tower")
    assert state.agora.choice == Choice.REMOVE_INFLUENCE and state.coins[1] == 7
    choose(state, Item.CHAMBER, 0)
    assert state.agora.choice == Choice.MOVE_INFLUENCE
    choose(state, Item.OPTION, STOP)
    assert state.agora.cubes[1][0] == 0 and state.current == 1


def test_political_supremacy_ends_the_game_in_the_middle_of_an_age():
    """The issue's worked example: the sixth chamber controlled wins at once."""
    state = agora_game(age=1)
    set_cubes(state, 0, 1, 1, 1, 1, 1, 0)
    recruit(state, "Conspirator 1")
    choose(state, Item.CHAMBER, 5)
    assert state.phase == Phase.GAME_OVER and state.victory == Victory.POLITICAL and state.winners == (0,)
    assert state.cards_left == 24


def test_the_senate_scores_its_chambers():
    state = agora_game()
    set_cubes(state, 0, 1, 0, 2, 0, 0, 1)
    set_cubes(state, 1, 0, 1, 1, 0, 0, 1)
    assert score_breakdown(state, 0)["senate"] == 1 + 3 and score_breakdown(state, 1)["senate"] == 2
    assert "senate" not in score_breakdown(new_game(0), 0)


def test_every_conspiracy_and_decree_is_a_row_and_every_power_a_set():
    targets = {e.kind for c in TABLES.conspiracies for e in c.effects if e.kind in agora.TARGET_CHOICE}
    assert targets == set(agora.TARGET_CHOICE) == set(agora.CONSPIRACY_TARGETS)
    sets = set(agora._OPTIONS) | set(agora.TARGET_ITEM)
    assert sets == set(agora._RESOLVE) == {c for c in Choice if c >= Choice.SENATE_ACTION}
    assert item(Item.CONSPIRACY, "Coup") == ACTS.choose + ACTS.item_offsets[Item.CONSPIRACY] + CONSPIRACY["Coup"]
    assert OPEN_SLOTS[1] == range(18, 25)


def test_a_pair_received_in_a_coercion_exchange_gives_its_receiver_a_progress_token():
    state = agora_game(age=2)
    give(state, 1, "Workshop", "School")  # pendulum, wheel
    give(state, 0, "Apothecary")  # wheel
    hold(state, 0, "Coercion", under="Altar")
    play(state, ActionKind.TRIGGER, "Coercion")
    choose(state, Item.CARD, "Workshop")
    choose(state, Item.CARD, "Apothecary")
    assert state.agora.choice == Choice.PAIR_TOKEN and state.current == 1 and not state.pending_progress
    token = choosable(state, Item.TOKEN)[0]
    choose(state, Item.TOKEN, token)
    assert state.player_tokens[1] == 1 << token and state.phase == Phase.PLAY and state.current == 0


def test_knossos_built_places_a_cube_then_may_move_one_and_scores_3():
    state = agora_game(age=2, coins=(30, 7), wonders=(("Knossos", "The Pyramids", "Piraeus", "Curia Julia"),
                                                      ("Circus Maximus", "The Colossus", "The Appian Way",
                                                       "The Statue of Zeus")))
    apply_action(state, ACTS.encode(ActionKind.WONDER, state.slot_card[22], WONDER["Knossos"]))
    assert state.agora.choice == Choice.PLACE_INFLUENCE and STOP not in choosable(state, Item.OPTION)
    choose(state, Item.CHAMBER, 0)
    assert state.agora.choice == Choice.MOVE_INFLUENCE and choosable(state, Item.SENATE_MOVE) == [move_item(0, 1)]
    choose(state, Item.SENATE_MOVE, move_item(0, 1))
    assert state.agora.cubes[0] == [0, 1, 0, 0, 0, 0] and state.current == 1
    assert score_breakdown(state, 0)["wonders"] == 3 and score_breakdown(state, 0)["senate"] == 2


def test_a_conspiracy_that_empties_the_structure_at_the_start_of_a_turn_ends_the_age():
    state = agora_game()
    for slot in range(25):
        if slot not in (18, 19):
            state.slot_card[slot] = -1
    state.cards_left = 2
    hold(state, 0, "Turn Of Events", under="Altar")
    play(state, ActionKind.TRIGGER, "Turn Of Events")
    choose(state, Item.CARD, state.slot_card[18])
    choose(state, Item.CARD, state.slot_card[19])
    assert state.phase == Phase.STARTER and state.age == 2 and state.current == 0
