"""A stand-in for a language model: a chat-completions server on 127.0.0.1 that answers from a script.

It is **not a model**: it does not read the game, it picks among the legal moves listed in the
prompt, or answers what its script says. The tests and the arena notebook use it to exercise the
``llm`` agent (:mod:`wonders_agents.llm_agent`) over real HTTP requests without a model or the internet.
To measure a real model, point the agent at its server instead (``base_url``: vLLM, llama.cpp,
Ollama or a hosted API).

```python
with ScriptedChatServer(["illegal", "legal"], then="legal", seed=0) as server:
    agent = make_agent("llm", game="duel", base_url=server.url, model="scripted")
```

Each chat request takes the next answer of ``script``, then ``then`` for all the others:

=============  =====================================================================================
answer         reply
=============  =====================================================================================
``legal``      a sentence, then ``MOVE: <n>`` or ``MOVE: <name>`` (alternately) of a legal move
               drawn at random (``seed``) from the numbered list of the conversation's first prompt
``first``      ``MOVE: 1``
``illegal``    ``MOVE: Build the Great Wall`` (no such move)
``garbage``    random characters
``no_move``    a sentence without a ``MOVE:`` line
``timeout``    no answer for ``hang`` seconds (longer than the client waits), then ``legal``
``error``      HTTP 500
``busy``       HTTP 429 with the header ``Retry-After: <retry_after>``
``slow``       ``legal`` after ``slow`` seconds
``trickle``    the whole answer to ``legal`` (status line, headers, body) one byte every ``trickle``
               seconds, for ``hang`` seconds at most, then the connection closes
``huge``       ``legal`` after ``huge`` spaces
``redirect``   HTTP 302 to the same path under ``redirect_to`` (another server's ``url``)
other text     that text, as it is
bytes          those bytes as the whole body of the HTTP 200 answer (e.g. one of
               :data:`NOT_COMPLETIONS`)
=============  =====================================================================================

``GET /v1/models`` lists the one model ``scripted`` (with ``redirect_to``, it is redirected there
too). Usage is counted as 4 characters a token. ``requests`` holds the JSON body and headers of
every chat request received, ``gets`` the headers of every GET request. With ``tls`` (a
server-side ``ssl.SSLContext``) it speaks HTTPS.
"""

from __future__ import annotations

import json
import re
import ssl
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from collections.abc import Sequence

import numpy as np

ANSWERS = ("legal", "first", "illegal", "garbage", "no_move", "timeout", "error", "busy", "slow", "trickle",
           "huge", "redirect")
LISTED_MOVE = re.compile(r"^(\d+)\. (.+)$", re.MULTILINE)


def completion_body(content: Any, usage: Any = None) -> bytes:
    """The JSON body of a chat completion with ``content`` and ``usage`` as they are."""
    return json.dumps({"object": "chat.completion", "usage": usage,
                       "choices": [{"index": 0, "message": {"role": "assistant", "content": content}}]}).encode()


#: HTTP 200 bodies that are no chat completion, as a careless or hostile server may send them
NOT_COMPLETIONS = {
    "content a number": completion_body(7),
    "content a list of parts": completion_body([{"type": "text", "text": "MOVE: 1"}]),
    "usage a string": completion_body("MOVE: 1", "12 tokens"),
    "token counts 'many'": completion_body("MOVE: 1", {"prompt_tokens": "many", "completion_tokens": 3}),
    "token counts 1e999": completion_body("MOVE: 1", {"prompt_tokens": 10}).replace(b"10", b"1e999"),
    "token counts 1e300": completion_body("MOVE: 1", {"prompt_tokens": 1e300}),
    "token counts of 4,000 digits": completion_body("MOVE: 1", {"prompt_tokens": 10**3999}),
    "no choices": b'{"choices": []}',
    "JSON nested too deep": b"[" * 100_000 + b"]" * 100_000,
    "not UTF-8": b"\xc3\x28 busy",
    "not JSON": b"<html>busy</html>",
}


