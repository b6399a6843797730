"""The Duel heuristic's valuation of the expansion tables: each move by the position it leads to.

The base game's valuation is the core's (:mod:`.duel_heuristic`), which knows the base tables only;
on a table with Pantheon, Agora or both every move is valued here, in Python, on either engine's
state through the engine's own ``clone`` and ``apply_actions``: a move is worth the
:func:`position_value` of the position after it, for the player who moves. Where the move opens a
decision of the same player (a science pair's progress token, a wonder's card destroyed or built
from the discard, a divinity's power, a Politician's Senate actions, a conspiracy's choices, the
placement after a drawn token), the move is worth its best continuation, at most :data:`LOOKAHEAD`
decisions deep, except where the decision opened shows what the move draws unseen: divinities
(:data:`.pantheon_valuation.UNSEEN_DRAWS`), Enki's tokens, a decree the player has not seen
(:func:`.agora_valuation.shows_unseen`) or the Great Library's tokens (:data:`LIBRARY_DRAW_VALUE`);
a move that plays again is worth its position and ``PLAY_AGAIN_VALUE`` (its next move may take a
card the move turned face up). The divinities a move turns face up (the start of Age II)
count as the player knew them when deciding (:func:`.pantheon_valuation.known_divinities`). A move
of the turn loses ``DENIAL_WEIGHT`` of the opponent's best reply, as in the base valuation: what the
card taken leaves them and what it uncovers.

The position counts, for the player less the opponent, the base valuation's terms, each by the
constants of :mod:`.duel_heuristic` (the core's for the base game), as what a city holds rather
than what a move adds: the score as it stands less the treasury's points (divinities, Astarte, Grand
Temples, the Senate's chambers included), the coins (:func:`treasury_value`), production
(:func:`production_value`), the distinct science symbols (:func:`science_value`), the chain symbols
(:func:`chains_value`), the progress tokens' effects beyond their points (:func:`token_effects_value`)
and the pawn; and each expansion's part: the Pantheon's (:func:`.pantheon_valuation.pantheon_value`)
and Agora's (:func:`.agora_valuation.agora_value`), each reading only what the player may know (the
pawn and its military points without the pull of a shield decree the player has not seen:
:func:`.agora_valuation.unseen_pull`; a military token or supremacy that pull reached is still read).

Why the valuation once sold about twice the cards the base heuristic sells (issue 44): it counted
each coin twice, at ``COIN_VALUE`` and again in the score's treasury points (1 VP per 3 coins), so
selling a card (2 coins or more, which nearly always crosses a multiple of 3) gained a point that
building, which pays coins, lost; and a city's worth beyond its points was coins, raw production and
symbols only, so a card built for a chain, a trading post, a science pair or a wonder that plays again
was worth no more than the coins of selling it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from wonders_env.duel.actions import ActionKind, action_table
from wonders_env.duel.scoring import military_points
from wonders_env.duel.state import EMPTY, Choice, Phase, choosing

from .agora_valuation import Sight, agora_value, shows_unseen, unseen_pull
from .duel_heuristic import (CHAIN_VALUE, CHOICE_VALUE, COIN_VALUE, DEMAND, DENIAL_WEIGHT, FACE_DOWN_VALUE,
                             FIXED_PRICE_VALUE, NEW_SYMBOL_VALUE, PLAY_AGAIN_VALUE, POOR, POOR_PENALTY,
                             RAISE_PRICE_VALUE, RESOURCE_UNIT_VALUE, SHIELD_VALUE, TOKEN_SPECIAL_VALUE, WIN)
from .pantheon_valuation import FREE_ACTIVATION, UNSEEN_DRAWS, known_divinities, mean_worth, pantheon_value

LOOKAHEAD = 3  # decisions of the same player followed after a move
Known = frozenset[tuple[int, int]]  # the Pantheon's (space, divinity) pairs the deciding player knew
#: the phases whose decision, the same player's, the move that opens it is followed into (each shows
#: only what the player sees: the board's tokens, the opponent's city, the discard, an expansion's choice)
FOLLOWED = (Phase.CHOOSE, Phase.PROGRESS, Phase.DESTROY, Phase.MAUSOLEUM)
#: the core's (``core/duel/heuristic.cpp``) constants of its science and library terms, which
#: :mod:`.duel_heuristic` does not pass: a symbol held adds this share of a new symbol's value to
#: the next; the fifth distinct symbol's bonus; the Great Library's three tokens drawn unseen
SYMBOL_GROWTH, FIFTH_SYMBOL_VALUE, LIBRARY_DRAW_VALUE = 0.4, 6.0, 3.0


def position_value(game: Any, state: Any, player: int, sight: Sight | None = None,
                   known: Known | None = None) -> float:
    """What ``state`` is worth to ``player`` less what it is worth to the opponent (VP-equivalents);
    on an Agora table by what the deciding player saw (``sight``), on a Pantheon table by the
    divinities they knew (``known``: :func:`.pantheon_valuation.known_divinities`); None: what
    ``player`` sees in ``state``."""
    if game.is_over(state):
        winners = game.winners(state)
        if len(winners) == 2:
            return 0.0
        return WIN if player in winners else -WIN
    age = max(state.age, 1) - 1
    value, pawn = 0.0, state.pawn
    if state.db.pantheon is not None:
        value += pantheon_value(state, player, age, known)
    if state.db.agora is not None:
        sight = sight or Sight.of(state, player)
        value += agora_value(state, player, age, sight)
        pawn -= unseen_pull(state, sight)
    values = [_player_value(state, p, age, pawn) for p in (0, 1)]
    return value + values[player] - values[1 - player] + SHIELD_VALUE * (pawn if player == 0 else -pawn)


def _player_value(state: Any, p: int, age: int, pawn: int) -> float:
    """``p``'s score (its military points by ``pawn``, its coins by :func:`treasury_value`, not by
    the treasury's points) and the worth of its city beyond its points."""
    score = state.score_breakdown(p)
    points = score["total"] - score["military"] - score["treasury"] + military_points(pawn, p)
    return (points + treasury_value(state.coins[p], age) + production_value(state, p, age)
            + science_value(state, p, age) + chains_value(state, p, age) + token_effects_value(state, p, age))


