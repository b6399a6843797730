"""The rules of 7 Wonders Duel: what is legal, and what each action does to a :class:`DuelState`.

Resolution order of one decision (the rulebook; where it is silent, the project's decisions,
written down here):

1. **Draft** (A B B A, then B A A B; A = player 0). After the 8th pick Age I is laid out and
   player 0 starts it.
2. **Play**: the card leaves the structure and the cards it covered that are now open turn face
   up. Then, by kind:

   * *build*: free through a chain (Urbanism: +4 coins), else printed coins + the cheapest
     purchase of the missing resources (to the opponent when they own Economy). The card joins
     the city; its coins are counted with it in the city (the Lighthouse counts itself); shields
     move the pawn (+1 for red cards with Strategy) and loot; a science symbol may win the game
     (6 different) or, as a pair's second copy, give a progress token choice.
   * *sell*: 2 coins + 1 per own yellow card; the card goes to the discard pile.
   * *wonder*: pay its cost (Architecture waives 2 units); the card goes under it and is out of
     the game. The 7th wonder built boxes the last unbuilt one. Effects: coins, the opponent's
     loss (never below 0), shields, then the decision it asks for (destroy, Mausoleum, Great
     Library) if there is anything to decide. Play again (its own or Theology's).
3. **Sub-decisions** resolve in the same turn (a Mausoleum build may bring a science pair).
4. **End of turn**: a pending progress choice first; then, if the structure is empty, the Age
   ends (play again is lost): after Age III, civilian scoring; else the next Age is laid out and
   the player toward whose capital the pawn stands (pawn in the middle: the player who took the
   last card) chooses who starts it. Otherwise the same player plays again, or the opponent.

Military and scientific supremacy end the game at once, inside any of these steps.

A Pantheon table (``expansions=("pantheon",)``) adds its rules where :mod:`.pantheon` says: the
``activate`` action of the play phase, the tokens taken at the end of a turn (after a progress
choice, before the end of the Age), the Age II reveal, the Divine Theater after a wonder's other
decisions, the Grand Temples' and Engineering's prices, Astarte's coins (spendable after the
treasury), Minerva and Poliorcetics on the pawn, and the generic ``choose`` decision.

An Agora table (``expansions=("agora",)``) adds its rules where :mod:`.agora` says: the Senators'
price and recruitment, the decrees in the prices, sale value, chains and incomes, the ``prepare``
and ``trigger`` actions of the play phase (a trigger at the start of a turn, which then goes on),
the Agora military tokens in place of the looting tokens, Knossos and Curia Julia in the draft and
when built, and its decisions, queued and asked first at the end of every decision (in the draft,
before the next pick); political supremacy ends the game at once.
"""

from __future__ import annotations

import numpy as np

from ..game import action_number_error
from .actions import (KIND_NAMES, STARTER_ME, ActionKind, ActionTable, action_table, illegal_action_error,
                      why_illegal_for)
from .actions import IllegalActionError as IllegalActionError  # re-exported: what rules.apply_action raises
from .cards import BLUE, BROWN, COLORS, GREY, MANUFACTURED_BITS, NONE, RAW_BITS, RED, SENATOR, YELLOW, EffectKind
from .costs import discounted_prices, payment_options, purchase_cost, symbol_waived_payment, trade_prices
from . import agora, pantheon
from .scoring import built_wonders, colour_count, winners
from .state import (BOARD_TOKENS, DRAFT_ORDER, EMPTY, LOOTING_TOKENS, MAX_WONDERS_BUILT, NOBODY,
                    WONDERS_PER_ROUND, Choice, DuelState, Phase, Victory, start_age)

SELL_BASE = 2
SUPREMACY_DISTANCE = 9
SCIENCE_SUPREMACY_SYMBOLS = 6
PAIR = 2
PHASE_KINDS = {
    Phase.DRAFT: (ActionKind.DRAFT,),
    Phase.PLAY: (ActionKind.BUILD, ActionKind.SELL, ActionKind.WONDER, ActionKind.ACTIVATE,  # activate: Pantheon
                 ActionKind.PREPARE, ActionKind.TRIGGER),  # prepare, trigger: Agora
    Phase.PROGRESS: (ActionKind.PROGRESS,),
    Phase.DESTROY: (ActionKind.DESTROY,),
    Phase.MAUSOLEUM: (ActionKind.MAUSOLEUM,),
    Phase.LIBRARY: (ActionKind.LIBRARY,),
    Phase.STARTER: (ActionKind.STARTER,),
    Phase.GAME_OVER: (),
    Phase.CHOOSE: (ActionKind.CHOOSE,),
}


# ------------------------------------------------------------------------------------ costs
def _costs(state: DuelState, player: int) -> tuple[tuple[int, ...], list[int]]:
    memo = state.cost_cache[player]
    if memo is None:
        prices = trade_prices(state.production[1 - player], state.fixed_price_bits[player])
        if state.agora is not None:
            db = state.db
            prices = discounted_prices(prices, agora.decree_bits(db, state.agora, player, EffectKind.TRADE_DISCOUNT),
                                       db.agora.trade_discount_min_price)
        memo = state.cost_cache[player] = (prices, [-1] * (state.db.num_cards + state.db.num_wonders))
    return memo


def _purchase(state: DuelState, player: int, key: int) -> int:
    """Coins paid to the bank for the resources of card ``key`` (or wonder ``key - num_cards``)."""
    costs = _costs(state, player)[1]
    coins = costs[key]
    if coins < 0:
        coins = costs[key] = purchase_cost(*_purchase_inputs(state, player, key))
    return coins


def _purchase_inputs(state: DuelState, player: int, key: int) -> tuple:
    """What :func:`.costs.purchase_cost` reads for card ``key`` (or wonder ``key - num_cards``): its
    cost, the player's production and choices, their prices, the units waived (Masonry,
    Architecture, Agora's wonder discount decree)."""
    db = state.db
    prices = _costs(state, player)[0]
    if key < db.num_cards:
        cost = db.card_cost[key]
        masonry = state.player_tokens[player] >> db.masonry & 1
        waived = db.blue_discount if db.card_color[key] == BLUE and masonry else 0
    else:
        cost = db.wonder_cost[key - db.num_cards]
        waived = db.wonder_discount if state.player_tokens[player] >> db.architecture & 1 else 0
        if state.agora is not None:
            waived += agora.decree_total(db, state.agora, player, EffectKind.WONDER_DISCOUNT)
    return (cost, state.production[player], state.raw_choices[player], state.manufactured_choices[player], prices,
            waived)


