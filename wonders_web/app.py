"""The web app: one page (``GET /``) and a small JSON API behind it (Starlette).

=====================================  =========================================================
``GET  /``                             the page (``static/index.html``, plain HTML/CSS/JS)
``GET  /api/setup``                    per game: its title, board (the page's drawing), player
                                       counts and default, bots (``llm:NAME``: the language models
                                       the operator offers), ``choices`` (the options offered)
``GET  /api/games``                    the games whose secrets the request holds (no others)
``POST /api/games``                    a new game: ``game``, ``options``, ``seats`` (``"human"``
                                       or a bot spec per seat), optional ``seed`` and ``delay``;
                                       answers its secrets: ``owner``, per human seat ``tokens``
                                       and ``invites`` (its bots are made in a worker thread: a
                                       model server's check never stalls the other requests;
                                       at most ``MAX_BOT_SETUPS`` games with an ``llm`` seat
                                       at once, else 429: other games are never refused for them)
``GET  /api/games/{id}?seat=&tab=``    the table as ``seat`` sees it (its token needed; no seat:
                                       a spectator, which anyone who knows the id may be)
``POST /api/games/{id}/move``          ``seat``, ``tab``, ``action``, ``turn_id`` (the seat's token)
``POST /api/games/{id}/delay``         ``delay``: seconds per bot move (the owner secret)
``POST /api/games/{id}/seats/{seat}``  ``invite``: the seat's invitation; answers a new ``token``
``POST /api/replays``                  a game record (JSON body): checked by replaying it
``GET  /api/replays/{id}/{turn}``      the table after ``turn`` turns (``?seat=`` a player number for
                                       its hand; empty: a spectator's view)
=====================================  =========================================================

The secrets travel in the ``X-Wonders-Tokens`` header: the comma-separated secrets the browser
holds (the page keeps them in ``localStorage``, so a reload or a restarted server resumes its
seats); see :mod:`.sessions` for what each allows. A header, not a cookie: a page of another
site cannot make the browser send it. Every request passes :class:`.guard.Guard` first (``Host``,
``Origin``, JSON content type, body size), and a new game and its bots stay within
:class:`.limits.Limits` (a new game over the games' caps is refused with 429).

Every refusal is a JSON ``{"error": "..."}`` that says what was wrong, with a 4xx status.
"""

from __future__ import annotations

import contextlib
import json
import secrets
import threading
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from wonders_agents import agent_names
from wonders_env.registry import entry

from .games import GAME_VIEWS
from .guard import Guard, allowed_hosts, is_loopback
from .limits import DEFAULT_LIMITS, LLM_AGENT, Limits
from .proxy import NO_PROXIES, ClientAddress, TrustedProxies
from .replay import Rebuilt, RecordError, parse_record, rebuild
from .sessions import GameSession, MoveError, SessionStore, check_delay

STATIC_DIR = Path(__file__).resolve().parent / "static"
MAX_REPLAYS = 20  # replays kept in memory; the oldest goes first
TOKEN_HEADER = "X-Wonders-Tokens"
MAX_TOKENS = 1000  # secrets in one request's header
MAX_SEED = 2**64 - 1  # the envs' rule
MAX_BOT_SETUPS = 8  # new games whose model bots are being made at once (each holds a worker thread)


def setup_games(limits: Limits) -> dict[str, Any]:
    """``/api/setup``'s games: the bots of each are its agents (:func:`wonders_agents.agent_names`)
    and, where it has a text interface, ``llm:NAME`` per model of ``limits``."""
    return {name: {"title": view.TITLE, "board": view.BOARD, "players": list(entry(name).player_counts),
                   "default_players": entry(name).default_players,
                   "bots": [*agent_names(name), *(f"llm:{model.name}" for model in limits.models if entry(name).text)],
                   "choices": view.SETUP_CHOICES}
            for name, view in GAME_VIEWS.items()}


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _json_body(request: Request) -> Any:
    try:
        return json.loads(await request.body())
    except ValueError as error:
        raise MoveError(f"the request body is not JSON: {error}") from None
    except RecursionError:
        raise MoveError("the request body is JSON nested too deeply to read") from None


def _tokens(request: Request) -> frozenset[str]:
    """The secrets in the request's ``X-Wonders-Tokens`` header."""
    tokens = frozenset(filter(None, (t.strip() for t in request.headers.get(TOKEN_HEADER, "").split(","))))
    if len(tokens) > MAX_TOKENS:
        raise MoveError(f"the {TOKEN_HEADER} header holds {len(tokens)} secrets, at most {MAX_TOKENS} are read")
    return tokens


def _seat(value: Any) -> int | None:
    if value in (None, "", "spectator"):
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        raise MoveError(f"seat must be a player number or empty for a spectator, got {value!r}") from None


