"""The batched API (wonders_env.vector) on the Duel core: shapes, contents, auto-reset, seeds, bad input."""

from __future__ import annotations

import numpy as np
import pytest

from wonders_env import vector
from wonders_env.duel.actions import NUM_ACTIONS
from wonders_env.duel.compiled import CompiledDuel
from wonders_env.duel.observation import OBSERVATION_SIZE

CORE = CompiledDuel()


def make(num_envs=8, seed=0):
    venv = vector.make("seven_wonders_duel", num_envs=num_envs, seed=seed)
    return venv, venv.reset()


def test_reset_gives_the_documented_shapes_and_dtypes():
    venv, (obs, mask, to_act) = make(5)
    assert obs.shape == (5, 2, OBSERVATION_SIZE) and obs.dtype == np.float32
    assert mask.shape == (5, 2, NUM_ACTIONS) and mask.dtype == np.int8
    assert to_act.shape == (5, 2) and to_act.dtype == np.bool_
    assert to_act[:, 0].all() and not to_act[:, 1].any()  # player_0 opens the wonder draft
    assert mask[:, 1].sum() == 0 and (mask[:, 0].sum(axis=1) == 4).all()
    actions = venv.sample_actions()
    obs, mask, to_act, rewards, terminated = venv.step(actions)
    assert rewards.shape == (5, 2) and rewards.dtype == np.float32
    assert terminated.shape == (5,) and terminated.dtype == np.bool_


def test_every_row_matches_the_engine_through_several_episodes():
    """The incrementally written rows equal a full encoding of each game's state, at every step."""
    venv, (obs, mask, to_act) = make(6, seed=3)
    episodes = 0
    for _ in range(400):
        for i in range(venv.num_envs):
            state = venv._batch.state(i)
            (seat,) = CORE.acting_players(state)
            assert to_act[i].tolist() == [seat == 0, seat == 1]
            assert np.array_equal(obs[i, seat], CORE.encode_observation(state, seat))
            for player in (0, 1):
                assert np.array_equal(mask[i, player].astype(bool), CORE.legal_action_mask(state, player))
        obs, mask, to_act, rewards, terminated = venv.step(venv.sample_actions())
        episodes += int(terminated.sum())
    assert episodes >= 6


def test_finished_games_restart_with_their_record_reward_and_a_new_seed():
    venv, _ = make(16, seed=1)
    played = [[] for _ in range(16)]
    seeds = venv.seeds.copy()
    finished = 0
    while finished < 40:
        actions = venv.sample_actions()
        for i in range(16):
            played[i].append(int(actions[i][venv.to_act[i]][0]))
        obs, mask, to_act, rewards, terminated = venv.step(actions)
        records = venv.finished_records()
        assert len(records) == terminated.sum()
        for i, record in zip(np.flatnonzero(terminated), records):
            assert record["finished"] and record["seed"] == seeds[i]
            expected = {(): [0, 0], ("player_0",): [1, -1], ("player_1",): [-1, 1],
                        ("player_0", "player_1"): [0, 0]}[tuple(record["winners"])]
            assert rewards[i].tolist() == expected
            replay = CORE.new_game(int(seeds[i]))  # the seed deals the same game again
            for action in played[i]:
                CORE.apply_actions(replay, {CORE.acting_players(replay)[0]: action})
            assert CORE.game_record(replay) == record
            assert venv.seeds[i] != seeds[i] and to_act[i, 0] and obs[i, 0, 0] == 1.0  # a new draft
            played[i] = []
        assert not rewards[~terminated].any()
        seeds = venv.seeds.copy()
        finished += int(terminated.sum())


def test_same_seed_same_games_other_seed_other_games():
    runs = []
    for seed in (7, 7, 8):
        venv, _ = make(4, seed=seed)
        rng = np.random.default_rng(0)
        history = []
        for _ in range(150):
            actions = np.zeros((4, 2), np.int64)
            for i in range(4):
                seat = int(np.flatnonzero(venv.to_act[i])[0])
                legal = np.flatnonzero(venv.action_masks[i, seat])
                actions[i, seat] = legal[rng.integers(len(legal))]
            venv.step(actions)
            history.append(venv.observations.copy())
        runs.append((np.array(history), venv.seeds.copy()))
    assert np.array_equal(runs[0][0], runs[1][0]) and np.array_equal(runs[0][1], runs[1][1])
    assert not np.array_equal(runs[0][1], runs[2][1])


def test_arrays_are_shared_with_torch_without_copies():
    torch = pytest.importorskip("torch", reason="torch is an optional dependency (the train extra)")
    venv, (obs, mask, to_act) = make(3)
    tensor = torch.from_numpy(obs)
    venv.step(venv.sample_actions())
    assert tensor.data_ptr() == venv.observations.ctypes.data
    assert torch.equal(tensor, torch.from_numpy(venv.observations.copy()))


