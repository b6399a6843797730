"""Command-line parsing generated from a ``@dataclass`` of arguments (what CleanRL does with tyro,
without the dependency).

Each field becomes ``--field-name`` (underscores become dashes) with the field's default and the
``help`` of its metadata; ``bool`` fields get ``--flag/--no-flag``; ``X | None`` fields accept
``none``. Write fields with :func:`arg`::

    @dataclass
    class Args:
        seed: int = arg(1, "seed of everything")
        fast: bool = arg(False, "skip the slow parts")

    args = parse_args(Args)            # sys.argv[1:]
"""

from __future__ import annotations

import argparse
import dataclasses
import types
import typing
from typing import Any, Callable, Sequence, TypeVar

T = TypeVar("T")


def arg(default: Any, help: str, choices: Sequence[Any] | None = None) -> Any:
    """A dataclass field with its command-line help (and optional choices)."""
    return dataclasses.field(default=default, metadata={"help": help, "choices": choices})


def _converter(hint: Any) -> tuple[Callable[[str], Any], bool]:
    """The string-to-value function of a type hint, and whether ``none`` is allowed."""
    args = typing.get_args(hint)
    if typing.get_origin(hint) in (typing.Union, types.UnionType) and type(None) in args:
        inner = next(a for a in args if a is not type(None))
        return inner, True
    return hint, False


def parse_args(cls: type[T], argv: Sequence[str] | None = None, description: str | None = None) -> T:
    """An instance of the dataclass ``cls`` filled from ``argv`` (default: ``sys.argv[1:]``)."""
    parser = argparse.ArgumentParser(description=description,
                                     formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    hints = typing.get_type_hints(cls)
    for f in dataclasses.fields(cls):
        flag = "--" + f.name.replace("_", "-")
        help_text = f.metadata.get("help", "")
        hint = hints[f.name]
        if hint is bool:
            parser.add_argument(flag, dest=f.name, default=f.default, help=help_text,
                                action=argparse.BooleanOptionalAction)
            continue
        convert, optional = _converter(hint)

        def parse(text: str, convert: Callable[[str], Any] = convert, optional: bool = optional) -> Any:
            return None if optional and text.lower() == "none" else convert(text)

        parser.add_argument(flag, dest=f.name, default=f.default, type=parse, help=help_text,
                            choices=f.metadata.get("choices"))
    return cls(**vars(parser.parse_args(argv)))
