"""The rules of the Pantheon expansion of 7 Wonders Duel (``expansions=("pantheon",)``).

The base rules (:mod:`.rules`) call this module where Pantheon changes them; every decision the
expansion asks for is one step of the turn player in the phase ``Phase.CHOOSE``: "choose an item
of the named set" ``state.pantheon.choice`` (a :class:`Choice`), whose items
(``state.pantheon.options``) are actions of the one ``choose`` range (:class:`.actions.Item`). A
divinity's power is one token of the closed vocabulary (``cards.DIVINE_POWERS``); :data:`FIRST_CHOICE`
maps it to the set its activator chooses from, and each set has its options and its resolution
(:data:`CHOICES`), so one more divinity of a known kind is one row of ``data/pantheon_divinities.csv``.

The rules, in the order they happen:

* **Setup** (:func:`.state.new_pantheon`): each mythology's 3 divinities shuffled into its deck; 5
  of the 10 mythology tokens on the Age I slots 2, 4, 9, 11, 13; the 3 offering tokens in random
  order for the Age II slots 6, 8, 10; the Grand Temples replace the Guilds (3 of 5 in Age III).
* **Taking a token**: a token lies on a face-down card; when the card turns face up, the token is
  taken at the end of the turn by the turn player (after a progress token choice): a mythology
  token is kept and draws the top 2 divinities of its deck; the player places 1 face down on an
  empty space (two choices: ``place_divinity`` then ``place_space``), the other goes back on top of
  its deck. An offering token is kept. *Decision of the project*: a mythology token is seen by both
  players on its slot; an offering token lies face down, its value unknown until taken, and then
  seen by both.
* **Age II reveal**: the Gate goes to the empty space (the lowest-numbered one if several, README
  decision 3), every divinity turns face up, and Enki, if there, gets 2 set-aside progress tokens
  (the last two of the set-aside order, never those the Great Library draws; with Agora, *decision
  of the project*: the last two still set aside, not taken by Espionage nor locked by Obscurantism;
  while on Enki they are not set aside, so Espionage and Obscurantism cannot take them).
* **Activation** (an action of the play phase from Age II): the player pays their own price for the
  space (player 0: 8, 7, 6, 5, 4, 3 for spaces 1-6; player 1 the mirror), twice it for the Gate,
  2 less with the Sanctuary, less the offering tokens they choose to spend (several at once, README
  decision 8), never below 0 and no change given. Treasury coins are spent first, then Astarte's.
  The divinity leaves its space and acts at once; the turn ends.
* **Divinities**: Enki (keep 1 of its 2 tokens; the other goes back), Ishtar (the scales symbol),
  Nisaba (the symbol of an opponent's green card, marked by the Snake; none: nothing, README
  decision 4), Astarte (7 coins outside the treasury: safe from coin losses, spendable after the
  treasury, 1 VP each at the end, not in the 1 VP per 3 coins, README decision 7), Baal (an
  opponent's brown or grey card joins the city), Tanit (12 coins), Aphrodite (9 VP), Hades (build a
  card of the discard pile free), Zeus (discard any card of the structure, face up or face down,
  accessible or not, chosen by its slot so that the choice does not tell which card lies face down;
  a token on it goes to the Zeus player, README decision 1), Anubis (a built wonder's card goes to
  the discard pile and the wonder is unbuilt: its VP and production stop, its owner may build it
  again and then gets its effects again; a wonder boxed by the 7-wonder limit stays boxed; the Great
  Library built again draws the next 3 set-aside tokens, never one drawn before nor Enki's:
  *decisions of the project*), Isis (build an own wonder free with a card of the discard pile: the
  card first, then the wonder), Ra (take an opponent's unbuilt wonder), Mars (2 shields; Strategy
  does not add to them), Minerva (the pawn on any space, capitals included, README decision 6: the
  Conflict pawn that would enter it stops before it, its move ends there, and the Minerva pawn
  leaves), Neptune (discard a military token, then apply another, both chosen; none left: nothing,
  README decision 5), the Gate (activate free one of the top divinities of the decks; the others
  stay on their decks).
* **The Divine Theater**: after its other effects, choose a mythology deck, then one of its
  divinities to activate free, then the order the others go back (the next from the top, until one
  is left); usable in any Age, also before the Pantheon opens (README decision 2).
* **Grand Temples**: free for the owner of a mythology token of their mythology (like a chain: the
  token is kept, Urbanism pays for it, *decision of the project*); 5 / 12 / 21 VP for 1 / 2 / 3,
  scored in the ``guilds`` category (they replace the Guilds).
* **Progress tokens**: Mysticism (2 VP per mythology and offering token owned at the end),
  Poliorcetics (the opponent loses 1 coin per space the owner moves the pawn toward them),
  Engineering (a card that shows a chain symbol, or a Grand Temple's mythology, costs at most 1 coin
  without the chain; no Urbanism coins: *decision of the project*).
"""