class ScriptedChatServer:
    """A chat-completions server on ``127.0.0.1`` (a free port) answering from a script."""

    def __init__(self, script: Sequence[str | bytes] = (), then: str | bytes = "legal", seed: int = 0,
                 hang: float = 5.0, slow: float = 0.2, trickle: float = 0.5, huge: int = 2_000_000,
                 redirect_to: str | None = None, retry_after: str = "1", tls: ssl.SSLContext | None = None) -> None:
        self.script = list(script)
        self.then = then
        self.hang = hang
        self.slow = slow
        self.trickle = trickle
        self.huge = huge
        self.redirect_to = redirect_to
        self.retry_after = retry_after
        self.gets: list[dict[str, str]] = []
        self.rng = np.random.default_rng(seed)
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._named = False
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self._server.daemon_threads = True
        if tls is not None:
            self._server.socket = tls.wrap_socket(self._server.socket, server_side=True)
        self._scheme = "http" if tls is None else "https"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        """The API root to give the ``llm`` agent as ``base_url``."""
        return f"{self._scheme}://127.0.0.1:{self._server.server_address[1]}/v1"

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join()

    def __enter__(self) -> ScriptedChatServer:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def next_answer(self, body: dict[str, Any], headers: dict[str, str]) -> str | bytes:
        """The script's next answer, the request recorded."""
        with self._lock:
            self.requests.append({"body": body, "headers": headers})
            return self.script.pop(0) if self.script else self.then

    def record_get(self, headers: dict[str, str]) -> None:
        with self._lock:
            self.gets.append(headers)

    def reply(self, answer: str, messages: list[dict[str, str]]) -> str:
        """The text of ``answer`` to the conversation ``messages``."""
        with self._lock:
            if answer in ("legal", "timeout", "slow", "trickle", "huge"):
                first = next((m["content"] for m in messages if m.get("role") == "user"), "")
                moves = LISTED_MOVE.findall(first)
                if not moves:
                    return "I see no numbered moves.\nMOVE: 1"
                number, name = moves[int(self.rng.integers(len(moves)))]
                self._named = not self._named
                return f"I will play {name}.\nMOVE: {name if self._named else number}"
            if answer == "first":
                return "MOVE: 1"
            if answer == "illegal":
                return "The best move is clear.\nMOVE: Build the Great Wall"
            if answer == "garbage":
                return "".join(chr(c) for c in self.rng.integers(33, 127, 40))
            if answer == "no_move":
                return "I would build something useful this turn."
            return answer


def _handler(server: ScriptedChatServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:  # quiet
            pass

        def _send(self, status: int, payload: dict[str, Any] | bytes) -> None:
            data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except OSError:  # a broken pipe, a reset, a TLS connection cut
                pass  # the client stopped waiting (a timeout)

        def _trickle(self, payload: dict[str, Any]) -> None:
            data = json.dumps(payload).encode()
            answer = (f"{self.protocol_version} 200 OK\r\nContent-Type: application/json\r\n"
                      f"Content-Length: {len(data)}\r\n\r\n").encode() + data
            end = time.monotonic() + server.hang
            try:
                for byte in answer:
                    if time.monotonic() > end:
                        break
                    self.wfile.write(bytes([byte]))
                    time.sleep(server.trickle)
            except OSError:  # a broken pipe, a reset, a TLS connection cut
                pass  # the client stopped waiting
            self.close_connection = True

        def _redirect(self) -> None:
            self.send_response(302)
            self.send_header("Location", f"{server.redirect_to}{self.path.removeprefix('/v1')}")
            self.send_header("Content-Length", "0")
            self.end_headers()

        def do_GET(self) -> None:
            server.record_get(dict(self.headers))
            if server.redirect_to:
                self._redirect()
            elif self.path.rstrip("/") == "/v1/models":
                self._send(200, {"object": "list", "data": [{"id": "scripted", "object": "model"}]})
            else:
                self._send(404, {"error": {"message": f"no route {self.path}"}})

        def do_POST(self) -> None:
            if self.path.rstrip("/") != "/v1/chat/completions":
                self._send(404, {"error": {"message": f"no route {self.path}"}})
                return
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
            answer = server.next_answer(body, dict(self.headers))
            if isinstance(answer, bytes):
                self._send(200, answer)
                return
            if answer == "error":
                self._send(500, {"error": {"message": "scripted server error"}})
                return
            if answer == "redirect":
                self._redirect()
                return
            if answer == "busy":
                self.send_response(429)
                self.send_header("Retry-After", server.retry_after)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            if answer in ("timeout", "slow"):
                time.sleep(server.hang if answer == "timeout" else server.slow)
            messages = body.get("messages", [])
            text = server.reply(answer, messages)
            if answer == "huge":
                text = " " * server.huge + text
            prompt = sum(len(m.get("content", "")) for m in messages)
            completion = {
                "id": f"scripted-{len(server.requests)}", "object": "chat.completion", "model": body.get("model"),
                "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
                "usage": {"prompt_tokens": prompt // 4, "completion_tokens": len(text) // 4,
                          "total_tokens": prompt // 4 + len(text) // 4}}
            if answer == "trickle":
                self._trickle(completion)
            else:
                self._send(200, completion)

    return Handler
