"""The 7 Wonders core against the Python engine on the Leaders table (``expansions=("leaders",)``): the
same seeded game played in both, compared decision by decision.

At every step, for every player: who acts, the legal-action mask (and, in some games, the mask built
by one single-action check per action, as the batch checks actions), the observation, and the reason
given for a few illegal actions; in some games also the core state copied into a Python state
(``to_python``) equals the Python engine's field by field, the Python state copied into the core
(``from_python``) equals the core's, and every city's payments and recruitment prices are the same.
Every game ends by comparing the full record (every action with its payment, the scores with their
``leaders`` line, the winners). Players: random, and the heuristic agent; 3-7 players, both wonder
sides, both payment modes: about 40 games per player count by default, 2,000 more per count in the
``slow`` run.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from wonders_agents.heuristic import HeuristicAgent
from wonders_env.seven_wonders import leaders, rules
from wonders_env.seven_wonders.actions import num_actions
from wonders_env.seven_wonders.compiled import _TRANSFERRED, CompiledSevenWonders
from wonders_env.seven_wonders.game import SevenWondersGame
from wonders_env.seven_wonders.record import recorded_action
from wonders_env.seven_wonders.state import Phase

LEADERS = ("leaders",)


def _same_payments(game: CompiledSevenWonders, core, state, rng, where: str) -> None:
    db = state.db
    for city in range(state.num_seats):
        for card_type in rng.choice(db.num_types, 4, replace=False):
            assert game.build_payment(core, city, int(card_type)) == rules.build_payment(state, city, int(card_type)), \
                f"{where}: build payment of {db.types[card_type].name} for seat {city}"
        assert game.stage_payment(core, city) == rules.stage_payment(state, city), f"{where}: stage of seat {city}"
        for leader in range(db.num_leaders):
            assert game.recruit_price(core, city, leader) == leaders.recruit_price(state, city, leader), where
        if city in state.pending:
            assert game.payment_choices(core, city) == rules.payment_choices(state, city), where


def play_both(num_players: int, seed: int, payment: str = "cheapest", sides: str = "random", player: str = "random",
              check_more: bool = False) -> dict:
    """Play one Leaders game on both engines, comparing everything at every step; returns the record."""
    python = SevenWondersGame(num_players, wonder_sides=sides, payment=payment, expansions=LEADERS)
    state = python.new_game(seed)
    game = CompiledSevenWonders(num_players, wonder_sides=sides, payment=payment, expansions=LEADERS)
    core = game.from_python_state(state)
    rng = np.random.default_rng(seed)
    agent = HeuristicAgent("seven_wonders", seed=seed) if player == "heuristic" else None
    step = 0
    while True:
        where = f"{num_players} players, {payment}, seed {seed}, step {step} ({state.phase.name})"
        acting = rules.acting_seats(state)
        assert game.acting_players(core) == acting, where
        for p in range(num_players):
            mask = rules.legal_action_mask(state, p)
            np.testing.assert_array_equal(game.engine.legal_action_mask(core, p), mask, err_msg=f"{where}: mask {p}")
            np.testing.assert_array_equal(game.encode_observation(core, p), python.encode_observation(state, p),
                                          err_msg=f"{where}: observation of player {p}")
            for action in rng.choice(game.num_actions, 3, replace=False):
                assert game.why_illegal(core, p, int(action)) == python.why_illegal(state, p, int(action)), where
            if check_more:
                np.testing.assert_array_equal(game.engine.legal_action_mask_by_checks(core, p), mask, err_msg=where)
        if check_more and step % 4 == 0:
            _same_payments(game, core, state, rng, where)
            twin = game.to_python(core)
            for name in (*_TRANSFERRED, "phase", "wonders", "seed", "log"):
                mine, theirs = getattr(twin, name), getattr(state, name)
                same = np.array_equal(mine, theirs) if isinstance(theirs, np.ndarray) else mine == theirs
                assert same, f"{where}: {name}"
            assert game.engine.export_state(game.from_python(state)) == game.engine.export_state(core), where
        if not acting:
            break
        if agent is not None:
            actions = {p: agent.choose(python, state, p) for p in acting}
        else:
            actions = {p: int(rng.choice(np.flatnonzero(rules.legal_action_mask(state, p)))) for p in acting}
        python.apply_actions(state, actions)
        game.apply_actions(core, actions)
        step += 1
    record = python.game_record(state)
    assert game.game_record(core) == record
    return record


@pytest.mark.parametrize("num_players", [3, 4, 5, 6, 7])
def test_random_games_agree(num_players):
    for seed in range(24):
        play_both(num_players, seed, sides=("random", "A", "B")[seed % 3], check_more=seed < 2)


@pytest.mark.parametrize("num_players", [3, 4, 5, 6, 7])
def test_choose_payment_games_agree(num_players):
    for seed in range(12):
        play_both(num_players, 100 + seed, payment="choose", sides=("random", "B")[seed % 2], check_more=seed < 2)


@pytest.mark.parametrize("payment", ["cheapest", "choose"])
def test_heuristic_games_agree(payment):
    for seed in range(5):
        play_both(3 + seed, 200 + seed, payment=payment, player="heuristic", check_more=seed == 0)


def test_every_leaders_decision_and_roma_occur():
    """The games of the default run reach every Leaders decision: drafts, recruits, stages built with
    a leader, discards, the Courtesans' copy, Roma B's recruit at once, Solomon's discard build."""
    kinds, roma_recruits_now = Counter(), 0
    for seed in range(40):
        record = play_both(7, 300 + seed, sides="B", payment=("cheapest", "choose")[seed % 2])
        kinds.update(action["kind"] for action in record["actions"])
        roma_recruits_now += sum(1 for a in record["actions"] if a["kind"] == "recruit" and a["turn"])  # Roma B only
    assert {"draft", "recruit", "leader_wonder", "leader_discard", "copy_leader", "discard_build"} <= set(kinds)
    assert roma_recruits_now > 0


