"""Ego-centric observation of 7 Wonders Duel: one flat float32 vector with named views.

Everything on the table, from the point of view of ``player`` ("my" = ``player``'s,
"opponent" = the other's), and nothing hidden: the cards of face-down slots (only their back:
Age I, II, III or Guild), the cards left in the box, the later Ages, the wonders not yet shown in
the draft and the set-aside progress tokens are never encoded. Values are 0/1 flags unless said.

The sizes below are the base game's; a game of another :class:`~.cards.DuelDatabase` has its
own counts of cards (73), wonders (12), progress tokens (10) and slots (20) in their place
(:func:`observation_layout`).

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

**Pantheon** (``expansions=("pantheon",)``): the base views come first, sized by the Pantheon
table (78 cards, 14 wonders, 13 progress tokens, 5 card backs: I, II, III, Guild, Grand Temple; the
``phase`` view has 9 phases, ``choose`` last), then these views (divinity ids: rows of
``data/pantheon_divinities.csv``, the Gate 15; mythologies in the order Mesopotamian, Phoenician,
Greek, Egyptian, Roman):

==============================  =========  ====================================================
view                            size       content
==============================  =========  ====================================================
``pantheon_spaces``             6 x 22     per Pantheon space (1-6: player 0's dearest first):
                                           16 divinity ids (face up, or face down and placed
                                           by me), 5 mythology backs (face down, placed by the
                                           opponent), ``empty``
``mythology_decks``             5          divinities left in each deck (counts; never their
                                           order)
``slot_tokens``                 20 x 6     per structure slot: the mythology (5) of the token
                                           on its card, or ``offering`` (face down: its value
                                           is hidden)
``my_pantheon_tokens``          8          my mythology tokens (counts per mythology), my
                                           offering tokens -2, -3, -4
``opponent_pantheon_tokens``    8
``my_divinities``               16         divinities I activated (the Gate included)
``opponent_divinities``         16
``astarte``                     2          coins on Astarte: mine, the opponent's (counts)
``minerva``                     19         one-hot: where the Minerva pawn stands (index 9 +
                                           its distance toward the opponent's capital)
``enki_tokens``                 13         the progress tokens on Enki
``choice``                      18         one-hot: the named set I choose from now
                                           (``pantheon.Choice``)
==============================  =========  ====================================================

**Agora** (``expansions=("agora",)``): the base views come first, sized by the Agora table (86
cards: the 13 Senators 73-85 after the base cards; 14 wonders, 12 progress tokens, 25 structure
slots, 6 card backs: I, II, III, Guild, Grand Temple (none), Senator; the ``phase`` view has 9
phases, ``choose`` last), then these views (chambers 1-6; conspiracy and decree ids: rows of
``data/agora_conspiracies.csv`` and ``agora_decrees.csv``). With both expansions (``("pantheon",
"agora")``, 91 cards, 16 wonders, 15 tokens) the Pantheon views come before these.

==============================  =========  ====================================================
view                            size       content
==============================  =========  ====================================================
``senate_cubes``                6 x 2      per chamber: my cubes, the opponent's (counts)
``chamber_decrees``             6 x 17     per chamber: its face-up decrees (16 ids), and the
                                           count of its face-down ones (their ids are hidden)
``conspiracy_deck``             1          conspiracies left in the deck (count; never the order)
``my_conspiracies``             16         the conspiracies I hold unprepared
``my_prepared``                 16         the conspiracies I hold prepared
``opponent_conspiracies``       2          the opponent's held conspiracies, unprepared and
                                           prepared (counts: never which)
``my_triggered``                16         the conspiracies I triggered (face up, used)
``opponent_triggered``          16
``drawn_conspiracies``          16         the conspiracies I drew and choose among now (to the
                                           drawer only)
``locked_tokens``               12         progress tokens locked by Obscurantism (one set aside:
                                           to its locker only)
``agora_choice``                23         one-hot: Agora's named set I choose from now
                                           (``state.Choice`` from ``SENATE_ACTION``)
``may_trigger``                 1          1 while I may trigger a prepared conspiracy
``senate_actions_left``         1          my Senate actions waiting after this one (count)
==============================  =========  ====================================================
"""

from __future__ import annotations

from functools import cache
from itertools import accumulate

import numpy as np

from .cards import BASE, DuelDatabase
from .cards import NONE
from .state import AGORA_CHOICES, EMPTY, LOOTING_TOKENS, PANTHEON_CHOICES, Choice, DuelState, Phase, num_phases


