"""Vehicles, riding, riding off and the rider combination RC (RS-VEHICLE, RS-RIDE, RS-RIDER,
RS-RIDE-OFF, RS-RIDER-COMBINATION), on made-up cards.

The sources' words, which the tests follow:

- official card Q&A, RS-108: "ユニットをビークルにライドさせることができるのは、自軍バトルフェイズに
  ユニットがバトルエリアに出るときだけです。" — a unit rides only as it enters, in its battle phase;
- atwiki renst 141 (vehicles): a vehicle is not a unit ("ユニットを対象とした効果を受けない"), "基本的
  にユニットにライドされなければバトルエリアに出られない", "アタックすることはできず、アタックの対象にも
  ならない", and its Q&A: the unit stays riding when it returns (A1), the vehicle stays when the
  unit is destroyed (A7);
- atwiki renst 156 (riding): "ライド出来るのは、ＲＣを持つか、ビークル側のテキストで指定されたユニット",
  "1体のビークルにライドできるユニットは1体まで", "「それ以外のユニットはライドできない」…ＲＣを持つ
  ユニットでもそのビークルにはライドできない";
- atwiki renst 594 (riding off): "ライドオフはバトルエリアに出たあとで、アタックやストライクを行う直前
  にしかできません", "そのユニットはライドしていたビークルの次に並び", any unit riding may ride off
  (A3);
- atwiki renst 228 (RC): "そのユニットがライドオフした場合にライディングコンビネーションが発動し、効果名を
  持つテキストの効果が有効になる。"
"""

from __future__ import annotations

from typing import Any

from judge.core.replay import position
from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    area_ids,
    card,
    event_texts,
    event_types,
    player_state,
    printed,
    rules_applied,
    rules_broken,
    ruling_texts,
    verdict,
)

DRAW = [{"when": "combination", "text": "Rider Combination: draw 1 card.", "do": [{"op": "draw"}]}]
RIDER = card("T-001", name="Rider", bp=3000, sp=2, combination={"rc": True, "effects": DRAW})
PLAIN = card("T-002", name="Plain", bp=1000, sp=1)
NAMED = card("T-003", name="Named", bp=2500, sp=1)
BIKE = card("T-008", "vehicle", name="Bike")
BOAT = card("T-009", "vehicle", name="Boat", ridden_by={"names": ["Named"]})
SOLO = card("T-007", "vehicle", name="Solo", ridden_by={"names": ["Named"], "only": True})
BIG = card("T-004", name="Big", bp=5000, sp=1)
COMBO = card(
    "T-005",
    name="Combo",
    bp=2000,
    sp=1,
    combination={"number": 1, "effects": [{"when": "combination", "do": [{"op": "draw"}]}]},
)


def rushed(*cards: dict[str, Any], rush: tuple[str, ...] = ("T-008", "T-001")) -> LogBuilder:
    """A log at A's turn 3 battle phase, ``rush`` (by code) rushed in its rush phase."""
    b = LogBuilder(list(cards)).setup(first="A")
    b.charge("A", "T-000").proceed("A", 3).pass_turn("B")
    b.charge("A", "T-000").proceed("A")
    for code in rush:
        b.rush("A", code)
    return b.proceed("A")


def test_RS_RIDE_a_unit_boarding_in_the_rush_phase_is_illegal() -> None:
    b = LogBuilder([BIKE, RIDER]).setup(first="A")
    b.charge("A", "T-000").proceed("A", 3).pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-008").rush("A", "T-001")
    b.act("A", "board", card="T-001", vehicle="T-008")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-RIDE"]
    assert area_ids(r, "A", "rush") == ["A-1", "A-4"]  # nothing changed
    assert all("vehicle" not in u for u in player_state(r, "A")["rush"])


def test_RS_RIDE_a_unit_rides_a_vehicle_as_it_enters() -> None:
    b = rushed(BIKE, RIDER).enter("A", "T-001", ride="T-008")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-RIDE" in rules_applied(r, b.last)
    battle = player_state(r, "A")["battle"]
    assert [(u["id"], u.get("vehicle")) for u in battle] == [("A-4", "A-1")]
    assert player_state(r, "A")["rush"] == []
    assert "riding A-1 (Bike)" in event_texts(r, b.last)[0]
    assert "at position 1" in event_texts(r, b.last)[0]


