"""The stepwise search of many seats at once (``BatchedSearch``, core/common/search_bindings.hpp):
the network runs outside the core on every search's leaves in one pass. With one leaf a wave and
no virtual loss it is ``Searcher.search`` with the same network in C++; the same seed gives the
same result on any number of threads; virtual loss spreads a wave's leaves over distinct nodes;
finished games are scored without the network; bad arrays and bad network outputs are refused
before anything changes, and so is a construction with a searcher another search holds (that
search goes on; a free searcher keeps its tree).

A refusal that touched the searchers once made the running search's next select() loop forever in
C++ (the GIL let go, deaf to SIGINT): the tests that could hang so run in a subprocess with a
timeout."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="the network that the batched search asks for runs in torch")

from wonders_agents.az_agent import network_arrays  # noqa: E402
from wonders_agents.policy import MASKED_LOGIT, ActorCritic, PolicySpec  # noqa: E402
from wonders_env import core, vector  # noqa: E402

_core = core.load()


def network(venv: vector.VectorEnv, seed: int = 0) -> ActorCritic:
    torch.manual_seed(seed)
    model = ActorCritic(PolicySpec(venv.game, venv.observation_size, venv.num_actions, hidden=32))
    with torch.no_grad():  # priors that differ visibly between actions
        model.actor.weight.normal_(0, 1.0)
    return model.eval()


def evaluate(model: ActorCritic, obs: np.ndarray, masks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The values and masked-softmax priors of the rows, float32, as the search asks them."""
    with torch.no_grad():
        logits, value = model(torch.from_numpy(obs))
        priors = torch.softmax(logits.masked_fill(~torch.from_numpy(masks).bool(), MASKED_LOGIT), -1)
    return value.numpy().astype(np.float32), priors.numpy().astype(np.float32)


def positions(game: str, count: int, steps: int, seed: int = 5) -> tuple[vector.VectorEnv, list, list[int]]:
    """A batch, and its games' core states after `steps` random moves with the first acting seat of each."""
    venv = vector.make(game, num_envs=count, seed=seed, **({} if game == "seven_wonders_duel" else {"num_players": 4}))
    venv.reset()
    for _ in range(steps):
        venv.step(venv.sample_actions())
    seats = [int(np.flatnonzero(venv.to_act[g])[0]) for g in range(count)]
    return venv, [venv.core_state(g) for g in range(count)], seats


def module_of(venv: vector.VectorEnv):
    return _core.duel if venv.game == "seven_wonders_duel" else _core.seven_wonders


def arrays(venv: vector.VectorEnv, rows: int) -> tuple[np.ndarray, np.ndarray]:
    return np.zeros((rows, venv.observation_size), np.float32), np.zeros((rows, venv.num_actions), np.int8)


def batched(venv, states, seats, model, leaves=1, threads=1, searchers=None, **options) -> tuple[dict, list[int]]:
    """The batched search's results, and the rows of each wave."""
    searchers = searchers or [venv.searcher() for _ in states]
    obs, masks = arrays(venv, len(states) * leaves)
    search = module_of(venv).BatchedSearch(_core.SearchPool(threads), searchers, states, seats,
                                           list(range(50, 50 + len(states))), obs, masks, **options)
    waves = []
    while rows := search.select(leaves):
        waves.append(rows)
        search.backup(*evaluate(model, obs[:rows], masks[:rows]))
    return search.results(), waves


