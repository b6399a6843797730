"""7 Wonders Duel on the compiled core: the ``Game`` protocol, state transfer and the batch.

The rules run in C++ (``core/duel/``, built into ``wonders_env._core``); this module is the thin
Python side:

* :func:`table_arrays` passes the tables of a :class:`.cards.DuelDatabase` (parsed from ``data/``)
  to the core as named integer arrays (cards are data, with one source of truth);
* :class:`CompiledDuel` implements :class:`wonders_env.game.Game` on :class:`CoreDuelState`
  (a core state and the seed it was dealt from), so agents, the tournament and training run on it;
* :func:`to_core` starts a core game from a Python engine state (its explicit deal, then a replay
  of its moves; :meth:`CompiledDuel.from_python` refuses a state that this does not reproduce
  field by field) and :func:`to_python` copies a core state into a :class:`.state.DuelState`, field by
  field (the game record and the readable tools work on that);
* :func:`make_batch` builds the batch of :mod:`wonders_env.vector`.

The core deals from its generator (splitmix64, ``core/common/rng.hpp``), and the Python engine
from its mirror (:mod:`wonders_env.deal_rng`) draw for draw: a seed is the same game on both.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from .. import core
from ..deal_rng import fresh_seed
from ..game import action_number_error, check_seed, differing_fields
from .cards import BASE, DuelDatabase
from .actions import NUM_ACTIONS, describe_action
from .observation import OBSERVATION_SIZE
from . import card_text, render
from .record import game_record
from .rules import legal_actions_reference
from .scoring import CATEGORIES, MILITARY_POINTS, score_rewards
from .state import LOOTING_TOKENS, DuelState, Phase, Victory

def table_arrays(db: DuelDatabase = BASE) -> dict[str, np.ndarray]:
    """The flat tables of a :class:`.cards.DuelDatabase` as the named integer arrays the core reads."""
    covered_by = np.full((3, db.num_slots, 2), -1, np.int64)
    for age, layout in enumerate(db.layouts):
        for slot, covering in enumerate(layout.covered_by):
            covered_by[age, slot, :len(covering)] = covering
    per_id = ("card_color", "card_deck", "card_coin_cost", "card_cost", "card_chain_gives", "card_chain_needs",
              "card_vp", "card_shields", "card_coins", "card_science", "card_production", "card_choice",
              "card_trade_fixed", "card_coins_per_card", "card_coins_per_wonder", "card_guild_coins",
              "card_guild_vp", "card_guild_vp_per_wonder", "card_guild_vp_per_3coins", "card_changes_costs",
              "card_has_income", "wonder_cost", "wonder_vp", "wonder_shields", "wonder_coins",
              "wonder_opponent_loses", "wonder_play_again", "wonder_destroy", "wonder_library_draw",
              "wonder_from_discard", "wonder_choice", "token_vp", "token_coins", "token_science",
              "token_vp_per_token")
    arrays = {name: getattr(db, name) for name in per_id}
    arrays.update({
        "special_tokens": (db.architecture, db.masonry, db.economy, db.strategy, db.theology, db.urbanism),
        "token_amounts": (db.wonder_discount, db.blue_discount, db.strategy_shields, db.urbanism_chain_coins),
        "looting_tokens": LOOTING_TOKENS, "military_points": MILITARY_POINTS,
        "layout_face_up": [layout.face_up for layout in db.layouts], "layout_covered_by": covered_by,
    })
    return {name: np.asarray(values, np.int64).reshape(-1) for name, values in arrays.items()}


def table_names(db: DuelDatabase = BASE) -> tuple[list[str], list[str], list[str]]:
    return ([card.name for card in db.cards], [w.name for w in db.wonders], [t.name for t in db.progress_tokens])


@lru_cache(maxsize=1)
def core_tables() -> Any:
    """The core's tables (built once; a stale or missing core raises core.CoreBuildError)."""
    return core.load().duel.Tables(table_arrays(), *table_names())


def write_table_file(path: Path) -> None:
    """The tables as text for the C++ sanitizer program (core/tests): one array per line,
    ``name count values...``, then each list of names as ``names kind count`` and one name a line."""
    lines = [f"{name} {len(values)} {' '.join(str(int(v)) for v in values)}" for name, values in table_arrays().items()]
    for kind, names in zip(("card_names", "wonder_names", "token_names"), table_names()):
        lines.append(f"names {kind} {len(names)}")
        lines += names
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")


