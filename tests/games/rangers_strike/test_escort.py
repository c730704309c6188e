"""A unit not attacked while its player has a unit of a size, raising the BP of the units of a
category and size next to it (RS-NOT-ATTACKED-WITH-OWN, RS-NEXT-TO-BP), on made-up cards in the
catalogue's sentence shape.

The sources' words, which the tests follow: "【name】これは自軍Lユニットがあれば、敵軍ユニットにアタックされ
ない。また、このユニットと隣り合うETを持つLユニットはBP+1000される。" — *while its player has an L unit*
(in the rush or battle area) it *is not attacked by opposing units*; an *L unit with ET standing
next to it* has *BP +1000*.  Units stand in a line in the battle area; a rush area has no order
(RS-NEXT-TO).
"""

from __future__ import annotations

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    area_ids,
    card,
    printed,
    rules_applied,
    rules_broken,
    verdict,
)

TEXT = (
    "【友情の証】これは自軍Lユニットがあれば、敵軍ユニットにアタックされない。また、このユニットと隣り合うETを"
    "持つLユニットはBP+1000される。"
)
#: A's units (made-up names): the escort, an ET L unit, an ET card charged as a command
SIDECAR = printed("T-930", TEXT, name="Sidecar", category="ET", size="S", bp=1000, sp=0)
BIG = card("T-931", name="Big Rig", category="ET", size="L", bp=3000, sp=0)
PLATE = card("T-939", name="ET Plate", category="ET", bp=1000)
#: B's units: a plain attacker of BP 3500, and one that may attack units of the rush area
RAM = card("T-932", name="Ram", bp=3500)
RAIDER = printed(
    "T-933", "【急襲】これは敵軍ラッシュエリアのユニットにアタックできる。", name="Raider", bp=3500
)
CARDS = [SIDECAR, BIG, PLATE, RAM, RAIDER]


def _a_turns(enter: tuple[str, ...], big: bool = True, raider: bool = False) -> LogBuilder:
    """A rushes the Sidecar (turn 1) and, with ``big``, the Big Rig (turn 3), entering
    ``enter`` in turn 3 in that order; B rushes the Ram (or the Raider) in turn 2 and enters it
    in turn 4."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-939").proceed("A").rush("A", "T-930").proceed("A", 2)
    unit = "T-933" if raider else "T-932"
    b.charge("B", "T-000").proceed("B").rush("B", unit).proceed("B", 2)
    b.charge("A", "T-939").proceed("A")
    if big:
        b.rush("A", "T-931")
    b.proceed("A")
    for code in enter:
        b.enter("A", code)
    b.proceed("A")
    return b.charge("B", "T-000").proceed("B", 2).enter("B", unit)


def test_RS_NOT_ATTACKED_WITH_OWN_read_and_shown() -> None:
    r = read_card(SIDECAR)
    assert r.understood and r.effects == ()
    assert list(r.restrictions) == [
        {"rule": "escort", "if_own": "L", "category": "ET", "size": "L", "bp": 1000}
    ]
    assert render_card(SIDECAR)["reading"] == [
        "It cannot be attacked by an opposing unit while you have a size L unit "
        "(RS-NOT-ATTACKED-WITH-OWN); each size L unit of category ET next to it in the battle area "
        "(left or right) has BP +1000 (RS-NEXT-TO-BP)."
    ]
    for text in (
        TEXT.replace("自軍Lユニット", "敵軍Lユニット"),
        TEXT.replace("隣り合う", "両隣の"),
        TEXT.replace("BP+1000される", "BP-1000される"),
        TEXT.replace("また、", ""),
    ):
        assert not read_card({**SIDECAR, "text": text}).understood, text
    numbered = {**SIDECAR, "combination": {"number": 2, "effects": []}}
    assert not read_card(numbered).restrictions  # a numbered unit's named effect is its NC's


def test_RS_NOT_ATTACKED_WITH_OWN_not_while_an_L_unit_is_there() -> None:
    b = _a_turns(("T-930", "T-931")).attack("B", "T-932", "T-930")
    r = b.replay()
    assert verdict(r, b.last) == "illegal", r["steps"][b.last]
    assert rules_broken(r, b.last) == ["RS-NOT-ATTACKED-WITH-OWN"]
    # without an L unit it may be attacked
    b = _a_turns(("T-930",), big=False).attack("B", "T-932", "T-930")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert area_ids(r, "A", "battle") == []


def test_RS_NEXT_TO_BP_the_unit_beside_it_has_BP_more() -> None:
    # Big Rig (3000 + 1000) stands next to the Sidecar: the Ram (3500) loses
    b = _a_turns(("T-930", "T-931")).attack("B", "T-932", "T-931")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-ATTACK-RESULT" in rules_applied(r, b.last)
    assert area_ids(r, "B", "battle") == []
    assert len(area_ids(r, "A", "battle")) == 2
    # the Sidecar in the rush area: Big Rig alone in the battle area has BP 3000 and loses
    b = _a_turns(("T-931",)).attack("B", "T-932", "T-931")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert area_ids(r, "A", "battle") == []
    assert len(area_ids(r, "B", "battle")) == 1


def test_RS_NEXT_TO_BP_a_rush_area_has_no_order_not_guessed() -> None:
    # both in A's rush area: whether they stand next to each other is not known (3000 or 4000
    # against 3500)
    b = _a_turns((), raider=True).attack("B", "T-933", "T-931")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-NEXT-TO-BP" in rules_applied(r, b.last)
    assert len(area_ids(r, "A", "rush")) == 2  # nothing destroyed
