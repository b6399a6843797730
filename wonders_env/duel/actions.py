"""The flat action space of 7 Wonders Duel: every decision is one integer (1202 actions in the base game).

Nine ranges, one per :class:`ActionKind` in order (``draft``, ``build``, ``sell``, ``wonder``,
``progress``, ``destroy``, ``mausoleum``, ``library``, ``starter``), of the sizes in
:data:`KIND_SIZES`; the table of what each range means is on the documentation page,
:mod:`wonders_env.seven_wonders_duel_v0` ("Action space"). Card actions use card ids (rows of
``data/cards.csv``), so an action means the same thing in every state. The sizes come from the
game's :class:`~.cards.DuelDatabase` (:func:`action_table`); the module names below are the base
game's.

A Pantheon table has two more ranges after these: ``activate`` (activate the divinity of Pantheon
space ``s`` using the offering tokens of the bit set ``o``: index ``s * 2**3 + o``, bit ``i`` the
offering token ``db.pantheon.offering_tokens[i]``) and ``choose``, the one generic decision
"choose an item of a named set" (:mod:`.pantheon`): its index is an item of one universal list,
:class:`Item` ranges in order (cards, wonders, progress tokens, divinities, Pantheon spaces,
mythologies, track spaces, military tokens, structure slots), so that an action means the same item in
every state. A card of the structure that Zeus discards is named by its slot, never by its card id, so
that the mask does not tell which card lies face down there.

An Agora table has the ``activate`` range too (empty without Pantheon) and a ``choose`` range whose
universal list goes on with Agora's items (chambers, cube moves between adjacent chambers,
conspiracies, the named options stop / conspire / top / bottom; Pantheon's kinds are empty without
Pantheon), then two more ranges: ``prepare`` (take card ``c`` of the structure and tuck it under
one of one's unprepared conspiracies, chosen next) and ``trigger`` (trigger one's prepared
conspiracy ``k`` at the start of the turn).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum
from functools import cache

from ..game import action_number_error, quoted
from .cards import BASE, MYTHOLOGIES, DuelDatabase


class ActionKind(IntEnum):
    DRAFT = 0
    BUILD = 1
    SELL = 2
    WONDER = 3
    PROGRESS = 4
    DESTROY = 5
    MAUSOLEUM = 6
    LIBRARY = 7
    STARTER = 8
    ACTIVATE = 9  # expansion tables only (empty without Pantheon)
    CHOOSE = 10  # expansion tables only
    PREPARE = 11  # Agora tables only
    TRIGGER = 12  # Agora tables only


class Item(IntEnum):
    """The kinds of item the generic ``choose`` action names, in the order of its sub-ranges."""

    CARD = 0
    WONDER = 1
    TOKEN = 2  # a progress token
    DIVINITY = 3
    SPACE = 4  # a Pantheon space, 0-5 (player 0's most expensive first)
    MYTHOLOGY = 5
    TRACK = 6  # a space of the military track: index 9 + the pawn coordinate (0: player 0's capital)
    MILITARY_TOKEN = 7  # a looting token, in ``state.LOOTING_TOKENS`` order
    SLOT = 8  # a slot of the structure, 0 to ``db.num_slots - 1`` (the Age's layout order; its card may be face down)
    CHAMBER = 9  # a chamber of the Senate, 0-5 (the rulebook's 1-6)
    SENATE_MOVE = 10  # a cube moved between adjacent chambers, in ``SENATE_MOVES`` order
    CONSPIRACY = 11
    OPTION = 12  # one of ``OPTION_NAMES``


ITEM_NAMES = tuple(item.name.lower() for item in Item)
TRACK_MIDDLE = 9
#: the options of Agora's decisions: end a sequence of optional steps, conspire (a Conspirator),
#: put the conspiracy not kept on the top or the bottom of the deck
OPTION_NAMES = ("stop", "conspire", "top", "bottom")
STOP, CONSPIRE, TOP, BOTTOM = range(len(OPTION_NAMES))


def senate_moves(chambers: int) -> tuple[tuple[int, int], ...]:
    """The (from, to) chambers of a cube's move, each to an adjacent chamber: the ``SENATE_MOVE`` items."""
    return tuple((source, target) for source in range(chambers) for target in (source - 1, source + 1)
                 if 0 <= target < chambers)


KIND_NAMES = tuple(kind.name.lower() for kind in ActionKind)
#: what the index of each kind's actions names (``WONDER``: the card, its wonder is the second
#: number), which is also the record entry's field that names it: the record, the web page and
#: the text interface treat every kind of one index alike
KIND_INDEX = {ActionKind.DRAFT: "wonder", ActionKind.BUILD: "card", ActionKind.SELL: "card", ActionKind.WONDER: "card",
              ActionKind.PROGRESS: "token", ActionKind.DESTROY: "card", ActionKind.MAUSOLEUM: "card",
              ActionKind.LIBRARY: "token", ActionKind.STARTER: "starter", ActionKind.ACTIVATE: "space",
              ActionKind.CHOOSE: "item", ActionKind.PREPARE: "card", ActionKind.TRIGGER: "conspiracy"}
