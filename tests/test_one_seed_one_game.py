"""One seed, one game everywhere: the Python engines deal exactly what the core deals (their
generator, :mod:`wonders_env.deal_rng`, mirrors ``core/common/rng.hpp``), so a seed plays the same
game in the envs (both engines, AEC and parallel) and in ``vector`` batches, and a batch's record
replays in the env (the web app's replay: ``tests/web/test_vector_records_replay.py``)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from wonders_env import _core, seven_wonders_duel_v0, seven_wonders_v0, vector
from wonders_env.deal_rng import DealRng
from wonders_env.duel.compiled import core_tables as duel_tables
from wonders_env.duel.state import new_game as new_duel_game
from wonders_env.seven_wonders.cards import database
from wonders_env.registry import make as make_env, make_engine
from wonders_env.seven_wonders.compiled import CompiledSevenWonders, deal_of
from wonders_env.seven_wonders.state import new_game as new_seven_wonders_game
from wonders_web.replay import RecordError, rebuild

ENVS = [seven_wonders_duel_v0.raw_env, seven_wonders_v0.raw_env, seven_wonders_v0.raw_parallel_env]
# seeds 0-999, the largest seed and 64-bit seeds from everywhere in the range
SEEDS = [*range(1000), 2**64 - 1, 2**63, *np.random.default_rng(35).integers(0, 2**64, 2000, np.uint64).tolist()]


def test_the_generator_draws_what_the_cores_draws():
    """Values printed by a C++ program that includes ``core/common/rng.hpp``: splitmix64's outputs,
    ``below`` with its rejections (17 and 11 draws for 8 values) and a shuffle."""
    rng = DealRng(0)
    assert [rng.next() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    rng = DealRng(7)
    assert [rng.below(2**31 + 1) for _ in range(8)] == [36052587, 1934368832, 1251833272, 1004921424, 704539432,
                                                         222393293, 1871170706, 1888956032]
    assert rng.next() == 0x538C6A0CDA7326C7
    rng = DealRng(2**64 - 1)
    assert [rng.below(4_000_000_000) for _ in range(8)] == [3650388813, 877927850, 2822282595, 3298686441,
                                                             3770457498, 1005715422, 48725364, 57751795]
    items = list(range(10))
    DealRng(42).shuffle(items)
    assert items == [8, 3, 6, 5, 4, 0, 9, 2, 1, 7]


@pytest.mark.parametrize("seed", [-1, 2**64, 1.5, True, "3", None])
def test_a_seed_is_an_integer_of_64_bits(seed):
    with pytest.raises(TypeError, match="seed must be an integer in 0-18446744073709551615"):
        DealRng(seed)


@pytest.mark.parametrize("make", ENVS)
@pytest.mark.parametrize("engine", ["core", "python"])
def test_the_envs_refuse_seeds_the_core_cannot_take(make, engine):
    env = make(engine=engine)
    for seed in (-1, 2**64):
        with pytest.raises(TypeError, match="seed must be an integer"):
            env.reset(seed=seed)
    env.reset(seed=np.uint64(2**64 - 1))
    assert env.unwrapped.game_record()["seed"] == 2**64 - 1 and type(env.unwrapped.game_record()["seed"]) is int


def test_duel_deals_are_the_cores_for_thousands_of_seeds():
    engine = _core.duel.Engine(duel_tables())
    for seed in SEEDS:
        state = new_duel_game(seed)
        dealt = engine.export_state(engine.new_game(seed))
        assert (state.wonder_order, state.token_order, state.deals, state.boxed) == \
            (list(dealt["wonder_order"]), list(dealt["token_order"]), [list(cards) for cards in dealt["deals"]],
             [list(cards) for cards in dealt["boxed"]]), f"seed {seed}"


def seven_wonders_tables() -> list[dict]:
    """Every player count of both editions, with sides drawn, fixed or mixed, and boards drawn or
    fixed, in both payment modes."""
    tables = []
    for edition, fewest in (("1st", 2), ("2nd", 3)):
        names = database(edition).sides_names
        for num_players in range(fewest, 8):
            seats = max(num_players, 3)
            mixed = ["random", names[1], "random", names[0], names[1], "random", names[0]][:seats]
            cities = list(reversed(database(edition).cities))[:seats]
            tables += [{"num_players": num_players, "edition": edition, "wonder_sides": sides, "payment": payment}
                       for sides, payment in (("random", "cheapest"), (names[0], "choose"), (names[1], "cheapest"),
                                              (mixed, "cheapest"))]
            tables.append({"num_players": num_players, "edition": edition, "wonders": cities})
    return tables


@pytest.mark.parametrize("table", seven_wonders_tables(), ids=repr)
def test_seven_wonders_deals_are_the_cores(table):
    """Wonders, sides, every Age deck in order and the boxed guilds, seed by seed."""
    core = CompiledSevenWonders(**table).engine
    for seed in SEEDS[:200] + SEEDS[-100:]:
        assert deal_of(new_seven_wonders_game(seed=seed, **table)) == core.draw_deal(seed), f"seed {seed}"


def play_batch(venv, games: int) -> list[tuple[dict, list[dict[int, int]]]]:
    """Random play until ``games`` games ended: each game's record and its moves, a ``{seat:
    action}`` per step."""
    venv.reset()
    moves: list[list[dict[int, int]]] = [[] for _ in range(venv.num_envs)]
    finished = []
    while len(finished) < games:
        to_act = venv.to_act.copy()
        actions = venv.sample_actions()
        terminated = venv.step(actions)[-1]
        for i in range(venv.num_envs):
            moves[i].append({int(seat): int(actions[i, seat]) for seat in np.flatnonzero(to_act[i])})
        for record, i in zip(venv.finished_records(), np.flatnonzero(terminated)):
            finished.append((record, moves[i]))
            moves[i] = []
    return finished


def replay_aec(env, seed: int, moves: list[dict[int, int]]) -> dict:
    env.reset(seed=seed)
    for turn in moves:
        for _ in turn:
            env.step(turn[int(env.agent_selection.rsplit("_", 1)[1])])
    return env.game_record()


def replay_parallel(env, seed: int, moves: list[dict[int, int]]) -> dict:
    env.reset(seed=seed)
    for turn in moves:
        env.step({f"player_{seat}": action for seat, action in turn.items()})
    return env.game_record()


@pytest.mark.parametrize("engine", ["core", "python"])
def test_a_duel_batch_record_replays_in_the_env(engine):
    """The env dealt the record's seed plays the batch's moves to the same record (scores included)."""
    env = seven_wonders_duel_v0.raw_env(engine=engine)
    for record, moves in play_batch(vector.make("seven_wonders_duel", num_envs=3, seed=2**64 - 5), 4):
        assert record["finished"]
        assert replay_aec(env, record["seed"], moves) == record


@pytest.mark.parametrize("engine", ["core", "python"])
@pytest.mark.parametrize("options", [{"num_players": 2}, {"num_players": 4, "payment": "choose"},
                                     {"num_players": 5, "edition": "2nd", "wonder_sides": "Night"}], ids=repr)
def test_a_seven_wonders_batch_record_replays_in_the_aec_and_parallel_envs(options, engine):
    aec = seven_wonders_v0.raw_env(engine=engine, **options)
    parallel = seven_wonders_v0.raw_parallel_env(engine=engine, **options)
    for record, moves in play_batch(vector.make("seven_wonders", num_envs=2, seed=33, **options), 2):
        assert record["finished"]
        assert replay_aec(aec, record["seed"], moves) == record
        assert replay_parallel(parallel, record["seed"], moves) == record


@pytest.mark.parametrize("make", ENVS)
def test_a_reset_without_seed_records_a_seed_that_deals_its_game_again(make):
    """The seed drawn from the env's generator is kept in the record and deals the same game on
    either engine; the generator is the one ``reset(seed=...)`` seeded, so the next seeds repeat."""
    first, again = make(engine="core"), make(engine="python")
    first.reset(seed=8)
    again.reset(seed=8)
    for _ in range(3):
        first.reset()
        seed = first.game_record()["seed"]
        again.reset()
        assert again.game_record()["seed"] == seed
        replay = make(engine="python")
        replay.reset(seed=seed)
        for env in (again, replay):
            for agent in first.possible_agents:
                np.testing.assert_array_equal(env.observe(agent)["observation"], first.observe(agent)["observation"])


GAMES = {"seven_wonders_duel": {}, "seven_wonders": {"num_players": 3}}


def played_env(game: str, engine: str, seed: int, moves: int, **options):
    """A raw env of ``game`` dealt ``seed``, after ``moves`` random moves and on to the end of a turn."""
    env = make_env(game, raw=True, engine=engine, **GAMES[game], **options)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for step in itertools.count():
        if step >= moves and env.unwrapped.state.log and not pending_choices(env):
            return env
        env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))


def pending_choices(env) -> bool:
    """Whether a 7 Wonders turn is half chosen (the AEC env buffers the choices of its first seats)."""
    return bool(getattr(env.unwrapped, "_chosen", None))


@pytest.mark.parametrize("engine", ["core", "python"])
@pytest.mark.parametrize("game", GAMES)
def test_a_determinized_state_has_no_seed_and_its_record_is_not_replayed(game, engine):
    """Its hidden deal is redrawn, so its seed would deal another game: the env assigned it records
    ``seed: null``, which the web app's replay refuses saying why."""
    env = played_env(game, engine, 5, 6)
    assert env.unwrapped.game_record()["seed"] == 5
    guess = env.unwrapped.game.determinize(env.unwrapped.state, 0, np.random.default_rng(0))
    assert guess.seed is None
    env.state = guess
    record = env.unwrapped.game_record()
    assert record["seed"] is None
    with pytest.raises(RecordError, match="no seed .*determinized or hand-made position.* not replayed"):
        rebuild(record)


