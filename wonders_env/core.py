"""The compiled core: C++17 engines of both games behind ``wonders_env._core``.

The core is built by the package's own build (``pip install -e .``, which ``make venv`` runs) from
the sources in ``core/``; the Python engines (``wonders_env.duel``, ``wonders_env.seven_wonders``)
stay the readable reference, and a differential test holds the two together.

:func:`load` returns the module, or raises :class:`CoreBuildError` saying how to rebuild when the
extension is missing or was built from other sources than those in the checkout (an editable
install whose C++ changed since the last build; the sources are hashed once per process). An
installed package has no sources beside it, and is not checked: a folder ``core`` of another
distribution beside it in ``site-packages`` is not the core's sources (they hold ``module.cpp``).
"""

from __future__ import annotations

import hashlib
import importlib
from functools import lru_cache
from pathlib import Path
from types import ModuleType

SOURCES = Path(__file__).resolve().parent.parent / "core"
REBUILD = "rebuild it with `pip install -e .` in the repository (or `make venv`)"


class CoreBuildError(ImportError):
    """The compiled core is missing or stale."""


def source_hash(root: Path | None = None) -> str:
    """SHA-256 over the core's sources and headers, as ``setup.py`` computes it at build time."""
    root = SOURCES if root is None else root
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.suffix in (".cpp", ".hpp")
                       and "tests" not in p.relative_to(root).parts):
        digest.update(str(path.relative_to(root)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


@lru_cache(maxsize=4)
def _source_hash_once(root: Path) -> str:
    """:func:`source_hash` of ``root``, computed once per process (``load()`` runs for every batch
    made, and hashing the sources takes milliseconds)."""
    return source_hash(root)


def load() -> ModuleType:
    """The compiled core, checked against the sources when they are beside the package (a checkout)."""
    try:
        module = importlib.import_module("wonders_env._core")
    except ImportError as error:
        raise CoreBuildError(f"the compiled core wonders_env._core is not built ({error}); "
                             f"{REBUILD}") from error
    if (SOURCES / "module.cpp").is_file() and module.SOURCE_HASH != _source_hash_once(SOURCES):
        raise CoreBuildError("the compiled core wonders_env._core is stale: the C++ sources in "
                             f"{SOURCES} changed since it was built; {REBUILD}")
    return module
