"""The llm agent against a real chat-completions server on 127.0.0.1 with scripted answers
(wonders_agents.scripted_chat_server): real HTTP requests, no model, no internet."""

from __future__ import annotations

import dataclasses
import socket

import pytest

import wonders_env
from wonders_agents import make_agent
from wonders_agents.llm_agent import LLMAgent, last_move_line
from wonders_agents.match import play_game
from wonders_agents.scripted_chat_server import ScriptedChatServer
from wonders_env import registry
from wonders_env.text import TextView


@pytest.fixture
def duel_env():
    env = wonders_env.make("duel", raw=True)
    env.reset(seed=4)
    return env


def llm(server: ScriptedChatServer, game: str = "duel", **options) -> LLMAgent:
    options = {"backoff": 0.01, **options}
    return make_agent("llm", game=game, seed=1, base_url=server.url, model="scripted", **options)


def legal(env, action: int) -> bool:
    return bool(env.observe(env.agent_selection)["action_mask"][action])


def test_a_legal_answer_is_played_and_the_request_is_a_chat_completion(duel_env, monkeypatch):
    monkeypatch.setenv("WONDERS_TEST_KEY", "sk-test")
    with ScriptedChatServer(["first"]) as server:
        agent = llm(server, api_key_env="WONDERS_TEST_KEY", temperature=0.5, max_tokens=300)
        action = agent.act(duel_env)
        view = TextView(duel_env)
    assert action == view.legal_actions(duel_env.agent_selection)[0]
    (request,) = server.requests
    body = request["body"]
    assert body["model"] == "scripted" and body["temperature"] == 0.5 and body["max_tokens"] == 300
    system, user = body["messages"]
    assert system["role"] == "system" and "7 Wonders Duel: two players, 3 Ages" in system["content"]
    assert user["content"].startswith(view.observation(duel_env.agent_selection))
    assert user["content"].endswith("MOVE: <number or name of one of your legal moves>")
    assert request["headers"]["Authorization"] == "Bearer sk-test"
    (stats,) = agent.games
    assert (stats.decisions, stats.requests, stats.answers, stats.illegal, stats.fallbacks) == (1, 1, 1, 0, 0)
    assert stats.prompt_tokens > 100 and stats.completion_tokens >= 1 and stats.seed == 4


def test_an_illegal_answer_is_asked_again_with_the_reason(duel_env):
    with ScriptedChatServer(["illegal", "no_move", "legal"]) as server:
        agent = llm(server)
        action = agent.act(duel_env)
    assert legal(duel_env, action)
    messages = server.requests[-1]["body"]["messages"]
    assert [m["role"] for m in messages] == ["system", "user", "assistant", "user", "assistant", "user"]
    assert "'Build the Great Wall' names no legal move" in messages[3]["content"]
    assert "your reply has no line 'MOVE: <number or name>'" in messages[5]["content"]
    stats = agent.games[-1]
    assert (stats.requests, stats.illegal, stats.retries, stats.fallbacks) == (3, 2, 2, 0)
    assert agent.transcript[-1]["move"] == TextView(duel_env).moves(duel_env.agent_selection)[
        TextView(duel_env).legal_actions(duel_env.agent_selection).index(action)]


def test_no_legal_answer_ends_in_a_counted_random_legal_move(duel_env):
    with ScriptedChatServer(then="garbage") as server:
        agent = llm(server, retries=2)
        actions = [agent.act(duel_env) for _ in range(5)]
    assert all(legal(duel_env, action) for action in actions)
    assert len(set(actions)) > 1  # drawn at random
    stats = agent.games[-1]
    assert (stats.requests, stats.illegal, stats.retries, stats.fallbacks) == (15, 15, 10, 5)
    assert agent.transcript[-1]["fallback"].startswith("no legal answer in 3 tries")


def test_a_timeout_and_a_500_are_retried_with_back_off(duel_env):
    with ScriptedChatServer(["timeout", "error", "first"], hang=2.0) as server:
        agent = llm(server, timeout=0.3, http_retries=2)
        action = agent.act(duel_env)
    assert action == TextView(duel_env).legal_actions(duel_env.agent_selection)[0]
    stats = agent.games[-1]
    assert (stats.requests, stats.http_errors, stats.answers, stats.fallbacks) == (3, 2, 1, 0)


