"""A hand-written 7 Wonders strategy: value every legal move in victory points, take the best.

Each move is worth what a decent player would reckon it adds to the final score, in VP:

* **points**: blue cards, wonder stages, Age III commerce and guilds (counted on the table now);
* **science**: the score gain of the symbol, plus a bonus in Ages I-II for the sets it may lead to;
* **military**: the change in the expected result of this Age's and later conflicts with both
  neighbours (a smooth function of the shield difference);
* **resources**: units the city lacks for the cards still to come and its next wonder stages,
  worth more early and when no neighbour sells them; trading discounts and chains likewise;
* **coins**: gained or paid, worth more while the city is poor and in Ages I-II;
* **denial**: the card leaves the hand passed to the next player, so a card worth a lot to them
  (a guild, a science card, their missing resource) is worth taking, burying or selling.

With Leaders (``expansions=("leaders",)``) a leader is worth what its effects add, valued by their
kinds (never by the leader's name): VP, coins, shields and science as cards are; end rewards on the
counts the city may reach by the end (:data:`FINAL_GROWTH`); discounts, trade coins and free builds
by the uses left in the game. In the draft it keeps the leader worth most net of its price; at the
recruitment turn it recruits, builds a stage with a leader or discards one for 3 coins, whichever
adds most, a leader kept for a later Age counting ``KEEP_WEIGHT`` of its worth; a card or stage
is worth the end VP its city's leaders give for it; the Courtesans Guild
copies the neighbours' leader worth most; Roma B recruits as at a recruitment turn. The recruitment
price is the state's engine's (``recruit_price`` among the rules' questions, ``rules_of`` below).

With ``payment="choose"`` it also chooses whom to pay: each coin costs its value, plus
``GIFT_PENALTY`` for feeding a rival, doubled for a rival ahead on points now; coins to the Free
City cost no penalty (it cannot win), and for the Free City's purchases the holder counts coins
paid to himself as a gain and coins to his opponent as a gift.

It reads only what the player knows: its own hand, the public cities and the discard pile it has
seen; never the other hands, the decks, nor the choices other players made this turn. A few
microseconds per legal move; the seeded generator only breaks ties. It reads a Python engine
state and a core state (``engine="core"``) alike, asking the rules' questions (payments, counts,
scores) of the state's engine (:func:`wonders_env.seven_wonders.state.rules_of`): on the core it
never imports the Python rules.
"""

from __future__ import annotations

import math
from functools import cache
from collections.abc import Sequence

import numpy as np

from wonders_env.game import Game
from wonders_env.seven_wonders.actions import LEADER_KINDS, ActionKind, num_actions
from wonders_env.seven_wonders.cards import (BLUE, COUNT_DEFEAT_TOKEN, COUNT_LEADER, COUNT_THREE_COINS,
                                             COUNT_VICTORY_TOKEN, COUNT_WONDER_STAGE, SCIENCE_ANY, SCOPE_SELF,
                                             BankPurchase, CardDatabase, Coins, CountReward, DrawLeaders, Event,
                                             EventCoins, FreeBuild, LeaderDiscount, Produce, ResourceDiscount, Science,
                                             ScienceSetBonus, SetReward, Shields, Special, TradeDiscount, VictoryPoints)
from wonders_env.seven_wonders.state import LEADER_PHASES, VICTORY_TOKEN, Phase, SevenWondersState, rules_of

from .search_values import win_and_margin

