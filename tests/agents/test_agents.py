"""The agents: interface, legality over complete games, determinism, hidden information, budgets."""

from __future__ import annotations

import inspect
import sys
import time

import numpy as np
import pytest

import wonders_env
from wonders_agents import AGENT_NAMES, agent_names, make_agent
from wonders_agents.az_agent import AZAgent
from wonders_agents.duel_heuristic import action_values as duel_values
from wonders_agents.heuristic import VALUATIONS, HeuristicAgent
from wonders_agents.match import play_game, seat_of
from wonders_agents.mcts import MCTSAgent
from wonders_agents.ppo_agent import PPOAgent
from wonders_agents.seven_wonders_heuristic import action_values as seven_wonders_values
from wonders_env.duel import rules as duel_rules
from wonders_env.duel.determinize import determinize as duel_determinize
from wonders_env.seven_wonders import rules as seven_wonders_rules

CHEAP = {"random": {}, "heuristic": {}, "mcts": {"simulations": 3}, "ppo": {}, "az": {"simulations": 3}}

#: the agents that play without a model server (llm: tests/agents/test_llm_agent.py)
BOTS = tuple(name for name in AGENT_NAMES if name != "llm")


def skip_without_torch(name: str) -> None:
    """Skip, saying why, a test of a network agent where torch (the train extra) is not installed."""
    if name in ("ppo", "az"):
        pytest.importorskip("torch", reason=f"the {name} agent reads its network with torch (the train extra)")


def agents_for(name: str, game: str, players: int, seed: int) -> list:
    skip_without_torch(name)
    return [make_agent(name, game=game, seed=seed * 10 + s, **CHEAP[name]) for s in range(players)]


# ---------------------------------------------------------------- the interface
def test_unknown_agent_names_the_agents():
    with pytest.raises(ValueError, match="unknown agent 'alphazero'.*random, heuristic, mcts"):
        make_agent("alphazero")


def test_unknown_game_names_the_games():
    with pytest.raises(ValueError, match="unknown game 'chess'.*'seven_wonders', 'seven_wonders_duel'"):
        make_agent("random", game="chess")


def test_options_are_checked():
    with pytest.raises(ValueError, match="takes no options"):
        make_agent("heuristic", game="duel", simulations=5)
    with pytest.raises(ValueError, match="simulations must be a positive integer"):
        make_agent("mcts", game="duel", simulations=0)
    with pytest.raises(ValueError, match="time_limit must be a positive"):
        make_agent("mcts", game="duel", time_limit=-1)
    with pytest.raises(ValueError, match="needs a budget"):
        make_agent("mcts", game="duel", simulations=None)
    with pytest.raises(ValueError, match="unknown option 'simulatoins' for agent 'mcts'; its options are: "
                                         "simulations, time_limit, exploration"):
        make_agent("mcts", game="duel", simulatoins=5)
    with pytest.raises(ValueError, match="unknown options 'paht', 'time_limt' for agent 'az'; its options are: "
                                         "time_limit, simulations, path"):
        make_agent("az", game="duel", time_limt=1, paht="x.pt")
    with pytest.raises(ValueError, match="unknown option 'greedy' for agent 'ppo'; its options are: "
                                         "path, deterministic$"):
        make_agent("ppo", game="duel", greedy=True)


def _flag_options() -> list[tuple[str, str]]:
    """(agent, option) of every boolean option of the agents with options, read from their signatures."""
    classes = {"mcts": MCTSAgent, "az": AZAgent, "ppo": PPOAgent}
    return [(name, option) for name, agent_class in classes.items()
            for option, parameter in inspect.signature(agent_class).parameters.items()
            if isinstance(parameter.default, bool)]


def _flag_value(agent, option: str) -> bool:
    return agent._agent.deterministic if option == "deterministic" else agent.core.options[option]


FLAG_OPTIONS = _flag_options()


@pytest.mark.parametrize("name", ["ppo", "az"])
def test_a_network_agent_without_torch_says_how_to_install_it(monkeypatch, name):
    """The base install has no torch: the agents whose networks need it say which extra brings it."""
    monkeypatch.setitem(sys.modules, "torch", None)  # what find_spec reports where torch is not installed
    with pytest.raises(ModuleNotFoundError, match=rf"agent '{name}' needs torch.*wonders_env\[train\]"):
        make_agent(name, game="duel", seed=0)


