"""What the wheel holds, read from ``pyproject.toml`` without building it (tests/packaging/test_wheel.py
builds it): every folder of the project's packages is a package of the configuration (setuptools
treats every folder as one, and warns about each it is not told of), every file in them other than
the sources is package data, and nothing finds its files through the repository's layout."""

import tomllib
from fnmatch import fnmatch
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SETUPTOOLS = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
#: what a checkout holds beside the sources that is no part of the package: caches and the core built in place
BUILD_OUTPUTS = ("*.pyc", "_core*.so", "_core*.pyd")


def package_folder(package: str) -> Path:
    """The checkout's folder of ``package``, through the configuration's ``package-dir``."""
    top, _, rest = package.partition(".")
    folder = ROOT / SETUPTOOLS.get("package-dir", {}).get(top, top)
    return folder.joinpath(*rest.split(".")) if rest else folder


def folders_of(package: str) -> list[str]:
    """``package`` and every folder below it, as dotted names."""
    top = package_folder(package)
    below = sorted(p for p in top.rglob("*") if p.is_dir() and "__pycache__" not in p.parts)
    return [package, *(".".join([package, *p.relative_to(top).parts]) for p in below)]


def test_every_folder_of_a_package_is_a_package_of_the_configuration():
    tops = {name for name in SETUPTOOLS["packages"] if "." not in name}
    folders = {folder for top in tops for folder in folders_of(top)}
    assert folders - set(SETUPTOOLS["packages"]) == set(), "add them to [tool.setuptools] packages"
    assert set(SETUPTOOLS["packages"]) - folders == set(), "listed packages without a folder"


@pytest.mark.parametrize("package", SETUPTOOLS["packages"])
def test_every_file_is_a_source_or_declared_package_data(package):
    patterns = SETUPTOOLS.get("package-data", {}).get(package, [])
    files = [p for p in package_folder(package).iterdir() if p.is_file()]
    undeclared = [p.name for p in files if p.suffix != ".py" and not any(fnmatch(p.name, pattern) for pattern
                                                                         in (*patterns, *BUILD_OUTPUTS))]
    assert undeclared == [], f"add them to [tool.setuptools.package-data] {package!r}, or move them out"
    assert all(any(fnmatch(p.name, pattern) for p in files) for pattern in patterns), "a pattern matching nothing"


def test_self_play_reads_the_shipped_policies_of_the_agents_package():
    """One place for the shipped policies, the installed ``wonders_agents`` package's folder (a path
    through the repository's ``agents/`` folder does not exist once installed)."""
    pytest.importorskip("torch", reason="the self-play script needs torch (the train extra)")
    from wonders_agents import ppo_agent
    from wonders_training import az_selfplay
    assert az_selfplay.POLICY_DIR is ppo_agent.POLICY_DIR
