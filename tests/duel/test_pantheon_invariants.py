"""Random masked play of the Pantheon table over many seeded games: every invariant at every step,
the fast legality equal to the slow reference, copies, determinism, determinization, hidden
information, the env (PettingZoo's api_test), the record that replays its game, and the base table
left exactly as it was."""

import json
from collections import Counter

import numpy as np
import pytest
from pettingzoo.test import api_test
import random_play
from random_play import play_checked_game

from wonders_env import seven_wonders_duel_v0
from wonders_env.duel.actions import NUM_ACTIONS, ActionKind, action_table
from wonders_env.duel.cards import GUILD_DECK, MANUFACTURED_BITS, NONE, RAW_BITS, database
from wonders_env.duel.determinize import determinize
from wonders_env.duel.game import DuelGame
from wonders_env.duel.observation import OBSERVATION_SIZE, encode_observation, observation_layout
from wonders_env.duel.record import game_record, recorded_actions
from wonders_env.duel.rules import legal_actions, resolve_action, why_illegal
from wonders_env.duel.scoring import built_wonders
from wonders_env.duel.state import EMPTY, MAX_WONDERS_BUILT, PANTHEON_CHOICES, Choice, Phase, new_game

DB = database("1st", ("pantheon",))
TABLES = DB.pantheon
ALL_CARDS = Counter(c.id for c in DB.cards if c.deck != GUILD_DECK)  # the Guilds stay in the box
ALL_DIVINITIES = Counter(range(TABLES.num_divinities))


def card_locations(state) -> Counter:
    where = Counter(c for c in state.slot_card if c != EMPTY)
    where.update(state.city[0] + state.city[1] + state.discard)
    where.update(c for c in state.wonder_card if c != EMPTY)
    for age in range(3):
        where.update(state.boxed[age])
        if age + 1 > state.age:
            where.update(state.deals[age])
    return where


def divinity_locations(state) -> Counter:
    pantheon = state.pantheon
    where = Counter(d for deck in pantheon.decks for d in deck)
    where.update(d for d in pantheon.spaces if d != EMPTY)
    where.update(pantheon.activated[0] + pantheon.activated[1] + pantheon.drawn)
    if pantheon.choice in (Choice.PLACE_SPACE, Choice.THEATER_TOP):
        where[pantheon.chosen] += 1
    if state.age < 2 and TABLES.gate not in pantheon.spaces:
        where[TABLES.gate] += 1  # beside the Pantheon until Age II
    return where


def check_state(state) -> None:
    pantheon = state.pantheon
    assert min(state.coins) >= 0 and min(pantheon.astarte) >= 0
    assert -9 <= state.pawn <= 9
    assert len(pantheon.spaces) == 6 and len(pantheon.space_face_up) == 6
    assert state.wonders_built == sum(state.wonder_built) <= MAX_WONDERS_BUILT
    if state.age >= 1:
        assert card_locations(state) == ALL_CARDS
    assert divinity_locations(state) == ALL_DIVINITIES
    owned = pantheon.tokens[0] + pantheon.tokens[1]
    assert len(set(owned)) == len(owned) and not set(owned) & set(pantheon.slot_tokens)
    for p in (0, 1):
        city = state.city[p]
        assert len(set(city)) == len(city)
        assert state.production[p] == [sum(DB.card_production[c][r] for c in city) for r in range(5)]
        choices = [DB.card_choice[c] for c in city] + [DB.wonder_choice[w] for w in built_wonders(state, p)]
        assert (state.raw_choices[p], state.manufactured_choices[p]) == (choices.count(RAW_BITS),
                                                                        choices.count(MANUFACTURED_BITS))
        assert sum(1 for c in city if DB.card_temple[c] != NONE) <= TABLES.grand_temples_per_game
    if state.phase == Phase.CHOOSE:
        assert pantheon.options and state.current == state.turn_player
    if state.age >= 2 and not pantheon.pending_tokens and state.phase != Phase.CHOOSE:
        assert all(pantheon.space_face_up[s] == (d != EMPTY) for s, d in enumerate(pantheon.spaces))


def play_random_game(seed, **options):
    return play_checked_game(seed, check_state, db=DB, **options)


