"""The deck's top card revealed; when it is an MA M unit card, an opposing unit without an
additional condition returned to its owner's hand; then the card revealed into the hand
(RS-REVEAL-RETURN-TO-HAND), on made-up cards in the catalogue's sentence shape.

The sources' words, which the tests follow: "自軍山札の上から1枚をオモテにしてもよい。そうしたとき、オモテにしたカー
ドがMAのMユニットのカードだったなら、追加条件を持たない敵軍ユニットを1体選び、持ち主の手札に戻す。その後、オモテにした
カードを手札に加える。" — the player *may* reveal its top card; *when it does* and the card is *an MA M
unit card*, *one* opposing unit *with no additional condition* (the card's "追加条件欄") goes to its
owner's hand; *afterwards* the card revealed goes into the player's hand, *whatever it is*.
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

BALL = (
    "【鉄球】自軍ターン中、これがバトルエリアに出たとき、自軍山札の上から1枚をオモテにしてもよい。そうしたとき、オモテに"
    "したカードがMAのMユニットのカードだったなら、追加条件を持たない敵軍ユニットを1体選び、持ち主の手札に戻す。その後、オ"
    "モテにしたカードを手札に加える。"
)
MAMMOTH = printed("T-755", BALL, name="Mammoth", bp=5000, sp=0, size="L")
#: B's units: Plain (no additional condition) and Costly (its condition: Plain in B's areas)
PLAIN = card("T-756", name="Plain", bp=1000, sp=0, size="S")
COSTLY = card("T-757", name="Costly", bp=1000, sp=0, size="S", condition={"unit_named": "Plain"})
#: cards of A's deck: an MA M unit card, and an MA S unit card
MECH = card("T-758", name="Mech", category="MA", bp=5000, sp=0, size="M")
SMALL = card("T-759", name="Small", category="MA", bp=1000, sp=0, size="S")
CARDS = [MAMMOTH, PLAIN, COSTLY, MECH, SMALL]


def _entered() -> LogBuilder:
    """B rushes Plain (B-4, turn 1) and Costly (B-7, turn 3); in turn 4 A's Mammoth (A-1)
    enters and its effect waits."""
    b = LogBuilder(CARDS).setup(first="B")
    b.charge("B", "T-000").proceed("B").rush("B", "T-756").proceed("B", 2)
    b.pass_turn("A")
    b.charge("B", "T-000").proceed("B").rush("B", "T-757").proceed("B", 2)
    return b.charge("A", "T-000").proceed("A").rush("A", "T-755").proceed("A").enter("A", "A-1")


def _rush(r: dict[str, Any]) -> list[str]:
    return [u["name"] for u in player_state(r, "B")["rush"]]


def test_RS_REVEAL_RETURN_TO_HAND_read_from_the_printed_sentences_and_shown() -> None:
    r = read_card(MAMMOTH)
    assert r.understood
    (effect,) = r.effects
    assert effect["optional"] is True
    assert effect["do"] == [
        {"op": "reveal", "if_done": True},
        {
            "op": "return_to_hand",
            "target": {
                "side": "opponent",
                "zone": "field",
                "count": 1,
                "type": "unit",
                "no_condition": True,
            },
            "if": {"revealed": {"category": "MA", "type": "unit", "size": "M"}},
        },
        {"op": "revealed_to_hand"},
    ]
    assert render_card(MAMMOTH)["reading"] == [
        "When it enters the battle area in your turn (optional: you may): reveal the top card of "
        "your deck, and if you do: if the card revealed is a size M unit card of category MA, "
        "return 1 unit (not a vehicle) without an additional condition in the opponent's rush or "
        "battle area to its owner's hand (not destroyed); then put the card revealed into your "
        "hand, whatever it is."
    ]


def test_RS_REVEAL_RETURN_TO_HAND_near_misses_are_not_read() -> None:
    for text in (
        BALL.replace("追加条件を持たない", ""),
        BALL.replace("追加条件を持たない", "追加条件を持つ"),
        BALL.replace("持ち主の手札に戻す", "持ち主のラッシュエリアに戻す"),
        BALL.replace("その後、オモテにしたカードを手札に加える。", ""),
        BALL.replace("手札に加える", "山札の下に戻す"),
        BALL.replace("MAのMユニットのカード", "Mユニットのカード"),
        BALL.replace("敵軍ユニット", "自軍ユニット"),
    ):
        assert not read_card({"type": "unit", "text": text}).understood, text


def test_RS_REVEAL_RETURN_TO_HAND_an_MA_M_unit_card_returns_a_unit_without_condition() -> None:
    b = _entered()
    before = b.replay()
    hand, b_hand = (len(player_state(before, p)["hand"]) for p in ("A", "B"))
    b.act("A", "resolve", source="A-1", use=True, targets=["T-758", "B-4"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-REVEAL-RETURN-TO-HAND" in rules_applied(r, b.last)
    assert _rush(r) == ["Costly"]
    assert len(player_state(r, "B")["hand"]) == b_hand + 1  # Plain, not destroyed
    assert player_state(r, "B")["discard"] == []
    assert len(player_state(r, "A")["hand"]) == hand + 1  # the card revealed


def test_RS_REVEAL_RETURN_TO_HAND_a_unit_with_an_additional_condition_cannot_be_chosen() -> None:
    b = _entered()
    b.act("A", "resolve", source="A-1", use=True, targets=["T-758", "B-7"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_REVEAL_RETURN_TO_HAND_another_card_revealed_returns_none() -> None:
    b = _entered()
    hand = len(player_state(b.replay(), "A")["hand"])
    b.act("A", "resolve", source="A-1", use=True, targets=["T-759"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _rush(r) == ["Plain", "Costly"]
    assert len(player_state(r, "A")["hand"]) == hand + 1  # still taken into the hand
    # a unit named then is one too many
    b = _entered()
    b.act("A", "resolve", source="A-1", use=True, targets=["T-759", "B-4"])
    assert verdict(b.replay(), b.last) == "illegal"


def test_RS_REVEAL_RETURN_TO_HAND_not_used_nothing_happens() -> None:
    b = _entered()
    hand = len(player_state(b.replay(), "A")["hand"])
    b.act("A", "resolve", source="A-1", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _rush(r) == ["Plain", "Costly"]
    assert len(player_state(r, "A")["hand"]) == hand
