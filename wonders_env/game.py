"""The one engine interface that every game implements: the Python engines and the compiled core.

An engine is a :class:`Game` object bound to a game's options (player count, edition, ...); it
creates, queries and advances explicit state objects, which it never keeps itself. The design is
OpenSpiel's ``Game``/``State`` split, in pgx's functional manner: every method takes the state it
acts on, so one ``Game`` serves any number of states (search trees, batches, determinizations).

Players are the seats of the agents, ``0 .. num_players - 1``, in the order of the PettingZoo
env's ``possible_agents``. Actions are the env's flat card-id action ids, so an id means the
same thing in every state. Several players decide at once in 7 Wonders (simultaneous turns) and
one at a time in Duel: :meth:`Game.acting_players` lists who decides now, and
:meth:`Game.apply_actions` takes one action per acting player.

Everything a search agent, the tournament, terminal play or a training script needs from a game
is here; nothing outside a game's folder and the registry (:mod:`wonders_env.registry`) branches
on the game's name.
"""

from __future__ import annotations

import enum
import numbers
import reprlib
from collections.abc import Iterable, Mapping
from typing import Any, Protocol, TypeVar, runtime_checkable

import numpy as np

#: the reward modes of every game's envs and batches (``win_loss``: +1 win, -1 loss; ``score``: a
#: points margin; each game's ``scoring.score_rewards`` says which)
REWARD_MODES = ("win_loss", "score")

#: the engines of every game: the compiled core (the default everywhere) and the readable Python reference
ENGINES = ("core", "python")

#: seeds are integers in ``0 .. SEED_LIMIT - 1`` (64 bits) in every env, engine, batch and record
SEED_LIMIT = 1 << 64


class SeedError(TypeError, ValueError):
    """A seed that is not an integer in ``0 .. 2**64 - 1``: a ``TypeError`` (what a bad seed
    always raised here) and a ``ValueError`` (what a seed out of range raises elsewhere)."""


def check_seed(seed: Any) -> int:
    """``seed`` as a Python int, if it is an integer (Python or numpy, not a bool) in
    ``0 .. SEED_LIMIT - 1``; else :class:`SeedError` saying what is allowed."""
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral) or not 0 <= seed < SEED_LIMIT:
        raise SeedError(f"seed must be an integer in 0-{SEED_LIMIT - 1} (0 to 2**64 - 1; numpy integers "
                        f"accepted, bools not), got {seed!r} of type {type(seed).__name__}")
    return int(seed)


def check_engine(engine: Any) -> str:
    """``engine`` if it names one of :data:`ENGINES`; else ``ValueError`` listing them."""
    if not isinstance(engine, str) or engine not in ENGINES:
        raise ValueError(f"engine must be one of {ENGINES}, got {engine!r}")
    return engine


def check_expansions(game: str, known: tuple[str, ...], expansions: Any) -> tuple[str, ...]:
    """``expansions`` (None or a sequence of expansion names) of ``game``, whose expansions are
    ``known`` in their canonical order, as the canonical tuple: the names in that order, so that one
    table has one spelling. An unknown name, a duplicate, a name that is not a string, or a bare
    string (not a sequence of names) raises ``ValueError`` naming what is allowed (the registry's
    ``GameEntry.check_expansions``; the engines check their argument with it)."""
    allowed = ", ".join(map(repr, known)) if known else "none yet"
    if expansions is None:
        return ()
    if isinstance(expansions, (str, bytes)) or not isinstance(expansions, (tuple, list)):
        raise ValueError(f"expansions must be a tuple of expansion names (for {game}: {allowed}), "
                         f"e.g. expansions=({known[0] if known else 'name'!r},); "
                         f"got {expansions!r}")
    for name in expansions:
        if not isinstance(name, str):
            raise ValueError(f"expansions must be names (strings) among {allowed} for {game}, "
                             f"got {name!r} in {expansions!r}")
        if name not in known:
            raise ValueError(f"unknown expansion {name!r} for {game}; its expansions are: {allowed}")
    if len(set(expansions)) != len(expansions):
        raise ValueError(f"expansions names an expansion twice: {expansions!r}")
    return tuple(name for name in known if name in expansions)


