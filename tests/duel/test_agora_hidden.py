"""What a player of an Agora table cannot know is redrawn for search (:mod:`wonders_env.duel.determinize`):
the opponent's conspiracies (kept, prepared, being chosen), the deck's order, the face-down decrees,
the Senators of the later Ages; what the player knows is kept."""

import numpy as np
import pytest

from wonders_env.deal_rng import DealRng
from wonders_env.duel import agora
from wonders_env.duel.cards import SENATOR, database
from wonders_env.duel.determinize import determinize, redraw_senate
from wonders_env.duel.render import render_senate
from wonders_env.duel.state import EMPTY, NOBODY, new_agora, new_game, start_age

AGORA = database("1st", ("agora",))
BOTH = database("1st", ("pantheon", "agora"))


def a_senate_in_play():
    """Both players hold conspiracies (player 1 one prepared), one triggered, player 1 drawing."""
    senate = new_agora(AGORA, DealRng(9))
    for player in (0, 1, 1):
        first, second = agora.draw_conspiracies(AGORA, senate)
        agora.keep_conspiracy(senate, player, first)
        agora.put_back_conspiracy(senate, second, on_top=False)
    agora.prepare_conspiracy(senate, 1, senate.conspiracies[1][0], 30)
    agora.trigger_conspiracy(senate, 1, senate.conspiracies[1][0])
    agora.prepare_conspiracy(senate, 1, senate.conspiracies[1][0], 31)
    agora.place_cube(AGORA, senate, 0, 1)  # chamber 2's decree turns face up
    agora.draw_conspiracies(AGORA, senate)
    return senate


def every_conspiracy(senate):
    return sorted(senate.conspiracy_deck + senate.drawn + [c for held in senate.conspiracies for c in held]
                  + [c for used in senate.triggered for c in used])


@pytest.mark.parametrize("seed", range(10))
def test_the_opponents_conspiracies_and_the_face_down_decrees_are_redrawn(seed):
    senate = a_senate_in_play()
    twin = redraw_senate(AGORA, senate, 0, 1, np.random.default_rng(seed))
    assert every_conspiracy(twin) == list(range(16))
    assert twin.conspiracies[0] == senate.conspiracies[0] and twin.triggered == senate.triggered
    assert twin.prepared == senate.prepared and twin.left_game == senate.left_game and twin.cubes == senate.cubes
    assert len(twin.conspiracies[1]) == 1 and len(twin.drawn) == 2
    assert twin.decree_face_up == senate.decree_face_up
    for chamber, up in enumerate(senate.decree_face_up):
        if up:
            assert twin.decrees[chamber] == senate.decrees[chamber]
    dealt = [d for decrees in twin.decrees for d in decrees]
    assert len(set(dealt)) == 6


def test_redrawing_changes_only_the_hidden():
    senate = a_senate_in_play()
    twins = [redraw_senate(AGORA, senate, 0, 1, np.random.default_rng(seed)) for seed in range(40)]
    assert len({tuple(t.conspiracies[1]) for t in twins}) > 5
    assert len({tuple(t.drawn) for t in twins}) > 5
    assert len({tuple(d[0] for d in t.decrees) for t in twins}) > 5
    mine = [redraw_senate(AGORA, senate, 1, 1, np.random.default_rng(seed)) for seed in range(10)]
    assert all(t.conspiracies[1] == senate.conspiracies[1] and t.drawn == senate.drawn for t in mine)
    assert len({tuple(t.conspiracies[0]) for t in mine}) > 1
    untouched = redraw_senate(AGORA, senate, 0, NOBODY, np.random.default_rng(0))
    assert untouched.drawn == senate.drawn


@pytest.mark.parametrize("db", [AGORA, BOTH], ids=["agora", "pantheon+agora"])
@pytest.mark.parametrize("age", [0, 1, 2])
def test_the_later_ages_are_redealt_with_their_senators(db, age):
    state = new_game(11, db)
    if age:
        start_age(state, age)
    twin = determinize(state, 0, np.random.default_rng(age))
    assert [len(deal) for deal in twin.deals] == [25, 25, 23]
    senators = [[c for c in deal if db.card_color[c] == SENATOR] for deal in twin.deals]
    assert [len(s) for s in senators] == [5, 5, 3]
    assert sorted(c for s in senators for c in s) == list(db.agora.senators)
    for earlier in range(age):
        assert sorted(senators[earlier]) == sorted(c for c in state.deals[earlier] if db.card_color[c] == SENATOR)


def test_the_terminal_shows_a_seat_its_own_conspiracies_and_the_others_count_only():
    """``render_senate`` for a seat: its conspiracies with their effects and the card under a prepared
    one, the opponent's as a count, the cubes left and a token the seat locked among the set-aside ones;
    a spectator sees both seats' counts and no set-aside token locked."""
    state = new_game(5, AGORA)
    state.agora = a_senate_in_play()
    state.current = 0
    aside = agora.set_aside_tokens(state)[0]
    state.agora.locked.append((aside, 1, False))
    names = {c: AGORA.agora.conspiracies[c].name for c in range(16)}
    mine, theirs = state.agora.conspiracies
    prepared = state.agora.prepared[1][theirs.index(theirs[0])]
    for viewer in (None, 0, 1):
        text = "\n".join(render_senate(state, viewer))
        assert "cubes left: player_0 11, player_1 12" in text
        assert (names[mine[0]] in text) == (viewer == 0)
        assert (names[theirs[0]] in text) == (viewer == 1)
        assert ("player_1's conspiracies: 1 face down (1 prepared)" in text) == (viewer != 1)
        assert ("player_0's conspiracies: 1 face down (0 prepared)" in text) == (viewer != 0)
        assert (AGORA.progress_tokens[aside].name in text) == (viewer == 1)
    own = "\n".join(render_senate(state, 1))
    assert f"{names[theirs[0]]} (" in own and f"prepared with {AGORA.cards[prepared].name})" in own
    assert prepared != EMPTY
