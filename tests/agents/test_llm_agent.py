"""The llm agent against a real chat-completions server on 127.0.0.1 with scripted answers
(wonders_agents.scripted_chat_server): real HTTP requests, no model, no internet."""

from __future__ import annotations

import dataclasses
import datetime
import email.utils
import json
import re
import shutil
import socket
import ssl
import subprocess
import time

import pytest

import wonders_env
from wonders_agents import make_agent
from wonders_agents.llm_agent import LLMAgent, last_move_line, retry_after_seconds
from wonders_agents.match import play_game
from wonders_agents.scripted_chat_server import NOT_COMPLETIONS, ScriptedChatServer
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


@pytest.mark.parametrize("game, options, words", [
    ("7w", {"num_players": 3, "expansions": ("leaders",)}, "Leaders: every player starts with 6 coins"),
    ("duel", {"expansions": ("pantheon",)}, "Pantheon: mythology and offering tokens"),
])
def test_the_system_message_summarises_the_tables_expansion(game, options, words):
    env = wonders_env.make(game, raw=True, engine="python", **options)
    env.reset(seed=2)
    with ScriptedChatServer(["first"]) as server:
        llm(server, game=game).act(env)
    system = server.requests[0]["body"]["messages"][0]["content"]
    assert system.startswith(wonders_env.text.rules(game)) and words in system


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


def test_replies_that_are_no_chat_completion_are_failed_requests_then_the_fallback(duel_env):
    first = TextView(duel_env).legal_actions(duel_env.agent_selection)[0]
    with ScriptedChatServer([*NOT_COMPLETIONS.values(), "first"]) as server:
        agent = llm(server, http_retries=len(NOT_COMPLETIONS))
        assert agent.act(duel_env) == first  # each a failed request, retried; then a good answer
    stats = agent.games[-1]
    assert (stats.requests, stats.http_errors, stats.answers, stats.fallbacks) == (len(NOT_COMPLETIONS) + 1,
                                                                                    len(NOT_COMPLETIONS), 1, 0)
    assert stats.prompt_tokens > 100  # counted from the good answer only
    reasons = {"content a number": "choices[0].message.content is 7, not text",
               "content a list of parts": "choices[0].message.content is [{'text': 'MOVE: 1', 'type': 'text'}], "
                                          "not text",
               "usage a string": "usage is '12 tokens', not an object",
               "token counts 'many'": "usage.prompt_tokens is 'many', not a count of tokens",
               "token counts 1e999": "usage.prompt_tokens is inf, not a count of tokens",
               "token counts 1e300": "usage.prompt_tokens is 1e+300, not a count of tokens (0 to 1,000,000,000)",
               "token counts of 4,000 digits": "usage.prompt_tokens is 100000000000000000...0000000000000000000, "
                                               "not a count",
               "no choices": "no choices[0].message.content", "JSON nested too deep": "recursion",
               "not UTF-8": "can't decode byte 0xc3", "not JSON": "Expecting value"}
    with ScriptedChatServer(list(NOT_COMPLETIONS.values())) as server:
        agent = llm(server, http_retries=0)
        for name, reason in reasons.items():
            assert legal(duel_env, agent.act(duel_env))
            assert agent.transcript[-1]["fallback"].startswith(
                "the model server failed 1 times; last: an answer that is not a chat completion"), name
            assert reason in agent.transcript[-1]["fallback"], name
    stats = agent.games[-1]
    assert stats.http_errors == stats.fallbacks == len(reasons) and stats.answers == 0


def test_a_move_number_of_thousands_of_digits_is_an_illegal_answer_quoted_short(duel_env):
    huge = "9" * 5000
    with ScriptedChatServer([f"MOVE: {huge}", "first"]) as server:
        agent = llm(server)
        assert agent.act(duel_env) == TextView(duel_env).legal_actions(duel_env.agent_selection)[0]
    stats = agent.games[-1]
    assert (stats.requests, stats.illegal, stats.retries, stats.fallbacks) == (2, 1, 1, 0)
    asked_again = server.requests[-1]["body"]["messages"][3]["content"]
    assert "there is no move of 5000 digits" in asked_again and len(asked_again) < 500


