"""The rules of the Agora expansion of 7 Wonders Duel (``expansions=("agora",)``).

The base rules (:mod:`.rules`) call this module where Agora changes them. Every decision the
expansion asks for is one step of the deciding player in the phase ``Phase.CHOOSE``: "choose an
item of the named set" ``state.agora.choice`` (a :class:`.state.Choice` from ``SENATE_ACTION``),
whose items (``state.agora.options``) are actions of the one ``choose`` range (chambers, cube
moves, conspiracies, cards, wonders, tokens and the options stop / conspire / top / bottom:
:class:`.actions.Item`). What a card, a wonder, a military token or a conspiracy asks is queued as
steps ``(player, set, argument, optional)`` (``state.agora.steps``, :func:`push_steps`); the end of
every decision (:func:`.rules.end_turn`) asks the next one that has a choice (:func:`run_steps`),
so a Politician's Senate actions are a sequence of steps of the same player, and an optional step
also offers ``stop``. A conspiracy's power is a token of the closed vocabulary:
:data:`TARGET_CHOICE` maps it to the set its player chooses from, :data:`CONSPIRACY_TARGETS` gives
the items, ``_RESOLVE`` the resolution, so one more conspiracy of a known kind is one row of
``data/agora_conspiracies.csv``. Two actions of the play phase are Agora's: ``prepare`` (take a
card and tuck it under a conspiracy, chosen next) and ``trigger`` (a prepared conspiracy, at the
start of the turn; the turn then goes on).

*Decisions of the project* (the reference README decides the others, its numbers in brackets):

* **Political supremacy** is checked after every change of the Senate, at once, before the shield
  decree's pawn move that the same change causes (the control gained is its cause); the other
  supremacies are checked where the base game checks them. Both name the same winner.
* **Senate actions are optional**: after each of a Politician's actions the player may stop (the
  rest are lost). A Conspirator's place-or-conspire is not (one of the two, when possible).
* **Influence moves are optional** (the conspiracies' and Knossos' "may move", Political
  Maneuver's move included); a place and a remove are made when possible, else passed.
* A cube **moved** into a chamber also turns its face-down decree up (README 12 says placed; B
  turns it up on the first control, which a move can give).
* **Insider Influence** moves the first decree of a chamber under the decrees of another, which
  then lie face up (the decree moved is seen).
* The card **under a conspiracy** leaves the game with it; Sabotage's wonder goes to the box with
  its card; both stay out of the discard pile (the Mausoleum cannot take them).
* **Curia Julia** built: its owner may trigger one held conspiracy, prepared or not (or none).
* **Coercion** gives one of the player's cards of the colour taken, other than the card taken; a
  symbol pair the receiver completes gives them a progress token (set ``pair_token``).
* **Obscurantism** locks the token face down: one of the board or the opponent's is known to
  both; one of the set aside is seen by its locker only. A locked or an Espionage token is never
  drawn by the Great Library (it draws the first set-aside tokens still there).
* With Pantheon, **Enki** gets the last 2 set-aside tokens still set aside (nobody owns nor locked
  them), and the tokens lying on Enki are not set aside: Espionage cannot take them nor Obscurantism
  lock them (so no token is offered twice).
* A **Senator built from the discard pile** (the Mausoleum, Hades) is recruited (its Senate actions).
* The **shared chains** decree counts the opponent's chain symbols, not (with Pantheon) their
  mythology tokens for the Grand Temples, which B also counts.
* The **Agora military tokens** act for the player who moved the pawn onto them (the shield
  decree's move included): the small one places a cube, the large one removes an opponent's cube
  then may move one of the player's own [setup]; no coins are lost.
* A conspiracy **triggered** at the start of the turn is resolved completely (its choices, a
  progress token of a pair it makes) before the turn goes on; if it emptied the structure
  (Turn of Events), the Age ends.

The rules, as built:

* **Setup**: the base game's (and Pantheon's) draws first, so those draws are unchanged; then the 13
  Senators shuffled and dealt 5, 5, 3 into Ages I, II, III, each Age's 20 cards and its Senators
  shuffled together into its structure of 25, 25, 23 slots (``data/agora_layouts.json``); then the
  conspiracy deck shuffled; then the 16 decrees shuffled and the first 6 put in chambers 1-6 in
  order, face up in chambers 1, 3, 5 and face down in 2, 4, 6 (README decision 13).
* **Senators**: recruiting one costs as many coins as the Senators already in the recruiter's city;
  nothing with Corruption (:func:`senator_cost`). A Politician gives 1, 2 or 3 Senate actions for
  0-1, 2-3 or 4+ blue cards, 2 more blue cards counted under the Senate boost decree
  (:func:`senate_actions`).
* **The Senate**: 6 chambers in a row, adjacent when their numbers differ by 1; 12 cubes a player.
  *Place* puts a cube from the supply (none left: no place); *move* takes an own cube to an
  adjacent chamber; *remove* takes an opponent's cube back to their supply. A player **controls** a
  chamber while they have strictly more cubes there (a tie: nobody). A face-down decree turns face
  up when a cube first arrives in its chamber, placed or moved (README decision 12 says "placed";
  *decision of the project*: a moved cube too, as B turns it up when control is first gained,
  which a moved cube can give). Controlled chambers score 1, 2, 3, 3, 2, 1 VP at the end;
  controlling all 6 is **political supremacy**.
* **Decrees** help the controller of their chamber (:func:`controlled_decree_effects`; two after
  Insider Influence): the Age's number in coins when anyone builds a card of their colour or a
  wonder (:func:`build_income`, :func:`wonder_income`); one cost symbol ignored
  (:func:`.costs.symbol_waived_payment`: the cheaper of a resource unit or the printed coins, which are
  one symbol: *decision of the project*); a resource fewer for wonders; the bank's raw or
  manufactured goods 1 coin cheaper, never below 1 (:func:`.costs.discounted_prices`); 2 more blue
  cards for the Senate actions; 2 more coins for a discard; the opponent's chain symbols; another
  turn after a Conspirator. The shield decree is modelled as a pull on the Conflict pawn that
  changes hands with control (:func:`shield_pull`, :func:`shield_steps`): +1 when its chamber is
  taken, -1 when lost, 2 when the opponent takes it over, as the reference says; the decree's
  chamber changing (Insider Influence) moves the pawn the same way.
* **Conspiracies**: to *conspire*, draw the top 2 of the deck (fewer if fewer are left), keep 1 face
  down and put the other on the top or the bottom of the deck, the drawer's choice; with Organized
  Crime keep both (:func:`draw_conspiracies`, :func:`keep_conspiracy`, :func:`put_back_conspiracy`).
  To *prepare* one, tuck the card taken from the structure face down under an unprepared held
  conspiracy (:func:`prepare_conspiracy`). At the start of their turn a player may *trigger* one
  prepared conspiracy (with Curia Julia, once, an unprepared one): it turns face up and is used
  up (:func:`trigger_conspiracy`). *Decision of the project*: the card under a conspiracy leaves
  the game with it (never in the discard pile: the Mausoleum cannot take it).
* **What a conspiracy lets its player choose from** (:data:`CONSPIRACY_TARGETS`, by its power):
  Extortion an opponent's unbuilt wonder (not one boxed by the 7-wonder limit); Expropriation,
  Swindle an opponent's blue, yellow card; Obscurantism a progress token on the board, the
  opponent's or set aside (README: any of the three); Property Fraud a card of the structure's row
  dealt first (slot row 0), covered or not, never a Senator (README decision 10); Treason an Age
  card boxed unseen at setup in this or an earlier Age, never a Guild or Grand Temple (decision 11);
  Espionage a set-aside progress token; Turn of Events an accessible card; Foreclosure an opponent's
  brown or grey card; Coercion an opponent's blue or green card of a colour the player also has
  (the swap needs one to give: *decision of the project*); Sabotage an opponent's built wonder.
  Blackmail (half the opponent's coins, rounded up: :func:`blackmail_coins`), Coup and
  Embezzlement (:func:`embezzlement_coins`) ask nothing; Insider Influence chooses in the Senate.
"""

