"""Builds the compiled core (``wonders_env._core``) from the C++17 sources in ``core/``.

Everything else about the package is declared in ``pyproject.toml``; this file exists only because
a C++ extension needs a build step. ``pip install -e .`` (or ``make venv``) runs it. The hash of
the sources is compiled into the module, so that :mod:`wonders_env.core` can tell a stale build
from a fresh one.
"""

import importlib.util
import sys
from pathlib import Path

from pybind11.setup_helpers import ParallelCompile, Pybind11Extension, build_ext
from setuptools import setup

CORE = Path(__file__).resolve().parent / "core"


def core_files(suffix: str) -> list[str]:
    """The ``suffix`` files of the extension (``.cpp``: its sources; ``.hpp``: the headers a rebuild
    follows, so that ``build_ext --inplace`` does not skip a change made in a header only; the
    sanitizer test programs in core/tests excluded)."""
    return sorted(str(p.relative_to(CORE.parent)) for p in CORE.rglob(f"*{suffix}")
                  if "tests" not in p.relative_to(CORE).parts)


def source_hash() -> str:
    """The hash that wonders_env.core checks at import (its function, loaded by path: the package
    itself is not importable while it is being built)."""
    spec = importlib.util.spec_from_file_location("wonders_core_loader", CORE.parent / "wonders_env" / "core.py")
    loader = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loader)
    return loader.source_hash(CORE)


ParallelCompile("WONDERS_BUILD_JOBS", default=0).install()  # one compiler per core

setup(
    ext_modules=[Pybind11Extension(
        "wonders_env._core",
        core_files(".cpp"),
        depends=core_files(".hpp"),
        include_dirs=["core"],
        cxx_std=17,
        define_macros=[("WONDERS_CORE_SOURCE_HASH", f'"{source_hash()}"')],
        extra_compile_args=[] if sys.platform == "win32" else ["-O3"],  # MSVC: its release /Ox, no -O3
    )],
    cmdclass={"build_ext": build_ext},
)
