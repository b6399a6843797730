"""Every core object shared by Python threads (DESIGN.md principle 16): batches, searchers, the
agents on them and the envs. Calls on one object run one at a time (the object's own lock; the
GIL is let go while the core works), so sharing never crashes the interpreter or corrupts a game;
a stale action is a ValueError like any illegal one. Separate objects stay parallel (the
speed figure is in benchmarks/README.md; here, only that they give the results they give alone).

Before the locks, two threads stepping one Duel batch segfaulted, and one searcher shared by two
threads aborted with a double free or hung.
"""

from __future__ import annotations

import os
import threading

import numpy as np
import pytest

from wonders_agents import make_agent
from wonders_agents.duel_heuristic import core_constants
from wonders_env import core, seven_wonders_duel_v0, seven_wonders_v0, vector
from wonders_env.duel.compiled import core_engine

ROUNDS = 200


def run_threads(*targets, timeout: float = 120.0) -> None:
    """Runs each target in its own thread, started together; re-raises the first error."""
    errors: list[BaseException] = []
    start = threading.Barrier(len(targets))

    def wrapped(target):
        try:
            start.wait()
            target()
        except BaseException as error:  # noqa: BLE001 - handed to the test's thread
            errors.append(error)

    threads = [threading.Thread(target=wrapped, args=(t,)) for t in targets]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout)
        assert not thread.is_alive(), "a thread hung on a shared core object"
    if errors:
        raise errors[0]


def consistent_batch(venv: vector.VectorEnv) -> None:
    """Every game of the batch stands at a decision: its mask has a legal action for each acting
    seat and none for the others."""
    obs, mask, to_act = venv.observations, venv.action_masks, venv.to_act
    assert to_act.any(axis=1).all()
    assert (mask.any(axis=2) == to_act).all()
    assert np.isfinite(obs).all()


@pytest.mark.parametrize("game, options", [("seven_wonders_duel", {}),
                                           ("seven_wonders", {"num_players": 4})])
def test_two_threads_stepping_one_batch(game, options):
    venv = vector.make(game, num_envs=64, seed=3, **options)
    venv.reset()
    stale = []

    def play():
        for _ in range(ROUNDS):
            try:
                venv.step(venv.sample_actions())
            except ValueError as error:  # the other thread moved first: the actions are stale
                assert "illegal action" in str(error) or "game" in str(error)
                stale.append(error)

    def restart():
        for round_ in range(ROUNDS):
            if round_ % 20 == 0:
                venv.reset()
            venv.finished_records()
            _ = venv.seeds

    run_threads(play, play, restart)
    consistent_batch(venv)
    venv.step(venv.sample_actions())  # still a working batch
    consistent_batch(venv)


def search_all(searcher, states, player_of, seed: int, reuse: bool = False) -> list[int]:
    return [searcher.search(s, player_of(s), seed, simulations=80, reuse=reuse)["action"] for s in states]


def duel_states(count: int) -> list:
    venv = vector.make("seven_wonders_duel", num_envs=count, seed=5)
    venv.reset()
    for _ in range(7):
        venv.step(venv.sample_actions())
    return [venv.core_state(i) for i in range(count)]


def seven_wonders_states(count: int):
    venv = vector.make("seven_wonders", num_envs=count, seed=5, num_players=3)
    venv.reset()
    for _ in range(4):
        venv.step(venv.sample_actions())
    return venv, [venv.core_state(i) for i in range(count)]


def test_one_duel_searcher_shared_by_threads_gives_each_search_its_own_result():
    states = duel_states(12)
    searcher = vector.make("seven_wonders_duel", num_envs=1).searcher()
    alone = search_all(searcher, states, lambda s: s.current, seed=9)
    results: dict[int, list[int]] = {}

    def search(k):
        return lambda: results.__setitem__(k, search_all(searcher, states, lambda s: s.current, seed=9))

    run_threads(*(search(k) for k in range(3)))
    assert all(result == alone for result in results.values())
    # with tree reuse (the default), threads hand the tree one game after another
    run_threads(*(lambda k=k: search_all(searcher, states[k::3] * 4, lambda s: s.current, k, True) for k in range(3)))


