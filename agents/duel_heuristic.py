"""A hand-written 7 Wonders Duel strategy: value each move in victory points, minus what it opens.

A move is worth what it adds to the player's position, in VP-equivalents:

* **points**: blue, green and yellow cards, wonders, guilds (counted on the table now), tokens;
* **military**: the change of the military points of the pawn, looting, and the threat of
  supremacy (a pawn at the capital wins at once; near it every shield weighs more, for both sides);
* **science**: a new symbol is a step toward the six of supremacy (a sixth wins at once, a fifth
  is a serious threat), a pair brings a progress token;
* **resources and trade**: units the city lacks for the cards still to come, fixed prices,
  chains, worth more in Age I than in Age III; producing what the opponent lacks raises their
  prices;
* **coins**: gained, paid (cards, wonders, trade), or lost by the opponent;
* **denial**: taking a card opens the cards it covered: the move loses part of the best value the
  opponent can then take (a face-down card counts as an average card; its face is unknown),
  unless the move lets the player play again.

Draft, progress tokens, Mausoleum, Great Library, Zeus/Circus destruction and the choice of who
starts an Age use the same valuations. It reads only public information: the face-up cards, the
cities, the discard pile, never a face-down card, the box or the later Ages.

The core has a compiled copy (``core/duel/heuristic.cpp``, :func:`compiled_valuation`, taking this
module's constants from :func:`core_constants`), held to this one by a test
(``tests/core/test_duel_heuristic_core.py``); :func:`action_values` of a core game (the view of
``engine="core"``) is that copy's, so the agent plays the core without the Python rules.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any
from collections.abc import Sequence

import numpy as np

from wonders_env import core
from wonders_env.duel.compiled import DuelStateView, core_tables
from wonders_env.game import Game
from wonders_env.duel.actions import DECODED, STARTER, STARTER_ME, ActionKind
from wonders_env.duel.cards import (CARD_CHAIN_GIVES, CARD_CHAIN_NEEDS, CARD_CHOICE,
                                    CARD_COINS, CARD_COINS_PER_CARD, CARD_COINS_PER_WONDER, CARD_COLOR,
                                    CARD_GUILD_COINS, CARD_GUILD_VP, CARD_GUILD_VP_PER_3COINS,
                                    CARD_GUILD_VP_PER_WONDER, CARD_PRODUCTION, CARD_SCIENCE,
                                    CARD_SHIELDS, CARD_TRADE_FIXED, CARD_VP, CARDS, LAYOUTS,
                                    NONE, RED, STRATEGY, THEOLOGY, STRATEGY_SHIELDS, TOKEN_COINS,
                                    TOKEN_SCIENCE, TOKEN_VP, WONDER_CHOICE, WONDER_COINS,
                                    WONDER_COST, WONDER_DESTROY, WONDER_FROM_DISCARD,
                                    WONDER_LIBRARY_DRAW, WONDER_OPPONENT_LOSES, WONDER_PLAY_AGAIN,
                                    WONDER_SHIELDS, WONDER_VP, PROGRESS_TOKENS, EffectKind)
from wonders_env.duel.state import (LOOTING_TOKENS, MAX_WONDERS_BUILT, MILITARY_POINTS, DuelState, Phase, Victory,
                                    colour_count)

from .search_values import win_and_margin

WIN = 100.0  # an immediate supremacy victory
# play-outs of the search agent: a civilian victory is worth (1 - w) x the share of the win + w x
# the score margin through a sigmoid of scale MARGIN_SCALE points; a supremacy is a plain win
MARGIN_SCALE, MARGIN_WEIGHT = 5.0, 0.2
SEARCH_WIDENING = 0.0  # the core search widens no node (agents.mcts): a Duel turn has few moves
COIN_VALUE = (0.55, 0.5, 0.4)  # by Age
POOR, POOR_PENALTY = 4, 0.3  # per coin below POOR left after paying (Ages I-II)
RESOURCE_UNIT_VALUE = (2.2, 1.4, 0.3)
RAISE_PRICE_VALUE = (0.5, 0.4, 0.1)  # per unit the opponent lacks: their price goes up
FIXED_PRICE_VALUE = (2.0, 1.3, 0.3)
CHOICE_VALUE = (2.5, 1.8, 0.5)
CHAIN_VALUE = (1.2, 0.8, 0.0)
SHIELD_VALUE = 0.7  # a step of the pawn beyond its points: pressure toward supremacy
NEW_SYMBOL_VALUE = (2.0, 1.6, 1.0)
PAIR_TOKEN_VALUE = 4.0
PLAY_AGAIN_VALUE = 2.5
DENIAL_WEIGHT = 0.6
FOLLOW_UP_WEIGHT = 0.5  # playing again: part of the best next move
FACE_DOWN_VALUE = 2.0  # a card whose face is unknown
TOKEN_SPECIAL_VALUE = {  # progress tokens whose effect is not points, coins or a symbol
    EffectKind.WONDER_DISCOUNT: 2.5, EffectKind.ECONOMY: 2.0, EffectKind.BLUE_DISCOUNT: 1.5,
    EffectKind.VP_PER_PROGRESS: 3.0, EffectKind.RED_EXTRA_SHIELD: 2.0,
    EffectKind.WONDERS_PLAY_AGAIN: 3.0, EffectKind.CHAIN_COINS: 1.5,
}
_COVERS = tuple(layout.covers for layout in LAYOUTS)
# per progress token, TOKEN_SPECIAL_VALUE of its effects (0 for one with none)
_TOKEN_SPECIAL = tuple(sum(TOKEN_SPECIAL_VALUE.get(effect.kind, 0.0) for effect in token.effects)
                       for token in PROGRESS_TOKENS)


def _demand() -> tuple[tuple[int, ...], ...]:
    """Per Age, the most units of each resource a card of that Age or later (or a wonder) costs."""
    rows = []
    for age in (1, 2, 3):
        costs = [c.cost for c in CARDS if c.age >= age] + list(WONDER_COST)
        rows.append(tuple(max(cost[r] for cost in costs) for r in range(5)))
    return tuple(rows)


DEMAND = _demand()


def action_values(state: DuelState | DuelStateView, player: int, legal: Sequence[int]) -> np.ndarray:
    """The heuristic value, in VP-equivalents, of each legal action of ``player`` (who decides now);
    on a core game (a :class:`~wonders_env.duel.compiled.DuelStateView`) the compiled copy's."""
    if isinstance(state, DuelStateView):
        return compiled_valuation().action_values(state.core, player, list(legal))
    me = player
    mine, theirs = _PlayerView(state, me), _PlayerView(state, 1 - me)
    phase = state.phase
    if phase == Phase.PLAY:
        return _play_values(state, legal, mine, theirs)
    values = np.zeros(len(legal))
    for i, action in enumerate(legal):
        kind, index, _ = DECODED[action]
        if kind == ActionKind.DRAFT:
            values[i] = wonder_draft_value(index)
        elif kind in (ActionKind.PROGRESS, ActionKind.LIBRARY):
            values[i] = mine.token_value(index)
        elif kind == ActionKind.DESTROY:
            values[i] = theirs.card_value(index, built=True)
        elif kind == ActionKind.MAUSOLEUM:
            values[i] = mine.card_value(index)
        elif kind == ActionKind.STARTER:
            values[i] = 1.0 if action == STARTER + STARTER_ME else 0.0
    return values