#: the fields of a Python engine state that the core holds (all but the seed, kept beside the core
#: state, and the cost memo); ``discard`` as a set, its order meaning nothing
STATE_FIELDS = tuple(name for name in DuelState.__slots__ if name not in ("seed", "cost_cache"))


class CoreDuelState:
    """A core game state and the seed it was dealt from (``None`` for an explicit deal)."""

    __slots__ = ("core", "seed")

    def __init__(self, core_state: Any, seed: int | None) -> None:
        self.core = core_state
        self.seed = seed


def to_python(engine: Any, state: Any) -> DuelState:
    """A Python engine state equal to the core state ``state``, field by field."""
    values = engine.export(state)
    twin = DuelState.__new__(DuelState)
    twin.db = BASE  # the core plays the base game's tables
    for name, value in values.items():
        if isinstance(value, tuple) and name != "winners":
            value = list(value)
        setattr(twin, name, value)
    twin.phase = Phase(values["phase"])
    twin.victory = Victory(values["victory"])
    twin.owned = np.array(values["owned"], np.int8)
    twin.log = [tuple(entry) for entry in values["log"]]
    twin.cost_cache = [None, None]
    return twin


def _record(engine: Any, state: Any, seed: int | None) -> dict[str, Any]:
    """The game record of a core state dealt from ``seed``."""
    twin = to_python(engine, state)
    twin.seed = seed
    return game_record(twin)


def to_core(engine: Any, state: DuelState) -> Any:
    """A core state equal to the Python engine state: its deal, then its moves replayed."""
    twin = engine.new_game_from_deal(state.wonder_order, state.token_order, state.deals, state.boxed)
    for _, action, _ in state.log:
        engine.apply(twin, action)
    return twin


class CompiledDuel:
    """7 Wonders Duel on the compiled core (the :class:`wonders_env.game.Game` protocol)."""

    name = "seven_wonders_duel"
    num_players = 2
    num_actions = NUM_ACTIONS
    observation_size = OBSERVATION_SIZE
    simultaneous = False
    hidden_action_kinds: frozenset[str] = frozenset()
    legend = card_text.LEGEND

    def __init__(self) -> None:
        self.engine = core.load().duel.Engine(core_tables())

    def new_game(self, seed: int | None = None) -> CoreDuelState:
        seed = fresh_seed() if seed is None else check_seed(seed)
        return CoreDuelState(self.engine.new_game(seed), seed)

    def from_python(self, state: DuelState, seed: int | None = None) -> CoreDuelState:
        """The core twin of a Python engine state: its explicit deal, then its move log replayed.
        The core rebuilds nothing else, so a state that this does not reproduce field by field (one
        changed by hand: coins, the pawn, ...) is refused with ``ValueError`` naming the fields."""
        try:
            twin = to_core(self.engine, state)
        except ValueError as error:
            raise ValueError(f"the core cannot take this Duel state: its move log does not replay on its deal "
                             f"({error})") from None
        differing = differing_fields(state, to_python(self.engine, twin), STATE_FIELDS, unordered=("discard",))
        if differing:
            raise ValueError(f"the core cannot take this Duel state: it rebuilds a state from its deal "
                             f"(wonder_order, token_order, deals, boxed) and its move log, which give other values "
                             f"of {', '.join(differing)} (a state changed by hand plays with engine='python')")
        return CoreDuelState(twin, seed)

    def to_python(self, state: CoreDuelState) -> DuelState:
        twin = to_python(self.engine, state.core)
        twin.seed = state.seed
        return twin

    def clone(self, state: CoreDuelState) -> CoreDuelState:
        return CoreDuelState(state.core.copy(), state.seed)

    def acting_players(self, state: CoreDuelState) -> list[int]:
        return [] if state.core.is_over else [state.core.current]

    def legal_actions(self, state: CoreDuelState, player: int) -> list[int]:
        """``player``'s legal actions (the Python engine's order)."""
        if state.core.is_over or player != state.core.current:
            return []
        return self.engine.legal_actions(state.core).tolist()

    def legal_action_mask(self, state: CoreDuelState, player: int) -> np.ndarray:
        return self.engine.legal_action_mask(state.core, player)

    def legal_actions_reference(self, state: CoreDuelState, player: int) -> set[int]:
        """The Python engine's slow enumeration, on a copy of the state."""
        if player != state.core.current:
            return set()
        return set(legal_actions_reference(self.to_python(state)))

    def apply_actions(self, state: CoreDuelState, actions: Mapping[int, int]) -> None:
        acting = self.acting_players(state)
        if sorted(actions) != acting:
            raise ValueError(f"expected one action for each acting player {acting}, got players {sorted(actions)}")
        for player, action in actions.items():
            problem = action_number_error(action, NUM_ACTIONS)
            if problem:
                raise ValueError(problem)
            self.engine.apply(state.core, int(action))

    def is_over(self, state: CoreDuelState) -> bool:
        return state.core.is_over

    def score_breakdown(self, state: CoreDuelState, player: int) -> dict[str, int]:
        return dict(zip((*CATEGORIES, "total"), self.engine.score(state.core, player)))

    def winners(self, state: CoreDuelState) -> list[int]:
        return state.core.winners

    def returns(self, state: CoreDuelState) -> list[float]:
        winners = state.core.winners
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(2)]

    def determinize(self, state: CoreDuelState, player: int, rng: np.random.Generator) -> CoreDuelState:
        if player not in (0, 1):
            raise ValueError(f"player must be 0 or 1, got {player!r}")
        return CoreDuelState(self.engine.determinize(state.core, int(rng.integers(0, 1 << 63))), state.seed)

    def encode_observation(self, state: CoreDuelState, player: int) -> np.ndarray:
        return self.engine.encode_observation(state.core, player)

    def describe_action(self, state: CoreDuelState, action: int) -> str:
        return describe_action(action)

    def game_record(self, state: CoreDuelState) -> dict[str, Any]:
        return game_record(self.to_python(state))

    def describe_move(self, state: CoreDuelState, player: int, action: int) -> str:
        return render.move_text(self.to_python(state), player, action)

    def describe_effect(self, state: CoreDuelState, player: int, action: int) -> str:
        return card_text.action_effect(BASE, action)

    def render(self, state: CoreDuelState, player: int | None = None) -> str:
        return render.render_table(self.to_python(state), viewer=player)


