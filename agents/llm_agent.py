"""A language model as a player: ``make_agent("llm", game=..., base_url=..., model=...)``.

The agent speaks the chat-completions protocol that OpenAI-compatible servers share (hosted APIs,
vLLM, llama.cpp's ``llama-server``, Ollama), over plain HTTP with the standard library:

```python
agent = make_agent("llm", game="duel", base_url="http://127.0.0.1:8000/v1", model="qwen2.5-7b-instruct")
# vLLM: vllm serve MODEL (http://127.0.0.1:8000/v1); llama.cpp: llama-server -m model.gguf
# (http://127.0.0.1:8080/v1); Ollama: http://127.0.0.1:11434/v1; a hosted API: its /v1 URL, the
# key in the environment variable named by api_key_env (default OPENAI_API_KEY)
```

**The prompt.** A system message with a short summary of the rules (:func:`wonders_env.text.rules`:
the game's, then those of the table's expansions) and the legend of the abbreviations, then the seat's text observation
(:class:`wonders_env.text.TextView`: what it may know and its numbered legal moves) and the
instruction to end the reply with a line ``MOVE: <number or name>``. The last such line is the
answer: a number, a move's name or a unique prefix of one (:func:`wonders_env.text.parse_move`).

**Wrong answers.** An illegal answer, or a reply without a ``MOVE:`` line, is asked again with
the reason, up to ``retries`` times in the same conversation; then the agent plays a random legal
move (the **fallback**, drawn from a generator seeded by ``seed``) and counts it. A decision with a
single legal move (most payment decisions of ``payment="choose"``) is played without asking.

**HTTP.** Every request is bounded: ``timeout`` seconds in all (default 60: connecting, sending
and reading the whole answer; a server that trickles its answer is cut there) and
``max_reply_bytes`` of answer (default 1,000,000; a longer one is a failed request, never sent
back to the model). Redirects are not followed: the API key stays on the host of ``base_url``,
and a redirect is a failed request naming where it pointed. A request that takes too long, a
refused connection, an HTTP error, a redirect, an answer too long or one that is no chat
completion (not JSON, content that is not text, usage that is not token counts) is retried
``http_retries`` times, waiting ``backoff``, then twice as long each time, or longer when a 429
or 503 answer's ``Retry-After`` asks it, never more than ``timeout``; a request that still fails
ends in the fallback too, and is counted: a tournament never stops on a model's reply. An
unreachable server (or one that redirects ``GET /models``), a missing ``base_url`` or ``model``,
a ``timeout`` or ``backoff`` that is not a number of seconds up to an hour, or a game without a
text interface is a ``ValueError`` when the agent is made, before the first game.

**Statistics.** :attr:`LLMAgent.games` holds one :class:`GameStats` per game the agent played
(a new game is noticed from the env: another seed, or a shorter history), with model calls,
tokens, seconds waiting for the model, illegal answers, retries, fallbacks and failed requests;
the arena (:mod:`wonders_agents.arena`) reads them.
"""

from __future__ import annotations

import datetime
import email.utils
import http.client
import io
import json
import math
import os
import re
import reprlib
import socket
import time
import urllib.error
import urllib.request
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from wonders_env.text import IllegalMoveError, TextView, parse_move, rules, text_module

MOVE_LINE = re.compile(r"[\s*_#>`]*MOVE[\s*_`]*:(.*)", re.IGNORECASE)  # matched on one line
MARKUP = re.compile(r"[\s*_`]*")  # around an answer (markdown emphasis, code quotes)
RETRY_SECONDS = re.compile(r"[0-9]{1,9}(\.[0-9]{1,6})?")  # Retry-After in seconds
MAX_SECONDS = 3600.0  # the longest timeout and backoff (an hour: inf or 1e300 cannot be waited)
MAX_TOKEN_COUNT = 10**9  # more tokens than any model reads or writes in one request
INSTRUCTION = ("Think briefly if you like, then end your reply with one line of the form\n"
               "MOVE: <number or name of one of your legal moves>")