def _play_values(state: DuelState, legal: list[int], mine: _PlayerView, theirs: _PlayerView) -> np.ndarray:
    accessible = {state.slot_card[s]: s for s in state.accessible_slots()}
    my_best = {c: mine.best_use(c) for c in accessible}
    their_best = {c: theirs.best_use(c) for c in accessible}
    card_values: dict[int, float] = {}
    values = np.empty(len(legal))
    for i, action in enumerate(legal):
        kind, card, wonder = DECODED[action]
        if kind == ActionKind.BUILD:
            if card not in card_values:
                card_values[card] = mine.card_value(card) - mine.spend(state.build_cost(mine.p, card))
            value = card_values[card]
            again = False
        elif kind == ActionKind.SELL:
            value = mine.coin_value * state.sell_value(mine.p)
            again = False
        else:
            value = mine.wonder_value(wonder) - mine.spend(state.wonder_cost(mine.p, wonder))
            again = WONDER_PLAY_AGAIN[wonder] or mine.has_theology
        opened = _opened(state, accessible[card])
        if again:  # the player moves again: part of its best next move is won
            value += FOLLOW_UP_WEIGHT * _best_next(accessible, card, opened, my_best, mine)
        else:  # the opponent replies: part of its best reply is lost
            value -= DENIAL_WEIGHT * _best_next(accessible, card, opened, their_best, theirs)
        values[i] = value
    return values


