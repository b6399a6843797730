"""The explicit, copyable state of a 7 Wonders Duel game and its setup.

Players are 0 (``player_0``, the first player of the wonder draft, who starts Age I) and 1. The
conflict pawn stands in ``[-9, 9]``; positive values are toward player 1's capital (player 0
leads), as in the game record (:mod:`.record`).

All randomness is drawn once, in :func:`new_game`, from the deal generator seeded by the game's
seed (:mod:`wonders_env.deal_rng`, draw for draw as the core's ``draw_deal``, so a seed deals the
same game on both engines): the order in which the 12 wonders come out (4 for the first draft
round, 4 for the second, 4 unused), the order of the 10 progress tokens (5 on the board, 5 set
aside, the first 3 set aside are the ones the Great Library draws) and the deal of each Age (20
cards in slot order and the cards left in the box), then, with Pantheon, its setup
(:func:`new_pantheon`: the decks, the Age I mythology tokens, the order of the offering tokens; a
base game draws nothing more, so its deal is unchanged). Agora's setup draws come after all of
these (:func:`deal_senators`, then :func:`new_agora`). The rules
then never draw again, so a seed plus a sequence of actions determines the game;
:func:`.determinize.determinize` redraws what a player cannot know, from a ``numpy.random.Generator``.
"""

from __future__ import annotations

from enum import IntEnum

import numpy as np

from ..deal_rng import DealRng, fresh_seed
from ..game import check_seed, state_copy
from .cards import BASE, NONE, DuelDatabase

STARTING_COINS = 7
BOARD_TOKENS = 5
WONDERS_PER_ROUND = 4
DRAFT_ORDER = (0, 1, 1, 0, 1, 0, 0, 1)  # who picks: A B B A, then B A A B
GUILDS_PER_GAME = 3
MAX_WONDERS_BUILT = 7
EMPTY = -1
NOBODY = -1


class Phase(IntEnum):
    """What the deciding player (``state.current``) decides now."""

    DRAFT = 0  # take one of the wonders on the table
    PLAY = 1  # take an accessible card: build it, sell it, or build a wonder with it
    PROGRESS = 2  # a science pair: take a progress token from the board
    DESTROY = 3  # Statue of Zeus / Circus Maximus: put an opponent's brown / grey card in the discard
    MAUSOLEUM = 4  # build a card of the discard pile for free
    LIBRARY = 5  # the Great Library: keep one of the 3 drawn set-aside tokens
    STARTER = 6  # the weaker military chooses who starts the next Age
    GAME_OVER = 7
    CHOOSE = 8  # an expansion's decision: an item of the named set ``state.pantheon.choice`` (:mod:`.pantheon`)
    # or ``state.agora.choice`` (:mod:`.agora`)


