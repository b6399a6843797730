"""The game registry: one table from a game's name to its envs, engines, player counts and editions.

```python
import wonders_env
env = wonders_env.make("duel")                                   # the AEC env() of the game
env = wonders_env.make("seven_wonders", num_players=4, edition="2nd", raw=True)
game = wonders_env.make_engine("seven_wonders", num_players=4)   # a wonders_env.game.Game
```

Every tool that needs a game by name (agents, the tournament, terminal play, training, the
command line) goes through this module; none of them branches on a game's name (a test reads
their source for such branches): what differs between the games is read here, from its entry. A new game, or a
new engine of a game, is one :class:`GameEntry` in :data:`GAMES` plus its own folder:

* ``env_module``: the PettingZoo module with ``env()``, ``raw_env`` and, when the entry says
  ``parallel``, ``parallel_env``;
* ``engines``: engine name -> ``"module:Class"`` of a :class:`wonders_env.game.Game`;
  ``"python"`` is the readable reference engine, ``"core"`` the compiled one where it exists;
* ``options``: the game's own options with a fixed set of values, the default first (7 Wonders:
  ``payment``), for the tools that pass them on (training records them with a policy);
* ``batch``: ``"module:function"`` building the compiled batch of :mod:`wonders_env.vector`;
* ``text``: the module of the game's text observation (``RULES``, ``LEGEND``,
  ``observation_text(state, seat, moves)`` with ``moves`` the seat's legal (action id, name) pairs,
  ``final_text``) that :mod:`wonders_env.text` reads; None: no text interface;
* ``table_options``: the options that set up the table (``num_players``, ``edition``), which
  both the env and the engines take; a game with a single table takes none, and the registry
  only checks that a given ``num_players`` or ``edition`` is the game's;
* ``expansions``: the expansions the game can be played with, in their canonical order
  (``expansions=(...)`` of the env, the batch, the text interface, the command line, the web app
  and the record; :meth:`GameEntry.check_expansions` checks a given value). An expansion is an
  option of its game, never a new game; the base table is ``()``.

Modules are named as strings and imported on first use, so that reading the table imports
neither PettingZoo nor an engine.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

from .duel.cards import PLAYABLE_EXPANSIONS as DUEL_EXPANSIONS
from .game import Game, check_expansions
from .seven_wonders.actions import PAYMENT_MODES

TABLE_OPTIONS = ("num_players", "edition")


@dataclass(frozen=True)
class GameEntry:
    """Everything the tools need to know about one game."""

    name: str
    aliases: tuple[str, ...]
    env_module: str
    engines: dict[str, str]
    player_counts: tuple[int, ...]
    default_players: int
    editions: tuple[str, ...]
    table_options: tuple[str, ...] = ()
    parallel: bool = False
    #: ``"module:function"`` of the compiled batch of :mod:`wonders_env.vector` (None: no batch)
    batch: str | None = None
    #: the game's own options with a fixed set of values, the default first (7 Wonders: payment)
    options: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: the module of the game's text observation for :mod:`wonders_env.text` (None: none)
    text: str | None = None
    #: the expansions the game can be played with, in their canonical order (empty: none yet)
    expansions: tuple[str, ...] = ()

    @property
    def fixed_players(self) -> int | None:
        """The player count of a game played at one count only (Duel: 2); None where the table
        chooses among several (7 Wonders)."""
        return self.player_counts[0] if len(self.player_counts) == 1 else None

    def check_table(self, num_players: int | None, edition: str | None) -> dict[str, Any]:
        """The given table options that the game's env and engines take, after checking them
        against the game's player counts and editions (the ones not given keep their defaults)."""
        if num_players is not None and num_players not in self.player_counts:
            counts = ", ".join(map(str, self.player_counts))
            raise ValueError(f"num_players must be one of {counts} for {self.name}, got {num_players!r}")
        if edition is not None and edition not in self.editions:
            raise ValueError(f"edition must be one of {', '.join(self.editions)} for {self.name}, got {edition!r}")
        given = {"num_players": num_players, "edition": edition}
        return {key: value for key, value in given.items() if key in self.table_options and value is not None}

    def check_expansions(self, expansions: Any) -> tuple[str, ...]:
        """``expansions`` (None or a sequence of expansion names) as the canonical tuple: the names
        in the order of :attr:`expansions`, so that one table has one spelling. An unknown name, a
        duplicate, a name that is not a string, or a bare string (not a sequence of names) raises
        ``ValueError`` naming what is allowed."""
        return check_expansions(self.name, self.expansions, expansions)


