"""The games as text, for language-model and scripted text agents.

```python
from wonders_env import text
game = text.make("seven_wonders_duel")           # with Pantheon: expansions=("pantheon",)
# or, for 7 Wonders:
# game = text.make("seven_wonders", num_players=4, edition="2nd", payment="choose")
game.reset(seed=0)
player, observation = game.get_observation()     # the seat to act ("player_0", ...) and what it may know
moves = game.legal_moves()                       # the names of its legal moves, in action-id order
done, info = game.step("3")                      # a number (1 = the first), a move's name, or a unique prefix
game.game_record()                               # the env's record
```

A :class:`TextGame` plays the PettingZoo env of the game itself (``game.env``, a ``raw_env``): the
same seed and moves give the same game as the env. The observation says in plain English
everything the seat may know and nothing else: Age and turn, its hand (Duel: the structure, face-up
and face-down cards) with each card's cost, effect and chains, every city, the progress tokens or
military, the discard pile where it is public (Duel with Pantheon: the Pantheon, a face-down
divinity by its mythology to all but its placer), what happened since the seat last moved, and the
numbered legal moves. Once the game is over, :meth:`TextGame.get_observation` returns ``None``
and the final scores.

A move's name says what it does and what it costs now: "Build Scriptorium, paying 1 coin to the
left neighbour (player_3)", "Discard Baths for 3 coins", "Build stage 2 of the Pyramids of Giza
with Temple, for free", "Take the progress token Agriculture". The names are the engines'
``describe_move`` (terminal play shows the same). :meth:`TextGame.step` takes a number, a name
(case and spacing ignored) or a prefix that only one legal move's name starts with; anything
else raises :class:`IllegalMoveError` (a ``ValueError``) listing the legal moves, and nothing
changes.

The same text through PettingZoo: :class:`TextWrapper` wraps an AEC env of the game (``env()`` or
``raw_env``); its ``infos``, and so ``last()``, add ``info["text"]`` (the observation) and
``info["moves"]`` (the names) for the deciding agent, and its ``step()`` also takes a move's name
or number as a string. PettingZoo's ``api_test`` passes on it.
:class:`TextView` gives the text of any AEC env of a game (what agents read in ``act(env)``).

Each game's text is one module of its folder (``text_view``, named by the registry's ``text``).
"""

from __future__ import annotations

import importlib
import re
from types import ModuleType
from collections.abc import Sequence
from typing import Any

import numpy as np
from pettingzoo.utils.wrappers import BaseWrapper

from . import registry
from .game import quoted

__all__ = ["IllegalMoveError", "TextGame", "TextView", "TextWrapper", "make", "parse_move", "rules"]

_NUMBERED = re.compile(r"^(\d+)\s*[.):]?\s*(.*)$")
_MAX_DIGITS = 9  # a move number longer than this is no move of any game (and int() refuses 4,300 digits)


class IllegalMoveError(ValueError):
    """A move string that names no legal move, or several; ``moves`` holds the legal moves."""

    def __init__(self, message: str, moves: list[str]) -> None:
        listed = "\n".join(f"{number}. {move}" for number, move in enumerate(moves, 1))
        super().__init__(f"{message}; the legal moves are:\n{listed}")
        self.reason = message
        self.moves = moves


def text_module(game: str) -> ModuleType:
    """The text module of ``game`` (a name or alias); a game without one raises ``ValueError``."""
    found = registry.entry(game)
    if found.text is None:
        covered = ", ".join(name for name, entry in registry.GAMES.items() if entry.text)
        raise ValueError(f"the text interface does not cover {found.name}; it covers {covered}")
    return importlib.import_module(found.text)


def rules(game: str, expansions: Sequence[str] = ()) -> str:
    """A short summary of the rules of ``game``, then of each of its ``expansions``, in the
    package's own words; an expansion the game lacks raises ``ValueError`` naming its expansions."""
    expansions = registry.entry(game).check_expansions(expansions)
    module = text_module(game)
    return "\n\n".join([module.RULES, *(module.EXPANSION_RULES[name] for name in expansions)])


def _normal(move: str) -> str:
    return " ".join(move.split()).strip(" .\"'`*").casefold()


