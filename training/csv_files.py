"""The training scripts' CSV logs (``progress.csv``, ``eval.csv``, ``gate.csv``, ...): appended row
by row, rewritten only atomically (:func:`wonders_agents.policy.atomic_write`: an interruption leaves the
old file or the new one, never half of one), and read back on ``--resume`` without trusting them:
a damaged row (cut short by a crash, edited by hand) is dropped with a warning on stderr, never a
traceback. Nothing of a log is lost: a UTF-8 byte-order mark (as a spreadsheet writes one) is
read, an empty file is a log without rows, any other header than the script's stops the resume
with :class:`CsvHeaderError` before any file is changed, and a log that loses a damaged row is
first copied whole beside itself (``progress.damaged.csv``, named in the warning); only a last
line cut short by a crash (no newline at its end) and blank lines go without a copy."""

from __future__ import annotations

import csv
import io
import shutil
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


def read_rows(path: Path, fields: tuple[str, ...]) -> tuple[list[dict[str, str]], bool]:
    """The rows of ``path`` that have every field of ``fields`` and an integer ``update``, and whether
    a row with something in it was left out (a last line cut short by a crash and blank lines do not
    count); each row left out is reported on stderr. Raises :class:`CsvHeaderError` (naming the
    file, the header found and the one expected) when the header is not ``fields``; an empty file
    has no rows."""
    text = path.read_text(encoding="utf-8-sig", errors="replace")
    reader = csv.reader(io.StringIO(text, newline=""))
    header = next(reader, None)
    if header is None:
        return [], False
    if header != list(fields):
        found = ",".join(header)
        shown = found if len(found) <= 200 else found[:200] + "..."
        raise CsvHeaderError(
            f"{path}: its header is {shown!r}, this script writes {','.join(fields)!r}; nothing was changed: "
            f"fix the header, or move the file away to start a new log, then resume again")
    rows, damaged = [], False
    records = list(reader)
    for line, values in enumerate(records, start=2):
        problem = row_problem(values, fields)
        if problem:
            warn(path, f"line {line} is damaged ({problem}): dropped")
            cut_short = line == len(records) + 1 and not text.endswith(("\n", "\r"))
            damaged = damaged or not (cut_short or all(not value.strip() for value in values))
        else:
            rows.append(dict(zip(fields, values)))
    return rows, damaged


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
    before any is rewritten, each atomically, a log that loses a damaged row copied first
    (:func:`keep_damaged`)."""
    read = {path: read_rows(path, fields) for path, fields in logs.items() if path.exists()}
    for path, (rows, damaged) in read.items():
        if damaged:
            keep_damaged(path)
        write_csv(path, logs[path], [row for row in rows if int(row["update"]) <= last_update])


def keep_damaged(path: Path) -> Path:
    """Copy ``path`` whole to the first free name of ``progress.damaged.csv``,
    ``progress.damaged-2.csv``, ... beside it (never over an earlier copy); says so on stderr."""
    copy, number = path.with_name(f"{path.stem}.damaged{path.suffix}"), 1
    while copy.exists():
        number += 1
        copy = path.with_name(f"{path.stem}.damaged-{number}{path.suffix}")
    shutil.copyfile(path, copy)
    warn(path, f"its damaged rows are kept with the rest of the log as it was in {copy}")
    return copy


def warn(path: Path, message: str) -> None:
    print(f"warning: {path}: {message}", file=sys.stderr, flush=True)
