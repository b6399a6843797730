"""Setup, the wonder draft, the card structures, the three ways to play a card, the end of an Age."""

import numpy as np
import pytest
from duel_scenarios import action, give, is_legal, on_top, play, scenario

from wonders_env.duel.actions import DRAFT, decode_action
from wonders_env.duel.cards import (CARD_DECK, CARD_IDS, CARDS, DECK_CARDS, GUILD_DECK, LAYOUTS,
                                    NUM_SLOTS)
from wonders_env.duel.rules import apply_action, legal_actions, resolve_action
from wonders_env.duel.state import EMPTY, Phase, lay_out_age, new_game


def test_setup_coins_pawn_military_and_progress_tokens():
    state = new_game(np.random.default_rng(1))
    assert state.coins == [7, 7] and state.pawn == 0 and state.looting == [True] * 4
    board = [t for t in range(10) if state.board_tokens >> t & 1]
    assert len(board) == 5 and sorted(board) == sorted(state.token_order[:5])
    assert sorted(state.token_order) == list(range(10))
    assert state.phase == Phase.DRAFT and state.current == 0 and state.age == 0


def test_each_age_deals_20_cards_and_boxes_3_unseen_and_age_three_takes_3_guilds():
    for seed in range(20):
        state = new_game(np.random.default_rng(seed))
        for age in (1, 2, 3):
            dealt, boxed = state.deals[age - 1], state.boxed[age - 1]
            assert len(dealt) == 20 and len(set(dealt)) == 20
            deck = set(DECK_CARDS[age - 1]) | (set(DECK_CARDS[GUILD_DECK]) if age == 3 else set())
            assert set(dealt) | set(boxed) == deck and not set(dealt) & set(boxed)
        guilds = [c for c in state.deals[2] if CARD_DECK[c] == GUILD_DECK]
        assert len(guilds) == 3
        assert len(state.boxed[2]) == 3 + 4
        assert state.discard == []  # boxed cards are never in the discard pile


def test_wonder_draft_order_and_rounds():
    state = new_game(np.random.default_rng(2))
    first_round, second_round = state.wonder_order[:4], state.wonder_order[4:8]
    assert sorted(legal_actions(state)) == sorted(DRAFT + w for w in first_round)
    pickers = []
    while state.phase == Phase.DRAFT:
        if len(pickers) == 4:
            assert sorted(state.draft_offer) == sorted(second_round)
        pickers.append(state.current)
        resolve_action(state, legal_actions(state)[0])
    assert pickers == [0, 1, 1, 0, 1, 0, 0, 1]  # A B B A, then B A A B
    assert len(state.player_wonders[0]) == len(state.player_wonders[1]) == 4
    assert sorted(state.player_wonders[0] + state.player_wonders[1]) == sorted(first_round + second_round)
    assert state.phase == Phase.PLAY and state.age == 1 and state.current == 0
    assert state.coins == [7, 7]


def test_draft_picks_only_from_the_table():
    state = new_game(np.random.default_rng(3))
    unseen = state.wonder_order[4]
    with pytest.raises(ValueError, match="not on the draft table"):
        apply_action(state, DRAFT + unseen)


@pytest.mark.parametrize("age, open_at_start", [(1, {14, 15, 16, 17, 18, 19}), (2, {18, 19}), (3, {18, 19})])
def test_only_uncovered_cards_are_accessible_at_the_start(age, open_at_start):
    state = scenario(age=age)
    assert set(state.accessible_slots()) == open_at_start
    playable = {decode_action(a)[1] for a in legal_actions(state)}
    assert playable == {state.slot_card[s] for s in open_at_start}
    assert all(state.face_up[s] == LAYOUTS[age - 1].face_up[s] for s in range(NUM_SLOTS))


def test_a_face_down_card_turns_face_up_once_both_covering_cards_are_taken():
    state = scenario(age=1, coins=(30, 30))
    assert not state.face_up[9]  # covered by 14 and 15
    play(state, "sell", CARDS[state.slot_card[14]].name)
    assert not state.face_up[9] and 9 not in state.accessible_slots()
    play(state, "sell", CARDS[state.slot_card[15]].name)
    assert state.face_up[9] and 9 in state.accessible_slots()


def test_age_three_middle_row_slot_nine_alone_covers_five_and_six():
    state = scenario(age=3, coins=(30, 30))
    for slot in (18, 19, 15, 16, 17, 11, 12):
        state.current = state.turn_player = 0
        play(state, "sell", CARDS[state.slot_card[slot]].name)
    assert 9 in state.accessible_slots() and state.face_up[9]
    assert 5 not in state.accessible_slots() and 6 not in state.accessible_slots()
    state.current = state.turn_player = 0
    play(state, "sell", CARDS[state.slot_card[9]].name)
    assert {5, 6} <= set(state.accessible_slots())


