"""The version in one place, ``wonders_env/_version.py``: the build reads it from there and
``wonders_env.__version__`` is it (tests/packaging/test_wheel.py checks the installed metadata too)."""

import ast
import tomllib
from pathlib import Path

import pytest

import wonders_env

ROOT = Path(__file__).resolve().parents[2]
PACKAGE_FOLDERS = ("wonders_env", "agents", "training", "wonders_web", "wonders_cli")


def test_the_build_reads_the_version_of_the_package():
    pyprojecttoml = pytest.importorskip("setuptools.config.pyprojecttoml",
                                       reason="setuptools (the build backend) is not installed")
    project = pyprojecttoml.read_configuration(ROOT / "pyproject.toml")["project"]
    assert project["dynamic"] == ["version"] and project["version"] == wonders_env.__version__


def states_a_version(path: Path) -> bool:
    """Whether the module assigns ``__version__``."""
    return any(isinstance(node, ast.Assign) and any(getattr(target, "id", None) == "__version__"
                                                    for target in node.targets)
               for node in ast.walk(ast.parse(path.read_text())))


def test_no_other_file_states_a_version():
    assert "version" not in tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    modules = [path for folder in PACKAGE_FOLDERS for path in (ROOT / folder).rglob("*.py")]
    assert [str(path.relative_to(ROOT)) for path in modules if states_a_version(path)] == ["wonders_env/_version.py"]
