"""A unit's note that it cannot attack a size S unit (RS-CARD-RESTRICTION) and its named effect
sending a vehicle of its player's battle area, the unit riding it first, into the power zone
(RS-VEHICLE-TO-POWER), on made-up cards in the catalogue's sentence shapes.

The sources' words, which the tests follow: the card's own "自軍バトルエリアからビークルを1体選んでも
よい。そうしたとき、選んだビークルにライドしているユニットがあれば、そのユニットをパワーゾーンに送る。その後、選んだビ
ークルをパワーゾーンに送る。"; the official card Q&A (RS-024): "パワーゾーンに送られるユニットのカードはオモ
テ向きに置きますか？" "はい、オモテ向きに置きます。"; atwiki renst 141 A8: a vehicle stays in its place
as the unit riding it is moved to the power zone ("いいえ、その場に残ります").
"""

from __future__ import annotations

from typing import Any

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    card,
    event_types,
    player_state,
    printed,
    rules_applied,
    rules_broken,
    verdict,
)

NO_S = "※これはSユニットにアタックすることができない。"
HANGAR = (
    "【格納】自軍ターン中、これがバトルエリアに出たとき、自軍バトルエリアからビークルを1体選んでもよい。"
    "そうしたとき、選んだビークルにライドしているユニットがあれば、そのユニットをパワーゾーンに送る。その後、"
    "選んだビークルをパワーゾーンに送る。"
)
CARRIER = printed("T-010", f"{NO_S} {HANGAR}", name="Carrier", bp=4000, size="L")
RIDER = card(
    "T-001", name="Rider", bp=3000, sp=1, size="S", combination={"rc": True, "effects": []}
)
BIKE = card("T-008", "vehicle", name="Bike")
SMALL = card("T-002", name="Small", bp=1000, sp=1, size="S")
MEDIUM = card("T-003", name="Medium", bp=1000, sp=1, size="M")


def carrier_enters(*, off: bool = False, cards: tuple[dict[str, Any], ...] = ()) -> LogBuilder:
    """A rushes Bike (turn 1), then Rider and Carrier (turn 3); Rider enters riding Bike (and
    rides off, with ``off``) and strikes; then Carrier enters, its effect waiting."""
    b = LogBuilder([CARRIER, RIDER, BIKE, *cards]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-008").proceed("A", 2).pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-001").rush("A", "T-010").proceed("A")
    b.enter("A", "T-001", ride="T-008")
    if off:
        b.ride_off("A", "T-001")
    return b.strike("A", "T-001").enter("A", "T-010")


#: the instance ids the builder gives Rider and Bike (A's deck: Carrier, Rider, Bike, 3 each)
RIDER_ID, BIKE_ID = "A-4", "A-7"


def face_up(r: dict[str, Any], pid: str) -> list[str]:
    return list(player_state(r, pid)["power"]["face_up"])


def test_RS_VEHICLE_TO_POWER_read_from_the_printed_text_and_shown() -> None:
    r = read_card({"type": "unit", "text": f"{NO_S} {HANGAR}"})
    assert r.understood
    assert r.restrictions == ({"rule": "no_attack_on", "size": "S"},)
    assert [e["when"] for e in r.effects] == ["on_enter"]
    assert r.effects[0]["optional"] is True
    assert r.effects[0]["do"] == [
        {
            "op": "vehicle_to_power",
            "target": {"side": "own", "zone": "battle", "count": 1, "type": "vehicle"},
        }
    ]
    numbered = {"type": "unit", "text": HANGAR, "combination": {"number": 3, "effects": []}}
    assert not read_card(numbered).understood  # a numbered unit's named effect is its NC's
    assert not read_card(
        {"type": "unit", "text": HANGAR.replace("自軍バトル", "敵軍バトル")}
    ).understood
    assert not read_card({"type": "vehicle", "text": NO_S}).understood
    shown = render_card(CARRIER)
    assert shown["understood"] is True
    assert shown["reading"] == [
        "It cannot attack a size S unit.",
        "When it enters the battle area in your turn (optional: you may): choose 1 vehicle in "
        "your battle area, ridden or not; if you do, the unit riding it, if any, is sent face up "
        "into its owner's power zone (not destroyed), then the vehicle is sent face up into its "
        "owner's power zone.",
    ]


