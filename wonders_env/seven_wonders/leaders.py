"""The rules of the Leaders expansion (1st edition, 3-7 players): the draft, the recruitment turn,
the leaders' effects, Roma and the Courtesans Guild. :mod:`.rules` calls in here where a table has
leaders (``state.db.num_leaders``); the base tables never reach this module.

Table: 1st edition, 3 to 7 players, both wonder sides, both payment modes. Refused, naming what is
supported: the 2nd edition (its Leaders box is another game), the 2-player Free City variant (a
decision: the rulebook gives the Free City no leaders and no rule for its draft or recruitment).

Setup (:func:`setup_leaders`): 6 coins each; Roma is the 8th board of the pool; after the base deal
(boards, guilds, the three Age decks, as in :func:`.state.new_game`) the leaders are shuffled with
the same deal generator, 4 dealt to each player in seat order, the rest stay unused (face down).

Phases (:class:`.state.Phase`), every one a decision with a mask:

* ``LEADER_DRAFT`` (Age 1, turn 0): all players at once keep one leader of their draft hand and pass
  the rest to the right (``right_of(seat)``); after the third pick the single leader each receives is
  kept without a decision (it is the only choice). The Leader hand is secret.
* ``RECRUIT`` (turn 0 of each Age, before its cards are dealt: a decision, the Age's hand is not seen
  when recruiting): every player holding a leader chooses one at once and recruits it (pays its
  price to the bank; it lies face up), builds the next wonder stage with it (paying the stage as an
  Age card would, and the stage acts as it would: Halicarnassus's pick from the discard pile comes
  before the Age is dealt; the leader lies face down under the board) or discards it for 3 coins
  (face down).
  The moves resolve together as an Age turn does (payments on the state at the turn's start; with
  ``payment="choose"`` a ``PAYMENT`` phase follows in which every move is paid, ``pay 0`` for a
  recruit or a discard). Then the Age's cards are dealt.
* ``COPY_LEADER``: the builder of the Courtesans Guild chooses a leader recruited by a neighbour and
  copies its effect (decision 16: a one-shot leader's effect happens once more, for the copier; its
  VP go to the copier's Leaders line). No recruited neighbour leader: nothing to copy.
* ``RECRUIT_NOW``: Roma B stages 2-3 (decision 17): recruit at once a leader of the owner's Leader
  hand; its price is the owner's recruitment price, Roma B's own 2 coins less included (the "2 less"
  of the stage is the board's). A decision: the recruit is compulsory when one is affordable and is
  lost when none is (as Halicarnassus's pick).

State (:class:`.state.SevenWondersState`, :data:`.state.LEADER_FIELDS`; empty in the base tables):
``leader_deck`` (unused leaders, in their shuffled order), ``draft_hands`` and ``draft_passed``,
``leader_hands``, ``recruited`` (face up, in order), ``stage_leaders`` (under stages; a stage built
with a leader adds no Age card to ``stage_cards``), ``leader_discards`` (per player),
``copied_leader`` (-1: none), and the queues ``copy_choosers`` and ``recruiters``. The recruitment
turn is ``turn`` 0 of its Age (its log entries too); ``pending``/``payments`` serve it as a main turn.

After a turn's moves resolve, the extra decisions come in this order (a decision): Courtesans
copies, Roma B recruits, then builds from the discard pile (Halicarnassus, Solomon), each queue in
the order of the seats that built; at the end of an Age they come where Halicarnassus's pick comes
(after Babylon's 7th card and the leftover cards).

Effects are data (:mod:`.cards`); each kind has one code path here, never a path per leader:

* ``Coins``, ``Shields``, ``Science`` (at recruitment), ``build_from_discard`` (Solomon: a pick from
  the discard pile, as Halicarnassus; nothing when it is empty);
* ``ResourceDiscount`` (the builder's choice of units: every choice is tried, :func:`buy_options`)
  and ``BankPurchase`` (Bilkis: one unit from the bank per payment). With a bank purchase a payment
  is ``(to_left, to_right, to_bank)``; a way is kept when no other pays no more to each neighbour
  and no more in all (a decision: coins to the bank are better than the same coins to a neighbour),
  and of ways with the same coins to the left the cheapest (:func:`payment_front`), so that
  ``pay L`` names one way;
* ``EventCoins``: Hatshepsut (1 coin per neighbour paid in a turn, recruitment turns included),
  Nero (per victory token won), Vitruvius (per card built free through a chain), Xenophon (per yellow
  card built, however built);
* ``LeaderDiscount`` (recruitment price: Maecenas and Roma A free, Roma B 2 less for its owner and
  1 less for its neighbours, never below 0; Maecenas himself is paid);
* ``FreeBuild`` (Ramses: purple cards free), ``defeat_tokens_to_victor`` (Tomyris: the defeat token
  goes to the neighbour who won, from now on), ``copy_leader``, ``DrawLeaders`` (Roma B stage 1: the
  first 4 of the unused leaders, shuffled at setup: 4 at random), ``recruit_leader_now``;
* end VP (the ``leaders`` line of the score): ``VictoryPoints``, ``CountReward`` at the end (victory
  tokens, coins, cards, stages), ``SetReward``; ``ScienceSetBonus`` (Aristotle) raises the value of a
  science set in the ``science`` line (10 instead of 7).

Decisions 18-19 (README of the reference tables): the Diplomats Guild counts leaders recruited by the
neighbours (not those under stages); the 4 Guilds of Leaders are in the Age III guild pool only with
Leaders (Architects and Gamers included, so that the base tables never change).
"""

