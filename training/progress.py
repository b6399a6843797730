"""How a training run shows its progress: a tqdm bar in a terminal, plain lines in a log.

``--progress-bar`` (``True``) draws the bar, ``--no-progress-bar`` (``False``) shows nothing but
what the run writes itself (evaluations, the final table); by default (``None``) the bar is drawn
when stderr is a terminal, and otherwise (output sent to a file, CI) one line is printed at each
tenth of the run, so a log is not flooded with bar redraws.
"""

from __future__ import annotations

import sys
from typing import Any

from tqdm import tqdm


class Progress:
    """Progress of a run of ``total`` steps, ``initial`` of them already done (a resumed run)."""

    LINES = 10  # plain lines per run when no bar is drawn

    def __init__(self, total: int, initial: int = 0, bar: bool | None = None, unit: str = "step") -> None:
        self.total = total
        self.unit = unit
        self.lines = bar is None and not sys.stderr.isatty()
        self.bar = tqdm(total=total, initial=min(initial, total), unit=unit, dynamic_ncols=True,
                        disable=not (bar or (bar is None and not self.lines)))
        self.next_line = self._next_line_after(initial)
        self.status: dict[str, Any] = {}

    def _next_line_after(self, done: int) -> int:
        tenth = max(1, -(-self.total // self.LINES))
        return (done // tenth + 1) * tenth

    def update(self, done: int, **status: Any) -> None:
        """``done`` steps are done now; ``status`` (name=value, kept until the next) is shown beside
        the count."""
        self.bar.update(min(done, self.total) - self.bar.n)
        if status:
            self.status = status
            self.bar.set_postfix(status, refresh=False)
        if self.lines and done >= self.next_line:
            details = ", ".join(f"{key} {value}" for key, value in self.status.items())
            print(f"{self.unit} {done:,} of {self.total:,} ({min(done, self.total) / self.total:.0%})"
                  + (f": {details}" if details else ""), flush=True)
            self.next_line = self._next_line_after(done)

    def write(self, text: str) -> None:
        """A line of output that does not break the bar."""
        self.bar.write(text)

    def close(self) -> None:
        self.bar.close()
