"""The 7 Wonders core against the Python engine: the same deal played in both, compared at every step.

Every step compares, for every player, the legal-action mask and the observation (which hold the
phase, Age, turn, hands, coins, cities, ...); every game ends by comparing the full game record
(every action with its payment, the scores and the winners). Players: random, the heuristic agent,
and players steered toward military (red cards first) or science (green cards first), over
1st-edition games at 3-7 players, the 2-player Free City variant and the 2nd edition, both wonder
sides: about 450 games by default and 1,320 more in the ``slow`` run (120 per player count and
edition). With ``payment="choose"`` (the players choose whom to pay) the same comparisons run over
about 300 more games (random and heuristic play, 2-7 players, both editions; 660 more when slow),
and every step also compares the core state copied into a Python state (``to_python``) with the
Python engine's state, field by field, and the Python state copied into the core
(``from_python``) with the core's.
"""

from __future__ import annotations

import numpy as np
import pytest

from wonders_agents.heuristic import HeuristicAgent
from wonders_env.seven_wonders.game import SevenWondersGame
from wonders_env.seven_wonders.cards import GREEN, RED, database
from wonders_env.seven_wonders.compiled import _TRANSFERRED, CompiledSevenWonders, deal_of
from wonders_env.seven_wonders.cards import cost_items


# ---------------------------------------------------------------- the Python engine (one adapter place)
class PythonEngine:
    """The Python engine's calls used by this test (issue 11 renames them to the Game protocol)."""

    from wonders_env.seven_wonders import observation as _observation
    from wonders_env.seven_wonders import record as _record
    from wonders_env.seven_wonders import rules as _rules
    from wonders_env.seven_wonders import state as _state

    def __init__(self, edition: str, payment: str = "cheapest") -> None:
        self.observer = self._observation.Observer(database(edition), payment)
        self.payment = payment

    def new_game(self, num_players, seed, edition, wonder_sides):
        return self._state.new_game(num_players, seed=seed, edition=edition, wonder_sides=wonder_sides,
                                    payment=self.payment)

    def acting(self, state):
        return list(self._rules.acting_seats(state))

    def mask(self, state, player):
        return self._rules.legal_action_mask(state, player)

    def observation(self, state, player):
        return self.observer.encode(state, player)

    def apply_actions(self, state, actions):
        self._rules.apply_actions(state, actions)

    def record(self, state):
        return self._record.game_record(state)

    def buy_options(self, state, city, cost_vector):
        return self._rules.buy_options(state, city, cost_items(cost_vector))


# ---------------------------------------------------------------- players
def random_player(state, seat, legal, rng):
    return int(rng.choice(legal))


def steered_player(color):
    """Builds a card of ``color`` when it can, else plays at random."""
    def choose(state, seat, legal, rng):
        db = state.db
        n = db.num_types
        preferred = [a for a in legal if (a < n or 3 * n <= a < 5 * n) and db.color[a % n] == color]
        return int(rng.choice(preferred if preferred else legal))
    return choose


def heuristic_player(state, seat, legal, rng):
    game = SevenWondersGame(state.num_players, state.db.edition, payment=state.payment)
    return HeuristicAgent("seven_wonders", seed=int(rng.integers(2**31))).choose(game, state, seat)


PLAYERS = {"random": random_player, "military": steered_player(RED), "science": steered_player(GREEN),
           "heuristic": heuristic_player}


def assert_same_state(twin, state, where=""):
    """A Python state copied from the core (``to_python``) equals the Python engine's, field by field."""
    for name in (*_TRANSFERRED, "phase", "wonders", "seed", "log", "payment", "num_players", "num_seats"):
        mine, theirs = getattr(twin, name), getattr(state, name)
        if isinstance(theirs, np.ndarray):
            assert mine.dtype == theirs.dtype and np.array_equal(mine, theirs), f"{where}: {name}"
        else:
            assert mine == theirs, f"{where}: {name}"


