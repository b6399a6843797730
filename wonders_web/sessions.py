"""Games in progress on the server: who plays each seat, the bots' thread, and what each seat sees.

A :class:`GameSession` owns one PettingZoo env (``raw_env``). Only its runner thread changes the
env: it asks the bots for their moves (at ``delay`` seconds per move, so people can watch) and
plays the moves the human seats sent. A human's move is checked against that seat's action mask
when it arrives and kept until the env asks for that seat (in 7 Wonders the players choose at
once, in any order). Everything sent to a browser goes through :meth:`GameSession.view`, which
holds only what that seat may see (see the view modules).

Every game is saved in ``records_dir`` when it is created and after every move, a person's
queued 7 Wonders choice included: ``in_progress/<id>.json`` (options, seats, the seats' secrets,
the record so far and the moves of the turn not yet resolved) while it runs, then ``<id>.json``
(the plain game record) when it ends; each file is written whole or not at all.
:class:`SessionStore` reloads the games in progress when the server starts, by replaying their
records, so a closed tab or a restarted server (stopped or killed) loses nothing. A saved game's
id is its file's name (a file that names another id inside is not resumed: what a file holds never
says where it is written), and its bots are checked against the server's limits as a new game's
are (:func:`.limits.check_bot`). It holds at
most :class:`.limits.Limits`' games (see there: finished games are released first, an abandoned
game's save moves to ``abandoned/<id>.json``).

Who may do what is a matter of secrets (``secrets.token_urlsafe``), given to the browser that
creates the game and sent back with each request (:func:`wonders_web.app`'s header):

* the game's ``owner`` secret: the game is in that browser's list, it may change the delay;
* a human seat's ``token``: that seat's hand and moves; the creator holds every human seat's;
* a human seat's ``invite``: the creator shares it (an invitation link); whoever opens it gets
  a new token for that seat, and the previous holder's token stops working.

A human seat is held by one browser tab at a time (the tab's id comes with every request); a
second tab of the same browser is told that the seat is open elsewhere until the first tab has
been silent for ``CLAIM_SECONDS`` or the second tab takes the seat over.
"""

from __future__ import annotations

import json
import logging
import os
import re
import secrets
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import numpy as np

from wonders_env.text import text_module

from .games import game_view
from .limits import DEFAULT_LIMITS, LLM_AGENT, Limits, ModelEndpoint, bot_spec, check_bot
from .replay import rebuild

CLAIM_SECONDS = 5.0  # a tab that has not asked for this long has let its seat go
MAX_DELAY = 10.0  # the longest pause before a bot's move, in seconds
AGENT_SEED_STRIDE = 1000
log = logging.getLogger(__name__)
GAME_ID = re.compile(r"[0-9a-f]{12}")  # secrets.token_hex(6): a game's id, the name of its files


class MoveError(ValueError):
    """A move the server refuses; ``status`` is the HTTP status to answer with."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def check_delay(value: Any) -> float:
    """``value`` as the seconds before each bot move (0 to ``MAX_DELAY``), or ``MoveError`` saying so."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= MAX_DELAY:
        raise MoveError(f"delay must be a number of seconds from 0 to {MAX_DELAY:g}, got {value!r}")
    return float(value)


def check_secrets(saved: dict[str, Any]) -> None:
    """``ValueError`` unless a saved game's ``owner`` is a secret and its ``tokens`` and ``invites``
    map seat numbers to secrets (a secret of another type would fail every request that holds one)."""
    if not isinstance(saved["owner"], str):
        raise ValueError(f"its owner secret is {saved['owner']!r}, not text")
    for field in ("tokens", "invites"):
        secrets_of_seats = saved[field]
        if not isinstance(secrets_of_seats, dict) or not all(
                isinstance(seat, str) and seat.isdigit() and isinstance(secret, str)
                for seat, secret in secrets_of_seats.items()):
            raise ValueError(f"its {field} are {secrets_of_seats!r}, not seat numbers with their secrets")