@dataclass
class GameStats:
    """What one game cost and how the model answered (summed over the agent's decisions)."""

    seed: int | None = None
    decisions: int = 0  # moves the agent made
    forced: int = 0  # of which with a single legal move (no model call)
    requests: int = 0  # chat-completions requests sent, failed ones included
    answers: int = 0  # replies received
    illegal: int = 0  # replies with no MOVE line or a move that is not legal
    retries: int = 0  # questions asked again with the reason
    fallbacks: int = 0  # decisions played by a random legal move
    http_errors: int = 0  # failed requests (no answer in time, HTTP errors, redirects, answers too long or wrong)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0  # waiting for the model

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


class ModelError(Exception):
    """A chat-completions request that failed for good (after the HTTP retries)."""


class RequestFailed(Exception):
    """One request to the server that failed; the message says why, ``status`` is the HTTP status
    of the server's answer (None if it did not answer), ``retry_after`` the seconds a 429 or 503
    answer asked to wait (0 if none)."""

    def __init__(self, problem: str, status: int | None = None, retry_after: float = 0.0) -> None:
        super().__init__(problem)
        self.status = status
        self.retry_after = retry_after


def retry_after_seconds(value: str | None) -> float:
    """The seconds a ``Retry-After`` header's ``value`` asks to wait (a number of seconds or an
    HTTP date); 0 when there is none or it says nothing readable."""
    value = (value or "").strip()
    if RETRY_SECONDS.fullmatch(value):
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError, OverflowError):
        return 0.0
    if when.tzinfo is None:
        when = when.replace(tzinfo=datetime.timezone.utc)
    return max(0.0, (when - datetime.datetime.now(datetime.timezone.utc)).total_seconds())


def read_completion(answer: Any) -> tuple[str, int, int]:
    """``(reply, prompt tokens, completion tokens)`` of a chat completion (its parsed JSON); what is
    not one (content that is not text, usage that is not counts up to ``MAX_TOKEN_COUNT``: a count
    of 1e300 summed into the statistics broke the arena's leaderboard) raises ``ValueError`` saying why."""
    try:
        content = answer["choices"][0]["message"]["content"]
    except (KeyError, IndexError, TypeError):
        raise ValueError("no choices[0].message.content") from None
    if content is not None and not isinstance(content, str):
        raise ValueError(f"choices[0].message.content is {reprlib.repr(content)}, not text")
    usage = answer.get("usage")
    if usage is not None and not isinstance(usage, dict):
        raise ValueError(f"usage is {reprlib.repr(usage)}, not an object")
    counts = []
    for key in ("prompt_tokens", "completion_tokens"):
        count = (usage or {}).get(key)
        if count is None:
            count = 0
        whole = isinstance(count, int) or isinstance(count, float) and math.isfinite(count) and count.is_integer()
        if isinstance(count, bool) or not whole or not 0 <= count <= MAX_TOKEN_COUNT:
            raise ValueError(f"usage.{key} is {reprlib.repr(count)}, not a count of tokens (0 to {MAX_TOKEN_COUNT:,})")
        counts.append(int(count))
    return content or "", counts[0], counts[1]


def last_move_line(reply: str) -> str | None:
    """The answer of the last ``MOVE: ...`` line of ``reply`` (None if it has none), without the
    markup around it; an empty answer is the next line's (``**MOVE:**`` then ``3``). In time linear
    in the reply's length (a model may send megabytes of blanks)."""
    lines = reply.split("\n")
    for index in range(len(lines) - 1, -1, -1):
        found = MOVE_LINE.match(lines[index])
        if found:
            return _unmarked(found.group(1)) or next(filter(None, map(_unmarked, lines[index + 1:])), "")
    return None


def _unmarked(text: str) -> str:
    """``text`` without blanks and markup at either end."""
    start, end = MARKUP.match(text).end(), len(text) - MARKUP.match(text[::-1]).end()
    return text[start:end] if start < end else ""


