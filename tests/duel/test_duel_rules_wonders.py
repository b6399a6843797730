"""Every wonder power, play again and its loss at the end of an Age, the 7-wonder limit."""

import numpy as np
import pytest
from duel_scenarios import (ANTOINE, BRUNO, build_wonder, give, give_token, is_legal, on_top, place, play, scenario,
                            set_board)

from wonders_env.duel.actions import DESTROY, LIBRARY, MAUSOLEUM
from wonders_env.duel.cards import CARD_IDS, CARDS, GLASS, PROGRESS_TOKENS, STONE, TOKEN_IDS
from wonders_env.duel.observation import encode_observation, observation_views
from wonders_env.duel.render import render_table
from wonders_env.duel.rules import build_cost, legal_actions, trade_price_list
from wonders_env.duel.scoring import score_breakdown
from wonders_env.duel.state import Phase

OTHERS = ("The Pyramids", "The Great Lighthouse", "The Temple of Artemis", "The Statue of Zeus",
          "Circus Maximus", "Piraeus", "The Appian Way", "The Colossus", "The Mausoleum",
          "The Great Library", "The Hanging Gardens", "The Sphinx")


def wonder_game(wonder: str, coins=(40, 7), age=1, opponent_wonder=None):
    """Player 0 owns ``wonder`` (and 3 more), player 1 four others; a card on top to use."""
    mine = [wonder] + [w for w in OTHERS if w not in (wonder, opponent_wonder)][:3]
    theirs = ([opponent_wonder] if opponent_wonder else []) + \
        [w for w in OTHERS if w not in mine and w != opponent_wonder]
    state = scenario(age=age, wonders=(tuple(mine), tuple(theirs[:4])), coins=coins)
    on_top(state, "Lumber Yard" if age == 1 else ("Sawmill" if age == 2 else "Palace"))
    return state


def build_it(state, wonder: str):
    card = CARDS[state.slot_card[state.accessible_slots()[0]]].name
    play(state, "wonder", card, wonder)


@pytest.mark.parametrize("wonder, points", [
    ("The Pyramids", 9), ("The Colossus", 3), ("The Great Lighthouse", 4), ("The Temple of Artemis", 0),
    ("The Mausoleum", 2), ("The Great Library", 4), ("Piraeus", 2), ("The Hanging Gardens", 3),
    ("The Statue of Zeus", 3), ("The Sphinx", 6), ("The Appian Way", 3), ("Circus Maximus", 3)])
def test_wonder_victory_points(wonder, points):
    state = wonder_game(wonder)
    build_it(state, wonder)
    assert score_breakdown(state, 0)["wonders"] == points


def test_wonder_costs_are_paid_and_not_the_cards():
    state = wonder_game("The Sphinx", coins=(8, 7))
    on_top(state, "Scriptorium")  # printed cost 2 coins: irrelevant under a wonder
    play(state, "wonder", "Scriptorium", "The Sphinx")  # C S G G at 2 each
    assert state.coins[0] == 0


def test_temple_of_artemis_gives_12_coins_and_another_turn():
    state = wonder_game("The Temple of Artemis", coins=(8, 7))
    build_it(state, "The Temple of Artemis")
    assert state.coins[0] == 12 and state.current == 0 and state.phase == Phase.PLAY


def test_hanging_gardens_give_6_coins_and_another_turn():
    state = wonder_game("The Hanging Gardens", coins=(8, 7))
    build_it(state, "The Hanging Gardens")
    assert state.coins[0] == 6 and state.current == 0


def test_sphinx_plays_again_and_pyramids_do_not():
    state = wonder_game("The Sphinx")
    build_it(state, "The Sphinx")
    assert state.current == 0
    state = wonder_game("The Pyramids")
    build_it(state, "The Pyramids")
    assert state.current == 1


def test_appian_way_3_coins_the_opponent_loses_3_and_plays_again():
    state = wonder_game("The Appian Way", coins=(10, 5))
    build_it(state, "The Appian Way")
    assert state.coins == [10 - 10 + 3, 2] and state.current == 0
    state = wonder_game("The Appian Way", coins=(10, 1))
    build_it(state, "The Appian Way")
    assert state.coins[1] == 0  # never below zero


def test_piraeus_produces_glass_or_papyrus_and_plays_again():
    state = wonder_game("Piraeus", coins=(8, 7))
    give(state, 1, "Glassworks")
    build_it(state, "Piraeus")
    assert state.current == 0
    assert build_cost(state, 0, CARD_IDS["Apothecary"]) == 0  # glass from Piraeus
    assert trade_price_list(state, 1)[GLASS] == 2  # does not raise player 1's prices


def test_great_lighthouse_produces_wood_clay_or_stone():
    state = wonder_game("The Great Lighthouse", coins=(8, 7))
    build_it(state, "The Great Lighthouse")
    assert build_cost(state, 0, CARD_IDS["Baths"]) == 0
    assert build_cost(state, 0, CARD_IDS["Horse Breeders"]) == 2  # W C: one unit per construction
    assert trade_price_list(state, 1)[STONE] == 2


