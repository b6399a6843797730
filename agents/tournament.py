"""Tournaments between agents: many games in parallel, fair seating, statistics, ratings, replays.

```python
from wonders_agents.tournament import run_tournament
result = run_tournament("seven_wonders_duel", ["heuristic", "mcts", "random"], games=400)
print(result.report())
result.save("runs/duel")             # summary.json, games.csv, win_rates.csv, win_rates.png
```

**Agents** are given as specs, ``name`` or ``name:option=value,...`` (e.g.
``mcts:simulations=50``); the spec is the agent's label in the results.

**Lineups.** A lineup names the agent of every seat. By default (:func:`default_lineups`), with 2
players every pair of agents meets; with N >= 3 players every agent plays one seat against a
field of N-1 copies of every other agent (``heuristic`` + 3 ``random``, ...). Seats rotate:
game ``k`` of a lineup shifts it by ``k`` seats, and every lineup plays a multiple of N games, so
each agent sits in each seat equally often.

**Records.** With ``save_records`` (``wonders tournament --save-records DIR``) every game's
``game_record()`` is saved as ``DIR/<index>_<seat 0>-vs-<seat 1>..._seed<env seed>.json``; the
web app (``wonders serve``, Replay) steps through any of them.

**Seeds.** Game ``i`` of a tournament with seed ``s`` draws its env seed and one seed per seat
from ``numpy.random.SeedSequence([s, i])``; all are saved with the game, and :func:`replay`
plays it again (move for move, unless an agent has a ``time_limit``).

**Statistics.** A game gives each winner ``1 / number of winners`` (a shared victory is split)
and the others 0. ``win_rate[a][b]`` is the mean credit of agent ``a`` in the games where it
has one seat and ``b`` all the others (head to head with 2 players; chance is ``1 / N``), with a
95% Wilson interval. Per lineup: each agent's win rate per seat and mean score, with the same
interval over its seats (seats of one game are not independent, but they cannot all win, so the
binomial interval is conservative). Per agent: win rate, mean score, victory types
(Duel: civilian / military / science), mean seconds per move. Ratings: OpenSkill's
Plackett-Luce model over all games in order, players ranked by score then coins (Duel: winner
first); an agent with several seats in a game is rated as that many players and then given the
mean of their updates.

Plots need matplotlib, ratings need openskill (the optional ``tournament`` extra); both are
imported only when asked for, and a missing one is reported before any game is played.
"""

from __future__ import annotations

import csv
import functools
import json
import math
import multiprocessing
import os
import re
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from tqdm import tqdm

import wonders_env
from wonders_env.registry import default_players, entry as game_entry, resolve_game

from . import AGENT_NAMES, make_agent
from .match import GameResult, check_agent, play_game

Z_95 = 1.959963984540054


# ---------------------------------------------------------------- agent specs
def parse_agent_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"mcts:simulations=50,time_limit=0.5"`` -> ``("mcts", {"simulations": 50, "time_limit": 0.5})``;
    ``"ppo:path=runs/x/policy.pt,deterministic=false"`` -> ``("ppo", {"path": ..., "deterministic": False})``."""
    name, _, options_text = spec.partition(":")
    if name not in AGENT_NAMES:
        raise ValueError(f"unknown agent {name!r} in {spec!r}; agents are: {', '.join(AGENT_NAMES)}")
    options: dict[str, Any] = {}
    for item in filter(None, options_text.split(",")):
        key, equals, text = item.partition("=")
        if not equals or not key:
            raise ValueError(f"agent option {item!r} in {spec!r} must be key=value")
        options[key] = _parse_value(text)
    return name, options


def _parse_value(text: str) -> Any:
    if text in ("None", "none"):
        return None
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def build_agent(spec: str, game: str, seed: int, env: Any = None):
    """The agent of a spec (see :func:`parse_agent_spec`); with ``env``, one that cannot play
    that table (a ``ppo`` policy of another edition) raises ``ValueError`` saying why."""
    name, options = parse_agent_spec(spec)
    agent = make_agent(name, game=game, seed=seed, **options)
    if env is not None:
        try:
            check_agent(agent, env)
        except ValueError as error:
            raise ValueError(f"{spec} cannot play this game: {error}") from None
    return agent


# ---------------------------------------------------------------- the schedule
@dataclass(frozen=True)
class GameSpec:
    """Everything needed to play (and replay) one game of a tournament."""

    index: int
    game: str
    num_players: int
    edition: str
    seed: int
    seats: tuple[str, ...]  # agent spec of each seat
    agent_seeds: tuple[int, ...]
    expansions: tuple[str, ...] = ()  # the table's expansions (the registry's canonical tuple)
    engine: str | None = None  # the env's engine (None: its default, the core)

    def env_options(self) -> dict[str, Any]:
        """The env options of the game's table beyond players and edition (none for the base table)."""
        return table_env_options(self.expansions, self.engine)