# VP-equivalents, by Age (index 0 is Age I)
RESOURCE_UNIT_VALUE = (2.0, 1.2, 0.3)
DISCOUNT_SIDE_VALUE = (0.9, 0.6, 0.15)
CHAIN_VALUE = (0.8, 0.6, 0.0)
SCIENCE_POTENTIAL = (1.6, 1.0, 0.0)
COIN_VALUE = (0.5, 0.45, 1 / 3)
POOR_COIN_BONUS = 0.25  # per coin while the city holds fewer than POOR coins
POOR = 4
FUTURE_CONFLICT_WEIGHT = 0.5
MILITARY_SLOPE = 1.2
STAGE_PROGRESS_VALUE = 0.5
GIFT_PENALTY = 0.1  # per coin paid to a neighbour (it helps a rival)
DENIAL_WEIGHT = 0.3
# play-outs of the search agent: a finished game is worth (1 - w) x the share of the win + w x the
# score margin over the best other player, through a sigmoid of scale MARGIN_SCALE points
MARGIN_SCALE, MARGIN_WEIGHT = 5.0, 0.4
# the core search's progressive widening (wonders_agents.mcts): a first move may build, sell or bury every card
SEARCH_WIDENING = 2.0
SPECIAL_VALUE = {  # per Age left in which the power can be used, the current one included
    "free_build_once_per_age": 2.0, "play_seventh_card": 1.5, "free_first_of_age": 1.5,
    "free_last_of_age": 1.5,
}
ONE_OFF_SPECIAL_VALUE = {"build_from_discard": 3.0, "copy_guild": 4.0, "free_first_of_color": 3.0}
BUILD, WONDER, FREE_BUILD, DISCARD_BUILD = (int(k) for k in (ActionKind.BUILD, ActionKind.WONDER, ActionKind.FREE_BUILD,
                                                              ActionKind.DISCARD_BUILD))
FREE_CITY_DENIAL = 3.0  # the Free City cannot win: its card is chosen to deny the opponent
# Leaders. What a city's own counts grow by over a whole game (colours by index, then the other counts;
# measured on heuristic games with Leaders)
FINAL_GROWTH = {0: 2.5, 1: 1.0, 2: 3.3, 3: 2.0, 4: 3.0, 5: 3.0, 6: 1.5, COUNT_VICTORY_TOKEN: 3.0,
                COUNT_DEFEAT_TOKEN: 2.0, COUNT_THREE_COINS: 4.0, COUNT_LEADER: 2.0}
SCIENCE_SETS_GROWTH = 1.0  # complete science sets a city adds over a whole game
SET_COLOUR_SPREAD = 2.0  # a colour the city lacks is built by the end with chance 1 - exp(-growth left / this)
UNIT_SAVED_VALUE = 0.6  # VP per resource unit a discount saves on one build
FREE_BUILD_SAVING = 2.0  # VP a build made free saves
BANK_PURCHASE_VALUE = 1.0  # per Age left (Bilkis)
EVENTS_PER_AGE = {Event.NEIGHBOUR_PURCHASE: 2.5, Event.NEW_VICTORY_TOKEN: 1.0, Event.CHAIN_BUILD: 1.0,
                  Event.YELLOW_BUILD: 0.7}
MEAN_LEADER_PRICE = 3.0
LEADER_SPECIAL_VALUE = {"defeat_tokens_to_victor": 0.3}  # per Age left
DISCARD_PICK_VALUE = 3.0  # a build from a non-empty discard pile (Solomon; as Halicarnassus's)
DRAW_LEADER_VALUE = 0.5  # per leader drawn into the Leader hand (Roma B)
KEEP_WEIGHT = 0.5  # share of a leader's net worth kept when it stays in hand for a later recruitment turn
DRAFT, RECRUIT, LEADER_WONDER, LEADER_DISCARD, COPY_LEADER = LEADER_KINDS


@cache
def _demand(db: CardDatabase) -> tuple[tuple[int, ...], ...]:
    """Per Age, the most units of each resource one card of that Age or later costs."""
    by_age = []
    for age in (1, 2, 3):
        ages = {c.type for c in db.cards if c.age >= age or c.min_players is None}
        by_age.append(tuple(max((db.types[t].resource_cost[r] for t in ages), default=0) for r in range(7)))
    return tuple(by_age)


@cache
def _copy_leader_types(db: CardDatabase) -> frozenset[int]:
    """The card types that copy a neighbour's leader (the Courtesans Guild)."""
    return frozenset(t.index for t in db.types if Special("copy_leader") in t.effects)


