"""Every word of 7 Wonders Duel that a person reads: the one presentation module of the game.

What a card, wonder or progress token does (:func:`effect_text`, :func:`card_text`,
:func:`wonder_text`), what the seat to act decides (:func:`phase_text`: :data:`PHASE_TEXT`,
Pantheon's :data:`CHOICE_PROMPTS`), the name of a move (:func:`move_text`, the text interface's and
terminal play's; :func:`move_label` and :func:`move_price`, its two halves on the web page's menu),
the sentence for an entry of the game record (:func:`entry_text`, terminal play's and the web
page's news) and for the conflict pawn's move (:func:`conflict_text`). :data:`LEGEND` explains the
abbreviations. The text interface (:mod:`.text_view`, :mod:`.render`), terminal play (through the
engines' ``describe_*`` methods) and the web app (``wonders_web.duel_view``, whose JSON carries
these texts to the page) all take their words from here, so a new power's words are written here
only. The functions read either engine's state (a :class:`.state.DuelState` or the core's view,
with the same names) and ask the state itself for costs.
"""

from __future__ import annotations

from typing import Any

from .actions import CONSPIRE, OPTION_NAMES, STARTER_ME, STOP, ActionKind, Item, action_table
from .cards import CHAIN_SYMBOLS, COLORS, DECKS, MYTHOLOGIES, NONE, RESOURCES, SCIENCE_SYMBOLS, SENATOR, DuelDatabase
from .cards import EffectKind as K
from .record import AGENTS
from .state import Choice, Phase, choosing

RESOURCE_NAMES = ("wood", "clay", "stone", "glass", "papyrus")

LEGEND = (
    "Legend: resources W wood, C clay, S stone (raw materials), G glass, P papyrus (manufactured\n"
    "goods). VP = victory points; shields move the conflict pawn toward the opponent's capital\n"
    "(reaching it: military victory); 6 different science symbols: science victory, and each pair of\n"
    "the same symbol gives a progress token.\n"
    "Cards marked * in the structure can be taken. A cost is what you pay now, resources bought included.")


def _names(mask: int, names: tuple[str, ...], joiner: str = " or ") -> str:
    return joiner.join(name for bit, name in enumerate(names) if mask >> bit & 1)


def effects_text(effects: tuple[Any, ...]) -> str:
    """The effects of a card, wonder or progress token, in words."""
    return "; ".join(effect_text(effect) for effect in effects) or "no effect"