def play_both(num_players, seed, edition="1st", player="random", sides="random", check_payments=False,
              payment="cheapest", check_transfer=False):
    """Play one game in both engines, comparing everything at every step; returns the record."""
    python = PythonEngine(edition, payment)
    py_state = python.new_game(num_players, seed, edition, sides)
    game = CompiledSevenWonders(num_players, edition, wonder_sides=sides, payment=payment)
    core_state = game.from_python_state(py_state)
    rng = np.random.default_rng(seed)
    choose = PLAYERS[player]
    steps = 0
    while True:
        acting = python.acting(py_state)
        assert game.acting_players(core_state) == acting, f"step {steps}: acting players"
        for p in range(num_players):
            np.testing.assert_array_equal(game.engine.legal_action_mask(core_state, p), python.mask(py_state, p),
                                          err_msg=f"seed {seed} step {steps}: mask of player {p}")
            np.testing.assert_array_equal(game.encode_observation(core_state, p), python.observation(py_state, p),
                                          err_msg=f"seed {seed} step {steps}: observation of player {p}")
        if check_payments:  # and the single-action check of the batch
            for p in range(num_players):
                np.testing.assert_array_equal(game.engine.legal_action_mask_by_checks(core_state, p),
                                              python.mask(py_state, p))
            db = py_state.db
            for city in range(py_state.num_seats):
                for t in rng.choice(db.num_types, 3, replace=False):
                    cost = db.types[t].resource_cost
                    assert game.engine.buy_options(core_state, city, list(cost)) == \
                        list(python.buy_options(py_state, city, cost)), f"payment options of {db.types[t].name}"
        if check_transfer:
            assert_same_state(game.to_python(core_state), py_state, f"seed {seed} step {steps}")
            back = game.from_python(py_state)
            assert game.engine.export_state(back) == game.engine.export_state(core_state)
        if not acting:
            break
        actions = {p: choose(py_state, p, np.flatnonzero(python.mask(py_state, p)), rng) for p in acting}
        python.apply_actions(py_state, actions)
        game.apply_actions(core_state, actions)
        steps += 1
    record = python.record(py_state)
    assert game.game_record(core_state) == record
    return record


# ---------------------------------------------------------------- the default run (about a minute)
@pytest.mark.parametrize("num_players", [3, 4, 5, 6, 7])
def test_first_edition_random_games_agree(num_players):
    for seed in range(40):
        play_both(num_players, seed, check_payments=seed < 3)


@pytest.mark.parametrize("player", ["military", "science", "heuristic"])
def test_first_edition_steered_and_heuristic_games_agree(player):
    for seed in range(15):
        play_both(3 + seed % 5, 100 + seed, player=player)


def test_free_city_games_agree():
    kinds = set()
    for seed in range(80):
        record = play_both(2, seed, player=("random", "military", "science")[seed % 3], check_payments=seed < 3)
        kinds |= {a["kind"] for a in record["actions"]}
    assert {"build", "wonder", "sell", "discard"} <= kinds


@pytest.mark.parametrize("num_players", [3, 5, 7])
def test_second_edition_games_agree(num_players):
    for seed in range(20):
        play_both(num_players, seed, edition="2nd", player=("random", "science")[seed % 2], check_payments=seed < 2)


@pytest.mark.parametrize("sides", ["A", "B"])
def test_each_wonder_side_agrees(sides):
    for seed in range(6):
        play_both(3 + seed % 5, 200 + seed, sides=sides)


def test_wonder_powers_and_phases_are_exercised():
    """Babylon's 7th card, Halicarnassus' discard builds and Olympia's free builds all occur."""
    seen = set()
    for seed in range(40):
        record = play_both(7, 300 + seed, sides="B" if seed % 2 else "A")
        seen |= {a["kind"] for a in record["actions"]}
        seen |= {"seventh" for a in record["actions"] if a["turn"] == 7}
    assert {"free_build", "discard_build", "seventh"} <= seen


# ---------------------------------------------------------------- payment="choose"
@pytest.mark.parametrize("num_players", [2, 3, 4, 5, 7])
def test_choose_payment_random_games_agree(num_players):
    for seed in range(30):
        play_both(num_players, seed, payment="choose", check_payments=seed < 2, check_transfer=seed < 3)


@pytest.mark.parametrize("player", ["heuristic", "military", "science"])
def test_choose_payment_steered_and_heuristic_games_agree(player):
    for seed in range(12):
        play_both(2 + seed % 6, 500 + seed, player=player, payment="choose")


@pytest.mark.parametrize("num_players", [3, 6])
def test_choose_payment_second_edition_games_agree(num_players):
    for seed in range(20):
        play_both(num_players, seed, edition="2nd", player=("random", "science")[seed % 2], payment="choose",
                  check_transfer=seed < 2)


