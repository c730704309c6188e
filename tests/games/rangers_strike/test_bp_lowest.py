"""A unit's note that it is SP N while every opposing unit is of a size (RS-WHILE-OPPOSING-SIZE)
and its text as it enters destroying the unit with the lowest BP of all, one's own when both sides
have one (RS-BP-LOWEST), on made-up cards in the catalogue's sentence shapes.

The sources' words, which the tests follow: the card's own "※敵軍ユニットがSユニットだけなら、これは「SP1」
になる。" and "BPの一番低いユニットを1体選び撃破する。ただし、BPの一番低いユニットが自軍と敵軍にある場合は、自軍
ユニットの中から選ぶこと。"; 「ユニット」 are the cards in the rush and battle areas (the official FAQ as the fan
wiki summarises it).
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

ONLY_S = "※敵軍ユニットがSユニットだけなら、これは「SP1」になる。"
CRUSH = (
    "【威圧】自軍ターン中、これがバトルエリアに出たとき、BPの一番低いユニットを1体選び撃破する。ただし、BPの一番低い"
    "ユニットが自軍と敵軍にある場合は、自軍ユニットの中から選ぶこと。"
)
GIANT = {
    **printed("T-010", f"{ONLY_S} {CRUSH}", name="Giant", bp=6000, sp=0, size="S"),
    "sp_special": True,
}
MID = card("T-003", name="Mid", bp=2000, sp=0, size="S")
LOW = card("T-004", name="Low", bp=1000, sp=0, size="S")
WEAK = card("T-002", name="Weak", bp=1000, sp=0, size="S")
TANK = card("T-005", name="Tank", bp=3000, sp=0, size="M")
CARDS = [GIANT, MID, LOW, WEAK, TANK]


def giant_enters(mine: str, theirs: str) -> LogBuilder:
    """A's ``mine`` (turn 1) and B's ``theirs`` (turn 2) in their rush areas; in turn 3 A's
    ``mine`` enters, then Giant."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", mine).proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", theirs).proceed("B", 2)
    b.charge("A", "T-000").proceed("A").rush("A", "T-010").proceed("A").enter("A", mine)
    return b.enter("A", "T-010")


def names(r: dict[str, Any], pid: str) -> list[str]:
    ps = player_state(r, pid)
    return [u["name"] for u in ps["rush"] + ps["battle"]]


def test_RS_BP_LOWEST_read_from_the_printed_text_and_shown() -> None:
    r = read_card({"type": "unit", "text": f"{ONLY_S} {CRUSH}"})
    assert r.understood
    assert [e["when"] for e in r.effects] == ["static", "on_enter"]
    assert r.effects[0]["do"] == [{"op": "sp", "value": 1, "while": {"opposing_only_size": "S"}}]
    assert r.effects[1]["do"] == [{"op": "destroy_lowest"}]
    numbered = {"type": "unit", "text": CRUSH, "combination": {"number": 2, "effects": []}}
    assert not read_card(numbered).understood
    assert render_card(GIANT)["reading"][1:] == [
        "Always: this unit is SP 1 while every opposing unit (rush or battle area) is a size S "
        "unit.",
        "When it enters the battle area in your turn: destroy the unit with the lowest BP of all "
        "units in rush and battle areas (you choose among several; when both your side and the "
        "opponent's have one, choose among yours).",
    ]


def test_RS_BP_LOWEST_the_lowest_unit_of_all_is_destroyed() -> None:
    b = giant_enters("T-003", "T-002")  # Mid 2000 (A), Weak 1000 (B)
    b.act("A", "resolve", source="T-010")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last].get("violations")
    assert names(r, "B") == [] and names(r, "A") == ["Mid", "Giant"]
    assert "RS-BP-LOWEST" in rules_applied(r, b.last)


def test_RS_BP_LOWEST_a_tie_across_the_sides_takes_ones_own() -> None:
    b = giant_enters("T-004", "T-002")  # Low 1000 (A), Weak 1000 (B)
    b.act("A", "resolve", source="T-010", targets=["T-002"])
    assert rules_broken(b.replay(), b.last) == ["RS-EFFECT-TARGETS"]
    b = giant_enters("T-004", "T-002").act("A", "resolve", source="T-010")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last].get("violations")
    assert names(r, "A") == ["Giant"] and names(r, "B") == ["Weak"]


def test_RS_BP_LOWEST_the_unit_itself_among_the_lowest_is_not_guessed() -> None:
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-010").proceed("A").enter("A", "T-010")
    b.act("A", "resolve", source="T-010")  # Giant is the only unit
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert names(r, "A") == ["Giant"]


def test_RS_WHILE_OPPOSING_SIZE_SP_while_every_opposing_unit_is_size_S() -> None:
    b = giant_enters("T-003", "T-002").act("A", "resolve", source="T-010")
    b.strike("A", "T-010")  # B has no unit left: not known
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-WHILE-OPPOSING-SIZE" in rules_applied(r, b.last)
    b = giant_enters("T-004", "T-002").act("A", "resolve", source="T-010").strike("A", "T-010")
    r = b.replay()  # B's Weak, size S, is left
    assert verdict(r, b.last) == "legal", r["steps"][b.last].get("violations")
    b = giant_enters("T-004", "T-005").act("A", "resolve", source="T-010").strike("A", "T-010")
    r = b.replay()  # Low destroyed; B's Tank, size M, is left: SP 0
    assert rules_broken(r, b.last) == ["RS-STRIKE"]
