"""``--device``, ``--hours``, every numeric argument checked, the CSV logs rewritten atomically and
read back without trusting them, and a collection whose Python work per tick does not grow with
the number of games."""

from __future__ import annotations

import copy
import csv
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="the training scripts need torch (the train extra)")

from wonders_agents.policy import ActorCritic, PolicySpec, StackedPolicies, load_policy  # noqa: E402
from wonders_training import az_selfplay, csv_files, device, ppo_selfplay, train_sb3  # noqa: E402
from wonders_env import vector  # noqa: E402

TINY = ["--num-envs", "2", "--num-steps", "4", "--hidden", "16", "--eval-every", "0", "--final-eval-games", "2",
        "--snapshot-every", "1", "--no-progress-bar"]
AZ_TINY = ["--init", "none", "--hidden", "16", "--games", "2", "--num-envs", "2", "--simulations", "4",
           "--gate-games", "2", "--eval-games", "1", "--eval-every", "0", "--eval-mcts-simulations", "4",
           "--temperature-moves", "2", "--no-progress-bar"]
SCRIPTS = [ppo_selfplay, az_selfplay, train_sb3]
NO_CUDA = "no CUDA device here (the CPU-only torch of CI): the CUDA run is checked on a machine with one"


def refused(script, argv: list[str], run_dir: Path, capsys) -> str:
    """The message of ``script`` refusing ``argv`` (exit status 2, nothing written)."""
    with pytest.raises(SystemExit) as stop:
        script.main(["--run-dir", str(run_dir), *argv])
    assert stop.value.code == 2 and not run_dir.exists()
    return capsys.readouterr().err


