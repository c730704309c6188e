"""A vehicle of one's rush area chosen, and the unit's BP raised for the turn by the required power
the vehicle prints (RS-BP-PER-VEHICLE-POWER), on made-up cards in the catalogue's sentence shape.

The source's words, which the tests follow: "自軍ラッシュエリアから、特徴「メカ」を持つビークルを1体選んでも
よい。そうしたとき、このターン、これは選んだビークルの必要パワーの数字1ごとにBP+1000される。" — the player
*may* choose *one vehicle with the feature メカ* from *its own rush area*; *when it did*, *this
turn* the unit gets BP +1000 *for each 1 of the required power number* of the vehicle chosen.
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

CANNON_TEXT = (
    "【三連砲】自軍ラッシュエリアから、特徴「メカ」を持つビークルを1体選んでもよい。そうしたとき、このターン、これは"
    "選んだビークルの必要パワーの数字1ごとにBP+1000される。"
)
#: A's unit: Number Combination 1, BP 2000
CANNON = printed(
    "T-883", CANNON_TEXT, name="Cannon", bp=2000, sp=0, size="S", combination={"number": 1}
)
#: A's vehicles: one with the feature メカ printing the required power 3, one without it
TRUCK = {
    **card("T-884", "vehicle", name="Truck", size="S"),
    "power_number": 3,
    "features": ["メカ"],
}
CART = {**card("T-885", "vehicle", name="Cart", size="S"), "power_number": 2, "features": ["車両"]}
CARDS = [CANNON, TRUCK, CART]


def _entered(**kw: Any) -> LogBuilder:
    """A rushes the Truck (turn 1), then the Cart and the Cannon (turn 3), and enters the Cannon
    first: its combination waits for A's choice."""
    b = LogBuilder(CARDS, **kw).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-884").proceed("A", 2)
    b.pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-885").rush("A", "T-883").proceed("A")
    return b.enter("A", "T-883")


def _rushed(b: LogBuilder, code: str) -> str:
    return next(u["id"] for u in player_state(b.replay(), "A")["rush"] if u["code"] == code)


def _bp(b: LogBuilder) -> int:
    (unit,) = player_state(b.replay(), "A")["battle"]
    return int(unit["bp"])


def test_RS_BP_PER_VEHICLE_POWER_read_and_shown() -> None:
    r = read_card(CANNON)
    assert r.understood
    assert r.combination[0] == {
        "when": "combination",
        "optional": True,
        "do": [
            {
                "op": "choose",
                "target": {
                    "side": "own",
                    "zone": "rush",
                    "count": 1,
                    "type": "vehicle",
                    "feature": "メカ",
                },
                "if_done": True,
            },
            {"op": "bp", "amount": 1000, "until": "turn", "per": "chosen_power"},
        ],
        "text": CANNON_TEXT,
    }
    assert render_card(CANNON)["reading"] == [
        "Number Combination 1 (optional: you may): choose 1 vehicle (ridden or not) with the "
        "feature メカ in your rush area, and if you do: this unit gets BP +1000 for each 1 of the "
        "required power the chosen vehicle prints, until the end of the turn."
    ]


def test_RS_BP_PER_VEHICLE_POWER_near_misses_are_not_read() -> None:
    for text in (
        CANNON_TEXT.replace("ビークルを1体", "ユニットを1体"),
        CANNON_TEXT.replace("自軍ラッシュエリア", "敵軍ラッシュエリア"),
        CANNON_TEXT.replace("そうしたとき、", ""),
        CANNON_TEXT.replace("選んでもよい", "選ぶ"),
        CANNON_TEXT.replace("選んだビークルの", "選んだユニットの"),
        CANNON_TEXT.replace("このターン、", ""),
    ):
        assert not read_card(
            {"type": "unit", "combination": {"number": 1}, "text": text}
        ).understood, text
    assert not read_card({"type": "operation", "text": CANNON_TEXT.split("】")[1]}).understood


def test_RS_BP_PER_VEHICLE_POWER_the_vehicle_chosen_gives_its_number_in_thousands() -> None:
    b = _entered()
    truck = _rushed(b, "T-884")
    b.act("A", "resolve", source="T-883", use=True, targets=[truck])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-BP-PER-VEHICLE-POWER" in rules_applied(r, b.last)
    assert _bp(b) == 5000  # 2000 + 3 x 1000
    assert truck in [u["id"] for u in player_state(r, "A")["rush"]]  # the vehicle stays


def test_RS_BP_PER_VEHICLE_POWER_not_used_nothing_happens() -> None:
    b = _entered()
    b.act("A", "resolve", source="T-883", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _bp(b) == 2000


def test_RS_BP_PER_VEHICLE_POWER_a_vehicle_without_the_feature_is_illegal() -> None:
    b = _entered()
    b.act("A", "resolve", source="T-883", use=True, targets=[_rushed(b, "T-885")])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_BP_PER_VEHICLE_POWER_tag_the_allys_vehicle_is_not_guessed() -> None:
    """自軍ラッシュエリア in tag battle may be the team's: the ally's Truck named is not illegal, and
    the BP is not given."""
    b = LogBuilder(CARDS, variant="tag").setup(first="A1")
    b.charge("A1", "T-000").proceed("A1", 3)
    b.charge("A2", "T-000").proceed("A2").rush("A2", "T-884").proceed("A2", 2)
    for p in ("B1", "B2"):
        b.charge(p, "T-000").proceed(p, 3)
    b.charge("A1", "T-000").proceed("A1").rush("A1", "T-883").proceed("A1").enter("A1", "T-883")
    truck = next(u["id"] for u in player_state(b.replay(), "A2")["rush"] if u["code"] == "T-884")
    b.act("A1", "resolve", source="T-883", use=True, targets=[truck])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-BP-PER-VEHICLE-POWER" in rules_applied(r, b.last)
    (unit,) = player_state(r, "A1")["battle"]
    assert unit["bp"] == 2000
