"""The 2-player "Free City" variant of the 1st edition (rulebook "'Expert' variant for 2 players";
reference decision 15). Seats 0 and 1 are the players, seat 2 the Free City:
``left_of(2) == 1`` and ``right_of(2) == 0``."""

from collections import Counter

import numpy as np
import pytest

from seven_wonders_scenarios import (DB, N, build, card, deal, from_discard, give, give_stages, legal_set, names,
                     scenario, sell, tid, turn, wonder)
from wonders_env.seven_wonders import rules
from wonders_env.seven_wonders.actions import ActionKind, encode_action
from wonders_env.seven_wonders.record import game_record
from wonders_env.seven_wonders.scoring import score_breakdown, winners
from wonders_env.seven_wonders.state import Phase, new_game

WAIT = encode_action(ActionKind.WAIT, 0, N)
FREE_CITY = 2


def duel(holder=1, coins=(3, 3, 3)):
    """Babylon (0) and Rhodes (1) with Giza as the Free City (2); empty hands."""
    state = scenario(["Babylon", "Rhodes", "Giza"], "A", num_players=2, coins=list(coins))
    state.free_city_holder = holder
    state.free_city_pile = [card(state, name) for name in ("Tavern", "Loom", "Press", "Glassworks",
                                                           "Workshop")]
    state.clear_caches()
    return state


# ---------------------------------------------------------------- setup
def test_two_player_setup_three_cities_seven_cards_each_and_a_pile():
    state = new_game(2, seed=11, wonders=["Babylon", "Rhodes", "Giza"], wonder_sides="A")
    assert state.num_players == 2 and state.num_seats == 3 and state.free_city == FREE_CITY
    assert state.left_of(FREE_CITY) == 1 and state.right_of(FREE_CITY) == 0
    assert state.coins == [3, 3, 3]
    assert state.free_city_holder == 1  # the player to the Free City's left
    assert len(state.hands[1]) == 8  # 7 + the pile's first card
    assert len(state.hands[0]) == 7
    assert state.hands[2] == []
    assert len(state.free_city_pile) == 6
    age_one = state.hands[0] + state.hands[1] + state.free_city_pile
    assert Counter(age_one) == Counter(DB.deck(1, 3))  # the 3-player cards, all of them
    assert len(state.decks[2]) == 21 and sorted(state.decks[2]) == sorted(DB.deck(2, 3))
    guilds = [c for c in state.decks[3] if DB.cards[c].min_players is None]
    assert len(state.decks[3]) == 21 and len(guilds) == 5  # 3 + 2 guilds
    assert rules.acting_seats(state) == [0, 1]


def test_free_city_board_is_dealt_like_the_players():
    state = new_game(2, seed=5, wonders=["Babylon", "Rhodes", "Giza"], wonder_sides=["A", "B", "B"])
    assert [(w.city, w.side) for w in state.wonders] == [("Babylon", "A"), ("Rhodes", "B"),
                                                         ("Giza", "B")]
    record = game_record(state)
    assert record["variant"] == "two_player"
    assert record["players"][2]["agent"] is None and record["players"][2]["wonder"] == "Giza"


# ---------------------------------------------------------------- a turn
def test_holder_picks_own_card_then_the_free_citys_card_which_resolves_first():
    state = duel()
    deal(state, 0, "Altar", "Theater")
    deal(state, 1, "Pawnshop", "Baths", "Lumber Yard")  # 2 cards + the card drawn from the pile
    turn(state, {0: build("Altar"), 1: build("Pawnshop")})
    assert state.phase == Phase.FREE_CITY
    assert rules.acting_seats(state) == [1]
    assert legal_set(state, 0) == {WAIT}
    # the Free City chooses among the holder's other cards; it can build both, so it cannot sell
    assert legal_set(state, 1) == {build("Baths"), build("Lumber Yard")}
    turn(state, {1: build("Lumber Yard")})
    assert "Lumber Yard" in names(state, state.built[FREE_CITY])
    assert "Pawnshop" in names(state, state.built[1]) and "Altar" in names(state, state.built[0])
    first = state.log[0]
    assert first["seat"] == FREE_CITY and first["agent"] == "player_1" and first["card"] == "Lumber Yard"
    assert [e["seat"] for e in state.log] == [2, 0, 1]
    # next turn: the other player holds the Free City card and draws the pile's top card
    assert state.phase == Phase.MAIN and state.turn == 2
    assert state.free_city_holder == 0
    assert names(state, state.hands[1]) == ["Theater"]
    assert names(state, state.hands[0]) == ["Baths", "Workshop"]
    assert len(state.free_city_pile) == 4


def test_free_city_must_take_a_free_chain_build():
    state = duel()
    give(state, FREE_CITY, "Theater", "Stone Pit")  # Statue is free; stage 1 (SS) affordable
    deal(state, 0, "Altar")
    deal(state, 1, "Pawnshop", "Statue", "Baths")
    turn(state, {0: build("Altar"), 1: build("Pawnshop")})
    moves = legal_set(state, 1)
    assert build("Statue") in moves
    assert wonder("Statue") not in moves and sell("Statue") not in moves
    assert {build("Baths"), wonder("Baths")} <= moves
    turn(state, {1: build("Statue")})
    assert state.coins[FREE_CITY] == 3


