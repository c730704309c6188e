"""The Z/X state's index of the field by card (``ZXState.square_at``, kept where a Z/X appears
or leaves its square) answers :meth:`~judge.games.zx.state.ZXState.square_of` as a look at
every square does: at every call in self-played games (both battle damage options), and the
index holds exactly the Z/X on the squares."""

from __future__ import annotations

import pytest

from judge.core.replay import replay
from judge.core.selfplay import random_game
from judge.games.zx.sample import sample_envelope
from judge.games.zx.state import ZXState


def _scan(st: ZXState, iid: str) -> int | None:
    """The long way: the first square whose Z/X is ``iid``."""
    for sq, z in st.squares.items():
        if z is not None and z.card == iid:
            return sq
    return None


@pytest.mark.parametrize("battle", ["one_way", "both_ways"])
def test_square_of_is_a_look_at_every_square(monkeypatch: pytest.MonkeyPatch, battle: str) -> None:
    fast = ZXState.square_of
    calls = {"all": 0, "found": 0}

    def checked(self: ZXState, iid: str) -> int | None:
        calls["all"] += 1
        on_field = {z.card: sq for sq, z in self.squares.items() if z is not None}
        assert self.square_at == on_field
        got = fast(self, iid)
        assert got == _scan(self, iid)
        calls["found"] += got is not None
        return got

    monkeypatch.setattr(ZXState, "square_of", checked)
    for i in range(3):
        seed = f"square-at-{battle}-{i}"
        env = sample_envelope(seed)
        env["rule_options"] = {"battle_damage": battle}
        replay(random_game(env, seed, max_actions=150))
    assert calls["all"] > 100
    assert calls["found"] > 50
