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
"""

from __future__ import annotations

import numpy as np

from .actions import (BUILD, DECODED, DESTROY, DRAFT, KIND_NAMES, KIND_OFFSETS, LIBRARY, MAUSOLEUM,
                      NUM_ACTIONS, PROGRESS, SELL, STARTER, STARTER_ME, WONDER, ActionKind,
                      describe_action)
from .cards import (ARCHITECTURE, BLUE, BLUE_DISCOUNT, BROWN, CARD_CHAIN_NEEDS, CARD_CHANGES_COSTS,
                    CARD_CHAIN_GIVES, CARD_CHOICE, CARD_COIN_COST, CARD_COINS, CARD_COINS_PER_CARD,
                    CARD_COINS_PER_WONDER, CARD_COLOR, CARD_COST, CARD_GUILD_COINS, CARD_HAS_INCOME,
                    CARD_PRODUCTION, CARD_SCIENCE, CARD_SHIELDS, CARD_TRADE_FIXED, CARDS, COLORS,
                    ECONOMY, GREY, LAYOUTS, MANUFACTURED_BITS, MASONRY, NONE, NUM_CARDS, NUM_SLOTS,
                    NUM_WONDERS, PROGRESS_TOKENS, RAW_BITS, RED, STRATEGY, STRATEGY_SHIELDS,
                    THEOLOGY, TOKEN_COINS, TOKEN_SCIENCE, URBANISM, URBANISM_CHAIN_COINS, WONDER_CHOICE,
                    WONDER_COINS, WONDER_COST, WONDER_DESTROY, WONDER_DISCOUNT, WONDER_FROM_DISCARD,
                    WONDER_LIBRARY_DRAW, WONDER_OPPONENT_LOSES, WONDER_PLAY_AGAIN, WONDER_SHIELDS,
                    WONDERS, YELLOW)
from .costs import payment_options, purchase_cost, trade_prices
from .scoring import built_wonders, civilian_winners, colour_count
from .state import (BOARD_TOKENS, DRAFT_ORDER, EMPTY, LOOTING_TOKENS, MAX_WONDERS_BUILT, NOBODY,
                    WONDERS_PER_ROUND, DuelState, Phase, Victory, lay_out_age)

SELL_BASE = 2
SUPREMACY_DISTANCE = 9
SCIENCE_SUPREMACY_SYMBOLS = 6
PAIR = 2
PHASE_KINDS = {
    Phase.DRAFT: (ActionKind.DRAFT,),
    Phase.PLAY: (ActionKind.BUILD, ActionKind.SELL, ActionKind.WONDER),
    Phase.PROGRESS: (ActionKind.PROGRESS,),
    Phase.DESTROY: (ActionKind.DESTROY,),
    Phase.MAUSOLEUM: (ActionKind.MAUSOLEUM,),
    Phase.LIBRARY: (ActionKind.LIBRARY,),
    Phase.STARTER: (ActionKind.STARTER,),
    Phase.GAME_OVER: (),
}
_COVERS = tuple(layout.covers for layout in LAYOUTS)
_WONDER_KEY = NUM_CARDS  # cost cache index of wonder w: NUM_CARDS + w


class IllegalActionError(ValueError):
    """An action that the rules do not allow in this state."""


# ------------------------------------------------------------------------------------ costs
def _costs(state: DuelState, player: int) -> tuple[tuple[int, ...], list[int]]:
    memo = state.cost_cache[player]
    if memo is None:
        prices = trade_prices(state.production[1 - player], state.fixed_price_bits[player])
        memo = state.cost_cache[player] = (prices, [-1] * (NUM_CARDS + NUM_WONDERS))
    return memo


def _purchase(state: DuelState, player: int, key: int) -> int:
    """Coins paid to the bank for the resources of card ``key`` (or wonder ``key - 73``)."""
    prices, costs = _costs(state, player)
    coins = costs[key]
    if coins < 0:
        if key < NUM_CARDS:
            cost = CARD_COST[key]
            waived = BLUE_DISCOUNT if CARD_COLOR[key] == BLUE and state.player_tokens[player] >> MASONRY & 1 else 0
        else:
            cost = WONDER_COST[key - NUM_CARDS]
            waived = WONDER_DISCOUNT if state.player_tokens[player] >> ARCHITECTURE & 1 else 0
        coins = costs[key] = purchase_cost(cost, state.production[player], state.raw_choices[player],
                                           state.manufactured_choices[player], prices, waived)
    return coins


def trade_price_list(state: DuelState, player: int) -> tuple[int, ...]:
    """The bank's price of one unit of each resource (W C S G P) for ``player`` now."""
    return _costs(state, player)[0]


