"""An effect's condition that the opposing battle area holds units of one size only
(RS-IF-OPPOSING-ONLY-SIZE), on made-up cards in the catalogue's sentence shape: a rider
combination's "【name】敵軍バトルエリアのユニットがSユニットだけなら、このターン、これは「SP1」になる。" — *if the
units of the opposing battle area are size S units only*, *this turn* this unit *is SP 1*.
"""

from __future__ import annotations

from typing import Any

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    area_ids,
    card,
    player_state,
    printed,
    rules_applied,
    verdict,
)

TEXT = "【角】敵軍バトルエリアのユニットがSユニットだけなら、このターン、これは「SP1」になる。"
#: A's unit with the rider combination RC and the text
HORN = printed(
    "T-970", TEXT, name="Horn", bp=3000, sp=0, size="S", combination={"rc": True, "effects": []}
)
BIKE = card("T-971", "vehicle", name="Bike")
SMALL = card("T-972", name="Small", bp=1000, sp=1, size="S")
BIG = card("T-973", name="Big", bp=1000, sp=1, size="M")
CARDS = [HORN, BIKE, SMALL, BIG]


def _ridden_off(b_unit: str | None) -> LogBuilder:
    """B (first) has ``b_unit`` (a code) in its battle area, or none; in turn 4 A's Horn enters
    riding Bike and rides off: its rider combination triggers."""
    b = LogBuilder(CARDS).setup(first="B")
    b.charge("B", "T-000").proceed("B")
    if b_unit is not None:
        b.rush("B", b_unit).proceed("B").enter("B", b_unit).proceed("B")
    else:
        b.proceed("B", 2)
    b.charge("A", "T-000").proceed("A").rush("A", "T-971").proceed("A", 2)
    b.charge("B", "T-000").proceed("B", 2)
    if b_unit is not None:
        b.enter("B", b_unit)
    b.proceed("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-970").proceed("A")
    return b.enter("A", "T-970", ride="T-971").ride_off("A", "T-970")


def _sp(r: dict[str, Any]) -> int:
    return next(u["sp"] for u in player_state(r, "A")["battle"] if u["code"] == "T-970")


def test_RS_IF_OPPOSING_ONLY_SIZE_read_and_shown() -> None:
    r = read_card(HORN)
    assert r.understood and r.combination[0]["if"] == {"opposing_battle_only": "S"}
    assert r.combination[0]["do"] == [{"op": "sp", "value": 1, "until": "turn"}]
    assert render_card(HORN)["reading"][-1] == (
        "Rider Combination RC (when it rides off a vehicle in its battle phase), if every unit in "
        "the opponent's battle area is a size S unit: this unit is SP 1 until the end of the turn."
    )
    for text in (
        TEXT.replace("敵軍バトルエリアのユニット", "敵軍ユニット"),
        TEXT.replace("だけなら", "がいるなら"),
        TEXT.replace("このターン、", ""),
    ):
        assert not read_card({**HORN, "text": text}).understood, text
    assert not read_card({**HORN, "combination": None}).understood  # no number, no RC: not read


def test_RS_IF_OPPOSING_ONLY_SIZE_only_s_units_it_is_sp_1() -> None:
    b = _ridden_off("T-972")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert area_ids(r, "B", "battle")
    assert "RS-IF-OPPOSING-ONLY-SIZE" in rules_applied(r, b.last)
    assert _sp(r) == 1


def test_RS_IF_OPPOSING_ONLY_SIZE_an_m_unit_there_nothing_happens() -> None:
    b = _ridden_off("T-973")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-IF-OPPOSING-ONLY-SIZE" in rules_applied(r, b.last)
    assert _sp(r) == 0


def test_RS_IF_OPPOSING_ONLY_SIZE_no_opposing_unit_is_not_guessed() -> None:
    b = _ridden_off(None)
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "RS-IF-OPPOSING-ONLY-SIZE" in rules_applied(r, b.last)