def _seed(value: Any) -> int | None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SEED):
        raise MoveError(f"seed must be an integer from 0 to 2**64-1 or absent, got {value!r}")
    return value


def create_app(records_dir: Path | None = None, host: str = "127.0.0.1", port: int = 8000,
               limits: Limits = DEFAULT_LIMITS, extra_hosts: tuple[str, ...] = (),
               proxies: TrustedProxies = NO_PROXIES) -> Starlette:
    """The app of a server listening on ``host:port`` (the ``Host`` headers it answers, with
    ``extra_hosts``: :func:`.guard.allowed_hosts`) behind the reverse ``proxies`` that it trusts to
    name the client (:mod:`.proxy`); games are saved in ``records_dir`` (None: not saved, for tests)."""
    store = SessionStore(records_dir, limits)
    replays: dict[str, Rebuilt] = {}
    games = setup_games(limits)
    bot_setups = threading.BoundedSemaphore(MAX_BOT_SETUPS)  # the worker threads left to the rest of the app

    async def page(request: Request) -> FileResponse:
        return FileResponse(STATIC_DIR / "index.html")

    async def setup(request: Request) -> JSONResponse:
        return JSONResponse({"games": games, "skipped_saved_games": store.skipped})

    async def list_games(request: Request) -> JSONResponse:
        tokens = _tokens(request)
        return JSONResponse([s.summary(tokens) for s in store.sessions.values() if s.known_to(tokens)])

    async def new_game(request: Request) -> JSONResponse:
        body = await _json_body(request)
        if not isinstance(body, dict):
            raise MoveError("send a JSON object with game, options and seats")
        options = body.get("options") or {}
        seats = body.get("seats")
        if not isinstance(options, dict):
            raise MoveError(f"options must be an object, got {options!r}")
        client = request.client.host if request.client else "unknown"
        seed, delay = _seed(body.get("seed")), check_delay(body.get("delay", 0.5))
        store.check_client(client)  # before any bot is made: a client over its cap costs no model server a request
        asks_a_model = isinstance(seats, list) and any(
            isinstance(seat, str) and seat.partition(":")[0] == LLM_AGENT for seat in seats)
        if asks_a_model and not bot_setups.acquire(blocking=False):
            raise MoveError(f"this server is setting up the language-model bots of {MAX_BOT_SETUPS} new games "
                            "already (a model server may be slow to answer): try again in a few seconds, or "
                            "choose another bot", 429)
        try:
            session = await run_in_threadpool(GameSession, body.get("game"), options, seats, seed=seed, delay=delay,
                                              records_dir=records_dir, client=client, limits=limits)
        finally:
            if asks_a_model:
                bot_setups.release()
        store.make_room(client)  # after the request is known good: a bad one changes nothing
        store.add(session)
        credentials = session.credentials()
        return JSONResponse({**session.summary(frozenset(credentials["tokens"].values())), **credentials})

    async def game_view_route(request: Request) -> JSONResponse:
        session = store.get(request.path_params["game_id"])
        seat = _seat(request.query_params.get("seat"))
        with session.lock:
            session.claim(seat, _tokens(request), request.query_params.get("tab", ""),
                          request.query_params.get("take_over") == "1")
        return JSONResponse(session.view(seat))

    async def move(request: Request) -> JSONResponse:
        session = store.get(request.path_params["game_id"])
        body = await _json_body(request)
        if not isinstance(body, dict):
            raise MoveError("send a JSON object with seat, tab, action and turn_id")
        seat = _seat(body.get("seat"))
        if seat is None:
            raise MoveError("a spectator cannot move", 403)
        session.move(seat, _tokens(request), str(body.get("tab", "")), body.get("action"), body.get("turn_id"))
        return JSONResponse(session.view(seat))

    async def set_delay(request: Request) -> JSONResponse:
        session = store.get(request.path_params["game_id"])
        if not session.owned_by(_tokens(request)):
            raise MoveError("only the browser that created this game may change its delay", 403)
        body = await _json_body(request)
        session.delay = check_delay(body.get("delay") if isinstance(body, dict) else None)
        return JSONResponse({"delay": session.delay})

    async def take_seat(request: Request) -> JSONResponse:
        session = store.get(request.path_params["game_id"])
        body = await _json_body(request)
        seat = request.path_params["seat"]
        token = session.take_seat(seat, body.get("invite") if isinstance(body, dict) else None)
        return JSONResponse({"seat": seat, "token": token})

    async def new_replay(request: Request) -> JSONResponse:
        record = parse_record(await request.body())
        rebuilt = rebuild(record)
        replay_id = secrets.token_hex(6)
        replays[replay_id] = rebuilt
        while len(replays) > MAX_REPLAYS:
            del replays[next(iter(replays))]
        return JSONResponse({"id": replay_id, "game": rebuilt.view.GAME, "turns": len(rebuilt.states) - 1,
                             "seats": rebuilt.view.seat_names(rebuilt.env)})

    async def replay_turn(request: Request) -> JSONResponse:
        replay_id = request.path_params["replay_id"]
        if replay_id not in replays:
            raise MoveError(f"no replay {replay_id!r}: load the record again", 404)
        rebuilt = replays[replay_id]
        turn = request.path_params["turn"]
        if not 0 <= turn < len(rebuilt.states):
            raise MoveError(f"turn must be from 0 to {len(rebuilt.states) - 1}, got {turn}")
        seat = _seat(request.query_params.get("seat"))
        view = rebuilt.view
        env = rebuilt.env
        players = len(view.seat_names(env))
        if seat is not None and not 0 <= seat < players:
            raise MoveError(f"seat must be a player number from 0 to {players - 1} (this game has {players} "
                            f"players) or empty for a spectator, got {seat}")
        env.unwrapped.state = rebuilt.states[turn]
        events = rebuilt.events[turn - 1] if turn else []
        result = {"game": view.GAME, "turn": turn, "turns": len(rebuilt.states) - 1, "seat": seat,
                  "table": view.table(env, seat), "events": [view.event(e, seat) for e in events]}
        if turn == len(rebuilt.states) - 1 and not view.acting_agents(env):
            record = env.unwrapped.game_record()
            result["result"] = {"winners": record["winners"], "victory": record.get("victory"),
                                "scores": [{"name": p["agent"] or "Free City", "score": p["score"]}
                                           for p in record["players"]]}
        return JSONResponse(result)

    async def refused(request: Request, error: Exception) -> JSONResponse:
        return _error(str(error), getattr(error, "status", 400))

    routes = [
        Route("/", page),
        Route("/api/setup", setup),
        Route("/api/games", list_games, methods=["GET"]),
        Route("/api/games", new_game, methods=["POST"]),
        Route("/api/games/{game_id}", game_view_route),
        Route("/api/games/{game_id}/move", move, methods=["POST"]),
        Route("/api/games/{game_id}/delay", set_delay, methods=["POST"]),
        Route("/api/games/{game_id}/seats/{seat:int}", take_seat, methods=["POST"]),
        Route("/api/replays", new_replay, methods=["POST"]),
        Route("/api/replays/{replay_id}/{turn:int}", replay_turn),
        Mount("/static", StaticFiles(directory=STATIC_DIR), name="static"),
    ]
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        yield
        store.stop()

    middleware = [Middleware(ClientAddress, proxies=proxies),  # first: the Guard checks Origin against its scheme
                  Middleware(Guard, hosts=allowed_hosts(host, port, extra_hosts), max_body=limits.max_body)]
    app = Starlette(routes=routes, exception_handlers={MoveError: refused, RecordError: refused, ValueError: refused},
                    lifespan=lifespan, middleware=middleware)
    app.state.store = store
    return app