def snapshot(venv):
    states = [CORE.to_python(venv._batch.state(i)) for i in range(venv.num_envs)]
    return ([venv.observations.copy(), venv.action_masks.copy(), venv.to_act.copy(), venv.seeds.copy()],
            [(s.log, s.coins, s.slot_card) for s in states])


def test_an_illegal_action_names_the_game_and_why_and_changes_no_game():
    venv, _ = make(6)
    for _ in range(20):
        venv.step(venv.sample_actions())
    before = snapshot(venv)
    actions = venv.sample_actions()
    seat = int(np.flatnonzero(venv.to_act[3])[0])
    illegal = int(np.flatnonzero(venv.action_masks[3, seat] == 0)[0])
    actions[3, seat] = illegal
    with pytest.raises(ValueError, match=rf"illegal action {illegal} in game 3 for player_{seat}: .+"):
        venv.step(actions)
    after = snapshot(venv)
    assert all(np.array_equal(a, b) for a, b in zip(before[0], after[0])) and before[1] == after[1]
    actions[3, seat] = 5000
    with pytest.raises(ValueError, match=r"game 3 .*not an action number"):
        venv.step(actions)
    venv.step(venv.sample_actions())  # and the batch plays on


def test_entries_of_seats_that_do_not_act_are_ignored():
    venv, _ = make(4)
    actions = venv.sample_actions()
    actions[~venv.to_act] = -12345
    venv.step(actions)


@pytest.mark.parametrize("actions, error", [
    (np.zeros((4, 3), np.int64), r"shape \(4, 2\)"),
    (np.zeros((4,), np.int64), r"shape \(4, 2\)"),
    (np.zeros((4, 2), np.float64), "integer array"),
    (np.zeros((4, 2), np.bool_), "integer array"),
    ([["a", "b"]] * 4, "integer array"),
])
def test_bad_action_arrays_raise_clear_errors(actions, error):
    venv, _ = make(4)
    with pytest.raises(ValueError, match=error):
        venv.step(actions)


@pytest.mark.parametrize("kwargs, exception, error", [
    ({"num_envs": 0}, ValueError, "num_envs must be an integer in 1-65536"),
    ({"num_envs": 70_000}, ValueError, "num_envs"),
    ({"num_envs": "8"}, ValueError, "num_envs"),
    ({"num_envs": True}, ValueError, "num_envs"),
    ({"seed": "0"}, TypeError, "seed must be an integer"),
    ({"seed": -1}, TypeError, "seed must be an integer"),
    ({"seed": 1.5}, TypeError, "seed must be an integer"),
    ({"seed": 1 << 64}, TypeError, "seed must be an integer"),
    ({"num_players": 3}, ValueError, "num_players must be one of 2 for seven_wonders_duel, got 3"),
    ({"reward_scale": 3}, ValueError, "takes no options"),
])
def test_bad_arguments_raise_clear_errors(kwargs, exception, error):
    with pytest.raises(exception, match=error):
        vector.make("seven_wonders_duel", **kwargs)


def test_unknown_game_and_step_before_reset():
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        vector.make("chess")
    venv = vector.make("seven_wonders_duel", num_envs=2)
    with pytest.raises(RuntimeError, match="reset"):
        venv.step(np.zeros((2, 2), np.int64))


def test_the_core_batch_checks_the_arrays_it_writes():
    from wonders_env.duel.compiled import make_batch
    batch = make_batch(2, 0)
    obs = np.zeros((2, 2, OBSERVATION_SIZE), np.float32)
    mask = np.zeros((2, 2, NUM_ACTIONS), np.int8)
    with pytest.raises(TypeError, match="to_act must have dtype bool"):
        batch.reset(obs, mask, np.zeros((2, 2), np.int8))
    with pytest.raises(ValueError, match="obs must have shape"):
        batch.reset(obs[:1], mask, np.zeros((2, 2), bool))
    with pytest.raises(ValueError, match="C-contiguous"):
        batch.reset(np.zeros((2, 2, 2 * OBSERVATION_SIZE), np.float32)[:, :, ::2], mask, np.zeros((2, 2), bool))
    frozen = obs.copy()
    frozen.flags.writeable = False
    with pytest.raises(ValueError, match="writable"):
        batch.reset(frozen, mask, np.zeros((2, 2), bool))


@pytest.mark.parametrize("game, options", [("seven_wonders_duel", {}), ("seven_wonders", {"num_players": 3})])
def test_read_only_actions_are_accepted(game, options):
    """The actions are only read: a read-only array (a view of a frozen buffer, a torch tensor's
    numpy view marked so) steps like a writable one."""
    venv = vector.make(game, num_envs=4, seed=1, **options)
    venv.reset()
    actions = venv.sample_actions()
    actions.flags.writeable = False
    venv.step(actions)
    assert venv.to_act.any(axis=1).all()