class Choice(IntEnum):
    """The named sets of the generic decision, what the deciding player chooses from: Pantheon's
    (:mod:`.pantheon`), then Agora's (:mod:`.agora`)."""

    PLACE_DIVINITY = 0  # one of the divinities a mythology token drew, to place in the Pantheon
    PLACE_SPACE = 1  # an empty Pantheon space for it
    ENKI_TOKEN = 2  # one of the 2 progress tokens on Enki
    NISABA_CARD = 3  # an opponent's green card whose symbol Nisaba copies
    BAAL_CARD = 4  # an opponent's brown or grey card to take
    HADES_CARD = 5  # a card of the discard pile to build free
    ZEUS_CARD = 6  # a slot of the structure whose card (face up or down) to discard
    ANUBIS_WONDER = 7  # a built wonder to unbuild
    ISIS_CARD = 8  # a card of the discard pile to put under a wonder
    ISIS_WONDER = 9  # an own unbuilt wonder to build free with it
    RA_WONDER = 10  # an opponent's unbuilt wonder to take
    MINERVA_SPACE = 11  # a space of the military track for the Minerva pawn
    NEPTUNE_DISCARD = 12  # a military token to discard
    NEPTUNE_APPLY = 13  # a military token to apply
    GATE_DIVINITY = 14  # one of the top divinities of the decks, to activate free
    THEATER_MYTHOLOGY = 15  # the mythology deck the Divine Theater looks through
    THEATER_DIVINITY = 16  # one of its divinities, to activate free
    THEATER_TOP = 17  # the next divinity put back on top of the deck
    # Agora
    SENATE_ACTION = 18  # a Politician's Senate action: place in its chambers, move a cube, or stop
    CONSPIRATOR = 19  # a Conspirator: place a cube in any chamber, or conspire
    KEEP_CONSPIRACY = 20  # one of the conspiracies drawn, to keep
    PUT_BACK = 21  # the other one on the top or the bottom of the deck
    PLACE_INFLUENCE = 22  # a chamber for a cube of the supply
    REMOVE_INFLUENCE = 23  # a chamber to take an opponent's cube from
    MOVE_INFLUENCE = 24  # an own cube to an adjacent chamber, or not
    PREPARE_CONSPIRACY = 25  # the unprepared conspiracy the card taken goes under
    CURIA_TRIGGER = 26  # Curia Julia: a held conspiracy to trigger, prepared or not, or none
    STEAL_WONDER = 27  # Extortion: an opponent's unbuilt wonder to take
    DESTROY_CARD = 28  # Expropriation, Swindle: an opponent's card to discard
    LOCK_TOKEN = 29  # Obscurantism: a progress token to lock
    FIRST_ROW_CARD = 30  # Property Fraud: a card of the row dealt first, to build free
    BOXED_CARD = 31  # Treason: a card boxed at setup, to build free
    SET_ASIDE_TOKEN = 32  # Espionage: a set-aside progress token to take
    DISCARD_ACCESSIBLE = 33  # Turn of Events: an accessible card to discard (the second one: or not)
    TAKE_CARD = 34  # Foreclosure: an opponent's brown or grey card to take
    SWAP_TAKE = 35  # Coercion: an opponent's blue or green card to take
    SWAP_GIVE = 36  # Coercion: one of the player's own cards of its colour, to give
    DECREE_FROM = 37  # Insider Influence: the chamber whose decree moves
    DECREE_TO = 38  # Insider Influence: the chamber it goes to, under the decree there
    BOX_WONDER = 39  # Sabotage: an opponent's built wonder to return to the box
    PAIR_TOKEN = 40  # a progress token for a pair a player received in a Coercion exchange


CHOICE_NAMES = tuple(choice.name.lower() for choice in Choice)
#: Pantheon's sets (the first ones) and Agora's (the others)
PANTHEON_CHOICES = tuple(Choice)[:Choice.SENATE_ACTION]
AGORA_CHOICES = tuple(Choice)[Choice.SENATE_ACTION:]
#: the phases of the base game's tables (its observation's one-hot); an expansion's table has all
BASE_PHASES = Phase.GAME_OVER + 1


def choosing(state) -> Choice:
    """The set the ``choose`` decision of ``state`` (either engine's) is from: Agora's when one is
    open, else Pantheon's (a state without Agora's part, e.g. the core's, has Pantheon's only)."""
    agora = getattr(state, "agora", None)
    return Choice(agora.choice if agora is not None and agora.choice != NONE else state.pantheon.choice)


def num_phases(db: DuelDatabase) -> int:
    """How many phases a game of ``db`` has (the size of the observation's ``phase`` view)."""
    return len(Phase) if db.pantheon or db.agora else BASE_PHASES


class Victory(IntEnum):
    NONE = 0
    CIVILIAN = 1
    MILITARY = 2
    SCIENCE = 3
    POLITICAL = 4  # Agora: every chamber of the Senate controlled


VICTORY_NAMES = {Victory.CIVILIAN: "civilian", Victory.MILITARY: "military", Victory.SCIENCE: "science",
                 Victory.POLITICAL: "political"}

# Looting tokens, in state.looting order: (the player who loses coins, the pawn distance from the
# middle toward that player's capital that triggers it, coins lost).
LOOTING_TOKENS = ((0, 3, 2), (0, 6, 5), (1, 3, 2), (1, 6, 5))
#: military points by pawn distance from the middle, 0-9
MILITARY_POINTS = (0, 2, 2, 5, 5, 5, 10, 10, 10, 10)
#: the eight categories of the score pad (:mod:`.scoring`), in the order of the record and the core
CATEGORIES = ("civilian", "science", "commercial", "guilds", "wonders", "progress", "treasury",
              "military")


def colour_count(state: DuelState, player: int, colour_bits: int) -> int:
    """How many cards of the colours of ``colour_bits`` (bit per colour) ``player``'s city has."""
    counts = state.color_count[player]
    return sum(counts[k] for k in range(len(counts)) if colour_bits >> k & 1)


