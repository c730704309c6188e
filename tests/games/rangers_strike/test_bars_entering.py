"""A unit's named effect "これが自軍バトルエリアにある間、敵軍ターン中、カードに表記された本来のナンバーが
自軍バトルエリアの「Y」の数と同じ敵軍Sユニットは、バトルエリアに出られない。" (RS-BARS-ENTERING), on made-up
cards; each test from the sentence's wording: while the unit is in its player's battle area, in the
opponent's turn, an opposing size S unit whose printed combination number is the number of cards
named Y in that battle area cannot enter the battle area."""

from __future__ import annotations

from typing import Any

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    card,
    printed,
    rules_applied,
    rules_broken,
    verdict,
)

BARS = (
    "【隊列β】これが自軍バトルエリアにある間、敵軍ターン中、カードに表記された本来のナンバーが自軍バトルエリアの"
    "「トルーパー」の数と同じ敵軍Sユニットは、バトルエリアに出られない。"
)
TROOPER = printed("T-795", BARS, name="トルーパー", bp=500, size="S")
MUST_ENTER = "※これは毎ターン、可能ならバトルエリアに出る。"


def numbered(code: str, number: int | None, size: str = "S", text: str | None = None) -> Any:
    """A unit of A's with the combination number ``number`` (None: none)."""
    combo = {"number": number, "effects": []} if number is not None else None
    if text is not None:
        return {
            **printed(code, text, bp=3000, size=size),
            **({"combination": combo} if combo else {}),
        }
    return card(code, name=f"No. {number}", bp=3000, size=size, combination=combo)


ONE = numbered("T-796", 1)
TWO = numbered("T-797", 2)
BIG_ONE = numbered("T-798", 1, size="M")
NONE = numbered("T-799", None)
CARDS = [TROOPER, ONE, TWO, BIG_ONE, NONE]


def entering(unit: dict[str, Any], troopers: int = 1, enters: bool = True) -> LogBuilder:
    """A rushes ``unit`` on turn 1; B puts ``troopers`` Troopers into its battle area (turn 2,
    or turns 2 and 4; with ``enters`` False they stay in its rush area); then, in A's battle
    phase, ``unit`` enters."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", unit["code"]).proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-795").proceed("B")
    if troopers == 2:
        b.proceed("B").pass_turn("A").charge("B", "T-000").proceed("B").rush("B", "T-795")
        b.proceed("B").enter("B", "B-1")
    if enters:
        b.enter("B", "T-795" if troopers == 1 else "B-2")
    b.proceed("B").charge("A", "T-000").proceed("A", 2)
    return b.enter("A", unit["code"])


def test_RS_BARS_ENTERING_the_sentence_is_read() -> None:
    r = read_card({"type": "unit", "text": BARS})
    assert r.understood
    assert r.restrictions == (
        {
            "rule": "bars_entering",
            "number_is": {"named": "トルーパー"},
            "of": {"side": "opponent", "size": "S"},
        },
    )
    assert render_card(TROOPER)["reading"] == [
        "While it is in your battle area, in an opponent's turn, an opposing size S unit whose "
        "printed combination number is the number of cards named トルーパー in your battle area "
        "cannot enter the battle area (RS-BARS-ENTERING)."
    ]
    for near in (
        BARS.replace("本来のナンバー", "ナンバー"),  # not said to be the printed one
        BARS.replace("と同じ", "以下の"),
        BARS.replace("敵軍ターン中", "自軍ターン中"),
        BARS.replace("を持つ", "").replace("と同じ敵軍S", "と同じ自軍S"),  # one's own units
    ):
        assert not read_card({"type": "unit", "text": near}).understood, near
    assert not read_card({"type": "unit", "text": BARS, "combination": {"number": 1}}).understood


def test_RS_BARS_ENTERING_a_unit_whose_number_is_the_count_cannot_enter() -> None:
    b = entering(ONE)
    r = b.replay()
    assert [s["verdict"] for s in r["steps"][:-1]].count("illegal") == 0
    assert rules_broken(r, b.last) == ["RS-BARS-ENTERING"]


def test_RS_BARS_ENTERING_the_count_is_of_the_cards_so_named() -> None:
    """Two Troopers in B's battle area: number 2 is barred, number 1 is not."""
    b = entering(TWO, troopers=2)
    r = b.replay()
    assert [s["verdict"] for s in r["steps"][:-1]].count("illegal") == 0
    assert rules_broken(r, b.last) == ["RS-BARS-ENTERING"]
    b = entering(ONE, troopers=2)
    assert verdict(b.replay(), b.last) == "legal"


def test_RS_BARS_ENTERING_other_units_may_enter() -> None:
    for unit in (TWO, BIG_ONE, NONE):  # another number, size M, no number
        b = entering(unit)
        assert verdict(b.replay(), b.last) == "legal", unit["code"]


def test_RS_BARS_ENTERING_only_while_it_is_in_its_battle_area() -> None:
    b = entering(ONE, enters=False)
    assert verdict(b.replay(), b.last) == "legal"


def test_RS_BARS_ENTERING_a_unit_that_must_enter_need_not_when_barred() -> None:
    must = numbered("T-796", 1, text=MUST_ENTER)
    for trooper_enters, expected in ((True, "legal"), (False, "illegal")):
        b = LogBuilder([TROOPER, must]).setup(first="A")
        b.charge("A", "T-000").proceed("A").rush("A", "T-796").proceed("A").enter("A", "T-796")
        b.proceed("A").charge("B", "T-000").proceed("B").rush("B", "T-795").proceed("B")
        if trooper_enters:
            b.enter("B", "T-795")
        b.proceed("B").charge("A", "T-000").proceed("A", 2).proceed("A")
        r = b.replay()
        assert [s["verdict"] for s in r["steps"][:-1]].count("illegal") == 0
        assert verdict(r, b.last) == expected, r["steps"][b.last]


def test_RS_BARS_ENTERING_tag_battle_counts_that_disagree_are_unverifiable() -> None:
    """B1 and B2 each have a Trooper in their battle areas: 1 in B1's, 2 in team B's."""
    b = LogBuilder(CARDS, variant="tag").setup(first="A1")
    b.charge("A1", "T-000").proceed("A1").rush("A1", "T-796").proceed("A1", 2)
    b.charge("A2", "T-000").proceed("A2", 3)
    for p in ("B1", "B2"):
        b.charge(p, "T-000").proceed(p).rush(p, "T-795").proceed(p).enter(p, "T-795").proceed(p)
    b.charge("A1", "T-000").proceed("A1", 2).enter("A1", "T-796")
    r = b.replay()
    assert [s["verdict"] for s in r["steps"]].count("illegal") == 0
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-BARS-ENTERING" in rules_applied(r, b.last)
