"""Shared test fixtures: where the project's reference tables live.

A few tests compare the package's card and wonder tables with the project's reference tables, a
folder kept outside the repository (``../shared/reference`` beside the checkout, or the folder
named by ``WONDERS_REFERENCE_DIR``). Where it is absent, as in a plain clone, those tests skip
with the reason; every other test needs nothing outside the repository.
"""

import os
from pathlib import Path

import pytest


def reference_tables() -> Path:
    """The folder of the reference tables: ``$WONDERS_REFERENCE_DIR``, else ``../shared/reference``."""
    override = os.environ.get("WONDERS_REFERENCE_DIR")
    if override:
        return Path(override)
    return Path(__file__).resolve().parents[1].parent / "shared" / "reference"


@pytest.fixture
def reference_dir() -> Path:
    """The reference tables; the test skips, saying why, where they are absent."""
    folder = reference_tables()
    if not folder.is_dir():
        pytest.skip(f"the project's reference tables are not at {folder} (a plain clone has none; set "
                    "WONDERS_REFERENCE_DIR to compare against them)")
    return folder


@pytest.fixture
def expansions_dir(reference_dir) -> Path:
    """The reference tables of the expansions (skips, saying why, where they are absent)."""
    return reference_dir / "expansions"
