"""The deal's random generator, the Python mirror of the core's ``core/common/rng.hpp``.

Both engines of both games deal from it, draw for draw as the core does, so a seed is one game
everywhere: the Python engines, the compiled core, ``vector`` batches, the text games, the web
app and every record. It is splitmix64 (Steele, Lea and Flood 2014): :meth:`DealRng.next` adds
``0x9E3779B97F4A7C15`` to the state and returns the splitmix64 finaliser of it;
:meth:`DealRng.below` is Lemire's unbiased multiply-shift with rejection; :meth:`DealRng.shuffle`
is Fisher-Yates from the last element down. Python integers, masked to 64 (or 32) bits where the
C++ wraps. Only the deal draws from it; agents and determinizations keep numpy generators.
"""

from __future__ import annotations

import secrets

from .game import check_seed

#: the name of this way of dealing a seed, which every game record gives as its ``deal``: a record
#: without one was written before a seed was one game everywhere (the envs then dealt from numpy's
#: generator), so its seed deals another game now
DEAL_NAME = "splitmix64"
MASK_64 = (1 << 64) - 1
MASK_32 = (1 << 32) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15


def fresh_seed() -> int:
    """A seed for a game asked for without one (kept in its state, so its record replays it)."""
    return secrets.randbits(63)


class DealRng:
    """splitmix64 seeded by ``seed`` (an integer in 0-2**64-1): the core's ``Rng``."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = check_seed(seed)

    def next(self) -> int:
        """The next 64-bit output."""
        self.state = z = (self.state + GOLDEN_GAMMA) & MASK_64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK_64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK_64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform in ``[0, n)`` for ``0 < n < 2**32``."""
        m = (self.next() >> 32) * n
        if m & MASK_32 < n:
            threshold = (-n & MASK_32) % n
            while m & MASK_32 < threshold:
                m = (self.next() >> 32) * n
        return m >> 32

    def shuffle(self, items: list) -> None:
        """Shuffle ``items`` in place: Fisher-Yates from the last element down."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
