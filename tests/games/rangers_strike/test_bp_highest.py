"""A unit's BP raised for the turn, and SP for the turn only if its BP is then the highest of all
units (RS-IF-BP-HIGHEST), on made-up cards in the catalogue's sentence shape.

The source's words, which the tests follow: "このターン、これはBP+2000される。さらに、このユニットのBPが
すべてのユニットのBPとくらべて一番高ければ、このターン、これはSP1になる。" — *this turn* the unit gets BP
+2000; *furthermore*, *if* this unit's BP, *compared with the BP of all units*, is *the highest*,
it is *SP 1 this turn*.  「ユニット」 are the cards of the rush and battle areas (a vehicle is no
unit).  A tie with the highest the sources leave open: not guessed.
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
    verdict,
)

KICK = (
    "【雷鳴キック】このターン、これはBP+2000される。さらに、このユニットのBPがすべてのユニットのBPとくらべて"
    "一番高ければ、このターン、これはSP1になる。"
)
#: A's unit: Number Combination 1, BP 4000, SP 0 printed
THUNDER = printed("T-880", KICK, name="Thunder", bp=4000, sp=0, size="S", combination={"number": 1})


def _wall(bp: int) -> dict[str, Any]:
    """B's unit of BP ``bp``."""
    return card("T-881", name="Wall", bp=bp, sp=0, size="S")


def _entered(bp: int | None, area: str = "battle") -> LogBuilder:
    """B puts a unit of BP ``bp`` (none: no unit) into its ``area`` (turn 2); in turn 3 A
    rushes the Thunder and enters it first: its combination triggers."""
    cards = [THUNDER] + ([] if bp is None else [_wall(bp)])
    b = LogBuilder(cards).setup(first="A")
    b.charge("A", "T-000").proceed("A", 3)
    b.charge("B", "T-000").proceed("B")
    if bp is not None:
        b.rush("B", "T-881")
    b.proceed("B")
    if bp is not None and area == "battle":
        unit = next(u["id"] for u in player_state(b.replay(), "B")["rush"] if u["code"] == "T-881")
        b.enter("B", unit)
    b.proceed("B", 2)
    b.charge("A", "T-000").proceed("A").rush("A", "T-880").proceed("A")
    return b.enter("A", "T-880")


def _thunder(b: LogBuilder) -> dict[str, Any]:
    (unit,) = player_state(b.replay(), "A")["battle"]
    return unit


def test_RS_IF_BP_HIGHEST_read_and_shown() -> None:
    r = read_card(THUNDER)
    assert r.understood
    assert r.combination[0] == {
        "when": "combination",
        "do": [
            {"op": "bp", "amount": 2000, "until": "turn"},
            {"op": "sp", "value": 1, "until": "turn", "if": {"bp_highest": "all_units"}},
        ],
        "text": KICK,
    }
    assert render_card(THUNDER)["reading"] == [
        "Number Combination 1: this unit gets BP +2000 until the end of the turn; then, if this "
        "unit's BP is higher than that of every other unit (the units of every player's rush and "
        "battle areas), this unit is SP 1 until the end of the turn (a tie with the highest is "
        "not settled by the sources)."
    ]
    # the catalogue's quoted form reads alike
    assert read_card({**THUNDER, "text": KICK.replace("SP1", "「SP1」")}).understood


def test_RS_IF_BP_HIGHEST_near_misses_are_not_read() -> None:
    for text in (
        KICK.replace("一番高ければ", "一番低ければ"),
        KICK.replace("すべてのユニット", "すべての敵軍ユニット"),
        KICK.replace("さらに、", ""),
        KICK.replace("、このターン、これはSP1", "、これはSP1"),  # for how long: not said
        "【雷鳴キック】さらに、このユニットのBPがすべてのユニットのBPとくらべて一番高ければ、このターン、これはSP1"
        "になる。",  # nothing before "さらに"
    ):
        assert not read_card(
            {"type": "unit", "combination": {"number": 1}, "text": text}
        ).understood, text
    assert not read_card({"type": "operation", "text": KICK.split("】")[1]}).understood


def test_RS_IF_BP_HIGHEST_the_highest_is_sp_1_for_the_turn() -> None:
    b = _entered(5000)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-IF-BP-HIGHEST" in rules_applied(r, b.last)
    unit = _thunder(b)
    assert (unit["bp"], unit["sp"]) == (6000, 1)
    b.strike("A", "T-880")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert player_state(r, "B")["damage"] == 1


def test_RS_IF_BP_HIGHEST_alone_in_play_it_is_the_highest() -> None:
    b = _entered(None)
    assert verdict(b.replay(), b.last) == "legal"
    assert _thunder(b)["sp"] == 1


def test_RS_IF_BP_HIGHEST_a_higher_unit_leaves_it_sp_0() -> None:
    for area in ("battle", "rush"):  # a unit of the rush area is a unit too
        b = _entered(7000, area)
        r = b.replay()
        assert verdict(r, b.last) == "legal", (area, r["steps"][b.last])
        assert "RS-IF-BP-HIGHEST" in rules_applied(r, b.last)
        unit = _thunder(b)
        assert (unit["bp"], unit["sp"]) == (6000, 0), area


def test_RS_IF_BP_HIGHEST_a_tie_is_not_guessed() -> None:
    b = _entered(6000)
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-IF-BP-HIGHEST" in rules_applied(r, b.last)
    unit = _thunder(b)
    assert (unit["bp"], unit["sp"]) == (6000, 0)  # the BP is given, the SP not guessed
