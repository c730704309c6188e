"""A unit's note that it cannot be attacked by a size S unit while another unit with a feature is
in its player's battle area (RS-CARD-RESTRICTION), and its text as it returns from the battle area
to the rush area putting an opposing unit of the rush area into its battle area (RS-RETURN-PULL),
on made-up cards in the catalogue's sentence shapes.

The sources' words, which the tests follow: the card's own "※これ以外の特徴「X」を持つユニットが自軍バトルエ
リアにあれば、これは敵軍Sユニットにアタックされない。" and "これが自軍バトルエリアからラッシュエリアに戻るとき、敵
軍ラッシュエリアからSユニットを1体選び、可能ならバトルエリアに出してもよい。"; the start phase: units in the
battle area return to the rush area (RS-START).
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

SHIELDED = "※これ以外の特徴「騎士」を持つユニットが自軍バトルエリアにあれば、これは敵軍Sユニットにアタックされない。"
PULL = "【鉤爪】これが自軍バトルエリアからラッシュエリアに戻るとき、敵軍ラッシュエリアからSユニットを1体選び、可能ならバトルエリアに出してもよい。"
PULLER = {
    **printed("T-010", f"{SHIELDED} {PULL}", name="Puller", bp=1000, sp=0, size="S"),
    "features": ["騎士"],
}
KNIGHT = {**card("T-003", name="Knight", bp=1000, sp=0, size="S"), "features": ["騎士"]}
SMALL = card("T-002", name="Small", bp=1000, sp=0, size="S")
TANK = card("T-005", name="Tank", bp=3000, sp=0, size="M")
STRIKER = card("T-004", name="Striker", bp=3000, sp=0, size="S")
CARDS = [PULLER, KNIGHT, SMALL, TANK, STRIKER]


def names(r: dict[str, Any], pid: str, area: str) -> list[str]:
    return [u["name"] for u in player_state(r, pid)[area]]


def returning() -> LogBuilder:
    """Puller enters in A's turn 1; B rushes Small (turn 2); A's turn 3 begins: Puller returns
    to the rush area and its text waits."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-010").proceed("A").enter("A", "T-010")
    b.proceed("A")
    return b.charge("B", "T-000").proceed("B").rush("B", "T-002").proceed("B", 2)


def test_RS_RETURN_PULL_read_from_the_printed_text_and_shown() -> None:
    r = read_card({"type": "unit", "text": f"{SHIELDED} {PULL}"})
    assert r.understood
    assert r.restrictions == (
        {
            "rule": "not_attacked_by",
            "size": "S",
            "while_own_battle": {"feature": "騎士", "other": True},
        },
    )
    assert r.effects[0]["when"] == "on_return" and r.effects[0]["optional"] is True
    numbered = {"type": "unit", "text": PULL, "combination": {"number": 2, "effects": []}}
    assert not read_card(numbered).understood
    assert render_card(PULLER)["reading"] == [
        "While another unit with the feature 騎士 is in your battle area, it cannot be attacked "
        "by a size S unit.",
        "When this returns from the battle area to the rush area (optional: you may): put 1 size "
        "S unit (not a vehicle) in the opponent's rush area into its owner's battle area if it "
        "can (no combination triggers).",
    ]


def test_RS_RETURN_PULL_the_unit_chosen_goes_into_its_battle_area() -> None:
    b = returning().act("A", "resolve", source="T-010", targets=["T-002"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last].get("violations")
    assert names(r, "B", "battle") == ["Small"] and names(r, "B", "rush") == []
    assert "RS-RETURN-PULL" in rules_applied(r, b.last - 1) + rules_applied(r, b.last)
    b.charge("A", "T-000")  # A's turn goes on
    assert verdict(b.replay(), b.last) == "legal"


def test_RS_RETURN_PULL_not_used_nothing_moves() -> None:
    b = returning().act("A", "resolve", source="T-010", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert names(r, "B", "battle") == [] and names(r, "B", "rush") == ["Small"]


def test_RS_RETURN_PULL_a_unit_of_another_size_cannot_be_chosen() -> None:
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-010").proceed("A").enter("A", "T-010")
    b.proceed("A").charge("B", "T-000").proceed("B").rush("B", "T-005").proceed("B", 2)
    b.act("A", "resolve", source="T-010", targets=["T-005"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-EFFECT-TARGETS"]


def attacks_puller(*, knight: bool, attacker: str = "T-004") -> LogBuilder:
    """A's Puller (and Knight, with ``knight``) in A's battle area; B's ``attacker`` attacks it."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-010").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", attacker).proceed("B", 2)
    b.charge("A", "T-000").proceed("A")
    if knight:
        b.rush("A", "T-003")
    b.proceed("A").enter("A", "T-010")
    if knight:
        b.enter("A", "T-003")
    b.proceed("A").charge("B", "T-000").proceed("B", 2).enter("B", attacker)
    return b.attack("B", attacker, "T-010")


def test_RS_CARD_RESTRICTION_not_attacked_by_a_size_S_unit_while_another_has_the_feature() -> None:
    b = attacks_puller(knight=True)
    assert rules_broken(b.replay(), b.last) == ["RS-CARD-RESTRICTION"]
    b = attacks_puller(knight=False)  # its own feature does not count (これ以外の)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last].get("violations")
    b = attacks_puller(knight=True, attacker="T-005")  # a size M unit may
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last].get("violations")
