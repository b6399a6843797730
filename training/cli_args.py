"""Command-line parsing generated from a ``@dataclass`` of arguments (what CleanRL does with tyro,
without the dependency).

Each field becomes ``--field-name`` (underscores become dashes) with the field's default and the
``help`` of its metadata; ``bool`` (and ``bool | None``) fields get ``--flag/--no-flag``; other
``X | None`` fields accept ``none``. Numbers can be given bounds (``low``, ``high``, inclusive);
a value outside them is refused with a message naming the flag and the bounds; a number that is
not finite (``nan``, ``inf``) is always refused, and :func:`seed_arg` bounds a seed to
``[0, SEED_MAX]``. Flags must be
written in full (``--total-step`` is not taken for ``--total-steps``). Write fields with
:func:`arg`::

    @dataclass
    class Args:
        seed: int = arg(1, "seed of everything")
        envs: int = arg(8, "parallel envs", low=1)
        fast: bool = arg(False, "skip the slow parts")

    args = parse_args(Args)            # sys.argv[1:]

:func:`warn_threads` warns (on stderr, without stopping) when a thread count exceeds the cores the
process may use. :func:`run_script` runs a script's ``main`` so that it ends with one line, not a
traceback, on a bad checkpoint or policy file and on a second Ctrl-C; :func:`check_run_dir`
refuses a new run over a checkpoint and a ``--resume`` without one.

``validate(args)`` (optional) returns the problems of a combination of values (an empty list when
there are none); each is reported like a bad flag: a usage line and the message, exit status 2.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import os
import sys
import types
import typing
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")
SEED_MAX = 2**32 - 1  # numpy's and every env's seeds take it, with room for the seeds derived from it


def arg(default: Any, help: str, choices: Sequence[Any] | None = None, low: float | None = None,
        high: float | None = None) -> Any:
    """A dataclass field with its command-line help (and optional choices and bounds)."""
    return dataclasses.field(default=default, metadata={"help": help, "choices": choices, "low": low, "high": high})


def seed_arg(help: str) -> Any:
    """A seed field: an integer from 0 to :data:`SEED_MAX`, 1 by default."""
    return arg(1, help, low=0, high=SEED_MAX)


NUMBER_NAMES = {int: "an integer", float: "a number"}


def _checked(convert: Callable[[str], Any], low: float | None, high: float | None) -> Callable[[str], Any]:
    """``convert``, refusing a text that is not a number of its type, a number that is not finite
    and values outside ``[low, high]``, with a message that says what is allowed."""
    def parse(text: str) -> Any:
        try:
            value = convert(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be {NUMBER_NAMES[convert]}, got {text!r}") from None
        if isinstance(value, float) and not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"must be a finite number, got {text}")
        if (low is not None and value < low) or (high is not None and value > high):
            allowed = (f"from {low} to {high}" if low is not None and high is not None
                       else f"at least {low}" if low is not None else f"at most {high}")
            raise argparse.ArgumentTypeError(f"must be {allowed}, got {text}")
        return value
    return parse


def _converter(hint: Any) -> tuple[Callable[[str], Any], bool]:
    """The string-to-value function of a type hint, and whether ``none`` is allowed."""
    args = typing.get_args(hint)
    if typing.get_origin(hint) in (typing.Union, types.UnionType) and type(None) in args:
        inner = next(a for a in args if a is not type(None))
        return inner, True
    return hint, False


def parse_args(cls: type[T], argv: Sequence[str] | None = None, description: str | None = None,
               validate: Callable[[T], list[str]] | None = None) -> T:
    """An instance of the dataclass ``cls`` filled from ``argv`` (default: ``sys.argv[1:]``)."""
    parser = argparse.ArgumentParser(description=description, allow_abbrev=False,
                                     formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    hints = typing.get_type_hints(cls)
    for f in dataclasses.fields(cls):
        flag = "--" + f.name.replace("_", "-")
        help_text = f.metadata.get("help", "")
        hint = hints[f.name]
        if hint is bool or hint == bool | None:
            parser.add_argument(flag, dest=f.name, default=f.default, help=help_text,
                                action=argparse.BooleanOptionalAction)
            continue
        convert, optional = _converter(hint)
        if convert in NUMBER_NAMES:
            convert = _checked(convert, f.metadata.get("low"), f.metadata.get("high"))

        def parse(text: str, convert: Callable[[str], Any] = convert, optional: bool = optional) -> Any:
            return None if optional and text.lower() == "none" else convert(text)

        parser.add_argument(flag, dest=f.name, default=f.default, type=parse, help=help_text,
                            choices=f.metadata.get("choices"))
    args = cls(**vars(parser.parse_args(argv)))
    problems = validate(args) if validate else []
    if problems:
        parser.error("; ".join(problems))
    return args


def hours_problems(hours: float | None) -> list[str]:
    """Why ``--hours hours`` is no time budget (an empty list when it is one, or none is given)."""
    return [] if hours is None or hours > 0 else [f"argument --hours: must be more than 0 (a budget of hours, "
                                                  f"e.g. 0.5 or 8), got {hours:g}"]


def usable_cores() -> int:
    """The CPU cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def warn_threads(flag: str, threads: int) -> None:
    """A warning on stderr when ``threads`` (the value of ``flag``) exceed the usable cores: allowed,
    the threads then share the cores (slower, not wrong)."""
    cores = usable_cores()
    if threads > cores:
        print(f"warning: {flag} {threads} is more than the {cores} CPU cores this process may use: the threads "
              "will share them (slower, not wrong)", file=sys.stderr, flush=True)


def check_run_dir(checkpoint: Path, resume: bool) -> None:
    """Refuse (``SystemExit`` with the reason) a new run over an existing ``checkpoint`` (never
    overwritten) and a ``resume`` without one (a mistyped run directory is an error, not a new run)."""
    if checkpoint.exists() and not resume:
        raise SystemExit(f"{checkpoint} exists: pass --resume to continue that run, or choose another --run-dir")
    if resume and not checkpoint.exists():
        raise SystemExit(f"--resume: there is no checkpoint at {checkpoint} (is --run-dir right?); "
                         "leave out --resume to start a new run there")


def run_script(main: Callable[[], Any]) -> None:
    """Run ``main()``; a :class:`wonders_agents.policy.CheckpointError` or a KeyboardInterrupt (a second
    Ctrl-C) ends the process with one line on stderr (exit status 1, or 130) instead of a traceback."""
    from wonders_training.interrupt import EXIT_INTERRUPTED
    from wonders_agents.policy import CheckpointError
    try:
        main()
    except CheckpointError as error:
        sys.exit(f"error: {error}")
    except KeyboardInterrupt:
        print("\nstopped at once: what was trained since the last checkpoint is lost", file=sys.stderr)
        sys.exit(EXIT_INTERRUPTED)
