"""What every request must show before the app reads it (:class:`Guard`, an ASGI middleware).

* ``Host`` names the address the server listens on (:func:`allowed_hosts`): a page of another
  site that points its own name at this machine (DNS rebinding) is refused, 403.
* A request that changes something (POST) is ``Content-Type: application/json`` (415 else), which
  a cross-site HTML form cannot send, and, when it has an ``Origin`` header, comes from this
  server's own origin ``<scheme>://<Host>`` (403 else; the scheme is ``http``, or what a trusted
  reverse proxy says the browser used: :mod:`.proxy`).
* Its body is at most ``max_body`` bytes (413 else, saying the limit): a longer
  ``Content-Length`` is refused unread, and the body is counted as it arrives.

Every refusal is the app's JSON ``{"error": "..."}``. Plain ASGI, no import of the web extra:
``wonders serve`` checks its ``--host`` with :func:`is_loopback` before the extra is needed.
"""

from __future__ import annotations

import ipaddress
import json
import re
from typing import Any
from collections.abc import Iterable

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")
WILDCARD_ADDRESSES = ("0.0.0.0", "::", "")
STATE_CHANGING = ("POST", "PUT", "PATCH", "DELETE")
PROXY_SCHEME_HINT = (" (a reverse proxy that serves https must be named by wonders serve --trusted-proxy and "
                     "send X-Forwarded-Proto or Forwarded: proto=)")
HOST_VALUE = re.compile(r"(\[[0-9A-Fa-f:.]+\]|[^\[\]:/\s]+)(?::(\d{1,5}))?", re.ASCII)  # name, port


def is_loopback(host: str) -> bool:
    """True for ``localhost`` and the loopback addresses (``127.0.0.0/8``, ``::1``)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def allowed_hosts(host: str, port: int, extra: Iterable[str] = ()) -> frozenset[str]:
    """The ``Host`` header values that name a server listening on ``host:port``: that address with
    ``port`` (and ``localhost``, ``127.0.0.1``, ``[::1]`` when it listens on loopback or on every
    address; without a port too when it is 80), and the ``extra`` names under which people reach
    it: ``NAME:PORT`` as given, a bare ``NAME`` with ``port`` and without one (a browser leaves out
    80 and 443, the ports of a reverse proxy in front). ``ValueError`` for an extra name that is not
``NAME[:PORT]``, or is a wildcard address."""
    names = {host}
    if is_loopback(host) or host in WILDCARD_ADDRESSES:
        names.update(LOOPBACK_NAMES)
    values = set()
    for name in names - set(WILDCARD_ADDRESSES):
        values.add(f"{_bracketed(name)}:{port}")
        if port == 80:  # a browser leaves the default port out
            values.add(_bracketed(name))
    for name in extra:
        shown, given_port = _name_and_port(name)
        values.update([f"{shown}:{given_port}"] if given_port else [f"{shown}:{port}", shown])
    return frozenset(value.lower() for value in values)


def _bracketed(name: str) -> str:
    """A name as a ``Host`` header writes it: an IPv6 address in brackets."""
    return f"[{name.strip('[]')}]" if ":" in name else name


def _name_and_port(text: str) -> tuple[str, str | None]:
    """``NAME``, ``NAME:PORT`` or an IPv6 address (``::1``, ``[::1]``, ``[::1]:8443``) as a ``Host``
    header writes its name, and its port (None: not given); ``ValueError`` for anything else."""
    if text and text.strip("[]") in WILDCARD_ADDRESSES:
        raise ValueError(f"--allowed-host {text!r} is the address of every interface, not a name browsers use to "
                         "reach this server: give its name or one of its addresses")
    try:
        ipaddress.ip_address(text)
        return _bracketed(text), None
    except ValueError:
        match = HOST_VALUE.fullmatch(text)
    if match is None:
        raise ValueError(f"--allowed-host {text!r} is not a name or address with an optional :PORT (such as "
                         "games.example.com, games.example.com:8443, 192.168.1.5 or [2001:db8::1]:8443)")
    return match.group(1), match.group(2)


async def _refuse(send: Any, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


class Guard:
    """The checks of the module docstring, in front of ``app``."""

    def __init__(self, app: Any, hosts: frozenset[str], max_body: int) -> None:
        self.app = app
        self.hosts = hosts
        self.max_body = max_body

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {name.decode("latin-1").lower(): value.decode("latin-1") for name, value in scope["headers"]}
        host = headers.get("host", "").lower()
        if host not in self.hosts:
            await _refuse(send, 403,
                          f"the Host header {host!r} does not name this server (it answers to "
                          f"{', '.join(sorted(self.hosts))}): pages of other sites cannot reach it under their "
                          "own name; wonders serve --allowed-host adds a name")
            return
        if scope["method"] not in STATE_CHANGING:
            await self.app(scope, receive, send)
            return
        origin = headers.get("origin")
        own_origin = f"{scope.get('scheme', 'http')}://{host}"
        if origin is not None and origin.lower() != own_origin:
            proxied = origin.lower() == f"https://{host}"  # an https proxy that does not say so
            await _refuse(send, 403,
                          f"cross-origin request refused: its Origin {origin!r} is not this server's {own_origin}"
                          + (PROXY_SCHEME_HINT if proxied else ""))
            return
        content_type = headers.get("content-type", "").split(";")[0].strip().lower()
        if content_type != "application/json":
            await _refuse(send, 415,
                          f"send the request body as Content-Type: application/json (got {content_type or 'none'!r})")
            return
        length = headers.get("content-length", "")
        body = None if length.isdigit() and int(length) > self.max_body else await self._read_body(receive)
        if body is None:
            await _refuse(send, 413, f"the request body is over this server's limit of "
                                                     f"{self.max_body} bytes (wonders serve --max-body)")
            return
        delivered = False

        async def replay() -> dict[str, Any]:
            nonlocal delivered
            if delivered:
                return await receive()
            delivered = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)

    async def _read_body(self, receive: Any) -> bytes | None:
        """The whole body, or None as soon as it is longer than ``max_body`` (the rest unread)."""
        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return b"".join(chunks)
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)