from __future__ import annotations

from collections.abc import Callable

from . import rules
from .actions import BOTTOM, CONSPIRE, STOP, TOP, Item, action_table
from .cards import BLUE, GUILD_DECK, NONE, SENATOR, TEMPLE_DECK, DuelDatabase, Effect, EffectKind
from .state import (BOARD_TOKENS, CHOICE_NAMES, EMPTY, NOBODY, AgoraState, Choice, DuelState, Phase,
                    Victory)


# ------------------------------------------------------------------------------- Senators
def senator_cost(state: DuelState, player: int) -> int:
    """Coins ``player`` pays to recruit a Senator now: one per Senator in their city, none with Corruption."""
    corruption = state.db.corruption
    if corruption != NONE and state.player_tokens[player] >> corruption & 1:
        return 0
    return state.color_count[player][SENATOR]


def senate_actions(db: DuelDatabase, senate: AgoraState, player: int, blue_cards: int) -> int:
    """The Senate actions of a Politician ``player`` recruits with ``blue_cards`` blue cards in their
    city: by the blue cards counted, with the Senate boost of the decrees they control."""
    bonus = sum(e.amount for e in controlled_decree_effects(db, senate, player)
                if e.kind is EffectKind.SENATE_BLUE_BONUS)
    return db.agora.senate_actions(blue_cards + bonus)


# --------------------------------------------------------------------------- the Senate
def supply(db: DuelDatabase, senate: AgoraState, player: int) -> int:
    """The cubes ``player`` has not put in the Senate."""
    return db.agora.cubes_per_player - sum(senate.cubes[player])


def controller(senate: AgoraState, chamber: int) -> int:
    """The player with strictly more cubes in ``chamber``, or NOBODY."""
    mine, theirs = senate.cubes[0][chamber], senate.cubes[1][chamber]
    return 0 if mine > theirs else 1 if theirs > mine else NOBODY


def controlled(senate: AgoraState, player: int) -> list[int]:
    """The chambers ``player`` controls."""
    return [chamber for chamber in range(len(senate.decrees)) if controller(senate, chamber) == player]


def controlled_decree_effects(db: DuelDatabase, senate: AgoraState, player: int) -> list[Effect]:
    """The effects of the decrees of the chambers ``player`` controls (always face up: a controlled
    chamber has a cube, which turned its decrees up)."""
    decrees = db.agora.decrees
    return [effect for chamber in controlled(senate, player) for decree in senate.decrees[chamber]
            for effect in decrees[decree].effects]


def place_chambers(db: DuelDatabase, senate: AgoraState, player: int, chamber_bits: int) -> list[int]:
    """The chambers of the bit set ``chamber_bits`` where ``player`` may place a cube now."""
    if supply(db, senate, player) == 0:
        return []
    return [chamber for chamber in range(db.agora.num_chambers) if chamber_bits >> chamber & 1]


def moves(senate: AgoraState, player: int) -> list[tuple[int, int]]:
    """The (from, to) chambers of ``player``'s possible moves: an own cube to an adjacent chamber."""
    cubes = senate.cubes[player]
    return [(source, target) for source in range(len(cubes)) if cubes[source]
            for target in (source - 1, source + 1) if 0 <= target < len(cubes)]


def place_cube(db: DuelDatabase, senate: AgoraState, player: int, chamber: int) -> None:
    """``player`` puts a cube of their supply in ``chamber``."""
    if supply(db, senate, player) == 0:
        raise ValueError(f"player_{player} has no cube left to place")
    senate.cubes[player][chamber] += 1
    senate.decree_face_up[chamber] = True