def effect_text(effect: Any) -> str:
    """One effect in words (the web page lists a card's effects one by one)."""
    n, what = effect.amount, effect.what
    colours = _names(what, COLORS, " and ")
    text = {
        K.PRODUCE: lambda: f"produces {n} {RESOURCE_NAMES[what]}",
        K.PRODUCE_CHOICE: lambda: f"produces {_names(what, RESOURCE_NAMES)} (one per turn)",
        K.TRADE_FIXED: lambda: f"you buy {_names(what, RESOURCE_NAMES)} for 1 coin",
        K.SHIELDS: lambda: f"{n} shield{'s' if n > 1 else ''}",
        K.SCIENCE: lambda: f"science symbol {SCIENCE_SYMBOLS[what]}",
        K.VP: lambda: f"{n} VP",
        K.COINS: lambda: f"{n} coins now",
        K.COINS_PER_CARD: lambda: f"now, {n} coin{'s' if n > 1 else ''} per {colours} card of yours",
        K.COINS_PER_WONDER: lambda: f"now, {n} coins per wonder you built",
        K.GUILD_COINS_PER_CARD: lambda: f"now, 1 coin per {colours} card of the city with the most",
        K.GUILD_VP_PER_CARD: lambda: f"at the end, 1 VP per {colours} card of the city with the most",
        K.GUILD_VP_PER_WONDER: lambda: f"at the end, {n} VP per wonder of the city with the most",
        K.GUILD_VP_PER_3COINS: lambda: "at the end, 1 VP per 3 coins of the richest city",
        K.PLAY_AGAIN: lambda: "play again",
        K.DESTROY: lambda: f"discard a {COLORS[what]} card of the opponent",
        K.OPPONENT_LOSES_COINS: lambda: f"the opponent loses {n} coins",
        K.PROGRESS_FROM_UNUSED: lambda: f"draw {n} progress tokens set aside, keep 1",
        K.BUILD_FROM_DISCARD: lambda: "build a card from the discard pile for free",
        K.WONDER_DISCOUNT: lambda: f"your later wonders cost {n} resources less",
        K.BLUE_DISCOUNT: lambda: f"your blue cards cost {n} resources less",
        K.ECONOMY: lambda: "the coins the opponent pays for trading go to you",
        K.VP_PER_PROGRESS: lambda: f"at the end, {n} VP per progress token",
        K.RED_EXTRA_SHIELD: lambda: "each later red card gives 1 more shield",
        K.WONDERS_PLAY_AGAIN: lambda: "each later wonder lets you play again",
        K.CHAIN_COINS: lambda: f"{n} coins each time you build by chain",
        K.PROGRESS_CHOICE_FROM_SETASIDE: lambda: f"{n} progress tokens set aside are put on it: keep 1",
        K.COPY_OPPONENT_GREEN: lambda: "gives the science symbol of a green card of the opponent",
        K.ASTARTE_COINS: lambda: f"{n} coins on this card: safe from coin losses, spendable",
        K.VP_PER_ASTARTE_COIN: lambda: f"at the end, {n} VP per coin left on it",
        K.STEAL_CARD: lambda: f"take a {_names(what, COLORS)} card of the opponent",
        K.DISCARD_STRUCTURE_CARD: lambda: "discard any card of the structure and take its token",
        K.UNBUILD_WONDER: lambda: "put the card of a built wonder in the discard pile: the wonder is unbuilt",
        K.BUILD_WONDER_WITH_DISCARD: lambda: "build one of your wonders for free with a card of the discard pile",
        K.STEAL_UNBUILT_WONDER: lambda: "take an unbuilt wonder of the opponent",
        K.MINERVA_PAWN: lambda: "put the Minerva pawn on the track: the conflict pawn stops before it once",
        K.MILITARY_TOKENS_DISCARD1_APPLY1: lambda: "discard a military token, then apply another",
        K.GATE_COST_MULTIPLIER: lambda: f"costs {n} times its space's price",
        K.REVEAL_TOP_EACH_MYTHOLOGY: lambda: "activate for free one of the top divinities of the decks",
        K.ACTIVATE_FROM_MYTHOLOGY_DECK: lambda: "activate for free a divinity of a deck you choose",
        K.PANTHEON_DISCOUNT: lambda: f"a divinity costs {n} coins less",
        K.GRAND_TEMPLE: lambda: f"free with a {MYTHOLOGIES[what]} token; 5 / 12 / 21 VP for 1 / 2 / 3 Grand Temples",
        K.VP_PER_PANTHEON_TOKEN: lambda: f"at the end, {n} VP per mythology and offering token",
        K.COINS_LOST_PER_PAWN_STEP: lambda: f"the opponent loses {n} coin per space you move the pawn",
        K.CHAIN_PRICE: lambda: f"a card with a chain symbol costs at most {n} coin without its chain",
        K.DRAW_DIVINITIES: lambda: f"draw {n} divinities of its mythology, place 1 in the Pantheon",
        K.POLITICIAN: lambda: "Senate actions by your blue cards (1, 2, 3 for 0-1, 2-3, 4+): each places a cube in "
                              f"chamber {_chambers(what)}, or moves one of yours to an adjacent chamber",
        K.CONSPIRATOR: lambda: "place a cube in any chamber, or conspire",
        K.DRAFT_CONSPIRE: lambda: "when taken in the draft, conspire",
        K.TRIGGER_UNPREPARED_CONSPIRACY: lambda: "trigger one of your conspiracies, even unprepared",
        K.DRAFT_PLACE_INFLUENCE: lambda: f"when taken in the draft, place {n} cube{'s' if n > 1 else ''} "
                                         "in any chamber",
        K.PLACE_INFLUENCE: lambda: f"place {n} cube{'s' if n > 1 else ''} in any chamber",
        K.MOVE_INFLUENCE: lambda: f"you may move {n} of your cubes to an adjacent chamber",
        K.REMOVE_OPPONENT_INFLUENCE: lambda: f"remove {n} cube{'s' if n > 1 else ''} of the opponent from the Senate",
        K.FREE_SENATORS: lambda: "your later Senators cost nothing",
        K.CONSPIRE_KEEP_BOTH: lambda: "when you conspire, keep both conspiracies",
        K.STEAL_HALF_COINS: lambda: "take half the opponent's coins, rounded up",
        K.LOCK_PROGRESS_TOKEN: lambda: "lock a progress token (board, opponent's or set aside): nobody may use it",
        K.BUILD_FREE_FROM_FIRST_ROW: lambda: "build for free a card of the structure's first-dealt row (no Senator)",
        K.BUILD_FREE_FROM_BOXED: lambda: "build for free one of the Age cards removed at setup",
        K.PROGRESS_FROM_ALL_UNUSED: lambda: "take any progress token set aside",
        K.DISCARD_ACCESSIBLE_CARDS: lambda: f"discard up to {n} accessible cards of the structure",
        K.COINS_PER_OWN_CUBE: lambda: f"{n} coin per cube of yours in the Senate",
        K.OPPONENT_LOSES_PER_CUBE: lambda: f"the opponent loses {n} coin per cube of theirs in the Senate",
        K.SWAP_CARD: lambda: f"swap a {_names(what, COLORS)} card of the opponent for one of yours of its colour",
        K.MOVE_DECREE: lambda: "move a decree under the decree of another chamber",
        K.BOX_BUILT_WONDER: lambda: "return a built wonder of the opponent to the box",
        K.BUILD_INCOME: lambda: f"when anyone builds a {COLORS[what]} card, coins equal to the Age",
        K.IGNORE_COST_SYMBOL: lambda: f"a {COLORS[what]} card costs one symbol less (a resource or its coins)",
        K.SHIELD_WHILE_CONTROLLED: lambda: f"{n} shield while you control its chamber",
        K.TRADE_DISCOUNT: lambda: f"you buy {_names(what, RESOURCE_NAMES)} for 1 coin less (at least 1)",
        K.SENATE_BLUE_BONUS: lambda: f"{n} more blue cards counted for your Senate actions",
        K.DISCARD_BONUS: lambda: f"{n} more coins for a discarded card",
        K.WONDER_INCOME: lambda: "when anyone builds a wonder, coins equal to the Age",
        K.CHAINS_FROM_OPPONENT: lambda: "the opponent's chain symbols count as yours",
        K.PLAY_AGAIN_ON_CONSPIRATOR: lambda: "play again after recruiting a Conspirator",
    }[effect.kind]
    return text()


