"""The Z/X state's indexes of the field by card (``ZXState.on_field`` and ``at_risk``, kept
where a Z/X appears or leaves its square, takes damage or a power change, and at the end of
the turn; each Z/X's own ``square``) are the field as the squares hold it: at every look of
the rule effects in self-played games (both battle damage options), ``on_field`` holds exactly
the Z/X on the squares, each naming its square, ``at_risk`` exactly those with damage, a
power change or printed power 0 or less, and :meth:`~judge.games.zx.state.ZXState.square_of`
answers for every card as a look at every square does."""

from __future__ import annotations

import pytest

from judge.core.replay import replay
from judge.core.selfplay import random_game
from judge.games.zx.engine import ZXEngine
from judge.games.zx.sample import sample_envelope
from judge.games.zx.state import ZXState


def _scan(st: ZXState, iid: str) -> int | None:
    """The long way: the first square whose Z/X is ``iid``."""
    for sq, z in st.squares.items():
        if z is not None and z.card == iid:
            return sq
    return None


@pytest.mark.parametrize("battle", ["one_way", "both_ways"])
def test_on_field_is_the_squares(monkeypatch: pytest.MonkeyPatch, battle: str) -> None:
    rules = ZXEngine.rules
    calls = {"all": 0, "on_field": 0, "at_risk": 0}

    def checked(self: ZXEngine) -> bool:
        st = self.state
        calls["all"] += 1
        assert st.on_field == {z.card: z for z in st.squares.values() if z is not None}
        for sq, z in st.squares.items():
            assert z is None or z.square == sq and st.on_field[z.card] is z
        for iid in st.code_of:
            assert st.square_of(iid) == _scan(st, iid)
        risky = {
            z.card: z
            for z in st.on_field.values()
            if z.damage or z.power_mods or st.card(z.card).power <= 0
        }
        assert st.at_risk == risky
        calls["on_field"] += len(st.on_field)
        calls["at_risk"] += len(st.at_risk)
        return rules(self)

    monkeypatch.setattr(ZXEngine, "rules", checked)
    monkeypatch.setattr(ZXEngine, "when_idle", checked)
    for i in range(3):
        seed = f"on-field-{battle}-{i}"
        env = sample_envelope(seed)
        env["rule_options"] = {"battle_damage": battle}
        replay(random_game(env, seed, max_actions=150))
    assert calls["all"] > 100
    assert calls["on_field"] > 100
    assert calls["at_risk"] > 10