@pytest.mark.parametrize("game, steps", [("seven_wonders_duel", 6), ("seven_wonders", 3)])
@pytest.mark.parametrize("extra", [{}, {"root_noise": 0.25, "rollout_weight": 0.5, "widening": 1.0}])
def test_one_leaf_a_wave_without_virtual_loss_is_the_search_with_the_network_in_cpp(game, steps, extra):
    venv, states, seats = positions(game, 4, steps)
    model = network(venv)
    options = {"simulations": 120, "reuse": False, **extra}
    alone = []
    for state, seat, seed in zip(states, seats, range(50, 54)):
        searcher = venv.searcher()
        searcher.set_network(network_arrays(model))
        alone.append(searcher.search(state, seat, seed, **options))
    results, waves = batched(venv, states, seats, model, virtual_loss=0, **options)
    assert results["action"].tolist() == [result["action"] for result in alone]
    assert (results["simulations"] == 120).all()
    for row, result in enumerate(alone):  # the torch and C++ forward passes agree within float rounding
        for action, visits, mean, _ in result["edges"]:
            assert results["visits"][row, action] == visits
            assert results["means"][row, action] == pytest.approx(mean, abs=1e-5)
    assert max(waves) <= len(states)


@pytest.mark.parametrize("game, steps", [("seven_wonders_duel", 6), ("seven_wonders", 3)])
def test_the_same_seed_gives_the_same_result_on_any_number_of_threads(game, steps):
    venv, states, seats = positions(game, 6, steps)
    model = network(venv)
    first, waves = batched(venv, states, seats, model, leaves=8, simulations=100, root_noise=0.25)
    again, _ = batched(venv, states, seats, model, leaves=8, threads=3, simulations=100, root_noise=0.25)
    for key in ("action", "visits", "means", "simulations"):
        assert np.array_equal(first[key], again[key]), key
    assert (first["simulations"] == 100).all()
    assert max(waves) > len(states)  # several leaves a game in a wave
    assert len(waves) < 100


@pytest.mark.parametrize("loss", [0, 1, 3])
def test_a_wave_holds_distinct_leaves(loss):
    """The second wave of a Duel search: one new leaf under each root move until every move waits
    (then the wave ends), each a different position; the later waves fill up (their distinct nodes
    may be transpositions: the same position)."""
    venv, states, seats = positions("seven_wonders_duel", 1, 2)
    model = network(venv)
    obs, masks = arrays(venv, 16)
    search = _core.duel.BatchedSearch(_core.SearchPool(1), [venv.searcher()], states, seats, [1], obs, masks,
                                      simulations=200, virtual_loss=loss)
    assert search.select(16) == 1  # the root first, from the true state
    root_moves = int(masks[0].sum())
    search.backup(*evaluate(model, obs[:1], masks[:1]))
    waves = []
    while rows := search.select(16):
        if not waves:
            assert len({row.tobytes() for row in obs[:rows]}) == rows
        waves.append(rows)
        assert masks[:rows].any(axis=1).all()  # Duel: the player to move decides at every leaf
        search.backup(*evaluate(model, obs[:rows], masks[:rows]))
    assert waves[0] == min(16, root_moves)
    assert max(waves) == 16 and sum(waves) == 200
    assert search.results()["simulations"][0] == 200


def test_finished_games_are_scored_without_the_network():
    """Near the end of a Duel game many simulations end the game: those ask no row."""
    venv = vector.make("seven_wonders_duel", num_envs=1, seed=11)
    venv.reset()
    history = []
    while True:
        history.append(venv.core_state(0))
        if venv.step(venv.sample_actions())[4][0]:
            break
    state = history[-3]  # three moves before the end
    results, waves = batched(venv, [state], [state.current], network(venv), simulations=200)
    assert results["simulations"][0] == 200
    assert sum(waves) < 1 + 200


def test_bad_arrays_are_refused_with_what_is_allowed():
    venv, states, seats = positions("seven_wonders_duel", 2, 4)
    module, pool = _core.duel, _core.SearchPool(1)
    obs, masks = arrays(venv, 4)

    def make(o=obs, m=masks, searchers=None, **options):
        return module.BatchedSearch(pool, searchers or [venv.searcher(), venv.searcher()], states, seats, [1, 2],
                                    o, m, **{"simulations": 10, **options})

    with pytest.raises(ValueError, match="observations must be a numpy array of dtype float32, got float64"):
        make(o=obs.astype(np.float64))
    with pytest.raises(ValueError, match="masks must be a numpy array of dtype int8, got bool"):
        make(m=masks.astype(bool))
    with pytest.raises(ValueError, match=r"masks has shape \[3, 1202\], it must be \[4, 1202\]"):
        make(m=masks[:3])
    with pytest.raises(ValueError, match=r"observations has shape \[4, 10\], it must be \[rows, "):
        make(o=obs[:, :10].copy())
    with pytest.raises(ValueError, match="observations must be C-contiguous"):
        make(o=np.zeros((venv.observation_size, 4), np.float32).T)
    with pytest.raises(ValueError, match="simulations must be a positive integer"):
        make(simulations=0)
    with pytest.raises(ValueError, match="virtual_loss must be an integer in 0-1000"):
        make(virtual_loss=-1)
    search = make()
    with pytest.raises(ValueError, match="a wave of 2 searches x 3 leaves may need 6"):
        search.select(3)