def build_cost(state: DuelState, player: int, card: int) -> int:
    """Coins ``player`` pays to build ``card`` now (0 through a chain)."""
    if CARD_CHAIN_NEEDS[card] & state.chains[player]:
        return 0
    return CARD_COIN_COST[card] + _purchase(state, player, card)


def wonder_cost(state: DuelState, player: int, wonder: int) -> int:
    """Coins ``player`` pays to build ``wonder`` now."""
    return _purchase(state, player, _WONDER_KEY + wonder)


def sell_value(state: DuelState, player: int) -> int:
    return SELL_BASE + state.color_count[player][YELLOW]


# ------------------------------------------------------------------------------- legality
def legal_actions(state: DuelState) -> list[int]:
    """The legal actions of the deciding player (play actions in slot order, others ascending)."""
    phase = state.phase
    if phase == Phase.PLAY:
        return _play_actions(state)
    if phase == Phase.DRAFT:
        return sorted(DRAFT + w for w in state.draft_offer)
    if phase == Phase.PROGRESS:
        return [PROGRESS + t for t in range(len(PROGRESS_TOKENS)) if state.board_tokens >> t & 1]
    if phase == Phase.DESTROY:
        colour = state.destroy_color
        return sorted(DESTROY + c for c in state.city[1 - state.current] if CARD_COLOR[c] == colour)
    if phase == Phase.MAUSOLEUM:
        return sorted(MAUSOLEUM + c for c in state.discard)
    if phase == Phase.LIBRARY:
        return sorted(LIBRARY + t for t in state.library_offer)
    if phase == Phase.STARTER:
        return [STARTER, STARTER + 1]
    return []


def _play_actions(state: DuelState) -> list[int]:
    player = state.current
    coins = state.coins[player]
    costs = _costs(state, player)[1]  # memoised purchase costs: -1 where not computed yet
    wonders = []
    if state.wonders_built < MAX_WONDERS_BUILT:
        built = state.wonder_built
        for w in state.player_wonders[player]:
            if not built[w]:
                cost = costs[_WONDER_KEY + w]
                if (cost if cost >= 0 else _purchase(state, player, _WONDER_KEY + w)) <= coins:
                    wonders.append(w)
    chains = state.chains[player]
    actions = []
    cover_count = state.cover_count
    for s, card in enumerate(state.slot_card):
        if card == EMPTY or cover_count[s]:
            continue
        if CARD_CHAIN_NEEDS[card] & chains:
            actions.append(BUILD + card)
        else:
            cost = costs[card]
            if CARD_COIN_COST[card] + (cost if cost >= 0 else _purchase(state, player, card)) <= coins:
                actions.append(BUILD + card)
        actions.append(SELL + card)
        if wonders:
            base = WONDER + card * NUM_WONDERS
            actions += [base + w for w in wonders]
    return actions


def legal_action_mask(state: DuelState) -> np.ndarray:
    """int8 vector over all actions, 1 where legal."""
    mask = np.zeros(NUM_ACTIONS, np.int8)
    mask[legal_actions(state)] = 1
    return mask


