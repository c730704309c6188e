"""A unit's note barring it from the battle area in its player's turn (RS-CARD-RESTRICTION: "※
これは自軍ターン中、バトルエリアに出られない。"), and a unit's text barring every unit of BP N or less from
striking and attacking in the turn it was rushed (RS-BARS-RUSHED: "【name】これが自軍エリアにある間、
BPN以下のユニットは次の制限を受ける⇒ラッシュしたターンにストライクもアタックもできない。"), on made-up cards
in the catalogue's sentence shapes; each test from the wording."""

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

OWN_TURN = "※これは自軍ターン中、バトルエリアに出られない。"
MOON = "【月詠】これが自軍エリアにある間、BP3000以下のユニットは次の制限を受ける⇒ラッシュしたターンにストライクもアタックもできない。"
SAGE = printed("T-395", f"{OWN_TURN} {MOON}", name="Moon Sage", bp=4000, sp=0, size="S")
#: BP 3000 (barred when rushed that turn) and BP 5000 (never barred)
SMALL = card("T-396", name="Small Blade", bp=3000, sp=1)
LARGE = card("T-397", name="Large Blade", bp=5000, sp=1)


def test_RS_CARD_RESTRICTION_own_turn_note_read_and_shown() -> None:
    for text in (OWN_TURN, OWN_TURN.replace("中、", "中")):
        r = read_card({"type": "unit", "text": text})
        assert r.understood and r.restrictions == ({"rule": "no_enter_own_turn"},), text
    assert not read_card({"type": "vehicle", "text": OWN_TURN}).understood
    assert not read_card({"type": "unit", "text": OWN_TURN.replace("自軍", "敵軍")}).understood


def test_RS_CARD_RESTRICTION_own_turn_it_cannot_enter_in_its_players_turn() -> None:
    b = LogBuilder([SAGE]).setup(first="A").charge("A", "T-000").proceed("A").rush("A", "T-395")
    b.proceed("A", 2).pass_turn("B").charge("A", "T-000").proceed("A", 2).enter("A", "T-395")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-CARD-RESTRICTION"]
    assert "in its player's turn" in r["steps"][b.last]["violations"][0]["message"]


def test_RS_BARS_RUSHED_read_and_shown() -> None:
    r = read_card(SAGE)
    assert r.understood, r.unread
    assert r.restrictions[1] == {"rule": "bars_rushed", "bp_max": 3000}
    assert render_card(SAGE)["reading"] == [
        "It cannot enter the battle area in your turn.",
        "While it is in your rush or battle area, no unit (either side's) with BP 3000 or less may "
        "strike or attack in the turn it was rushed (RS-BARS-RUSHED).",
    ]
    # a numbered unit's named effect is its combination's: not this text
    assert not read_card({**SAGE, "combination": {"number": 1}}).understood


def _acting(unit: str, sage_side: str, act: str, later: bool = False) -> LogBuilder:
    """``sage_side`` has Moon Sage in its rush area (rushed in turn 1 or 2); A rushes ``unit``
    in turn 3 (or turn 1, ``later``: then it acts in turn 3), enters it and ``act``s (a strike,
    or an attack on B's Large Blade in its battle area)."""
    b = LogBuilder([SAGE, SMALL, LARGE]).setup(first="A")
    b.charge("A", "T-000").proceed("A")
    if sage_side == "A":
        b.rush("A", "T-395")
    if later:
        b.rush("A", unit) if sage_side != "A" else None
    b.proceed("A", 2).charge("B", "T-000").proceed("B")
    if sage_side == "B":
        b.rush("B", "T-395")
    b.rush("B", "T-397").proceed("B").enter("B", "T-397").proceed("B")
    b.charge("A", "T-000").proceed("A")
    if not later:
        b.rush("A", unit)
    b.proceed("A").enter("A", unit)
    if act == "strike":
        return b.strike("A", unit)
    return b.attack("A", unit, "T-397")


def test_RS_BARS_RUSHED_a_unit_rushed_this_turn_with_bp_at_most_n_cannot_act() -> None:
    for side, act in (("A", "strike"), ("A", "attack"), ("B", "strike")):  # either side's card
        b = _acting("T-396", side, act)
        r = b.replay()
        assert rules_broken(r, b.last) == ["RS-BARS-RUSHED"], (side, act)


def test_RS_BARS_RUSHED_more_bp_or_rushed_before_it_may() -> None:
    b = _acting("T-397", "B", "strike")  # BP 5000
    assert verdict(b.replay(), b.last) == "legal"
    b = _acting("T-396", "B", "strike", later=True)  # rushed in turn 1
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    b = LogBuilder([SMALL]).setup(first="A").charge("A", "T-000").proceed("A").rush("A", "T-396")
    b.proceed("A").enter("A", "T-396").strike("A", "T-396")  # no such text in play
    assert verdict(b.replay(), b.last) == "legal"


def test_RS_BARS_RUSHED_bp_while_attacking_on_the_other_side_unverifiable() -> None:
    """A unit of BP 3000 that is BP 3500 while it attacks (RS-ATTACK-BP): whether the text bars
    its attack is not known."""
    charger: dict[str, Any] = {
        **printed("T-398", "※これはアタックするときBP+500される。", name="Charger", bp=3000, sp=1),
    }
    b = LogBuilder([SAGE, charger, LARGE]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-395").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-397").proceed("B").enter("B", "T-397")
    b.proceed("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-398").proceed("A").enter("A", "T-398")
    b.attack("A", "T-398", "T-397")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-BARS-RUSHED" in rules_applied(r, b.last)
