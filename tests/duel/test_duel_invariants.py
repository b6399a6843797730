"""Random masked play over many seeded Duel games, checking invariants at every step."""

from collections import Counter

import numpy as np
import pytest
import random_play
from random_play import play_checked_game

from wonders_env.duel.cards import (BASE, CARD_CHAIN_GIVES, CARD_CHOICE, CARD_COLOR, CARD_PRODUCTION,
                                    CARD_SCIENCE, CARD_TRADE_FIXED, CARDS, MANUFACTURED_BITS,
                                    RAW_BITS, TOKEN_SCIENCE, WONDER_CHOICE)
from wonders_env.duel.observation import encode_observation
from wonders_env.duel.record import game_record
from wonders_env.duel.rules import legal_action_mask, legal_actions, resolve_action, why_illegal
from wonders_env.duel.scoring import built_wonders
from wonders_env.duel.determinize import determinize
from wonders_env.duel.state import EMPTY, MAX_WONDERS_BUILT, Phase, new_game

ALL_CARDS = Counter(range(BASE.num_cards))


def card_locations(state) -> Counter:
    """Where every card is: structure, cities, discard, under wonders, box, later deals."""
    where = Counter(c for c in state.slot_card if c != EMPTY)
    where.update(state.city[0] + state.city[1] + state.discard)
    where.update(c for c in state.wonder_card if c != EMPTY)
    for age in range(3):
        where.update(state.boxed[age])
        if age + 1 > state.age:  # Ages not laid out yet
            where.update(state.deals[age])
    return where


def check_state(state) -> None:
    """The incremental counters agree with the cities; the game's physical limits hold."""
    assert min(state.coins) >= 0
    assert -9 <= state.pawn <= 9
    assert state.wonders_built == sum(state.wonder_built) <= MAX_WONDERS_BUILT
    if state.age >= 1:
        assert card_locations(state) == ALL_CARDS
    for p in (0, 1):
        city = state.city[p]
        assert len(set(city)) == len(city)
        assert state.owned[p].tolist() == [int(c in city) for c in range(BASE.num_cards)]
        assert state.color_count[p] == [sum(1 for c in city if CARD_COLOR[c] == k) for k in range(7)]
        assert state.production[p] == [sum(CARD_PRODUCTION[c][r] for c in city) for r in range(5)]
        choices = [CARD_CHOICE[c] for c in city] + [WONDER_CHOICE[w] for w in built_wonders(state, p)]
        assert (state.raw_choices[p], state.manufactured_choices[p]) == (choices.count(RAW_BITS),
                                                                        choices.count(MANUFACTURED_BITS))
        fixed = chains = 0
        for c in city:
            fixed |= CARD_TRADE_FIXED[c]
            chains |= CARD_CHAIN_GIVES[c]
        assert state.fixed_price_bits[p] == fixed and state.chains[p] == chains
        symbols = [CARD_SCIENCE[c] for c in city if CARD_SCIENCE[c] >= 0]
        symbols += [TOKEN_SCIENCE[t] for t in range(10) if state.player_tokens[p] >> t & 1 and TOKEN_SCIENCE[t] >= 0]
        assert state.science[p] == [symbols.count(k) for k in range(7)]
    assert not state.player_tokens[0] & state.player_tokens[1]
    assert not (state.player_tokens[0] | state.player_tokens[1]) & state.board_tokens


def play_random_game(seed, **options):
    return play_checked_game(seed, check_state, **options)


def test_random_games_keep_invariants():
    victories = Counter()
    for seed in range(300):
        state = play_random_game(seed)
        victories[state.victory.name] += 1
        assert state.winners
    assert set(victories) >= {"CIVILIAN", "MILITARY"}, victories


def test_fast_legality_agrees_with_the_slow_reference():
    for seed in range(12):
        play_random_game(seed, check_every_step=False, check_reference=True)


def test_why_illegal_agrees_with_the_mask():
    state = new_game(0)
    rng = np.random.default_rng(1)
    seen = 0
    while state.phase != Phase.GAME_OVER:
        legal = set(legal_actions(state))
        if seen % 5 == 0:
            assert {a for a in range(len(legal_action_mask(state))) if why_illegal(state, a) is None} == legal
        resolve_action(state, sorted(legal)[rng.integers(len(legal))])
        seen += 1


