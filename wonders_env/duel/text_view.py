"""What one 7 Wonders Duel player may know, in plain English: the observation of :mod:`wonders_env.text`.

Only public information, as the vector observation: face-down cards show only their Age, the
Great Library's drawn tokens only to the player choosing among them; with Pantheon, a face-down
divinity only its mythology (its name to its placer), an offering token on a face-down card only
its kind, and the opponent's placement or order of a deck only that it happened; with Agora, a
face-down decree only that it is there, the opponent's conspiracies only their number (prepared or
not), which conspiracy they keep or prepare only that they did. The pictures come from
:mod:`.render`, the words (effects, the phase's prompt, move names) from :mod:`.presentation`;
costs and scores from the state itself (either engine's, as in :mod:`.render`).
"""

from __future__ import annotations

from functools import cache

from . import presentation
from .actions import KIND_INDEX, action_table
from .cards import CHAIN_SYMBOLS, NONE, RESOURCES, DuelDatabase
from .record import AGENTS, log_entries
from .render import render_city, render_pantheon, render_senate, render_structure, render_track
from .state import EMPTY, Phase

RULES = """\
7 Wonders Duel: two players, 3 Ages. Each Age the cards lie in a structure, some face down; on
your turn you take one card that no other card covers and either build it (pay its coin cost
and the resources you lack: each unit costs 2 coins plus the opponent's production of it, unless
a yellow card fixes the price; a chain symbol makes it free), discard it for 2 coins plus 1 per
yellow card you own, or build one of your wonders with it underneath. Red cards' shields move
the conflict pawn toward the opponent's capital: reaching it wins at once (military victory).
Six different science symbols win at once (science victory); each pair of the same symbol lets
you take a progress token. Otherwise after Age III the most victory points win (civilian
victory), ties broken by blue-card points. Only 7 of the 8 wonders can be built."""

#: each expansion's rules in short, said after :data:`RULES` for a table with it
EXPANSION_RULES = {"pantheon": """\
Pantheon: mythology and offering tokens lie on face-down cards of the structure; the player who
turns such a card face up takes its token. A mythology token draws 2 divinities of its mythology:
you place one face down in a space of the Pantheon, the other goes back. From Age II the
divinities are face up and, instead of taking a card, you may activate one: pay your price for
its space (each player has its own prices; offering tokens lower them) and it acts at once. Grand
Temples replace the Guilds: free with a mythology token of their mythology, 5/12/21 points for
1/2/3 of them.""", "agora": """\
Agora: Senators are shuffled into the Ages; recruiting one costs 1 coin per Senator you already
have. A Politician gives 1, 2 or 3 Senate actions (for 0-1, 2-3, 4+ blue cards): each places one
of your 12 cubes in its chambers or moves one of yours to an adjacent chamber. A Conspirator places
a cube in any chamber or conspires: draw 2 conspiracies, keep 1 face down, put the other on the top
or bottom of the deck. Strictly more cubes in a chamber controls it and its decrees (a face-down
decree turns up when a cube arrives); chambers score 1/2/3/3/2/1 points; controlling all 6 wins at
once (political victory). Instead of an action you may take a card to prepare a conspiracy (tucked
under it); at the start of your turn you may trigger one prepared conspiracy, then play your turn.
The military tokens place and remove cubes instead of taking coins."""}

LEGEND = presentation.LEGEND


@cache
def _card_line(db: DuelDatabase, card: int) -> str:
    gives = db.cards[card].chain_gives
    later = f"; gives the {CHAIN_SYMBOLS[gives]} chain" if gives != NONE else ""
    return f"{db.cards[card].name} ({presentation.card_text(db, card)}{later})"


@cache
def _wonder_line(db: DuelDatabase, wonder: int) -> str:
    return presentation.wonder_text(db, wonder)


@cache
def _token_line(db: DuelDatabase, token: int) -> str:
    return f"{db.progress_tokens[token].name}: {presentation.effects_text(db.progress_tokens[token].effects)}"


def _coins(n: int) -> str:
    return f"{n} coin" if n == 1 else f"{n} coins"


def _happened(state, player: int) -> list[str]:
    """The moves since ``player``'s last one."""
    log = state.log
    start = len(log)
    while start and log[start - 1][0] != player:
        start -= 1
    return [presentation.entry_text(entry, player) for entry in log_entries(state, start)]


