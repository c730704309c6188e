"""A rider combination whose cost is the unit itself into the discard pile, holding an opposing
unit into its owner's command zone, an opposing command discarded first when that zone is full
(RS-SELF-COST-TO-COMMAND), on made-up cards in the catalogue's sentence shape.

The sources' words, which the tests follow: the card's own "このユニットを捨札にして、次の効果を発動してもよい⇒
敵軍バトルエリアから必要パワーの数字が3以下のユニットを1体選び、持ち主のコマンドゾーンにホールド状態で置く。置けなけ
れば敵軍コマンドを1つ選び、捨札にしてから置く。"; the tag rules' command zone, "プレイヤーごとに５枚までのカード
を置くことができます"; atwiki renst 228: an RC unit's named effect takes effect as it rides off.
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

CYCLONE = (
    "【旋風】このユニットを捨札にして、次の効果を発動してもよい⇒敵軍バトルエリアから必要パワーの数字が3以下のユニット"
    "を1体選び、持ち主のコマンドゾーンにホールド状態で置く。置けなければ敵軍コマンドを1つ選び、捨札にしてから置く。"
)
RC: dict[str, Any] = {"rc": True, "effects": []}
GALE = printed("T-010", CYCLONE, name="Gale", bp=1000, combination=RC)
BIKE = card("T-008", "vehicle", name="Bike")
CHEAP = card("T-002", name="Cheap", power=2, bp=1000, sp=0, size="S")
COSTLY = card("T-003", name="Costly", power=4, bp=1000, sp=0, size="S")
CARDS = [GALE, BIKE, CHEAP, COSTLY]


def rides_off(*, extra: int = 0) -> LogBuilder:
    """B (4 power) enters Cheap (power 2) and Costly (power 4), holding 2 + ``extra`` commands;
    then A's Gale enters riding Bike and rides off (its RC triggers)."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-008").proceed("A", 2)
    b.charge("B", "T-000", to="power").proceed("B", 3)
    for _ in range(3):
        b.charge("A", "T-000", to="power").proceed("A", 3)
        b.charge("B", "T-000", to="power").proceed("B", 3)
    for _ in range(extra):
        b.charge("A", "T-000", to="power").proceed("A", 3)
        b.charge("B", "T-000").proceed("B", 3)
    b.charge("A", "T-000").proceed("A").rush("A", "T-010").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-002").proceed("B", 2)
    b.charge("A", "T-000", to="power").proceed("A", 3)
    b.charge("B", "T-000").proceed("B").rush("B", "T-003").proceed("B")
    b.enter("B", "T-002").enter("B", "T-003").proceed("B")
    b.charge("A", "T-000", to="power").proceed("A", 2).enter("A", "T-010", ride="T-008")
    return b.ride_off("A", "T-010")


def names(r: dict[str, Any], pid: str, area: str) -> list[str]:
    return [u["name"] for u in player_state(r, pid)[area]]


def test_RS_SELF_COST_TO_COMMAND_read_from_the_printed_text_and_shown() -> None:
    r = read_card({"type": "unit", "text": CYCLONE, "combination": RC})
    assert r.understood
    (effect,) = r.combination
    assert effect["optional"] is True
    assert effect["do"] == [
        {
            "op": "self_cost_to_command",
            "target": {
                "side": "opponent",
                "zone": "battle",
                "count": 1,
                "type": "unit",
                "power_max": 3,
            },
        }
    ]
    assert not read_card({"type": "unit", "text": CYCLONE}).understood  # no combination
    assert render_card(GALE)["understood"] is True


def test_RS_SELF_COST_TO_COMMAND_the_unit_pays_and_the_opposing_unit_is_held() -> None:
    b = rides_off().act("A", "resolve", source="T-010", targets=["T-002"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last].get("violations")
    assert "Gale" not in names(r, "A", "battle") and len(player_state(r, "A")["discard"]) == 1
    assert names(r, "B", "battle") == ["Costly"]
    assert player_state(r, "B")["command"][-1]["held"] is True
    assert "RS-SELF-COST-TO-COMMAND" in rules_applied(r, b.last)


def test_RS_SELF_COST_TO_COMMAND_a_unit_of_a_higher_number_cannot_be_chosen() -> None:
    b = rides_off().act("A", "resolve", source="T-010", targets=["T-003"])
    assert rules_broken(b.replay(), b.last) == ["RS-EFFECT-TARGETS"]


def test_RS_SELF_COST_TO_COMMAND_not_used_nothing_happens() -> None:
    b = rides_off().act("A", "resolve", source="T-010", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "Gale" in names(r, "A", "battle") and names(r, "B", "battle") == ["Cheap", "Costly"]


def test_RS_SELF_COST_TO_COMMAND_a_full_zone_loses_the_command_named_first() -> None:
    b = rides_off(extra=3)
    first = player_state(b.replay(), "B")["command"][0]["id"]
    assert len(player_state(b.replay(), "B")["command"]) == 5
    b.act("A", "resolve", source="T-010", targets=[first, "T-002"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last].get("violations")
    command = player_state(r, "B")["command"]
    assert len(command) == 5 and first not in [c["id"] for c in command]
    assert first in player_state(r, "B")["discard"] and names(r, "B", "battle") == ["Costly"]


def test_RS_SELF_COST_TO_COMMAND_a_full_zone_without_the_command_named_is_not_guessed() -> None:
    b = rides_off(extra=3).act("A", "resolve", source="T-010", targets=["T-002"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert names(r, "B", "battle") == ["Cheap", "Costly"] and "Gale" in names(r, "A", "battle")
