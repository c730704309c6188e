"""A vehicle's text as it returns from the battle area to the rush area: the unit riding it put
into its owner's hand (RS-RIDER-TO-HAND), on made-up cards in the catalogue's sentence shapes.

The sources' words, which the tests follow: "【魔法の絨毯】これがバトルエリアからラッシュエリアに戻るとき、
このビークルにライドしているユニットを手札に戻してもよい。" (*when* the vehicle returns from the battle
area to the rush area, the player *may* return the unit *riding it* to the hand); in the start
phase units and vehicles return to the rush area ("バトルエリアの自軍ユニット・ビークルをラッシュへ"),
the unit still riding ("はい、ライドしたままの状態になります。", atwiki renst 141 A1), and a unit moved
elsewhere leaves the vehicle in its place ("いいえ、その場に残ります。", A8).
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

CARPET_TEXT = (
    "※特徴「魔法」を持つ自軍Sユニットは、自軍コマンドを1つホールドすればRCを持っていなくてもこのビークルに"
    "ライドできる。 【魔法の絨毯】これがバトルエリアからラッシュエリアに戻るとき、このビークルにライドしている"
    "ユニットを手札に戻してもよい。"
)
NAMED = CARPET_TEXT.split(" ")[1]
#: A's vehicle and the unit that rides it; B's operation returning an opposing unit
CARPET = {**printed("T-614", CARPET_TEXT, "vehicle", name="Carpet", size="S"), "features": ["魔法"]}
WITCH = {**card("T-615", name="Witch", bp=2000, sp=1, size="S"), "features": ["魔法"]}
RECALL = card(
    "T-616",
    "operation",
    name="Recall",
    effects=[
        {
            "when": "on_use",
            "do": [
                {
                    "op": "return",
                    "target": {"side": "opponent", "zone": "battle", "count": 1, "type": "unit"},
                }
            ],
        }
    ],
)
CARDS = [CARPET, WITCH, RECALL]


def _ridden(*, ride_off: bool = False) -> LogBuilder:
    """A rushes the Carpet in turn 1; in turn 3 it rushes the Witch, which enters riding the
    Carpet (holding its other command for it), and (``ride_off``) rides off and strikes."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-614").proceed("A", 2)
    b.pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-615").proceed("A")
    b.enter("A", "T-615", ride="T-614")
    if ride_off:
        b.ride_off("A", "T-615").strike("A", "T-615")
    return b.proceed("A")


def _back(**kw: Any) -> LogBuilder:
    """:func:`_ridden`, then B passes turn 4: in A's turn 5 start phase the two return."""
    return _ridden(**kw).pass_turn("B")


def _rush(r: dict[str, Any]) -> list[tuple[str, str | None]]:
    return [(u["id"], u.get("vehicle")) for u in player_state(r, "A")["rush"]]


def test_RS_RIDER_TO_HAND_read_and_shown() -> None:
    r = read_card({"type": "vehicle", "text": CARPET_TEXT})
    assert r.understood
    assert [e for e in r.effects] == [
        {
            "when": "on_return",
            "optional": True,
            "do": [{"op": "rider_to_hand"}],
            "text": NAMED,
        }
    ]
    assert render_card(CARPET)["reading"][0] == (
        "When this returns from the battle area to the rush area (optional: you may): return the "
        "unit riding this vehicle to its owner's hand."
    )
    for near in (
        NAMED.replace("手札に戻してもよい", "手札に戻す"),  # no choice
        NAMED.replace("バトルエリアからラッシュエリアに", "ラッシュエリアからバトルエリアに"),
        NAMED.replace("手札に", "山札の下に"),
    ):
        assert not read_card({"type": "vehicle", "text": near}).understood, near
    assert not read_card({"type": "unit", "text": NAMED}).understood  # a unit rides nothing


def test_RS_RIDER_TO_HAND_the_unit_riding_it_goes_into_the_hand() -> None:
    b = _back()
    r = b.replay()
    assert "RS-RIDER-TO-HAND" in rules_applied(r, b.last)
    witch = "A-4"
    assert _rush(r) == [(witch, "A-1")]  # back in the rush area, still riding
    b.act("A", "resolve", source="T-614", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-RIDER-TO-HAND" in rules_applied(r, b.last)
    assert _rush(r) == [("A-1", None)]  # the Carpet stays, no longer ridden
    assert witch in player_state(r, "A")["hand"]
    b.charge("A", "T-000")  # the turn goes on
    assert verdict(b.replay(), b.last) == "legal"


def test_RS_RIDER_TO_HAND_not_used_the_unit_stays_riding() -> None:
    b = _back()
    b.act("A", "resolve", source="T-614", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert _rush(r) == [("A-4", "A-1")]
    assert "A-4" not in player_state(r, "A")["hand"]


def test_RS_RIDER_TO_HAND_a_vehicle_no_unit_rides_triggers_nothing() -> None:
    b = _back(ride_off=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-RIDER-TO-HAND" not in rules_applied(r, b.last)
    assert sorted(_rush(r)) == [("A-1", None), ("A-4", None)]
    assert all(p["kind"] != "resolve" for p in r["steps"][b.last]["pending"])


def test_RS_RIDER_TO_HAND_a_return_by_an_effect_is_not_guessed() -> None:
    b = _ridden()
    b.charge("B", "T-000").proceed("B").use("B", "T-616")
    b.act("B", "resolve", source="T-616", targets=["T-615"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "RS-RIDER-TO-HAND" in rules_applied(r, b.last)
    assert _rush(r) == [("A-4", "A-1")]  # returned, riding: the vehicle's text not carried out