def test_the_boolean_options_are_found():
    assert FLAG_OPTIONS == [("mcts", "reuse"), ("az", "reuse"), ("ppo", "deterministic")]


@pytest.mark.parametrize("name, option", FLAG_OPTIONS)
@pytest.mark.parametrize("value", ["no", "false", "maybe", 0, 1, 1.0, None, [], np.array([True])], ids=repr)
def test_a_boolean_option_takes_a_real_bool_only(name, option, value):
    """``reuse='no'`` meant True and ``deterministic='maybe'`` was taken: options were read by truthiness."""
    skip_without_torch(name)
    with pytest.raises(ValueError, match=rf"^{option} must be True or False \(.*{option}=true or {option}=false\), "
                                         rf"got .* of type {type(value).__name__}$"):
        make_agent(name, game="duel", **CHEAP[name], **{option: value})


@pytest.mark.parametrize("name, option", FLAG_OPTIONS)
def test_a_boolean_option_takes_python_and_numpy_bools(name, option):
    skip_without_torch(name)
    for value in (False, True, np.bool_(False), np.bool_(True)):
        found = _flag_value(make_agent(name, game="duel", **CHEAP[name], **{option: value}), option)
        assert type(found) is bool and found == value


def test_a_game_without_a_valuation_plays_random_and_the_networks_only(monkeypatch):
    """What a new game gets from the agents before anyone writes its valuation: the heuristic and
    the search refuse it with the reason, the others play it."""
    assert agent_names("duel") == BOTS
    monkeypatch.delitem(VALUATIONS, "seven_wonders_duel")
    assert agent_names("duel") == ("random", "ppo", "az")
    skip_without_torch("ppo")
    for name in ("heuristic", "mcts"):
        with pytest.raises(ValueError, match="no heuristic valuation for seven_wonders_duel; "
                                             "games with one: seven_wonders"):
            make_agent(name, game="duel")
    env = wonders_env.make("duel", raw=True)
    bots = [make_agent("random", game="duel", seed=1), make_agent("ppo", game="duel")]
    assert play_game(env, bots, 0).record["finished"]
    bots = [make_agent("az", game="duel", simulations=3), make_agent("random", game="duel", seed=1)]
    assert play_game(env, bots, 0).record["finished"]


def test_short_game_names():
    duel, seven_wonders = make_agent("heuristic", game="duel"), make_agent("heuristic", game="7w")
    assert isinstance(duel, HeuristicAgent) and duel.valuation.__name__ == "wonders_agents.duel_heuristic"
    assert seven_wonders.valuation.__name__ == "wonders_agents.seven_wonders_heuristic"
    assert isinstance(make_agent("mcts", game="seven_wonders_duel"), MCTSAgent)


@pytest.mark.parametrize("game, table", [("seven_wonders", {"num_players": 3, "edition": "2nd"}),
                                         ("seven_wonders_duel", {"num_players": 3})])
def test_the_trained_networks_refuse_a_table_in_the_same_words(game, table):
    """The az network and the ppo policy share one check: another edition (observations of another
    size) or another game is refused with the same sentence, naming the network."""
    pytest.importorskip("torch", reason="the ppo agent needs torch (the train extra)")
    env = wonders_env.make("seven_wonders", raw=True, **table)
    reasons = []
    for name in ("az", "ppo"):
        with pytest.raises(ValueError) as refused:
            make_agent(name, game=game, **CHEAP[name]).check_env(env)
        reasons.append(str(refused.value))
    assert reasons[0].startswith("the az network ") and reasons[1].startswith("the policy ")
    assert reasons[0].removeprefix("the az network ") == reasons[1].removeprefix("the policy ")
    assert ("expects observations of size" if game == "seven_wonders" else "plays seven_wonders_duel") in reasons[0]