def test_selling_gives_2_plus_one_per_own_yellow_card():
    state = scenario(age=1, coins=(0, 0))
    give(state, 0, "Tavern", "Stone Reserve", "Clay Reserve")
    give(state, 1, "Wood Reserve")
    on_top(state, "Lumber Yard")
    play(state, "sell", "Lumber Yard")
    assert state.coins == [5, 0]
    assert state.discard == [CARD_IDS["Lumber Yard"]]


def test_selling_is_always_legal_building_needs_the_coins():
    state = scenario(age=1, coins=(0, 0))
    on_top(state, "Scriptorium")
    assert is_legal(state, "sell", "Scriptorium") and not is_legal(state, "build", "Scriptorium")
    with pytest.raises(ValueError, match="costs 2 coins and the player has 0"):
        play(state, "build", "Scriptorium")


def test_building_pays_to_the_bank_and_the_card_joins_the_city():
    state = scenario(age=1, coins=(7, 7))
    on_top(state, "Stone Pit")
    play(state, "build", "Stone Pit")
    assert state.coins == [6, 7]
    assert state.city[0] == [CARD_IDS["Stone Pit"]] and state.production[0][2] == 1
    assert state.turn_player == 1 and state.current == 1


def test_card_under_a_wonder_has_no_effect():
    state = scenario(age=1, coins=(20, 7))
    on_top(state, "Tavern")
    play(state, "wonder", "Tavern", "The Pyramids")
    assert state.coins[0] == 20 - 8  # no Tavern coins
    assert state.city[0] == []


def test_a_card_taken_is_out_of_the_structure_for_both_players():
    state = scenario(age=1)
    on_top(state, "Lumber Yard")
    play(state, "build", "Lumber Yard")
    assert CARD_IDS["Lumber Yard"] not in state.slot_card
    assert not is_legal(state, "build", "Lumber Yard")


@pytest.mark.parametrize("pawn, chooser", [(2, 1), (-4, 0)])
def test_the_weaker_military_chooses_who_starts_the_next_age(pawn, chooser):
    state = scenario(age=1)
    state.pawn = pawn
    _take_all_but_one(state)
    state.current = state.turn_player = 1 - chooser  # the stronger player takes the last card
    play(state, "sell", CARDS[state.structure_cards()[0]].name)
    assert state.phase == Phase.STARTER and state.current == chooser and state.age == 2
    assert sorted(legal_actions(state)) == [action("starter", "me"), action("starter", "opponent")]
    play(state, "starter", "opponent")
    assert state.phase == Phase.PLAY and state.current == state.turn_player == 1 - chooser


@pytest.mark.parametrize("last_player", [0, 1])
def test_pawn_in_the_middle_the_player_who_took_the_last_card_chooses(last_player):
    state = scenario(age=2)
    _take_all_but_one(state)
    state.current = state.turn_player = last_player
    play(state, "sell", CARDS[state.structure_cards()[0]].name)
    assert state.phase == Phase.STARTER and state.current == last_player
    play(state, "starter", "me")
    assert state.current == last_player and state.age == 3


def test_the_next_structure_is_laid_out_before_the_starter_is_chosen():
    state = scenario(age=1)
    _take_all_but_one(state)
    play(state, "sell", CARDS[state.structure_cards()[0]].name)
    assert state.slot_card == state.deals[1]
    assert set(state.accessible_slots()) == {18, 19}


def test_end_of_age_three_ends_the_game_with_civilian_scoring():
    state = scenario(age=3)
    _take_all_but_one(state)
    give(state, 0, "Palace")
    play(state, "sell", CARDS[state.structure_cards()[0]].name)
    assert state.phase == Phase.GAME_OVER and state.victory.name == "CIVILIAN"
    assert state.winners == (0,)
    assert legal_actions(state) == []


def _take_all_but_one(state):
    """Sell cards (whoever plays) until one card is left in the structure."""
    while state.cards_left > 1:
        state.coins = [0, 0]
        slot = state.accessible_slots()[0]
        resolve_action(state, action("sell", CARDS[state.slot_card[slot]].name))


def test_lay_out_age_uses_the_dealt_cards():
    state = new_game(np.random.default_rng(5))
    lay_out_age(state, 2)
    assert state.slot_card == state.deals[1] and state.cards_left == 20
    assert all(CARDS[c].age == 2 for c in state.slot_card if c != EMPTY)