def _chambers(bits: int) -> str:
    """Agora's chambers of a bit set, numbered as printed: ``0b11`` -> ``"1 or 2"``."""
    return " or ".join(str(chamber + 1) for chamber in range(bits.bit_length()) if bits >> chamber & 1)


def wonder_text(db: DuelDatabase, wonder_id: int) -> str:
    """A wonder of ``db``: its name, printed cost and what it does."""
    wonder = db.wonders[wonder_id]
    cost = "".join(letter * units for letter, units in zip(RESOURCES, wonder.cost))
    return f"{wonder.name}, costs {cost}: {effects_text(wonder.effects)}"


def card_text(db: DuelDatabase, card_id: int) -> str:
    """A card of ``db``: colour, printed cost, chain and what it does."""
    card = db.cards[card_id]
    cost = "".join(letter * units for letter, units in zip(RESOURCES, card.cost))
    printed = " + ".join(filter(None, [f"{card.coin_cost} coin{'s' if card.coin_cost > 1 else ''}"
                                       if card.coin_cost else "", cost])) or "nothing"
    if card.color == SENATOR:
        printed = "1 coin per Senator you have (nothing with Corruption)"
    chain = f", free with the {CHAIN_SYMBOLS[card.chain_needs]} chain" if card.chain_needs != NONE else ""
    return f"{COLORS[card.color]}, costs {printed}{chain}: {effects_text(card.effects)}"


def action_effect(db: DuelDatabase, action: int) -> str:
    """What the card, wonder or progress token of an action of ``db`` does ("" when it names none)."""
    acts = action_table(db)
    kind, index, wonder = acts.decode(action)
    if kind in (ActionKind.BUILD, ActionKind.MAUSOLEUM, ActionKind.DESTROY):
        return card_text(db, index)
    if kind in (ActionKind.WONDER, ActionKind.DRAFT):
        return wonder_text(db, wonder if kind == ActionKind.WONDER else index)
    if kind in (ActionKind.PROGRESS, ActionKind.LIBRARY):
        return effects_text(db.progress_tokens[index].effects)
    if kind is ActionKind.TRIGGER:
        return effects_text(db.agora.conspiracies[index].effects)
    return ""


