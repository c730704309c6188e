"""An opposing size S unit or command with resist put as damage (RS-RESIST-TO-DAMAGE), on made-up
cards in the catalogue's sentence shape.

The words the tests follow: "レジストを持つ敵軍Sユニットを1体選ぶか、レジストを持つ敵軍コマンドを1つ選び、持ち主のパワーゾ
ーンにダメージにして置く。" — *one* opposing *size S unit with resist*, *or* one opposing *command with
resist*, chosen (not optional) and put *face down* into its owner's power zone (damage).
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
    "【大地の連携】レジストを持つ敵軍Sユニットを1体選ぶか、レジストを持つ敵軍コマンドを1つ選び、"
    "持ち主のパワーゾーンにダメージにして置く。"
)
PAIR = printed("T-881", TEXT, name="Earth Pair", bp=4000, sp=0, size="S",
               combination={"number": 1})  # fmt: skip
#: B's size S unit printing resist; B's unit without it; a card not read naming レジスト
STUBBORN = printed("T-882", "※レジスト", name="Stubborn", bp=1000, sp=0, size="S")
PLAIN = card("T-883", name="Plain", bp=1000, sp=0, size="S")
BREAKER = printed(
    "T-884", "【破壊】このターン、これはレジストを失う。", name="Breaker", bp=1000, sp=0
)
CARDS = [PAIR, STUBBORN, PLAIN, BREAKER]


def _nc(command: str, *units: str) -> LogBuilder:
    """B charges ``command`` (turn 2) and rushes ``units``; A's Earth Pair enters 1st in turn 3:
    its Number Combination waits."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-881").proceed("A", 2)
    b.charge("B", command).proceed("B")
    for u in units:
        b.rush("B", u)
    b.proceed("B", 2)
    return b.charge("A", "T-000").proceed("A", 2).enter("A", "T-881")


def _power(r: dict[str, Any], pid: str) -> list[Any]:
    return player_state(r, pid)["power"]


def test_RS_RESIST_TO_DAMAGE_read_and_shown() -> None:
    r = read_card({"type": "unit", "combination": {"number": 1}, "text": TEXT})
    assert r.understood
    assert r.combination[0]["do"] == [{"op": "resist_to_damage"}]
    assert "optional" not in r.combination[0]
    assert render_card(PAIR)["reading"][-1] == (
        "Number Combination 1: choose 1 opposing size S unit with レジスト (resist: printed, from "
        "the vehicle it rides or its own text) or 1 opposing command whose card prints ※レジスト, "
        "and put it face down into its owner's power zone as damage."
    )


def test_RS_RESIST_TO_DAMAGE_near_misses_are_not_read() -> None:
    for text in (
        TEXT.replace("Sユニット", "ユニット"),
        TEXT.replace("選ぶか、レジストを持つ敵軍コマンドを1つ選び", "選び"),
        TEXT.replace("ダメージにして置く", "置く"),
        TEXT.replace("レジストを持つ敵軍コマンド", "ウイングを持つ敵軍コマンド"),
    ):
        d = {"type": "unit", "combination": {"number": 1}, "text": text}
        assert not read_card(d).understood, text
    assert not read_card({"type": "unit", "text": TEXT}).understood  # no combination number


def test_RS_RESIST_TO_DAMAGE_a_unit_with_resist_put_as_damage() -> None:
    b = _nc("T-000", "T-882").act("A", "resolve", source="T-881", targets=["T-882"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-RESIST-TO-DAMAGE" in rules_applied(r, b.last)
    assert player_state(r, "B")["rush"] == []
    assert player_state(r, "B")["damage"] == 1


def test_RS_RESIST_TO_DAMAGE_a_command_with_resist_put_as_damage() -> None:
    b = _nc("T-882", "T-883").act("A", "resolve", source="T-881", targets=["T-882"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert player_state(r, "B")["command"] == []
    assert player_state(r, "B")["damage"] == 1
    assert [u["name"] for u in player_state(r, "B")["rush"]] == ["Plain"]


def test_RS_RESIST_TO_DAMAGE_a_unit_without_resist_is_illegal() -> None:
    b = _nc("T-000", "T-882", "T-883")
    b.act("A", "resolve", source="T-881", targets=["T-883"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal", r["steps"][b.last]
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_RESIST_TO_DAMAGE_the_one_candidate_taken_when_not_named() -> None:
    b = _nc("T-000", "T-882").act("A", "resolve", source="T-881")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert player_state(r, "B")["damage"] == 1


def test_RS_RESIST_TO_DAMAGE_several_not_named_not_guessed() -> None:
    b = _nc("T-882", "T-882").act("A", "resolve", source="T-881")  # a unit and a command
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert player_state(r, "B")["damage"] == 0


def test_RS_RESIST_TO_DAMAGE_an_unread_card_naming_resist_not_guessed() -> None:
    b = _nc("T-884", "T-882").act("A", "resolve", source="T-881", targets=["T-882"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert player_state(r, "B")["damage"] == 0


def test_RS_RESIST_TO_DAMAGE_none_to_choose_nothing_happens() -> None:
    b = _nc("T-000", "T-883").act("A", "resolve", source="T-881")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert player_state(r, "B")["damage"] == 0