# ---------------------------------------------------------------- complete games, only legal moves
@pytest.mark.parametrize("name", BOTS)
@pytest.mark.parametrize("players, edition", [(2, "1st"), (3, "1st"), (4, "1st"), (7, "1st"), (5, "2nd")])
def test_seven_wonders_games_are_legal(name, players, edition):
    env = wonders_env.make("seven_wonders", players, edition, raw=True)
    if name in ("ppo", "az") and edition == "2nd":  # the shipped networks are for the 1st edition
        with pytest.raises(ValueError, match="expects observations of size"):
            play_game(env, agents_for(name, "seven_wonders", players, 0), 0)
        return
    games = 1 if name == "mcts" else 3
    for seed in range(games):
        result = play_game(env, agents_for(name, "seven_wonders", players, seed), seed)
        assert result.record["finished"]
        assert sum(result.decisions) >= 18 * players


@pytest.mark.parametrize("name", ["random", "heuristic", "mcts"])
@pytest.mark.parametrize("players, edition", [(2, "1st"), (4, "1st"), (3, "2nd")])
def test_seven_wonders_games_choosing_payments_are_legal(name, players, edition):
    env = wonders_env.make("seven_wonders", players, edition, raw=True, payment="choose")
    for seed in range(1 if name == "mcts" else 2):
        result = play_game(env, agents_for(name, "seven_wonders", players, seed), seed)
        assert result.record["finished"] and result.record["payment"] == "choose"
        assert sum(result.decisions) >= 2 * 18 * players  # a payment after every card


def test_seven_wonders_heuristic_pays_the_free_city_rather_than_the_opponent():
    from wonders_env.seven_wonders.actions import ActionKind, encode_action
    from wonders_env.seven_wonders.state import Phase, new_game, place_building

    state = new_game(2, seed=0, wonders=["Babylon", "Rhodes", "Giza"], wonder_sides="A", payment="choose")
    db = state.db
    lumber = [c.index for c in db.cards if db.types[c.type].name == "Lumber Yard"]
    place_building(state, 1, lumber[0])  # wood from the opponent (player_0's right) ...
    place_building(state, 2, lumber[1])  # ... or from the Free City (player_0's left), 2 coins each
    stockade = next(c.index for c in db.cards if db.types[c.type].name == "Stockade")
    state.hands[0][0] = stockade
    state.memo = {}
    state.pending = {0: encode_action(ActionKind.BUILD, db.type_of("Stockade"), db.num_types),
                     1: encode_action(ActionKind.SELL, db.cards[state.hands[1][0]].type, db.num_types)}
    state.phase, state.pending_turn = Phase.PAYMENT, 1
    state.pending[2] = encode_action(ActionKind.SELL, db.cards[state.hands[1][1]].type, db.num_types)
    pay = 5 * db.num_types + 1
    assert set(np.flatnonzero(seven_wonders_rules.legal_action_mask(state, 0))) == {pay, pay + 2}
    legal = sorted(set(np.flatnonzero(seven_wonders_rules.legal_action_mask(state, 0)).tolist()))
    assert legal[int(np.argmax(seven_wonders_values(state, 0, legal)))] == pay + 2


def test_shipped_seven_wonders_policy_refuses_the_choose_payment_mode():
    env = wonders_env.make("seven_wonders", 3, raw=True, payment="choose")
    with pytest.raises(ValueError, match="trained with payment='cheapest'"):
        play_game(env, agents_for("ppo", "seven_wonders", 3, 0), 0)


@pytest.mark.parametrize("name", BOTS)
def test_duel_games_are_legal(name):
    env = wonders_env.make("seven_wonders_duel", raw=True)
    for seed in range(2 if name == "mcts" else 12):
        result = play_game(env, agents_for(name, "seven_wonders_duel", 2, seed), seed)
        assert result.record["finished"] and result.record["winners"]


@pytest.mark.slow
@pytest.mark.parametrize("name, games", [("random", 150), ("heuristic", 150), ("mcts", 6)])
def test_many_games_are_legal(name, games):
    """Many games of both games, every player count and both editions of 7 Wonders, mixed tables."""
    duel = wonders_env.make("seven_wonders_duel", raw=True)
    tables = {(p, e): wonders_env.make("seven_wonders", p, e, raw=True) for p in range(2, 8) for e in ("1st", "2nd")
              if not (e == "2nd" and p == 2)}
    keys = sorted(tables)
    for seed in range(games):
        players, edition = keys[seed % len(keys)]
        others = [make_agent(other, game="seven_wonders", seed=seed + s) for s, other in
                  zip(range(players), ["random", "heuristic"] * 4)]
        seat = seed % players
        others[seat] = make_agent(name, game="seven_wonders", seed=seed, **CHEAP[name])
        assert play_game(tables[players, edition], others, seed).record["finished"]
        bots = [make_agent(name, game="duel", seed=seed, **CHEAP[name]),
                make_agent("heuristic" if seed % 4 < 2 else "random", game="duel", seed=seed)]
        if seed % 2:
            bots.reverse()
        assert play_game(duel, bots, seed).record["finished"]