def test_RS_RIDE_legal_actions_name_the_ride_and_the_ride_off() -> None:
    b = rushed(BIKE, RIDER)
    listed = [a for a in position(b.log()).legal_actions() if a["do"] == "enter"]
    assert {"p": "A", "do": "enter", "card": "A-4", "ride": "A-1"} in listed
    assert not any(a["card"] == "A-1" for a in listed)  # the vehicle never enters alone
    b.enter("A", "T-001", ride="T-008")
    listed = position(b.log()).legal_actions()
    assert {"p": "A", "do": "ride_off", "card": "A-4"} in listed


def test_RS_VEHICLE_a_vehicle_enters_only_ridden_by_a_unit() -> None:
    b = rushed(BIKE, RIDER).enter("A", "T-008")
    assert rules_broken(b.replay(), b.last) == ["RS-VEHICLE"]


def test_RS_VEHICLE_a_vehicle_never_attacks_nor_is_attacked() -> None:
    b = rushed(BIKE, RIDER, PLAIN).enter("A", "T-001", ride="T-008").ride_off("A", "A-4")
    b.strike("A", "A-4").proceed("A")
    b.charge("B", "T-000").proceed("B").rush("B", "T-002").proceed("B").enter("B", "T-002")
    b.attack("B", "T-002", "A-1")  # A's Bike, left by its rider
    assert rules_broken(b.replay(), b.last) == ["RS-VEHICLE"]
    r = b.replay()
    assert "bp" not in player_state(r, "A")["battle"][0]  # a vehicle has no BP


def test_RS_VEHICLE_an_effect_choosing_units_never_chooses_a_vehicle() -> None:
    wreck = card(
        "T-006",
        "operation",
        category="blaze",
        effects=[
            {
                "when": "on_use",
                "do": [{"op": "destroy", "target": {"side": "opponent", "zone": "battle"}}],
            }
        ],
    )
    b = rushed(BIKE, RIDER, PLAIN, wreck).enter("A", "T-001", ride="T-008").ride_off("A", "A-4")
    b.strike("A", "A-4").proceed("A")
    b.charge("B", "T-000").proceed("B").use("B", "T-006", targets=["A-1"])
    assert rules_broken(b.replay(), b.last) == ["RS-EFFECT-TARGETS"]


def test_RS_RIDER_who_may_ride_a_vehicle() -> None:
    b = rushed(BIKE, PLAIN, rush=("T-008", "T-002")).enter("A", "T-002", ride="T-008")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-RIDER"]  # no RC, and the bike names no unit
    b = rushed(BOAT, NAMED, rush=("T-009", "T-003")).enter("A", "T-003", ride="T-009")
    assert verdict(b.replay(), b.last) == "legal"  # the boat's text names it
    b = rushed(SOLO, RIDER, rush=("T-007", "T-001")).enter("A", "T-001", ride="T-007")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-RIDER"]  # "それ以外のユニットはライドできない"
    assert "and no other unit" in r["steps"][b.last]["violations"][0]["message"]


def test_RS_RIDER_one_unit_rides_a_vehicle() -> None:
    b = LogBuilder([BIKE, RIDER]).setup(first="A")
    b.charge("A", "T-000").proceed("A", 3).pass_turn("B")
    b.charge("A", "T-000").proceed("A", 3).pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-008").rush("A", "T-001").rush("A", "T-001")
    b.proceed("A").enter("A", "A-4", ride="A-1").strike("A", "A-4")
    b.enter("A", "A-5", ride="A-1")
    assert rules_broken(b.replay(), b.last) == ["RS-RIDER"]  # A-4 rides the bike already


def test_RS_RIDER_the_unit_riding_fights_as_itself() -> None:
    b = rushed(BIKE, RIDER, PLAIN).enter("A", "T-001", ride="T-008").strike("A", "A-4")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "(SP 2)" in event_texts(r, b.last)[0]
    view = player_state(r, "A")["battle"][0]
    assert (view["id"], view["bp"], view["sp"], view["vehicle"]) == ("A-4", 3000, 2, "A-1")
    b.proceed("A").charge("B", "T-000").proceed("B").rush("B", "T-002").proceed("B")
    b.enter("B", "T-002").attack("B", "T-002", "A-4")  # the unit riding may be attacked
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "(BP 3000)" in event_texts(r, b.last)[0]


