"""Scenario helpers for the Agora rule tests (``test_agora_rules.py``). A scenario is a real game of
the Agora table from ``new_game``, past the draft, at the first turn of the Age it names, player 0
to play; the test sets the Senate (cubes, decrees), the conspiracies held and the cards, then plays
actions by name::

    state = agora_game(age=1)
    set_decree(state, 0, "Shield")
    put_card(state, 20, "Politician (left) 1")
    play(state, ActionKind.BUILD, "Politician (left) 1")
    choose(state, Item.CHAMBER, 0)
"""

from __future__ import annotations

from duel_scenarios import FIRST_GAME_WONDERS

from wonders_env.duel.actions import ActionKind, Item, action_table
from wonders_env.duel.cards import database
from wonders_env.duel.rules import add_building, apply_action, legal_actions
from wonders_env.duel.state import DuelState, Phase, new_game, start_age

DB = database("1st", ("agora",))
TABLES = DB.agora
ACTS = action_table(DB)
CARD, WONDER, TOKEN = DB.card_ids, DB.wonder_ids, DB.token_ids
CONSPIRACY = {c.name: c.id for c in TABLES.conspiracies}
DECREE = {d.name: d.id for d in TABLES.decrees}
#: the slots open at the start of each Age of Agora's structures (the bottom row)
OPEN_SLOTS = {1: range(18, 25), 2: range(22, 25), 3: range(21, 23)}


def agora_game(age: int = 1, wonders=FIRST_GAME_WONDERS, coins=(7, 7), seed: int = 0) -> DuelState:
    """An Agora game at the first turn of ``age``, player 0 to play, an empty Senate."""
    state = new_game(seed, DB)
    state.player_wonders = [[WONDER[name] for name in names] for names in wonders]
    state.draft_step, state.draft_offer = 8, []
    start_age(state, age)
    state.phase, state.current, state.turn_player = Phase.PLAY, 0, 0
    state.agora.may_trigger = True
    state.coins = list(coins)
    return state


def put_card(state: DuelState, slot: int, name: str) -> None:
    """Put the named card in ``slot`` of the current structure, swapping it with the card there
    (from the structure, a deal or a box)."""
    card, index = CARD[name], state.age - 1
    there = state.slot_card[slot]
    if card == there:
        return
    if card in state.slot_card:
        other = state.slot_card.index(card)
        state.slot_card[other] = state.deals[index][other] = there
    else:
        for pile in (*state.boxed, *state.deals):
            if card in pile:
                pile[pile.index(card)] = there
                break
    state.slot_card[slot] = state.deals[index][slot] = card


def give(state: DuelState, player: int, *names: str) -> None:
    """Build the named cards in ``player``'s city (their effects applied; a card of the structure is
    replaced there by a boxed card, one of a box leaves it, one of a later Age's deal stays there
    too: the scenarios stay in their Age)."""
    for name in names:
        card = CARD[name]
        if card in state.slot_card:
            put_card(state, state.slot_card.index(card), DB.cards[state.boxed[state.age - 1][0]].name)
        for pile in state.boxed:
            if card in pile:
                pile.remove(card)
        add_building(state, player, card)


def set_decree(state: DuelState, chamber: int, name: str, face_up: bool = True) -> None:
    state.agora.decrees[chamber] = [DECREE[name]]
    state.agora.decree_face_up[chamber] = face_up
    state.clear_caches()


def set_cubes(state: DuelState, player: int, *cubes: int) -> None:
    """``player``'s cubes in chambers 1-6."""
    state.agora.cubes[player] = list(cubes) + [0] * (TABLES.num_chambers - len(cubes))
    state.clear_caches()


def hold(state: DuelState, player: int, name: str, under: str | None = None) -> None:
    """``player`` holds conspiracy ``name`` (out of the deck), prepared with card ``under`` if named."""
    conspiracy = CONSPIRACY[name]
    state.agora.conspiracy_deck.remove(conspiracy)
    state.agora.conspiracies[player].append(conspiracy)
    state.agora.prepared[player].append(CARD[under] if under else -1)


def give_token(state: DuelState, player: int, name: str) -> None:
    """Give ``player`` the progress token (off the board; no effect applied)."""
    token = TOKEN[name]
    state.board_tokens &= ~(1 << token)
    state.player_tokens[player] |= 1 << token
    state.clear_caches()


def play(state: DuelState, kind: ActionKind, name: str, wonder: str | None = None) -> None:
    """Play the action of ``kind`` on the named card (``TRIGGER``: the named conspiracy)."""
    index = CONSPIRACY[name] if kind is ActionKind.TRIGGER else CARD[name]
    apply_action(state, ACTS.encode(kind, index, WONDER[wonder] if wonder else 0))


def item(kind: Item, name_or_index) -> int:
    """The ``choose`` action of an item, by index or by name (card, wonder, token, conspiracy)."""
    if isinstance(name_or_index, str):
        name_or_index = {Item.CARD: CARD, Item.WONDER: WONDER, Item.TOKEN: TOKEN,
                         Item.CONSPIRACY: CONSPIRACY}[kind][name_or_index]
    return ACTS.item(kind, name_or_index)


def choose(state: DuelState, kind: Item, name_or_index) -> None:
    apply_action(state, item(kind, name_or_index))


def move_item(source: int, target: int) -> int:
    """The ``SENATE_MOVE`` index of a cube's move between chambers (0-5)."""
    return ACTS.senate_moves.index((source, target))


def choosable(state: DuelState, kind: Item) -> list[int]:
    """The items of ``kind`` the deciding player may choose now, by index."""
    offset = ACTS.choose + ACTS.item_offsets[kind]
    return [a - offset for a in legal_actions(state) if offset <= a < offset + ACTS.item_sizes[kind]]
