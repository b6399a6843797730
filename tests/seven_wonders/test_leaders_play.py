"""The Leaders table in play: random games at every player count keep the invariants, the record
replays its game, determinization and the observation hide what they must, PettingZoo's API tests
pass, the option is checked, and the base tables keep exactly their spaces."""

import json
import pickle
from collections import Counter

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test

from seven_wonders_scenarios import card_locations
from wonders_env import registry, seven_wonders_v0
from wonders_env.seven_wonders import presentation
from wonders_env.seven_wonders.cards import database
from wonders_env.seven_wonders.determinize import determinize
from wonders_env.seven_wonders.game import SevenWondersGame
from wonders_env.seven_wonders.observation import Observer
from wonders_env.seven_wonders.record import game_record, recorded_action
from wonders_env.seven_wonders.rules import acting_seats, apply_actions, legal_action_mask, legal_actions_reference
from wonders_env.seven_wonders.scoring import score_breakdown
from wonders_env.seven_wonders.state import Phase, new_game

LEADERS = ("leaders",)
DB = database("1st", LEADERS)


def leader_locations(state) -> list[int]:
    """Every leader, wherever it is now (for conservation checks)."""
    piles = [state.leader_deck, *state.draft_hands, *state.leader_hands, *state.recruited, *state.stage_leaders,
             *state.leader_discards]
    return sorted(leader for pile in piles for leader in pile)


def play_random_game(num_players, seed, payment="cheapest", check_reference=False, check_copy=False):
    state = new_game(num_players, seed=seed, payment=payment, expansions=LEADERS)
    rng = np.random.default_rng(seed + 1000)
    expected_cards = Counter(DB.deck(1, num_players) + DB.deck(2, num_players) + DB.deck(3, num_players)
                             + DB.guild_cards())
    choices = []
    while state.phase != Phase.GAME_OVER:
        actions = {}
        acting = acting_seats(state)
        assert acting, f"nobody acts in {state.phase.name}"
        for seat in range(num_players):
            mask = legal_action_mask(state, seat)
            legal = np.flatnonzero(mask)
            if seat not in acting:
                assert legal.tolist() == [5 * DB.num_types]  # wait
                continue
            assert len(legal) > 0, f"empty mask for seat {seat} in {state.phase.name}"
            if check_reference:
                assert set(legal.tolist()) == legal_actions_reference(state, seat), state.phase.name
            actions[seat] = int(legal[rng.integers(len(legal))])
        if check_copy and len(choices) == 12:
            twin, thawed = state.clone(), pickle.loads(pickle.dumps(state))
        apply_actions(state, actions)
        choices.append(actions)
        assert min(state.coins) >= 0
        assert card_locations(state) == expected_cards
        assert leader_locations(state) == list(range(DB.num_leaders))
        for seat in range(num_players):
            names = [DB.cards[c].type for c in state.built[seat]]
            assert len(names) == len(set(names))
            assert state.stages_built[seat] == len(state.stage_cards[seat]) + len(state.stage_leaders[seat])
    if check_copy:
        for copied in (twin, thawed):
            for actions in choices[12:]:
                apply_actions(copied, actions)
            assert game_record(copied) == game_record(state)
    return state


@pytest.mark.parametrize("num_players", range(3, 8))
def test_random_leaders_games_keep_the_invariants(num_players):
    for seed in range(100):
        payment = "choose" if seed % 2 else "cheapest"
        state = play_random_game(num_players, seed, payment, check_reference=seed < 2, check_copy=seed < 3)
        for seat in range(num_players):
            score = score_breakdown(state, seat)
            assert score["total"] == sum(v for k, v in score.items() if k != "total") and "leaders" in score
            used = len(state.recruited[seat]) + len(state.stage_leaders[seat]) + len(state.leader_discards[seat])
            board = state.wonders[seat]
            if (board.city, board.side) == ("Roma", "B"):  # stage 1 draws 4 more, stages 2-3 recruit one each
                assert used >= 3
            else:  # one leader per Age: the 4th drafted is left over
                assert (used, len(state.leader_hands[seat])) == (3, 1)


@pytest.mark.slow
@pytest.mark.parametrize("num_players", range(3, 8))
def test_many_random_leaders_games_keep_the_invariants(num_players):
    for seed in range(100, 1100):
        play_random_game(num_players, seed, "choose" if seed % 2 else "cheapest", check_reference=seed % 50 == 0)