def move_cube(senate: AgoraState, player: int, source: int, target: int) -> None:
    """``player`` moves one of their cubes from ``source`` to the adjacent chamber ``target``."""
    if abs(source - target) != 1 or not senate.cubes[player][source]:
        raise ValueError(f"player_{player} cannot move a cube from chamber {source + 1} to chamber {target + 1}")
    senate.cubes[player][source] -= 1
    senate.cubes[player][target] += 1
    senate.decree_face_up[target] = True


def remove_cube(senate: AgoraState, owner: int, chamber: int) -> None:
    """One of ``owner``'s cubes leaves ``chamber`` for their supply (the opponent removes it)."""
    if not senate.cubes[owner][chamber]:
        raise ValueError(f"player_{owner} has no cube in chamber {chamber + 1}")
    senate.cubes[owner][chamber] -= 1


def political_supremacy(senate: AgoraState) -> int:
    """The player who controls every chamber, or NOBODY."""
    owners = {controller(senate, chamber) for chamber in range(len(senate.decrees))}
    return owners.pop() if len(owners) == 1 and NOBODY not in owners else NOBODY


def senate_points(db: DuelDatabase, senate: AgoraState, player: int) -> int:
    """The VP of the chambers ``player`` controls (1, 2, 3, 3, 2, 1)."""
    return sum(db.agora.chamber_vp[chamber] for chamber in controlled(senate, player))


# ------------------------------------------------------------------------------- decrees
def decree_total(db: DuelDatabase, senate: AgoraState, player: int, kind: EffectKind) -> int:
    """The sum of the amounts of ``player``'s controlled decrees of ``kind`` (the discard bonus, the
    Senate boost, the wonder discount)."""
    return sum(e.amount for e in controlled_decree_effects(db, senate, player) if e.kind is kind)


def decree_bits(db: DuelDatabase, senate: AgoraState, player: int, kind: EffectKind) -> int:
    """The bit set of what ``player``'s controlled decrees of ``kind`` name: resources (bit per
    ``RESOURCES`` index) for the trade discounts, colours (bit per ``COLORS`` index) for the
    ignored cost symbol."""
    bits = 0
    for effect in controlled_decree_effects(db, senate, player):
        if effect.kind is kind:
            bits |= 1 << effect.what if kind is EffectKind.IGNORE_COST_SYMBOL else effect.what
    return bits


def has_decree(db: DuelDatabase, senate: AgoraState, player: int, kind: EffectKind) -> bool:
    """Whether ``player`` controls a decree of ``kind`` (shared chains, the Conspirator replay)."""
    return any(e.kind is kind for e in controlled_decree_effects(db, senate, player))


def build_income(db: DuelDatabase, senate: AgoraState, colour: int, age: int) -> list[int]:
    """Coins each player takes when anyone builds a card of ``colour`` in ``age``: the Age's number
    per controlled income decree of that colour."""
    return [age * sum(1 for e in controlled_decree_effects(db, senate, player)
                      if e.kind is EffectKind.BUILD_INCOME and e.what == colour) for player in (0, 1)]


def wonder_income(db: DuelDatabase, senate: AgoraState, age: int) -> list[int]:
    """Coins each player takes when anyone builds a wonder in ``age`` (the wonder income decree)."""
    return [age * sum(1 for e in controlled_decree_effects(db, senate, player) if e.kind is EffectKind.WONDER_INCOME)
            for player in (0, 1)]


def shield_pull(db: DuelDatabase, senate: AgoraState) -> int:
    """Where the shield decrees pull the Conflict pawn: their controllers' shields, toward player 1's
    capital for player 0's (positive, the pawn's direction) and back for player 1's.

    The shield decree's rule (its controller gains 1 shield on gaining control; the pawn moves 1
    back on losing it, 2 when the opponent takes it over) is that pull changing hands: after any
    change of the Senate (cubes, a decree moved) the pawn moves by the pull after minus the pull
    before (:func:`shield_steps`)."""
    pull = 0
    for chamber, decrees in enumerate(senate.decrees):
        owner = controller(senate, chamber)
        if owner == NOBODY:
            continue
        shields = sum(e.amount for d in decrees for e in db.agora.decrees[d].effects
                      if e.kind is EffectKind.SHIELD_WHILE_CONTROLLED)
        pull += shields if owner == 0 else -shields
    return pull


def shield_steps(db: DuelDatabase, before: int, senate: AgoraState) -> int:
    """The pawn's move (positive: toward player 1's capital) after a change of the Senate whose
    :func:`shield_pull` was ``before``."""
    return shield_pull(db, senate) - before


# --------------------------------------------------------------------- conspiracies' sums
def blackmail_coins(opponent_coins: int) -> int:
    """Blackmail: half the opponent's coins, rounded up (in the Blackmailer's favour)."""
    return (opponent_coins + 1) // 2


def embezzlement_coins(senate: AgoraState, player: int, effects: tuple[Effect, ...]) -> tuple[int, int]:
    """Embezzlement by ``player``: (coins gained, coins the opponent loses before the floor of 0),
    by the cubes each has in the Senate."""
    per_own = sum(e.amount for e in effects if e.kind is EffectKind.COINS_PER_OWN_CUBE)
    per_theirs = sum(e.amount for e in effects if e.kind is EffectKind.OPPONENT_LOSES_PER_CUBE)
    return per_own * sum(senate.cubes[player]), per_theirs * sum(senate.cubes[1 - player])


# --------------------------------------------------------------------------- conspiracies
def draw_conspiracies(db: DuelDatabase, senate: AgoraState) -> list[int]:
    """Conspire: the top conspiracies of the deck (2, fewer if fewer are left) become ``drawn``."""
    count = db.agora.conspiracies_drawn
    senate.drawn, senate.conspiracy_deck = senate.conspiracy_deck[:count], senate.conspiracy_deck[count:]
    return list(senate.drawn)


