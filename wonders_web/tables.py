"""The table options every game's setup form offers, the same way: the expansion and the engine.

:func:`table_choices` gives a view module's ``SETUP_CHOICES`` entries for them (the registry's
expansions after ``"none"``, then each table of several of them, its names joined by commas in the
registry's order as the command line's ``--expansions`` takes them: ``"pantheon,agora"``; the env's
own default engine first, the registry's others after it), :func:`table_options` turns what the
page or a record sends (``"none"``, an expansion's name, names joined by commas, or a list of
names, as a record names them; an engine's name) into the env's ``expansions`` and
``engine`` arguments, which the env then checks; :func:`replay_tables` lists the tables that may
have written a record (its ``expansions``, on each engine of the registry in turn: the first that
plays the table replays it).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from itertools import combinations
from typing import Any

from wonders_env.registry import entry

NO_EXPANSION = "none"
TABLE_OPTIONS = ("expansions", "engine")


def table_choices(game: str, raw_env: Callable[..., Any], expansion_hint: str,
                  drawn: tuple[str, ...] | None = None) -> dict[str, dict[str, Any]]:
    """The setup form's choices of ``game``'s expansion and engine (``raw_env``: its env, whose
    default engine is the form's default; ``drawn``: the expansions the page draws, None: all)."""
    default_engine = inspect.signature(raw_env).parameters["engine"].default
    engines = entry(game).engines
    expansions = [name for name in entry(game).expansions if drawn is None or name in drawn]
    tables = [",".join(names) for size in range(1, len(expansions) + 1) for names in combinations(expansions, size)]
    return {
        "expansions": {"label": "Expansion", "values": [NO_EXPANSION, *tables], "hint": expansion_hint},
        "engine": {"label": "Engine", "values": [default_engine, *(e for e in engines if e != default_engine)],
                   "hint": "core: the compiled engine; python: the readable reference (it plays every table)"},
    }


def table_options(options: dict[str, Any]) -> dict[str, Any]:
    """The env arguments ``expansions`` and ``engine`` of ``options`` (only those given; ``"none"``:
    no expansion; a string: names joined by commas)."""
    table: dict[str, Any] = {}
    expansions = options.get("expansions", NO_EXPANSION)
    if expansions != NO_EXPANSION:
        table["expansions"] = tuple(expansions.split(",")) if isinstance(expansions, str) else \
            tuple(expansions) if isinstance(expansions, list) else expansions
    if "engine" in options:
        table["engine"] = options["engine"]
    return table


def replay_tables(game: str, record: dict[str, Any]) -> list[dict[str, Any]]:
    """The table options that may have written ``record``: none for a base game's record (no
    ``expansions``), else its expansions on each engine of the registry in turn."""
    expansions = record.get("expansions")
    if not expansions:
        return [{}]
    if not isinstance(expansions, list):
        raise ValueError(f"the record's expansions must be a list of names, got {expansions!r}")
    return [{"expansions": expansions, "engine": engine} for engine in entry(game).engines]
