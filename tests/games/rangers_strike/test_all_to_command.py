"""A unit's note that it cannot attack a unit with a feature (RS-CARD-RESTRICTION) and its rider
combination putting every opposing unit of the battle area without a feature held into its
owner's command zone (RS-ALL-TO-COMMAND), on made-up cards in the catalogue's sentence shapes.

The sources' words, which the tests follow: the card's own "敵軍バトルエリアにある、特徴「A」または「B」
を持たないSユニットを、すべて持ち主のコマンドゾーンにホールド状態で置く。置けなければ捨札にする。" and "※これは特徴
「A」または「B」を持つユニットにアタックできない。"; the tag rules' command zone, "プレイヤーごとに５枚までのカード
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

NO_FEATURE = "※これは特徴「甲」または「乙」を持つユニットにアタックできない。"
SWEEP = (
    "【一掃】敵軍バトルエリアにある、特徴「甲」または「乙」を持たないSユニットを、すべて持ち主のコマンドゾーンに"
    "ホールド状態で置く。置けなければ捨札にする。"
)
RC: dict[str, Any] = {"rc": True, "effects": []}
SWEEPER = printed("T-010", f"{NO_FEATURE} {SWEEP}", name="Sweeper", bp=5000, combination=RC)
BIKE = card("T-008", "vehicle", name="Bike")
MARKED = {**card("T-002", name="Marked", bp=1000, sp=0, size="S"), "features": ["乙"]}
PLAIN = card("T-003", name="Plain", bp=1000, sp=0, size="S")
OTHER = card("T-004", name="Other", bp=1000, sp=0, size="S")
TANK = card("T-005", name="Tank", bp=1000, sp=0, size="M")
CARDS = [SWEEPER, BIKE, MARKED, PLAIN, OTHER, TANK]


def rides_off(*, extra: int = 0, late: tuple[str, str] = ("T-003", "T-005")) -> LogBuilder:
    """B enters Marked and the two ``late`` units into its battle area, holding 2 + ``extra``
    commands; then A's Sweeper enters riding Bike and rides off (its RC triggers)."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-008").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-002").proceed("B", 2)
    for _ in range(extra):
        b.charge("A", "T-000", to="power").proceed("A", 3)
        b.charge("B", "T-000").proceed("B", 3)
    b.charge("A", "T-000").proceed("A").rush("A", "T-010").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", late[0]).rush("B", late[1]).proceed("B")
    b.enter("B", "T-002").enter("B", late[0]).enter("B", late[1]).proceed("B")
    b.charge("A", "T-000", to="power").proceed("A", 2).enter("A", "T-010", ride="T-008")
    return b.ride_off("A", "T-010")


def names(r: dict[str, Any], pid: str, area: str) -> list[str]:
    return [u["name"] for u in player_state(r, pid)[area]]


def test_RS_ALL_TO_COMMAND_read_from_the_printed_text_and_shown() -> None:
    r = read_card({"type": "unit", "text": f"{NO_FEATURE} {SWEEP}", "combination": RC})
    assert r.understood
    assert r.restrictions == ({"rule": "no_attack_on", "features": ["甲", "乙"]},)
    (effect,) = r.combination
    assert effect["do"] == [
        {
            "op": "all_to_command",
            "all": {
                "side": "opponent",
                "zone": "battle",
                "type": "unit",
                "size": "S",
                "no_features": ["甲", "乙"],
            },
            "if_full": "discard",
        }
    ]
    assert not read_card({"type": "unit", "text": SWEEP}).understood  # no combination: not read
    assert not read_card({"type": "operation", "text": SWEEP[4:]}).understood
    assert render_card(SWEEPER)["reading"] == [
        "It cannot attack a unit with the feature 甲 or 乙.",
        "Rider Combination RC (when it rides off a vehicle in its battle phase): put every size S "
        "unit in the opposing battle areas with neither feature 甲 or 乙 held into its owner's "
        "command zone (not destroyed); a unit whose owner's command zone holds 5 cards already "
        "goes to the discard pile instead.",
    ]


def test_RS_ALL_TO_COMMAND_every_fitting_unit_goes_held_and_no_other() -> None:
    b = rides_off(late=("T-003", "T-004"))
    r = b.replay()
    assert names(r, "B", "battle") == ["Marked"]  # Plain and Other went; Marked has 乙
    command = player_state(r, "B")["command"]
    assert len(command) == 4 and all(c["held"] for c in command[-2:])
    assert "RS-ALL-TO-COMMAND" in rules_applied(r, b.last)
    assert player_state(r, "B")["discard"] == []  # not destroyed


def test_RS_ALL_TO_COMMAND_another_size_stays() -> None:
    r = rides_off().replay()
    assert names(r, "B", "battle") == ["Marked", "Tank"]
    assert len(player_state(r, "B")["command"]) == 3


def test_RS_ALL_TO_COMMAND_a_full_command_zone_sends_them_to_the_discard_pile() -> None:
    b = rides_off(extra=3, late=("T-003", "T-004"))
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last].get("violations")
    assert names(r, "B", "battle") == ["Marked"]
    assert len(player_state(r, "B")["command"]) == 5
    assert len(player_state(r, "B")["discard"]) == 2


def test_RS_ALL_TO_COMMAND_room_for_one_of_two_is_not_guessed() -> None:
    b = rides_off(extra=2, late=("T-003", "T-004"))
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert names(r, "B", "battle") == ["Marked", "Plain", "Other"]  # nothing moved


def test_RS_CARD_RESTRICTION_a_unit_that_cannot_attack_a_unit_with_a_feature() -> None:
    b = rides_off().attack("A", "T-010", "T-002")
    assert rules_broken(b.replay(), b.last) == ["RS-CARD-RESTRICTION"]
    b = rides_off().attack("A", "T-010", "T-005")  # Tank: no feature
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last].get("violations")