@pytest.mark.parametrize("game, players", [("seven_wonders", 3), ("seven_wonders_duel", 2)])
def test_agents_play_the_wrapped_pettingzoo_env(game, players):
    """The public ``env()`` (PettingZoo's wrappers) with the usual loop; an illegal move would end
    the game early with reward -1."""
    env = wonders_env.make(game, players)
    bots = [make_agent(name, game=game, seed=s, **CHEAP[name]) for s, name in
            zip(range(players), ["heuristic", "mcts", "random"])]
    env.reset(seed=4)
    for agent in env.agent_iter():
        _, reward, termination, truncation, _ = env.last()
        if termination or truncation:
            assert reward in (-1.0, 0.0, 1.0)
            env.step(None)
            continue
        env.step(bots[seat_of(agent)].act(env))
    assert env.unwrapped.game_record()["finished"]


# ---------------------------------------------------------------- determinism
@pytest.mark.parametrize("game, players", [("seven_wonders", 4), ("seven_wonders_duel", 2)])
@pytest.mark.parametrize("name", BOTS)
def test_same_seed_same_game(game, players, name):
    env = wonders_env.make(game, players, raw=True)
    first = play_game(env, agents_for(name, game, players, 7), 3).record
    again = play_game(env, agents_for(name, game, players, 7), 3).record
    other = play_game(env, agents_for(name, game, players, 8), 3).record
    assert first == again
    assert first["actions"] != other["actions"] or name in ("heuristic", "ppo")  # ppo: greedy


# ---------------------------------------------------------------- hidden information
def _seven_wonders_states(players: int, seeds: range, payment: str = "cheapest"):
    """(engine, state, seat) at every decision of random games on the core (AEC order: other seats
    may have chosen)."""
    env = wonders_env.make("seven_wonders", players, raw=True, payment=payment)
    for seed in seeds:
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        while not env.terminations[env.agent_selection]:
            yield env.unwrapped.game, env.unwrapped.state, seat_of(env.agent_selection)
            legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
            env.step(int(rng.choice(legal)))


@pytest.mark.parametrize("payment", ["cheapest", "choose"])
@pytest.mark.parametrize("players", [2, 4])
def test_seven_wonders_heuristic_reads_no_hidden_information(players, payment):
    """Redrawing everything the player cannot see changes none of its move values."""
    rng = np.random.default_rng(0)
    checked = 0
    for game, state, seat in _seven_wonders_states(players, range(3), payment):
        legal = game.legal_actions(state, seat)
        twin = game.determinize(state, seat, rng)
        assert np.array_equal(seven_wonders_values(state, seat, legal), seven_wonders_values(twin, seat, legal))
        checked += 1
    assert checked > 50


def test_duel_heuristic_reads_no_hidden_information():
    """On the Python engine's states, which the core's valuation reads through its checked import
    (the same values as on the core's game: tests/core/test_duel_heuristic_core.py)."""
    env = wonders_env.make("seven_wonders_duel", raw=True, engine="python")
    rng = np.random.default_rng(0)
    checked = 0
    for seed in range(4):
        env.reset(seed=seed)
        while not env.terminations[env.agent_selection]:
            state = env.unwrapped.state
            legal = duel_rules.legal_actions(state)
            twin = duel_determinize(state, state.current, rng)
            assert np.array_equal(duel_values(state, state.current, legal), duel_values(twin, state.current, legal))
            checked += 1
            env.step(int(rng.choice(legal)))
    assert checked > 100


class _Spy:
    """Wraps an engine: the true state may only be given to ``determinize``."""

    def __init__(self, inner, true_state):
        self.inner, self.true_state = inner, true_state
        self.simultaneous, self.num_players = inner.simultaneous, inner.num_players
        self.determinizations = 0

    def determinize(self, state, player, rng):
        self.determinizations += 1
        return self.inner.determinize(state, player, rng)

    def __getattr__(self, name):
        method = getattr(self.inner, name)

        def checked(state, *args):
            assert state is not self.true_state, f"the search called {name}() on the true state"
            return method(state, *args)
        return checked