# ---------------------------------------------------------------- --device
def test_auto_is_cuda_only_where_there_is_cuda(monkeypatch):
    monkeypatch.setattr(device, "cuda_available", lambda: False)
    assert device.resolve_device("auto") == torch.device("cpu") == device.resolve_device("cpu")
    with pytest.raises(ValueError, match="--device cuda: no CUDA device is available here .* use --device cpu"):
        device.resolve_device("cuda")
    monkeypatch.setattr(device, "cuda_available", lambda: True)
    assert device.resolve_device("auto") == torch.device("cuda") == device.resolve_device("cuda")
    assert device.resolve_device("cpu") == torch.device("cpu")
    with pytest.raises(ValueError, match="device must be one of auto, cpu, cuda, got 'gpu'"):
        device.resolve_device("gpu")


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.__name__.split(".")[-1])
def test_device_cuda_without_cuda_is_refused_before_anything_is_written(script, monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(device, "cuda_available", lambda: False)
    assert "--device cuda: no CUDA device is available here" in refused(script, ["--device", "cuda"],
                                                                        tmp_path / "run", capsys)
    assert "argument --device: invalid choice: 'gpu'" in refused(script, ["--device", "gpu"], tmp_path / "run", capsys)


def test_a_run_resumed_on_another_device_name_continues_like_an_uninterrupted_one(tmp_path):
    """``--device cpu`` then ``--resume --device auto`` (the CPU here, CUDA on a GPU machine: the
    files are read onto the CPU first) ends with the weights of a straight run on the same device."""
    flags = [*TINY, "--no-anneal-lr", "--total-steps", "300"]
    ppo_selfplay.main(["--run-dir", str(tmp_path / "cut"), *flags, "--total-steps", "90", "--device", "cpu"])
    ppo_selfplay.main(["--run-dir", str(tmp_path / "cut"), *flags, "--resume", "--device", "auto"])
    ppo_selfplay.main(["--run-dir", str(tmp_path / "straight"), *flags, "--device", "auto"])
    resumed = torch.load(tmp_path / "cut" / "checkpoint.pt", weights_only=True)["model"]
    straight = torch.load(tmp_path / "straight" / "checkpoint.pt", weights_only=True)["model"]
    if device.cuda_available():  # GPU kernels are not bit-exact from one run to the next
        for key, value in straight.items():
            torch.testing.assert_close(resumed[key], value, rtol=1e-3, atol=1e-4)
    else:
        assert all(torch.equal(resumed[key], value) for key, value in straight.items())


def test_the_same_seed_device_and_threads_give_the_same_run(tmp_path):
    for name in ("a", "b"):
        ppo_selfplay.main(["--run-dir", str(tmp_path / name), *TINY, "--total-steps", "200", "--device", "cpu"])
    a, b = (torch.load(tmp_path / name / "checkpoint.pt", weights_only=True) for name in ("a", "b"))
    assert a["counters"]["global_step"] == b["counters"]["global_step"]
    assert all(torch.equal(value, b["model"][key]) for key, value in a["model"].items())
    columns = [field for field in ppo_selfplay.PROGRESS_FIELDS if "second" not in field and field != "elapsed_s"]
    rows = [[{k: row[k] for k in columns} for row in csv.DictReader(open(tmp_path / name / "progress.csv"))]
            for name in ("a", "b")]
    assert rows[0] == rows[1]


def test_a_policy_loads_onto_the_device_asked_for(tmp_path):
    ppo_selfplay.main(["--run-dir", str(tmp_path), *TINY, "--total-steps", "20"])
    model, _ = load_policy(tmp_path / "policy.pt", device=torch.device("cpu"))
    assert model.actor.weight.device == torch.device("cpu")
    meta, _ = load_policy(tmp_path / "policy.pt", device="meta")  # a device without data: only placement
    assert meta.actor.weight.device == torch.device("meta")


@pytest.mark.skipif(not torch.cuda.is_available(), reason=NO_CUDA)
def test_a_policy_trained_on_cuda_plays_on_the_cpu_and_a_cpu_checkpoint_resumes_on_cuda(tmp_path):
    from wonders_agents.ppo_agent import PPOAgent
    from wonders_agents.match import play_game
    from wonders_agents import make_agent
    import wonders_env
    ppo_selfplay.main(["--run-dir", str(tmp_path / "gpu"), *TINY, "--total-steps", "100", "--device", "cuda"])
    agent = PPOAgent("seven_wonders_duel", seed=0, path=tmp_path / "gpu" / "policy.pt")  # on the CPU
    play_game(wonders_env.make("seven_wonders_duel", raw=True),
              [agent, make_agent("random", game="seven_wonders_duel", seed=0)], seed=1)
    ppo_selfplay.main(["--run-dir", str(tmp_path / "cpu"), *TINY, "--total-steps", "60", "--device", "cpu"])
    ppo_selfplay.main(["--run-dir", str(tmp_path / "cpu"), *TINY, "--total-steps", "150", "--resume",
                       "--device", "cuda"])
    assert (tmp_path / "cpu" / "policy.pt").is_file()


# ---------------------------------------------------------------- --hours
@pytest.mark.parametrize("script", [ppo_selfplay, az_selfplay], ids=["ppo_selfplay", "az_selfplay"])
@pytest.mark.parametrize("hours", ["0", "-1"])
def test_a_non_positive_budget_is_refused(script, hours, tmp_path, capsys):
    assert f"argument --hours: must be more than 0 (a budget of hours, e.g. 0.5 or 8), got {hours}" in \
        refused(script, ["--hours", hours], tmp_path / "run", capsys)


def test_ppo_selfplay_stops_at_its_budget_with_its_evaluation_checkpoint_and_policy(tmp_path, capsys):
    final = ppo_selfplay.main(["--run-dir", str(tmp_path), *TINY, "--total-steps", "1000000", "--hours", "1e-9"])
    checkpoint = torch.load(tmp_path / "checkpoint.pt", weights_only=True)
    assert checkpoint["counters"]["update"] == 1 and checkpoint["counters"]["global_step"] < 1000
    assert [r.games for r in final] == [2, 2] and (tmp_path / "policy.pt").is_file()
    assert (tmp_path / "final_eval.md").is_file() and "heuristic" in capsys.readouterr().out


def test_az_selfplay_stops_at_its_budget_with_its_last_curve_point_and_policy(tmp_path):
    az_selfplay.main(["--run-dir", str(tmp_path), *AZ_TINY, "--iterations", "50", "--hours", "1e-9"])
    checkpoint = torch.load(tmp_path / "checkpoint.pt", weights_only=True)
    assert checkpoint["counters"]["iteration"] == 1
    assert (tmp_path / "policy.pt").is_file()
    assert {row["update"] for row in csv.DictReader(open(tmp_path / "curve.csv"))} == {"0", "1"}


# ---------------------------------------------------------------- every numeric argument
@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.__name__.split(".")[-1])
@pytest.mark.parametrize("flags, message", [
    (["--seed", "-1"], "argument --seed: must be from 0 to 4294967295, got -1"),
    (["--seed", str(2**64)], f"argument --seed: must be from 0 to 4294967295, got {2**64}"),
    (["--seed", "1.5"], "argument --seed: must be an integer, got '1.5'"),
    (["--learning-rate", "nan"], "argument --learning-rate: must be a finite number, got nan"),
    (["--learning-rate", "inf"], "argument --learning-rate: must be a finite number, got inf"),
    (["--learning-rate", "-1"], "argument --learning-rate: must be at least 0, got -1"),
    (["--learning-rate", "fast"], "argument --learning-rate: must be a number, got 'fast'"),
])
def test_bad_numbers_are_refused_by_every_script(script, flags, message, tmp_path, capsys):
    assert message in refused(script, flags, tmp_path / "run", capsys)


