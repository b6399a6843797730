"""The ``az`` agent and the network-guided C++ search (``Searcher.set_network``).

The C++ forward pass equals the torch network's (priors at the root, value at a leaf, clamped to
[0, 1]); the search with a network never reads hidden information; the agent plays legal moves
on either env engine, reproducibly for a seed; bad files, budgets and tables are refused. The
shipped networks' strength is in benchmarks/README.md, not here.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="the az agent reads its network with torch (the train extra)")

from search_cases import duel_hidden_twins, duel_position, play_moves, seven_wonders_hidden_twins  # noqa: E402
from wonders_agents import make_agent  # noqa: E402
from wonders_agents.az_agent import network_arrays  # noqa: E402
from wonders_agents.policy import MASKED_LOGIT, ActorCritic, CheckpointError, PolicySpec, save_policy  # noqa: E402
from wonders_env import core, seven_wonders_duel_v0, seven_wonders_v0  # noqa: E402
from wonders_env.duel.compiled import CompiledDuel, core_engine  # noqa: E402
from wonders_env.seven_wonders.compiled import CompiledSevenWonders  # noqa: E402

_core = core.load()


def _network(game: str, obs_size: int, num_actions: int, seed: int = 0) -> ActorCritic:
    torch.manual_seed(seed)
    model = ActorCritic(PolicySpec(game, obs_size, num_actions, hidden=16))
    with torch.no_grad():  # priors that differ visibly between actions
        model.actor.weight.normal_(0, 1.0)
    return model.eval()


def _az_file(tmp_path: Path, game: str, obs_size: int, num_actions: int, **metadata) -> Path:
    path = tmp_path / f"az_{game}.pt"
    save_policy(_network(game, obs_size, num_actions), path, {"agent": "az", **metadata})
    return path


@pytest.fixture
def duel_file(tmp_path):
    return _az_file(tmp_path, "seven_wonders_duel", CompiledDuel().observation_size, CompiledDuel().num_actions)


@pytest.fixture
def seven_wonders_file(tmp_path):
    game = CompiledSevenWonders(4)
    return _az_file(tmp_path, "seven_wonders", game.observation_size, game.num_actions, payment="cheapest")


def _torch_priors(model: ActorCritic, obs: np.ndarray, legal: list[int]) -> dict[int, float]:
    with torch.no_grad():
        logits, _ = model(torch.as_tensor(obs).unsqueeze(0))
    mask = torch.zeros(logits.shape[-1], dtype=torch.bool)
    mask[legal] = True
    probs = torch.softmax(logits[0].masked_fill(~mask, MASKED_LOGIT), -1)
    return {a: float(probs[a]) for a in legal}


def _duel_case():
    game, state = duel_position(3, 12)
    return game, state, state.core, state.core.current, _core.duel.Searcher(core_engine())


def _seven_wonders_case():
    game = CompiledSevenWonders(5)
    state = game.new_game(2)
    return game, state, state, 3, _core.seven_wonders.Searcher(game.engine)


@pytest.mark.parametrize("case", [_duel_case, _seven_wonders_case], ids=["duel", "seven_wonders"])
def test_the_root_priors_are_the_networks_policy(case):
    """(engine, state, its core state, the deciding player, a searcher) of each game."""
    game, state, core_state, me, searcher = case()
    model = _network(game.name, game.observation_size, game.num_actions)
    searcher.set_network(network_arrays(model))
    result = searcher.search(core_state, me, 0, simulations=1)
    legal = game.legal_actions(state, me)
    expected = _torch_priors(model, game.encode_observation(state, me), legal)
    assert {a: p for a, _, _, p in result["edges"]} == pytest.approx(expected, rel=1e-4, abs=1e-6)


@pytest.mark.parametrize("case", [_duel_case, _seven_wonders_case], ids=["duel", "seven_wonders"])
def test_a_given_root_prior_is_mixed_into_the_networks_by_its_weight(case):
    """root_prior_weight m: (1 - m) x the network's policy + m x the given weights normalised;
    1, the default, replaces the network's."""
    game, state, core_state, me, searcher = case()
    model = _network(game.name, game.observation_size, game.num_actions)
    searcher.set_network(network_arrays(model))
    legal = game.legal_actions(state, me)
    given = [float(i + 1) for i in range(len(legal))]
    network = _torch_priors(model, game.encode_observation(state, me), legal)

    def root_priors(**options) -> dict[int, float]:
        result = searcher.search(core_state, me, 0, simulations=1, reuse=False, root_actions=legal,
                                 root_priors=given, **options)
        return {a: p for a, _, _, p in result["edges"]}

    for m in (0.0, 0.25, 1.0):
        expected = {a: (1 - m) * network[a] + m * g / sum(given) for a, g in zip(legal, given)}
        assert root_priors(root_prior_weight=m) == pytest.approx(expected, rel=1e-4, abs=1e-6)
    assert root_priors() == root_priors(root_prior_weight=1.0)
    with pytest.raises(ValueError, match=r"root_prior_weight must be in \[0, 1\]"):
        root_priors(root_prior_weight=1.5)