STARTER_ME = 0  # starter action index 0: I start; 1: my opponent starts


class ActionTable:
    """The action numbers of one :class:`DuelDatabase`: the nine ranges sized by its counts."""

    def __init__(self, db: DuelDatabase) -> None:
        self.db = db
        cards, wonders, tokens = db.num_cards, db.num_wonders, db.num_tokens
        self.kind_sizes: tuple[int, ...] = (wonders, cards, cards, cards * wonders, tokens, cards, cards, tokens, 2)
        self.item_sizes: tuple[int, ...] = ()
        self.offering_subsets = 0
        self.senate_moves: tuple[tuple[int, int], ...] = ()
        if db.pantheon or db.agora:
            tables = db.pantheon
            self.offering_subsets = 1 << len(tables.offering_tokens) if tables else 0
            self.item_sizes = (cards, wonders, tokens) + ((tables.num_divinities, tables.num_spaces, len(tables.decks),
                                                           2 * TRACK_MIDDLE + 1, 4, db.num_slots) if tables
                                                          else (0,) * 6)
            if db.agora:
                agora = db.agora
                self.senate_moves = senate_moves(agora.num_chambers)
                self.item_sizes += (agora.num_chambers, len(self.senate_moves), agora.num_conspiracies,
                                    len(OPTION_NAMES))
            self.kind_sizes += (tables.num_spaces * self.offering_subsets if tables else 0, sum(self.item_sizes))
            if db.agora:
                self.kind_sizes += (cards, db.agora.num_conspiracies)
        self.item_offsets = tuple(sum(self.item_sizes[:i]) for i in range(len(self.item_sizes)))
        self.kinds = tuple(ActionKind(k) for k in range(len(self.kind_sizes)))
        self.kind_offsets = tuple(sum(self.kind_sizes[:k]) for k in range(len(self.kind_sizes)))
        self.num_actions = sum(self.kind_sizes)
        (self.draft, self.build, self.sell, self.wonder, self.progress, self.destroy, self.mausoleum,
         self.library, self.starter) = self.kind_offsets[:9]
        self.activate, self.choose = self.kind_offsets[9:11] if len(self.kinds) > 9 else (None, None)
        self.prepare, self.trigger = self.kind_offsets[11:13] if db.agora else (None, None)
        self.decoded = tuple(self._decode(a) for a in range(self.num_actions))

    def item(self, kind: Item, index: int) -> int:
        """The ``choose`` action of item ``index`` of ``kind``."""
        return self.choose + self.item_offsets[kind] + index

    def item_of(self, index: int) -> tuple[Item, int]:
        """(kind, index) of the item a ``choose`` action's index names."""
        kind = Item(max(k for k in range(len(self.item_sizes)) if self.item_offsets[k] <= index))
        return kind, index - self.item_offsets[kind]

    def item_name(self, index: int) -> str:
        """The name of the item a ``choose`` action's index names."""
        kind, i = self.item_of(index)
        db = self.db
        if kind is Item.CARD:
            return db.cards[i].name
        if kind is Item.WONDER:
            return db.wonders[i].name
        if kind is Item.TOKEN:
            return db.progress_tokens[i].name
        if kind is Item.DIVINITY:
            return db.pantheon.divinities[i].name
        if kind is Item.SPACE:
            return f"space {i + 1}"
        if kind is Item.MYTHOLOGY:
            return MYTHOLOGIES[i]
        if kind is Item.TRACK:
            return f"track space {i - TRACK_MIDDLE:+d}"
        if kind is Item.MILITARY_TOKEN:
            return ("player_0's -2 coins", "player_0's -5 coins", "player_1's -2 coins", "player_1's -5 coins")[i]
        if kind is Item.SLOT:
            return f"slot {i + 1}"
        if kind is Item.CHAMBER:
            return f"chamber {i + 1}"
        if kind is Item.SENATE_MOVE:
            source, target = self.senate_moves[i]
            return f"a cube from chamber {source + 1} to chamber {target + 1}"
        if kind is Item.CONSPIRACY:
            return db.agora.conspiracies[i].name
        return OPTION_NAMES[i]

    def _decode(self, action: int) -> tuple[ActionKind, int, int]:
        kind = max(k for k in self.kinds if self.kind_offsets[k] <= action)  # an empty range shares the next's offset
        index = action - self.kind_offsets[kind]
        if kind is ActionKind.WONDER:
            return kind, index // self.db.num_wonders, index % self.db.num_wonders
        if kind is ActionKind.ACTIVATE:
            return kind, index // self.offering_subsets, index % self.offering_subsets
        return kind, index, 0

    def encode(self, kind: ActionKind, index: int, wonder: int = 0) -> int:
        """The action number. ``index``: the wonder, card, token, starter (0 me, 1 opponent), Pantheon
        space or choice item; ``wonder``: the wonder id of a ``WONDER`` action (card ``index`` goes
        under it), the offering tokens' bit set of an ``ACTIVATE`` action."""
        kind = ActionKind(kind)
        if kind not in self.kinds or not self.kind_sizes[kind]:
            raise ValueError(f"{KIND_NAMES[kind]} actions exist only in a table with "
                             f"{'Agora' if kind >= ActionKind.PREPARE else 'Pantheon'}")
        if kind is ActionKind.ACTIVATE:
            spaces = self.db.pantheon.num_spaces
            if not (0 <= index < spaces and 0 <= wonder < self.offering_subsets):
                raise ValueError(f"activate action needs space 0-{spaces - 1} and offering bits "
                                 f"0-{self.offering_subsets - 1}, got {index}, {wonder}")
            return self.activate + index * self.offering_subsets + wonder
        num_cards, num_wonders = self.db.num_cards, self.db.num_wonders
        if kind is ActionKind.WONDER:
            if not (0 <= index < num_cards and 0 <= wonder < num_wonders):
                raise ValueError(f"wonder action needs card 0-{num_cards - 1} and wonder 0-{num_wonders - 1}, "
                                 f"got card {index}, wonder {wonder}")
            return self.wonder + index * num_wonders + wonder
        if not 0 <= index < self.kind_sizes[kind]:
            raise ValueError(f"{KIND_NAMES[kind]} action index must be in 0-{self.kind_sizes[kind] - 1}, "
                             f"got {index}")
        return self.kind_offsets[kind] + index

    def decode(self, action: int) -> tuple[ActionKind, int, int]:
        """(kind, index, wonder): the inverse of :meth:`encode` (``wonder`` is 0 unless WONDER)."""
        if not 0 <= action < self.num_actions:
            raise ValueError(f"action must be an integer in 0-{self.num_actions - 1}, got {quoted(action)}")
        return self.decoded[action]

    def describe(self, action: int) -> str:
        """Readable form, e.g. ``"wonder The Pyramids with Lumber Yard"``."""
        kind, index, wonder = self.decode(action)
        db = self.db
        if kind is ActionKind.DRAFT:
            return f"draft {db.wonders[index].name}"
        if kind is ActionKind.WONDER:
            return f"wonder {db.wonders[wonder].name} with {db.cards[index].name}"
        if kind in (ActionKind.PROGRESS, ActionKind.LIBRARY):
            return f"{KIND_NAMES[kind]} {db.progress_tokens[index].name}"
        if kind is ActionKind.STARTER:
            return "starter me" if index == STARTER_ME else "starter opponent"
        if kind is ActionKind.ACTIVATE:
            used = [f"-{db.pantheon.tokens[t].discount}" for i, t in enumerate(db.pantheon.offering_tokens)
                    if wonder >> i & 1]
            return f"activate space {index + 1}" + (f" with offerings {' '.join(used)}" if used else "")
        if kind is ActionKind.CHOOSE:
            return f"choose {self.item_name(index)}"
        if kind is ActionKind.TRIGGER:
            return f"trigger {db.agora.conspiracies[index].name}"
        return f"{KIND_NAMES[kind]} {db.cards[index].name}"


