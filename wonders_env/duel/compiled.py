"""7 Wonders Duel on the compiled core: the ``Game`` protocol, state transfer and the batch.

The rules run in C++ (``core/duel/``, built into ``wonders_env._core``); this module is the thin
Python side:

* :func:`table_arrays` passes the tables of a :class:`.cards.DuelDatabase` (parsed from ``data/``)
  to the core as named integer arrays (cards are data, with one source of truth), the wonders'
  powers without an argument as one bit array (``wonder_powers``, bit ``p`` the power
  ``cards.WONDER_POWERS[p]``: the core checks these names against its own bits at load);
  a Pantheon table's also :func:`pantheon_table_arrays`; the core sizes its arrays, action ranges
  and observation by the table it is given (one ``Engine`` per table: :func:`core_engine`);
* :class:`DuelStateView` is a read-only view of a core state (and the seed it was dealt from)
  with the names of :class:`.state.DuelState`: each field is read from the core when asked (the
  getters, the export and the checked import all come from one declared layout,
  ``core/duel/state_layout.hpp``), and it answers the questions the readable tools ask of either
  state (``build_cost``, ``wonder_cost``, ``sell_value``, ``trade_price_list``, ``score_breakdown``)
  from the core; so the render, card texts, record, text view, web view and the
  agents play a core game without the Python rules (``tests/duel/test_duel_core_alone.py``);
* :class:`CompiledDuel` implements :class:`wonders_env.game.Game` on these views, so agents, the
  tournament and training run on it: the base game, or Pantheon's table (``expansions=("pantheon",)``,
  whose state's ``pantheon`` part the core holds in a layout of its own, :data:`PANTHEON_FIELDS`);
* :func:`core_state_of` is the core's state of a view, or the core's checked import of a Python
  engine state (what the core's heuristic reads on either engine's game);
* :meth:`CompiledDuel.from_python` takes a Python engine state into the core (every field checked
  by the core's import, then its moves replayed from its seed's deal, or its own deal without a
  seed: a state that these do not reproduce is refused naming the fields) and
  :meth:`CompiledDuel.to_python` copies a core state into a :class:`.state.DuelState` (the
  differential tests compare the engines on those);
* :func:`make_batch` builds the batch of :mod:`wonders_env.vector`.

The core deals from its generator (splitmix64, ``core/common/rng.hpp``), and the Python engine
from its mirror (:mod:`wonders_env.deal_rng`) draw for draw: a seed is the same game on both.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from operator import attrgetter
from pathlib import Path
from typing import Any

import numpy as np

from .. import core
from ..deal_rng import fresh_seed
from ..game import action_number_error, check_seed
from .cards import (AGORA_EFFECTS, BASE, DIVINE_POWERS, NONE, WONDER_POWERS, DuelDatabase, Effect, EffectKind,
                    check_expansions, database)
from .actions import IllegalActionError, action_table, illegal_action_error, why_illegal_for
from . import presentation, render
from .record import game_record
from .state import (CATEGORIES, EMPTY, LOOTING_TOKENS, MILITARY_POINTS, AgoraState, Choice, DuelState, PantheonState,
                    Phase, Victory,
                    score_rewards)

def table_arrays(db: DuelDatabase = BASE) -> dict[str, np.ndarray]:
    """The flat tables of a :class:`.cards.DuelDatabase` as the named integer arrays the core reads."""
    covered_by = np.full((3, db.num_slots, 2), -1, np.int64)
    face_up = np.zeros((3, db.num_slots), np.int64)
    rows = np.full((3, db.num_slots), -1, np.int64)
    for age, layout in enumerate(db.layouts):
        face_up[age, :len(layout.face_up)] = layout.face_up
        rows[age, :len(layout.row)] = layout.row
        for slot, covering in enumerate(layout.covered_by):
            covered_by[age, slot, :len(covering)] = covering
    senators = db.agora.senators_per_age if db.agora else (0, 0, 0)
    per_id = ("card_color", "card_deck", "card_coin_cost", "card_cost", "card_chain_gives", "card_chain_needs",
              "card_vp", "card_shields", "card_coins", "card_science", "card_production", "card_choice",
              "card_trade_fixed", "card_coins_per_card", "card_coins_per_wonder", "card_guild_coins",
              "card_guild_vp", "card_guild_vp_per_wonder", "card_guild_vp_per_3coins", "card_changes_costs",
              "card_has_income", "wonder_cost", "wonder_vp", "wonder_shields", "wonder_coins",
              "wonder_opponent_loses", "wonder_destroy", "wonder_library_draw", "wonder_powers", "wonder_choice",
              "token_vp", "token_coins", "token_science", "token_vp_per_token",
              "card_temple", "wonder_pantheon_discount", "wonder_theater")
    arrays = {name: getattr(db, name) for name in per_id}
    arrays.update({
        "decks": (db.num_decks, db.age3_extra_deck),
        "special_tokens": (db.architecture, db.masonry, db.economy, db.strategy, db.theology, db.urbanism),
        "token_amounts": (db.wonder_discount, db.blue_discount, db.strategy_shields, db.urbanism_chain_coins),
        # Pantheon's progress tokens (NONE without the expansion) and their amounts
        "pantheon_progress_tokens": (db.mysticism, db.poliorcetics, db.engineering),
        "pantheon_token_amounts": (db.mysticism_vp, db.poliorcetics_coins, db.engineering_price),
        "looting_tokens": LOOTING_TOKENS, "military_points": MILITARY_POINTS,
        # per Age: its structure's slots, and those its cards fill (Agora: the others hold its Senators)
        "layout_slots": [(len(layout.row), len(layout.row) - senators[age]) for age, layout in enumerate(db.layouts)],
        "layout_face_up": face_up, "layout_rows": rows, "layout_covered_by": covered_by,
    })
    return {name: np.asarray(values, np.int64).reshape(-1) for name, values in arrays.items()}


def table_names(db: DuelDatabase = BASE) -> tuple[list[str], list[str], list[str], list[str]]:
    """The names of the cards, wonders and progress tokens, and of the bits of ``wonder_powers``."""
    return ([card.name for card in db.cards], [w.name for w in db.wonders], [t.name for t in db.progress_tokens],
            [kind.name.lower() for kind in WONDER_POWERS])


def pantheon_table_arrays(db: DuelDatabase) -> dict[str, np.ndarray]:
    """The Pantheon tables of ``db`` (``db.pantheon``) as the named integer arrays the core reads
    (``core/duel/pantheon_tables.hpp``): per divinity, per Pantheon token, the prices, the token
    slots of each Age (padded with -1 to the structure's size) and the amounts."""
    tables = db.pantheon
    powers = [tables.divinity_power[d] for d in range(tables.num_divinities)]
    slots = np.full((3, db.num_slots), NONE, np.int64)
    for age, row in enumerate(tables.token_slots):
        slots[age, :len(row)] = row
    arrays = {
        "divinity_mythology": [d.mythology for d in tables.divinities], "divinity_vp": tables.divinity_vp,
        "divinity_coins": tables.divinity_coins, "divinity_shields": tables.divinity_shields,
        "divinity_science": tables.divinity_science, "divinity_astarte_coins": tables.divinity_astarte_coins,
        "divinity_vp_per_astarte_coin": tables.divinity_vp_per_astarte_coin,
        "divinity_price_multiplier": tables.divinity_price_multiplier,
        "divinity_power": [NONE if p is None else DIVINE_POWERS.index(p.kind) for p in powers],
        "divinity_power_amount": [0 if p is None else p.amount for p in powers],
        "divinity_power_what": [0 if p is None else p.what for p in powers],
        "pantheon_token_mythology": [t.mythology for t in tables.tokens],
        "pantheon_token_discount": [t.discount for t in tables.tokens], "pantheon_token_draw": tables.token_draw,
        "space_prices": tables.space_prices, "grand_temple_vp": tables.grand_temple_vp,
        "mythology_tokens_per_game": [tables.mythology_tokens_per_game],
        "first_activation_age": [tables.first_activation_age], "token_slots": slots,
    }
    return {name: np.asarray(values, np.int64).reshape(-1) for name, values in arrays.items()}


def pantheon_table_names(db: DuelDatabase) -> tuple[list[str], list[str], list[str]]:
    """The names of ``db``'s divinities and Pantheon tokens, and of the divine powers (``DIVINE_POWERS``)."""
    tables = db.pantheon
    return ([d.name for d in tables.divinities], [t.name for t in tables.tokens],
            [kind.name.lower() for kind in DIVINE_POWERS])


#: the core's sizes of Agora's arrays (``core/duel/agora_tables.hpp``): effects per conspiracy, decree,
#: military token or wonder; entries of ``senate_actions_by_blue``; pawn distances of the military tokens
MAX_AGORA_EFFECTS, MAX_BLUE_COUNTED, MILITARY_DISTANCES = 3, 8, 10
#: the Agora effects of a wonder that the core reads (Curia Julia's, Knossos')
WONDER_AGORA_EFFECTS = (EffectKind.DRAFT_CONSPIRE, EffectKind.TRIGGER_UNPREPARED_CONSPIRACY,
                        EffectKind.DRAFT_PLACE_INFLUENCE, EffectKind.PLACE_INFLUENCE, EffectKind.MOVE_INFLUENCE,
                        EffectKind.REMOVE_OPPONENT_INFLUENCE)


def _effect_rows(rows: list[tuple[Effect, ...]], what: str) -> np.ndarray:
    """Lists of Agora effects as the core reads them: per row ``MAX_AGORA_EFFECTS`` (kind in
    ``AGORA_EFFECTS``, amount, what), the row's effects in order, then ``NONE`` kinds."""
    table = np.full((len(rows), MAX_AGORA_EFFECTS, 3), NONE, np.int64)
    for r, effects in enumerate(rows):
        unknown = [e.kind.name.lower() for e in effects if e.kind not in AGORA_EFFECTS]
        if unknown or len(effects) > MAX_AGORA_EFFECTS:
            raise ValueError(f"{what} {r}: the core reads at most {MAX_AGORA_EFFECTS} effects of AGORA_EFFECTS, "
                             f"got {[e.kind.name.lower() for e in effects]}")
        for i, effect in enumerate(effects):
            table[r, i] = (AGORA_EFFECTS.index(effect.kind), effect.amount, effect.what)
    return table


def agora_table_arrays(db: DuelDatabase) -> dict[str, np.ndarray]:
    """The Agora tables of ``db`` (``db.agora``) as the named integer arrays the core reads
    (``core/duel/agora_tables.hpp``): the effects of each conspiracy, decree, military token (by
    pawn distance) and wonder, the Senate's numbers, the Senators' kinds per card, the tokens."""
    tables = db.agora
    military = [tables.military_token_effects.get(distance, ()) for distance in range(MILITARY_DISTANCES)]
    wonders = [tuple(e for e in w.effects if e.kind in WONDER_AGORA_EFFECTS) for w in db.wonders]
    by_blue = tables.senate_actions_by_blue
    arrays = {
        "conspiracy_effects": _effect_rows([c.effects for c in tables.conspiracies], "conspiracy"),
        "decree_effects": _effect_rows([d.effects for d in tables.decrees], "decree"),
        "military_token_effects": _effect_rows(military, "military token at distance"),
        "wonder_agora_effects": _effect_rows(wonders, "wonder"),
        "chamber_vp": tables.chamber_vp, "decree_face_up": tables.decree_face_up,
        "senators_per_age": tables.senators_per_age,
        "senate_actions_by_blue": [by_blue[min(b, len(by_blue) - 1)] for b in range(MAX_BLUE_COUNTED)],
        "politician_chambers": tables.politician_chambers, "conspirator": tables.conspirator,
        "agora_numbers": (tables.cubes_per_player, tables.conspiracies_drawn, tables.trade_discount_min_price,
                          db.corruption, db.organized_crime),
    }
    return {name: np.asarray(values, np.int64).reshape(-1) for name, values in arrays.items()}


def agora_table_names(db: DuelDatabase) -> tuple[list[str], list[str], list[str]]:
    """The names of ``db``'s conspiracies and decrees, and of the Agora effects (``AGORA_EFFECTS``)."""
    tables = db.agora
    return ([c.name for c in tables.conspiracies], [d.name for d in tables.decrees],
            [kind.name.lower() for kind in AGORA_EFFECTS])


@cache
def core_tables(db: DuelDatabase = BASE) -> Any:
    """The core's tables of ``db`` (built once; a stale or missing core raises core.CoreBuildError)."""
    return core.load().duel.Tables(table_arrays(db), *table_names(db))


def write_table_file(path: Path) -> None:
    """The tables as text for the C++ sanitizer program (core/tests): one array per line,
    ``name count values...``, then each list of names as ``names kind count`` and one name a line;
    the base game's, then Pantheon's (its arrays' names differ from the base game's), then the
    Pantheon table's cards, wonders and tokens (the base game's names prefixed ``pantheon:``), then
    the Agora table's (its cards' arrays and Agora's, prefixed ``agora:``) and the table with both's
    (its cards', Pantheon's and Agora's arrays, prefixed ``both:``)."""
    pantheon_db, agora_db = database("1st", ("pantheon",)), database("1st", ("agora",))
    both_db = database("1st", ("pantheon", "agora"))
    arrays = {**table_arrays(), **pantheon_table_arrays(pantheon_db),
              **{f"pantheon:{name}": values for name, values in table_arrays(pantheon_db).items()},
              **{f"agora:{name}": values for name, values in {**table_arrays(agora_db),
                                                                **agora_table_arrays(agora_db)}.items()},
              **{f"both:{name}": values for name, values in {**table_arrays(both_db), **pantheon_table_arrays(both_db),
                                                               **agora_table_arrays(both_db)}.items()}}
    lines = [f"{name} {len(values)} {' '.join(str(int(v)) for v in values)}" for name, values in arrays.items()]
    names = {"": (*table_names(), *pantheon_table_names(pantheon_db)), "pantheon:": table_names(pantheon_db)[:3],
             "agora:": (*table_names(agora_db)[:3], *agora_table_names(agora_db)),
             "both:": table_names(both_db)[:3]}
    kinds = {"": ("card_names", "wonder_names", "token_names", "wonder_power_names", "divinity_names",
                  "pantheon_token_names", "divine_power_names"),
             "pantheon:": ("card_names", "wonder_names", "token_names"),
             "agora:": ("card_names", "wonder_names", "token_names", "conspiracy_names", "decree_names",
                        "agora_effect_names"),
             "both:": ("card_names", "wonder_names", "token_names")}
    for prefix, lists in names.items():
        for kind, listed in zip(kinds[prefix], lists):
            lines.append(f"names {prefix}{kind} {len(listed)}")
            lines += listed
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")


#: the fields of a Python engine state that the core holds (all but the seed, kept beside the core
#: state, the cost memo, Pantheon's part, whose fields are :data:`PANTHEON_FIELDS`, and Agora's,
#: :data:`AGORA_FIELDS`): those of the core's layout, ``core/duel/state_layout.hpp``
STATE_FIELDS = tuple(name for name in DuelState.__slots__
                     if name not in ("db", "seed", "cost_cache", "pantheon", "agora"))
#: the fields of a Python engine state's ``pantheon`` (:class:`.state.PantheonState`): the core's
#: ``DUEL_PANTHEON_FIELDS``; the core's export and import hold them under ``"pantheon"``
PANTHEON_FIELDS = PantheonState.__slots__
#: the fields of a Python engine state's ``agora`` (:class:`.state.AgoraState`): the core's
#: ``DUEL_AGORA_FIELDS``; the core's export and import hold them under ``"agora"``, a step's argument as
#: an integer (:func:`agora_fields`)
AGORA_FIELDS = AgoraState.__slots__
#: the core's argument of a step that has none
NO_ARGUMENT = -1
#: the expansions the core plays: the base game, Pantheon, Agora and both (its rules and observation of
#: Agora's tables agree with the Python engine's: tests/core/test_duel_core_agora_differential.py,
#: test_duel_core_agora_observation.py)
CORE_EXPANSIONS = ((), ("pantheon",), ("agora",), ("pantheon", "agora"))


@cache
def core_engine(db: DuelDatabase = BASE) -> Any:
    """The core's Duel rules on the tables of ``db`` (``wonders_env._core.duel.Engine``), shared."""
    duel = core.load().duel
    tables = core_tables(db)
    pantheon = duel.PantheonTables(pantheon_table_arrays(db), *pantheon_table_names(db)) if db.pantheon else None
    agora = duel.AgoraTables(agora_table_arrays(db), tables, *agora_table_names(db)) if db.agora else None
    return duel.Engine(tables, pantheon, agora)


def state_fields(state: DuelState) -> dict[str, Any]:
    """The fields of a Python engine state as the core's import takes them (Pantheon's under
    ``"pantheon"``, Agora's under ``"agora"``: :func:`agora_fields`)."""
    fields = {name: getattr(state, name) for name in STATE_FIELDS}
    pantheon = state.pantheon
    fields["pantheon"] = None if pantheon is None else {name: getattr(pantheon, name) for name in PANTHEON_FIELDS}
    fields["agora"] = None if state.agora is None else agora_fields(state.agora)
    return fields


def _core_argument(argument: Effect | int | None) -> int:
    """A step's argument as the core holds it: ``NO_ARGUMENT`` for None, a conspiracy power's
    ``what`` for its Effect (its set names its kind), else the integer (chambers, a colour, a chamber)."""
    if argument is None:
        return NO_ARGUMENT
    return argument.what if isinstance(argument, Effect) else int(argument)


@cache
def _target_effects(db: DuelDatabase) -> dict[tuple[int, int], Effect]:
    """The conspiracy power of each (target set, ``what``): the Effect a core step's argument names."""
    from .agora import TARGET_CHOICE
    return {(TARGET_CHOICE[e.kind], e.what): e for c in db.agora.conspiracies for e in c.effects
            if e.kind in TARGET_CHOICE}


def _python_argument(db: DuelDatabase, choice: int, argument: int) -> Effect | int | None:
    """The Python engine's argument of a core step of the set ``choice`` (:func:`_core_argument`'s inverse)."""
    if argument == NO_ARGUMENT:
        return None
    return _target_effects(db).get((choice, argument), argument)


def agora_fields(agora: AgoraState) -> dict[str, Any]:
    """The fields of a Python engine state's ``agora`` as the core's import takes them (the steps'
    arguments and the current one as integers: :func:`_core_argument`)."""
    fields = {name: getattr(agora, name) for name in AGORA_FIELDS}
    fields["steps"] = [(player, int(choice), _core_argument(argument), optional)
                       for player, choice, argument, optional in agora.steps]
    fields["argument"] = _core_argument(agora.argument)
    return fields


def agora_state(db: DuelDatabase, fields: dict[str, Any]) -> AgoraState:
    """The Python engine's ``agora`` of the core's exported Agora fields (:func:`agora_fields`' inverse)."""
    agora = AgoraState.__new__(AgoraState)
    for name, value in fields.items():
        setattr(agora, name, value)
    agora.steps = [(player, Choice(choice), _python_argument(db, choice, argument), optional)
                   for player, choice, argument, optional in fields["steps"]]
    agora.choice = NONE if agora.choice == NONE else Choice(agora.choice)
    agora.argument = _python_argument(db, agora.choice, fields["argument"])
    agora.choice_log = [(index, Choice(choice)) for index, choice in fields["choice_log"]]
    return agora


def check_core_table(db: DuelDatabase) -> None:
    """``ValueError`` naming the tables the core plays (the base game's, Pantheon's, Agora's and the
    table with both) unless ``db`` is one of them."""
    if db.expansions not in CORE_EXPANSIONS or db is not database("1st", db.expansions):
        raise ValueError(f"the core plays the package's Duel tables with the expansions {CORE_EXPANSIONS}, not "
                         f"edition {db.edition!r} with expansions {db.expansions}; play this game with "
                         f"engine='python'")


def core_state_of(state: DuelState | DuelStateView) -> Any:
    """The C++ state of ``state``: a view's own, or the core's checked import of a Python engine state
    of the base game (every field checked; a bad one raises ``ValueError`` naming it), so that the
    core's tools (its ``Heuristic``) read the Python engine's games too."""
    if isinstance(state, DuelStateView):
        return state.core
    check_core_table(state.db)
    return core_engine(state.db).import_state(state_fields(state))


class DuelStateView:
    """A read-only view of a core game (``core``, a ``wonders_env._core.duel.State``) and the seed it
    was dealt from (``None`` for an explicit deal), with the names of :class:`.state.DuelState`.

    Reading a field reads that field from the core (no copy of the state): lists and ints as the
    Python state holds them, ``phase`` and ``victory`` as :class:`.state.Phase` and
    :class:`.state.Victory`, ``owned`` as an int8 array, ``pantheon`` (a Pantheon table's) as a
    copy of the core's Pantheon fields with the names of :class:`.state.PantheonState`, ``agora`` (an
    Agora table's) as a copy of the core's Agora fields (:attr:`agora`). Nothing can
    be assigned to it: a game changes through its engine (:class:`CompiledDuel`); :meth:`to_python`
    gives a Python copy. ``db`` is the table it was dealt from."""

    __slots__ = ("core", "seed", "db")

    def __init__(self, core_state: Any, seed: int | None, db: DuelDatabase = BASE) -> None:
        object.__setattr__(self, "core", core_state)
        object.__setattr__(self, "seed", seed)
        object.__setattr__(self, "db", db)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"the view of a core Duel state is read-only (assigning {name!r}); its engine plays "
                             f"it, and to_python() gives a Python engine copy to change")

    @property
    def phase(self) -> Phase:
        return Phase(self.core.phase)

    @property
    def victory(self) -> Victory:
        return Victory(self.core.victory)

    @property
    def owned(self) -> np.ndarray:
        return np.array(self.core.owned, np.int8)

    @property
    def pantheon(self) -> Any:
        return self.core.pantheon

    @property
    def agora(self) -> Any:
        """Agora's part (an Agora table's): a copy of the core's Agora fields with the names of
        :class:`.state.AgoraState` (a step's argument as the core's integer: :func:`agora_fields`), or None."""
        return self.core.agora

    @property
    def game_over(self) -> bool:
        return self.core.is_over

    def accessible_slots(self) -> list[int]:
        """Slots of the current structure whose card may be taken."""
        cover_count = self.core.cover_count
        return [s for s, card in enumerate(self.core.slot_card) if card != EMPTY and cover_count[s] == 0]

    def structure_cards(self) -> list[int]:
        """Cards still in the current structure (face-down ones included: hidden information)."""
        return [c for c in self.core.slot_card if c != EMPTY]

    def clone(self) -> DuelStateView:
        """An independent copy of the game (the core copies its state)."""
        return DuelStateView(self.core.clone(), self.seed, self.db)

    def determinize(self, player: int, rng: np.random.Generator) -> DuelStateView:
        """A copy with everything ``player`` cannot know redrawn (:func:`.determinize.determinize`'s
        rule), without a seed: its deal is no longer its seed's."""
        if player not in (0, 1):
            raise ValueError(f"player must be 0 or 1, got {player!r}")
        seed = int(rng.integers(0, 1 << 63))
        return DuelStateView(core_engine(self.db).determinize(self.core, seed, player), None, self.db)

    def to_python(self) -> DuelState:
        """A Python engine state equal to this one, field by field (a copy to change or to check)."""
        return to_python(core_engine(self.db), self.core, self.seed, self.db)

    # the questions of the readable tools (as DuelState answers them with the Python rules)
    def build_cost(self, player: int, card: int) -> int:
        """Coins ``player`` pays to build ``card`` now."""
        return core_engine(self.db).build_cost(self.core, player, card)

    def wonder_cost(self, player: int, wonder: int) -> int:
        return core_engine(self.db).wonder_cost(self.core, player, wonder)

    def activation_price(self, player: int, space: int, offerings: int) -> int:
        """Coins ``player`` pays to activate the divinity of Pantheon ``space`` with the offering
        tokens of the bit set ``offerings``."""
        return core_engine(self.db).activation_price(self.core, player, space, offerings)

    def sell_value(self, player: int) -> int:
        return core_engine(self.db).sell_value(self.core, player)

    def trade_price_list(self, player: int) -> tuple[int, ...]:
        """``player``'s price of one unit of each resource at the bank."""
        return tuple(core_engine(self.db).trade_prices(self.core, player))

    def score_breakdown(self, player: int) -> dict[str, int]:
        return dict(zip(score_categories(self.db), core_engine(self.db).score_breakdown(self.core, player)))


