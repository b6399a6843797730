"""Play against the bots in a terminal: ``wonders play --game duel --opponent heuristic``.

The human takes one seat; the other seats are bots made by :func:`agents.make_agent`. Before
each of the human's decisions the table is shown (public information and the human's own hand),
then the numbered legal moves with what they cost. The human answers with a move number, or
with words that match one move (``lumber`` for ``build Lumber Yard``), or a command:
``t`` shows the table again, ``h`` the help, ``q`` quits. Bad input gets an explanation and the
question again. After each turn the other players' moves are shown as the human would see them
at the table: in 7 Wonders a card sold, discarded or put under a wonder stage stays face down.

:func:`play_human` takes ``read`` and ``write`` functions, so tests drive it with scripted input.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import numpy as np

from wonders_env.seven_wonders.render import seat_name

from .match import make_env, resolve_game, seat_of
from . import make_agent

HELP = ("Enter the number of a move, or words that match exactly one move (e.g. 'lumber').\n"
        "Commands: t = show the table, h = this help, q = quit the game.")
HIDDEN_KINDS = ("sell", "wonder", "discard")  # 7 Wonders: these cards are placed face down


class QuitGame(Exception):
    """The human asked to stop (``q``, or the end of the input)."""


# ---------------------------------------------------------------- what the human sees
def describe_moves(env: Any, game: str) -> list[tuple[int, str]]:
    """The legal moves of ``env.agent_selection`` as ``(action, text with its cost)``."""
    legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
    if game == "seven_wonders_duel":
        return [(int(a), _duel_move(env.unwrapped.state, int(a))) for a in legal]
    seat = seat_of(env.agent_selection)
    return [(int(a), _seven_wonders_move(env.unwrapped.state, seat, int(a))) for a in legal]


def _seven_wonders_move(state: Any, seat: int, action: int) -> str:
    from wonders_env.seven_wonders import rules
    from wonders_env.seven_wonders.actions import Kind, decode_action
    kind, value = decode_action(action, state.db.num_types, state.payment)
    city = rules.acting_city(state, seat)
    if kind == Kind.PAY:
        payment = next(p for p in rules.payment_choices(state, city) if p[1] == value)
        return f"pay {_payment_text(state, city, payment)}"
    if kind == Kind.WAIT:
        return "wait"
    card_type = value
    name = state.db.types[card_type].name
    if kind == Kind.BUILD:
        return f"build {name} ({_payment_text(state, city, rules.build_payment(state, city, card_type))})"
    if kind == Kind.WONDER:
        stage = state.stages_built[city] + 1
        return (f"wonder stage {stage} with {name} "
                f"({_payment_text(state, city, rules.stage_payment(state, city))})")
    if kind == Kind.SELL:
        return f"sell {name} (+{rules.SELL_COINS} coins)"
    if kind == Kind.FREE_BUILD:
        return f"build {name} free (Olympia, once per Age)"
    return f"build {name} from the discard pile (free)"


def _payment_text(state: Any, city: int, payment: tuple[int, int, int]) -> str:
    bank, to_left, to_right = payment
    if not (bank or to_left or to_right):
        return "free"
    parts = [f"{bank} to the bank"] if bank else []
    if to_left:
        parts.append(f"{to_left} to {seat_name(state, state.left_of(city))} (left)")
    if to_right:
        parts.append(f"{to_right} to {seat_name(state, state.right_of(city))} (right)")
    return f"{_coins(bank + to_left + to_right)}: " + ", ".join(parts)


def _duel_move(state: Any, action: int) -> str:
    from wonders_env.duel import rules
    from wonders_env.duel.actions import ActionKind, action_name, decode_action
    kind, index, wonder = decode_action(action)
    player = state.current
    text = action_name(action)
    if kind == ActionKind.BUILD:
        return f"{text} ({_coins(rules.build_cost(state, player, index))})"
    if kind == ActionKind.WONDER:
        return f"{text} ({_coins(rules.wonder_cost(state, player, wonder))})"
    if kind == ActionKind.SELL:
        return f"{text} (+{rules.sell_value(state, player)} coins)"
    return text


def _coins(cost: int) -> str:
    return "free" if cost == 0 else f"{cost} coin" if cost == 1 else f"{cost} coins"


def table_text(env: Any, game: str, seat: int) -> str:
    """The table as ``seat`` sees it."""
    state = env.unwrapped.state
    if game == "seven_wonders_duel":
        from wonders_env.duel.render import render_table
        return render_table(state, viewer=seat)
    from wonders_env.seven_wonders.render import render_table
    return render_table(state, viewer=seat)


def public_actions(entries: Sequence[dict], game: str, seat: int) -> list[str]:
    """Lines for new entries of the game record's ``actions``, as ``seat`` saw them."""
    lines = []
    me = f"player_{seat}"
    for entry in entries:
        who = "you" if entry["agent"] == me else (entry["agent"] or "the Free City")
        kind, card = entry["kind"], entry.get("card")
        if game == "seven_wonders" and entry["agent"] != me and kind in HIDDEN_KINDS:
            card = "a card"
        if kind == "wonder":
            words = f"built {entry['wonder']} with {card}" if "wonder" in entry else f"built a wonder stage with {card}"
        else:
            words = {
                "build": f"built {card}", "free_build": f"built {card} free (Olympia)",
                "discard_build": f"built {card} from the discard pile",
                "mausoleum": f"built {card} from the discard pile (Mausoleum)", "sell": f"sold {card}",
                "discard": f"discarded {card}", "destroy": f"destroyed {card}",
                "draft": f"took {entry.get('wonder')}",
                "progress": f"took the progress token {entry.get('token')}",
                "library": f"kept the progress token {entry.get('token')} (Great Library)",
                "starter": f"chose {entry.get('starter')} to start the next Age",
            }.get(kind, f"{kind} {card}")
        paid = entry.get("paid")
        total = sum(paid.values()) if isinstance(paid, dict) else paid
        lines.append(f"  {who}: {words}" + (f" (paid {total})" if total else ""))
    return lines