def build_bot(spec: str, game: str, seed: int, env: Any, limits: Limits = DEFAULT_LIMITS):
    """The bot of a spec for the table of ``env``: ``random``, ``heuristic``, ``mcts``, ``ppo``,
    with options as in the tournament (``mcts:simulations=100``), the path of a policy file (a
    ``ppo`` bot), or ``llm:NAME``, a model of ``limits`` (:func:`build_model_bot`). A bot that
    cannot play that table (a policy of another edition) is refused here, when the game is
    created, not at its first move."""
    from wonders_agents.tournament import build_agent
    spec = bot_spec(spec)
    if spec.partition(":")[0] == LLM_AGENT:
        return build_model_bot(limits.model_endpoint(spec), game, seed)
    try:
        return build_agent(spec, game, seed, env)
    except Exception as error:  # an unknown name, a missing or broken policy file, torch missing, another table
        raise ValueError(f"cannot make the bot {spec!r}: {error}") from None


def build_model_bot(endpoint: ModelEndpoint, game: str, seed: int):
    """The ``llm`` agent of an endpoint the operator named, once its server answers (checked over
    the network: call it off the event loop). Why it does not answer goes to the server's log; the
    client is told only that it does not (nothing of the URL or the host)."""
    from wonders_agents import make_agent
    text_module(game)  # a game without a text interface says so
    try:
        return make_agent(LLM_AGENT, game=game, seed=seed, base_url=endpoint.base_url, model=endpoint.model,
                          api_key_env=endpoint.api_key_env or "")
    except Exception as error:  # unreachable, a redirect, an answer that is not HTTP: the server's business
        log.warning("the language model %r (%s) cannot play: %s", endpoint.name, endpoint.base_url, error)
        raise ValueError(f"cannot make the bot 'llm:{endpoint.name}': its model server does not answer now (this "
                         "server's log says why); try again later, or choose another bot") from None