def plain(value: Any) -> Any:
    """``value`` as plain Python data for comparing states: numpy arrays, tuples and lists as
    lists, dicts item by item, numpy numbers and enums as Python numbers."""
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {plain(key): plain(item) for key, item in value.items()}
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, enum.IntEnum):
        return int(value)
    return value


def state_copy(value: Any) -> Any:
    """A copy of a state field's value as deep as the rules change it: lists of lists, dicts and
    numpy arrays are copied; numbers, strings, tuples, enums, the card database and the items of a
    list that holds no lists (the log's entries, never changed once written) are shared."""
    if isinstance(value, list):
        return [state_copy(item) for item in value] if value and isinstance(value[0], list) else list(value)
    if isinstance(value, dict):
        return {key: state_copy(item) for key, item in value.items()}
    if isinstance(value, np.ndarray):
        return value.copy()
    return value


def differing_fields(given: Any, reproduced: Any, names: Iterable[str], unordered: Iterable[str] = ()) -> list[str]:
    """The names of the fields in which two states differ, compared as :func:`plain` data (the
    fields of ``unordered`` as sorted lists: piles whose order means nothing)."""
    unordered = set(unordered)
    differing = []
    for name in names:
        mine, theirs = getattr(given, name), getattr(reproduced, name)
        if name in unordered:
            mine, theirs = sorted(plain(mine)), sorted(plain(theirs))
        if not (_equal(mine, theirs) or _equal(plain(mine), plain(theirs))):  # the fast way first
            differing.append(name)
    return differing


def _equal(mine: Any, theirs: Any) -> bool:
    if isinstance(mine, np.ndarray) or isinstance(theirs, np.ndarray):
        return plain(mine) == plain(theirs)
    try:
        return mine is theirs or bool(mine == theirs)
    except (TypeError, ValueError):  # objects that compare element-wise (tables holding arrays)
        return False


class _Quote(reprlib.Repr):
    """``reprlib`` with integers too long for ``repr`` (more than 4,300 digits) told by their size."""

    def repr_int(self, x: int, level: int) -> str:
        try:
            return super().repr_int(x, level)
        except ValueError:
            return f"<an integer of about {int(x.bit_length() * 0.30103):,} digits>"


_QUOTE = _Quote()
_QUOTE.maxstring = _QUOTE.maxother = _QUOTE.maxlong = 100


def quoted(value: Any) -> str:
    """``repr(value)`` in at most about 100 characters, for an error message that quotes what it
    was given (a model or a client may send megabytes, or an integer too long for ``repr``)."""
    return _QUOTE.repr(value)


def action_number_error(action: Any, num_actions: int) -> str | None:
    """``None`` when ``action`` is an action number: an integer (Python or numpy, not a bool) in
    ``0 .. num_actions - 1``; else what is wrong, naming the action's type and the range."""
    if isinstance(action, numbers.Integral) and not isinstance(action, bool) and 0 <= action < num_actions:
        return None
    return (f"an action must be an integer in [0, {num_actions}), got {quoted(action)} of type "
            f"{type(action).__name__} (numpy integers are accepted, bools are not)")


State = TypeVar("State")