def test_a_request_ends_at_its_deadline_even_when_the_server_trickles(duel_env):
    """A byte every 0.5 s never trips a timeout per socket read: the deadline is the whole request's."""
    with ScriptedChatServer(["trickle"], trickle=0.5, hang=6.0) as server:
        agent = llm(server, timeout=1.5, http_retries=0)
        started = time.perf_counter()
        assert legal(duel_env, agent.act(duel_env))
        waited = time.perf_counter() - started
    assert 1.5 <= waited < 3.0
    assert agent.transcript[-1]["fallback"] == "the model server failed 1 times; last: no complete answer in 1.5 s"
    assert agent.games[-1].http_errors == agent.games[-1].fallbacks == 1


def test_an_answer_longer_than_max_reply_bytes_is_a_failed_request_never_sent_back(duel_env):
    first = TextView(duel_env).legal_actions(duel_env.agent_selection)[0]
    with ScriptedChatServer(["huge", "first"], huge=2_000_000) as server:
        agent = llm(server, http_retries=1)  # the default cap: 1,000,000 bytes
        assert agent.act(duel_env) == first
        assert len(json.dumps(server.requests[-1]["body"])) < 50_000  # the long answer was not sent back
    stats = agent.games[-1]
    assert (stats.requests, stats.http_errors, stats.answers) == (2, 1, 1)
    with ScriptedChatServer(then="first") as server:
        agent = llm(server, http_retries=0, max_reply_bytes=100)
        assert legal(duel_env, agent.act(duel_env))
    assert agent.transcript[-1]["fallback"].endswith("last: an answer longer than max_reply_bytes=100")
    for bad in (0, -1, 1.5, True, "100"):
        with pytest.raises(ValueError, match=f"max_reply_bytes must be an integer >= 1, got {bad!r}"):
            make_agent("llm", game="duel", base_url="http://127.0.0.1:1/v1", model="m", max_reply_bytes=bad)


def test_a_redirect_is_not_followed_and_the_key_stays_on_its_host(duel_env, monkeypatch):
    monkeypatch.setenv("WONDERS_TEST_KEY", "sk-secret")
    with ScriptedChatServer() as elsewhere, ScriptedChatServer(then="redirect", redirect_to=elsewhere.url) as server:
        with pytest.raises(ValueError, match=f"the chat-completions server at {server.url} answers GET /models with "
                                             f"HTTP 302, a redirect to '{elsewhere.url}/models', not followed"):
            llm(server, api_key_env="WONDERS_TEST_KEY")
        agent = llm(server, api_key_env="WONDERS_TEST_KEY", http_retries=1, check_server=False)
        assert legal(duel_env, agent.act(duel_env))
        assert server.requests[0]["headers"]["Authorization"] == "Bearer sk-secret"
        assert elsewhere.gets == elsewhere.requests == []  # nothing, and no key, reached the other host
    assert agent.transcript[-1]["fallback"] == (
        f"the model server failed 2 times; last: HTTP 302, a redirect to '{elsewhere.url}/chat/completions', "
        "not followed (the API key stays on the host of base_url)")
    assert agent.games[-1].http_errors == 2


