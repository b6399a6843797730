"""The documentation site builds as ``make docs`` builds it (warnings are errors, every reference
resolved), and every internal link of the built pages, a heading's anchor included, reaches a file
and an element that exist. Skips, saying so, where the docs extra is not installed (CI installs it)."""

from __future__ import annotations

import html.parser
import importlib.util
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS_TOOLS = ("sphinx", "furo", "myst_parser")
MISSING_TOOLS = [name for name in DOCS_TOOLS if importlib.util.find_spec(name) is None]


class LinksAndIds(html.parser.HTMLParser):
    """The ``href``/``src`` targets and the element ids of one HTML page."""

    def __init__(self):
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if attributes.get("id"):
            self.ids.add(attributes["id"])
        for name in ("href", "src"):
            if attributes.get(name):
                self.links.append(attributes[name])


def read_page(path: Path) -> LinksAndIds:
    page = LinksAndIds()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def broken_internal_links(site: Path) -> list[str]:
    """Every internal link of the site's pages whose file or anchor does not exist, as 'page: link'."""
    pages: dict[Path, LinksAndIds] = {}

    def page_at(path: Path) -> LinksAndIds:
        if path not in pages:
            pages[path] = read_page(path)
        return pages[path]

    broken = []
    for path in sorted(site.rglob("*.html")):
        for link in page_at(path).links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith(("mailto:", "javascript:", "data:")):
                continue
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file():
                broken.append(f"{path.relative_to(site)}: {link} (no such file)")
            elif parts.fragment and target.suffix == ".html" and unquote(parts.fragment) not in page_at(target).ids:
                broken.append(f"{path.relative_to(site)}: {link} (no such anchor)")
    return broken


def test_the_link_checker_finds_a_missing_page_and_a_missing_anchor(tmp_path):
    (tmp_path / "index.html").write_text('<h1 id="top">x</h1><a href="#top">ok</a><a href="other.html#gone">a</a>'
                                         '<a href="missing.html">b</a><a href="https://example.org/x">c</a>')
    (tmp_path / "other.html").write_text('<p id="here">y</p><a href="index.html#top">ok</a>')
    assert broken_internal_links(tmp_path) == ["index.html: other.html#gone (no such anchor)",
                                               "index.html: missing.html (no such file)"]


NEEDS_DOCS_TOOLS = pytest.mark.skipif(bool(MISSING_TOOLS), reason=f"the docs extra is not installed (missing: "
                                                                f"{MISSING_TOOLS}); pip install -e '.[docs]' "
                                                                "(its pinned tools need Python 3.11+)")


@NEEDS_DOCS_TOOLS
def test_docstrings_become_markdown():
    sys.path.insert(0, str(ROOT / "docs" / "_ext"))
    try:
        import module_docstring
    finally:
        sys.path.remove(str(ROOT / "docs" / "_ext"))
    docstring = ("See :mod:`wonders_env.core` and :meth:`~a.B.c`; ``x``.\n\n"
                 "==========  =====\nname        what\n==========  =====\n``random``  uniform over\n"
                 "            the legal actions\n``mcts``    a search\n==========  =====\n\nA run::\n\n    code\n")
    assert module_docstring.to_markdown(docstring) == (
        "See `wonders_env.core` and `a.B.c`; ``x``.\n\n| name | what |\n|---|---|\n"
        "| ``random`` | uniform over the legal actions |\n| ``mcts`` | a search |\n\nA run:\n\n    code\n")
    assert module_docstring.module_docstring("wonders_env.core").startswith("The compiled core")
    with pytest.raises(Exception, match="no Python source for module 'wonders_env.nothing'"):
        module_docstring.module_source("wonders_env.nothing")


@NEEDS_DOCS_TOOLS
def test_the_site_builds_without_warnings_and_its_internal_links_resolve(tmp_path):
    site = tmp_path / "html"
    result = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-n", "-q", "-b", "html",
                             "-d", str(tmp_path / "doctrees"), str(ROOT / "docs"), str(site)],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    for page in ("environments/seven_wonders.html", "environments/seven_wonders_duel.html", "adding_a_power.html"):
        assert (site / page).is_file(), page
    assert broken_internal_links(site) == []