class GameSession:
    """One game: its env, its seats (``"human"`` or a bot spec within ``limits``: :func:`.limits.check_bot`),
    its ``delay`` (:func:`check_delay`) and the thread that runs it."""

    def __init__(self, game: str, options: dict[str, Any], seats: list[str], seed: int | None = None,
                 delay: float = 0.5, records_dir: Path | None = None, game_id: str | None = None,
                 record: dict[str, Any] | None = None, client: str | None = None,
                 limits: Limits = DEFAULT_LIMITS) -> None:
        if game_id is not None and not (isinstance(game_id, str) and GAME_ID.fullmatch(game_id)):
            raise ValueError(f"a game's id is 12 lowercase hexadecimal digits, got {game_id!r}")
        if not isinstance(seats, list) or not all(isinstance(seat, str) for seat in seats):
            raise ValueError(f"seats must be a list of 'human' or bot names, got {seats!r}")
        seats = [seat if seat == "human" else check_bot(seat, limits) for seat in seats]
        self.view_module = game_view(game)
        self.game = self.view_module.GAME
        self.options = dict(options)
        self.seed = int(np.random.default_rng().integers(2**31)) if seed is None else int(seed)
        if record is None:
            self.env = self.view_module.new_env(self.options)
            self.env.reset(seed=self.seed)
        else:
            self.env = rebuild(record, self.options, keep_states=False).env
        names = self.view_module.seat_names(self.env)
        if len(seats) != len(names):
            raise ValueError(f"this game has {len(names)} seats ({', '.join(names)}), got {len(seats)} seat choices")
        self.seats = list(seats)
        self.bots = {name: build_bot(spec, self.game, self.seed + AGENT_SEED_STRIDE * (i + 1), self.env, limits)
                     for i, (name, spec) in enumerate(zip(names, seats)) if spec != "human"}
        self.delay = check_delay(delay)
        self.id = game_id or secrets.token_hex(6)
        self.records_dir = records_dir
        self.events: list[dict[str, Any]] = []  # raw events, filtered per viewer by view()
        self.pending: dict[str, int] = {}  # human moves waiting for the env to ask for them
        self._chosen: tuple[Any, set[str]] = (None, set())  # (decision, agents who chose in it)
        self.claims: dict[int, tuple[str, float]] = {}  # human seat -> (tab id, last request time)
        self.owner = secrets.token_urlsafe(24)
        self.tokens = {seat: secrets.token_urlsafe(24) for seat in self.human_seats()}
        self.invites = {seat: secrets.token_urlsafe(24) for seat in self.human_seats()}
        self.stepped: list[tuple[str, int]] = []  # the moves given to the env in the unresolved turn
        self.error: str | None = None
        self.client = client  # the address of the client that created it (None: unknown)
        self.touched = time.monotonic()  # when a request last named it
        self.lock = threading.Condition()
        self.closed = False
        self.thread = threading.Thread(target=self._run, name=f"game-{self.id}", daemon=True)

    # ---------------------------------------------------------------- state
    @property
    def over(self) -> bool:
        return not self.view_module.acting_agents(self.env)

    @property
    def turn_id(self) -> int:
        """Changes whenever a turn is resolved: a move sent for an older turn is stale."""
        return len(self.env.unwrapped.state.log)

    def in_progress(self) -> bool:
        """Whether the game may still go on: not over, nor stopped (released, or a bot failed)."""
        with self.lock:
            return not self.over and not self.closed and self.error is None

    def chosen(self) -> set[str]:
        """The agents who have chosen in the current decision (their move queued or already given
        to the env, which in 7 Wonders waits for the others before it resolves the turn)."""
        decision = (self.turn_id, self.view_module.phase(self.env), tuple(self.view_module.acting_agents(self.env)))
        if self._chosen[0] != decision:
            self._chosen = (decision, set())
        return self._chosen[1]

    def human_seats(self) -> list[int]:
        return [i for i, spec in enumerate(self.seats) if spec == "human"]

    def summary(self, tokens: frozenset[str] = frozenset()) -> dict[str, Any]:
        """The game in a list; ``your_seats``: the human seats that ``tokens`` hold."""
        return {"id": self.id, "game": self.game, "options": self.options, "seats": self.seats,
                "over": self.over, "turn_id": self.turn_id,
                "your_seats": [seat for seat in self.human_seats() if self.holds(seat, tokens)]}

    def credentials(self) -> dict[str, Any]:
        """What the creator's browser keeps: the owner secret, and per human seat its token and invite."""
        return {"owner": self.owner, "tokens": {str(k): v for k, v in self.tokens.items()},
                "invites": {str(k): v for k, v in self.invites.items()}}

    # ---------------------------------------------------------------- who may do what
    def holds(self, seat: int, tokens: frozenset[str]) -> bool:
        """Whether one of ``tokens`` is human ``seat``'s token."""
        return seat in self.tokens and any(secrets.compare_digest(self.tokens[seat], t) for t in tokens)

    def owned_by(self, tokens: frozenset[str]) -> bool:
        """Whether one of ``tokens`` is the owner secret."""
        return any(secrets.compare_digest(self.owner, t) for t in tokens)

    def known_to(self, tokens: frozenset[str]) -> bool:
        """Whether ``tokens`` hold this game's owner secret or one of its seats (it is in their list)."""
        return self.owned_by(tokens) or any(self.holds(seat, tokens) for seat in self.tokens)

    def check_seat(self, seat: int, tokens: frozenset[str]) -> None:
        """``MoveError`` (403) unless ``seat`` is a human seat that ``tokens`` hold."""
        if seat not in self.human_seats():
            raise MoveError(f"seat {seat} is not a human seat of this game; human seats: {self.human_seats()}", 403)
        if not self.holds(seat, tokens):
            raise MoveError(f"player_{seat} of this game belongs to another browser: its hand and moves need the "
                            "seat's token, which only that browser has (or an invitation link from the game's "
                            "creator); anyone may watch", 403)

    def take_seat(self, seat: int, invite: Any) -> str:
        """A new token for human ``seat`` in exchange for its ``invite`` (the previous token stops
        working), or ``MoveError`` (403)."""
        with self.lock:
            if seat not in self.invites or not isinstance(invite, str) \
                    or not secrets.compare_digest(self.invites[seat], invite):
                raise MoveError(f"this is not the invitation of player_{seat} of this game: ask its creator "
                                "for the link again", 403)
            self.tokens[seat] = secrets.token_urlsafe(24)
            self.claims.pop(seat, None)
            self._save()
            return self.tokens[seat]

    # ---------------------------------------------------------------- the runner thread
    def start(self) -> None:
        """Save the game (before its first move, a restart finds it) and start its runner thread."""
        with self.lock:
            self._save()
        self.thread.start()

    def stop(self) -> None:
        with self.lock:
            self.closed = True
            self.lock.notify_all()

    def _run(self) -> None:
        try:
            self._play()
        except Exception as error:  # a bot failed: keep the game for the record, tell the browser
            with self.lock:
                self.error = f"the game stopped: {type(error).__name__}: {error}"
                self.lock.notify_all()
        finally:
            self.bots = {}  # the game will not move again: its bots (search trees, policies) go

    def abandon(self) -> None:
        """Stop the game for good; its save (if any) moves to ``abandoned/<id>.json``, where a
        restarted server does not look."""
        self.stop()
        if self.records_dir is not None and self._progress_path().exists():
            abandoned = self.records_dir / "abandoned" / f"{self.id}.json"
            abandoned.parent.mkdir(parents=True, exist_ok=True)
            os.replace(self._progress_path(), abandoned)

    def _play(self) -> None:
        env = self.env
        while True:
            with self.lock:
                while not self.closed and not self.over and env.agent_selection not in self.bots \
                        and env.agent_selection not in self.pending:
                    self.lock.wait()
                if self.closed or self.over:
                    return
                agent = env.agent_selection
                action = self.pending.pop(agent, None)
            if action is None:  # a bot thinks outside the lock: it only reads the env
                if self.delay:
                    time.sleep(self.delay)
                action = int(self.bots[agent].act(env))
            with self.lock:
                if self.closed:
                    return
                mark = self.view_module.news_mark(env)
                self.chosen().add(agent)  # forgotten by chosen() once the decision is over
                turn_id = self.turn_id
                env.step(action)
                self.stepped = [] if self.turn_id != turn_id else [*self.stepped, (agent, action)]
                self.events += self.view_module.news(env, mark)
                self._save()
                self.lock.notify_all()

    # ---------------------------------------------------------------- what the browser sends
    def claim(self, seat: int | None, tokens: frozenset[str], tab: str, take_over: bool = False) -> None:
        """Let ``tab`` act for human ``seat``, or raise ``MoveError``: 403 without the seat's token
        (:meth:`check_seat`), 409 when another tab of its browser has it."""
        if seat is None:
            return
        self.check_seat(seat, tokens)
        now = time.monotonic()
        holder = self.claims.get(seat)
        if holder and holder[0] != tab and now - holder[1] < CLAIM_SECONDS and not take_over:
            raise MoveError(f"player_{seat} of this game is open in another browser tab; close it, "
                            "or take the seat over here", 409)
        self.claims[seat] = (tab, now)

    def move(self, seat: int, tokens: frozenset[str], tab: str, action: Any, turn_id: Any) -> None:
        """Queue ``seat``'s move (and save it); a stale, illegal or foreign move raises ``MoveError``."""
        with self.lock:
            self.claim(seat, tokens, tab)
            agent = f"player_{seat}"
            if self.over:
                raise MoveError("the game is over: no more moves", 409)
            if turn_id != self.turn_id:
                raise MoveError(f"stale move: the game moved on (your page showed turn {turn_id}, "
                                f"it is now turn {self.turn_id}); the table has been refreshed", 409)
            if agent not in self.view_module.acting_agents(self.env):
                raise MoveError(f"it is not {agent}'s turn", 409)
            if agent in self.chosen():
                raise MoveError(f"{agent} has already chosen this turn", 409)
            legal = [m["action"] for m in self.view_module.moves(self.env, seat)]
            if not isinstance(action, int) or isinstance(action, bool) or action not in legal:
                game = self.env.unwrapped.game  # the engine's sentence (Game.why_illegal) names the move and seat
                raise MoveError(game.why_illegal(self.env.unwrapped.state, seat, action)
                                or f"illegal move {action!r} for {agent}: it is not one of the seat's moves now")
            self.pending[agent] = action
            self.chosen().add(agent)
            self._save()
            self.lock.notify_all()

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (a player index, or None for a spectator) may see now."""
        view_module = self.view_module
        with self.lock:
            agent = None if seat is None else f"player_{seat}"
            acting = view_module.acting_agents(self.env)
            chosen = self.chosen()
            view = {
                "id": self.id, "game": self.game, "seat": seat, "turn_id": self.turn_id,
                "seats": [{"name": name, "player": spec} for name, spec in
                          zip(view_module.seat_names(self.env), self.seats)],
                "acting": acting, "waiting_for": [a for a in acting if a not in chosen],
                "chosen": agent in chosen, "over": self.over, "error": self.error,
                "table": view_module.table(self.env, seat),
                "moves": [] if agent is None or agent in chosen else view_module.moves(self.env, seat),
                "events": [view_module.event(e, seat) for e in self.events[-60:]],
                "delay": self.delay,
            }
            if self.over:
                record = self.env.unwrapped.game_record()
                view["result"] = {"winners": record["winners"], "victory": record.get("victory"),
                                  "scores": [{"name": p["agent"] or "Free City", "score": p["score"]}
                                             for p in record["players"]]}
                view["saved_as"] = str(self._record_path()) if self.records_dir else None
            return view

    # ---------------------------------------------------------------- saving
    def _record_path(self) -> Path:
        return self.records_dir / f"{self.id}.json"

    def _progress_path(self) -> Path:
        return self.records_dir / "in_progress" / f"{self.id}.json"

    def _save(self) -> None:
        if self.records_dir is None:
            return
        record = self.env.unwrapped.game_record()
        if self.over:
            _write_json(self._record_path(), record)
            self._progress_path().unlink(missing_ok=True)
        else:
            _write_json(self._progress_path(), {
                "id": self.id, "game": self.game, "options": self.options, "seats": self.seats, "seed": self.seed,
                "delay": self.delay, "client": self.client, "record": record, **self.credentials(),
                "queued": {"stepped": self.stepped, "pending": self.pending, "chosen": sorted(self.chosen())}})

    @classmethod
    def resume(cls, path: Path, records_dir: Path, limits: Limits = DEFAULT_LIMITS) -> GameSession:
        """The game of the ``in_progress`` file ``path``, its id the file's name: its record replayed,
        then the moves of the turn not yet resolved given again and the queued ones queued, with the
        same secrets; its bots within ``limits``, its delay within :func:`check_delay`'s range. A file
        that names another id, or holds secrets that are not text, is refused."""
        game_id = path.stem
        saved = json.loads(path.read_text())
        if saved.get("id") != game_id:
            raise ValueError(f"its id {saved.get('id')!r} is not its file's name {game_id!r}: a saved game is "
                             "resumed under the name of its file only")
        if "owner" not in saved:
            raise ValueError("saved by an older server, without the seats' secrets: no browser could play it")
        check_secrets(saved)
        session = cls(saved["game"], saved["options"], saved["seats"], seed=saved["seed"],
                      delay=saved.get("delay", 0.5), records_dir=records_dir, game_id=game_id,
                      record=saved["record"], client=saved.get("client"), limits=limits)
        session.owner = saved["owner"]
        session.tokens = {int(seat): token for seat, token in saved["tokens"].items()}
        session.invites = {int(seat): invite for seat, invite in saved["invites"].items()}
        queued = saved["queued"]
        for agent, action in queued["stepped"]:
            if session.env.agent_selection != agent:
                raise ValueError(f"its unresolved turn does not replay: {agent} moved, the env asks "
                                 f"{session.env.agent_selection}")
            session.env.step(action)
            session.stepped.append((agent, action))
        session.pending = dict(queued["pending"])
        session.chosen().update(queued["chosen"])
        return session


def _write_json(path: Path, data: dict[str, Any]) -> None:
    """Write ``path`` whole or not at all: a temporary file (readable by its owner only: it may hold
    the seats' secrets) flushed to the disk, then renamed over ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w") as file:
            json.dump(data, file)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


class SessionStore:
    """The server's games by id, at most ``limits.max_games`` of them (:mod:`.limits`); reloads the
    saved games in progress from ``records_dir``, as many as that allows."""

    def __init__(self, records_dir: Path | None, limits: Limits = DEFAULT_LIMITS) -> None:
        self.records_dir = records_dir
        self.limits = limits
        self.sessions: dict[str, GameSession] = {}
        self.skipped: list[str] = []  # saved games that could not be resumed, with the reason
        if records_dir is not None:
            for path in sorted((records_dir / "in_progress").glob("*.json")):
                self._resume(path)

    def _resume(self, path: Path) -> None:
        if len(self.sessions) >= self.limits.max_games:
            self.skipped.append(f"{path}: not resumed: this server holds at most {self.limits.max_games} games "
                                "(wonders serve --max-games); it stays saved for a later start")
            return
        try:
            session = GameSession.resume(path, self.records_dir, self.limits)
        except (OSError, AttributeError, KeyError, TypeError, ValueError, RecursionError) as error:  # damaged: kept
            self.skipped.append(f"{path}: {error}")
            return
        self.add(session)

    def make_room(self, client: str) -> None:
        """Make room for a new game of ``client`` (an address) within the limits: abandon the games in
        progress that no request named for ``abandon_seconds``, release finished games (the longest
        untouched first; one stopped by a failing bot is abandoned too, so that a restart does not
        resume it) while the server is full; ``MoveError`` (429) naming the limit if there
        is still no room."""
        limits, now = self.limits, time.monotonic()
        in_progress = {}
        for session in list(self.sessions.values()):
            going_on = session.in_progress()
            if going_on and now - session.touched > limits.abandon_seconds:
                session.abandon()
                del self.sessions[session.id]
            elif going_on:
                in_progress[session.id] = session
        self.check_client(client)
        finished = sorted((s for s in self.sessions.values() if s.id not in in_progress), key=lambda s: s.touched)
        while len(self.sessions) >= limits.max_games and finished:
            released = finished.pop(0)
            if released.error is not None:  # stopped by a failing bot: not resumed by a restart either
                released.abandon()
            del self.sessions[released.id]
        if len(self.sessions) >= limits.max_games:
            raise MoveError(f"this server holds {len(self.sessions)} games in progress, its most (wonders serve "
                            f"--max-games {limits.max_games}): try again when one has ended", 429)

    def check_client(self, client: str) -> None:
        """``MoveError`` (429) when ``client`` already has the most games in progress a client may
        have (one that no request named for ``abandon_seconds`` does not count: it is abandoned when
        room is made). Changes nothing: a new game checks it before its bots are made (a model
        bot's check is a request to the operator's model server)."""
        limits, now = self.limits, time.monotonic()
        clients_games = sum(session.client == client and session.in_progress()
                            and now - session.touched <= limits.abandon_seconds for session in self.sessions.values())
        if clients_games >= limits.max_games_per_client:
            raise MoveError(f"this client ({client}) already has {clients_games} games in progress on this server, "
                            f"the most one client address may have (wonders serve --max-games-per-client "
                            f"{limits.max_games_per_client}): finish one first, or leave it (a game nobody asks "
                            f"about for {limits.abandon_seconds:g} seconds is abandoned)", 429)

    def add(self, session: GameSession) -> GameSession:
        self.sessions[session.id] = session
        session.start()
        return session

    def get(self, game_id: str) -> GameSession:
        """The game ``game_id``, marked as asked about now; ``MoveError`` (404) if the server has none."""
        if game_id not in self.sessions:
            raise MoveError(f"no game {game_id!r} on this server (it may have been played on another one, "
                            "or released: a finished game's record is saved, an abandoned game's save kept)", 404)
        session = self.sessions[game_id]
        session.touched = time.monotonic()
        return session

    def stop(self) -> None:
        for session in self.sessions.values():
            session.stop()