def trade_price_list(state: DuelState, player: int) -> tuple[int, ...]:
    """The bank's price of one unit of each resource (W C S G P) for ``player`` now."""
    return _costs(state, player)[0]


def build_cost(state: DuelState, player: int, card: int) -> int:
    """Coins ``player`` pays to build ``card`` now (0 through a chain)."""
    if free_by_chain(state, player, card):
        return 0
    return _payment(state, player, card)[0]


def _payment(state: DuelState, player: int, card: int) -> tuple[int, int]:
    """(coins ``player`` pays to build ``card`` without a chain, the part of it paid for resources):
    printed coins and resources, Engineering's price (Pantheon), a Senator's price or a decree's
    ignored cost symbol (Agora, :func:`.costs.symbol_waived_payment`)."""
    db = state.db
    if state.agora is not None and db.card_color[card] == SENATOR:
        return agora.senator_cost(state, player), 0
    trade = _purchase(state, player, card)
    paid = db.card_coin_cost[card] + trade
    if state.pantheon is not None and _engineering_applies(state, player, card) and paid > db.engineering_price:
        return db.engineering_price, 0
    if state.agora is not None and db.card_color[card] in _symbol_waived_colours(state, player):
        return symbol_waived_payment(db.card_coin_cost[card], *_purchase_inputs(state, player, card))
    return paid, trade


def _symbol_waived_colours(state: DuelState, player: int) -> list[int]:
    bits = agora.decree_bits(state.db, state.agora, player, EffectKind.IGNORE_COST_SYMBOL)
    return [colour for colour in range(len(COLORS)) if bits >> colour & 1]


def free_by_chain(state: DuelState, player: int, card: int) -> bool:
    """Whether ``card`` is free for ``player`` through a chain (or, Pantheon, a Grand Temple's
    mythology token; Agora, the opponent's chain with the shared chains decree)."""
    db = state.db
    if db.card_chain_needs[card] & state.chains[player]:
        return True
    if (state.agora is not None and db.card_chain_needs[card] & state.chains[1 - player]
            and agora.has_decree(db, state.agora, player, EffectKind.CHAINS_FROM_OPPONENT)):
        return True
    if state.pantheon is None or db.card_temple[card] == NONE:
        return False
    tokens = db.pantheon.tokens
    return any(tokens[t].mythology == db.card_temple[card] for t in state.pantheon.tokens[player])


def _engineering_applies(state: DuelState, player: int, card: int) -> bool:
    db = state.db
    return (db.engineering != NONE and bool(state.player_tokens[player] >> db.engineering & 1)
            and (bool(db.card_chain_needs[card]) or db.card_temple[card] != NONE))


def spendable(state: DuelState, player: int) -> int:
    """The coins ``player`` may spend: the treasury and, Pantheon, the coins on Astarte."""
    if state.pantheon is None:
        return state.coins[player]
    return state.coins[player] + state.pantheon.astarte[player]


def spend(state: DuelState, player: int, coins: int) -> None:
    """Pay ``coins``: from the treasury first, then from Astarte (README decision 7)."""
    from_treasury = min(coins, state.coins[player])
    state.coins[player] -= from_treasury
    if coins > from_treasury:
        state.pantheon.astarte[player] -= coins - from_treasury


def wonder_cost(state: DuelState, player: int, wonder: int) -> int:
    """Coins ``player`` pays to build ``wonder`` now."""
    return _purchase(state, player, state.db.num_cards + wonder)  # cost cache key of the wonder


def sell_value(state: DuelState, player: int) -> int:
    value = SELL_BASE + state.color_count[player][YELLOW]
    if state.agora is not None:
        value += agora.decree_total(state.db, state.agora, player, EffectKind.DISCARD_BONUS)
    return value


# ------------------------------------------------------------------------------- legality
def legal_actions(state: DuelState) -> list[int]:
    """The legal actions of the deciding player (play actions in slot order, others ascending)."""
    phase = state.phase
    if phase == Phase.PLAY:
        return _play_actions(state)
    db = state.db
    acts = action_table(db)
    if phase == Phase.DRAFT:
        return sorted(acts.draft + w for w in state.draft_offer)
    if phase == Phase.PROGRESS:
        return [acts.progress + t for t in range(len(db.progress_tokens)) if state.board_tokens >> t & 1]
    if phase == Phase.DESTROY:
        colour = state.destroy_color
        return sorted(acts.destroy + c for c in state.city[1 - state.current] if db.card_color[c] == colour)
    if phase == Phase.MAUSOLEUM:
        return sorted(acts.mausoleum + c for c in state.discard)
    if phase == Phase.LIBRARY:
        return sorted(acts.library + t for t in state.library_offer)
    if phase == Phase.STARTER:
        return [acts.starter, acts.starter + 1]
    if phase == Phase.CHOOSE:
        return agora.choice_actions(state) if _agora_choosing(state) else pantheon.choice_actions(state)
    return []


def _agora_choosing(state: DuelState) -> bool:
    """Whether the ``choose`` decision now is Agora's (else Pantheon's)."""
    return state.agora is not None and state.agora.choice != NONE


def _play_actions(state: DuelState) -> list[int]:
    if state.pantheon is not None or state.agora is not None:
        return _expansion_play_actions(state)
    db = state.db
    acts = action_table(db)
    player = state.current
    coins = state.coins[player]
    costs = _costs(state, player)[1]  # memoised purchase costs: -1 where not computed yet
    wonders = []
    if state.wonders_built < MAX_WONDERS_BUILT:
        built, wonder_key = state.wonder_built, db.num_cards  # cost cache key of wonder w: num_cards + w
        for w in state.player_wonders[player]:
            if not built[w]:
                cost = costs[wonder_key + w]
                if (cost if cost >= 0 else _purchase(state, player, wonder_key + w)) <= coins:
                    wonders.append(w)
    chains = state.chains[player]
    actions = []
    cover_count = state.cover_count
    for s, card in enumerate(state.slot_card):
        if card == EMPTY or cover_count[s]:
            continue
        if db.card_chain_needs[card] & chains:
            actions.append(acts.build + card)
        else:
            cost = costs[card]
            if db.card_coin_cost[card] + (cost if cost >= 0 else _purchase(state, player, card)) <= coins:
                actions.append(acts.build + card)
        actions.append(acts.sell + card)
        if wonders:
            base = acts.wonder + card * db.num_wonders
            actions += [base + w for w in wonders]
    return actions


