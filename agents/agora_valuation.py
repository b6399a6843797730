"""The Duel heuristic's worth of Agora (issue 44): the Senate, the decrees, the conspiracies and
Agora's progress tokens, for a player less the opponent (:func:`agora_value`), which the valuation
of the expansion tables (:mod:`.expansion_valuation`) adds to a position's value.

Effects as data: a decree, a conspiracy and a progress token are worth the sum of their effects'
worth (:data:`DECREE_WORTH`, :data:`CONSPIRACY_WORTH`, :data:`TOKEN_WORTH`, by effect kind; a
counted effect, :data:`COUNTED`, by its amount), so a new one of a known kind needs nothing here.

The Senate counts, per chamber a player controls, its decrees' worth (scaled by the Age:
:data:`DECREE_AGE_WEIGHT`; a decree the player has not seen, the mean decree's) and
:data:`CONTROL_VALUE`; each cube in the Senate :data:`CUBE_VALUE`; the chambers controlled push
toward political supremacy (:data:`SUPREMACY_PRESSURE`, by their count; all six end the game, which
the position reads as a win). The chambers' VP are in the score. A conspiracy held is a share of its
worth (:data:`HELD_SHARE`, prepared or not, falling with the Ages: one never triggered is worth
nothing at the end); the opponent's, hidden, each the mean conspiracy's at the mean of the shares.

Only what the player may know is read: :class:`Sight` is what they saw when deciding (the decrees
face up, their own conspiracies and those they drew), so a move that turns a decree up or draws
conspiracies is valued by the mean worth of what it shows, never by what it shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from wonders_env.duel.cards import EffectKind
from wonders_env.duel.agora import controller
from wonders_env.duel.state import EMPTY, NOBODY, Choice, Phase

#: what a decree is worth to the controller of its chamber, VP-equivalents, by its effect's kind
#: (the shield decree moves the pawn, which the position counts)
DECREE_WORTH = {EffectKind.BUILD_INCOME: 1.5, EffectKind.IGNORE_COST_SYMBOL: 1.0, EffectKind.WONDER_DISCOUNT: 1.0,
                EffectKind.SHIELD_WHILE_CONTROLLED: 0.3, EffectKind.TRADE_DISCOUNT: 1.2,
                EffectKind.SENATE_BLUE_BONUS: 0.8, EffectKind.DISCARD_BONUS: 0.4, EffectKind.WONDER_INCOME: 1.0,
                EffectKind.CHAINS_FROM_OPPONENT: 0.7, EffectKind.PLAY_AGAIN_ON_CONSPIRATOR: 0.6}
UNKNOWN_DECREE_WORTH = 0.8  # a decree of a kind not in DECREE_WORTH (a new one's)
DECREE_AGE_WEIGHT = (1.0, 0.8, 0.4)  # by Age: fewer builds left to profit from a decree
CONTROL_VALUE = 0.8  # a chamber controlled, beyond its VP and decrees: a step toward political supremacy
CUBE_VALUE = 0.3  # a cube in the Senate: control held more safely, Embezzlement
#: by the number of chambers a player controls: the threat of political supremacy
SUPREMACY_PRESSURE = (0.0, 0.0, 0.0, 1.0, 3.0, 8.0, 0.0)
#: what a conspiracy is worth to its holder when triggered, by its effects' kinds
CONSPIRACY_WORTH = {EffectKind.STEAL_UNBUILT_WONDER: 4.0, EffectKind.STEAL_HALF_COINS: 3.0, EffectKind.DESTROY: 2.5,
                    EffectKind.LOCK_PROGRESS_TOKEN: 2.0, EffectKind.SHIELDS: 1.5,
                    EffectKind.BUILD_FREE_FROM_FIRST_ROW: 4.0, EffectKind.BUILD_FREE_FROM_BOXED: 3.5,
                    EffectKind.PLACE_INFLUENCE: 1.5, EffectKind.REMOVE_OPPONENT_INFLUENCE: 1.5,
                    EffectKind.MOVE_INFLUENCE: 0.5, EffectKind.PROGRESS_FROM_ALL_UNUSED: 4.5,
                    EffectKind.DISCARD_ACCESSIBLE_CARDS: 0.5, EffectKind.COINS_PER_OWN_CUBE: 1.5,
                    EffectKind.OPPONENT_LOSES_PER_CUBE: 1.5, EffectKind.STEAL_CARD: 3.0, EffectKind.SWAP_CARD: 2.5,
                    EffectKind.MOVE_DECREE: 1.5, EffectKind.BOX_BUILT_WONDER: 4.0}
UNKNOWN_CONSPIRACY_WORTH = 2.5  # an effect of a kind not in CONSPIRACY_WORTH (a new conspiracy's)
#: the effects worth their amount times their worth (shields, cubes, cards discarded)
COUNTED = frozenset({EffectKind.SHIELDS, EffectKind.PLACE_INFLUENCE, EffectKind.REMOVE_OPPONENT_INFLUENCE,
                     EffectKind.MOVE_INFLUENCE, EffectKind.DISCARD_ACCESSIBLE_CARDS})
#: the share of its worth a held conspiracy counts, by Age: (unprepared, prepared)
HELD_SHARE = ((0.3, 0.8), (0.25, 0.65), (0.1, 0.3))
#: Agora's progress tokens, by their effects' kinds (Corruption's free Senators, Organized Crime)
TOKEN_WORTH = {EffectKind.FREE_SENATORS: 2.0, EffectKind.CONSPIRE_KEEP_BOTH: 1.5}


def decree_worth(tables: Any, decree: int) -> float:
    """What ``decree`` is worth to the controller of its chamber (VP-equivalents, Age I)."""
    return sum(DECREE_WORTH.get(e.kind, UNKNOWN_DECREE_WORTH) for e in tables.decrees[decree].effects)


def conspiracy_worth(tables: Any, conspiracy: int) -> float:
    """What ``conspiracy`` is worth to its holder when triggered (VP-equivalents)."""
    return sum(CONSPIRACY_WORTH.get(e.kind, UNKNOWN_CONSPIRACY_WORTH) * (e.amount if e.kind in COUNTED else 1)
               for e in tables.conspiracies[conspiracy].effects)


@lru_cache(maxsize=4)
def mean_worths(tables: Any) -> tuple[float, float]:
    """The mean worth of a decree and of a conspiracy of ``tables`` (one not seen)."""
    decrees = [decree_worth(tables, d) for d in range(tables.num_decrees)]
    conspiracies = [conspiracy_worth(tables, c) for c in range(tables.num_conspiracies)]
    return sum(decrees) / len(decrees), sum(conspiracies) / len(conspiracies)


@dataclass(frozen=True)
class Sight:
    """What a player saw when deciding: the decrees face up, the conspiracies they held or drew."""

    decrees: frozenset[int]
    conspiracies: frozenset[int]

    @classmethod
    def of(cls, state: Any, player: int) -> Sight:
        senate = state.agora
        decrees = {d for chamber, up in enumerate(senate.decree_face_up) if up for d in senate.decrees[chamber]}
        drawing = state.phase == Phase.CHOOSE and state.current == player and senate.choice in (
            Choice.KEEP_CONSPIRACY, Choice.PUT_BACK)
        return cls(frozenset(decrees), frozenset(senate.conspiracies[player]) | frozenset(
            senate.drawn if drawing else ()))


def shows_unseen(state: Any, sight: Sight) -> bool:
    """Whether a face-up decree of ``state`` is not in ``sight``: a move turned it up, and what the
    player decides after it would read it (the expansion valuation looks no further)."""
    senate = state.agora
    return any(up and any(d not in sight.decrees for d in decrees)
               for decrees, up in zip(senate.decrees, senate.decree_face_up))


def unseen_pull(state: Any, sight: Sight) -> int:
    """The part of the shield decrees' pull on the pawn (:func:`wonders_env.duel.agora.shield_pull`)
    that comes from decrees not in ``sight``: a chamber whose control a looked-ahead move gave turned
    its decree up, and the rules moved the pawn by what it is; the position takes it back out."""
    decrees, senate = state.db.agora.decrees, state.agora
    pull = 0
    for chamber, decree_ids in enumerate(senate.decrees):
        owner = controller(senate, chamber)
        if owner == NOBODY:
            continue
        shields = sum(e.amount for d in decree_ids if d not in sight.decrees for e in decrees[d].effects
                      if e.kind is EffectKind.SHIELD_WHILE_CONTROLLED)
        pull += shields if owner == 0 else -shields
    return pull


def agora_value(state: Any, player: int, age: int, sight: Sight) -> float:
    """Agora's part of ``state`` for ``player`` less the opponent (``age``: 0-2), by ``sight``."""
    tables, senate = state.db.agora, state.agora
    mean_decree, mean_conspiracy = mean_worths(tables)
    value, controlled = 0.0, [0, 0]
    for chamber, decrees in enumerate(senate.decrees):
        mine, theirs = senate.cubes[player][chamber], senate.cubes[1 - player][chamber]
        value += CUBE_VALUE * (mine - theirs)
        if mine == theirs:
            continue
        owner = 0 if mine > theirs else 1
        controlled[owner] += 1
        worth = sum(decree_worth(tables, d) if d in sight.decrees else mean_decree for d in decrees)
        value += (1.0 if owner == 0 else -1.0) * (CONTROL_VALUE + DECREE_AGE_WEIGHT[age] * worth)
    value += SUPREMACY_PRESSURE[controlled[0]] - SUPREMACY_PRESSURE[controlled[1]]
    unprepared, prepared = HELD_SHARE[age]
    for conspiracy, card in zip(senate.conspiracies[player], senate.prepared[player]):
        worth = conspiracy_worth(tables, conspiracy) if conspiracy in sight.conspiracies else mean_conspiracy
        value += (unprepared if card == EMPTY else prepared) * worth
    value -= len(senate.conspiracies[1 - player]) * (unprepared + prepared) / 2 * mean_conspiracy
    tokens = state.db.progress_tokens
    for p, sign in ((player, 1.0), (1 - player, -1.0)):
        value += sign * sum(TOKEN_WORTH.get(e.kind, 0.0) for t in range(state.db.num_tokens)
                            if state.player_tokens[p] >> t & 1 for e in tokens[t].effects)
    return value