def score_rewards(totals: list[int], winners: tuple[int, ...] | list[int]) -> list[float]:
    """The env's ``reward="score"`` of a finished game: the winner gets the points margin (at least
    1, since a supremacy can be won behind on points) and the loser its negative; a draw gives 0."""
    if len(winners) != 1:
        return [0.0, 0.0]
    winner = winners[0]
    margin = float(max(totals[winner] - totals[1 - winner], 1))
    return [margin if player == winner else -margin for player in (0, 1)]


class DuelState:
    """Everything about a game in progress. ``clone()`` copies it; it pickles as is.

    ``db`` is the :class:`~.cards.DuelDatabase` the game was dealt from: the rules, scoring and
    observation read their tables and sizes from it (clones share it; it pickles as its edition
    and table folder). Per-player values are lists indexed by player. ``city``, ``production``, ``color_count``,
    ``chains``, ``science`` and the ``owned`` array are kept in step by the rules (the tests
    recompute them from ``city``). ``cost_cache[p]`` memoises player ``p``'s purchase costs:
    ``None`` or ``(prices, costs)``; the rules set it to ``None`` whenever something the costs
    depend on changes, so clones may share it (filling an unknown entry is valid for all).
    """

    __slots__ = (
        "db", "seed", "phase", "current", "turn_player", "age", "winners", "victory",
        # hidden: drawn at setup
        "wonder_order", "token_order", "deals", "boxed",
        # wonder draft
        "draft_step", "draft_offer",
        # the structure of the current Age
        "slot_card", "face_up", "cover_count", "cards_left",
        # cities
        "city", "owned", "color_count", "production", "raw_choices", "manufactured_choices",
        "fixed_price_bits", "chains", "science", "coins",
        "player_wonders", "wonder_built", "wonder_card", "wonders_built", "boxed_wonder",
        # progress tokens
        "board_tokens", "player_tokens", "library_offer", "library_used",
        # military
        "pawn", "looting",
        # turn flow
        "discard", "pending_progress", "play_again", "destroy_color",
        "log", "cost_cache",
        # Pantheon's fields (a PantheonState), Agora's (an AgoraState), or None without the expansion
        "pantheon", "agora",
    )

    def clone(self) -> DuelState:
        """An independent copy: every field copied by :func:`~wonders_env.game.state_copy` (the card
        database and the memo's entries are shared, see the class docstring)."""
        twin = DuelState.__new__(DuelState)
        for name in self.__slots__:
            setattr(twin, name, state_copy(getattr(self, name)))
        if self.pantheon is not None:
            twin.pantheon = self.pantheon.clone()
        if self.agora is not None:
            twin.agora = self.agora.clone()
        return twin

    def clear_caches(self) -> None:
        """Forget every value derived from the state (the purchase costs): the one call to make
        after changing a state by hand."""
        self.cost_cache = [None, None]

    def determinize(self, player: int, rng: np.random.Generator) -> DuelState:
        """A copy with everything ``player`` cannot know redrawn: see :func:`.determinize.determinize`."""
        from .determinize import determinize  # that module builds on this one
        return determinize(self, player, rng)

    def __getstate__(self) -> dict:
        return {name: getattr(self, name) for name in self.__slots__}

    def __setstate__(self, values: dict) -> None:
        for name, value in values.items():
            setattr(self, name, value)

    # ---------------------------------------------------------------- small read-only helpers
    @property
    def game_over(self) -> bool:
        return self.phase == Phase.GAME_OVER

    def accessible_slots(self) -> list[int]:
        """Slots of the current structure whose card may be taken."""
        slot_card, cover_count = self.slot_card, self.cover_count
        return [s for s in range(len(slot_card)) if slot_card[s] != EMPTY and cover_count[s] == 0]

    def structure_cards(self) -> list[int]:
        """Cards still in the current structure (face-down ones included: hidden information)."""
        return [c for c in self.slot_card if c != EMPTY]

    # ------------------------------------------------ what the readable tools ask the rules
    # The same questions as the core's view (wonders_env.duel.compiled.DuelStateView) answers, so
    # that the render, the record, the text view and the agents read either state alike.
    def build_cost(self, player: int, card: int) -> int:
        """Coins ``player`` pays to build ``card`` now (:func:`.rules.build_cost`)."""
        from .rules import build_cost
        return build_cost(self, player, card)

    def wonder_cost(self, player: int, wonder: int) -> int:
        from .rules import wonder_cost
        return wonder_cost(self, player, wonder)

    def activation_price(self, player: int, space: int, offerings: int) -> int:
        """Coins ``player`` pays to activate the divinity of Pantheon ``space`` with the offering
        tokens of the bit set ``offerings`` (:func:`.pantheon.activation_price`)."""
        from .pantheon import activation_price
        return activation_price(self, player, space, offerings)

    def sell_value(self, player: int) -> int:
        from .rules import sell_value
        return sell_value(self, player)

    def trade_price_list(self, player: int) -> tuple[int, ...]:
        """``player``'s price of one unit of each resource at the bank."""
        from .rules import trade_price_list
        return trade_price_list(self, player)

    def score_breakdown(self, player: int) -> dict[str, int]:
        from .scoring import score_breakdown
        return score_breakdown(self, player)