def _expansion_play_actions(state: DuelState) -> list[int]:
    """The play phase of an expansion's table: Pantheon's Astarte coins, Grand Temples, Engineering
    and activation; Agora's prices, preparing and triggering."""
    db = state.db
    acts = action_table(db)
    player = state.current
    coins = spendable(state, player)
    wonders = []
    if state.wonders_built < MAX_WONDERS_BUILT:
        wonders = [w for w in state.player_wonders[player]  # the boxed one: Anubis may unbuild the 7th
                   if not state.wonder_built[w] and w != state.boxed_wonder and wonder_cost(state, player, w) <= coins]
    actions = []
    for card in (state.slot_card[s] for s in state.accessible_slots()):
        if build_cost(state, player, card) <= coins:
            actions.append(acts.build + card)
        actions.append(acts.sell + card)
        base = acts.wonder + card * db.num_wonders
        actions += [base + w for w in wonders]
    if state.pantheon is not None:
        actions += pantheon.activation_actions(state)
    if state.agora is not None:
        senate = state.agora
        if agora.preparable(senate, player):
            actions += [acts.prepare + state.slot_card[s] for s in state.accessible_slots()]
        if senate.may_trigger:
            actions += sorted(acts.trigger + c for c in agora.triggerable(senate, player))
    return actions


def legal_action_mask(state: DuelState) -> np.ndarray:
    """int8 vector over all actions, 1 where legal."""
    acts = action_table(state.db)
    mask = np.zeros(acts.num_actions, np.int8)
    mask[legal_actions(state)] = 1
    return mask


def why_illegal(state: DuelState, action: object) -> str | None:
    """``None`` if ``action`` is legal now, else the reason in words."""
    db = state.db
    acts = action_table(db)
    not_a_number = action_number_error(action, acts.num_actions)
    if not_a_number:
        return f"it is not an action number: {not_a_number}"
    kind, index, wonder = acts.decoded[int(action)]
    phase = state.phase
    if phase == Phase.GAME_OVER:
        return "the game is over"
    if kind not in PHASE_KINDS[phase]:
        allowed = ", ".join(KIND_NAMES[k] for k in PHASE_KINDS[phase] if k in acts.kinds)
        return f"the decision now is {phase.name.lower()} (allowed kinds: {allowed}), not {KIND_NAMES[kind]}"
    player = state.current
    if kind is ActionKind.DRAFT:
        return None if index in state.draft_offer else f"{db.wonders[index].name} is not on the draft table"
    if kind in (ActionKind.BUILD, ActionKind.SELL, ActionKind.WONDER, ActionKind.PREPARE):
        card = db.cards[index].name
        if index not in [state.slot_card[s] for s in state.accessible_slots()]:
            return f"{card} is not an accessible card of the structure"
        coins = spendable(state, player)
        if kind is ActionKind.BUILD:
            cost = build_cost(state, player, index)
            if cost > coins:
                return f"building {card} costs {cost} coins and the player has {coins}"
        elif kind is ActionKind.WONDER:
            name = db.wonders[wonder].name
            if wonder not in state.player_wonders[player]:
                return f"{name} is not one of the player's wonders"
            if state.wonder_built[wonder]:
                return f"{name} is already built"
            if state.wonders_built >= MAX_WONDERS_BUILT:
                return f"{MAX_WONDERS_BUILT} wonders are already built"
            if wonder == state.boxed_wonder:  # Pantheon: Anubis unbuilt one of the 7
                return f"{name} went back to the box when the {MAX_WONDERS_BUILT}th wonder was built"
            cost = wonder_cost(state, player, wonder)
            if cost > coins:
                return f"building {name} costs {cost} coins and the player has {coins}"
        elif kind is ActionKind.PREPARE and not agora.preparable(state.agora, player):
            return "the player holds no unprepared conspiracy"
        return None
    if kind is ActionKind.TRIGGER:
        name = db.agora.conspiracies[index].name
        if not state.agora.may_trigger:
            return "a conspiracy is triggered at the start of a turn, before anything else, once"
        return None if index in agora.triggerable(state.agora, player) else \
            f"the player holds no prepared {name}"
    if kind is ActionKind.ACTIVATE:
        return pantheon.why_not_activate(state, index, wonder)
    if kind is ActionKind.CHOOSE:
        return agora.why_not_choose(state, index) if _agora_choosing(state) else pantheon.why_not_choose(state, index)
    if kind is ActionKind.PROGRESS:
        return None if state.board_tokens >> index & 1 else f"{db.progress_tokens[index].name} is not on the board"
    if kind is ActionKind.DESTROY:
        card = db.cards[index]
        if index not in state.city[1 - player] or card.color != state.destroy_color:
            return f"{card.name} is not a {COLORS[state.destroy_color]} card of the opponent's city"
        return None
    if kind is ActionKind.MAUSOLEUM:
        return None if index in state.discard else f"{db.cards[index].name} is not in the discard pile"
    if kind is ActionKind.LIBRARY:
        return None if index in state.library_offer else \
            f"{db.progress_tokens[index].name} is not among the tokens the Great Library drew"
    return None  # STARTER: both choices are always legal


def check_legal(state: DuelState, action: object) -> None:
    """Raise :class:`IllegalActionError` naming the action, the reason and the legal actions."""
    acts = action_table(state.db)
    why = why_illegal_for(acts, action, state.current, [state.current], lambda: why_illegal(state, action))
    if why is not None:
        raise illegal_action_error(acts, why, legal_actions(state))


# ---------------------------------------------------------------------------- resolution
def apply_action(state: DuelState, action: int) -> None:
    """Play ``action`` for the deciding player (checked; raises IllegalActionError)."""
    check_legal(state, action)
    resolve_action(state, int(action))