from __future__ import annotations

from . import agora, rules
from .actions import Item, TRACK_MIDDLE, action_table
from .cards import GREEN, NONE, EffectKind
from .state import (BOARD_TOKENS, CHOICE_NAMES, EMPTY, LOOTING_TOKENS, MAX_WONDERS_BUILT, NOBODY, Choice, DuelState,
                    Phase)


#: the kind of item each set holds
CHOICE_ITEM = {
    Choice.PLACE_DIVINITY: Item.DIVINITY, Choice.PLACE_SPACE: Item.SPACE, Choice.ENKI_TOKEN: Item.TOKEN,
    Choice.NISABA_CARD: Item.CARD, Choice.BAAL_CARD: Item.CARD, Choice.HADES_CARD: Item.CARD,
    Choice.ZEUS_CARD: Item.SLOT, Choice.ANUBIS_WONDER: Item.WONDER, Choice.ISIS_CARD: Item.CARD,
    Choice.ISIS_WONDER: Item.WONDER, Choice.RA_WONDER: Item.WONDER, Choice.MINERVA_SPACE: Item.TRACK,
    Choice.NEPTUNE_DISCARD: Item.MILITARY_TOKEN, Choice.NEPTUNE_APPLY: Item.MILITARY_TOKEN,
    Choice.GATE_DIVINITY: Item.DIVINITY, Choice.THEATER_MYTHOLOGY: Item.MYTHOLOGY,
    Choice.THEATER_DIVINITY: Item.DIVINITY, Choice.THEATER_TOP: Item.DIVINITY,
}
#: the set a divinity's power asks its activator to choose from
FIRST_CHOICE = {
    EffectKind.PROGRESS_CHOICE_FROM_SETASIDE: Choice.ENKI_TOKEN, EffectKind.COPY_OPPONENT_GREEN: Choice.NISABA_CARD,
    EffectKind.STEAL_CARD: Choice.BAAL_CARD, EffectKind.BUILD_FROM_DISCARD: Choice.HADES_CARD,
    EffectKind.DISCARD_STRUCTURE_CARD: Choice.ZEUS_CARD, EffectKind.UNBUILD_WONDER: Choice.ANUBIS_WONDER,
    EffectKind.BUILD_WONDER_WITH_DISCARD: Choice.ISIS_CARD, EffectKind.STEAL_UNBUILT_WONDER: Choice.RA_WONDER,
    EffectKind.MINERVA_PAWN: Choice.MINERVA_SPACE, EffectKind.MILITARY_TOKENS_DISCARD1_APPLY1: Choice.NEPTUNE_DISCARD,
    EffectKind.REVEAL_TOP_EACH_MYTHOLOGY: Choice.GATE_DIVINITY,
}
ENKI_TOKENS = 2


# ------------------------------------------------------------------------------ prices
def sanctuary_discount(state: DuelState, player: int) -> int:
    db = state.db
    return sum(db.wonder_pantheon_discount[w] for w in state.player_wonders[player] if state.wonder_built[w])


def activation_price(state: DuelState, player: int, space: int, offerings: int) -> int:
    """What ``player`` pays to activate the divinity of ``space`` spending the offering tokens of
    the bit set ``offerings`` (bit i: ``offering_tokens[i]``): never below 0."""
    tables = state.db.pantheon
    price = tables.space_prices[player][space] * tables.divinity_price_multiplier[state.pantheon.spaces[space]]
    price -= sanctuary_discount(state, player)
    price -= sum(tables.tokens[t].discount for i, t in enumerate(tables.offering_tokens) if offerings >> i & 1)
    return max(price, 0)


def owned_offerings(state: DuelState, player: int) -> int:
    """The bit set of the offering tokens ``player`` owns."""
    owned = state.pantheon.tokens[player]
    return sum(1 << i for i, t in enumerate(state.db.pantheon.offering_tokens) if t in owned)