def test_RS_RIDER_the_unit_stays_riding_across_turns() -> None:
    b = rushed(BIKE, RIDER).enter("A", "T-001", ride="T-008").strike("A", "A-4").proceed("A")
    b.pass_turn("B").charge("A", "T-000").proceed("A", 2)
    r = b.replay()
    rush = player_state(r, "A")["rush"]
    assert [(u["id"], u.get("vehicle")) for u in rush] == [("A-4", "A-1")]  # A1: still riding
    b.enter("A", "A-4")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert [(u["id"], u.get("vehicle")) for u in player_state(r, "A")["battle"]] == [("A-4", "A-1")]
    b2 = rushed(BIKE, RIDER).enter("A", "T-001", ride="T-008").strike("A", "A-4").proceed("A")
    b2.pass_turn("B").charge("A", "T-000").proceed("A", 2).enter("A", "A-1")
    assert rules_broken(b2.replay(), b2.last) == ["RS-RIDER"]  # the unit's enter names it


def test_RS_RIDER_the_vehicle_stays_when_the_unit_riding_is_destroyed() -> None:
    b = rushed(BIKE, RIDER, BIG).enter("A", "T-001", ride="T-008").strike("A", "A-4")
    b.proceed("A").charge("B", "T-000").proceed("B").rush("B", "T-004").proceed("B")
    b.enter("B", "T-004").attack("B", "T-004", "A-4")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert area_ids(r, "A", "battle") == ["A-1"]  # A7: その場に残ります
    assert player_state(r, "A")["discard"] == ["A-4"]
    assert any("the vehicle stays in its place" in t for t in ruling_texts(r, b.last))


def test_RS_RIDE_OFF_just_before_its_attack_or_strike() -> None:
    b = rushed(BIKE, RIDER).enter("A", "T-001", ride="T-008").ride_off("A", "A-4")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-RIDE-OFF" in rules_applied(r, b.last)
    battle = player_state(r, "A")["battle"]
    assert [(u["id"], u.get("vehicle")) for u in battle] == [("A-1", None), ("A-4", None)]
    assert "at position 2" in event_texts(r, b.last)[0]  # directly after the vehicle
    b.strike("A", "A-4")
    assert verdict(b.replay(), b.last) == "legal"
    late = rushed(BIKE, RIDER).enter("A", "T-001", ride="T-008").strike("A", "A-4")
    late.ride_off("A", "A-4")
    assert rules_broken(late.replay(), late.last) == ["RS-RIDE-OFF"]  # after its strike


def test_RS_RIDE_OFF_a_unit_riding_nothing_cannot() -> None:
    b = rushed(PLAIN, rush=("T-002",)).enter("A", "T-002").ride_off("A", "T-002")
    assert rules_broken(b.replay(), b.last) == ["RS-RIDE-OFF"]


def test_RS_RIDER_COMBINATION_triggers_when_a_unit_with_rc_rides_off() -> None:
    b = rushed(BIKE, RIDER).enter("A", "T-001", ride="T-008")
    r = b.replay()
    assert "draw" not in event_types(r, b.last)  # entering riding: no combination
    hand = len(player_state(r, "A")["hand"])
    b.ride_off("A", "A-4")
    r = b.replay()
    assert "RS-RIDER-COMBINATION" in rules_applied(r, b.last)
    assert len(player_state(r, "A")["hand"]) == hand + 1  # "draw 1 card" resolved


def test_RS_RIDER_a_unit_without_rc_combining_as_it_rides_is_unverifiable() -> None:
    boat = card("T-009", "vehicle", name="Boat", ridden_by={"names": ["Combo"]})
    b = rushed(boat, COMBO, rush=("T-009", "T-005")).enter("A", "T-005", ride="T-009")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert any("only of the rider combination RC" in t for t in ruling_texts(r, b.last))


# -- printed vehicle texts (the catalogue's sentence shapes) --------------------------------------

