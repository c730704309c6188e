"""SplitMix64.shuffle tests a draw against its rejection limit only at or above a bound every
limit is above: the same numbers as Fisher–Yates with ``below`` (judge/core/rng.py)."""

from judge.core import rng
from judge.core.rng import SplitMix64


def _reference(items: list[int], state: int) -> tuple[list[int], int]:
    r = SplitMix64(state)
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = r.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out, r.state


def test_bound_is_below_every_limit_it_stands_for() -> None:
    for n in (1, 2, 3, 7, 60, 1000, rng._SAFE_N - 1, rng._SAFE_N):
        assert rng._TWO64 - rng._TWO64 % n > rng._SAFE or rng._TWO64 % n == 0


def test_shuffle_is_below_written_out() -> None:
    for state in (0, 1, 42, 2**63 + 5, 0xFFFFFFFFFFFFFFFF):
        for size in (0, 1, 2, 5, 50, 61):
            r = SplitMix64(state)
            items = list(range(size))
            r.shuffle(items)
            assert (items, r.state) == _reference(list(range(size)), state)


def test_refused_draws_are_drawn_again(monkeypatch) -> None:
    # with every draw tested against its limit (the bound at 0), the same numbers
    monkeypatch.setattr(rng, "_SAFE", 0)
    for state in (3, 99):
        r = SplitMix64(state)
        items = list(range(40))
        r.shuffle(items)
        assert (items, r.state) == _reference(list(range(40)), state)