def test_a_leaders_state_starts_and_ends_as_the_python_engine_deals_it():
    game = CompiledSevenWonders(4, expansions=LEADERS)
    state = game.new_game(9)
    assert state.phase == Phase.LEADER_DRAFT and state.coins == [6] * 4
    python = SevenWondersGame(4, expansions=LEADERS).new_game(9)
    assert state.draft_hands == python.draft_hands and state.leader_deck == python.leader_deck


@pytest.mark.slow
@pytest.mark.parametrize("num_players", [3, 4, 5, 6, 7])
def test_many_games_agree(num_players):
    for seed in range(1000, 3000):
        play_both(num_players, seed, payment=("cheapest", "choose")[seed % 2], sides=("random", "A", "B")[seed % 3])


@pytest.mark.parametrize("payment", ["cheapest", "choose"])
def test_determinize_keeps_what_each_seat_sees_and_redraws_the_hidden_leaders(payment):
    """A seat's observation is unchanged by its determinization at every step (its own Leader hand, every
    recruited leader; not another hand nor which leader lies under a stage), and the other seats' hidden
    leaders (Leader and draft hands, unused, under stages, discarded) are drawn anew among themselves."""
    game = CompiledSevenWonders(4, payment=payment, expansions=LEADERS)
    rng = np.random.default_rng(5)
    redrawn = 0
    for seed in range(4):
        state = game.new_game(seed)
        while not game.is_over(state):
            for player in range(4):
                twin = game.determinize(state, player, rng)
                np.testing.assert_array_equal(game.encode_observation(twin, player),
                                              game.encode_observation(state, player))
                assert twin.leader_hands[player] == state.leader_hands[player]
                assert twin.recruited == state.recruited and twin.copied_leader == state.copied_leader
                hidden = [state.leader_deck] + [pile for other in range(4) if other != player for pile in
                                                (state.leader_hands[other], state.stage_leaders[other],
                                                 state.leader_discards[other])]
                twin_hidden = [twin.leader_deck] + [pile for other in range(4) if other != player for pile in
                                                    (twin.leader_hands[other], twin.stage_leaders[other],
                                                     twin.leader_discards[other])]
                assert sorted(sum(twin_hidden, [])) == sorted(sum(hidden, [])) or state.phase == Phase.LEADER_DRAFT
                redrawn += twin_hidden != hidden
            game.apply_actions(state, {p: int(rng.choice(game.legal_actions(state, p)))
                                       for p in game.acting_players(state)})
    assert redrawn > 0