MAY_RIDE = "※特徴「女」を持つSユニットは、RCを持っていなくてもこのビークルにライドできる。"
ONLY = "※特徴「人型」を持つMユニットは、ＲＣを持っていなくてもこのビークルにライドでき、それ以外のユニットはライドできない。"
PLUS = "※これにライドしているユニットはBP+1000される。"


def test_RS_RIDER_a_vehicle_note_naming_who_may_ride_is_read() -> None:
    """ "特徴「女」を持つSユニットは、RCを持っていなくてもこのビークルにライドできる": a size S unit
    with the feature may ride it, and RC units still may; with "それ以外のユニットはライドできない"
    no other unit may, RC or not."""
    assert read_card({"type": "vehicle", "text": MAY_RIDE}).keywords == (
        'ridden_by {"feature": "女", "size": "S"}',
    )
    assert read_card({"type": "unit", "text": MAY_RIDE}).unread  # a unit's text: not this
    woman = {**card("T-003", name="Named", size="S"), "features": ["女"]}
    tall = {**card("T-006", name="Tall", size="M"), "features": ["女"]}
    van = printed("T-009", MAY_RIDE, "vehicle", name="Van")
    b = rushed(van, woman, rush=("T-009", "T-003")).enter("A", "T-003", ride="T-009")
    assert verdict(b.replay(), b.last) == "legal"
    b = rushed(van, tall, rush=("T-009", "T-006")).enter("A", "T-006", ride="T-009")
    assert rules_broken(b.replay(), b.last) == ["RS-RIDER"]  # size M: not named, and no RC
    b = rushed(van, RIDER, rush=("T-009", "T-001")).enter("A", "T-001", ride="T-009")
    assert verdict(b.replay(), b.last) == "legal"  # RC
    robot = printed("T-009", ONLY, "vehicle", name="Robot")
    b = rushed(robot, RIDER, rush=("T-009", "T-001")).enter("A", "T-001", ride="T-009")
    assert rules_broken(b.replay(), b.last) == ["RS-RIDER"]  # RC, but "それ以外は…できない"


def test_RS_RIDER_BP_the_unit_riding_gets_the_vehicles_bp_while_it_rides() -> None:
    """ "※これにライドしているユニットはBP+1000される。": BP +1000 to the unit riding it, while it
    rides."""
    cycle = printed("T-009", PLUS, "vehicle", name="Cycle")
    b = rushed(cycle, RIDER, rush=("T-009", "T-001")).enter("A", "T-001", ride="T-009")
    r = b.replay()
    assert player_state(r, "A")["battle"][0]["bp"] == 4000  # 3000 + 1000
    b.ride_off("A", "A-4")
    r = b.replay()
    assert [u.get("bp") for u in player_state(r, "A")["battle"]] == [None, 3000]
    shown = render_card(cycle)
    assert shown["understood"] and shown["reading"] == [
        "The unit riding it gets BP +1000 (RS-RIDER-BP)."
    ]


def test_RS_RIDER_what_the_sources_leave_open_about_the_unit_riding_is_unverifiable() -> None:
    """Not in the sources: where a unit riding a vehicle stands for its SP K/N, and whether a
    unit combines from a unit riding a vehicle directly before it."""
    half = card("T-001", name="Rider", sp=0, combination={"rc": True, "effects": DRAW})
    half["sp_at"] = {"sp": 1, "position": 1}
    b = rushed(BIKE, half).enter("A", "T-001", ride="T-008").strike("A", "A-4")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "RS-RIDER" in rules_applied(r, b.last)
    follower = card(
        "T-005",
        name="Follower",
        combination={"combines_from": {"names": ["Rider"]}, "effects": DRAW},
    )
    b = LogBuilder([BIKE, RIDER, follower]).setup(first="A")
    for _ in range(2):
        b.charge("A", "T-000").proceed("A", 3).pass_turn("B")
    b.charge("A", "T-000").proceed("A")
    b.rush("A", "T-008").rush("A", "T-001").rush("A", "T-005").proceed("A")
    b.enter("A", "T-001", ride="T-008").strike("A", "T-001").enter("A", "T-005")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert any("made from a unit riding a vehicle" in t for t in ruling_texts(r, b.last))


