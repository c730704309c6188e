"""A unit card of one's discard pile chosen, its BP added and クロス gained for the turn
(RS-DISCARD-BP-CROSS), and クロス lowering the numbers and SP denominators of the units to its right
(RS-CROSS), on made-up cards in the catalogue's sentence shape.

The sources' words, which the tests follow: "自軍捨札から、DAを持たないSユニットのカードを1枚選んでもよい。そう
したとき、このターン、これは選んだカードのBPが「+」され、クロス1を得る。" — the player *may* choose *one size S
unit card* of its discard pile *whose category is not DA*; *only if it did*, *this turn* the unit
gets *that card's BP added* and *クロス 1*; クロス's reminder (atwiki renst 2393): "これより右にあるユニッ
トの、ナンバーの数字とSPの分母の数字はX少なくなる。ただし2より少なくならない。".
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

TEXT = (
    "【冒険者になれ】自軍捨札から、DAを持たないSユニットのカードを1枚選んでもよい。そうしたとき、このターン、これは"
    "選んだカードのBPが「+」され、クロス1を得る。"
)
#: A's Number Combination 1 unit, BP 4000
ADVENTURER = printed("T-745", TEXT, name="Adventurer", bp=4000, sp=0, size="S",
                     combination={"number": 1})  # fmt: skip
#: a size S unit card of BP 2000, for A's discard pile
SCOUT = card("T-746", name="Scout", bp=2000, sp=0, size="S")
#: A's unit of combination number 3, its Number Combination a BP change; A's unit of SP 1/3
THIRD = printed("T-748", "【三番】このターン、これはBP+1000される。", name="Third", bp=1000, sp=0,
                size="S", combination={"number": 3})  # fmt: skip
FRACTION = {
    **card("T-749", name="Fraction", bp=1000, sp=0, size="S"),
    "sp_at": {"sp": 1, "position": 3},
}
#: B's unit of BP 9000
STRONG = card("T-747", name="Strong", bp=9000, sp=0)
CARDS = [ADVENTURER, SCOUT, THIRD, FRACTION, STRONG]


def _ids(r: dict[str, Any], pid: str, area: str) -> dict[str, str]:
    return {u["code"]: u["id"] for u in player_state(r, pid)[area]}


def _combined(second: str = "T-748") -> LogBuilder:
    """Scout (turn 1) and the filler (turn 3) of A's are destroyed by B's Strong; in turn 5 A
    rushes the Adventurer and ``second`` and enters the Adventurer (position 1): its Number
    Combination waits."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-746").proceed("A").enter("A", "T-746")
    b.proceed("A")
    b.charge("B", "T-000").proceed("B").rush("B", "T-747").proceed("B").enter("B", "T-747")
    b.attack("B", "T-747", _ids(b.replay(), "A", "battle")["T-746"]).proceed("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-000").proceed("A")
    filler = _ids(b.replay(), "A", "rush")["T-000"]
    b.enter("A", filler).proceed("A")
    b.proceed("B", 2).enter("B", "T-747").attack("B", "T-747", filler).proceed("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-745").rush("A", second).proceed("A")
    return b.enter("A", "T-745")


def _bp(r: dict[str, Any], code: str) -> int:
    return next(u["bp"] for u in player_state(r, "A")["battle"] if u["code"] == code)


def test_RS_DISCARD_BP_CROSS_read_and_shown() -> None:
    r = read_card({"type": "unit", "combination": {"number": 1}, "text": TEXT})
    assert r.understood
    assert r.combination[0]["do"] == [
        {"op": "pick_discard", "find": {"type": "unit", "size": "S", "not_category": "DA"},
         "if_done": True},
        {"op": "picked_bp_and_cross", "cross": 1},
    ]  # fmt: skip
    assert render_card(ADVENTURER)["reading"][-1] == (
        "Number Combination 1 (optional: you may): choose 1 size S unit card whose category is "
        "not DA in your discard pile (it stays there), and if you do: until the end of the turn "
        "this unit gets BP + the BP that card prints and has クロス 1 (the combination numbers and "
        "SP denominators of the units to its right in your battle area 1 less, not below 2)."
    )


def test_RS_DISCARD_BP_CROSS_near_misses_are_not_read() -> None:
    for text in (
        TEXT.replace("DAを持たない", "DAを持つ"),
        TEXT.replace("選んでもよい", "選ぶ"),
        TEXT.replace("「+」され", "「-」され"),
        TEXT.replace("自軍捨札", "敵軍捨札"),
    ):
        defn = {"type": "unit", "combination": {"number": 1}, "text": text}
        assert not read_card(defn).understood, text
    assert not read_card({"type": "unit", "text": TEXT}).understood  # no combination number


def test_RS_DISCARD_BP_CROSS_the_card_chosen_its_bp_added() -> None:
    b = _combined()
    pile = player_state(b.replay(), "A")["discard"]
    assert len(pile) == 2  # Scout and the filler
    b.act("A", "resolve", source="A-1", use=True, targets=["T-746"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-DISCARD-BP-CROSS" in rules_applied(r, b.last)
    assert _bp(r, "T-745") == 6000
    assert player_state(r, "A")["discard"] == pile  # it stays there


def test_RS_DISCARD_BP_CROSS_a_card_that_does_not_fit_is_illegal() -> None:
    b = _combined()
    b.act("A", "resolve", source="A-1", use=True, targets=["T-000"])  # no size S printed
    r = b.replay()
    assert verdict(r, b.last) == "illegal", r["steps"][b.last]
    assert "RS-DISCARD-BP-CROSS" in rules_broken(r, b.last)


def test_RS_DISCARD_BP_CROSS_the_one_card_that_fits_taken_when_not_named() -> None:
    b = _combined()
    b.act("A", "resolve", source="A-1", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _bp(r, "T-745") == 6000


def test_RS_CROSS_a_number_after_it_lowered() -> None:
    b = _combined()
    b.act("A", "resolve", source="A-1", use=True, targets=["T-746"])
    b.enter("A", "T-748")  # position 2: its number 3 is 2 now
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert {"RS-CROSS", "RS-NUMBER-COMBINATION"} <= set(rules_applied(r, b.last))
    # not used: no クロス, and position 2 is not its number
    b = _combined()
    b.act("A", "resolve", source="A-1", use=False).enter("A", "T-748")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-NUMBER-COMBINATION" not in rules_applied(r, b.last)


def test_RS_CROSS_an_sp_denominator_after_it_lowered() -> None:
    b = _combined("T-749")
    b.act("A", "resolve", source="A-1", use=True, targets=["T-746"])
    b.enter("A", "T-749").strike("A", "T-749")  # SP 1/3 at position 2: 1/2 now, SP 1
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-CROSS" in rules_applied(r, b.last)
    b = _combined("T-749")
    b.act("A", "resolve", source="A-1", use=False).enter("A", "T-749").strike("A", "T-749")
    r = b.replay()
    assert verdict(r, b.last) == "illegal", r["steps"][b.last]
    assert "RS-STRIKE" in rules_broken(r, b.last)
