"""The rules of 7 Wonders: who acts, what is legal, and how a turn resolves.

The game advances by phases (:class:`~.state.Phase`). In ``MAIN`` every player picks a card at
once; :func:`apply_actions` takes the joint choice, and then (2 players) the Free City's card in
``FREE_CITY``, and resolves the turn all together:

1. payments are computed on the state at the start of the turn (coins held then, resources the
   neighbours had then) and paid: to the bank, and to each neighbour for what was bought;
2. all cards are placed (buildings, wonder stages, discards);
3. coin effects apply, counting the cities after step 2 (Vineyard and Bazar count the
   neighbours' cards of the same turn; the Lighthouse counts itself; Arena counts stages now);
4. a Halicarnassus stage built this turn opens a ``DISCARD_BUILD`` decision.

At the end of an Age: turn 6 resolves, then Babylon B's 7th card (``SEVENTH_CARD``), then the
other leftover cards are discarded, then Halicarnassus picks, then military conflicts.

Payments: the engine knows every way to pay (:func:`payment_options`, the Pareto set of
``(to_left, to_right)``). With ``payment="cheapest"`` players pay the cheapest total; on equal
totals, with 3+ players the way that pays less to the left neighbour, with 2 players the way
that pays less to the opponent (more to the Free City). The Free City's purchases are made by
its controller, who buys from himself whenever possible (most coins to the controller, then
the cheapest total).

With ``payment="choose"`` the players choose (:mod:`.actions` defines ``pay L``). The card
decisions of a turn are kept in ``state.pending`` (city -> action) and then ``PAYMENT`` opens:
every city with a pending move needs a payment, decided by its controller (the Free City's by
the holder of its card). Each step, every controller with a city still unpaid decides for the
first of them (its own city before the Free City), so the steps are always the same: after
``MAIN``/``FREE_CITY`` all players at once, then (2 players) the holder for the Free City;
after ``SEVENTH_CARD`` Babylon alone. Even a move that buys nothing is paid (``pay 0``), so the
phase reveals nothing. Payment options are computed on the state at the turn's start (nothing
changes before the turn resolves); the chosen ``(to_left, to_right)`` wait in
``state.payments`` and the turn resolves as above with them when the last one is chosen.

Legality (:func:`legal_action_mask`) is a pure function of the state; its result is memoised in
the state until the state changes. :func:`legal_actions_reference` is a slow restatement of the
rules used by the tests to check it.

The Leaders expansion's phases, effects and decisions are in :mod:`.leaders`; this module calls
it only where the table has leaders (``state.db.num_leaders``), so the base tables run as before.
"""

from __future__ import annotations

import numpy as np

from ..game import action_number_error
from . import leaders
from .actions import (KIND_NAMES, LEADER_KINDS, ActionKind, IllegalActionError, decode_action, encode_action,
                      num_actions)
from .cards import (COUNT_DEFEAT_TOKEN, COUNT_LEADER, COUNT_THREE_COINS, COUNT_VICTORY_TOKEN, COUNT_WONDER_STAGE,
                    SCOPE_LEFT, SCOPE_RIGHT, SCOPE_SELF, Coins, FreeBuild, Power, Special, cost_items)
from .costs import Payment, payment_options
from .state import (DEFEAT_TOKEN, LEADER_PHASES, SELL_COINS, TURNS_PER_AGE, VICTORY_TOKEN, Phase, SevenWondersState,
                    free_build_available, place_building, place_stage, start_age)


def decode(state: SevenWondersState, action: int) -> tuple[ActionKind, int]:
    """``(kind, value)`` of an action id of ``state``'s table (its payment mode and leaders)."""
    return decode_action(action, state.db.num_types, state.payment, state.db.num_leaders)


def action_count(state: SevenWondersState) -> int:
    """The size of ``state``'s table's action space."""
    return num_actions(state.db.num_types, state.payment, state.db.num_leaders)


# ---------------------------------------------------------------- who acts
def acting_seats(state: SevenWondersState) -> list[int]:
    """The players (seats 0..num_players-1) who must decide in the current phase."""
    found = state.memo.get("acting")
    if found is None:
        found = state.memo["acting"] = _acting_seats(state)
    return found


def _acting_seats(state: SevenWondersState) -> list[int]:
    phase = state.phase
    if phase == Phase.MAIN:
        return list(range(state.num_players))
    if phase == Phase.FREE_CITY:
        return [state.free_city_holder]
    if phase == Phase.SEVENTH_CARD:
        return [seventh_card_seat(state)]
    if phase == Phase.DISCARD_BUILD:
        return [state.discard_builders[0][1]]
    if phase == Phase.PAYMENT:
        return sorted({controller(state, city) for city in state.pending if city not in state.payments})
    if phase in LEADER_PHASES:
        return leaders.acting_seats(state)
    return []