@cache
def action_table(db: DuelDatabase) -> ActionTable:
    """The action table of ``db``, built once per database."""
    return ActionTable(db)


# Public API: the base game's action numbers (the compiled core, the agents, the web app and the
# documentation use them). The engine reads ``action_table(state.db)``.
BASE_ACTIONS = action_table(BASE)
KIND_SIZES, KIND_OFFSETS, NUM_ACTIONS = BASE_ACTIONS.kind_sizes, BASE_ACTIONS.kind_offsets, BASE_ACTIONS.num_actions
DRAFT, BUILD, SELL, WONDER, PROGRESS, DESTROY, MAUSOLEUM, LIBRARY, STARTER = KIND_OFFSETS
DECODED = BASE_ACTIONS.decoded
encode_action, decode_action, describe_action = BASE_ACTIONS.encode, BASE_ACTIONS.decode, BASE_ACTIONS.describe


class IllegalActionError(ValueError):
    """An action that the rules do not allow in this state."""


def why_illegal_for(acts: ActionTable, action: object, player: int, acting: list[int],
                    reason: Callable[[], str | None]) -> str | None:
    """Both engines' ``Game.why_illegal``: ``None`` when ``action`` is legal for ``player``, else the
    action, the player and why: that another player decides now (``acting``: who does), or the
    state's ``reason()`` for the deciding player (a bad action number, the game's end, the rules)."""
    if acting and player not in acting and not action_number_error(action, acts.num_actions):
        why: str | None = f"it is not player_{player}'s turn (player_{acting[0]} decides now)"
    else:
        why = reason()
    if why is None:
        return None
    label = quoted(action) if action_number_error(action, acts.num_actions) else \
        f"{action} ({acts.describe(int(action))})"
    return f"illegal action {label} for player {player}: {why}"


def illegal_action_error(acts: ActionTable, why: str, legal: list[int]) -> IllegalActionError:
    """The error of both engines and the env for an illegal action: ``why`` (the text of
    :func:`why_illegal_for`) and the legal actions (the first 12 named)."""
    shown = ", ".join(f"{a} ({acts.describe(a)})" for a in legal[:12])
    more = f" and {len(legal) - 12} more" if len(legal) > 12 else ""
    return IllegalActionError(f"{why}. Legal now: {shown or 'none'}{more}")
