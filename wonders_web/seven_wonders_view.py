"""What the browser may see of a 7 Wonders game: the table, the legal moves, the news.

Public: every city (its wonder board and the stages built, its cards, coins, shields and
military tokens), the number of cards in each hand, the Age and turn. Private to one player:
its own hand (or the cards it chooses from now: the Free City's hand for the Free City card's
holder, the discard pile for Halicarnassus) and its own moves. Never sent: the other hands, the
decks, the guilds left in the box, the Free City's pile, the cards under wonder stages and the
discard pile; a card another player sold, discarded or put under a stage is sent without its
name. With Leaders (``expansions="leaders"``, on either engine):
every city's recruited leaders (face up), the leader its Courtesans Guild copies and how many
leaders lie in its Leader hand, under its stages and discarded; Roma's board effects; to a seat
alone its Leader hand, the draft hand it keeps one of now, and which leaders it put under its
stages or discarded. Never sent: another seat's Leader or draft hand, the unused leaders, which
leaders lie under another seat's stages or were discarded by it (its news items lose the name).
A leader move is played on the leader (``leader-ID``: the seat's draft or Leader hand); the
Courtesans Guild's copy on the neighbour's recruited leader (``recruited-ID``). Card and leader
names appear as whole JSON string values, which is what the test of hidden
information checks, and inside sentences: a move's label (a move of the seat itself) and a news
item's ``text`` (the test checks that it is the sentence of the item's values sent beside it).
Every word comes from :mod:`wonders_env.seven_wonders.presentation`.

The functions take the PettingZoo env (``raw_env``) and read its ``unwrapped.state``; the rules'
answers (acting seats, payments, scores, why a move is illegal) come from its engine,
``unwrapped.game``: on the compiled core (the default) no Python rules module is imported.
"""

from __future__ import annotations

from typing import Any

from wonders_env import seven_wonders_v0
from wonders_env.seven_wonders import presentation, record
from wonders_env.seven_wonders.actions import HIDDEN_ACTION_KINDS, LEADER_KINDS, ActionKind, decode_action
from wonders_env.seven_wonders.cards import COLORS, RESOURCES
from wonders_env.seven_wonders.presentation import PHASE_TEXT, seat_name
from wonders_env.seven_wonders.state import Phase
from wonders_env.registry import entry

from .tables import TABLE_OPTIONS, replay_tables, table_choices, table_options

GAME = "seven_wonders"
TITLE = "7 Wonders"
BOARD = "seven_wonders"  # the page's drawing of the table: the cities around the table, the seat's hand
SETUP_CHOICES = {  # what the setup form offers beside the player count: option -> label, values (the default first)
    "edition": {"label": "Edition", "values": list(entry(GAME).editions)},
    "wonder_sides": {"label": "Wonder sides", "values": ["random", "A", "B"]},
    "payment": {"label": "Payment", "values": list(entry(GAME).options["payment"]),
                "hint": "cheapest: the engine pays the cheapest way; choose: you choose whom to pay"},
    **table_choices(GAME, seven_wonders_v0.raw_env, "leaders: a Leader hand drafted before the game, a leader "
                    "recruited before each Age, Roma (1st edition, 3-7 players; engine python)")}
OPTIONS = ("num_players", "edition", "wonder_sides", "wonders", "payment", *TABLE_OPTIONS)
LIST_OPTIONS = {"wonders": "a name or a list of one per seat", "wonder_sides": "a side or a list of one per seat",
                "expansions": "a name or a list of names"}  # what these may be; the others are single values


