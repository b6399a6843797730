"""Small scenario helpers for the 7 Wonders rule tests (``test_rules_*.py``).

A scenario is a real :class:`SevenWondersState` from ``new_game`` whose hands are emptied, so that a
test deals exactly the cards it needs::

    state = scenario(["Giza", "Rhodes", "Ephesus"], "A")
    give(state, 0, "Stone Pit", "Loom")          # buildings already in seat 0's city
    deal(state, 0, "Library", "Altar")           # seat 0's hand
    state.coins[1] = 5
    turn(state, {0: build("Library"), 1: sell("Altar"), 2: sell("Theater")})

Cards are named; every helper picks a physical copy of that name that is not yet on the table
(any copy when all are in use: the rules only look at names).

Caches: ``state.memo`` (masks) depends on everything, so :func:`deal`, :func:`turn` and
:func:`legal` empty it first. ``state.payment_memo`` depends only on production and discounts,
which the tests change through the engine's own ``place_building``/``place_stage`` (they must
keep it right, as in play), so the helpers leave it alone; ``state.clear_caches()`` empties both
after a change made by hand to production fields.
"""

from __future__ import annotations

from collections import Counter

from wonders_env.seven_wonders import rules
from wonders_env.seven_wonders.actions import ActionKind, encode_action
from wonders_env.seven_wonders.cards import database
from wonders_env.seven_wonders.state import new_game, place_building, place_stage

DB = database("1st")
N = DB.num_types
COPIES = {}
for _card in DB.cards:
    COPIES.setdefault(DB.types[_card.type].name, []).append(_card.index)


def tid(name: str) -> int:
    """The card type (name) index."""
    return DB.type_of(name)


def forget_masks(state) -> None:
    """Forget the memoised masks (which depend on coins, hands, phase...), not the payments."""
    state.memo = {}


def _on_table(state) -> set[int]:
    found = set(state.discard) | set(state.free_city_pile)
    for pile in state.hands + state.built + state.stage_cards:
        found.update(pile)
    return found


def card(state, name: str) -> int:
    """A physical card of ``name`` not yet in a hand, city, stage or the discard pile."""
    ids = COPIES[DB.types[tid(name)].name]
    used = _on_table(state)
    return next((c for c in ids if c not in used), ids[0])


def scenario(cities, sides="A", num_players=None, seed=0, coins=None, payment="cheapest"):
    """A new game with these boards (one per seat), every hand emptied, Age I turn 1."""
    players = len(cities) if num_players is None else num_players
    state = new_game(players, seed=seed, wonders=list(cities), wonder_sides=sides, payment=payment)
    state.hands = [[] for _ in range(state.num_seats)]
    if coins is not None:
        state.coins = list(coins)
    state.clear_caches()
    return state


def give(state, seat: int, *names: str) -> None:
    """Put buildings into a city, as if built earlier (no payment, no coin effects)."""
    for name in names:
        place_building(state, seat, card(state, name))
    forget_masks(state)


def give_stages(state, seat: int, count: int) -> None:
    """Build the next ``count`` wonder stages of a city (a filler card under each)."""
    for _ in range(count):
        place_stage(state, seat, card(state, "Pawnshop"))
    forget_masks(state)


def deal(state, seat: int, *names: str) -> None:
    """Set ``seat``'s hand to one card of each name."""
    state.hands[seat] = []
    for name in names:
        state.hands[seat].append(card(state, name))
    forget_masks(state)


def build(name: str) -> int:
    return encode_action(ActionKind.BUILD, tid(name), N)


def wonder(name: str) -> int:
    return encode_action(ActionKind.WONDER, tid(name), N)


def sell(name: str) -> int:
    return encode_action(ActionKind.SELL, tid(name), N)


def free_build(name: str) -> int:
    return encode_action(ActionKind.FREE_BUILD, tid(name), N)


def from_discard(name: str) -> int:
    return encode_action(ActionKind.DISCARD_BUILD, tid(name), N)


def pay(to_left: int) -> int:
    """``payment="choose"``: pay ``to_left`` coins to the left neighbour, the rest to the right."""
    return encode_action(ActionKind.PAY, to_left, N)


def legal(state, seat: int, action: int) -> bool:
    forget_masks(state)
    return bool(rules.legal_action_mask(state, seat)[action])


def legal_set(state, seat: int) -> set[int]:
    forget_masks(state)
    return {int(a) for a in rules.legal_action_mask(state, seat).nonzero()[0]}


def turn(state, actions: dict[int, int]) -> None:
    """One call of ``rules.apply_actions`` (after forgetting the memoised masks)."""
    forget_masks(state)
    rules.apply_actions(state, actions)


def names(state, cards) -> list[str]:
    return [DB.types[DB.cards[c].type].name for c in cards]


def at_last_turn(state, age: int) -> None:
    """Move a scenario to turn 6 of ``age`` (decks of the later Ages stay as dealt)."""
    state.age, state.turn = age, 6
    for done in range(1, age + 1):
        state.decks.pop(done, None)
    forget_masks(state)


def card_locations(state) -> Counter:
    """Every physical card of the game, counted where it is now (for conservation checks)."""
    where = Counter(state.discard + state.box + state.free_city_pile)
    for pile in state.hands + state.built + state.stage_cards + list(state.decks.values()):
        where.update(pile)
    return where