from __future__ import annotations

from itertools import combinations_with_replacement

import numpy as np

from .actions import ActionKind, encode_leader_action
from .cards import (COUNT_WONDER_STAGE, SCIENCE_ANY, SCOPE_LEFT, SCOPE_RIGHT, SCOPE_SELF, BankPurchase, Coins,
                    CountReward, DrawLeaders, Event, EventCoins, FreeBuild, LeaderDiscount, ResourceDiscount, Science,
                    ScienceSetBonus, SetReward, Shields, Special, VictoryPoints)
from .state import (LEADERS_PER_PLAYER, LEADERS_STARTING_COINS, SELL_COINS, Phase, SevenWondersState, place_stage,
                    start_age)

DRAFT_PICKS = LEADERS_PER_PLAYER - 1  # the last leader of the draft comes without a decision


# ---------------------------------------------------------------- setup and phases
def setup_leaders(state: SevenWondersState, rng) -> None:
    """Leaders' setup after the base deal (module docstring): coins, the leader deal, the draft."""
    players, count = state.num_players, state.db.num_leaders
    order = list(range(count))
    rng.shuffle(order)
    state.coins = [LEADERS_STARTING_COINS] * state.num_seats
    state.draft_hands = [order[seat * LEADERS_PER_PLAYER:(seat + 1) * LEADERS_PER_PLAYER] for seat in range(players)]
    state.leader_deck = order[players * LEADERS_PER_PLAYER:]
    state.draft_passed = np.zeros((players, count), dtype=np.int8)
    state.leader_hands = [[] for _ in range(players)]
    state.recruited = [[] for _ in range(players)]
    state.stage_leaders = [[] for _ in range(players)]
    state.leader_discards = [[] for _ in range(players)]
    state.copied_leader = [-1] * players
    state.age, state.turn, state.phase = 1, 0, Phase.LEADER_DRAFT


def start_recruitment(state: SevenWondersState, age: int) -> None:
    """Open Age ``age``'s recruitment turn (turn 0); with no leader in any hand, deal the Age."""
    state.age, state.turn, state.phase = age, 0, Phase.RECRUIT
    state.memo = {}
    if not acting_seats(state):
        start_age(state, age)


def acting_seats(state: SevenWondersState) -> list[int]:
    """Who decides in a Leaders phase."""
    phase = state.phase
    if phase == Phase.LEADER_DRAFT:
        return list(range(state.num_players))
    if phase == Phase.RECRUIT:
        return [seat for seat in range(state.num_players) if state.leader_hands[seat]]
    if phase == Phase.COPY_LEADER:
        return state.copy_choosers[:1]
    return state.recruiters[:1]  # RECRUIT_NOW


def open_decision(state: SevenWondersState) -> bool:
    """Open the next Courtesans copy or Roma B recruit (module docstring); those with no choice are lost."""
    while state.copy_choosers:
        if copy_options(state, state.copy_choosers[0]):
            state.phase = Phase.COPY_LEADER
            return True
        state.copy_choosers.pop(0)
    while state.recruiters:
        seat = state.recruiters[0]
        if any(recruit_price(state, seat, leader) <= state.coins[seat] for leader in state.leader_hands[seat]):
            state.phase = Phase.RECRUIT_NOW
            return True
        state.recruiters.pop(0)
    return False