def test_one_seven_wonders_searcher_shared_by_threads_gives_each_search_its_own_result():
    venv, states = seven_wonders_states(6)
    searcher = venv.searcher()
    engine = venv._batch.game.engine  # the states' engine, for who acts

    def seat(state):
        return engine.acting_players(state)[0]

    alone = search_all(searcher, states, seat, seed=9)
    results: dict[int, list[int]] = {}

    def search(k):
        return lambda: results.__setitem__(k, search_all(searcher, states, seat, seed=9))

    run_threads(*(search(k) for k in range(3)))
    assert all(result == alone for result in results.values())


def test_a_duel_batch_searcher_and_heuristic_of_one_engine_run_at_once_as_alone():
    """The Duel Batch, Searcher and Heuristic are made from the Engine (each copy shares its tables):
    run at once on three threads, with the engine playing on a fourth, each gives what it gives alone."""
    engine, states = core_engine(), duel_states(6)
    heuristic = core.load().duel.Heuristic(engine, core_constants())
    searcher = core.load().duel.Searcher(engine)

    def batch_play() -> list:
        venv = vector.make("seven_wonders_duel", num_envs=8, seed=1)
        venv.reset()
        for _ in range(60):
            venv.step(venv.sample_actions())
        return [venv.observations.copy(), venv.seeds.copy()]

    def choices() -> list[int]:
        return [heuristic.choose(s, s.current, 4) for s in states]

    def engine_play() -> int:
        state = engine.new_game(3)
        return engine.play_random(state, 3)

    jobs = {"batch": batch_play, "search": lambda: search_all(searcher, states, lambda s: s.current, seed=9),
            "heuristic": choices, "engine": engine_play}
    alone = {name: job() for name, job in jobs.items()}
    together: dict[str, object] = {}
    run_threads(*(lambda name=name, job=job: together.__setitem__(name, job()) for name, job in jobs.items()))
    assert all(np.array_equal(a, b) for a, b in zip(together.pop("batch"), alone.pop("batch")))
    assert together == alone


def test_a_state_changed_by_one_thread_while_another_searches_it():
    """The search copies the state before it lets the GIL go: the caller's changes after that
    never reach it."""
    venv = vector.make("seven_wonders_duel", num_envs=1, seed=2)
    venv.reset()
    searcher = venv.searcher()
    state = venv.core_state(0)
    engine = core_engine()
    done = threading.Event()

    def search():
        for seed in range(30):
            if not state.is_over:
                try:
                    searcher.search(state, state.current, seed, simulations=50)
                except ValueError:  # the game ended or the seat changed between the check and the call
                    pass
        done.set()

    def play():
        rng = np.random.default_rng(0)
        while not done.is_set() and not state.is_over:
            engine.apply_actions(state, int(rng.choice(engine.legal_actions(state))))

    run_threads(search, play)


@pytest.mark.parametrize("game, make_env", [("duel", lambda: seven_wonders_duel_v0.env()),
                                            ("seven_wonders", lambda: seven_wonders_v0.env(num_players=3))])
def test_one_mcts_agent_acting_in_two_envs_from_two_threads(game, make_env):
    agent = make_agent("mcts", game=game, seed=0, simulations=30)

    def play(seed):
        def run():
            env = make_env()
            env.reset(seed=seed)
            for _ in env.agent_iter(max_iter=60):
                observation, _, termination, truncation, _ = env.last()
                if termination or truncation:
                    env.step(None)
                    continue
                action = agent.act(env)
                assert observation["action_mask"][action], "the shared agent chose an illegal move"
                env.step(action)
        return run

    run_threads(play(1), play(2))


@pytest.mark.filterwarnings("ignore:threads=3 is more than")
@pytest.mark.parametrize("game, options", [("seven_wonders_duel", {}),
                                           ("seven_wonders", {"num_players": 5, "payment": "choose"}),
                                           ("seven_wonders", {"num_players": 3, "edition": "2nd"})])
def test_a_batch_on_several_threads_plays_the_games_it_plays_on_one(game, options):
    """Every array, reward, record and seed is the same for any number of the core's threads."""
    batches = [vector.make(game, num_envs=37, seed=11, threads=threads, **options) for threads in (1, 3)]
    assert [b._batch.core_batch.threads for b in batches] == [1, 3]
    outputs = [b.reset() for b in batches]
    finished = 0
    for _ in range(400):
        actions = batches[0].sample_actions()
        outputs = [b.step(actions.copy()) for b in batches]
        for one, many in zip(*outputs):
            assert np.array_equal(one, many)
        records = batches[0].finished_records()
        assert records == batches[1].finished_records()
        finished += len(records)
    assert np.array_equal(batches[0].seeds, batches[1].seeds)
    assert finished > 37