def test_over_https_the_deadline_the_size_cap_and_the_redirect_rule_hold(duel_env, tmp_path, monkeypatch):
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("needs the openssl command to make a certificate for 127.0.0.1")
    certificate, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run([openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate,
                    "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
                   check=True, capture_output=True, timeout=60)
    tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    tls.load_cert_chain(certificate, key)
    monkeypatch.setenv("SSL_CERT_FILE", str(certificate))  # the client trusts it
    with ScriptedChatServer(["first", "trickle", "huge", "redirect"], trickle=0.5, hang=6.0, tls=tls,
                            redirect_to="https://127.0.0.1:1/v1") as server:
        assert server.url.startswith("https://127.0.0.1:")
        agent = llm(server, timeout=1.5, http_retries=0, check_server=False)
        with pytest.raises(ValueError, match="answers GET /models with HTTP 302, a redirect to "
                                             "'https://127.0.0.1:1/v1/models', not followed"):
            agent.check_server()
        started = time.perf_counter()
        fallbacks = []
        for _ in range(4):
            assert legal(duel_env, agent.act(duel_env))
            fallbacks.append(agent.transcript[-1]["fallback"])
        assert time.perf_counter() - started < 4.0
    last = "the model server failed 1 times; last: "
    assert fallbacks == [None, f"{last}no complete answer in 1.5 s",
                         f"{last}an answer longer than max_reply_bytes=1,000,000",
                         f"{last}HTTP 302, a redirect to 'https://127.0.0.1:1/v1/chat/completions', not followed (the "
                         "API key stays on the host of base_url)"]


def test_retry_after_of_a_429_is_honoured_up_to_the_timeout(duel_env):
    first = TextView(duel_env).legal_actions(duel_env.agent_selection)[0]
    for retry_after, timeout, least, most in (("1", 5.0, 1.0, 2.5), ("100", 0.5, 0.5, 2.0)):
        with ScriptedChatServer(["busy", "first"], retry_after=retry_after) as server:
            agent = llm(server, timeout=timeout)  # backoff 0.01 s
            started = time.perf_counter()
            assert agent.act(duel_env) == first
            assert least <= time.perf_counter() - started < most
        assert (agent.games[-1].http_errors, agent.games[-1].answers) == (1, 1)
    with ScriptedChatServer(then="busy", retry_after="0.2") as server:
        agent = llm(server, http_retries=0)
        agent.act(duel_env)
    assert agent.transcript[-1]["fallback"].endswith("HTTP 429 Too Many Requests, retry after 0.2 s")


def test_retry_after_in_seconds_or_as_a_date():
    soon = email.utils.format_datetime(datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(seconds=30),
                                       usegmt=True)
    assert 28 <= retry_after_seconds(soon) <= 30
    assert retry_after_seconds(" 7 ") == 7.0 and retry_after_seconds("1.5") == 1.5
    for nothing in (None, "", "soon", "-5", "9" * 5000, "Wed, 21 Oct 2015 07:28:00 GMT", "Wed, 21 Oct 99999 07:28:00"):
        assert retry_after_seconds(nothing) == 0.0


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
    assert last_move_line("> **Move**: `4`  \r\n") == "4"
    assert last_move_line("**MOVE:**\n\n`3`\n") == "3"  # an empty answer is the next line's
    assert last_move_line("MOVE:") == ""
    assert last_move_line("I move to build") is None


def test_the_move_line_is_found_in_time_linear_in_the_reply():
    """Small models degenerate into whitespace: 128,000 blank lines took 68 s (quadratic)."""
    blanks = 50_000  # about 10 s with the quadratic pattern, a few milliseconds now
    for reply, answer in (("\n" * blanks, None), (" \n" * blanks + "MOVE: 2", "2"),
                          ("MOVE: x" + " " * blanks + "y", "x" + " " * blanks + "y"),
                          ("MOVE: 1" + "\n \t" * blanks, "1")):
        started = time.perf_counter()
        assert last_move_line(reply) == answer
        assert time.perf_counter() - started < 0.5


def test_bad_input_is_refused_before_the_first_game(monkeypatch):
    with pytest.raises(ValueError, match="needs base_url"):
        make_agent("llm", game="duel", model="m")
    with pytest.raises(ValueError, match="needs model"):
        make_agent("llm", game="duel", base_url="http://127.0.0.1:1/v1")
    with pytest.raises(ValueError, match="must start with http"):
        make_agent("llm", game="duel", base_url="127.0.0.1:8000", model="m")
    for name, value in (("timeout", float("inf")), ("timeout", 1e300), ("timeout", float("nan")), ("timeout", 0),
                        ("timeout", "5"), ("backoff", float("inf")), ("backoff", -1), ("backoff", 1e300)):
        with pytest.raises(ValueError, match=f"{name} must be a number of seconds, >?=? 0 and at most 3600, got"):
            make_agent("llm", game="duel", base_url="http://127.0.0.1:1/v1", model="m", **{name: value})
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


def test_the_start_up_check_ends_at_its_deadline():
    with socket.socket() as silent:  # connections queue, nothing ever answers
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        url = f"http://127.0.0.1:{silent.getsockname()[1]}/v1"
        started = time.perf_counter()
        with pytest.raises(ValueError, match=re.escape(f"cannot reach the chat-completions server at {url} (no "
                                                       "complete answer in 0.5 s)")):
            make_agent("llm", game="duel", base_url=url, model="m", timeout=0.5)
        assert time.perf_counter() - started < 2.0


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