# ---------------------------------------------------------------- what the seat to act decides
PHASE_TEXT = {
    Phase.DRAFT: "the wonder draft: take one of the wonders on the table",
    Phase.PLAY: "take a card of the structure",
    Phase.PROGRESS: "you have a pair of science symbols: take a progress token from the board",
    Phase.DESTROY: "put a card of the opponent in the discard pile",
    Phase.MAUSOLEUM: "build a card of the discard pile for free (The Mausoleum)",
    Phase.LIBRARY: "keep one of the progress tokens drawn for the Great Library",
    Phase.STARTER: "choose who starts the next Age",
    Phase.GAME_OVER: "game over",
    Phase.CHOOSE: "choose for an expansion: the moves name the set and its items",
}
#: what the seat to act decides in the Pantheon's phase, by the set it chooses from
CHOICE_PROMPTS = {
    Choice.PLACE_DIVINITY: "your mythology token drew these divinities: place one face down in the Pantheon",
    Choice.PLACE_SPACE: "choose the empty Pantheon space for your divinity",
    Choice.ENKI_TOKEN: "keep one of the progress tokens on Enki",
    Choice.NISABA_CARD: "copy the science symbol of a green card of the opponent (Nisaba)",
    Choice.BAAL_CARD: "take a brown or grey card of the opponent (Baal)",
    Choice.HADES_CARD: "build a card of the discard pile for free (Hades)",
    Choice.ZEUS_CARD: "discard a card of the structure, with its token (Zeus)",
    Choice.ANUBIS_WONDER: "unbuild a built wonder (Anubis)",
    Choice.ISIS_CARD: "take a card of the discard pile to build one of your wonders with (Isis)",
    Choice.ISIS_WONDER: "choose the wonder to build for free (Isis)",
    Choice.RA_WONDER: "take an unbuilt wonder of the opponent (Ra)",
    Choice.MINERVA_SPACE: "put the Minerva pawn on a space of the track (Minerva)",
    Choice.NEPTUNE_DISCARD: "discard a military token (Neptune)",
    Choice.NEPTUNE_APPLY: "apply a military token (Neptune)",
    Choice.GATE_DIVINITY: "activate for free one of the divinities on top of the decks (the Gate)",
    Choice.THEATER_MYTHOLOGY: "choose the mythology deck to look through (The Divine Theater)",
    Choice.THEATER_DIVINITY: "activate for free one of the deck's divinities (The Divine Theater)",
    Choice.THEATER_TOP: "put the divinities back on their deck, the first on top (The Divine Theater)",
    Choice.SENATE_ACTION: "a Senate action of your Politician: place a cube in its chambers, move one of yours "
                          "to an adjacent chamber, or stop",
    Choice.CONSPIRATOR: "your Conspirator: place a cube in any chamber, or conspire",
    Choice.KEEP_CONSPIRACY: "keep one of the conspiracies you drew (face down)",
    Choice.PUT_BACK: "put the other conspiracy on the top or the bottom of the deck",
    Choice.PLACE_INFLUENCE: "place a cube in any chamber of the Senate",
    Choice.REMOVE_INFLUENCE: "remove a cube of the opponent from the Senate",
    Choice.MOVE_INFLUENCE: "you may move one of your cubes to an adjacent chamber",
    Choice.PREPARE_CONSPIRACY: "choose the conspiracy the card you took goes under (prepared)",
    Choice.CURIA_TRIGGER: "you may trigger one of your conspiracies, prepared or not (Curia Julia)",
    Choice.STEAL_WONDER: "take an unbuilt wonder of the opponent (Extortion)",
    Choice.DESTROY_CARD: "discard a card of the opponent (Expropriation, Swindle)",
    Choice.LOCK_TOKEN: "lock a progress token for the rest of the game (Obscurantism)",
    Choice.FIRST_ROW_CARD: "build for free a card of the structure's first-dealt row (Property Fraud)",
    Choice.BOXED_CARD: "build for free one of the cards removed at setup (Treason)",
    Choice.SET_ASIDE_TOKEN: "take one of the progress tokens set aside (Espionage)",
    Choice.DISCARD_ACCESSIBLE: "discard an accessible card of the structure (Turn of Events)",
    Choice.TAKE_CARD: "take a brown or grey card of the opponent (Foreclosure)",
    Choice.SWAP_TAKE: "take a card of the opponent, to give one of yours of its colour (Coercion)",
    Choice.SWAP_GIVE: "give the opponent one of your cards of that colour (Coercion)",
    Choice.DECREE_FROM: "choose the chamber whose decree moves (Insider Influence)",
    Choice.DECREE_TO: "choose the chamber it goes to, under the decree there (Insider Influence)",
    Choice.BOX_WONDER: "return a built wonder of the opponent to the box (Sabotage)",
    Choice.PAIR_TOKEN: "you received a pair of science symbols: take a progress token from the board",
}