class DuelBatch:
    """The core batch of :mod:`wonders_env.vector` for Duel (records built only when asked)."""

    num_players = 2
    observation_size = OBSERVATION_SIZE
    num_actions = NUM_ACTIONS

    def __init__(self, num_envs: int, seed: int, threads: int = 1) -> None:
        module = core.load().duel
        tables = core_tables()
        self._engine = module.Engine(tables)
        self._batch = module.Batch(tables, num_envs, seed, threads)
        self.core_batch = self._batch
        self.reset = self._batch.reset
        self.step = self._batch.step
        self.sample_actions = self._batch.sample_actions
        self.seeds = self._batch.seeds

    def finished_records(self) -> list[dict[str, Any]]:
        return [_record(self._engine, state, seed) for _, seed, state in self._batch.finished()]

    def finished_score_rewards(self) -> list[tuple[int, list[float]]]:
        """``(index, the env's score rewards)`` of the games that ended in the last step."""
        return [(index, score_rewards([self._engine.score(state, p)[-1] for p in (0, 1)], state.winners))
                for index, _, state in self._batch.finished()]

    def state(self, index: int) -> CoreDuelState:
        """A copy of game ``index`` as it stands (for inspection and tests)."""
        return CoreDuelState(self._batch.state(index), int(self._batch.seeds()[index]))

    def core_state(self, index: int) -> Any:
        """A copy of the C++ state of game ``index`` (what the core's ``Engine`` and ``Searcher`` take)."""
        return self._batch.state(index)

    def search_many(self, pool: Any, searchers: list[Any], states: list[Any], players: list[int],
                    seeds: list[int], **options: Any) -> dict[str, Any]:
        """The searches of many seats at once (:meth:`wonders_env.vector.VectorEnv.search_many`)."""
        return core.load().duel.search_many(pool, searchers, states, players, seeds, **options)

    def searcher(self, uniform_rule: bool = False) -> Any:
        """A new C++ search (``Searcher``, ``core/common/ismcts.hpp``) over this batch's core states."""
        return core.load().duel.Searcher(core_tables(), uniform_rule=uniform_rule)

    def python_state(self, index: int) -> DuelState:
        """The Python engine state of game ``index`` as it stands (field by field)."""
        twin = to_python(self._engine, self._batch.state(index))
        twin.seed = int(self._batch.seeds()[index])
        return twin


def make_batch(num_envs: int, seed: int, threads: int = 1, **options: Any) -> DuelBatch:
    """The Duel batch, stepped on ``threads`` threads; Duel takes no options."""
    if options:
        raise ValueError(f"seven_wonders_duel takes no options, got {sorted(options)}")
    return DuelBatch(num_envs, seed, threads)