def test_choose_payment_records_real_choices_and_the_seventh_card():
    """Payments with a choice, paid to both neighbours, and Babylon's 7th card (turn 7) all occur."""
    seen = set()
    for seed in range(30):
        record = play_both(3 + seed % 5, 700 + seed, sides="B", payment="choose")
        assert record["payment"] == "choose"
        for action in record["actions"]:
            seen |= {"left" for _ in [0] if action["paid"]["left"]} | {"right" for _ in [0] if action["paid"]["right"]}
            seen |= {"seventh" for _ in [0] if action["turn"] == 7}
            seen |= {"free_city" for paid in action["paid_to"] if paid["agent"] is None}
    for seed in range(10):
        record = play_both(2, 800 + seed, payment="choose")
        seen |= {"free_city" for action in record["actions"] for paid in action["paid_to"] if paid["agent"] is None}
    assert {"left", "right", "seventh", "free_city"} <= seen


def test_cheapest_states_transfer_both_ways():
    for num_players in (2, 4, 7):
        play_both(num_players, 900 + num_players, sides="B", check_transfer=True)


def test_determinize_keeps_the_observation_in_payment_phases():
    game = CompiledSevenWonders(4, payment="choose")
    rng = np.random.default_rng(1)
    for seed in range(6):
        state = game.new_game(seed)
        while not game.is_over(state):
            acting = game.acting_players(state)
            for player in range(4):
                twin = game.determinize(state, player, rng)
                np.testing.assert_array_equal(game.encode_observation(twin, player),
                                              game.encode_observation(state, player))
            game.apply_actions(state, {p: int(rng.choice(game.legal_actions(state, p))) for p in acting})


def test_imported_states_are_checked():
    from wonders_env.seven_wonders.state import new_game
    game = CompiledSevenWonders(3)
    fields = game.engine.export_state(game.from_python(new_game(3, seed=2)))
    bad_hand = [fields["hands"][0] + fields["hands"][1][:1], *fields["hands"][1:]]
    mine = {game.db.cards[card].type for card in fields["hands"][0]}
    not_mine = next(game.db.cards[card].type for card in fields["hands"][1] if game.db.cards[card].type not in mine)
    for change, message in (({"hands": bad_hand}, "two places"), ({"phase": 10}, "'phase': 10 is out of range"),
                                ({"phase": 9}, "the Leaders phases, copy_choosers and recruiters need leaders"),
                                ({"turn": 0}, "turn 0"),
                            ({"coins": [3, -1, 3]}, "coins"), ({"phase": 5}, "PAYMENT phase needs"),
                            ({"pending": {0: 9999}}, "pending"),
                            ({"pending": {0: not_mine}}, "not in its controller's hand"),
                            ({"own_choices": [[3], [], []]}, "own_choices"),
                            ({"military_tokens": [[1, 1], [], []]}, "military tokens")):
        with pytest.raises(ValueError, match=message):
            game.engine.import_state({**fields, **change})
    for seed in (-1, 1 << 64, "1", 1.5):
        with pytest.raises(TypeError, match="incompatible function arguments"):
            game.engine.import_state(fields, seed)
    assert game.engine.import_state(fields, (1 << 64) - 1).seed == (1 << 64) - 1
    del fields["log"]
    with pytest.raises(ValueError, match="'log': missing"):
        game.engine.import_state(fields)


def test_science_is_scored_in_polynomial_time_within_what_a_city_can_hold():
    """The wildcards are shared among the symbols every way (quadratic; the recursion tried 3^n:
    20 wildcards took 13 s); an imported count above one symbol per building and stage is refused."""
    from wonders_env.seven_wonders.scoring import CATEGORIES, science_points
    from wonders_env.seven_wonders.state import new_game
    game = CompiledSevenWonders(3)
    fields = game.engine.export_state(game.from_python(new_game(3, seed=2)))
    most = 40 + 4  # MAX_BUILT + MAX_STAGES of core/seven_wonders
    state = game.engine.import_state({**fields, "science": [[0, 0, 0, most], [5, 3, 1, 2], [0, 0, 0, 0]]})
    science = CATEGORIES.index("science")
    assert game.engine.score_breakdown(state, 0)[science] == science_points(0, 0, 0, most)
    assert game.engine.score_breakdown(state, 1)[science] == science_points(5, 3, 1, 2) == 7 * 7 + 3 * 3 + 1 + 7
    with pytest.raises(ValueError, match="science"):
        game.engine.import_state({**fields, "science": [[0, 0, 0, most + 1], [0] * 4, [0] * 4]})


