"""Builds the compiled core (``wonders_env._core``) from the C++17 sources in ``core/``.

Everything else about the package is declared in ``pyproject.toml``; this file exists only because
a C++ extension needs a build step. ``pip install -e .`` (or ``make venv``) runs it. The hash of
the sources is compiled into the module, so that :mod:`wonders_env.core` can tell a stale build
from a fresh one.
"""

import hashlib
from pathlib import Path

from pybind11.setup_helpers import ParallelCompile, Pybind11Extension, build_ext
from setuptools import setup

CORE = Path(__file__).resolve().parent / "core"


def core_sources() -> list[str]:
    """The ``.cpp`` files of the extension (the sanitizer test programs in core/tests excluded)."""
    return sorted(str(p.relative_to(CORE.parent)) for p in CORE.rglob("*.cpp")
                  if "tests" not in p.relative_to(CORE).parts)


def source_hash() -> str:
    """SHA-256 over every source and header of the core, in path order (see wonders_env.core)."""
    digest = hashlib.sha256()
    for path in sorted(p for p in CORE.rglob("*") if p.suffix in (".cpp", ".hpp")
                       and "tests" not in p.relative_to(CORE).parts):
        digest.update(str(path.relative_to(CORE)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


ParallelCompile("WONDERS_BUILD_JOBS", default=0).install()  # one compiler per core

setup(
    ext_modules=[Pybind11Extension(
        "wonders_env._core",
        core_sources(),
        include_dirs=["core"],
        cxx_std=17,
        define_macros=[("WONDERS_CORE_SOURCE_HASH", f'"{source_hash()}"')],
        extra_compile_args=["-O3"],
    )],
    cmdclass={"build_ext": build_ext},
)