def table_env_options(expansions: tuple[str, ...], engine: str | None) -> dict[str, Any]:
    """The env options that choose an expansion table and an engine, only those given (a base
    table's env gets none, so that a game without expansions needs no such option)."""
    return {**({"expansions": expansions} if expansions else {}), **({"engine": engine} if engine else {})}


def default_lineups(agents: Sequence[str], num_players: int) -> list[tuple[str, ...]]:
    """Pairs with 2 players; with more, each agent in one seat against a field of each other."""
    distinct = list(dict.fromkeys(agents))
    if len(distinct) < 2:
        raise ValueError(f"a tournament needs at least two different agents, got {list(agents)}")
    if num_players == 2:
        return [(a, b) for i, a in enumerate(distinct) for b in distinct[i + 1:]]
    return [(a,) + (b,) * (num_players - 1) for a in distinct for b in distinct if a != b]


def schedule(game: str, lineups: Sequence[Sequence[str]], games: int, num_players: int,
             edition: str = "1st", seed: int = 0, expansions: tuple[str, ...] = (),
             engine: str | None = None) -> list[GameSpec]:
    """``games`` games shared evenly by the lineups (each rounded up to a multiple of the number
    of players, so that seats rotate fully), with their seeds."""
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    for lineup in lineups:
        if len(lineup) != num_players:
            raise ValueError(f"lineup {list(lineup)} has {len(lineup)} seats; the game has {num_players}")
    per_lineup = math.ceil(games / len(lineups) / num_players) * num_players
    specs = []
    for lineup in lineups:
        for k in range(per_lineup):
            index = len(specs)
            seeds = np.random.SeedSequence([seed, index]).generate_state(1 + num_players)
            shift = k % num_players
            seats = tuple(lineup[shift:]) + tuple(lineup[:shift])
            specs.append(GameSpec(index, game, num_players, edition, int(seeds[0]), seats,
                                  tuple(int(s) for s in seeds[1:]), tuple(expansions), engine))
    return specs


# ---------------------------------------------------------------- playing
_ENVS: dict[tuple[Any, ...], Any] = {}


def play_spec(spec: GameSpec) -> GameResult:
    """Play one scheduled game (an env per game type is kept per process)."""
    key = (spec.game, spec.num_players, spec.edition, spec.expansions, spec.engine)
    if key not in _ENVS:
        _ENVS[key] = wonders_env.make(spec.game, spec.num_players, spec.edition, raw=True, **spec.env_options())
    agents = [build_agent(label, spec.game, seed) for label, seed in zip(spec.seats, spec.agent_seeds)]
    return play_game(_ENVS[key], agents, spec.seed)


def replay(row: dict) -> GameResult:
    """Play again a game saved in a tournament's ``games`` (a row of :attr:`TournamentResult.games`)."""
    return play_spec(spec_of(row))


def spec_of(row: dict) -> GameSpec:
    return GameSpec(row["index"], row["game"], row["num_players"], row["edition"], row["seed"],
                    tuple(row["seats"]), tuple(row["agent_seeds"]), tuple(row.get("expansions", ())), row.get("engine"))


