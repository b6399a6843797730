"""The batched API (wonders_env.vector) on the 7 Wonders core: shapes, contents, auto-reset, seeds, bad input."""

from __future__ import annotations

import numpy as np
import pytest

from wonders_env import vector
from wonders_env.seven_wonders.compiled import CompiledSevenWonders
from wonders_env.seven_wonders.env import parallel_env


def make(num_envs=8, seed=0, **options):
    venv = vector.make("seven_wonders", num_envs=num_envs, seed=seed, **options)
    return venv, venv.reset()


@pytest.mark.parametrize("num_players,edition,payment", [(2, "1st", "cheapest"), (4, "1st", "cheapest"),
                                                         (7, "2nd", "cheapest"), (2, "1st", "choose"),
                                                         (4, "2nd", "choose")])
def test_shapes_and_dtypes_are_the_envs(num_players, edition, payment):
    env = parallel_env(num_players=num_players, edition=edition, payment=payment)
    agent = env.possible_agents[0]
    size = env.observation_space(agent)["observation"].shape[0]
    actions = env.action_space(agent).n
    venv, (obs, mask, to_act) = make(3, num_players=num_players, edition=edition, payment=payment)
    assert obs.shape == (3, num_players, size) and obs.dtype == np.float32
    assert mask.shape == (3, num_players, actions) and mask.dtype == np.int8
    assert to_act.shape == (3, num_players) and to_act.dtype == np.bool_ and to_act.all()
    obs, mask, to_act, rewards, terminated = venv.step(venv.sample_actions())
    assert rewards.shape == (3, num_players) and rewards.dtype == np.float32
    assert terminated.shape == (3,) and terminated.dtype == np.bool_


@pytest.mark.parametrize("payment", ["cheapest", "choose"])
@pytest.mark.parametrize("num_players", [2, 3, 5])
def test_rows_match_the_engine_and_games_restart_with_records(num_players, payment):
    """Every acting row equals the engine's mask and observation of that game's state; rows of
    seats that do not act have empty masks; finished games give their records and rewards."""
    venv, (obs, mask, to_act) = make(4, seed=11, num_players=num_players, payment=payment)
    game = venv._batch.game
    finished = 0
    for _ in range(120):
        for i in range(venv.num_envs):
            state = venv._batch.state(i)
            acting = game.acting_players(state)
            assert list(np.flatnonzero(to_act[i])) == acting
            for p in range(num_players):
                if p in acting:
                    np.testing.assert_array_equal(mask[i, p], game.engine.legal_action_mask(state, p))
                    np.testing.assert_array_equal(obs[i, p], game.encode_observation(state, p))
                else:
                    assert not mask[i, p].any()
        before = [game.game_record(venv._batch.state(i)) for i in range(venv.num_envs)]
        obs, mask, to_act, rewards, terminated = venv.step(venv.sample_actions())
        records = venv.finished_records()
        assert len(records) == terminated.sum()
        for record, i in zip(records, np.flatnonzero(terminated)):
            assert record["finished"] and record["seed"] == before[i]["seed"]
            won = {int(w.split("_")[1]) for w in record["winners"]}
            assert list(rewards[i]) == [1.0 if p in won else -1.0 for p in range(num_players)]
            assert venv.seeds[i] != before[i]["seed"]
        assert not rewards[~terminated].any()
        finished += len(records)
    assert finished >= 4


def test_the_seed_of_a_record_deals_the_same_game_in_the_compiled_engine():
    venv, _ = make(2, seed=5, num_players=4)
    game = CompiledSevenWonders(4)
    assert game.new_game(int(venv.seeds[0])).hand(0) == venv._batch.state(0).hand(0)
    while not venv.terminated[0]:
        venv.step(venv.sample_actions())
    record = venv.finished_records()[0]
    replay = game.game_record(game.new_game(record["seed"]))
    assert [(p["wonder"], p["side"]) for p in replay["players"]] == \
        [(p["wonder"], p["side"]) for p in record["players"]]


