"""Fixtures of the Duel tests."""

import shutil

import pytest

from wonders_env.duel import cards as duel_cards


@pytest.fixture
def grown_database(tmp_path, monkeypatch):
    """The base tables plus one Age I card (``Test Quarry``, id 73, produces SS) under an edition
    ``"test"``: what an expansion's second table looks like to the loader."""
    for name in ("cards.csv", "wonders.csv", "progress.csv", "layouts.json"):
        shutil.copy(duel_cards.DATA_DIR / name, tmp_path / name)
    with open(tmp_path / "cards.csv", "a", encoding="utf-8") as handle:
        handle.write("Test Quarry,I,brown,0,,,,produce=SS\n")
    monkeypatch.setitem(duel_cards.EDITIONS, "test", duel_cards.Edition(
        "cards.csv", "wonders.csv", "progress.csv", "layouts.json", (24, 23, 20, 7), 12, 10))
    return duel_cards.DuelDatabase("test", tmp_path)