HOLD = "※特徴「昆虫」を持つSユニットは、自軍コマンドを1つホールドすれば、RCを持っていなくてもこのビークルにライドできる。"
BY_CATEGORY = "※WBを持つSユニットは、自軍コマンドを1つホールドすればRCを持っていなくてもこのビークルにライドできる。"


def test_RS_RIDER_a_unit_that_rides_by_holding_a_command_holds_it() -> None:
    """ "自軍コマンドを1つホールドすれば、RCを持っていなくてもこのビークルにライドできる": a unit
    without RC rides it by holding one command of its own as it enters (named in also_hold);
    with none released it cannot; a unit with RC rides it as any vehicle, holding nothing."""
    assert read_card({"type": "vehicle", "text": HOLD}).keywords == (
        'ridden_by {"feature": "昆虫", "size": "S", "hold": 1}',
    )
    assert read_card({"type": "vehicle", "text": BY_CATEGORY}).keywords == (
        'ridden_by {"category": "WB", "size": "S", "hold": 1}',
    )
    bug = {**card("T-003", name="Bug", size="S"), "features": ["昆虫"]}
    tank = printed("T-009", HOLD, "vehicle", name="Tank")
    assert render_card(tank)["reading"] == [
        "A size S unit with the feature 昆虫 may ride it without RC by holding 1 command of its "
        "player's (RS-RIDER)."
    ]

    def at_battle(charges: int) -> LogBuilder:
        b = LogBuilder([tank, bug, RIDER]).setup(first="A")
        for _ in range(charges - 1):
            b.charge("A", "T-000").proceed("A", 3).pass_turn("B")
        b.charge("A", "T-000").proceed("A").rush("A", "T-009").rush("A", "T-003")
        return b.proceed("A")

    b = at_battle(2).enter("A", "T-003", ride="T-009")  # both commands held by the rushes
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-RIDER"]
    assert "to ride the vehicle" in r["steps"][b.last]["violations"][0]["message"]
    b = at_battle(3).enter("A", "T-003", ride="T-009")
    r = b.replay()
    assert verdict(r, b.last) == "legal"  # the one released command left is held for it
    assert "hold" in event_types(r, b.last)
    assert not any(not c["held"] for c in player_state(r, "A", b.last)["command"])  # all held now
    rc = rushed(tank, RIDER, rush=("T-009", "T-001")).enter("A", "T-001", ride="T-009")
    r = rc.replay()
    assert verdict(r, rc.last) == "legal"  # RC: it rides holding nothing
    assert "hold" not in event_types(r, rc.last)


def test_RS_RIDER_BP_while_attacking_only_when_the_unit_riding_attacks() -> None:
    """ "※これにライドしているユニットは、アタックするときBP+2000される。": +2000 while the unit riding
    it attacks, not before."""
    text = "※これにライドしているユニットは、アタックするときBP+2000される。"
    ram = printed("T-009", text, "vehicle", name="Ram")
    b = rushed(ram, RIDER, PLAIN, rush=("T-009", "T-001")).enter("A", "T-001", ride="T-009")
    r = b.replay()
    assert player_state(r, "A")["battle"][0]["bp"] == 3000  # not attacking yet
    b.strike("A", "T-001").proceed("A").charge("B", "T-000").proceed("B")
    b.rush("B", "T-002").proceed("B").enter("B", "T-002").attack("B", "T-002", "A-4")
    r = b.replay()
    assert "(BP 3000)" in event_texts(r, b.last)[0]  # attacked, not attacking: no bonus
    b = LogBuilder([ram, RIDER, PLAIN]).setup(first="A")
    b.charge("A", "T-000").proceed("A", 3)
    b.charge("B", "T-000").proceed("B").rush("B", "T-002").proceed("B").enter("B", "T-002")
    b.proceed("B").charge("A", "T-000").proceed("A").rush("A", "T-009").rush("A", "T-001")
    b.proceed("A").enter("A", "T-001", ride="T-009").attack("A", "T-001", "T-002")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "(BP 5000)" in event_texts(r, b.last)[0]  # attacking: 3000 + 2000
    assert render_card(ram)["reading"] == [
        "The unit riding it gets BP +2000 while it attacks (RS-RIDER-BP)."
    ]


