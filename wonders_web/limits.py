"""The server's limits on what a request may ask for (:class:`Limits`, set by ``wonders serve``).

A bot's budget per move is capped (``simulations``, ``time_limit``: a bot that thinks for days
holds a CPU core until the server stops); a bot given ``simulations`` without a ``time_limit``
also stops at the time cap (``mcts:engine=python`` makes about 30 simulations a second). Policy
files (``ppo:path=``, ``az:path=``, a bare ``*.pt``) are read only from the allowed folders; a
path elsewhere gets the same answer whether or not a file is there, so nothing is learnt about
the server's files.

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

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wonders_agents.ppo_agent import POLICY_DIR
from wonders_agents.tournament import parse_agent_spec

POLICY_PATH_OPTION = "path"


@dataclass(frozen=True)
class Limits:
    """``max_body``: bytes of a request body; ``max_bot_seconds``, ``max_bot_simulations``: a bot's
    ``time_limit`` and ``simulations`` per move; ``policy_dirs``: where policy files may be read
    (relative folders are taken from the server's working folder); ``max_games``: games held in
    memory; ``max_games_per_client``: games in progress created from one client address;
    ``abandon_seconds``: how long a game in progress may go unasked before it is abandoned."""

    max_body: int = 1 << 20
    max_bot_seconds: float = 10.0
    max_bot_simulations: int = 20_000
    policy_dirs: tuple[Path, ...] = (POLICY_DIR, Path("runs"))
    max_games: int = 100
    max_games_per_client: int = 10
    abandon_seconds: float = 3600.0


DEFAULT_LIMITS = Limits()  # frozen: one instance serves every default


def bot_spec(spec: str) -> str:
    """The tournament spec of a seat's bot: a bare policy file ``x.pt`` is ``ppo:path=x.pt``."""
    return f"ppo:path={spec}" if spec.endswith(".pt") and ":" not in spec else spec


def check_bot(spec: str, limits: Limits) -> str:
    """The spec of a bot (:func:`bot_spec`) within ``limits`` (``time_limit`` added to a budget of
    ``simulations`` alone), or ``ValueError`` saying which limit."""
    spec = bot_spec(spec)
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