@pytest.mark.parametrize("script, flag", [(ppo_selfplay, "--max-grad-norm"), (ppo_selfplay, "--clip-coef"),
                                          (ppo_selfplay, "--target-kl"), (ppo_selfplay, "--hours"),
                                          (az_selfplay, "--max-grad-norm"), (az_selfplay, "--exploration"),
                                          (train_sb3, "--ent-coef")])
@pytest.mark.parametrize("value", ["nan", "inf", "1e999"])
def test_no_float_argument_takes_a_number_that_is_not_finite(script, flag, value, tmp_path, capsys):
    assert f"argument {flag}: must be a finite number, got {value}" in refused(script, [flag, value],
                                                                               tmp_path / "run", capsys)


def test_more_threads_than_cores_is_a_warning_not_an_error(tmp_path, capsys, monkeypatch):
    from wonders_training import cli_args
    monkeypatch.setattr(cli_args, "usable_cores", lambda: 2)
    threads = torch.get_num_threads()
    try:
        ppo_selfplay.main(["--run-dir", str(tmp_path), *TINY, "--total-steps", "20", "--torch-threads", "3"])
    finally:
        torch.set_num_threads(threads)
    assert ("warning: --torch-threads 3 is more than the 2 CPU cores this process may use: the threads will share "
            "them (slower, not wrong)") in capsys.readouterr().err
    assert (tmp_path / "policy.pt").is_file()
    cli_args.warn_threads("--search-threads", 2)
    assert capsys.readouterr().err == ""


# ---------------------------------------------------------------- CSV logs
FIELDS = ("update", "loss")


def test_a_rewrite_is_atomic_an_interruption_leaves_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "progress.csv"
    csv_files.write_csv(path, FIELDS, [{"update": 1, "loss": 0.5}, {"update": 2, "loss": 0.25}])
    before = path.read_text()

    def crash(*_):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError, match="disk full"):
        csv_files.truncate_csvs({path: FIELDS}, 1)
    assert path.read_text() == before and [p.name for p in tmp_path.iterdir()] == ["progress.csv"]


def test_damaged_rows_are_dropped_with_a_warning_and_kept_in_a_copy_of_the_log(tmp_path, capsys):
    """Before, a damaged row (a hand edit, a spreadsheet's '1.0') was gone for good once the log was
    rewritten: now the log as it was is copied beside it first, never over an earlier copy."""
    path = tmp_path / "progress.csv"
    damaged = "update,loss\n1,0.5\n2,0.4,extra\nx,0.3\n3\n\n4,0.2\n5,0.1\n"
    path.write_text(damaged)
    csv_files.truncate_csvs({path: FIELDS}, 4)
    assert path.read_text().splitlines() == ["update,loss", "1,0.5", "4,0.2"]
    assert (tmp_path / "progress.damaged.csv").read_text() == damaged
    err = capsys.readouterr().err
    assert "line 3 is damaged (3 values for 2 columns): dropped" in err
    assert "line 4 is damaged (update 'x' is not an integer): dropped" in err
    assert "line 5 is damaged (1 values for 2 columns): dropped" in err
    assert f"its damaged rows are kept with the rest of the log as it was in {tmp_path / 'progress.damaged.csv'}" in err
    again = "update,loss\n1.0,0.5\n4,0.2\n"
    path.write_text(again)
    csv_files.truncate_csvs({path: FIELDS}, 4)
    assert (tmp_path / "progress.damaged.csv").read_text() == damaged
    assert (tmp_path / "progress.damaged-2.csv").read_text() == again


