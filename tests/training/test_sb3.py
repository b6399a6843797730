"""The single-seat Gymnasium wrapper: Gymnasium's checker, masks, hidden choices, MaskablePPO."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

MaskablePPO = pytest.importorskip("sb3_contrib", reason="the SB3 training needs stable-baselines3 and sb3-contrib "
                                  "(the train extra)").MaskablePPO

import wonders_env  # noqa: E402
from wonders_agents.match import play_game  # noqa: E402
from wonders_training import train_sb3  # noqa: E402
from wonders_agents.policy import CheckpointError  # noqa: E402
from wonders_training.sb3_wrapper import MaskablePPOAgent, SingleSeatEnv  # noqa: E402


@pytest.mark.parametrize("game, players", [("seven_wonders_duel", 2), ("seven_wonders", 3), ("seven_wonders", 2)])
def test_passes_gymnasium_check_env(game: str, players: int):
    check_env(SingleSeatEnv(game, players, opponents="heuristic"), skip_render_check=True)


@pytest.mark.parametrize("players", [2, 3])
def test_passes_gymnasium_check_env_choosing_payments(players: int):
    env = SingleSeatEnv("seven_wonders", players, opponents="heuristic", payment="choose")
    assert env.action_space.n == 391
    check_env(env, skip_render_check=True)


@pytest.mark.parametrize("game, players", [("seven_wonders_duel", 2), ("seven_wonders", 4)])
def test_a_game_with_random_masked_actions_ends_with_the_learners_reward(game: str, players: int):
    def first_legal(aec) -> int:
        return int(np.flatnonzero(aec.observe(aec.agent_selection)["action_mask"])[0])

    opponents = ["heuristic"] if players == 2 else ["random", "heuristic", first_legal]
    env = SingleSeatEnv(game, players, opponents=opponents)
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(0)
    done, steps = False, 0
    while not done:
        assert env.observation_space.contains(obs)
        mask = env.action_masks()
        assert mask.dtype == bool and mask.any()
        obs, reward, done, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    assert reward in (-1.0, 0.0, 1.0) and "winners" in info and info["is_success"] == (reward > 0)
    assert steps > 10


def test_the_learner_never_sees_the_pending_choices_of_the_others():
    # 7 Wonders: seat 3 acts last in each turn, after three opponents chose; with other opponents
    # (choosing other cards) on the same deal, its first observation must be the same
    for seed in range(3):
        seen = [SingleSeatEnv("seven_wonders", 4, opponents=opponents, learner_seat=3).reset(seed=seed)[0]
                for opponents in ("random", "heuristic", lambda env: int(np.flatnonzero(
                    env.observe(env.agent_selection)["action_mask"])[-1]))]
        np.testing.assert_array_equal(seen[0], seen[1])
        np.testing.assert_array_equal(seen[0], seen[2])


def test_illegal_actions_lose_or_raise():
    env = SingleSeatEnv("seven_wonders_duel", opponents="random")
    env.reset(seed=0)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, done, _, info = env.step(illegal)
    assert (reward, done, info) == (-1.0, True, {"illegal_action": True})
    strict = SingleSeatEnv("seven_wonders_duel", opponents="random", illegal_action="raise")
    strict.reset(seed=0)
    with pytest.raises(Exception, match=str(illegal)):
        strict.step(illegal)
    with pytest.raises(ValueError, match="need 3 opponents"):
        SingleSeatEnv("seven_wonders", 4, opponents=["random"])


def test_maskable_ppo_learns_a_few_hundred_steps_and_plays_legally():
    env = SingleSeatEnv("seven_wonders_duel", opponents="random")
    model = MaskablePPO("MlpPolicy", env, n_steps=128, batch_size=64, n_epochs=2, seed=0,
                        policy_kwargs={"net_arch": [32]})
    model.learn(300)
    assert model.num_timesteps >= 300
    aec = wonders_env.make("seven_wonders_duel", raw=True)
    play_game(aec, [MaskablePPOAgent(model), MaskablePPOAgent(model, deterministic=False)], seed=0)


def test_train_sb3_script(tmp_path: Path, capsys):
    model, results = train_sb3.main(["--run-dir", str(tmp_path), "--total-steps", "128", "--num-envs", "2",
                                     "--n-steps", "64", "--batch-size", "64", "--eval-games", "2",
                                     "--opponent", "random"])
    assert (tmp_path / "model.zip").is_file() and [r.games for r in results] == [2, 2]
    assert "| heuristic | 2 |" in capsys.readouterr().out
    MaskablePPO.load(tmp_path / "model.zip")


def test_train_sb3_checkpoints_and_resumes(tmp_path: Path, capsys):
    base = ["--run-dir", str(tmp_path), "--num-envs", "2", "--n-steps", "32", "--batch-size", "32",
            "--eval-games", "2", "--opponent", "random", "--checkpoint-every", "64"]
    model, _ = train_sb3.main(base + ["--total-steps", "64"])
    assert (tmp_path / "checkpoint.zip").is_file() and model.num_timesteps == 64
    with pytest.raises(SystemExit, match="checkpoint.zip exists: pass --resume"):
        train_sb3.main(base + ["--total-steps", "128"])
    model, _ = train_sb3.main(base + ["--total-steps", "128", "--resume"])
    assert model.num_timesteps == 128
    assert "resumed from" in capsys.readouterr().out
    assert MaskablePPO.load(tmp_path / "checkpoint.zip").num_timesteps == 128
    with pytest.raises(CheckpointError, match="cannot resume"):  # another game: other spaces
        train_sb3.main(base + ["--total-steps", "192", "--resume", "--game", "seven_wonders", "--num-players", "3"])
    (tmp_path / "checkpoint.zip").write_bytes(b"PK not really a zip")
    with pytest.raises(CheckpointError, match="cannot resume.*corrupt"):
        train_sb3.main(base + ["--total-steps", "192", "--resume"])
