"""A unit of the opponent's put into its battle area by an effect (RS-TO-BATTLE), on made-up
cards in the catalogue's sentence shapes.

The sources' words, which the tests follow: "相手は自分自身のラッシュエリアからSユニットを1体選び、可
能ならバトルエリアに出す。" — the *opponent* chooses among *its own* rush area's units, which goes into
the battle area *if it can* (「可能なら～」は不可能時は不発); a combination triggers only for a unit
entering in its player's own battle phase (atwiki 267).
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
    verdict,
)

THROW = "【投げ】相手は自分自身のラッシュエリアからSユニットを1体選び、可能ならバトルエリアに出す。"
THROWER = printed("T-350", THROW, name="Thrower", bp=4000, sp=0, combination={"number": 1})
#: B's units: one plain, one that cannot enter the battle area, and one with a combination 1
PLAIN = card("T-351", name="Plain", bp=1000, sp=0, size="S")
STUCK = printed("T-352", "※これはバトルエリアに出られない。", name="Stuck", bp=1000, sp=0, size="S")
NUMBER1 = card(
    "T-353",
    name="Number One",
    bp=1000,
    sp=0,
    size="S",
    combination={"number": 1, "effects": [{"do": [{"op": "draw", "n": 1}]}]},
)


def _thrown(b_unit: str, targets: list[Any] | None) -> tuple[LogBuilder, dict[str, Any]]:
    """B rushes ``b_unit`` in turn 2; in turn 3 A's Thrower enters first (its combination 1)
    and the effect resolves with ``targets`` (None: not recorded)."""
    b = LogBuilder([THROWER, PLAIN, STUCK, NUMBER1]).setup(first="A")
    b.pass_turn("A")
    b.charge("B", "T-000").proceed("B").rush("B", b_unit).proceed("B", 2)
    b.charge("A", "T-000").proceed("A").rush("A", "T-350").proceed("A").enter("A", "T-350")
    fields: dict[str, Any] = {} if targets is None else {"targets": targets}
    b.act("A", "resolve", source="T-350", **fields)
    return b, b.replay()


def test_RS_TO_BATTLE_read_from_the_printed_sentence_and_shown() -> None:
    r = read_card({"type": "unit", "combination": {"number": 1}, "text": THROW})
    assert r.understood
    assert r.combination[0]["do"] == [
        {
            "op": "to_battle",
            "target": {
                "side": "opponent",
                "zone": "rush",
                "count": 1,
                "type": "unit",
                "size": "S",
                "chooser": "opponent",
            },
        }
    ]
    assert "into its owner's battle area if it can" in render_card(THROWER)["reading"][-1]


def test_RS_TO_BATTLE_the_unit_chosen_goes_into_its_battle_area_and_can_be_attacked() -> None:
    b, r = _thrown("T-353", None)  # the only one: the opponent's choice is forced
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-TO-BATTLE" in rules_applied(r, b.last)
    (unit,) = player_state(r, "B")["battle"]
    assert unit["code"] == "T-353" and player_state(r, "B")["rush"] == []
    # put there in A's turn at position 1: its own combination 1 does not trigger
    assert "RS-NUMBER-COMBINATION" not in rules_applied(r, b.last)
    assert not [e for e in r["steps"][b.last]["events"] if e["type"] == "draw"]
    b.attack("A", "T-350", unit["id"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]


def test_RS_TO_BATTLE_a_unit_that_cannot_enter_stays() -> None:
    b, r = _thrown("T-352", None)
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert player_state(r, "B")["battle"] == []
    assert [u["code"] for u in player_state(r, "B")["rush"]] == ["T-352"]