def activation_actions(state: DuelState) -> list[int]:
    """The legal ``activate`` actions of the turn player (the play phase, from Age II)."""
    tables, pantheon = state.db.pantheon, state.pantheon
    if state.age < tables.first_activation_age:
        return []
    acts = action_table(state.db)
    player = state.current
    owned = owned_offerings(state, player)
    coins = rules.spendable(state, player)
    actions = []
    for space, divinity in enumerate(pantheon.spaces):
        if divinity == EMPTY or not pantheon.space_face_up[space]:
            continue
        for offerings in range(acts.offering_subsets):
            if offerings & ~owned == 0 and activation_price(state, player, space, offerings) <= coins:
                actions.append(acts.activate + space * acts.offering_subsets + offerings)
    return actions


def why_not_activate(state: DuelState, space: int, offerings: int) -> str | None:
    """Why activating ``space`` with ``offerings`` is illegal now, or None."""
    tables, pantheon = state.db.pantheon, state.pantheon
    player = state.current
    if state.age < tables.first_activation_age:
        return f"the Pantheon opens in Age {tables.first_activation_age}"
    if pantheon.spaces[space] == EMPTY or not pantheon.space_face_up[space]:
        return f"Pantheon space {space + 1} holds no face-up divinity"
    if offerings & ~owned_offerings(state, player):
        return "the player does not own every offering token it names"
    price, coins = activation_price(state, player, space, offerings), rules.spendable(state, player)
    if price > coins:
        return f"the activation costs {price} coins and the player has {coins}"
    return None


# ----------------------------------------------------------------------------- actions
def activate(state: DuelState, action: int, space: int, offerings: int) -> None:
    """The ``activate`` action: pay, spend the offering tokens, take the divinity off its space."""
    tables, pantheon = state.db.pantheon, state.pantheon
    player = state.current
    price = activation_price(state, player, space, offerings)
    rules.spend(state, player, price)
    for i, token in enumerate(tables.offering_tokens):
        if offerings >> i & 1:
            pantheon.tokens[player].remove(token)
    divinity = pantheon.spaces[space]
    pantheon.spaces[space], pantheon.space_face_up[space], pantheon.placed_by[space] = EMPTY, False, NOBODY
    state.log.append((player, action, price))
    pantheon.space_activations.append(divinity)
    activate_divinity(state, player, divinity)


def choose(state: DuelState, action: int, index: int) -> None:
    """The ``choose`` action: the item ``index`` of the universal list, one of the options."""
    pantheon = state.pantheon
    item = index - action_table(state.db).item_offsets[CHOICE_ITEM[pantheon.choice]]
    state.log.append((state.current, action, 0))
    choice = pantheon.choice
    pantheon.choice_log.append(choice)
    pantheon.choice, pantheon.options = NONE, []
    _RESOLVE[choice](state, state.current, item)


def choice_actions(state: DuelState) -> list[int]:
    acts = action_table(state.db)
    pantheon = state.pantheon
    return sorted(acts.item(CHOICE_ITEM[pantheon.choice], item) for item in pantheon.options)


def why_not_choose(state: DuelState, index: int) -> str | None:
    acts = action_table(state.db)
    pantheon = state.pantheon
    kind, item = acts.item_of(index)
    choice = Choice(pantheon.choice)
    if kind is not CHOICE_ITEM[choice] or item not in pantheon.options:
        return f"{acts.item_name(index)} is not in the set chosen from now ({CHOICE_NAMES[choice]})"
    return None


def open_choice(state: DuelState, choice: Choice) -> bool:
    """Ask the turn player to choose from ``choice``'s set; False (nothing asked) when it is empty."""
    options = _OPTIONS[choice](state, state.turn_player)
    if not options:
        return False
    pantheon = state.pantheon
    pantheon.choice, pantheon.options = choice, options
    state.phase, state.current = Phase.CHOOSE, state.turn_player
    return True


def options_now(state: DuelState) -> list[int]:
    """The items of the set chosen from now, as :func:`open_choice` lists them (what a determinized
    copy holds after redrawing what they are drawn from: face-down cards, the decks' tops, the drawn
    divinities)."""
    return _OPTIONS[state.pantheon.choice](state, state.turn_player)


def _choose_or_end_turn(state: DuelState, choice: Choice) -> None:
    if not open_choice(state, choice):
        rules.end_turn(state)