def test_RS_RIDER_a_units_own_text_may_let_it_ride() -> None:
    """ "※これは特徴「車両」を持つビークルにライドできる。" (a unit without RC that its own text lets
    ride, atwiki renst 156: "ＲＣを持たず自身のテキストで指定されたビークルにライドできるユニット"):
    a vehicle with that feature, and no other; "※これはビークルにライドできる。": any vehicle."""
    car = {**card("T-009", "vehicle", name="Car"), "features": ["車両"]}
    driver = printed("T-003", "※これは特徴「車両」を持つビークルにライドできる。", name="Driver")
    assert render_card(driver)["reading"] == [
        "It may ride a vehicle with the feature 車両 without RC (RS-RIDER)."
    ]
    b = rushed(car, driver, rush=("T-009", "T-003")).enter("A", "T-003", ride="T-009")
    assert verdict(b.replay(), b.last) == "legal"
    b = rushed(BIKE, driver, rush=("T-008", "T-003")).enter("A", "T-003", ride="T-008")
    assert rules_broken(b.replay(), b.last) == ["RS-RIDER"]  # the bike has no 車両
    anyone = printed("T-003", "※これはビークルにライドできる。", name="Anyone")
    b = rushed(BIKE, anyone, rush=("T-008", "T-003")).enter("A", "T-003", ride="T-008")
    assert verdict(b.replay(), b.last) == "legal"


def test_RS_RIDE_OFF_a_unit_that_cannot_strike_once_it_rode_off() -> None:
    """ "※これはライドオフしたときストライクできない。": riding off, it cannot strike; riding on, it
    can."""
    text = "※これはライドオフしたときストライクできない。"
    fixed = {
        **printed("T-001", text, name="Fixed", sp=1),
        "combination": {"rc": True, "effects": []},
    }
    b = rushed(BIKE, fixed).enter("A", "T-001", ride="T-008").ride_off("A", "T-001")
    b.strike("A", "T-001")
    assert rules_broken(b.replay(), b.last) == ["RS-CARD-RESTRICTION"]
    b = rushed(BIKE, fixed).enter("A", "T-001", ride="T-008").strike("A", "T-001")
    assert verdict(b.replay(), b.last) == "legal"


def test_RS_VEHICLE_a_log_naming_the_retired_option_vehicle_bp_is_judged_and_told() -> None:
    """Logs recorded before vehicles followed the sources name ``vehicle_bp`` (the canonical
    logs of then carried it): they are judged, the option ignored, and the replay says why."""
    b = LogBuilder([BIKE, RIDER], options={"vehicle_bp": "sum"}).setup(first="A")
    r = b.replay()
    assert "vehicle_bp" not in r["rule_options"]
    assert "a vehicle has no BP" in r["summary"]["retired_options"]["vehicle_bp"]
    assert "retired_options" not in LogBuilder([BIKE, RIDER]).setup(first="A").replay()["summary"]


SABER = "敵軍バトルエリアからSビークルを1体選ぶ。選んだビークルにライドしているユニットがあれば、それを撃破する。その後、選んだビークルを捨札にする。"


