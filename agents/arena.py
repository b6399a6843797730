"""The arena: language models against the ladder of bots and against each other, with a leaderboard.

```python
from wonders_agents.arena import run_arena
arena = run_arena("duel", {"qwen-7b": "llm:base_url=http://127.0.0.1:8000/v1,model=qwen2.5-7b-instruct"},
                  ladder=["random", "heuristic", "mcts"], games=20, out="runs/arena_duel")
print(arena.markdown())
```

or ``wonders arena --game duel --model qwen-7b=llm:base_url=http://127.0.0.1:8000/v1,model=qwen2.5-7b-instruct
--ladder random heuristic mcts --games 20``.

**Lineups.** Every model meets every ladder agent (by default ``random``, ``heuristic``,
``mcts``, ``az``, ``ppo``: those that play the game) and every other model. With 2 players a
lineup is a pair; with N the model holds one seat against N-1 copies of the other. Each lineup
plays ``games`` games (rounded up to a multiple of N), seats rotated, seeded as in the
tournament (:func:`wonders_agents.tournament.schedule`).

**Resuming.** Model calls cost money, so every finished game is appended at once to
``OUT/games.jsonl`` (with the settings in ``OUT/arena.json``); run the same arena again and it plays
only the games missing (a game cut short by an interruption is played again from its start; a
damaged line elsewhere in ``games.jsonl`` stops the arena, naming it, before any game). The models
may come back with other specs (a server on another port: the labels name them); other settings in
the same folder are refused. Games are played one at a time.

**The leaderboard** (``OUT/leaderboard.md`` and ``OUT/leaderboard.json``; it needs the
``openskill`` package, checked before the first game), best OpenSkill ordinal first: per agent
its games, win rate with a 95% Wilson interval, OpenSkill (Plackett-Luce) rating, seconds per
move and, for models, the illegal-answer rate (answers with no ``MOVE:`` line or a move that is
not legal, over all answers), the fallback rate (moves played at random after the retries, over
the moves asked) and tokens per move; then each model's win rate against each opponent.
Statistics as in :mod:`wonders_agents.tournament`.
"""

from __future__ import annotations

import json
import os
import reprlib
from pathlib import Path
from typing import Any
from collections.abc import Mapping, Sequence

from tqdm import tqdm

import wonders_env
from wonders_env.registry import default_players, entry as game_entry, resolve_game

from . import agent_names
from .match import play_game
from .tournament import (GameSpec, TournamentResult, build_agent, game_row, openskill_model, openskill_ratings,
                         schedule, table_env_options, wilson_interval)

LADDER = ("random", "heuristic", "mcts", "az", "ppo")
LLM_COUNTS = ("decisions", "forced", "answers", "illegal", "retries", "fallbacks", "http_errors",
              "prompt_tokens", "completion_tokens", "seconds")


def default_ladder(game: str) -> list[str]:
    """The agents of :data:`LADDER` that play ``game`` as shipped (:func:`wonders_agents.agent_names`)."""
    return [agent for agent in LADDER if agent in agent_names(game)]


def arena_lineups(models: Sequence[str], ladder: Sequence[str], num_players: int) -> list[tuple[str, ...]]:
    """Each model against each ladder agent, then each pair of models."""
    opponents = [(model, other) for model in models for other in ladder]
    opponents += [(model, other) for i, model in enumerate(models) for other in models[i + 1:]]
    return [(model,) + (other,) * (num_players - 1) for model, other in opponents]


def model_labels(models: Sequence[str] | Mapping[str, str]) -> dict[str, str]:
    """``{label: spec}`` of models given as a mapping, or as specs, ``LABEL=SPEC`` or bare (the
    spec is the label)."""
    if isinstance(models, Mapping):
        return dict(models)
    labelled = {}
    for text in models:
        label, equals, spec = text.partition("=")
        labelled.update({label: spec} if equals and ":" not in label else {text: text})
    return labelled


