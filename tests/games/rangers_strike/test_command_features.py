"""A unit's named effect "これは、自軍コマンドゾーンにあるカードの特徴を見て、それぞれの特徴ごとに次の能力を得
る⇒特徴「A」があればレジストを得る。特徴「B」があればタクスETを得る。特徴「C」があればBPNになる。特徴「D」があ
ればSP1になる。" (RS-COMMAND-FEATURES), on made-up cards; each test from the sentence's wording: for
each feature a card of its player's command zone (held or released) has, the unit has the
ability named — resist, taxis ET, BP N (a BP that "becomes" N prevails over other changes), SP 1."""

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

BATON = (
    "【大きな指揮棒】これは、自軍コマンドゾーンにあるカードの特徴を見て、それぞれの特徴ごとに次の能力を得る⇒"
    "特徴「赤」があればレジストを得る。特徴「青」があればタクスETを得る。特徴「緑」があればBP7000になる。特徴"
    "「桃」があればSP1になる。"
)
#: A's unit, printed SP ！ and BP 4000
BIG = {**printed("T-750", BATON, name="Big", bp=4000, sp=0, size="S"), "sp_special": True}


def command(code: str, feature: str, category: str = "blaze") -> dict[str, Any]:
    """A card to charge into the command zone, with one feature."""
    return {**card(code, name=f"Flag {feature}", category=category), "features": [feature]}


RED, BLUE, GREEN, PINK = (command(f"T-75{k}", f) for k, f in enumerate("赤青緑桃", start=1))
GREY = command("T-755", "灰")
#: a size S ET unit of SP 0, to stand after Big; a vehicle giving BP +1000; B's attacker
NEXT = card("T-756", name="Next", category="ET", bp=1000, sp=0, size="S")
TRUCK = {**card("T-757", "vehicle", name="Truck", ridden_by={"names": ["Big"]}), "rider_bp": 1000}
FOE = card("T-758", name="Foe", bp=5000, size="S")
CARDS = [BIG, RED, BLUE, GREEN, PINK, GREY, NEXT, TRUCK, FOE]


def test_RS_COMMAND_FEATURES_the_sentence_is_read() -> None:
    r = read_card({"type": "unit", "sp_special": True, "text": BATON})
    assert r.understood
    (effect,) = r.effects
    assert effect["do"] == [
        {"op": "resist", "while": {"command_feature": "赤"}},
        {"op": "taxis", "category": "ET", "while": {"command_feature": "青"}},
        {"op": "bp_set", "value": 7000, "while": {"command_feature": "緑"}},
        {"op": "sp", "value": 1, "while": {"command_feature": "桃"}},
    ]
    where = "while a card in your command zone (held or released) has the feature"
    assert render_card(BIG)["reading"][-1] == (
        f"Always: this unit has resist {where} 赤; this unit has taxis ET (RS-TAXIS, its place by "
        f"rule option taxis_position) {where} 青; this unit's BP is 7000 (other changes to its "
        f"BP void) {where} 緑; this unit is SP 1 {where} 桃."
    )
    for near in (
        BATON.replace("自軍コマンドゾーン", "敵軍コマンドゾーン"),
        BATON.replace("BP7000になる", "BP+7000される"),
        BATON.replace("タクスETを得る", "ウイングを得る"),
    ):
        assert not read_card({"type": "unit", "text": near}).understood, near
    assert not read_card({"type": "unit", "text": BATON, "combination": {"number": 2}}).understood


def strikes(flag: str) -> LogBuilder:
    """A rushes Big in turn 1; in turn 3 A charges ``flag`` into its command zone, and Big
    enters and strikes."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-750").proceed("A", 2).pass_turn("B")
    b.charge("A", flag).proceed("A", 2).enter("A", "T-750")
    return b.strike("A", "T-750")


def test_RS_COMMAND_FEATURES_sp_with_the_feature_in_the_command_zone() -> None:
    b = strikes("T-754")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-COMMAND-FEATURES" in rules_applied(r, b.last)
    b = strikes("T-755")
    assert rules_broken(b.replay(), b.last) == ["RS-STRIKE"]  # SP ！: SP 0 without 桃


def riding(flag: str) -> Any:
    """A rushes Truck and Big; in turn 3, with ``flag`` charged, Big enters riding Truck."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-757").proceed("A", 2).pass_turn("B")
    b.charge("A", flag).proceed("A").rush("A", "T-750").proceed("A")
    b.enter("A", "T-750", ride="T-757")
    r = b.replay()
    assert [s["verdict"] for s in r["steps"]].count("illegal") == 0
    (big,) = player_state(r, "A")["battle"]
    return big["bp"]