@pytest.mark.parametrize("game, players", [("seven_wonders", 3), ("seven_wonders_duel", 2)])
def test_mcts_searches_only_determinizations(game, players):
    env = wonders_env.make(game, players, raw=True)
    env.reset(seed=2)
    rng = np.random.default_rng(0)
    for _ in range(12):  # into the game, where there is hidden information to peek at
        env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))
    # the Python reference search (the core's: tests/agents/test_core_search.py)
    agent = make_agent("mcts", game=game, seed=0, simulations=20, engine="python")
    state, player = env.unwrapped.state, seat_of(env.agent_selection)
    spy = _Spy(env.unwrapped.game, state)
    action = agent.search(spy, state, player)
    assert env.observe(env.agent_selection)["action_mask"][action]
    assert spy.determinizations == 21  # one for the root's legal moves, one per simulation


class _Sealed(dict):
    """The AEC env's buffer of this turn's choices, sealed: any read fails."""

    def _fail(self, *args, **kwargs):
        raise AssertionError("an agent read the other players' hidden choices")

    __getitem__ = __iter__ = __len__ = __contains__ = get = items = keys = values = copy = _fail


@pytest.mark.parametrize("name", BOTS)
def test_seven_wonders_agents_never_read_the_choices_already_made(name):
    skip_without_torch(name)
    env = wonders_env.make("seven_wonders", 4, raw=True)
    env.reset(seed=1)
    raw = env.unwrapped
    for _ in range(2):  # player_0 and player_1 choose; player_2 is to act
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    chosen = dict(raw._chosen)
    raw._chosen = _Sealed()
    try:
        action = make_agent(name, game="seven_wonders", seed=0, **CHEAP[name]).act(env)
    finally:
        raw._chosen = chosen
    env.step(action)


# ---------------------------------------------------------------- budgets and speed
def test_mcts_respects_its_budget():
    env = wonders_env.make("seven_wonders", 4, raw=True)
    env.reset(seed=0)
    agent = make_agent("mcts", game="seven_wonders", seed=0, simulations=7)
    agent.act(env)
    assert agent.last_simulations == 7
    agent = make_agent("mcts", game="seven_wonders", seed=0, simulations=None, time_limit=0.2)
    start = time.perf_counter()
    agent.act(env)
    elapsed = time.perf_counter() - start
    assert 0.2 <= elapsed < 0.2 + 0.5  # stops after the simulation running at the deadline
    assert agent.last_simulations >= 2


# ---------------------------------------------------------------- strength smoke tests
def test_duel_heuristic_beats_random():
    env = wonders_env.make("seven_wonders_duel", raw=True)
    wins = 0
    for seed in range(10):
        hero = seed % 2
        bots = [make_agent("heuristic" if s == hero else "random", game="duel", seed=seed) for s in range(2)]
        wins += hero in play_game(env, bots, 100 + seed).winners
    assert wins >= 8


def test_seven_wonders_heuristic_beats_three_random():
    env = wonders_env.make("seven_wonders", 4, raw=True)
    wins = 0
    for seed in range(8):
        hero = seed % 4
        bots = [make_agent("heuristic" if s == hero else "random", seed=seed * 4 + s) for s in range(4)]
        wins += hero in play_game(env, bots, 100 + seed).winners
    assert wins >= 6


@pytest.mark.parametrize("name", ["heuristic", "mcts"])
def test_an_agent_of_one_game_on_the_other_games_env_says_so(name):
    duel_agent = make_agent(name, game="seven_wonders_duel", seed=0)
    env = wonders_env.make("seven_wonders", 3, raw=True)
    env.reset(seed=0)
    with pytest.raises(ValueError, match=f"this {name} agent plays seven_wonders_duel .* "
                                         "but the env is seven_wonders_v0"):
        duel_agent.act(env)
    seven_wonders_agent = make_agent(name, game="seven_wonders", seed=0)
    duel = wonders_env.make("duel", raw=True)
    duel.reset(seed=0)
    with pytest.raises(ValueError, match="but the env is seven_wonders_duel_v0"):
        seven_wonders_agent.act(duel)