GAMES: dict[str, GameEntry] = {entry.name: entry for entry in (
    GameEntry(
        name="seven_wonders", aliases=("7w",), env_module="wonders_env.seven_wonders_v0",
        engines={"python": "wonders_env.seven_wonders.game:SevenWondersGame",
                 "core": "wonders_env.seven_wonders.compiled:CompiledSevenWonders"},
        batch="wonders_env.seven_wonders.compiled:make_batch",
        player_counts=(2, 3, 4, 5, 6, 7), default_players=4, editions=("1st", "2nd"),
        table_options=TABLE_OPTIONS, parallel=True, options={"payment": PAYMENT_MODES},
        text="wonders_env.seven_wonders.text_view", expansions=("leaders",),
    ),
    GameEntry(
        name="seven_wonders_duel", aliases=("duel",), env_module="wonders_env.seven_wonders_duel_v0",
        engines={"python": "wonders_env.duel.game:DuelGame", "core": "wonders_env.duel.compiled:CompiledDuel"},
        batch="wonders_env.duel.compiled:make_batch",
        player_counts=(2,), default_players=2, editions=("1st",),
        text="wonders_env.duel.text_view", expansions=DUEL_EXPANSIONS,
    ),
)}

ALIASES = {alias: entry.name for entry in GAMES.values() for alias in entry.aliases}
#: every accepted game name: the canonical ones, then the aliases
GAME_NAMES = (*GAMES, *ALIASES)
#: every edition of some game
EDITIONS = tuple(sorted({edition for found in GAMES.values() for edition in found.editions}))


def entry(game: str) -> GameEntry:
    """The entry of a game name or alias; an unknown name raises ``ValueError`` listing the known ones."""
    name = ALIASES.get(game, game)
    if name not in GAMES:
        raise ValueError(f"unknown game {game!r}; games are: {', '.join(map(repr, GAME_NAMES))}")
    return GAMES[name]


def resolve_game(game: str) -> str:
    """The canonical name of a game name or alias (``"duel"`` -> ``"seven_wonders_duel"``)."""
    return entry(game).name


def _load(target: str) -> Any:
    module, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module), attribute)


def make(game: str, num_players: int | None = None, edition: str | None = None, raw: bool = False,
         parallel: bool = False, **options: Any) -> Any:
    """A new env of ``game``: the PettingZoo-wrapped AEC ``env()``, or ``raw_env`` (``raw=True``),
    or ``parallel_env`` (``parallel=True``, games that have one). ``num_players`` and ``edition``
    are checked against the game's; ``options`` go to the env (``reward``, ``render_mode``, ...)."""
    found = entry(game)
    table = found.check_table(num_players, edition)
    module = importlib.import_module(found.env_module)
    if parallel:
        if not found.parallel:
            raise ValueError(f"{found.name} has no parallel env (its players take turns)")
        return module.parallel_env(**table, **options)
    factory = module.raw_env if raw else module.env
    return factory(**table, **options)


def make_engine(game: str, engine: str = "core", num_players: int | None = None, edition: str | None = None,
                **options: Any) -> Game:
    """The rules engine ``engine`` of ``game`` (a :class:`wonders_env.game.Game`) for one table:
    ``"core"`` (the compiled one, the default, as the envs'), ``"python"`` (the readable reference);
    ``options`` go to the engine (7 Wonders: ``wonders``, ``wonder_sides``)."""
    found = entry(game)
    if engine not in found.engines:
        raise ValueError(f"{found.name} has the engines {', '.join(found.engines)}, got engine={engine!r}")
    return _load(found.engines[engine])(**found.check_table(num_players, edition), **options)


def make_batch(game: str, num_envs: int, seed: int, threads: int = 1, num_players: int | None = None,
               edition: str | None = None, **options: Any) -> Any:
    """The compiled batch of ``num_envs`` games of ``game``, stepped on ``threads`` threads
    (:mod:`wonders_env.vector` wraps it); ``num_players`` and ``edition`` are checked as by :func:`make`,
    and ``expansions`` as :meth:`GameEntry.check_expansions` does; the game's batch refuses a table the
    compiled core does not play, naming the env that plays it (``engine='python'``)."""
    found = entry(game)
    if found.batch is None:
        raise ValueError(f"{found.name} has no compiled batch")
    expansions = found.check_expansions(options.pop("expansions", None))
    table = {"expansions": expansions} if expansions else {}
    return _load(found.batch)(num_envs, seed, threads, **found.check_table(num_players, edition), **table, **options)


def default_players(game: str) -> int:
    """The player count the tools use when none is given (2 for Duel, 4 for 7 Wonders)."""
    return entry(game).default_players