def test_a_bad_backup_is_refused_and_changes_nothing():
    venv, states, seats = positions("seven_wonders_duel", 2, 4)
    model = network(venv)
    clean, _ = batched(venv, states, seats, model, leaves=4, simulations=40)
    obs, masks = arrays(venv, 8)
    search = _core.duel.BatchedSearch(_core.SearchPool(1), [venv.searcher(), venv.searcher()], states, seats,
                                      [50, 51], obs, masks, simulations=40)
    with pytest.raises(ValueError, match="no select"):
        search.backup(np.zeros(1, np.float32), np.zeros((1, venv.num_actions), np.float32))
    tried = 0
    while rows := search.select(4):
        with pytest.raises(ValueError, match="backup\\(\\) the .* rows of the last select\\(\\) first"):
            search.select(4)
        values, priors = evaluate(model, obs[:rows], masks[:rows])
        bad = [(values[:-1], priors), (values, priors[:, :-1].copy()), (values.astype(np.float64), priors),
               (np.full_like(values, np.nan), priors), (values, -priors), (values, np.zeros_like(priors))]
        messages = [r"values has shape \[\d+\], it must be", r"priors has shape \[\d+, 1201\], it must be",
                    "values must be a numpy array of dtype float32", r"values\[0\] is not finite",
                    r"priors\[0, \d+\] \(a legal action\) must be a finite number >= 0",
                    r"priors\[0\] must have a positive sum"]
        for (v, p), message in zip(bad, messages):
            with pytest.raises(ValueError, match=message):
                search.backup(v, p)
            tried += 1
        search.backup(values, priors)
    results = search.results()
    assert tried > 0
    for key in ("action", "visits", "means", "simulations"):
        assert np.array_equal(results[key], clean[key]), key


def test_a_searcher_is_kept_for_its_batched_search_until_the_results():
    venv, states, seats = positions("seven_wonders_duel", 1, 4)
    searcher = venv.searcher()
    obs, masks = arrays(venv, 1)
    search = _core.duel.BatchedSearch(_core.SearchPool(1), [searcher], states, seats, [1], obs, masks, simulations=5)
    with pytest.raises(ValueError, match="searching in a BatchedSearch"):
        searcher.search(states[0], seats[0], 1, simulations=5)
    with pytest.raises(ValueError, match="searching in a BatchedSearch"):
        _core.duel.BatchedSearch(_core.SearchPool(1), [searcher], states, seats, [1], obs, masks, simulations=5)
    with pytest.raises(ValueError, match="not finished"):
        search.results()
    del search  # given up: the searcher is free, its tree forgotten
    assert searcher.search(states[0], seats[0], 1, simulations=5)["simulations"] == 5
    results, _ = batched(venv, states, seats, network(venv), searchers=[searcher], simulations=5)
    assert results["simulations"][0] == 5
    assert searcher.search(states[0], seats[0], 1, simulations=5)["simulations"] == 5


