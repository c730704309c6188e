"""Opposing units riding a vehicle chosen (ライドしている, RS-SELECT-RIDING), and a unit's
when-rushed text in its player's own turn only (自軍ターン中、これをラッシュしたとき), on made-up cards in
the catalogue's sentence shape: "【name】自軍ターン中、これをラッシュしたとき、ライドしている敵軍Sユニットを1体
選び、撃破してもよい。" — *in one's own turn*, *when one rushes this*, one *may* choose *one opposing size
S unit that rides a vehicle* and *destroy* it.
"""

from __future__ import annotations

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
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

TEXT = "【剛腕】自軍ターン中、これをラッシュしたとき、ライドしている敵軍Sユニットを1体選び、撃破してもよい。"
#: A's unit with the text
GORILLA = printed("T-960", TEXT, name="Gorilla", bp=4000, sp=1, size="S")
#: B's unit with RC, and a vehicle it rides
RIDER = card(
    "T-961", name="Rider", bp=3000, sp=1, size="S", combination={"rc": True, "effects": []}
)
BIKE = card("T-962", "vehicle", name="Bike")
#: B's unit that rides nothing
WALKER = card("T-963", name="Walker", bp=1000, sp=1, size="S")
CARDS = [GORILLA, RIDER, BIKE, WALKER]


def _rushed() -> LogBuilder:
    """B (first) has Rider riding Bike and Walker in its battle area from turn 5 (three commands
    charged to rush them); in turn 6 A rushes Gorilla: its effect waits."""
    b = LogBuilder(CARDS).setup(first="B")
    for _ in range(2):
        b.charge("B", "T-000").proceed("B", 3).charge("A", "T-000").proceed("A", 3)
    b.charge("B", "T-000").proceed("B").rush("B", "T-962").rush("B", "T-961").rush("B", "T-963")
    b.proceed("B").enter("B", "T-961", ride="T-962").enter("B", "T-963").proceed("B")
    return b.charge("A", "T-000").proceed("A").rush("A", "T-960")


def test_RS_SELECT_RIDING_read_and_shown() -> None:
    r = read_card(GORILLA)
    assert r.understood
    assert r.effects[0]["turn"] == "own" and r.effects[0]["when"] == "on_rush"
    assert r.effects[0]["do"] == [
        {
            "op": "destroy",
            "target": {
                "side": "opponent",
                "zone": "field",
                "count": 1,
                "type": "unit",
                "size": "S",
                "riding": True,
            },
        }
    ]
    assert render_card(GORILLA)["reading"][-1] == (
        "When rushed in your turn (optional: you may): destroy 1 size S unit (not a vehicle) "
        "riding a vehicle in the opponent's rush or battle area."
    )
    for text in (
        TEXT.replace("自軍ターン中", "敵軍ターン中"),
        TEXT.replace("ライドしている", "ライドされている"),
    ):
        assert not read_card({"type": "unit", "text": text}).understood, text


def test_RS_SELECT_RIDING_a_unit_riding_a_vehicle_is_destroyed_the_vehicle_stays() -> None:
    b = _rushed()
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert [u["code"] for u in player_state(r, "B")["battle"]] == ["T-961", "T-963"]
    rider = player_state(r, "B")["battle"][0]["id"]
    b.act("A", "resolve", source="T-960", use=True, targets=[rider])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert rider in player_state(r, "B")["discard"]
    assert [u["code"] for u in player_state(r, "B")["battle"]] == ["T-962", "T-963"]


def test_RS_SELECT_RIDING_a_unit_riding_nothing_is_illegal() -> None:
    b = _rushed()
    walker = area_ids(b.replay(), "B", "battle")[1]
    b.act("A", "resolve", source="T-960", use=True, targets=[walker])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_SELECT_RIDING_its_own_turn_only_not_when_morph_puts_it_out_in_an_opposing_turn() -> (
    None
):
    """A card Morph puts out in an opposing turn is rushed (RS-MORPH), but "自軍ターン中" does not
    hold: its text does not trigger."""
    morpher = {
        **printed("T-964", "※モーフ", name="Morpher", bp=2000, sp=1, size="S"),
        "features": ["Hero"],
    }
    gorilla = {**GORILLA, "features": ["Hero"]}
    b = LogBuilder([morpher, gorilla, WALKER]).setup(first="A")
    b.charge("A", "T-960").proceed("A").rush("A", "T-964").proceed("A", 2)
    r = b.replay()
    unit = player_state(r, "A")["rush"][0]["id"]
    command = player_state(r, "A")["command"][0]["id"]
    b.charge("B", "T-000").proceed("B").rush("B", "T-963")
    b.act("A", "resolve", source=unit, use=True, targets=[command])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-MORPH" in rules_applied(r, b.last)
    assert area_ids(r, "A", "rush") == [command]
    assert all(p["kind"] != "resolve" for p in r["steps"][b.last]["pending"])