# ---------------------------------------------------------------- effects in force
def active_effects(state: SevenWondersState, seat: int) -> tuple:
    """The lasting effects of ``seat``'s board (Roma), recruited leaders and copied leader."""
    key = ("leader_effects", seat)
    found = state.memo.get(key)
    if found is None:
        leaders = state.db.leaders
        found = state.wonders[seat].board_effects
        if seat < state.num_players:
            found += tuple(e for leader in state.recruited[seat] for e in leaders[leader].effects)
            if state.copied_leader[seat] >= 0:
                found += leaders[state.copied_leader[seat]].effects
        state.memo[key] = found
    return found


def event_coins(state: SevenWondersState, seat: int, event: Event) -> int:
    """The coins ``seat`` takes each time ``event`` happens to it."""
    return sum(e.coins for e in active_effects(state, seat) if isinstance(e, EventCoins) and e.event == event)


def recruit_price(state: SevenWondersState, seat: int, leader: int) -> int:
    """The coins ``seat`` pays to recruit ``leader`` now (:class:`.cards.LeaderDiscount`)."""
    own = [e for e in active_effects(state, seat) if isinstance(e, LeaderDiscount)]
    if any(e.free for e in own):
        return 0
    discount = sum(e.coins for e in own if e.scope & SCOPE_SELF)
    for neighbour, seen_from_neighbour in ((state.left_of(seat), SCOPE_RIGHT), (state.right_of(seat), SCOPE_LEFT)):
        discount += sum(e.coins for e in active_effects(state, neighbour)
                        if isinstance(e, LeaderDiscount) and not e.free and e.scope & seen_from_neighbour)
    return max(0, state.db.leaders[leader].coin_cost - discount)


def builds_free(state: SevenWondersState, city: int, card_type: int) -> bool:
    """Whether a leader makes ``card_type`` free for ``city`` (Ramses)."""
    color = state.db.color[card_type]
    return any(isinstance(e, FreeBuild) and e.color == color for e in active_effects(state, city))


def defeats_to_victor(state: SevenWondersState, seat: int) -> bool:
    """Whether ``seat``'s defeat tokens go to the neighbour who beat it (Tomyris)."""
    return Special("defeat_tokens_to_victor") in active_effects(state, seat)


def science_set_bonus(state: SevenWondersState, seat: int) -> int:
    return sum(e.points for e in active_effects(state, seat) if isinstance(e, ScienceSetBonus))


# ---------------------------------------------------------------- payments
def _reduced_costs(cost: tuple[tuple[int, int], ...], units: int) -> set[tuple[tuple[int, int], ...]]:
    """Every cost left after removing ``units`` units of ``cost`` (all of it when it has fewer)."""
    pool = [resource for resource, count in cost for _ in range(count)]
    if units >= len(pool):
        return {()}
    found = set()
    for removed in combinations_with_replacement(sorted(set(pool)), units):
        left = list(pool)
        try:
            for resource in removed:
                left.remove(resource)
        except ValueError:
            continue
        found.add(tuple((r, left.count(r)) for r in sorted(set(left))))
    return found


def payment_front(candidates: set[tuple[int, int, int]]) -> tuple[tuple[int, int, int], ...]:
    """The ``(to_left, to_right, to_bank)`` ways that no other beats: one beats another when it pays
    no more to either neighbour and no more in all (coins to the bank replace coins to a neighbour,
    never add to them); then one per coins-to-the-left (the least in all, then the least to the
    right). Sorted by (total, to_left). Without coins to the bank this is the base Pareto set."""
    kept = [way for way in candidates
            if not any(o != way and o[0] <= way[0] and o[1] <= way[1] and sum(o) <= sum(way) for o in candidates)]
    best: dict[int, tuple[int, int, int]] = {}
    for way in kept:
        known = best.get(way[0])
        if known is None or (sum(way), way[1]) < (sum(known), known[1]):
            best[way[0]] = way
    return tuple(sorted(best.values(), key=lambda way: (sum(way), way[0])))