def why_illegal(state: DuelState, action: object) -> str | None:
    """``None`` if ``action`` is legal now, else the reason in words."""
    if not isinstance(action, (int, np.integer)) or isinstance(action, bool) or not 0 <= action < NUM_ACTIONS:
        return f"it is not an action number (an integer in 0-{NUM_ACTIONS - 1})"
    kind, index, wonder = DECODED[int(action)]
    phase = state.phase
    if phase == Phase.GAME_OVER:
        return "the game is over"
    if kind not in PHASE_KINDS[phase]:
        allowed = ", ".join(KIND_NAMES[k] for k in PHASE_KINDS[phase])
        return f"the decision now is {phase.name.lower()} (allowed kinds: {allowed}), not {KIND_NAMES[kind]}"
    player = state.current
    if kind is ActionKind.DRAFT:
        return None if index in state.draft_offer else f"{WONDERS[index].name} is not on the draft table"
    if kind in (ActionKind.BUILD, ActionKind.SELL, ActionKind.WONDER):
        card = CARDS[index].name
        if index not in [state.slot_card[s] for s in state.accessible_slots()]:
            return f"{card} is not an accessible card of the structure"
        if kind is ActionKind.BUILD:
            cost = build_cost(state, player, index)
            if cost > state.coins[player]:
                return f"building {card} costs {cost} coins and the player has {state.coins[player]}"
        elif kind is ActionKind.WONDER:
            name = WONDERS[wonder].name
            if wonder not in state.player_wonders[player]:
                return f"{name} is not one of the player's wonders"
            if state.wonder_built[wonder]:
                return f"{name} is already built"
            if state.wonders_built >= MAX_WONDERS_BUILT:
                return f"{MAX_WONDERS_BUILT} wonders are already built"
            cost = wonder_cost(state, player, wonder)
            if cost > state.coins[player]:
                return f"building {name} costs {cost} coins and the player has {state.coins[player]}"
        return None
    if kind is ActionKind.PROGRESS:
        return None if state.board_tokens >> index & 1 else f"{PROGRESS_TOKENS[index].name} is not on the board"
    if kind is ActionKind.DESTROY:
        card = CARDS[index]
        if index not in state.city[1 - player] or card.color != state.destroy_color:
            return f"{card.name} is not a {COLORS[state.destroy_color]} card of the opponent's city"
        return None
    if kind is ActionKind.MAUSOLEUM:
        return None if index in state.discard else f"{CARDS[index].name} is not in the discard pile"
    if kind is ActionKind.LIBRARY:
        return None if index in state.library_offer else \
            f"{PROGRESS_TOKENS[index].name} is not among the tokens the Great Library drew"
    return None  # STARTER: both choices are always legal


def check_legal(state: DuelState, action: object) -> None:
    """Raise :class:`IllegalActionError` naming the action, the reason and the legal actions."""
    reason = why_illegal(state, action)
    if reason is None:
        return
    try:
        label = f"{action} ({describe_action(int(action))})"
    except (TypeError, ValueError):
        label = repr(action)
    legal = legal_actions(state)
    shown = ", ".join(f"{a} ({describe_action(a)})" for a in legal[:12])
    more = f" and {len(legal) - 12} more" if len(legal) > 12 else ""
    raise IllegalActionError(f"illegal action {label} for player {state.current}: {reason}. "
                             f"Legal now: {shown or 'none'}{more}")


# ---------------------------------------------------------------------------- resolution
def apply_action(state: DuelState, action: int) -> None:
    """Play ``action`` for the deciding player (checked; raises IllegalActionError)."""
    check_legal(state, action)
    resolve_action(state, int(action))


def resolve_action(state: DuelState, action: int) -> None:
    """Play an action known to be legal (taken from :func:`legal_actions`), unchecked."""
    kind, index, wonder = DECODED[action]
    _HANDLERS[kind](state, index, wonder)