def controller(state: SevenWondersState, city: int) -> int:
    """The player who decides for ``city`` (the Free City: the holder of its card)."""
    return state.free_city_holder if city == state.free_city else city


def acting_city(state: SevenWondersState, seat: int) -> int:
    """The city whose move ``seat`` is choosing (the Free City's seat in ``FREE_CITY``)."""
    if state.phase == Phase.FREE_CITY:
        return state.free_city
    if state.phase == Phase.DISCARD_BUILD:
        return state.discard_builders[0][0]
    if state.phase == Phase.PAYMENT and (seat not in state.pending or seat in state.payments):
        return state.free_city  # the holder pays for the Free City after his own move
    return seat


def seventh_card_seat(state: SevenWondersState) -> int:
    """The Babylon B player who may still play the last card of this Age, else -1."""
    if state.turn != TURNS_PER_AGE:
        return -1
    for seat in range(state.num_players):
        if (state.powers[seat, Power.PLAY_SEVENTH_CARD]
                and state.power_used_age[seat, Power.PLAY_SEVENTH_CARD] != state.age and len(state.hands[seat]) == 1):
            return seat
    return -1


# ---------------------------------------------------------------- costs
def buy_options(state: SevenWondersState, city: int, cost: tuple[tuple[int, int], ...]) -> tuple[Payment, ...]:
    """Every Pareto-optimal ``(to_left, to_right)`` way for ``city`` to obtain ``cost``."""
    left, right = state.left_of(city), state.right_of(city)
    return payment_options(cost, state.own_fixed[city], state.own_choices[city],
                           (state.sell_fixed[left], state.sell_choices[left]),
                           (state.sell_fixed[right], state.sell_choices[right]),
                           state.cheap_left[city], state.cheap_right[city])


def memoised_buy_options(state: SevenWondersState, city: int, key: int, cost, cost_mask: int,
                         target: int = COUNT_WONDER_STAGE) -> tuple[Payment, ...]:
    """:func:`buy_options` memoised per city under ``key`` (a card id, or -1 - stage index)
    until the production of resources in ``cost_mask`` around the city changes
    (:func:`.state.forget_payments`), or its leaders do. With leaders, the ways of
    :func:`.leaders.buy_options` for a build of ``target`` (a colour, or a wonder stage)."""
    memo = state.payment_memo[city]
    found = memo.get(key)
    if found is None:
        options = leaders.buy_options(state, city, cost, target) if state.db.num_leaders else buy_options(
            state, city, cost)
        found = memo[key] = (cost_mask, options)
    return found[1]


def choose_payment(state: SevenWondersState, city: int, options: tuple[Payment, ...], budget: int) -> Payment | None:
    """The payment the env makes among ``options`` within ``budget`` coins (see module doc)."""
    affordable = [p for p in options if sum(p) <= budget]
    if not affordable:
        return None
    if state.num_players > 2:
        return affordable[0]  # options are sorted by (total, to_left)
    if city == state.free_city:
        to_holder = 0 if state.left_of(city) == state.free_city_holder else 1
        return max(affordable, key=lambda p: (p[to_holder], -(p[0] + p[1])))
    to_opponent = 0 if state.left_of(city) != state.free_city else 1
    return min(affordable, key=lambda p: (p[0] + p[1], p[to_opponent]))


def chains_free(state: SevenWondersState, city: int, card_type: int) -> bool:
    """Whether ``city`` holds a card that makes ``card_type`` free."""
    sources = state.db.chains_from[card_type]
    if sources:
        has = state.has_type[city]
        for source in sources:
            if has[source]:
                return True
    return False


def free_by_wonder(state: SevenWondersState, city: int, card_type: int) -> bool:
    """Whether a 2nd-edition Olympia power makes this build free now: Day, the first card of a
    colour; Night, the card chosen on turn 1 (from the Age after stage 1) or turn 6 (from the
    Age of stage 2) of an Age. With Leaders, also a leader's free build (Ramses)."""
    if state.db.num_leaders and leaders.builds_free(state, city, card_type):
        return True
    if state.powers[city, Power.FREE_FIRST_OF_COLOR] and state.color_counts[city, state.db.color[card_type]] == 0:
        return True
    if not _main_turn_decision(state):
        return False
    if state.turn == 1:
        return 0 < state.powers[city, Power.FREE_FIRST_OF_AGE] <= state.age
    if state.turn == TURNS_PER_AGE:
        return 0 < state.powers[city, Power.FREE_LAST_OF_AGE] <= state.age
    return False


