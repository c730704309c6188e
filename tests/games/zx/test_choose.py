"""Choosing a Z/X when one can be chosen (ZX-CHOOSE-WHEN-ABLE, GAP: rule option
choose_when_able): seed 003 keyword action 22 says what choosing is, not whether an effect may
choose nothing while a Z/X can be chosen."""

from __future__ import annotations

import pytest

from judge.games.zx.testing import LogBuilder, card, game_state, rules_broken, verdict

DESTROY = card(
    "T-FX",
    type="event",
    effects=[{"when": "play", "do": [{"op": "destroy", "target": {"side": "opponent"}}]}],
)
GUARD = card("T-GD", power=3000)
ZEKKAI = card("T-ZK", power=5000, keywords=["zekkai"])


def _b_holds(b_card: str, **options: str) -> LogBuilder:
    """B's Z/X on square 4; then A plays the destroy event in its main phase."""
    b = LogBuilder([DESTROY, GUARD, ZEKKAI], a=["T-000", "T-FX"], b=[b_card], options=options)
    b.start().proceed("A", 3).proceed("B", 2).act("B", "play", card=b.iid("B", 0), to=4)
    b.proceed("B").proceed("A", 2).act("A", "play", card=b.iid("A", 1))
    return b


def test_ZX_CHOOSE_WHEN_ABLE_must_choose_a_zx_that_can_be_chosen() -> None:
    b = _b_holds("T-GD")
    b.act("A", "resolve", source=b.iid("A", 1), targets=[])
    r = b.replay()
    assert rules_broken(r, -1) == ["ZX-CHOOSE-WHEN-ABLE"]
    assert "could choose" in r["steps"][-1]["violations"][0]["message"]


def test_ZX_CHOOSE_WHEN_ABLE_option_may_lets_it_choose_none() -> None:
    b = _b_holds("T-GD", choose_when_able="may")
    b.act("A", "resolve", source=b.iid("A", 1), targets=[])
    r = b.replay()
    assert verdict(r, -1) == "legal"
    assert game_state(r)["squares"]["4"] is not None


@pytest.mark.parametrize("option", ["must", "may"])
def test_ZX_CHOOSE_WHEN_ABLE_nothing_to_choose_chooses_none(option: str) -> None:
    # B's only Z/X has Zekkai: it cannot be chosen on a square (ZX-ZEKKAI)
    b = _b_holds("T-ZK", choose_when_able=option)
    b.act("A", "resolve", source=b.iid("A", 1), targets=[])
    assert verdict(b.replay(), -1) == "legal"