def _chosen_cards(state, actions: list[int]) -> list[int]:
    """The cards that ``actions`` choose among outside the structure (the discard pile's, a
    city's), in card-id order: every card choice of a wonder or token lists its cards alike."""
    acts = action_table(state.db)
    structure = set(state.structure_cards())
    return sorted({index for kind, index, _ in map(acts.decode, actions)
                   if KIND_INDEX[kind] == "card" and index not in structure})


def observation_text(state, player: int, moves: list[tuple[int, str]]) -> str:
    """Everything ``player`` may know now, and its numbered legal ``moves`` ((action id, name) pairs)."""
    db = state.db
    opponent = 1 - player
    lines = [f"7 Wonders Duel. You are {AGENTS[player]}, your opponent {AGENTS[opponent]}. "
             f"Age {state.age or '- (before Age I)'}: {presentation.phase_text(state)}."]
    if state.phase == Phase.DRAFT:
        lines.append("Wonders on the table:")
        lines += [f"- {_wonder_line(db, w)}" for w in state.draft_offer]
    else:
        lines.append("\nThe structure (* = you can take it; [Age ...] = face down):")
        lines += render_structure(state)
        accessible = state.accessible_slots()
        lines.append("Cards you can take:")
        lines += [f"- {_card_line(db, state.slot_card[s])}; "
                  f"building it costs you {_coins(state.build_cost(player, state.slot_card[s]))}"
                  for s in accessible if state.face_up[s]]
        covered, face_down = [], 0
        for card, up, cover in zip(state.slot_card, state.face_up, state.cover_count):
            if card != EMPTY and cover:
                if up:
                    covered.append(card)
                else:
                    face_down += 1
        if covered:
            lines.append("Face-up cards still covered:")
            lines += [f"- {_card_line(db, card)}" for card in covered]
        if face_down:
            lines.append(f"Face-down cards: {face_down}")
    lines.append("\n" + render_track(state))
    lines.append("(the pawn moves toward player_1's capital with player_0's shields, and back with player_1's)")
    if state.db.pantheon is not None:
        lines += render_pantheon(state, player)
    if state.db.agora is not None:
        lines += render_senate(state, player)
    board = [token for token in db.progress_tokens if state.board_tokens >> token.id & 1]
    lines.append("Progress tokens on the board:")
    lines += [f"- {_token_line(db, token.id)}" for token in board] or ["- none"]
    if state.library_offer and player == state.current:
        lines.append("Drawn for your Great Library:")
        lines += [f"- {_token_line(db, t)}" for t in state.library_offer]
    lines.append("Discard pile: " + (", ".join(db.cards[c].name for c in state.discard) or "empty"))
    chosen = _chosen_cards(state, [action for action, _ in moves])
    if chosen:
        lines.append("The cards you choose from:")
        lines += [f"- {_card_line(db, card)}" for card in chosen]
    prices = state.trade_price_list(player)
    lines.append("Your price of one resource unit from the bank: "
                 + ", ".join(f"{RESOURCES[r]} {prices[r]}" for r in range(len(RESOURCES))))
    for who in (player, opponent):
        lines.append("")
        lines += render_city(state, who)
        unbuilt = [w for w in state.player_wonders[who] if not state.wonder_built[w] and w != state.boxed_wonder]
        lines += [f"  to build: {_wonder_line(db, w)}" for w in unbuilt]
    happened = _happened(state, player)
    if happened:
        lines.append("\nSince your last move:")
        lines += happened
    if moves:
        lines.append("\nYour legal moves:")
        lines += [f"{number}. {move}" for number, (_, move) in enumerate(moves, 1)]
    return "\n".join(lines)


def final_text(state) -> str:
    """The final result and scores, for everyone."""
    lines = [f"Game over: {state.victory.name.lower()} victory of {' and '.join(AGENTS[p] for p in state.winners)}."]
    for player in (0, 1):
        score = state.score_breakdown(player)
        parts = ", ".join(f"{k} {v}" for k, v in score.items() if k != "total")
        lines.append(f"{AGENTS[player]}: {score['total']} points ({parts}), {state.coins[player]} coins")
    return "\n".join(lines)