def test_batches_are_reproducible_per_seed():
    runs = []
    for _ in range(2):
        venv, (obs, _, _) = make(3, seed=9, num_players=3)
        trace = [obs.copy()]
        rng = np.random.default_rng(0)
        for _ in range(30):
            actions = np.full((3, 3), -1)
            for i in range(3):
                for p in np.flatnonzero(venv.to_act[i]):
                    actions[i, p] = rng.choice(np.flatnonzero(venv.action_masks[i, p]))
            trace.append(venv.step(actions)[0].copy())
        runs.append(trace)
    for a, b in zip(*runs):
        np.testing.assert_array_equal(a, b)
    assert not np.array_equal(make(3, seed=10, num_players=3)[1][0], runs[0][0])


def test_an_illegal_action_names_the_game_and_changes_no_game():
    venv, _ = make(4, seed=2, num_players=3)
    actions = venv.sample_actions()
    actions[2, 1] = venv.num_actions - 1  # wait: not legal for an acting seat
    game = venv._batch.game
    states = [np.array([game.encode_observation(venv._batch.state(i), p) for p in range(3)]) for i in range(4)]
    with pytest.raises(ValueError, match=r"game 2, seat 1: illegal action 375 \(wait\)"):
        venv.step(actions)
    for i in range(4):
        after = np.array([game.encode_observation(venv._batch.state(i), p) for p in range(3)])
        np.testing.assert_array_equal(after, states[i])


def test_choose_payment_batches_pay_in_their_own_phase_and_record_it():
    """With payment="choose" every card decision is followed by a payment decision of the same
    seats; an illegal payment names the game, and finished games record the mode."""
    venv, (obs, mask, to_act) = make(3, seed=4, num_players=4, payment="choose")
    game = venv._batch.game
    pay_zero = 5 * game.db.num_types + 1
    assert not mask[:, :, pay_zero:].any()  # card decisions first
    actions = venv.sample_actions()
    obs, mask, to_act, _, _ = venv.step(actions)
    assert to_act.all() and mask[:, :, pay_zero:].any(axis=2).all() and not mask[:, :, :pay_zero].any()
    bad = venv.sample_actions()
    illegal = next(a for a in range(pay_zero, venv.num_actions) if not mask[1, 2, a])
    bad[1, 2] = illegal
    with pytest.raises(ValueError, match=rf"game 1, seat 2: illegal action {illegal} "
                                         rf"\(pay {illegal - pay_zero} to the left"):
        venv.step(bad)
    while not venv.terminated.any():
        venv.step(venv.sample_actions())
    assert all(record["payment"] == "choose" for record in venv.finished_records())


def test_bad_arguments_and_arrays_are_refused():
    with pytest.raises(ValueError, match="num_envs"):
        vector.make("seven_wonders", num_envs=0)
    with pytest.raises(TypeError, match="seed"):
        vector.make("seven_wonders", num_envs=1, seed="x")
    with pytest.raises(ValueError, match="num_players"):
        vector.make("seven_wonders", num_envs=1, num_players=8)
    with pytest.raises(ValueError, match="edition"):
        vector.make("seven_wonders", num_envs=1, edition="3rd")
    venv, _ = make(2, num_players=3)
    with pytest.raises(ValueError, match="shape"):
        venv.step(np.zeros((2, 4), np.int64))
    with pytest.raises(ValueError, match="integer"):
        venv.step(np.zeros((2, 3), np.float32))


def test_arrays_are_shared_with_torch():
    torch = pytest.importorskip("torch", reason="torch is an optional dependency")
    venv, (obs, _, _) = make(2, num_players=3)
    tensor = torch.from_numpy(obs)
    venv.step(venv.sample_actions())
    assert tensor.data_ptr() == venv.observations.ctypes.data
    np.testing.assert_array_equal(tensor.numpy(), venv.observations)
