"""The one setting that sizes the suite's random searches: ``JUDGE_TEST_SCALE``.

The property tests (Hypothesis's ``max_examples``), the altered and mutated games and the
schemathesis run draw a number of random cases; how many is a trade of time for search.
Every such count is written ``scaled(n)``: ``n`` is a developer's run (the default,
``JUDGE_TEST_SCALE=1``), and CI, or anyone hunting a rare fault, raises the setting
(``JUDGE_TEST_SCALE=2.5`` draws what the suite drew before it was sized, ``10`` a long
search).  The cases drawn at a scale are the same on every run (fixed seeds, Hypothesis's
database aside), and a larger scale draws more of them, never other ones in their place
where the test's own generator is seeded.

>>> scaled(10, scale=1)
10
>>> scaled(10, scale=2.5)
25
>>> scaled(2, scale=0.1)
1
"""

from __future__ import annotations

import os

#: the environment variable that sizes the random searches
VARIABLE = "JUDGE_TEST_SCALE"


def _read() -> float:
    text = os.environ.get(VARIABLE, "1")
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{VARIABLE} must be a positive number, not {text!r}") from None
    if not value > 0:
        raise ValueError(f"{VARIABLE} must be a positive number, not {text!r}")
    return value


#: the scale of this run (``JUDGE_TEST_SCALE``, 1 when unset)
SCALE = _read()


def scaled(n: float, scale: float | None = None) -> int:
    """``n`` random cases at this run's scale (at least one), so that one setting sizes
    every search: a developer's run stays quick and CI can search wider."""
    return max(1, round(n * (SCALE if scale is None else scale)))
