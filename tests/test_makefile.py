"""The Makefile's ``TORCH`` choice: one word picks the torch build that ``make`` installs."""

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")


def torch_install_command(*variables: str) -> subprocess.CompletedProcess:
    """What ``make`` would run to create .venv, with ``variables`` (dry run, nothing installed)."""
    return subprocess.run(["make", "--dry-run", "--always-make", *variables, ".venv/bin/activate"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)


def torch_line(*variables: str) -> str:
    result = torch_install_command(*variables)
    assert result.returncode == 0, result.stderr
    return next(line for line in result.stdout.splitlines() if "torch==" in line)


def test_default_is_the_plain_pinned_requirement():
    assert torch_line().split()[1:3] == ["install", "torch==2.13.0"] and "index-url" not in torch_line()


def test_cpu_uses_pytorchs_cpu_index():
    assert "--index-url https://download.pytorch.org/whl/cpu" in torch_line("TORCH=cpu")


def test_cuda_ignores_the_local_pip_setup():
    assert torch_line("TORCH=cuda").split()[1:4] == ["--isolated", "install", "torch==2.13.0"]


def test_an_unknown_choice_names_the_choices():
    result = torch_install_command("TORCH=gpu")
    assert result.returncode != 0 and "choose TORCH=default, TORCH=cpu or TORCH=cuda" in result.stderr


def test_demo_runs_the_command_line_package():
    # --no-print-directory: under `make test` this make is nested and would print its directory
    result = subprocess.run(["make", "--dry-run", "--no-print-directory", "demo"], cwd=ROOT, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == ".venv/bin/python -m wonders_cli demo", result.stdout


def test_the_thread_sanitizer_copy_holds_the_packages_under_their_import_names():
    """The thread-stress test imports ``wonders_agents``: the folder ``agents/`` is copied as that."""
    result = subprocess.run(["make", "--dry-run", "--no-print-directory", "core-thread-sanitize"], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    copies = [line for line in result.stdout.splitlines() if line.startswith("cp -r")]
    assert "cp -r agents build/sanitize/tsan_site/wonders_agents" in copies, copies