def treasury_value(coins: int, age: int) -> float:
    """``coins`` at ``COIN_VALUE`` (which counts their points at the end too), less ``POOR_PENALTY``
    per coin below ``POOR`` in Ages I-II: a poor city can build nothing but its free cards."""
    short = max(0, POOR - coins) if age < 2 else 0
    return COIN_VALUE[age] * coins - POOR_PENALTY * short


def production_value(state: Any, p: int, age: int) -> float:
    """``p``'s production: each unit at ``RESOURCE_UNIT_VALUE`` up to the most the cards still to
    come cost (``DEMAND``), and at ``RAISE_PRICE_VALUE`` where the opponent produces none (it raises
    their price); each unit of choice at ``CHOICE_VALUE``; each resource at a fixed price of 1 at
    half ``FIXED_PRICE_VALUE`` (a trading post's two)."""
    demand, theirs = DEMAND[age], state.production[1 - p]
    value = sum(RESOURCE_UNIT_VALUE[age] * min(units, demand[r]) + RAISE_PRICE_VALUE[age] * units * (theirs[r] == 0)
                for r, units in enumerate(state.production[p]))
    value += CHOICE_VALUE[age] * (state.raw_choices[p] + state.manufactured_choices[p])
    return value + FIXED_PRICE_VALUE[age] * state.fixed_price_bits[p].bit_count() / 2