def parse_move(move: Any, moves: list[str]) -> int:
    """The index in ``moves`` (legal move names) of ``move``: a number from 1, a name or a unique
    prefix of one (case and spacing ignored; ``"3. Build ..."`` is move 3 when the rest starts its
    name). Anything else raises :class:`IllegalMoveError`, quoting at most the first and last
    characters of ``move``."""
    if isinstance(move, (int, np.integer)) and not isinstance(move, bool):
        if abs(int(move)) >= 10**_MAX_DIGITS:
            raise IllegalMoveError(f"there is no move that large, the moves are numbered 1 to {len(moves)}", moves)
        move = str(move)
    if not isinstance(move, str):
        raise IllegalMoveError(f"a move must be a string or a number, got {quoted(move)}", moves)
    if not moves:
        raise IllegalMoveError("there is no move to make now", moves)
    wanted = _normal(move)
    numbered = _NUMBERED.match(wanted)
    if numbered:
        digits, rest = numbered.group(1).lstrip("0") or "0", numbered.group(2)
        number = int(digits) if len(digits) <= _MAX_DIGITS else None
        if number is None or not 1 <= number <= len(moves):
            shown = digits if number is not None else f"of {len(digits)} digits"
            raise IllegalMoveError(f"{quoted(move)}: there is no move {shown}, the moves are numbered 1 to "
                                   f"{len(moves)}", moves)
        if not rest or _normal(moves[number - 1]).startswith(rest):
            return number - 1
    names = [_normal(name) for name in moves]
    if wanted in names:
        return names.index(wanted)
    starting = [i for i, name in enumerate(names) if wanted and name.startswith(wanted)]
    if len(starting) == 1:
        return starting[0]
    if starting:
        raise IllegalMoveError(f"{quoted(move)} starts {len(starting)} legal moves; say which", moves)
    raise IllegalMoveError(f"{quoted(move)} names no legal move", moves)


class TextView:
    """The text of an AEC env of a game (``env()``, ``raw_env`` or a wrapper of them) as it stands.

    It reads the game's state (``env.unwrapped.state``: a Python engine state, or the core's own
    state, which follows the game) and keeps what it derived from it: make a new view, or call
    :meth:`forget`, after the env moves on."""

    def __init__(self, env: Any) -> None:
        self.env = env
        self.raw = env.unwrapped
        self.game = self.raw.game  # the env's engine (describes moves)
        self.module = text_module(self.game.name)
        self.seat = {agent: seat for seat, agent in enumerate(self.raw.possible_agents)}
        self.forget()

    def forget(self) -> None:
        """Drop what was read: the env has moved on."""
        self._state = None
        self._moves: dict[str, tuple[list[int], list[str]]] = {}

    @property
    def state(self) -> Any:
        """The env's game state (on the core a read-only view of the core's), read once."""
        if self._state is None:
            self._state = self.raw.state
        return self._state

    def legal(self, agent: str) -> tuple[list[int], list[str]]:
        """``(action ids, names)`` of ``agent``'s legal moves, in action-id order."""
        found = self._moves.get(agent)
        if found is None:
            if self.raw.terminations.get(agent, True) or agent != self.raw.agent_selection:
                actions: list[int] = []
            else:
                actions = np.flatnonzero(self.raw.observe(agent)["action_mask"]).tolist()
            seat, state = self.seat[agent], self.state
            found = self._moves[agent] = (actions, [self.game.describe_move(state, seat, a) for a in actions])
        return found

    def legal_actions(self, agent: str) -> list[int]:
        """The action ids of ``agent``'s legal moves (none unless it is the deciding agent)."""
        return self.legal(agent)[0]

    def moves(self, agent: str) -> list[str]:
        """The names of ``agent``'s legal moves, in action-id order."""
        return self.legal(agent)[1]

    def observation(self, agent: str) -> str:
        """Everything ``agent`` may know now, with its numbered legal moves."""
        return self.module.observation_text(self.state, self.seat[agent], list(zip(*self.legal(agent))))

    def action(self, agent: str, move: Any) -> int:
        """The action id of ``agent``'s move ``move`` (see :func:`parse_move`)."""
        actions, names = self.legal(agent)
        return actions[parse_move(move, names)]

    def final_text(self) -> str:
        """The result and final scores of a finished game."""
        return self.module.final_text(self.state)


