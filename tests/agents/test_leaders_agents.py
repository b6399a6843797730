"""The agents on the 7 Wonders Leaders table (``expansions=("leaders",)``, the Python engine, and the
core where named): whole games of legal moves, the heuristic's decision in each Leaders phase on
scripted states, what it reads, the same values on both engines, and the core search on the table."""

from __future__ import annotations

import numpy as np
import pytest

import wonders_env
from wonders_agents import make_agent
from wonders_agents.heuristic import HeuristicAgent
from wonders_agents.match import check_agent, play_game, seat_of
from wonders_agents.seven_wonders_heuristic import _CityView, action_values
from wonders_env.seven_wonders import rules
from wonders_env.seven_wonders.actions import ActionKind, decode_action, encode_leader_action
from wonders_env.seven_wonders.cards import COUNT_WONDER_STAGE, database
from wonders_env.seven_wonders.state import Phase, new_game

LEADERS = ("leaders",)
DB = database("1st", LEADERS)


def leaders_env(players: int = 4, **options):
    return wonders_env.make("seven_wonders", players, "1st", raw=True, expansions=LEADERS, engine="python", **options)


def engine(players: int = 3):
    return wonders_env.make_engine("seven_wonders", "python", players, "1st", expansions=LEADERS)


def lid(name: str) -> int:
    return DB.leader_of(name)


def leader_action(kind: ActionKind, name: str) -> int:
    return encode_leader_action(kind, lid(name), DB.num_types, "cheapest", DB.num_leaders)


def chosen(state, seat: int = 0) -> tuple[ActionKind, str]:
    """The heuristic's move for ``seat``: its kind and leader name."""
    action = HeuristicAgent("seven_wonders", seed=0).choose(engine(state.num_players), state, seat)
    assert rules.legal_action_mask(state, seat)[action]
    kind, leader = decode_action(action, DB.num_types, state.payment, DB.num_leaders)
    return kind, DB.leaders[leader].name


def recruitment(cities, hands, coins=None, sides="A"):
    """Age I's recruitment turn with these boards and Leader hands (names)."""
    state = new_game(len(cities), seed=0, wonders=list(cities), wonder_sides=sides, expansions=LEADERS)
    while state.phase == Phase.LEADER_DRAFT:
        rules.apply_actions(state, {s: int(np.flatnonzero(rules.legal_action_mask(state, s))[0])
                                    for s in rules.acting_seats(state)})
    state.leader_hands = [[lid(name) for name in hand] for hand in hands]
    if coins is not None:
        state.coins = list(coins)
    state.clear_caches()
    return state


# ---------------------------------------------------------------- whole games
@pytest.mark.parametrize("name, games", [("random", 4), ("heuristic", 4), ("mcts:engine=python,simulations=4", 1)])
def test_agents_play_whole_leaders_games_legally(name, games):
    env = leaders_env()
    agent, _, options = name.partition(":")
    kwargs = dict(option.split("=") for option in options.split(",")) if options else {}
    kwargs = {key: int(value) if value.isdigit() else value for key, value in kwargs.items()}
    for seed in range(games):
        agents = [make_agent(agent, game="seven_wonders", seed=seed * 4 + seat, **kwargs) for seat in range(4)]
        result = play_game(env, agents, seed)  # raises on an illegal move
        assert result.record["finished"]
        assert all(player["score"]["leaders"] >= 0 for player in result.record["players"])
        state = env.unwrapped.state  # a leader used at each of the 3 recruitment turns
        assert all(len(state.recruited[s]) + len(state.stage_leaders[s]) + len(state.leader_discards[s]) >= 3
                   for s in range(4))


def test_the_heuristic_pays_its_leaders_moves_when_choosing_payments():
    env = leaders_env(3, payment="choose")
    for seed in range(2):
        agents = [make_agent("heuristic", seed=seed * 3 + seat) for seat in range(3)]
        assert play_game(env, agents, seed).record["finished"]


def test_the_heuristic_beats_random_on_the_leaders_table():
    env = leaders_env()
    wins = 0
    for seed in range(8):
        agents = [make_agent("heuristic" if seat == seed % 4 else "random", seed=seed * 4 + seat) for seat in range(4)]
        wins += seed % 4 in play_game(env, agents, seed).winners
    assert wins >= 7