def science_value(state: Any, p: int, age: int) -> float:
    """``p``'s distinct science symbols: the k-th (from 0) at ``NEW_SYMBOL_VALUE`` x (1 + ``SYMBOL_GROWTH``
    x k), the fifth ``FIFTH_SYMBOL_VALUE`` more (the sixth wins, which the position reads)."""
    held = sum(1 for count in state.science[p] if count)
    growth = held + SYMBOL_GROWTH * held * (held - 1) / 2
    return NEW_SYMBOL_VALUE[age] * growth + (FIFTH_SYMBOL_VALUE if held >= 5 else 0.0)


def chains_value(state: Any, p: int, age: int) -> float:
    """``p``'s chain symbols, each ``CHAIN_VALUE`` (a later card built free)."""
    return CHAIN_VALUE[age] * state.chains[p].bit_count()


def token_effects_value(state: Any, p: int, age: int) -> float:
    """``p``'s progress tokens' effects beyond their points and coins (``TOKEN_SPECIAL_VALUE``, half
    in Age III, as the base valuation counts a token taken)."""
    tokens, held = state.db.progress_tokens, state.player_tokens[p]
    worth = sum(TOKEN_SPECIAL_VALUE.get(effect.kind, 0.0) for t in range(state.db.num_tokens) if held >> t & 1
                for effect in tokens[t].effects)
    return worth * (1.0 if age < 2 else 0.5)


def action_values(game: Any, state: Any, player: int, legal: Sequence[int]) -> np.ndarray:
    """The value of each legal action of ``player`` (who decides now) on an expansion table.

    A move of the turn loses ``DENIAL_WEIGHT`` of the opponent's best reply (:class:`_Replies`), as in
    the base valuation. A conspiracy triggered at the start of the turn is followed by the turn's
    play: it is worth what it and its choices change in the position, plus the best of the other
    moves now (which play, and lose the reply)."""
    sight = Sight.of(state, player) if state.db.agora is not None else None
    known = known_divinities(state, player) if state.db.pantheon is not None else None
    afters = [_after(game, state, player, action) for action in legal]
    values = np.array([_value_after(game, state, after, player, LOOKAHEAD, sight, known) for after in afters])
    if state.phase != Phase.PLAY:
        return values
    decode = action_table(state.db).decode
    triggers = np.array([decode(action)[0] is ActionKind.TRIGGER for action in legal])
    replies = _Replies(game, state, player, afters, sight, known)
    values[~triggers] -= DENIAL_WEIGHT * np.array([replies.best(a) for a, t in zip(afters, triggers) if not t])
    if triggers.any() and not triggers.all():
        now = position_value(game, state, player, sight, known)
        values[triggers] += values[~triggers].max() - now
    return values


class _Replies:
    """The opponent's best reply to each move of ``player`` in ``state`` (``afters``: the positions
    after them), when the turn is theirs: the most a card of the structure then gives them (built,
    sold, or under a wonder: the gain of their position, read by what ``player`` saw and knew), a
    card the move turned face up ``FACE_DOWN_VALUE``, never its face.

    Each reply is valued once, in the first of ``afters`` where the opponent plays next and may make
    it (the base valuation values them before the move: a move changes them little), except the last
    card of an Age, whose reply deals the next (and turns the divinities face up); a move that opens
    a decision of ``player`` first (a token to place, Senate actions) loses the replies to what it
    leaves in the structure, a card only it uncovers counting by its sale or a wonder."""

    def __init__(self, game: Any, state: Any, player: int, afters: Sequence[Any], sight: Sight | None,
                 known: Known | None) -> None:
        self.game, self.age, self.opponent = game, state.age, 1 - player
        self.unseen = {card for card, up in zip(state.slot_card, state.face_up) if card != EMPTY and not up}
        self.builds: dict[int, float] = {}  # by card
        self.others: dict[tuple[ActionKind, int], float] = {}  # a sale, a wonder (by wonder): of the first card
        decode, q = action_table(state.db).decode, self.opponent
        for after in afters:
            if not self._in_play(after) or after.phase != Phase.PLAY or after.current != q:
                continue
            now = None
            for action in game.legal_actions(after, q):
                kind, card, wonder = decode(action)
                if kind is ActionKind.BUILD and card not in self.unseen and card not in self.builds:
                    table, key = self.builds, card
                elif kind in (ActionKind.SELL, ActionKind.WONDER) and (kind, wonder) not in self.others:
                    table, key = self.others, (kind, wonder)
                else:
                    continue
                reply = _after(game, after, q, action)
                if reply.age != self.age and not game.is_over(reply):  # the Age's last card: the next is dealt
                    continue
                now = position_value(game, after, q, sight, known) if now is None else now
                table[key] = position_value(game, reply, q, sight, known) - now

    def _in_play(self, after: Any) -> bool:
        """Whether the structure of ``after`` is still the Age's, in play."""
        return not self.game.is_over(after) and after.age == self.age

    def best(self, after: Any) -> float:
        """The opponent's best reply after the move to ``after`` (0 where the Age ended or the mover
        plays again)."""
        if not self._in_play(after) or after.phase == Phase.PLAY and after.current != self.opponent:
            return 0.0
        gains = list(self.others.values())
        for slot in after.accessible_slots():
            card = after.slot_card[slot]
            gains.append(FACE_DOWN_VALUE if card in self.unseen else self.builds.get(card, 0.0))
        return max(max(gains, default=0.0), 0.0)