def keep_conspiracy(senate: AgoraState, player: int, conspiracy: int) -> None:
    """``player`` keeps the drawn ``conspiracy`` face down, unprepared."""
    if conspiracy not in senate.drawn:
        raise ValueError(f"conspiracy {conspiracy} was not drawn (drawn: {senate.drawn})")
    senate.drawn.remove(conspiracy)
    senate.conspiracies[player].append(conspiracy)
    senate.prepared[player].append(EMPTY)


def put_back_conspiracy(senate: AgoraState, conspiracy: int, on_top: bool) -> None:
    """The drawn ``conspiracy`` not kept goes back on the top or the bottom of the deck."""
    if conspiracy not in senate.drawn:
        raise ValueError(f"conspiracy {conspiracy} was not drawn (drawn: {senate.drawn})")
    senate.drawn.remove(conspiracy)
    if on_top:
        senate.conspiracy_deck.insert(0, conspiracy)
    else:
        senate.conspiracy_deck.append(conspiracy)


def preparable(senate: AgoraState, player: int) -> list[int]:
    """The conspiracies ``player`` may prepare: held and unprepared."""
    return [c for c, card in zip(senate.conspiracies[player], senate.prepared[player]) if card == EMPTY]


def prepare_conspiracy(senate: AgoraState, player: int, conspiracy: int, card: int) -> None:
    """``player`` tucks ``card`` (taken from the structure) under their unprepared ``conspiracy``."""
    if conspiracy not in preparable(senate, player):
        raise ValueError(f"player_{player} holds no unprepared conspiracy {conspiracy}")
    senate.prepared[player][senate.conspiracies[player].index(conspiracy)] = card


def triggerable(senate: AgoraState, player: int, unprepared_too: bool = False) -> list[int]:
    """The conspiracies ``player`` may trigger: the prepared ones (every held one for Curia Julia's)."""
    return [c for c, card in zip(senate.conspiracies[player], senate.prepared[player])
            if unprepared_too or card != EMPTY]


def trigger_conspiracy(senate: AgoraState, player: int, conspiracy: int) -> None:
    """``player``'s held ``conspiracy`` turns face up and is used up; the card under it leaves the game."""
    if conspiracy not in senate.conspiracies[player]:
        raise ValueError(f"player_{player} holds no conspiracy {conspiracy}")
    index = senate.conspiracies[player].index(conspiracy)
    if senate.prepared[player][index] != EMPTY:
        senate.left_game.append(senate.prepared[player][index])
    del senate.conspiracies[player][index], senate.prepared[player][index]
    senate.triggered[player].append(conspiracy)


# ------------------------------------------------------------ what a conspiracy targets
def set_aside_tokens(state: DuelState) -> list[int]:
    """The progress tokens set aside at setup that nobody has taken nor locked, nor lying on Enki
    (with Pantheon), in the set-aside order: the Great Library draws the first ones, Enki gets the last."""
    owned = state.player_tokens[0] | state.player_tokens[1]
    unavailable = {token for token, _, _ in state.agora.locked}
    if state.pantheon is not None:
        unavailable.update(state.pantheon.enki_tokens)
    return [t for t in state.token_order[BOARD_TOKENS:] if not owned >> t & 1 and t not in unavailable]


def _opponent_cards(state: DuelState, player: int, colour_bits: int) -> list[int]:
    colours = state.db.card_color
    return sorted(c for c in state.city[1 - player] if colour_bits >> colours[c] & 1)


def _unbuilt_wonders(state: DuelState, player: int, effect: Effect) -> list[int]:
    return sorted(w for w in state.player_wonders[1 - player] if not state.wonder_built[w] and w != state.boxed_wonder)


def _built_wonders(state: DuelState, player: int, effect: Effect) -> list[int]:
    return sorted(w for w in state.player_wonders[1 - player] if state.wonder_built[w])


def _first_row_cards(state: DuelState, player: int, effect: Effect) -> list[int]:
    layout, colours = state.db.layouts[state.age - 1], state.db.card_color
    return sorted(state.slot_card[s] for s in range(len(layout.row))
                  if layout.row[s] == 0 and state.slot_card[s] != EMPTY and colours[state.slot_card[s]] != SENATOR)


def _boxed_age_cards(state: DuelState, player: int, effect: Effect) -> list[int]:
    decks = state.db.card_deck
    return sorted(c for boxed in state.boxed[:state.age] for c in boxed if decks[c] not in (GUILD_DECK, TEMPLE_DECK))


def _all_tokens(state: DuelState, player: int, effect: Effect) -> list[int]:
    board = [t for t in range(state.db.num_tokens) if state.board_tokens >> t & 1]
    theirs = [t for t in range(state.db.num_tokens) if state.player_tokens[1 - player] >> t & 1]
    return sorted(board + theirs + set_aside_tokens(state))


def _accessible_cards(state: DuelState, player: int, effect: Effect) -> list[int]:
    return sorted(state.slot_card[s] for s in state.accessible_slots())


def _swappable(state: DuelState, player: int, effect: Effect) -> list[int]:
    own = {state.db.card_color[c] for c in state.city[player]}
    return [c for c in _opponent_cards(state, player, effect.what) if state.db.card_color[c] in own]