class TextGame:
    """A game played in text: the PettingZoo ``raw_env`` of ``game`` (``self.env``) with
    observations and moves as strings. ``num_players``, ``edition`` and ``options`` (7 Wonders:
    ``payment``, ``wonders``, ``wonder_sides``) are the env's."""

    def __init__(self, game: str, num_players: int | None = None, edition: str | None = None, **options: Any) -> None:
        self.name = registry.resolve_game(game)
        self.module = text_module(self.name)
        self.rules = rules(self.name, options.get("expansions"))
        self.legend = self.module.LEGEND
        self.env = registry.make(self.name, num_players, edition, raw=True, **options)
        self.possible_agents = list(self.env.possible_agents)
        self.view = TextView(self.env)
        self._chosen: set[int] = set()
        self._started = False

    def reset(self, seed: int | None = None) -> None:
        """A new game, dealt as the env deals ``seed``."""
        self.env.reset(seed=seed)
        self.view.forget()
        self._chosen = set()
        self._started = True

    def _require_reset(self) -> None:
        if not self._started:
            raise RuntimeError("call reset() first: the text game has no game yet")

    @property
    def done(self) -> bool:
        """Whether the game is over."""
        self._require_reset()
        return all(self.env.terminations.values())

    def get_observation(self) -> tuple[str | None, str]:
        """``(the seat to act, what it may know)``; ``(None, the final scores)`` once the game is over."""
        if self.done:
            return None, self.view.final_text()
        agent = self.env.agent_selection
        return agent, self.view.observation(agent)

    def legal_moves(self) -> list[str]:
        """The names of the deciding seat's legal moves, in action-id order (none once over)."""
        return [] if self.done else self.view.moves(self.env.agent_selection)

    def step(self, move: Any) -> tuple[bool, dict[str, Any]]:
        """Play the deciding seat's ``move`` (a number from 1, a name or a unique prefix): ``(done,
        info)``, info with ``agent``, ``action``, ``move`` and, at the end, ``rewards``, ``scores``
        and ``winners``. A string naming no legal move, or several, raises :class:`IllegalMoveError`."""
        if self.done:
            raise IllegalMoveError("the game is over: call reset() to start a new one", [])
        agent = self.env.agent_selection
        actions, names = self.view.legal(agent)
        index = parse_move(move, names)
        acting = set(self.view.game.acting_players(self.view.state))  # before the move: the state may follow the game
        self.env.step(actions[index])
        self._chosen.add(self.view.seat[agent])
        if not self.view.game.simultaneous or self._chosen >= acting:
            self.view.forget()  # the turn resolved: the game changed
            self._chosen = set()
        info: dict[str, Any] = {"agent": agent, "action": actions[index], "move": names[index]}
        done = self.done
        if done:
            infos = self.env.infos
            info.update(rewards=dict(self.env.rewards), scores={a: infos[a]["score"] for a in self.possible_agents},
                        winners=infos[self.possible_agents[0]]["winners"])
        return done, info

    def game_record(self) -> dict[str, Any]:
        """The env's game record (JSON-serialisable)."""
        return self.env.game_record()


def make(game: str, num_players: int | None = None, edition: str | None = None, **options: Any) -> TextGame:
    """A :class:`TextGame` of ``game`` (a name or alias of :mod:`wonders_env.registry`)."""
    return TextGame(game, num_players, edition, **options)


class TextWrapper(BaseWrapper):
    """An AEC env of a game with text: ``infos`` (and so ``last()``) give the deciding agent's
    ``info["text"]`` (its observation) and ``info["moves"]`` (the names of its legal moves), and
    ``step()`` takes a move's name or number as a string as well as an action id."""

    @property
    def infos(self) -> dict[str, dict[str, Any]]:
        infos = dict(self.env.infos)
        agent = self.env.agent_selection
        if agent in infos and not (self.env.terminations[agent] or self.env.truncations[agent]):
            view = TextView(self.env)
            infos[agent] = {**infos[agent], "text": view.observation(agent), "moves": view.moves(agent)}
        return infos

    def step(self, action: Any) -> None:
        agent = self.env.agent_selection
        if isinstance(action, str) and not (self.env.terminations[agent] or self.env.truncations[agent]):
            action = TextView(self.env).action(agent, action)
        super().step(action)
