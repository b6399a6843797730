"""The batched API's cost per decision by the number of games in a batch, as a curve: the table of
``benchmarks/README.md`` whose header starts with ``games in a batch`` (one row per game, CPU µs
per decision), drawn as ``benchmarks/batch_sizes.png``.

    .venv/bin/python benchmarks/plot_batch_sizes.py     # after a new measurement in the table

The figures are read from the README's table, so the picture and the table cannot disagree.
"""

from __future__ import annotations

import argparse
from pathlib import Path

HERE = Path(__file__).resolve().parent
HEADER = "games in a batch"


def read_table(markdown: str) -> tuple[list[int], dict[str, list[float | None]]]:
    """The batch sizes of the table headed ``games in a batch`` and each row's µs per decision
    (``None`` where a cell is empty)."""
    lines = [line.strip() for line in markdown.splitlines()]
    start = next((i for i, line in enumerate(lines) if line.startswith(f"| {HEADER} |")), None)
    if start is None:
        raise ValueError(f"no table whose header starts with '| {HEADER} |'")

    def cells(line: str) -> list[str]:
        return [cell.strip() for cell in line.strip("|").split("|")]

    sizes = [int(cell.replace(",", "")) for cell in cells(lines[start])[1:]]
    rows = {}
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        name, *values = cells(line)
        rows[name] = [float(value) if value else None for value in values]
    return sizes, rows


def plot(sizes: list[int], rows: dict[str, list[float | None]], out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    for name, values in rows.items():
        points = [(size, value) for size, value in zip(sizes, values) if value is not None]
        ax.plot(*zip(*points), marker="o", label=name)
    ax.set_xscale("log", base=2)
    ax.set_xticks(sizes, [f"{size:,}" for size in sizes])
    ax.set_ylim(bottom=0)
    ax.set_xlabel("games in a batch")
    ax.set_ylabel("µs of CPU per decision")
    ax.set_title("wonders_env.vector: cost per decision (one core)")
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    plt.close(fig)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--readme", default=str(HERE / "README.md"), help="the Markdown file holding the table")
    parser.add_argument("--out", default=str(HERE / "batch_sizes.png"), help="the picture to write")
    args = parser.parse_args(argv)
    plot(*read_table(Path(args.readme).read_text(encoding="utf-8")), Path(args.out))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