def record_name(spec: GameSpec) -> str:
    """The file name of a game's record: its index, the agents in seat order and the env seed,
    e.g. ``0003_random-vs-mcts_simulations=50_seed1234.json`` (characters other than letters,
    digits and ``.=-`` become ``_``)."""
    seats = "-vs-".join(re.sub(r"[^A-Za-z0-9.=-]", "_", label) for label in spec.seats)
    return f"{spec.index:05d}_{seats}_seed{spec.seed}.json"


def _game_row(spec: GameSpec, records_dir: Path | None = None) -> dict:
    result = play_spec(spec)
    if records_dir is not None:
        write_record(records_dir / record_name(spec), result.record)
    return game_row(spec, result)


def game_row(spec: GameSpec, result: GameResult) -> dict:
    """The row of :attr:`TournamentResult.games` of a game played: its spec and its outcome."""
    players = result.record["players"][:spec.num_players]
    return {**asdict(spec), "seats": list(spec.seats), "agent_seeds": list(spec.agent_seeds),
            "expansions": list(spec.expansions),
            "winners": result.winners, "scores": result.scores,
            "coins": [player["coins"] for player in players], "victory": result.victory,
            "think_seconds": [round(t, 6) for t in result.think_seconds], "decisions": result.decisions}


@dataclass
class TournamentResult:
    """The games of a tournament and the statistics computed from them."""

    game: str
    num_players: int
    edition: str
    seed: int
    agents: list[str]
    lineups: list[list[str]]
    games: list[dict] = field(default_factory=list)
    ratings: dict[str, dict[str, float]] | None = None
    expansions: tuple[str, ...] = ()  # the table's expansions
    engine: str | None = None  # the env's engine (None: its default, the core)

    # -- statistics
    def win_rates(self) -> dict[str, dict[str, dict[str, float]]]:
        """``[a][b]``: ``rate``, ``low``, ``high`` (95% Wilson), ``seats``: the win rate of ``a`` in
        the games where it has one seat and ``b`` all the others (see the module docstring)."""
        credit: dict[tuple[str, str], float] = defaultdict(float)
        seats: dict[tuple[str, str], int] = defaultdict(int)
        for row in self.games:
            present = set(row["seats"])
            if len(present) != 2:
                continue
            for seat, a in enumerate(row["seats"]):
                if row["seats"].count(a) == 1:
                    (b,) = present - {a}
                    credit[a, b] += 1 / len(row["winners"]) if seat in row["winners"] else 0.0
                    seats[a, b] += 1
        table: dict[str, dict[str, dict[str, float]]] = {}
        for (a, b), n in seats.items():
            low, high = wilson_interval(credit[a, b], n)
            table.setdefault(a, {})[b] = {"rate": credit[a, b] / n, "low": low, "high": high, "seats": n}
        return table

    def agent_stats(self) -> dict[str, dict[str, Any]]:
        """Per agent: seats, win rate (95% Wilson), mean score, victory types, seconds per move."""
        stats: dict[str, dict[str, Any]] = {}
        for agent in self.agents:
            credit, n, scores, think, moves = 0.0, 0, [], 0.0, 0
            victories: Counter = Counter()
            for row in self.games:
                for seat, a in enumerate(row["seats"]):
                    if a != agent:
                        continue
                    n += 1
                    scores.append(row["scores"][seat])
                    think += row["think_seconds"][seat]
                    moves += row["decisions"][seat]
                    if seat in row["winners"]:
                        credit += 1 / len(row["winners"])
                        victories[row["victory"]] += 1
            if not n:
                continue
            low, high = wilson_interval(credit, n)
            stats[agent] = {"seats": n, "win_rate": credit / n, "low": low, "high": high,
                            "mean_score": float(np.mean(scores)), "victories": dict(victories),
                            "seconds_per_move": think / moves if moves else 0.0}
        return stats

    def lineup_stats(self) -> list[dict[str, Any]]:
        """Per lineup (seats before rotation): games, and per agent its per-seat win rate (95%
        Wilson) and mean score: e.g. how often the single ``heuristic`` beat three ``random``."""
        found = []
        for lineup in self.lineups:
            rows = [r for r in self.games if sorted(r["seats"]) == sorted(lineup)]
            agents = {}
            for agent in dict.fromkeys(lineup):
                shares = [1 / len(r["winners"]) if s in r["winners"] else 0.0
                          for r in rows for s, a in enumerate(r["seats"]) if a == agent]
                scores = [r["scores"][s] for r in rows for s, a in enumerate(r["seats"]) if a == agent]
                low, high = wilson_interval(sum(shares), len(shares))
                agents[agent] = {"seats": len(shares), "win_rate": sum(shares) / max(len(shares), 1),
                                 "low": low, "high": high, "mean_score": float(np.mean(scores)) if scores else 0.0}
            found.append({"lineup": list(lineup), "label": lineup_label(lineup), "games": len(rows),
                          "agents": agents})
        return found

    def seat_stats(self) -> list[dict[str, float]]:
        """Per seat (``player_0`` first), whoever sat there: games, win rate (95% Wilson; a shared
        win counts 1 / the number of winners) and mean score. In self-play (a lineup of one agent)
        this is the advantage of moving first: Duel's ``player_0`` starts the game."""
        found = []
        for seat in range(self.num_players):
            shares = [1 / len(r["winners"]) if seat in r["winners"] else 0.0 for r in self.games]
            low, high = wilson_interval(sum(shares), len(shares))
            found.append({"seat": seat, "games": len(shares), "win_rate": sum(shares) / max(len(shares), 1),
                          "low": low, "high": high,
                          "mean_score": float(np.mean([r["scores"][seat] for r in self.games])) if shares else 0.0})
        return found

    def summary(self) -> dict[str, Any]:
        return {"game": self.game, "num_players": self.num_players, "edition": self.edition,
                "expansions": list(self.expansions), "engine": self.engine, "seed": self.seed,
                "agents": self.agents, "lineups": self.lineups,
                "num_games": len(self.games), "replayable": self.replayable,
                "win_rates": self.win_rates(), "agent_stats": self.agent_stats(),
                "lineup_stats": self.lineup_stats(), "seat_stats": self.seat_stats(),
                "ratings": self.ratings, "games": self.games}

    @property
    def replayable(self) -> bool:
        """False when an agent stops on a clock (its moves depend on the machine's speed)."""
        return not any(parse_agent_spec(a)[1].get("time_limit") for a in self.agents)

    def report(self) -> str:
        """The results as text: per-agent statistics, the win-rate matrix, the ratings."""
        table = "".join(f", with {name}" for name in self.expansions)
        table += f", {self.engine} engine" if self.engine else ""
        lines = [f"{self.game}, {self.num_players} players{table}, {len(self.games)} games (seed {self.seed})", ""]
        width = max(len(a) for a in self.agents) + 2
        lines.append(f"{'agent':<{width}} {'seats':>6}  {'win rate [95% CI]':<22} {'score':>6}  "
                     f"{'s/move':>7}  victories")
        for agent, s in self.agent_stats().items():
            kinds = ", ".join(f"{k} {v}" for k, v in sorted(s["victories"].items()))
            lines.append(f"{agent:<{width}} {s['seats']:>6}  {_rate(s['win_rate'], s['low'], s['high']):<22} "
                         f"{s['mean_score']:>6.1f}  {s['seconds_per_move']:>7.4f}  {kinds}")
        lines += ["", "by lineup (win rate per seat, mean score):"]
        for entry in self.lineup_stats():
            cells = "; ".join(f"{a} {_rate(c['win_rate'], c['low'], c['high'])} score {c['mean_score']:.1f}"
                              for a, c in entry["agents"].items())
            lines.append(f"  {entry['label']} ({entry['games']} games): {cells}")
        lines += ["", f"by seat, whoever sat there (chance {1 / self.num_players:.0%}):"]
        lines.append("  " + "; ".join(f"player_{s['seat']} {_rate(s['win_rate'], s['low'], s['high'])} "
                                      f"score {s['mean_score']:.1f}" for s in self.seat_stats()))
        lines += ["", f"win rate of the row agent alone against the column agent "
                      f"(chance {1 / self.num_players:.0%}):"]
        table = self.win_rates()
        cells = {(a, b): (_rate(table[a][b]["rate"], table[a][b]["low"], table[a][b]["high"])
                          + f" n={table[a][b]['seats']}") if b in table.get(a, {}) else "-"
                 for a in self.agents for b in self.agents}
        column = max(max(len(c) for c in cells.values()), *(len(a) for a in self.agents)) + 2
        lines.append(" " * width + "".join(f"{b:>{column}}" for b in self.agents))
        for a in self.agents:
            lines.append(f"{a:<{width}}" + "".join(f"{cells[a, b]:>{column}}" for b in self.agents))
        if self.ratings:
            lines += ["", "OpenSkill (Plackett-Luce) ratings: mu, sigma, ordinal mu - 3 sigma"]
            for agent, r in sorted(self.ratings.items(), key=lambda item: -item[1]["ordinal"]):
                lines.append(f"  {agent:<{width}} {r['mu']:6.2f} {r['sigma']:6.2f} {r['ordinal']:7.2f}")
        return "\n".join(lines)

    # -- files
    def save(self, directory: str | os.PathLike, plot: bool = True) -> list[Path]:
        """Write ``summary.json``, ``games.csv``, ``win_rates.csv`` and (``plot``) ``win_rates.png``."""
        out = Path(directory)
        out.mkdir(parents=True, exist_ok=True)
        paths = [out / "summary.json", out / "games.csv", out / "win_rates.csv"]
        paths[0].write_text(json.dumps(self.summary(), indent=1))
        with open(paths[1], "w", newline="") as handle:
            writer = csv.writer(handle)
            seats = range(self.num_players)
            writer.writerow(["index", "game", "num_players", "edition", "seed", "victory", "winners"]
                            + [f"{c}_{s}" for c in ("agent", "agent_seed", "score", "coins", "seconds", "moves")
                               for s in seats])
            for row in self.games:
                writer.writerow([row["index"], row["game"], row["num_players"], row["edition"], row["seed"],
                                 row["victory"], " ".join(map(str, row["winners"]))]
                                + row["seats"] + row["agent_seeds"] + row["scores"] + row["coins"]
                                + row["think_seconds"] + row["decisions"])
        with open(paths[2], "w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(["agent", "opponent", "win_rate", "low_95", "high_95", "seats"])
            for a, row in self.win_rates().items():
                for b, cell in row.items():
                    writer.writerow([a, b, cell["rate"], cell["low"], cell["high"], cell["seats"]])
        if plot:
            paths.append(out / "win_rates.png")
            self.plot(paths[-1])
        return paths

    def plot(self, path: str | os.PathLike) -> None:
        """A heat map of the win-rate matrix (and the ratings, if computed) as a PNG."""
        Figure, colors = load_matplotlib()
        table = self.win_rates()
        n = len(self.agents)
        matrix = np.full((n, n), np.nan)
        for i, a in enumerate(self.agents):
            for j, b in enumerate(self.agents):
                if b in table.get(a, {}):
                    matrix[i, j] = table[a][b]["rate"]
        panels = 2 if self.ratings else 1
        figure = Figure(figsize=(5 + 1.2 * n + 4 * (panels - 1), 1.5 + 1.0 * n))
        axes = figure.subplots(1, panels, squeeze=False)
        ax = axes[0][0]
        norm = colors.TwoSlopeNorm(vmin=0.0, vcenter=1 / self.num_players, vmax=1.0)
        image = ax.imshow(matrix, norm=norm, cmap="RdYlGn")
        ax.set_xticks(range(n), self.agents, rotation=30, ha="right")
        ax.set_yticks(range(n), self.agents)
        for i in range(n):
            for j in range(n):
                if not np.isnan(matrix[i, j]):
                    cell = table[self.agents[i]][self.agents[j]]
                    ax.text(j, i, f"{cell['rate']:.0%}\n[{cell['low']:.0%}, {cell['high']:.0%}]",
                            ha="center", va="center", fontsize=8)
        ax.set_title(f"win rate, row alone against column\n{self.game}, {self.num_players} players, "
                     f"{len(self.games)} games")
        figure.colorbar(image, ax=ax, fraction=0.046)
        if self.ratings:
            ax = axes[0][1]
            order = sorted(self.ratings, key=lambda a: self.ratings[a]["mu"])
            ax.barh(order, [self.ratings[a]["mu"] for a in order],
                    xerr=[3 * self.ratings[a]["sigma"] for a in order])
            ax.set_title("OpenSkill mu (bars: 3 sigma)")
        figure.tight_layout()
        figure.savefig(path, dpi=100)


def lineup_label(lineup: Sequence[str]) -> str:
    """``("heuristic", "random", "random", "random")`` -> ``"heuristic + 3 random"``."""
    counts = Counter(lineup)
    return " + ".join(a if counts[a] == 1 else f"{counts[a]} {a}" for a in dict.fromkeys(lineup))


def _rate(rate: float, low: float, high: float) -> str:
    return f"{rate:6.1%} [{low:.1%}, {high:.1%}]"


def wilson_interval(successes: float, n: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); ``(0, 1)`` when ``n`` is 0."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))  # p inside despite rounding


# ---------------------------------------------------------------- ratings
def openskill_ratings(games: Sequence[dict]) -> dict[str, dict[str, float]]:
    """Plackett-Luce ratings from the games in order (see the module docstring)."""
    model = openskill_model()
    ratings: dict[str, Any] = {}
    for row in sorted(games, key=lambda r: r["index"]):
        seats = row["seats"]
        for agent in seats:
            if agent not in ratings:
                ratings[agent] = model.rating(name=agent)
        keys = [(seat in row["winners"], row["scores"][seat], row["coins"][seat]) for seat in range(len(seats))]
        ordered = sorted(set(keys), reverse=True)
        ranks = [ordered.index(key) + 1 for key in keys]
        teams = [[model.rating(mu=ratings[a].mu, sigma=ratings[a].sigma)] for a in seats]
        updated = model.rate(teams, ranks=ranks)
        for agent in set(seats):
            mine = [updated[s][0] for s, a in enumerate(seats) if a == agent]
            ratings[agent] = model.rating(mu=float(np.mean([r.mu for r in mine])),
                                          sigma=float(np.mean([r.sigma for r in mine])), name=agent)
    return {agent: {"mu": r.mu, "sigma": r.sigma, "ordinal": r.mu - 3 * r.sigma} for agent, r in ratings.items()}


def openskill_model(instead: str = "") -> Any:
    """OpenSkill's Plackett-Luce model; ``ImportError`` saying how to install openskill (and
    ``instead``, what a caller can do without it) when it is missing."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise ImportError("ratings need the openskill package: pip install openskill"
                          + (f" (or {instead})" if instead else "")) from None
    return PlackettLuce()


def load_matplotlib():
    """matplotlib's ``Figure`` class and ``colors`` module; ImportError with a hint if missing.
    Figures are drawn without pyplot: no backend to choose, none changed (a notebook keeps its own)."""
    try:
        import matplotlib.colors as colors
        from matplotlib.figure import Figure
    except ImportError:
        raise ImportError("the plot needs matplotlib: pip install matplotlib "
                          "(or pass plot=False / --no-plot)") from None
    return Figure, colors


# ---------------------------------------------------------------- the tournament
def _one_thread_per_worker() -> None:
    """The workers are the parallelism: a thread pool in each (torch's, for ``ppo``) would make
    them fight for the cores (measured: 19 ms per ppo move instead of 0.3 ms). A forked worker
    of a process that has used torch must not touch the thread pool it inherited (it hangs)."""
    os.environ["OMP_NUM_THREADS"] = "1"
    torch = sys.modules.get("torch")
    if torch is not None:
        torch.set_num_threads(1)


def plan_text(num_games: int, num_lineups: int, asked: int, num_players: int, workers: int) -> str:
    """What a tournament will play, said before the first game."""
    text = (f"{num_games} games to play: {num_lineups} lineup{'s' if num_lineups > 1 else ''} x "
            f"{num_games // num_lineups} games, in {workers} process{'es' if workers > 1 else ''}")
    if num_games != asked:
        text += (f" ({asked} asked; each lineup plays a multiple of {num_players} games, so that every "
                 "agent sits in every seat equally often)")
    return text


def estimate_text(elapsed: float, done: int, total: int) -> str:
    """The time a tournament should take, estimated once its first games are done."""
    estimate = elapsed / done * total
    when = f"{estimate / 60:.0f} minutes" if estimate >= 90 else f"{estimate:.0f} seconds"
    return f"first {done} game{'s' if done > 1 else ''} in {elapsed:.0f} s: about {when} in all"


def write_record(path: Path, record: dict) -> None:
    """Write a game record whole or not at all (a temporary file, then a rename)."""
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(record))
    os.replace(temporary, path)


def run_tournament(game: str, agents: Sequence[str], games: int = 100, num_players: int | None = None,
                   lineups: Sequence[Sequence[str]] | None = None, edition: str = "1st", seed: int = 0,
                   workers: int | None = None, ratings: bool = True, progress: bool = True,
                   save_records: str | os.PathLike | None = None, expansions: Sequence[str] | None = None,
                   engine: str | None = None) -> TournamentResult:
    """Play a tournament (see the module docstring) and return its :class:`TournamentResult`.

    ``agents``: specs (``heuristic``, ``mcts:simulations=100`` ...); ``lineups``: explicit seat
    assignments instead of :func:`default_lineups`; ``workers``: processes (default: the CPU
    count; 1 plays in this process); ``ratings``: compute OpenSkill ratings; ``progress``: a
    progress bar, with the number of games said before the first and the time it should take
    estimated once each process has finished a game; ``save_records``: a folder where every
    game's ``game_record()`` is written as JSON as soon as it ends (named by :func:`record_name`;
    the web app's replay opens them); ``expansions`` and ``engine``: the table's expansions
    (checked by the registry) and the env's engine (default: the core).
    """
    game = resolve_game(game)
    expansions = game_entry(game).check_expansions(expansions)
    players = default_players(game) if num_players is None else num_players
    if lineups is None:
        lineups = default_lineups(agents, players)
    labels = list(dict.fromkeys([*agents, *(a for lineup in lineups for a in lineup)]))
    env = wonders_env.make(game, players, edition, raw=True,  # bad game settings fail before any game,
                           **table_env_options(expansions, engine))
    for label in labels:
        build_agent(label, game, 0, env)  # and so do unknown agents, bad options and a table an agent cannot play
    if ratings:
        openskill_model(instead="pass ratings=False / --no-ratings")
    specs = schedule(game, lineups, games, players, edition, seed, expansions, engine)
    if workers is None:
        workers = os.cpu_count() or 1
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    workers = min(workers, len(specs))
    records_dir = None if save_records is None else Path(save_records)
    if records_dir is not None:
        records_dir.mkdir(parents=True, exist_ok=True)
    play = functools.partial(_game_row, records_dir=records_dir)
    bar = tqdm(total=len(specs), desc=f"{game} tournament", unit="game", disable=not progress)
    if progress:
        bar.write(plan_text(len(specs), len(lineups), games, players, workers))
    rows = []
    start = time.perf_counter()

    def done(row: dict) -> None:
        rows.append(row)
        bar.update()
        if progress and len(rows) == workers and len(specs) > workers:
            bar.write(estimate_text(time.perf_counter() - start, len(rows), len(specs)))

    if workers == 1:
        for spec in specs:
            done(play(spec))
    else:
        with multiprocessing.Pool(workers, initializer=_one_thread_per_worker) as pool:
            for row in pool.imap_unordered(play, specs):
                done(row)
    bar.close()
    rows.sort(key=lambda r: r["index"])
    result = TournamentResult(game, players, edition, seed, labels, [list(lineup) for lineup in lineups], rows,
                              expansions=expansions, engine=engine)
    if ratings:
        result.ratings = openskill_ratings(rows)
    return result