@pytest.mark.filterwarnings("ignore:threads=")
@pytest.mark.parametrize("game, options", [("seven_wonders_duel", {}), ("seven_wonders", {"num_players": 3})])
def test_fewer_games_than_threads(game, options):
    """Threads with no game of their own: each finished game is reported once, in the step it ended."""
    batches = [vector.make(game, num_envs=2, seed=4, threads=threads, **options) for threads in (1, 5)]
    for batch in batches:
        batch.reset()
    seen = [[], []]
    for _ in range(300):
        actions = batches[0].sample_actions()
        for k, batch in enumerate(batches):
            batch.step(actions.copy())
            seen[k].append([record["seed"] for record in batch.finished_records()])
    assert seen[0] == seen[1]
    assert sum(map(len, seen[0])) >= 2


@pytest.mark.skipif(not hasattr(os, "fork"), reason="os.fork is POSIX only")
@pytest.mark.filterwarnings("ignore:threads=", "ignore:This process .* is multi-threaded")
def test_a_batch_with_threads_goes_on_in_a_forked_child():
    """A forked child has none of the batch's threads: it steps the games itself, to the same result."""
    venv = vector.make("seven_wonders_duel", num_envs=16, seed=2, threads=3)
    venv.reset()
    actions = venv.sample_actions()
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: step, report the observations' checksum, leave without cleanup
        try:
            venv.step(actions)
            os.write(writer, repr(float(venv.observations.sum())).encode())
        finally:
            os._exit(0)
    os.close(writer)
    _, status = os.waitpid(pid, 0)
    child = os.read(reader, 100).decode()
    os.close(reader)
    venv.step(actions)
    assert status == 0 and child == repr(float(venv.observations.sum()))


@pytest.mark.parametrize("threads, error", [(0, "threads must be an integer in 1-256"), (257, "threads"),
                                            (1.5, "threads"), (True, "threads")])
def test_bad_thread_counts_are_refused(threads, error):
    with pytest.raises(ValueError, match=error):
        vector.make("seven_wonders_duel", num_envs=2, threads=threads)


def test_more_threads_than_cores_is_a_warning():
    with pytest.warns(UserWarning, match="more than the .* CPU cores this process may use"):
        venv = vector.make("seven_wonders_duel", num_envs=4, threads=len(os.sched_getaffinity(0)) + 1)
    venv.reset()
    venv.step(venv.sample_actions())


@pytest.mark.parametrize("make_env", [lambda: seven_wonders_duel_v0.raw_env(),
                                      lambda: seven_wonders_v0.raw_env(num_players=3)])
def test_one_env_stepped_by_two_threads_stays_a_game(make_env):
    """Two threads racing on one env on the core: a move the other thread made stale is refused
    with the env's error (never a crash), and the game goes on playable afterwards."""
    env = make_env()
    env.reset(seed=4)
    refused = []

    def play(seed):
        def run():
            rng = np.random.default_rng(seed)
            for _ in range(150):
                if not env.agents:
                    return
                observation = env.observe(env.agent_selection)
                legal = np.flatnonzero(observation["action_mask"])
                try:
                    env.step(int(rng.choice(legal)) if len(legal) else None)
                except (ValueError, RuntimeError) as error:  # the other thread moved first, or ended the game
                    refused.append(error)
        return run

    run_threads(play(1), play(2))
    rng = np.random.default_rng(0)
    for _ in env.agent_iter(max_iter=2000):
        observation, _, termination, truncation, _ = env.last()
        if termination or truncation:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert env.unwrapped.game_record()["finished"]


