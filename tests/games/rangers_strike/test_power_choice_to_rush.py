"""A face-up card of one's power zone of either kind a text lists, chosen by the number it
prints, put into one's rush area (RS-POWER-CHOICE-TO-RUSH), on made-up cards in the catalogue's
sentence shape.

The sources' words, which the tests follow: "これをラッシュしたとき、自軍パワーゾーンのオモテ向きのカードから、必
要パワーの数字が4以下の、MユニットかSビークルのカードを1枚選んでもよい。そうしたとき、選んだカードを自軍ラッシュエ
リアに出す。" — the player *may* choose *one face-up* card of its own power zone that is *an M unit
card or an S vehicle card* whose printed required power number is *4 or less*; *when it does*, the
card goes into its rush area, put there by the effect ("カードの効果によりラッシュ…する場合、コマンドの
ホールドは必要がない"); a face-down card is a point of damage.
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

LAUNCH = (
    "【発進】これをラッシュしたとき、自軍パワーゾーンのオモテ向きのカードから、必要パワーの数字が4以下の、Mユニット"
    "かSビークルのカードを1枚選んでもよい。そうしたとき、選んだカードを自軍ラッシュエリアに出す。"
)
#: A's unit with the effect (size L, power 0)
CARRIER = printed("T-790", LAUNCH, name="Carrier", bp=1000, sp=0, size="L")
#: cards A charges face up into its power zone: an M unit printed 4, an S vehicle printed 3,
#: an M unit printed 5, an S unit printed 1
MECH = card("T-791", name="Mech", power=4, bp=5000, sp=0, size="M")
JET = {**card("T-792", "vehicle", name="Jet", power=3), "size": "S"}
BIG = card("T-793", name="Big", power=5, bp=8000, sp=0, size="M")
RANGER = card("T-794", name="Ranger", power=1, bp=2000, sp=1, size="S")
CARDS = [CARRIER, MECH, JET, BIG, RANGER]


def _rushed(power: tuple[str, ...] = ("T-791", "T-792", "T-793", "T-794")) -> LogBuilder:
    """A charges ``power`` face up into its power zone, one a turn (B passes), then charges a
    command and rushes the Carrier (A-1): its when-rushed effect waits."""
    b = LogBuilder(CARDS).setup(first="A")
    for code in power:
        b.charge("A", code, to="power").proceed("A", 3)
        b.pass_turn("B")
    return b.charge("A", "T-000").proceed("A").rush("A", "T-790")


def _rush_codes(r: dict[str, Any]) -> list[str]:
    return [u["code"] for u in player_state(r, "A")["rush"]]


def test_RS_POWER_CHOICE_TO_RUSH_read_from_the_printed_sentence_and_shown() -> None:
    r = read_card(CARRIER)
    assert r.understood
    (effect,) = r.effects
    assert effect["when"] == "on_rush" and effect["optional"] is True
    assert effect["do"] == [
        {
            "op": "power_card_to_rush",
            "find": {
                "any": [{"type": "unit", "size": "M"}, {"type": "vehicle", "size": "S"}],
                "power_max": 4,
            },
        }
    ]
    assert render_card(CARRIER)["reading"] == [
        "When rushed (optional: you may): put 1 size M unit card or size S vehicle card whose "
        "required power number is 4 or less among the face-up cards of your power zone into "
        "your rush area (no power, command or condition needed)."
    ]


def test_RS_POWER_CHOICE_TO_RUSH_near_misses_are_not_read() -> None:
    for text in (
        LAUNCH.replace("オモテ向きのカード", "カード"),  # face down too: not said here
        LAUNCH.replace("4以下", "4以上"),
        LAUNCH.replace("選んでもよい。そうしたとき、", "選び、"),  # no choice
        LAUNCH.replace("自軍ラッシュエリアに出す", "手札に加える"),
        LAUNCH.replace("自軍ラッシュエリアに出す", "自軍バトルエリアに出す"),
        LAUNCH.replace("選んだカードを", "このカードを"),
        LAUNCH.replace("MユニットかSビークル", "MユニットかMユニット"),  # a kind said twice
        LAUNCH.replace("自軍パワーゾーン", "敵軍パワーゾーン"),
    ):
        assert not read_card({"type": "unit", "text": text}).understood, text


def test_RS_POWER_CHOICE_TO_RUSH_an_M_unit_card_printing_4_goes_into_the_rush_area() -> None:
    b = _rushed()
    b.act("A", "resolve", source="A-1", use=True, targets=["T-791"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-POWER-CHOICE-TO-RUSH" in rules_applied(r, b.last)
    assert _rush_codes(r) == ["T-790", "T-791"]
    assert len(player_state(r, "A")["power"]["face_up"]) == 3
    assert player_state(r, "A")["damage"] == 0


def test_RS_POWER_CHOICE_TO_RUSH_an_S_vehicle_card_printing_3_goes_too() -> None:
    b = _rushed()
    b.act("A", "resolve", source="A-1", use=True, targets=["T-792"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _rush_codes(r) == ["T-790", "T-792"]


def test_RS_POWER_CHOICE_TO_RUSH_a_card_printing_more_or_of_another_kind_is_illegal() -> None:
    for code in ("T-793", "T-794"):  # an M unit printing 5; an S unit
        b = _rushed()
        b.act("A", "resolve", source="A-1", use=True, targets=[code])
        r = b.replay()
        assert verdict(r, b.last) == "illegal", code
        assert "RS-POWER-CHOICE-TO-RUSH" in rules_broken(r, b.last)


def test_RS_POWER_CHOICE_TO_RUSH_not_used_nothing_is_put() -> None:
    b = _rushed()
    b.act("A", "resolve", source="A-1", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _rush_codes(r) == ["T-790"]
    assert len(player_state(r, "A")["power"]["face_up"]) == 4


def test_RS_POWER_CHOICE_TO_RUSH_used_with_none_named_is_not_guessed() -> None:
    """Two codes fit (Mech and Jet): which one was taken the log does not say."""
    b = _rushed()
    b.act("A", "resolve", source="A-1", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert _rush_codes(r) == ["T-790"]
    # one code fits (Mech): it is the one taken; none fits: none is
    b = _rushed(("T-791", "T-793"))
    b.act("A", "resolve", source="A-1", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _rush_codes(r) == ["T-790", "T-791"]
    b = _rushed(("T-793", "T-794"))
    b.act("A", "resolve", source="A-1", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _rush_codes(r) == ["T-790"]