class ObservationLayout:
    """Where each view of the observation lies for one :class:`DuelDatabase` (its sizes come
    from the database's counts of cards, wonders, tokens and structure slots)."""

    def __init__(self, db: DuelDatabase) -> None:
        self.db = db
        cards, wonders, tokens, slots = db.num_cards, db.num_wonders, db.num_tokens, db.num_slots
        backs = db.num_decks  # the card backs: I, II, III, Guild (and Pantheon's Grand Temple)
        self.slot_size = cards + backs + 2
        self.slot_back, self.slot_accessible, self.slot_empty = cards, cards + backs, cards + backs + 1
        self.view_sizes = (
            ("phase", num_phases(db)), ("age", 3), ("my_decision", 1), ("structure", slots * self.slot_size),
            ("my_city", cards), ("opponent_city", cards), ("discard", cards), ("coins", 2),
            ("my_wonders", wonders), ("my_built_wonders", wonders),
            ("opponent_wonders", wonders), ("opponent_built_wonders", wonders),
            ("draft_table", wonders), ("board_tokens", tokens), ("my_tokens", tokens),
            ("opponent_tokens", tokens), ("library_draw", tokens), ("pawn", 19), ("looting", 4),
            ("my_science", 7), ("opponent_science", 7),
        )
        if db.pantheon:
            tables = db.pantheon
            self.space_size = tables.num_divinities + len(tables.decks) + 1
            self.view_sizes += (
                ("pantheon_spaces", tables.num_spaces * self.space_size), ("mythology_decks", len(tables.decks)),
                ("slot_tokens", slots * PANTHEON_SLOT_SIZE),
                ("my_pantheon_tokens", len(tables.decks) + len(tables.offering_tokens)),
                ("opponent_pantheon_tokens", len(tables.decks) + len(tables.offering_tokens)),
                ("my_divinities", tables.num_divinities), ("opponent_divinities", tables.num_divinities),
                ("astarte", 2), ("minerva", 19), ("enki_tokens", tokens), ("choice", len(PANTHEON_CHOICES)),
            )
        if db.agora:
            agora = db.agora
            chambers, conspiracies = agora.num_chambers, agora.num_conspiracies
            self.decree_size = agora.num_decrees + 1
            self.view_sizes += (
                ("senate_cubes", chambers * 2), ("chamber_decrees", chambers * self.decree_size),
                ("conspiracy_deck", 1), ("my_conspiracies", conspiracies), ("my_prepared", conspiracies),
                ("opponent_conspiracies", 2), ("my_triggered", conspiracies), ("opponent_triggered", conspiracies),
                ("drawn_conspiracies", conspiracies), ("locked_tokens", tokens), ("agora_choice", len(AGORA_CHOICES)),
                ("may_trigger", 1), ("senate_actions_left", 1),
            )
        sizes = self.view_sizes
        offsets = self.offsets = dict(zip((name for name, _ in sizes),
                                          accumulate((size for _, size in sizes), initial=0)))
        self.size = sum(size for _, size in sizes)
        self.slices = {name: slice(offsets[name], offsets[name] + size) for name, size in sizes}
        self.structure_shape = (slots, self.slot_size)
        # the offsets encode_observation reads, looked up once
        self.phase, self.age, self.deciding = offsets["phase"], offsets["age"], offsets["my_decision"]
        self.discard, self.coins, self.draft = offsets["discard"], offsets["coins"], offsets["draft_table"]
        self.city = (self.slices["my_city"], self.slices["opponent_city"])
        self.wonders = ((offsets["my_wonders"], offsets["my_built_wonders"]),
                        (offsets["opponent_wonders"], offsets["opponent_built_wonders"]))
        self.tokens = (offsets["my_tokens"], offsets["opponent_tokens"])
        self.board, self.library = offsets["board_tokens"], offsets["library_draw"]
        self.pawn_middle = offsets["pawn"] + 9
        self.science = (offsets["my_science"], offsets["opponent_science"])
        # looting view index of each LOOTING_TOKENS entry, seen by player 0 and by player 1
        self.looting = tuple(tuple(offsets["looting"] + (0 if victim == me else 2) + (0 if coins == 2 else 1)
                                   for victim, _, coins in LOOTING_TOKENS) for me in (0, 1))
        self.slot_bases = tuple(offsets["structure"] + s * self.slot_size for s in range(slots))
        self.bits = tuple(tuple(i for i in range(tokens) if mask >> i & 1) for mask in range(1 << tokens))


