"""The Agora tables (``("agora",)`` and ``("pantheon", "agora")``) through the env and the tools: their
own documented spaces, PettingZoo's api_test, the record that replays its game, the text interface,
the determinization and the hidden information (the opponent's conspiracies, the face-down
decrees, the deck's order), and the base and Pantheon tables left as they were."""

import json
import re
from collections import Counter

import numpy as np
import pytest
from pettingzoo.test import api_test
import random_play

from wonders_env import seven_wonders_duel_v0, text
from wonders_env.duel.actions import KIND_NAMES, action_table
from wonders_env.duel.cards import database
from wonders_env.duel.determinize import determinize
from wonders_env.duel.game import DuelGame
from wonders_env.duel.observation import encode_observation, observation_layout
from wonders_env.duel.record import game_record, recorded_actions
from wonders_env.duel.rules import legal_actions, resolve_action
from wonders_env.duel.state import Choice, Phase, new_game

AGORA = database("1st", ("agora",))
BOTH = database("1st", ("pantheon", "agora"))
TABLES = {("agora",): AGORA, ("pantheon", "agora"): BOTH}


@pytest.mark.parametrize("expansions, sizes", [(("agora",), (1838, 3012)), (("pantheon", "agora"), (2256, 3566))])
def test_each_agora_table_has_its_own_spaces_on_both_engines(expansions, sizes):
    db = TABLES[expansions]
    assert sizes == (action_table(db).num_actions, observation_layout(db).size)
    for engine in ("python", "core"):
        env = seven_wonders_duel_v0.env(engine=engine, expansions=expansions)
        assert (env.action_space("player_0").n, env.observation_space("player_0")["observation"].shape[0]) == sizes
    twin = DuelGame("1st", expansions).compiled_twin()
    assert (twin.num_actions, twin.observation_size) == sizes


def test_the_base_and_pantheon_tables_keep_their_spaces():
    assert (DuelGame().num_actions, DuelGame().observation_size) == (1202, 1950)
    pantheon = DuelGame("1st", ("pantheon",))
    assert (pantheon.num_actions, pantheon.observation_size) == (1669, 2465)


@pytest.mark.parametrize("expansions", TABLES)
def test_the_agora_env_passes_pettingzoo_api_test(expansions):
    api_test(seven_wonders_duel_v0.env(engine="python", expansions=expansions), num_cycles=300)


@pytest.mark.parametrize("expansions", TABLES)
def test_the_record_names_the_new_moves_and_replays_its_game(expansions):
    db = TABLES[expansions]
    for seed in range(4):
        env = seven_wonders_duel_v0.raw_env(engine="python", expansions=expansions)
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        while not all(env.terminations.values()):
            mask = env.observe(env.agent_selection)["action_mask"]
            env.step(int(rng.choice(np.flatnonzero(mask))))
        record = json.loads(json.dumps(env.game_record()))
        assert record["expansions"] == list(expansions) and "senate" in record["players"][0]["score"]
        assert {"senate_cubes", "conspiracies", "conspiracies_triggered"} <= set(record["players"][0])
        assert all("set" in entry for entry in record["actions"] if entry["kind"] == "choose")
        replay = new_game(record["seed"], db)
        for action in recorded_actions(record, db):
            resolve_action(replay, action)
        assert game_record(replay) == record


def test_a_record_with_prepare_and_trigger_replays():
    kinds = Counter()
    for seed in range(20):
        state = random_play.play_checked_game(seed, lambda state: None, db=AGORA, check_every_step=False)
        record = json.loads(json.dumps(game_record(state)))
        kinds.update(entry["kind"] for entry in record["actions"])
        assert recorded_actions(record, AGORA) == [action for _, action, _ in state.log]
    assert kinds["prepare"] and kinds["trigger"] and kinds["choose"]


@pytest.mark.parametrize("expansions", TABLES)
def test_the_text_interface_plays_and_names_every_move(expansions):
    names = set()
    for seed in range(3):
        game = text.make("duel", expansions=expansions, engine="python")
        game.reset(seed=seed)
        rng = np.random.default_rng(seed)
        done = False
        while not done:
            _, observation = game.get_observation()
            assert "Senate (cubes player_0 / player_1" in observation
            moves = game.legal_moves()
            assert len(set(moves)) == len(moves), moves  # every move has its own name
            names.update(moves)
            done, _ = game.step(str(rng.integers(len(moves)) + 1))
        assert game.game_record()["expansions"] == list(expansions)
    assert any(name.startswith("Place an influence cube in chamber") for name in names)
    assert any(name.startswith("Recruit ") for name in names) and any(name.startswith("Trigger") for name in names)


