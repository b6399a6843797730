"""What the browser may see of a 7 Wonders game: the table, the legal moves, the news.

Public: every city (its wonder board and the stages built, its cards, coins, shields and
military tokens), the number of cards in each hand, the Age and turn. Private to one player:
its own hand (or the cards it chooses from now: the Free City's hand for the Free City card's
holder, the discard pile for Halicarnassus) and its own moves. Never sent: the other hands, the
decks, the guilds left in the box, the Free City's pile, the cards under wonder stages and the
discard pile; a card another player sold, discarded or put under a stage is sent without its
name. Card names appear as whole JSON string values, which is what the test of hidden
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
from wonders_env.seven_wonders.actions import HIDDEN_ACTION_KINDS, ActionKind, decode_action
from wonders_env.seven_wonders.cards import COLORS, RESOURCES
from wonders_env.seven_wonders.presentation import PHASE_TEXT, seat_name
from wonders_env.seven_wonders.state import Phase
from wonders_env.registry import entry

GAME = "seven_wonders"
TITLE = "7 Wonders"
BOARD = "seven_wonders"  # the page's drawing of the table: the cities around the table, the seat's hand
SETUP_CHOICES = {  # what the setup form offers beside the player count: option -> label, values (the default first)
    "edition": {"label": "Edition", "values": list(entry(GAME).editions)},
    "wonder_sides": {"label": "Wonder sides", "values": ["random", "A", "B"]},
    "payment": {"label": "Payment", "values": list(entry(GAME).options["payment"]),
                "hint": "cheapest: the engine pays the cheapest way; choose: you choose whom to pay"}}
OPTIONS = ("num_players", "edition", "wonder_sides", "wonders", "payment")
SINGLE_VALUE_OPTIONS = ("num_players", "edition", "payment")  # the others may be a list per seat


def new_env(options: dict[str, Any]):
    """A 7 Wonders ``raw_env`` from ``num_players`` (2-7), ``edition``, ``wonder_sides`` (and
    ``wonders``, ``payment``)."""
    unknown = set(options) - set(OPTIONS)
    if unknown:
        raise ValueError(f"unknown 7 Wonders options {sorted(unknown)}; allowed: {', '.join(OPTIONS)}")
    for name, value in options.items():  # JSON from the browser: no list or object where the env hashes
        single = name in SINGLE_VALUE_OPTIONS
        values = value if isinstance(value, list) and not single else [value]
        if any(isinstance(v, (list, dict)) for v in values):
            raise ValueError(f"{name} must be {'a single value' if single else 'a value or a list of one per seat'}, "
                             f"got {value!r}")
    return seven_wonders_v0.raw_env(**options)


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
    return {
        "seat": seat, "name": seat_name(state, seat), "city": board.city, "wonder": board.wonder,
        "side": board.side, "starting_resource": presentation.RESOURCE_NAMES[board.starting_resource],
        "stages": stages, "coins": state.coins[seat], "shields": state.shields[seat],
        "military_tokens": list(state.military_tokens[seat]),
        "cards": [card_info(db, db.cards[c].type) for c in state.built[seat]],
        "hand_size": len(state.hands[seat]) if seat < state.num_players else len(state.free_city_pile),
        "left": seat_name(state, state.left_of(seat)), "right": seat_name(state, state.right_of(seat)),
        "score": game.score_breakdown(state, seat),
    }


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
    return view


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
        kind, card_type = decode_action(action, db.num_types, state.payment)
        if kind == ActionKind.WAIT:
            continue  # nothing to decide
        if kind == ActionKind.PAY:
            bank, to_right = payments[card_type]
            payment = (bank, card_type, to_right)
        elif kind == ActionKind.BUILD:
            payment = game.build_payment(state, city, card_type)
        elif kind == ActionKind.WONDER:
            payment = game.stage_payment(state, city)
        else:
            payment = None  # selling and the free builds: the label says the price
        result.append({"action": action, "target": "payment" if kind == ActionKind.PAY else f"hand-{card_type}",
                       "label": presentation.move_label(state, seat, action),
                       "price": "" if payment is None else _price(state, city, payment)})
    return result


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
    random, its sides given or drawn): the replay keeps the one whose deal matches."""
    try:
        players = record["players"]
        boards = [p["wonder"] for p in players]
        sides = [p["side"] for p in players]
        base = {"num_players": int(record["num_players"]), "edition": str(record["edition"]),
                "payment": str(record.get("payment", "cheapest"))}
    except (KeyError, TypeError, ValueError) as error:
        raise ValueError(f"not a 7 Wonders game record: missing or bad {error}") from None
    return [{**base, "wonders": wonders, "wonder_sides": wonder_sides}
            for wonders in (None, boards) for wonder_sides in ("random", sides)]
