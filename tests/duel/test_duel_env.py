"""The Duel PettingZoo environment: API conformance, observations, rewards, errors, records."""

import json

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from wonders_env import seven_wonders_duel_v0
from wonders_agents.random_agent import random_game
from wonders_env.duel.actions import KIND_INDEX, NUM_ACTIONS, ActionKind, decode_action, encode_action
from wonders_env.duel.cards import CARDS, GUILD_DECK, WONDERS
from wonders_env.duel.observation import (OBSERVATION_SIZE, SLOT_BACK, SLOT_EMPTY,
                                          encode_observation, observation_views)
from wonders_env.duel.render import render_table
from wonders_env.duel.rules import IllegalActionError, legal_actions, resolve_action
from wonders_env.duel.determinize import determinize
from wonders_env.duel.state import EMPTY, Phase, new_game


def test_pettingzoo_api():
    api_test(seven_wonders_duel_v0.env(), num_cycles=1000)


def test_pettingzoo_seed():
    seed_test(seven_wonders_duel_v0.env, num_cycles=500)


def test_metadata_like_classic_games():
    env = seven_wonders_duel_v0.raw_env()
    assert env.metadata["name"] == "seven_wonders_duel_v0"
    assert set(env.metadata["render_modes"]) == {"ansi", "human"}
    assert env.possible_agents == ["player_0", "player_1"]


@pytest.mark.parametrize("kwargs, message", [
    ({"reward": "points"}, "reward must be one of"),
    ({"render_mode": "rgb_array"}, "render_mode must be None or one of"),
])
def test_bad_arguments_say_what_is_allowed(kwargs, message):
    with pytest.raises(ValueError, match=message):
        seven_wonders_duel_v0.raw_env(**kwargs)


def test_raw_env_rejects_illegal_action_with_reason():
    env = seven_wonders_duel_v0.raw_env()
    env.reset(seed=0)
    with pytest.raises(IllegalActionError, match=r"illegal action .*Legal now: "):
        env.step(encode_action(ActionKind.BUILD, 0))  # no structure during the draft
    with pytest.raises(IllegalActionError, match="not an action number"):
        env.step(NUM_ACTIONS + 5)


def test_wrapped_env_ends_game_on_illegal_move(caplog):
    env = seven_wonders_duel_v0.env()
    env.reset(seed=0)
    agent = env.agent_selection
    env.step(encode_action(ActionKind.BUILD, 0))
    assert "Illegal move made" in caplog.text
    assert env.rewards[agent] == -1 and all(env.terminations.values())


def test_action_encoding_round_trip():
    for kind, index, wonder in [(ActionKind.DRAFT, 11, 0), (ActionKind.BUILD, 72, 0),
                                (ActionKind.WONDER, 5, 9), (ActionKind.STARTER, 1, 0),
                                (ActionKind.LIBRARY, 9, 0), (ActionKind.MAUSOLEUM, 3, 0)]:
        assert decode_action(encode_action(kind, index, wonder)) == (kind, index, wonder)
    assert len({encode_action(ActionKind.WONDER, c, w) for c in range(73) for w in range(12)}) == 73 * 12


def play_until_age_one(seed):
    state = new_game(seed)
    rng = np.random.default_rng(seed)
    while state.phase == Phase.DRAFT or state.age < 1:
        legal = legal_actions(state)
        resolve_action(state, legal[rng.integers(len(legal))])
    for _ in range(5):
        legal = legal_actions(state)
        resolve_action(state, legal[rng.integers(len(legal))])
    return state


