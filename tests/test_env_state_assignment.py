"""An assigned state defines everything the env reports (agents, agent_selection, masks,
terminations, truncations, rewards, infos), for both games and both engines, on the raw envs and
the wrapped ones; a state of another game or other options is refused and changes nothing."""

import numpy as np
import pytest

from wonders_env import seven_wonders_duel_v0, seven_wonders_v0

ENGINES = ("core", "python")
TABLES = {  # name -> (env module, options)
    "seven_wonders_duel": (seven_wonders_duel_v0, {}),
    "seven_wonders": (seven_wonders_v0, {"num_players": 3}),
    "seven_wonders_free_city": (seven_wonders_v0, {"num_players": 2}),
    "seven_wonders_choose": (seven_wonders_v0, {"num_players": 4, "payment": "choose"}),
}


def raw(table: str, engine: str, **more):
    module, options = TABLES[table]
    return module.raw_env(engine=engine, **options, **more)


def wrapped(table: str, engine: str):
    module, options = TABLES[table]
    return module.env(engine=engine, **options)


def random_move(env, rng) -> int:
    return int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])))


def play_resolved(env, moves: int, rng) -> None:
    """Play at least ``moves`` random moves, then on to the end of a turn (no choice buffered)."""
    for _ in range(moves):
        env.step(random_move(env, rng))
    logged = len(env.unwrapped.state.log)
    while len(env.unwrapped.state.log) == logged:
        env.step(random_move(env, rng))


def play_to_end(env, rng) -> None:
    while not all(env.terminations.values()):
        env.step(random_move(env, rng))


def reported(env) -> dict:
    """Everything an AEC env reports to its agents."""
    return {"agents": list(env.agents), "agent_selection": env.agent_selection,
            "terminations": dict(env.terminations), "truncations": dict(env.truncations),
            "rewards": dict(env.rewards), "cumulative": dict(env._cumulative_rewards), "infos": dict(env.infos),
            "observations": {agent: {key: value.tolist() for key, value in env.observe(agent).items()}
                             for agent in env.possible_agents}}


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("game", TABLES)
def test_a_running_state_assigned_to_a_finished_env_is_played_from_there(game, engine):
    rng = np.random.default_rng(0)
    finished, running = raw(game, engine), raw(game, engine)
    finished.reset(seed=0)
    play_to_end(finished, rng)
    running.reset(seed=1)
    play_resolved(running, 5, rng)
    finished.state = running.state
    assert reported(finished) == reported(running)
    while running.agents:  # the same moves give the same game to its end
        agent = running.agent_selection
        action = random_move(running, rng) if not running.terminations[agent] else None
        running.step(action)
        finished.step(action)
        assert reported(finished) == reported(running)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("game", TABLES)
def test_a_finished_state_assigned_to_a_running_env_ends_its_game(game, engine):
    rng = np.random.default_rng(1)
    ended, running = raw(game, engine), raw(game, engine)
    ended.reset(seed=2)
    play_to_end(ended, rng)
    running.reset(seed=3)
    play_resolved(running, 3, rng)
    running.state = ended.state
    assert reported(running) == reported(ended)
    assert set(running.rewards.values()) <= {1.0, -1.0} and any(running.rewards.values())


def test_choices_buffered_for_the_old_state_are_dropped():
    rng = np.random.default_rng(2)
    env, other = raw("seven_wonders", "core"), raw("seven_wonders", "core")
    env.reset(seed=4)
    other.reset(seed=5)
    env.step(random_move(env, rng))  # player_0 chose; player_1 is to choose
    env.state = other.state
    assert reported(env) == reported(other)
    for _ in range(3):  # a whole turn: nothing of the old choice is played
        action = random_move(other, rng)
        other.step(action)
        env.step(action)
    assert reported(env) == reported(other)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("game", TABLES)
