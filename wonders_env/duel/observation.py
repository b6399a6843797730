"""Ego-centric observation of 7 Wonders Duel: one flat float32 vector with named views.

Everything on the table, from the point of view of ``player`` ("my" = ``player``'s,
"opponent" = the other's), and nothing hidden: the cards of face-down slots (only their back:
Age I, II, III or Guild), the cards left in the box, the later Ages, the wonders not yet shown in
the draft and the set-aside progress tokens are never encoded. Values are 0/1 flags unless said.

=========================  =========  =========================================================
view                       size       content
=========================  =========  =========================================================
``phase``                  8          one-hot: draft, play, progress, destroy, mausoleum,
                                      library, starter, game_over (see ``state.Phase``)
``age``                    3          one-hot Age I-III (all 0 during the draft)
``my_decision``            1          1 when ``player`` decides now
``structure``              20 x 79    per slot (``duel_layouts.md`` numbering): 73 card ids
                                      (face up), 4 card backs I / II / III / Guild (face down),
                                      ``accessible``, ``empty``
``my_city``                73         cards I built
``opponent_city``          73
``discard``                73         the discard pile (sold and destroyed cards)
``coins``                  2          my coins, the opponent's (counts)
``my_wonders``             12         wonder ids I drafted and have not built
``my_built_wonders``       12
``opponent_wonders``       12
``opponent_built_wonders`` 12
``draft_table``            12         wonders on the draft table
``board_tokens``           10         progress tokens on the board
``my_tokens``              10
``opponent_tokens``        10
``library_draw``           10         the 3 tokens the Great Library drew (to its owner, while
                                      choosing)
``pawn``                   19         one-hot: index 9 + the pawn's distance toward the
                                      opponent's capital (18: at the opponent's capital)
``looting``                4          still on the track: my -2 coins, my -5 coins, the
                                      opponent's -2, the opponent's -5 tokens
``my_science``             7          symbol counts: globe, scales (Law), sundial, mortar,
                                      pendulum, quill, wheel
``opponent_science``       7
=========================  =========  =========================================================

A wonder returned to the box by the 7-wonder limit is in none of the wonder views.
"""

from __future__ import annotations

from itertools import accumulate

import numpy as np

from .cards import CARD_DECK, NUM_CARDS, NUM_SLOTS, NUM_TOKENS, NUM_WONDERS
from .state import EMPTY, LOOTING_TOKENS, DuelState, Phase

SLOT_SIZE = NUM_CARDS + 4 + 2
SLOT_BACK, SLOT_ACCESSIBLE, SLOT_EMPTY = NUM_CARDS, NUM_CARDS + 4, NUM_CARDS + 5
VIEW_SIZES = (
    ("phase", len(Phase)), ("age", 3), ("my_decision", 1), ("structure", NUM_SLOTS * SLOT_SIZE),
    ("my_city", NUM_CARDS), ("opponent_city", NUM_CARDS), ("discard", NUM_CARDS), ("coins", 2),
    ("my_wonders", NUM_WONDERS), ("my_built_wonders", NUM_WONDERS),
    ("opponent_wonders", NUM_WONDERS), ("opponent_built_wonders", NUM_WONDERS),
    ("draft_table", NUM_WONDERS), ("board_tokens", NUM_TOKENS), ("my_tokens", NUM_TOKENS),
    ("opponent_tokens", NUM_TOKENS), ("library_draw", NUM_TOKENS), ("pawn", 19), ("looting", 4),
    ("my_science", 7), ("opponent_science", 7),
)
OFFSETS = dict(zip((name for name, _ in VIEW_SIZES), accumulate((size for _, size in VIEW_SIZES), initial=0)))
OBSERVATION_SIZE = sum(size for _, size in VIEW_SIZES)
SLICES = {name: slice(OFFSETS[name], OFFSETS[name] + size) for name, size in VIEW_SIZES}

