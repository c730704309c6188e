"""An effect that applies only when the opposing side has N or more units more than one's own
(RS-IF-OUTNUMBERED), here a rider combination's that sends an opposing unit of the rush or
battle area face up into its owner's power zone (RS-TO-POWER-ZONE), on made-up cards in the
catalogue's sentence shapes.

The sources' words, which the tests follow: "敵軍Sユニットの数が自軍Sユニットの数より3体以上多いとき、敵軍S
ユニットを1体選び、持ち主のパワーゾーンに送る。" — only *when* the opposing size S units are *3 or more*
more than one's own; 「ユニット」 are the cards of the rush and battle areas ("「ユニット」= rush/battle
上"), a vehicle none ("ユニットとは区別され"); the unit chosen goes face up into its owner's power
zone ("オモテ向きに置きます"). In tag battle 自軍 may be the player's or its team's: where the two
readings disagree, the effect is not guessed.
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

CRUSH = (
    "【雪崩】敵軍Sユニットの数が自軍Sユニットの数より3体以上多いとき、敵軍Sユニットを1体選び、持ち主の"
    "パワーゾーンに送る。"
)
#: A's rider with the rider combination RC, and the vehicle it rides
RIDER = {
    **printed("T-966", CRUSH, name="Rider", bp=2000, sp=1, size="S"),
    "combination": {"rc": True},
}
BIKE = card("T-967", "vehicle", name="Bike")
#: B's size S units, a size M unit and a vehicle (neither counts as a size S unit)
GRUNT = card("T-968", name="Grunt", bp=1000, sp=0, size="S")
TANK = card("T-969", name="Tank", bp=1000, sp=0, size="M")
CAR = card("T-970", "vehicle", name="Car")
CARDS = [RIDER, BIKE, GRUNT, TANK, CAR]
#: each player's deck: the cards above, five Grunts (filled up with filler units)
DECK = ["T-966", "T-967"] * 3 + ["T-968"] * 5 + ["T-969", "T-970"]


def _rode_off(b_rush: list[str], first: str = "B") -> LogBuilder:
    """B rushes ``b_rush`` over its turns (one command more each turn); then A rushes Bike and
    Rider, enters Rider riding Bike and rides off: the rider combination waits for A."""
    b = LogBuilder(CARDS, decks={"A": DECK, "B": DECK}).setup(first=first)
    left = list(b_rush)
    for turn in range(1, 4):
        b.charge("B", "T-000").proceed("B")
        for _ in range(turn):
            if left:
                b.rush("B", left.pop(0))
        b.proceed("B", 2)
        if turn < 3:
            b.charge("A", "T-000").proceed("A", 3)
    assert not left
    b.charge("A", "T-000").proceed("A").rush("A", "T-967").rush("A", "T-966").proceed("A")
    return b.enter("A", "T-966", ride="T-967").ride_off("A", "T-966")


def _zones(b: LogBuilder, pid: str) -> tuple[list[str], list[str]]:
    s = player_state(b.replay(), pid)
    return [u["code"] for u in s["rush"]], s["power"]["face_up"]


def test_RS_IF_OUTNUMBERED_read_from_the_printed_rider_combination_and_shown() -> None:
    (effect,) = read_card({"type": "unit", "combination": {"rc": True}, "text": CRUSH}).combination
    assert effect["if"] == {"opposing_more": 3, "size": "S"}
    assert effect["do"] == [
        {
            "op": "to_power_zone",
            "target": {
                "side": "opponent",
                "zone": "field",
                "count": 1,
                "type": "unit",
                "size": "S",
            },
        }
    ]
    assert "optional" not in effect
    assert render_card(RIDER)["reading"] == [
        "Rider Combination RC (when it rides off a vehicle in its battle phase), if the opposing "
        "side has at least 3 more size S units than you (rush and battle areas): put 1 size S "
        "unit (not a vehicle) in the opponent's rush or battle area face up into its owner's "
        "power zone (not destroyed)."
    ]


def test_RS_IF_OUTNUMBERED_near_misses_are_not_read() -> None:
    def understood(text: str) -> bool:
        return read_card({"type": "unit", "combination": {"rc": True}, "text": text}).understood

    assert understood(CRUSH)
    assert not understood(CRUSH.replace("自軍Sユニットの数", "自軍Mユニットの数"))  # sizes differ
    assert not understood(CRUSH.replace("3体以上多い", "3体以上少ない"))
    assert not understood(CRUSH.replace("3体以上", "3体"))


def test_RS_IF_OUTNUMBERED_with_3_more_the_unit_chosen_goes_to_its_owners_power_zone() -> None:
    """B: 4 size S units; A: Rider alone (size S, riding): 4 - 1 = 3."""
    b = _rode_off(["T-968"] * 4)
    b.act("A", "resolve", source="T-966", targets=["B-7"])  # B's first Grunt
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-IF-OUTNUMBERED" in rules_applied(r, b.last)
    rush, power = _zones(b, "B")
    assert rush == ["T-968"] * 3
    assert power == ["B-7"]  # face up, B's power


def test_RS_IF_OUTNUMBERED_vehicles_and_other_sizes_do_not_count_so_nothing_happens() -> None:
    """B: 3 size S units, a size M unit and a vehicle: 3 - 1 = 2 size S units more. Nothing is
    chosen: a resolve naming none is right, and one naming a unit takes none."""
    b = _rode_off(["T-968", "T-968", "T-969", "T-970", "T-968"])
    b.act("A", "resolve", source="T-966")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-IF-OUTNUMBERED" in rules_applied(r, b.last)
    assert _zones(b, "B")[0] == ["T-968", "T-968", "T-969", "T-970", "T-968"]
    named = _rode_off(["T-968", "T-968", "T-969", "T-970", "T-968"])
    named.act("A", "resolve", source="T-966", targets=["T-968"])
    r = named.replay()
    assert verdict(r, named.last) == "legal", r["steps"][named.last]
    assert _zones(named, "B")[1] == []


def test_RS_IF_OUTNUMBERED_tag_readings_that_disagree_are_not_guessed() -> None:
    """Team B: 4 size S units (two each); A2's Rider alone in A2's areas (4 - 1 = 3) while A1
    has a size S unit in its rush area (team A: 2, so 4 - 2 = 2): 自軍 read as A2's and as its
    team's disagree, so nothing is carried out and the step is unverifiable."""
    decks = {p: DECK for p in ("A1", "A2", "B1", "B2")}
    b = LogBuilder(CARDS, variant="tag", decks=decks).setup(first="B1")
    b.charge("B1", "T-000").proceed("B1").rush("B1", "T-968").proceed("B1", 2)
    b.charge("B2", "T-000").proceed("B2").rush("B2", "T-968").proceed("B2", 2)
    b.charge("A1", "T-000").proceed("A1").rush("A1", "T-968").proceed("A1", 2)
    b.charge("A2", "T-000").proceed("A2", 3)
    b.charge("B1", "T-000").proceed("B1").rush("B1", "T-968").proceed("B1", 2)
    b.charge("B2", "T-000").proceed("B2").rush("B2", "T-968").proceed("B2", 2)
    b.proceed("A1", 3)
    b.charge("A2", "T-000").proceed("A2").rush("A2", "T-967").rush("A2", "T-966").proceed("A2")
    b.enter("A2", "T-966", ride="T-967").ride_off("A2", "T-966")
    b.act("A2", "resolve", source="T-966", targets=["B2-7"])
    r = b.replay()
    assert [s["verdict"] for s in r["steps"][:-1]].count("illegal") == 0
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-IF-OUTNUMBERED" in rules_applied(r, b.last)
    assert player_state(r, "B2")["power"]["face_up"] == []
