"""The RLlib script: short runs of both games with 2 env runners on a local Ray instance
(checkpoint, interrupted checkpoint, resume, league promotion, export played through
``make_agent``), and a clear error for each bad input.

Needs the ``rllib`` extra (``pip install -e '.[rllib]'``; ``.ci/run`` installs it); without Ray
the module is skipped.
"""

from __future__ import annotations

import csv
import json
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

pytest.importorskip("ray.rllib", reason="Ray RLlib is not installed: pip install -e '.[rllib]' (the rllib extra)")
import ray  # noqa: E402

from wonders_agents import make_agent  # noqa: E402
import wonders_env
from wonders_agents.match import play_game  # noqa: E402
from wonders_training import device, train_rllib  # noqa: E402
from wonders_agents.policy import CheckpointError, load_policy  # noqa: E402

TINY = ["--env-runners", "2", "--envs-per-env-runner", "1", "--hidden", "16", "--train-batch", "300",
        "--minibatch", "100", "--epochs", "1", "--eval-every", "2", "--eval-games", "2", "--final-eval-games", "2"]
LEAGUE = ["--self-play-prob", "0.2", "--opponent-snapshot", "1", "--opponent-heuristic", "1", "--opponent-random", "1",
          "--promote-above-chance", "-1", "--promote-min-games", "1", "--pool-size", "2"]  # promote at every chance


def progress_rows(run_dir: Path) -> list[dict[str, str]]:
    with open(run_dir / "progress.csv", newline="") as handle:
        return list(csv.DictReader(handle))


def plays_legally(path: Path, game: str, num_players: int, **env_options: str) -> None:
    """The exported policy, through ``make_agent``, finishes games against both baselines
    (``play_game`` raises on an illegal move)."""
    env = wonders_env.make(game, num_players, raw=True, **env_options)
    for seed, baseline in enumerate(("random", "heuristic")):
        players = [make_agent("ppo", game=game, path=str(path))]
        players += [make_agent(baseline, game=game, seed=seed * 10 + s) for s in range(1, num_players)]
        result = play_game(env, players, seed)
        assert result.record["finished"]


