"""Unit cards rushed this turn without meeting their additional condition (RS-WAIVE-CONDITION),
on made-up cards in the catalogue's sentence shape.

The source's words, which the tests follow: "このターン、特徴「X」を持つBPN以下のSユニットのカードは、追加条件を満
たさなくてもラッシュできる。" — *this turn*, size S unit cards printing the feature X and BP N or less *may
be rushed even without meeting* their additional condition (a unit it names, or a cost: units
discarded); power and command are still needed.  A cost the rush does not record, when it could
have been paid, is not guessed.
"""

from __future__ import annotations

from typing import Any

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    card,
    player_state,
    printed,
    rules_applied,
    rules_broken,
    verdict,
)

SECOND = "このターン、特徴「疾風」を持つBP2000以下のSユニットのカードは、追加条件を満たさなくてもラッシュできる。"
TEXT = f"次の効果から1つ選び発動する。 ◎1枚ドローする。 ◎{SECOND}"
#: A's operation
GALE = printed("T-795", TEXT, "operation", name="Gale")
NAMED: dict[str, Any] = {"unit_named": "Partner"}
#: A's units with 疾風: BP 2000 needing a Partner, BP 3000 needing one, BP 1000 discarding one
FAST = {**card("T-796", name="Fast", bp=2000, size="S", condition=NAMED), "features": ["疾風"]}
SLOW = {**card("T-797", name="Slow", bp=3000, size="S", condition=NAMED), "features": ["疾風"]}
COSTLY = {
    **card("T-798", name="Costly", bp=1000, size="S"),
    "features": ["疾風"],
    "cost": {"discard": {"name": "Partner"}, "count": 1},
}
PARTNER = card("T-799", name="Partner", bp=1000, size="S")
CARDS = [GALE, FAST, SLOW, COSTLY, PARTNER]


def _turn_three(partner: bool = False, gale: bool = True) -> LogBuilder:
    """A (rushing a Partner in turn 1 when ``partner``) is in its rush phase of turn 3 with two
    released commands, and has used the Gale choosing its second effect (when ``gale``)."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A")
    if partner:
        b.rush("A", "T-799")
    b.proceed("A", 2).pass_turn("B")
    b.charge("A", "T-000").proceed("A")
    if gale:
        b.use("A", "T-795").act("A", "resolve", source="T-795", targets=[{"modes": [2]}])
    return b


def _rush(b: LogBuilder, code: str, **fields: Any) -> tuple[dict[str, Any], int]:
    b.rush("A", code, **fields)
    return b.replay(), b.last


def test_RS_WAIVE_CONDITION_read_and_shown() -> None:
    r = read_card(GALE)
    assert r.understood
    (modes,) = r.effects[0]["do"]
    assert modes["modes"][1] == {
        "do": [
            {
                "op": "waive_condition",
                "find": {"type": "unit", "size": "S", "feature": "疾風", "bp_max": 2000},
            }
        ]
    }
    assert render_card(GALE)["reading"][0].endswith(
        "(2) until the end of the turn, you may rush size S unit cards with the feature 疾風 and "
        "BP 2000 or less (as printed) without meeting their additional condition."
    )
    for near in (
        SECOND.replace("満たさなくても", "満たせば"),  # only when met
        SECOND.replace("ラッシュできる", "使用できる"),  # used, not rushed
        SECOND.replace("このターン、", ""),  # for how long not said
        SECOND.replace("BP2000以下の", ""),
    ):
        assert not read_card({**GALE, "text": TEXT.replace(SECOND, near)}).understood, near


def test_RS_WAIVE_CONDITION_a_card_it_covers_rushed_without_its_unit() -> None:
    r, at = _rush(_turn_three(), "T-796")
    assert verdict(r, at) == "legal", r["steps"][at]
    assert "RS-WAIVE-CONDITION" in rules_applied(r, at)
    assert [u["code"] for u in player_state(r, "A")["rush"]] == ["T-796"]
    r, at = _rush(_turn_three(gale=False), "T-796")  # without the Gale
    assert verdict(r, at) == "illegal"
    assert "RS-RUSH-CONDITION" in rules_broken(r, at)


def test_RS_WAIVE_CONDITION_a_card_it_does_not_cover_still_needs_it() -> None:
    r, at = _rush(_turn_three(), "T-797")  # BP 3000
    assert verdict(r, at) == "illegal"
    assert "RS-RUSH-CONDITION" in rules_broken(r, at)


def test_RS_WAIVE_CONDITION_only_this_turn() -> None:
    b = _turn_three().proceed("A", 2).pass_turn("B").charge("A", "T-000").proceed("A")
    r, at = _rush(b, "T-796")
    assert verdict(r, at) == "illegal"
    assert "RS-RUSH-CONDITION" in rules_broken(r, at)


def test_RS_WAIVE_CONDITION_a_cost_not_paid() -> None:
    r, at = _rush(_turn_three(), "T-798")  # no Partner to discard: none paid
    assert verdict(r, at) == "legal", r["steps"][at]
    assert "RS-WAIVE-CONDITION" in rules_applied(r, at)
    b = _turn_three(partner=True)
    partner = player_state(b.replay(), "A")["rush"][0]["id"]
    r, at = _rush(b, "T-798")  # a Partner it could discard, and the rush records none
    assert verdict(r, at) == "unverifiable", r["steps"][at]
    assert partner in [u["id"] for u in player_state(r, "A")["rush"]]
    paid = _turn_three(partner=True)
    r, at = _rush(paid, "T-798", discard=[partner])  # met all the same
    assert verdict(r, at) == "legal", r["steps"][at]
    assert partner in player_state(r, "A")["discard"]