def test_a_last_line_cut_short_by_a_crash_and_blank_lines_are_dropped_without_a_copy(tmp_path, capsys):
    path = tmp_path / "progress.csv"
    path.write_text("update,loss\n1,0.5\n\n2,0.4\n3")
    csv_files.truncate_csvs({path: FIELDS}, 4)
    assert path.read_text().splitlines() == ["update,loss", "1,0.5", "2,0.4"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["progress.csv"]
    assert "line 5 is damaged (1 values for 2 columns): dropped" in capsys.readouterr().err


def test_a_log_with_a_byte_order_mark_keeps_its_rows_and_an_empty_one_gets_its_header(tmp_path, capsys):
    """A spreadsheet saves a CSV with a UTF-8 byte-order mark: its rows are read, not dropped."""
    path, empty = tmp_path / "progress.csv", tmp_path / "eval.csv"
    path.write_bytes("\ufeffupdate,loss\r\n1,0.5\r\n2,0.25\r\n3,0.1\r\n".encode())
    empty.write_bytes(b"")
    csv_files.truncate_csvs({path: FIELDS, empty: FIELDS}, 2)
    assert path.read_text().splitlines() == ["update,loss", "1,0.5", "2,0.25"]
    assert empty.read_text().splitlines() == ["update,loss"] and capsys.readouterr().err == ""


@pytest.mark.parametrize("header", ["update,los", "Update,loss", "update", "garbage", "loss,update", "",
                                    "\x00\x13\xff" * 100])
def test_a_log_with_another_header_stops_the_resume_and_no_log_changes(tmp_path, header):
    """Before, every row of a log with another header was dropped and the file rewritten (one
    warning): now the resume stops, naming the file, the header found and the one expected, and
    no log is rewritten, the sound one beside it included."""
    sound, other = tmp_path / "progress.csv", tmp_path / "eval.csv"
    sound.write_text("update,loss\n1,0.5\n2,0.25\n")
    other.write_bytes(f"{header}\n1,0.5\n2,0.25\n".encode(errors="surrogateescape"))
    before = {path: path.read_bytes() for path in (sound, other)}
    expected = rf"{other}: its header is '.*', this script writes 'update,loss'; nothing was changed"
    with pytest.raises(csv_files.CsvHeaderError, match=expected) as refused:
        csv_files.truncate_csvs({sound: FIELDS, other: FIELDS}, 1)
    assert f"its header is {header[:100]!r}"[:-1] in str(refused.value)
    assert {path: path.read_bytes() for path in (sound, other)} == before


def test_resume_over_a_log_with_another_header_stops_in_one_line_and_keeps_it(tmp_path):
    ppo_selfplay.main(["--run-dir", str(tmp_path), *TINY, "--total-steps", "90", "--checkpoint-every", "1"])
    log = tmp_path / "progress.csv"
    log.write_text(log.read_text().replace("update,", "iteration,", 1))
    before = log.read_bytes()
    command = [sys.executable, "-m", "wonders_training.ppo_selfplay", "--run-dir", str(tmp_path), *TINY,
               "--total-steps", "300", "--resume"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert done.returncode == 1 and done.stderr.startswith(f"error: {log}: its header is 'iteration,"), done.stderr
    assert log.read_bytes() == before


def test_resume_over_a_damaged_progress_row_warns_and_goes_on(tmp_path, capsys):
    ppo_selfplay.main(["--run-dir", str(tmp_path), *TINY, "--total-steps", "90", "--checkpoint-every", "1"])
    with open(tmp_path / "progress.csv", "a") as handle:
        handle.write("7,12\x00,broken\n")  # a row cut short by a crash
    ppo_selfplay.main(["--run-dir", str(tmp_path), *TINY, "--total-steps", "300", "--resume"])
    assert "progress.csv: line" in capsys.readouterr().err
    updates = [row["update"] for row in csv.DictReader(open(tmp_path / "progress.csv"))]
    assert updates == [str(u) for u in range(1, len(updates) + 1)] and len(updates) >= 2


# ---------------------------------------------------------------- the Python work of a tick
def python_calls_per_tick(num_envs: int) -> float:
    """Python function calls per tick of :func:`wonders_training.ppo_selfplay.collect` with ``num_envs`` games."""
    args = ppo_selfplay.Args(num_envs=num_envs, num_steps=30, self_play_prob=0.3)
    sizes = vector.make("seven_wonders_duel", 1)
    model = ActorCritic(PolicySpec("seven_wonders_duel", sizes.observation_size, sizes.num_actions, 16))
    networks = StackedPolicies([model, copy.deepcopy(model), copy.deepcopy(model)])
    counts = {"calls": 0, "ticks": 0}
    step = vector.VectorEnv.step

    def profile(frame, event, arg):
        if event == "call":
            counts["calls"] += 1
            counts["ticks"] += frame.f_code is step.__code__

    sys.setprofile(profile)
    try:
        ppo_selfplay.collect(model, networks, args, 2, np.random.default_rng(0))
    finally:
        sys.setprofile(None)
    return counts["calls"] / counts["ticks"]


def test_a_collection_tick_costs_the_same_python_calls_for_4_or_64_games():
    few, many = python_calls_per_tick(4), python_calls_per_tick(64)
    assert many < 1.2 * few, (few, many)


def test_the_env_threads_do_not_change_the_run(tmp_path):
    """--env-threads steps the games on more of the core's threads: the same games, the same run."""
    for name, threads in (("one", "1"), ("two", "2")):
        ppo_selfplay.main(["--run-dir", str(tmp_path / name), *TINY, "--total-steps", "200", "--device", "cpu",
                           "--env-threads", threads])
    one, two = (torch.load(tmp_path / name / "checkpoint.pt", weights_only=True) for name in ("one", "two"))
    timeless = [{k: v for k, v in run["counters"].items() if k != "elapsed_s"} for run in (one, two)]
    assert timeless[0] == timeless[1]
    assert all(torch.equal(value, two["model"][key]) for key, value in one["model"].items())
