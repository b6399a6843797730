"""Play against the bots in a terminal: ``wonders play --game duel --opponent heuristic``.

The human takes one seat; the other seats are bots, given as agent specs (``heuristic``,
``mcts:simulations=50``, ``ppo:path=runs/duel/policy.pt`` for a policy you trained; see
:func:`wonders_agents.tournament.parse_agent_spec`). A legend of the table's abbreviations is shown
first. Before each of the human's decisions the table is shown (public information and the
human's own hand), then the numbered legal moves with what they cost, each followed by what the
card, wonder (stage) or progress token does (the engine's ``describe_effect``). The human answers with a
move number, or with words that match one move's first line (``lumber`` for ``Build Lumber
Yard, for free``), or a command: ``t`` shows the table again, ``h`` the help and the legend, ``q`` quits.
Bad input gets an explanation and the question again. After each turn the other players' moves
are shown as the human would see them at the table (the engine's ``describe_entry``): in 7 Wonders
a card sold, discarded or put under a wonder stage stays face down.

:func:`play_human` takes ``read`` and ``write`` functions, so tests drive it with scripted input.
"""

from __future__ import annotations

from typing import Any
from collections.abc import Callable, Sequence

import numpy as np

import wonders_env
from wonders_env.game import Game
from wonders_env.registry import default_players, resolve_game

from .match import seat_of
from .tournament import build_agent

HELP = ("Enter the number of a move, or words that match exactly one move (e.g. 'lumber').\n"
        "Commands: t = show the table, h = this help, q = quit the game.")


class QuitGame(Exception):
    """The human asked to stop (``q``, or the end of the input)."""


# ---------------------------------------------------------------- what the human sees
def describe_moves(env: Any) -> list[tuple[int, str]]:
    """The legal moves of ``env.agent_selection`` as ``(action, text with its cost)``."""
    game, state, player = env.unwrapped.game, env.unwrapped.state, seat_of(env.agent_selection)
    legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
    return [(int(a), game.describe_move(state, player, int(a))) for a in legal]


def table_text(env: Any, seat: int) -> str:
    """The table as ``seat`` sees it."""
    raw = env.unwrapped
    return raw.game.render(raw.state, seat)


def public_actions(entries: Sequence[dict], game: Game, seat: int) -> list[str]:
    """Lines for new entries of the game record's ``actions``, as ``seat`` saw them (the engine's
    sentences, :meth:`wonders_env.game.Game.describe_entry`: the web page's news says the same)."""
    return [f"  {game.describe_entry(entry, seat)}" for entry in entries]


# ---------------------------------------------------------------- the human's choice
class HumanAgent:
    """An agent whose moves are typed by a person (``read`` and ``write`` are ``input``/``print``
    by default)."""

    def __init__(self, read: Callable[[str], str] | None = None,
                 write: Callable[[str], None] | None = None) -> None:
        self.read = read if read is not None else input
        self.write = write if write is not None else print
        self.legend = ""  # the game's (Game.legend), set by play_human
        self._table = ""
        self._moves: list[tuple[int, str]] = []
        self._effects: list[str] = []

    def act(self, env: Any) -> int:
        self._table = table_text(env, seat_of(env.agent_selection))
        self._moves = describe_moves(env)
        game, state, player = env.unwrapped.game, env.unwrapped.state, seat_of(env.agent_selection)
        self._effects = [game.describe_effect(state, player, action) for action, _ in self._moves]
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
        for number, ((_, text), effect) in enumerate(zip(self._moves, self._effects), 1):
            self.write(f"  {number:>3}) {text}" + (f"\n         {effect}" if effect else ""))

    def _parse(self, answer: str) -> int | None:
        """The chosen action, or None after explaining what was wrong (or running a command)."""
        moves = self._moves
        lowered = answer.lower()
        if lowered in ("q", "quit", "exit"):
            raise QuitGame
        if lowered in ("h", "help", "?"):
            self.write(HELP + "\n" + self.legend)
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
    """Play a game with a human in ``seat`` and ``opponent`` bots (an agent spec) in the others;
    ``read`` and ``write`` default to ``input`` and ``print``; ``env_options`` go to the env (7 Wonders:
    ``payment="choose"`` to choose whom to pay).

    Returns the game record at the end, or None if the human quits.
    """
    game = resolve_game(game)
    players = default_players(game) if num_players is None else num_players
    env = wonders_env.make(game, players, edition, raw=True, **env_options)
    if not 0 <= seat < players:
        raise ValueError(f"seat must be from 0 to {players - 1}, got {seat}")
    if seed is None:
        seed = int(np.random.default_rng().integers(2**31))
    human = HumanAgent(read, write)
    human.legend = env.unwrapped.game.legend
    write = human.write
    agents = [human if s == seat else build_agent(opponent, game, seed + 1 + s, env) for s in range(players)]
    write(f"{game}, {players} players, seed {seed}: you are player_{seat}; the others are {opponent} bots.")
    write(human.legend)
    shown = 0
    env.reset(seed=seed)
    for name in env.agent_iter():
        record = env.unwrapped.game_record()
        news = public_actions(record["actions"][shown:], env.unwrapped.game, seat)
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
