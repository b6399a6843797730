"""The server's limits on what a request may ask for (:class:`Limits`, set by ``wonders serve``).

A bot's budget per move is capped (``simulations``, ``time_limit``: a bot that thinks for days
holds a CPU core until the server stops); a bot given ``simulations`` without a ``time_limit``
also stops at the time cap (``mcts:engine=python`` makes about 30 simulations a second). Policy
files (``ppo:path=``, ``az:path=``, a bare ``*.pt``) are read only from the allowed folders; a
path elsewhere gets the same answer whether or not a file is there, so nothing is learnt about
the server's files.

A language model plays a seat only as ``llm:NAME``, NAME one of the endpoints the operator named
when starting the server (``wonders serve --llm NAME=URL,MODEL[,KEY_ENV]``: :class:`ModelEndpoint`,
listed in the page's bot menu by ``/api/setup``). A client never chooses a URL, a model, a key or
an environment variable: any other ``llm`` seat (``llm:base_url=...``, ``api_key_env=``, options,
an unknown NAME) is refused before anything is sent anywhere, with one answer whatever it says.
The key, read from the environment variable KEY_ENV, goes only to that endpoint's URL; without
KEY_ENV no key is sent.

The games held in memory are capped too (each holds an env and its bots): ``max_games`` on the
server and ``max_games_per_client`` in progress per client address (the peer address of the
request, or behind ``wonders serve --trusted-proxy`` the address the proxy forwards: :mod:`.proxy`).
A game ends its hold as it ends: its bots go when it is over (or stopped by a failing bot), and
when room is needed for a new game the finished games held longest untouched are released (their
records are saved). A game in progress that no request has named for ``abandon_seconds`` is
abandoned: it stops and is released, and its save moves from ``in_progress/`` to ``abandoned/``
(kept; a restarted server does not resume it), as soon as a new game needs room. A game stopped
by a failing bot is set aside the same way when it is released. A new game over a cap is refused
with HTTP 429, naming the cap and its option.
"""

from __future__ import annotations

import os
import re
import urllib.parse
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wonders_agents.ppo_agent import POLICY_DIR
from wonders_agents.tournament import parse_agent_spec

POLICY_PATH_OPTION = "path"
LLM_AGENT = "llm"
MODEL_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,39}")
ENVIRONMENT_VARIABLE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@dataclass(frozen=True)
class ModelEndpoint:
    """A language model the operator offers to the web's seats as ``llm:name``: the
    chat-completions server at ``base_url`` (:mod:`wonders_agents.llm_agent`), its ``model``, and
    the environment variable holding its key (None: no key is sent)."""

    name: str
    base_url: str
    model: str
    api_key_env: str | None = None

    @classmethod
    def parse(cls, text: str) -> ModelEndpoint:
        """The endpoint of ``wonders serve --llm NAME=URL,MODEL[,KEY_ENV]``, or ``ValueError`` saying
        what is wrong (KEY_ENV must be set in the server's environment)."""
        form = "NAME=URL,MODEL[,KEY_ENV]"
        name, equals, rest = text.partition("=")
        parts = rest.split(",")
        if not equals or len(parts) not in (2, 3):
            raise ValueError(f"--llm {text!r} is not {form} (e.g. qwen=http://127.0.0.1:8000/v1,Qwen2.5-7B-Instruct)")
        base_url, model, api_key_env = (*parts, None)[:3]
        if not MODEL_NAME.fullmatch(name):
            raise ValueError(f"--llm {text!r}: NAME must be 1 to 40 letters, digits, '_', '.' or '-' (starting with "
                             f"a letter or digit), got {name!r}")
        try:
            url = urllib.parse.urlsplit(base_url)
            url.port  # noqa: B018 (a port out of range raises here)
        except ValueError as error:
            raise ValueError(f"--llm {text!r}: URL {base_url!r} cannot be read ({error})") from None
        if url.scheme not in ("http", "https") or not url.hostname:
            raise ValueError(f"--llm {text!r}: URL must be an http:// or https:// address with a host, "
                             f"got {base_url!r}")
        if not model.strip():
            raise ValueError(f"--llm {text!r}: MODEL is empty")
        if api_key_env is not None and not ENVIRONMENT_VARIABLE.fullmatch(api_key_env):
            raise ValueError(f"--llm {text!r}: KEY_ENV must be the name of an environment variable, "
                             f"got {api_key_env!r}")
        if api_key_env is not None and not os.environ.get(api_key_env):
            raise ValueError(f"--llm {text!r}: the environment variable {api_key_env} holding the key is not set")
        return cls(name, base_url, model, api_key_env)


