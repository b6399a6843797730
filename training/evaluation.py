"""Evaluation of a trained agent against the baselines: win rates with Wilson intervals, the
final table, and the learning-curve plot.

:func:`evaluate` plays ``games`` complete games of one agent against a baseline of
:func:`wonders_agents.make_agent` in every other seat; the agent's seat rotates (game ``g`` puts it in
seat ``g % num_players``) and game ``g`` uses env seed ``seed + g``, so two agents evaluated with the
same arguments meet the same deals. A game counts as a win when the agent's seat is among the
record's ``winners`` (a shared victory counts for every co-winner, as in the env's rewards).

The CSV written by the training scripts (``eval.csv``) has one row per (evaluation, opponent):
``update, global_step, opponent, games, wins, win_rate, ci_low, ci_high``.
:func:`plot_learning_curve` draws it (matplotlib, without pyplot: no display needed, and a
notebook's backend is left alone).
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import wonders_env
from wonders_agents import make_agent
from wonders_agents.match import Agent, play_game
from wonders_agents.policy import ActorCritic, PolicyAgent
from wonders_agents.tournament import wilson_interval
from wonders_training.game_options import GameArgs, env_options

#: the baselines a policy is evaluated against during and after a run
BASELINES = ("random", "heuristic")
EVAL_FIELDS = ("update", "global_step", "opponent", "games", "wins", "win_rate", "ci_low", "ci_high")


@dataclass(frozen=True)
class EvalResult:
    """Wins of the evaluated agent over ``games`` games against ``opponent``."""

    opponent: str
    games: int
    wins: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)


def evaluate(agent: Agent, game: str, num_players: int, opponent: str, games: int, seed: int,
             edition: str = "1st", opponent_options: dict[str, Any] | None = None, **env_options: Any) -> EvalResult:
    """Play ``agent`` against ``opponent`` (a :func:`wonders_agents.make_agent` name, made with
    ``opponent_options``) in every other seat; ``env_options`` go to the env (7 Wonders: ``payment``)."""
    env = wonders_env.make(game, num_players, edition, raw=True, **env_options)
    wins = 0
    for g in range(games):
        seat = g % num_players
        players: list[Agent] = [make_agent(opponent, game=game, seed=seed * 1000 + g * 10 + s,
                                           **(opponent_options or {}))
                                for s in range(num_players)]
        players[seat] = agent
        result = play_game(env, players, seed=seed + g)
        wins += seat in result.winners
    return EvalResult(opponent, games, wins)


class RunArgs(GameArgs, Protocol):
    """The arguments of a training run that its evaluations read: its game and its ``seed``."""

    seed: int


def evaluate_policy(model: ActorCritic, args: RunArgs, num_players: int, games: int) -> list[EvalResult]:
    """The greedy policy of ``model`` against each of :data:`BASELINES`, ``games`` games each, in the
    game of the run's arguments ``args`` (its edition and payment mode), with the deals of seed
    ``args.seed + 10_000`` (the same at every evaluation of a run)."""
    options = env_options(args)
    agent = PolicyAgent(model, deterministic=True, payment=options.get("payment"),
                        expansions=options.get("expansions", ()))
    return [evaluate(agent, args.game, num_players, name, games, seed=args.seed + 10_000, edition=args.edition,
                     **options) for name in BASELINES]


def format_table(results: list[EvalResult], title: str) -> str:
    """A Markdown table: opponent, games, wins, win rate, 95% Wilson interval."""
    lines = [title, "", "| opponent | games | wins | win rate | 95% CI |", "|---|---:|---:|---:|---|"]
    for r in results:
        low, high = r.interval
        lines.append(f"| {r.opponent} | {r.games} | {r.wins} | {r.win_rate:.1%} | [{low:.1%}, {high:.1%}] |")
    return "\n".join(lines)


def write_final_report(run_dir: Path, results: list[EvalResult], title: str, curve_title: str,
                       chance: float) -> None:
    """Print the final evaluation's table, save it to ``run_dir/final_eval.md`` and draw
    ``run_dir/learning_curve.png`` from ``run_dir/eval.csv``."""
    table = format_table(results, title)
    print(table)
    (run_dir / "final_eval.md").write_text(table + "\n")
    plot_learning_curve(run_dir / "eval.csv", run_dir / "learning_curve.png", curve_title, chance=chance)


def eval_row(update: int, global_step: int, result: EvalResult) -> dict[str, float | int | str]:
    low, high = result.interval
    return {"update": update, "global_step": global_step, "opponent": result.opponent,
            "games": result.games, "wins": result.wins, "win_rate": round(result.win_rate, 4),
            "ci_low": round(low, 4), "ci_high": round(high, 4)}


def plot_learning_curve(eval_csv: Path, png: Path, title: str, chance: float | None = None,
                        xlabel: str = "environment steps (learner decisions)") -> None:
    """Win rate (with its 95% band) against ``global_step`` (named ``xlabel``), one line per
    opponent; ``chance`` (a seat's win rate when all play alike, ``1 / num_players``) as a dashed line."""
    from matplotlib.figure import Figure

    series: dict[str, list[tuple[int, float, float, float]]] = {}
    with open(eval_csv, newline="") as handle:
        for row in csv.DictReader(handle):
            series.setdefault(row["opponent"], []).append(
                (int(row["global_step"]), float(row["win_rate"]), float(row["ci_low"]), float(row["ci_high"])))
    fig = Figure(figsize=(7, 4), dpi=100)
    ax = fig.subplots()
    for opponent, points in series.items():
        steps, rate, low, high = zip(*points)
        ax.plot(steps, rate, marker="o", label=f"vs {opponent}")
        ax.fill_between(steps, low, high, alpha=0.2)
    if chance is not None:
        ax.axhline(chance, color="black", lw=0.8, ls="--", label=f"chance ({chance:.0%})")
    ax.set_xlabel(xlabel)
    ax.set_ylabel("win rate")
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.legend()
    ax.set_title(title)
    fig.tight_layout()
    fig.savefig(png)
