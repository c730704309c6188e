"""A unit's text, while it is in its player's rush area, raising the BP of that player's units of
a category and size while they are attacked (RS-RUSH-GUARD), on made-up cards in the catalogue's
sentence shape.

The sources' words, which the tests follow: the card's own "これが自軍ラッシュエリアにある間、OTを持つ自軍
Lユニットは、アタックされるときBP+2000される。"; the battle phase as the fan wiki summarises it:
"「アタックするとき/されるとき」効果はアタック処理中のみ、終了時に効果終了" (RS-ATTACK-BP).
"""

from __future__ import annotations

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    card,
    player_state,
    printed,
    rules_applied,
    verdict,
)

GUARD_TEXT = "【盾】これが自軍ラッシュエリアにある間、OTを持つ自軍Lユニットは、アタックされるときBP+2000される。"
GUARD = printed("T-010", GUARD_TEXT, name="Guard", category="OT", bp=4000, size="L")
BIG = card("T-003", name="Big", category="OT", bp=3000, size="L")
SMALL = card("T-004", name="Small", category="OT", bp=3000, size="S")
ODD = card("T-005", name="Odd", category="ET", bp=3000, size="L")
OT_CMD = card("T-009", name="OT Command", category="OT")
STRIKER = card("T-002", name="Striker", bp=4500, sp=1, size="S")
REACH = "【届く】これは敵軍ラッシュエリアのユニットにアタックできる。"
REACHER = printed("T-006", REACH, name="Reacher", bp=5000, size="S")
CARDS = [GUARD, BIG, SMALL, ODD, OT_CMD, STRIKER, REACHER]


def attacked(defender: str, *, guard_enters: bool = False) -> LogBuilder:
    """A rushes Guard (turn 1) and ``defender`` (turn 3), which enters (Guard too, with
    ``guard_enters``); B's Striker (BP 4500) attacks ``defender`` in turn 4."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-009").proceed("A").rush("A", "T-010").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-002").proceed("B", 2)
    b.charge("A", "T-009").proceed("A").rush("A", defender).proceed("A").enter("A", defender)
    if guard_enters:
        b.enter("A", "T-010")
    b.proceed("A")
    b.charge("B", "T-000").proceed("B", 2).enter("B", "T-002")
    return b.attack("B", "T-002", defender)


def survivors(b: LogBuilder) -> tuple[list[str], list[str]]:
    """The units left in A's and B's battle areas once the attack has resolved."""
    r = b.replay()
    return (
        [u["name"] for u in player_state(r, "A")["battle"]],
        [u["name"] for u in player_state(r, "B")["battle"]],
    )


def test_RS_RUSH_GUARD_read_from_the_printed_text_and_shown() -> None:
    r = read_card({"type": "unit", "text": GUARD_TEXT})
    assert r.understood and not r.effects
    assert r.restrictions == (
        {"rule": "guard_attacked", "category": "OT", "size": "L", "bp": 2000},
    )
    numbered = {"type": "unit", "text": GUARD_TEXT, "combination": {"number": 2, "effects": []}}
    assert not read_card(numbered).understood  # a numbered unit's named effect is its NC's
    assert not read_card({"type": "vehicle", "text": GUARD_TEXT}).understood
    assert render_card(GUARD)["reading"] == [
        "While it is in your rush area, each size L unit of yours of category OT has BP +2000 "
        "while it is attacked (RS-RUSH-GUARD)."
    ]


def test_RS_RUSH_GUARD_an_OT_L_unit_attacked_has_the_BP_and_wins() -> None:
    b = attacked("T-003")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last].get("violations")
    mine, theirs = survivors(b)
    assert mine == ["Big"] and theirs == []  # 3000 + 2000 beats 4500
    assert "RS-RUSH-GUARD" not in rules_applied(r, b.last)  # nothing in doubt


def test_RS_RUSH_GUARD_another_size_or_category_has_none() -> None:
    for defender in ("T-004", "T-005"):
        mine, theirs = survivors(attacked(defender))
        assert mine == [] and theirs == ["Striker"], defender


def test_RS_RUSH_GUARD_only_while_the_card_is_in_the_rush_area() -> None:
    mine, theirs = survivors(attacked("T-003", guard_enters=True))
    assert "Big" not in mine and theirs == ["Striker"]


def test_RS_RUSH_GUARD_the_card_itself_attacked_in_the_rush_area_is_not_guessed() -> None:
    """Guard (BP 4000) attacked in the rush area by Reacher (BP 5000): counted or not, its own
    text decides the battle, so the step is unverifiable and no unit is destroyed."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-009").proceed("A").rush("A", "T-010").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-006").proceed("B").enter("B", "T-006")
    b.attack("B", "T-006", "T-010")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-RUSH-GUARD" in rules_applied(r, b.last)
    assert [u["name"] for u in player_state(r, "A")["rush"]] == ["Guard"]