#: per conspiracy power that asks for a choice: the items its player chooses from (``state``,
#: ``player``, the power's effect) -> sorted ids of cards, wonders or progress tokens
CONSPIRACY_TARGETS = {
    EffectKind.STEAL_UNBUILT_WONDER: _unbuilt_wonders,
    EffectKind.DESTROY: lambda state, player, effect: _opponent_cards(state, player, 1 << effect.what),
    EffectKind.LOCK_PROGRESS_TOKEN: _all_tokens,
    EffectKind.BUILD_FREE_FROM_FIRST_ROW: _first_row_cards,
    EffectKind.BUILD_FREE_FROM_BOXED: _boxed_age_cards,
    EffectKind.PROGRESS_FROM_ALL_UNUSED: lambda state, player, effect: sorted(set_aside_tokens(state)),
    EffectKind.DISCARD_ACCESSIBLE_CARDS: _accessible_cards,
    EffectKind.STEAL_CARD: lambda state, player, effect: _opponent_cards(state, player, effect.what),
    EffectKind.SWAP_CARD: _swappable,
    EffectKind.BOX_BUILT_WONDER: _built_wonders,
}


def conspiracy_targets(state: DuelState, player: int, conspiracy: int) -> list[int] | None:
    """What ``player`` chooses from when ``conspiracy`` is triggered: sorted ids of cards, wonders or
    progress tokens (empty: the power does nothing), or None when it asks for no such choice."""
    for effect in state.db.agora.conspiracies[conspiracy].effects:
        if effect.kind in CONSPIRACY_TARGETS:
            return CONSPIRACY_TARGETS[effect.kind](state, player, effect)
    return None


# ========================================================================= the turn's decisions
#: the set each influence effect asks its player to choose from
INFLUENCE_CHOICE = {EffectKind.PLACE_INFLUENCE: Choice.PLACE_INFLUENCE,
                    EffectKind.REMOVE_OPPONENT_INFLUENCE: Choice.REMOVE_INFLUENCE,
                    EffectKind.MOVE_INFLUENCE: Choice.MOVE_INFLUENCE}
#: the set a conspiracy's power asks its player to choose from (its items: :data:`CONSPIRACY_TARGETS`)
TARGET_CHOICE = {
    EffectKind.STEAL_UNBUILT_WONDER: Choice.STEAL_WONDER, EffectKind.DESTROY: Choice.DESTROY_CARD,
    EffectKind.LOCK_PROGRESS_TOKEN: Choice.LOCK_TOKEN, EffectKind.BUILD_FREE_FROM_FIRST_ROW: Choice.FIRST_ROW_CARD,
    EffectKind.BUILD_FREE_FROM_BOXED: Choice.BOXED_CARD, EffectKind.PROGRESS_FROM_ALL_UNUSED: Choice.SET_ASIDE_TOKEN,
    EffectKind.DISCARD_ACCESSIBLE_CARDS: Choice.DISCARD_ACCESSIBLE, EffectKind.STEAL_CARD: Choice.TAKE_CARD,
    EffectKind.SWAP_CARD: Choice.SWAP_TAKE, EffectKind.BOX_BUILT_WONDER: Choice.BOX_WONDER,
}
#: the kind of item of each conspiracy's target set
TARGET_ITEM = {Choice.STEAL_WONDER: Item.WONDER, Choice.DESTROY_CARD: Item.CARD, Choice.LOCK_TOKEN: Item.TOKEN,
               Choice.FIRST_ROW_CARD: Item.CARD, Choice.BOXED_CARD: Item.CARD, Choice.SET_ASIDE_TOKEN: Item.TOKEN,
               Choice.DISCARD_ACCESSIBLE: Item.CARD, Choice.TAKE_CARD: Item.CARD, Choice.SWAP_TAKE: Item.CARD,
               Choice.BOX_WONDER: Item.WONDER}


def push_steps(state: DuelState, steps: list[tuple]) -> None:
    """Ask these decisions (``(player, Choice, argument, optional)``) before those already waiting."""
    state.agora.steps[0:0] = steps


def influence_steps(player: int, effects: tuple[Effect, ...]) -> list[tuple]:
    """The decisions of the influence effects among ``effects``, in their order: ``amount`` of each;
    a place and a remove are made when they can be, a move may be declined."""
    return [(player, INFLUENCE_CHOICE[e.kind], None, e.kind is EffectKind.MOVE_INFLUENCE)
            for e in effects if e.kind in INFLUENCE_CHOICE for _ in range(e.amount)]


def _chamber_items(chambers: list[int]) -> list[tuple[Item, int]]:
    return [(Item.CHAMBER, chamber) for chamber in chambers]


def _move_items(state: DuelState, player: int) -> list[tuple[Item, int]]:
    index = {move: i for i, move in enumerate(action_table(state.db).senate_moves)}
    return [(Item.SENATE_MOVE, index[move]) for move in moves(state.agora, player)]


def step_options(state: DuelState, player: int, choice: Choice, argument) -> list[tuple[Item, int]]:
    """The items ``player`` may choose from ``choice``'s set now (``argument``: the step's, see
    :data:`_OPTIONS`)."""
    if choice in TARGET_ITEM:
        return [(TARGET_ITEM[choice], i) for i in CONSPIRACY_TARGETS[argument.kind](state, player, argument)]
    return _OPTIONS[choice](state, player, argument)


def _everywhere(state: DuelState) -> int:
    return (1 << state.db.agora.num_chambers) - 1