def _main_turn_decision(state: SevenWondersState) -> bool:
    """Whether the decision now is (or pays for) a card chosen in ``MAIN``, on one of turns 1-6."""
    return state.phase == Phase.MAIN or (state.phase == Phase.PAYMENT and state.pending_turn <= TURNS_PER_AGE)


def build_payment(state: SevenWondersState, city: int, card_type: int) -> tuple[int, int, int] | None:
    """``(bank, to_left, to_right)`` for ``city`` to build ``card_type``, or None if it cannot."""
    if state.has_type[city, card_type]:
        return None
    if chains_free(state, city, card_type) or free_by_wonder(state, city, card_type):
        return (0, 0, 0)
    bank = state.db.coin_cost[card_type]
    budget = state.coins[city] - bank
    if budget < 0:
        return None
    db = state.db
    options = memoised_buy_options(state, city, card_type, db.cost_items[card_type], db.cost_mask[card_type],
                                   db.color[card_type])
    payment = choose_payment(state, city, options, budget)
    return None if payment is None else (bank + sum(payment[2:]), payment[0], payment[1])


def stage_payment(state: SevenWondersState, city: int) -> tuple[int, int, int] | None:
    """``(0, to_left, to_right)`` for the next wonder stage of ``city``, or None."""
    stages = state.wonders[city].stages
    if state.stages_built[city] >= len(stages):
        return None
    stage = state.stages_built[city]
    board = state.wonders[city]
    options = memoised_buy_options(state, city, -1 - stage, board.stage_costs[stage], board.stage_masks[stage])
    payment = choose_payment(state, city, options, state.coins[city])
    return None if payment is None else (sum(payment[2:]), payment[0], payment[1])


def payment_choices(state: SevenWondersState, city: int) -> list[tuple[int, int, int]]:
    """``payment="choose"``: every ``(bank, to_left, to_right)`` way ``city`` can pay for its
    pending move now, the non-dominated purchases it can afford, by coins to the left."""
    kind, card_type = decode(state, state.pending[city])
    coins = state.coins[city]
    if kind == ActionKind.BUILD:
        if chains_free(state, city, card_type) or free_by_wonder(state, city, card_type):
            return [(0, 0, 0)]
        db = state.db
        bank = db.coin_cost[card_type]
        options = memoised_buy_options(state, city, card_type, db.cost_items[card_type], db.cost_mask[card_type],
                                       db.color[card_type])
    elif kind in (ActionKind.WONDER, ActionKind.LEADER_WONDER):
        stage = state.stages_built[city]
        board = state.wonders[city]
        bank = 0
        options = memoised_buy_options(state, city, -1 - stage, board.stage_costs[stage], board.stage_masks[stage])
    elif kind == ActionKind.RECRUIT:
        return [(leaders.recruit_price(state, city, card_type), 0, 0)]
    else:
        return [(0, 0, 0)]
    return sorted((bank + sum(way[2:]), way[0], way[1]) for way in options if bank + sum(way) <= coins)


# ---------------------------------------------------------------- legality
def hand_for_decision(state: SevenWondersState, seat: int) -> list[int]:
    """The physical cards ``seat`` chooses from now (for the Free City: the holder's hand
    without the card the holder picked for himself)."""
    if state.phase == Phase.FREE_CITY:
        hand = list(state.hands[seat])
        hand.remove(_card_in(state, hand, decode(state, state.pending[seat])[1]))
        return hand
    if state.phase == Phase.DISCARD_BUILD:
        return state.discard
    return state.hands[seat]


def _card_in(state: SevenWondersState, cards: list[int], card_type: int) -> int:
    cards_db = state.db.cards
    for card in cards:
        if cards_db[card].type == card_type:
            return card
    raise IllegalActionError(f"no {state.db.types[card_type].name!r} among the cards available")


