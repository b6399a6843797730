"""Random masked play of the Agora tables (alone and with Pantheon) over many seeded games: every
invariant at every step (12 cubes a player, control consistent with the cubes, cards, conspiracies
and decrees conserved, coins never negative), the fast legality equal to the slow reference, copies
and determinism."""

from collections import Counter

import pytest
from random_play import play_checked_game

from wonders_env.duel import agora
from wonders_env.duel.actions import action_table
from wonders_env.duel.cards import GUILD_DECK, MANUFACTURED_BITS, RAW_BITS, database
from wonders_env.duel.record import game_record
from wonders_env.duel.scoring import built_wonders
from wonders_env.duel.state import AGORA_CHOICES, EMPTY, MAX_WONDERS_BUILT, NOBODY, Choice, Phase, Victory

DB = database("1st", ("agora",))
BOTH = database("1st", ("pantheon", "agora"))
TABLES = DB.agora


def all_cards(db) -> Counter:
    """Every card of the table's game: with Pantheon the Grand Temples replace the Guilds, never dealt."""
    return Counter(c.id for c in db.cards if not (db.pantheon and c.deck == GUILD_DECK))


def card_locations(state) -> Counter:
    """Every card somewhere: structure, cities, discard, under wonders, boxes, later deals, under
    conspiracies held, out of the game (under triggered conspiracies, with a sabotaged wonder)."""
    senate = state.agora
    where = Counter(c for c in state.slot_card if c != EMPTY)
    where.update(state.city[0] + state.city[1] + state.discard + senate.left_game)
    where.update(c for c in state.wonder_card if c != EMPTY)
    where.update(c for prepared in senate.prepared for c in prepared if c != EMPTY)
    if senate.choice == Choice.PREPARE_CONSPIRACY:
        where[senate.chosen] += 1  # taken, its conspiracy being chosen
    for age in range(3):
        where.update(state.boxed[age])
        if age + 1 > state.age:
            where.update(state.deals[age])
    return where


def check_state(state) -> None:
    db, senate = state.db, state.agora
    assert min(state.coins) >= 0 and -9 <= state.pawn <= 9
    assert state.wonders_built == sum(state.wonder_built) <= MAX_WONDERS_BUILT
    for player in (0, 1):
        assert min(senate.cubes[player]) >= 0 and agora.supply(db, senate, player) >= 0
        assert sum(senate.cubes[player]) + agora.supply(db, senate, player) == TABLES.cubes_per_player == 12
        city = state.city[player]
        assert len(set(city)) == len(city)
        assert state.production[player] == [sum(db.card_production[c][r] for c in city) for r in range(5)]
        choices = [db.card_choice[c] for c in city] + [db.wonder_choice[w] for w in built_wonders(state, player)]
        assert (state.raw_choices[player], state.manufactured_choices[player]) == (
            choices.count(RAW_BITS), choices.count(MANUFACTURED_BITS))
        assert len(senate.prepared[player]) == len(senate.conspiracies[player])
    for chamber in range(TABLES.num_chambers):
        mine, theirs = senate.cubes[0][chamber], senate.cubes[1][chamber]
        assert agora.controller(senate, chamber) == (0 if mine > theirs else 1 if theirs > mine else NOBODY)
        if mine or theirs:
            assert senate.decree_face_up[chamber] or not senate.decrees[chamber]
    conspiracies = senate.conspiracy_deck + senate.drawn + [c for held in senate.conspiracies for c in held]
    assert sorted(conspiracies + [c for used in senate.triggered for c in used]) == list(range(16))
    decrees = [d for chamber in senate.decrees for d in chamber]
    assert len(decrees) == len(set(decrees)) == TABLES.num_chambers
    if state.age >= 1:
        assert card_locations(state) == all_cards(db)
    if state.phase == Phase.CHOOSE:  # Agora's decision, or with Pantheon one of its own
        assert senate.options if senate.choice != -1 else state.pantheon.options and not senate.options
    if state.victory == Victory.POLITICAL:
        assert agora.political_supremacy(senate) == state.winners[0]


def play_random_game(seed, db=DB, **options):
    return play_checked_game(seed, check_state, db=db, **options)


@pytest.mark.parametrize("db", [DB, BOTH], ids=["agora", "pantheon+agora"])
def test_random_agora_games_keep_invariants(db):
    victories, kinds, sets = Counter(), Counter(), Counter()
    for seed in range(300):
        state = play_random_game(seed, db)
        victories[state.victory.name] += 1
        kinds.update(action_table(db).decode(a)[0].name for _, a, _ in state.log)
        sets.update(Choice(choice) for _, choice in state.agora.choice_log)
        assert state.winners
    # the run reached what it is meant to test (so that it cannot pass by testing little)
    assert set(victories) >= {"CIVILIAN", "MILITARY"}, victories
    assert kinds["PREPARE"] > 100 and kinds["TRIGGER"] > 100 and kinds["CHOOSE"] > 1000, kinds
    assert set(sets) == set(AGORA_CHOICES) - {Choice.PAIR_TOKEN}, sets  # a pair by an exchange: too rare


@pytest.mark.slow
@pytest.mark.parametrize("db", [DB, BOTH], ids=["agora", "pantheon+agora"])
def test_many_random_agora_games_keep_invariants(db):
    for seed in range(300, 3300):
        play_random_game(seed, db, check_every_step=seed % 10 == 0)


@pytest.mark.parametrize("db", [DB, BOTH], ids=["agora", "pantheon+agora"])
def test_fast_legality_agrees_with_the_slow_reference(db):
    for seed in range(20):
        play_random_game(seed, db, check_every_step=False, check_reference=True)


@pytest.mark.parametrize("db", [DB, BOTH], ids=["agora", "pantheon+agora"])
def test_a_clone_and_a_pickle_play_on_like_the_original(db):
    for seed in range(10):
        play_random_game(seed, db, check_every_step=False, copy_at=30 + 7 * seed)


def test_a_seed_is_one_game():
    assert game_record(play_random_game(5, check_every_step=False)) == \
        game_record(play_random_game(5, check_every_step=False))