#: per structure slot of a Pantheon table: the 5 mythologies, then a face-down offering token
PANTHEON_SLOT_SIZE = 6


@cache
def observation_layout(db: DuelDatabase) -> ObservationLayout:
    """The observation layout of ``db``, built once per database."""
    return ObservationLayout(db)


# Public API: the base game's layout (the compiled core, the env spaces of the base game, the
# agents and the documentation use these names). The engine reads ``observation_layout(state.db)``.
BASE_LAYOUT = observation_layout(BASE)
SLOT_SIZE, SLOT_BACK = BASE_LAYOUT.slot_size, BASE_LAYOUT.slot_back
SLOT_ACCESSIBLE, SLOT_EMPTY = BASE_LAYOUT.slot_accessible, BASE_LAYOUT.slot_empty
VIEW_SIZES, OFFSETS, SLICES = BASE_LAYOUT.view_sizes, BASE_LAYOUT.offsets, BASE_LAYOUT.slices
OBSERVATION_SIZE = BASE_LAYOUT.size


def encode_observation(state: DuelState, player: int) -> np.ndarray:
    """The observation vector of ``player`` (0 or 1), laid out for the game's database."""
    layout = observation_layout(state.db)
    opponent = 1 - player
    ones = [layout.phase + state.phase]
    if state.age:
        ones.append(layout.age + state.age - 1)
    if state.current == player:
        ones.append(layout.deciding)
    face_up, cover_count, card_deck = state.face_up, state.cover_count, state.db.card_deck
    slot_bases, slot_empty, slot_accessible, slot_back = (layout.slot_bases, layout.slot_empty,
                                                          layout.slot_accessible, layout.slot_back)
    for s, card in enumerate(state.slot_card):
        base = slot_bases[s]
        if card == EMPTY:
            ones.append(base + slot_empty)
        elif face_up[s]:
            ones.append(base + card)
            if not cover_count[s]:
                ones.append(base + slot_accessible)
        else:
            ones.append(base + slot_back + card_deck[card])
    discard, draft = layout.discard, layout.draft
    ones += [discard + c for c in state.discard]
    ones += [draft + w for w in state.draft_offer]
    built, boxed = state.wonder_built, state.boxed_wonder
    for who, (unbuilt_at, built_at) in zip((player, opponent), layout.wonders):
        ones += [(built_at if built[w] else unbuilt_at) + w for w in state.player_wonders[who] if w != boxed]
    bits, board, (mine, theirs) = layout.bits, layout.board, layout.tokens
    ones += [board + t for t in bits[state.board_tokens]]
    ones += [mine + t for t in bits[state.player_tokens[player]]]
    ones += [theirs + t for t in bits[state.player_tokens[opponent]]]
    if state.current == player:  # only the Great Library's owner sees the drawn tokens
        library = layout.library
        ones += [library + t for t in state.library_offer]
    ones.append(layout.pawn_middle + (state.pawn if player == 0 else -state.pawn))
    ones += [index for index, present in zip(layout.looting[player], state.looting) if present]
    twos = []
    for who, at in zip((player, opponent), layout.science):
        for symbol, count in enumerate(state.science[who]):
            if count:
                (ones if count == 1 else twos).append(at + symbol)
    obs = np.zeros(layout.size, np.float32)
    obs[np.fromiter(ones, np.intp, len(ones))] = 1.0
    if twos:
        obs[twos] = 2.0
    owned, city, coins = state.owned, layout.city, layout.coins
    obs[city[0]] = owned[player]
    obs[city[1]] = owned[opponent]
    obs[coins] = state.coins[player]
    obs[coins + 1] = state.coins[opponent]
    if state.pantheon is not None:
        _encode_pantheon(state, player, layout, obs)
    if state.agora is not None:
        _encode_agora(state, player, layout, obs)
    return obs