@pytest.mark.parametrize("payment", ["cheapest", "choose"])
def test_a_seed_is_one_game_and_the_record_replays_it(payment):
    first, second = play_random_game(4, 7, payment), play_random_game(4, 7, payment)
    record = game_record(first)
    assert record == game_record(second) and record["expansions"] == ["leaders"]
    json.dumps(record)
    replayed = new_game(4, seed=record["seed"], expansions=LEADERS, payment=payment)
    log = record["actions"]
    while replayed.phase != Phase.GAME_OVER:
        done = len(replayed.log)
        apply_actions(replayed, {p: recorded_action(replayed, p, log[done:]) for p in acting_seats(replayed)})
    assert game_record(replayed) == record


@pytest.mark.parametrize("num_players", [3, 5])
def test_determinize_keeps_the_observation_and_resamples_hidden_leaders(num_players):
    observer = Observer(DB, "choose")
    rng = np.random.default_rng(num_players)
    changed = 0
    for seed in range(6):
        state = new_game(num_players, seed=seed, payment="choose", expansions=LEADERS)
        for _ in range(seed * 3 + 1):
            apply_actions(state, {s: int(rng.choice(np.flatnonzero(legal_action_mask(state, s))))
                                  for s in acting_seats(state)})
        for seat in range(num_players):
            twin = determinize(state, seat, rng)
            np.testing.assert_array_equal(observer.encode(state, seat), observer.encode(twin, seat))
            assert leader_locations(twin) == leader_locations(state)
            assert twin.leader_hands[seat] == state.leader_hands[seat]
            changed += twin.leader_hands != state.leader_hands or twin.draft_hands != state.draft_hands
            apply_actions(twin, {s: int(np.flatnonzero(legal_action_mask(twin, s))[0]) for s in acting_seats(twin)})
    assert changed > 0


@pytest.mark.parametrize("steps", [1, 4, 12])
def test_the_observation_hides_other_leader_hands_and_leaders_under_stages(steps):
    env = seven_wonders_v0.raw_env(num_players=4, engine="python", expansions=LEADERS)
    env.reset(seed=5)
    rng = np.random.default_rng(1)
    for _ in range(steps * 4):
        env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))
    state = env.state
    before = env.observe("player_0")["observation"]
    others = [1, 2, 3]
    hidden = state.leader_deck + [x for s in others for x in state.leader_hands[s] + state.stage_leaders[s]
                                  + state.leader_discards[s] + (state.draft_hands[s] if s != 1 else [])]
    rng.shuffle(hidden)
    state.leader_deck, hidden = hidden[:len(state.leader_deck)], hidden[len(state.leader_deck):]
    for s in others:
        for pile in (state.leader_hands, state.stage_leaders, state.leader_discards) + (
                (state.draft_hands,) if s != 1 else ()):
            size = len(pile[s])
            pile[s], hidden = hidden[:size], hidden[size:]
    state.clear_caches()
    np.testing.assert_array_equal(before, env.observe("player_0")["observation"])
    # and the test can fail: my own Leader (or draft) hand shows
    mine = state.leader_hands[0] or state.draft_hands[0]
    mine.pop()
    state.clear_caches()
    assert not np.array_equal(before, env.observe("player_0")["observation"])


@pytest.mark.parametrize("engine", ["core", "python"])
@pytest.mark.parametrize("payment", ["cheapest", "choose"])
@pytest.mark.parametrize("num_players", [3, 6])
def test_pettingzoo_api_on_the_leaders_env(num_players, payment, engine):
    api_test(seven_wonders_v0.env(num_players=num_players, payment=payment, engine=engine, expansions=LEADERS),
             num_cycles=300)
    parallel_api_test(seven_wonders_v0.parallel_env(num_players=num_players, payment=payment, engine=engine,
                                                    expansions=LEADERS), num_cycles=300)


def test_the_leaders_spaces():
    for payment, actions, size in (("cheapest", 576, 1933), ("choose", 591, 2033)):
        env = seven_wonders_v0.raw_env(num_players=4, engine="python", payment=payment, expansions=["leaders"])
        assert env.action_space("player_0").n == actions
        assert env.observation_space("player_0")["observation"].shape == (size,)
        assert env.expansions == LEADERS


@pytest.mark.parametrize("edition, payment, observation, actions", [
    ("1st", "cheapest", 1169, 376), ("1st", "choose", 1265, 391), ("2nd", "cheapest", 1193, 386),
    ("2nd", "choose", 1291, 401)])
def test_the_base_tables_keep_their_spaces(edition, payment, observation, actions):
    for engine in ("python", "core"):
        for expansions in (None, ()):
            env = seven_wonders_v0.raw_env(num_players=3, edition=edition, payment=payment, engine=engine,
                                           expansions=expansions)
            assert env.action_space("player_0").n == actions
            assert env.observation_space("player_0")["observation"].shape == (observation,)
    env = seven_wonders_v0.raw_env(num_players=3, engine="python")
    env.reset(seed=0)
    assert "expansions" not in env.game_record() and "leaders" not in env.game_record()["players"][0]["score"]


