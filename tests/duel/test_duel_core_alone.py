"""With ``engine="core"`` the compiled core plays Duel alone: in a fresh interpreter where the
Python rules modules cannot be imported and no Python engine state can be built, whole games run
through ``env()``, ``vector.make``, training's heuristic seats, the text interface, the web app and
every shipped agent, with rendering, move texts, card texts, illegal moves and records. (Duel has
no ``parallel_env``: its players take turns.)"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from wonders_agents import agent_names

ROOT = Path(__file__).resolve().parents[2]

#: the Python engine's rules: a core game must import none of them
BLOCKED = ("wonders_env.duel.rules", "wonders_env.duel.costs", "wonders_env.duel.scoring",
           "wonders_env.duel.determinize", "wonders_env.duel.game")

GUARD = f"""
import importlib.abc, sys
class Blocked(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name in {BLOCKED!r}:
            raise ImportError(f"{{name}} imported: a core game must not use the Python rules")
sys.meta_path.insert(0, Blocked())
from wonders_env.duel import state as duel_state
def refuse(*args, **kwargs):
    raise AssertionError("a Python engine state was built")
duel_state.DuelState.__new__ = staticmethod(refuse)
import numpy as np
"""


def run_alone(body: str) -> None:
    """Run ``body`` after the guard in a fresh interpreter; it must end cleanly."""
    script = GUARD + textwrap.dedent(body) + "\nprint('played')\n"
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=600,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0 and done.stdout.strip().endswith("played"), done.stderr[-3000:]


def test_the_guard_stops_the_python_engine():
    with pytest.raises(AssertionError, match="wonders_env.duel.rules imported"):
        run_alone("from wonders_env.duel import rules")
    with pytest.raises(AssertionError, match="a Python engine state was built"):
        run_alone("from wonders_env.duel.state import new_game\nnew_game(1)")


def test_env_render_moves_illegal_moves_and_records_on_the_core_alone():
    run_alone("""
    from wonders_env import seven_wonders_duel_v0
    from wonders_env.duel.actions import IllegalActionError
    raw = seven_wonders_duel_v0.raw_env(render_mode="ansi")
    raw.reset(seed=3)
    try:
        raw.step(12)
    except IllegalActionError as error:
        assert "the decision now is draft" in str(error) and "Legal now:" in str(error), error
    else:
        raise AssertionError("an illegal move was played")
    rng = np.random.default_rng(3)
    while not all(raw.terminations.values()):
        state, player = raw.state, raw.state.current
        mask = raw.observe(raw.agent_selection)["action_mask"]
        action = int(rng.choice(np.flatnonzero(mask)))
        assert raw.game.describe_move(state, player, action)
        assert raw.game.describe_effect(state, player, action) is not None
        assert raw.game.why_illegal(state, player, action) is None and raw.game.why_illegal(state, 1 - player, action)
        assert raw.render() and state.score_breakdown(player)["total"] >= 0
        raw.step(action)
    record = raw.game_record()
    assert record["finished"] and len(record["actions"]) == len(raw.state.log)
    env = seven_wonders_duel_v0.env()
    env.reset(seed=4)
    for agent in env.agent_iter():
        observation, _, termination, truncation, _ = env.last()
        env.step(None if termination or truncation else int(np.flatnonzero(observation["action_mask"])[0]))
    assert env.unwrapped.game_record()["finished"]
    """)


def test_vector_and_text_interface_on_the_core_alone():
    run_alone("""
    from wonders_env import text, vector
    venv = vector.make("duel", num_envs=3, seed=0)
    obs, mask, to_act = venv.reset()
    records = []
    while len(records) < 3:
        obs, mask, to_act, rewards, terminated = venv.step(venv.sample_actions())
        records += venv.finished_records()
    assert all(record["finished"] for record in records)
    game = text.make("duel")
    game.reset(seed=5)
    while not game.done:
        agent, observation = game.get_observation()
        assert observation and game.legal_moves()
        game.step(game.legal_moves()[0])
    assert game.game_record()["finished"]
    """)


def test_trainings_heuristic_seats_play_on_the_core_alone():
    run_alone("""
    from types import SimpleNamespace
    from wonders_training.seats import HEURISTIC_CODE, Seats
    from wonders_env import vector
    venv = vector.make("duel", num_envs=3, seed=0)
    venv.reset()
    seats = Seats(venv, SimpleNamespace(game="seven_wonders_duel", edition="1st", payment="cheapest", expansions=""))
    rng = np.random.default_rng(0)
    seats.deal(np.arange(3), np.full((3, 2), HEURISTIC_CODE), rng)
    ended = 0
    for tick in range(120):  # past the first games' end: the next ones dealt
        actions = np.full((3, 2), -1, np.int64)
        seats.heuristic_moves(venv.to_act.copy(), actions)
        terminated = venv.step(actions)[-1]
        ended += int(terminated.sum())
        seats.deal(np.flatnonzero(terminated), np.full((int(terminated.sum()), 2), HEURISTIC_CODE), rng)
    assert ended, "no game ended"
    """)


@pytest.mark.parametrize("name", agent_names("duel"))
def test_every_shipped_agent_plays_the_core_alone(name):
    assert {"random", "heuristic", "mcts"} <= set(agent_names("duel"))
    if name in ("ppo", "az"):
        pytest.importorskip("torch", reason=f"the {name} agent reads its network with torch (the train extra)")
    options = {"mcts": {"simulations": 20}, "az": {"simulations": 8}}.get(name, {})
    run_alone(f"""
    from wonders_agents import make_agent
    from wonders_agents.match import seat_of
    from wonders_env import seven_wonders_duel_v0
    players = [make_agent({name!r}, "duel", seed=1, **{options!r}), make_agent("random", "duel", seed=2)]
    env = seven_wonders_duel_v0.env()
    env.reset(seed=6)
    for agent in env.agent_iter():
        _, _, termination, truncation, _ = env.last()
        env.step(None if termination or truncation else players[seat_of(agent)].act(env))
    assert env.unwrapped.game_record()["finished"]
    """)


def test_terminal_play_a_tournament_and_state_assignment_on_the_core_alone():
    run_alone("""
    from wonders_agents.play import play_human
    from wonders_agents.tournament import run_tournament
    from wonders_env import seven_wonders_duel_v0
    lines = []
    record = play_human("duel", "heuristic", seed=2, read=lambda prompt: "1", write=lines.append)
    assert record["finished"] and any("Game over" in line for line in lines), lines[-5:]
    result = run_tournament("duel", ["random", "heuristic"], games=4, workers=1, ratings=False, progress=False)
    assert len(result.games) == 4 and result.win_rates()["heuristic"]["random"]["rate"] >= 0
    source = seven_wonders_duel_v0.raw_env()
    source.reset(seed=7)
    for _ in range(9):
        source.step(int(np.flatnonzero(source.observe(source.agent_selection)["action_mask"])[0]))
    env = seven_wonders_duel_v0.raw_env()
    env.reset(seed=1)
    env.state = source.state.clone()
    assert env.agent_selection == source.agent_selection and len(env.state.log) == 9
    mask = env.observe(env.agent_selection)["action_mask"]
    assert (mask == source.observe(source.agent_selection)["action_mask"]).all()
    """)


def test_a_whole_web_game_against_a_bot_on_the_core_alone(tmp_path):
    pytest.importorskip("starlette", reason="the web extra (starlette, uvicorn) is not installed")
    pytest.importorskip("httpx2", reason="starlette's test client needs httpx2 (the dev extra)")
    run_alone(f"""
    import sys
    sys.path.insert(0, {str(ROOT / "tests" / "web")!r})
    from pathlib import Path
    from starlette.testclient import TestClient
    from wonders_web.app import create_app
    from web_helpers import BASE_URL, new_game, play_turn
    with TestClient(create_app(Path({str(tmp_path)!r})), base_url=BASE_URL) as client:
        game_id = new_game(client, "seven_wonders_duel", ["human", "heuristic"], seed=8)
        rng = np.random.default_rng(0)
        view = client.get(f"/api/games/{{game_id}}", params={{"seat": 0, "tab": "tests"}}).json()
        bad = client.post(f"/api/games/{{game_id}}/move", json={{"seat": 0, "tab": "tests", "action": 1201,
                                                              "turn_id": view["turn_id"]}})
        assert bad.status_code == 400 and "the decision now is draft" in bad.text, bad.text
        while not view["over"]:
            view = play_turn(client, game_id, rng)
        assert view["result"]["scores"][0]["score"]["total"] >= 0
        from wonders_env import seven_wonders_duel_v0
        env = seven_wonders_duel_v0.env()
        env.reset(seed=9)
        for agent in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            env.step(None if termination or truncation else int(np.flatnonzero(observation["action_mask"])[-1]))
        record = env.unwrapped.game_record()
        replay = client.post("/api/replays", json=record).json()
        last = client.get(f"/api/replays/{{replay['id']}}/{{replay['turns']}}").json()
        assert [s["score"] for s in last["result"]["scores"]] == [p["score"] for p in record["players"]]
        middle = client.get(f"/api/replays/{{replay['id']}}/{{replay['turns'] // 2}}", params={{"seat": 1}}).json()
        assert middle["turn"] == replay["turns"] // 2
    """)
