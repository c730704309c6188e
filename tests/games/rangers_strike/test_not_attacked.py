"""A unit's printed "※これは[BPN以上(以下)の][敵軍][S]ユニットにアタックされない。"
(RS-CARD-RESTRICTION), on made-up cards; each test from the note's wording: no unit (of that size,
when printed) whose BP is N or more (N or less, when printed) may attack it.  The attacker's
BP counts at the declaration; BP it has only while attacking (RS-ATTACK-BP) that would decide
otherwise leaves the attack unverifiable."""

from __future__ import annotations

from typing import Any

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    card,
    printed,
    rules_broken,
    verdict,
)

AT_LEAST = "※これはBP3000以上のユニットにアタックされない。"
#: RS-CARD-RESTRICTION's note that holds only while the unit is held
HELD_SHY = "※このユニットはホールド状態のとき、敵軍ユニットにアタックされない。"
RUSH_HELD = "※これはラッシュするとき、可能ならホールド状態で置く。"


def facing(attacker: dict[str, Any], target: dict[str, Any]) -> LogBuilder:
    """B has ``target`` in its battle area; A enters ``attacker`` (turn 3)."""
    b = LogBuilder([attacker, target]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", attacker["code"]).proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", target["code"]).proceed("B")
    b.enter("B", target["code"]).proceed("B")
    return b.charge("A", "T-000").proceed("A", 2).enter("A", attacker["code"])


def test_RS_CARD_RESTRICTION_the_notes_not_to_be_attacked_are_read() -> None:
    for text, rule in (
        (AT_LEAST, {"rule": "not_attacked_by", "bp_min": 3000}),
        ("※これはBP3000以下のユニットにアタックされない。", {"rule": "not_attacked_by", "bp_max": 3000}),
        ("※これはBP2000以上の敵軍Sユニットにアタックされない。",
         {"rule": "not_attacked_by", "bp_min": 2000, "size": "S"}),
        ("※これは敵軍ユニットにアタックされない。", {"rule": "not_attacked_by"}),
    ):  # fmt: skip
        r = read_card({"type": "unit", "text": text})
        assert r.understood and r.restrictions == (rule,), text
    assert render_card(printed("T-100", AT_LEAST))["reading"] == [
        "It cannot be attacked by a unit with BP 3000 or more."
    ]
    # another condition before it is another rule: not read
    for text in (
        HELD_SHY.replace("ホールド状態", "リリース状態"),
        HELD_SHY.replace("このユニットは", "自軍ユニットは"),
        HELD_SHY.replace("敵軍ユニット", "敵軍Sユニット"),
        "※このユニットはバトルエリアにあるとき、敵軍ユニットにアタックされない。",
    ):
        assert not read_card({"type": "unit", "text": text}).understood, text


def test_RS_CARD_RESTRICTION_a_unit_with_bp_at_least_n_cannot_attack_it() -> None:
    shy = printed("T-100", AT_LEAST, bp=1000)
    b = facing(card("T-101", name="Big", bp=3000), shy).attack("A", "T-101", "T-100")
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-CARD-RESTRICTION" in rules_broken(r, b.last)
    b = facing(card("T-101", name="Small", bp=2500), shy).attack("A", "T-101", "T-100")
    assert verdict(b.replay(), b.last) == "legal"


def test_RS_CARD_RESTRICTION_bp_at_most_and_size() -> None:
    low = printed("T-100", "※これはBP3000以下のユニットにアタックされない。", bp=1000)
    b = facing(card("T-101", bp=3000), low).attack("A", "T-101", "T-100")
    assert verdict(b.replay(), b.last) == "illegal"
    sized = printed("T-100", "※これはBP2000以上の敵軍Sユニットにアタックされない。", bp=1000)
    machine = {**card("T-101", bp=5000), "size": "M"}
    b = facing(machine, sized).attack("A", "T-101", "T-100")
    assert verdict(b.replay(), b.last) == "legal"  # a size M unit: the note does not bar it
    ranger = {**card("T-101", bp=5000), "size": "S"}
    b = facing(ranger, sized).attack("A", "T-101", "T-100")
    assert verdict(b.replay(), b.last) == "illegal"


def test_RS_CARD_RESTRICTION_bp_only_while_attacking_that_would_decide_is_unverifiable() -> None:
    shy = printed("T-100", AT_LEAST, bp=1000)
    # BP 2000, and +2000 while it attacks (its own continuous text, RS-ATTACK-BP)
    charger = printed("T-101", "※これはアタックするときBP+2000される。", bp=2000)
    b = facing(charger, shy)
    b.attack("A", "T-101", "T-100")
    r = b.replay()
    assert r["steps"][b.last]["verdict"] == "unverifiable", r["steps"][b.last]


def test_RS_CARD_RESTRICTION_held_it_cannot_be_attacked_read_and_shown() -> None:
    r = read_card({"type": "unit", "text": HELD_SHY})
    assert r.understood and r.restrictions == ({"rule": "not_attacked_by", "while_held": True},)
    assert not read_card({"type": "vehicle", "text": HELD_SHY}).understood
    assert render_card(printed("T-100", HELD_SHY))["reading"] == [
        "While it is held it cannot be attacked by an opposing unit (RS-CARD-RESTRICTION)."
    ]


def test_RS_CARD_RESTRICTION_held_it_cannot_be_attacked_released_it_can() -> None:
    """ "ホールド状態のとき、敵軍ユニットにアタックされない": held (rushed held by its other note), no
    opposing unit may attack it, whatever its BP or size; released, the note says nothing."""
    held = printed("T-100", f"{RUSH_HELD} {HELD_SHY}", bp=1000)
    b = facing(card("T-101", name="Big", bp=5000), held).attack("A", "T-101", "T-100")
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-CARD-RESTRICTION" in rules_broken(r, b.last)
    b = facing(card("T-101", name="Tiny", bp=500, size="M"), held).attack("A", "T-101", "T-100")
    assert verdict(b.replay(), b.last) == "illegal"
    released = printed("T-100", HELD_SHY, bp=1000)
    b = facing(card("T-101", name="Big", bp=5000), released).attack("A", "T-101", "T-100")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert r["steps"][b.last]["state"]["players"]["B"]["battle"] == []  # destroyed


def test_RS_CARD_RESTRICTION_held_after_the_attack_was_declared_is_not_guessed() -> None:
    """Released as the attack is declared, then held by a counter before it resolves: whether the
    note ends the attack the sources do not say."""
    target = printed("T-100", HELD_SHY, bp=1000)
    brace = card(
        "T-102",
        "operation",
        name="Brace",
        operation="counter",
        timing="attacked",
        effects=[
            {
                "when": "on_use",
                "do": [
                    {
                        "op": "hold",
                        "target": {
                            "side": "own",
                            "zone": "battle",
                            "count": 1,
                            "type": "unit",
                            "released": True,
                        },
                    }
                ],
            }
        ],
    )
    b = LogBuilder([card("T-101", name="Big", bp=5000), target, brace]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-101").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-100").proceed("B", 2)
    b.charge("A", "T-000").proceed("A", 3)
    b.charge("B", "T-000").proceed("B", 2).enter("B", "T-100").proceed("B")  # a command left
    b.charge("A", "T-000").proceed("A", 2).enter("A", "T-101").attack("A", "T-101", "T-100")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    b.use("B", "T-102", targets=["T-100"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    (why,) = r["steps"][b.last]["unverifiable"]
    assert "is held as the attack on it resolves" in why
    assert "RS-CARD-RESTRICTION" in [x["rule"] for x in r["steps"][b.last]["rulings"]]