def test_the_env_keeps_a_copy_of_the_assigned_state(game, engine):
    rng = np.random.default_rng(3)
    env, source = raw(game, engine), raw(game, engine)
    env.reset(seed=6)
    source.reset(seed=7)
    assigned = source.state.clone()
    log = list(assigned.log)
    env.state = assigned
    play_resolved(env, 1, rng)
    assert list(assigned.log) == log


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("game", TABLES)
def test_the_wrapped_env_takes_a_state_and_judges_moves_on_it(game, engine):
    rng = np.random.default_rng(4)
    env, source = wrapped(game, engine), raw(game, engine)
    env.reset(seed=8)
    source.reset(seed=9)
    old_mask = env.observe(env.agent_selection)["action_mask"]  # the wrapper keeps this mask
    env.unwrapped.state = source.state
    new_mask = source.observe(source.agent_selection)["action_mask"]
    only_new = np.flatnonzero(new_mask & (1 - old_mask))
    assert len(only_new), "the two deals must offer a move the old one does not"
    env.step(int(only_new[0]))  # legal now: played, not taken for an illegal move
    source.step(int(only_new[0]))
    assert reported(env) == reported(source)
    play_to_end(source, rng)
    env.state = source.state  # also through the wrapper
    assert env.state is not source.state and reported(env) == reported(source)


def test_the_wrapped_env_takes_a_state_before_its_first_reset():
    env, source = wrapped("seven_wonders_duel", "core"), raw("seven_wonders_duel", "core")
    source.reset(seed=10)
    env.state = source.state
    assert reported(env) == reported(source)


@pytest.mark.parametrize("engine", ENGINES)
def test_the_parallel_env_follows_an_assigned_state(engine):
    rng = np.random.default_rng(5)
    env, finished = seven_wonders_v0.parallel_env(num_players=3, engine=engine), raw("seven_wonders", engine)
    env.reset(seed=11)
    finished.reset(seed=12)
    play_to_end(finished, rng)
    env.state = finished.state
    assert env.agents == []
    running = raw("seven_wonders", engine)
    running.reset(seed=13)
    env.state = running.state
    assert env.agents == running.possible_agents
    actions = {agent: int(np.flatnonzero(env.observe(agent)["action_mask"])[0]) for agent in env.agents}
    env.step(actions)  # the moves of the assigned state are legal
    assert env.agents == running.possible_agents


def other_states(engine):
    """States that a 3-player 7 Wonders env (first edition, the engine pays) does not take, with
    what the refusal says."""
    def state(table, **options):
        env = raw(table, engine, **options)
        env.reset(seed=0)
        return env.state
    return [
        (state("seven_wonders_duel"), "must be a 7 Wonders state"),
        (state("seven_wonders_choose"), "4 players"),
        (state("seven_wonders", payment="choose"), "payment='choose'"),
        (state("seven_wonders", edition="2nd"), "2nd edition"),
        (None, "got NoneType"),
    ]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_state_of_another_game_or_other_options_is_refused_and_nothing_changes(engine):
    rng = np.random.default_rng(6)
    for env in (raw("seven_wonders", engine), seven_wonders_v0.parallel_env(num_players=3, engine=engine)):
        env.reset(seed=14)
        if hasattr(env, "agent_selection"):
            play_resolved(env, 2, rng)
        before = env.state
        seen = {agent: env.observe(agent)["observation"].tolist() for agent in env.agents}
        for value, said in other_states(engine):
            with pytest.raises(ValueError, match=said):
                env.state = value
            assert env.state is before
            assert {agent: env.observe(agent)["observation"].tolist() for agent in env.agents} == seen
    duel = raw("seven_wonders_duel", engine)
    duel.reset(seed=15)
    play_resolved(duel, 2, rng)
    before, seen = duel.state, reported(duel)
    for value in (raw("seven_wonders", engine), None, 42):
        if not isinstance(value, (int, type(None))):
            value.reset(seed=0)
            value = value.state
        with pytest.raises(ValueError, match="must be a 7 Wonders Duel state"):
            duel.state = value
        assert duel.state is before and reported(duel) == seen