#: the names of the card backs that are not an Age's (``cards.DECKS``)
BACK_NAMES = {"G": "Guild", "T": "Grand Temple", "S": "Senator"}


def back_name(db: DuelDatabase, card: int) -> str:
    """The name of ``card``'s back: ``Age II``, ``Guild``, ``Grand Temple``."""
    deck = DECKS[db.card_deck[card]]
    return BACK_NAMES.get(deck, "Age " + deck)


def slot_text(state, slot: int) -> str:
    """The card of a structure ``slot`` as every seat may name it: a face-up card by its name, a
    face-down one by its back and slot (``the face-down Age II card of slot 7``)."""
    card = state.slot_card[slot]
    if state.face_up[slot]:
        return state.db.cards[card].name
    return f"the face-down {back_name(state.db, card)} card of slot {slot + 1}"


def phase_text(state) -> str:
    """What the seat to act decides now: the phase's prompt, or the expansion set's."""
    if state.phase == Phase.CHOOSE:
        return CHOICE_PROMPTS[choosing(state)]
    return PHASE_TEXT[state.phase]


# ---------------------------------------------------------------- moves
def move_text(state, player: int, action: int) -> str:
    """The action in words with what it costs ``player`` now: its name in the text interface
    (``Build Lumber Yard, for free``, ``Discard Baths for 2 coins``, ``Build The Pyramids with
    Baths, paying 4 coins``)."""
    label, cost = _move(state, player, action)
    if cost is None:
        return label
    return label + (", for free" if cost == 0 else f", paying {_coins(cost)}")


def move_label(state, player: int, action: int) -> str:
    """The move's name without its cost (the web page shows the cost as :func:`move_price`)."""
    return _move(state, player, action)[0]


def move_price(state, player: int, action: int) -> str:
    """What the move costs ``player`` and to whom, for the web page ("" when its label says it)."""
    cost = _move(state, player, action)[1]
    if not cost:
        return "" if cost is None else "free"
    economy = any(effect.kind is K.ECONOMY for token in state.db.progress_tokens
                  if state.player_tokens[1 - player] >> token.id & 1 for effect in token.effects)
    return f"{_coins(cost)} to the bank" + (" (trading coins to the opponent: Economy)" if economy else "")


def _move(state, player: int, action: int) -> tuple[str, int | None]:
    """The move's name and the coins it costs ``player`` (None where the name says the price)."""
    db = state.db
    kind, index, wonder = action_table(db).decode(action)
    if kind == ActionKind.BUILD:
        verb = "Recruit" if db.card_color[index] == SENATOR else "Build"
        return f"{verb} {db.cards[index].name}", state.build_cost(player, index)
    if kind == ActionKind.WONDER:
        return f"Build {db.wonders[wonder].name} with {db.cards[index].name}", state.wonder_cost(player, wonder)
    if kind == ActionKind.STARTER:
        return "Start the next Age yourself" if index == STARTER_ME else "Let the opponent start the next Age", None
    if kind == ActionKind.ACTIVATE:
        tables = db.pantheon
        divinity = tables.divinities[state.pantheon.spaces[index]].name
        used = [f"the -{tables.tokens[t].discount} offering" for i, t in enumerate(tables.offering_tokens)
                if wonder >> i & 1]
        price = state.activation_price(player, index, wonder)
        return (f"Activate {divinity} (space {index + 1}) for {_coins(price)}"
                + (f" with {' and '.join(used)}" if used else "")), None
    if kind == ActionKind.CHOOSE and state.db.agora is not None and state.agora.choice != NONE:
        return _agora_move(state, Choice(state.agora.choice), index), None
    if kind == ActionKind.CHOOSE:
        acts, choice = action_table(db), Choice(state.pantheon.choice)
        chosen = (acts.item_name(acts.item_offsets[CHOSEN_ITEM[choice]] + state.pantheon.chosen)
                  if choice in CHOSEN_ITEM else "")
        return CHOICE_MOVES[choice].format(item=_item_text(state, index), chosen=chosen), None
    names = {
        ActionKind.DRAFT: lambda: f"Take the wonder {db.wonders[index].name}",
        ActionKind.SELL: lambda: f"Discard {db.cards[index].name} for {state.sell_value(player)} coins",
        ActionKind.PROGRESS: lambda: f"Take the progress token {db.progress_tokens[index].name}",
        ActionKind.LIBRARY: lambda: f"Keep the progress token {db.progress_tokens[index].name}",
        ActionKind.DESTROY: lambda: f"Destroy the opponent's {db.cards[index].name}",
        ActionKind.MAUSOLEUM: lambda: f"Build {db.cards[index].name} from the discard pile for free",
        ActionKind.PREPARE: lambda: f"Take {db.cards[index].name} to prepare a conspiracy (tucked under it)",
        ActionKind.TRIGGER: lambda: f"Trigger the conspiracy {db.agora.conspiracies[index].name}",
    }
    return names[kind](), None