@pytest.mark.parametrize("seed", range(5))
def test_observation_hides_face_down_removed_and_unused(seed):
    state = play_until_age_one(seed)
    twin = determinize(state, state.current, np.random.default_rng(seed + 100))
    changed = False
    for player in (0, 1):
        np.testing.assert_array_equal(encode_observation(state, player), encode_observation(twin, player))
    face_down = [s for s in range(20) if state.slot_card[s] != EMPTY and not state.face_up[s]]
    changed |= any(state.slot_card[s] != twin.slot_card[s] for s in face_down)
    changed |= state.deals[1:] != twin.deals[1:] or state.token_order != twin.token_order
    assert changed
    # and the test can fail: a face-up card change shows
    visible = next(s for s in range(20) if state.slot_card[s] != EMPTY and state.face_up[s])
    twin.slot_card[visible] = next(c for c in range(73) if c not in state.slot_card)
    assert not np.array_equal(encode_observation(state, 0), encode_observation(twin, 0))


def test_game_record_is_json_and_follows_the_contract():
    record = random_game(seven_wonders_duel_v0.env(), seed=5)
    assert json.loads(json.dumps(record)) == record
    assert record["game"] == "seven_wonders_duel" and record["env"] == "seven_wonders_duel_v0"
    assert record["seed"] == 5 and record["finished"] is True
    assert record["victory"] in ("civilian", "military", "science")
    assert set(record["winners"]) <= {"player_0", "player_1"} and record["winners"]
    assert isinstance(record["conflict_pawn"], int)
    player = record["players"][0]
    assert {"agent", "coins", "buildings", "wonders_built", "wonders_unbuilt", "progress_tokens",
            "score"} <= set(player)
    assert set(player["score"]) == {"civilian", "science", "commercial", "guilds", "wonders",
                                    "progress", "treasury", "military", "total"}
    assert {"agent", "kind", "card", "paid"} <= set(record["actions"][0])


def test_rewards_and_victory_in_info():
    env = seven_wonders_duel_v0.env()
    for seed in range(20):
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        totals = {"player_0": 0.0, "player_1": 0.0}
        for agent in env.agent_iter():
            observation, reward, termination, truncation, info = env.last()
            totals[agent] += reward
            if termination or truncation:
                final = info
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        assert final["victory"] in ("civilian", "military", "science")
        if len(final["winners"]) == 2:
            assert totals == {"player_0": 0.0, "player_1": 0.0}
        else:
            winner = final["winners"][0]
            assert totals[winner] == 1.0 and sum(totals.values()) == 0.0


def test_score_reward_mode_gives_the_margin():
    env = seven_wonders_duel_v0.env(reward="score")
    checked = 0
    for seed in range(10):
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        final = {}
        for agent in env.agent_iter():
            observation, reward, termination, truncation, info = env.last()
            if termination or truncation:
                final[agent] = (reward, info)
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        (reward_0, info_0), (reward_1, info_1) = final["player_0"], final["player_1"]
        if info_0["victory"] == "civilian" and len(info_0["winners"]) == 1:
            margin = abs(info_0["score"]["total"] - info_1["score"]["total"])
            assert max(reward_0, reward_1) == max(margin, 1) and reward_0 == -reward_1
            checked += 1
    assert checked > 0


def test_render_ansi_shows_structure_and_cities():
    env = seven_wonders_duel_v0.env(render_mode="ansi")
    env.reset(seed=0)
    assert isinstance(env.render(), str)
    random_game(env, seed=0)
    text = env.render()
    assert "player_0" in text and "player_1" in text


def test_every_action_number_decodes_and_encodes_back():
    for number in range(NUM_ACTIONS):
        assert encode_action(*decode_action(number)) == number
    with pytest.raises(ValueError, match="action must be an integer in 0-1201"):
        decode_action(NUM_ACTIONS)


def structure_game(seed=0, age=3):
    """A game in the middle of an Age, with face-down cards left."""
    state = new_game(seed)
    rng = np.random.default_rng(seed)
    while state.age < age or state.phase != Phase.PLAY:
        legal = legal_actions(state)
        resolve_action(state, legal[rng.integers(len(legal))])
    return state


