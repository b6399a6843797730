"""Agora's setup and Senate (:mod:`wonders_env.duel.agora`): the deal of the Senators into the
enlarged structures, the decrees and the conspiracy deck, the Senators' cost, the Senate actions by
blue cards, cubes, control, the decrees turning face up, the chambers' points, political supremacy."""

import pickle

import pytest

from wonders_env.deal_rng import DealRng
from wonders_env.duel import agora
from wonders_env.duel.cards import SENATOR, database
from wonders_env.duel.state import NOBODY, deal_age, deal_senators, new_agora, new_game

AGORA = database("1st", ("agora",))
BOTH = database("1st", ("pantheon", "agora"))
TABLES = AGORA.agora


def agora_deal(seed, db=AGORA):
    """The base deals of ``seed`` for ``db``, the Senators dealt into them, and the Senate."""
    rng = DealRng(seed)
    deals, boxed = zip(*(deal_age(db, age, rng) for age in (1, 2, 3)))
    deals = list(deals)
    deal_senators(db, deals, rng)
    return deals, list(boxed), new_agora(db, rng)


@pytest.fixture
def senate():
    return agora_deal(1)[2]


@pytest.mark.parametrize("seed", range(20))
def test_the_senators_fill_the_enlarged_structures(seed):
    deals, boxed, _ = agora_deal(seed)
    assert [len(deal) for deal in deals] == [25, 25, 23] == [len(layout.row) for layout in AGORA.layouts]
    senators = [[c for c in deal if AGORA.card_color[c] == SENATOR] for deal in deals]
    assert [len(s) for s in senators] == [5, 5, 3]
    assert sorted(c for s in senators for c in s) == sorted(TABLES.senators)
    assert [len(b) for b in boxed] == [3, 3, 7]  # 3 Age cards boxed per Age, and 4 of the 7 Guilds
    for age, deal in enumerate(deals):
        ages = {AGORA.cards[c].deck for c in deal if AGORA.card_color[c] != SENATOR}
        assert ages == ({age} if age < 2 else {2, 3})
    assert sum(AGORA.card_deck[c] == 3 for c in deals[2]) == 3  # 3 Guilds in Age III


def test_the_deal_keeps_the_base_draws_and_adds_the_senators_last():
    """The Age cards dealt are the base game's draws of the same seed (the Senators come after)."""
    rng_base, rng_agora = DealRng(7), DealRng(7)
    base = [deal_age(database("1st"), age, rng_base)[0] for age in (1, 2, 3)]
    ours = [deal_age(AGORA, age, rng_agora)[0] for age in (1, 2, 3)]
    assert ours == base


def test_the_senators_are_mixed_among_the_cards():
    positions = {i for seed in range(30) for deal in agora_deal(seed)[0][:1]
                 for i, c in enumerate(deal) if AGORA.card_color[c] == SENATOR}
    assert len(positions) > 15  # not appended in a block


def test_the_decrees_and_the_conspiracy_deck(senate):
    assert sorted(senate.conspiracy_deck) == list(range(16))
    assert len(senate.decrees) == 6 and all(len(d) == 1 for d in senate.decrees)
    assert len({d[0] for d in senate.decrees}) == 6
    assert senate.decree_face_up == [True, False, True, False, True, False]  # README decision 13
    assert senate.cubes == [[0] * 6, [0] * 6]
    dealt = {tuple(d[0] for d in agora_deal(seed)[2].decrees) for seed in range(10)}
    assert len(dealt) == 10


def test_the_agora_state_copies_and_pickles(senate):
    twin = senate.clone()
    twin.cubes[0][0] = 3
    twin.decrees[0].append(5)
    assert senate.cubes[0][0] == 0 and senate.decrees[0] == senate.decrees[0][:1]
    again = pickle.loads(pickle.dumps(senate))
    assert again.__getstate__() == senate.__getstate__()


def test_the_deal_with_both_expansions():
    deals, _, _ = agora_deal(3, BOTH)
    assert [len(d) for d in deals] == [25, 25, 23]
    assert sum(BOTH.card_deck[c] == 4 for c in deals[2]) == 3  # 3 Grand Temples replace the Guilds
    assert all(BOTH.card_deck[c] != 3 for c in deals[2])


def test_a_senator_costs_the_senators_owned_and_nothing_with_corruption():
    state = new_game(1, AGORA)
    assert agora.senator_cost(state, 0) == 0
    state.color_count[0][SENATOR] = 3
    assert agora.senator_cost(state, 0) == 3 and agora.senator_cost(state, 1) == 0
    state.player_tokens[0] |= 1 << AGORA.corruption
    assert agora.senator_cost(state, 0) == 0
    assert AGORA.progress_tokens[AGORA.corruption].name == "Corruption"
    assert AGORA.progress_tokens[AGORA.organized_crime].name == "Organized Crime"
    assert database("1st").corruption == database("1st").organized_crime == -1