def _agora_move(state, choice: Choice, index: int) -> str:
    """The name of a ``choose`` move of Agora's set ``choice`` (its item by kind: a chamber places,
    removes or names a decree's chamber; a move moves a cube; an option says what it does)."""
    db = state.db
    acts = action_table(db)
    kind, item = acts.item_of(index)
    if kind is Item.OPTION:
        if item == STOP:
            return STOP_MOVES.get(choice, "Stop")
        if item == CONSPIRE:
            return "Conspire: draw 2 conspiracies, keep one face down"
        return f"Put {db.agora.conspiracies[state.agora.drawn[0]].name} on the {OPTION_NAMES[item]} of the deck"
    if kind is Item.SENATE_MOVE:
        source, target = acts.senate_moves[item]
        return f"Move one of your cubes from chamber {source + 1} to chamber {target + 1}"
    name = acts.item_name(index)
    if kind is Item.CHAMBER:
        return {Choice.REMOVE_INFLUENCE: f"Remove an opponent's cube from {name}",
                Choice.DECREE_FROM: f"Move the decree of {name} (Insider Influence)",
                Choice.DECREE_TO: f"Put the decree under the decree of {name} (Insider Influence)",
                }.get(choice, f"Place an influence cube in {name}")
    if choice is Choice.PREPARE_CONSPIRACY:
        return f"Prepare {name} with {db.cards[state.agora.chosen].name}"
    return AGORA_CHOICE_MOVES[choice].format(item=name)


#: the name of the ``stop`` move of Agora's optional sets
STOP_MOVES = {Choice.SENATE_ACTION: "Take no more Senate actions", Choice.MOVE_INFLUENCE: "Move no cube",
              Choice.CURIA_TRIGGER: "Trigger no conspiracy", Choice.DISCARD_ACCESSIBLE: "Discard no second card"}
#: the name of a ``choose`` move of Agora's sets of conspiracies, cards, wonders and tokens
AGORA_CHOICE_MOVES = {
    Choice.KEEP_CONSPIRACY: "Keep the conspiracy {item}",
    Choice.CURIA_TRIGGER: "Trigger {item} (Curia Julia)",
    Choice.STEAL_WONDER: "Take the opponent's unbuilt wonder {item} (Extortion)",
    Choice.DESTROY_CARD: "Discard the opponent's {item}",
    Choice.LOCK_TOKEN: "Lock the progress token {item} (Obscurantism)",
    Choice.FIRST_ROW_CARD: "Build {item} from the structure for free (Property Fraud)",
    Choice.BOXED_CARD: "Build {item}, removed at setup, for free (Treason)",
    Choice.SET_ASIDE_TOKEN: "Take the progress token {item} (Espionage)",
    Choice.DISCARD_ACCESSIBLE: "Discard {item} from the structure (Turn of Events)",
    Choice.TAKE_CARD: "Take the opponent's {item} into your city (Foreclosure)",
    Choice.SWAP_TAKE: "Take the opponent's {item} (Coercion)",
    Choice.SWAP_GIVE: "Give your {item} to the opponent (Coercion)",
    Choice.BOX_WONDER: "Return the opponent's {item} to the box (Sabotage)",
    Choice.PAIR_TOKEN: "Take the progress token {item}",
}


def _item_text(state, index: int) -> str:
    """The name of the item a ``choose`` action's ``index`` names; a structure slot's by its card
    as every seat may name it (:func:`slot_text`)."""
    acts = action_table(state.db)
    kind, item = acts.item_of(index)
    return slot_text(state, item) if kind is Item.SLOT else acts.item_name(index)


