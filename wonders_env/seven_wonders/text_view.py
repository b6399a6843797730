"""What one 7 Wonders seat may know, in plain English: the observation of :mod:`wonders_env.text`.

:func:`observation_text` reads only what the seat's vector observation encodes (its hand, the hand
it passed, the discards it knows of, the public cities and its own pending move; with Leaders its
draft and Leader hands, the leaders under its stages and discarded, the draft hand it passed, and
every city's recruited leaders and hidden leaders' count), plus the public
log, where sold cards, wonder-stage cards and other players' discards stay face down. The words
(effects, the phase's prompt, move names, the log's lines) come from :mod:`.presentation`.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from . import presentation
from .cards import RESOURCES, SCIENCE_SYMBOLS, CardDatabase, WonderSide
from .presentation import PHASE_TEXT, entry_text, seat_name
from .render import buildings_by_color
from .state import TURNS_PER_AGE, Phase, SevenWondersState, rules_of

RULES = """\
7 Wonders: you lead an ancient city for 3 Ages of 6 turns. Each turn every player picks one card
of the hand at once, then the hands pass on (left in Ages I and III, right in Age II). With the
card you either build it (pay its cost: coins to the bank, and resources your city produces or
buys from its two neighbours, 2 coins a unit unless a trading card makes it 1), or build the next
stage of your wonder with it (the card is hidden under the stage), or discard it for 3 coins.
A card you already own cannot be built twice; a card whose chain card you own is free.
At the end of each Age your shields are compared with each neighbour's: more shields win
1/3/5 points (Age I/II/III), fewer lose 1 point. At the end you score: military, 1 point per 3
coins, wonder stages, blue cards, science (each symbol type squared, plus 7 per set of compass,
gear and tablet), yellow and purple (guild) cards. Most points wins, ties broken by coins."""

#: each expansion's rules in short, said after :data:`RULES` for a table with it
EXPANSION_RULES = {"leaders": """\
Leaders: every player starts with 6 coins. Before Age I each player gets 4 leaders, keeps one and
passes the others to the right, until each holds 4: its Leader hand, which only it sees. Before
each Age (turn 0) every player, all at once, takes one leader of its Leader hand and recruits it
(pays its cost in coins to the bank; it lies face up and works from then on: coins, shields or
science at once, discounts and coins for later moves, or points at the end, in the score's
leaders line), builds its next wonder stage with it (paying the stage), or discards it for 3
coins. Roma is an eighth city (side A: your leaders are free; side B: they cost you 2 coins less,
your neighbours 1 less); the Courtesans Guild copies a leader recruited by a neighbour."""}

LEGEND = presentation.LEGEND


@cache
def _card_line(db: CardDatabase, card_type: int) -> str:
    card = db.types[card_type]
    later = f"; makes {' and '.join(card.chains_to)} free later" if card.chains_to else ""
    return f"{card.name} ({presentation.card_text(db, card_type)}{later})"


@cache
def _stages(board: WonderSide) -> tuple[tuple[str, str], ...]:
    """``(cost, effects)`` of each stage of a wonder board, in words."""
    return tuple(("".join(RESOURCES[r] * units for r, units in costs), presentation.effects_text(stage.effects))
                 for costs, stage in zip(board.stage_costs, board.stages))


def _counts(db: CardDatabase, counts) -> str:
    return ", ".join(f"{db.types[t].name}{f' x{int(n)}' if n > 1 else ''}" for t, n in enumerate(counts) if n)


def _resources(fixed: list[int], choices: list[int]) -> str:
    units = [f"{RESOURCES[r]}x{n}" if n > 1 else RESOURCES[r] for r, n in enumerate(fixed) if n]
    units += ["/".join(RESOURCES[r] for r in range(7) if mask >> r & 1) for mask in choices]
    return " ".join(units) or "nothing"


def _relation(state: SevenWondersState, seat: int, other: int) -> str:
    if other == seat:
        return "you"
    if other == state.left_of(seat) == state.right_of(seat):
        return "your left and right neighbour"
    if other == state.left_of(seat):
        return "your left neighbour"
    if other == state.right_of(seat):
        return "your right neighbour"
    return "not your neighbour"


def _city(state: SevenWondersState, seat: int, city: int) -> list[str]:
    tokens = " ".join(f"{t:+d}" for t in state.military_tokens[city]) or "none"
    holder = ", holds the Free City card" if city == state.free_city_holder else ""
    board = state.wonders[city]
    lines = [f"{seat_name(state, city)} ({_relation(state, seat, city)}){holder}: {board.wonder} "
             f"({board.city}, side {board.side}), {state.coins[city]} coins, {state.shields[city]} shields, "
             f"military tokens {tokens}"]
    lines += _city_body(state, city)
    if city in (state.left_of(seat), state.right_of(seat)) and city != seat:
        lines.append("  sells you " + _offer(state, seat, city))
    return lines


def _city_body(state: SevenWondersState, city: int) -> list[str]:
    """What everybody sees of ``city`` alike: production, wonder stages, science and buildings."""
    board = state.wonders[city]
    built = state.stages_built[city]
    lines = [f"  produces {_resources(state.own_fixed[city], state.own_choices[city])}"]
    stages = [f"stage {number} {'built' if number <= built else 'costs ' + cost}: {effects}"
              for number, (cost, effects) in enumerate(_stages(board), 1)]
    lines.append(f"  wonder {built}/{len(board.stages)}: " + "; ".join(stages))
    symbols = state.science[city]
    science = [f"{name} {int(symbols[k])}" for k, name in enumerate(SCIENCE_SYMBOLS) if symbols[k]]
    if symbols[3]:
        science.append(f"any symbol {int(symbols[3])}")
    if science:
        lines.append("  science: " + ", ".join(science))
    lines += [f"  {color}: {', '.join(names)}" for color, names in buildings_by_color(state, city)]
    if board.board_effects:  # Roma's
        lines.append(f"  the board itself: {presentation.effects_text(board.board_effects)}")
    if state.db.num_leaders and city < state.num_players:
        lines += _city_leaders(state, city)
    return lines


def _city_leaders(state: SevenWondersState, city: int) -> list[str]:
    """A city's face-up leaders, the one its Courtesans Guild copies, and how many it holds hidden."""
    db = state.db
    recruited = "; ".join(presentation.leader_text(db, leader) for leader in state.recruited[city]) or "none"
    lines = [f"  leaders recruited: {recruited}"]
    if state.copied_leader[city] >= 0:
        lines.append(f"  {presentation.COPIED_LEADER_TEXT}: {presentation.leader_text(db, state.copied_leader[city])}")
    lines.append(f"  {presentation.hidden_leaders_text(state, city)}")
    return lines