def test_heuristic_root_weight_mixes_mcts_root_prior_into_the_networks(duel_file):
    """The az agent's root priors: the network's at 0, mcts's heuristic softmax at 1, their
    average at 0.5."""
    game, state = duel_position(3, 12)
    me = state.core.current

    def root_priors(name: str, **options) -> dict[int, float]:
        agent = make_agent(name, game="duel", seed=0, simulations=1, **options)
        agent.search(game, state, me)
        return {a: p for a, _, _, p in agent.core.last["edges"]}

    network = root_priors("az", path=duel_file)
    heuristic = root_priors("mcts")
    assert network.keys() == heuristic.keys() and network != pytest.approx(heuristic)
    assert root_priors("az", path=duel_file, heuristic_root_weight=1.0) == pytest.approx(heuristic, abs=1e-6)
    half = {a: (network[a] + heuristic[a]) / 2 for a in network}
    assert root_priors("az", path=duel_file, heuristic_root_weight=0.5) == pytest.approx(half, rel=1e-4, abs=1e-6)

def _first_leaf_value(bias: float, seed: int = 0, **options) -> float:
    """The return backed up to player 0 by one simulation from Duel's first decision (player 0
    takes a wonder, then player 1 decides), with a network whose value is the constant ``bias``."""
    game = CompiledDuel()
    model = _network("seven_wonders_duel", game.observation_size, game.num_actions)
    with torch.no_grad():
        model.critic.weight.zero_()
        model.critic.bias.fill_(bias)
    searcher = _core.duel.Searcher(core_engine())
    searcher.set_network(network_arrays(model))
    result = searcher.search(game.new_game(0).core, 0, seed, simulations=1, **options)
    visited = [(visits, mean) for _, visits, mean, _ in result["edges"] if visits]
    assert len(visited) == 1 and visited[0][0] == 1
    return visited[0][1]


@pytest.mark.parametrize("bias, value", [(0.8, 0.8), (5.0, 1.0), (-3.0, 0.0)])
def test_a_leaf_is_valued_by_the_network_clamped_to_0_1(bias, value):
    """The leaf is valued for player 1, who decides there (the critic's bias, clamped); player 0
    gets 1 - v."""
    assert _first_leaf_value(bias) == pytest.approx(1 - value)


def test_rollout_weight_mixes_play_outs_into_the_leaf_value():
    """Half the network's 0.5 and half a play-out's return: the play-outs of different seeds end
    differently, the network alone would give 0.5 every time."""
    mixed = {round(_first_leaf_value(0.5, seed, rollout_weight=0.5), 6) for seed in range(8)}
    assert len(mixed) > 1 and all(0.25 <= m <= 0.75 for m in mixed)
    assert {round(_first_leaf_value(0.5, seed), 6) for seed in range(3)} == {0.5}