def legal_action_mask(state: SevenWondersState, seat: int) -> np.ndarray:
    """0/1 int8 mask over the action space for ``seat`` (a player index). Pure; memoised in
    the state, so do not modify the returned array."""
    cached = state.memo.get(("mask", seat))
    if cached is not None:
        return cached
    n_types = state.db.num_types
    mask = np.zeros(action_count(state), dtype=np.int8)
    if state.phase != Phase.GAME_OVER:
        if seat not in acting_seats(state):
            mask[encode_action(ActionKind.WAIT, 0, n_types)] = 1
        elif state.phase in LEADER_PHASES:
            mask[leaders.legal_actions(state, seat)] = 1
        elif state.phase == Phase.DISCARD_BUILD:
            city = acting_city(state, seat)
            for card in state.discard:
                card_type = state.db.cards[card].type
                if not state.has_type[city, card_type]:
                    mask[4 * n_types + card_type] = 1
        elif state.phase == Phase.PAYMENT:
            for _, to_left, _ in payment_choices(state, acting_city(state, seat)):
                mask[encode_action(ActionKind.PAY, to_left, n_types)] = 1
        else:
            _hand_moves(state, seat, mask)
    state.memo[("mask", seat)] = mask
    return mask


def _hand_moves(state: SevenWondersState, seat: int, mask: np.ndarray) -> None:
    db = state.db
    n_types = db.num_types
    city = acting_city(state, seat)
    free_city_phase = state.phase == Phase.FREE_CITY
    has = state.has_type[city]
    coins = state.coins[city]
    can_stage = stage_payment(state, city) is not None
    can_free_build = free_build_available(state, city)
    legal = []
    for card_type in {db.cards[card].type for card in hand_for_decision(state, seat)}:
        if not has[card_type]:
            if chains_free(state, city, card_type):
                legal.append(card_type)
                if free_city_phase:
                    continue  # the Free City must take a free chain build
            elif free_by_wonder(state, city, card_type):
                legal.append(card_type)
            else:
                budget = coins - db.coin_cost[card_type]
                if budget >= 0:
                    options = memoised_buy_options(state, city, card_type, db.cost_items[card_type],
                                                   db.cost_mask[card_type], db.color[card_type])
                    if options and sum(options[0]) <= budget:  # sorted by total
                        legal.append(card_type)
            if can_free_build:
                legal.append(3 * n_types + card_type)
        if can_stage:
            legal.append(n_types + card_type)
        legal.append(2 * n_types + card_type)
    if free_city_phase and any(a < 2 * n_types or a >= 3 * n_types for a in legal):
        legal = [a for a in legal if not 2 * n_types <= a < 3 * n_types]  # sells only if it can play nothing
    mask[legal] = 1


def legal_actions_reference(state: SevenWondersState, seat: int) -> set[int]:
    """Slow, direct statement of the rules, for testing :func:`legal_action_mask`."""
    db = state.db
    n_types = db.num_types
    if state.phase == Phase.GAME_OVER:
        return set()
    if seat not in acting_seats(state):
        return {5 * n_types}
    if state.phase in LEADER_PHASES:
        return leaders.legal_actions_reference(state, seat)
    city = acting_city(state, seat)
    built_names = {db.types[db.cards[card].type].name for card in state.built[city]}
    if state.phase == Phase.DISCARD_BUILD:
        return {4 * n_types + db.cards[c].type for c in state.discard
                if db.types[db.cards[c].type].name not in built_names}
    if state.phase == Phase.PAYMENT:
        return _payments_reference(state, city, built_names)
    legal = set()
    stages = state.wonders[city].stages
    stage_ok = False
    if state.stages_built[city] < len(stages):
        cost = cost_items(stages[state.stages_built[city]].resource_cost)
        stage_ok = any(sum(p) <= state.coins[city] for p in _reference_options(state, city, cost, COUNT_WONDER_STAGE))
    free_power = (state.powers[city, Power.FREE_BUILD_ONCE_PER_AGE]
                  and state.power_used_age[city, Power.FREE_BUILD_ONCE_PER_AGE] != state.age)
    forced_chain = set()
    for card in hand_for_decision(state, seat):
        card_type = db.cards[card].type
        printed = db.types[card_type]
        duplicate = printed.name in built_names
        chained = any(name in built_names for name in printed.chains_from)
        if state.phase == Phase.FREE_CITY and chained and not duplicate:
            forced_chain.add(card_type)
            continue
        affordable = any(printed.coin_cost + sum(p) <= state.coins[city]
                         for p in _reference_options(state, city, db.cost_items[card_type], printed.color))
        olympia_free = _olympia_free_reference(state, city, card_type, state.phase == Phase.MAIN)
        if not duplicate and (chained or affordable or olympia_free):
            legal.add(card_type)
        if stage_ok:
            legal.add(n_types + card_type)
        if free_power and not duplicate:
            legal.add(3 * n_types + card_type)
        legal.add(2 * n_types + card_type)
    legal |= forced_chain
    if state.phase == Phase.FREE_CITY and any(a < 2 * n_types or 3 * n_types <= a < 4 * n_types for a in legal):
        legal = {a for a in legal if not 2 * n_types <= a < 3 * n_types}
    return legal