def test_the_option_is_checked_and_both_engines_play_it():
    assert registry.entry("seven_wonders").check_expansions(["leaders"]) == LEADERS
    assert seven_wonders_v0.env(num_players=4, expansions=LEADERS).unwrapped.engine == "core"  # the default
    assert registry.make_engine("seven_wonders", num_players=4, expansions=LEADERS).expansions == LEADERS  # the core
    with pytest.raises(ValueError, match="from 3 to 7 in the 1st edition with leaders"):
        seven_wonders_v0.env(num_players=2, expansions=LEADERS)
    with pytest.raises(ValueError, match="from 3 to 7 in the 1st edition with leaders"):
        seven_wonders_v0.env(num_players=2, engine="python", expansions=LEADERS)
    with pytest.raises(ValueError, match="not supported with the 2nd edition"):
        seven_wonders_v0.env(num_players=4, engine="python", edition="2nd", expansions=LEADERS)
    with pytest.raises(ValueError, match="not supported with the 1st edition"):
        seven_wonders_v0.env(num_players=4, engine="python", expansions=("cities",))
    with pytest.raises(ValueError, match="expansions must be a tuple"):
        seven_wonders_v0.env(num_players=4, engine="python", expansions="leaders")
    assert SevenWondersGame(4, expansions=LEADERS).expansions == LEADERS


def test_a_state_of_another_table_is_refused():
    env = seven_wonders_v0.raw_env(num_players=3, engine="python")
    with pytest.raises(ValueError, match="expansions"):
        env.state = new_game(3, seed=0, expansions=LEADERS)


def test_every_leaders_effect_move_and_record_kind_has_its_words():
    effects = [e for leader in DB.leaders for e in leader.effects] + [
        e for key in (("Roma", "A"), ("Roma", "B")) for stage in DB.wonders[key].stages for e in stage.effects]
    effects += [e for key in (("Roma", "A"), ("Roma", "B")) for e in DB.wonders[key].board_effects]
    effects += [e for t in DB.types[75:] for e in t.effects]
    texts = {presentation.effect_text(effect) for effect in effects}
    assert "your green cards cost 1 resource less (your choice)" in texts
    assert "leaders cost both neighbours 1 coin less" in texts
    assert "2 coins per yellow card you build from now on" in texts
    entry = {"age": 1, "turn": 0, "agent": "player_1", "seat": 1, "kind": "leader_wonder", "card": "Caesar",
             "paid": {"left": 2, "right": 0, "bank": 0}}
    assert presentation.entry_text(entry, 0) == \
        "Age 1.0: player_1 built a wonder stage with a leader (paid 2 to the left)"
    assert presentation.entry_text(entry, 1) == "Age 1.0: you built a wonder stage with Caesar (paid 2 to the left)"
    state = new_game(3, seed=0, expansions=LEADERS)
    leader = min(state.draft_hands[0])  # the first legal action
    draft = int(np.flatnonzero(legal_action_mask(state, 0))[0])
    assert presentation.move_text(state, 0, draft) == f"Keep {DB.leaders[leader].name}, passing the others to the right"


def test_the_render_shows_my_leader_hand_and_every_recruited_leader_but_no_other_hand():
    env = seven_wonders_v0.raw_env(num_players=3, engine="python", expansions=LEADERS, render_mode="ansi")
    env.reset(seed=4)
    while env.state.phase != Phase.MAIN:
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[-1]))
    state = env.state
    shown = state.leader_deck.pop()  # a leader in no hand
    state.recruited[1].append(shown)
    state.clear_caches()
    text = env.render()
    viewer = env.agent_seat[env.agent_selection]
    mine = ", ".join(DB.leaders[x].name for x in state.leader_hands[viewer])
    assert f"Leader hand of player_{viewer}: {mine}" in text and DB.leaders[shown].name in text
    for other in set(range(3)) - {viewer}:
        assert all(DB.leaders[x].name not in text for x in state.leader_hands[other])


def test_the_render_shows_romas_board():
    env = seven_wonders_v0.raw_env(num_players=3, engine="python", expansions=LEADERS, render_mode="ansi",
                                   wonders=["Roma", "Giza", "Rhodes"], wonder_sides=["B", "A", "A"])
    env.reset(seed=4)
    assert "| board: leaders cost you 2 coins less; leaders cost both neighbours 1 coin less" in env.render()