def test_network_depth_limits_the_network_to_the_top_of_the_tree():
    """The one leaf of a first simulation lies one move below the root: with network_depth 1 it is
    valued by a play-out (the returns differ between seeds), with 2 by the network's constant 0.5;
    the root's priors are the network's either way, the nodes below it are expanded by the cheap
    rule at depth 1, and a depth no game reaches is no limit."""
    below = {round(_first_leaf_value(0.5, seed, network_depth=1), 6) for seed in range(8)}
    assert len(below) > 1
    assert {round(_first_leaf_value(0.5, seed, network_depth=2), 6) for seed in range(3)} == {0.5}

    game, state = duel_position(4, 6)
    me = state.core.current
    searcher = _core.duel.Searcher(core_engine())
    searcher.set_network(network_arrays(_network("seven_wonders_duel", game.observation_size, game.num_actions)))
    full, root_only, unreached = (searcher.search(state.core, me, 3, simulations=300, reuse=False, network_depth=depth)
                                  for depth in (0, 1, 1000))
    assert unreached == full
    assert {a: p for a, _, _, p in root_only["edges"]} == {a: p for a, _, _, p in full["edges"]}
    assert [(a, v) for a, v, _, _ in root_only["edges"]] != [(a, v) for a, v, _, _ in full["edges"]]
    # with play-outs as every leaf's value, only the priors below the root can tell the depths apart
    priors_only = [searcher.search(state.core, me, 3, simulations=300, reuse=False, rollout_weight=1.0,
                                   network_depth=depth)["edges"] for depth in (0, 1)]
    assert [(a, v) for a, v, _, _ in priors_only[0]] != [(a, v) for a, v, _, _ in priors_only[1]]
    with pytest.raises(ValueError, match="network_depth must be an integer >= 0"):
        searcher.search(state.core, me, 3, simulations=10, network_depth=-1)


def test_root_noise_changes_the_root_priors_and_keeps_their_sum():
    game, state = duel_position(4, 6)
    me = state.core.current
    model = _network("seven_wonders_duel", game.observation_size, game.num_actions)
    searcher = _core.duel.Searcher(core_engine())
    searcher.set_network(network_arrays(model))
    plain = {a: p for a, _, _, p in searcher.search(state.core, me, 1, simulations=1, reuse=False)["edges"]}
    noisy = {a: p for a, _, _, p in searcher.search(state.core, me, 1, simulations=1, reuse=False,
                                                     root_noise=0.5)["edges"]}
    assert sum(noisy.values()) == pytest.approx(1.0, abs=1e-5)
    assert noisy.keys() == plain.keys() and noisy != pytest.approx(plain)


def _searches_with_a_network(make_searcher, game, states, player: int, seed: int, simulations: int) -> list:
    """A search of each state by a new searcher with the same random network."""
    arrays = network_arrays(_network(game.name, game.observation_size, game.num_actions))
    results = []
    for s in states:
        searcher = make_searcher()
        searcher.set_network(arrays)
        results.append(searcher.search(s, player, seed, simulations=simulations))
    return results


def test_the_network_search_never_reads_hidden_cards():
    game, state, twin, player = duel_hidden_twins()
    assert game.engine.export_state(twin)["deals"] != game.engine.export_state(state)["deals"]
    results = _searches_with_a_network(lambda: _core.duel.Searcher(core_engine()), game, (state, twin), player, 77, 300)
    assert results[0] == results[1]

    game, state, twin, player = seven_wonders_hidden_twins(3)
    assert twin.hand((player + 1) % 3) != state.hand((player + 1) % 3)
    results = _searches_with_a_network(lambda: _core.seven_wonders.Searcher(game.engine), game, (state, twin),
                                       player, 5, 200)
    assert results[0] == results[1]


def test_a_network_of_the_wrong_shape_is_refused_with_the_sizes():
    game = CompiledSevenWonders(4, edition="2nd")
    searcher = _core.seven_wonders.Searcher(game.engine)
    first = CompiledSevenWonders(4)
    arrays = network_arrays(_network("seven_wonders", first.observation_size, first.num_actions))
    with pytest.raises(ValueError, match=rf"trunk.0.weight has shape \[16, {first.observation_size}\], this game "
                                         rf"needs \[16, {game.observation_size}\]"):
        searcher.set_network(arrays)
    assert not searcher.has_network
    with pytest.raises(ValueError, match="8 arrays"):
        searcher.set_network(arrays[:5])
    broken = list(arrays)
    broken[4] = broken[4].copy()
    broken[4][0, 0] = np.inf
    searcher = _core.seven_wonders.Searcher(first.engine)
    with pytest.raises(ValueError, match="actor.weight holds a value that is not finite"):
        searcher.set_network(broken)
    searcher.set_network(arrays)
    assert searcher.has_network
    searcher.set_network(None)
    assert not searcher.has_network


@pytest.mark.parametrize("engine", ["core", "python"])
def test_az_plays_a_whole_duel_on_either_env_engine(duel_file, engine):
    env = seven_wonders_duel_v0.env(engine=engine)
    env.reset(seed=3)
    agents = {"player_0": make_agent("az", game="duel", seed=0, simulations=30, path=duel_file),
              "player_1": make_agent("random", game="duel", seed=1)}
    play_moves(env, agents)
    assert env.unwrapped.game_record()["finished"]