def new_env(options: dict[str, Any]):
    """A 7 Wonders ``raw_env`` from ``num_players`` (2-7), ``edition``, ``wonder_sides`` (and
    ``wonders``, ``payment``), ``expansions`` (``"none"``, ``"leaders"`` or a list of names, as a
    record names them) and ``engine`` (default: the env's)."""
    unknown = set(options) - set(OPTIONS)
    if unknown:
        raise ValueError(f"unknown 7 Wonders options {sorted(unknown)}; allowed: {', '.join(OPTIONS)}")
    for name, value in options.items():  # JSON from the browser: no list or object where the env hashes
        values = value if isinstance(value, list) and name in LIST_OPTIONS else [value]
        if any(isinstance(v, (list, dict)) for v in values):
            raise ValueError(f"{name} must be {LIST_OPTIONS.get(name, 'a single value')}, got {value!r}")
    board = {name: value for name, value in options.items() if name not in TABLE_OPTIONS}
    return seven_wonders_v0.raw_env(**board, **table_options(options))


def acting_agents(env) -> list[str]:
    return [f"player_{seat}" for seat in env.unwrapped.game.acting_seats(env.unwrapped.state)]


def phase(env) -> str:
    return env.unwrapped.state.phase.name.lower()


def seat_names(env) -> list[str]:
    return list(env.unwrapped.possible_agents)


# ---------------------------------------------------------------- cards (their words: presentation)
def card_info(db, card_type: int) -> dict[str, Any]:
    t = db.types[card_type]
    return {"id": card_type, "name": t.name, "color": COLORS[t.color], "coins": t.coin_cost,
            "resources": "".join(RESOURCES[r] * n for r, n in enumerate(t.resource_cost)),
            "effects": [presentation.effect_text(e) for e in t.effects],
            "chain_from": list(t.chains_from), "chain_to": list(t.chains_to)}


# ---------------------------------------------------------------- the table
def _city(game, state, seat: int) -> dict[str, Any]:
    db = state.db
    board = state.wonders[seat]
    stages = [{"resources": "".join(RESOURCES[r] * n for r, n in enumerate(stage.resource_cost)),
               "effects": [presentation.effect_text(e) for e in stage.effects], "built": i < state.stages_built[seat]}
              for i, stage in enumerate(board.stages)]
    city = {
        "seat": seat, "name": seat_name(state, seat), "city": board.city, "wonder": board.wonder,
        "side": board.side, "stages": stages, "coins": state.coins[seat], "shields": state.shields[seat],
        "starting_resource": presentation.RESOURCE_NAMES[board.starting_resource]
        if board.starting_resource >= 0 else None,  # Roma produces nothing
        "board_effects": [presentation.effect_text(e) for e in board.board_effects],  # Roma's
        "military_tokens": list(state.military_tokens[seat]),
        "cards": [card_info(db, db.cards[c].type) for c in state.built[seat]],
        "hand_size": len(state.hands[seat]) if seat < state.num_players else len(state.free_city_pile),
        "left": seat_name(state, state.left_of(seat)), "right": seat_name(state, state.right_of(seat)),
        "score": game.score_breakdown(state, seat),
    }
    if db.num_leaders:
        city["leaders"] = _city_leaders(state, seat)
    return city


def table(env, seat: int | None) -> dict[str, Any]:
    """The table as ``seat`` (a player, or None for a spectator) sees it."""
    game, state = env.unwrapped.game, env.unwrapped.state
    db = state.db
    phase = state.phase
    view = {
        "edition": db.edition, "age": state.age, "turn": state.turn,
        "phase": phase.name.lower(), "phase_text": PHASE_TEXT[phase],
        "resource_names": dict(zip(RESOURCES, presentation.RESOURCE_NAMES)),
        "cities": [_city(game, state, s) for s in range(state.num_seats)], "hand": [],
    }
    if seat is not None and phase != Phase.GAME_OVER:
        acting = seat in game.acting_seats(state)
        cards = game.hand_for_decision(state, seat) if acting else state.hands[seat]
        if acting and phase in presentation.HAND_OF:
            view["hand_of"] = presentation.HAND_OF[phase]
        view["hand"] = [card_info(db, db.cards[c].type) for c in cards]
    if db.num_leaders:
        view.update(_own_leaders(state, seat))
    return view