def _best_next(accessible: dict[int, int], taken: int, opened: list[int | None], best: dict[int, float],
               view: _PlayerView) -> float:
    """The best use ``view``'s player can make of a card accessible once ``taken`` is gone."""
    values = [best[c] for c in accessible if c != taken]
    values += [FACE_DOWN_VALUE if c is None else view.best_use(c) for c in opened]
    return max(values, default=0.0)


def _opened(state: DuelState, slot: int) -> list[int | None]:
    """Cards made accessible by taking the card of ``slot``: their id, or None if face down."""
    opened = []
    for below in _COVERS[state.age - 1][slot]:
        if state.cover_count[below] == 1:
            opened.append(state.slot_card[below] if state.face_up[below] else None)
    return opened


class _PlayerView:
    """One player's valuation of cards, wonders and tokens, computed once per decision."""

    def __init__(self, state: DuelState, player: int) -> None:
        self.state, self.p, self.q = state, player, 1 - player
        a = self.a = max(state.age, 1) - 1
        self.coin_value = COIN_VALUE[a]
        self.lead = state.pawn if player == 0 else -state.pawn  # > 0: toward the opponent's capital
        self.symbols = sum(1 for n in state.science[player] if n)
        self.has_theology = bool(state.player_tokens[player] >> THEOLOGY & 1)
        self.has_strategy = bool(state.player_tokens[player] >> STRATEGY & 1)
        production = state.production[player]
        self.lacking = [max(0, DEMAND[a][r] - production[r]) for r in range(5)]
        self.opponent_production = state.production[1 - player]

    def spend(self, coins: int) -> float:
        """What paying ``coins`` costs: their value, and in Ages I-II the poverty it leaves."""
        value = coins * self.coin_value
        if self.a < 2 and coins:
            held = self.state.coins[self.p]
            value += POOR_PENALTY * (max(0, POOR - (held - coins)) - max(0, POOR - held))
        return value

    # -- effects
    def military_value(self, shields: int) -> float:
        if shields <= 0:
            return 0.0
        lead = self.lead
        after = min(9, lead + shields)
        if after >= 9:
            return WIN
        value = _military_points(after) - _military_points(lead)
        for i, (victim, threshold, coins) in enumerate(LOOTING_TOKENS):
            if victim == self.q and self.state.looting[i] and lead < threshold <= after:
                value += coins * self.coin_value
        pressure = 1.0 + 0.25 * max(after, 0) + 0.35 * max(-lead, 0)  # near either capital
        return value + SHIELD_VALUE * pressure * (after - lead)

    def science_value(self, symbol: int) -> float:
        count = self.state.science[self.p][symbol]
        if count == 0:
            if self.symbols + 1 >= 6:
                return WIN
            return NEW_SYMBOL_VALUE[self.a] * (1 + 0.4 * self.symbols) + (6.0 if self.symbols + 1 == 5 else 0.0)
        if count == 1 and self.state.board_tokens:
            return PAIR_TOKEN_VALUE
        return 0.0

    def production_value(self, card: int) -> float:
        value = 0.0
        for r, units in enumerate(CARD_PRODUCTION[card]):
            if units:
                value += RESOURCE_UNIT_VALUE[self.a] * min(units, self.lacking[r])
                value += RAISE_PRICE_VALUE[self.a] * units * (self.opponent_production[r] == 0)
        if CARD_CHOICE[card]:
            value += CHOICE_VALUE[self.a]
        if CARD_TRADE_FIXED[card]:
            value += FIXED_PRICE_VALUE[self.a] * bin(CARD_TRADE_FIXED[card]).count("1") / 2
        return value

    # -- things
    def card_value(self, card: int, built: bool = False) -> float:
        """What ``card`` adds to this player's city (``built``: what losing it costs), unpaid."""
        state, p = self.state, self.p
        value = float(CARD_VP[card]) + self.production_value(card)
        if not built:
            shields = CARD_SHIELDS[card] + (STRATEGY_SHIELDS if self.has_strategy and CARD_COLOR[card] == RED
                                            and CARD_SHIELDS[card] else 0)
            value += self.military_value(shields)
            if CARD_SCIENCE[card] != NONE:
                value += self.science_value(CARD_SCIENCE[card])
            coins = CARD_COINS[card]
            per_card, colours = CARD_COINS_PER_CARD[card]
            own = 1 if colours >> CARD_COLOR[card] & 1 else 0
            coins += per_card * (colour_count(state, p, colours) + own)
            coins += CARD_COINS_PER_WONDER[card] * sum(1 for w in state.player_wonders[p] if state.wonder_built[w])
            per_card, colours = CARD_GUILD_COINS[card]
            coins += per_card * max(colour_count(state, 0, colours), colour_count(state, 1, colours))
            value += coins * self.coin_value
            if CARD_CHAIN_GIVES[card]:
                value += CHAIN_VALUE[self.a]
            if CARD_CHAIN_NEEDS[card] & state.chains[p]:
                value += 0.3
        per_card, colours = CARD_GUILD_VP[card]
        if per_card:
            value += per_card * max(colour_count(state, 0, colours), colour_count(state, 1, colours))
        if CARD_GUILD_VP_PER_WONDER[card]:
            value += CARD_GUILD_VP_PER_WONDER[card] * max(
                sum(1 for w in state.player_wonders[q] if state.wonder_built[w]) for q in (0, 1))
        if CARD_GUILD_VP_PER_3COINS[card]:
            value += CARD_GUILD_VP_PER_3COINS[card] * (max(state.coins) // 3)
        return value

    def wonder_value(self, wonder: int) -> float:
        """What building ``wonder`` adds (its card goes under it), unpaid."""
        state = self.state
        value = float(WONDER_VP[wonder]) + WONDER_COINS[wonder] * self.coin_value
        value += min(WONDER_OPPONENT_LOSES[wonder], state.coins[self.q]) * self.coin_value * 0.8
        value += self.military_value(WONDER_SHIELDS[wonder])
        if WONDER_CHOICE[wonder]:
            value += CHOICE_VALUE[self.a]
        if WONDER_PLAY_AGAIN[wonder] or self.has_theology:
            value += PLAY_AGAIN_VALUE
        colour = WONDER_DESTROY[wonder]
        if colour != NONE:
            victims = [c for c in state.city[self.q] if CARD_COLOR[c] == colour]
            victim_view = _PlayerView(state, self.q)
            value += max((1.5 + victim_view.production_value(c) for c in victims), default=0.0)
        if WONDER_FROM_DISCARD[wonder] and state.discard:
            value += max(self.card_value(c) for c in state.discard)
        if WONDER_LIBRARY_DRAW[wonder]:
            value += 3.0
        if state.wonders_built + 1 == MAX_WONDERS_BUILT:
            value += 1.0  # boxes the opponent's last wonder when it is theirs
        return value

    def best_use(self, card: int) -> float:
        """The most this player can make of ``card`` now: build it, sell it, or put it under a wonder."""
        state, p = self.state, self.p
        best = self.coin_value * state.sell_value(p)
        cost = state.build_cost(p, card)
        if cost <= state.coins[p]:
            best = max(best, self.card_value(card) - self.spend(cost))
        if state.wonders_built < MAX_WONDERS_BUILT:
            for wonder in state.player_wonders[p]:
                if not state.wonder_built[wonder]:
                    cost = state.wonder_cost(p, wonder)
                    if cost <= state.coins[p]:
                        best = max(best, self.wonder_value(wonder) - self.spend(cost))
        return best

    def token_value(self, token: int) -> float:
        value = float(TOKEN_VP[token]) + TOKEN_COINS[token] * self.coin_value
        if TOKEN_SCIENCE[token] != NONE:
            value += self.science_value(TOKEN_SCIENCE[token])
        return value + _TOKEN_SPECIAL[token] * (1.0 if self.a < 2 else 0.5)


def wonder_draft_value(wonder: int) -> float:
    """A wonder's worth in the draft, before any card is played."""
    value = float(WONDER_VP[wonder]) + 0.5 * WONDER_COINS[wonder] + 0.4 * WONDER_OPPONENT_LOSES[wonder]
    value += 1.5 * WONDER_SHIELDS[wonder] + (2.0 if WONDER_CHOICE[wonder] else 0.0)
    value += 3.0 * WONDER_PLAY_AGAIN[wonder] + 2.0 * (WONDER_DESTROY[wonder] != NONE)
    value += 2.5 * WONDER_FROM_DISCARD[wonder] + 3.0 * bool(WONDER_LIBRARY_DRAW[wonder])
    return value - 0.3 * sum(WONDER_COST[wonder])


def _military_points(lead: int) -> int:
    """The pawn's points for the player it leads toward the other's capital (negative: behind)."""
    return MILITARY_POINTS[lead] if lead > 0 else -MILITARY_POINTS[-lead]



def core_constants() -> dict[str, np.ndarray]:
    """This module's constants by name, as the compiled copy takes them (``HeuristicConstants`` in
    ``core/duel/heuristic.hpp``, which checks the names, lengths and values)."""
    constants = {"win": WIN, "coin_value": COIN_VALUE, "poor": POOR, "poor_penalty": POOR_PENALTY,
                 "resource_unit_value": RESOURCE_UNIT_VALUE, "raise_price_value": RAISE_PRICE_VALUE,
                 "fixed_price_value": FIXED_PRICE_VALUE, "choice_value": CHOICE_VALUE, "chain_value": CHAIN_VALUE,
                 "shield_value": SHIELD_VALUE, "new_symbol_value": NEW_SYMBOL_VALUE,
                 "pair_token_value": PAIR_TOKEN_VALUE, "play_again_value": PLAY_AGAIN_VALUE,
                 "denial_weight": DENIAL_WEIGHT, "follow_up_weight": FOLLOW_UP_WEIGHT,
                 "face_down_value": FACE_DOWN_VALUE, "token_special_value": _TOKEN_SPECIAL, "demand": DEMAND}
    return {name: np.asarray(value, np.float64).reshape(-1) for name, value in constants.items()}


def write_constants_file(path: Path) -> None:
    """:func:`core_constants` as text for the C++ sanitizer program (core/tests): one a line,
    ``name count values...`` (each value written to read back exactly)."""
    lines = [f"{name} {len(values)} {' '.join(repr(float(v)) for v in values)}"
             for name, values in core_constants().items()]
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")


@lru_cache(maxsize=1)
def compiled_valuation() -> Any:
    """The compiled copy of this valuation (``wonders_env._core.duel.Heuristic``) on the core's
    tables: ``action_values(state, player, legal=None)`` and ``choose(state, player, seed)`` on a core
    state, and the batch's ``heuristic_actions`` (:meth:`wonders_env.vector.VectorEnv.core_batch`)."""
    return core.load().duel.Heuristic(core_tables(), core_constants())


def search_returns(game: Game, state: DuelState) -> list[float]:
    """What a finished game is worth to each player in the search agent's play-outs."""
    if state.victory != Victory.CIVILIAN:
        return game.returns(state)
    return win_and_margin(game, state, MARGIN_SCALE, MARGIN_WEIGHT)