# ------------------------------------------------------------------- divinities acting
def activate_divinity(state: DuelState, player: int, divinity: int) -> None:
    """``divinity`` acts for ``player`` (activated from a space, the Gate or the Divine Theater)."""
    tables, pantheon = state.db.pantheon, state.pantheon
    pantheon.activated[player].append(divinity)
    state.coins[player] += tables.divinity_coins[divinity]
    pantheon.astarte[player] += tables.divinity_astarte_coins[divinity]
    if tables.divinity_shields[divinity]:
        rules.move_pawn(state, player, tables.divinity_shields[divinity])
    if tables.divinity_science[divinity] != NONE and state.phase != Phase.GAME_OVER:
        rules.gain_symbol(state, player, tables.divinity_science[divinity])
    if state.phase == Phase.GAME_OVER:
        return
    power = tables.divinity_power[divinity]
    if power is not None and power.kind is EffectKind.PROGRESS_CHOICE_FROM_SETASIDE and not pantheon.enki_tokens:
        pantheon.enki_tokens = enki_tokens(state)
    if power is None:
        rules.end_turn(state)
    else:
        _choose_or_end_turn(state, FIRST_CHOICE[power.kind])


def enki_tokens(state: DuelState) -> list[int]:
    """The progress tokens put on Enki: the last of the set-aside order still set aside (with Agora,
    nobody took them with Espionage nor locked them with Obscurantism); the Great Library draws the first."""
    set_aside = agora.set_aside_tokens(state) if state.agora is not None else state.token_order[BOARD_TOKENS:]
    return set_aside[-ENKI_TOKENS:]


def take_pending_tokens(state: DuelState) -> bool:
    """At the end of a turn, the turn player takes the tokens freed this turn; True when a
    mythology token opened the placement of a divinity (the turn goes on after it)."""
    pantheon, tables = state.pantheon, state.db.pantheon
    player = state.turn_player
    while pantheon.pending_tokens:
        token = pantheon.pending_tokens.pop(0)
        pantheon.tokens[player].append(token)
        mythology = tables.tokens[token].mythology
        if mythology == NONE or EMPTY not in pantheon.spaces:
            continue
        deck = pantheon.decks[mythology]
        drawn = tables.token_draw[token]
        pantheon.drawn, pantheon.decks[mythology] = deck[:drawn], deck[drawn:]
        if open_choice(state, Choice.PLACE_DIVINITY):
            return True
    return False


def free_token(state: DuelState, slot: int) -> None:
    """The card of ``slot`` turned face up or left the structure: its token waits for the turn's end."""
    pantheon = state.pantheon
    token = pantheon.slot_tokens[slot]
    if token != EMPTY:
        pantheon.slot_tokens[slot] = EMPTY
        pantheon.pending_tokens.append(token)


def reveal(state: DuelState) -> None:
    """The start of Age II: the Gate in the (lowest) empty space, every divinity face up, Enki's tokens."""
    tables, pantheon = state.db.pantheon, state.pantheon
    if EMPTY in pantheon.spaces:
        pantheon.spaces[pantheon.spaces.index(EMPTY)] = tables.gate
    pantheon.space_face_up = [divinity != EMPTY for divinity in pantheon.spaces]
    if tables.divinity_ids["Enki"] in pantheon.spaces:
        pantheon.enki_tokens = enki_tokens(state)


def open_theater(state: DuelState) -> bool:
    """The Divine Theater's decision, if any deck holds a divinity."""
    return open_choice(state, Choice.THEATER_MYTHOLOGY)


def pawn_stop(state: DuelState, start: int, end: int) -> int:
    """Where the pawn moving from ``start`` to ``end`` stops: before the Minerva pawn, which leaves."""
    minerva = state.pantheon.minerva
    if minerva is None or minerva == start or not min(start, end) <= minerva <= max(start, end):
        return end
    state.pantheon.minerva = None
    return minerva - (1 if end > start else -1)


# -------------------------------------------------------- the sets and their resolution
def _mythology_of(state: DuelState, divinity: int) -> int:
    return state.db.pantheon.divinities[divinity].mythology


def _resolve_place_divinity(state: DuelState, player: int, divinity: int) -> None:
    pantheon = state.pantheon
    others = [d for d in pantheon.drawn if d != divinity]
    mythology = _mythology_of(state, divinity)
    pantheon.decks[mythology] = others + pantheon.decks[mythology]
    pantheon.drawn, pantheon.chosen = [], divinity
    open_choice(state, Choice.PLACE_SPACE)  # an empty space exists: take_pending_tokens checked