def resolve_action(state: DuelState, action: int) -> None:
    """Play an action known to be legal (taken from :func:`legal_actions`), unchecked."""
    kind, index, wonder = action_table(state.db).decoded[action]
    _HANDLERS[kind](state, action, index, wonder)


def _draft(state: DuelState, action: int, wonder: int, _: int) -> None:
    player = state.current
    state.draft_offer.remove(wonder)
    state.player_wonders[player].append(wonder)
    state.log.append((player, action, 0))
    state.draft_step += 1
    if state.draft_step == WONDERS_PER_ROUND:
        state.draft_offer = state.wonder_order[WONDERS_PER_ROUND:2 * WONDERS_PER_ROUND]
    if state.agora is not None:
        agora.draft_effects(state, player, wonder)
    _continue_draft(state)


def _continue_draft(state: DuelState) -> None:
    """The next pick (after Agora's decisions of a wonder taken), or Age I after the last."""
    if state.agora is not None and state.agora.steps and agora.run_steps(state):
        return
    if state.draft_step == len(DRAFT_ORDER):
        start_age(state, 1)
        state.turn_player = DRAFT_ORDER[0]
        start_turn(state)
    else:
        state.phase, state.current = Phase.DRAFT, DRAFT_ORDER[state.draft_step]


def take_from_structure(state: DuelState, card: int) -> None:
    slot = state.slot_card.index(card)
    state.slot_card[slot] = EMPTY
    state.cards_left -= 1
    cover_count = state.cover_count
    for below in state.db.layouts[state.age - 1].covers[slot]:
        cover_count[below] -= 1
        if not cover_count[below]:
            state.face_up[below] = True
            if state.pantheon is not None:
                pantheon.free_token(state, below)


def _pay_resources(state: DuelState, player: int, coins: int) -> None:
    """Trade payments go to the bank, or to the opponent who owns Economy."""
    if coins and state.player_tokens[1 - player] >> state.db.economy & 1:
        state.coins[1 - player] += coins


def _build(state: DuelState, action: int, card: int, _: int) -> None:
    db = state.db
    player = state.current
    take_from_structure(state, card)
    if free_by_chain(state, player, card):
        paid = 0
        if state.player_tokens[player] >> db.urbanism & 1:
            state.coins[player] += db.urbanism_chain_coins
    else:
        paid, trade = _payment(state, player, card)
        spend(state, player, paid)
        _pay_resources(state, player, trade)
    state.log.append((player, action, paid))
    add_building(state, player, card)
    if state.agora is not None and state.phase != Phase.GAME_OVER:
        agora.card_built(state, player, card)
    if state.phase != Phase.GAME_OVER:
        end_turn(state)


def _sell(state: DuelState, action: int, card: int, _: int) -> None:
    player = state.current
    take_from_structure(state, card)
    state.coins[player] += sell_value(state, player)
    state.discard.append(card)
    state.log.append((player, action, 0))
    end_turn(state)


def _wonder(state: DuelState, action: int, card: int, wonder: int) -> None:
    player = state.current
    take_from_structure(state, card)
    paid = wonder_cost(state, player, wonder)
    spend(state, player, paid)
    _pay_resources(state, player, paid)
    state.log.append((player, action, paid))
    build_wonder(state, player, wonder, card)


def build_wonder(state: DuelState, player: int, wonder: int, card: int) -> None:
    """``player``'s ``wonder`` is built with ``card`` under it (paid already): its effects, then the
    decision it asks for, or the end of the turn."""
    db = state.db
    opponent = 1 - player
    state.wonder_built[wonder] = True
    state.wonder_card[wonder] = card
    state.wonders_built += 1
    if state.wonders_built == MAX_WONDERS_BUILT and state.boxed_wonder == EMPTY:
        state.boxed_wonder = next((w for p in (0, 1) for w in state.player_wonders[p] if not state.wonder_built[w]),
                                  EMPTY)  # none left unbuilt: Agora's Sabotage boxed one
    if db.wonder_choice[wonder]:
        add_choice(state, player, db.wonder_choice[wonder])
        state.cost_cache[player] = None
    state.coins[player] += db.wonder_coins[wonder]
    if db.wonder_opponent_loses[wonder]:
        state.coins[opponent] -= min(db.wonder_opponent_loses[wonder], state.coins[opponent])
    if db.wonder_shields[wonder]:
        move_pawn(state, player, db.wonder_shields[wonder])
        if state.phase == Phase.GAME_OVER:
            return
    state.play_again = db.wonder_play_again[wonder] or bool(state.player_tokens[player] >> db.theology & 1)
    if state.agora is not None:
        agora.wonder_built(state, player, wonder)
    colour = db.wonder_destroy[wonder]
    if colour != NONE and any(db.card_color[c] == colour for c in state.city[opponent]):
        state.phase, state.destroy_color = Phase.DESTROY, colour
    elif db.wonder_from_discard[wonder] and state.discard:
        state.phase = Phase.MAUSOLEUM
    elif db.wonder_library_draw[wonder]:
        state.library_offer = library_draw(state, db.wonder_library_draw[wonder])
        state.library_used = True
        state.phase = Phase.LIBRARY
    elif not (db.wonder_theater[wonder] and pantheon.open_theater(state)):
        end_turn(state)


def library_draw(state: DuelState, count: int) -> list[int]:
    """The set-aside tokens the Great Library draws: the first ``count`` of the set-aside order (with
    Agora, of those nobody took with Espionage nor locked with Obscurantism, nor on Enki); built again after
    Anubis, the next ``count``, never those drawn before (a project decision: pantheon.py)."""
    tokens = agora.set_aside_tokens(state) if state.agora is not None else state.token_order[BOARD_TOKENS:]
    first = count if state.library_used else 0
    return tokens[first:first + count]


def _progress(state: DuelState, action: int, token: int, _: int) -> None:
    player = state.current
    state.board_tokens &= ~(1 << token)
    state.log.append((player, action, 0))
    take_token(state, player, token)
    if state.phase != Phase.GAME_OVER:
        end_turn(state)


def _destroy(state: DuelState, action: int, card: int, _: int) -> None:
    player, opponent = state.current, 1 - state.current
    state.log.append((player, action, 0))
    remove_from_city(state, opponent, card)
    state.discard.append(card)
    state.destroy_color = NONE
    end_turn(state)


