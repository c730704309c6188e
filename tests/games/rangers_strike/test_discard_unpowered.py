"""Every size S unit and vehicle whose required power is not met put into the discard pile
(RS-DISCARD-UNPOWERED), on made-up cards in the catalogue's sentence shape.

The source's words, which the tests follow: "【name】これをラッシュしたとき、必要パワーを満たしていないSユニッ
トとSビークルを可能な限りすべて選び、捨札にする。" — *when this is rushed*, *every* size S unit and size S vehicle
*that does not meet its required power* (either player's: no side is named) goes to the discard
pile (not destroyed).  Cards come into play without meeting it by an effect such as
"自分の手札から「X」のカードを1枚選び、自軍ラッシュエリアに出してもよい。" (no power needed).
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

SENTENCE = "必要パワーを満たしていないSユニットとSビークルを可能な限りすべて選び、捨札にする。"
TEXT = f"【取締り】これをラッシュしたとき、{SENTENCE}"
#: A's unit: power 0, its when-rushed effect
COP = printed("T-750", TEXT, name="Cop", bp=1000, sp=0, size="S")
#: required power 2: a size S unit, a size S vehicle, a size M unit; required power 1: a size S unit
HEAVY = card("T-751", name="Heavy", power=2, bp=1000, sp=0, size="S")
BIKE = {**card("T-752", "vehicle", name="Bike", power=2), "size": "S"}
LIGHT = card("T-754", name="Light", power=1, bp=1000, sp=0, size="S")
#: operations putting a card from the hand into the rush area (no power needed)
DROP = printed(
    "T-755",
    "自分の手札から「Heavy」のカードを1枚選び、自軍ラッシュエリアに出してもよい。",
    "operation",
)
DROP_BIKE = printed(
    "T-756",
    "自分の手札から「Bike」のカードを1枚選び、自軍ラッシュエリアに出してもよい。",
    "operation",
)
CARDS = [COP, HEAVY, BIKE, LIGHT, DROP, DROP_BIKE]


def _dropped(b: LogBuilder, pid: str, op: str, code: str) -> LogBuilder:
    b.use(pid, op)
    return b.act(pid, "resolve", source=op, use=True, targets=[code])


def _codes(r: dict, pid: str) -> list[str]:
    return sorted(u["code"] for u in player_state(r, pid)["rush"])


def test_RS_DISCARD_UNPOWERED_read_and_shown() -> None:
    r = read_card(COP)
    assert r.understood
    (effect,) = r.effects
    assert effect["when"] == "on_rush" and "optional" not in effect
    assert effect["do"] == [{"op": "discard_unpowered", "size": "S"}]
    assert render_card(COP)["reading"][-1] == (
        "When rushed: put every size S unit and every size S vehicle (either player's, rush or "
        "battle area) whose printed required power is more than its player's power into its "
        "owner's discard pile (not destroyed)."
    )
    for near in (
        SENTENCE.replace("満たしていない", "満たしている"),
        SENTENCE.replace("SユニットとSビークル", "Sユニット"),
        SENTENCE.replace("可能な限りすべて選び", "1体選び"),
        SENTENCE.replace("捨札にする", "撃破する"),
    ):
        assert not read_card({**COP, "text": TEXT.replace(SENTENCE, near)}).understood, near


def test_RS_DISCARD_UNPOWERED_either_players_cards_short_of_power_go() -> None:
    b = LogBuilder(CARDS).setup(first="A")
    _dropped(b.charge("A", "T-000").proceed("A"), "A", "T-755", "T-751").proceed("A", 2)
    _dropped(b.charge("B", "T-000").proceed("B"), "B", "T-755", "T-751").proceed("B", 2)
    b.charge("A", "T-000", to="power").proceed("A").rush("A", "T-754")  # power 1: Light meets it
    b.pass_turn("A").pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-750")
    r = b.replay()  # its one effect, with no choice, resolves as it is rushed
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-DISCARD-UNPOWERED" in rules_applied(r, b.last)
    assert _codes(r, "A") == ["T-750", "T-754"]  # the Cop and the Light stay
    assert _codes(r, "B") == []
    for pid in "AB":  # each Heavy in its owner's discard pile
        discard = player_state(r, pid)["discard"]
        assert len(discard) >= 1 and discard[-1].startswith(f"{pid}-")
    types = [e["type"] for e in r["steps"][b.last]["events"]]
    assert "destroyed" not in types


def test_RS_DISCARD_UNPOWERED_a_vehicle_short_of_power_goes_too() -> None:
    b = LogBuilder(CARDS).setup(first="A")
    _dropped(b.charge("A", "T-000").proceed("A"), "A", "T-756", "T-752").proceed("A", 2)
    b.pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-750")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _codes(r, "A") == ["T-750"]
    assert "RS-DISCARD-UNPOWERED" in rules_applied(r, b.last)