def _resolve_place_space(state: DuelState, player: int, space: int) -> None:
    pantheon = state.pantheon
    pantheon.spaces[space], pantheon.placed_by[space] = pantheon.chosen, player
    pantheon.space_face_up[space] = state.age >= state.db.pantheon.first_activation_age
    pantheon.chosen = EMPTY
    rules.end_turn(state)


def _resolve_enki(state: DuelState, player: int, token: int) -> None:
    state.pantheon.enki_tokens = []
    rules.take_token(state, player, token)
    if state.phase != Phase.GAME_OVER:
        rules.end_turn(state)


def _resolve_nisaba(state: DuelState, player: int, card: int) -> None:
    state.pantheon.snake = card
    rules.gain_symbol(state, player, state.db.card_science[card])
    if state.phase != Phase.GAME_OVER:
        rules.end_turn(state)


def _resolve_baal(state: DuelState, player: int, card: int) -> None:
    rules.remove_from_city(state, 1 - player, card)
    rules.add_building(state, player, card)
    if state.phase != Phase.GAME_OVER:
        rules.end_turn(state)


def _resolve_hades(state: DuelState, player: int, card: int) -> None:
    state.discard.remove(card)
    rules.add_building(state, player, card)
    if state.agora is not None and state.phase != Phase.GAME_OVER:
        agora.card_built(state, player, card)
    if state.phase != Phase.GAME_OVER:
        rules.end_turn(state)


def _resolve_zeus(state: DuelState, player: int, slot: int) -> None:
    card = state.slot_card[slot]
    rules.take_from_structure(state, card)
    free_token(state, slot)
    state.discard.append(card)
    state.pantheon.zeus_cards.append(card)
    rules.end_turn(state)


def _resolve_anubis(state: DuelState, player: int, wonder: int) -> None:
    db = state.db
    owner = next(p for p in (0, 1) if wonder in state.player_wonders[p])
    state.discard.append(state.wonder_card[wonder])
    state.wonder_built[wonder], state.wonder_card[wonder] = False, EMPTY
    state.wonders_built -= 1
    if db.wonder_choice[wonder]:
        rules.add_choice(state, owner, db.wonder_choice[wonder], -1)
    state.clear_caches()
    rules.end_turn(state)


def _resolve_isis_card(state: DuelState, player: int, card: int) -> None:
    state.pantheon.chosen = card
    open_choice(state, Choice.ISIS_WONDER)  # the card's choice was offered only with a wonder to build


def _resolve_isis_wonder(state: DuelState, player: int, wonder: int) -> None:
    card = state.pantheon.chosen
    state.pantheon.chosen = EMPTY
    state.discard.remove(card)
    rules.build_wonder(state, player, wonder, card)


def _resolve_ra(state: DuelState, player: int, wonder: int) -> None:
    state.player_wonders[1 - player].remove(wonder)
    state.player_wonders[player].append(wonder)
    state.clear_caches()
    rules.end_turn(state)


def _resolve_minerva(state: DuelState, player: int, track: int) -> None:
    state.pantheon.minerva = track - TRACK_MIDDLE
    rules.end_turn(state)


def _resolve_neptune_discard(state: DuelState, player: int, token: int) -> None:
    state.looting[token] = False
    _choose_or_end_turn(state, Choice.NEPTUNE_APPLY)


def _resolve_neptune_apply(state: DuelState, player: int, token: int) -> None:
    """With Agora the token applied is an Agora military token: its influence decisions are the
    Neptune player's (README decision 5)."""
    state.looting[token] = False
    victim, distance, coins = LOOTING_TOKENS[token]
    if state.agora is not None:
        agora.military_token(state, player, distance)
    else:
        state.coins[victim] -= min(coins, state.coins[victim])
    rules.end_turn(state)


def _resolve_gate(state: DuelState, player: int, divinity: int) -> None:
    pantheon = state.pantheon
    pantheon.decks[_mythology_of(state, divinity)].pop(0)
    activate_divinity(state, player, divinity)


def _resolve_theater_mythology(state: DuelState, player: int, mythology: int) -> None:
    pantheon = state.pantheon
    pantheon.drawn, pantheon.decks[mythology] = pantheon.decks[mythology], []
    open_choice(state, Choice.THEATER_DIVINITY)


def _resolve_theater_divinity(state: DuelState, player: int, divinity: int) -> None:
    pantheon = state.pantheon
    pantheon.drawn.remove(divinity)
    pantheon.chosen = divinity
    _theater_put_back(state, player)


