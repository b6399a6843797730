"""What each conspiracy lets its player choose from (:func:`wonders_env.duel.agora.conspiracy_targets`),
read from the base state: README decisions 10 (Property Fraud: the row dealt first, covered or
not, never a Senator) and 11 (Treason: the Age cards boxed unseen, never the Guilds)."""

import pytest

from wonders_env.duel import agora, rules
from wonders_env.duel.cards import BLUE, BROWN, GREEN, GREY, SENATOR, YELLOW, database
from wonders_env.duel.state import BOARD_TOKENS, new_game, start_age

AGORA = database("1st", ("agora",))
CONSPIRACY = {c.name: c.id for c in AGORA.agora.conspiracies}


def first_of(colour, skip=0):
    return [c.id for c in AGORA.cards if c.color == colour][skip]


@pytest.fixture
def state():
    """Age II of an Agora game: player 0 holds a brown, a blue and a green card; player 1 a brown,
    a grey, two blue, a yellow and a green card, 4 wonders (2 built), a progress token."""
    game = new_game(21, AGORA)
    start_age(game, 2)
    for card in (first_of(BROWN), first_of(BLUE), first_of(GREEN, 1)):
        rules.add_building(game, 0, card)
    for card in (first_of(BROWN, 1), first_of(GREY), first_of(BLUE, 1), first_of(BLUE, 2), first_of(YELLOW),
                 first_of(GREEN)):
        rules.add_building(game, 1, card)
    game.player_wonders = [[0, 1, 2, 3], [4, 5, 6, 7]]
    game.wonder_built[4] = game.wonder_built[6] = True
    game.boxed_wonder = 7
    game.player_tokens[1] = 1 << game.token_order[0]
    game.board_tokens &= ~(1 << game.token_order[0])
    return game


def targets(state, name, player=0):
    return agora.conspiracy_targets(state, player, CONSPIRACY[name])


def test_the_conspiracies_that_ask_nothing(state):
    for name in ("Blackmail", "Coup", "Political Maneuver", "Embezzlement", "Insider Influence"):
        assert targets(state, name) is None, name


def test_cards_and_wonders_of_the_opponent(state):
    assert targets(state, "Expropriation") == [first_of(BLUE, 1), first_of(BLUE, 2)]
    assert targets(state, "Swindle") == [first_of(YELLOW)]
    assert targets(state, "Swindle", player=1) == []  # player 0 has no yellow card: nothing happens
    assert targets(state, "Foreclosure") == sorted([first_of(BROWN, 1), first_of(GREY)])
    assert targets(state, "Extortion") == [5]  # 4 and 6 built, 7 boxed by the 7-wonder limit
    assert targets(state, "Sabotage") == [4, 6]
    assert targets(state, "Extortion", player=1) == [0, 1, 2, 3]


def test_coercion_needs_a_card_of_the_same_colour_to_give(state):
    assert targets(state, "Coercion") == sorted([first_of(BLUE, 1), first_of(BLUE, 2), first_of(GREEN)])
    rules.remove_from_city(state, 0, first_of(GREEN, 1))
    assert targets(state, "Coercion") == [first_of(BLUE, 1), first_of(BLUE, 2)]


def test_progress_tokens(state):
    set_aside = sorted(state.token_order[BOARD_TOKENS:])
    board = sorted(state.token_order[1:BOARD_TOKENS])
    assert targets(state, "Espionage") == set_aside
    assert targets(state, "Obscurantism") == sorted(board + set_aside + [state.token_order[0]])
    assert targets(state, "Obscurantism", player=1) == sorted(board + set_aside)
    state.player_tokens[0] |= 1 << set_aside[0]  # the Great Library took it
    assert targets(state, "Espionage") == set_aside[1:]


def test_property_fraud_takes_the_row_dealt_first_never_a_senator(state):
    layout = AGORA.layouts[1]
    row0 = [s for s in range(len(layout.row)) if layout.row[s] == 0]
    assert row0 == list(range(7)) and all(layout.covered_by[s] for s in row0)  # covered, still offered
    expected = sorted(state.slot_card[s] for s in row0 if AGORA.card_color[state.slot_card[s]] != SENATOR)
    assert targets(state, "Property Fraud") == expected
    senators = [s for s in row0 if AGORA.card_color[state.slot_card[s]] == SENATOR]
    assert len(expected) == 7 - len(senators)
    state.slot_card[row0[0]] = -1
    assert len(targets(state, "Property Fraud")) == len(expected) - (0 if row0[0] in senators else 1)


@pytest.mark.parametrize(("age", "count"), [(1, 3), (2, 6), (3, 9)])
def test_treason_offers_the_boxed_age_cards_of_this_and_earlier_ages(state, age, count):
    start_age(state, age)
    offered = targets(state, "Treason")
    assert len(offered) == count and offered == sorted(c for boxed in state.boxed[:age] for c in boxed
                                                       if AGORA.card_deck[c] < 3)
    assert all(AGORA.card_deck[c] != 3 for c in offered)  # never an unused Guild


def test_turn_of_events_offers_the_accessible_cards(state):
    assert targets(state, "Turn Of Events") == sorted(state.slot_card[s] for s in (22, 23, 24))


def derived_fields(state, player):
    """What the rules keep in step with ``player``'s city, recomputed from it."""
    db, city = state.db, state.city[player]
    choices = [db.card_choice[c] for c in city]
    fixed = chains = 0
    for card in city:
        fixed |= db.card_trade_fixed[card]
        chains |= db.card_chain_gives[card]
    science = [0] * 7
    for card in city:
        if db.card_science[card] >= 0:
            science[db.card_science[card]] += 1
    return (sorted(city), [sum(1 for c in city if db.card_color[c] == k) for k in range(db.num_colors)],
            [sum(db.card_production[c][r] for c in city) for r in range(5)],
            choices.count(0b00111), choices.count(0b11000), fixed, chains, science)


def kept_fields(state, player):
    return (sorted(state.city[player]), state.color_count[player], state.production[player],
            state.raw_choices[player], state.manufactured_choices[player], state.fixed_price_bits[player],
            state.chains[player], state.science[player])


@pytest.mark.parametrize("seed", range(6))
def test_a_card_of_any_colour_leaves_a_city_with_what_it_gives(seed):
    """Swindle (yellow: choices, fixed prices), Expropriation (blue: chains), Coercion (green:
    science symbols) take cards the base game never takes back."""
    import random
    rng = random.Random(seed)
    state = new_game(seed, AGORA)
    start_age(state, 1)
    cards = rng.sample([c.id for c in AGORA.cards if c.color != SENATOR and AGORA.card_deck[c.id] < 3], 14)
    for card in cards:
        rules.add_building(state, 0, card)  # (a science supremacy may end the game: no matter here)
    assert kept_fields(state, 0) == derived_fields(state, 0)
    rng.shuffle(cards)
    for card in cards:
        rules.remove_from_city(state, 0, card)
        assert kept_fields(state, 0) == derived_fields(state, 0), AGORA.cards[card].name
    assert state.owned[0].sum() == 0
