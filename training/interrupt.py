"""Ctrl-C during training: stop at the next safe point, write a checkpoint, say how to resume.

Inside ``with StopRequest() as stop:``, the first Ctrl-C (SIGINT) only sets ``stop.requested``
and says that the run is stopping; the training loop looks at it between updates, writes its
checkpoint and ends with :func:`exit_interrupted`. A second Ctrl-C stops at once
(``KeyboardInterrupt``), losing what was done since the last checkpoint.

Inside ``with StopAtOnce():`` (the RLlib script, whose iterations are long and checkpointed
each time), Ctrl-C and SIGTERM raise :class:`Interrupted` at once, so that the ``finally``
blocks stop the workers and the cluster before the process ends.
"""

from __future__ import annotations

import os
import shlex
import signal
import sys
import threading
from abc import ABC, abstractmethod
from collections.abc import Sequence
from pathlib import Path
from types import FrameType
from typing import TypeVar

EXIT_INTERRUPTED = 130  # the shell's code for a command ended by SIGINT


Handlers = TypeVar("Handlers", bound="SignalHandlers")


class SignalHandlers(ABC):
    """Installs ``_handle`` for ``signals`` inside ``with`` (only in the main thread, where Python
    delivers signals; elsewhere a no-op) and puts the previous handlers back on leaving."""

    def __init__(self, signals: tuple[int, ...]) -> None:
        self.signals = signals
        self.received: int | None = None
        self._previous: dict[int, object] = {}

    def __enter__(self: Handlers) -> Handlers:
        if threading.current_thread() is threading.main_thread():
            self._previous = {signum: signal.signal(signum, self._handle) for signum in self.signals}
        return self

    def __exit__(self, *exc_info: object) -> None:
        for signum, handler in self._previous.items():
            signal.signal(signum, handler)
        self._previous = {}

    @abstractmethod
    def _handle(self, signum: int, frame: FrameType | None) -> None:
        """What a received signal does."""


class StopRequest(SignalHandlers):
    """Turns the first of ``signals`` (default SIGINT only) into a request to stop; ``received`` is
    that signal's number. ``message``: what the run says when it receives it."""

    def __init__(self, signals: tuple[int, ...] = (signal.SIGINT,),
                 message: str = "stopping after the current update to write a checkpoint") -> None:
        super().__init__(signals)
        self.requested = False
        self.message = message

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if self.requested:
            raise KeyboardInterrupt
        self.requested = True
        self.received = signum
        name = "Ctrl-C" if signum == signal.SIGINT else signal.Signals(signum).name
        print(f"\n{name}: {self.message} (Ctrl-C again to stop at once, without it)", file=sys.stderr, flush=True)


class Interrupted(KeyboardInterrupt):
    """A SIGINT or SIGTERM received inside :class:`StopAtOnce` (``signum``: which). A
    ``KeyboardInterrupt``, so that libraries which check for Ctrl-C while they wait (Ray's
    ``ray.get``) stop waiting for it too."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


class StopAtOnce(SignalHandlers):
    """Turns SIGINT and SIGTERM into :class:`Interrupted`. ``received`` is the first signal
    received (a library may re-raise the interruption as a plain ``KeyboardInterrupt``), None if
    none was."""

    def __init__(self) -> None:
        super().__init__((signal.SIGINT, signal.SIGTERM))

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if self.received is None:
            self.received = signum
        raise Interrupted(signum)


def resume_command(module: str, argv: Sequence[str], python: str | None = None) -> str:
    """The command line that continues the run started with ``argv``, with this interpreter
    (relative to the current folder when inside it, e.g. ``.venv/bin/python``)."""
    if python is None:
        python = sys.executable
        if Path(python).is_relative_to(Path.cwd()):
            python = os.path.relpath(python)
    args = [a for a in argv if a not in ("--resume", "--no-resume")]
    return shlex.join([python, "-m", module, *args, "--resume"])


def exit_interrupted(where: str, module: str, argv: Sequence[str], code: int = EXIT_INTERRUPTED) -> None:
    """Say where the interrupted run stopped and how to go on, then exit with ``code`` (130: SIGINT)."""
    print(f"interrupted: {where}\nto continue: {resume_command(module, argv)}", flush=True)
    raise SystemExit(code)
