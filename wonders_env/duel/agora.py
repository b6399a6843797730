"""The rules of the Agora expansion of 7 Wonders Duel (``expansions=("agora",)``), being built.

Built so far: the tables (:class:`.cards.AgoraTables`; README decision 9, Blackmail's influence
move, is a ``move_influence`` token of its row), the setup (:func:`.state.deal_senators`,
:func:`.state.new_agora`), and in this module the Senate, the decrees' sums, the conspiracies'
deck, hands and targets, which read and change an :class:`.state.AgoraState` (``senate``), the
tables, and the base state only; the hidden parts are redrawn by
:func:`.determinize.redraw_senate`. Not built: the turn's decisions (recruiting a Senator, the
Senate actions as steps of the ``choose`` decision, preparing and triggering, each conspiracy's
resolution and its optional influence move, the Agora military tokens, Curia Julia and Knossos),
the decrees' hooks in the base rules, the Senate's points in the score and political supremacy
in the game's end, the action and observation spaces; the engines do not offer the expansion
until they exist (``cards.Expansion.playable``). README decision 14 (a Senator may be sold or put
under a wonder like any card) belongs to the turn's decisions.

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
  (:func:`.costs.symbol_waived_cost`: the cheaper of a resource unit or the printed coins, which are
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

from .cards import GUILD_DECK, NONE, SENATOR, TEMPLE_DECK, DuelDatabase, Effect, EffectKind
from .state import BOARD_TOKENS, EMPTY, NOBODY, AgoraState, DuelState


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
    """The progress tokens set aside at setup that nobody has taken (not on the board, not owned)."""
    owned = state.player_tokens[0] | state.player_tokens[1]
    return sorted(t for t in state.token_order[BOARD_TOKENS:] if not owned >> t & 1)


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
    EffectKind.PROGRESS_FROM_ALL_UNUSED: lambda state, player, effect: set_aside_tokens(state),
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