def test_colossus_two_shields():
    state = wonder_game("The Colossus")
    build_it(state, "The Colossus")
    assert state.pawn == 2


@pytest.mark.parametrize("wonder, colour, victim, spared", [
    ("The Statue of Zeus", "brown", ("Lumber Yard", "Quarry"), "Glassworks"),
    ("Circus Maximus", "grey", ("Glassworks", "Press"), "Quarry")])
def test_destroy_a_card_of_the_opponent(wonder, colour, victim, spared):
    state = wonder_game(wonder, age=2)
    give(state, 1, *victim, spared)
    build_it(state, wonder)
    assert state.pawn == 1  # 1 shield
    assert state.phase == Phase.DESTROY and state.current == 0
    assert sorted(legal_actions(state)) == sorted(DESTROY + CARD_IDS[name] for name in victim)
    assert not is_legal(state, "destroy", spared)
    play(state, "destroy", victim[0])
    assert CARD_IDS[victim[0]] not in state.city[1] and state.discard[-1] == CARD_IDS[victim[0]]
    assert sum(state.production[1]) == 2  # the other victim and the spared card
    assert state.phase == Phase.PLAY and state.current == 1


def test_destroying_changes_production_and_prices():
    state = wonder_game("The Statue of Zeus", age=2)
    give(state, 1, "Shelf Quarry")
    assert trade_price_list(state, 0)[STONE] == 4
    build_it(state, "The Statue of Zeus")
    play(state, "destroy", "Shelf Quarry")
    assert trade_price_list(state, 0)[STONE] == 2 and state.production[1][STONE] == 0


def test_nothing_to_destroy_no_decision():
    state = wonder_game("The Statue of Zeus", age=2)
    give(state, 1, "Glassworks")  # grey only
    build_it(state, "The Statue of Zeus")
    assert state.phase == Phase.PLAY and state.current == 1


def test_mausoleum_builds_a_discarded_card_for_free_with_its_effects():
    state = wonder_game("The Mausoleum", age=2, coins=(20, 7))
    state.discard = [CARD_IDS["Tavern"], CARD_IDS["Palisade"]]
    build_it(state, "The Mausoleum")
    assert state.phase == Phase.MAUSOLEUM
    assert sorted(legal_actions(state)) == sorted(MAUSOLEUM + c for c in state.discard)
    coins = state.coins[0]
    play(state, "mausoleum", "Tavern")
    assert state.coins[0] == coins + 4 and CARD_IDS["Tavern"] in state.city[0]
    assert state.discard == [CARD_IDS["Palisade"]]
    assert state.phase == Phase.PLAY and state.current == 1


def test_mausoleum_cannot_take_boxed_cards_and_does_nothing_on_an_empty_discard():
    state = wonder_game("The Mausoleum", age=2)
    build_it(state, "The Mausoleum")
    assert state.phase == Phase.PLAY and state.current == 1
    state = wonder_game("The Mausoleum", age=2)
    state.discard = [CARD_IDS["Tavern"]]
    boxed = state.boxed[0][0]
    build_it(state, "The Mausoleum")
    assert not is_legal(state, "mausoleum", CARDS[boxed].name)


def test_mausoleum_gives_no_urbanism_bonus_and_may_bring_a_science_pair():
    state = wonder_game("The Mausoleum", age=2, coins=(20, 7))
    set_board(state, "Agriculture")
    give_token(state, 0, "Urbanism")
    give(state, 0, "Scriptorium")
    state.discard = [CARD_IDS["Library"]]
    build_it(state, "The Mausoleum")
    coins = state.coins[0]
    play(state, "mausoleum", "Library")
    assert state.coins[0] == coins  # no +4 chain bonus
    assert state.phase == Phase.PROGRESS and state.current == 0
    play(state, "progress", "Agriculture")
    assert state.coins[0] == coins + 6 and state.current == 1


def test_great_library_draws_3_of_the_5_set_aside_tokens_and_keeps_one():
    state = wonder_game("The Great Library", age=2, coins=(20, 7))
    set_board(state, "Law", "Masonry", "Mathematics", "Philosophy", "Strategy")
    build_it(state, "The Great Library")
    drawn = state.token_order[5:8]
    assert state.phase == Phase.LIBRARY and sorted(state.library_offer) == sorted(drawn)
    assert not set(drawn) & {TOKEN_IDS[n] for n in ("Law", "Masonry", "Mathematics", "Philosophy", "Strategy")}
    assert sorted(legal_actions(state)) == sorted(LIBRARY + t for t in drawn)
    play(state, "library", PROGRESS_TOKENS[drawn[1]].name)
    assert state.player_tokens[0] == 1 << drawn[1]
    assert state.library_offer == [] and state.current == 1
    assert state.board_tokens == sum(1 << TOKEN_IDS[n]
                                     for n in ("Law", "Masonry", "Mathematics", "Philosophy", "Strategy"))