# ---------------------------------------------------------------- the core on its own
def test_own_deals_are_reproducible_and_differ_by_seed():
    game = CompiledSevenWonders(4)
    first, again, other = game.new_game(7), game.new_game(7), game.new_game(8)
    assert game.engine.draw_deal(7) == game.engine.draw_deal(7) != game.engine.draw_deal(8)
    for p in range(4):
        np.testing.assert_array_equal(game.encode_observation(first, p), game.encode_observation(again, p))
    assert any(not np.array_equal(game.encode_observation(first, p), game.encode_observation(other, p))
               for p in range(4))


def test_own_deal_is_valid_for_the_python_rules():
    """A deal drawn by the core is a legal deal: it passes the core's own deal check."""
    game = CompiledSevenWonders(5, "2nd")
    for seed in range(20):
        game.new_game_from_deal(game.engine.draw_deal(seed))


def test_corrupt_deals_are_refused():
    from wonders_env.seven_wonders.state import new_game
    game = CompiledSevenWonders(3)
    deal = deal_of(new_game(3, seed=1))
    bad = {**deal, "decks": [deal["decks"][0][:-1] + deal["decks"][1][:1], deal["decks"][1], deal["decks"][2]]}
    with pytest.raises(ValueError, match="deal"):
        game.new_game_from_deal(bad)
    with pytest.raises(ValueError, match="dealt twice"):
        game.new_game_from_deal({**deal, "box": deal["box"] + deal["box"][:1]})
    with pytest.raises(ValueError, match="cities"):
        game.new_game_from_deal({**deal, "cities": deal["cities"][:2]})


def test_illegal_actions_are_refused_and_change_nothing():
    game = CompiledSevenWonders(3)
    state = game.new_game(3)
    before = [game.encode_observation(state, p) for p in range(3)]
    sell = [int(np.flatnonzero(game.legal_action_mask(state, p))[0]) for p in range(3)]
    with pytest.raises(ValueError, match="illegal action 375"):
        game.apply_actions(state, {0: sell[0], 1: sell[1], 2: 375})
    with pytest.raises(ValueError, match="every acting player"):
        game.apply_actions(state, {0: sell[0]})
    with pytest.raises(ValueError, match="does not act"):
        game.apply_actions(state, {5: 0})
    with pytest.raises(TypeError, match="integer"):
        game.apply_actions(state, {0: "x", 1: sell[1], 2: sell[2]})
    for p in range(3):
        np.testing.assert_array_equal(game.encode_observation(state, p), before[p])


def test_determinize_keeps_what_the_player_sees():
    game = CompiledSevenWonders(4)
    state = game.new_game(5)
    rng = np.random.default_rng(0)
    for _ in range(9):
        actions = {p: int(rng.choice(np.flatnonzero(game.legal_action_mask(state, p))))
                   for p in game.acting_players(state)}
        game.apply_actions(state, actions)
    twin = game.determinize(state, 1, rng)
    np.testing.assert_array_equal(game.encode_observation(twin, 1), game.encode_observation(state, 1))
    assert any(twin.hand(p) != state.hand(p) for p in (0, 3))


# ---------------------------------------------------------------- larger runs
@pytest.mark.slow
@pytest.mark.parametrize("num_players,edition", [(n, "1st") for n in range(2, 8)] + [(n, "2nd") for n in range(3, 8)])
def test_many_games_agree(num_players, edition):
    for seed in range(1000, 1120):
        play_both(num_players, seed, edition=edition, player=("random", "military", "science")[seed % 3])


@pytest.mark.slow
@pytest.mark.parametrize("num_players,edition", [(n, "1st") for n in range(2, 8)] + [(n, "2nd") for n in (3, 5, 7)])
def test_many_choose_payment_games_agree(num_players, edition):
    for seed in range(2000, 2060):
        play_both(num_players, seed, edition=edition, player=("random", "heuristic", "military")[seed % 3],
                  payment="choose")


def test_unknown_payment_mode_is_refused_with_a_clear_error():
    with pytest.raises(ValueError, match="payment must be one of"):
        CompiledSevenWonders(3, payment="dearest")


def test_a_state_is_refused_by_an_engine_that_did_not_set_it_up():
    """A state of other tables or player count would make the core read out of its tables."""
    state = CompiledSevenWonders(4, "2nd").new_game(1)
    other = CompiledSevenWonders(4, "1st")
    for call in (lambda: other.legal_action_mask(state, 0), lambda: other.encode_observation(state, 0),
                 lambda: other.apply_actions(state, {0: 0}), lambda: other.game_record(state)):
        with pytest.raises(ValueError, match="another engine"):
            call()