def test_RS_SELECT_VEHICLE_the_unit_riding_is_destroyed_then_the_vehicle_discarded() -> None:
    """ "…Sビークルを1体選ぶ。選んだビークルにライドしているユニットがあれば、それを撃破する。その後、
    選んだビークルを捨札にする。": the rider destroyed, the vehicle discarded; a unit or a vehicle
    of another size does not fit."""
    saber = printed("T-006", SABER, "operation", name="Saber")
    small = {**BIKE, "size": "S"}
    big = {**card("T-007", "vehicle", name="Hauler"), "size": "M"}

    def b_rides(vehicle: dict[str, Any], code: str, off: bool = False) -> LogBuilder:
        b = LogBuilder([vehicle, RIDER, saber]).setup(first="A")
        b.charge("A", "T-000").proceed("A", 3)
        b.charge("B", "T-000").proceed("B", 3).charge("A", "T-000").proceed("A", 3)
        b.charge("B", "T-000").proceed("B").rush("B", code).rush("B", "T-001").proceed("B")
        b.enter("B", "T-001", ride=code)
        if off:
            b.ride_off("B", "T-001")
        b.strike("B", "T-001").proceed("B")
        return b.charge("A", "T-000").proceed("A")

    b = b_rides(small, "T-008").use("A", "T-006", targets=["T-008"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last].get("violations")
    assert player_state(r, "B")["battle"] == []
    discard = player_state(r, "B")["discard"]
    assert len(discard) == 2 and all(c in discard for c in area_ids(r, "B", "battle", -2))
    assert "RS-SELECT-VEHICLE" in rules_applied(r, b.last)
    types = event_types(r, b.last)
    assert types.index("destroyed") < types.index("to_discard", types.index("destroyed"))
    b = b_rides(small, "T-008", off=True).use("A", "T-006", targets=["T-008"])  # ridden by none
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert [u["name"] for u in player_state(r, "B")["battle"]] == ["Rider"]  # it stays
    assert "destroyed" not in event_types(r, b.last)
    b = b_rides(small, "T-008").use("A", "T-006", targets=["T-001"])  # the unit, not a vehicle
    assert rules_broken(b.replay(), b.last) == ["RS-EFFECT-TARGETS"]
    b = b_rides(big, "T-007").use("A", "T-006", targets=["T-007"])  # size M
    assert rules_broken(b.replay(), b.last) == ["RS-EFFECT-TARGETS"]
    assert render_card(saber)["reading"] == [
        "When used: choose 1 size S vehicle in an opposing player's battle area, ridden or not: "
        "the unit riding one is destroyed, then the vehicle goes to the discard pile."
    ]


CANNON = (
    "【ビッグキャノン】自軍ターン中、これがバトルエリアに出たとき、敵軍バトルエリアから、ライドされていない"
    "Sビークルを1体選び、持ち主のコマンドゾーンにホールド状態で置く。置けなければこの効果は発動できない。"
)


def test_RS_SELECT_VEHICLE_a_vehicle_no_unit_rides_put_into_the_command_zone() -> None:
    """A vehicle's "自軍ターン中、これがバトルエリアに出たとき、敵軍バトルエリアから、ライドされていない
    Sビークルを1体選び、持ち主のコマンドゾーンにホールド状態で置く": it fires as the vehicle enters
    with its rider; a vehicle a unit rides does not fit."""
    cannon = {**printed("T-009", CANNON, "vehicle", name="Cannon"), "size": "S"}
    small = {**BIKE, "size": "S"}
    assert render_card(cannon)["reading"] == [
        "When it enters the battle area in your turn: put 1 size S vehicle (no unit rides) in the opponent's "
        "battle area held into its owner's command zone; when that zone holds 5 already, the "
        "effect does nothing."
    ]

    def b_then_a(off: bool) -> LogBuilder:
        b = LogBuilder([small, cannon, RIDER]).setup(first="A")
        b.charge("A", "T-000").proceed("A", 3)
        b.charge("B", "T-000").proceed("B", 3).charge("A", "T-000").proceed("A", 3)
        b.charge("B", "T-000").proceed("B").rush("B", "T-008").rush("B", "T-001").proceed("B")
        b.enter("B", "T-001", ride="T-008")
        if off:
            b.ride_off("B", "T-001")
        b.strike("B", "T-001").proceed("B").charge("A", "T-000").proceed("A")
        return b.rush("A", "T-009").rush("A", "T-001").proceed("A")

    b = b_then_a(off=True).enter("A", "T-001", ride="T-009")
    b.act("A", "resolve", source="T-009", targets=["T-008"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last].get("violations")
    held = player_state(r, "B")["command"][-1]
    assert held["held"] and "to_command" in event_types(r, b.last)
    rider = player_state(r, "B")["battle"]
    assert [u["name"] for u in rider] == ["Rider"] and "vehicle" not in rider[0]  # it stays
    b = b_then_a(off=False).enter("A", "T-001", ride="T-009")
    b.act("A", "resolve", source="T-009", targets=["T-008"])  # ridden: it does not fit
    assert rules_broken(b.replay(), b.last) == ["RS-EFFECT-TARGETS"]
