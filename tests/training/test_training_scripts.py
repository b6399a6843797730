"""What a user of the training scripts meets: bad values refused up front, progress shown in a
log, Ctrl-C that writes a checkpoint and says how to resume, ``--resume`` that never starts a new
run by mistake, small checkpoints, one-line errors."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

torch = pytest.importorskip("torch", reason="the training scripts need torch (the train extra)")

from wonders_training import az_selfplay, ppo_selfplay, train_sb3  # noqa: E402
from wonders_training.cli_args import run_script  # noqa: E402
from wonders_training.interrupt import resume_command  # noqa: E402
from wonders_agents.policy import CheckpointError  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
TINY = ["--num-envs", "2", "--num-steps", "4", "--hidden", "16", "--eval-every", "0", "--final-eval-games", "2",
        "--snapshot-every", "1", "--no-progress-bar"]
SB3_TINY = ["--num-envs", "2", "--n-steps", "32", "--batch-size", "32", "--eval-games", "2", "--opponent", "random"]


@pytest.mark.parametrize("script", [ppo_selfplay, train_sb3], ids=["ppo_selfplay", "train_sb3"])
@pytest.mark.parametrize("flags, message", [
    (["--num-envs", "0"], "argument --num-envs: must be at least 1, got 0"),
    (["--total-steps", "-5"], "argument --total-steps: must be at least 1, got -5"),
    (["--num-players", "9"], "argument --num-players: must be from 2 to 7, got 9"),
    (["--num-players", "3"], "num_players must be one of 2 for seven_wonders_duel, got 3"),
    (["--total-step", "5"], "unrecognized arguments: --total-step"),
])
def test_bad_values_are_refused_before_anything_starts(script, flags, message, tmp_path, capsys):
    with pytest.raises(SystemExit) as stop:
        script.main(["--run-dir", str(tmp_path / "run"), *flags])
    assert stop.value.code == 2 and message in capsys.readouterr().err
    assert not (tmp_path / "run").exists()


@pytest.mark.parametrize("flags, message", [
    (["--self-play-prob", "1.5"], "argument --self-play-prob: must be from 0 to 1, got 1.5"),
    (["--edition", "2nd"], "edition must be one of 1st for seven_wonders_duel"),
    (["--opponent-snapshot", "0", "--opponent-heuristic", "0", "--opponent-random", "0"],
     "are all 0: give one a positive weight, or --self-play-prob 1"),
    (["--game", "seven_wonders", "--edition", "2nd", "--num-players", "2"], "num_players must be an integer from 3"),
])
def test_ppo_selfplay_refuses_bad_combinations(flags, message, tmp_path, capsys):
    with pytest.raises(SystemExit) as stop:
        ppo_selfplay.main(["--run-dir", str(tmp_path), *flags])
    assert stop.value.code == 2 and message in capsys.readouterr().err


def test_pure_self_play_needs_no_opponent_weight(tmp_path):
    ppo_selfplay.main(["--run-dir", str(tmp_path), *TINY, "--total-steps", "10", "--self-play-prob", "1",
                       "--opponent-snapshot", "0", "--opponent-heuristic", "0", "--opponent-random", "0"])


@pytest.mark.parametrize("script, name", [(ppo_selfplay, "checkpoint.pt"), (train_sb3, "checkpoint.zip"),
                                          (az_selfplay, "checkpoint.pt")],
                         ids=["ppo_selfplay", "train_sb3", "az_selfplay"])
def test_resume_without_a_checkpoint_is_refused(script, name, tmp_path):
    with pytest.raises(SystemExit,
                       match=rf"--resume: there is no checkpoint at .*typo/{name} \(is --run-dir right\?\)"):
        script.main(["--run-dir", str(tmp_path / "typo"), "--resume"])
    assert not (tmp_path / "typo").exists()


def test_the_default_run_directory_is_named_after_the_game(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    ppo_selfplay.main([*TINY, "--game", "seven_wonders", "--num-players", "3", "--total-steps", "10"])
    assert (tmp_path / "runs" / "seven_wonders_selfplay" / "policy.pt").is_file()


def test_checkpoints_name_the_pool_snapshots_instead_of_holding_them(tmp_path):
    ppo_selfplay.main(["--run-dir", str(tmp_path), *TINY, "--hidden", "64", "--total-steps", "120",
                       "--pool-size", "3", "--checkpoint-every", "2"])
    checkpoint = torch.load(tmp_path / "checkpoint.pt", weights_only=True)
    pool_files = sorted(p.name for p in (tmp_path / "pool").iterdir())
    assert [entry["file"] for entry in checkpoint["pool"]] == [f"pool/{name}" for name in pool_files]
    assert len(pool_files) == 3  # the snapshots that left the pool are deleted
    policy_size = (tmp_path / "policy.pt").stat().st_size
    assert (tmp_path / "checkpoint.pt").stat().st_size < 4 * policy_size  # weights, Adam's two moments, RNGs


def test_progress_is_one_line_per_tenth_of_the_run_in_a_log(tmp_path, capsys):
    ppo_selfplay.main(["--run-dir", str(tmp_path), *TINY[:-1], "--total-steps", "700"])
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("step ")]
    assert 4 <= len(lines) <= 10 and " of 700 (" in lines[0] and "update " in lines[0]


def test_train_sb3_shows_progress_by_default_and_its_progress_bar_works(tmp_path, capsys):
    train_sb3.main(["--run-dir", str(tmp_path / "a"), *SB3_TINY, "--total-steps", "256"])
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("step ")]
    assert len(lines) >= 5 and " of 256 (" in lines[0] and "win_rate" in lines[-1]
    train_sb3.main(["--run-dir", str(tmp_path / "b"), *SB3_TINY, "--total-steps", "64", "--progress-bar"])
    assert "64/64" in capsys.readouterr().err


def test_a_bad_checkpoint_ends_the_script_with_one_line(tmp_path):
    (tmp_path / "checkpoint.pt").write_bytes(b"garbage")

    def main():
        ppo_selfplay.main(["--run-dir", str(tmp_path), "--resume"])

    with pytest.raises(SystemExit, match=r"^error: .*checkpoint\.pt: not a readable checkpoint or policy file"):
        run_script(main)


def test_a_pickled_object_is_refused_without_torchs_advice_to_unpickle_it(tmp_path):
    torch.save({"kind": "checkpoint", "thing": CheckpointError("x")}, tmp_path / "checkpoint.pt")
    with pytest.raises(CheckpointError) as error:
        ppo_selfplay.main(["--run-dir", str(tmp_path), "--resume"])
    assert "never loaded" in str(error.value) and "weights_only" not in str(error.value)


def test_resume_command_adds_resume_once_and_names_this_interpreter(monkeypatch):
    assert resume_command("wonders_training.ppo_selfplay", ["--run-dir", "runs/x y", "--resume"], python="python") == \
        "python -m wonders_training.ppo_selfplay --run-dir 'runs/x y' --resume"
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(sys, "executable", str(ROOT / ".venv" / "bin" / "python"))
    assert resume_command("wonders_training.train_sb3", []) == ".venv/bin/python -m wonders_training.train_sb3 --resume"


# ---------------------------------------------------------------- Ctrl-C
def interrupt_after(command: list[str], ready, timeout: float = 240) -> subprocess.CompletedProcess:
    """Run ``command``, send it SIGINT once ``ready()`` is true, and wait for it to end."""
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + timeout
    while not ready() and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=timeout)
    return subprocess.CompletedProcess(command, process.returncode, out, err)


def test_ctrl_c_writes_a_checkpoint_and_the_resumed_run_ends_like_an_uninterrupted_one(tmp_path):
    flags = [*TINY, "--no-anneal-lr", "--checkpoint-every", "1000", "--total-steps", "700"]
    cut = tmp_path / "cut"
    argv = ["--run-dir", str(cut), *flags]
    progress = cut / "progress.csv"
    result = interrupt_after([sys.executable, "-m", "wonders_training.ppo_selfplay", *argv],
                             lambda: progress.exists() and progress.read_text().count("\n") >= 3)
    assert result.returncode == 130, result.stderr
    assert "Ctrl-C: stopping after the current update" in result.stderr and "Traceback" not in result.stderr
    assert f"to continue: {resume_command('wonders_training.ppo_selfplay', argv)}" in result.stdout
    stopped = torch.load(cut / "checkpoint.pt", weights_only=True)["counters"]
    assert 2 <= stopped["update"] and stopped["global_step"] < 700  # written on Ctrl-C, not by checkpoint_every
    ppo_selfplay.main([*argv, "--resume"])
    ppo_selfplay.main(["--run-dir", str(tmp_path / "straight"), *flags])
    resumed = torch.load(cut / "checkpoint.pt", weights_only=True)
    straight = torch.load(tmp_path / "straight" / "checkpoint.pt", weights_only=True)
    assert resumed["counters"]["global_step"] == straight["counters"]["global_step"]
    assert all(torch.equal(value, resumed["model"][key]) for key, value in straight["model"].items())


def test_ctrl_c_stops_train_sb3_with_a_checkpoint_and_a_resume_command(tmp_path):
    run_dir = tmp_path / "sb3"
    argv = ["--run-dir", str(run_dir), *SB3_TINY, "--total-steps", "100000", "--checkpoint-every", "64"]
    result = interrupt_after([sys.executable, "-m", "wonders_training.train_sb3", *argv],
                             lambda: (run_dir / "checkpoint.zip").exists())
    assert result.returncode == 130, result.stderr
    assert "Traceback" not in result.stderr and "to continue: " in result.stdout and "--resume" in result.stdout
    assert (run_dir / "checkpoint.zip").is_file() and not (run_dir / "model.zip").exists()


def test_a_second_ctrl_c_stops_at_once_without_a_traceback(tmp_path):
    run_dir = tmp_path / "run"
    process = subprocess.Popen([sys.executable, "-m", "wonders_training.ppo_selfplay", "--run-dir", str(run_dir),
                                "--eval-games", "400", "--no-progress-bar"], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while not (run_dir / "pool").exists() and time.monotonic() < deadline:  # in the first evaluation
        time.sleep(0.05)
    time.sleep(0.5)
    process.send_signal(signal.SIGINT)
    time.sleep(0.5)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=120)
    assert process.returncode == 130 and "stopped at once" in err and "Traceback" not in err