def buy_options(state: SevenWondersState, city: int, cost, target: int) -> tuple:
    """The ways for ``city`` to obtain ``cost`` for a build of ``target`` (a colour, or
    ``COUNT_WONDER_STAGE``) with its leaders' discounts and bank purchase: ``(to_left, to_right)``
    pairs as :func:`.rules.buy_options` where none applies, else ``(to_left, to_right, to_bank)``
    (:func:`payment_front`), every choice of the discounted and bought units tried."""
    from .rules import buy_options as solve

    effects = active_effects(state, city)
    units = sum(e.units for e in effects if isinstance(e, ResourceDiscount) and e.target == target)
    bank = min((e.price for e in effects if isinstance(e, BankPurchase)), default=None)
    if not units and bank is None:
        return solve(state, city, cost)
    candidates = set()
    for reduced in _reduced_costs(tuple(cost), units):
        variants = [(reduced, 0)]
        if bank is not None and reduced:
            variants += [(fewer, bank) for fewer in _reduced_costs(reduced, 1)]
        for variant, to_bank in variants:
            candidates.update((left, right, to_bank) for left, right in solve(state, city, variant))
    return payment_front(candidates)


# ---------------------------------------------------------------- legality
def copy_options(state: SevenWondersState, seat: int) -> list[int]:
    """The leaders recruited by ``seat``'s neighbours, which the Courtesans Guild may copy."""
    found = []
    for neighbour in (state.left_of(seat), state.right_of(seat)):
        found += [leader for leader in state.recruited[neighbour] if leader not in found]
    return found


def legal_actions(state: SevenWondersState, seat: int) -> list[int]:
    """The legal actions of ``seat``, which acts in a Leaders phase."""
    from .rules import stage_payment

    db, payment = state.db, state.payment
    n_types, n_leaders = db.num_types, db.num_leaders

    def action(kind: ActionKind, leader: int) -> int:
        return encode_leader_action(kind, leader, n_types, payment, n_leaders)

    phase = state.phase
    if phase == Phase.LEADER_DRAFT:
        return [action(ActionKind.DRAFT, leader) for leader in state.draft_hands[seat]]
    if phase == Phase.COPY_LEADER:
        return [action(ActionKind.COPY_LEADER, leader) for leader in copy_options(state, seat)]
    coins = state.coins[seat]
    legal = [action(ActionKind.RECRUIT, leader) for leader in state.leader_hands[seat]
             if recruit_price(state, seat, leader) <= coins]
    if phase == Phase.RECRUIT:
        if stage_payment(state, seat) is not None:
            legal += [action(ActionKind.LEADER_WONDER, leader) for leader in state.leader_hands[seat]]
        legal += [action(ActionKind.LEADER_DISCARD, leader) for leader in state.leader_hands[seat]]
    return legal


def legal_actions_reference(state: SevenWondersState, seat: int) -> set[int]:
    """Slow restatement of the Leaders phases' rules, for testing :func:`legal_actions`."""
    db = state.db
    base = 5 * db.num_types + 1 + (15 if state.payment == "choose" else 0)
    n = db.num_leaders
    if state.phase == Phase.LEADER_DRAFT:
        return {base + leader for leader in state.draft_hands[seat]}
    if state.phase == Phase.COPY_LEADER:
        return {base + 4 * n + leader for leader in state.recruited[state.left_of(seat)] + state.recruited[
            state.right_of(seat)]}
    legal = set()
    board = state.wonders[seat]

    def discounts(city: int) -> list[LeaderDiscount]:
        held = list(state.recruited[city]) + [state.copied_leader[city]] * (state.copied_leader[city] >= 0)
        effects = list(state.wonders[city].board_effects) + [e for h in held for e in db.leaders[h].effects]
        return [e for e in effects if isinstance(e, LeaderDiscount)]

    left, right = state.left_of(seat), state.right_of(seat)
    free = any(e.free for e in discounts(seat))
    off = (sum(e.coins for e in discounts(seat) if e.scope & SCOPE_SELF)
           + sum(e.coins for e in discounts(left) if e.scope & SCOPE_RIGHT and not e.free)
           + sum(e.coins for e in discounts(right) if e.scope & SCOPE_LEFT and not e.free))
    for leader in state.leader_hands[seat]:
        price = 0 if free else max(0, db.leaders[leader].coin_cost - off)
        if price <= state.coins[seat]:
            legal.add(base + n + leader)
        if state.phase == Phase.RECRUIT:
            stages = board.stages
            if state.stages_built[seat] < len(stages):
                cost = db.wonders[(board.city, board.side)].stage_costs[state.stages_built[seat]]
                if any(sum(way) <= state.coins[seat]
                       for way in buy_options(state, seat, cost, COUNT_WONDER_STAGE)):
                    legal.add(base + 2 * n + leader)
            legal.add(base + 3 * n + leader)
    return legal