# A Duel search of 2 seats stepped with a constant network (value 0.5, uniform priors); `finish`
# steps a search to its results; `clean` are the results of the same search left alone.
ISOLATED_PRELUDE = """
import numpy as np
from wonders_env import core, vector

_core = core.load()
venv = vector.make("seven_wonders_duel", num_envs=2, seed=5)
venv.reset()
for _ in range(4):
    venv.step(venv.sample_actions())
states = [venv.core_state(g) for g in range(2)]
seats = [int(np.flatnonzero(venv.to_act[g])[0]) for g in range(2)]
pool = _core.SearchPool(1)


def start(searchers, obs, masks):
    return _core.duel.BatchedSearch(pool, searchers, states, seats, [50, 51], obs, masks, simulations=40)


def arrays():
    return np.zeros((8, venv.observation_size), np.float32), np.zeros((8, venv.num_actions), np.int8)


def step(search, obs, masks):
    rows = search.select(4)
    if rows:
        search.backup(np.full(rows, 0.5, np.float32), masks[:rows].astype(np.float32))
    return rows


def finish(search, obs, masks):
    while step(search, obs, masks):
        pass
    return search.results()


def same(results, expected):
    for key in ("action", "visits", "means", "simulations"):
        assert np.array_equal(results[key], expected[key]), key


obs, masks = arrays()
clean = finish(start([venv.searcher(), venv.searcher()], obs, masks), obs, masks)
"""


def run_isolated(script: str, timeout: float = 60.0) -> None:
    """Runs ISOLATED_PRELUDE + script in a new interpreter; fails if it fails or does not end in time."""
    code = ISOLATED_PRELUDE + textwrap.dedent(script) + "\nprint('ended')\n"
    try:
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        done = None
    if done is None:
        pytest.fail(f"the search hung (killed after {timeout:.0f} s)")
    assert done.returncode == 0 and done.stdout.strip().endswith("ended"), done.stderr[-3000:]


def test_a_refused_construction_leaves_the_running_search_alone():
    run_isolated("""
        searchers = [venv.searcher(), venv.searcher()]
        obs, masks = arrays()
        search = start(searchers, obs, masks)


        def refused(taken):
            try:
                start(taken, *arrays())
            except ValueError as error:
                assert "searching in a BatchedSearch" in str(error), error
            else:
                raise AssertionError("a searcher of a running search was taken")


        refused([searchers[0], venv.searcher()])  # before its first wave
        assert step(search, obs, masks) > 0
        refused([venv.searcher(), searchers[1]])  # under way
        same(finish(search, obs, masks), clean)
    """)


def test_a_select_refused_for_its_arrays_changes_nothing():
    """Arrays made read-only or reshaped after the construction: select() refuses them before its
    wave; made right again, the search goes on to the results it gives alone."""
    run_isolated("""
        obs, masks = arrays()
        search = start([venv.searcher(), venv.searcher()], obs, masks)
        assert step(search, obs, masks) > 0
        for array, name in ((obs, "observations"), (masks, "masks")):
            array.flags.writeable = False
            try:
                search.select(4)
            except ValueError as error:
                assert str(error) == name + " must be writable", error
            else:
                raise AssertionError("select() wrote into a read-only array")
            array.flags.writeable = True
        obs.shape = (4, 2 * venv.observation_size)
        try:
            search.select(1)
        except ValueError as error:
            assert "observations has shape [4, " in str(error), error
        else:
            raise AssertionError("select() took reshaped observations")
        obs.shape = (8, venv.observation_size)
        same(finish(search, obs, masks), clean)
    """)


def test_a_refused_construction_keeps_a_free_searchers_tree():
    venv, states, seats = positions("seven_wonders_duel", 1, 4)
    busy, free = venv.searcher(), venv.searcher()
    free.search(states[0], seats[0], 1, simulations=30)
    tree = free.tree_size
    obs, masks = arrays(venv, 2)
    pool = _core.SearchPool(1)
    running = _core.duel.BatchedSearch(pool, [busy], states, seats, [1], obs[:1], masks[:1], simulations=5)
    with pytest.raises(ValueError, match="searching in a BatchedSearch"):
        _core.duel.BatchedSearch(pool, [free, busy], states * 2, seats * 2, [1, 2], obs, masks, simulations=5)
    assert tree > 0 and free.tree_size == tree
    del running