def _reference_options(state: SevenWondersState, city: int, cost, target: int) -> tuple:
    """The ways to pay ``cost`` (not memoised): :func:`buy_options`, with a table's leaders
    :func:`.leaders.buy_options`."""
    if state.db.num_leaders:
        return leaders.buy_options(state, city, cost, target)
    return buy_options(state, city, cost)


def _olympia_free_reference(state: SevenWondersState, city: int, card_type: int, main_turn: bool) -> bool:
    """Whether a 2nd-edition Olympia power makes ``card_type`` free (``main_turn``: the card is
    chosen in the main phase of turns 1-6); with Leaders, also a free build of a leader's colour."""
    db = state.db
    if db.num_leaders:
        held = state.recruited[city] + [state.copied_leader[city]] * (state.copied_leader[city] >= 0)
        if FreeBuild(db.types[card_type].color) in [e for leader in held for e in db.leaders[leader].effects]:
            return True
    colors_built = {db.types[db.cards[c].type].color for c in state.built[city]}
    return bool(
        (state.powers[city, Power.FREE_FIRST_OF_COLOR] and db.types[card_type].color not in colors_built)
        or (main_turn and state.turn == 1 and state.powers[city, Power.FREE_FIRST_OF_AGE]
            and state.age >= state.powers[city, Power.FREE_FIRST_OF_AGE])
        or (main_turn and state.turn == 6 and state.powers[city, Power.FREE_LAST_OF_AGE]
            and state.age >= state.powers[city, Power.FREE_LAST_OF_AGE]))


def _payments_reference(state: SevenWondersState, city: int, built_names: set[str]) -> set[int]:
    """The ``pay L`` actions of ``city``'s pending move, restated from the rulebook."""
    db = state.db
    pay = 5 * db.num_types + 1
    kind, card_type = decode(state, state.pending[city])
    if kind == ActionKind.BUILD:
        printed = db.types[card_type]
        main_turn = state.pending_turn <= TURNS_PER_AGE
        if (any(name in built_names for name in printed.chains_from)
                or _olympia_free_reference(state, city, card_type, main_turn)):
            return {pay}
        bank, cost, target = printed.coin_cost, cost_items(printed.resource_cost), printed.color
    elif kind in (ActionKind.WONDER, ActionKind.LEADER_WONDER):
        bank, target = 0, COUNT_WONDER_STAGE
        cost = cost_items(state.wonders[city].stages[state.stages_built[city]].resource_cost)
    else:
        return {pay}
    coins = state.coins[city]
    return {pay + way[0] for way in _reference_options(state, city, cost, target) if bank + sum(way) <= coins}


def describe_action(state: SevenWondersState, action: int) -> str:
    kind, value = decode(state, action)
    if kind == ActionKind.WAIT:
        return "wait"
    if kind == ActionKind.PAY:
        return f"pay {value} to the left neighbour, the rest to the right"
    if kind in LEADER_KINDS:
        return f"{KIND_NAMES[kind]} {state.db.leaders[value].name!r}"
    return f"{KIND_NAMES[kind]} {state.db.types[value].name!r}"


def check_legal(state: SevenWondersState, seat: int, action: int) -> None:
    """Raise :class:`IllegalActionError` saying why ``action`` is not allowed for ``seat``."""
    not_a_number = action_number_error(action, action_count(state))
    if not_a_number:
        raise IllegalActionError(f"illegal action for player_{seat}: {not_a_number}")
    mask = legal_action_mask(state, seat)
    if mask[action]:
        return
    allowed = ", ".join(f"{a} ({describe_action(state, a)})" for a in np.flatnonzero(mask)) or "none"
    raise IllegalActionError(
        f"illegal action {int(action)} ({describe_action(state, int(action))}) for player_{seat} "
        f"in phase {state.phase.name} of Age {state.age}, turn {state.turn}; legal actions: {allowed}")