def _encode_pantheon(state: DuelState, player: int, layout: ObservationLayout, obs: np.ndarray) -> None:
    """The Pantheon views of ``player``'s observation (see the module's table)."""
    tables, pantheon = state.db.pantheon, state.pantheon
    offsets, opponent = layout.offsets, 1 - player
    for space, divinity in enumerate(pantheon.spaces):
        base = offsets["pantheon_spaces"] + space * layout.space_size
        if divinity == EMPTY:
            obs[base + layout.space_size - 1] = 1
        elif pantheon.space_face_up[space] or pantheon.placed_by[space] == player:
            obs[base + divinity] = 1
        else:
            obs[base + tables.num_divinities + tables.divinities[divinity].mythology] = 1
    for mythology, deck in enumerate(pantheon.decks):
        obs[offsets["mythology_decks"] + mythology] = len(deck)
    for slot, token in enumerate(pantheon.slot_tokens):
        if token != EMPTY:
            mythology = tables.tokens[token].mythology
            obs[offsets["slot_tokens"] + slot * PANTHEON_SLOT_SIZE + (mythology if mythology >= 0 else 5)] = 1
    for who, name in ((player, "my_pantheon_tokens"), (opponent, "opponent_pantheon_tokens")):
        for token in pantheon.tokens[who]:
            mythology = tables.tokens[token].mythology
            index = mythology if mythology >= 0 else len(tables.decks) + tables.offering_tokens.index(token)
            obs[offsets[name] + index] += 1
    for who, name in ((player, "my_divinities"), (opponent, "opponent_divinities")):
        obs[[offsets[name] + d for d in pantheon.activated[who]]] = 1
    obs[offsets["astarte"]] = pantheon.astarte[player]
    obs[offsets["astarte"] + 1] = pantheon.astarte[opponent]
    if pantheon.minerva is not None:
        obs[offsets["minerva"] + 9 + (pantheon.minerva if player == 0 else -pantheon.minerva)] = 1
    obs[[offsets["enki_tokens"] + t for t in pantheon.enki_tokens]] = 1
    if state.phase == Phase.CHOOSE and state.current == player and pantheon.choice != NONE:
        obs[offsets["choice"] + pantheon.choice] = 1


def _encode_agora(state: DuelState, player: int, layout: ObservationLayout, obs: np.ndarray) -> None:
    """The Agora views of ``player``'s observation (see the module's table)."""
    senate, offsets, opponent = state.agora, layout.offsets, 1 - player
    for chamber in range(len(senate.decrees)):
        obs[offsets["senate_cubes"] + 2 * chamber] = senate.cubes[player][chamber]
        obs[offsets["senate_cubes"] + 2 * chamber + 1] = senate.cubes[opponent][chamber]
        base = offsets["chamber_decrees"] + chamber * layout.decree_size
        if senate.decree_face_up[chamber]:
            obs[[base + decree for decree in senate.decrees[chamber]]] = 1
        else:
            obs[base + layout.decree_size - 1] = len(senate.decrees[chamber])
    obs[offsets["conspiracy_deck"]] = len(senate.conspiracy_deck)
    for conspiracy, card in zip(senate.conspiracies[player], senate.prepared[player]):
        obs[offsets["my_conspiracies" if card == EMPTY else "my_prepared"] + conspiracy] = 1
    prepared = sum(card != EMPTY for card in senate.prepared[opponent])
    obs[offsets["opponent_conspiracies"]] = len(senate.prepared[opponent]) - prepared
    obs[offsets["opponent_conspiracies"] + 1] = prepared
    obs[[offsets["my_triggered"] + c for c in senate.triggered[player]]] = 1
    obs[[offsets["opponent_triggered"] + c for c in senate.triggered[opponent]]] = 1
    obs[[offsets["locked_tokens"] + token for token, locker, public in senate.locked if public or locker == player]] = 1
    if state.current == player:
        if senate.choice in (Choice.KEEP_CONSPIRACY, Choice.PUT_BACK):
            obs[[offsets["drawn_conspiracies"] + c for c in senate.drawn]] = 1
        if senate.choice != NONE:
            obs[offsets["agora_choice"] + senate.choice - Choice.SENATE_ACTION] = 1
        obs[offsets["may_trigger"]] = state.phase == Phase.PLAY and senate.may_trigger
        obs[offsets["senate_actions_left"]] = sum(1 for step in senate.steps
                                                 if step[:2] == (player, Choice.SENATE_ACTION))


def observation_views(obs: np.ndarray, db: DuelDatabase = BASE) -> dict[str, np.ndarray]:
    """Named views into an observation of a game of ``db`` (base game: ``structure`` shaped
    ``(20, 79)``)."""
    layout = observation_layout(db)
    views = {name: obs[layout.slices[name]] for name, _ in layout.view_sizes}
    views["structure"] = views["structure"].reshape(layout.structure_shape)
    return views