def deal_age(db: DuelDatabase, age: int, rng: DealRng) -> tuple[list[int], list[int]]:
    """Shuffle an Age's deck of ``db``: (a card for each structure slot in slot order, the cards
    left in the box). The base game boxes 3 of each Age's 23 cards (Age III: 3 of its 20 cards and
    4 of the 7 Guilds; the other 3 Guilds are shuffled with the 17 Age III cards kept); a larger
    deck boxes more. With Agora the Age's Senators are not dealt here (:func:`deal_senators`): the
    Age cards fill its structure's other slots (20 in every Age). The draws are the core's ``deal_age``.
    """
    cards = [int(c) for c in db.deck_cards[age - 1]]
    rng.shuffle(cards)
    slots = len(db.layouts[age - 1].row) - (db.agora.senators_per_age[age - 1] if db.agora else 0)
    removed = len(cards) - (slots - (GUILDS_PER_GAME if age == 3 else 0))
    kept, boxed = cards[removed:], cards[:removed]
    if age == 3:
        guilds = [int(c) for c in db.deck_cards[db.age3_extra_deck]]  # the Guilds, or the Grand Temples
        rng.shuffle(guilds)
        kept += guilds[:GUILDS_PER_GAME]
        boxed += guilds[GUILDS_PER_GAME:]
        rng.shuffle(kept)
    return kept, boxed


def new_game(seed: int | None = None, db: DuelDatabase = BASE) -> DuelState:
    """A game of ``db``'s tables at the start of the wonder draft, dealt from ``seed`` (an integer
    in 0-2**64-1; ``None`` draws a fresh one) as the core deals it; the seed is kept for the record."""
    seed = fresh_seed() if seed is None else check_seed(seed)
    rng = DealRng(seed)
    state = DuelState.__new__(DuelState)
    state.db = db
    state.seed = seed
    state.phase, state.current, state.turn_player, state.age = Phase.DRAFT, 0, 0, 0
    state.winners, state.victory = (), Victory.NONE
    state.wonder_order = list(range(db.num_wonders))
    rng.shuffle(state.wonder_order)
    state.token_order = list(range(db.num_tokens))
    rng.shuffle(state.token_order)
    state.deals, state.boxed = [], []
    for age in (1, 2, 3):
        dealt, boxed = deal_age(db, age, rng)
        state.deals.append(dealt)
        state.boxed.append(boxed)
    state.draft_step = 0
    state.draft_offer = state.wonder_order[:WONDERS_PER_ROUND]
    state.slot_card = [EMPTY] * db.num_slots
    state.face_up = [False] * db.num_slots
    state.cover_count = [0] * db.num_slots
    state.cards_left = 0
    state.city = [[], []]
    state.owned = np.zeros((2, db.num_cards), np.int8)
    state.color_count = [[0] * db.num_colors, [0] * db.num_colors]
    state.production = [[0] * 5, [0] * 5]
    state.raw_choices, state.manufactured_choices = [0, 0], [0, 0]
    state.fixed_price_bits = [0, 0]
    state.chains = [0, 0]
    state.science = [[0] * 7, [0] * 7]
    state.coins = [STARTING_COINS, STARTING_COINS]
    state.player_wonders = [[], []]
    state.wonder_built = [False] * db.num_wonders
    state.wonder_card = [EMPTY] * db.num_wonders
    state.wonders_built = 0
    state.boxed_wonder = EMPTY
    state.board_tokens = 0
    for t in state.token_order[:BOARD_TOKENS]:
        state.board_tokens |= 1 << t
    state.player_tokens = [0, 0]
    state.library_offer = []
    state.library_used = False
    state.pawn = 0
    state.looting = [True] * len(LOOTING_TOKENS)
    state.discard = []
    state.pending_progress = False
    state.play_again = False
    state.destroy_color = NONE
    state.log = []
    state.cost_cache = [None, None]
    state.pantheon = new_pantheon(db, rng) if db.pantheon else None
    state.agora = None
    if db.agora:
        deal_senators(db, state.deals, rng)
        state.agora = new_agora(db, rng)
    return state


