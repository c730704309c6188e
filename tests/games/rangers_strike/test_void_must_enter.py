"""A unit's named effect "これが自軍エリアにある間、特徴「X」を持つ自軍ユニットは「これは毎ターン、可能なら
バトルエリアに出る」と書かれていても、そのテキストは無効になる。" (RS-VOID-MUST-ENTER), on made-up cards;
each test from the sentence's wording: while the unit is in its player's rush or battle area, that
player's units with the feature X need not enter the battle area (their note RS-MUST-ENTER is
void); another player's units, and units without the feature, still must."""

from __future__ import annotations

from typing import Any

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    printed,
    rules_applied,
    rules_broken,
    verdict,
)

VOID = (
    "【頼れる背中】これが自軍エリアにある間、特徴「焔」を持つ自軍ユニットは「これは毎ターン、可能なら"
    "バトルエリアに出る」と書かれていても、そのテキストは無効になる。"
)
MUST_ENTER = "※これは毎ターン、可能ならバトルエリアに出る。"
#: the unit whose text voids the note, and a unit that must enter, both with the feature 焔
BACK = {**printed("T-780", VOID, name="Back Wagon"), "features": ["焔"]}
KART = {**printed("T-781", MUST_ENTER, name="Flame Kart"), "features": ["焔"]}
#: a unit that must enter, without the feature
COLD = {**printed("T-782", MUST_ENTER, name="Cold Kart"), "features": ["氷"]}


def ending(back_by: str, kart: dict[str, Any]) -> LogBuilder:
    """``back_by`` rushes Back Wagon (turn 1 for A, turn 2 for B); A rushes ``kart`` on turn 3
    and ends its battle phase without entering it."""
    b = LogBuilder([BACK, KART, COLD]).setup(first="A")
    b.charge("A", "T-000").proceed("A")
    if back_by == "A":
        b.rush("A", "T-780")
    b.proceed("A", 2).charge("B", "T-000").proceed("B")
    if back_by == "B":
        b.rush("B", "T-780")
    b.proceed("B", 2).charge("A", "T-000").proceed("A").rush("A", kart["code"]).proceed("A")
    return b.proceed("A")


def test_RS_VOID_MUST_ENTER_the_sentence_is_read() -> None:
    r = read_card({"type": "unit", "text": VOID})
    assert r.understood
    assert r.restrictions == ({"rule": "void_must_enter", "of": {"side": "own", "feature": "焔"}},)
    assert render_card(BACK)["reading"] == [
        "While it is in your rush or battle area, your units with the feature 焔 need not enter "
        "the battle area: their printed note to enter it every turn if they can is void "
        "(RS-VOID-MUST-ENTER)."
    ]
    for near in (
        VOID.replace("を持つ自軍ユニットは", "を持つユニットは"),  # whose units: not said
        VOID.replace(
            "これが自軍エリアにある間", "これが自軍ラッシュエリアにある間"
        ),  # another area
        VOID.replace("無効になる", "有効になる"),
        VOID.replace("可能なら", ""),  # another note
    ):
        assert not read_card({"type": "unit", "text": near}).understood, near
    # a unit with a combination number: its named effect is its combination's
    assert not read_card({"type": "unit", "text": VOID, "combination": {"number": 2}}).understood
    assert not read_card({"type": "vehicle", "text": VOID}).understood


def test_RS_VOID_MUST_ENTER_a_unit_with_the_feature_need_not_enter() -> None:
    b = ending("A", KART)
    r = b.replay()
    assert [s["verdict"] for s in r["steps"]].count("illegal") == 0
    assert verdict(r, b.last) == "legal"
    assert "RS-VOID-MUST-ENTER" in rules_applied(r, b.last)


def test_RS_VOID_MUST_ENTER_without_it_the_unit_must_enter() -> None:
    b = ending("none", KART)
    assert rules_broken(b.replay(), b.last) == ["RS-MUST-ENTER"]


def test_RS_VOID_MUST_ENTER_a_unit_without_the_feature_still_must_enter() -> None:
    b = ending("A", COLD)
    assert rules_broken(b.replay(), b.last) == ["RS-MUST-ENTER"]


def test_RS_VOID_MUST_ENTER_the_opponents_card_voids_nothing_of_yours() -> None:
    """自軍ユニット: the units of the player whose card it is; B's Back Wagon leaves A's note."""
    b = ending("B", KART)
    assert rules_broken(b.replay(), b.last) == ["RS-MUST-ENTER"]


def test_RS_VOID_MUST_ENTER_the_allys_card_in_tag_battle_is_unverifiable() -> None:
    """A1's Back Wagon, A2's Flame Kart: whether 自軍 takes in the ally's units is not said."""
    b = LogBuilder([BACK, KART], variant="tag").setup(first="A1")
    b.charge("A1", "T-000").proceed("A1").rush("A1", "T-780").proceed("A1", 2)
    b.charge("A2", "T-000").proceed("A2").rush("A2", "T-781").proceed("A2").proceed("A2")
    r = b.replay()
    assert [s["verdict"] for s in r["steps"]].count("illegal") == 0
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-VOID-MUST-ENTER" in rules_applied(r, b.last)
