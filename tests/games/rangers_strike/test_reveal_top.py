"""The deck's top card revealed and put into play by its name (RS-REVEAL-TOP), under a condition
on one's units (RS-IF-UNITS), on made-up cards in the catalogue's sentence shapes.

The sources' words, which the tests follow: "このユニットをラッシュしたとき、自軍Sユニットの数が1体以下
なら、自軍山札の上から1枚をオモテにしてもよい。オモテにしたカードが「Drone」なら自軍ラッシュエリアに出
し、それ以外なら捨札にする。" — *if* one's S units number 1 or fewer (「ユニット」: those in the rush and
battle areas, this one included), the player *may* reveal the top card; named Drone it goes into
the rush area by the effect (効果によるラッシュ: no command), any other into the discard pile.
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

GENE = (
    "【群れ】このユニットをラッシュしたとき、自軍Sユニットの数が1体以下なら、自軍山札の上から1枚を"
    "オモテにしてもよい。オモテにしたカードが「Drone」なら自軍ラッシュエリアに出し、それ以外なら捨札"
    "にする。"
)
ANT = printed("T-360", GENE, name="Ant", bp=500, sp=0, size="S")
DRONE = card("T-361", name="Drone", bp=1000, sp=0, size="S")


def _rushed(first: str | None = None) -> LogBuilder:
    """A rushes ``first`` (if any) in turn 1 and Ant in turn 3: its when-rushed effect waits."""
    b = LogBuilder([ANT, DRONE]).setup(first="A")
    b.charge("A", "T-000").proceed("A")
    if first:
        b.rush("A", first)
    b.proceed("A", 2).pass_turn("B")
    return b.charge("A", "T-000").proceed("A").rush("A", "T-360")


def _codes(r: dict[str, Any], zone: str) -> list[str]:
    return [u["code"] for u in player_state(r, "A")[zone]]


def test_RS_REVEAL_TOP_read_from_the_printed_sentences_and_shown() -> None:
    (effect,) = read_card({"type": "unit", "size": "S", "text": GENE}).effects
    assert effect["when"] == "on_rush" and effect["optional"] is True
    assert effect["if"] == {"own_units_at_most": 1, "size": "S"}
    assert effect["do"] == [{"op": "reveal_top", "name": "Drone"}]
    assert render_card(ANT)["reading"] == [
        "When rushed, if you have 1 size S units or fewer (optional: you may): reveal the top "
        "card of your deck: named Drone, it goes into your rush area, otherwise into your "
        "discard pile."
    ]


def test_RS_REVEAL_TOP_the_card_named_goes_into_the_rush_area() -> None:
    b = _rushed()
    b.act("A", "resolve", source="T-360", use=True, targets=["T-361"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert {"RS-REVEAL-TOP", "RS-IF-UNITS"} <= set(rules_applied(r, b.last))
    assert _codes(r, "rush") == ["T-360", "T-361"]


def test_RS_REVEAL_TOP_another_card_goes_into_the_discard_pile() -> None:
    b = _rushed()
    b.act("A", "resolve", source="T-360", use=True, targets=["T-000"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _codes(r, "rush") == ["T-360"]
    assert len(player_state(r, "A")["discard"]) == 1


def test_RS_REVEAL_TOP_a_card_that_cannot_be_on_top_is_illegal() -> None:
    b = _rushed()
    (ant,) = [u["id"] for u in player_state(b.replay(), "A")["rush"]]
    b.act("A", "resolve", source="T-360", use=True, targets=[ant])  # Ant itself, in the rush area
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-REVEAL" in rules_broken(r, b.last)


def test_RS_IF_UNITS_with_more_units_than_it_allows_nothing_happens() -> None:
    b = _rushed(first="T-361")  # Drone and Ant: 2 size S units
    b.act("A", "resolve", source="T-360", use=True, targets=["T-361"])
    r = b.replay()
    assert "RS-IF-UNITS" in rules_applied(r, b.last)
    assert _codes(r, "rush") == ["T-361", "T-360"]
    assert player_state(r, "A")["discard"] == []