@pytest.mark.parametrize("game", ["duel", "seven_wonders"])
def test_search_many_on_a_pool_gives_the_searches_one_by_one(game):
    """search_many runs a tick's searches on the pool's threads: each result is that of its
    searcher's own search with the same seed; a searcher given twice is refused."""
    if game == "duel":
        states, make = duel_states(9), lambda: vector.make("seven_wonders_duel", num_envs=1).searcher()
        module, players = core.load().duel, [s.current for s in states]
    else:
        venv, states = seven_wonders_states(6)
        engine = venv._batch.game.engine
        module, make, players = core.load().seven_wonders, venv.searcher, [engine.acting_players(s)[0] for s in states]
    seeds = list(range(100, 100 + len(states)))
    alone = [make().search(s, p, seed, simulations=60, reuse=False) for s, p, seed in zip(states, players, seeds)]
    pool = core.load().SearchPool(3)
    searchers = [make() for _ in states]
    many = module.search_many(pool, searchers, states, players, seeds, simulations=60, reuse=False)
    assert many["action"].tolist() == [result["action"] for result in alone]
    for row, result in enumerate(alone):
        for action, visits, mean, _ in result["edges"]:
            assert many["visits"][row, action] == visits
            assert many["means"][row, action] == pytest.approx(mean, rel=1e-6)
        assert many["visits"][row].sum() == sum(edge[1] for edge in result["edges"])
    assert (many["simulations"] == 60).all()
    with pytest.raises(ValueError, match="given twice"):
        module.search_many(pool, [searchers[0], searchers[0]], states[:2], players[:2], seeds[:2], simulations=10)
    with pytest.raises(ValueError, match="same length"):
        module.search_many(pool, searchers[:2], states[:1], players[:2], seeds[:2], simulations=10)
    with pytest.raises(TypeError, match="this game's core states"):
        module.search_many(pool, searchers[:2], [states[0], None], players[:2], seeds[:2], simulations=10)
    with pytest.raises(TypeError, match="this game's Searcher"):
        module.search_many(pool, [searchers[0], "searcher"], states[:2], players[:2], seeds[:2], simulations=10)
    with pytest.raises(ValueError, match="search 1: "):
        module.search_many(pool, searchers[:2], states[:2], [players[0], 9], seeds[:2],
                           simulations=10)


def batched_search(module, pool, searchers, states, players, seeds, sizes) -> dict:
    """A BatchedSearch to its end, the network a constant one: value 0.5, uniform priors."""
    obs, masks = np.zeros((len(states) * 4, sizes[0]), np.float32), np.zeros((len(states) * 4, sizes[1]), np.int8)
    search = module.BatchedSearch(pool, searchers, states, players, seeds, obs, masks, simulations=60, reuse=False)
    while rows := search.select(4):
        search.backup(np.full(rows, 0.5, np.float32), masks[:rows].astype(np.float32))
    return search.results()


@pytest.mark.parametrize("game", ["duel", "seven_wonders"])
def test_batched_searches_from_two_threads_give_their_results_alone_and_their_searchers_are_kept(game):
    """Two BatchedSearch objects stepped from two threads on one pool (select and backup let the
    GIL go) give the results each gives alone; a third thread searching with their searchers
    meanwhile is refused while a batched search holds them, and changes nothing."""
    if game == "duel":
        states, make = duel_states(8), lambda: vector.make("seven_wonders_duel", num_envs=1).searcher()
        module, players = core.load().duel, [s.current for s in states]
        venv = vector.make("seven_wonders_duel", num_envs=1)
    else:
        venv, states = seven_wonders_states(8)
        engine = venv._batch.game.engine
        module, make, players = core.load().seven_wonders, venv.searcher, [engine.acting_players(s)[0] for s in states]
    sizes = (venv.observation_size, venv.num_actions)
    halves = [slice(0, 4), slice(4, 8)]
    seeds = list(range(10, 18))
    pool = core.load().SearchPool(2)
    alone = [batched_search(module, pool, [make() for _ in range(4)], states[h], players[h], seeds[h], sizes)
             for h in halves]
    searchers = [[make() for _ in range(4)] for _ in halves]
    results = [None, None]

    def batched(k):
        return lambda: results.__setitem__(k, batched_search(module, pool, searchers[k], states[halves[k]],
                                                             players[halves[k]], seeds[halves[k]], sizes))

    def meddle():
        for round_ in range(40):
            k = round_ % 2
            try:
                searchers[k][0].search(states[4 * k], players[4 * k], 1, simulations=5, reuse=False)
            except ValueError as error:
                assert "searching in a BatchedSearch" in str(error)

    run_threads(batched(0), batched(1), meddle)
    for k in range(2):
        for key in ("action", "visits", "means", "simulations"):
            assert np.array_equal(results[k][key], alone[k][key]), (k, key)