REMOTE_WARNING = ("anyone who can reach {host}:{port} over the network can create games (which run bots "
                  "on this machine, within the bot limits), watch any game whose id they learn, open the "
                  "invitation links they are given and load the policy files of {folders}; nothing is "
                  "encrypted (plain http)")


def serve(host: str = "127.0.0.1", port: int = 8000, records_dir: Path | None = Path("runs/web"),
          limits: Limits = DEFAULT_LIMITS, extra_hosts: tuple[str, ...] = (),
          proxies: TrustedProxies = NO_PROXIES) -> None:
    """Run the app with uvicorn until interrupted; prints the address (and, off loopback, what it
    exposes: :mod:`wonders_cli.serve` lets a non-loopback ``host`` through only with ``--allow-remote``).
    Uvicorn's own reading of ``X-Forwarded-For`` is off: the app's ``proxies`` alone say who the client is."""
    import uvicorn
    app = create_app(records_dir, host, port, limits, extra_hosts, proxies)
    print(f"wonders web app on http://{host}:{port}/  (games saved in {records_dir}; Ctrl+C stops)", flush=True)
    if proxies.networks:
        print(f"the client of a request from {', '.join(map(str, proxies.networks))} is read from its "
              f"{proxies.header.title()} header", flush=True)
    if limits.models:
        print("language models offered to the seats: " + ", ".join(f"llm:{model.name} ({model.model} at "
                                                                   f"{model.base_url})" for model in limits.models),
              flush=True)
    if not is_loopback(host):
        folders = ", ".join(str(folder.resolve()) for folder in limits.policy_dirs)
        print("warning: " + REMOTE_WARNING.format(host=host, port=port, folders=folders), flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning", proxy_headers=False)