def _with_decree(senate, chamber, name):
    senate.decrees[chamber] = [next(d.id for d in TABLES.decrees if d.name == name)]


def test_a_politician_with_four_blue_cards_and_the_senate_boost(senate):
    """Worked example: 4 blue cards give 3 actions, with the +2 decree too (3 is the most); the
    decree lifts 0-1 blue cards to 2 actions and 2 to 3, for its controller only."""
    assert [agora.senate_actions(AGORA, senate, 0, blue) for blue in range(6)] == [1, 1, 2, 2, 3, 3]
    _with_decree(senate, 2, "Senate boost")
    agora.place_cube(AGORA, senate, 0, 2)
    assert agora.senate_actions(AGORA, senate, 0, 4) == 3
    assert [agora.senate_actions(AGORA, senate, 0, blue) for blue in range(3)] == [2, 2, 3]
    assert [agora.senate_actions(AGORA, senate, 1, blue) for blue in range(3)] == [1, 1, 2]
    agora.place_cube(AGORA, senate, 1, 2)  # a tie: nobody controls the chamber, nobody has the boost
    assert agora.senate_actions(AGORA, senate, 0, 1) == 1


def test_control_is_strictly_more_cubes(senate):
    assert agora.controller(senate, 0) == NOBODY
    agora.place_cube(AGORA, senate, 1, 0)
    assert agora.controller(senate, 0) == 1 and agora.controlled(senate, 1) == [0]
    agora.place_cube(AGORA, senate, 0, 0)
    assert agora.controller(senate, 0) == NOBODY
    agora.place_cube(AGORA, senate, 0, 0)
    assert agora.controller(senate, 0) == 0 and agora.controlled(senate, 1) == []
    agora.remove_cube(senate, 0, 0)
    assert agora.controller(senate, 0) == NOBODY and agora.supply(AGORA, senate, 0) == 11


def test_a_face_down_decree_turns_up_when_a_cube_arrives(senate):
    """README decision 12 (placed), and the project's decision for a moved cube."""
    assert not senate.decree_face_up[1] and not senate.decree_face_up[3]
    agora.place_cube(AGORA, senate, 0, 1)
    assert senate.decree_face_up[1]
    agora.place_cube(AGORA, senate, 1, 2)
    agora.move_cube(senate, 1, 2, 3)
    assert senate.decree_face_up[3] and senate.cubes[1] == [0, 0, 0, 1, 0, 0]
    agora.remove_cube(senate, 1, 3)
    assert senate.decree_face_up[3]  # stays face up


def test_twelve_cubes_a_player(senate):
    for i in range(12):
        agora.place_cube(AGORA, senate, 0, i % 6)
    assert agora.supply(AGORA, senate, 0) == 0 and agora.place_chambers(AGORA, senate, 0, 0b111111) == []
    with pytest.raises(ValueError, match="no cube left"):
        agora.place_cube(AGORA, senate, 0, 0)
    assert agora.place_chambers(AGORA, senate, 1, 0b000011) == [0, 1]


def test_moves_go_to_adjacent_chambers_only(senate):
    assert agora.moves(senate, 0) == []
    agora.place_cube(AGORA, senate, 0, 0)
    agora.place_cube(AGORA, senate, 0, 3)
    assert agora.moves(senate, 0) == [(0, 1), (3, 2), (3, 4)]
    with pytest.raises(ValueError, match="cannot move a cube from chamber 1 to chamber 3"):
        agora.move_cube(senate, 0, 0, 2)
    with pytest.raises(ValueError, match="cannot move"):
        agora.move_cube(senate, 0, 1, 2)
    with pytest.raises(ValueError, match="no cube in chamber 2"):
        agora.remove_cube(senate, 1, 1)


def test_the_chambers_score_1_2_3_3_2_1(senate):
    for chamber in range(6):
        agora.place_cube(AGORA, senate, chamber % 2, chamber)
    assert agora.senate_points(AGORA, senate, 0) == 1 + 3 + 2
    assert agora.senate_points(AGORA, senate, 1) == 2 + 3 + 1


def test_political_supremacy_is_every_chamber(senate):
    for chamber in range(5):
        agora.place_cube(AGORA, senate, 0, chamber)
    assert agora.political_supremacy(senate) == NOBODY
    agora.place_cube(AGORA, senate, 1, 5)
    assert agora.political_supremacy(senate) == NOBODY
    agora.place_cube(AGORA, senate, 0, 5)
    assert agora.political_supremacy(senate) == NOBODY  # a tie in chamber 6
    agora.place_cube(AGORA, senate, 0, 5)
    assert agora.political_supremacy(senate) == 0
    agora.move_cube(senate, 0, 0, 1)  # chamber 1 empty: nobody controls it
    assert agora.political_supremacy(senate) == NOBODY


