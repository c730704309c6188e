"""A Number Combination that makes the next unit's combination trigger its NC whatever its
number, that unit unable to strike (RS-NEXT-COMBINATION, RS-COMBINATION-TURN), on made-up cards in
the catalogue's sentence shape.

The sources' words, which the tests follow: "このターン、このユニットの次にコンビネーションするCN4を持つ自軍Sユ
ニットは、そのＮＣの効果を発動する。ただし、ストライクはできない。" — *this turn*, *one's own size S unit with
combination number 4* that *combines next after this unit* (enters directly after it: a combination
is units lined up) *activates its NC effect*; *but it cannot strike*.
"""

from __future__ import annotations

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    player_state,
    printed,
    rules_applied,
    rules_broken,
    verdict,
)

TEXT = (
    "【任務一】このターン、このユニットの次にコンビネーションするCN4を持つ自軍Sユニットは、そのＮＣの効果を発動する。"
    "ただし、ストライクはできない。"
)
#: A's unit, Number Combination 1, SP 0
MISSION = printed("T-760", TEXT, name="Mission", bp=2000, sp=0, size="S", combination={"number": 1})
#: a size S unit, Number Combination 4: this unit BP +2000 for the turn
FOUR = printed(
    "T-761",
    "【四の力】このターン、これはBP+2000される。",
    name="Four",
    bp=2000,
    sp=1,
    size="S",
    combination={"number": 4},
)
#: the same with Number Combination 3
THREE = {**FOUR, "code": "T-762", "name": "Three", "combination": {"number": 3}}
#: the same, size M
LARGE = {**FOUR, "code": "T-763", "name": "Large", "size": "M"}
CARDS = [MISSION, FOUR, THREE, LARGE]


def _after(code: str) -> tuple[LogBuilder, str]:
    """A's turn 3: A rushes the Mission and ``code``; the Mission enters first (its Number
    Combination 1), then ``code`` directly after it."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A", 3).pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-760").rush("A", code).proceed("A")
    rush = player_state(b.replay(), "A")["rush"]
    mission = next(u["id"] for u in rush if u["code"] == "T-760")
    other = next(u["id"] for u in rush if u["code"] == code)
    return b.enter("A", mission).enter("A", other), other


def _bp(b: LogBuilder, iid: str) -> int:
    return int(next(u["bp"] for u in player_state(b.replay(), "A")["battle"] if u["id"] == iid))


def test_RS_NEXT_COMBINATION_read_from_the_printed_named_effect_and_shown() -> None:
    r = read_card(MISSION)
    assert r.understood
    assert r.combination[0]["when"] == "next_combination"
    assert r.combination[0]["of"] == {"number": 4, "size": "S"}
    assert r.combination[0]["do"] == [{"op": "next_nc", "no_strike": True}]
    assert render_card(MISSION)["reading"][-1] == (
        "Number Combination 1: until the end of the turn, when a unit enters your battle area "
        "directly after this unit (the next to combine after it): if it is a size S unit of yours "
        "with combination number 4, its Number Combination (NC) effect triggers, whatever its "
        "position, and it cannot strike this turn (once: the first unit to enter there uses it "
        "up)."
    )


def test_RS_NEXT_COMBINATION_near_misses_are_not_read() -> None:
    for text in (
        TEXT.replace("ただし、ストライクはできない。", ""),
        TEXT.replace("自軍Sユニット", "敵軍Sユニット"),
        TEXT.replace("次に", "前に"),
        TEXT.replace("このターン、", ""),
        TEXT.replace("そのＮＣの効果", "そのＲＣの効果"),
    ):
        assert not read_card({**MISSION, "text": text}).understood, text
    assert not read_card({**MISSION, "combination": None}).understood  # no combination


def test_RS_NEXT_COMBINATION_the_next_cn4_unit_has_its_nc_at_position_2() -> None:
    b, four = _after("T-761")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-NEXT-COMBINATION" in rules_applied(r, b.last)
    assert _bp(b, four) == 4000  # its NC: "これはBP+2000される"


def test_RS_NEXT_COMBINATION_that_unit_cannot_strike() -> None:
    b, four = _after("T-761")
    b.strike("A", four)
    assert rules_broken(b.replay(), b.last) == ["RS-NEXT-COMBINATION"]


def test_RS_NEXT_COMBINATION_another_unit_entering_there_gets_nothing() -> None:
    for code in ("T-762", "T-763"):  # combination number 3; size M
        b, other = _after(code)
        r = b.replay()
        assert verdict(r, b.last) == "legal", r["steps"][b.last]
        assert "RS-NEXT-COMBINATION" in rules_applied(r, b.last)
        assert _bp(b, other) == 2000, code
        b.strike("A", other)
        assert verdict(b.replay(), b.last) == "legal", code  # not barred