@dataclass(frozen=True)
class Limits:
    """``max_body``: bytes of a request body; ``max_bot_seconds``, ``max_bot_simulations``: a bot's
    ``time_limit`` and ``simulations`` per move; ``policy_dirs``: where policy files may be read
    (relative folders are taken from the server's working folder); ``max_games``: games held in
    memory; ``max_games_per_client``: games in progress created from one client address;
    ``abandon_seconds``: how long a game in progress may go unasked before it is abandoned;
    ``models``: the language models offered to the seats (:class:`ModelEndpoint`; none by default)."""

    max_body: int = 1 << 20
    max_bot_seconds: float = 10.0
    max_bot_simulations: int = 20_000
    policy_dirs: tuple[Path, ...] = (POLICY_DIR, Path("runs"))
    max_games: int = 100
    max_games_per_client: int = 10
    abandon_seconds: float = 3600.0
    models: tuple[ModelEndpoint, ...] = ()

    def model_endpoint(self, spec: str) -> ModelEndpoint:
        """The endpoint of the seat ``llm:NAME``; ``ValueError`` for any other ``llm`` seat, with the
        same answer whatever it says (nothing of it is echoed, nothing is sent anywhere)."""
        name = spec.partition(":")[2]
        for endpoint in self.models:
            if endpoint.name == name:
                return endpoint
        if not self.models:
            raise ValueError("this server offers no language-model seats: its operator names them when starting "
                             "it (wonders serve --llm NAME=URL,MODEL[,KEY_ENV])")
        raise ValueError(f"a language-model seat is one of {', '.join(f'llm:{m.name}' for m in self.models)}, the "
                         "models this server's operator offers (wonders serve --llm); a client chooses no URL, "
                         "model, key or option")


DEFAULT_LIMITS = Limits()  # frozen: one instance serves every default


def bot_spec(spec: str) -> str:
    """The tournament spec of a seat's bot: a bare policy file ``x.pt`` is ``ppo:path=x.pt``."""
    return f"ppo:path={spec}" if spec.endswith(".pt") and ":" not in spec else spec


def check_bot(spec: str, limits: Limits) -> str:
    """The spec of a bot (:func:`bot_spec`) within ``limits`` (``time_limit`` added to a budget of
    ``simulations`` alone; an ``llm`` seat one of the offered models: :meth:`Limits.model_endpoint`),
    or ``ValueError`` saying which limit."""
    spec = bot_spec(spec)
    if spec.partition(":")[0] == LLM_AGENT:
        limits.model_endpoint(spec)
        return spec
    name, options = parse_agent_spec(spec)
    caps = {"time_limit": (limits.max_bot_seconds, "seconds a move", "--max-bot-seconds"),
            "simulations": (limits.max_bot_simulations, "simulations a move", "--max-bot-simulations")}
    for option, (cap, unit, flag) in caps.items():
        value = options.get(option)
        if _is_number(value) and value > cap:
            raise ValueError(f"the bot {spec!r} asks for {option}={value}: this server allows at most {cap} "
                             f"{unit} (wonders serve {flag})")
    if POLICY_PATH_OPTION in options:
        check_policy_path(str(options[POLICY_PATH_OPTION]), limits.policy_dirs)
    if options.get("simulations") is not None and options.get("time_limit") is None:
        options["time_limit"] = limits.max_bot_seconds
        spec = f"{name}:" + ",".join(f"{key}={_option_text(value)}" for key, value in options.items())
    return spec


def check_policy_path(text: str, folders: tuple[Path, ...]) -> None:
    """``ValueError`` unless ``text`` is a path inside one of ``folders`` (no ``..``, links followed)."""
    allowed = [folder.resolve() for folder in folders]
    try:
        path = Path(text)
        inside = ".." not in path.parts and any(path.resolve().is_relative_to(folder) for folder in allowed)
    except (OSError, RuntimeError, ValueError):  # a null byte, a loop of links
        inside = False
    if not inside:
        raise ValueError(f"policy files are read only from {', '.join(map(str, allowed))} on this server "
                         f"(wonders serve --policy-dir adds a folder); {text!r} is not in them")


def _option_text(value: Any) -> str:
    """``value`` as :func:`wonders_agents.tournament.parse_agent_spec` reads it back."""
    return "None" if value is None else str(value).lower() if isinstance(value, bool) else str(value)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)