def _resolve_theater_top(state: DuelState, player: int, divinity: int) -> None:
    pantheon = state.pantheon
    pantheon.drawn.remove(divinity)
    pantheon.decks[_mythology_of(state, divinity)].append(divinity)
    _theater_put_back(state, player)


def _theater_put_back(state: DuelState, player: int) -> None:
    """Put the drawn divinities back, the next from the top chosen while two or more are left; then
    the chosen one acts."""
    pantheon = state.pantheon
    if len(pantheon.drawn) > 1:
        open_choice(state, Choice.THEATER_TOP)
        return
    if pantheon.drawn:
        pantheon.decks[_mythology_of(state, pantheon.drawn[0])].append(pantheon.drawn.pop())
    divinity, pantheon.chosen = pantheon.chosen, EMPTY
    activate_divinity(state, player, divinity)


def _unbuilt(state: DuelState, player: int) -> list[int]:
    return sorted(w for w in state.player_wonders[player] if not state.wonder_built[w] and w != state.boxed_wonder)


def _isis_wonders(state: DuelState, player: int) -> list[int]:
    return _unbuilt(state, player) if state.wonders_built < MAX_WONDERS_BUILT else []


_OPTIONS = {
    Choice.PLACE_DIVINITY: lambda state, player: sorted(state.pantheon.drawn),
    Choice.PLACE_SPACE: lambda state, player: [s for s, d in enumerate(state.pantheon.spaces) if d == EMPTY],
    Choice.ENKI_TOKEN: lambda state, player: sorted(state.pantheon.enki_tokens),
    Choice.NISABA_CARD: lambda state, player: sorted(c for c in state.city[1 - player]
                                                     if state.db.card_color[c] == GREEN),
    Choice.BAAL_CARD: lambda state, player: sorted(c for c in state.city[1 - player]
                                                   if state.db.pantheon.steal_colours >> state.db.card_color[c] & 1),
    Choice.HADES_CARD: lambda state, player: sorted(state.discard),
    Choice.ZEUS_CARD: lambda state, player: [s for s, card in enumerate(state.slot_card) if card != EMPTY],
    Choice.ANUBIS_WONDER: lambda state, player: sorted(w for w, built in enumerate(state.wonder_built) if built),
    Choice.ISIS_CARD: lambda state, player: sorted(state.discard) if _isis_wonders(state, player) else [],
    Choice.ISIS_WONDER: _isis_wonders,
    Choice.RA_WONDER: lambda state, player: _unbuilt(state, 1 - player),
    Choice.MINERVA_SPACE: lambda state, player: list(range(2 * TRACK_MIDDLE + 1)),
    Choice.NEPTUNE_DISCARD: lambda state, player: [t for t, present in enumerate(state.looting) if present],
    Choice.NEPTUNE_APPLY: lambda state, player: [t for t, present in enumerate(state.looting) if present],
    Choice.GATE_DIVINITY: lambda state, player: sorted(deck[0] for deck in state.pantheon.decks if deck),
    Choice.THEATER_MYTHOLOGY: lambda state, player: [m for m, deck in enumerate(state.pantheon.decks) if deck],
    Choice.THEATER_DIVINITY: lambda state, player: sorted(state.pantheon.drawn),
    Choice.THEATER_TOP: lambda state, player: sorted(state.pantheon.drawn),
}
_RESOLVE = {
    Choice.PLACE_DIVINITY: _resolve_place_divinity, Choice.PLACE_SPACE: _resolve_place_space,
    Choice.ENKI_TOKEN: _resolve_enki, Choice.NISABA_CARD: _resolve_nisaba, Choice.BAAL_CARD: _resolve_baal,
    Choice.HADES_CARD: _resolve_hades, Choice.ZEUS_CARD: _resolve_zeus, Choice.ANUBIS_WONDER: _resolve_anubis,
    Choice.ISIS_CARD: _resolve_isis_card, Choice.ISIS_WONDER: _resolve_isis_wonder, Choice.RA_WONDER: _resolve_ra,
    Choice.MINERVA_SPACE: _resolve_minerva, Choice.NEPTUNE_DISCARD: _resolve_neptune_discard,
    Choice.NEPTUNE_APPLY: _resolve_neptune_apply, Choice.GATE_DIVINITY: _resolve_gate,
    Choice.THEATER_MYTHOLOGY: _resolve_theater_mythology, Choice.THEATER_DIVINITY: _resolve_theater_divinity,
    Choice.THEATER_TOP: _resolve_theater_top,
}
