"""Scenario helpers for the 7 Wonders Duel rule tests (``test_duel_rules_*.py``), the only ones.

A scenario is a real :class:`DuelState` from ``new_game``, past the draft, with the wonders the
test names (by default the rulebook's "first game" wonders: player 0, Antoine, and player 1,
Bruno, as in the rulebook's examples), in the Age it names; the test then puts named cards on top
of the structure (:func:`on_top`), into cities (:func:`give`), sets coins and plays actions by
name. Every helper keeps each card somewhere (structure, deals, box, cities), never two copies::

    state = scenario(age=2)
    give(state, 0, "Quarry", "Stone Pit")
    on_top(state, "Aqueduct")
    play(state, "build", "Aqueduct")
"""

from __future__ import annotations

from wonders_env.duel.actions import ActionKind, encode_action
from wonders_env.duel.cards import BASE, CARD_IDS, LAYOUTS, TOKEN_IDS, WONDER_IDS
from wonders_env.duel.rules import add_building, apply_action, legal_actions, take_token
from wonders_env.duel.state import EMPTY, DuelState, Phase, start_age, new_game

ANTOINE, BRUNO = 0, 1  # the players of the rulebook's examples
FIRST_GAME_WONDERS = (  # the rulebook's wonders "for your first game"
    ("The Pyramids", "The Great Lighthouse", "The Temple of Artemis", "The Statue of Zeus"),
    ("Circus Maximus", "Piraeus", "The Appian Way", "The Colossus"),
)


def scenario(age: int = 1, wonders=FIRST_GAME_WONDERS, coins=(7, 7), seed: int = 0,
             board_tokens=None) -> DuelState:
    """A game at the first turn of ``age`` with the given wonders; player 0 to play."""
    state = new_game(seed)
    state.player_wonders = [[WONDER_IDS[name] for name in names] for names in wonders]
    state.draft_step, state.draft_offer = 8, []
    start_age(state, age)
    state.phase, state.current, state.turn_player = Phase.PLAY, 0, 0
    state.coins = list(coins)
    if board_tokens is not None:
        set_board(state, *board_tokens)
    return state


def set_board(state: DuelState, *names: str) -> None:
    """Put exactly these progress tokens on the board (the others set aside, in id order)."""
    on_board = [TOKEN_IDS[name] for name in names]
    state.board_tokens = sum(1 << t for t in on_board)
    aside = [t for t in range(10) if t not in on_board]
    state.token_order = on_board + aside


def _detach(state: DuelState, card: int) -> None:
    """Take ``card`` out of the structure, the deals and the box, keeping the structure full."""
    index = state.age - 1
    if card in state.slot_card:
        slot = state.slot_card.index(card)
        state.slot_card[slot] = state.deals[index][slot] = _spare_card(state)
        return
    for age in range(3):
        if card in state.boxed[age]:
            state.boxed[age].remove(card)
            return
        if card in state.deals[age]:
            slot = state.deals[age].index(card)
            state.deals[age][slot] = state.boxed[age].pop() if age > index else EMPTY
            return


def _spare_card(state: DuelState) -> int:
    """A card to fill a structure slot: from the box (this Age's first), else from a later deal."""
    index = state.age - 1
    for age in (index, *range(3)):
        if state.boxed[age]:
            return state.boxed[age].pop()
    later = next(age for age in range(2, index, -1) if state.deals[age])
    return state.deals[later].pop()


def place(state: DuelState, slot: int, name: str) -> None:
    """Put the named card in ``slot`` of the current structure (the card there goes to the box)."""
    card = CARD_IDS[name]
    if state.slot_card[slot] == card:
        return
    _detach(state, card)
    state.boxed[state.age - 1].append(state.slot_card[slot])
    state.slot_card[slot] = state.deals[state.age - 1][slot] = card


def on_top(state: DuelState, *names: str) -> list[int]:
    """Put the named cards in open slots of the structure (one per name); returns the slots."""
    layout = LAYOUTS[state.age - 1]
    open_slots = [s for s in range(BASE.num_slots) if not layout.covered_by[s] and state.slot_card[s] != EMPTY]
    for name, slot in zip(names, open_slots):
        place(state, slot, name)
    return open_slots[:len(names)]


def give(state: DuelState, player: int, *names: str) -> None:
    """Build the named cards in ``player``'s city (production, chains, science ... follow) and
    leave coins, the military track and the turn as they were."""
    kept = (list(state.coins), state.pawn, list(state.looting), state.phase, state.current,
            state.winners, state.victory)
    for name in names:
        card = CARD_IDS[name]
        _detach(state, card)
        add_building(state, player, card)
    (state.coins, state.pawn, state.looting, state.phase, state.current,
     state.winners, state.victory) = kept
    state.pending_progress = False


def give_token(state: DuelState, player: int, name: str) -> None:
    """Give ``player`` the progress token (no effect applied: no coins, no symbol)."""
    token = TOKEN_IDS[name]
    state.board_tokens &= ~(1 << token)
    state.player_tokens[player] |= 1 << token
    state.clear_caches()


def grant(state: DuelState, player: int, *names: str) -> None:
    """``player`` takes the progress tokens as in a game (their coins and symbols follow)."""
    for name in names:
        token = TOKEN_IDS[name]
        state.board_tokens &= ~(1 << token)
        take_token(state, player, token)
    state.clear_caches()


def build_wonder(state: DuelState, *names: str) -> None:
    """Mark the wonders as built (no effect applied)."""
    for name in names:
        state.wonder_built[WONDER_IDS[name]] = True
        state.wonders_built += 1
    state.clear_caches()


def leave_only(state: DuelState, *names: str) -> None:
    """Make the named cards the last of the Age, on open slots; the others go back to the box."""
    slots = on_top(state, *names)
    index = state.age - 1
    for s in range(BASE.num_slots):
        if s not in slots and state.slot_card[s] != EMPTY:
            state.boxed[index].append(state.slot_card[s])
            state.slot_card[s] = state.deals[index][s] = EMPTY
        state.cover_count[s] = 0
    state.cards_left = len(names)


def action(kind: str, name: str | None = None, wonder: str | None = None) -> int:
    """The action number of e.g. ``("build", "Baths")``, ``("wonder", "Baths", "The Pyramids")``,
    ``("progress", "Law")``, ``("starter", "me")``."""
    kind_ = ActionKind[kind.upper()]
    if kind_ is ActionKind.DRAFT:
        return encode_action(kind_, WONDER_IDS[name])
    if kind_ in (ActionKind.PROGRESS, ActionKind.LIBRARY):
        return encode_action(kind_, TOKEN_IDS[name])
    if kind_ is ActionKind.STARTER:
        return encode_action(kind_, 0 if name == "me" else 1)
    if kind_ is ActionKind.WONDER:
        return encode_action(kind_, CARD_IDS[name], WONDER_IDS[wonder])
    return encode_action(kind_, CARD_IDS[name])


def play(state: DuelState, kind: str, name: str | None = None, wonder: str | None = None) -> None:
    """Play an action by name, checked like the env checks it."""
    apply_action(state, action(kind, name, wonder))


def is_legal(state: DuelState, kind: str, name: str | None = None, wonder: str | None = None) -> bool:
    return action(kind, name, wonder) in legal_actions(state)