# ---------------------------------------------------------------- playing
def _log(state: SevenWondersState, seat: int, kind: str, leader: int, payment=(0, 0, 0), turn: int = 0) -> None:
    bank, to_left, to_right = payment
    paid_to = [{"seat": s, "agent": f"player_{s}", "coins": coins}
               for s, coins in ((state.left_of(seat), to_left), (state.right_of(seat), to_right)) if coins]
    state.log.append({"age": state.age, "turn": turn, "agent": f"player_{seat}", "seat": seat, "kind": kind,
                      "card": state.db.leaders[leader].name,
                      "paid": {"left": to_left, "right": to_right, "bank": bank}, "paid_to": paid_to})


def apply_draft(state: SevenWondersState, kept: dict[int, int]) -> None:
    """Every player keeps a leader and passes the rest right; after the last pick, recruitment."""
    players = state.num_players
    for seat, leader in kept.items():
        state.draft_hands[seat].remove(leader)
        state.leader_hands[seat].append(leader)
        state.draft_passed[seat] = 0
        state.draft_passed[seat, state.draft_hands[seat]] = 1
        _log(state, seat, "draft", leader)
    passed = [[] for _ in range(players)]
    for seat in range(players):
        passed[(seat + 1) % players] = state.draft_hands[seat]
    state.draft_hands = passed
    if len(state.leader_hands[0]) == DRAFT_PICKS:
        for seat in range(players):
            state.leader_hands[seat] += state.draft_hands[seat]
            state.draft_hands[seat] = []
        state.draft_passed[:] = 0
        start_recruitment(state, 1)


def _recruit(state: SevenWondersState, seat: int, leader: int) -> None:
    """Put ``leader`` face up in ``seat``'s city: its lasting effects hold from now on."""
    state.recruited[seat].append(leader)
    _gain_lasting(state, seat, state.db.leaders[leader].effects)


def _gain_lasting(state: SevenWondersState, seat: int, effects) -> None:
    """A leader's effects that change the city at once: science symbols, shields."""
    state.memo = {}
    state.payment_memo[seat] = {}
    for effect in effects:
        if isinstance(effect, Science):
            state.science[seat, effect.symbol if effect.symbol != SCIENCE_ANY else SCIENCE_ANY] += 1
        elif isinstance(effect, Shields):
            state.shields[seat] += effect.shields


def _gain_once(state: SevenWondersState, seat: int, effects) -> None:
    """A leader's one-shot effects when recruited or copied: coins, Solomon's pick."""
    for effect in effects:
        if isinstance(effect, Coins):
            state.coins[seat] += effect.coins
        elif effect == Special("build_from_discard"):
            state.discard_builders.append((seat, seat))


def after_stage(state: SevenWondersState, seat: int, stage) -> None:
    """The Leaders effects of a wonder stage just built (Roma B): leaders drawn, a recruit queued."""
    for effect in stage.effects:
        if isinstance(effect, DrawLeaders):
            drawn, state.leader_deck = state.leader_deck[:effect.count], state.leader_deck[effect.count:]
            state.leader_hands[seat] += drawn
        elif effect == Special("recruit_leader_now"):
            state.recruiters.append(seat)


def after_build(state: SevenWondersState, city: int, card_type: int, chained: bool) -> None:
    """Leaders effects of a card just built: Vitruvius, Xenophon, the Courtesans Guild's copy."""
    db = state.db
    gained = event_coins(state, city, Event.CHAIN_BUILD) if chained else 0
    if db.color[card_type] == 3:  # yellow
        gained += event_coins(state, city, Event.YELLOW_BUILD)
    state.coins[city] += gained
    if Special("copy_leader") in db.types[card_type].effects:
        state.copy_choosers.append(city)


