"""The Duel heuristic's worth of the Pantheon (issue 43), for a player less the opponent
(:func:`pantheon_value`), which the valuation of the expansion tables
(:mod:`.expansion_valuation`: each move by the position it leads to) adds to a position's value.

It counts each mythology token (a Grand Temple free, Mysticism) and offering token, and each
divinity the player may know on a space (face up, or face down and placed by the player, when they
decided: :func:`known_divinities`) by its worth (:func:`divinity_worth`, from its effects: a new
divinity of a known power needs nothing here) less the player's price, against the opponent's.
Only what the player may know is read: an offering token counts by its mean value, never its own,
and the divinities drawn for a placement are looked at only by the player who draws them (a move
that draws them unseen, :data:`UNSEEN_DRAWS`, is worth its position, and a free activation
:func:`mean_worth` besides), as are Enki's tokens (a move that draws them is worth its position).
"""

from __future__ import annotations

from typing import Any

from wonders_env.duel.cards import NONE, EffectKind
from wonders_env.duel.state import EMPTY, Choice

from .duel_heuristic import COIN_VALUE

# what a divinity is worth to whoever activates it, in VP-equivalents before its price, from its
# effects (divinity_worth): its VP, coins, Astarte's coins, shields, a science symbol and its power
COIN_WORTH, ASTARTE_COIN_WORTH, SHIELD_WORTH, SYMBOL_WORTH = 0.4, 0.85, 1.5, 3.5
POWER_WORTH = {EffectKind.PROGRESS_CHOICE_FROM_SETASIDE: 4.0, EffectKind.COPY_OPPONENT_GREEN: 3.0,
               EffectKind.STEAL_CARD: 4.0, EffectKind.BUILD_FROM_DISCARD: 4.0, EffectKind.DISCARD_STRUCTURE_CARD: 2.5,
               EffectKind.UNBUILD_WONDER: 3.0, EffectKind.BUILD_WONDER_WITH_DISCARD: 4.0,
               EffectKind.STEAL_UNBUILT_WONDER: 4.0, EffectKind.MINERVA_PAWN: 1.5,
               EffectKind.MILITARY_TOKENS_DISCARD1_APPLY1: 2.0, EffectKind.REVEAL_TOP_EACH_MYTHOLOGY: 5.0}
UNKNOWN_POWER_WORTH = 3.0  # a power not in POWER_WORTH (a new divinity's)
MYTHOLOGY_TOKEN_VALUE = 2.0  # a Grand Temple built free, 2 VP with Mysticism
OFFERING_TOKEN_MEAN = 3.0  # coins off an activation: an offering token's mean value (its own may be hidden)
SPACE_WEIGHT = 0.5  # a divinity on a space is only a chance to buy it
#: the sets whose items are divinities drawn unseen by the move that opens them; such a move is
#: worth its position, and a free activation the mean worth of a divinity besides
FREE_ACTIVATION = (Choice.GATE_DIVINITY, Choice.THEATER_DIVINITY)
UNSEEN_DRAWS = (Choice.PLACE_DIVINITY, *FREE_ACTIVATION)


def divinity_worth(tables: Any, divinity: int) -> float:
    """What ``divinity`` is worth to whoever activates it (VP-equivalents, before its price)."""
    power = tables.divinity_power[divinity]
    return (tables.divinity_vp[divinity] + COIN_WORTH * tables.divinity_coins[divinity]
            + ASTARTE_COIN_WORTH * tables.divinity_astarte_coins[divinity]
            + SHIELD_WORTH * tables.divinity_shields[divinity]
            + SYMBOL_WORTH * (tables.divinity_science[divinity] != NONE)
            + (POWER_WORTH.get(power.kind, UNKNOWN_POWER_WORTH) if power is not None else 0.0))


def mean_worth(tables: Any) -> float:
    """The mean worth of a divinity: a free activation of one not seen yet."""
    return sum(divinity_worth(tables, d) for d in range(tables.num_divinities)) / tables.num_divinities


def known_divinities(state: Any, player: int) -> frozenset[tuple[int, int]]:
    """The (space, divinity) pairs of the Pantheon ``player`` knows in ``state``: face up, or placed
    face down by them."""
    pantheon = state.pantheon
    return frozenset((space, divinity) for space, divinity in enumerate(pantheon.spaces) if divinity != EMPTY
                     and (pantheon.space_face_up[space] or pantheon.placed_by[space] == player))


def pantheon_value(state: Any, player: int, age: int, known: frozenset[tuple[int, int]] | None = None) -> float:
    """The Pantheon tokens and the divinities on the spaces, for ``player`` less the opponent: a
    divinity counts where it is ``known`` (the pairs of :func:`known_divinities` when the deciding
    player decided; None: ``player``'s in ``state``) or ``player`` placed it, so that the divinities
    a looked-ahead move turns face up (the start of Age II) count only as they did before it."""
    tables, pantheon = state.db.pantheon, state.pantheon
    known = known_divinities(state, player) if known is None else known
    value = 0.0
    for p, sign in ((player, 1.0), (1 - player, -1.0)):
        for token in pantheon.tokens[p]:
            mythology_token = tables.tokens[token].mythology >= 0
            value += sign * (MYTHOLOGY_TOKEN_VALUE if mythology_token else OFFERING_TOKEN_MEAN * COIN_VALUE[age])
    for space, divinity in enumerate(pantheon.spaces):
        if divinity == EMPTY or not ((space, divinity) in known or pantheon.placed_by[space] == player):
            continue
        worth = divinity_worth(tables, divinity)
        prices = [tables.space_prices[p][space] * tables.divinity_price_multiplier[divinity] for p in (0, 1)]
        mine, theirs = (max(worth - COIN_VALUE[age] * prices[p], 0.0) for p in (player, 1 - player))
        value += SPACE_WEIGHT * (mine - theirs)
    return value
