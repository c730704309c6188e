"""The deck's top card revealed and what follows by the required power number it prints
(RS-REVEALED-NUMBER), on made-up cards in the catalogue's sentence shape.

The sources' words, which the tests follow: "自軍山札の上から1枚をオモテにする。そして、オモテにしたカードの必要パ
ワーの数字を見て、その数字が「1」「3」「5」のどれかなら、このターン、これはBP+4000され、「2」「4」「6」のどれかなら、相手は1
枚ドローしてもよい。「7」以上なら、このターン、これは「SP1」になる。その後、オモテにしたカードは山札の下に戻す。" — the
top card is revealed (not "してもよい": no choice); on 1, 3 or 5 this unit gets BP +4000 for the turn,
on 2, 4 or 6 *the opponent may* draw one card, on 7 or more this unit is SP 1 for the turn; then
the card goes to the bottom of the deck.
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

CARDS_TEXT = (
    "【占い】自軍ターン中、これがバトルエリアに出たとき、自軍山札の上から1枚をオモテにする。そして、オモテにしたカードの必要"
    "パワーの数字を見て、その数字が「1」「3」「5」のどれかなら、このターン、これはBP+4000され、「2」「4」「6」のどれかなら、相"
    "手は1枚ドローしてもよい。「7」以上なら、このターン、これは「SP1」になる。その後、オモテにしたカードは山札の下に戻す。"
)
SEER = printed("T-745", CARDS_TEXT, name="Seer", bp=2000, sp=0, size="S")
#: cards of A's deck, by the required power they print
ONE = card("T-746", name="One", power=1)
TWO = card("T-747", name="Two", power=2)
EIGHT = card("T-748", name="Eight", power=8)
NIL = card("T-749", name="Nil", power=0)


def _entered() -> LogBuilder:
    """A's Seer (A-1) enters in turn 1; its effect waits."""
    b = LogBuilder([SEER, ONE, TWO, EIGHT, NIL]).setup(first="A")
    return b.charge("A", "T-000").proceed("A").rush("A", "T-745").proceed("A").enter("A", "A-1")


def _seer(r: dict[str, Any]) -> dict[str, Any]:
    return player_state(r, "A")["battle"][0]


def _bottom(r: dict[str, Any]) -> Any:
    return r["steps"][-1]["snapshot"]["players"]["A"]["deck"][-1]


def test_RS_REVEALED_NUMBER_read_from_the_printed_named_effect_and_shown() -> None:
    r = read_card(SEER)
    assert r.understood
    (effect,) = r.effects
    assert effect["do"] == [
        {"op": "reveal"},
        {
            "op": "by_number",
            "odd": {"bp": 4000},
            "even": {"draw": 1},
            "high": {"min": 7, "sp": 1},
        },
        {"op": "revealed_to_bottom"},
    ]
    assert render_card(SEER)["reading"] == [
        "When it enters the battle area in your turn: reveal the top card of your deck; if the "
        "required power number it prints is 1, 3 or 5, this unit gets BP +4000 until the end of "
        "the turn; if it is 2, 4 or 6, the opponent may draw 1 card; if it is 7 or more, this "
        "unit is SP 1 until the end of the turn; then put the card revealed at the bottom of your "
        "deck."
    ]


def test_RS_REVEALED_NUMBER_near_misses_are_not_read() -> None:
    for text in (
        CARDS_TEXT.replace("オモテにする。そして", "オモテにしてもよい。そして"),
        CARDS_TEXT.replace("「1」「3」「5」", "「1」「2」「3」"),
        CARDS_TEXT.replace("相手は1枚ドローしてもよい", "相手は1枚ドローする"),
        CARDS_TEXT.replace("相手は1枚", "自分は1枚"),
        CARDS_TEXT.replace("山札の下に戻す", "手札に加える"),
        CARDS_TEXT.replace("「7」以上", "「7」以下"),
    ):
        assert not read_card({"type": "unit", "text": text}).understood, text


def test_RS_REVEALED_NUMBER_an_odd_number_gives_BP_for_the_turn() -> None:
    b = _entered()
    b.act("A", "resolve", source="A-1", targets=["T-746"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-REVEALED-NUMBER" in rules_applied(r, b.last)
    assert _seer(r)["bp"] == 6000 and _seer(r)["sp"] == 0
    assert _bottom(r) is not None  # the card revealed, public, at the bottom


def test_RS_REVEALED_NUMBER_seven_or_more_gives_SP_1_and_zero_nothing() -> None:
    b = _entered()
    b.act("A", "resolve", source="A-1", targets=["T-748"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _seer(r)["sp"] == 1 and _seer(r)["bp"] == 2000
    b = _entered()
    b.act("A", "resolve", source="A-1", targets=["T-749"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _seer(r)["sp"] == 0 and _seer(r)["bp"] == 2000


def test_RS_REVEALED_NUMBER_an_even_number_the_opponent_may_draw() -> None:
    before = len(player_state(_entered().replay(), "B")["hand"])
    b = _entered()
    b.act("A", "resolve", source="A-1", use=True, targets=["T-747"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert len(player_state(r, "B")["hand"]) == before + 1
    assert _seer(r)["bp"] == 2000 and _seer(r)["sp"] == 0
    b = _entered()
    b.act("A", "resolve", source="A-1", use=False, targets=["T-747"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert len(player_state(r, "B")["hand"]) == before
    assert _bottom(r) is not None  # revealed and put at the bottom though not "used"


def test_RS_REVEALED_NUMBER_the_opponents_choice_not_recorded_is_not_guessed() -> None:
    before = len(player_state(_entered().replay(), "B")["hand"])
    b = _entered()
    b.act("A", "resolve", source="A-1", targets=["T-747"])
    r = b.replay()
    step = r["steps"][b.last]
    assert step["verdict"] == "unverifiable", step
    assert any("whether the opponent draws" in why for why in step["unverifiable"])
    assert len(player_state(r, "B")["hand"]) == before
