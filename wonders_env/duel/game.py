"""7 Wonders Duel behind the one engine interface (:class:`wonders_env.game.Game`).

:class:`DuelGame` only routes the interface's calls to this folder's modules: the state and its
setup (:mod:`.state`), legality and resolution (:mod:`.rules`), scoring (:mod:`.scoring`), the
determinization (:mod:`.determinize`), the observation (:mod:`.observation`), the actions
(:mod:`.actions`), the record (:mod:`.record`) and the table as text (:mod:`.render`). Duel is
turn-based: exactly one player decides at a time.

The game plays the :class:`~.cards.DuelDatabase` it is given (an edition name of
:data:`~.cards.EDITIONS` or a database object): its states carry it, and the action and
observation sizes are that database's (:func:`.actions.action_table`,
:func:`.observation.observation_layout`), as 7 Wonders' game carries its ``database(edition)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from . import presentation, render, rules
from .actions import action_table, why_illegal_for
from .cards import DuelDatabase, check_expansions, edition_database
from .compiled import CompiledDuel, check_core_table
from .observation import encode_observation, observation_layout
from .record import game_record
from .scoring import score_breakdown
from .determinize import determinize
from .state import DuelState, Phase, new_game

NUM_PLAYERS = 2


class DuelGame:
    """The 7 Wonders Duel engine: two players, the tables of ``edition`` (a name of
    :data:`~.cards.EDITIONS`, ``"1st"`` the base game, or a :class:`~.cards.DuelDatabase`) with the
    ``expansions`` (None or a tuple of names of :data:`~.cards.PLAYABLE_EXPANSIONS`: ``"pantheon"``, ``"agora"``)."""

    name = "seven_wonders_duel"
    num_players = NUM_PLAYERS
    simultaneous = False
    hidden_action_kinds: frozenset[str] = frozenset()  # every move is public
    legend = presentation.LEGEND

    def __init__(self, edition: str | DuelDatabase = "1st", expansions: tuple[str, ...] | None = None) -> None:
        self.db = edition_database(edition, check_expansions(expansions))
        self.actions = action_table(self.db)
        self.num_actions = self.actions.num_actions
        self.observation_size = observation_layout(self.db).size

    def new_game(self, seed: int | None = None) -> DuelState:
        return new_game(seed, self.db)

    def clone(self, state: DuelState) -> DuelState:
        return state.clone()

    def acting_players(self, state: DuelState) -> list[int]:
        return [] if state.phase == Phase.GAME_OVER else [state.current]

    def legal_actions(self, state: DuelState, player: int) -> list[int]:
        if state.phase == Phase.GAME_OVER or player != state.current:
            return []
        return rules.legal_actions(state)

    def legal_action_mask(self, state: DuelState, player: int) -> np.ndarray:
        mask = np.zeros(self.num_actions, bool)
        mask[self.legal_actions(state, player)] = True
        return mask

    def legal_actions_reference(self, state: DuelState, player: int) -> set[int]:
        if state.phase == Phase.GAME_OVER or player != state.current:
            return set()
        return set(rules.legal_actions_reference(state))

    def compiled_twin(self) -> CompiledDuel:
        """The compiled engine of this game's tables (the core plays the base game's and Pantheon's)."""
        check_core_table(self.db)
        return CompiledDuel(self.db.expansions)

    def why_illegal(self, state: DuelState, player: int, action: object) -> str | None:
        return why_illegal_for(self.actions, action, player, self.acting_players(state),
                               lambda: rules.why_illegal(state, action))

    def play_legal(self, state: DuelState, action: int) -> bool:
        """Play an action of the deciding player known to be legal (the env checked it); whether
        the game is over now."""
        rules.resolve_action(state, action)
        return state.phase == Phase.GAME_OVER

    def apply_actions(self, state: DuelState, actions: Mapping[int, int]) -> None:
        expected = self.acting_players(state)
        if sorted(actions) != expected:
            raise rules.IllegalActionError(
                f"expected one action for each of the players {expected}, got actions for {sorted(actions)}")
        (action,) = actions.values()
        rules.apply_action(state, action)

    def is_over(self, state: DuelState) -> bool:
        return state.phase == Phase.GAME_OVER

    def score_breakdown(self, state: DuelState, player: int) -> dict[str, int]:
        return score_breakdown(state, player)

    def winners(self, state: DuelState) -> list[int]:
        return list(state.winners)

    def returns(self, state: DuelState) -> list[float]:
        winners = self.winners(state)
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(NUM_PLAYERS)]

    def determinize(self, state: DuelState, player: int, rng: np.random.Generator) -> DuelState:
        return determinize(state, player, rng)

    def encode_observation(self, state: DuelState, player: int) -> np.ndarray:
        return encode_observation(state, player)

    def describe_action(self, state: DuelState, action: int) -> str:
        return self.actions.describe(action)

    def describe_move(self, state: DuelState, player: int, action: int) -> str:
        return presentation.move_text(state, player, action)

    def describe_effect(self, state: DuelState, player: int, action: int) -> str:
        return presentation.action_effect(self.db, action)

    def describe_entry(self, entry: dict[str, Any], viewer: int | None = None) -> str:
        return presentation.entry_text(entry, viewer)

    def render(self, state: DuelState, player: int | None = None) -> str:
        return render.render_table(state, viewer=player)

    def game_record(self, state: DuelState) -> dict[str, Any]:
        return game_record(state)
