"""The one pseudo-random generator of the project: SplitMix64, and the shuffle built on it.

Why SplitMix64: it is tiny, fully specified by three lines of integer arithmetic (Steele,
Lea & Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014), and gives the
same numbers on every machine and every Python version.  Python's :mod:`random` is never
used: its ``shuffle``/``randrange`` algorithms have changed between releases.

Seeding.  A log's ``hidden.seed`` is a string.  Every random decision the rules ask for
draws from its own *stream*, named by a label, so that streams never depend on the order in
which other streams were used::

    state0 = first 8 bytes, big-endian, of SHA-256(UTF-8(seed + "/" + label))

Labels used by the engines are documented by the engines (Union Arena:
``"<player>/shuffle/<n>"`` for that player's n-th shuffle, n counted from 1).

Bounded integers use rejection sampling (no modulo bias); the shuffle is Fisher–Yates from
the last position down: for ``i = n-1 … 1``, ``j = below(i + 1)``, swap ``i`` and ``j``.

Test vectors (the first three agree with the reference SplitMix64 output for seed 0;
all are asserted by ``tests/test_rng.py``):

>>> r = SplitMix64(0)
>>> [hex(r.next_u64()) for _ in range(3)]
['0xe220a8397b1dcdaf', '0x6e789e6aa1b965f4', '0x6c45d188009454f']
>>> shuffled(list(range(10)), "5eed0001", "P1/shuffle/1")
[2, 5, 1, 3, 0, 4, 8, 7, 9, 6]
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_TWO64 = 1 << 64
_GOLDEN = 0x9E3779B97F4A7C15
#: :meth:`SplitMix64.shuffle`'s draws below this are kept for any list of up to
#: :data:`_SAFE_N` items: ``2**64 - 2**64 % n >= 2**64 - n + 1 > _SAFE`` for ``n <= 2**32``
_SAFE_N = 1 << 32
_SAFE = _TWO64 - _SAFE_N


class SplitMix64:
    """SplitMix64 generator.  ``next_u64`` returns the next 64-bit unsigned integer."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    @classmethod
    def from_seed(cls, seed: str, label: str) -> SplitMix64:
        """The generator for stream ``label`` of the log seed ``seed`` (see module doc)."""
        digest = hashlib.sha256(f"{seed}/{label}".encode()).digest()
        return cls(int.from_bytes(digest[:8], "big"))

    def next_u64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` by rejection sampling."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def shuffle(self, items: list[T]) -> None:
        """Fisher–Yates in place, from the last position down: ``j = below(i + 1)`` for each
        ``i``, with :meth:`below` and :meth:`next_u64` written out (the same numbers, without
        two calls a card: a deck is shuffled at every game's start).

        :meth:`below`'s limit, ``2**64 - 2**64 % n``, is above ``2**64 - n``; for every ``n``
        up to ``2**32`` it is so at least :data:`_SAFE`, so a draw below that is kept without
        working the limit out (the limit, a big number's remainder, only for the draws of
        one in four billion at or above it)."""
        state = self.state
        safe = _SAFE if len(items) <= _SAFE_N else 0
        for i in range(len(items) - 1, 0, -1):
            state = (state + _GOLDEN) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            x = z ^ (z >> 31)
            if x >= safe:  # then below(i + 1)'s own test, and its draws again while refused
                limit = _TWO64 - (_TWO64 % (i + 1))
                while x >= limit:
                    state = (state + _GOLDEN) & _MASK
                    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                    x = z ^ (z >> 31)
            j = x % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.state = state


def shuffled(items: Sequence[T], seed: str, label: str) -> list[T]:
    """A shuffled copy of ``items`` using stream ``label`` of ``seed``."""
    out = list(items)
    SplitMix64.from_seed(seed, label).shuffle(out)
    return out