class ExpansionState:
    """An expansion's part of a game, held in ``__slots__``: ``clone()`` copies every slot, and it
    pickles as a dict of its slots."""

    __slots__ = ()

    def clone(self):
        twin = type(self).__new__(type(self))
        for name in self.__slots__:
            setattr(twin, name, state_copy(getattr(self, name)))
        return twin

    def __getstate__(self) -> dict:
        return {name: getattr(self, name) for name in self.__slots__}

    def __setstate__(self, values: dict) -> None:
        for name, value in values.items():
            setattr(self, name, value)


class PantheonState(ExpansionState):
    """Pantheon's part of a game (``state.pantheon``); ``clone()`` copies it, it pickles as is.

    Divinity ids are rows of ``data/pantheon_divinities.csv``, Pantheon token ids rows of
    ``data/pantheon_tokens.csv``. Hidden: the order of the ``decks``, the divinities face down in the
    ``spaces`` (their placer sees them), the offering tokens on face-down slots and those dealt for
    Age II (``age_tokens``).
    """

    __slots__ = (
        "decks",  # per mythology: the divinities of its deck, top first (hidden order)
        "spaces", "space_face_up", "placed_by",  # per Pantheon space: divinity or EMPTY, face up, placer
        "age_tokens",  # per Age: the tokens dealt on its token slots, in slot order (drawn at setup)
        "slot_tokens",  # per slot of the current structure: the token lying on its card, or EMPTY
        "pending_tokens",  # tokens freed this turn, taken by the turn player at its end
        "tokens",  # per player: the Pantheon tokens owned (mythology tokens kept, offerings until used)
        "activated",  # per player: divinities activated, in order (the Gate included)
        "space_activations",  # the divinities of the ``activate`` actions, in the log's order (for the record)
        "choice_log",  # the named set of each ``choose`` action, in the log's order (for the record)
        "zeus_cards",  # the card of each slot Zeus discarded, in the log's order (for the record)
        "astarte",  # per player: coins on Astarte (outside the treasury)
        "minerva",  # the Minerva pawn's space on the track (pawn coordinates), or None
        "snake",  # the opponent's green card Nisaba copies, or EMPTY
        "enki_tokens",  # the progress tokens on Enki
        "choice", "options",  # the named set being chosen from (a pantheon.Choice) and its items
        "drawn",  # the divinities drawn (a token, the Gate, the Divine Theater) and not yet placed back
        "chosen",  # the item of an earlier step of the same power (Isis' card), or EMPTY
    )



def new_pantheon(db: DuelDatabase, rng: DealRng) -> PantheonState:
    """Pantheon's setup, drawn after the base game's (so the base draws are the same): each
    mythology's deck shuffled, 5 of the 10 mythology tokens for the Age I slots, the order of the
    offering tokens on the Age II slots."""
    tables = db.pantheon
    pantheon = PantheonState.__new__(PantheonState)
    pantheon.decks = []
    for deck in tables.decks:
        cards = list(deck)
        rng.shuffle(cards)
        pantheon.decks.append(cards)
    mythology = list(tables.mythology_tokens)
    rng.shuffle(mythology)
    offerings = list(tables.offering_tokens)
    rng.shuffle(offerings)
    per_age = [mythology[:tables.mythology_tokens_per_game], offerings, []]
    pantheon.age_tokens = [tokens[:len(slots)] for tokens, slots in zip(per_age, tables.token_slots)]
    pantheon.spaces = [EMPTY] * tables.num_spaces
    pantheon.space_face_up = [False] * tables.num_spaces
    pantheon.placed_by = [NOBODY] * tables.num_spaces
    pantheon.slot_tokens = [EMPTY] * db.num_slots
    pantheon.pending_tokens = []
    pantheon.tokens = [[], []]
    pantheon.activated = [[], []]
    pantheon.space_activations = []
    pantheon.choice_log = []
    pantheon.zeus_cards = []
    pantheon.astarte = [0, 0]
    pantheon.minerva = None
    pantheon.snake = EMPTY
    pantheon.enki_tokens = []
    pantheon.choice, pantheon.options = NONE, []
    pantheon.drawn = []
    pantheon.chosen = EMPTY
    return pantheon