def test_free_city_sells_only_when_it_can_play_nothing():
    state = duel(coins=(3, 3, 0))
    deal(state, 0, "Altar")
    deal(state, 1, "Pawnshop", "Palace", "Senate")  # nothing the Free City can build
    turn(state, {0: build("Altar"), 1: build("Pawnshop")})
    assert legal_set(state, 1) == {sell("Palace"), sell("Senate")}
    turn(state, {1: sell("Palace")})
    assert state.coins[FREE_CITY] == 3
    assert "Palace" in names(state, state.discard)


def test_free_city_cannot_sell_a_card_when_another_can_be_played():
    state = duel(coins=(3, 3, 0))
    deal(state, 0, "Altar")
    deal(state, 1, "Pawnshop", "Palace", "Theater")
    turn(state, {0: build("Altar"), 1: build("Pawnshop")})
    assert legal_set(state, 1) == {build("Theater")}


def test_free_city_can_build_a_stage_instead():
    state = duel(coins=(3, 3, 0))
    give(state, FREE_CITY, "Stone Pit")
    deal(state, 0, "Altar")
    deal(state, 1, "Pawnshop", "Palace")
    turn(state, {0: build("Altar"), 1: build("Pawnshop")})
    assert legal_set(state, 1) == {wonder("Palace")}
    turn(state, {1: wonder("Palace")})
    assert state.stages_built[FREE_CITY] == 1


def test_free_city_controller_buys_from_himself_whatever_the_price():
    state = duel(holder=1)
    give(state, 0, "Lumber Yard")
    give(state, 1, "Lumber Yard")
    give(state, FREE_CITY, "East Trading Post")  # wood from its right (seat 0) costs 1
    assert rules.buy_options(state, FREE_CITY, ((0, 1),)) == ((0, 1), (2, 0))
    assert rules.build_payment(state, FREE_CITY, tid("Stockade")) == (0, 2, 0)  # to seat 1
    state.free_city_holder = 0
    assert rules.build_payment(state, FREE_CITY, tid("Stockade")) == (0, 0, 1)  # to seat 0


def test_free_city_purchase_is_paid_to_the_holder_during_play():
    state = duel(holder=1)
    give(state, 0, "Lumber Yard")
    give(state, 1, "Lumber Yard")
    deal(state, 0, "Altar")
    deal(state, 1, "Pawnshop", "Stockade")
    turn(state, {0: build("Altar"), 1: build("Pawnshop")})
    turn(state, {1: build("Stockade")})
    assert state.coins == [3, 5, 1]
    assert state.log[0]["paid"] == {"left": 2, "right": 0, "bank": 0}


@pytest.mark.parametrize("buyer,expected", [(0, (0, 2, 0)), (1, (0, 0, 2))])
def test_player_on_equal_totals_pays_the_free_city_rather_than_the_opponent(buyer, expected):
    state = duel()
    give(state, FREE_CITY, "Lumber Yard")
    give(state, 1 - buyer, "Lumber Yard")
    assert rules.build_payment(state, buyer, tid("Stockade")) == expected


def test_free_city_halicarnassus_pick_is_made_by_the_holder():
    state = scenario(["Babylon", "Rhodes", "Halicarnassus"], "A", num_players=2)
    state.free_city_holder = 1
    state.free_city_pile = [card(state, "Tavern")]
    give(state, FREE_CITY, "Foundry", "Ore Vein")  # stage 2: OOO
    give_stages(state, FREE_CITY, 1)
    state.discard = [card(state, "Palace")]
    deal(state, 0, "Altar", "Loom")
    deal(state, 1, "Pawnshop", "Theater", "Baths")
    turn(state, {0: build("Altar"), 1: build("Pawnshop")})
    turn(state, {1: wonder("Theater")})
    assert state.phase == Phase.DISCARD_BUILD
    assert rules.acting_seats(state) == [1]
    assert legal_set(state, 1) == {from_discard("Palace")}
    turn(state, {1: from_discard("Palace")})
    assert "Palace" in names(state, state.built[FREE_CITY])
    assert state.log[-1]["agent"] == "player_1" and state.log[-1]["seat"] == FREE_CITY


# ---------------------------------------------------------------- Ages
def first_legal(state, seat):
    return int(np.flatnonzero(rules.legal_action_mask(state, seat))[0])