def test_random_pantheon_games_keep_invariants():
    victories, kinds, sets = Counter(), Counter(), Counter()
    for seed in range(300):
        state = play_random_game(seed)
        victories[state.victory.name] += 1
        kinds.update(action_table(DB).decode(a)[0].name for _, a, _ in state.log)
        sets.update(Choice(choice) for choice in state.pantheon.choice_log)
        assert state.winners
    # the run reached what it is meant to test (so that it cannot pass by testing little)
    assert set(victories) >= {"CIVILIAN", "MILITARY"}, victories
    assert kinds["ACTIVATE"] > 300 and kinds["CHOOSE"] > 1000, kinds
    assert set(sets) == set(PANTHEON_CHOICES), sets


@pytest.mark.slow
def test_many_random_pantheon_games_keep_invariants():
    for seed in range(300, 3300):
        play_random_game(seed)


def test_fast_legality_agrees_with_the_slow_reference():
    for seed in range(15):
        play_random_game(seed, check_every_step=False, check_reference=True)


@pytest.mark.slow
def test_fast_legality_agrees_with_the_slow_reference_on_many_games():
    for seed in range(15, 300):
        play_random_game(seed, check_every_step=False, check_reference=True)


@pytest.mark.parametrize("copy_at", [0, 40, 90])
def test_clone_and_pickle_continue_the_same_game(copy_at):
    for seed in range(3):
        play_random_game(seed, check_every_step=False, copy_at=copy_at)


def test_same_seed_same_game():
    assert game_record(play_random_game(3)) == game_record(play_random_game(3))
    assert game_record(play_random_game(3)) != game_record(play_random_game(4))


def states_along_a_game(seed, every=5):
    return random_play.states_along_a_game(seed, every, db=DB)


def test_determinize_keeps_what_the_player_sees_and_plays_on():
    redrawn, sets = 0, Counter()
    for seed in range(30):
        for state in states_along_a_game(seed, every=2):
            if state.phase == Phase.CHOOSE:
                sets[Choice(state.pantheon.choice)] += 1
            for player in (0, 1):
                twin = determinize(state, player, np.random.default_rng(seed))
                np.testing.assert_array_equal(encode_observation(twin, player), encode_observation(state, player))
                if player == state.current:  # the decider's options are what it sees
                    assert sorted(legal_actions(twin)) == sorted(legal_actions(state))
                else:  # the other seat may not see them (the divinities drawn for a placement)
                    assert len(legal_actions(twin)) == len(legal_actions(state))
                check_state(twin)
                redrawn += twin.pantheon.decks != state.pantheon.decks or twin.pantheon.spaces != state.pantheon.spaces
    assert redrawn > 0 and sets[Choice.GATE_DIVINITY] and sets[Choice.PLACE_DIVINITY] and sets[Choice.PLACE_SPACE], sets


def test_determinize_redraws_the_set_aside_tokens_nobody_saw_after_the_great_library():
    """Enki's 2 tokens (until shown) and a rebuilt Great Library's 3 are not known after the first
    draw either; the tokens drawn, owned or offered stay where they are."""
    from pantheon_scenarios import ACTS, pantheon_game

    wonders = (("The Great Library", "The Pyramids", "The Temple of Artemis", "The Statue of Zeus"),
               ("Circus Maximus", "Piraeus", "The Appian Way", "The Colossus"))
    state = pantheon_game(age=1, wonders=wonders, coins=(30, 7))
    card = state.slot_card[state.accessible_slots()[0]]
    resolve_action(state, ACTS.encode(ActionKind.WONDER, card, DB.wonder_ids["The Great Library"]))
    resolve_action(state, ACTS.encode(ActionKind.LIBRARY, state.library_offer[0]))
    assert state.library_used and not state.pantheon.enki_tokens
    later = set()
    for seed in range(10):
        for player in (0, 1):
            twin = determinize(state, player, np.random.default_rng(seed))
            assert twin.token_order[:8] == state.token_order[:8]
            assert sorted(twin.token_order) == sorted(state.token_order)
            np.testing.assert_array_equal(encode_observation(twin, player), encode_observation(state, player))
            later.add(tuple(twin.token_order[8:]))
    assert len(later) > 1