# ---------------------------------------------------------------- playing
def apply_actions(state: SevenWondersState, actions: dict[int, int]) -> None:
    """Apply the decisions of every acting seat of the current phase, then advance the game."""
    actors = acting_seats(state)
    if sorted(actions) != actors:
        raise IllegalActionError(f"phase {state.phase.name} expects actions from seats {actors}, got {sorted(actions)}")
    for seat, action in actions.items():
        check_legal(state, seat, action)
    n_types = state.db.num_types
    phase = state.phase
    state.memo = {}
    if phase == Phase.MAIN:
        state.pending = {seat: int(action) for seat, action in actions.items()}
        if state.free_city >= 0:
            state.phase = Phase.FREE_CITY
            return
        if _open_payment(state, state.turn):
            return
        _resolve_pending(state)
    elif phase == Phase.FREE_CITY:
        state.pending[state.free_city] = int(actions[state.free_city_holder])
        if _open_payment(state, state.turn):
            return
        _resolve_pending(state)
    elif phase == Phase.SEVENTH_CARD:
        (seat, action), = actions.items()
        state.power_used_age[seat, Power.PLAY_SEVENTH_CARD] = state.age
        state.pending = {seat: int(action)}
        if _open_payment(state, TURNS_PER_AGE + 1):
            return
        _resolve_pending(state, turn=TURNS_PER_AGE + 1)
    elif phase == Phase.PAYMENT:
        for seat, action in actions.items():
            city = acting_city(state, seat)
            to_left = decode_action(int(action), n_types, state.payment)[1]
            state.payments[city] = next(p for p in payment_choices(state, city) if p[1] == to_left)
        if len(state.payments) < len(state.pending):
            return
        _resolve_pending(state, turn=state.pending_turn)
    elif phase == Phase.DISCARD_BUILD:
        city, controller = state.discard_builders.pop(0)
        card_type = decode_action(int(actions[controller]), n_types)[1]
        card = _card_in(state, state.discard, card_type)
        state.discard.remove(card)
        remaining = sum(1 for c in state.discard if state.db.cards[c].type == card_type)
        np.minimum(state.known_discard[:, card_type], remaining, out=state.known_discard[:, card_type])
        place_building(state, city, card)
        _gain_build_coins(state, city, card_type)
        if state.db.num_leaders:
            leaders.after_build(state, city, card_type, chained=False)
        _log(state, controller, city, ActionKind.DISCARD_BUILD, card_type, (0, 0, 0), state.turn)
    elif phase == Phase.LEADER_DRAFT:
        leaders.apply_draft(state, {seat: decode(state, int(action))[1] for seat, action in actions.items()})
        return
    elif phase == Phase.RECRUIT:
        state.pending = {seat: int(action) for seat, action in actions.items()}
        if _open_payment(state, 0):
            return
        _resolve_pending(state, turn=0)
    elif phase in (Phase.COPY_LEADER, Phase.RECRUIT_NOW):
        (seat, action), = actions.items()
        apply = leaders.apply_copy if phase == Phase.COPY_LEADER else leaders.apply_recruit_now
        apply(state, seat, decode(state, int(action))[1])
    _advance(state)


def _open_payment(state: SevenWondersState, turn: int) -> bool:
    """``payment="choose"``: open the payment decisions of the pending moves (logged under
    ``turn``). False with ``"cheapest"``, where the engine pays."""
    if state.payment != "choose":
        return False
    state.phase = Phase.PAYMENT
    state.pending_turn = turn
    state.payments = {}
    return True


def _resolve_pending(state: SevenWondersState, turn: int | None = None) -> None:
    """Resolve the pending moves of every city together, the Free City's first."""
    cities = sorted(state.pending, key=lambda city: (city != state.free_city, city))
    moves = [(city, *decode(state, state.pending[city]), controller(state, city)) for city in cities]
    payments = state.payments if state.payment == "choose" else None
    state.pending, state.payments = {}, {}
    if turn == 0:  # the Leaders recruitment turn
        leaders.resolve_recruitment(state, moves, payments)
        return
    _resolve_moves(state, moves, turn=state.turn if turn is None else turn, payments=payments)