def test_the_documented_agora_action_ranges_are_the_tables():
    page = seven_wonders_duel_v0.__doc__
    section = page[page.index("## The Agora table"):page.index("## The table with both")]
    acts = action_table(AGORA)
    documented = [(int(a), int(b), kind) for a, b, kind in re.findall(r"^\| (\d+)-(\d+) \| (\w+) \|", section, re.M)]
    assert documented == [(offset, offset + size - 1, KIND_NAMES[kind]) for kind, (offset, size) in
                          enumerate(zip(acts.kind_offsets, acts.kind_sizes)) if size]
    items = re.findall(r"(\d+)-(\d+) (card|wonder|progress token|chamber|cube move|conspiracy|option)", section)
    first = acts.choose
    assert [(int(a), int(b)) for a, b, _ in items] == [
        (first + offset, first + offset + size - 1) for offset, size in zip(acts.item_offsets, acts.item_sizes) if size]
    assert f"{acts.num_actions} actions and an observation of {observation_layout(AGORA).size} values" in section
    both = page[page.index("## The table with both"):page.index("## Rewards")]
    assert (f"{action_table(BOTH).num_actions} actions and an observation of {observation_layout(BOTH).size} values"
            in both)


def states_along_a_game(seed, db=AGORA, every=3):
    return random_play.states_along_a_game(seed, every, db=db)


def hidden_variant(state, viewer):
    """A copy that differs from ``state`` only in what ``viewer`` cannot know: the conspiracy deck's
    order, the opponent's held conspiracies (swapped with the deck's, prepared ones included), the
    conspiracies the opponent draws, the face-down decrees (swapped with decrees out of the game)."""
    twin = state.clone()
    senate = twin.agora
    changed = False
    if len(senate.conspiracy_deck) > 1:
        senate.conspiracy_deck.reverse()
        changed = True
    opponent = 1 - viewer
    for i, conspiracy in enumerate(senate.conspiracies[opponent]):
        if senate.conspiracy_deck:
            senate.conspiracies[opponent][i], senate.conspiracy_deck[0] = senate.conspiracy_deck[0], conspiracy
            changed = True
    if senate.drawn and state.current == opponent and senate.conspiracy_deck:
        senate.drawn[0], senate.conspiracy_deck[-1] = senate.conspiracy_deck[-1], senate.drawn[0]
        changed = True
    used = {d for decrees in senate.decrees for d in decrees}
    spare = [d for d in range(AGORA.agora.num_decrees) if d not in used]
    for chamber, up in enumerate(senate.decree_face_up):
        if not up and senate.decrees[chamber]:
            senate.decrees[chamber] = [spare.pop() for _ in senate.decrees[chamber]]
            changed = True
    return twin, changed


@pytest.mark.parametrize("db", [AGORA, BOTH])
def test_the_observation_never_shows_hidden_information(db):
    changed = 0
    for seed in range(8):
        for state in states_along_a_game(seed, db):
            if state.agora.choice == Choice.PREPARE_CONSPIRACY:
                continue  # the preparer's own conspiracies are its options
            for viewer in (0, 1):
                twin, different = hidden_variant(state, viewer)
                changed += different
                np.testing.assert_array_equal(encode_observation(twin, viewer), encode_observation(state, viewer))
                assert twin.agora.__getstate__() != state.agora.__getstate__() or not different
    assert changed > 100


def test_the_opponents_conspiracies_and_face_down_decrees_are_not_in_the_observation_but_ones_own_are():
    layout = observation_layout(AGORA)
    state = new_game(0, AGORA)
    conspiracy = state.agora.conspiracy_deck.pop(0)
    state.agora.conspiracies[1].append(conspiracy)
    state.agora.prepared[1].append(5)
    mine, theirs = encode_observation(state, 1), encode_observation(state, 0)
    assert mine[layout.offsets["my_prepared"] + conspiracy] == 1
    assert theirs[layout.slices["my_prepared"]].sum() == 0
    assert theirs[layout.offsets["opponent_conspiracies"] + 1] == 1  # one prepared: counted, not named
    down = state.agora.decrees[1][0]
    base = layout.offsets["chamber_decrees"] + layout.decree_size
    assert theirs[base + down] == 0 and theirs[base + layout.decree_size - 1] == 1