def purchase_coins(state: SevenWondersState, city: int, to_left: int, to_right: int) -> None:
    """Hatshepsut: coins from the bank per neighbour paid this turn."""
    if to_left or to_right:
        state.coins[city] += event_coins(state, city, Event.NEIGHBOUR_PURCHASE) * ((to_left > 0) + (to_right > 0))


def resolve_recruitment(state: SevenWondersState, moves, payments) -> None:
    """Resolve the recruitment turn's moves ``(seat, kind, leader, seat)`` together, with the
    players' ``payments`` (``payment="choose"``) or the engine's (:mod:`.rules` step by step)."""
    from .rules import queue_discard_build, stage_payment

    resolved = []
    for seat, kind, leader, _ in moves:
        if payments is not None:
            payment = payments[seat]
        elif kind == ActionKind.RECRUIT:
            payment = (recruit_price(state, seat, leader), 0, 0)
        elif kind == ActionKind.LEADER_WONDER:
            payment = stage_payment(state, seat)
        else:
            payment = (0, 0, 0)
        resolved.append((seat, kind, leader, payment))
    for seat, _, leader, (bank, to_left, to_right) in resolved:
        state.leader_hands[seat].remove(leader)
        state.coins[seat] -= bank + to_left + to_right
        state.coins[state.left_of(seat)] += to_left
        state.coins[state.right_of(seat)] += to_right
    for seat, kind, leader, _ in resolved:
        if kind == ActionKind.RECRUIT:
            _recruit(state, seat, leader)
        elif kind == ActionKind.LEADER_WONDER:
            queue_discard_build(state, seat, seat, place_stage(state, seat, -1, leader))
        else:
            state.leader_discards[seat].append(leader)
    for seat, kind, leader, payment in resolved:
        if kind == ActionKind.RECRUIT:
            _gain_once(state, seat, state.db.leaders[leader].effects)
        elif kind == ActionKind.LEADER_WONDER:
            stage = state.wonders[seat].stages[state.stages_built[seat] - 1]
            state.coins[seat] += sum(e.coins for e in stage.effects if isinstance(e, Coins))
            after_stage(state, seat, stage)
            purchase_coins(state, seat, payment[1], payment[2])
        else:
            state.coins[seat] += SELL_COINS
        _log(state, seat, {ActionKind.RECRUIT: "recruit", ActionKind.LEADER_WONDER: "leader_wonder"}.get(
            kind, "leader_discard"), leader, payment)
    state.memo = {}


def apply_recruit_now(state: SevenWondersState, seat: int, leader: int) -> None:
    """Roma B's recruit at once (``RECRUIT_NOW``)."""
    state.recruiters.pop(0)
    price = recruit_price(state, seat, leader)
    state.leader_hands[seat].remove(leader)
    state.coins[seat] -= price
    _recruit(state, seat, leader)
    _gain_once(state, seat, state.db.leaders[leader].effects)
    _log(state, seat, "recruit", leader, (price, 0, 0), state.turn)


def apply_copy(state: SevenWondersState, seat: int, leader: int) -> None:
    """The Courtesans Guild copies ``leader`` (decision 16: its one-shot effects happen for the copier)."""
    state.copy_choosers.pop(0)
    state.copied_leader[seat] = leader
    effects = state.db.leaders[leader].effects
    _gain_lasting(state, seat, effects)
    _gain_once(state, seat, effects)
    _log(state, seat, "copy_leader", leader, turn=state.turn)


# ---------------------------------------------------------------- scoring
def leaders_points(state: SevenWondersState, seat: int) -> int:
    """The ``leaders`` line of the score: the end VP of the recruited and copied leaders."""
    from .rules import count_items

    if seat >= state.num_players:
        return 0
    leaders = state.db.leaders
    owned = list(state.recruited[seat]) + ([state.copied_leader[seat]] if state.copied_leader[seat] >= 0 else [])
    points = 0
    for leader in owned:
        for effect in leaders[leader].effects:
            if isinstance(effect, VictoryPoints):
                points += effect.points
            elif isinstance(effect, CountReward) and effect.at_end:
                points += effect.amount * count_items(state, seat, effect.counted, effect.scope)
            elif isinstance(effect, SetReward):
                points += effect.amount * min(int(state.color_counts[seat, color]) for color in effect.colors)
    return points
