"""The compiled core loads, and a stale or missing build gives an error that says how to rebuild."""

import shutil

import pytest

from wonders_env import core


def test_core_is_built_from_the_sources_in_the_checkout():
    module = core.load()
    assert module.SOURCE_HASH == core.source_hash()


def test_changed_sources_make_a_stale_build(tmp_path, monkeypatch):
    changed = tmp_path / "core"
    shutil.copytree(core.SOURCES, changed)
    (changed / "module.cpp").write_text((changed / "module.cpp").read_text() + "// edited\n")
    monkeypatch.setattr(core, "SOURCES", changed)
    with pytest.raises(core.CoreBuildError, match=r"stale.*pip install -e \."):
        core.load()


def test_an_installed_package_ignores_another_distributions_core_folder(tmp_path, monkeypatch):
    """Installed, the folder beside ``wonders_env`` is ``site-packages``: a package named ``core``
    of another distribution there is not the core's sources."""
    other = tmp_path / "core"
    other.mkdir()
    (other / "__init__.py").write_text("")
    monkeypatch.setattr(core, "SOURCES", other)
    assert core.load().__name__ == "wonders_env._core"  # no stale-build error


def test_missing_build_says_how_to_rebuild(monkeypatch):
    def not_built(name):
        raise ImportError(f"No module named {name!r}")
    monkeypatch.setattr(core.importlib, "import_module", not_built)
    with pytest.raises(core.CoreBuildError, match=r"not built.*pip install -e \."):
        core.load()