@pytest.mark.parametrize("copy_at", [0, 9, 30, 60])
def test_clone_and_pickle_continue_the_same_game(copy_at):
    for seed in range(3):
        play_random_game(seed, check_every_step=False, copy_at=copy_at)


def test_clone_is_independent():
    state = new_game(0)
    while state.age < 1:
        resolve_action(state, legal_actions(state)[0])
    twin = state.clone()
    resolve_action(twin, legal_actions(twin)[0])
    assert state.cards_left == 20 and twin.cards_left == 19
    assert state.log != twin.log and len(state.city[0]) + len(state.discard) == 0


def test_same_seed_same_game():
    assert game_record(play_random_game(3)) == game_record(play_random_game(3))
    assert game_record(play_random_game(3)) != game_record(play_random_game(4))


def test_the_seven_wonder_limit_boxes_the_last_wonder():
    seen = 0
    for seed in range(150):
        state = play_random_game(seed, check_every_step=False)
        if state.wonders_built == MAX_WONDERS_BUILT:
            seen += 1
            assert state.boxed_wonder != EMPTY and not state.wonder_built[state.boxed_wonder]
    assert seen > 0


def states_along_a_game(seed, every=7):
    return random_play.states_along_a_game(seed, every)


def test_determinize_keeps_what_players_see_and_redraws_the_rest():
    redrawn = 0
    for seed in range(6):
        for state in states_along_a_game(seed):
            for player in (0, 1):
                twin = determinize(state, player, np.random.default_rng(seed))
                for viewer in (0, 1):
                    np.testing.assert_array_equal(encode_observation(twin, viewer),
                                                  encode_observation(state, viewer))
                assert sorted(legal_actions(twin)) == sorted(legal_actions(state))
                if state.age >= 1:
                    assert card_locations(twin) == ALL_CARDS
                check_state(twin)
                redrawn += twin.deals != state.deals or twin.token_order != state.token_order
    assert redrawn > 0


def test_determinize_depends_only_on_what_the_player_knows():
    for seed in range(4):
        for state in states_along_a_game(seed, every=11):
            other = determinize(state, 0, np.random.default_rng(seed + 50))  # same public, other hidden
            a = determinize(state, 0, np.random.default_rng(1))
            b = determinize(other, 0, np.random.default_rng(1))
            assert (a.deals, a.boxed, a.token_order, a.wonder_order) == \
                (b.deals, b.boxed, b.token_order, b.wonder_order)


def test_determinize_method_is_the_function():
    state = next(states_along_a_game(0, every=20))
    a = state.determinize(1, np.random.default_rng(3))
    b = determinize(state, 1, np.random.default_rng(3))
    assert (a.deals, a.boxed, a.token_order, a.wonder_order) == (b.deals, b.boxed, b.token_order, b.wonder_order)
    with pytest.raises(ValueError, match="player must be 0 or 1"):
        determinize(state, 2, np.random.default_rng(3))


def test_determinized_games_play_to_the_end():
    for seed in range(5):
        for state in states_along_a_game(seed, every=15):
            twin = determinize(state, state.current if state.current >= 0 else 0, np.random.default_rng(seed))
            rng = np.random.default_rng(seed)
            while twin.phase != Phase.GAME_OVER:
                legal = legal_actions(twin)
                resolve_action(twin, legal[rng.integers(len(legal))])
                check_state(twin)


def test_guild_backs_stay_guild_backs_when_redrawn():
    for seed in range(10):
        for state in states_along_a_game(seed, every=5):
            if state.age == 3:
                twin = determinize(state, 0, np.random.default_rng(seed))
                assert [CARDS[c].deck for c in twin.slot_card if c != EMPTY] == \
                       [CARDS[c].deck for c in state.slot_card if c != EMPTY]


def test_cards_of_the_structure_are_the_dealt_cards():
    state = new_game(0)
    while state.phase == Phase.DRAFT:
        resolve_action(state, legal_actions(state)[0])
    assert state.age == 1 and state.slot_card == state.deals[0]
    assert all(CARDS[c].age == 1 for c in state.slot_card)


@pytest.mark.slow
def test_thousands_of_random_games_reach_every_victory():
    victories = Counter()
    for seed in range(1000, 6000):
        state = play_random_game(seed, check_reference=seed % 250 == 0,
                                 copy_at=40 if seed % 500 == 0 else None)
        victories[state.victory.name] += 1
    assert set(victories) == {"CIVILIAN", "MILITARY", "SCIENCE"}, victories