def hidden_variant(state, viewer):
    """A copy that differs from ``state`` only in what ``viewer`` cannot know: the decks' order,
    the opponent's face-down divinities (swapped with a deck's divinity of the same mythology) and
    the order of the offering tokens not seen yet."""
    twin = state.clone()
    pantheon = twin.pantheon
    changed = False
    for deck in pantheon.decks:
        if len(deck) > 1:
            deck.reverse()
            changed = True
    for s, divinity in enumerate(pantheon.spaces):
        if divinity != EMPTY and not pantheon.space_face_up[s] and pantheon.placed_by[s] != viewer:
            deck = pantheon.decks[TABLES.divinities[divinity].mythology]
            if deck:
                pantheon.spaces[s], deck[0] = deck[0], divinity
                changed = True
    face_down = [s for s, t in enumerate(pantheon.slot_tokens) if t != EMPTY and TABLES.tokens[t].mythology == NONE]
    if len(face_down) > 1:
        first, last = face_down[0], face_down[-1]
        tokens = pantheon.slot_tokens
        tokens[first], tokens[last] = tokens[last], tokens[first]
        changed = True
    pantheon.age_tokens[1] = pantheon.age_tokens[1][::-1]
    return twin, changed


def test_the_observation_never_shows_hidden_information():
    changed = 0
    for seed in range(10):
        for state in states_along_a_game(seed, every=3):
            if state.phase == Phase.CHOOSE and state.pantheon.choice in (Choice.PLACE_DIVINITY, Choice.PLACE_SPACE):
                continue  # the drawn divinities are the placer's: covered by the mask test below
            for viewer in (0, 1):
                twin, different = hidden_variant(state, viewer)
                changed += different
                np.testing.assert_array_equal(encode_observation(twin, viewer), encode_observation(state, viewer))
    assert changed > 100


def test_a_seat_sees_its_own_face_down_divinity_and_only_the_mythology_of_the_opponents():
    layout = observation_layout(DB)
    state = new_game(0, DB)
    state.pantheon.spaces[2] = TABLES.divinity_ids["Zeus"]
    state.pantheon.placed_by[2] = 0
    base = layout.offsets["pantheon_spaces"] + 2 * layout.space_size
    mine, theirs = encode_observation(state, 0), encode_observation(state, 1)
    assert mine[base + TABLES.divinity_ids["Zeus"]] == 1
    assert theirs[base + TABLES.divinity_ids["Zeus"]] == 0
    assert theirs[base + TABLES.num_divinities + TABLES.divinities[TABLES.divinity_ids["Zeus"]].mythology] == 1


def test_the_pantheon_env_passes_pettingzoo_api_test():
    api_test(seven_wonders_duel_v0.env(engine="python", expansions=("pantheon",)), num_cycles=300)


def test_the_pantheon_env_has_its_own_spaces_on_both_engines():
    for engine in ("python", "core"):
        env = seven_wonders_duel_v0.env(engine=engine, expansions=("pantheon",))
        assert env.action_space("player_0").n == action_table(DB).num_actions == 1669
        assert env.observation_space("player_0")["observation"].shape == (2465,)
        for bad in (("cities",), ("pantheon", "pantheon"), "pantheon", (1,)):
            with pytest.raises(ValueError, match="pantheon"):
                seven_wonders_duel_v0.env(engine=engine, expansions=bad)
    twin = DuelGame("1st", ("pantheon",)).compiled_twin()
    assert twin.db is DB and (twin.num_actions, twin.observation_size) == (1669, 2465)


def test_the_record_names_its_expansions_and_replays_its_game():
    env = seven_wonders_duel_v0.raw_env(engine="python", expansions=("pantheon",))
    env.reset(seed=11)
    rng = np.random.default_rng(0)
    while not all(env.terminations.values()):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
    record = json.loads(json.dumps(env.game_record()))
    assert record["expansions"] == ["pantheon"] and "divinities" in record["players"][0]["score"]
    assert {entry["kind"] for entry in record["actions"]} >= {"activate", "choose"}
    assert all("divinity" in entry for entry in record["actions"] if entry["kind"] == "activate")
    replay = new_game(record["seed"], DB)
    for action in recorded_actions(record, DB):
        resolve_action(replay, action)
    assert game_record(replay) == record


