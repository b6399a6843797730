"""The core's determinization of the Agora tables (``core/duel/determinize.cpp``, the rule of
``wonders_env/duel/determinize.py``): a copy for ``player`` of a Python engine state imported into the
core keeps everything ``player`` observes (the core's observation of the copy is the original's),
keeps what ``player`` holds and knows (their conspiracies, the prepared cards, the face-up decrees,
the Senate, the Senators dealt so far), and redraws what ``player`` has not seen: the opponent's held
conspiracies, those the opponent drew and chooses among, the conspiracy deck's order, the face-down
decrees and the Senators of the later Ages."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from wonders_env.duel.cards import database
from wonders_env.duel.compiled import core_engine, state_fields
from wonders_env.duel.game import DuelGame
from wonders_env.duel.state import Choice, Phase

AGORA_TABLES = (("agora",), ("pantheon", "agora"))


def positions(expansions: tuple[str, ...], games: int, every: int, only_locked: bool = False):
    """Core imports of Python engine states at every ``every``-th decision of random games and at
    every decision where a player chooses among drawn conspiracies (``only_locked``: only those where
    a token is locked unseen by the other player)."""
    db = database("1st", expansions)
    game, engine, rng = DuelGame("1st", expansions), core_engine(db), np.random.default_rng(9)
    for seed in range(games):
        state = game.new_game(seed)
        while not state.game_over:
            conspiring = state.phase == Phase.CHOOSE and state.agora.choice in (Choice.KEEP_CONSPIRACY,
                                                                                Choice.PUT_BACK)
            locked_unseen = not state.library_used and any(not public for _, _, public in state.agora.locked)
            if locked_unseen if only_locked else len(state.log) % every == 0 or conspiring:
                yield engine.import_state(state_fields(state))
            game.apply_actions(state, {state.current: int(rng.choice(game.legal_actions(state, state.current)))})


def hidden_pool(agora: dict, player: int, drawn_unseen: bool) -> list[int]:
    """The conspiracies ``player`` has not seen: the deck, the opponent's held ones, and those the
    opponent drew when they are unseen."""
    return sorted(agora["conspiracy_deck"] + agora["conspiracies"][1 - player]
                  + (agora["drawn"] if drawn_unseen else []))


@pytest.mark.parametrize("expansions", AGORA_TABLES)
def test_a_determinized_agora_game_keeps_what_the_player_knows_and_redraws_the_rest(expansions):
    db = database("1st", expansions)
    engine, agora_tables, seeds, redrawn = core_engine(db), db.agora, iter(range(10**6)), Counter()
    senators = set(agora_tables.senators)
    for core_state in positions(expansions, games=12, every=4):
        given = engine.export_state(core_state)
        mine, age = given["agora"], given["age"]
        for player in (0, 1):
            twin = engine.determinize(core_state, next(seeds), player)
            observed = engine.encode_observation(core_state, player)
            assert np.array_equal(engine.encode_observation(twin, player), observed)
            copy = engine.export_state(twin)
            theirs, opponent = copy["agora"], 1 - player
            drawn_unseen = (given["phase"] == Phase.CHOOSE and given["current"] == opponent
                            and mine["choice"] in (Choice.KEEP_CONSPIRACY, Choice.PUT_BACK))
            assert engine.export_state(engine.import_state(copy)) == copy  # its options: the copy's own
            for kept in ("cubes", "decree_face_up", "prepared", "triggered", "steps", "choice"):
                assert theirs[kept] == mine[kept], kept
            assert theirs["conspiracies"][player] == mine["conspiracies"][player]
            assert len(theirs["conspiracies"][opponent]) == len(mine["conspiracies"][opponent])
            assert hidden_pool(theirs, player, drawn_unseen) == hidden_pool(mine, player, drawn_unseen)
            if not drawn_unseen:
                assert theirs["drawn"] == mine["drawn"]
            elif theirs["drawn"] != mine["drawn"]:
                redrawn["the conspiracies the opponent drew"] += 1
            redrawn["the opponent's conspiracies"] += theirs["conspiracies"][opponent] != mine["conspiracies"][opponent]
            redrawn["the deck's order"] += theirs["conspiracy_deck"] != mine["conspiracy_deck"]
            face_up = {decree for decrees, up in zip(mine["decrees"], mine["decree_face_up"]) if up
                       for decree in decrees}
            dealt = [decree for decrees in theirs["decrees"] for decree in decrees]
            assert len(set(dealt)) == len(dealt)
            assert [len(decrees) for decrees in theirs["decrees"]] == [len(decrees) for decrees in mine["decrees"]]
            for decrees, before, up in zip(theirs["decrees"], mine["decrees"], mine["decree_face_up"]):
                assert decrees == before if up else not set(decrees) & face_up
            redrawn["a face-down decree"] += theirs["decrees"] != mine["decrees"]
            dealt_senators = {card for deal in given["deals"][:age] for card in deal} & senators
            earlier = max(age - 1, 0)  # the current Age: its face-down cards redrawn
            assert copy["deals"][:earlier] == given["deals"][:earlier]
            assert {card for deal in copy["deals"][:age] for card in deal} & senators == dealt_senators
            later = [[card for card in deal if card in senators] for deal in copy["deals"][age:]]
            assert [len(deal) for deal in later] == list(agora_tables.senators_per_age[age:])
            assert set(sum(later, [])) == senators - dealt_senators
            redrawn["the later Ages' Senators"] += later != [[card for card in deal if card in senators]
                                                             for deal in given["deals"][age:]]
    assert redrawn["the opponent's conspiracies"] > 20 and redrawn["the deck's order"] > 100, redrawn
    assert redrawn["a face-down decree"] > 100 and redrawn["the later Ages' Senators"] > 100, redrawn
    assert redrawn["the conspiracies the opponent drew"] > 5, redrawn


@pytest.mark.parametrize("expansions", AGORA_TABLES)
def test_a_token_the_opponent_locked_unseen_is_redrawn_among_the_set_aside_tokens(expansions):
    """Obscurantism's token, locked face down by one player before the Great Library drew: the other
    player's copy redraws it among the set-aside tokens nobody took (the locker's copy keeps it)."""
    db = database("1st", expansions)
    engine, seeds, redrawn = core_engine(db), iter(range(10**6)), 0
    for core_state in positions(expansions, games=150, every=1, only_locked=True):
        given = engine.export_state(core_state)
        taken = given["player_tokens"][0] | given["player_tokens"][1]
        for player in (0, 1):
            twin = engine.export_state(engine.determinize(core_state, next(seeds), player))
            for (token, locker, public), (copied, copied_locker, copied_public) in zip(given["agora"]["locked"],
                                                                                      twin["agora"]["locked"]):
                assert (copied_locker, copied_public) == (locker, public)
                if public or locker == player:
                    assert copied == token
                else:
                    assert copied in given["token_order"][5:] and not taken >> copied & 1
                    redrawn += copied != token
    assert redrawn > 10