_PHASE, _AGE, _DECIDING, _STRUCTURE = OFFSETS["phase"], OFFSETS["age"], OFFSETS["my_decision"], OFFSETS["structure"]
_DISCARD, _COINS, _DRAFT = OFFSETS["discard"], OFFSETS["coins"], OFFSETS["draft_table"]
_CITY = (SLICES["my_city"], SLICES["opponent_city"])
_WONDERS = ((OFFSETS["my_wonders"], OFFSETS["my_built_wonders"]),
            (OFFSETS["opponent_wonders"], OFFSETS["opponent_built_wonders"]))
_TOKENS = (OFFSETS["my_tokens"], OFFSETS["opponent_tokens"])
_BOARD, _LIBRARY, _PAWN_MIDDLE = OFFSETS["board_tokens"], OFFSETS["library_draw"], OFFSETS["pawn"] + 9
_SCIENCE = (OFFSETS["my_science"], OFFSETS["opponent_science"])
# looting view index of each LOOTING_TOKENS entry, seen by player 0 and by player 1
_LOOTING = tuple(tuple(OFFSETS["looting"] + (0 if victim == me else 2) + (0 if coins == 2 else 1)
                       for victim, _, coins in LOOTING_TOKENS) for me in (0, 1))
_SLOT_BASES = tuple(_STRUCTURE + s * SLOT_SIZE for s in range(NUM_SLOTS))
_BITS = tuple(tuple(i for i in range(NUM_TOKENS) if mask >> i & 1) for mask in range(1 << NUM_TOKENS))


def encode_observation(state: DuelState, player: int) -> np.ndarray:
    """The observation vector of ``player`` (0 or 1)."""
    opponent = 1 - player
    ones = [_PHASE + state.phase]
    if state.age:
        ones.append(_AGE + state.age - 1)
    if state.current == player:
        ones.append(_DECIDING)
    face_up, cover_count = state.face_up, state.cover_count
    for s, card in enumerate(state.slot_card):
        base = _SLOT_BASES[s]
        if card == EMPTY:
            ones.append(base + SLOT_EMPTY)
        elif face_up[s]:
            ones.append(base + card)
            if not cover_count[s]:
                ones.append(base + SLOT_ACCESSIBLE)
        else:
            ones.append(base + SLOT_BACK + CARD_DECK[card])
    ones += [_DISCARD + c for c in state.discard]
    ones += [_DRAFT + w for w in state.draft_offer]
    built, boxed = state.wonder_built, state.boxed_wonder
    for who, (unbuilt_at, built_at) in zip((player, opponent), _WONDERS):
        ones += [(built_at if built[w] else unbuilt_at) + w for w in state.player_wonders[who] if w != boxed]
    ones += [_BOARD + t for t in _BITS[state.board_tokens]]
    ones += [_TOKENS[0] + t for t in _BITS[state.player_tokens[player]]]
    ones += [_TOKENS[1] + t for t in _BITS[state.player_tokens[opponent]]]
    if state.current == player:  # only the Great Library's owner sees the drawn tokens
        ones += [_LIBRARY + t for t in state.library_offer]
    ones.append(_PAWN_MIDDLE + (state.pawn if player == 0 else -state.pawn))
    ones += [index for index, present in zip(_LOOTING[player], state.looting) if present]
    twos = []
    for who, at in zip((player, opponent), _SCIENCE):
        for symbol, count in enumerate(state.science[who]):
            if count:
                (ones if count == 1 else twos).append(at + symbol)
    obs = np.zeros(OBSERVATION_SIZE, np.float32)
    obs[np.fromiter(ones, np.intp, len(ones))] = 1.0
    if twos:
        obs[twos] = 2.0
    owned = state.owned
    obs[_CITY[0]] = owned[player]
    obs[_CITY[1]] = owned[opponent]
    obs[_COINS] = state.coins[player]
    obs[_COINS + 1] = state.coins[opponent]
    return obs


def observation_views(obs: np.ndarray) -> dict[str, np.ndarray]:
    """Named views into an observation (``structure`` shaped ``(20, 79)``)."""
    views = {name: obs[SLICES[name]] for name, _ in VIEW_SIZES}
    views["structure"] = views["structure"].reshape(NUM_SLOTS, SLOT_SIZE)
    return views