def _draft(state: DuelState, wonder: int, _: int) -> None:
    player = state.current
    state.draft_offer.remove(wonder)
    state.player_wonders[player].append(wonder)
    state.log.append((player, DRAFT + wonder, 0))
    state.draft_step += 1
    if state.draft_step == WONDERS_PER_ROUND:
        state.draft_offer = state.wonder_order[WONDERS_PER_ROUND:2 * WONDERS_PER_ROUND]
    if state.draft_step == len(DRAFT_ORDER):
        lay_out_age(state, 1)
        state.phase = Phase.PLAY
        state.current = state.turn_player = DRAFT_ORDER[0]
    else:
        state.current = DRAFT_ORDER[state.draft_step]


def _take_from_structure(state: DuelState, card: int) -> None:
    slot = state.slot_card.index(card)
    state.slot_card[slot] = EMPTY
    state.cards_left -= 1
    cover_count = state.cover_count
    for below in _COVERS[state.age - 1][slot]:
        cover_count[below] -= 1
        if not cover_count[below]:
            state.face_up[below] = True


def _pay_resources(state: DuelState, player: int, coins: int) -> None:
    """Trade payments go to the bank, or to the opponent who owns Economy."""
    if coins and state.player_tokens[1 - player] >> ECONOMY & 1:
        state.coins[1 - player] += coins


def _build(state: DuelState, card: int, _: int) -> None:
    player = state.current
    _take_from_structure(state, card)
    if CARD_CHAIN_NEEDS[card] & state.chains[player]:
        paid = 0
        if state.player_tokens[player] >> URBANISM & 1:
            state.coins[player] += URBANISM_CHAIN_COINS
    else:
        trade = _purchase(state, player, card)
        paid = CARD_COIN_COST[card] + trade
        state.coins[player] -= paid
        _pay_resources(state, player, trade)
    state.log.append((player, BUILD + card, paid))
    add_building(state, player, card)
    if state.phase != Phase.GAME_OVER:
        _end_turn(state)


def _sell(state: DuelState, card: int, _: int) -> None:
    player = state.current
    _take_from_structure(state, card)
    state.coins[player] += sell_value(state, player)
    state.discard.append(card)
    state.log.append((player, SELL + card, 0))
    _end_turn(state)


def _wonder(state: DuelState, card: int, wonder: int) -> None:
    player, opponent = state.current, 1 - state.current
    _take_from_structure(state, card)
    paid = wonder_cost(state, player, wonder)
    state.coins[player] -= paid
    _pay_resources(state, player, paid)
    state.log.append((player, WONDER + card * NUM_WONDERS + wonder, paid))
    state.wonder_built[wonder] = True
    state.wonder_card[wonder] = card
    state.wonders_built += 1
    if state.wonders_built == MAX_WONDERS_BUILT:
        state.boxed_wonder = next(w for p in (0, 1) for w in state.player_wonders[p] if not state.wonder_built[w])
    if WONDER_CHOICE[wonder]:
        add_choice(state, player, WONDER_CHOICE[wonder])
        state.cost_cache[player] = None
    state.coins[player] += WONDER_COINS[wonder]
    if WONDER_OPPONENT_LOSES[wonder]:
        state.coins[opponent] -= min(WONDER_OPPONENT_LOSES[wonder], state.coins[opponent])
    if WONDER_SHIELDS[wonder]:
        _move_pawn(state, player, WONDER_SHIELDS[wonder])
        if state.phase == Phase.GAME_OVER:
            return
    state.play_again = WONDER_PLAY_AGAIN[wonder] or bool(state.player_tokens[player] >> THEOLOGY & 1)
    colour = WONDER_DESTROY[wonder]
    if colour != NONE and any(CARD_COLOR[c] == colour for c in state.city[opponent]):
        state.phase, state.destroy_color = Phase.DESTROY, colour
    elif WONDER_FROM_DISCARD[wonder] and state.discard:
        state.phase = Phase.MAUSOLEUM
    elif WONDER_LIBRARY_DRAW[wonder]:
        state.library_offer = state.token_order[BOARD_TOKENS:BOARD_TOKENS + WONDER_LIBRARY_DRAW[wonder]]
        state.library_used = True
        state.phase = Phase.LIBRARY
    else:
        _end_turn(state)


