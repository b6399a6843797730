"""A smoke test of an installed wheel, run by the interpreter it is installed in, outside any checkout.

cibuildwheel runs it after building each wheel (``[tool.cibuildwheel]`` test-command) and
tests/packaging/test_wheel.py in a fresh virtual environment: the packages come from
``site-packages``, the compiled core loads, both games play to their end through ``env()``,
``vector.make`` and the text interface, every agent of each game is made (``ppo`` and ``az``
where torch is installed; without it they say which extra brings it) and moves, and the
``wonders`` command answers ``--help``. Prints one line per check; any failure raises.
"""

import importlib.metadata
import importlib.util
import subprocess
import sys
import sysconfig
from pathlib import Path

import numpy as np

import wonders_agents
import wonders_env
from wonders_env import core, seven_wonders_duel_v0, seven_wonders_v0, text, vector

GAMES = {"seven_wonders_duel": {}, "seven_wonders": {"num_players": 3}}
NETWORK_AGENTS = ("ppo", "az")


def check_installed() -> None:
    """The packages are the installed ones, of the installed version, with the compiled core."""
    site = Path(sysconfig.get_paths()["platlib"]).resolve()
    for package in (wonders_env, wonders_agents):
        assert Path(package.__file__).resolve().is_relative_to(site), f"{package.__file__} is not under {site}"
    assert importlib.metadata.version("wonders_env") == wonders_env.__version__
    print(f"installed: wonders_env {wonders_env.__version__}, core {core.load().__name__}, in {site}")


def play_env(make_env, **options) -> dict:
    """A whole game of an AEC env, the first legal action each time; its record."""
    env = make_env(**options)
    env.reset(seed=0)
    for _ in env.agent_iter():
        observation, _, termination, truncation, _ = env.last()
        env.step(None if termination or truncation else int(np.flatnonzero(observation["action_mask"])[0]))
    record = env.unwrapped.game_record()
    assert record["finished"], record
    return record


def play_vector(game: str, **options) -> int:
    """Steps a batch of 4 games until one ends; the steps taken."""
    batch = vector.make(game, num_envs=4, seed=0, **options)
    _, mask, to_act = batch.reset()
    for steps in range(1, 1000):
        actions = mask.argmax(axis=-1) * to_act
        _, mask, to_act, _, terminated = batch.step(actions)
        if terminated.any():
            assert batch.finished_records()[0]["finished"]
            return steps
    raise AssertionError(f"no game of {game} ended in 1000 steps")


def play_text(game: str, **options) -> dict:
    """A whole game through the text interface, the first listed move each time; its record."""
    game_text = text.make(game, **options)
    game_text.reset(seed=0)
    done = False
    while not done:
        done, _ = game_text.step("1")
    record = game_text.game_record()
    assert record["finished"], record
    return record


def check_games() -> None:
    for make_env, game in ((seven_wonders_duel_v0.env, "seven_wonders_duel"), (seven_wonders_v0.env, "seven_wonders")):
        record = play_env(make_env, **GAMES[game])
        steps = play_vector(game, **GAMES[game])
        text_record = play_text(game, **GAMES[game])
        print(f"{game}: env() {len(record['actions'])} actions, vector.make a game over in {steps} steps, "
              f"text {len(text_record['actions'])} actions")


def check_agents() -> None:
    """Every agent of each game makes a legal move (the networks only where torch is installed)."""
    has_torch = importlib.util.find_spec("torch") is not None
    for game, options in GAMES.items():
        names = wonders_agents.agent_names(game)
        assert set(NETWORK_AGENTS) <= set(names), f"the shipped policies of {game} are missing: {names}"
        for name in names:
            if name in NETWORK_AGENTS and not has_torch:
                try:
                    wonders_agents.make_agent(name, game=game, seed=0)
                except ModuleNotFoundError as error:
                    assert "train" in str(error), error
                    continue
                raise AssertionError(f"agent {name!r} was made without torch")
            budget = {"simulations": 8} if name in ("mcts", "az") else {}
            agent = wonders_agents.make_agent(name, game=game, seed=0, **budget)
            env = (seven_wonders_duel_v0 if game == "seven_wonders_duel" else seven_wonders_v0).env(**options)
            env.reset(seed=0)
            action = agent.act(env)
            assert env.last()[0]["action_mask"][action], (game, name, action)
        print(f"{game}: agents {', '.join(names)}" + ("" if has_torch else " (ppo and az need torch: not installed)"))


def check_command() -> None:
    wonders = Path(sysconfig.get_path("scripts")) / ("wonders.exe" if sys.platform == "win32" else "wonders")
    result = subprocess.run([str(wonders), "--help"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and "tournament" in result.stdout, result.stdout + result.stderr
    print(f"{wonders} --help: {result.stdout.splitlines()[0]}")


if __name__ == "__main__":
    check_installed()
    check_games()
    check_agents()
    check_command()
