"""A unit that may attack the rush area (RS-ATTACK-RUSH-AREA), on made-up cards.

The source's words, which the tests follow: the printed "これは敵軍ラッシュエリアのユニットにアタッ
クできる。" (it *can* attack a unit in the opposing rush area: besides the battle area, where any
unit attacks), a unit's own named effect when it has no combination number.
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
    rules_broken,
    verdict,
)

TEXT = "【翔ける翼】これは敵軍ラッシュエリアのユニットにアタックできる。"


WING = printed("T-090", TEXT, name="Sky Wing", bp=5000)
PLAIN = card("T-092", name="Plain Striker", bp=5000)
LOW = card("T-091", name="Low Guard", bp=2000)


def _b_rushes_low(attacker: str) -> LogBuilder:
    """B rushes T-091 and leaves it in its rush area; A rushes ``attacker`` and enters it."""
    b = LogBuilder([WING, PLAIN, LOW]).setup(first="A")
    b.pass_turn("A").charge("B", "T-000").proceed("B").rush("B", "T-091").proceed("B", 2)
    b.charge("A", "T-000").proceed("A").rush("A", attacker).proceed("A").enter("A", attacker)
    return b


def test_RS_ATTACK_RUSH_AREA_read_for_a_unit_without_a_number_and_shown() -> None:
    r = read_card({"type": "unit", "text": TEXT})
    assert r.understood and r.restrictions == ({"rule": "attack_rush"},)
    # a unit with a number: its named effect is its Number Combination, not read so
    assert not read_card({"type": "unit", "combination": {"number": 2}, "text": TEXT}).understood
    assert render_card(WING)["reading"] == [
        "It may attack a unit in the opponent's rush area too (RS-ATTACK-RUSH-AREA)."
    ]


def test_RS_ATTACK_RUSH_AREA_it_attacks_a_unit_in_the_rush_area() -> None:
    b = _b_rushes_low("T-090").attack("A", "T-090", "T-091")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-ATTACK-RUSH-AREA" in rules_applied(r, b.last)
    assert player_state(r, "B")["rush"] == []  # 5000 against 2000: destroyed
    assert "B-" in " ".join(player_state(r, "B")["discard"])


def test_RS_ATTACK_RUSH_AREA_a_unit_without_it_cannot() -> None:
    b = _b_rushes_low("T-092").attack("A", "T-092", "T-091")
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-ATTACK" in rules_broken(r, b.last)  # B's battle area is empty
    assert "RS-ATTACK-RUSH-AREA" not in rules_applied(r, b.last)