def _resolve_moves(state: SevenWondersState, moves: list[tuple[int, ActionKind, int, int]], turn: int,
                   payments: dict[int, tuple[int, int, int]] | None = None) -> None:
    """Resolve simultaneous moves ``(city, kind, card type, hand owner)`` (see module doc), with
    the players' ``payments`` per city (``payment="choose"``) or the engine's."""
    # 1. cards and payments, all against the state at the start of the turn
    resolved = []
    with_leaders = state.db.num_leaders > 0
    chained = {city for city, kind, card_type, _ in moves
               if with_leaders and kind == ActionKind.BUILD and chains_free(state, city, card_type)}
    for city, kind, card_type, owner in moves:
        card = _card_in(state, state.hands[owner], card_type)
        if payments is not None:
            payment = payments[city]
        elif kind == ActionKind.BUILD:
            payment = build_payment(state, city, card_type)
        elif kind == ActionKind.WONDER:
            payment = stage_payment(state, city)
        else:
            payment = (0, 0, 0)
        resolved.append((city, kind, card_type, owner, card, payment))
    for city, _, _, owner, card, (bank, to_left, to_right) in resolved:
        state.hands[owner].remove(card)
        state.coins[city] -= bank + to_left + to_right
        state.coins[state.left_of(city)] += to_left
        state.coins[state.right_of(city)] += to_right
    # 2. place every card
    for city, kind, card_type, owner, card, _ in resolved:
        if kind in (ActionKind.BUILD, ActionKind.FREE_BUILD):
            place_building(state, city, card)
            if kind == ActionKind.FREE_BUILD:
                state.power_used_age[city, Power.FREE_BUILD_ONCE_PER_AGE] = state.age
        elif kind == ActionKind.WONDER:
            queue_discard_build(state, city, owner, place_stage(state, city, card))
        else:
            state.discard.append(card)
            state.known_discard[owner, card_type] += 1
    # 3. coin effects on the cities as they now stand
    for city, kind, card_type, owner, _, payment in resolved:
        if kind == ActionKind.SELL:
            state.coins[city] += SELL_COINS
        elif kind == ActionKind.WONDER:
            stage = state.wonders[city].stages[state.stages_built[city] - 1]
            state.coins[city] += sum(e.coins for e in stage.effects if isinstance(e, Coins))
            if with_leaders:
                leaders.after_stage(state, city, stage)
        else:
            _gain_build_coins(state, city, card_type)
            if with_leaders:
                leaders.after_build(state, city, card_type, city in chained)
        if with_leaders:
            leaders.purchase_coins(state, city, payment[1], payment[2])
        _log(state, owner, city, kind, card_type, payment, turn)


def queue_discard_build(state: SevenWondersState, city: int, controller: int, stage_index: int) -> None:
    """``city``'s stage ``stage_index``, just built (with an Age card, or with Leaders a leader),
    queues ``controller``'s pick from the discard pile if it builds from it (Halicarnassus)."""
    stage = state.wonders[city].stages[stage_index]
    if any(isinstance(e, Special) and e.name == "build_from_discard" for e in stage.effects):
        state.discard_builders.append((city, controller))


def count_items(state: SevenWondersState, city: int, counted: tuple[int, ...], scope: int) -> int:
    """How many of ``counted`` (colours, wonder stages, defeat tokens) the scoped cities hold."""
    seats = []
    if scope & SCOPE_SELF:
        seats.append(city)
    if scope & SCOPE_LEFT:
        seats.append(state.left_of(city))
    if scope & SCOPE_RIGHT:
        seats.append(state.right_of(city))
    total = 0
    for seat in seats:
        for item in counted:
            if item == COUNT_WONDER_STAGE:
                total += state.stages_built[seat]
            elif item == COUNT_DEFEAT_TOKEN:
                total += state.military_tokens[seat].count(DEFEAT_TOKEN)
            elif item < COUNT_WONDER_STAGE:
                total += int(state.color_counts[seat, item])
            elif item == COUNT_VICTORY_TOKEN:
                total += sum(1 for token in state.military_tokens[seat] if token > 0)
            elif item == COUNT_THREE_COINS:
                total += state.coins[seat] // 3
            elif item == COUNT_LEADER:
                total += len(state.recruited[seat]) if seat < state.num_players else 0
    return total


def _gain_build_coins(state: SevenWondersState, city: int, card_type: int) -> None:
    db = state.db
    gained = db.coins[card_type]
    for reward in db.coin_rewards[card_type]:
        gained += reward.amount * count_items(state, city, reward.counted, reward.scope)
    state.coins[city] += gained


def _log(state: SevenWondersState, owner: int, city: int, kind: ActionKind, card_type: int,
         payment: tuple[int, int, int], turn: int) -> None:
    bank, to_left, to_right = payment
    paid_to = [{"seat": seat, "agent": f"player_{seat}" if seat != state.free_city else None, "coins": coins}
               for seat, coins in ((state.left_of(city), to_left), (state.right_of(city), to_right)) if coins]
    state.log.append({
        "age": state.age, "turn": turn, "agent": f"player_{owner}", "seat": city,
        "kind": KIND_NAMES[kind], "card": state.db.types[card_type].name,
        "paid": {"left": to_left, "right": to_right, "bank": bank}, "paid_to": paid_to,
    })


