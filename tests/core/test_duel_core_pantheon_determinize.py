"""The core's determinization of a Pantheon game (``core/duel/determinize.cpp``, the rule of
``wonders_env/duel/determinize.py``): a copy for ``player`` keeps everything ``player`` observes,
keeps the divinities where they may be (each mythology's in its deck, face-down spaces or drawn
hand), keeps what ``player`` placed, and redraws what ``player`` has not seen: the decks' orders
and the divinities the opponent placed face down."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from wonders_env.duel.compiled import CompiledDuel, state_fields
from wonders_env.duel.game import DuelGame
from wonders_env.duel.state import EMPTY, Choice, Phase

CORE = CompiledDuel(("pantheon",))


def positions(games: int = 6, every: int = 5):
    rng = np.random.default_rng(7)
    for seed in range(games):
        view = CORE.new_game(seed)
        for step in range(400):
            if view.game_over:
                break
            if step % every == 0:
                yield view.clone()
            CORE.apply_actions(view, {view.current: int(rng.choice(CORE.legal_actions(view, view.current)))})


def divinities_by_place(view) -> Counter:
    """Each divinity not yet activated, counted once wherever it lies."""
    p = view.pantheon
    held = [d for deck in p.decks for d in deck] + [d for d in p.spaces if d != EMPTY] + list(p.drawn)
    return Counter(held + ([p.chosen] if p.chosen != EMPTY and p.choice in (1, 17) else []))


def test_a_determinized_pantheon_game_keeps_what_the_player_knows_and_redraws_the_rest():
    rng, redrawn = np.random.default_rng(0), Counter()
    for view in positions():
        for player in (0, 1):
            twin = CORE.determinize(view, player, rng)
            assert np.array_equal(CORE.encode_observation(twin, player), CORE.encode_observation(view, player))
            assert [len(deck) for deck in twin.pantheon.decks] == [len(deck) for deck in view.pantheon.decks]
            assert divinities_by_place(twin) == divinities_by_place(view)
            mine, theirs = view.pantheon, twin.pantheon
            for space, placer in enumerate(mine.placed_by):
                if placer == player or mine.space_face_up[space]:
                    assert theirs.spaces[space] == mine.spaces[space]
                elif theirs.spaces[space] != mine.spaces[space]:
                    redrawn["a face-down divinity of the opponent"] += 1
            redrawn["a deck's order"] += theirs.decks != mine.decks
    assert redrawn["a face-down divinity of the opponent"] > 10 and redrawn["a deck's order"] > 50


def test_a_choice_drawn_from_hidden_things_lists_the_items_of_the_copy_on_both_engines():
    """Zeus' set is the structure's occupied slots (a copy redraws the face-down cards and keeps the
    slots); a copy's options are always its own set's (the core's import refuses options that are not
    the rules' list, so a copy never names an item that is not there)."""
    python_engine, rng, found = DuelGame("1st", ("pantheon",)), np.random.default_rng(3), 0
    for view in positions(games=40, every=1):
        if view.phase != Phase.CHOOSE or view.pantheon.choice != Choice.ZEUS_CARD:
            continue
        found += 1
        python = view.to_python()
        for player in (0, 1):
            for twin in (CORE.determinize(view, player, rng), python_engine.determinize(python, player, rng)):
                assert twin.pantheon.options == [s for s, card in enumerate(view.slot_card) if card != EMPTY]
                assert len(twin.structure_cards()) == len(view.structure_cards())
        python.pantheon.options = python.pantheon.options[:-1]
        with pytest.raises(ValueError, match="options must be the items of the set zeus_card in this state"):
            CORE.engine.import_state(state_fields(python))
    assert found >= 3