# ---------------------------------------------------------------- leaders (the Leaders expansion)
def leader_info(db, leader: int) -> dict[str, Any]:
    """A leader as the page draws a card: white (``"leader"``), its recruitment cost in coins."""
    card = db.leaders[leader]
    return {"id": leader, "name": card.name, "color": "leader", "coins": card.coin_cost, "resources": "",
            "effects": [presentation.effect_text(e) for e in card.effects], "chain_from": [], "chain_to": []}


def _city_leaders(state, seat: int) -> dict[str, Any]:
    """What everybody sees of a city's leaders: those recruited (face up, in order), the one its
    Courtesans Guild copies, and how many lie in its Leader hand, under its stages and discarded
    (not which)."""
    db = state.db
    copied = state.copied_leader[seat]
    return {"recruited": [leader_info(db, leader) for leader in state.recruited[seat]],
            "copied": {**leader_info(db, copied), "note": presentation.COPIED_LEADER_TEXT} if copied >= 0 else None,
            "in_hand": len(state.leader_hands[seat]), "under_stages": len(state.stage_leaders[seat]),
            "discarded": len(state.leader_discards[seat]), "hidden_text": presentation.hidden_leaders_text(state, seat)}


def _own_leaders(state, seat: int | None) -> dict[str, Any]:
    """What ``seat`` alone sees of its leaders: the draft hand it keeps one of now, its Leader hand,
    the leaders it put under its stages and those it discarded (a spectator: none), with the
    page's heading of each (``leader_titles``)."""
    db = state.db
    held = {} if seat is None else {
        "draft_hand": state.draft_hands[seat] if state.phase == Phase.LEADER_DRAFT else [],
        "leader_hand": state.leader_hands[seat], "my_stage_leaders": state.stage_leaders[seat],
        "my_leader_discards": state.leader_discards[seat]}
    titles = presentation.OWN_LEADERS_TEXT
    return {"leader_titles": titles, **{field: [leader_info(db, leader) for leader in held.get(field, [])]
                                        for field in titles}}


# ---------------------------------------------------------------- the moves
def _price(state, city: int, payment: tuple[int, int, int]) -> dict[str, Any]:
    bank, to_left, to_right = payment
    return {"bank": bank, "left": to_left, "right": to_right,
            "left_name": seat_name(state, state.left_of(city)), "right_name": seat_name(state, state.right_of(city))}


def moves(env, seat: int) -> list[dict[str, Any]]:
    """``seat``'s legal moves: ``action``, ``target`` (the element to click), ``label``, ``price``."""
    game, state = env.unwrapped.game, env.unwrapped.state
    if seat not in game.acting_seats(state):
        return []
    db = state.db
    city = game.acting_city(state, seat)
    result = []
    payments = {to_left: (bank, to_right) for bank, to_left, to_right in game.payment_choices(state, city)} \
        if state.phase == Phase.PAYMENT else {}
    for action in map(int, env.observe(f"player_{seat}")["action_mask"].nonzero()[0]):
        kind, value = decode_action(action, db.num_types, state.payment, db.num_leaders)
        if kind == ActionKind.WAIT:
            continue  # nothing to decide
        if kind in LEADER_KINDS:
            target, payment = _leader_move(game, state, city, kind, value)
        else:
            target = "payment" if kind == ActionKind.PAY else f"hand-{value}"
            if kind == ActionKind.PAY:
                bank, to_right = payments[value]
                payment = (bank, value, to_right)
            elif kind == ActionKind.BUILD:
                payment = game.build_payment(state, city, value)
            elif kind == ActionKind.WONDER:
                payment = game.stage_payment(state, city)
            else:
                payment = None  # selling and the free builds: the label says the price
        result.append({"action": action, "target": target, "label": presentation.move_label(state, seat, action),
                       "price": "" if payment is None else _price(state, city, payment)})
    return result


