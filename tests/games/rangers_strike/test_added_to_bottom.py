"""An opposing unit with a category or feature added returned to the bottom of its owner's deck
(RS-ADDED-TO-BOTTOM), on made-up cards in the catalogue's sentence shape.

The sources' words, which the tests follow: "【name】「SP1」カテゴリまたは特徴の追加されている敵軍Sユニットを1体選
び、持ち主の山札の下に戻してもよい。" — the unit is *SP 1* (its Number Combination), and its player *may*
choose *one opposing size S unit* that has *a category or a feature added*, which goes *to the
bottom of its owner's deck*.
"""

from __future__ import annotations

from typing import Any

from judge.core.testing import ruling_texts
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

TEXT = "【風の術】「SP1」カテゴリまたは特徴の追加されている敵軍Sユニットを1体選び、持ち主の山札の下に戻してもよい。"
#: A's unit (made-up name), combination number 1, SP only from its combination
NINJA = {
    **printed("T-890", TEXT, name="Wind Ninja", combination={"number": 1, "effects": []}),
    "sp": 0,
    "sp_special": True,
    "size": "S",
}
#: B's stacking operation adding a feature (RS-STACK), its WB units and commands
ARMOR_TEXT = (
    "カテゴリにWBを持つ自軍Sユニットを1体選ぶ。そして、このカードを自軍ラッシュエリアに置き、選んだユニット"
    "をこのカードに重ねる。このカードに重ねたユニットはBP+1000され、特徴「鎧」が追加される。重ねたユニット"
    "がユニットでなくなるとき、このカードを持ち主の手札に戻す。"
)
ARMOR = printed("T-891", ARMOR_TEXT, type="operation", name="Plate", category="WB")
RANGER = card("T-892", name="Plated One", category="WB", size="S")
FUEL = card("T-893", name="WB Fuel", category="WB", size="S")
PLAIN = card("T-894", name="Bare One", category="WB", size="S")
CARDS = [NINJA, ARMOR, RANGER, FUEL, PLAIN]


def _combination(plate: bool = True) -> LogBuilder:
    """A rushes Wind Ninja (turn 1); B rushes Plated One (turn 2) and Bare One and plates
    Plated One (turn 4, when ``plate``); A's Wind Ninja enters 1st in turn 5."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-890").proceed("A", 2)
    b.charge("B", "T-893").proceed("B").rush("B", "T-892").proceed("B", 2)
    b.charge("A", "T-000").proceed("A", 3)
    b.charge("B", "T-893").proceed("B").rush("B", "T-894")
    if plate:
        b.use("B", "T-891").act("B", "resolve", source="T-891", targets=["T-892"])
    b.proceed("B", 2)
    return b.charge("A", "T-000").proceed("A", 2).enter("A", "T-890")


def _rush_codes(r: dict[str, Any], pid: str) -> list[str]:
    return [u["code"] for u in player_state(r, pid)["rush"]]


def test_RS_ADDED_TO_BOTTOM_read_and_shown() -> None:
    r = read_card({"type": "unit", "combination": {"number": 3}, "text": TEXT})
    assert r.understood
    assert [{k: v for k, v in e.items() if k != "text"} for e in r.combination] == [
        {
            "when": "combination",
            "optional": True,
            "do": [
                {"op": "sp", "value": 1, "until": "turn"},
                {
                    "op": "added_to_bottom",
                    "target": {
                        "side": "opponent",
                        "zone": "field",
                        "count": 1,
                        "type": "unit",
                        "size": "S",
                        "added": True,
                    },
                },
            ],
        }
    ]
    assert render_card(NINJA)["reading"][-1] == (
        "Number Combination 1: this unit is SP 1 until the end of the turn; then you may choose 1 "
        "opposing size S unit (rush or battle area) with a category or feature added to it: it "
        "goes to the bottom of its owner's deck."
    )


def test_RS_ADDED_TO_BOTTOM_near_misses_are_not_read() -> None:
    for text in (
        TEXT.replace("カテゴリまたは特徴の", "特徴の"),
        TEXT.replace("敵軍Sユニット", "自軍Sユニット"),
        TEXT.replace("山札の下", "山札の上"),
        TEXT.replace("戻してもよい", "戻す"),
    ):
        assert not read_card(
            {"type": "unit", "combination": {"number": 3}, "text": text}
        ).understood, text
    # a unit without a combination number
    assert not read_card({"type": "unit", "text": TEXT}).understood


def test_RS_ADDED_TO_BOTTOM_a_unit_with_a_feature_added_goes_to_the_bottom() -> None:
    b = _combination()
    r = b.replay()
    assert [s["verdict"] for s in r["steps"]].count("illegal") == 0, r["steps"]
    b.act("A", "resolve", source="T-890", use=True, targets=["T-892"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-ADDED-TO-BOTTOM" in rules_applied(r, b.last)
    assert "T-892" not in _rush_codes(r, "B")
    events = [e for e in r["steps"][b.last]["events"] if e["type"] in ("sp", "to_deck")]
    assert [e["type"] for e in events] == ["sp", "to_deck"]
    assert "to the bottom of B's deck" in events[1]["text"]


def test_RS_ADDED_TO_BOTTOM_a_unit_without_one_cannot_be_chosen() -> None:
    b = _combination().act("A", "resolve", source="T-890", use=True, targets=["T-894"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-EFFECT-TARGETS"], r["steps"][b.last]
    # none plated: nothing fits, and declining still makes the unit SP 1
    b = _combination(plate=False).act("A", "resolve", source="T-890", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _rush_codes(r, "B") == ["T-892", "T-894"]
    assert [e["type"] for e in r["steps"][b.last]["events"] if e["type"] == "sp"] == ["sp"]


def test_RS_ADDED_TO_BOTTOM_an_unread_card_adding_features_is_not_guessed() -> None:
    """A card in B's command zone whose text is not read speaks of adding a feature: whether a
    unit has one added is not known."""
    adder = printed(
        "T-895",
        "【謎】自軍ユニットの特徴に「影」を追加する。何かが起こる。",
        name="Odd Adder",
        category="WB",
    )
    b = LogBuilder([*CARDS, adder]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-890").proceed("A", 2)
    b.charge("B", "T-895").proceed("B").rush("B", "T-894").proceed("B", 2)
    b.charge("A", "T-000").proceed("A", 2).enter("A", "T-890")
    b.act("A", "resolve", source="T-890", use=True, targets=["T-894"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "speaks of adding one" in " ".join(ruling_texts(r, b.last))
    assert "T-894" in _rush_codes(r, "B")