@pytest.mark.parametrize("players", [3, 6])
def test_one_network_plays_every_player_count(seven_wonders_file, players):
    env = seven_wonders_v0.env(num_players=players)
    env.reset(seed=players)
    agents = {name: make_agent("az", game="seven_wonders", seed=i, simulations=20, path=seven_wonders_file)
              for i, name in enumerate(env.possible_agents)}
    assert len(play_moves(env, agents, 3 * players)) == 3 * players


def test_az_is_reproducible_with_a_simulation_budget(duel_file):
    runs = []
    for _ in range(2):
        env = seven_wonders_duel_v0.env()
        env.reset(seed=9)
        agents = {name: make_agent("az", game="duel", seed=3 + i, simulations=40, path=duel_file)
                  for i, name in enumerate(env.possible_agents)}
        runs.append(play_moves(env, agents, 14))
    assert runs[0] == runs[1]


def test_az_takes_one_second_a_move_by_default(duel_file):
    agent = make_agent("az", game="duel", path=duel_file)
    assert agent.core.options["time_limit"] == 1.0 and agent.core.options["simulations"] == 0


@pytest.mark.parametrize("options, message", [
    ({"time_limit": 0}, "time_limit must be a positive number"),
    ({"time_limit": -2.0}, "time_limit must be a positive number"),
    ({"simulations": 0}, "simulations must be a positive integer"),
    ({"simulations": 2.5}, "simulations must be a positive integer"),
    ({"simulations": True}, "simulations must be a positive integer"),
    ({"simulations": 5, "rollout_weight": 1.5}, "rollout_weight must be a number in"),
    ({"simulations": 5, "network_depth": -1}, "network_depth must be an integer >= 0"),
    ({"simulations": 5, "network_depth": 1.5}, "network_depth must be an integer >= 0"),
    ({"simulations": 5, "network_depth": True}, "network_depth must be an integer >= 0"),
    ({"simulations": 5, "heuristic_root_weight": -0.1}, "heuristic_root_weight must be a number in"),
    ({"simulations": 5, "heuristic_root_weight": True}, "heuristic_root_weight must be a number in"),
    ({"time_limit": 2e6}, r"time_limit must be a positive number of seconds \(at most 1e6\)"),
    ({"simulations": 5, "exploration": -0.5}, "exploration must be a finite number >= 0"),
    ({"simulations": 5, "widening": float("inf")}, "widening must be a finite number >= 0"),
])
def test_bad_budgets_are_refused(duel_file, options, message):
    with pytest.raises(ValueError, match=message):
        make_agent("az", game="duel", path=duel_file, **options)


def test_numpy_numbers_are_options_like_any_other(duel_file):
    agent = make_agent("az", game="duel", path=duel_file, simulations=np.int64(5), time_limit=np.float32(0.5),
                       rollout_weight=np.float32(0.5), exploration=np.float64(2))
    assert agent.core.options["rollout_weight"] == 0.5 and agent.core.options["exploration"] == 2.0


def test_files_that_are_not_an_az_network_of_the_game_are_refused(tmp_path, duel_file):
    ppo = Path(__file__).resolve().parents[2] / "agents" / "policies" / "ppo_seven_wonders_duel.pt"
    with pytest.raises(CheckpointError, match="a ppo policy, not an az network"):
        make_agent("az", game="duel", path=ppo)
    with pytest.raises(CheckpointError, match="not for 'seven_wonders'"):
        make_agent("az", game="seven_wonders", path=duel_file)
    with pytest.raises(CheckpointError):
        make_agent("az", game="duel", path=tmp_path / "missing.pt")


def test_a_table_the_network_was_not_trained_for_is_refused(seven_wonders_file, duel_file):
    agent = make_agent("az", game="seven_wonders", simulations=5, path=seven_wonders_file)
    second = seven_wonders_v0.env(num_players=4, edition="2nd")
    second.reset(seed=0)
    with pytest.raises(ValueError, match="expects observations of size"):
        agent.check_env(second)
    choose = seven_wonders_v0.env(num_players=4, payment="choose")
    choose.reset(seed=0)
    with pytest.raises(ValueError, match="payment='cheapest'"):
        agent.act(choose)
    duel = seven_wonders_duel_v0.env()
    duel.reset(seed=0)
    with pytest.raises(ValueError, match="plays seven_wonders"):
        agent.act(duel)