def _after(game: Any, state: Any, player: int, action: int) -> Any:
    """The state after ``player``'s ``action`` in ``state`` (a copy)."""
    after = game.clone(state)
    game.apply_actions(after, {player: action})
    return after


def _value_after(game: Any, state: Any, after: Any, player: int, depth: int, sight: Sight | None,
                 known: Known | None) -> float:
    """The value of the move of ``player`` from ``state`` to ``after``: the position, or its best
    continuation by the same player (at most ``depth`` decisions deep)."""
    beyond = _worth_beyond(game, state, after, player, sight)
    if beyond is None and depth > 1:
        return max(_value_after(game, after, _after(game, after, player, follow), player, depth - 1, sight, known)
                   for follow in game.legal_actions(after, player))
    return position_value(game, after, player, sight, known) + (beyond or 0.0)


def _worth_beyond(game: Any, state: Any, after: Any, player: int, sight: Sight | None) -> float | None:
    """None where the move of ``player`` from ``state`` to ``after`` is followed into their next
    decision (:data:`FOLLOWED`); else what it is worth beyond the position ``after``: a play again
    ``PLAY_AGAIN_VALUE`` (its next move may take a card the move turned face up), the Great Library's
    draw :data:`LIBRARY_DRAW_VALUE`, divinities drawn unseen to activate one free their mean worth,
    and nothing for a decision that shows what the move drew unseen (a decree, divinities, Enki's
    tokens) or another player's."""
    if game.is_over(after) or after.current != player:
        return 0.0
    if after.phase == Phase.LIBRARY:
        return LIBRARY_DRAW_VALUE
    if _plays_again(state, after):
        return PLAY_AGAIN_VALUE
    if after.phase not in FOLLOWED or sight is not None and shows_unseen(after, sight):
        return 0.0
    if after.phase == Phase.CHOOSE:
        choice = choosing(after)
        if choice in UNSEEN_DRAWS:
            return mean_worth(state.db.pantheon) if choice in FREE_ACTIVATION else 0.0
        if choice == Choice.ENKI_TOKEN and not state.pantheon.enki_tokens:  # the move drew them
            return 0.0
    return None


def _plays_again(state: Any, after: Any) -> bool:
    """Whether ``after`` (the deciding player's) begins another turn of theirs in ``state``'s Age:
    a wonder, Theology or a decree that plays again, not the play of the turn that a triggered
    conspiracy began (with Agora a turn begins with ``may_trigger``)."""
    return (after.phase == Phase.PLAY and after.age == state.age
            and (state.db.agora is None or after.agora.may_trigger))