def remove_from_city(state: DuelState, owner: int, card: int) -> None:
    """Take ``card`` out of ``owner``'s city with what it gives while there: its production, its
    choice of goods, its fixed prices, its chain symbol and its science symbol (the Statue of
    Zeus and Baal take brown and grey cards; Agora's conspiracies blue, green and yellow ones).
    What it gave once (coins, shields) stays given."""
    db = state.db
    city = state.city[owner]
    city.remove(card)
    state.owned[owner, card] = 0
    state.color_count[owner][db.card_color[card]] -= 1
    production = db.card_production[card]
    state.production[owner] = [a - b for a, b in zip(state.production[owner], production)]
    if db.card_choice[card]:
        add_choice(state, owner, db.card_choice[card], -1)
    if db.card_trade_fixed[card]:
        state.fixed_price_bits[owner] = _bits_of(city, db.card_trade_fixed)
    if db.card_chain_gives[card]:
        state.chains[owner] = _bits_of(city, db.card_chain_gives)
    if db.card_science[card] != NONE:
        state.science[owner][db.card_science[card]] -= 1
    state.clear_caches()


def _bits_of(cards: list[int], table: tuple[int, ...]) -> int:
    bits = 0
    for card in cards:
        bits |= table[card]
    return bits


def _mausoleum(state: DuelState, action: int, card: int, _: int) -> None:
    player = state.current
    state.discard.remove(card)
    state.log.append((player, action, 0))
    add_building(state, player, card)
    if state.agora is not None and state.phase != Phase.GAME_OVER:
        agora.card_built(state, player, card)
    if state.phase != Phase.GAME_OVER:
        end_turn(state)


def _library(state: DuelState, action: int, token: int, _: int) -> None:
    player = state.current
    state.library_offer = []
    state.log.append((player, action, 0))
    take_token(state, player, token)
    if state.phase != Phase.GAME_OVER:
        end_turn(state)


def _starter(state: DuelState, action: int, choice: int, _: int) -> None:
    chooser = state.current
    state.log.append((chooser, action, 0))
    state.turn_player = chooser if choice == STARTER_ME else 1 - chooser
    start_turn(state)


def _activate(state: DuelState, action: int, space: int, offerings: int) -> None:
    pantheon.activate(state, action, space, offerings)


def _choose(state: DuelState, action: int, item: int, _: int) -> None:
    if _agora_choosing(state):
        agora.choose(state, action, item)
    else:
        pantheon.choose(state, action, item)


def _prepare(state: DuelState, action: int, card: int, _: int) -> None:
    player = state.current
    take_from_structure(state, card)
    state.log.append((player, action, 0))
    agora.prepare(state, player, card)
    end_turn(state)


def _trigger(state: DuelState, action: int, conspiracy: int, _: int) -> None:
    """A conspiracy triggered at the start of the turn: the turn goes on after it (``end_turn``)."""
    player = state.current
    state.log.append((player, action, 0))
    state.agora.may_trigger, state.agora.triggering = False, True
    agora.trigger(state, player, conspiracy)
    if state.phase != Phase.GAME_OVER:
        end_turn(state)


#: the last four: expansion tables (:mod:`.pantheon` and :mod:`.agora`, which import this module)
_HANDLERS = (_draft, _build, _sell, _wonder, _progress, _destroy, _mausoleum, _library, _starter,
             _activate, _choose, _prepare, _trigger)


# ------------------------------------------------------------------------------- effects
def add_choice(state: DuelState, player: int, bits: int, units: int = 1) -> None:
    """Give ``player`` ``units`` more (-1: one less) to produce each turn among the raw (or
    manufactured) goods."""
    if bits == RAW_BITS:
        state.raw_choices[player] += units
    elif bits == MANUFACTURED_BITS:
        state.manufactured_choices[player] += units


def add_building(state: DuelState, player: int, card: int) -> None:
    """Put ``card`` in ``player``'s city and apply what it does when built (already paid)."""
    db = state.db
    state.city[player].append(card)
    state.owned[player, card] = 1
    colour = db.card_color[card]
    state.color_count[player][colour] += 1
    state.chains[player] |= db.card_chain_gives[card]
    if db.card_changes_costs[card]:
        production = db.card_production[card]
        state.production[player] = [a + b for a, b in zip(state.production[player], production)]
        if db.card_choice[card]:
            add_choice(state, player, db.card_choice[card])
        state.fixed_price_bits[player] |= db.card_trade_fixed[card]
        state.cost_cache[player] = None
        if colour == BROWN or colour == GREY:
            state.cost_cache[1 - player] = None
    if db.card_has_income[card]:
        state.coins[player] += income(state, player, card)
    shields = db.card_shields[card]
    if shields:
        if colour == RED and state.player_tokens[player] >> db.strategy & 1:
            shields += db.strategy_shields
        move_pawn(state, player, shields)
    if db.card_science[card] != NONE:
        gain_symbol(state, player, db.card_science[card])


def income(state: DuelState, player: int, card: int) -> int:
    """Coins ``card`` gives when built, counted with the card already in the city."""
    db = state.db
    coins = db.card_coins[card]
    per_card, colours = db.card_coins_per_card[card]
    if per_card:
        coins += per_card * colour_count(state, player, colours)
    if db.card_coins_per_wonder[card]:
        coins += db.card_coins_per_wonder[card] * len(built_wonders(state, player))
    per_card, colours = db.card_guild_coins[card]
    if per_card:
        coins += per_card * max(colour_count(state, 0, colours), colour_count(state, 1, colours))
    return coins


def move_pawn(state: DuelState, player: int, shields: int) -> None:
    """Move the pawn toward the opponent's capital; loot; military supremacy at the capital."""
    loser = 1 - player
    pawn = state.pawn + (shields if player == 0 else -shields)
    pawn = max(-SUPREMACY_DISTANCE, min(SUPREMACY_DISTANCE, pawn))
    if state.pantheon is not None:
        pawn = pantheon.pawn_stop(state, state.pawn, pawn)
        db = state.db
        if db.poliorcetics != NONE and state.player_tokens[player] >> db.poliorcetics & 1:
            state.coins[loser] -= min(db.poliorcetics_coins * abs(pawn - state.pawn), state.coins[loser])
    state.pawn = pawn
    distance = pawn if loser == 1 else -pawn
    for i, (victim, threshold, coins) in enumerate(LOOTING_TOKENS):
        if victim == loser and state.looting[i] and distance >= threshold:
            state.looting[i] = False
            if state.agora is not None:
                agora.military_token(state, player, threshold)
            else:
                state.coins[loser] -= min(coins, state.coins[loser])
    if distance >= SUPREMACY_DISTANCE:
        game_over(state, (player,), Victory.MILITARY)


