"""Scenario helpers for the Pantheon rule tests (``test_pantheon_*.py``), on top of
:mod:`duel_scenarios` (whose card, wonder and token helpers work on a Pantheon game: the base ids are
the same in its tables). A scenario is a real game of the Pantheon table from ``new_game``, past the
draft, in the Age it names, with the divinities the test puts in the Pantheon::

    state = pantheon_game(age=2, spaces={"Zeus": 2})
    activate(state, "Zeus")
    choose(state, Item.SLOT, 6)  # Zeus discards the card of slot index 6 ("slot 7" in words)
"""

from __future__ import annotations

from duel_scenarios import FIRST_GAME_WONDERS

from wonders_env.duel.actions import ActionKind, Item, TRACK_MIDDLE, action_table
from wonders_env.duel.cards import MYTHOLOGIES, database
from wonders_env.duel.rules import apply_action, legal_actions
from wonders_env.duel.state import DuelState, Phase, new_game, start_age

DB = database("1st", ("pantheon",))
TABLES = DB.pantheon
ACTS = action_table(DB)
DIVINITY = TABLES.divinity_ids


def pantheon_game(age: int = 2, wonders=FIRST_GAME_WONDERS, coins=(7, 7), seed: int = 0,
                  spaces: dict[str, int] | None = None) -> DuelState:
    """A Pantheon game at the first turn of ``age``, player 0 to play; ``spaces``: divinity name ->
    Pantheon space (0-5), face up from Age II (taken out of their decks)."""
    state = new_game(seed, DB)
    state.player_wonders = [[DB.wonder_ids[name] for name in names] for names in wonders]
    state.draft_step, state.draft_offer = 8, []
    start_age(state, age)
    state.phase, state.current, state.turn_player = Phase.PLAY, 0, 0
    state.coins = list(coins)
    for name, space in (spaces or {}).items():
        put_in_space(state, name, space)
    return state


def put_in_space(state: DuelState, name: str, space: int, placed_by: int = 0) -> None:
    """Put divinity ``name`` (or the Gate) in ``space``, out of its deck; face up from Age II."""
    divinity = DIVINITY[name]
    for deck in state.pantheon.decks:
        if divinity in deck:
            deck.remove(divinity)
    state.pantheon.spaces[space] = divinity
    state.pantheon.placed_by[space] = placed_by
    state.pantheon.space_face_up[space] = state.age >= 2


def set_deck(state: DuelState, mythology: str, *names: str) -> None:
    """Make the deck of ``mythology`` exactly these divinities, top first."""
    state.pantheon.decks[MYTHOLOGIES.index(mythology)] = [DIVINITY[name] for name in names]


def space_of(state: DuelState, name: str) -> int:
    return state.pantheon.spaces.index(DIVINITY[name])


def activate_action(state: DuelState, name: str, offerings: tuple[int, ...] = ()) -> int:
    """The ``activate`` action of divinity ``name`` using the offering tokens worth ``offerings``."""
    bits = sum(1 << i for i, t in enumerate(TABLES.offering_tokens) if TABLES.tokens[t].discount in offerings)
    return ACTS.encode(ActionKind.ACTIVATE, space_of(state, name), bits)


def activate(state: DuelState, name: str, offerings: tuple[int, ...] = ()) -> None:
    apply_action(state, activate_action(state, name, offerings))


def item_action(kind: Item, name_or_index) -> int:
    """The ``choose`` action of an item named (a card, wonder, token, divinity, mythology) or indexed
    (a structure slot, 0-based, always by index)."""
    if isinstance(name_or_index, int):
        return ACTS.item(kind, name_or_index)
    names = {Item.CARD: DB.card_ids, Item.WONDER: DB.wonder_ids, Item.TOKEN: DB.token_ids, Item.DIVINITY: DIVINITY,
             Item.MYTHOLOGY: {name: i for i, name in enumerate(MYTHOLOGIES)}}[kind]
    return ACTS.item(kind, names[name_or_index])


def choose(state: DuelState, kind: Item, name_or_index) -> None:
    apply_action(state, item_action(kind, name_or_index))


def choosable(state: DuelState, kind: Item) -> list:
    """The items of ``kind`` the deciding player may choose now, by index."""
    offset = ACTS.choose + ACTS.item_offsets[kind]
    return [a - offset for a in legal_actions(state) if offset <= a < offset + ACTS.item_sizes[kind]]


def track(pawn: int) -> int:
    """The ``Item.TRACK`` index of a pawn coordinate."""
    return TRACK_MIDDLE + pawn


def give_pantheon_tokens(state: DuelState, player: int, *tokens: int) -> None:
    state.pantheon.tokens[player] += list(tokens)


def offering(discount: int) -> int:
    return next(t for t in TABLES.offering_tokens if TABLES.tokens[t].discount == discount)


def mythology_token(mythology: str) -> int:
    return next(t for t in TABLES.mythology_tokens if TABLES.tokens[t].mythology == MYTHOLOGIES.index(mythology))



def give_token(state: DuelState, player: int, name: str) -> None:
    """Give ``player`` the progress token of the Pantheon table (no effect applied)."""
    token = DB.token_ids[name]
    state.board_tokens &= ~(1 << token)
    state.player_tokens[player] |= 1 << token
    state.clear_caches()


def build_wonder(state: DuelState, *names: str) -> None:
    """Mark the wonders of the Pantheon table as built (no effect applied)."""
    for name in names:
        state.wonder_built[DB.wonder_ids[name]] = True
        state.wonders_built += 1
    state.clear_caches()


def place_card(state: DuelState, slot: int, name: str) -> None:
    """Put the named card of the Pantheon table (a Grand Temple too) in ``slot`` of the current
    structure, swapping it with the card there (from the structure or this Age's box)."""
    card, index = DB.card_ids[name], state.age - 1
    there = state.slot_card[slot]
    if card in state.slot_card:
        other = state.slot_card.index(card)
        state.slot_card[other] = state.deals[index][other] = there
    else:
        boxed = next(box for box in state.boxed if card in box)
        boxed[boxed.index(card)] = there
    state.slot_card[slot] = state.deals[index][slot] = card