for _name in STATE_FIELDS:  # each other field: a property reading that field of the core state
    if _name not in vars(DuelStateView):
        setattr(DuelStateView, _name, property(attrgetter(f"core.{_name}")))


def score_categories(db: DuelDatabase) -> tuple[str, ...]:
    """The names of the core's score breakdown of a game of ``db`` (a Pantheon table's
    ``divinities`` too, an Agora table's ``senate``), then ``total``."""
    return (*CATEGORIES, *(("divinities",) if db.pantheon else ()), *(("senate",) if db.agora else ()), "total")


def to_python(engine: Any, state: Any, seed: int | None = None, db: DuelDatabase = BASE) -> DuelState:
    """A Python engine state of ``db`` equal to the core state ``state``, field by field."""
    twin = DuelState.__new__(DuelState)
    twin.db = db
    twin.seed = seed
    fields = engine.export_state(state)
    pantheon, agora = fields.pop("pantheon"), fields.pop("agora")
    for name, value in fields.items():
        setattr(twin, name, value)
    twin.phase = Phase(twin.phase)
    twin.victory = Victory(twin.victory)
    twin.owned = np.array(twin.owned, np.int8)
    twin.cost_cache = [None, None]
    twin.pantheon = None
    if pantheon is not None:
        twin.pantheon = PantheonState.__new__(PantheonState)
        for name, value in pantheon.items():
            setattr(twin.pantheon, name, value)
    twin.agora = None if agora is None else agora_state(db, agora)
    return twin


