"""7 Wonders behind the one engine interface (:class:`wonders_env.game.Game`).

:class:`SevenWondersGame` is bound to a table: the player count, the edition and, optionally,
the boards. It only routes the interface's calls to this folder's modules: setup
(:mod:`.state`), legality and resolution (:mod:`.rules`), scoring (:mod:`.scoring`),
determinization (:mod:`.determinize`), the observation (:mod:`.observation`), the actions
(:mod:`.actions`), the record (:mod:`.record`) and the table as text (:mod:`.render`).

All players choose at once: :meth:`SevenWondersGame.apply_actions` takes the joint choice of the
acting players and resolves it. A player who does not decide now has no legal action here (the
PettingZoo env offers it the ``wait`` action instead, for its parallel API: :meth:`env_mask`).

It answers the rules' questions of texts, renders and agents under the names of
:class:`.scoring.PythonRules`, as the compiled engine does about its states.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ..game import check_seed
from . import presentation, render, rules
from .actions import HIDDEN_ACTION_KINDS, IllegalActionError, num_actions
from .cards import database
from .determinize import determinize
from .observation import Observer
from .record import game_record
from .scoring import PythonRules
from .state import Phase, SevenWondersState, new_game


class SevenWondersGame(PythonRules):
    """The 7 Wonders engine for one table: ``num_players`` (2-7; 3-7 in the 2nd edition), the
    ``edition`` ("1st" or "2nd"), the boards (``wonders``, ``wonder_sides``) and the ``payment``
    mode ("cheapest" or "choose") and the ``expansions`` (``()`` or ``("leaders",)``, 1st edition,
    3-7 players: :mod:`.leaders`): see :func:`.state.new_game`. Bad options raise ``ValueError``
    naming what is allowed."""

    name = "seven_wonders"
    simultaneous = True
    #: record kinds whose card only its player sees (it lies face down)
    hidden_action_kinds = HIDDEN_ACTION_KINDS
    legend = presentation.LEGEND

    def __init__(self, num_players: int = 3, edition: str = "1st", wonders: list[str] | None = None,
                 wonder_sides: str | list[str] = "random", payment: str = "cheapest",
                 expansions: tuple[str, ...] = ()) -> None:
        new_game(num_players, seed=0, wonders=wonders, wonder_sides=wonder_sides, edition=edition,
                 payment=payment, expansions=expansions)  # validates them
        self.num_players = int(num_players)
        self.edition = edition
        self.wonders = wonders
        self.wonder_sides = wonder_sides
        self.payment = payment
        self.db = database(edition, tuple(expansions))
        self.expansions = self.db.expansions
        self.observer = Observer(self.db, payment)
        self.num_actions = num_actions(self.db.num_types, payment, self.db.num_leaders)
        self.observation_size = self.observer.size

    def new_game(self, seed: int | None = None) -> SevenWondersState:
        seed = None if seed is None else check_seed(seed)
        return new_game(self.num_players, seed=seed, wonders=self.wonders, wonder_sides=self.wonder_sides,
                        edition=self.edition, payment=self.payment, expansions=self.expansions)

    def compiled_twin(self) -> Any:
        """The compiled engine of this table (a :class:`.compiled.CompiledSevenWonders`)."""
        from .compiled import CompiledSevenWonders  # the compiled module imports this one's neighbours

        return CompiledSevenWonders(self.num_players, self.edition, self.wonders, self.wonder_sides, self.payment,
                                    self.expansions)

    def clone(self, state: SevenWondersState) -> SevenWondersState:
        return state.clone()

    def acting_players(self, state: SevenWondersState) -> list[int]:
        return [] if state.phase == Phase.GAME_OVER else list(rules.acting_seats(state))

    def legal_actions(self, state: SevenWondersState, player: int) -> list[int]:
        if player not in self.acting_players(state):
            return []
        return np.flatnonzero(rules.legal_action_mask(state, player)).tolist()

    def legal_action_mask(self, state: SevenWondersState, player: int) -> np.ndarray:
        if player not in self.acting_players(state):
            return np.zeros(self.num_actions, bool)
        return rules.legal_action_mask(state, player).astype(bool)

    def env_mask(self, state: SevenWondersState, player: int) -> np.ndarray:
        """The PettingZoo env's int8 mask of ``player``: only ``wait`` for a player who does not decide."""
        return rules.legal_action_mask(state, player).copy()

    def why_illegal(self, state: SevenWondersState, player: int, action: Any) -> str | None:
        """The text of :func:`.rules.check_legal`'s error, ``None`` when legal."""
        try:
            rules.check_legal(state, player, action)
        except IllegalActionError as error:
            return str(error)
        return None

    def legal_actions_reference(self, state: SevenWondersState, player: int) -> set[int]:
        if player not in self.acting_players(state):
            return set()
        return rules.legal_actions_reference(state, player)

    def apply_actions(self, state: SevenWondersState, actions: Mapping[int, int]) -> None:
        rules.apply_actions(state, dict(actions))

    def is_over(self, state: SevenWondersState) -> bool:
        return state.phase == Phase.GAME_OVER

    def returns(self, state: SevenWondersState) -> list[float]:
        won = self.winners(state)
        return [1.0 / len(won) if p in won else 0.0 for p in range(self.num_players)]

    def determinize(self, state: SevenWondersState, player: int, rng: np.random.Generator) -> SevenWondersState:
        return determinize(state, player, rng)

    def encode_observation(self, state: SevenWondersState, player: int) -> np.ndarray:
        return self.observer.encode(state, player)

    def describe_move(self, state: SevenWondersState, player: int, action: int) -> str:
        return presentation.move_text(state, player, action)

    def describe_effect(self, state: SevenWondersState, player: int, action: int) -> str:
        return presentation.action_effect(state, player, action)

    def describe_entry(self, entry: dict[str, Any], viewer: int | None = None) -> str:
        return presentation.entry_text(entry, viewer)

    def render(self, state: SevenWondersState, player: int | None = None) -> str:
        return render.render_table(state, viewer=player)

    def game_record(self, state: SevenWondersState) -> dict[str, Any]:
        return game_record(state)