def gain_symbol(state: DuelState, player: int, symbol: int) -> None:
    science = state.science[player]
    science[symbol] += 1
    if science[symbol] == 1:
        if sum(1 for n in science if n) >= SCIENCE_SUPREMACY_SYMBOLS:
            game_over(state, (player,), Victory.SCIENCE)
    elif science[symbol] == PAIR and state.board_tokens:
        state.pending_progress = True


def take_token(state: DuelState, player: int, token: int) -> None:
    """``player`` takes progress ``token`` (off the board already): its coins and symbol now."""
    db = state.db
    state.player_tokens[player] |= 1 << token
    state.coins[player] += db.token_coins[token]
    if token == db.masonry or token == db.architecture:
        state.cost_cache[player] = None
    if db.token_science[token] != NONE:
        gain_symbol(state, player, db.token_science[token])


def end_turn(state: DuelState) -> None:
    """After a decision: Agora's waiting decisions (and, in the draft, the draft going on), a
    pending progress choice, Pantheon's tokens, the turn going on after a conspiracy triggered at
    its start, the end of the Age, or the next turn."""
    senate = state.agora
    if senate is not None:
        if state.age == 0:
            _continue_draft(state)
            return
        if senate.steps and agora.run_steps(state):
            return
    if state.pending_progress:
        state.pending_progress = False
        state.phase, state.current = Phase.PROGRESS, state.turn_player
        return
    if state.pantheon is not None and state.pantheon.pending_tokens and pantheon.take_pending_tokens(state):
        return
    if senate is not None and senate.triggering:
        senate.triggering = False
        if state.cards_left:
            state.phase, state.current = Phase.PLAY, state.turn_player
            return
    if not state.cards_left:
        state.play_again = False
        end_age(state)
        return
    if state.play_again:
        state.play_again = False
    else:
        state.turn_player = 1 - state.turn_player
    start_turn(state)


def start_turn(state: DuelState) -> None:
    """The turn player's turn begins (with Agora: a conspiracy may be triggered first)."""
    state.phase, state.current = Phase.PLAY, state.turn_player
    if state.agora is not None:
        state.agora.may_trigger = True


def end_age(state: DuelState) -> None:
    """End the current Age: civilian scoring after Age III, else lay out the next structure and
    ask who starts it."""
    if state.age == 3:
        game_over(state, winners(state), Victory.CIVILIAN)
        return
    start_age(state, state.age + 1)
    if state.pantheon is not None and state.age == state.db.pantheon.first_activation_age:
        pantheon.reveal(state)
    state.phase = Phase.STARTER
    state.current = 1 if state.pawn > 0 else 0 if state.pawn < 0 else state.turn_player


def game_over(state: DuelState, winners: tuple[int, ...], victory: Victory) -> None:
    state.phase, state.current = Phase.GAME_OVER, NOBODY
    state.winners, state.victory = winners, victory
    state.pending_progress = state.play_again = False


# ---------------------------------------------------------------- slow reference legality
def reference_cost(state: DuelState, player: int, card: int | None = None, wonder: int | None = None) -> int:
    """Coins to build ``card`` (or ``wonder``), recomputed from the cities alone: every way to
    pay is listed (:func:`costs.payment_options`) and the cheapest taken. Slow."""
    db = state.db
    opponent = 1 - player
    production = [sum(db.card_production[c][r] for c in state.city[player]) for r in range(5)]
    opponent_production = [sum(db.card_production[c][r] for c in state.city[opponent]) for r in range(5)]
    choices = [db.card_choice[c] for c in state.city[player] if db.card_choice[c]]
    choices += [db.wonder_choice[w] for w in built_wonders(state, player) if db.wonder_choice[w]]
    fixed_bits = 0
    for c in state.city[player]:
        fixed_bits |= db.card_trade_fixed[c]
    prices = [1 if fixed_bits >> r & 1 else 2 + opponent_production[r] for r in range(5)]
    decrees = _reference_decrees(state, player)
    for effect in decrees:
        if effect.kind is EffectKind.TRADE_DISCOUNT:
            prices = [max(price - 1, 1) if effect.what >> r & 1 else price for r, price in enumerate(prices)]
    owns = set(t for t in range(len(db.progress_tokens)) if state.player_tokens[player] >> t & 1)
    if wonder is not None:
        waived = (db.wonder_discount if db.architecture in owns else 0) + sum(
            e.amount for e in decrees if e.kind is EffectKind.WONDER_DISCOUNT)
        options = payment_options(db.wonder_cost[wonder], production, choices, prices, waived)
        return min(option.coins for option in options)
    if db.cards[card].color == SENATOR:
        return 0 if db.corruption in owns else sum(db.cards[c].color == SENATOR for c in state.city[player])
    symbols = {db.cards[c].chain_gives for c in state.city[player]}
    if any(e.kind is EffectKind.CHAINS_FROM_OPPONENT for e in decrees):
        symbols |= {db.cards[c].chain_gives for c in state.city[opponent]}
    if db.cards[card].chain_needs != NONE and db.cards[card].chain_needs in symbols:
        return 0
    temple = db.card_temple[card]
    if temple != NONE and any(db.pantheon.tokens[t].mythology == temple for t in state.pantheon.tokens[player]):
        return 0
    waived = db.blue_discount if db.cards[card].color == BLUE and db.masonry in owns else 0
    options = payment_options(db.cards[card].cost, production, choices, prices, waived)
    cost = db.cards[card].coin_cost + min(option.coins for option in options)
    if db.engineering in owns and (db.cards[card].chain_needs != NONE or temple != NONE):
        cost = min(cost, db.engineering_price)
    if any(e.kind is EffectKind.IGNORE_COST_SYMBOL and e.what == db.cards[card].color for e in decrees):
        fewer = payment_options(db.cards[card].cost, production, choices, prices, waived + 1)
        cost = min(cost, db.cards[card].coin_cost + min(option.coins for option in fewer))  # a resource ignored
        cost = min(cost, min(option.coins for option in options))  # the coins ignored
    return cost


