"""Setup, the wonder draft, the card structures, the three ways to play a card, the order of the
sub-decisions inside a turn, the end of an Age."""

import pytest
from duel_scenarios import ANTOINE, BRUNO, action, give, grant, is_legal, on_top, play, scenario

from wonders_env.duel.actions import DRAFT, PROGRESS, SELL, WONDER, decode_action
from wonders_env.duel import rules
from wonders_env.duel.cards import BASE, CARD_DECK, CARD_IDS, CARDS, GUILD_DECK, LAYOUTS, TOKEN_IDS, WONDER_IDS
from wonders_env.duel.rules import apply_action, legal_actions, resolve_action
from wonders_env.duel.state import EMPTY, Phase, Victory, start_age, new_game


def test_setup_coins_pawn_military_and_progress_tokens():
    state = new_game(1)
    assert state.coins == [7, 7] and state.pawn == 0 and state.looting == [True] * 4
    board = [t for t in range(10) if state.board_tokens >> t & 1]
    assert len(board) == 5 and sorted(board) == sorted(state.token_order[:5])
    assert sorted(state.token_order) == list(range(10))
    assert state.phase == Phase.DRAFT and state.current == 0 and state.age == 0


def test_each_age_deals_20_cards_and_boxes_3_unseen_and_age_three_takes_3_guilds():
    for seed in range(20):
        state = new_game(seed)
        for age in (1, 2, 3):
            dealt, boxed = state.deals[age - 1], state.boxed[age - 1]
            assert len(dealt) == 20 and len(set(dealt)) == 20
            deck = set(BASE.deck_cards[age - 1]) | (set(BASE.deck_cards[GUILD_DECK]) if age == 3 else set())
            assert set(dealt) | set(boxed) == deck and not set(dealt) & set(boxed)
        guilds = [c for c in state.deals[2] if CARD_DECK[c] == GUILD_DECK]
        assert len(guilds) == 3
        assert len(state.boxed[2]) == 3 + 4
        assert state.discard == []  # boxed cards are never in the discard pile


def test_wonder_draft_order_and_rounds():
    state = new_game(2)
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
    state = new_game(3)
    unseen = state.wonder_order[4]
    with pytest.raises(ValueError, match="not on the draft table"):
        apply_action(state, DRAFT + unseen)


@pytest.mark.parametrize("age, open_at_start", [(1, {14, 15, 16, 17, 18, 19}), (2, {18, 19}), (3, {18, 19})])
def test_only_uncovered_cards_are_accessible_at_the_start(age, open_at_start):
    state = scenario(age=age)
    assert set(state.accessible_slots()) == open_at_start
    playable = {decode_action(a)[1] for a in legal_actions(state)}
    assert playable == {state.slot_card[s] for s in open_at_start}
    assert all(state.face_up[s] == LAYOUTS[age - 1].face_up[s] for s in range(BASE.num_slots))


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


def test_start_age_lays_out_the_dealt_cards():
    state = new_game(5)
    start_age(state, 2)
    assert state.slot_card == state.deals[1] and state.cards_left == 20
    assert all(CARDS[c].age == 2 for c in state.slot_card if c != EMPTY)


def test_theology_mausoleum_pair_then_progress_then_play_again():
    state = scenario(age=2, coins=(30, 30), board_tokens=("Agriculture", "Philosophy"))
    state.player_wonders[ANTOINE] = [WONDER_IDS["The Mausoleum"]]
    grant(state, ANTOINE, "Theology")
    give(state, ANTOINE, "Scriptorium")
    state.discard = [CARD_IDS["Library"]]
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
    state = scenario(age=2, coins=(50, 30),
                     board_tokens=("Agriculture", "Philosophy", "Theology", "Urbanism", "Economy"))
    state.player_wonders[ANTOINE] = [WONDER_IDS["The Great Library"]]
    state.token_order = state.token_order[:5] + [TOKEN_IDS["Law"], TOKEN_IDS["Strategy"], TOKEN_IDS["Masonry"],
                                                 TOKEN_IDS["Architecture"], TOKEN_IDS["Mathematics"]]
    give(state, ANTOINE, "Scriptorium", "Pharmacist", "Workshop", "Apothecary", "Academy")
    on_top(state, "Glassblower")
    play(state, "wonder", "Glassblower", "The Great Library")
    assert state.phase == Phase.LIBRARY
    assert sorted(state.library_offer) == sorted([TOKEN_IDS["Law"], TOKEN_IDS["Strategy"], TOKEN_IDS["Masonry"]])
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
    state = scenario(age=2, coins=(30, 30), board_tokens=("Agriculture", "Philosophy"))
    give(state, ANTOINE, "Scriptorium")
    on_top(state, "Library")
    play(state, "build", "Library")
    mask = rules.legal_action_mask(state)
    assert mask.sum() == 2
    assert mask[PROGRESS + TOKEN_IDS["Agriculture"]] and mask[PROGRESS + TOKEN_IDS["Philosophy"]]