# ---------------------------------------------------------------- one decision per Leaders phase
def test_the_draft_keeps_the_leader_worth_most_net_of_its_price():
    state = new_game(3, seed=0, wonders=["Olympia", "Giza", "Rhodes"], wonder_sides="A", expansions=LEADERS)
    state.draft_hands[0] = [lid(name) for name in ("Sappho", "Cleopatra", "Hannibal", "Zenobia")]
    state.clear_caches()
    assert chosen(state) == (ActionKind.DRAFT, "Cleopatra")  # 5 VP for 4 coins


def test_it_recruits_an_affordable_strong_leader():
    state = recruitment(["Olympia", "Giza", "Rhodes"], [["Sappho", "Cleopatra", "Hannibal"], ["Zenobia"], ["Nero"]])
    assert chosen(state) == (ActionKind.RECRUIT, "Cleopatra")


def test_it_discards_its_least_useful_leader_for_three_coins_when_broke():
    state = recruitment(["Giza", "Olympia", "Rhodes"], [["Pericles", "Cleopatra", "Sappho"], ["Zenobia"], ["Nero"]],
                        coins=[0, 6, 6])  # Giza's stage needs stone nobody sells: no stage, no recruit
    legal = {decode_action(a, DB.num_types, "cheapest", DB.num_leaders)[0]
             for a in np.flatnonzero(rules.legal_action_mask(state, 0))}
    assert legal == {ActionKind.LEADER_DISCARD}
    assert chosen(state) == (ActionKind.LEADER_DISCARD, "Sappho")  # the other two are kept for later Ages


def test_at_the_last_recruitment_it_builds_a_stage_rather_than_lose_a_cheap_leader():
    state = recruitment(["Olympia", "Giza", "Rhodes"], [["Sappho"], ["Zenobia"], ["Nero"]], coins=[0, 6, 6])
    state.age = 3
    state.stages_built[0] = 2  # Olympia A's last stage: 2 ore, 7 VP
    state.own_fixed[0][3] += 2
    state.clear_caches()
    assert chosen(state) == (ActionKind.LEADER_WONDER, "Sappho")


def test_the_courtesans_copy_the_best_neighbour_leader():
    state = recruitment(["Olympia", "Giza", "Rhodes", "Ephesus"], [["Nero"], ["Sappho"], ["Zenobia"], ["Cleopatra"]])
    rules.apply_actions(state, {0: leader_action(ActionKind.LEADER_DISCARD, "Nero"),
                                1: leader_action(ActionKind.RECRUIT, "Sappho"),
                                2: leader_action(ActionKind.RECRUIT, "Zenobia"),
                                3: leader_action(ActionKind.RECRUIT, "Cleopatra")})
    state.phase, state.copy_choosers = Phase.COPY_LEADER, [0]  # seat 0 has built the Courtesans Guild
    state.clear_caches()
    assert chosen(state) == (ActionKind.COPY_LEADER, "Cleopatra")  # seat 3 is seat 0's left neighbour


def test_roma_b_recruits_the_best_leader_it_can_afford():
    state = recruitment(["Roma", "Giza", "Rhodes"], [["Sappho", "Pericles", "Cleopatra"], ["Zenobia"], ["Nero"]],
                        coins=[3, 6, 6], sides="B")
    state.phase, state.recruiters = Phase.RECRUIT_NOW, [0]  # Roma B: its own recruits cost 2 coins less
    state.clear_caches()
    assert chosen(state) == (ActionKind.RECRUIT, "Cleopatra")


def test_a_leader_is_valued_by_its_effect_kinds():
    """The valuation reads the effects only: two leaders with the same effects are worth the same,
    and an end-VP leader is worth its VP."""
    state = recruitment(["Olympia", "Giza", "Rhodes"], [["Sappho"], ["Zenobia"], ["Nero"]])
    view = _CityView(state, 0)
    assert view.leader_value(lid("Cleopatra")) == 5.0 and view.leader_value(lid("Sappho")) == 2.0
    values = [view.leader_value(leader.index) for leader in DB.leaders]
    assert all(np.isfinite(values)) and min(values) >= 0.0
    discounts = {leader.effects[0].target: view.leader_value(leader.index) for leader in DB.leaders
                 if type(leader.effects[0]).__name__ == "ResourceDiscount"}
    assert discounts[COUNT_WONDER_STAGE] > 0  # Imhotep: 3 stages left to build