def test_changing_only_hidden_information_leaves_observations_unchanged():
    state = structure_game()
    twin = state.clone()
    face_down = [s for s in range(20) if twin.slot_card[s] != EMPTY and not twin.face_up[s]]
    same_back = [s for s in face_down if CARDS[twin.slot_card[s]].deck == CARDS[twin.slot_card[face_down[0]]].deck]
    assert len(same_back) >= 2
    a, b = same_back[:2]
    twin.slot_card[a], twin.slot_card[b] = twin.slot_card[b], twin.slot_card[a]  # swap two hidden cards
    boxed = next(i for i, c in enumerate(twin.boxed[2]) if CARDS[c].deck == CARDS[twin.slot_card[a]].deck)
    twin.boxed[2][boxed], twin.slot_card[a] = twin.slot_card[a], twin.boxed[2][boxed]  # with a boxed one
    twin.token_order[5:] = twin.token_order[5:][::-1]  # the set-aside progress tokens
    twin.wonder_order[8:] = twin.wonder_order[8:][::-1]  # the unused wonders
    for player in (0, 1):
        np.testing.assert_array_equal(encode_observation(state, player), encode_observation(twin, player))


def test_a_face_down_guild_shows_its_guild_back():
    for seed in range(20):
        state = structure_game(seed)
        hidden = [s for s in range(20) if state.slot_card[s] != EMPTY and not state.face_up[s]]
        guild = [s for s in hidden if CARDS[state.slot_card[s]].deck == GUILD_DECK]
        age_three = [s for s in hidden if CARDS[state.slot_card[s]].deck != GUILD_DECK]
        if guild and age_three:
            twin = state.clone()
            g, c = guild[0], age_three[0]
            twin.slot_card[g], twin.slot_card[c] = twin.slot_card[c], twin.slot_card[g]
            views = observation_views(encode_observation(state, 0))["structure"]
            assert views[g, SLOT_BACK + GUILD_DECK] == 1 and views[c, SLOT_BACK + 2] == 1
            assert not np.array_equal(encode_observation(state, 0), encode_observation(twin, 0))
            return
    pytest.fail("no face-down guild met in 20 games")


def test_observation_is_ego_centric():
    state = structure_game(age=2)
    state.coins = [3, 11]
    state.pawn = 2
    views = [observation_views(encode_observation(state, p)) for p in (0, 1)]
    np.testing.assert_array_equal(views[0]["my_city"], views[1]["opponent_city"])
    np.testing.assert_array_equal(views[0]["my_city"], state.owned[0])
    assert views[0]["coins"].tolist() == [3, 11] and views[1]["coins"].tolist() == [11, 3]
    assert views[0]["pawn"].argmax() == 9 + 2 and views[1]["pawn"].argmax() == 9 - 2
    assert views[0]["my_decision"][0] == (state.current == 0) and views[1]["my_decision"][0] == (state.current == 1)
    np.testing.assert_array_equal(views[0]["structure"], views[1]["structure"])


def test_observation_layout_sizes_and_bounds():
    env = seven_wonders_duel_v0.raw_env()
    env.reset(seed=1)
    observation = env.observe(env.agent_selection)
    assert env.observation_space("player_0").contains(observation)
    assert observation["observation"].shape == (OBSERVATION_SIZE,) and observation["observation"].dtype == np.float32
    views = observation_views(observation["observation"])
    assert views["structure"].shape == (20, 79) and views["phase"][Phase.DRAFT] == 1
    assert views["draft_table"].sum() == 4 and views["board_tokens"].sum() == 5
    assert views["looting"].tolist() == [1, 1, 1, 1]
    assert views["structure"][:, SLOT_EMPTY].all()  # no structure during the draft


def test_only_the_deciding_agent_has_legal_actions():
    env = seven_wonders_duel_v0.raw_env()
    env.reset(seed=2)
    deciding = env.agent_selection
    other = "player_1" if deciding == "player_0" else "player_0"
    assert env.observe(deciding)["action_mask"].sum() == 4  # the four wonders of the draft table
    assert env.observe(other)["action_mask"].sum() == 0
    assert env.observe(deciding)["action_mask"].dtype == np.int8