def _own_leaders(state: SevenWondersState, seat: int) -> list[str]:
    """The leaders ``seat`` alone knows: the draft hand it keeps one of now, its Leader hand, those
    under its stages and those it discarded (under the web page's headings), the draft hand it
    passed last."""
    db = state.db
    held = {"draft_hand": state.draft_hands[seat] if state.phase == Phase.LEADER_DRAFT else [],
            "leader_hand": state.leader_hands[seat], "my_stage_leaders": state.stage_leaders[seat],
            "my_leader_discards": state.leader_discards[seat]}
    lines = []
    for field, heading in presentation.OWN_LEADERS_TEXT.items():
        if held[field]:
            lines.append(f"\n{heading} ({len(held[field])}):")
            lines += [f"- {presentation.leader_text(db, leader)}" for leader in held[field]]
    passed = [db.leaders[leader].name for leader in np.flatnonzero(state.draft_passed[seat])]
    if passed:
        lines.append(f"The leaders you passed last: {', '.join(passed)}")
    return lines


def _offer(state: SevenWondersState, seat: int, neighbour: int) -> str:
    """What ``neighbour`` sells ``seat``, with the price of a unit of each resource."""
    cheap = state.cheap_left[seat] if neighbour == state.left_of(seat) else state.cheap_right[seat]
    goods = _resources(state.sell_fixed[neighbour], state.sell_choices[neighbour])
    sold = [r for r in range(7)
            if state.sell_fixed[neighbour][r] or any(m >> r & 1 for m in state.sell_choices[neighbour])]
    prices = ", ".join(f"{RESOURCES[r]} {1 if cheap >> r & 1 else 2}" for r in sold)
    return f"{goods} (coins a unit: {prices})" if sold else "nothing"


