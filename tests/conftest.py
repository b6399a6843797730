"""Shared test fixtures: where the project's reference tables live."""

from pathlib import Path

import pytest

REFERENCE_DIR = Path(__file__).resolve().parents[1].parent / "shared" / "reference"


@pytest.fixture
def reference_dir() -> Path:
    """``shared/reference`` beside the repository (present on developer machines and in CI)."""
    if not REFERENCE_DIR.is_dir():
        pytest.fail(f"the reference tables are expected at {REFERENCE_DIR}")
    return REFERENCE_DIR
