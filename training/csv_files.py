"""The training scripts' CSV logs (``progress.csv``, ``eval.csv``, ``gate.csv``, ...): appended row
by row, rewritten only atomically (:func:`wonders_agents.policy.atomic_write`: an interruption leaves the
old file or the new one, never half of one), and read back on ``--resume`` without trusting them:
a damaged row (cut short by a crash, edited by hand) is dropped with a warning on stderr, never a
traceback. A log is never lost whole: a UTF-8 byte-order mark (as a spreadsheet writes one) is
read, an empty file is a log without rows, and any other header than the script's stops the
resume with :class:`CsvHeaderError` before any file is changed."""

from __future__ import annotations

import csv
import io
import sys
from pathlib import Path
from typing import Any

from wonders_agents.policy import CheckpointError, atomic_write


class CsvHeaderError(CheckpointError):
    """A run's CSV log whose header is not the one its script writes: resuming over it would drop
    all of its rows, so the run stops (reported in one line, as a checkpoint that does not fit)."""


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
    row is reported on stderr and left out. Raises :class:`CsvHeaderError` (naming the file, the
    header found and the one expected) when the header is not ``fields``; an empty file has no rows."""
    with open(path, newline="", encoding="utf-8-sig", errors="replace") as handle:
        reader = csv.reader(handle)
        header = next(reader, None)
        if header is None:
            return []
        if header != list(fields):
            found = ",".join(header)
            shown = found if len(found) <= 200 else found[:200] + "..."
            raise CsvHeaderError(
                f"{path}: its header is {shown!r}, this script writes {','.join(fields)!r}; nothing was changed: "
                f"fix the header, or move the file away to start a new log, then resume again")
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


def truncate_csvs(logs: dict[Path, tuple[str, ...]], last_update: int) -> None:
    """Keep in each log (its path -> its fields) the header and the sound rows of updates up to
    ``last_update`` (the ones a checkpoint covers); every log is read (and its header checked)
    before any is rewritten, each atomically."""
    kept = {path: [row for row in read_rows(path, fields) if int(row["update"]) <= last_update]
            for path, fields in logs.items() if path.exists()}
    for path, rows in kept.items():
        write_csv(path, logs[path], rows)


def warn(path: Path, message: str) -> None:
    print(f"warning: {path}: {message}", file=sys.stderr, flush=True)