def action_values(state: SevenWondersState, seat: int, legal: Sequence[int], game: Game | None = None) -> np.ndarray:
    """The heuristic value, in VP-equivalents, of each action in ``legal`` for ``seat`` (``game``, the
    state's engine, is not needed: the valuation reads the state)."""
    n_types = state.db.num_types
    rules = rules_of(state)
    city = rules.acting_city(state, seat)
    phase = state.phase
    if phase == Phase.PAYMENT:
        return payment_values(state, seat, city, legal)
    if phase in LEADER_PHASES:
        return leader_action_values(state, seat, legal)
    view = _CityView(state, city)
    free_city_phase = phase == Phase.FREE_CITY
    receiver = _hand_receiver(state, seat)
    receiver_view = _CityView(state, receiver) if receiver >= 0 else None
    receiver_has = state.has_type[receiver] if receiver >= 0 else None
    card_value: dict[int, float] = {}
    denial: dict[int, float] = {}
    stage_value = None
    values = np.empty(len(legal))
    for i, action in enumerate(map(int, legal)):
        kind, card_type = divmod(action, n_types)
        if card_type not in denial:
            denial[card_type] = (DENIAL_WEIGHT * receiver_view.card_value(card_type)
                                 if receiver_view is not None and not receiver_has[card_type] else 0.0)
        if free_city_phase:  # deny the opponent the card it wants most, and earn the Free City's coins
            value = FREE_CITY_DENIAL * denial[card_type]
            if kind == BUILD:
                payment = rules.build_payment(state, city, card_type)
                to_holder = payment[1] if state.left_of(city) == seat else payment[2]
                value += view.coin_value * to_holder
            values[i] = value
            continue
        if kind in (BUILD, FREE_BUILD, DISCARD_BUILD):
            if card_type not in card_value:
                card_value[card_type] = view.card_value(card_type)
            value = card_value[card_type]
            if kind == BUILD:
                value -= view.payment_cost(rules.build_payment(state, city, card_type))
            elif kind == FREE_BUILD:
                value -= view.free_build_spent()
        elif kind == WONDER:
            if stage_value is None:
                stage_value = view.stage_value() - view.payment_cost(rules.stage_payment(state, city))
            value = stage_value
        else:  # sell
            value = 3 * view.coin_value
        values[i] = value + denial[card_type]
    return values


def payment_values(state: SevenWondersState, seat: int, city: int, legal: Sequence[int]) -> np.ndarray:
    """The value of each legal ``pay`` action of ``seat`` paying for ``city`` (see the module doc)."""
    rules = rules_of(state)
    by_left = {to_left: (to_left, to_right) for _, to_left, to_right in rules.payment_choices(state, city)}
    coin_value = _CityView(state, seat).coin_value
    my_points = rules.score_breakdown(state, seat)["total"]
    penalty = {}
    for receiver in (state.left_of(city), state.right_of(city)):
        if receiver == seat:
            penalty[receiver] = -coin_value  # the Free City paying its holder
        elif receiver == state.free_city:
            penalty[receiver] = 0.0
        else:
            ahead = rules.score_breakdown(state, receiver)["total"] > my_points
            penalty[receiver] = GIFT_PENALTY * (2 if ahead else 1)
    own_coins = 0.0 if city == state.free_city else coin_value
    values = np.empty(len(legal))
    pay_base = 5 * state.db.num_types + 1
    for i, action in enumerate(map(int, legal)):
        to_left, to_right = by_left[action - pay_base]
        values[i] = -(own_coins * (to_left + to_right) + penalty[state.left_of(city)] * to_left
                      + penalty[state.right_of(city)] * to_right)
    return values


def leader_action_values(state: SevenWondersState, seat: int, legal: Sequence[int]) -> np.ndarray:
    """The value of each legal action of ``seat`` in a Leaders phase (draft, recruitment, the
    Courtesans' copy, Roma B's recruit): see the module doc."""
    db, rules = state.db, rules_of(state)
    view = _CityView(state, seat)
    leaders_from, n_leaders = num_actions(db.num_types, state.payment), db.num_leaders
    keep = KEEP_WEIGHT if state.age < 3 else 0.0  # a leader not used at the last recruitment turn is lost
    stage_value = None
    values = np.empty(len(legal))
    for i, action in enumerate(map(int, legal)):
        kind_index, leader = divmod(action - leaders_from, n_leaders)
        kind = LEADER_KINDS[kind_index]
        if kind == COPY_LEADER:
            values[i] = view.leader_value(leader)
        elif kind == DRAFT:
            values[i] = view.net_leader_value(leader)
        elif kind == RECRUIT:
            values[i] = view.leader_value(leader) - view.coin_value * rules.recruit_price(state, seat, leader)
        else:
            if kind == LEADER_WONDER:
                if stage_value is None:
                    stage_value = view.stage_value() - view.payment_cost(rules.stage_payment(state, seat))
                value = stage_value
            else:
                value = 3 * view.coin_value
            values[i] = value - keep * max(0.0, view.net_leader_value(leader))
    return values