def test_the_decree_effects_are_the_controllers(senate):
    _with_decree(senate, 0, "Discard bonus")
    _with_decree(senate, 1, "Shared chains")
    assert agora.controlled_decree_effects(AGORA, senate, 0) == []
    agora.place_cube(AGORA, senate, 0, 0)
    assert [e.kind.name for e in agora.controlled_decree_effects(AGORA, senate, 0)] == ["DISCARD_BONUS"]
    senate.decrees[0].append(senate.decrees[1][0])  # Insider Influence: a second decree under it
    kinds = [e.kind.name for e in agora.controlled_decree_effects(AGORA, senate, 0)]
    assert kinds == ["DISCARD_BONUS", "CHAINS_FROM_OPPONENT"]


def test_conspire_draws_two_keeps_one_and_puts_the_other_back(senate):
    top = senate.conspiracy_deck[:2]
    assert agora.draw_conspiracies(AGORA, senate) == top and len(senate.conspiracy_deck) == 14
    agora.keep_conspiracy(senate, 1, top[1])
    agora.put_back_conspiracy(senate, top[0], on_top=False)
    assert senate.conspiracies == [[], [top[1]]] and senate.prepared == [[], [-1]]
    assert senate.conspiracy_deck[-1] == top[0] and senate.drawn == []
    again = agora.draw_conspiracies(AGORA, senate)
    agora.put_back_conspiracy(senate, again[1], on_top=True)
    assert senate.conspiracy_deck[0] == again[1]
    with pytest.raises(ValueError, match="was not drawn"):
        agora.keep_conspiracy(senate, 0, top[1])


def test_organized_crime_keeps_both_and_a_short_deck_draws_what_is_left(senate):
    top = agora.draw_conspiracies(AGORA, senate)
    for conspiracy in list(top):
        agora.keep_conspiracy(senate, 0, conspiracy)
    assert senate.conspiracies[0] == top
    senate.conspiracy_deck = senate.conspiracy_deck[:1]
    assert len(agora.draw_conspiracies(AGORA, senate)) == 1 and senate.conspiracy_deck == []
    assert agora.draw_conspiracies(AGORA, senate) == []


def test_prepare_then_trigger_and_curia_julias_unprepared_trigger(senate):
    first, second = agora.draw_conspiracies(AGORA, senate)
    agora.keep_conspiracy(senate, 0, first)
    agora.keep_conspiracy(senate, 0, second)
    assert agora.triggerable(senate, 0) == [] and agora.preparable(senate, 0) == [first, second]
    agora.prepare_conspiracy(senate, 0, second, 40)
    assert agora.triggerable(senate, 0) == [second] and agora.preparable(senate, 0) == [first]
    assert agora.triggerable(senate, 0, unprepared_too=True) == [first, second]
    with pytest.raises(ValueError, match="no unprepared conspiracy"):
        agora.prepare_conspiracy(senate, 0, second, 41)
    agora.trigger_conspiracy(senate, 0, second)
    assert senate.triggered[0] == [second] and senate.left_game == [40]
    assert senate.conspiracies[0] == [first] and senate.prepared[0] == [-1]
    agora.trigger_conspiracy(senate, 0, first)  # Curia Julia: unprepared, no card leaves
    assert senate.triggered[0] == [second, first] and senate.left_game == [40]
    with pytest.raises(ValueError, match="holds no conspiracy"):
        agora.trigger_conspiracy(senate, 1, first)


@pytest.mark.parametrize("db", [AGORA, BOTH], ids=["agora", "pantheon+agora"])
def test_the_games_structures_are_agoras(db):
    """A game of an Agora table deals the Senators into its Ages and lays out the 25/25/23-slot
    structures: the bottom row open, the face-down rows of the reference, Pantheon's tokens on
    their Agora slots."""
    from wonders_env.duel.actions import ActionKind, action_table
    from wonders_env.duel.rules import legal_actions_reference
    from wonders_env.duel.state import Phase, start_age
    state = new_game(5, db)
    assert [len(deal) for deal in state.deals] == [25, 25, 23]
    assert sorted(c for deal in state.deals for c in deal if db.card_color[c] == SENATOR) == list(db.agora.senators)
    for age, bottom in ((1, range(18, 25)), (2, range(22, 25)), (3, range(21, 23))):
        start_age(state, age)
        layout = db.layouts[age - 1]
        assert state.slot_card == state.deals[age - 1] and state.cards_left == len(layout.row)
        assert state.accessible_slots() == list(bottom) and state.face_up == list(layout.face_up)
        if db.pantheon:
            tokens = [s for s, token in enumerate(state.pantheon.slot_tokens) if token != -1]
            assert tokens == list(db.pantheon.token_slots[age - 1])
        state.phase, state.current = Phase.PLAY, 0
        acts = action_table(db)
        sold = {acts.decode(a)[1] for a in legal_actions_reference(state) if acts.decode(a)[0] is ActionKind.SELL}
        assert sold == {state.slot_card[s] for s in bottom}
