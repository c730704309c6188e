"""A unit put face down into its owner's power zone as damage (RS-TO-DAMAGE), on made-up
cards in the catalogue's sentence shape.

The sources' words, which the tests follow: "敵軍Sユニットを1体選び、持ち主のパワーゾーンにダメージに
して置く。" (the unit chosen goes into its *owner's* power zone, *as damage*); atwiki 105 ダメージ:
"パワーゾーンにあるウラ向きのカード1枚につき1点", "7点になるとそのプレイヤーは敗北となる",
"ダメージにするカードを特に指定する効果もある"; atwiki 262 撃破: a card that goes to the discard
pile without being destroyed triggers no when-destroyed effect (so neither does one put into the
power zone).
"""

from __future__ import annotations

from typing import Any

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    area_ids,
    card,
    player_state,
    printed,
    rules_applied,
    rules_broken,
    verdict,
)

MOON = (
    "【ダークネスムーンブレイク】自軍ターン中、これがバトルエリアに出たとき、このユニットをホールドしてもよ"
    "い。そうしたとき、敵軍Sユニットを1体選び、持ち主のパワーゾーンにダメージにして置く。"
)
KIBA = {**printed("T-090", MOON, name="Moon Rider", bp=3000, sp=0), "size": "S"}
SMALL = {**card("T-091", bp=1000, sp=0), "size": "S"}
MEDIUM = {**card("T-092", bp=1000, sp=0), "size": "M"}
#: B's unit: when destroyed, B draws a card (it must not trigger when put into the power zone)
LAST_WORD = {
    **card("T-093", bp=1000, sp=0, effects=[{"when": "on_destroyed", "do": [{"op": "draw"}]}]),
    "size": "S",
}
BURN6 = card(
    "T-095",
    "operation",
    name="Burn Six",
    effects=[{"when": "on_use", "do": [{"op": "damage", "n": 6}]}],
)


def _to_the_effect(b_unit: str = "T-091", burn: bool = False) -> LogBuilder:
    """A uses Burn Six on B in turn 1 when ``burn`` (B then has 6 damage); B rushes ``b_unit``
    in turn 2; in turn 3 A rushes Moon Rider and enters it: its when-it-enters effect waits."""
    b = LogBuilder([KIBA, SMALL, MEDIUM, LAST_WORD, BURN6]).setup(first="A")
    b.charge("A", "T-000").proceed("A")
    if burn:
        b.use("A", "T-095")
    b.proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", b_unit).proceed("B", 2)
    return b.charge("A", "T-000").proceed("A").rush("A", "T-090").proceed("A").enter("A", "T-090")


def _damage(r: dict[str, Any], pid: str) -> int:
    return int(player_state(r, pid)["damage"])


def test_RS_TO_DAMAGE_read_from_the_printed_sentence() -> None:
    r = read_card({"type": "unit", "text": MOON})
    assert r.understood
    (effect,) = r.effects
    assert effect["when"] == "on_enter" and effect["optional"] is True
    assert effect["do"] == [
        {"op": "hold"},
        {
            "op": "to_damage",
            "target": {
                "side": "opponent",
                "zone": "field",
                "count": 1,
                "type": "unit",
                "size": "S",
            },
        },
    ]


def test_RS_TO_DAMAGE_the_unit_goes_face_down_into_its_owners_power_zone() -> None:
    b = _to_the_effect()
    before = _damage(b.replay(), "B")
    b.act("A", "resolve", source="T-090", use=True, targets=["T-091"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-TO-DAMAGE" in rules_applied(r, b.last)
    assert area_ids(r, "B", "rush") == []
    assert _damage(r, "B") == before + 1
    assert player_state(r, "A")["damage"] == 0  # the owner's power zone, not the controller's


def test_RS_TO_DAMAGE_no_when_destroyed_effect_triggers() -> None:
    b = _to_the_effect(b_unit="T-093")
    hand = len(player_state(b.replay(), "B")["hand"])
    b.act("A", "resolve", source="T-090", use=True, targets=["T-093"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert len(player_state(r, "B")["hand"]) == hand  # its draw did not happen
    assert "destroyed" not in [e["type"] for e in r["steps"][b.last]["events"]]


def test_RS_TO_DAMAGE_a_size_m_unit_does_not_fit() -> None:
    b = _to_the_effect(b_unit="T-092")
    b.act("A", "resolve", source="T-090", use=True, targets=["T-092"])
    assert "RS-EFFECT-TARGETS" in rules_broken(b.replay(), b.last)


def test_RS_TO_DAMAGE_the_seventh_point_loses_the_game() -> None:
    b = _to_the_effect(burn=True)
    assert _damage(b.replay(), "B") == 6
    b.act("A", "resolve", source="T-090", use=True, targets=["T-091"])
    r = b.replay()
    assert r["summary"]["result"] == {"winner": "A", "reason": "damage"}
    assert "RS-LOSS-DAMAGE" in rules_applied(r, b.last)
