"""The contributors' page (``docs/adding_a_power.md``) names files to edit: every repository path it
gives in backticks exists, so a rename or a move that forgets the page fails here, and the README
links the page."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "adding_a_power.md"


def named_paths(text: str) -> list[str]:
    """The backticked spans that are repository paths: no blank, a slash (``tests/x.py::test`` is
    the file ``tests/x.py``)."""
    spans = re.findall(r"`([^`\s]+)`", text)
    return [span.split("::")[0] for span in spans if "/" in span]


def test_the_pages_path_rule_keeps_paths_and_skips_other_code():
    text = "edit `core/duel/rules.cpp`, run `tests/duel/x.py::test_a`, `make lint`, `W|C|S`, `discard-<id>`"
    assert named_paths(text) == ["core/duel/rules.cpp", "tests/duel/x.py"]


def test_every_path_the_page_names_exists():
    paths = named_paths(PAGE.read_text(encoding="utf-8"))
    assert len(set(paths)) > 80  # the page lists files: a broken rule must not make this vacuous
    missing = sorted({path for path in paths if not (ROOT / path).exists()})
    assert missing == [], f"docs/adding_a_power.md names paths that do not exist: {missing}"


def test_the_readme_links_the_page():
    assert "(docs/adding_a_power.md)" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readmes_python_snippets_run_in_order():
    """The README's snippets (the env loop, the batch, the text game, an agent) are one session."""
    snippets = re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S)
    assert len(snippets) >= 4
    namespace: dict = {}
    for snippet in snippets:
        exec(compile(snippet, "README.md", "exec"), namespace)
    assert namespace["record"]["finished"] and namespace["terminated"].shape == (1024,)
    assert callable(namespace["bot"].act)
