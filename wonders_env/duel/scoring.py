"""Civilian scoring of 7 Wonders Duel (the eight categories of the score pad) and the winner.

Categories, as in the game record (:mod:`.record`): ``civilian`` (blue cards),
``science`` (green cards), ``commercial`` (yellow cards), ``guilds`` (each Guild counts the
city with the most of what it counts, at the end), ``wonders``, ``progress`` (Agriculture,
Philosophy, Mathematics: 3 per token owned), ``treasury`` (1 per 3 coins) and ``military``
(2 / 5 / 10 for the player whose side the pawn is away from, by zone). The highest ``total``
wins; on a tie the most ``civilian`` (blue) points; still tied, a shared victory.

A Pantheon table scores a ninth category, ``divinities`` (Aphrodite's 9 VP, 1 VP per coin left on
Astarte, which are not treasury coins: README decision 7); its Grand Temples (5 / 12 / 21 VP for
1 / 2 / 3) count in ``guilds``, whose place they take, and Mysticism's 2 VP per mythology and
offering token owned in ``progress``.

An Agora table scores a ninth category, ``senate`` (after Pantheon's ``divinities`` when both are
used): the VP of the chambers each player controls at the end (1, 2, 3, 3, 2, 1).
"""

from __future__ import annotations

from .cards import BLUE, GREEN, NONE, PURPLE, YELLOW
from .state import MILITARY_POINTS, DuelState, colour_count

COINS_PER_POINT = 3


def built_wonders(state: DuelState, player: int) -> list[int]:
    return [w for w in state.player_wonders[player] if state.wonder_built[w]]


def military_points(pawn: int, player: int) -> int:
    """Points of ``player`` for the pawn at ``pawn`` (> 0: toward player 1's capital)."""
    lead = pawn if player == 0 else -pawn
    return MILITARY_POINTS[lead] if lead > 0 else 0


def guild_points(state: DuelState, player: int, card: int) -> int:
    db = state.db
    per_card, colours = db.card_guild_vp[card]
    points = per_card * max(colour_count(state, q, colours) for q in (0, 1))
    points += db.card_guild_vp_per_wonder[card] * max(len(built_wonders(state, q)) for q in (0, 1))
    points += db.card_guild_vp_per_3coins[card] * (max(state.coins) // COINS_PER_POINT)
    return points


def score_breakdown(state: DuelState, player: int) -> dict[str, int]:
    """The eight categories and ``total`` for ``player``, as they stand now."""
    db = state.db
    by_colour = {BLUE: 0, GREEN: 0, YELLOW: 0}
    guilds = 0
    for card in state.city[player]:
        colour = db.card_color[card]
        if colour in by_colour:
            by_colour[colour] += db.card_vp[card]
        elif colour == PURPLE:
            guilds += guild_points(state, player, card)
    tokens = [t for t in range(len(db.token_vp)) if state.player_tokens[player] >> t & 1]
    progress = sum(db.token_vp[t] + db.token_vp_per_token[t] * len(tokens) for t in tokens)
    pantheon = state.pantheon
    if pantheon is not None:
        temples = sum(1 for card in state.city[player] if db.card_temple[card] != NONE)
        guilds += db.pantheon.grand_temple_vp[min(temples, len(db.pantheon.grand_temple_vp) - 1)]
        if db.mysticism in tokens:
            progress += db.mysticism_vp * len(pantheon.tokens[player])
    result = {"civilian": by_colour[BLUE], "science": by_colour[GREEN],
              "commercial": by_colour[YELLOW], "guilds": guilds,
              "wonders": sum(db.wonder_vp[w] for w in built_wonders(state, player)),
              "progress": progress, "treasury": state.coins[player] // COINS_PER_POINT,
              "military": military_points(state.pawn, player)}
    if pantheon is not None:
        tables = db.pantheon
        result["divinities"] = sum(tables.divinity_vp[d] + tables.divinity_vp_per_astarte_coin[d]
                                   * pantheon.astarte[player] for d in pantheon.activated[player])
    if state.agora is not None:
        from .agora import senate_points  # that module builds on the rules, which build on this one
        result["senate"] = senate_points(db, state.agora, player)
    result["total"] = sum(result.values())
    return result


def winners(state: DuelState) -> tuple[int, ...]:
    """Winners by points (then blue points); both players on a shared victory."""
    scores = [score_breakdown(state, p) for p in (0, 1)]
    keys = [(s["total"], s["civilian"]) for s in scores]
    if keys[0] == keys[1]:
        return (0, 1)
    return (0,) if keys[0] > keys[1] else (1,)
