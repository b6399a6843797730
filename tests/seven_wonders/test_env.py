"""The PettingZoo environments: API conformance, observations, rewards, errors, records."""

import json
import re

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test

from wonders_env import seven_wonders_v0
from wonders_env.seven_wonders.actions import ActionKind, decode_action, encode_action
from wonders_env.seven_wonders.rules import IllegalActionError
from wonders_env.seven_wonders.state import Phase


def play_out(env, seed, until=None):
    """Random masked play on an AEC env; stops after ``until`` decisions if given."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for step, _ in enumerate(env.agent_iter()):
        if until is not None and step == until:
            return
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(rng.choice(legal)))


PAYMENTS = ["cheapest", "choose"]


@pytest.mark.parametrize("payment", PAYMENTS)
@pytest.mark.parametrize("num_players", [2, 3, 7])
def test_pettingzoo_api(num_players, payment):
    api_test(seven_wonders_v0.env(num_players=num_players, payment=payment), num_cycles=1000)


@pytest.mark.parametrize("payment", PAYMENTS)
@pytest.mark.parametrize("num_players", [2, 3, 7])
def test_pettingzoo_parallel_api(num_players, payment):
    parallel_api_test(seven_wonders_v0.parallel_env(num_players=num_players, payment=payment), num_cycles=1000)


@pytest.mark.parametrize("payment", PAYMENTS)
@pytest.mark.parametrize("num_players", [2, 3, 7])
def test_pettingzoo_seed(num_players, payment):
    seed_test(lambda: seven_wonders_v0.env(num_players=num_players, payment=payment), num_cycles=300)


@pytest.mark.parametrize("edition, num_players", [("1st", 2), ("1st", 5), ("2nd", 4)])
def test_parallel_games_choosing_payments_pay_every_turn(edition, num_players):
    env = seven_wonders_v0.parallel_env(num_players=num_players, edition=edition, payment="choose")
    observations, _ = env.reset(seed=num_players)
    rng = np.random.default_rng(0)
    pay = 5 * env.db.num_types + 1
    payment_steps = 0
    while env.agents:
        paying = env.state.phase == Phase.PAYMENT
        payment_steps += paying
        actions = {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in observations.items()}
        if paying and env.state.pending_turn <= 6 and len(actions) and num_players > 2:
            assert all(action >= pay for action in actions.values())  # every player pays
        observations, rewards, terminations, truncations, infos = env.step(actions)
    assert payment_steps >= 18 * (2 if num_players == 2 else 1)
    record = env.game_record()
    assert record["payment"] == "choose" and json.loads(json.dumps(record)) == record


def test_payment_mode_sets_the_spaces_and_is_checked():
    cheapest = seven_wonders_v0.raw_env(num_players=3)
    choose = seven_wonders_v0.raw_env(num_players=3, payment="choose")
    assert cheapest.action_space("player_0").n == 376 and choose.action_space("player_0").n == 391
    assert choose.observer.size > cheapest.observer.size
    with pytest.raises(ValueError, match=r"payment must be one of \('cheapest', 'choose'\), got 'free'"):
        seven_wonders_v0.raw_env(payment="free")


def test_metadata_like_classic_games():
    env = seven_wonders_v0.raw_env()
    assert env.metadata["name"] == "seven_wonders_v0"
    assert env.metadata["is_parallelizable"] is True
    assert set(env.metadata["render_modes"]) == {"ansi", "human"}


@pytest.mark.parametrize("kwargs, message", [
    ({"num_players": 1}, "num_players must be an integer from 2 to 7"),
    ({"num_players": 8}, "num_players must be an integer from 2 to 7"),
    ({"num_players": 3, "wonders": ["Rhodes", "Giza", "Atlantis"]}, "unknown wonder 'Atlantis'"),
    ({"num_players": 3, "wonders": ["Rhodes", "Giza"]}, "one per seat"),
    ({"num_players": 3, "wonders": ["Rhodes", "Giza", "Giza"]}, "each city can be dealt once"),
    ({"num_players": 3, "wonder_sides": "C"}, "unknown wonder side 'C'"),
    ({"num_players": 3, "wonder_sides": ["A", "B"]}, "one value or 3 values"),
    ({"num_players": 3, "reward": "points"}, "reward must be one of"),
    ({"num_players": 3, "render_mode": "rgb_array"}, "render_mode must be None or one of"),
    ({"num_players": 3, "wonder_sides": None}, "wonder_sides must be 'A'/'Day', 'B'/'Night', 'random' or a list"),
    ({"num_players": 3, "wonders": "Giza"}, "wonders must be None .random. or a list of 3 city names"),
])
def test_bad_arguments_say_what_is_allowed(kwargs, message):
    with pytest.raises(ValueError, match=message):
        seven_wonders_v0.raw_env(**kwargs)


def test_raw_env_rejects_illegal_action_with_reason():
    env = seven_wonders_v0.raw_env(num_players=3)
    env.reset(seed=0)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError, match=r"illegal action .* legal actions: "):
        env.step(illegal)
    with pytest.raises(IllegalActionError, match=r"action must be an integer in \[0, 376\)"):
        env.step(9999)


def test_wrapped_env_ends_game_on_illegal_move(caplog):
    env = seven_wonders_v0.env(num_players=3)
    env.reset(seed=0)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert "Illegal move made" in caplog.text
    assert env.rewards[agent] == -1
    assert all(env.terminations.values())


def test_action_encoding_round_trip():
    n = seven_wonders_v0.raw_env().db.num_types
    for kind in (ActionKind.BUILD, ActionKind.WONDER, ActionKind.SELL, ActionKind.FREE_BUILD, ActionKind.DISCARD_BUILD):
        for card in (0, n - 1):
            assert decode_action(encode_action(kind, card, n), n) == (kind, card)
    assert decode_action(encode_action(ActionKind.WAIT, 0, n), n) == (ActionKind.WAIT, -1)
    with pytest.raises(ValueError):
        decode_action(5 * n + 1, n)


@pytest.mark.parametrize("payment, until", [("cheapest", 10), ("choose", 10), ("choose", 11)])
@pytest.mark.parametrize("num_players", [2, 4])
def test_observation_hides_hidden_information(num_players, payment, until):
    # engine="python": the test changes the engine's state in place (the core env's state is a copy)
    env = seven_wonders_v0.raw_env(num_players=num_players, payment=payment, engine="python")
    play_out(env, seed=3, until=until * num_players)
    state = env.state
    assert state.phase != Phase.GAME_OVER
    me = 0
    before = env.observe("player_0")["observation"]
    rng = np.random.default_rng(0)
    # shuffle the cards of the other hands among them, the decks, the Free City pile,
    # the cards under wonder stages and the discard pile
    others = [s for s in range(state.num_players) if s != me]
    pool = [c for s in others for c in state.hands[s]]
    rng.shuffle(pool)
    for s in others:
        size = len(state.hands[s])
        state.hands[s], pool = pool[:size], pool[size:]
    for age in state.decks:
        state.decks[age] = list(rng.permutation(state.decks[age]))
    state.free_city_pile = list(rng.permutation(state.free_city_pile))
    all_cards = list(range(len(state.db.cards)))
    for s in range(state.num_seats):
        state.stage_cards[s] = [int(rng.choice(all_cards)) for _ in state.stage_cards[s]]
    state.discard = [int(rng.choice(all_cards)) for _ in state.discard]
    state.box = list(reversed(state.box))
    state.clear_caches()
    after = env.observe("player_0")["observation"]
    np.testing.assert_array_equal(before, after)
    # and the test can fail: a change to my own hand shows (a card other than the one I chose, if I did)
    chosen = decode_action(state.pending[me], state.db.num_types)[1] if me in state.pending else None
    dropped = next(card for card in state.hands[me] if state.db.cards[card].type != chosen)
    state.hands[me] = [card for card in state.hands[me] if card != dropped]
    state.clear_caches()
    assert not np.array_equal(before, env.observe("player_0")["observation"])


def test_observation_is_ego_centric():
    env = seven_wonders_v0.raw_env(num_players=3, wonders=["Rhodes", "Giza", "Babylon"], wonder_sides="A")
    env.reset(seed=0)
    layout = env.observer
    cities = layout.views["cities"]
    wonder = layout.city["wonder"]
    for seat, expected in enumerate([["Rhodes", "Babylon", "Giza"], ["Giza", "Rhodes", "Babylon"],
                                     ["Babylon", "Giza", "Rhodes"]]):
        rows = env.observe(f"player_{seat}")["observation"][cities].reshape(7, layout.city_size)
        names = [env.db.cities[int(np.argmax(rows[i, wonder]))] for i in range(3)]
        assert names == expected  # me, then my left neighbour, then the next one to the left
        assert not rows[3:].any()


def test_observation_space_contains_observations():
    env = seven_wonders_v0.raw_env(num_players=5)
    env.reset(seed=1)
    space = env.observation_space("player_0")
    assert space["observation"].shape == (env.observer.size,)
    assert space.contains(env.observe("player_0"))


def test_game_record_is_json_and_follows_the_contract():
    env = seven_wonders_v0.env(num_players=3)
    play_out(env, seed=5)
    record = env.unwrapped.game_record()
    assert json.loads(json.dumps(record)) == record
    assert record["game"] == "seven_wonders" and record["env"] == "seven_wonders_v0"
    assert record["seed"] == 5 and record["num_players"] == 3 and record["variant"] == "standard"
    assert record["finished"] is True and record["winners"]
    player = record["players"][0]
    assert {"seat", "agent", "left", "right", "wonder", "side", "stages_built", "buildings", "coins",
            "military_tokens", "score"} <= set(player)
    assert (player["left"], player["right"]) == (2, 1)
    assert set(player["score"]) == {"military", "treasury", "wonder", "civilian", "science",
                                    "commercial", "guilds", "total"}
    action = record["actions"][0]
    assert {"age", "turn", "agent", "kind", "card", "paid", "paid_to"} <= set(action)
    assert set(action["paid"]) == {"left", "right", "bank"}
    assert record["payment"] == "cheapest"
    for action in record["actions"]:
        neighbours = record["players"][action["seat"]]
        expected = [{"seat": neighbours[side], "agent": record["players"][neighbours[side]]["agent"],
                     "coins": action["paid"][side]} for side in ("left", "right") if action["paid"][side]]
        assert action["paid_to"] == expected
    kinds = {a["kind"] for a in record["actions"]}
    assert kinds <= {"build", "wonder", "sell", "free_build", "discard_build", "discard"}


def test_two_player_record_has_the_free_city():
    env = seven_wonders_v0.env(num_players=2)
    play_out(env, seed=2)
    record = env.unwrapped.game_record()
    assert record["variant"] == "two_player"
    assert [p["agent"] for p in record["players"]] == ["player_0", "player_1", None]
    assert set(record["winners"]) <= {"player_0", "player_1"}


def test_win_loss_rewards_at_the_end():
    env = seven_wonders_v0.env(num_players=4)
    env.reset(seed=9)
    rng = np.random.default_rng(9)
    totals = {agent: 0.0 for agent in env.possible_agents}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        totals[agent] += reward
        if termination or truncation:
            final = info
            env.step(None)
            continue
        assert reward == 0
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    winners = final["winners"]
    assert {a for a, r in totals.items() if r == 1} == set(winners)
    assert all(r == -1 for a, r in totals.items() if a not in winners)


def test_score_reward_is_own_total_minus_mean_of_others():
    env = seven_wonders_v0.parallel_env(num_players=3, reward="score")
    observations, _ = env.reset(seed=4)
    rng = np.random.default_rng(4)
    while env.agents:
        actions = {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in observations.items()}
        observations, rewards, terminations, truncations, infos = env.step(actions)
    totals = [infos[f"player_{i}"]["score"]["total"] for i in range(3)]
    assert rewards["player_0"] == pytest.approx(totals[0] - (totals[1] + totals[2]) / 2)


def test_parallel_env_requires_actions_from_acting_agents():
    env = seven_wonders_v0.raw_parallel_env(num_players=3)
    env.reset(seed=0)
    with pytest.raises(IllegalActionError, match="player_0 must act"):
        env.step({})


@pytest.mark.parametrize("actions", [None, [0, 0, 0], 5])
def test_parallel_env_step_needs_a_dict_of_actions(actions):
    env = seven_wonders_v0.parallel_env(num_players=3)
    env.reset(seed=0)
    with pytest.raises(TypeError, match=r"actions must be a dict \{agent: action\} for the live agents "
                                        r"\['player_0', 'player_1', 'player_2'\]"):
        env.step(actions)


@pytest.mark.parametrize("action", [True, False, np.bool_(True), 1.0, "3"])
def test_raw_env_rejects_non_integer_actions_like_duel(action):
    env = seven_wonders_v0.raw_env(num_players=3)
    env.reset(seed=0)
    with pytest.raises(IllegalActionError, match=r"action must be an integer in \[0, 376\), got "):
        env.step(action)


def test_parallel_env_rejects_bool_actions():
    env = seven_wonders_v0.parallel_env(num_players=3)
    env.reset(seed=0)
    with pytest.raises(IllegalActionError, match=r"action must be an integer in \[0, 376\), got True"):
        env.step({agent: True for agent in env.agents})


@pytest.mark.parametrize("make", [seven_wonders_v0.raw_env, seven_wonders_v0.parallel_env])
def test_using_an_env_before_reset_says_call_reset_first(make):
    env = make(num_players=3, render_mode="ansi")
    with pytest.raises(RuntimeError, match=r"call reset\(\) first: observe\(\)"):
        env.observe("player_0")
    with pytest.raises(RuntimeError, match=r"call reset\(\) first: render\(\)"):
        env.render()
    with pytest.raises(RuntimeError, match=r"call reset\(\) first: step\(\)"):
        env.step({} if make is seven_wonders_v0.parallel_env else 0)


def test_turn_reads_seven_while_babylon_plays_its_seventh_card():
    for seed in range(200):
        env = seven_wonders_v0.raw_env(num_players=3, wonders=["Babylon", "Rhodes", "Giza"], wonder_sides="B")
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        while env.state.phase not in (Phase.SEVENTH_CARD, Phase.GAME_OVER):
            mask = env.observe(env.agent_selection)["action_mask"]
            env.step(int(rng.choice(np.flatnonzero(mask))))
        if env.state.phase == Phase.SEVENTH_CARD:
            observation = env.observe(env.agent_selection)["observation"]
            assert observation[env.observer.views["turn"]][0] == 7
            return
    pytest.fail("no random game reached Babylon's 7th card")


def test_render_keeps_sold_and_stage_cards_hidden():
    from wonders_env.seven_wonders.presentation import entry_text
    entry = {"agent": "player_1", "seat": 1, "kind": "sell", "card": "Palace", "age": 3, "turn": 2}
    for viewer in (0, None):
        assert "Palace" not in entry_text(entry, viewer)
        assert "Palace" not in entry_text(dict(entry, kind="wonder"), viewer)
    assert entry_text(dict(entry, kind="build"), 0) == "Age 3.2: player_1 built Palace"
    assert entry_text(entry, 1) == "Age 3.2: you sold Palace for 3 coins"


def test_render_ansi_shows_the_table():
    env = seven_wonders_v0.env(num_players=3, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert "Age 1, turn 1" in text and "player_2" in text and "hand of player_0" in text
    play_out(env, seed=0)
    assert "points" in env.render()


def test_wonder_names_are_taken_in_any_case():
    env = seven_wonders_v0.raw_env(num_players=3, wonders=["rhodes", "GIZA", " Babylon"], wonder_sides="A")
    env.reset(seed=0)
    assert [p["wonder"] for p in env.game_record()["players"]] == ["Rhodes", "Giza", "Babylon"]
    with pytest.raises(ValueError, match="unknown wonder 'atlantis'; choose from Rhodes"):
        seven_wonders_v0.raw_env(num_players=3, wonders=["rhodes", "giza", "atlantis"])


@pytest.mark.parametrize("num_players", [2, 3])
def test_aec_render_shows_the_hand_of_the_agent_to_act_and_no_other(num_players):
    """It showed player_0's hand while player_1 was to act."""
    env = seven_wonders_v0.raw_env(num_players=num_players, render_mode="ansi")
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    shown = set()
    while not all(env.terminations.values()):
        assert re.findall(r"hand of (player_\d)", env.render()) == [env.agent_selection]
        shown.add(env.agent_selection)
        env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))
    assert shown == set(env.possible_agents)
    assert "hand of" not in env.render()


def test_parallel_render_shows_no_hand():
    """Every player decides at once: no one hand is the one to show."""
    env = seven_wonders_v0.parallel_env(num_players=3, render_mode="ansi")
    env.reset(seed=5)
    text = env.render()
    assert "Age 1, turn 1" in text and "hand of" not in text


def test_a_waiting_agent_sending_an_array_is_refused_by_the_raw_parallel_env():
    """Only ``wait`` is legal for it; an array raised numpy's "ambiguous truth value"."""
    env = seven_wonders_v0.raw_parallel_env(num_players=2)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    while env.state.phase != Phase.FREE_CITY:
        env.step({a: int(rng.choice(np.flatnonzero(env.observe(a)["action_mask"]))) for a in env.agents})
    waiting = next(a for a in env.agents if env.agent_seat[a] not in env._acting())
    wait = encode_action(ActionKind.WAIT, 0, env.db.num_types)
    actions = {a: int(np.flatnonzero(env.observe(a)["action_mask"])[0]) for a in env.agents}
    with pytest.raises(IllegalActionError, match=r"action must be an integer in \[0, 376\), got array"):
        env.step({**actions, waiting: np.array([wait, wait])})
    assert env.state.phase == Phase.FREE_CITY
    env.step(actions)