class _DeadlineSocket:
    """A connected socket whose every send and receive ends by ``deadline`` (``time.monotonic()``),
    the only calls ``http.client`` makes on it once connected."""

    def __init__(self, sock: socket.socket, deadline: float) -> None:
        self.sock = sock
        self.deadline = deadline

    def time_left(self) -> None:
        """Bound the next call on the socket by the time left; ``TimeoutError`` once none is."""
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("timed out")
        self.sock.settimeout(left)

    def sendall(self, data: bytes) -> None:
        self.time_left()
        self.sock.sendall(data)

    def makefile(self, mode: str) -> io.BufferedReader:
        return io.BufferedReader(_DeadlineReader(self, self.sock.makefile(mode, buffering=0)))

    def close(self) -> None:
        self.sock.close()


class _DeadlineReader(io.RawIOBase):
    """The socket's reading end, each read bounded by the time left."""

    def __init__(self, owner: _DeadlineSocket, raw: io.RawIOBase) -> None:
        super().__init__()
        self.owner = owner
        self.raw = raw

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int | None:
        self.owner.time_left()
        return self.raw.readinto(buffer)

    def close(self) -> None:
        self.raw.close()
        super().close()


class _DeadlineHandler:
    """Opens the connections of one request on sockets that end by ``deadline``."""

    def __init__(self, deadline: float) -> None:
        super().__init__()
        self.deadline = deadline

    def do_open(self, http_class: Any, request: urllib.request.Request, **options: Any) -> Any:
        def connection(host: str, **connection_options: Any) -> http.client.HTTPConnection:
            opened = http_class(host, **connection_options)
            connect = opened.connect

            def connect_by_deadline() -> None:
                connect()
                opened.sock = _DeadlineSocket(opened.sock, self.deadline)

            opened.connect = connect_by_deadline
            return opened

        return super().do_open(connection, request, **options)


class _DeadlineHTTPHandler(_DeadlineHandler, urllib.request.HTTPHandler):
    pass


class _DeadlineHTTPSHandler(_DeadlineHandler, urllib.request.HTTPSHandler):
    pass


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """A redirect is an answer (an ``HTTPError``), never followed: the key stays on its host."""

    def http_error_302(self, *args: Any) -> None:
        return None

    http_error_301 = http_error_303 = http_error_307 = http_error_308 = http_error_302