def test_determinize_keeps_what_the_player_sees_and_plays_on():
    redrawn = 0
    for seed in range(15):
        for state in states_along_a_game(seed, every=4):
            for player in (0, 1):
                twin = determinize(state, player, np.random.default_rng(seed))
                np.testing.assert_array_equal(encode_observation(twin, player), encode_observation(state, player))
                if player == state.current and state.phase != Phase.GAME_OVER:
                    assert sorted(legal_actions(twin)) == sorted(legal_actions(state))
                redrawn += twin.agora.conspiracy_deck != state.agora.conspiracy_deck
                while twin.phase != Phase.GAME_OVER:  # the copy plays on
                    resolve_action(twin, legal_actions(twin)[0])
    assert redrawn > 50


def test_the_text_of_a_seat_never_names_the_opponents_hidden_agora_choices():
    from wonders_env.duel.actions import ActionKind
    from wonders_env.duel.presentation import HIDDEN_CHOICES
    from wonders_env.duel.state import CHOICE_NAMES
    from wonders_env.duel.text_view import observation_text
    acts = action_table(AGORA)
    changed = 0
    for seed in range(8):
        for state in states_along_a_game(seed):
            for seat in (0, 1):
                twin, different = hidden_variant(state, seat)
                hidden = {index for index, choice in twin.agora.choice_log if CHOICE_NAMES[choice] in HIDDEN_CHOICES}
                for index in hidden:
                    who, action, paid = twin.log[index]
                    kind, item = acts.item_of(action - acts.choose)
                    if who != seat and acts.decode(action)[0] is ActionKind.CHOOSE:
                        twin.log[index] = (who, acts.item(kind, (item + 1) % acts.item_sizes[kind]), paid)
                        different = True
                changed += different
                assert observation_text(twin, seat, []) == observation_text(state, seat, [])
    assert changed > 100


def test_with_both_expansions_the_pantheon_tokens_lie_on_the_agora_slots():
    state = new_game(4, BOTH)
    rng = np.random.default_rng(4)
    while state.age < 2 or state.phase == Phase.STARTER:
        if state.age == 1 and state.cards_left == 25:
            assert [s for s, t in enumerate(state.pantheon.slot_tokens) if t != -1] == [4, 6, 12, 14, 17]
        legal = legal_actions(state)
        resolve_action(state, legal[rng.integers(len(legal))])
    assert [s for s, t in enumerate(state.pantheon.slot_tokens) if t != -1] == [7, 9, 12]


def test_a_set_aside_token_the_opponent_locked_is_redrawn_for_the_other_seat_only():
    state = new_game(0, AGORA)
    token = state.token_order[7]
    state.agora.locked.append((token, 1, False))
    seen = {determinize(state, 0, np.random.default_rng(seed)).agora.locked[0][0] for seed in range(30)}
    assert len(seen) > 2 and seen <= set(state.token_order[5:])
    assert {determinize(state, 1, np.random.default_rng(seed)).agora.locked[0][0] for seed in range(10)} == {token}
    layout = observation_layout(AGORA)
    assert encode_observation(state, 0)[layout.slices["locked_tokens"]].sum() == 0
    assert encode_observation(state, 1)[layout.offsets["locked_tokens"] + token] == 1


def test_every_agora_set_has_its_words():
    from wonders_env.duel import agora, presentation
    from wonders_env.duel.state import AGORA_CHOICES, CHOICE_NAMES
    assert set(AGORA_CHOICES) <= set(presentation.CHOICE_PROMPTS)
    assert {CHOICE_NAMES[c] for c in AGORA_CHOICES} <= set(presentation.CHOICE_ENTRY_TEXT)
    assert set(agora.TARGET_ITEM) <= set(presentation.AGORA_CHOICE_MOVES)
    assert {"prepare", "trigger"} <= set(presentation.ENTRY_TEXT)