def test_the_base_table_is_unchanged():
    """No expansion: the spaces, numbers and records of before Pantheon (the golden playthroughs and
    the differential tests check the games themselves)."""
    base = DuelGame()
    assert (base.num_actions, base.observation_size) == (NUM_ACTIONS, OBSERVATION_SIZE) == (1202, 1950)
    env = seven_wonders_duel_v0.env(engine="python")
    assert env.action_space("player_0").n == 1202
    assert env.observation_space("player_0")["observation"].shape == (1950,)
    state = new_game(5)
    assert state.pantheon is None
    rng = np.random.default_rng(5)
    while state.phase != Phase.GAME_OVER:
        legal = legal_actions(state)
        assert max(legal) < 1202
        resolve_action(state, legal[rng.integers(len(legal))])
    record = game_record(state)
    assert "expansions" not in record and "divinities" not in record["players"][0]
    assert list(record["players"][0]["score"]) == ["civilian", "science", "commercial", "guilds", "wonders",
                                                   "progress", "treasury", "military", "total"]
    assert recorded_actions(record, database()) == [action for _, action, _ in state.log]


def test_the_documented_pantheon_action_ranges_are_the_tables():
    import re
    page = seven_wonders_duel_v0.__doc__
    section = page[page.index("## The Pantheon table"):page.index("## The Agora table")]
    acts = action_table(DB)
    documented = [(int(a), int(b), kind) for a, b, kind in re.findall(r"^\| (\d+)-(\d+) \| (\w+) \|", section, re.M)]
    assert documented == [(offset, offset + size - 1, name) for offset, size, name in
                          zip(acts.kind_offsets, acts.kind_sizes, ("draft", "build", "sell", "wonder", "progress",
                              "destroy", "mausoleum", "library", "starter", "activate", "choose"))]
    items = re.findall(r"(\d+)-(\d+) (card|wonder|progress token|divinity|Pantheon space|mythology|track space|"
                       r"military token|structure slot)", section)
    first = acts.choose
    assert [(int(a), int(b)) for a, b, _ in items] == [
        (first + offset, first + offset + size - 1) for offset, size in zip(acts.item_offsets, acts.item_sizes)]
    assert f"{acts.num_actions} actions and an observation of {observation_layout(DB).size} values" in section


def test_a_face_down_grand_temple_shows_its_own_back():
    layout = observation_layout(DB)
    state = new_game(0, DB)
    state.age, state.slot_card = 3, list(state.deals[2])
    state.face_up, state.cover_count = [False] * 20, [1] * 20
    slot = next(s for s, c in enumerate(state.slot_card) if DB.card_temple[c] != NONE)
    cell = encode_observation(state, 0)[layout.slot_bases[slot]:layout.slot_bases[slot] + layout.slot_size]
    assert np.flatnonzero(cell).tolist() == [layout.slot_back + 4]  # I, II, III, Guild, Grand Temple
    assert layout.slot_accessible == layout.slot_back + 5


def test_the_decider_of_the_gate_keeps_the_tops_it_sees_and_the_other_seat_does_not():
    state = new_game(0, DB)
    state.age, state.phase, state.current, state.turn_player = 2, Phase.CHOOSE, 0, 0
    state.pantheon.choice = Choice.GATE_DIVINITY
    state.pantheon.options = sorted(deck[0] for deck in state.pantheon.decks)
    tops = [deck[0] for deck in state.pantheon.decks]
    others = set()
    for seed in range(10):
        assert [deck[0] for deck in determinize(state, 0, np.random.default_rng(seed)).pantheon.decks] == tops
        others.add(tuple(deck[0] for deck in determinize(state, 1, np.random.default_rng(seed)).pantheon.decks))
    assert len(others) > 1


def test_why_illegal_agrees_with_the_mask():
    for seed in range(3):
        for state in states_along_a_game(seed, every=4):
            legal = set(legal_actions(state))
            assert {a for a in range(action_table(DB).num_actions) if why_illegal(state, a) is None} == legal