def test_holder_alternates_each_turn_and_starts_each_age_by_the_rule():
    state = new_game(2, seed=3, wonders=["Babylon", "Rhodes", "Giza"], wonder_sides="A")
    holders = {1: [], 2: [], 3: []}
    sizes = {1: [], 2: [], 3: []}
    while state.phase != Phase.GAME_OVER:
        if state.phase == Phase.MAIN:
            holder = state.free_city_holder
            holders[state.age].append(holder)
            sizes[state.age].append((len(state.hands[holder]), len(state.hands[1 - holder]),
                                     len(state.free_city_pile)))
        actions = {seat: first_legal(state, seat) for seat in rules.acting_seats(state)}
        rules.apply_actions(state, actions)
    assert holders[1] == [1, 0, 1, 0, 1, 0]  # Age I: the player to the Free City's left
    assert holders[2] == [0, 1, 0, 1, 0, 1]  # Age II: the player to its right
    assert holders[3] == [1, 0, 1, 0, 1, 0]  # Age III: to its left again
    expected = [(9 - t if t > 1 else 8, 8 - t, 7 - t) for t in range(1, 7)]
    assert sizes[1] == sizes[2] == sizes[3] == expected
    pile_discards = [e for e in state.log if e["kind"] == "discard" and e["agent"] is None]
    assert [(e["age"], e["seat"]) for e in pile_discards] == [(1, 2), (2, 2), (3, 2)]
    player_discards = [e for e in state.log if e["kind"] == "discard" and e["agent"] is not None]
    assert len(player_discards) == 6  # each player's 7th card, each Age
    free_city_moves = [e for e in state.log if e["seat"] == 2 and e["kind"] != "discard"]
    assert len(free_city_moves) == 18 and all(e["agent"] in ("player_0", "player_1")
                                              for e in free_city_moves)


def test_pile_last_card_is_discarded_at_the_end_of_the_age():
    state = duel(holder=0)
    state.turn = 6
    state.free_city_pile = [card(state, "Tavern")]
    deal(state, 0, "Altar", "Theater", "Baths")
    deal(state, 1, "Pawnshop", "Loom")
    turn(state, {0: build("Altar"), 1: build("Pawnshop")})
    turn(state, {0: build("Theater")})
    assert sorted(names(state, state.discard)) == ["Baths", "Loom", "Tavern"]
    pile = [e for e in state.log if e["agent"] is None]
    assert [(e["kind"], e["card"], e["seat"]) for e in pile] == [("discard", "Tavern", 2)]
    assert len(state.free_city_pile) == 6  # Age II's pile, less the holder's first draw
    assert state.coins == [3, 3, 3]
    assert state.age == 2 and state.free_city_holder == 0
    assert len(state.hands[0]) == 8 and len(state.hands[1]) == 7


def test_free_city_takes_part_in_military_conflicts():
    state = duel(holder=0)
    give(state, FREE_CITY, "Barracks")
    give(state, 0, "Stockade")
    state.turn = 6
    state.free_city_pile = [card(state, "Tavern")]
    deal(state, 0, "Altar", "Theater", "Baths")
    deal(state, 1, "Pawnshop", "Loom")
    turn(state, {0: build("Altar"), 1: build("Pawnshop")})
    turn(state, {0: build("Theater")})
    assert state.military_tokens[FREE_CITY] == [1]  # beats Rhodes, ties Babylon
    assert state.military_tokens[0] == [1]
    assert sorted(state.military_tokens[1]) == [-1, -1]


def test_only_the_two_players_can_win_and_the_free_city_is_scored():
    state = duel(coins=(5, 4, 30))
    give(state, FREE_CITY, "Palace")
    state.phase = Phase.GAME_OVER
    assert score_breakdown(state, FREE_CITY)["total"] == 18
    assert winners(state) == [0]  # 1 VP each: Babylon has more coins
    record = game_record(state)
    assert record["winners"] == ["player_0"]
    assert record["players"][2]["score"]["total"] == 18


def test_free_city_board_is_random_like_the_players_when_not_chosen():
    for seed in range(5):
        state = new_game(2, seed=seed)
        cities = [w.city for w in state.wonders]
        assert len(cities) == 3 and len(set(cities)) == 3


def test_babylon_b_player_plays_the_seventh_card_in_the_two_player_game():
    state = scenario(["Babylon", "Rhodes", "Giza"], ["B", "A", "A"], num_players=2)
    give_stages(state, 0, 2)
    state.turn, state.free_city_holder = 6, 0
    state.free_city_pile = [card(state, "Tavern")]
    deal(state, 0, "Lumber Yard", "Altar", "Stockade")  # 2 cards + the drawn one
    deal(state, 1, "Pawnshop", "Loom")
    turn(state, {0: build("Lumber Yard"), 1: build("Pawnshop")})
    turn(state, {0: build("Altar")})  # the Free City's card
    assert "Altar" in names(state, state.built[FREE_CITY])
    assert state.phase == Phase.SEVENTH_CARD and rules.acting_seats(state) == [0]
    assert legal_set(state, 1) == {WAIT}
    turn(state, {0: build("Stockade")})  # wood from the Lumber Yard built on turn 6
    assert "Stockade" in names(state, state.built[0])
    assert sorted(names(state, state.discard)) == ["Loom", "Tavern"]
    assert state.age == 2
