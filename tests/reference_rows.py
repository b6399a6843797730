"""Reading the project's reference tables (CSV files) in the data tests."""

import csv
from pathlib import Path


def reference_rows(path: Path) -> list[dict[str, str]]:
    """The rows of a reference CSV file, as dicts by column."""
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))
