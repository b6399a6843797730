"""The training scripts' CSV logs (``progress.csv``, ``eval.csv``, ``gate.csv``, ...): appended row
by row, rewritten only atomically (:func:`wonders_agents.policy.atomic_write`: an interruption leaves the
old file or the new one, never half of one), and read back on ``--resume`` without trusting them:
a damaged row (cut short by a crash, edited by hand) is dropped with a warning on stderr, never a
traceback."""

from __future__ import annotations

import csv
import io
import sys
from pathlib import Path
from typing import Any

from wonders_agents.policy import atomic_write


def write_csv(path: Path, fields: tuple[str, ...], rows: list[dict[str, Any]]) -> None:
    """Replace ``path`` atomically by the header ``fields`` and ``rows``."""
    text = io.StringIO()
    writer = csv.DictWriter(text, fields)
    writer.writeheader()
    writer.writerows(rows)
    atomic_write(path, lambda handle: handle.write(text.getvalue().encode()))


def append_csv(path: Path, fields: tuple[str, ...], row: dict[str, Any]) -> None:
    """Add ``row`` at the end of ``path`` (with the header first when the file is new)."""
    new = not path.exists()
    with open(path, "a", newline="") as handle:
        writer = csv.DictWriter(handle, fields)
        if new:
            writer.writeheader()
        writer.writerow(row)


def read_rows(path: Path, fields: tuple[str, ...]) -> list[dict[str, str]]:
    """The rows of ``path`` that have every field of ``fields`` and an integer ``update``; each other
    row (and a header that is not ``fields``) is reported on stderr and left out."""
    with open(path, newline="", errors="replace") as handle:
        reader = csv.reader(handle)
        header = next(reader, None)
        if header != list(fields):
            warn(path, f"its header is not {','.join(fields)}: its {sum(1 for _ in reader)} rows are dropped")
            return []
        rows = []
        for line, values in enumerate(reader, start=2):
            problem = row_problem(values, fields)
            if problem:
                warn(path, f"line {line} is damaged ({problem}): dropped")
            else:
                rows.append(dict(zip(fields, values)))
    return rows


def row_problem(values: list[str], fields: tuple[str, ...]) -> str | None:
    """What is wrong with a row of ``fields`` (None when nothing is)."""
    if len(values) != len(fields):
        return f"{len(values)} values for {len(fields)} columns"
    update = values[fields.index("update")]
    if not update.isdigit():
        return f"update {update!r} is not an integer"
    return None


def truncate_csv(path: Path, fields: tuple[str, ...], last_update: int) -> None:
    """Keep the header and the sound rows of updates up to ``last_update`` (the ones a checkpoint
    covers); rewritten atomically."""
    if path.exists():
        write_csv(path, fields, [row for row in read_rows(path, fields) if int(row["update"]) <= last_update])


def warn(path: Path, message: str) -> None:
    print(f"warning: {path}: {message}", file=sys.stderr, flush=True)
