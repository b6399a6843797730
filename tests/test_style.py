"""One style for the sources, checked as `make lint` checks it: ruff's rules of ``pyproject.toml``
(``[tool.ruff]``) on the Python sources and ``.clang-format`` on the C++ core. Both tools come with
the dev extra (pinned, so that a new release does not change the verdict); `make format` applies
them. Where one is missing the test skips and says how to install it."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
INSTALL = "install the dev extra (`pip install -e '.[dev]'`)"


def tool(name: str) -> str:
    """The tool's executable beside this interpreter (the virtualenv's), else on the PATH."""
    found = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed: {INSTALL}")
    return found


def cpp_sources() -> list[Path]:
    return sorted(p for p in (ROOT / "core").rglob("*") if p.suffix in (".cpp", ".hpp"))


def run(*command: str | Path, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([str(c) for c in command], cwd=ROOT, input=stdin, capture_output=True, text=True,
                          timeout=300)


def test_python_sources_pass_ruff():
    result = run(tool("ruff"), "check", "--no-cache", ".")
    assert result.returncode == 0, f"ruff found problems (`make format` fixes most):\n{result.stdout}{result.stderr}"


def test_ruff_reads_the_projects_rules():
    """A line over 120 columns and an unused import are reported: the configuration is the one read."""
    snippet = "import os\n" + "x = " + "1 + " * 40 + "1\n"
    result = run(tool("ruff"), "check", "--no-cache", "--stdin-filename", "wonders_env/example.py", "-", stdin=snippet)
    assert result.returncode == 1 and "E501" in result.stdout and "F401" in result.stdout, result.stdout


def test_cpp_sources_are_clang_formatted():
    result = run(tool("clang-format"), "--dry-run", "--Werror", *cpp_sources())
    assert result.returncode == 0, f"not in the core's style (`make format` applies it):\n{result.stderr[:4000]}"


def test_clang_format_reads_the_projects_style():
    """Four-space indentation is reported: the core's ``.clang-format`` (two spaces) is the one read."""
    snippet = "int f() {\n    return 1;\n}\n"
    result = run(tool("clang-format"), "--dry-run", "--Werror", "--assume-filename", "core/example.cpp",
                 stdin=snippet)
    assert result.returncode != 0 and "code should be clang-formatted" in result.stderr, result.stderr