@pytest.mark.parametrize("source", ["core", "python"])
@pytest.mark.parametrize("game", GAMES)
def test_the_core_refuses_a_state_changed_by_hand_naming_the_field(game, source):
    """Both games alike: the core replays the state's moves from its seed's deal and compares."""
    env = played_env(game, source, 6, 6)
    state = env.unwrapped.state
    changed = env.unwrapped.game.to_python(state) if source == "core" else state.clone()
    changed.coins[0] = 40
    core = make_env(game, raw=True, engine="core", **GAMES[game])
    core.reset(seed=6)
    with pytest.raises(ValueError, match="the core cannot take this .*state: .*seed 6's deal.* coins"):
        core.state = changed
    assert core.unwrapped.game_record()["actions"] == []  # nothing changed
    core.state = state  # the state as played is taken, with its seed
    assert core.unwrapped.game_record() == env.unwrapped.game_record()


@pytest.mark.parametrize("game", GAMES)
def test_both_core_engines_to_python_is_a_python_engine_copy(game):
    """``to_python`` means the same in both games: a Python engine state equal to the core's, which
    the Python engine plays on and which changes without changing the core's."""
    env = played_env(game, "core", 8, 5)
    state, python = env.unwrapped.state, make_engine(game, "python", **GAMES[game])
    before, coins = env.unwrapped.game_record(), list(state.coins)
    copy = env.unwrapped.game.to_python(state)
    assert type(copy) is type(python.new_game(8))
    assert python.game_record(copy) == before
    copy.coins[0] += 5
    python.apply_actions(copy, {p: python.legal_actions(copy, p)[0] for p in python.acting_players(copy)})
    assert env.unwrapped.game_record() == before and list(state.coins) == coins != list(copy.coins)