@pytest.mark.parametrize("payment", ["cheapest", "choose"])
def test_the_vector_env_plays_the_leaders_table(payment):
    """``vector.make("seven_wonders", expansions=("leaders",))`` steps Leaders games on the core: the env's
    spaces, finished games recorded with their expansions and replayed by the Python engine."""
    from wonders_env import seven_wonders_v0, vector

    venv = vector.make("seven_wonders", num_envs=6, seed=3, num_players=4, payment=payment, expansions=LEADERS)
    env = seven_wonders_v0.raw_env(num_players=4, payment=payment, expansions=LEADERS)
    obs, mask, to_act = venv.reset()
    assert obs.shape[2] == env.observation_space("player_0")["observation"].shape[0]
    assert mask.shape[2] == env.action_space("player_0").n
    records = []
    while len(records) < 6:
        obs, mask, to_act, rewards, terminated = venv.step(venv.sample_actions())
        records += venv.finished_records()
    for record in records[:2]:
        assert record["expansions"] == ["leaders"] and "leaders" in record["players"][0]["score"]
        python = SevenWondersGame(4, payment=payment, expansions=LEADERS)
        state = python.new_game(record["seed"])
        while not python.is_over(state):
            python.apply_actions(state, {p: recorded_action(state, p, record["actions"][len(state.log):])
                                         for p in python.acting_players(state)})
        assert python.game_record(state) == record


def test_imported_leaders_states_are_checked():
    """A Leaders state from Python is checked field against field before the core plays it: every leader in
    one place, the recruitment turn's pending moves leader moves of the mover's hand, the log's Leaders
    entries naming leaders; a bad one is refused with ValueError naming what is wrong."""
    game = CompiledSevenWonders(3, payment="choose", expansions=LEADERS)
    state = game.new_game(4)
    while state.phase != Phase.PAYMENT:  # the draft, then the recruitment turn's moves chosen
        game.apply_actions(state, {p: game.legal_actions(state, p)[-1] for p in game.acting_players(state)})
    fields = game.engine.export_state(state)
    assert game.engine.export_state(game.engine.import_state(fields)) == fields
    hands = fields["leader_hands"]
    pending = fields["pending"][0]
    not_in_hand = pending - (pending - num_actions(79, "choose")) % 36 + fields["leader_deck"][0]  # same kind
    draft_entry = next(i for i, entry in enumerate(fields["log"]) if entry[0] == 1)
    bad_log = list(fields["log"])
    bad_log[draft_entry] = (*bad_log[draft_entry][:5], 40, *bad_log[draft_entry][6:])  # no leader 40
    for change, message in (({"leader_deck": fields["leader_deck"] + hands[0][:1]}, "in two places"),
                            ({"leader_deck": fields["leader_deck"][1:]}, "is nowhere"),
                            ({"pending": {**fields["pending"], 0: 0}}, "turn 0 .* are leader moves"),
                            ({"pending": {**fields["pending"], 0: not_in_hand}}, "not in its player's Leader hand"),
                            ({"log": bad_log}, "log entry"),
                            ({"turn": 1}, "recruitment turn is turn 0")):
        with pytest.raises(ValueError, match=message):
            game.engine.import_state({**fields, **change})