def _progress(state: DuelState, token: int, _: int) -> None:
    player = state.current
    state.board_tokens &= ~(1 << token)
    state.log.append((player, PROGRESS + token, 0))
    take_token(state, player, token)
    if state.phase != Phase.GAME_OVER:
        _end_turn(state)


def _destroy(state: DuelState, card: int, _: int) -> None:
    player, opponent = state.current, 1 - state.current
    state.log.append((player, DESTROY + card, 0))
    state.city[opponent].remove(card)
    state.owned[opponent, card] = 0
    state.color_count[opponent][CARD_COLOR[card]] -= 1
    production = CARD_PRODUCTION[card]
    state.production[opponent] = [a - b for a, b in zip(state.production[opponent], production)]
    state.clear_caches()
    state.discard.append(card)
    state.destroy_color = NONE
    _end_turn(state)


def _mausoleum(state: DuelState, card: int, _: int) -> None:
    player = state.current
    state.discard.remove(card)
    state.log.append((player, MAUSOLEUM + card, 0))
    add_building(state, player, card)
    if state.phase != Phase.GAME_OVER:
        _end_turn(state)


def _library(state: DuelState, token: int, _: int) -> None:
    player = state.current
    state.library_offer = []
    state.log.append((player, LIBRARY + token, 0))
    take_token(state, player, token)
    if state.phase != Phase.GAME_OVER:
        _end_turn(state)


def _starter(state: DuelState, choice: int, _: int) -> None:
    chooser = state.current
    state.log.append((chooser, STARTER + choice, 0))
    state.phase = Phase.PLAY
    state.current = state.turn_player = chooser if choice == STARTER_ME else 1 - chooser


_HANDLERS = (_draft, _build, _sell, _wonder, _progress, _destroy, _mausoleum, _library, _starter)


# ------------------------------------------------------------------------------- effects
def add_choice(state: DuelState, player: int, bits: int) -> None:
    """Give ``player`` one more unit to produce each turn among the raw (or manufactured) goods."""
    if bits == RAW_BITS:
        state.raw_choices[player] += 1
    elif bits == MANUFACTURED_BITS:
        state.manufactured_choices[player] += 1


def add_building(state: DuelState, player: int, card: int) -> None:
    """Put ``card`` in ``player``'s city and apply what it does when built (already paid)."""
    state.city[player].append(card)
    state.owned[player, card] = 1
    colour = CARD_COLOR[card]
    state.color_count[player][colour] += 1
    state.chains[player] |= CARD_CHAIN_GIVES[card]
    if CARD_CHANGES_COSTS[card]:
        production = CARD_PRODUCTION[card]
        state.production[player] = [a + b for a, b in zip(state.production[player], production)]
        if CARD_CHOICE[card]:
            add_choice(state, player, CARD_CHOICE[card])
        state.fixed_price_bits[player] |= CARD_TRADE_FIXED[card]
        state.cost_cache[player] = None
        if colour == BROWN or colour == GREY:
            state.cost_cache[1 - player] = None
    if CARD_HAS_INCOME[card]:
        state.coins[player] += income(state, player, card)
    shields = CARD_SHIELDS[card]
    if shields:
        if colour == RED and state.player_tokens[player] >> STRATEGY & 1:
            shields += STRATEGY_SHIELDS
        _move_pawn(state, player, shields)
    if CARD_SCIENCE[card] != NONE:
        _gain_symbol(state, player, CARD_SCIENCE[card])