def _record(state: Any, seed: int | None, db: DuelDatabase = BASE) -> dict[str, Any]:
    """The game record of a core state of ``db`` dealt from ``seed``."""
    return game_record(DuelStateView(state, seed, db))


def to_core(engine: Any, state: Any, seed: int | None) -> Any:
    """A core state with the deal of ``seed`` (``None``: the deal of ``state``, a Python state or a
    view of the base game) and the moves of ``state`` replayed."""
    if seed is None:
        twin = engine.new_game_from_deal(state.wonder_order, state.token_order, state.deals, state.boxed)
    else:
        twin = engine.new_game(check_seed(seed))
    for _, action, _ in state.log:
        engine.apply_actions(twin, action)
    return twin


class CompiledDuel:
    """7 Wonders Duel on the compiled core (the :class:`wonders_env.game.Game` protocol), on
    :class:`DuelStateView` states: the base game, or with ``expansions=("pantheon",)``, ``("agora",)``
    or ``("pantheon", "agora")``."""

    name = "seven_wonders_duel"
    num_players = 2
    simultaneous = False
    hidden_action_kinds: frozenset[str] = frozenset()
    legend = presentation.LEGEND

    def __init__(self, expansions: tuple[str, ...] | None = None) -> None:
        expansions = check_expansions(expansions)
        if expansions not in CORE_EXPANSIONS:
            raise ValueError(f"the compiled core (engine='core', the default) does not play 7 Wonders Duel with "
                             f"expansions={expansions!r} yet; play it with the Python engine (engine='python')")
        self.db = database("1st", expansions)
        self.actions = action_table(self.db)
        self.engine = core_engine(self.db)
        self.num_actions = self.engine.num_actions
        self.observation_size = self.engine.observation_size

    def new_game(self, seed: int | None = None) -> DuelStateView:
        seed = fresh_seed() if seed is None else check_seed(seed)
        return DuelStateView(self.engine.new_game(seed), seed, self.db)

    def from_python(self, state: DuelState, seed: int | None = None) -> DuelStateView:
        """The core twin of a Python engine state. The core's import checks every field (a bad
        value raises ``ValueError`` naming the field, the value and what is allowed); the core
        then replays the move log on the deal of ``seed`` (``None``, as for a determinization: on
        the state's own deal; a Pantheon game's own seed, ``state.seed``), and a state that this
        does not reproduce field by field (one changed by hand: coins, the pawn, a card of its
        deal, ...) is refused naming the fields."""
        taken = self.engine.import_state(state_fields(state))
        if seed is None and (self.db.pantheon or self.db.agora):  # its deal holds no expansion's setup: its seed's does
            seed = state.seed
            if seed is None:
                raise ValueError("the core cannot take this state: a Pantheon or Agora game replays from its seed, "
                                 "and this state has none (a determinized copy plays with engine='python')")
        deal = "its deal (wonder_order, token_order, deals, boxed)" if seed is None else f"seed {seed}'s deal"
        try:
            twin = to_core(self.engine, state, seed)
        except ValueError as error:
            raise ValueError(f"the core cannot take this Duel state: its move log does not replay on {deal} "
                             f"({error})") from None
        given, replayed = self.engine.export_state(taken), self.engine.export_state(twin)
        differing = [name for name in (*STATE_FIELDS, "pantheon", "agora") if given[name] != replayed[name]]
        if differing:
            raise ValueError(f"the core cannot take this Duel state: it rebuilds a state from {deal} and its move "
                             f"log, which give other values of {', '.join(differing)} (a state changed by hand "
                             f"plays with engine='python')")
        return DuelStateView(twin, seed, self.db)

    def to_python(self, state: DuelStateView) -> DuelState:
        return state.to_python()

    def clone(self, state: DuelStateView) -> DuelStateView:
        return state.clone()

    def core_state(self, state: DuelStateView) -> Any:
        """The C++ state that the core's ``Engine``, ``Searcher`` and ``Heuristic`` take."""
        return state.core

    def new_searcher(self, uniform_rule: bool = False) -> Any:
        """A new C++ search (``Searcher``, ``core/common/ismcts.hpp``) of this engine's games."""
        return core.load().duel.Searcher(self.engine, uniform_rule=uniform_rule)

    def acting_players(self, state: DuelStateView) -> list[int]:
        return [] if state.core.is_over else [state.core.current]

    def legal_actions(self, state: DuelStateView, player: int) -> list[int]:
        """``player``'s legal actions (the Python engine's order)."""
        if state.core.is_over or player != state.core.current:
            return []
        return self.engine.legal_actions(state.core).tolist()

    def legal_action_mask(self, state: DuelStateView, player: int) -> np.ndarray:
        return self.engine.legal_action_mask(state.core, player)

    def legal_actions_reference(self, state: DuelStateView, player: int) -> set[int]:
        """The Python engine's slow enumeration, on a copy of the state."""
        from .rules import legal_actions_reference
        if player != state.core.current:
            return set()
        return set(legal_actions_reference(self.to_python(state)))

    def why_illegal(self, state: DuelStateView, player: int, action: object) -> str | None:
        """As the Python engine's: the reasons are the core's words, which are the Python rules'.
        A legal move costs one check in the core (the env asks it for a move it has not listed)."""
        core_state = state.core
        if (player == core_state.current and not core_state.is_over
                and not action_number_error(action, self.num_actions)
                and not self.engine.why_illegal(core_state, int(action))):
            return None
        return why_illegal_for(self.actions, action, player, self.acting_players(state),
                               lambda: self._state_reason(state, action))

    def _state_reason(self, state: DuelStateView, action: object) -> str | None:
        """Why the deciding player may not play ``action`` (the Python rules' ``why_illegal``)."""
        problem = action_number_error(action, self.num_actions)
        if problem:
            return f"it is not an action number: {problem}"
        return self.engine.why_illegal(state.core, int(action)) or None

    def play_legal(self, state: DuelStateView, action: int) -> bool:
        """Play an action of the deciding player (the core checks it again: cheaply); whether the
        game is over now."""
        core_state = state.core
        self.engine.apply_actions(core_state, action)
        return core_state.is_over

    def apply_actions(self, state: DuelStateView, actions: Mapping[int, int]) -> None:
        """As the Python engine's: an illegal move raises :class:`.actions.IllegalActionError` in its words."""
        acting = self.acting_players(state)
        if sorted(actions) != acting:
            raise IllegalActionError(f"expected one action for each of the players {acting}, got actions for "
                                     f"{sorted(actions)}")
        for player, action in actions.items():
            if action_number_error(action, self.num_actions):
                raise illegal_action_error(self.actions, self.why_illegal(state, player, action),
                                           self.legal_actions(state, player))
            try:
                self.engine.apply_actions(state.core, int(action))
            except ValueError as error:  # the core's sentence, the Python engine's word for word
                raise IllegalActionError(str(error)) from None

    def is_over(self, state: DuelStateView) -> bool:
        return state.core.is_over

    def score_breakdown(self, state: DuelStateView, player: int) -> dict[str, int]:
        return state.score_breakdown(player)

    def winners(self, state: DuelStateView) -> list[int]:
        return list(state.core.winners)

    def returns(self, state: DuelStateView) -> list[float]:
        winners = state.core.winners
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(2)]

    def determinize(self, state: DuelStateView, player: int, rng: np.random.Generator) -> DuelStateView:
        return state.determinize(player, rng)

    def encode_observation(self, state: DuelStateView, player: int) -> np.ndarray:
        return self.engine.encode_observation(state.core, player)

    def describe_action(self, state: DuelStateView, action: int) -> str:
        return self.actions.describe(action)

    def game_record(self, state: DuelStateView) -> dict[str, Any]:
        return game_record(state)

    def describe_move(self, state: DuelStateView, player: int, action: int) -> str:
        return presentation.move_text(state, player, action)

    def describe_effect(self, state: DuelStateView, player: int, action: int) -> str:
        return presentation.action_effect(self.db, action)

    def describe_entry(self, entry: dict[str, Any], viewer: int | None = None) -> str:
        return presentation.entry_text(entry, viewer)

    def render(self, state: DuelStateView, player: int | None = None) -> str:
        return render.render_table(state, viewer=player)