# ---------------------------------------------------------------- advancing
def _advance(state: SevenWondersState) -> None:
    """Open the next decision: a discard build, the next turn, Babylon's 7th card, the next Age."""
    state.memo = {}
    with_leaders = state.db.num_leaders > 0
    if state.turn == 0:  # Leaders: after the recruitment turn, the Age's cards are dealt
        if not (leaders.open_decision(state) or _open_discard_build(state)):
            start_age(state, state.age)
        return
    if state.turn < TURNS_PER_AGE:
        if (with_leaders and leaders.open_decision(state)) or _open_discard_build(state):
            return
        _pass_hands(state)
        state.turn += 1
        state.phase = Phase.MAIN
        if state.free_city >= 0:
            state.hands[state.free_city_holder].append(state.free_city_pile.pop())
        return
    if seventh_card_seat(state) >= 0:
        state.phase = Phase.SEVENTH_CARD
        return
    if not state.age_leftovers_discarded:
        _discard_leftovers(state)
    if (with_leaders and leaders.open_decision(state)) or _open_discard_build(state):
        return
    _military(state)
    if state.age == 3:
        state.phase = Phase.GAME_OVER
    elif with_leaders:
        leaders.start_recruitment(state, state.age + 1)
    else:
        start_age(state, state.age + 1)


def _open_discard_build(state: SevenWondersState) -> bool:
    """Start the next pending Halicarnassus pick; picks with nothing to build are lost."""
    while state.discard_builders:
        city, controller = state.discard_builders[0]
        state.known_discard[controller] = _discard_counts(state)  # he looks through the pile
        if any(not state.has_type[city, state.db.cards[c].type] for c in state.discard):
            state.phase = Phase.DISCARD_BUILD
            return True
        state.discard_builders.pop(0)
    return False


def _discard_counts(state: SevenWondersState) -> np.ndarray:
    counts = np.zeros(state.db.num_types, dtype=np.int16)
    for card in state.discard:
        counts[state.db.cards[card].type] += 1
    return counts


def _discard_leftovers(state: SevenWondersState) -> None:
    state.age_leftovers_discarded = True
    for seat in range(state.num_players):
        for card in state.hands[seat]:
            card_type = state.db.cards[card].type
            state.discard.append(card)
            state.known_discard[seat, card_type] += 1
            state.log.append({"age": state.age, "turn": TURNS_PER_AGE, "agent": f"player_{seat}",
                              "seat": seat, "kind": "discard", "card": state.db.types[card_type].name,
                              "paid": {"left": 0, "right": 0, "bank": 0}, "paid_to": []})
        state.hands[seat] = []
    for card in state.free_city_pile:
        state.discard.append(card)
        state.log.append({"age": state.age, "turn": TURNS_PER_AGE, "agent": None,
                          "seat": state.free_city, "kind": "discard",
                          "card": state.db.types[state.db.cards[card].type].name,
                          "paid": {"left": 0, "right": 0, "bank": 0}, "paid_to": []})
    state.free_city_pile = []


def _pass_hands(state: SevenWondersState) -> None:
    players = state.num_players
    for seat in range(players):
        counts = state.last_passed[seat]
        counts[:] = 0
        for card in state.hands[seat]:
            counts[state.db.cards[card].type] += 1
    if state.free_city >= 0:
        state.hands[0], state.hands[1] = state.hands[1], state.hands[0]
        state.free_city_holder = 1 - state.free_city_holder
        return
    step = 1 if state.age == 2 else -1  # Age II passes to the right, Ages I and III to the left
    passed = [[] for _ in range(players)]
    for seat in range(players):
        passed[(seat + step) % players] = state.hands[seat]
    state.hands[:players] = passed


def _military(state: SevenWondersState) -> None:
    victory = VICTORY_TOKEN[state.age - 1]
    shields = state.shields
    with_leaders = state.db.num_leaders > 0
    for seat in range(state.num_seats):
        for neighbour in (state.left_of(seat), state.right_of(seat)):
            if shields[seat] > shields[neighbour]:
                state.military_tokens[seat].append(victory)
                if with_leaders:  # Nero
                    state.coins[seat] += leaders.event_coins(state, seat, leaders.Event.NEW_VICTORY_TOKEN)
            elif shields[seat] < shields[neighbour]:
                loser = neighbour if with_leaders and leaders.defeats_to_victor(state, seat) else seat  # Tomyris
                state.military_tokens[loser].append(DEFEAT_TOKEN)
