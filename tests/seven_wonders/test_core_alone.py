"""The compiled core plays 7 Wonders alone (issue 35): with the Python rules modules made
unimportable and the Python engine's setup and states made to fail, core games are played through
``env()``, ``parallel_env()``, ``vector.make``, training's heuristic seats, the text interface, the
web app (a whole game against bots, an illegal move, a replay) and every shipped agent, at 3, 4
and 7 players, both editions, both payment modes, the Leaders table, rendering, illegal moves and records
included.
The agents that read a network (torch: the train extra) and the web app (the web extra) are
tested apart, and skip with the reason where their extra is missing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: the Python engine's rules: none of them may be imported on the core
BLOCKED = ("wonders_env.seven_wonders.rules", "wonders_env.seven_wonders.costs",
           "wonders_env.seven_wonders.scoring", "wonders_env.seven_wonders.determinize",
           "wonders_env.seven_wonders.game", "wonders_env.seven_wonders.leaders")

#: run first: the Python engine made unusable
GUARD = r'''
import importlib.abc, json, sys, tempfile
from pathlib import Path
import numpy as np

BLOCKED = set(sys.argv[1].split(","))


class RefuseRules(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name in BLOCKED:
            raise ImportError(f"{name}: a Python rules module, imported on the core")
        return None


sys.meta_path.insert(0, RefuseRules())
from wonders_env.seven_wonders import state as state_module


def setup_ran(*args, **kwargs):
    raise AssertionError("the Python engine's setup or placement ran on the core")


for name in ("new_game", "start_age", "place_building", "place_stage", "choose_wonders"):
    setattr(state_module, name, setup_ran)


def state_built(*args, **kwargs):
    raise AssertionError("a Python engine state was built on the core")


state_module.SevenWondersState.__new__ = staticmethod(state_built)

from wonders_env import seven_wonders_v0, text, vector
from wonders_env.seven_wonders.actions import IllegalActionError
from wonders_agents import make_agent
from wonders_agents.match import play_game
'''

#: run last: nothing of the Python engine was imported
DONE = r'''
assert not BLOCKED & set(sys.modules)
print("the core played alone")
'''

GAMES = r'''
TABLES = [dict(num_players=3, edition="1st"), dict(num_players=4, edition="2nd", payment="choose"),
          dict(num_players=7, edition="1st"), dict(num_players=3, edition="2nd"),
          dict(num_players=5, edition="1st", payment="choose", expansions=("leaders",))]

# env(): random legal moves, a render every step, the record at the end
for seed, options in enumerate(TABLES):
    env = seven_wonders_v0.env(render_mode="ansi", **options)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for agent in env.agent_iter():
        observation, _, done, truncated, _ = env.last()
        action = None if done or truncated else int(rng.choice(np.flatnonzero(observation["action_mask"])))
        env.step(action)
        assert env.render()
    record = env.unwrapped.game_record()
    assert record["finished"] and record["winners"] and record["edition"] == options["edition"]

# an illegal move explained by the core, as the Python engine words it
raw = seven_wonders_v0.raw_env(num_players=3)
raw.reset(seed=1)
try:
    raw.step(5 * raw.db.num_types)
except IllegalActionError as error:
    assert "illegal action" in str(error) and "legal actions:" in str(error), error
else:
    raise AssertionError("an illegal move was played")

# parallel_env()
for seed, options in enumerate(TABLES[:2]):
    env = seven_wonders_v0.parallel_env(**options)
    observations, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    while env.agents:
        observations, *_ = env.step({agent: int(rng.choice(np.flatnonzero(observations[agent]["action_mask"])))
                                     for agent in env.agents})

# vector.make: play until records come back
venv = vector.make("seven_wonders", num_envs=3, seed=0, num_players=4)
obs, mask, to_act = venv.reset()
records = []
actions = np.zeros(to_act.shape, np.int64)
while len(records) < 3:
    venv._batch.sample_actions(actions)
    obs, mask, to_act, rewards, terminated = venv.step(actions)
    records += venv.finished_records()
assert all(r["finished"] for r in records)
try:
    venv.python_state(0)
except AssertionError as error:
    assert "a Python engine state was built" in str(error), error
else:
    raise AssertionError("the guard let a Python engine state be built")

# training's heuristic seats, on the batch's games (both payment modes), through games that end
from types import SimpleNamespace
from wonders_training.seats import HEURISTIC_CODE, Seats
for options in TABLES[:2]:
    venv = vector.make("seven_wonders", num_envs=2, seed=5, **options)
    venv.reset()
    seats = Seats(venv, SimpleNamespace(game="seven_wonders", edition=options["edition"], expansions="",
                                         payment=options.get("payment", "cheapest")))
    seat_rng = np.random.default_rng(5)
    seats.deal(np.arange(2), np.full((2, venv.num_players), HEURISTIC_CODE), seat_rng)
    ended = 0
    for tick in range(45):  # past the first games' end (18 ticks, 36 with payments): the next ones dealt
        actions = venv.sample_actions()
        seats.heuristic_moves(venv.to_act.copy(), actions)
        terminated = venv.step(actions)[-1]
        ended += int(terminated.sum())
        seats.deal(np.flatnonzero(terminated), np.full((int(terminated.sum()), venv.num_players), HEURISTIC_CODE),
                   seat_rng)
    assert ended, "no game ended"

# the text interface
game = text.make("seven_wonders", num_players=3, payment="choose")
game.reset(seed=4)
done = False
while not done:
    player, observation = game.get_observation()
    assert player and observation
    done, info = game.step("1")
assert game.game_record()["finished"] and "Game over" in game.get_observation()[1]

# every shipped agent that reads no network, at a table of its own
lineups = {"random": {}, "heuristic": {}, "mcts": {"simulations": 30}, "mcts_python": {"simulations": 4}}
for seed, (name, options) in enumerate(lineups.items()):
    env = seven_wonders_v0.raw_env(num_players=3)
    if name == "mcts_python":
        agent = make_agent("mcts", game="seven_wonders", seed=seed, engine="python", **options)
    else:
        agent = make_agent(name, game="seven_wonders", seed=seed, **options)
    others = [make_agent("heuristic", game="seven_wonders", seed=seed + k) for k in (1, 2)]
    result = play_game(env, [agent, *others], seed)
    assert result.record["finished"], name

# the Leaders table: the heuristic and the core search against random seats
for seed, name in enumerate(("heuristic", "mcts")):
    env = seven_wonders_v0.raw_env(num_players=3, expansions=("leaders",))
    agent = make_agent(name, game="seven_wonders", seed=seed, **({"simulations": 20} if name == "mcts" else {}))
    others = [make_agent("random", game="seven_wonders", seed=seed + k) for k in (1, 2)]
    assert play_game(env, [agent, *others], seed).record["finished"], name

# terminal play: a human who always picks the first move, against heuristic bots
from wonders_agents.play import play_human
lines = []
record = play_human("seven_wonders", "heuristic", num_players=3, seed=2, read=lambda prompt: "1", write=lines.append)
assert record["finished"] and any("Game over" in line for line in lines)
'''

NETWORK_AGENTS = r'''
for seed, (name, options) in enumerate({"az": {"simulations": 8}, "ppo": {}}.items()):
    env = seven_wonders_v0.raw_env(num_players=3)
    agent = make_agent(name, game="seven_wonders", seed=seed, **options)
    others = [make_agent("heuristic", game="seven_wonders", seed=seed + k) for k in (1, 2)]
    result = play_game(env, [agent, *others], seed)
    assert result.record["finished"], name
'''

# a whole game against bots, an illegal move, the replay of its record
WEB_APP = r'''
sys.path.insert(0, sys.argv[2])
from starlette.testclient import TestClient
from web_helpers import BASE_URL, new_game, play_turn
from wonders_web.app import create_app

with tempfile.TemporaryDirectory() as folder, TestClient(create_app(Path(folder)), base_url=BASE_URL) as client:
    game_id = new_game(client, "seven_wonders", ["human", "heuristic", "random"], {"num_players": 3}, seed=3)
    view = client.get(f"/api/games/{game_id}", params={"seat": 0, "tab": "tests"}).json()
    illegal = client.post(f"/api/games/{game_id}/move", json={"seat": 0, "tab": "tests", "action": 5 * 75,
                                                               "turn_id": view["turn_id"]})
    assert illegal.status_code == 400 and "legal actions:" in illegal.json()["error"], illegal.text
    rng = np.random.default_rng(3)
    while not play_turn(client, game_id, rng)["over"]:
        pass
    finished = seven_wonders_v0.raw_env(num_players=3)
    result = play_game(finished, [make_agent("random", game="seven_wonders", seed=k) for k in range(3)], 8)
    replay = client.post("/api/replays", content=json.dumps(result.record),
                         headers={"Content-Type": "application/json"})
    assert replay.status_code == 200, replay.text
    last = client.get(f"/api/replays/{replay.json()['id']}/{replay.json()['turns']}").json()
    assert [s["score"] for s in last["result"]["scores"]] == [p["score"] for p in result.record["players"]]
    middle = client.get(f"/api/replays/{replay.json()['id']}/5", params={"seat": 1}).json()
    assert middle["table"]["cities"]
'''


def play_alone(body: str) -> None:
    """Run ``body`` between the guard and the final check in a fresh interpreter; it must end cleanly."""
    done = subprocess.run([sys.executable, "-c", GUARD + body + DONE, ",".join(BLOCKED), str(ROOT / "tests" / "web")],
                          capture_output=True, text=True, cwd=ROOT, timeout=900)
    assert done.returncode == 0, done.stderr[-4000:]
    assert "the core played alone" in done.stdout


def test_the_core_plays_every_way_without_the_python_rules():
    play_alone(GAMES)


def test_the_agents_that_read_a_network_play_the_core_alone():
    pytest.importorskip("torch", reason="the ppo and az agents read their networks with torch (the train extra)")
    play_alone(NETWORK_AGENTS)


def test_the_web_app_plays_the_core_alone():
    pytest.importorskip("starlette", reason="the web extra (starlette, uvicorn) is not installed")
    pytest.importorskip("httpx2", reason="starlette's test client needs httpx2 (the dev extra)")
    play_alone(WEB_APP)