def _reference_decrees(state: DuelState, player: int) -> list:
    """Agora: the effects of the decrees of the chambers where ``player`` has more cubes."""
    if state.agora is None:
        return []
    cubes = state.agora.cubes
    return [effect for chamber, decrees in enumerate(state.agora.decrees)
            if cubes[player][chamber] > cubes[1 - player][chamber]
            for decree in decrees for effect in state.db.agora.decrees[decree].effects]


def _decode_slowly(acts: ActionTable, action: int) -> tuple[ActionKind, int, int]:
    """Decode from the documented ranges, without the table of decoded actions."""
    num_wonders = acts.db.num_wonders
    for kind in reversed(acts.kinds):
        if action >= acts.kind_offsets[kind]:
            index = action - acts.kind_offsets[kind]
            if kind is ActionKind.WONDER:
                return kind, index // num_wonders, index % num_wonders
            if kind is ActionKind.ACTIVATE:
                return kind, index // 8, index % 8
            return kind, index, 0
    raise ValueError(action)


def _reference_pantheon_items(state: DuelState) -> set[int]:
    """The ``choose`` indices of the named set now, from the rules text (:mod:`.pantheon`)."""
    from .actions import Item  # the reference's own look-ups
    db, pantheon_state = state.db, state.pantheon
    acts = action_table(db)
    player, opponent = state.current, 1 - state.current
    choice = Choice(pantheon_state.choice)
    unbuilt = {p: [w for w in state.player_wonders[p] if not state.wonder_built[w] and w != state.boxed_wonder]
               for p in (0, 1)}
    items = {
        Choice.PLACE_DIVINITY: pantheon_state.drawn,
        Choice.PLACE_SPACE: [s for s in range(6) if pantheon_state.spaces[s] == EMPTY],
        Choice.ENKI_TOKEN: pantheon_state.enki_tokens,
        Choice.NISABA_CARD: [c for c in state.city[opponent] if db.cards[c].color == COLORS.index("green")],
        Choice.BAAL_CARD: [c for c in state.city[opponent] if db.cards[c].color in (BROWN, GREY)],
        Choice.HADES_CARD: state.discard,
        Choice.ZEUS_CARD: [s for s in range(len(state.slot_card)) if state.slot_card[s] != EMPTY],
        Choice.ANUBIS_WONDER: [w for w in range(db.num_wonders) if state.wonder_built[w]],
        Choice.ISIS_CARD: state.discard,
        Choice.ISIS_WONDER: unbuilt[player] if sum(state.wonder_built) < MAX_WONDERS_BUILT else [],
        Choice.RA_WONDER: unbuilt[opponent],
        Choice.MINERVA_SPACE: range(19),
        Choice.NEPTUNE_DISCARD: [t for t in range(4) if state.looting[t]],
        Choice.NEPTUNE_APPLY: [t for t in range(4) if state.looting[t]],
        Choice.GATE_DIVINITY: [deck[0] for deck in pantheon_state.decks if deck],
        Choice.THEATER_MYTHOLOGY: [m for m in range(5) if pantheon_state.decks[m]],
        Choice.THEATER_DIVINITY: pantheon_state.drawn,
        Choice.THEATER_TOP: pantheon_state.drawn,
    }[choice]
    kind = {"card": Item.CARD, "wonder": Item.WONDER, "token": Item.TOKEN, "divinity": Item.DIVINITY,
            "space": Item.SPACE, "mythology": Item.MYTHOLOGY, "track": Item.TRACK,
            "military_token": Item.MILITARY_TOKEN, "slot": Item.SLOT}[pantheon.CHOICE_ITEM[choice].name.lower()]
    return {acts.item_offsets[kind] + i for i in items}


def _reference_activation_legal(state: DuelState, space: int, offerings: int) -> bool:
    """Whether activating ``space`` with the offering bits is legal, from the rules text."""
    db, pantheon_state = state.db, state.pantheon
    tables = db.pantheon
    player = state.current
    divinity = pantheon_state.spaces[space]
    if state.age < 2 or divinity == EMPTY:
        return False
    used = [tables.offering_tokens[i] for i in range(3) if offerings >> i & 1]
    if any(t not in pantheon_state.tokens[player] for t in used):
        return False
    price = tables.space_prices[player][space] * (2 if tables.divinities[divinity].name == "Gate" else 1)
    if any(db.wonders[w].name == "The Sanctuary" for w in built_wonders(state, player)):
        price -= 2
    price = max(0, price - sum(tables.tokens[t].discount for t in used))
    return price <= state.coins[player] + pantheon_state.astarte[player]