#: the name of a ``choose`` move, by the set chosen from: ``{item}`` is the item's name, ``{chosen}``
#: the item chosen before it in the same decision (the divinity placed, Isis' card)
CHOICE_MOVES = {
    Choice.PLACE_DIVINITY: "Place {item} face down in the Pantheon (the other divinity goes back on its deck)",
    Choice.PLACE_SPACE: "Put {chosen} on Pantheon {item}",
    Choice.ENKI_TOKEN: "Keep the progress token {item} from Enki",
    Choice.NISABA_CARD: "Copy the science symbol of the opponent's {item} (Nisaba)",
    Choice.BAAL_CARD: "Take the opponent's {item} into your city (Baal)",
    Choice.HADES_CARD: "Build {item} from the discard pile for free (Hades)",
    Choice.ZEUS_CARD: "Discard {item} with Zeus",
    Choice.ANUBIS_WONDER: "Unbuild {item}: its card goes to the discard pile (Anubis)",
    Choice.ISIS_CARD: "Take {item} from the discard pile to build a wonder with (Isis)",
    Choice.ISIS_WONDER: "Build {item} with {chosen} for free (Isis)",
    Choice.RA_WONDER: "Take the opponent's unbuilt wonder {item} (Ra)",
    Choice.MINERVA_SPACE: "Put the Minerva pawn on {item} (Minerva)",
    Choice.NEPTUNE_DISCARD: "Discard the military token {item} (Neptune)",
    Choice.NEPTUNE_APPLY: "Apply the military token {item}: that player loses the coins (Neptune)",
    Choice.GATE_DIVINITY: "Activate {item} from the top of its deck for free (the Gate)",
    Choice.THEATER_MYTHOLOGY: "Look through the {item} deck (The Divine Theater)",
    Choice.THEATER_DIVINITY: "Activate {item} for free (The Divine Theater)",
    Choice.THEATER_TOP: "Put {item} back on its deck next (the first put back lies on top)",
}
#: the sets whose move names the item chosen before (``state.pantheon.chosen``), and its kind
CHOSEN_ITEM = {Choice.PLACE_SPACE: Item.DIVINITY, Choice.ISIS_WONDER: Item.CARD}
#: the sets whose chosen item only the chooser may know (a face-down placement, the order of a deck,
#: a conspiracy kept or prepared, a token locked: one set aside is seen by its locker only)
HIDDEN_CHOICES = ("place_divinity", "theater_top", "keep_conspiracy", "prepare_conspiracy", "lock_token")


# ---------------------------------------------------------------- Agora's Senate and conspiracies
def controller_text(owner: int) -> str:
    """Who controls a chamber (``owner``: a seat, or NOBODY)."""
    return f"controlled by {AGENTS[owner]}" if owner in (0, 1) else "controlled by nobody"


def face_down_decrees_text(count: int) -> str:
    """A chamber's face-down decrees, unnamed."""
    return "a face-down decree" if count == 1 else f"{count} face-down decrees"


def hidden_conspiracies_text(held: int, prepared: int) -> str:
    """What a seat may know of another seat's conspiracies: how many, how many prepared."""
    return f"{held} face down ({prepared} prepared)"


def supply_text(cubes: list[int]) -> str:
    """The cubes each player has not put in the Senate."""
    return f"cubes left: player_0 {cubes[0]}, player_1 {cubes[1]}"


def prepared_text(db: DuelDatabase, card: int) -> str:
    """An own conspiracy's state: the card tucked under it, or unprepared (``card`` NONE)."""
    return f"prepared with {db.cards[card].name}" if card != NONE else "not prepared"


#: the headings of Agora's pieces on the web page, by field of the table it sends
SENATE_HEADINGS = {"title": "The Senate", "deck": "conspiracy deck", "own": "your conspiracies",
                   "drawn": "conspiracies drawn", "triggered": "triggered", "held": "conspiracies",
                   "locked": "locked progress tokens"}


def _coins(n: int) -> str:
    return f"{n} coin" if n == 1 else f"{n} coins"


