"""A Rider Combination's named effect "これが自軍エリアにある間、次の敵軍ターン中、ライドしている自軍Sユニ
ットは敵軍ユニットにアタックされない。" (RS-NEXT-TURN-SHIELD), on made-up cards; each test from the
sentence's wording: once the unit has ridden off (its combination), in the next opposing turn,
while it is in its player's area, that player's size S units riding a vehicle cannot be attacked."""

from __future__ import annotations

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

SHIELD = (
    "【隠れ剛拳】これが自軍エリアにある間、次の敵軍ターン中、ライドしている自軍Sユニットは敵軍ユニットにアタック"
    "されない。"
)
KEN = {
    **printed("T-760", SHIELD, name="Ken", bp=3000, size="S"),
    "combination": {"rc": True, "effects": []},
}
BIKE = card("T-761", "vehicle", name="Bike")
SQUIRE = card("T-762", name="Squire", bp=1000, size="S")
CART = card("T-763", "vehicle", name="Cart", ridden_by={"names": ["Squire"]})
RAIDER = card("T-764", name="Raider", bp=5000, size="S")
WALKER = card("T-765", name="Walker", bp=1000, size="S")
CARDS = [KEN, BIKE, SQUIRE, CART, RAIDER, WALKER]


def shielded(ride_off: bool = True, two: bool = False) -> LogBuilder:
    """Squire rides Cart in A's battle area; in turn 5 Ken rides Bike and rides off (its
    combination), Walker enters on foot; B's Raider enters in turn 6 (with ``two``, B rushed a
    second Raider in turn 4)."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-763").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-764").proceed("B", 2)
    b.charge("A", "T-000").proceed("A").rush("A", "T-762").rush("A", "T-761").proceed("A")
    b.enter("A", "T-762", ride="T-763").proceed("A").charge("B", "T-000").proceed("B")
    if two:
        b.rush("B", "T-764")
    b.proceed("B", 2)
    b.charge("A", "T-000").proceed("A").rush("A", "T-760").rush("A", "T-765").proceed("A")
    b.enter("A", "T-762").enter("A", "T-760", ride="T-761")
    if ride_off:
        b.ride_off("A", "T-760")
    b.enter("A", "T-765").proceed("A")
    return b.charge("B", "T-000").proceed("B", 2).enter("B", "T-764")


def test_RS_NEXT_TURN_SHIELD_the_sentence_is_read() -> None:
    r = read_card({"type": "unit", "text": SHIELD, "combination": {"rc": True, "effects": []}})
    assert r.understood
    assert r.combination == (
        {
            "when": "combination",
            "do": [
                {
                    "op": "shield",
                    "turn": "next_opponent",
                    "while": "field",
                    "of": {"side": "own", "size": "S", "riding": True},
                }
            ],
            "text": SHIELD,
        },
    )
    assert render_card(KEN)["reading"][-1] == (
        "Rider Combination RC (when it rides off a vehicle in its battle phase): in the next "
        "opponent's turn, while this unit is in your rush or battle area, your size S units "
        "riding a vehicle cannot be attacked by opposing units."
    )
    # no combination: its named effect is not a combination's, and is not read so
    assert not read_card({"type": "unit", "text": SHIELD}).understood
    rc = {"combination": {"rc": True, "effects": []}}
    for near in (
        SHIELD.replace("次の敵軍ターン中", "敵軍ターン中"),
        SHIELD.replace("ライドしている自軍S", "自軍S"),
        SHIELD.replace("自軍エリア", "自軍ラッシュエリア"),
    ):
        assert not read_card({"type": "unit", "text": near, **rc}).understood, near


def test_RS_NEXT_TURN_SHIELD_a_unit_riding_cannot_be_attacked_in_the_next_turn() -> None:
    b = shielded().attack("B", "T-764", "T-762")
    r = b.replay()
    assert [s["verdict"] for s in r["steps"][:-1]].count("illegal") == 0
    assert rules_broken(r, b.last) == ["RS-NEXT-TURN-SHIELD"]
    assert any("RS-NEXT-TURN-SHIELD" in rules_applied(r, k) for k in range(len(r["steps"])))


def test_RS_NEXT_TURN_SHIELD_only_units_riding_and_only_after_the_combination() -> None:
    b = shielded().attack("B", "T-764", "T-765")  # Walker rides nothing
    assert verdict(b.replay(), b.last) == "legal"
    b = shielded().attack("B", "T-764", "T-760")  # Ken has ridden off: it rides nothing
    assert verdict(b.replay(), b.last) == "legal"
    b = shielded(ride_off=False).attack("B", "T-764", "T-762")  # no combination
    assert verdict(b.replay(), b.last) == "legal"


def test_RS_NEXT_TURN_SHIELD_it_ends_with_that_turn() -> None:
    """In B's turn after next (turn 8) Squire, riding Cart again, may be attacked."""
    b = shielded().proceed("B").charge("A", "T-000").proceed("A", 2).enter("A", "T-762")
    b.proceed("A").charge("B", "T-000").proceed("B", 2).enter("B", "T-764")
    b.attack("B", "T-764", "T-762")
    r = b.replay()
    assert [s["verdict"] for s in r["steps"]].count("illegal") == 0
    assert verdict(r, b.last) == "legal"


def test_RS_NEXT_TURN_SHIELD_only_while_the_unit_is_in_its_area() -> None:
    """B's first Raider destroys Ken; then its second may attack Squire (これが自軍エリアにある間)."""
    b = shielded(two=True).attack("B", "B-13", "T-760").enter("B", "B-14")
    b.attack("B", "B-14", "T-762")
    r = b.replay()
    assert [s["verdict"] for s in r["steps"]].count("illegal") == 0, [
        s["violations"] for s in r["steps"] if s["verdict"] == "illegal"
    ]
    assert verdict(r, b.last) == "legal"