def test_RS_COMMAND_FEATURES_bp_becomes_n_and_other_changes_are_void() -> None:
    assert riding("T-753") == 7000  # 緑: BP 7000, the vehicle's +1000 void
    assert riding("T-755") == 5000  # no 緑: 4000 and the vehicle's +1000


def attacked(flag: str) -> LogBuilder:
    """Big (BP 4000) waits in A's battle area, ``flag`` in A's command zone; B's Foe (BP 5000)
    attacks it and destroys it."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-750").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-758").proceed("B", 2)
    b.charge("A", flag).proceed("A", 2).enter("A", "T-750").proceed("A")
    return b.charge("B", "T-000").proceed("B", 2).enter("B", "T-758").attack("B", "T-758", "T-750")


def test_RS_COMMAND_FEATURES_resist_with_the_feature_in_the_command_zone() -> None:
    b = attacked("T-751").act("A", "resolve", source="A-1", use=True)
    r = b.replay()
    assert [s["verdict"] for s in r["steps"]].count("illegal") == 0
    assert verdict(r, b.last) == "legal"
    (big,) = player_state(r, "A")["battle"]
    assert big["held"] is True
    r = attacked("T-755").replay()
    assert "A-1" in player_state(r, "A")["discard"]


def taxis(flag: str) -> LogBuilder:
    """Three fillers, Big 4th and Next (a size S ET unit, SP 0) 5th in A's battle area, with
    ``flag`` (category ET) in A's command zone; Next strikes."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-750").proceed("A", 2).pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-000").rush("A", "T-000").proceed("A", 2)
    b.pass_turn("B").charge("A", flag).proceed("A").rush("A", "T-000").rush("A", "T-756")
    b.proceed("A")
    for ref in ("A-30", "A-31", "A-32"):
        b.enter("A", ref)
    return b.enter("A", "T-750").enter("A", "T-756").strike("A", "T-756")


def test_RS_COMMAND_FEATURES_taxis_with_the_feature_in_the_command_zone() -> None:
    blue = {**BLUE, "category": "ET"}
    grey = {**GREY, "category": "ET"}
    for flag, expected in ((blue, "legal"), (grey, "illegal")):
        b = taxis(flag["code"])
        b.doc["cards"] = [c if c["code"] != flag["code"] else flag for c in b.doc["cards"]]
        r = b.replay()
        assert [s["verdict"] for s in r["steps"][:-1]].count("illegal") == 0, [
            (s["index"], s["violations"]) for s in r["steps"] if s["verdict"] == "illegal"
        ]
        assert verdict(r, b.last) == expected, r["steps"][b.last]
        if expected == "legal":
            assert "RS-TAXIS" in rules_applied(r, b.last)


def test_RS_COMMAND_FEATURES_the_allys_command_zone_in_tag_battle_is_unverifiable() -> None:
    """A2's 桃 command, A1's Big: whether 自軍コマンドゾーン takes in the ally's is not said."""
    b = LogBuilder(CARDS, variant="tag").setup(first="A1")
    b.charge("A1", "T-000").proceed("A1").rush("A1", "T-750").proceed("A1", 2)
    b.charge("A2", "T-754").proceed("A2", 3)
    b.charge("B1", "T-000").proceed("B1", 3).charge("B2", "T-000").proceed("B2", 3)
    b.charge("A1", "T-000").proceed("A1", 2).enter("A1", "T-750").strike("A1", "T-750")
    r = b.replay()
    assert [s["verdict"] for s in r["steps"]].count("illegal") == 0
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-COMMAND-FEATURES" in rules_applied(r, b.last)
