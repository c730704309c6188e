"""A unit held as it has returned to the rush area, then an opposing rush-area unit put into its
battle area (RS-RETURN-HOLD-PULL), on made-up cards in the catalogue's sentence shape.

The words the tests follow: "これが自軍バトルエリアからラッシュエリアに戻ったとき、これをホールドしてもよい。そうし
たとき、敵軍ラッシュエリアからユニットを1体選び、可能ならバトルエリアに出す。" — once it has returned, its player
*may* hold it; *only if it did*, *one unit* (any size) of the opposing rush area is chosen and put
into the battle area; the start phase returns the battle area's units to the rush area (RS-START).
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
    "【報復の果て】これが自軍バトルエリアからラッシュエリアに戻ったとき、これをホールドしてもよい。そうしたとき、"
    "敵軍ラッシュエリアからユニットを1体選び、可能ならバトルエリアに出す。"
)
AVENGER = printed("T-871", TEXT, name="Avenger", bp=1000, sp=0, size="S")
TANK = card("T-872", name="Tank", bp=3000, sp=0, size="M")
SMALL = card("T-873", name="Small", bp=1000, sp=0, size="S")
CARDS = [AVENGER, TANK, SMALL]


def _names(r: dict[str, Any], pid: str, area: str) -> list[str]:
    return [u["name"] for u in player_state(r, pid)[area]]


def _returning(foe: str = "T-872") -> LogBuilder:
    """Avenger enters in A's turn 1; B rushes ``foe`` (turn 2); A's turn 3 begins: Avenger
    returns to the rush area and its text waits."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-871").proceed("A").enter("A", "T-871")
    b.proceed("A")
    return b.charge("B", "T-000").proceed("B").rush("B", foe).proceed("B", 2)


def test_RS_RETURN_HOLD_PULL_read_and_shown() -> None:
    r = read_card({"type": "unit", "text": TEXT})
    assert r.understood
    assert r.effects[0]["when"] == "on_return" and r.effects[0]["optional"] is True
    assert r.effects[0]["do"] == [
        {"op": "hold"},
        {"op": "to_battle", "target": {"side": "opponent", "zone": "rush", "count": 1,
                                       "type": "unit"}},
    ]  # fmt: skip
    assert render_card(AVENGER)["reading"] == [
        "When this returns from the battle area to the rush area (optional: you may): hold this "
        "unit (only a released unit can be), and if you do: put 1 unit (not a vehicle) in the "
        "opponent's rush area into its owner's battle area if it can (no combination triggers)."
    ]


def test_RS_RETURN_HOLD_PULL_near_misses_are_not_read() -> None:
    for text in (
        TEXT.replace("戻ったとき", "出たとき"),
        TEXT.replace("これをホールドしてもよい。そうしたとき、", ""),
        TEXT.replace("敵軍ラッシュエリア", "自軍ラッシュエリア"),
        TEXT.replace("ユニットを1体", "ユニットを2体"),
    ):
        assert not read_card({"type": "unit", "text": text}).understood, text
    numbered = {"type": "unit", "text": TEXT, "combination": {"number": 2, "effects": []}}
    assert not read_card(numbered).understood


def test_RS_RETURN_HOLD_PULL_held_then_a_unit_of_any_size_pulled() -> None:
    b = _returning().act("A", "resolve", source="T-871", targets=["T-872"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last].get("violations")
    assert "RS-RETURN-HOLD-PULL" in rules_applied(r, b.last - 1) + rules_applied(r, b.last)
    assert _names(r, "B", "battle") == ["Tank"] and _names(r, "B", "rush") == []
    assert [u.get("held", False) for u in player_state(r, "A")["rush"]] == [True]


def test_RS_RETURN_HOLD_PULL_not_used_nothing_happens() -> None:
    b = _returning().act("A", "resolve", source="T-871", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert _names(r, "B", "battle") == [] and _names(r, "B", "rush") == ["Tank"]
    assert [u.get("held", False) for u in player_state(r, "A")["rush"]] == [False]


def test_RS_RETURN_HOLD_PULL_own_unit_cannot_be_chosen() -> None:
    b = _returning().act("A", "resolve", source="T-871", targets=["T-871"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-EFFECT-TARGETS"]


def test_RS_RETURN_HOLD_PULL_a_unit_held_already_pulls_nothing() -> None:
    """Avenger held by its effect in turn 3 enters again and returns in A's turn 5 still held
    (no start phase releases a unit): the effect used again cannot hold it, so nothing is
    pulled."""
    b = _returning().act("A", "resolve", source="T-871", targets=["T-872"])
    b.charge("A", "T-000").proceed("A", 2).enter("A", "T-871").proceed("A")
    b.charge("B", "T-000").proceed("B").rush("B", "T-873").proceed("B", 2)
    b.act("A", "resolve", source="T-871", targets=["T-873"])
    r = b.replay()
    assert "RS-HOLD-SELF" in rules_applied(r, b.last)
    assert _names(r, "B", "battle") == [] and "Small" in _names(r, "B", "rush")