LAYOUT_COVERED_BY = {  # duel_layouts.md, "Compact form"
    1: {0: [2, 3], 1: [3, 4], 2: [5, 6], 3: [6, 7], 4: [7, 8], 5: [9, 10], 6: [10, 11], 7: [11, 12],
        8: [12, 13], 9: [14, 15], 10: [15, 16], 11: [16, 17], 12: [17, 18], 13: [18, 19]},
    2: {0: [6], 1: [6, 7], 2: [7, 8], 3: [8, 9], 4: [9, 10], 5: [10], 6: [11], 7: [11, 12], 8: [12, 13],
        9: [13, 14], 10: [14], 11: [15], 12: [15, 16], 13: [16, 17], 14: [17], 15: [18], 16: [18, 19],
        17: [19]},
    3: {0: [2, 3], 1: [3, 4], 2: [5, 6], 3: [6, 7], 4: [7, 8], 5: [9], 6: [9], 7: [10], 8: [10],
        9: [11, 12], 10: [13, 14], 11: [15], 12: [15, 16], 13: [16, 17], 14: [17], 15: [18],
        16: [18, 19], 17: [19]},
}


FACE_DOWN = {1: [2, 3, 4, 9, 10, 11, 12, 13], 2: [6, 7, 8, 9, 10, 15, 16, 17], 3: [2, 3, 4, 9, 10, 15, 16, 17]}


def test_structures_match_duel_layouts():
    for age in (1, 2, 3):
        layout = LAYOUTS[age - 1]
        for s in range(BASE.num_slots):
            assert sorted(layout.covered_by[s]) == LAYOUT_COVERED_BY[age].get(s, []), (age, s)
        state = scenario(age=age)
        assert [s for s in range(BASE.num_slots) if not state.face_up[s]] == FACE_DOWN[age]
        expected_open = list(range(14, 20)) if age == 1 else [18, 19]
        assert state.accessible_slots() == expected_open
        assert state.slot_card == state.deals[age - 1]


def _play_through_structure(age: int, seed: int) -> None:
    """Sell cards (most-covering first) and check after each that exactly the slots whose
    coverers are all gone are accessible, face up, and offered by the legal actions."""
    state = scenario(age=age, seed=seed, coins=(50, 50))
    covered_by = LAYOUT_COVERED_BY[age]
    taken = set()
    while state.cards_left:
        open_slots = [s for s in range(BASE.num_slots)
                      if s not in taken and all(t in taken for t in covered_by.get(s, []))]
        assert state.accessible_slots() == open_slots
        for s in open_slots:
            assert state.face_up[s], (age, s)
        for s in range(BASE.num_slots):
            if s not in taken and s not in open_slots and s in FACE_DOWN[age]:
                assert not state.face_up[s], (age, s)
        legal_sells = {a - SELL for a in rules.legal_actions(state) if SELL <= a < WONDER}
        assert legal_sells == {state.slot_card[s] for s in open_slots}
        s = max(open_slots)
        taken.add(s)
        rules.apply_action(state, SELL + state.slot_card[s])
        if state.phase == Phase.STARTER:
            break


def test_age2_slot15_accessible_after_slot18_only():
    state = scenario(age=2)
    rules.apply_action(state, SELL + state.slot_card[18])
    assert state.face_up[15] and not state.face_up[16]
    assert state.accessible_slots() == [15, 19]


@pytest.mark.parametrize("age, seed", [(1, 11), (2, 12), (3, 13)])
def test_face_down_cards_turn_face_up_as_soon_as_they_are_accessible(age, seed):
    _play_through_structure(age, seed)