def start_age(state: DuelState, age: int) -> None:
    """Start the Age: lay out its structure from the cards drawn at setup; the bottom row is open."""
    layout = state.db.layouts[age - 1]
    state.age = age
    state.slot_card = list(state.deals[age - 1])
    state.face_up = list(layout.face_up)
    state.cover_count = [len(covering) for covering in layout.covered_by]
    state.cards_left = len(layout.row)
    if state.pantheon is not None:
        tokens = state.pantheon.slot_tokens = [EMPTY] * len(layout.row)
        for slot, token in zip(state.db.pantheon.token_slots[age - 1], state.pantheon.age_tokens[age - 1]):
            tokens[slot] = token


class AgoraState(ExpansionState):
    """Agora's part of a game: the Senate and the conspiracies; ``clone()`` copies it, it pickles
    as is. Chambers are 0-5 (the rulebook's 1-6); decree and conspiracy ids are rows of
    ``data/agora_decrees.csv`` and ``agora_conspiracies.csv``. Hidden: the deck's order, the
    face-down decrees (their chambers' ``decree_face_up`` is False), a player's ``conspiracies``,
    which of them are prepared and the cards under them (their holder sees them), the ``drawn``
    conspiracies (the drawer sees them)."""

    __slots__ = (
        "conspiracy_deck",  # the conspiracies not drawn yet, top first (hidden order)
        "decrees",  # per chamber: its decrees (one at setup; Insider Influence puts a second under it)
        "decree_face_up",  # per chamber: its decrees are face up
        "cubes",  # per player, per chamber: the player's influence cubes there
        "drawn",  # the conspiracies drawn by a conspire, not yet kept or put back
        "conspiracies",  # per player: the conspiracies held face down, in the order kept
        "prepared",  # per player, per held conspiracy: the card tucked under it, or EMPTY (unprepared)
        "triggered",  # per player: the conspiracies triggered (face up, used), in order
        "left_game",  # the cards that were under the triggered conspiracies (seen when taken)
        # the turn's decisions (:mod:`.agora`)
        "steps",  # the decisions still to ask, in order: (player, Choice, argument, optional)
        "choice", "options", "argument", "optional",  # the set chosen from, its items (``choose`` indices),
        # the step's argument, whether ``stop`` is among the items
        "chosen",  # the item of an earlier step of the same power (Coercion's card), or EMPTY
        "may_trigger",  # the turn player has not taken a card nor triggered a conspiracy this turn yet
        "triggering",  # a conspiracy triggered at the start of the turn resolves: the turn goes on after it
        "locked",  # Obscurantism's tokens: (token, locker, seen by both)
        "choice_log",  # (index in ``state.log``, Choice) of each of Agora's ``choose`` actions (for the record)
    )



def deal_senators(db: DuelDatabase, deals: list[list[int]], rng: DealRng) -> None:
    """Agora's Senators into the Ages' deals (drawn after every base and Pantheon draw): the 13
    shuffled and dealt 5, 5, 3 to Ages I, II, III, each Age's cards and Senators shuffled together
    into its structure's slots."""
    senators = list(db.agora.senators)
    rng.shuffle(senators)
    first = 0
    for age, count in enumerate(db.agora.senators_per_age):
        deals[age] = deals[age] + senators[first:first + count]
        first += count
        rng.shuffle(deals[age])


def new_agora(db: DuelDatabase, rng: DealRng) -> AgoraState:
    """Agora's setup, drawn after :func:`deal_senators`: the conspiracy deck shuffled; the decrees
    shuffled and the first ones dealt to the chambers in order, face up where ``agora.json`` says
    (chambers 1, 3, 5: README decision 13); the others go back to the box unseen."""
    tables = db.agora
    agora = AgoraState.__new__(AgoraState)
    agora.conspiracy_deck = list(range(tables.num_conspiracies))
    rng.shuffle(agora.conspiracy_deck)
    decrees = list(range(tables.num_decrees))
    rng.shuffle(decrees)
    agora.decrees = [[decree] for decree in decrees[:tables.num_chambers]]
    agora.decree_face_up = list(tables.decree_face_up)
    agora.cubes = [[0] * tables.num_chambers, [0] * tables.num_chambers]
    agora.drawn = []
    agora.conspiracies, agora.prepared, agora.triggered = [[], []], [[], []], [[], []]
    agora.left_game = []
    agora.steps = []
    agora.choice, agora.options, agora.argument, agora.optional, agora.chosen = NONE, [], None, False, EMPTY
    agora.may_trigger = agora.triggering = False
    agora.locked = []
    agora.choice_log = []
    return agora