def _leader_move(game, state, city: int, kind: ActionKind, leader: int) -> tuple[str, tuple[int, int, int] | None]:
    """The piece clicked for a Leaders move (a leader of the seat's draft or Leader hand; for the
    Courtesans Guild's copy, the neighbour's recruited leader) and its payment (None: no price)."""
    if kind == ActionKind.COPY_LEADER:
        return f"recruited-{leader}", None
    if kind == ActionKind.RECRUIT:
        from wonders_env.seven_wonders.leaders import recruit_price  # the Python engine's: the core plays no Leaders

        return f"leader-{leader}", (recruit_price(state, city, leader), 0, 0)
    if kind == ActionKind.LEADER_WONDER:
        return f"leader-{leader}", game.stage_payment(state, city)
    return f"leader-{leader}", None  # the draft, a discard for 3 coins (the label says it)


# ---------------------------------------------------------------- news and replays
def news_mark(env) -> tuple[int, list[int]]:
    """What :func:`news` compares against: the log length and each city's military tokens."""
    state = env.unwrapped.state
    return len(state.log), [len(tokens) for tokens in state.military_tokens]


def news(env, mark: tuple[int, list[int]]) -> list[dict[str, Any]]:
    """The record actions since ``mark``, then the conflicts if an Age ended (the raw events:
    pass each through :func:`event` for a viewer)."""
    state = env.unwrapped.state
    log_length, token_counts = mark
    events = [dict(entry) for entry in state.log[log_length:]]
    gained = {seat_name(state, s): tokens[token_counts[s]:] for s, tokens in enumerate(state.military_tokens)
              if len(tokens) > token_counts[s]}
    if gained:
        events.append({"kind": "conflicts", "age": events[-1]["age"] if events else state.age,
                       "tokens": gained})
    return events


def event(entry: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """A raw event as ``viewer`` saw it, with its sentence ``text`` (the page shows it as it is):
    another player's face-down card loses its name."""
    if entry["kind"] == "conflicts":
        return {**entry, "text": presentation.conflict_text(entry["age"], entry["tokens"])}
    shown = {**entry, "text": presentation.entry_text(entry, viewer)}
    if entry["kind"] in HIDDEN_ACTION_KINDS and (viewer is None or entry["agent"] != f"player_{viewer}"):
        shown["card"] = None
    return shown


def recorded_action(env, agent: str, entries: list[dict[str, Any]]) -> int:
    """``agent``'s action now in a game whose next record entries are ``entries``: the card move
    it recorded for the city it decides for (with ``payment="choose"``, in the payment phase,
    the payment that move recorded: :func:`wonders_env.seven_wonders.record.recorded_action`).
    Raises ``ValueError`` if there is none."""
    state = env.unwrapped.state
    player = int(agent.rsplit("_", 1)[1])
    action = record.recorded_action(state, player, entries)
    if action is None:
        city = env.unwrapped.game.acting_city(state, player)
        raise ValueError(f"the record has no move of {agent} for {seat_name(state, city)} here")
    return action


def replay_options(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The env options that may have produced ``record`` (its boards given by name or drawn at
    random, its sides given or drawn; its expansions on each engine that may play them): the
    replay keeps the one whose deal matches."""
    try:
        players = record["players"]
        boards = [p["wonder"] for p in players]
        sides = [p["side"] for p in players]
        base = {"num_players": int(record["num_players"]), "edition": str(record["edition"]),
                "payment": str(record.get("payment", "cheapest"))}
    except (KeyError, TypeError, ValueError) as error:
        raise ValueError(f"not a 7 Wonders game record: missing or bad {error}") from None
    return [{**base, **table, "wonders": wonders, "wonder_sides": wonder_sides} for table in replay_tables(GAME, record)
            for wonders in (None, boards) for wonder_sides in ("random", sides)]
