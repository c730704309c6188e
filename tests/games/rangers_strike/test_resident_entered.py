"""A resident's text that triggers when a unit of its player's with a feature enters the battle
area in that player's battle phase, putting a card of the hand with a lower required power number
into the rush area (RS-RESIDENT-ENTERED, RS-HAND-POWER-BELOW), on made-up cards in the
catalogue's sentence shape.

The sources' words, which the tests follow: "自軍バトルフェイズ中、特徴「X」を持つ自軍Sユニットがバトルエリア
に出たとき、次の効果を発動できる ⇒バトルエリアに出たユニットの必要パワーの数字よりも、必要パワーの数字が小さ
いWBのMユニットのカードを、自分の手札から1枚選び、自軍ラッシュエリアに出す。" — while the resident is *in
place* ("場に配置して、離れるまで効果が有効になる"), in *its player's battle phase*, when *its player's size S*
unit *with the feature* enters the battle area, the effect *may be activated*; activated, a *WB*,
*size M* unit card of the hand whose printed required power number is *less than* the entered
unit's *is put* (出す: not "may") into the rush area.
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
    rules_broken,
    verdict,
)

TEXT = (
    "自軍バトルフェイズ中、特徴「闘魂」を持つ自軍Sユニットがバトルエリアに出たとき、次の効果を発動できる ⇒バトル"
    "エリアに出たユニットの必要パワーの数字よりも、必要パワーの数字が小さいWBのMユニットのカードを、自分の手札から"
    "1枚選び、自軍ラッシュエリアに出す。"
)
#: A's resident operation
DOJO = printed("T-880", "※常駐 " + TEXT, type="operation", operation="resident", name="Dojo")
#: A's size S unit with the feature, required power number 3 (printed "3-": it needs none)
FIGHTER = {
    **card("T-881", name="Fighter", size="S"),
    "features": ["闘魂"],
    "power_number": 3,
}
#: cards of the hand: a WB size M unit of number 2 (fits), of number 3 (not less), a size S
#: one, a DA one
CUB = card("T-882", name="Cub", category="WB", power=2, size="M")
PEER = card("T-883", name="Peer", category="WB", power=3, size="M")
KIT = card("T-884", name="Kit", category="WB", power=1, size="S")
MAUL = card("T-885", name="Maul", category="DA", power=1, size="M")
#: A's size S unit without the feature, and a size M one with it
PLAIN = {**card("T-886", name="Plain", size="S"), "power_number": 3}
BULK = {**card("T-887", name="Bulk", size="M"), "features": ["闘魂"], "power_number": 3}
CARDS = [DOJO, FIGHTER, CUB, PEER, KIT, MAUL, PLAIN, BULK]


def _entered(unit: str = "T-881") -> LogBuilder:
    """A places the Dojo in turn 1; in turn 3 A rushes ``unit`` and it enters the battle
    area."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").use("A", "T-880").proceed("A", 2)
    b.pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", unit).proceed("A")
    rushed = next(u["id"] for u in player_state(b.replay(), "A")["rush"] if u["code"] == unit)
    return b.enter("A", rushed)


def _rush_codes(b: LogBuilder) -> list[str]:
    return [u["code"] for u in player_state(b.replay(), "A")["rush"]]


def test_RS_RESIDENT_ENTERED_read_from_the_printed_text_and_shown() -> None:
    r = read_card(DOJO)
    assert r.understood
    (effect,) = r.effects
    assert {k: v for k, v in effect.items() if k != "text"} == {
        "when": "on_entered",
        "while": "resident",
        "of": {"feature": "闘魂", "side": "own", "size": "S", "phase": "battle"},
        "optional": True,
        "activate": True,
        "do": [
            {
                "op": "from_hand",
                "find": {"type": "unit", "category": "WB", "size": "M", "power_below": "entered"},
                "count": 1,
                "to": "rush",
            }
        ],
    }
    assert render_card(DOJO)["reading"] == [
        "While this resident is in place, in your battle phase, when a size S unit of yours "
        "with the feature 闘魂 enters the battle area (optional: you may activate it): put a "
        "size M unit card of category WB whose required power number is less than the entered "
        "unit's from your hand into your rush area, if you have one (no power, command or "
        "condition needed)."
    ]


def test_RS_RESIDENT_ENTERED_near_misses_are_not_read() -> None:
    for text in (
        TEXT.replace("自軍バトルフェイズ中、", ""),
        TEXT.replace("自軍Sユニット", "敵軍Sユニット"),
        TEXT.replace("小さい", "大きい"),
        TEXT.replace("出す。", "出してもよい。"),
        TEXT.replace("自分の手札から", "自軍捨札から"),
        TEXT.replace("次の効果を発動できる ⇒", ""),
    ):
        card_ = {"type": "operation", "operation": "resident", "text": "※常駐 " + text}
        assert not read_card(card_).understood, text
    normal = {"type": "operation", "operation": "normal", "text": TEXT}
    assert not read_card(normal).understood  # a resident's text only


def test_RS_RESIDENT_ENTERED_the_unit_entering_triggers_it_and_a_card_is_put() -> None:
    b = _entered()
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-RESIDENT-ENTERED" in rules_applied(r, b.last)
    b.act("A", "resolve", source="T-880", use=True, targets=["T-882"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-HAND-POWER-BELOW" in rules_applied(r, b.last)
    assert _rush_codes(b) == ["T-882"]


def test_RS_RESIDENT_ENTERED_not_activated_nothing_is_put() -> None:
    b = _entered()
    b.act("A", "resolve", source="T-880", use=False)
    assert verdict(b.replay(), b.last) == "legal"
    assert _rush_codes(b) == []


def test_RS_RESIDENT_ENTERED_a_unit_without_the_feature_or_not_of_size_s_does_not() -> None:
    for unit in ("T-886", "T-887"):
        b = _entered(unit)
        r = b.replay()
        assert verdict(r, b.last) == "legal", unit
        assert "RS-RESIDENT-ENTERED" not in rules_applied(r, b.last), unit


def test_RS_HAND_POWER_BELOW_a_card_that_does_not_fit_is_illegal() -> None:
    for wrong in ("T-883", "T-884", "T-885"):  # number 3, not less; size S; category DA
        b = _entered()
        b.act("A", "resolve", source="T-880", use=True, targets=[wrong])
        r = b.replay()
        assert verdict(r, b.last) == "illegal", wrong
        assert "RS-HAND-POWER-BELOW" in rules_broken(r, b.last), wrong
        assert _rush_codes(b) == [], wrong


def test_RS_HAND_POWER_BELOW_not_recorded_from_a_hidden_hand_is_unverifiable() -> None:
    b = _entered()
    b.act("A", "resolve", source="T-880", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert _rush_codes(b) == []