def test_a_card_is_worth_the_end_vp_its_city_s_leaders_give_for_it():
    state = recruitment(["Olympia", "Giza", "Rhodes"], [["Pericles"], ["Zenobia"], ["Nero"]])
    rules.apply_actions(state, {0: leader_action(ActionKind.RECRUIT, "Pericles"),
                                1: leader_action(ActionKind.RECRUIT, "Zenobia"),
                                2: leader_action(ActionKind.RECRUIT, "Nero")})
    stockade = DB.type_of("Stockade")
    with_pericles = _CityView(state, 0).card_value(stockade)
    state.recruited[0] = []
    state.clear_caches()
    assert with_pericles == _CityView(state, 0).card_value(stockade) + 2  # Pericles: 2 VP per red card


def test_the_courtesans_guild_is_worth_the_best_leader_it_may_copy():
    state = recruitment(["Olympia", "Giza", "Rhodes"], [["Sappho"], ["Cleopatra"], ["Zenobia"]])
    rules.apply_actions(state, {0: leader_action(ActionKind.LEADER_DISCARD, "Sappho"),
                                1: leader_action(ActionKind.RECRUIT, "Cleopatra"),
                                2: leader_action(ActionKind.RECRUIT, "Zenobia")})
    courtesans = DB.type_of("Courtesans Guild")
    with_leaders = _CityView(state, 0).card_value(courtesans)
    state.recruited[1] = state.recruited[2] = []
    state.clear_caches()
    assert with_leaders == _CityView(state, 0).card_value(courtesans) + 5  # Cleopatra's 5 VP


def test_the_heuristic_reads_no_hidden_leader():
    """Redrawing what a player cannot see (other Leader and draft hands, the decks) changes none of
    its move values in any phase of Leaders games."""
    env, rng, phases = leaders_env(), np.random.default_rng(0), set()
    for seed in range(2):
        env.reset(seed=seed)
        while not env.terminations[env.agent_selection]:
            game, state, seat = env.unwrapped.game, env.unwrapped.state, seat_of(env.agent_selection)
            legal = game.legal_actions(state, seat)
            twin = game.determinize(state, seat, rng)
            assert np.array_equal(action_values(state, seat, legal), action_values(twin, seat, legal))
            phases.add(state.phase)
            env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))
    assert {Phase.LEADER_DRAFT, Phase.RECRUIT, Phase.MAIN} <= phases


# ---------------------------------------------------------------- the search
@pytest.mark.parametrize("engine_name", ["core", "python"])
def test_the_core_search_searches_the_leaders_table(engine_name):
    """mcts on the core (the default) plays the Leaders table, on the core env and on the Python
    engine's (searching its compiled twin): legal moves through the draft and the first recruitment."""
    env = wonders_env.make("seven_wonders", 4, "1st", raw=True, expansions=LEADERS, engine=engine_name)
    agent = make_agent("mcts", seed=0, simulations=24)
    check_agent(agent, env)
    env.reset(seed=0)
    phases = set()
    while env.unwrapped.state.phase != Phase.MAIN:
        phases.add(env.unwrapped.state.phase)
        action = agent.act(env)
        assert env.observe(env.agent_selection)["action_mask"][action], action
        env.step(action)
    assert {Phase.LEADER_DRAFT, Phase.RECRUIT} <= phases


def test_the_heuristic_values_leaders_moves_alike_on_both_engines():
    """On the core the heuristic asks the core for the recruitment price (``rules_of``): its values of
    every Leaders decision are those it gives on the Python engine's state."""
    core = wonders_env.make_engine("seven_wonders", "core", 4, "1st", expansions=LEADERS)
    python = engine(4)
    state, view = python.new_game(3), core.new_game(3)
    rng = np.random.default_rng(3)
    seen = set()
    while not python.is_over(state) and len(seen) < 3:
        for seat in python.acting_players(state):
            legal = python.legal_actions(state, seat)
            if state.phase in (Phase.LEADER_DRAFT, Phase.RECRUIT, Phase.COPY_LEADER, Phase.RECRUIT_NOW):
                seen.add(state.phase)
                np.testing.assert_array_equal(action_values(view, seat, legal, core),
                                              action_values(state, seat, legal, python))
        actions = {seat: int(rng.choice(python.legal_actions(state, seat))) for seat in python.acting_players(state)}
        python.apply_actions(state, actions)
        core.apply_actions(view, actions)
    assert {Phase.LEADER_DRAFT, Phase.RECRUIT} <= seen


def test_the_shipped_az_network_refuses_the_leaders_table_naming_it():
    pytest.importorskip("torch", reason="the az agent needs torch (the train extra)")
    with pytest.raises(ValueError, match=r"this game \(seven_wonders, 1st edition, with leaders\) gives"):
        check_agent(make_agent("az", seed=0), leaders_env())
