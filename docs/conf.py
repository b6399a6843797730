"""Sphinx configuration of the documentation site (``make docs``: HTML in ``docs/_build/html``).

The pages are Markdown (MyST); the environments' pages, and the sections of the other pages that
say ``{module-docstring}``, are the modules' docstrings (``_ext/module_docstring.py``). Every
warning is an error (``-W``) and every reference is resolved (``nitpicky``): a link to a page or a
heading that does not exist fails the build; ``tests/test_docs_site.py`` also checks every
internal link of the built pages.
"""

import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS / "_ext"))

project = "wonders_env"
author = "the wonders_env authors"
copyright = "2026, the wonders_env authors"

extensions = ["myst_parser", "module_docstring"]
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build", "_ext"]
# Links to headings of other pages ([text](page.md#a-heading)) are resolved, and checked.
myst_heading_anchors = 3
nitpicky = True

html_theme = "furo"
html_title = "wonders_env"
