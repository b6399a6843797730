"""Rebuild a game from its record: the replays of the web app and the resumption of saved games.

A game record (``game_record()``) holds the seed and every action, so the engine can play the
game again: :func:`rebuild` resets the env with the record's seed, plays the recorded actions
turn by turn and checks, after every turn, that the engine writes exactly the record's entries
(cards, payments, order), and at the end that the replayed game's record holds what the record
holds besides its actions (``players`` with their coins, cards and scores, ``winners``,
``finished``, ...). A record that is not JSON, of another game, without a seed (a determinized or
hand-made position's game, which no seed deals), or that the engine does not reproduce gets a
``RecordError`` that says what is wrong and where.

The seed is the deal only as the record's ``deal`` names it (:data:`wonders_env.deal_rng.DEAL_NAME`).
A record without ``deal`` was written before a seed was one game everywhere (the envs dealt from
numpy's generator then): its seed deals another game now, whose first moves may even match the
record's, so it is refused, never replayed as another game; so is a saved game in progress
(:mod:`.sessions`) holding such a record.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from wonders_env.deal_rng import DEAL_NAME

from .games import game_view


class RecordError(ValueError):
    """A game record that cannot be replayed; the message says why."""


@dataclass
class Rebuilt:
    """A replayed game: the env at its end, the options that produced it, and per turn the
    state after it (``states[0]``: before the first move) and the raw events of that turn."""

    view: ModuleType
    env: Any
    options: dict[str, Any]
    states: list[Any] = field(default_factory=list)
    events: list[list[dict[str, Any]]] = field(default_factory=list)


def parse_record(text: str | bytes) -> dict[str, Any]:
    """The record in a JSON text, or ``RecordError``."""
    try:
        record = json.loads(text)
    except (ValueError, UnicodeDecodeError) as error:
        raise RecordError(f"the file is not JSON: {error}") from None
    except RecursionError:
        raise RecordError("the file is JSON nested too deeply to read") from None
    if not isinstance(record, dict):
        raise RecordError(f"a game record is a JSON object (from game_record()), got a JSON {type(record).__name__}")
    return record


def rebuild(record: dict[str, Any], options: dict[str, Any] | None = None, keep_states: bool = True) -> Rebuilt:
    """Replay ``record`` (with the env ``options`` if known, else every option set its game
    says may have produced it) and return the :class:`Rebuilt` game."""
    try:
        view = game_view(record.get("game"))
    except ValueError as error:
        raise RecordError(f"not a game record of this package: {error}") from None
    check_deal(record)
    seed = record.get("seed")
    if seed is None:
        raise RecordError("the record has no seed (its game started from a determinized or hand-made position, "
                          "which no seed deals): its deal cannot be rebuilt, so it is not replayed")
    if not isinstance(seed, int):
        raise RecordError(f"the record's seed must be an integer, got {seed!r}: its deal cannot be rebuilt")
    actions = record.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, dict) for a in actions):
        raise RecordError("the record's 'actions' must be a list of objects")
    try:
        candidates = [options] if options is not None else view.replay_options(record)
    except ValueError as error:
        raise RecordError(str(error)) from None
    failures, other_results = [], []
    for candidate in candidates:
        try:
            rebuilt = _replay(view, candidate, seed, actions, keep_states)
        except RecordError as error:
            failures.append(str(error))
            continue
        difference = _results_difference(record, rebuilt.env.unwrapped.game_record())
        if difference is None:
            return rebuilt
        other_results.append(difference)
    if other_results:  # the actions replay: the results were changed (or the record is of another game)
        raise RecordError(other_results[0])
    raise RecordError(failures[0] if len(set(failures)) == 1 else
                      "the engine does not reproduce this record: " + "; ".join(sorted(set(failures))))


def check_deal(record: dict[str, Any]) -> None:
    """``RecordError`` unless ``record``'s seed is dealt the way this package deals it."""
    deal = record.get("deal")
    if deal == DEAL_NAME:
        return
    if deal is None:
        raise RecordError(
            f"the record names no 'deal': it was written before a seed was one game on every engine (its seed "
            f"was dealt from numpy's generator then, and deals another game now), so it is not replayed; a record "
            f"written since then by a version without 'deal' replays with \"deal\": \"{DEAL_NAME}\" added")
    raise RecordError(f"the record's seed was dealt by {deal!r}; this version deals seeds by {DEAL_NAME!r} only")


def _replay(view: ModuleType, options: dict[str, Any], seed: int, actions: list[dict[str, Any]],
            keep_states: bool) -> Rebuilt:
    try:
        env = view.new_env(options)
    except ValueError as error:
        raise RecordError(f"bad game options in the record: {error}") from None
    env.reset(seed=seed)
    rebuilt = Rebuilt(view, env, options)
    if keep_states:
        rebuilt.states.append(env.unwrapped.state.clone())
    done = 0  # record entries reproduced so far
    mark = view.news_mark(env)
    while done < len(actions):
        if not view.acting_agents(env):
            raise RecordError(f"the game ends after {done} of the record's {len(actions)} actions")
        try:
            action = view.recorded_action(env, env.agent_selection, actions[done:])
        except ValueError as error:
            raise RecordError(f"at action {done}: {error}") from None
        try:
            env.step(action)
        except ValueError as error:
            raise RecordError(f"at action {done} the record's move is not legal: {error}") from None
        written = env.unwrapped.game_record()["actions"]
        if len(written) > done:
            if written != actions[:len(written)]:
                first = next((i for i in range(done, len(written)) if i >= len(actions) or written[i] != actions[i]),
                             done)
                expected = actions[first] if first < len(actions) else None
                raise RecordError(f"the engine does not reproduce the record at action {first}: "
                                  f"it plays {written[first]}, the record says {expected}")
            done = len(written)
            if keep_states:
                rebuilt.states.append(env.unwrapped.state.clone())
                rebuilt.events.append(view.news(env, mark))
            mark = view.news_mark(env)
    return rebuilt


def _results_difference(record: dict[str, Any], replayed: dict[str, Any]) -> str | None:
    """Why ``record`` is not the record ``replayed`` of the game its actions replay to (its other
    fields differ: ``players``, ``winners``, ``finished``, ...), or ``None``."""
    differences = {name: found for name in record if name != "actions" and name in replayed
                   for found in [_difference(record[name], replayed[name], name)] if found}
    if not differences:
        return None
    return (f"the engine does not reproduce the record's {', '.join(differences)} (its actions replay, but "
            f"the record was changed, or is of another game): {next(iter(differences.values()))}")


def _difference(given: Any, replayed: Any, path: str) -> str | None:
    """Where and how a value of a record differs from the replayed game's (``None``: it does not);
    dicts are compared at the keys both have (a record of an older version lacks the fields added
    since)."""
    if isinstance(given, dict) and isinstance(replayed, dict):
        return next(filter(None, (_difference(value, replayed[key], f"{path}.{key}")
                                  for key, value in given.items() if key in replayed)), None)
    if isinstance(given, list) and isinstance(replayed, list) and len(given) == len(replayed):
        return next(filter(None, (_difference(mine, theirs, f"{path}[{i}]")
                                  for i, (mine, theirs) in enumerate(zip(given, replayed)))), None)
    return None if given == replayed else f"at {path} the record says {given!r}, the replayed game {replayed!r}"