def _reference_agora_items(state: DuelState, accessible: set[int]) -> set[int]:
    """The ``choose`` indices of Agora's set now, from the rules text (:mod:`.agora`)."""
    from .actions import CONSPIRE, BOTTOM, STOP, TOP, Item
    from .cards import GUILD_DECK, TEMPLE_DECK
    db, senate = state.db, state.agora
    acts = action_table(db)
    player, opponent = state.current, 1 - state.current
    choice, argument = Choice(senate.choice), senate.argument
    chambers = range(db.agora.num_chambers)
    cubes_left = sum(senate.cubes[player]) < db.agora.cubes_per_player
    place_any = {(Item.CHAMBER, c) for c in chambers if cubes_left}
    moves = {(Item.SENATE_MOVE, i) for i, (source, _) in enumerate(acts.senate_moves) if senate.cubes[player][source]}
    owned = state.player_tokens[0] | state.player_tokens[1]
    locked = [token for token, _, _ in senate.locked] + (state.pantheon.enki_tokens if state.pantheon else [])
    set_aside = [t for t in state.token_order[BOARD_TOKENS:] if not owned >> t & 1 and t not in locked]
    board = [t for t in range(db.num_tokens) if state.board_tokens >> t & 1]
    theirs = [c for c in state.city[opponent]]
    colours = {db.cards[c].color for c in state.city[player]}
    wonders = [w for w in state.player_wonders[opponent] if w != state.boxed_wonder]
    first_row = [c for s, c in enumerate(state.slot_card) if state.age and db.layouts[state.age - 1].row[s] == 0
                 and c != EMPTY and db.cards[c].color != SENATOR]
    what = getattr(argument, "what", 0)  # a conspiracy's effect
    politician = argument if choice is Choice.SENATE_ACTION else 0
    cards = {
        Choice.DESTROY_CARD: [c for c in theirs if db.cards[c].color == what],
        Choice.FIRST_ROW_CARD: first_row,
        Choice.BOXED_CARD: [c for boxed in state.boxed[:state.age] for c in boxed
                            if db.cards[c].deck not in (GUILD_DECK, TEMPLE_DECK)],
        Choice.DISCARD_ACCESSIBLE: accessible,
        Choice.TAKE_CARD: [c for c in theirs if what >> db.cards[c].color & 1],
        Choice.SWAP_TAKE: [c for c in theirs if what >> db.cards[c].color & 1 and db.cards[c].color in colours],
        Choice.SWAP_GIVE: [c for c in state.city[player] if db.cards[c].color == argument and c != senate.chosen],
    }
    items = {
        Choice.SENATE_ACTION: {(Item.CHAMBER, c) for c in chambers if cubes_left and politician >> c & 1} | moves,
        Choice.CONSPIRATOR: place_any | ({(Item.OPTION, CONSPIRE)} if senate.conspiracy_deck else set()),
        Choice.KEEP_CONSPIRACY: {(Item.CONSPIRACY, c) for c in senate.drawn},
        Choice.PUT_BACK: {(Item.OPTION, TOP), (Item.OPTION, BOTTOM)},
        Choice.PLACE_INFLUENCE: place_any,
        Choice.REMOVE_INFLUENCE: {(Item.CHAMBER, c) for c in chambers if senate.cubes[opponent][c]},
        Choice.MOVE_INFLUENCE: moves,
        Choice.PREPARE_CONSPIRACY: {(Item.CONSPIRACY, c) for c, card in zip(senate.conspiracies[player],
                                                                                     senate.prepared[player])
                                             if card == EMPTY},
        Choice.CURIA_TRIGGER: {(Item.CONSPIRACY, c) for c in senate.conspiracies[player]},
        Choice.STEAL_WONDER: {(Item.WONDER, w) for w in wonders if not state.wonder_built[w]},
        Choice.BOX_WONDER: {(Item.WONDER, w) for w in wonders if state.wonder_built[w]},
        Choice.LOCK_TOKEN: {(Item.TOKEN, t) for t in board + set_aside
                                     + [t for t in range(db.num_tokens) if state.player_tokens[opponent] >> t & 1]},
        Choice.SET_ASIDE_TOKEN: {(Item.TOKEN, t) for t in set_aside},
        Choice.PAIR_TOKEN: {(Item.TOKEN, t) for t in board},
        Choice.DECREE_FROM: {(Item.CHAMBER, c) for c in chambers if senate.decrees[c]},
        Choice.DECREE_TO: {(Item.CHAMBER, c) for c in chambers if c != argument},
    }.get(choice)
    if items is None:
        items = {(Item.CARD, c) for c in cards[choice]}
    if senate.optional:
        items.add((Item.OPTION, STOP))
    return {acts.item_offsets[kind] + i for kind, i in items}


def legal_actions_reference(state: DuelState) -> list[int]:
    """The legal actions, enumerated action by action from the rules text: slow, and
    independent of the incremental counters and cost caches that :func:`legal_actions` uses."""
    db = state.db
    acts = action_table(db)
    player, opponent = state.current, 1 - state.current
    layout = db.layouts[state.age - 1] if state.age else None
    accessible = set()
    if layout is not None:
        for s in range(len(layout.row)):
            if state.slot_card[s] != EMPTY and all(state.slot_card[t] == EMPTY for t in layout.covered_by[s]):
                accessible.add(state.slot_card[s])
    legal = []
    coins = state.coins[player] + (state.pantheon.astarte[player] if state.pantheon is not None else 0)
    choice_items = set()
    if state.phase == Phase.CHOOSE:
        choice_items = (_reference_agora_items(state, accessible) if _agora_choosing(state)
                        else _reference_pantheon_items(state))
    for action in range(acts.num_actions):
        kind, index, wonder = _decode_slowly(acts, action)
        if state.phase == Phase.DRAFT:
            ok = kind is ActionKind.DRAFT and index in state.draft_offer
        elif state.phase == Phase.PLAY:
            if kind is ActionKind.SELL:
                ok = index in accessible
            elif kind is ActionKind.BUILD:
                ok = index in accessible and reference_cost(state, player, card=index) <= coins
            elif kind is ActionKind.WONDER:
                ok = (index in accessible and wonder in state.player_wonders[player]
                      and not state.wonder_built[wonder] and wonder != state.boxed_wonder
                      and sum(state.wonder_built) < MAX_WONDERS_BUILT
                      and reference_cost(state, player, wonder=wonder) <= coins)
            elif kind is ActionKind.ACTIVATE:
                ok = _reference_activation_legal(state, index, wonder)
            elif kind is ActionKind.PREPARE:
                ok = index in accessible and EMPTY in state.agora.prepared[player]
            elif kind is ActionKind.TRIGGER:
                held = dict(zip(state.agora.conspiracies[player], state.agora.prepared[player]))
                ok = state.agora.may_trigger and held.get(index, EMPTY) != EMPTY
            else:
                ok = False
        elif state.phase == Phase.PROGRESS:
            ok = kind is ActionKind.PROGRESS and bool(state.board_tokens >> index & 1)
        elif state.phase == Phase.DESTROY:
            ok = (kind is ActionKind.DESTROY and index in state.city[opponent]
                  and db.cards[index].color == state.destroy_color)
        elif state.phase == Phase.MAUSOLEUM:
            ok = kind is ActionKind.MAUSOLEUM and index in state.discard
        elif state.phase == Phase.LIBRARY:
            ok = kind is ActionKind.LIBRARY and index in state.library_offer
        elif state.phase == Phase.STARTER:
            ok = kind is ActionKind.STARTER
        elif state.phase == Phase.CHOOSE:
            ok = kind is ActionKind.CHOOSE and index in choice_items
        else:
            ok = False
        if ok:
            legal.append(action)
    return legal
