"""A resident's text that, when its player rushes a unit with a feature in its rush phase, lets it
put cards of its hand on the bottom of its deck and draw as many (RS-RUSHED-HAND-CYCLE), on
made-up cards in the catalogue's sentence shape.

The source's words, which the tests follow: "自軍ラッシュフェイズ中、自分が特徴「忍者」を持つユニットをラッシ
ュしたとき、自分の手札からカードを好きな枚数選び、自軍山札の下に好きな順で戻してもよい。そうしたとき、戻した
枚数と同じ枚数をドローする。" — *in its own rush phase*, *when the player rushes a unit with the
feature 忍者*, it *may* choose *any number* of cards of its hand and put them on the *bottom* of its
deck *in the order it likes*; *when it did*, it draws *as many*.
"""

from __future__ import annotations

from typing import Any

from judge.core.replay import replay
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
    "自軍ラッシュフェイズ中、自分が特徴「忍者」を持つユニットをラッシュしたとき、自分の手札からカードを好きな枚数"
    "選び、自軍山札の下に好きな順で戻してもよい。そうしたとき、戻した枚数と同じ枚数をドローする。"
)
#: A's resident operation
SCROLL = printed("T-902", f"※常駐 {TEXT}", "operation", name="Scroll", operation="resident")
NINJA = {**card("T-903", name="Ninja", bp=2000, sp=1, size="S"), "features": ["忍者"]}
PLAIN = {**card("T-904", name="Plain", bp=2000, sp=1, size="S"), "features": ["男"]}
#: A's operation putting a Ninja of its hand into its rush area
NINJA_CALL = printed(
    "T-905",
    "自分の手札から「Ninja」のカードを1枚選び、自軍ラッシュエリアに出してもよい。",
    type="operation",
    name="Ninja Call",
)
CARDS = [SCROLL, NINJA, PLAIN]


def _rushed(code: str = "T-903") -> LogBuilder:
    """A places the Scroll (turn 1); in turn 3 it rushes ``code``."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").use("A", "T-902").proceed("A", 2)
    b.charge("B", "T-000").proceed("B", 3)
    return b.charge("A", "T-000").proceed("A").rush("A", code)


def _zones(b: LogBuilder) -> tuple[int, list[Any]]:
    a = replay(b.log(), detail="full")["steps"][-1]["snapshot"]["players"]["A"]
    return len(a["hand"]), list(a["deck"])


def test_RS_RUSHED_HAND_CYCLE_read_and_shown() -> None:
    r = read_card(SCROLL)
    assert r.understood
    assert r.effects == (
        {
            "when": "resident_on_rush",
            "of": {"feature": "忍者"},
            "optional": True,
            "do": [{"op": "hand_to_bottom_draw"}],
            "text": TEXT,
        },
    )
    assert render_card(SCROLL)["reading"][-1] == (
        "While this resident is in place, when you rush a unit with the feature 忍者 in your rush "
        "phase (optional: you may): put any number of cards of your hand on the bottom of your "
        "deck, in the order you like, and if you put one or more: draw as many cards "
        "(RS-RUSHED-HAND-CYCLE)."
    )
    for text in (
        TEXT.replace("自軍山札の下", "自軍山札の上"),
        TEXT.replace("同じ枚数をドローする", "同じ枚数まで ドローする"),
        TEXT.replace("自軍ラッシュフェイズ中", "敵軍ラッシュフェイズ中"),
        TEXT.replace("戻してもよい", "戻す"),
    ):
        d = {"type": "operation", "operation": "resident", "text": f"※常駐 {text}"}
        assert not read_card(d).understood, text
    assert not read_card({"type": "unit", "text": f"【巻物】{TEXT}"}).understood


def test_RS_RUSHED_HAND_CYCLE_cards_go_to_the_bottom_and_as_many_are_drawn() -> None:
    b = _rushed()
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-RUSHED-HAND-CYCLE" in rules_applied(r, b.last)
    hand, deck = _zones(b)
    b.act("A", "resolve", source="T-902", use=True, targets=["T-000", "T-904"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    hand_after, deck_after = _zones(b)
    assert hand_after == hand  # 2 put back, 2 drawn
    assert len(deck_after) == len(deck)
    # the filler, then the Plain (A-7..A-9) at the very bottom: the order named
    assert deck_after[-2:] == ["A-12", "A-7"]


def test_RS_RUSHED_HAND_CYCLE_none_named_or_not_used_nothing_happens() -> None:
    for use in (True, False):
        b = _rushed()
        hand, deck = _zones(b)
        b.act("A", "resolve", source="T-902", use=use)
        r = b.replay()
        assert verdict(r, b.last) == "legal", (use, r["steps"][b.last])
        assert _zones(b) == (hand, deck), use


def test_RS_RUSHED_HAND_CYCLE_a_unit_without_the_feature_triggers_nothing() -> None:
    b = _rushed("T-904")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-RUSHED-HAND-CYCLE" not in rules_applied(r, b.last)
    b.proceed("A")  # nothing waits
    assert verdict(b.replay(), b.last) == "legal"


def test_RS_RUSHED_HAND_CYCLE_a_card_not_in_the_hand_is_illegal() -> None:
    b = _rushed()
    ninja = next(u["id"] for u in player_state(b.replay(), "A")["rush"] if u["code"] == "T-903")
    b.act("A", "resolve", source="T-902", use=True, targets=[ninja])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last)


def test_RS_RUSHED_HAND_CYCLE_a_unit_put_by_an_effect_is_not_guessed() -> None:
    """A unit an effect puts into the rush area is rushed (atwiki renst 146), but whether that is
    "自分が…ラッシュした", the player's rushing it, the page does not say: not guessed."""
    b = LogBuilder([*CARDS, NINJA_CALL]).setup(first="A")
    b.charge("A", "T-000").proceed("A").use("A", "T-902").proceed("A", 2)
    b.charge("B", "T-000").proceed("B", 3)
    b.charge("A", "T-000").proceed("A").use("A", "T-905")
    b.act("A", "resolve", source="T-905", use=True, targets=["T-903"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    (why,) = r["steps"][b.last]["unverifiable"]
    assert "put into the rush area by an effect" in why
    assert "RS-RUSHED-HAND-CYCLE" in rules_applied(r, b.last)
    assert [u["code"] for u in player_state(r, "A")["rush"]] == ["T-903"]
