"""A unit's named effect "これが自軍バトルエリアにある間、敵軍ターン中、「Y」以外の特徴「X」を持つ自軍Sユニット
はアタックされない。" (RS-SHIELDS-OWN), on made-up cards; each test from the sentence's wording: while
the unit is in its player's battle area, in the opponent's turn, that player's size S units with
the feature X, except those named Y, cannot be attacked."""

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

SHIELDS = (
    "【石の鎧】これが自軍バトルエリアにある間、敵軍ターン中、「ロックガード」以外の特徴「魔」を持つ自軍Sユニット"
    "はアタックされない。"
)
#: the unit whose text shields, itself size S with the feature 魔 and named as excepted
GUARD = {**printed("T-790", SHIELDS, name="ロックガード", bp=1000, size="S"), "features": ["魔"]}
WARD = {**card("T-791", name="Ward", bp=1000, size="S"), "features": ["魔"]}
PLAIN = {**card("T-792", name="Plain", bp=1000, size="S"), "features": ["剣"]}
GOLEM = {**card("T-793", name="Golem", bp=1000, size="M"), "features": ["魔"]}
RAIDER = card("T-794", name="Raider", bp=5000, size="S")
CARDS = [GUARD, WARD, PLAIN, GOLEM, RAIDER]


def attacked(target: dict[str, Any], guard_enters: bool = True) -> LogBuilder:
    """A has Rock Guard (unless not ``guard_enters``: in its rush area) and ``target`` in its
    battle area; in B's turn 4 B's Raider attacks ``target``."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-790").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-794").proceed("B", 2)
    b.charge("A", "T-000").proceed("A")
    if target is not GUARD:
        b.rush("A", target["code"])
    b.proceed("A")
    if guard_enters:
        b.enter("A", "T-790")
    if target is not GUARD:
        b.enter("A", target["code"])
    b.proceed("A").charge("B", "T-000").proceed("B", 2).enter("B", "T-794")
    return b.attack("B", "T-794", target["code"])


def test_RS_SHIELDS_OWN_the_sentence_is_read() -> None:
    r = read_card({"type": "unit", "text": SHIELDS})
    assert r.understood
    assert r.restrictions == (
        {
            "rule": "shields",
            "of": {"side": "own", "size": "S", "feature": "魔", "not_named": "ロックガード"},
        },
    )
    assert render_card(GUARD)["reading"] == [
        "While it is in your battle area, in an opponent's turn, your size S units with the "
        "feature 魔, except those named ロックガード, cannot be attacked (RS-SHIELDS-OWN)."
    ]
    for near in (
        SHIELDS.replace("自軍バトルエリア", "自軍ラッシュエリア"),  # another area
        SHIELDS.replace("敵軍ターン中", "自軍ターン中"),  # another turn
        SHIELDS.replace("を持つ自軍S", "を持つ敵軍S"),  # the opposing side's units
        SHIELDS.replace("アタックされない", "アタックできない"),
    ):
        assert not read_card({"type": "unit", "text": near}).understood, near
    assert not read_card({"type": "unit", "text": SHIELDS, "combination": {"number": 3}}).understood


def test_RS_SHIELDS_OWN_a_unit_so_described_cannot_be_attacked() -> None:
    b = attacked(WARD)
    r = b.replay()
    assert [s["verdict"] for s in r["steps"][:-1]].count("illegal") == 0
    assert rules_broken(r, b.last) == ["RS-SHIELDS-OWN"]


def test_RS_SHIELDS_OWN_the_name_excepted_may_be_attacked() -> None:
    """「ロックガード」以外の: Rock Guard itself is named so, and may be attacked."""
    b = attacked(GUARD)
    assert verdict(b.replay(), b.last) == "legal"


def test_RS_SHIELDS_OWN_only_size_s_units_with_the_feature() -> None:
    for target in (PLAIN, GOLEM):
        b = attacked(target)
        assert verdict(b.replay(), b.last) == "legal", target["name"]


def test_RS_SHIELDS_OWN_only_while_it_is_in_its_battle_area() -> None:
    b = attacked(WARD, guard_enters=False)  # Rock Guard stays in A's rush area
    assert verdict(b.replay(), b.last) == "legal"


def test_RS_SHIELDS_OWN_the_allys_unit_in_tag_battle_is_unverifiable() -> None:
    """A1's Rock Guard, A1's ally A2's Ward: whether 自軍 takes in the ally's units is not said."""
    b = LogBuilder(CARDS, variant="tag").setup(first="A1")
    b.charge("A1", "T-000").proceed("A1").rush("A1", "T-790").proceed("A1", 2)
    b.charge("A2", "T-000").proceed("A2").rush("A2", "T-791").proceed("A2", 2)
    b.charge("B1", "T-000").proceed("B1", 3)
    b.charge("B2", "T-000").proceed("B2").rush("B2", "T-794").proceed("B2", 2)
    b.charge("A1", "T-000").proceed("A1", 2).enter("A1", "T-790").proceed("A1")
    b.charge("A2", "T-000").proceed("A2", 2).enter("A2", "T-791").proceed("A2")
    b.charge("B1", "T-000").proceed("B1", 3)
    b.charge("B2", "T-000").proceed("B2", 2).enter("B2", "T-794").attack("B2", "T-794", "T-791")
    r = b.replay()
    assert [s["verdict"] for s in r["steps"]].count("illegal") == 0, [
        (s["index"], s["violations"]) for s in r["steps"] if s["verdict"] == "illegal"
    ]
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-SHIELDS-OWN" in rules_applied(r, b.last)