def _happened(state: SevenWondersState, seat: int) -> list[str]:
    """The log since ``seat``'s last move (the moves of that turn included), as ``seat`` saw it."""
    me = f"player_{seat}"
    log = state.log
    start = len(log)
    while start and log[start - 1]["agent"] != me:
        start -= 1
    if start:
        last_turn = (log[start - 1]["age"], log[start - 1]["turn"])
        while start and (log[start - 1]["age"], log[start - 1]["turn"]) == last_turn:
            start -= 1
    return [entry_text(entry, seat) for entry in log[start:]]


def observation_text(state: SevenWondersState, seat: int, moves: list[tuple[int, str]]) -> str:
    """Everything ``seat`` may know now, and its numbered legal ``moves`` ((action id, name) pairs)."""
    db = state.db
    turn = f"turn {state.turn} of {TURNS_PER_AGE}" if state.turn <= TURNS_PER_AGE else "after turn 6"
    lines = [f"7 Wonders ({db.edition} edition), {state.num_players} players. You are player_{seat}. "
             f"Age {state.age}, {turn}: {PHASE_TEXT[state.phase]}."]
    rules = rules_of(state)
    acting = seat in rules.acting_seats(state)
    if acting:
        city = rules.acting_city(state, seat)
        if city != seat:
            lines.append(f"You decide for the {seat_name(state, city)}.")
        if state.phase == Phase.FREE_CITY:
            lines.append(f"Your own move this turn: {rules.describe_action(state, state.pending[seat])}")
        if state.phase == Phase.PAYMENT:
            lines.append(f"You pay for the move: {rules.describe_action(state, state.pending[city])}")
            if city != seat and seat in state.payments:
                _, to_left, to_right = state.payments[seat]
                lines.append(f"You paid for your own move: {to_left} coins to the left, {to_right} to the right")
    if state.phase == Phase.DISCARD_BUILD and acting:
        city = rules.acting_city(state, seat)
        choices = sorted({db.cards[c].type for c in state.discard} - set(np.flatnonzero(state.has_type[city])))
        lines.append(f"\nThe discard pile, which you may build from for free ({len(choices)} cards you do not own):")
        lines += [f"- {_card_line(db, t)}" for t in choices]
    hand = state.hands[seat]
    if state.phase != Phase.DISCARD_BUILD and hand:
        lines.append(f"\nYour hand ({len(hand)} cards):")
        lines += [f"- {_card_line(db, t)}" for t in sorted({db.cards[c].type for c in hand})]
    if db.num_leaders:
        lines += _own_leaders(state, seat)
    passed = _counts(db, state.last_passed[seat])
    if passed:
        lines.append(f"The hand you passed last: {passed}")
    known = _counts(db, state.known_discard[seat])
    lines.append(f"Discarded cards you know of: {known or 'none'} ({len(state.discard)} cards in the pile)")
    lines.append("\nCities (you, then from your left):")
    for k in range(state.num_seats):
        lines += _city(state, seat, (seat - k) % state.num_seats)
    happened = _happened(state, seat)
    if happened:
        lines.append("\nSince your last move:")
        lines += happened
    if moves:
        lines.append("\nYour legal moves:")
        lines += [f"{number}. {move}" for number, (_, move) in enumerate(moves, 1)]
    return "\n".join(lines)


def final_text(state: SevenWondersState) -> str:
    """The final scores, for everyone."""
    lines = ["Game over. Final scores:"]
    rules = rules_of(state)
    for seat in range(state.num_seats):
        score = rules.score_breakdown(state, seat)
        parts = ", ".join(f"{k} {v}" for k, v in score.items() if k != "total")
        lines.append(f"{seat_name(state, seat)}: {score['total']} points ({parts}), {state.coins[seat]} coins")
    return "\n".join(lines)