class Arena:
    """The games of an arena so far, and its leaderboard."""

    def __init__(self, settings: dict[str, Any], rows: list[dict]) -> None:
        self.settings = settings
        self.rows = sorted(rows, key=lambda row: row["index"])

    def leaderboard(self) -> list[dict[str, Any]]:
        """One entry per agent, best OpenSkill ordinal first (see the module docstring)."""
        s = self.settings
        labels = [*s["models"], *s["ladder"]]
        result = TournamentResult(s["game"], s["num_players"], s["edition"], s["seed"], labels, s["lineups"], self.rows)
        stats = result.agent_stats()
        ratings = openskill_ratings(self.rows) if self.rows else {}
        board = []
        for label in labels:
            if label not in stats:
                continue
            entry = {"agent": label, "model": label in s["models"], **stats[label], **ratings.get(label, {})}
            if entry["model"]:
                counts = {key: 0.0 for key in LLM_COUNTS}
                for row in self.rows:
                    for seat, who in enumerate(row["seats"]):
                        if who == label:
                            for key in LLM_COUNTS:
                                counts[key] += row["llm"][str(seat)][key]
                asked = counts["decisions"] - counts["forced"]
                entry.update(counts)
                entry["illegal_rate"] = counts["illegal"] / counts["answers"] if counts["answers"] else 0.0
                entry["fallback_rate"] = counts["fallbacks"] / asked if asked else 0.0
                entry["tokens_per_move"] = ((counts["prompt_tokens"] + counts["completion_tokens"])
                                            / counts["decisions"] if counts["decisions"] else 0.0)
            board.append(entry)
        return sorted(board, key=lambda e: -e.get("ordinal", float("-inf")))

    def head_to_head(self) -> dict[str, dict[str, dict[str, float]]]:
        """``[model][opponent]``: win rate with a 95% Wilson interval and the games."""
        table: dict[str, dict[str, dict[str, float]]] = {}
        for row in self.rows:
            first, second = row["lineup"][:2]
            pairs = [(first, second)]
            if len(row["seats"]) == 2 and second in self.settings["models"]:
                pairs.append((second, first))  # a pair of models: both ways
            for model, opponent in pairs:
                seat = row["seats"].index(model)
                cell = table.setdefault(model, {}).setdefault(opponent, {"credit": 0.0, "games": 0})
                cell["credit"] += 1 / len(row["winners"]) if seat in row["winners"] else 0.0
                cell["games"] += 1
        for row in table.values():
            for cell in row.values():
                cell["win_rate"] = cell["credit"] / cell["games"]
                cell["low"], cell["high"] = wilson_interval(cell["credit"], cell["games"])
        return table

    def summary(self) -> dict[str, Any]:
        return {"settings": self.settings, "games_played": len(self.rows),
                "games_scheduled": self.settings["games_scheduled"], "leaderboard": self.leaderboard(),
                "head_to_head": self.head_to_head()}

    def markdown(self) -> str:
        s = self.settings
        lines = [f"# Arena: {s['game']}, {s['num_players']} players ({s['edition']} edition)", "",
                 f"{len(self.rows)} of {s['games_scheduled']} games played, seed {s['seed']}; chance "
                 f"{1 / s['num_players']:.0%}. Win rates with 95% Wilson intervals; OpenSkill Plackett-Luce "
                 "(ordinal = mu - 3 sigma).", "",
                 "| rank | agent | seats | win rate [95% CI] | OpenSkill mu (sigma) | ordinal | illegal answers "
                 "| fallbacks | tokens / move | s / move |",
                 "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
        for rank, e in enumerate(self.leaderboard(), 1):
            model_cells = (f"{e['illegal_rate']:.1%} | {e['fallback_rate']:.1%} | {e['tokens_per_move']:,.0f}"
                           if e["model"] else "- | - | -")
            lines.append(
                f"| {rank} | {e['agent']} | {e['seats']} | {e['win_rate']:.1%} [{e['low']:.1%}, {e['high']:.1%}] "
                f"| {e.get('mu', 0):.2f} ({e.get('sigma', 0):.2f}) | {e.get('ordinal', 0):.2f} | {model_cells} "
                f"| {e['seconds_per_move']:.3f} |")
        lines += ["", "Each model against each opponent (win rate [95% CI], games):", ""]
        for model, row in self.head_to_head().items():
            cells = "; ".join(f"{opponent} {c['win_rate']:.1%} [{c['low']:.1%}, {c['high']:.1%}] ({c['games']})"
                              for opponent, c in row.items())
            lines.append(f"* {model}: {cells}")
        return "\n".join(lines) + "\n"

    def save(self, out: str | os.PathLike) -> list[Path]:
        """Write ``leaderboard.md`` and ``leaderboard.json`` in ``out``."""
        folder = Path(out)
        paths = [folder / "leaderboard.md", folder / "leaderboard.json"]
        paths[0].write_text(self.markdown())
        paths[1].write_text(json.dumps(self.summary(), indent=1))
        return paths


def _load_rows(path: Path) -> list[dict]:
    """The games saved so far. A last line cut short by an interruption (no newline at its end) is
    dropped, blank lines are skipped; any other line that is not a game's row (a JSON object with
    an integer ``index``) is a ``ValueError`` naming the file and the line, before anything is
    played or rewritten: the games after it were paid for."""
    if not path.exists():
        return []
    *lines, last = path.read_text().split("\n")  # last: "" after the final newline, else a line cut short
    rows = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        row = _game_row(line)
        if row is None:
            raise ValueError(f"{path}: line {number} is not a game's row ({reprlib.repr(line)}); nothing was played "
                             "or changed: mend or remove that line, then run the arena again")
        rows.append(row)
    cut_short = _game_row(last) if last.strip() else None
    return rows + [cut_short] if cut_short is not None else rows


def _game_row(line: str) -> dict | None:
    """The row of ``games.jsonl``'s ``line``, None if it is not one."""
    try:
        row = json.loads(line)
    except (ValueError, RecursionError):
        return None
    index = row.get("index") if isinstance(row, dict) else None
    return row if isinstance(index, int) and not isinstance(index, bool) else None


def run_arena(game: str, models: Sequence[str] | Mapping[str, str], ladder: Sequence[str] | None = None,
              games: int = 10, num_players: int | None = None, edition: str = "1st", seed: int = 0,
              out: str | os.PathLike = "runs/arena", progress: bool = True,
              expansions: Sequence[str] | None = None, engine: str | None = None) -> Arena:
    """Play the arena's missing games (see the module docstring), save its leaderboard in
    ``out`` and return it. ``models``: agent specs (``llm:base_url=...,model=...``), as
    ``{label: spec}`` or ``LABEL=SPEC`` strings; ``ladder``: agent specs (default: those of
    :data:`LADDER` that play ``game``); ``games``: games per lineup; ``expansions`` and ``engine``:
    the table's expansions and the env's engine (as :func:`.tournament.run_tournament`'s)."""
    game = resolve_game(game)
    expansions = game_entry(game).check_expansions(expansions)
    table = table_env_options(expansions, engine)
    players = default_players(game) if num_players is None else num_players
    specs = model_labels(models)
    if not specs:
        raise ValueError("the arena needs at least one model (an llm agent spec)")
    ladder = default_ladder(game) if ladder is None else list(ladder)
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    openskill_model()  # the leaderboard needs it: a missing package fails here, before any paid model call
    labels = {**{label: label for label in ladder}, **specs}
    env = wonders_env.make(game, players, edition, raw=True, **table)  # bad settings fail here, before any game
    for label, spec in labels.items():
        agent = build_agent(spec, game, 0, env)  # and unknown agents, bad options, unreachable servers
        if label in specs and not hasattr(agent, "games"):  # the leaderboard reads a model's answers
            raise ValueError(f"the model {label!r} is not a language model (an llm agent spec, "
                             f"llm:base_url=...,model=...): the arena ranks models; put bots in the ladder")
    lineups = arena_lineups(list(specs), ladder, players)
    scheduled = schedule(game, lineups, games * len(lineups), players, edition, seed, expansions, engine)
    settings = {"game": game, "num_players": players, "edition": edition, "seed": seed, "models": specs,
                "ladder": ladder, "games_per_lineup": games, "lineups": [list(lineup) for lineup in lineups],
                "games_scheduled": len(scheduled), **{k: list(v) if k == "expansions" else v for k, v in table.items()}}
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    settings_path, games_path = folder / "arena.json", folder / "games.jsonl"
    if settings_path.exists():
        saved = json.loads(settings_path.read_text())
        if {**saved, "models": list(saved["models"])} != {**settings, "models": list(specs)}:
            raise ValueError(f"{folder} holds an arena with other settings ({saved}); give another --out folder")
    rows = _load_rows(games_path)
    settings_path.write_text(json.dumps(settings, indent=1))
    games_path.write_text("".join(json.dumps(row) + "\n" for row in rows))  # without a cut-short line
    done = {row["index"] for row in rows}
    lineup_of = {spec.index: lineups[spec.index // (len(scheduled) // len(lineups))] for spec in scheduled}
    missing = [spec for spec in scheduled if spec.index not in done]
    bar = tqdm(total=len(scheduled), initial=len(done), desc=f"{game} arena", unit="game", disable=not progress)
    with open(games_path, "a") as handle:
        for spec in missing:
            row = _play(spec, labels, env)
            row["lineup"] = list(lineup_of[spec.index])
            rows.append(row)
            handle.write(json.dumps(row) + "\n")
            handle.flush()
            os.fsync(handle.fileno())
            bar.update()
    bar.close()
    arena = Arena(settings, rows)
    arena.save(folder)
    return arena


def _play(spec: GameSpec, labels: Mapping[str, str], env: Any) -> dict:
    """Play one game; its row, with each model seat's statistics under ``llm``."""
    agents = [build_agent(labels[label], spec.game, seed) for label, seed in zip(spec.seats, spec.agent_seeds)]
    row = game_row(spec, play_game(env, agents, spec.seed))
    row["llm"] = {str(seat): agent.games[-1].as_dict() for seat, agent in enumerate(agents) if hasattr(agent, "games")}
    return row