#: the items of the other sets, by (state, player, the step's argument)
_OPTIONS = {
    # argument: the Politician's chambers (bit set)
    Choice.SENATE_ACTION: lambda state, player, chambers: (
        _chamber_items(place_chambers(state.db, state.agora, player, chambers)) + _move_items(state, player)),
    Choice.CONSPIRATOR: lambda state, player, _: (
        _chamber_items(place_chambers(state.db, state.agora, player, _everywhere(state)))
        + ([(Item.OPTION, CONSPIRE)] if state.agora.conspiracy_deck else [])),
    Choice.KEEP_CONSPIRACY: lambda state, player, _: [(Item.CONSPIRACY, c) for c in sorted(state.agora.drawn)],
    Choice.PUT_BACK: lambda state, player, _: [(Item.OPTION, TOP), (Item.OPTION, BOTTOM)] if state.agora.drawn else [],
    Choice.PLACE_INFLUENCE: lambda state, player, _: _chamber_items(
        place_chambers(state.db, state.agora, player, _everywhere(state))),
    Choice.REMOVE_INFLUENCE: lambda state, player, _: _chamber_items(
        [c for c, cubes in enumerate(state.agora.cubes[1 - player]) if cubes]),
    Choice.MOVE_INFLUENCE: lambda state, player, _: _move_items(state, player),
    Choice.PREPARE_CONSPIRACY: lambda state, player, _: [(Item.CONSPIRACY, c)
                                                         for c in sorted(preparable(state.agora, player))],
    Choice.CURIA_TRIGGER: lambda state, player, _: [(Item.CONSPIRACY, c)
                                                    for c in sorted(triggerable(state.agora, player, True))],
    # argument: the colour of the card taken
    Choice.SWAP_GIVE: lambda state, player, colour: [(Item.CARD, c) for c in sorted(state.city[player])
                                                     if state.db.card_color[c] == colour and c != state.agora.chosen],
    Choice.DECREE_FROM: lambda state, player, _: _chamber_items(
        [c for c, decrees in enumerate(state.agora.decrees) if decrees]),
    # argument: the chamber the decree leaves
    Choice.DECREE_TO: lambda state, player, source: _chamber_items(
        [c for c in range(state.db.agora.num_chambers) if c != source]),
    Choice.PAIR_TOKEN: lambda state, player, _: [(Item.TOKEN, t) for t in range(state.db.num_tokens)
                                                 if state.board_tokens >> t & 1],
}


def run_steps(state: DuelState) -> bool:
    """Ask the next waiting decision that has a choice (one with none is passed; an optional one
    also offers ``stop``); False when none is left."""
    senate = state.agora
    while senate.steps and state.phase != Phase.GAME_OVER:
        player, choice, argument, optional = senate.steps.pop(0)
        if step_options(state, player, choice, argument):
            senate.choice, senate.argument, senate.optional = choice, argument, optional
            state.phase, state.current = Phase.CHOOSE, player
            refresh_options(state)
            return True
    senate.steps.clear()
    return False


def refresh_options(state: DuelState) -> None:
    """The items of the decision asked now, from the state (after a determinization redrew the
    conspiracies the decider holds or drew)."""
    senate = state.agora
    acts = action_table(state.db)
    options = step_options(state, state.current, Choice(senate.choice), senate.argument)
    if senate.optional:
        options.append((Item.OPTION, STOP))
    senate.options = sorted(acts.item_offsets[kind] + i for kind, i in options)


def choice_actions(state: DuelState) -> list[int]:
    """The legal ``choose`` actions of Agora's decision now."""
    choose = action_table(state.db).choose
    return [choose + index for index in state.agora.options]


def why_not_choose(state: DuelState, index: int) -> str | None:
    acts = action_table(state.db)
    if index not in state.agora.options:
        return f"{acts.item_name(index)} is not in the set chosen from now ({CHOICE_NAMES[state.agora.choice]})"
    return None


def choose(state: DuelState, action: int, index: int) -> None:
    """The ``choose`` action of Agora's decision: ``stop`` ends the player's steps of this set
    waiting next (the Politician's other Senate actions); any other item resolves the set's step."""
    senate = state.agora
    kind, item = action_table(state.db).item_of(index)
    player, choice, argument = state.current, Choice(senate.choice), senate.argument
    state.log.append((player, action, 0))
    senate.choice_log.append((len(state.log) - 1, choice))
    senate.choice, senate.options, senate.argument, senate.optional = NONE, [], None, False
    if kind is Item.OPTION and item == STOP:
        while senate.steps and senate.steps[0][:2] == (player, choice):
            senate.steps.pop(0)
    else:
        _RESOLVE[choice](state, player, kind, item, argument)
    if state.phase != Phase.GAME_OVER:
        rules.end_turn(state)


# ------------------------------------------------------------------- the Senate changing
def change_senate(state: DuelState, change: Callable[[], None]) -> None:
    """Make ``change`` to the Senate, then: the costs change with the decrees controlled; political
    supremacy ends the game at once (*decision of the project*: before the shield decree's pawn
    move of the same change, the control being its cause); the shield decree's pull moves the
    pawn (military tokens and military supremacy as for any shield)."""
    db, senate = state.db, state.agora
    before = shield_pull(db, senate)
    change()
    state.clear_caches()
    winner = political_supremacy(senate)
    if winner != NOBODY:
        rules.game_over(state, (winner,), Victory.POLITICAL)
        return
    steps = shield_steps(db, before, senate)
    if steps:
        rules.move_pawn(state, 0 if steps > 0 else 1, abs(steps))


def military_token(state: DuelState, player: int, distance: int) -> None:
    """``player`` moved the pawn onto an Agora military token (in place of a looting token): its
    influence decisions, and no coin lost."""
    push_steps(state, influence_steps(player, state.db.agora.military_token_effects[distance]))


# --------------------------------------------------------------- hooks of the base turn
def draft_effects(state: DuelState, player: int, wonder: int) -> None:
    """A wonder taken in the draft: Curia Julia conspires, Knossos places a cube."""
    for effect in state.db.wonders[wonder].effects:
        if effect.kind is EffectKind.DRAFT_CONSPIRE:
            conspire(state, player)
        elif effect.kind is EffectKind.DRAFT_PLACE_INFLUENCE:
            push_steps(state, [(player, Choice.PLACE_INFLUENCE, None, False)] * effect.amount)