def test_RS_VEHICLE_TO_POWER_the_rider_then_the_vehicle_go_face_up_into_the_power_zone() -> None:
    b = carrier_enters().act("A", "resolve", source="T-010", targets=["T-008"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last].get("violations")
    assert [u["name"] for u in player_state(r, "A")["battle"]] == ["Carrier"]
    assert face_up(r, "A") == [RIDER_ID, BIKE_ID]  # the rider first, both face up
    types = event_types(r, b.last)
    assert "destroyed" not in types and types.count("to_power") == 2
    assert "RS-VEHICLE-TO-POWER" in rules_applied(r, b.last)
    assert "RS-TO-POWER-ZONE" in rules_applied(r, b.last)


def test_RS_VEHICLE_TO_POWER_a_vehicle_no_unit_rides_goes_alone() -> None:
    b = carrier_enters(off=True).act("A", "resolve", source="T-010", targets=["T-008"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last].get("violations")
    assert [u["name"] for u in player_state(r, "A")["battle"]] == ["Rider", "Carrier"]
    assert face_up(r, "A") == [BIKE_ID]
    assert event_types(r, b.last).count("to_power") == 1


def test_RS_VEHICLE_TO_POWER_not_used_nothing_moves() -> None:
    b = carrier_enters().act("A", "resolve", source="T-010", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert [u["name"] for u in player_state(r, "A")["battle"]] == ["Rider", "Carrier"]
    assert "to_power" not in event_types(r, b.last) and face_up(r, "A") == []


def test_RS_VEHICLE_TO_POWER_a_unit_is_no_vehicle_to_name() -> None:
    b = carrier_enters(off=True).act("A", "resolve", source="T-010", targets=["T-001"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-EFFECT-TARGETS"]
    assert [u["name"] for u in player_state(r, "A")["battle"]] == ["Bike", "Rider", "Carrier"]


def test_RS_CARD_RESTRICTION_a_unit_that_cannot_attack_a_size_S_unit() -> None:
    def facing(opposing: str) -> LogBuilder:
        b = LogBuilder([CARRIER, SMALL, MEDIUM]).setup(first="A")
        b.charge("A", "T-000").proceed("A").rush("A", "T-010").proceed("A", 2)
        b.charge("B", "T-000").proceed("B").rush("B", opposing).proceed("B")
        b.enter("B", opposing).proceed("B")
        b.charge("A", "T-000").proceed("A", 2).enter("A", "T-010")
        return b.act("A", "resolve", source="T-010", use=False).attack("A", "T-010", opposing)

    b = facing("T-002")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-CARD-RESTRICTION"]
    b = facing("T-003")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last].get("violations")


def test_RS_VEHICLE_TO_POWER_tag_the_allys_vehicle_is_not_guessed() -> None:
    """自軍バトルエリア in tag battle may be the team's: the ally's Bike named is not illegal, and
    nothing is moved (the step is unverifiable)."""
    b = LogBuilder([CARRIER, RIDER, BIKE], variant="tag").setup(first="A1")
    b.charge("A1", "T-000").proceed("A1").rush("A1", "T-008").proceed("A1", 2)
    b.charge("A2", "T-000").proceed("A2").rush("A2", "T-010").proceed("A2", 2)
    for p in ("B1", "B2"):
        b.charge(p, "T-000").proceed(p, 3)
    b.charge("A1", "T-000").proceed("A1").rush("A1", "T-001").proceed("A1")
    b.enter("A1", "T-001", ride="T-008").strike("A1", "T-001").proceed("A1")
    b.charge("A2", "T-000").proceed("A2", 2).enter("A2", "T-010")
    (ridden,) = player_state(b.replay(), "A1")["battle"]
    b.act("A2", "resolve", source="T-010", targets=[ridden["vehicle"]])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-VEHICLE-TO-POWER" in rules_applied(r, b.last)
    assert len(player_state(r, "A1")["battle"]) == 1 and not face_up(r, "A1")