def test_a_server_that_keeps_failing_never_stops_the_game(duel_env):
    with ScriptedChatServer(then="error") as server:
        agent = llm(server, http_retries=1)
        opponent = make_agent("random", game="duel", seed=0)
        result = play_game(duel_env, [agent, opponent], seed=2)
    assert result.record["finished"]
    stats = agent.games[-1]
    assert stats.fallbacks == stats.decisions - stats.forced > 0
    assert stats.http_errors == stats.requests == 2 * stats.fallbacks and stats.answers == 0
    assert "HTTP 500" in agent.transcript[-1]["fallback"]


def test_a_slow_answer_is_waited_for_and_timed(duel_env):
    with ScriptedChatServer(["slow"], slow=0.3) as server:
        agent = llm(server, timeout=5.0)
        assert legal(duel_env, agent.act(duel_env))
    assert agent.games[-1].seconds >= 0.3 and agent.games[-1].http_errors == 0


@pytest.mark.parametrize("game, players", [("seven_wonders_duel", 2), ("seven_wonders", 3)])
def test_whole_games_with_statistics_per_game(game, players):
    env = wonders_env.make(game, players, raw=True)
    with ScriptedChatServer(then="legal", seed=3) as server:
        agent = llm(server, game=game)
        others = [make_agent("random", game=game, seed=s) for s in range(1, players)]
        for seed in (5, 5):  # the same seed twice: two games all the same
            assert play_game(env, [agent, *others], seed=seed).record["finished"]
    first, second = agent.games
    assert len(agent.transcript) == second.decisions  # every decision of the last game, single moves included
    assert sum(not decision["messages"] for decision in agent.transcript) == second.forced
    assert first.seed == second.seed == 5
    assert first.decisions > 10 and first.fallbacks == first.illegal == 0
    assert first.answers == first.decisions - first.forced


def test_the_last_move_line_is_the_answer():
    assert last_move_line("MOVE: 1\nthinking again...\n**MOVE:** Build Baths, for free") == "Build Baths, for free"
    assert last_move_line("move: 3") == "3"
    assert last_move_line("I move to build") is None


def test_bad_input_is_refused_before_the_first_game(monkeypatch):
    with pytest.raises(ValueError, match="needs base_url"):
        make_agent("llm", game="duel", model="m")
    with pytest.raises(ValueError, match="needs model"):
        make_agent("llm", game="duel", base_url="http://127.0.0.1:1/v1")
    with pytest.raises(ValueError, match="must start with http"):
        make_agent("llm", game="duel", base_url="127.0.0.1:8000", model="m")
    with socket.socket() as probe:  # a port where nothing listens
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(ValueError, match=f"cannot reach the chat-completions server at http://127.0.0.1:{port}/v1"):
        make_agent("llm", game="duel", base_url=f"http://127.0.0.1:{port}/v1", model="m")
    with pytest.raises(ValueError, match="unknown option 'modle' for agent 'llm'"):
        make_agent("llm", game="duel", base_url="http://127.0.0.1:1/v1", modle="m")
    uncovered = dataclasses.replace(registry.GAMES["seven_wonders_duel"], text=None)
    monkeypatch.setitem(registry.GAMES, "seven_wonders_duel", uncovered)
    with pytest.raises(ValueError, match="the text interface does not cover seven_wonders_duel"):
        make_agent("llm", game="duel", base_url="http://127.0.0.1:1/v1", model="m", check_server=False)


def test_it_plays_in_the_tournament_in_terminal_play_and_as_a_bot_of_the_web_app():
    from wonders_agents.play import play_human
    from wonders_agents.tournament import run_tournament
    from wonders_web.limits import Limits, ModelEndpoint
    from wonders_web.sessions import build_bot
    with ScriptedChatServer(then="legal") as server:
        spec = f"llm:base_url={server.url},model=scripted,backoff=0.01"
        result = run_tournament("duel", [spec, "random"], games=2, workers=1, progress=False, ratings=False)
        assert len(result.games) == 2 and spec in result.agent_stats()
        answers: list[str] = []
        record = play_human("duel", spec, seed=1, read=lambda _: "1", write=answers.append)
        assert record["finished"]
        env = wonders_env.make("duel", raw=True)
        offered = Limits(models=(ModelEndpoint("scripted", server.url, "scripted"),))  # wonders serve --llm
        assert isinstance(build_bot("llm:scripted", "seven_wonders_duel", 0, env, offered), LLMAgent)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(ValueError, match="cannot reach"):
        run_tournament("duel", [f"llm:base_url=http://127.0.0.1:{port}/v1,model=m", "random"], games=2,
                       workers=1, progress=False, ratings=False)
