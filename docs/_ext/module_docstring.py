"""The ``{module-docstring}`` block of the site's Markdown pages: a module's docstring, in place.

A page says

    ```{module-docstring} wonders_env.seven_wonders_duel_v0
    ```

and the block is replaced by the docstring of that module, read from its source file without
importing it (``wonders_training.train_rllib`` needs Ray to import). The docstrings are Markdown with
a few reStructuredText habits, which become Markdown: roles (``:mod:`x` `` -> `` `x` ``), a
paragraph's closing ``::`` and simple tables (``=====  =====`` borders). The module's file becomes a
dependency of the page, so an edited docstring rebuilds it.
"""

from __future__ import annotations

import ast
import importlib.util
import re
from pathlib import Path

from sphinx.errors import ExtensionError

BLOCK = re.compile(r"^```\{module-docstring\}[ \t]+(\S+)[ \t]*\n```[ \t]*$", re.MULTILINE)
ROLE = re.compile(r":[a-z]+(?::[a-z]+)?:`~?([^`]+)`")
TABLE_BORDER = re.compile(r"^=+(?: +=+)+ *$")


def module_source(module: str) -> Path:
    """The source file of ``module`` (a dotted name)."""
    spec = importlib.util.find_spec(module)
    if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
        raise ExtensionError(f"module-docstring: no Python source for module {module!r}")
    return Path(spec.origin)


def module_docstring(module: str) -> str:
    """The docstring of ``module``, read from its source file."""
    docstring = ast.get_docstring(ast.parse(module_source(module).read_text(encoding="utf-8")))
    if not docstring:
        raise ExtensionError(f"module-docstring: module {module!r} has no docstring")
    return docstring


def column_spans(border: str) -> list[tuple[int, int]]:
    """The (start, end) of each column of a simple table's border line."""
    return [match.span() for match in re.finditer(r"=+", border)]


def cells(line: str, spans: list[tuple[int, int]]) -> list[str]:
    """The cells of a table row: the last column runs to the end of the line."""
    starts = [start for start, _ in spans] + [None]
    return [line[starts[i]:starts[i + 1]].strip() for i in range(len(spans))]


def simple_table_to_markdown(lines: list[str]) -> list[str]:
    """A reStructuredText simple table (border, header, border, rows, border) as a Markdown table; a
    row whose first cell is empty continues the row above."""
    spans = column_spans(lines[0])
    header = cells(lines[1], spans)
    rows: list[list[str]] = []
    for line in lines[3:-1]:
        if not line.strip():
            continue
        row = cells(line, spans)
        if rows and not row[0]:
            rows[-1] = [f"{old} {new}".strip() for old, new in zip(rows[-1], row)]
        else:
            rows.append(row)
    return ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)] + [
        "| " + " | ".join(row) + " |" for row in rows]


def to_markdown(docstring: str) -> str:
    """The docstring with its reStructuredText habits written in Markdown."""
    lines = ROLE.sub(r"`\1`", docstring).splitlines()
    out: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        if TABLE_BORDER.match(line) and index + 2 < len(lines) and TABLE_BORDER.match(lines[index + 2]):
            end = next(i for i in range(index + 3, len(lines)) if TABLE_BORDER.match(lines[i]))
            out += simple_table_to_markdown(lines[index:end + 1])
            index = end + 1
            continue
        out.append(line[:-1] if line.endswith("::") and not line.lstrip().startswith(":") else line)
        index += 1
    return "\n".join(out) + "\n"


def include_docstrings(app, docname: str, source: list[str]) -> None:
    """Replace every ``{module-docstring}`` block of the page by the module's docstring."""

    def replace(match: re.Match) -> str:
        module = match.group(1)
        app.env.note_dependency(str(module_source(module)))
        return to_markdown(module_docstring(module))

    source[0] = BLOCK.sub(replace, source[0])


def setup(app):
    app.connect("source-read", include_docstrings)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