@pytest.mark.slow
def test_short_runs_of_both_games_checkpoint_resume_and_export(tmp_path: Path, capsys):
    """One test, so that one local Ray instance of 2 CPUs serves both games (under pytest-xdist,
    two tests could start two at once on the 2 cores); ``main`` leaves a running Ray alone."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        duel_run(tmp_path / "duel", capsys)
        seven_wonders_run(tmp_path / "7w")
    finally:
        ray.shutdown()


def duel_run(tmp_path: Path, capsys) -> None:
    """Duel with a league that promotes at every chance: 2 iterations, a checkpoint cut off while
    being written, a resume to 4 iterations, the exported policy played through ``make_agent``."""
    run = ["--game", "seven_wonders_duel", "--run-dir", str(tmp_path), *TINY, *LEAGUE]
    final = train_rllib.main([*run, "--iterations", "2"])
    assert [(r.opponent, r.games) for r in final] == [("random", 2), ("heuristic", 2)]
    checkpoints = tmp_path / "checkpoints"
    assert (checkpoints / "latest").read_text() == "iter_000002"
    assert json.loads((checkpoints / "iter_000002" / "counters.json").read_text())["update"] == 2
    # A checkpoint interrupted while being written is never named by `latest`: resume skips it.
    (checkpoints / "iter_000003").mkdir()
    (checkpoints / "iter_000003" / "partial").write_text("cut off")
    final = train_rllib.main([*run, "--iterations", "4", "--resume"])
    out = capsys.readouterr().out
    assert "resumed from" in out and "iteration 4/4" in out and "| heuristic | 2 |" in out
    rows = progress_rows(tmp_path)
    assert [int(r["update"]) for r in rows] == [1, 2, 3, 4]
    assert all(int(r["global_step"]) > 0 and float(r["sampling_decisions_per_second"]) > 0 for r in rows)
    assert 2 <= max(int(r["league_size"]) for r in rows) <= 2  # promoted, capped by --pool-size 2
    assert sorted(p.name for p in checkpoints.iterdir()) == ["iter_000003", "iter_000004", "latest"]
    assert not (checkpoints / "iter_000003" / "partial").exists()  # rewritten by the resumed run
    with open(tmp_path / "eval.csv", newline="") as handle:
        assert {int(r["update"]) for r in csv.DictReader(handle)} == {0, 2, 4}
    assert any((tmp_path / "tb").iterdir())
    _, metadata = load_policy(tmp_path / "policy.pt", "seven_wonders_duel")
    assert metadata["trainer"] == "rllib" and metadata["updates"] == 4
    plays_legally(tmp_path / "policy.pt", "seven_wonders_duel", 2)


def seven_wonders_run(tmp_path: Path) -> None:
    """7 Wonders at 3 players: 1 iteration, a resume to 2, the policy played at 3 and 5 players."""
    run = ["--game", "seven_wonders", "--num-players", "3", "--run-dir", str(tmp_path), *TINY]
    train_rllib.main([*run, "--iterations", "1"])
    train_rllib.main([*run, "--iterations", "2", "--resume"])
    assert [int(r["update"]) for r in progress_rows(tmp_path)] == [1, 2]
    _, metadata = load_policy(tmp_path / "policy.pt", "seven_wonders")
    assert (metadata["num_players_trained"], metadata["payment"], metadata["updates"]) == (3, "cheapest", 2)
    for players in (3, 5):
        plays_legally(tmp_path / "policy.pt", "seven_wonders", players)


@pytest.mark.slow
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_or_sigterm_stops_the_driver_promptly_and_leaves_no_ray_process(tmp_path: Path, signum: int):
    """The driver, signalled during training, stops its env runners and its local Ray instance,
    says how to resume, and exits with 128 + the signal; none of the processes it started lives on."""
    psutil = pytest.importorskip("psutil", reason="psutil (a Ray dependency) lists the driver's processes")
    command = [sys.executable, "-m", "wonders_training.train_rllib", "--run-dir", str(tmp_path), "--iterations", "50",
               *TINY]
    driver = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              start_new_session=True, cwd=Path(__file__).resolve().parents[2])
    try:
        lines = []
        for line in driver.stdout:
            lines.append(line)
            if line.startswith("iteration 1/"):
                break
        assert lines and lines[-1].startswith("iteration 1/"), "".join(lines[-20:])
        started = psutil.Process(driver.pid).children(recursive=True)
        assert {"raylet", "gcs_server"} <= {p.name() for p in started}
        sent = time.monotonic()
        driver.send_signal(signum)
        out, _ = driver.communicate(timeout=120)
    finally:
        if driver.poll() is None:
            driver.kill()
    assert time.monotonic() - sent < 60
    assert driver.returncode == 128 + signum
    assert f"interrupted: {signal.Signals(signum).name} received" in out and "--resume" in out
    time.sleep(2)  # the processes of the Ray instance end with their parents
    alive = [p for p in started if p.is_running() and p.status() != psutil.STATUS_ZOMBIE]
    assert not alive, [(p.pid, p.name()) for p in alive]


class FakeLeagueAlgorithm:
    """What :func:`train_rllib.promote` uses of an Algorithm: its modules, added and removed."""

    def __init__(self, snapshots: int) -> None:
        self.modules = ["learner", *(f"snapshot_{i}" for i in range(snapshots))]
        self.mapping = None
        self.config = SimpleNamespace(env_config={"args": {"hidden": 16}, "num_players": 2},
                                      policies=self.modules)
        self.learner_group = SimpleNamespace(get_weights=lambda module_ids: {"learner": {}},
                                             set_weights=lambda weights: None)
        self.env_runner_group = SimpleNamespace(sync_weights=lambda **kwargs: None)

    def add_module(self, module_id, spec, new_agent_to_module_mapping_fn):
        self.modules.append(module_id)
        self.mapping = new_agent_to_module_mapping_fn

    def remove_module(self, module_id, new_agent_to_module_mapping_fn):
        self.modules.remove(module_id)
        self.mapping = new_agent_to_module_mapping_fn


@pytest.mark.parametrize("snapshots, pool_size", [(1, 10), (5, 10), (9, 10), (10, 10), (2, 2), (1, 1)])
def test_promotion_keeps_the_newest_pool_size_snapshots_and_maps_only_to_those(monkeypatch, snapshots, pool_size):
    monkeypatch.setattr(train_rllib, "module_spec", lambda env_config: None)
    algorithm = FakeLeagueAlgorithm(snapshots)
    new_id = train_rllib.promote(algorithm, pool_size)
    kept = [f"snapshot_{i}" for i in range(max(0, snapshots + 1 - pool_size), snapshots + 1)]
    assert new_id == f"snapshot_{snapshots}"
    assert algorithm.modules == ["learner", *kept]
    assert algorithm.mapping.snapshots == tuple(kept)


def test_the_league_env_plays_the_batch_with_the_runs_reward_and_payment():
    """--reward and --payment reach the batched games the env runners step."""
    args = train_rllib.Args(game="seven_wonders", num_players=3, payment="choose", reward="score")
    env = train_rllib.LeagueEnv({"args": vars(args), "num_players": 3, "games": 2})
    env.reset(seed=0)
    assert env.venv.reward == "score" and env.venv.engine.payment == "choose"


# ---------------------------------------------------------------- bad input (no Ray started)
def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.parametrize("argv, message", [
    (["--game", "chess"], "invalid choice: 'chess'"),
    (["--game", "seven_wonders", "--num-players", "9"],
     "num_players must be one of 2, 3, 4, 5, 6, 7 for seven_wonders, got 9"),
    (["--game", "seven_wonders", "--num-players", "2", "--edition", "2nd"], "from 3 to 7 in the 2nd edition, got 2"),
    (["--game", "seven_wonders_duel", "--num-players", "3"],
     "num_players must be one of 2 for seven_wonders_duel, got 3"),
    (["--payment", "choose"], "--payment choose is for 7 Wonders; seven_wonders_duel has no payment choice"),
    (["--iterations", "0"], "--iterations must be at least 1, got 0"),
    (["--env-runners", "-1"], "--env-runners must be at least 0"),
    (["--env-runners", "3"], "--env-runners 3 need 3 CPUs (one each), the local Ray instance has --num-cpus 2"),
    (["--train-batch", "100", "--minibatch", "200"], "--minibatch (200) must not exceed --train-batch (100)"),
    (["--self-play-prob", "1.5"], "--self-play-prob must be in [0, 1]"),
    (["--opponent-snapshot", "0", "--opponent-heuristic", "0", "--opponent-random", "0"], "positive sum"),
    (["--promote-above-chance", "2"], "--promote-above-chance must be in [-1, 1]"),
    (["--address", "nowhere"], "--address must be HOST:PORT, ray://HOST:PORT or auto, got 'nowhere'"),
    (["--address", f"127.0.0.1:{closed_port()}"], "no Ray cluster reachable at --address 127.0.0.1:"),
    (["--no-such-flag"], "unrecognized arguments: --no-such-flag"),
    (["--seed", "-1"], "argument --seed: must be from 0 to 4294967295, got -1"),
    (["--learning-rate", "nan"], "argument --learning-rate: must be a finite number, got nan"),
    (["--clip-coef", "inf"], "argument --clip-coef: must be a finite number, got inf"),
    (["--device", "cpu", "--learner-gpus", "1"], "--device cpu with --learner-gpus 1: leave out --learner-gpus"),
    (["--device", "cuda"], "--device cuda: no CUDA device is available here"),
])
def test_bad_input_is_refused_with_a_clear_message_and_nothing_written(tmp_path: Path, capsys, monkeypatch, argv,
                                                                        message):
    monkeypatch.setattr(device, "cuda_available", lambda: False)
    with pytest.raises(SystemExit) as exc:
        train_rllib.main(["--run-dir", str(tmp_path / "run"), *argv])
    assert message in str(exc.value) + capsys.readouterr().err
    assert not (tmp_path / "run").exists()


def test_the_learners_gpus_follow_the_device_unless_given(monkeypatch):
    monkeypatch.setattr(device, "cuda_available", lambda: True)
    assert train_rllib.learner_gpus(train_rllib.Args()) == 1.0
    assert train_rllib.learner_gpus(train_rllib.Args(device="cpu")) == 0.0
    assert train_rllib.learner_gpus(train_rllib.Args(learner_gpus=0.5)) == 0.5
    monkeypatch.setattr(device, "cuda_available", lambda: False)
    assert train_rllib.learner_gpus(train_rllib.Args()) == 0.0


def fake_checkpointed_run(run_dir: Path, **description) -> None:
    """A run directory as a run leaves it: ``run.json`` and a complete checkpoint named by ``latest``."""
    (run_dir / "checkpoints" / "iter_000001").mkdir(parents=True)
    (run_dir / "checkpoints" / "latest").write_text("iter_000001")
    (run_dir / "run.json").write_text(json.dumps(
        {"game": "seven_wonders_duel", "num_players": 2, "edition": "1st", "payment": "cheapest", "hidden": 16}
        | description))


def test_existing_checkpoints_need_resume(tmp_path: Path):
    fake_checkpointed_run(tmp_path)
    with pytest.raises(SystemExit, match="exists: pass --resume"):
        train_rllib.main(["--run-dir", str(tmp_path), "--hidden", "16"])


@pytest.mark.parametrize("argv, difference", [
    (["--hidden", "32"], "hidden is 16 in the checkpoint but 32 here"),
    (["--hidden", "16", "--game", "seven_wonders", "--num-players", "3"],
     "num_players is 2 in the checkpoint but 3 here"),
    (["--game", "seven_wonders", "--hidden", "16"],
     "game is 'seven_wonders_duel' in the checkpoint but 'seven_wonders' here"),
])
def test_resuming_a_checkpoint_of_another_game_or_network_size_is_refused(tmp_path: Path, argv, difference):
    fake_checkpointed_run(tmp_path)
    with pytest.raises(CheckpointError, match=difference):
        train_rllib.main(["--run-dir", str(tmp_path), "--resume", *argv])


def test_a_latest_pointer_to_a_missing_checkpoint_is_refused(tmp_path: Path):
    fake_checkpointed_run(tmp_path)
    (tmp_path / "checkpoints" / "latest").write_text("iter_000009")
    with pytest.raises(CheckpointError, match="names iter_000009, which is missing"):
        train_rllib.main(["--run-dir", str(tmp_path), "--resume", "--hidden", "16"])