class DuelBatch:
    """The core batch of :mod:`wonders_env.vector` for Duel (records built only when asked)."""

    num_players = 2

    def __init__(self, num_envs: int, seed: int, threads: int = 1, expansions: tuple[str, ...] | None = None) -> None:
        self.game = CompiledDuel(expansions)
        self._engine = self.game.engine
        self._db = self.game.db
        self.observation_size, self.num_actions = self.game.observation_size, self.game.num_actions
        self._batch = core.load().duel.Batch(self._engine, num_envs, seed, threads)
        self.core_batch = self._batch
        self.reset = self._batch.reset
        self.step = self._batch.step
        self.sample_actions = self._batch.sample_actions
        self.seeds = self._batch.seeds

    def finished_records(self) -> list[dict[str, Any]]:
        return [_record(state, seed, self._db) for _, seed, state in self._batch.finished()]

    def finished_score_rewards(self) -> list[tuple[int, list[float]]]:
        """``(index, the env's score rewards)`` of the games that ended in the last step."""
        return [(index, score_rewards([self._engine.score_breakdown(state, p)[-1] for p in (0, 1)], state.winners))
                for index, _, state in self._batch.finished()]

    def state(self, index: int) -> DuelStateView:
        """A copy of game ``index`` as it stands (for inspection and tests)."""
        return DuelStateView(self._batch.state(index), int(self._batch.seeds()[index]), self._db)

    def core_state(self, index: int) -> Any:
        """A copy of the C++ state of game ``index`` (what the core's ``Engine`` and ``Searcher`` take)."""
        return self._batch.state(index)

    def search_many(self, pool: Any, searchers: list[Any], states: list[Any], players: list[int],
                    seeds: list[int], **options: Any) -> dict[str, Any]:
        """The searches of many seats at once (:meth:`wonders_env.vector.VectorEnv.search_many`)."""
        return core.load().duel.search_many(pool, searchers, states, players, seeds, **options)

    def searcher(self, uniform_rule: bool = False) -> Any:
        """A new C++ search (``Searcher``, ``core/common/ismcts.hpp``) over this batch's core states."""
        return core.load().duel.Searcher(self._engine, uniform_rule=uniform_rule)

    def python_state(self, index: int) -> DuelState:
        """The Python engine state of game ``index`` as it stands (field by field)."""
        return to_python(self._engine, self._batch.state(index), int(self._batch.seeds()[index]), self._db)


def make_batch(num_envs: int, seed: int, threads: int = 1, expansions: tuple[str, ...] | None = None,
               **options: Any) -> DuelBatch:
    """The Duel batch, stepped on ``threads`` threads; its one option is ``expansions`` (the env's)."""
    if options:
        raise ValueError(f"seven_wonders_duel takes no options but expansions, got {sorted(options)}")
    return DuelBatch(num_envs, seed, threads, expansions)
