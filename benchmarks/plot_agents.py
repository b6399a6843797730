"""The ladder as a picture: each matchup's win rate of ``benchmarks/agents_results.md`` (the table
``bench_agents.py`` writes) with its 95% interval and its target, as ``benchmarks/agents_strength.png``.

    .venv/bin/python benchmarks/plot_agents.py          # after bench_agents.py rewrote the table

The figures are read from the table, so the picture and the table cannot disagree: run this
after every ``bench_agents.py`` run that changes a row.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
PERCENT = r"([\d.]+)%"
WIN_RATE = re.compile(rf"\*\*{PERCENT}\*\* \[{PERCENT}, {PERCENT}\]")


def read_rows(table: str) -> list[dict]:
    """The matchups of the Markdown table: name, games, win rate, interval and target (fractions)."""
    rows = []
    for line in table.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) < 4 or not (match := WIN_RATE.fullmatch(cells[2])):
            continue
        rate, low, high = (float(value) / 100 for value in match.groups())
        target = float(cells[3].rstrip("%")) / 100 if cells[3].endswith("%") else None
        rows.append({"matchup": cells[0], "games": int(cells[1]), "rate": rate, "low": low, "high": high,
                     "target": target})
    if not rows:
        raise ValueError("no matchup rows found: expected rows like '| name | 400 | **99.2%** [97.8%, 99.7%] | 90% |'")
    return rows


def plot(rows: list[dict], out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(9, 0.45 * len(rows) + 1.2))
    positions = range(len(rows))[::-1]
    for y, row in zip(positions, rows):
        below, above = (row["rate"] - row["low"]) * 100, (row["high"] - row["rate"]) * 100
        ax.errorbar(row["rate"] * 100, y, xerr=[[below], [above]], fmt="o", color="tab:blue", capsize=3)
        if row["target"] is not None:
            ax.plot(row["target"] * 100, y, "|", color="tab:red", markersize=14, markeredgewidth=2)
    ax.set_yticks(list(positions), [f"{row['matchup']} ({row['games']} games)" for row in rows], fontsize=8)
    ax.set_xlim(0, 100)
    ax.set_xlabel("win rate of the first agent, % (95% Wilson interval); red: the target")
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    plt.close(fig)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--table", default=str(HERE / "agents_results.md"), help="the table bench_agents.py wrote")
    parser.add_argument("--out", default=str(HERE / "agents_strength.png"), help="the picture to write")
    args = parser.parse_args(argv)
    plot(read_rows(Path(args.table).read_text(encoding="utf-8")), Path(args.out))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