@pytest.mark.parametrize("game", GAMES)
def test_the_core_refuses_a_state_whose_deal_is_not_its_seeds(game):
    """A card of a later Age swapped in the deal (nothing played shows it): not its seed's game."""
    state = played_env(game, "python", 7, 4).state.clone()
    if game == "seven_wonders_duel":
        state.deals[2][0], state.deals[2][1] = state.deals[2][1], state.deals[2][0]
        field = "deals"
    else:
        state.decks[3][0], state.decks[3][1] = state.decks[3][1], state.decks[3][0]
        field = "decks"
    core = make_env(game, raw=True, engine="core", **GAMES[game])
    with pytest.raises(ValueError, match=f"seed 7's deal.* {field}"):
        core.state = state
    state.seed = None  # a position that no seed deals: taken as it is, and its record has no seed
    core.state = state
    assert core.unwrapped.game_record()["seed"] is None


def test_the_core_takes_a_seven_wonders_state_dealt_with_other_board_options():
    """The seed's deal depends on the boards asked for: the boards and sides given or drawn are tried."""
    for options in ({"wonders": ["Rhodes", "Giza", "Ephesus"]}, {"wonder_sides": "B"},
                    {"wonders": ["Babylon", "Olympia", "Giza"], "wonder_sides": ["A", "B", "A"]}):
        env = played_env("seven_wonders", "python", 8, 5, **options)
        core = make_env("seven_wonders", raw=True, engine="core", num_players=3)
        core.state = env.state
        assert core.unwrapped.game_record() == env.unwrapped.game_record()