def test_great_library_token_takes_effect_at_once():
    state = wonder_game("The Great Library", age=2, coins=(20, 7))
    set_board(state, "Law", "Masonry", "Mathematics", "Philosophy", "Strategy")
    state.token_order[5:8] = [TOKEN_IDS["Agriculture"], TOKEN_IDS["Urbanism"], TOKEN_IDS["Economy"]]
    build_it(state, "The Great Library")
    coins = state.coins[0]
    play(state, "library", "Urbanism")
    assert state.coins[0] == coins + 6


def test_play_again_is_lost_on_the_last_card_of_an_age():
    state = wonder_game("The Sphinx", age=1, coins=(40, 7))
    place(state, 0, "Lumber Yard")
    while state.cards_left > 1:
        slot = next(s for s in state.accessible_slots() if s != 0)
        state.current = state.turn_player = 1
        play(state, "sell", CARDS[state.slot_card[slot]].name)
    state.current = state.turn_player = 0
    play(state, "wonder", "Lumber Yard", "The Sphinx")
    assert state.phase == Phase.STARTER and state.age == 2  # no extra turn
    assert state.current == 0  # pawn in the middle: who took the last card chooses the starter


def test_consecutive_play_again_wonders_chain():
    wonders = (("The Sphinx", "The Hanging Gardens", "The Pyramids", "Piraeus"),
               ("Circus Maximus", "The Great Lighthouse", "The Appian Way", "The Mausoleum"))
    state = scenario(age=1, wonders=wonders, coins=(40, 7))
    on_top(state, "Lumber Yard", "Quarry", "Clay Pool")
    play(state, "wonder", "Lumber Yard", "The Sphinx")
    assert state.current == 0
    play(state, "wonder", "Quarry", "The Hanging Gardens")
    assert state.current == 0
    play(state, "build", "Clay Pool")
    assert state.current == 1


def test_theology_gives_play_again_to_every_later_wonder_once():
    state = wonder_game("The Pyramids", coins=(40, 7))
    give_token(state, 0, "Theology")
    on_top(state, "Lumber Yard", "Quarry", "Clay Pool")
    play(state, "wonder", "Lumber Yard", "The Pyramids")
    assert state.current == 0
    play(state, "wonder", "Quarry", "The Great Lighthouse")
    assert state.current == 0
    play(state, "build", "Clay Pool")
    assert state.current == 1


def test_theology_does_not_double_an_existing_play_again():
    state = wonder_game("The Sphinx", coins=(40, 7))
    give_token(state, 0, "Theology")
    on_top(state, "Lumber Yard", "Quarry")
    play(state, "wonder", "Lumber Yard", "The Sphinx")
    assert state.current == 0
    play(state, "build", "Quarry")
    assert state.current == 1  # one extra turn, not two


def test_theology_play_again_comes_after_the_destroy_decision():
    state = wonder_game("The Statue of Zeus", age=2, coins=(40, 7))
    give_token(state, 0, "Theology")
    give(state, 1, "Lumber Yard")
    build_it(state, "The Statue of Zeus")
    assert state.phase == Phase.DESTROY
    play(state, "destroy", "Lumber Yard")
    assert state.phase == Phase.PLAY and state.current == 0


def test_only_own_unbuilt_wonders_can_be_built():
    state = wonder_game("The Pyramids", coins=(40, 7))
    assert not is_legal(state, "wonder", "Lumber Yard", "Circus Maximus")
    build_wonder(state, "The Pyramids")
    assert not is_legal(state, "wonder", "Lumber Yard", "The Pyramids")


def test_only_the_great_librarys_owner_sees_the_drawn_tokens():
    from wonders_env.duel.observation import encode_observation, observation_views

    state = wonder_game("The Great Library", age=2, coins=(20, 7))
    set_board(state, "Law", "Masonry", "Mathematics", "Philosophy", "Strategy")
    build_it(state, "The Great Library")
    assert state.phase == Phase.LIBRARY and state.current == 0
    owner = observation_views(encode_observation(state, 0))["library_draw"]
    opponent = observation_views(encode_observation(state, 1))["library_draw"]
    assert sorted(np.flatnonzero(owner)) == sorted(state.library_offer)
    assert not opponent.any()


def test_appian_way_opponent_never_below_zero():
    state = scenario(age=1, coins=(2, 30))
    state.current = state.turn_player = BRUNO
    on_top(state, "Lumber Yard")
    play(state, "wonder", "Lumber Yard", "The Appian Way")
    assert state.coins[ANTOINE] == 0
def test_great_library_draw_is_rendered_to_its_owner_only_like_the_observation():
    state = wonder_game("The Great Library", age=2, coins=(20, 7))
    build_it(state, "The Great Library")
    drawn = [PROGRESS_TOKENS[t].name for t in state.library_offer]
    assert observation_views(encode_observation(state, ANTOINE))["library_draw"].sum() == 3
    assert observation_views(encode_observation(state, BRUNO))["library_draw"].sum() == 0
    assert all(name in render_table(state, viewer=ANTOINE) for name in drawn)
    for view in (render_table(state, viewer=BRUNO), render_table(state)):
        assert not any(name in view for name in drawn)