def income(state: DuelState, player: int, card: int) -> int:
    """Coins ``card`` gives when built, counted with the card already in the city."""
    coins = CARD_COINS[card]
    per_card, colours = CARD_COINS_PER_CARD[card]
    if per_card:
        coins += per_card * colour_count(state, player, colours)
    if CARD_COINS_PER_WONDER[card]:
        coins += CARD_COINS_PER_WONDER[card] * len(built_wonders(state, player))
    per_card, colours = CARD_GUILD_COINS[card]
    if per_card:
        coins += per_card * max(colour_count(state, 0, colours), colour_count(state, 1, colours))
    return coins


def _move_pawn(state: DuelState, player: int, shields: int) -> None:
    """Move the pawn toward the opponent's capital; loot; military supremacy at the capital."""
    loser = 1 - player
    pawn = state.pawn + (shields if player == 0 else -shields)
    pawn = max(-SUPREMACY_DISTANCE, min(SUPREMACY_DISTANCE, pawn))
    state.pawn = pawn
    distance = pawn if loser == 1 else -pawn
    for i, (victim, threshold, coins) in enumerate(LOOTING_TOKENS):
        if victim == loser and state.looting[i] and distance >= threshold:
            state.looting[i] = False
            state.coins[loser] -= min(coins, state.coins[loser])
    if distance >= SUPREMACY_DISTANCE:
        _game_over(state, (player,), Victory.MILITARY)


def _gain_symbol(state: DuelState, player: int, symbol: int) -> None:
    science = state.science[player]
    science[symbol] += 1
    if science[symbol] == 1:
        if sum(1 for n in science if n) >= SCIENCE_SUPREMACY_SYMBOLS:
            _game_over(state, (player,), Victory.SCIENCE)
    elif science[symbol] == PAIR and state.board_tokens:
        state.pending_progress = True


def take_token(state: DuelState, player: int, token: int) -> None:
    """``player`` takes progress ``token`` (off the board already): its coins and symbol now."""
    state.player_tokens[player] |= 1 << token
    state.coins[player] += TOKEN_COINS[token]
    if token == MASONRY or token == ARCHITECTURE:
        state.cost_cache[player] = None
    if TOKEN_SCIENCE[token] != NONE:
        _gain_symbol(state, player, TOKEN_SCIENCE[token])


def _end_turn(state: DuelState) -> None:
    """After a decision: a pending progress choice, the end of the Age, or the next turn."""
    if state.pending_progress:
        state.pending_progress = False
        state.phase, state.current = Phase.PROGRESS, state.turn_player
        return
    if not state.cards_left:
        state.play_again = False
        end_age(state)
        return
    if state.play_again:
        state.play_again = False
    else:
        state.turn_player = 1 - state.turn_player
    state.phase, state.current = Phase.PLAY, state.turn_player


def end_age(state: DuelState) -> None:
    """End the current Age: civilian scoring after Age III, else lay out the next structure and
    ask who starts it."""
    if state.age == 3:
        _game_over(state, civilian_winners(state), Victory.CIVILIAN)
        return
    lay_out_age(state, state.age + 1)
    state.phase = Phase.STARTER
    state.current = 1 if state.pawn > 0 else 0 if state.pawn < 0 else state.turn_player


def _game_over(state: DuelState, winners: tuple[int, ...], victory: Victory) -> None:
    state.phase, state.current = Phase.GAME_OVER, NOBODY
    state.winners, state.victory = winners, victory
    state.pending_progress = state.play_again = False