@runtime_checkable
class Game(Protocol[State]):
    """A game's rules engine, bound to one set of options."""

    #: canonical name of the game in the registry ("seven_wonders", "seven_wonders_duel")
    name: str
    #: number of agents (players that take actions)
    num_players: int
    #: size of the flat action space (the env's ``Discrete(num_actions)``)
    num_actions: int
    #: length of the observation vector of one player
    observation_size: int
    #: True when several players decide at once and see the others' choices only when the turn
    #: resolves (7 Wonders); False when one player decides at a time in public (Duel)
    simultaneous: bool
    #: the game record's action kinds whose card only the acting player sees (it lies face down)
    hidden_action_kinds: frozenset[str]
    #: the abbreviations of :meth:`render` and :meth:`describe_move`, explained for a person
    legend: str

    def new_game(self, seed: int | None = None) -> State:
        """The game of ``seed`` (an integer in 0-2**64-1; ``None`` draws a fresh one, kept in the
        state), dealt as the core deals it (``core/common/rng.hpp``, which the Python engines
        mirror with :mod:`wonders_env.deal_rng`): a seed is the same game on every engine."""

    def clone(self, state: State) -> State:
        """An independent copy: changing one never changes the other."""

    def acting_players(self, state: State) -> list[int]:
        """The players who decide now, in seat order; empty once the game is over."""

    def legal_actions(self, state: State, player: int) -> list[int]:
        """``player``'s legal actions in the engine's fixed order (empty when it does not decide
        now): the fast path of search agents."""

    def legal_action_mask(self, state: State, player: int) -> np.ndarray:
        """Bool array of ``num_actions``: ``player``'s legal actions (all False when it does
        not decide now, in every game: the PettingZoo envs may offer a ``wait`` action there)."""

    def legal_actions_reference(self, state: State, player: int) -> set[int]:
        """The same set as :meth:`legal_action_mask`, by slow, obviously correct enumeration."""

    def why_illegal(self, state: State, player: int, action: Any) -> str | None:
        """``None`` when ``action`` is legal for ``player`` now; else why not, in the engine's
        words, naming the action (its repr when it is not an action number) and the player."""

    def apply_actions(self, state: State, actions: Mapping[int, int]) -> None:
        """Play one action for each acting player (``{player: action}``), in place. An illegal
        or missing action raises ``ValueError`` naming it and why, and changes nothing."""

    def is_over(self, state: State) -> bool:
        """Whether the game has ended."""

    def score_breakdown(self, state: State, player: int) -> dict[str, int]:
        """``player``'s points by category, with ``"total"``, as the game record gives them."""

    def winners(self, state: State) -> list[int]:
        """The winning players of a finished game (several on a shared victory)."""

    def returns(self, state: State) -> list[float]:
        """Per player, 1 for a win shared among the winners (``1 / len(winners)``), else 0."""

    def determinize(self, state: State, player: int, rng: np.random.Generator) -> State:
        """A copy in which everything ``player`` cannot see is redrawn from ``rng``, consistently
        with what ``player`` has seen; its observation is unchanged."""

    def encode_observation(self, state: State, player: int) -> np.ndarray:
        """``player``'s ego-centric float32 observation (``observation_size``), as the env's."""

    def describe_action(self, state: State, action: int) -> str:
        """The action in words (card and kind), for logs and error messages."""

    def describe_move(self, state: State, player: int, action: int) -> str:
        """``player``'s legal ``action`` in words with what it costs now, for a person choosing
        it (terminal play)."""

    def describe_effect(self, state: State, player: int, action: int) -> str:
        """What the card, wonder or token of ``player``'s ``action`` does, in words ("" when it
        names none), for a person choosing it (terminal play; :attr:`legend` explains the terms)."""

    def describe_entry(self, entry: dict[str, Any], viewer: int | None = None) -> str:
        """An entry of :meth:`game_record`'s ``actions`` in a sentence, as ``viewer`` saw it (its
        own moves read "you"; another's face-down card reads "a card"; None: a spectator), for
        terminal play and the web page's news."""

    def render(self, state: State, player: int | None = None) -> str:
        """The table as text: public information, and with ``player`` what that player alone sees."""

    def game_record(self, state: State) -> dict[str, Any]:
        """The JSON-serialisable account of the game so far (the contract in the record module)."""