def _hand_receiver(state: SevenWondersState, seat: int) -> int:
    """The player who gets the rest of this hand, or -1 if nobody does (last card, discards)."""
    if state.phase not in (Phase.MAIN, Phase.FREE_CITY) or state.turn >= 6:
        return -1
    if state.free_city >= 0:
        return 1 - seat
    return state.right_of(seat) if state.age == 2 else state.left_of(seat)


class _CityView:
    """What one city's valuation needs, computed once per decision."""

    def __init__(self, state: SevenWondersState, city: int) -> None:
        self.state, self.city = state, city
        self.rules = rules_of(state)
        self.db = db = state.db
        age = self.age = state.age
        self.a = age - 1
        coins = state.coins[city]
        self.coin_value = COIN_VALUE[self.a] + (POOR_COIN_BONUS if coins < POOR and age < 3 else 0.0)
        self.left, self.right = state.left_of(city), state.right_of(city)
        self.neighbours = (self.left, self.right) if self.left != self.right else (self.left,)
        board = state.wonders[city]
        stage_need = [0] * 7
        for stage in board.stages[state.stages_built[city]:]:
            for r, units in enumerate(stage.resource_cost):
                stage_need[r] = max(stage_need[r], units)
        demand = _demand(db)[self.a]
        self.need = [max(demand[r], stage_need[r]) for r in range(7)]
        have = list(state.own_fixed[city])
        for mask in state.own_choices[city]:
            for r in range(7):
                if mask >> r & 1:
                    have[r] += 1
        self.have = have
        self.science = [int(x) for x in state.science[city]]
        self._scarcities: dict[int, float] = {}
        self.ages_left = 4 - age - state.turn / 7  # the share of the game still to play, in Ages
        owned = []  # the city's leaders (recruited and copied): their end VP per card or stage built
        if db.num_leaders and city < state.num_players:
            copied = state.copied_leader[city]
            owned = list(state.recruited[city]) + ([copied] if copied >= 0 else [])
        self.leader_rewards = [e for leader in owned for e in db.leaders[leader].effects
                               if isinstance(e, CountReward) and e.at_end and e.scope & SCOPE_SELF]

    # -- the parts of a card's value
    def card_value(self, card_type: int) -> float:
        """What building ``card_type`` adds (before paying for it)."""
        db, state, a = self.db, self.state, self.a
        value = float(db.vp[card_type])
        if db.shields[card_type]:
            value += self.military_value(db.shields[card_type])
        if db.science[card_type] >= 0:
            value += self.science_value(db.science[card_type])
        for effect in db.produces[card_type]:
            value += self.production_value(effect)
        for effect in db.discounts[card_type]:
            value += DISCOUNT_SIDE_VALUE[a] * bin(effect.scope).count("1")
        coins = db.coins[card_type]
        color = db.color[card_type]
        for reward in db.coin_rewards[card_type]:
            coins += reward.amount * self._count(reward.counted, reward.scope, color)
        value += coins * self.coin_value
        for reward in db.vp_rewards[card_type]:
            value += reward.amount * self._count(reward.counted, reward.scope, color)
        if db.wonder_bonus[card_type]:
            stages = len(state.wonders[self.city].stages)
            value += db.wonder_bonus[card_type] * (0.5 + 0.5 * (state.stages_built[self.city] == stages))
        value += sum(reward.amount for reward in self.leader_rewards if color in reward.counted)
        if card_type in _copy_leader_types(db):
            value += max((self.leader_value(leader) for n in self.neighbours for leader in state.recruited[n]),
                         default=0.0)
        if self.age < 3:
            value += CHAIN_VALUE[a] * len(db.types[card_type].chains_to)
            if color == BLUE and db.vp[card_type] and db.types[card_type].chains_to:
                value += 0.2
        return value

    def _count(self, counted: tuple[int, ...], scope: int, own_color: int) -> int:
        total = self.rules.count_items(self.state, self.city, counted, scope)
        if scope & SCOPE_SELF and own_color in counted:  # the card counts itself once built
            total += 1
        return total

    def stage_value(self) -> float:
        """What building the next wonder stage adds (before paying for it)."""
        state, city = self.state, self.city
        stage = state.wonders[city].stages[state.stages_built[city]]
        value = STAGE_PROGRESS_VALUE if state.stages_built[city] + 1 < len(state.wonders[city].stages) else 0.0
        value += sum(reward.amount for reward in self.leader_rewards if COUNT_WONDER_STAGE in reward.counted)
        for effect in stage.effects:
            if isinstance(effect, VictoryPoints):
                value += effect.points
            elif isinstance(effect, Coins):
                value += effect.coins * self.coin_value
            elif isinstance(effect, Shields):
                value += self.military_value(effect.shields)
            elif isinstance(effect, Produce):
                value += self.production_value(effect)
            elif isinstance(effect, Science):
                value += self.science_value(SCIENCE_ANY)
            elif isinstance(effect, TradeDiscount):
                value += DISCOUNT_SIDE_VALUE[self.a] * bin(effect.scope).count("1")
            elif isinstance(effect, DrawLeaders):
                value += DRAW_LEADER_VALUE * effect.count
            elif effect == Special("recruit_leader_now"):
                value += max((self.net_leader_value(leader) for leader in state.leader_hands[city]), default=0.0)
            elif isinstance(effect, Special):
                if effect.name in SPECIAL_VALUE:
                    value += SPECIAL_VALUE[effect.name] * (4 - self.age)
                else:
                    value += ONE_OFF_SPECIAL_VALUE.get(effect.name, 0.0)
        return value

    # -- leaders
    def leader_value(self, leader: int) -> float:
        """What recruiting (or copying) ``leader`` now adds, before its price: the sum of its effects'."""
        return sum(self.leader_effect_value(effect) for effect in self.db.leaders[leader].effects)

    def net_leader_value(self, leader: int) -> float:
        """A leader's worth net of its printed price."""
        return self.leader_value(leader) - self.coin_value * self.db.leaders[leader].coin_cost

    def leader_effect_value(self, effect) -> float:
        """One leader effect's worth by its kind (module doc)."""
        ages_left, share_left = self.ages_left, self.ages_left / 3
        if isinstance(effect, VictoryPoints):
            return float(effect.points)
        if isinstance(effect, Coins):
            return effect.coins * self.coin_value
        if isinstance(effect, Shields):
            return self.military_value(effect.shields)
        if isinstance(effect, Science):
            return self.science_value(effect.symbol)
        if isinstance(effect, CountReward):
            return effect.amount * sum(self.projected_count(item, effect.scope) for item in effect.counted)
        if isinstance(effect, SetReward):  # the chance of one complete set (more are rare)
            chance = 1.0
            for color in effect.colors:
                if not self.rules.count_items(self.state, self.city, (color,), SCOPE_SELF):
                    chance *= 1 - math.exp(-FINAL_GROWTH[color] * share_left / SET_COLOUR_SPREAD)
            return effect.amount * chance
        if isinstance(effect, ScienceSetBonus):
            return effect.points * (min(self.science[:3]) + SCIENCE_SETS_GROWTH * share_left)
        if isinstance(effect, ResourceDiscount):
            if effect.target == COUNT_WONDER_STAGE:
                builds = len(self.state.wonders[self.city].stages) - self.state.stages_built[self.city]
            else:
                builds = FINAL_GROWTH[effect.target] * share_left
            return UNIT_SAVED_VALUE * effect.units * builds
        if isinstance(effect, FreeBuild):
            return FREE_BUILD_SAVING * FINAL_GROWTH[effect.color] * share_left
        if isinstance(effect, BankPurchase):
            return BANK_PURCHASE_VALUE * ages_left
        if isinstance(effect, EventCoins):
            return effect.coins * EVENTS_PER_AGE[effect.event] * ages_left * self.coin_value
        if isinstance(effect, LeaderDiscount):
            if effect.free:
                saved = MEAN_LEADER_PRICE
            else:  # a discount for the neighbours only is no gain for the owner
                saved = min(effect.coins, MEAN_LEADER_PRICE) if effect.scope & SCOPE_SELF else 0.0
            return saved * (3 - self.age) * self.coin_value  # the recruitment turns after this one
        if effect == Special("build_from_discard"):
            return DISCARD_PICK_VALUE if len(self.state.discard) else 0.0
        if isinstance(effect, Special):
            return LEADER_SPECIAL_VALUE.get(effect.name, 0.0) * ages_left
        return 0.0

    def projected_count(self, item: int, scope: int) -> float:
        """The count of ``item`` (a colour or another count) in ``scope`` expected at the end of the game."""
        count = float(self.rules.count_items(self.state, self.city, (item,), scope))
        if scope & SCOPE_SELF:
            if item == COUNT_WONDER_STAGE:
                return float(len(self.state.wonders[self.city].stages))  # a city aims to finish its wonder
            count += FINAL_GROWTH[item] * self.ages_left / 3
        return count

    def free_build_spent(self) -> float:
        """Olympia A's free build is once per Age: using it early forgoes a later, dearer use."""
        return 1.0 if self.state.turn < 5 else 0.0

    def payment_cost(self, payment: tuple[int, int, int]) -> float:
        bank, to_left, to_right = payment
        return (bank + to_left + to_right) * self.coin_value + (to_left + to_right) * GIFT_PENALTY

    def production_value(self, effect: Produce) -> float:
        unit = RESOURCE_UNIT_VALUE[self.a]
        mask = effect.mask
        if mask & (mask - 1) == 0:
            r = mask.bit_length() - 1
            gained = min(effect.count, max(0, self.need[r] - self.have[r]))
            return unit * gained * self._scarcity(r) + (0.2 if effect.tradable and gained else 0.0)
        lacking = sorted((self._scarcity(r) for r in range(7)
                          if mask >> r & 1 and self.need[r] > self.have[r]), reverse=True)
        if not lacking:
            return 0.0
        return unit * (lacking[0] + 0.25 * sum(lacking[1:]))

    def _scarcity(self, resource: int) -> float:
        """1.0 when no neighbour sells ``resource``, less when they do."""
        found = self._scarcities.get(resource)
        if found is None:
            state = self.state
            sellers = 0
            for n in self.neighbours:
                if state.sell_fixed[n][resource] or any(m >> resource & 1 for m in state.sell_choices[n]):
                    sellers += 1
            found = self._scarcities[resource] = (1.0, 0.8, 0.6)[min(sellers, 2)]
        return found

    def science_value(self, symbol: int) -> float:
        s = self.science
        science_points = self.rules.science_points
        before = science_points(s[0], s[1], s[2], s[3])
        s[symbol] += 1
        after = science_points(s[0], s[1], s[2], s[3])
        s[symbol] -= 1
        return after - before + SCIENCE_POTENTIAL[self.a] * (1 + 0.3 * sum(s))

    def military_value(self, shields: int) -> float:
        state = self.state
        mine = state.shields[self.city]
        value = 0.0
        for n in self.neighbours:
            theirs = state.shields[n]
            for age in range(self.age, 4):
                weight = 1.0 if age == self.age else FUTURE_CONFLICT_WEIGHT
                win = VICTORY_TOKEN[age - 1]
                value += weight * (_expected_conflict(mine + shields - theirs, win)
                                   - _expected_conflict(mine - theirs, win))
        return value


def _expected_conflict(difference: int, win: int) -> float:
    """A smooth expected result of a conflict with this shield difference (+win ... -1)."""
    return (win + 1) / (1 + math.exp(-MILITARY_SLOPE * difference)) - 1


def search_returns(game: Game, state: SevenWondersState) -> list[float]:
    """What a finished game is worth to each player in the search agent's play-outs."""
    return win_and_margin(game, state, MARGIN_SCALE, MARGIN_WEIGHT)