def card_built(state: DuelState, player: int, card: int) -> None:
    """Anyone built ``card`` (from the structure, the discard pile or a conspiracy): the income
    decrees pay their controllers; a Senator is recruited: a Politician's Senate actions (by the
    blue cards, each optional: *decision of the project*, a player may stop), a Conspirator's
    place-or-conspire (and the decree's replay)."""
    db, senate = state.db, state.agora
    for who, coins in enumerate(build_income(db, senate, db.card_color[card], state.age)):
        state.coins[who] += coins
    chambers = db.agora.politician_chambers[card]
    if chambers:
        actions = senate_actions(db, senate, player, state.color_count[player][BLUE])
        push_steps(state, [(player, Choice.SENATE_ACTION, chambers, True)] * actions)
    elif db.agora.conspirator[card]:
        push_steps(state, [(player, Choice.CONSPIRATOR, None, False)])
        if has_decree(db, senate, player, EffectKind.PLAY_AGAIN_ON_CONSPIRATOR):
            state.play_again = True


def wonder_built(state: DuelState, player: int, wonder: int) -> None:
    """Anyone built ``wonder``: the wonder income decree pays; Knossos' cube (and its optional
    move), Curia Julia's optional trigger of any held conspiracy."""
    db = state.db
    for who, coins in enumerate(wonder_income(db, state.agora, state.age)):
        state.coins[who] += coins
    effects = db.wonders[wonder].effects
    steps = [(player, Choice.CURIA_TRIGGER, None, True)
             for e in effects if e.kind is EffectKind.TRIGGER_UNPREPARED_CONSPIRACY]
    push_steps(state, steps + influence_steps(player, effects))


def conspire(state: DuelState, player: int) -> None:
    """Draw the top conspiracies: keep one (then put the other back), or both with Organized Crime."""
    db, senate = state.db, state.agora
    drawn = draw_conspiracies(db, senate)
    if db.organized_crime != NONE and state.player_tokens[player] >> db.organized_crime & 1:
        for conspiracy in drawn:
            keep_conspiracy(senate, player, conspiracy)
    else:
        push_steps(state, [(player, Choice.KEEP_CONSPIRACY, None, False)])


def prepare(state: DuelState, player: int, card: int) -> None:
    """``player`` took ``card`` to prepare a conspiracy: which one is asked next."""
    state.agora.chosen = card
    push_steps(state, [(player, Choice.PREPARE_CONSPIRACY, None, False)])


def trigger(state: DuelState, player: int, conspiracy: int) -> None:
    """``player`` triggers ``conspiracy``: it is used up, its immediate effects happen (Blackmail,
    Coup, Embezzlement) and its choices are asked in its effects' order, the optional influence
    move last (Political Maneuver: place, remove, then the optional move)."""
    db, senate = state.db, state.agora
    trigger_conspiracy(senate, player, conspiracy)
    opponent = 1 - player
    effects = db.agora.conspiracies[conspiracy].effects
    steps = []
    for effect in effects:
        kind = effect.kind
        if kind in TARGET_CHOICE:
            count = effect.amount if kind is EffectKind.DISCARD_ACCESSIBLE_CARDS else 1
            # Turn of Events: the second discard may be declined
            steps += [(player, TARGET_CHOICE[kind], effect, i > 0) for i in range(count)]
        elif kind is EffectKind.MOVE_DECREE:
            steps.append((player, Choice.DECREE_FROM, None, False))
        elif kind is EffectKind.STEAL_HALF_COINS:
            coins = blackmail_coins(state.coins[opponent])
            state.coins[opponent] -= coins
            state.coins[player] += coins
    gained, lost = embezzlement_coins(senate, player, effects)
    state.coins[player] += gained
    state.coins[opponent] -= min(lost, state.coins[opponent])
    push_steps(state, steps + influence_steps(player, effects))
    shields = sum(e.amount for e in effects if e.kind is EffectKind.SHIELDS)
    if shields:
        rules.move_pawn(state, player, shields)


# ------------------------------------------------------------- each set's resolution
def _resolve_influence(state: DuelState, player: int, kind: Item, item: int, _) -> None:
    """A cube placed in a chamber, moved, or (a Conspirator) a conspire."""
    senate = state.agora
    if kind is Item.CHAMBER:
        change_senate(state, lambda: place_cube(state.db, senate, player, item))
    elif kind is Item.SENATE_MOVE:
        source, target = action_table(state.db).senate_moves[item]
        change_senate(state, lambda: move_cube(senate, player, source, target))
    else:
        conspire(state, player)


def _resolve_remove(state: DuelState, player: int, kind: Item, chamber: int, _) -> None:
    change_senate(state, lambda: remove_cube(state.agora, 1 - player, chamber))


def _resolve_keep(state: DuelState, player: int, kind: Item, conspiracy: int, _) -> None:
    keep_conspiracy(state.agora, player, conspiracy)
    if state.agora.drawn:
        push_steps(state, [(player, Choice.PUT_BACK, None, False)])


def _resolve_put_back(state: DuelState, player: int, kind: Item, option: int, _) -> None:
    put_back_conspiracy(state.agora, state.agora.drawn[0], on_top=option == TOP)


def _resolve_prepare(state: DuelState, player: int, kind: Item, conspiracy: int, _) -> None:
    senate = state.agora
    prepare_conspiracy(senate, player, conspiracy, senate.chosen)
    senate.chosen = EMPTY


def _resolve_curia(state: DuelState, player: int, kind: Item, conspiracy: int, _) -> None:
    trigger(state, player, conspiracy)


def _resolve_steal_wonder(state: DuelState, player: int, kind: Item, wonder: int, _) -> None:
    state.player_wonders[1 - player].remove(wonder)
    state.player_wonders[player].append(wonder)
    state.clear_caches()


def _resolve_destroy(state: DuelState, player: int, kind: Item, card: int, _) -> None:
    rules.remove_from_city(state, 1 - player, card)
    state.discard.append(card)


