"""Games in progress on the server: who plays each seat, the bots' thread, and what each seat sees.

A :class:`GameSession` owns one PettingZoo env (``raw_env``). Only its runner thread changes the
env: it asks the bots for their moves (at ``delay`` seconds per move, so people can watch) and
plays the moves the human seats sent. A human's move is checked against that seat's action mask
when it arrives and kept until the env asks for that seat (in 7 Wonders the players choose at
once, in any order). Everything sent to a browser goes through :meth:`GameSession.view`, which
holds only what that seat may see (see the view modules).

Every game is saved in ``records_dir`` after each turn: ``in_progress/<id>.json`` (options, seats
and the record so far) while it runs, then ``<id>.json`` (the plain game record) when it ends.
:class:`SessionStore` reloads the games in progress when the server starts, by replaying their
records, so a closed tab or a restarted server loses nothing.

A human seat is held by one browser tab at a time (the tab's id comes with every request); a
second tab is told that the seat is open elsewhere until the first tab has been silent for
``CLAIM_SECONDS`` or the second tab takes the seat over.
"""

from __future__ import annotations

import json
import os
import secrets
import threading
import time
from pathlib import Path
from typing import Any

import numpy as np

from .games import game_view
from .replay import rebuild

CLAIM_SECONDS = 5.0  # a tab that has not asked for this long has let its seat go
AGENT_SEED_STRIDE = 1000


class MoveError(ValueError):
    """A move the server refuses; ``status`` is the HTTP status to answer with."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def build_bot(spec: str, game: str, seed: int, env: Any):
    """The bot of a spec for the table of ``env``: ``random``, ``heuristic``, ``mcts``, ``ppo``,
    with options as in the tournament (``mcts:simulations=100``), or the path of a policy file (a
    ``ppo`` bot). A bot that cannot play that table (a policy of another edition) is refused here,
    when the game is created, not at its first move."""
    from agents.tournament import build_agent
    if spec.endswith(".pt") and ":" not in spec:
        spec = f"ppo:path={spec}"
    try:
        return build_agent(spec, game, seed, env)
    except Exception as error:  # an unknown name, a missing or broken policy file, torch missing, another table
        raise ValueError(f"cannot make the bot {spec!r}: {error}") from None


class GameSession:
    """One game: its env, its seats (``"human"`` or a bot spec) and the thread that runs it."""

    def __init__(self, game: str, options: dict[str, Any], seats: list[str], seed: int | None = None,
                 delay: float = 0.5, records_dir: Path | None = None, game_id: str | None = None,
                 record: dict[str, Any] | None = None) -> None:
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
        self.bots = {name: build_bot(spec, self.game, self.seed + AGENT_SEED_STRIDE * (i + 1), self.env)
                     for i, (name, spec) in enumerate(zip(names, seats)) if spec != "human"}
        self.delay = float(delay)
        self.id = game_id or secrets.token_hex(6)
        self.records_dir = records_dir
        self.events: list[dict[str, Any]] = []  # raw events, filtered per viewer by view()
        self.pending: dict[str, int] = {}  # human moves waiting for the env to ask for them
        self._chosen: tuple[Any, set[str]] = (None, set())  # (decision, agents who chose in it)
        self.claims: dict[int, tuple[str, float]] = {}  # human seat -> (tab id, last request time)
        self.error: str | None = None
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

    def chosen(self) -> set[str]:
        """The agents who have chosen in the current decision (their move queued or already given
        to the env, which in 7 Wonders waits for the others before it resolves the turn)."""
        decision = (self.turn_id, self.view_module.phase(self.env), tuple(self.view_module.acting_agents(self.env)))
        if self._chosen[0] != decision:
            self._chosen = (decision, set())
        return self._chosen[1]

    def human_seats(self) -> list[int]:
        return [i for i, spec in enumerate(self.seats) if spec == "human"]

    def summary(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "options": self.options, "seats": self.seats,
                "over": self.over, "turn_id": self.turn_id}

    # ---------------------------------------------------------------- the runner thread
    def start(self) -> None:
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
                env.step(action)
                self.events += self.view_module.news(env, mark)
                self._save()
                self.lock.notify_all()

    # ---------------------------------------------------------------- what the browser sends
    def claim(self, seat: int | None, tab: str, take_over: bool = False) -> None:
        """Let ``tab`` act for human ``seat``, or raise ``MoveError`` (409) when another tab has it."""
        if seat is None:
            return
        if seat not in self.human_seats():
            raise MoveError(f"seat {seat} is not a human seat of this game; human seats: {self.human_seats()}", 403)
        now = time.monotonic()
        holder = self.claims.get(seat)
        if holder and holder[0] != tab and now - holder[1] < CLAIM_SECONDS and not take_over:
            raise MoveError(f"player_{seat} of this game is open in another browser tab; close it, "
                            "or take the seat over here", 409)
        self.claims[seat] = (tab, now)

    def move(self, seat: int, tab: str, action: Any, turn_id: Any) -> None:
        """Queue ``seat``'s move; a stale, illegal or foreign move raises ``MoveError``."""
        with self.lock:
            self.claim(seat, tab)
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
                reason = self.view_module.illegal_reason(self.env, seat, action)
                raise MoveError(f"illegal move {action!r} for {agent}: {reason}")
            self.pending[agent] = action
            self.chosen().add(agent)
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
            _write_json(self._progress_path(), {"id": self.id, "game": self.game, "options": self.options,
                                                "seats": self.seats, "seed": self.seed, "delay": self.delay,
                                                "record": record})


def _write_json(path: Path, data: dict[str, Any]) -> None:
    """Write ``path`` whole or not at all (a temporary file, then a rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(data))
    os.replace(temporary, path)


class SessionStore:
    """The server's games by id; reloads the saved games in progress from ``records_dir``."""

    def __init__(self, records_dir: Path | None) -> None:
        self.records_dir = records_dir
        self.sessions: dict[str, GameSession] = {}
        self.skipped: list[str] = []  # saved games that could not be resumed, with the reason
        if records_dir is not None:
            for path in sorted((records_dir / "in_progress").glob("*.json")):
                self._resume(path)

    def _resume(self, path: Path) -> None:
        try:
            saved = json.loads(path.read_text())
            session = GameSession(saved["game"], saved["options"], saved["seats"], seed=saved["seed"],
                                  delay=saved.get("delay", 0.5), records_dir=self.records_dir,
                                  game_id=saved["id"], record=saved["record"])
        except (OSError, KeyError, TypeError, ValueError) as error:
            self.skipped.append(f"{path}: {error}")
            return
        self.add(session)

    def add(self, session: GameSession) -> GameSession:
        self.sessions[session.id] = session
        session.start()
        return session

    def get(self, game_id: str) -> GameSession:
        if game_id not in self.sessions:
            raise MoveError(f"no game {game_id!r} on this server (it may have been played on another one)", 404)
        return self.sessions[game_id]

    def stop(self) -> None:
        for session in self.sessions.values():
            session.stop()
