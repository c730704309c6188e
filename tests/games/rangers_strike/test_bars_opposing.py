"""A unit's named effect "これが自軍バトルエリアにある間、敵軍バトルフェイズ中、ホールド状態の敵軍コマンドが
1つ以上あれば、特徴「X」を持つ敵軍Sユニットは、次の制限を受ける⇒アタックもストライクもすることができない。"
(RS-BARS-OPPOSING), on made-up cards; each test from the sentence's wording: while the unit is in
its player's battle area, in the opposing battle phase, with one or more opposing held commands,
an opposing size S unit with the feature can neither attack nor strike."""

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

BARS = (
    "【仕返しの罠】これが自軍バトルエリアにある間、敵軍バトルフェイズ中、ホールド状態の敵軍コマンドが1つ以上"
    "あれば、特徴「兵」を持つ敵軍Sユニットは、次の制限を受ける⇒アタックもストライクもすることができない。"
)
TRAP = printed("T-785", BARS, name="Trapper", bp=2000, size="S")
#: a size S unit with the feature 兵, one without it, and a size M unit with it
SOLDIER = {**card("T-786", name="Soldier", bp=3000, size="S"), "features": ["兵"]}
SCOUT = {**card("T-787", name="Scout", bp=3000, size="S"), "features": ["斥候"]}
TANK = {**card("T-788", name="Tank", bp=3000, size="M"), "features": ["兵"]}
CARDS = [TRAP, SOLDIER, SCOUT, TANK]


def acting(unit: dict[str, Any], hold: bool = True, trap_enters: bool = True) -> LogBuilder:
    """A rushes ``unit`` on turn 1; B rushes Trapper on turn 2 (and puts it into its battle
    area); on turn 3 A rushes a filler (holding a command) when ``hold``, and ``unit`` enters."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", unit["code"]).proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-785").proceed("B")
    if trap_enters:
        b.enter("B", "T-785")
    b.proceed("B").charge("A", "T-000").proceed("A")
    if hold:
        b.rush("A", "T-000")
    return b.proceed("A").enter("A", unit["code"])


def test_RS_BARS_OPPOSING_the_sentence_is_read() -> None:
    r = read_card({"type": "unit", "text": BARS})
    assert r.understood
    assert r.restrictions == (
        {
            "rule": "bars_acting",
            "held": 1,
            "of": {"side": "opponent", "size": "S", "feature": "兵"},
            "bars": ["attack", "strike"],
        },
    )
    assert render_card(TRAP)["reading"] == [
        "While it is in your battle area, in an opponent's battle phase, if the opposing side "
        "has 1 or more held commands, opposing size S units with the feature 兵 can neither "
        "attack nor strike (RS-BARS-OPPOSING)."
    ]
    for near in (
        BARS.replace("自軍バトルエリア", "自軍エリア"),  # another place
        BARS.replace("敵軍バトルフェイズ中", "自軍バトルフェイズ中"),  # another phase
        BARS.replace("ホールド状態の", "リリース状態の"),
        BARS.replace("を持つ敵軍S", "を持つ自軍S"),  # one's own units
        BARS.replace("アタックもストライクも", "アタックも"),
    ):
        assert not read_card({"type": "unit", "text": near}).understood, near
    assert not read_card({"type": "unit", "text": BARS, "combination": {"number": 1}}).understood


def test_RS_BARS_OPPOSING_the_unit_can_neither_attack_nor_strike() -> None:
    b = acting(SOLDIER).attack("A", "T-786", "T-785")
    r = b.replay()
    assert [s["verdict"] for s in r["steps"][:-1]].count("illegal") == 0
    assert rules_broken(r, b.last) == ["RS-BARS-OPPOSING"]
    b = acting(SOLDIER).strike("A", "T-786")
    assert rules_broken(b.replay(), b.last) == ["RS-BARS-OPPOSING"]


def test_RS_BARS_OPPOSING_without_a_held_opposing_command_it_may() -> None:
    """A's commands were released in its start phase and it held none this turn."""
    b = acting(SOLDIER, hold=False).attack("A", "T-786", "T-785")
    assert verdict(b.replay(), b.last) == "legal"
    b = acting(SOLDIER, hold=False).strike("A", "T-786")
    assert verdict(b.replay(), b.last) == "legal"


def test_RS_BARS_OPPOSING_only_size_s_units_with_the_feature() -> None:
    for unit in (SCOUT, TANK):
        b = acting(unit).attack("A", unit["code"], "T-785")
        assert verdict(b.replay(), b.last) == "legal", unit["name"]


def test_RS_BARS_OPPOSING_only_while_it_is_in_its_battle_area() -> None:
    b = acting(SOLDIER, trap_enters=False).strike("A", "T-786")
    assert verdict(b.replay(), b.last) == "legal"  # Trapper is in B's rush area


def test_RS_BARS_OPPOSING_bars_the_opposing_side_only() -> None:
    """A's own Trapper in A's battle area: A's Soldier may still strike in A's battle phase."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-785").proceed("A", 2)
    b.charge("B", "T-000").proceed("B", 3)
    b.charge("A", "T-000").proceed("A").rush("A", "T-786").proceed("A").enter("A", "T-785")
    b.enter("A", "T-786").strike("A", "T-786")
    r = b.replay()
    assert [s["verdict"] for s in r["steps"]].count("illegal") == 0
    assert verdict(r, b.last) == "legal"