def _resolve_lock(state: DuelState, player: int, kind: Item, token: int, _) -> None:
    """Obscurantism: the token leaves the board or the opponent (what it gave once stays given), or
    is locked among the set-aside ones, which only the locker sees."""
    opponent = 1 - player
    public = bool((state.board_tokens | state.player_tokens[opponent]) >> token & 1)
    state.board_tokens &= ~(1 << token)
    if state.player_tokens[opponent] >> token & 1:
        state.player_tokens[opponent] &= ~(1 << token)
        if state.db.token_science[token] != NONE:
            state.science[opponent][state.db.token_science[token]] -= 1
        state.clear_caches()
    state.agora.locked.append((token, player, public))


def _build_free(state: DuelState, player: int, card: int) -> None:
    rules.add_building(state, player, card)
    if state.phase != Phase.GAME_OVER:
        card_built(state, player, card)


def _resolve_first_row(state: DuelState, player: int, kind: Item, card: int, _) -> None:
    rules.take_from_structure(state, card)
    _build_free(state, player, card)


def _resolve_boxed(state: DuelState, player: int, kind: Item, card: int, _) -> None:
    next(boxed for boxed in state.boxed if card in boxed).remove(card)
    _build_free(state, player, card)


def _resolve_set_aside(state: DuelState, player: int, kind: Item, token: int, _) -> None:
    rules.take_token(state, player, token)


def _resolve_discard_accessible(state: DuelState, player: int, kind: Item, card: int, _) -> None:
    rules.take_from_structure(state, card)
    state.discard.append(card)


def _resolve_take_card(state: DuelState, player: int, kind: Item, card: int, _) -> None:
    rules.remove_from_city(state, 1 - player, card)
    rules.add_building(state, player, card)


def _resolve_swap_take(state: DuelState, player: int, kind: Item, card: int, _) -> None:
    _resolve_take_card(state, player, kind, card, _)
    state.agora.chosen = card
    push_steps(state, [(player, Choice.SWAP_GIVE, state.db.card_color[card], False)])


def _resolve_swap_give(state: DuelState, player: int, kind: Item, card: int, _) -> None:
    """Coercion's card given: it joins the opponent's city with its symbol; a pair it completes
    gives the opponent a progress token (their decision), a sixth symbol their science supremacy."""
    opponent, symbol = 1 - player, state.db.card_science[card]
    state.agora.chosen = EMPTY
    rules.remove_from_city(state, player, card)
    pending, pairs_before = state.pending_progress, symbol != NONE and state.science[opponent][symbol] == 1
    rules.add_building(state, opponent, card)
    state.pending_progress = pending  # add_building's pair would be the turn player's
    if pairs_before and state.board_tokens and state.phase != Phase.GAME_OVER:
        push_steps(state, [(opponent, Choice.PAIR_TOKEN, None, False)])


def _resolve_pair_token(state: DuelState, player: int, kind: Item, token: int, _) -> None:
    state.board_tokens &= ~(1 << token)
    rules.take_token(state, player, token)


def _resolve_decree_from(state: DuelState, player: int, kind: Item, chamber: int, _) -> None:
    push_steps(state, [(player, Choice.DECREE_TO, chamber, False)])


def _resolve_decree_to(state: DuelState, player: int, kind: Item, target: int, source: int) -> None:
    """Insider Influence: the first decree of ``source`` goes under the decrees of ``target``, whose
    decrees then lie face up (*decision of the project*: the decree moved is seen)."""
    senate = state.agora

    def move_decree() -> None:
        senate.decrees[target].append(senate.decrees[source].pop(0))
        senate.decree_face_up[target] = True
    change_senate(state, move_decree)


def _resolve_box_wonder(state: DuelState, player: int, kind: Item, wonder: int, _) -> None:
    """Sabotage: the opponent's built wonder and its card go back to the box: its VP and
    production are lost, what it gave once stays given."""
    db, owner = state.db, 1 - player
    state.player_wonders[owner].remove(wonder)
    state.agora.left_game.append(state.wonder_card[wonder])
    state.wonder_built[wonder], state.wonder_card[wonder] = False, EMPTY
    state.wonders_built -= 1
    if db.wonder_choice[wonder]:
        rules.add_choice(state, owner, db.wonder_choice[wonder], -1)
    state.clear_caches()


_RESOLVE = {
    Choice.SENATE_ACTION: _resolve_influence, Choice.CONSPIRATOR: _resolve_influence,
    Choice.PLACE_INFLUENCE: _resolve_influence, Choice.MOVE_INFLUENCE: _resolve_influence,
    Choice.REMOVE_INFLUENCE: _resolve_remove, Choice.KEEP_CONSPIRACY: _resolve_keep,
    Choice.PUT_BACK: _resolve_put_back, Choice.PREPARE_CONSPIRACY: _resolve_prepare,
    Choice.CURIA_TRIGGER: _resolve_curia, Choice.STEAL_WONDER: _resolve_steal_wonder,
    Choice.DESTROY_CARD: _resolve_destroy, Choice.LOCK_TOKEN: _resolve_lock,
    Choice.FIRST_ROW_CARD: _resolve_first_row, Choice.BOXED_CARD: _resolve_boxed,
    Choice.SET_ASIDE_TOKEN: _resolve_set_aside, Choice.DISCARD_ACCESSIBLE: _resolve_discard_accessible,
    Choice.TAKE_CARD: _resolve_take_card, Choice.SWAP_TAKE: _resolve_swap_take, Choice.SWAP_GIVE: _resolve_swap_give,
    Choice.DECREE_FROM: _resolve_decree_from, Choice.DECREE_TO: _resolve_decree_to,
    Choice.BOX_WONDER: _resolve_box_wonder, Choice.PAIR_TOKEN: _resolve_pair_token,
}
