"""A unit's own SP and BP while a condition holds (RS-WHILE), on made-up cards in the catalogue's
sentence shape.

The sources' words, which the tests follow: "自軍パワーのオモテ向きのカードと自軍コマンドゾーンのカードにDA持
つカードが1枚もなければ、これは「SP1」になる。また、DAを持つ敵軍ユニットがあれば、これはBP+3000される。" —
SP 1 *while not one* DA card is among one's *face-up* power cards and one's command zone's cards;
BP +3000 *while* an opposing DA unit exists (「ユニット」= rush/battle 上); a unit printed SP ！ has SP
only from its text ("記載が「！」の場合、ＣＮやテキストの効果などによってストライクポイントが決定する");
several effects on SP are ordered by the turn player at each look ("ユニットの状態を参照するたびにター
ンプレーヤーが順番を決めて適用する"). In tag battle 自軍 may be the player's or its team's.
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

DARKNESS = (
    "【心】自軍パワーのオモテ向きのカードと自軍コマンドゾーンのカードにDA持つカードが1枚もなければ、これは"
    "「SP1」になる。また、DAを持つ敵軍ユニットがあれば、これはBP+3000される。"
)
#: A's unit, printed SP ！ (SP only from its text) and BP 3500
BLACK = {**printed("T-978", DARKNESS, name="Black", bp=3500, sp=0, size="S"), "sp_special": True}
#: a DA unit: a command, a power card or an opposing unit
DARK = card("T-979", name="Dark", category="DA", bp=1000, sp=0, size="S")
#: an operation that makes a unit of one's own SP 2 for the turn (RS-SP-EFFECT)
TWO = printed(
    "T-960",
    "自軍Sユニットを1体選ぶ。このターン、選んだユニットは「SP2」になる。",
    "operation",
    name="Two",
)
CARDS = [BLACK, DARK, TWO]


def _black(b: LogBuilder, pid: str = "A") -> dict[str, Any]:
    r = b.replay()
    (unit,) = [
        u for a in ("rush", "battle") for u in player_state(r, pid)[a] if u["code"] == "T-978"
    ]
    return unit


def _strikes(charge: str = "T-000", to: str = "command", b_rush: bool = False) -> LogBuilder:
    """A rushes Black in turn 1; B may rush a DA unit in turn 2; in turn 3 A charges ``charge``
    (``to``) and Black enters and strikes."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-978").proceed("A", 2)
    if b_rush:  # a DA command of B's own (B's zones are no business of A's text)
        b.charge("B", "T-979").proceed("B").rush("B", "T-979").proceed("B", 2)
    else:
        b.pass_turn("B")
    b.charge("A", charge, to=to).proceed("A", 2).enter("A", "T-978")
    return b.strike("A", "T-978")


def test_RS_WHILE_read_from_the_printed_named_effect_and_shown() -> None:
    r = read_card({"type": "unit", "sp_special": True, "text": DARKNESS})
    assert r.understood
    (effect,) = r.effects
    assert effect["do"] == [
        {
            "op": "sp",
            "value": 1,
            "while": {"none_in": ["face_up_power", "command"], "category": "DA"},
        },
        {"op": "bp", "amount": 3000, "while": {"opposing_unit": {"category": "DA"}}},
    ]
    assert render_card(BLACK)["reading"][-1] == (
        "Always: this unit is SP 1 while none of the face-up cards of your power zone and the "
        "cards of your command zone is of category DA; this unit gets BP +3000 while an opposing "
        "unit of category DA is in a rush or battle area."
    )
    # near misses: another zone, another SP form, a unit with a combination number
    assert not read_card(
        {"type": "unit", "text": DARKNESS.replace("自軍コマンドゾーン", "自軍手札")}
    ).understood
    assert not read_card({"type": "unit", "text": DARKNESS.replace("「SP1」", "SP1/2")}).understood
    assert not read_card(
        {"type": "unit", "combination": {"number": 1}, "text": DARKNESS}
    ).understood


def test_RS_WHILE_with_no_DA_card_of_its_own_it_is_SP_1_and_strikes() -> None:
    b = _strikes(b_rush=True)  # B's DA command and unit are B's: A's text looks at A's zones
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-WHILE" in rules_applied(r, b.last)
    assert _black(b)["sp"] == 1


def test_RS_WHILE_a_DA_command_of_its_own_leaves_it_SP_0() -> None:
    b = _strikes(charge="T-979")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-STRIKE"]
    assert _black(b)["sp"] == 0


def test_RS_WHILE_a_face_up_DA_power_card_of_its_own_leaves_it_SP_0() -> None:
    b = _strikes(charge="T-979", to="power")
    assert rules_broken(b.replay(), b.last) == ["RS-STRIKE"]


def test_RS_WHILE_BP_3000_more_while_an_opposing_DA_unit_is_there() -> None:
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-978").proceed("A", 2)
    assert _black(b)["bp"] == 3500
    b.charge("B", "T-979").proceed("B").rush("B", "T-979")
    assert _black(b)["bp"] == 6500  # B's Dark in B's rush area


def test_RS_WHILE_another_effect_making_another_SP_leaves_the_strike_unverifiable() -> None:
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-978").proceed("A", 2).pass_turn("B")
    b.charge("A", "T-000").proceed("A").use("A", "T-960", targets=["A-1"]).proceed("A")
    b.enter("A", "T-978").strike("A", "T-978")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]  # SP 1 or 2: order unknown


def test_RS_WHILE_tag_readings_that_disagree_leave_the_strike_unverifiable() -> None:
    """A1 holds a DA command; A2's Black strikes: no DA card in A2's zones (SP 1), one in team
    A's (SP 0)."""
    decks = {p: ["T-978", "T-979"] * 3 for p in ("A1", "A2", "B1", "B2")}
    b = LogBuilder(CARDS, variant="tag", decks=decks).setup(first="A1")
    b.charge("A1", "T-979").proceed("A1", 3)
    b.charge("A2", "T-000").proceed("A2").rush("A2", "T-978").proceed("A2", 2)
    b.pass_turn("B1").pass_turn("B2")
    b.proceed("A1", 3).proceed("A2", 2).enter("A2", "T-978").strike("A2", "T-978")
    r = b.replay()
    assert [s["verdict"] for s in r["steps"][:-1]].count("illegal") == 0
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-WHILE" in rules_applied(r, b.last)