# ---------------------------------------------------------------- slow reference legality
def reference_cost(state: DuelState, player: int, card: int | None = None, wonder: int | None = None) -> int:
    """Coins to build ``card`` (or ``wonder``), recomputed from the cities alone: every way to
    pay is listed (:func:`costs.payment_options`) and the cheapest taken. Slow."""
    opponent = 1 - player
    production = [sum(CARD_PRODUCTION[c][r] for c in state.city[player]) for r in range(5)]
    opponent_production = [sum(CARD_PRODUCTION[c][r] for c in state.city[opponent]) for r in range(5)]
    choices = [CARD_CHOICE[c] for c in state.city[player] if CARD_CHOICE[c]]
    choices += [WONDER_CHOICE[w] for w in built_wonders(state, player) if WONDER_CHOICE[w]]
    fixed_bits = 0
    for c in state.city[player]:
        fixed_bits |= CARD_TRADE_FIXED[c]
    prices = [1 if fixed_bits >> r & 1 else 2 + opponent_production[r] for r in range(5)]
    owns = set(t for t in range(len(PROGRESS_TOKENS)) if state.player_tokens[player] >> t & 1)
    if wonder is not None:
        options = payment_options(WONDER_COST[wonder], production, choices, prices,
                                  WONDER_DISCOUNT if ARCHITECTURE in owns else 0)
        return min(option.coins for option in options)
    symbols = {CARDS[c].chain_gives for c in state.city[player]}
    if CARDS[card].chain_needs != NONE and CARDS[card].chain_needs in symbols:
        return 0
    waived = BLUE_DISCOUNT if CARDS[card].color == BLUE and MASONRY in owns else 0
    options = payment_options(CARDS[card].cost, production, choices, prices, waived)
    return CARDS[card].coin_cost + min(option.coins for option in options)


def _decode_slowly(action: int) -> tuple[ActionKind, int, int]:
    """Decode from the documented ranges, without the DECODED table."""
    for kind in reversed(ActionKind):
        if action >= KIND_OFFSETS[kind]:
            index = action - KIND_OFFSETS[kind]
            if kind is ActionKind.WONDER:
                return kind, index // NUM_WONDERS, index % NUM_WONDERS
            return kind, index, 0
    raise ValueError(action)


def legal_actions_reference(state: DuelState) -> list[int]:
    """The legal actions, enumerated action by action from the rules text: slow, and
    independent of the incremental counters and cost caches that :func:`legal_actions` uses."""
    player, opponent = state.current, 1 - state.current
    layout = LAYOUTS[state.age - 1] if state.age else None
    accessible = set()
    if layout is not None:
        for s in range(NUM_SLOTS):
            if state.slot_card[s] != EMPTY and all(state.slot_card[t] == EMPTY for t in layout.covered_by[s]):
                accessible.add(state.slot_card[s])
    legal = []
    for action in range(NUM_ACTIONS):
        kind, index, wonder = _decode_slowly(action)
        if state.phase == Phase.DRAFT:
            ok = kind is ActionKind.DRAFT and index in state.draft_offer
        elif state.phase == Phase.PLAY:
            if kind is ActionKind.SELL:
                ok = index in accessible
            elif kind is ActionKind.BUILD:
                ok = index in accessible and reference_cost(state, player, card=index) <= state.coins[player]
            elif kind is ActionKind.WONDER:
                ok = (index in accessible and wonder in state.player_wonders[player]
                      and not state.wonder_built[wonder]
                      and sum(state.wonder_built) < MAX_WONDERS_BUILT
                      and reference_cost(state, player, wonder=wonder) <= state.coins[player])
            else:
                ok = False
        elif state.phase == Phase.PROGRESS:
            ok = kind is ActionKind.PROGRESS and bool(state.board_tokens >> index & 1)
        elif state.phase == Phase.DESTROY:
            ok = (kind is ActionKind.DESTROY and index in state.city[opponent]
                  and CARDS[index].color == state.destroy_color)
        elif state.phase == Phase.MAUSOLEUM:
            ok = kind is ActionKind.MAUSOLEUM and index in state.discard
        elif state.phase == Phase.LIBRARY:
            ok = kind is ActionKind.LIBRARY and index in state.library_offer
        elif state.phase == Phase.STARTER:
            ok = kind is ActionKind.STARTER
        else:
            ok = False
        if ok:
            legal.append(action)
    return legal