# ---------------------------------------------------------------- the record and the news
#: what each kind of record entry says its agent did, from the entry's fields
ENTRY_TEXT = {
    "draft": "took {wonder}",
    "build": "built {card}",
    "sell": "discarded {card} for coins",
    "wonder": "built {wonder} with {card}",
    "progress": "took the progress token {token}",
    "destroy": "destroyed {card}",
    "mausoleum": "built {card} from the discard pile (The Mausoleum)",
    "library": "kept the progress token {token} (The Great Library)",
    "starter": "chose {starter} to start the next Age",
    "activate": "activated {divinity} (space {space})",
    "prepare": "took {card} to prepare a conspiracy",
    "trigger": "triggered the conspiracy {conspiracy}",
}
#: what a ``choose`` entry (Pantheon) says its agent did, by the set chosen from
CHOICE_ENTRY_TEXT = {
    "place_divinity": "chose {item} to place face down", "place_space": "put a divinity on Pantheon {item}",
    "enki_token": "kept the progress token {item} (Enki)",
    "nisaba_card": "copied the science symbol of {item} (Nisaba)", "baal_card": "took {item} (Baal)",
    "hades_card": "built {item} from the discard pile (Hades)",
    "zeus_card": "discarded {card} from {item} of the structure (Zeus)",
    "anubis_wonder": "unbuilt {item} (Anubis)", "isis_card": "took {item} from the discard pile (Isis)",
    "isis_wonder": "built {item} for free (Isis)", "ra_wonder": "took the wonder {item} (Ra)",
    "minerva_space": "put the Minerva pawn on {item}",
    "neptune_discard": "discarded the military token {item} (Neptune)",
    "neptune_apply": "applied the military token {item} (Neptune)",
    "gate_divinity": "activated {item} from the top of its deck (the Gate)",
    "theater_mythology": "looked through the {item} deck (The Divine Theater)",
    "theater_divinity": "activated {item} (The Divine Theater)", "theater_top": "put {item} back on its deck",
    "senate_action": "chose {item} (a Senate action)", "conspirator": "chose {item} (a Conspirator)",
    "keep_conspiracy": "kept the conspiracy {item}", "put_back": "put the other conspiracy on the {item} of the deck",
    "place_influence": "placed a cube in {item}", "remove_influence": "removed a cube of the opponent from {item}",
    "move_influence": "chose {item} (an influence move)", "prepare_conspiracy": "prepared {item}",
    "curia_trigger": "chose {item} (Curia Julia's trigger)", "steal_wonder": "took the wonder {item} (Extortion)",
    "destroy_card": "discarded the opponent's {item}", "lock_token": "locked the progress token {item} (Obscurantism)",
    "first_row_card": "built {item} for free (Property Fraud)", "boxed_card": "built {item} for free (Treason)",
    "set_aside_token": "took the progress token {item} (Espionage)",
    "discard_accessible": "chose {item} (Turn of Events' discard)", "take_card": "took {item} (Foreclosure)",
    "swap_take": "took {item} (Coercion)", "swap_give": "gave {item} (Coercion)",
    "decree_from": "moved the decree of {item} (Insider Influence)",
    "decree_to": "put the decree under the one of {item}", "box_wonder": "returned {item} to the box (Sabotage)",
    "pair_token": "took the progress token {item}",
}
#: what a ``choose`` entry of a hidden set says to everyone but its chooser
HIDDEN_ENTRY_TEXT = {"place_divinity": "chose a divinity to place face down",
                     "theater_top": "put a divinity back on its deck", "keep_conspiracy": "kept a conspiracy",
                     "prepare_conspiracy": "prepared a conspiracy", "lock_token": "locked a progress token"}


def entry_text(entry: dict[str, Any], viewer: int | None) -> str:
    """An entry of the game record's ``actions`` in a sentence, for ``viewer`` (a seat: its own
    moves read "you"; None: a spectator). Every base-game move is public; the item of a Pantheon
    decision of :data:`HIDDEN_CHOICES` is told to its chooser only."""
    kind = entry["kind"]
    who = "you" if viewer is not None and entry["agent"] == AGENTS[viewer] else entry["agent"]
    if kind == "choose":
        hidden = entry["set"] in HIDDEN_CHOICES and who != "you"  # only the chooser knows the item
        return f"{who} {HIDDEN_ENTRY_TEXT[entry['set']] if hidden else CHOICE_ENTRY_TEXT[entry['set']].format(**entry)}"
    if kind not in ENTRY_TEXT:
        raise ValueError(f"no text for the record entry kind {kind!r}; kinds: {', '.join(ENTRY_TEXT)}, choose")
    paid = f" (paid {_coins(entry['paid'])})" if entry.get("paid") else ""
    return f"{who} {ENTRY_TEXT[kind].format(**entry)}{paid}"


def conflict_text(pawn: int, looted: list[dict[str, Any]]) -> str:
    """The conflict pawn's move to ``pawn`` and the military tokens it took (``victim`` and the
    ``coins`` lost; Agora's: ``victim`` and the token's ``effect``, the mover's)."""
    side = " toward player_1's capital" if pawn > 0 else " toward player_0's capital" if pawn < 0 else ""
    loot = "".join(f"; the military token on {token['victim']}'s side: {token['effect']}" if "effect" in token
                   else f"; {token['victim']} loses {token['coins']} coins" for token in looted)
    return f"The conflict pawn moves to {f'{pawn:+d}' if pawn else 0}{side}{loot}"