# ---------------------------------------------------------------- the human's choice
class HumanAgent:
    """An agent whose moves are typed by a person (``read`` and ``write`` are ``input``/``print``
    by default)."""

    def __init__(self, game: str, read: Callable[[str], str] | None = None,
                 write: Callable[[str], None] | None = None) -> None:
        self.game = resolve_game(game)
        self.read = read if read is not None else input
        self.write = write if write is not None else print
        self._table = ""
        self._moves: list[tuple[int, str]] = []

    def act(self, env: Any) -> int:
        self._table = table_text(env, self.game, seat_of(env.agent_selection))
        self._moves = describe_moves(env, self.game)
        self._show()
        while True:
            try:
                answer = self.read(f"your move (1-{len(self._moves)}, h for help) > ").strip()
            except EOFError:
                raise QuitGame from None
            choice = self._parse(answer)
            if choice is not None:
                return choice

    def _show(self) -> None:
        self.write(self._table)
        self.write("your legal moves:")
        for number, (_, text) in enumerate(self._moves, 1):
            self.write(f"  {number:>3}) {text}")

    def _parse(self, answer: str) -> int | None:
        """The chosen action, or None after explaining what was wrong (or running a command)."""
        moves = self._moves
        lowered = answer.lower()
        if lowered in ("q", "quit", "exit"):
            raise QuitGame
        if lowered in ("h", "help", "?"):
            self.write(HELP)
            return None
        if lowered in ("t", "table"):
            self._show()
            return None
        if not answer:
            self.write(f"Please enter a move number from 1 to {len(moves)} (h for help).")
            return None
        if answer.lstrip("-").isdigit():
            number = int(answer)
            if 1 <= number <= len(moves):
                return moves[number - 1][0]
            self.write(f"There is no move {number}: choose a number from 1 to {len(moves)}.")
            return None
        words = lowered.split()
        matches = [(i, move) for i, move in enumerate(moves, 1) if all(w in move[1].lower() for w in words)]
        if len(matches) == 1:
            return matches[0][1][0]
        if not matches:
            self.write(f"No legal move matches {answer!r}. Enter a number from 1 to {len(moves)} "
                       "(h for help, t to see the table).")
        else:
            shown = "; ".join(f"{i}) {text}" for i, (_, text) in matches[:8])
            more = "; ..." if len(matches) > 8 else ""
            self.write(f"{answer!r} matches {len(matches)} moves: {shown}{more}. "
                       "Be more precise, or enter a number.")
        return None


# ---------------------------------------------------------------- the game
def play_human(game: str = "seven_wonders_duel", opponent: str = "heuristic", num_players: int | None = None,
               seat: int = 0, seed: int | None = None, edition: str = "1st",
               read: Callable[[str], str] | None = None, write: Callable[[str], None] | None = None,
               **env_options: Any) -> dict | None:
    """Play a game with a human in ``seat`` and ``opponent`` bots in the others; ``read`` and
    ``write`` default to ``input`` and ``print``; ``env_options`` go to the env (7 Wonders:
    ``payment="choose"`` to choose whom to pay).

    Returns the game record at the end, or None if the human quits.
    """
    game = resolve_game(game)
    env = make_env(game, num_players, edition, raw=True, **env_options)
    players = len(env.possible_agents)
    if not 0 <= seat < players:
        raise ValueError(f"seat must be from 0 to {players - 1}, got {seat}")
    if seed is None:
        seed = int(np.random.default_rng().integers(2**31))
    human = HumanAgent(game, read, write)
    write = human.write
    agents = [human if s == seat else make_agent(opponent, game=game, seed=seed + 1 + s) for s in range(players)]
    write(f"{game}, {players} players, seed {seed}: you are player_{seat}; the others are {opponent} bots.")
    shown = 0
    env.reset(seed=seed)
    for name in env.agent_iter():
        record = env.unwrapped.game_record()
        news = public_actions(record["actions"][shown:], game, seat)
        shown = len(record["actions"])
        if news:
            write("\n".join(["moves:"] + news))
        if env.terminations[name] or env.truncations[name]:
            env.step(None)
            continue
        try:
            action = agents[seat_of(name)].act(env)
        except QuitGame:
            write("Game abandoned.")
            return None
        env.step(action)
    record = env.unwrapped.game_record()
    write(_final_text(record, seat))
    return record


def _final_text(record: dict, seat: int) -> str:
    lines = ["", "Game over" + (f" ({record['victory']} victory)" if record.get("victory") else "") + ":"]
    for player in record["players"]:
        name = player["agent"] or "the Free City"
        marker = " (you)" if player["agent"] == f"player_{seat}" else ""
        lines.append(f"  {name}{marker}: {player['score']['total']} points")
    winners = record["winners"]
    lines.append("You win!" if f"player_{seat}" in winners and len(winners) == 1 else
                 "Shared victory!" if f"player_{seat}" in winners else f"Winner: {', '.join(winners)}")
    return "\n".join(lines)