class LLMAgent:
    """A player that asks a chat-completions model for each move (see the module docstring)."""

    def __init__(self, game: str, seed: int | None = None, base_url: str | None = None, model: str | None = None,
                 api_key_env: str = "OPENAI_API_KEY", temperature: float = 0.0, max_tokens: int | None = None,
                 retries: int = 2, timeout: float = 60.0, http_retries: int = 3, backoff: float = 1.0,
                 check_server: bool = True, max_reply_bytes: int = 1_000_000) -> None:
        if not base_url or not isinstance(base_url, str):
            raise ValueError("the llm agent needs base_url, the server's OpenAI-compatible API root, e.g. "
                             "http://127.0.0.1:8000/v1 (vLLM), http://127.0.0.1:8080/v1 (llama.cpp), "
                             "http://127.0.0.1:11434/v1 (Ollama)")
        if not base_url.startswith(("http://", "https://")):
            raise ValueError(f"base_url must start with http:// or https://, got {base_url!r}")
        if not model or not isinstance(model, str):
            raise ValueError("the llm agent needs model, the name the server knows the model by "
                             "(e.g. model=qwen2.5-7b-instruct)")
        for name, value, low in (("retries", retries, 0), ("http_retries", http_retries, 0),
                                 ("max_reply_bytes", max_reply_bytes, 1)):
            if not isinstance(value, int) or isinstance(value, bool) or value < low:
                raise ValueError(f"{name} must be an integer >= {low}, got {value!r}")
        for name, value, zero_allowed in (("timeout", timeout, False), ("backoff", backoff, True)):
            number = isinstance(value, (int, float)) and not isinstance(value, bool)
            if not (number and 0 <= value <= MAX_SECONDS and (value > 0 or zero_allowed)):  # nan and inf fail
                raise ValueError(f"{name} must be a number of seconds, {'>=' if zero_allowed else '>'} 0 and at most "
                                 f"{MAX_SECONDS:g}, got {value!r}")
        module = text_module(game)  # a game without a text interface raises here
        self.game = game
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.api_key_env = api_key_env
        self.temperature = float(temperature)
        self.max_tokens = max_tokens
        self.retries = retries
        self.timeout = float(timeout)
        self.http_retries = http_retries
        self.backoff = float(backoff)
        self.max_reply_bytes = max_reply_bytes
        self.rng = np.random.default_rng(seed)
        self.legend = module.LEGEND
        self.games: list[GameStats] = []
        #: the decisions of the current game in order: ``agent``, ``messages`` (the conversation with
        #: the model; empty for a single legal move), ``move`` (the name played), ``fallback`` (why
        #: a random move was played, else None)
        self.transcript: list[dict[str, Any]] = []
        self._history = -1
        if check_server:
            self.check_server()

    # -- the server
    def _headers(self) -> dict[str, str]:
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        key = os.environ.get(self.api_key_env) if self.api_key_env else None
        if key:
            headers["Authorization"] = f"Bearer {key}"
        return headers

    def request(self, path: str, data: bytes | None, seconds: float) -> bytes:
        """The body of the server's answer to one request to ``base_url + path`` (a POST of
        ``data``, a GET without), over in ``seconds``; one that fails raises :class:`RequestFailed`
        saying why (no answer in time, an HTTP error, a redirect, more than ``max_reply_bytes``)."""
        deadline = time.monotonic() + seconds
        opener = urllib.request.build_opener(_NoRedirects, _DeadlineHTTPHandler(deadline),
                                             _DeadlineHTTPSHandler(deadline))
        request = urllib.request.Request(f"{self.base_url}{path}", data=data, headers=self._headers())
        try:
            with opener.open(request, timeout=seconds) as response:
                body = response.read(self.max_reply_bytes + 1)
                status = response.status
        except urllib.error.HTTPError as error:
            location = error.headers.get("Location", "")
            retry_after = retry_after_seconds(error.headers.get("Retry-After")) if error.code in (429, 503) else 0.0
            error.close()
            if 300 <= error.code < 400:
                raise RequestFailed(f"HTTP {error.code}, a redirect to {location[:200]!r}, not followed (the API key "
                                    "stays on the host of base_url)", error.code) from None
            asked = f", retry after {retry_after:g} s" if retry_after else ""
            raise RequestFailed(f"HTTP {error.code} {error.reason}{asked}", error.code, retry_after) from None
        except (urllib.error.URLError, http.client.HTTPException, OSError) as error:  # timeouts included
            if time.monotonic() >= deadline:
                raise RequestFailed(f"no complete answer in {seconds:g} s") from None
            raise RequestFailed(f"no answer ({getattr(error, 'reason', error) or type(error).__name__})") from None
        if len(body) > self.max_reply_bytes:
            raise RequestFailed(f"an answer longer than max_reply_bytes={self.max_reply_bytes:,}", status)
        return body

    def check_server(self) -> None:
        """Raise ``ValueError`` if nothing answers at ``base_url`` in 10 s, or it redirects (any
        other HTTP answer will do: some servers have no ``/models``)."""
        try:
            self.request("/models", None, min(self.timeout, 10.0))
        except RequestFailed as failure:
            if failure.status is None:
                raise ValueError(f"cannot reach the chat-completions server at {self.base_url} ({failure}); "
                                 "start it, or check base_url") from None
            if 300 <= failure.status < 400:
                raise ValueError(f"the chat-completions server at {self.base_url} answers GET /models with "
                                 f"{failure}: give the URL it redirects to as base_url") from None

    def chat(self, messages: list[dict[str, str]], stats: GameStats) -> str:
        """The model's reply to ``messages``; failed requests are retried with back-off, then
        :class:`ModelError`."""
        body = {"model": self.model, "messages": messages, "temperature": self.temperature}
        if self.max_tokens:
            body["max_tokens"] = self.max_tokens
        data = json.dumps(body).encode()
        backoff, pause = self.backoff, 0.0
        problem = ""
        for attempt in range(1 + self.http_retries):
            if attempt:
                time.sleep(pause)
            stats.requests += 1
            started = time.perf_counter()
            asked = 0.0  # what the server asked to wait (Retry-After)
            try:
                answer = self.request("/chat/completions", data, self.timeout)
                reply, prompt_tokens, completion_tokens = read_completion(json.loads(answer))
            except RequestFailed as failure:
                problem, asked = str(failure), failure.retry_after
            except (ValueError, RecursionError) as error:  # RecursionError: JSON nested too deep
                problem = f"an answer that is not a chat completion ({error})"
            else:
                stats.seconds += time.perf_counter() - started
                stats.prompt_tokens += prompt_tokens
                stats.completion_tokens += completion_tokens
                stats.answers += 1
                return reply
            stats.seconds += time.perf_counter() - started
            stats.http_errors += 1
            pause = min(max(backoff, asked), self.timeout)
            backoff *= 2
        raise ModelError(f"the model server failed {1 + self.http_retries} times; last: {problem}")

    # -- playing
    def system_prompt(self, expansions: tuple[str, ...] = ()) -> str:
        """The system message: the rules of the game and of the table's ``expansions``, the legend
        of the abbreviations, the instruction."""
        return f"{rules(self.game, expansions)}\n\n{self.legend}\n\n{INSTRUCTION}"

    def _game_stats(self, view: TextView) -> GameStats:
        """The statistics of the env's game, a new entry when a new game has begun."""
        state = view.state
        history = len(state.log)
        if not self.games or state.seed != self.games[-1].seed or history < self._history:
            self.games.append(GameStats(seed=state.seed))
            self.transcript = []
        self._history = history
        return self.games[-1]

    def act(self, env: Any) -> int:
        view = TextView(env)
        agent = env.agent_selection
        stats = self._game_stats(view)
        stats.decisions += 1
        actions, moves = view.legal_actions(agent), view.moves(agent)
        if len(actions) == 1:
            stats.forced += 1
            self.transcript.append({"agent": agent, "messages": [], "move": moves[0], "fallback": None})
            return actions[0]
        messages = [{"role": "system", "content": self.system_prompt(view.state.db.expansions)},
                    {"role": "user", "content": f"{view.observation(agent)}\n\n{INSTRUCTION}"}]
        decision: dict[str, Any] = {"agent": agent, "messages": messages, "move": None, "fallback": None}
        self.transcript.append(decision)
        for attempt in range(1 + self.retries):
            try:
                reply = self.chat(messages, stats)
            except ModelError as error:
                decision["fallback"] = str(error)
                break
            messages.append({"role": "assistant", "content": reply})
            answer = last_move_line(reply)
            if answer is None:
                reason = "your reply has no line 'MOVE: <number or name>'"
            else:
                try:
                    index = parse_move(answer, moves)
                except IllegalMoveError as error:
                    reason = error.reason
                else:
                    decision["move"] = moves[index]
                    return actions[index]
            stats.illegal += 1
            if attempt == self.retries:
                decision["fallback"] = f"no legal answer in {1 + self.retries} tries; last: {reason}"
                break
            stats.retries += 1
            messages.append({"role": "user", "content": f"That answer was not accepted: {reason}. Choose one of "
                                                        f"the {len(moves)} legal moves listed above.\n{INSTRUCTION}"})
        stats.fallbacks += 1
        index = int(self.rng.integers(len(actions)))
        decision["move"] = moves[index]
        return actions[index]
