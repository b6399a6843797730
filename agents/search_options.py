"""The checks of the agents' options (the search agents ``mcts`` and ``az``, and ``ppo``'s flag),
made when the agent is made.

Each raises ``ValueError`` saying which option was wrong, what it got and what is allowed, so
that a bad option fails at :func:`wonders_agents.make_agent` (a tournament before its first game) rather
than in the middle of a game, and never turns into a silent change of behaviour (a negative
temperature would put the worst move first). A bool is not a number here, and a flag is a bool,
never read by truthiness (``reuse="no"`` would mean True).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

# The longest time budget of a move, in seconds: the C++ search's (core/common/ismcts.hpp kMaxTimeLimit).
MAX_TIME_LIMIT = 1e6


def _is_number(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float, np.integer, np.floating))


def check_budget(simulations: Any, time_limit: Any) -> None:
    """``simulations`` a positive integer or None; ``time_limit`` seconds in (0, 1e6] or None."""
    if simulations is not None and (isinstance(simulations, bool) or not isinstance(simulations, (int, np.integer))
                                    or simulations < 1):
        raise ValueError(f"simulations must be a positive integer or None, got {simulations!r}")
    if time_limit is not None and (not _is_number(time_limit) or not 0 < time_limit <= MAX_TIME_LIMIT):
        raise ValueError(f"time_limit must be a positive number of seconds (at most 1e6) or None, got {time_limit!r}")


def check_flag(name: str, value: Any, meaning: str) -> bool:
    """``True`` or ``False`` (a numpy bool too), as a Python bool."""
    if not isinstance(value, (bool, np.bool_)):
        raise ValueError(f"{name} must be True or False ({meaning}; in an agent spec {name}=true or {name}=false), "
                         f"got {value!r} of type {type(value).__name__}")
    return bool(value)


def check_share(name: str, value: Any, meaning: str) -> None:
    """A number in [0, 1]."""
    if not _is_number(value) or not 0 <= value <= 1:
        raise ValueError(f"{name} must be a number in [0, 1] ({meaning}), got {value!r}")


def check_at_least_zero(name: str, value: Any, meaning: str) -> None:
    """A finite number >= 0."""
    if not _is_number(value) or not 0 <= value < math.inf:
        raise ValueError(f"{name} must be a finite number >= 0 ({meaning}), got {value!r}")


def check_positive(name: str, value: Any, meaning: str) -> None:
    """A finite number > 0."""
    if not _is_number(value) or not 0 < value < math.inf:
        raise ValueError(f"{name} must be a finite number > 0 ({meaning}), got {value!r}")