def test_reset_without_seed_draws_new_games_and_with_seed_repeats():
    env = seven_wonders_duel_v0.raw_env()
    env.reset(seed=4)
    first = env.unwrapped.state.deals
    env.reset()
    assert env.unwrapped.state.deals != first
    env.reset(seed=4)
    assert env.unwrapped.state.deals == first


def test_game_record_at_any_point():
    env = seven_wonders_duel_v0.raw_env()
    env.reset(seed=6)
    record = env.game_record()
    assert record["finished"] is False and record["victory"] is None and record["winners"] == []
    assert record["actions"] == [] and record["players"][0]["coins"] == 7
    first = env.observe(env.agent_selection)["action_mask"].argmax()
    env.step(int(first))
    entry = env.game_record()["actions"][0]
    assert entry == {"agent": "player_0", "kind": "draft", "card": None, "paid": 0,
                     "wonder": WONDERS[int(first)].name}


def test_game_record_payments_and_kinds_of_a_full_game():
    record = random_game(seven_wonders_duel_v0.env(), seed=11)
    kinds = {entry["kind"] for entry in record["actions"]}
    assert {"draft", "build", "sell", "wonder"} <= kinds
    assert all(entry["paid"] >= 0 for entry in record["actions"])
    built = [entry for entry in record["actions"] if entry["kind"] == "wonder"]
    assert all(entry["wonder"] and entry["card"] for entry in built)
    names = {card.name for card in CARDS}
    assert all(entry["card"] in names for entry in record["actions"] if entry["card"] is not None)


def test_using_the_env_before_reset_says_call_reset_first():
    env = seven_wonders_duel_v0.raw_env(render_mode="ansi")
    for method, call in (("observe", lambda: env.observe("player_0")), ("render", env.render),
                         ("step", lambda: env.step(0)), ("game_record", env.game_record)):
        with pytest.raises(RuntimeError, match=rf"call reset\(\) first: {method}\(\)"):
            call()


def test_record_of_a_numpy_integer_seed_is_json():
    env = seven_wonders_duel_v0.raw_env()
    env.reset(seed=np.int64(3))
    record = env.game_record()
    assert record["seed"] == 3 and type(record["seed"]) is int
    assert json.loads(json.dumps(record)) == record


def test_render_human_prints(capsys):
    env = seven_wonders_duel_v0.env(render_mode="human")
    env.reset(seed=0)
    env.render()
    assert "Wonder draft" in capsys.readouterr().out


def test_render_shows_card_backs_not_hidden_cards():
    state = structure_game(seed=3, age=1)
    text = render_table(state)
    hidden = [CARDS[state.slot_card[s]].name for s in range(20)
              if state.slot_card[s] != EMPTY and not state.face_up[s]]
    assert "Age I" in text
    shown = [CARDS[state.slot_card[s]].name for s in range(20) if state.slot_card[s] != EMPTY and state.face_up[s]]
    assert all(name[:13] in text for name in shown)
    assert not any(name[:13] in text for name in hidden if name not in " ".join(shown))


def test_stepping_a_finished_agent_with_none_is_allowed():
    env = seven_wonders_duel_v0.raw_env()
    random_game(env, seed=1)
    assert env.agents == []


def test_every_action_kind_says_what_its_index_names():
    assert set(KIND_INDEX) == set(ActionKind)
    base_kinds = ActionKind.STARTER + 1  # the Pantheon table's two more kinds name a space and a choice's item
    assert {KIND_INDEX[kind] for kind in list(ActionKind)[:base_kinds]} == {"card", "wonder", "token", "starter"}
    assert (KIND_INDEX[ActionKind.ACTIVATE], KIND_INDEX[ActionKind.CHOOSE]) == ("space", "item")
