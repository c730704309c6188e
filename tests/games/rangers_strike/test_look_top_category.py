"""A resident's text that, when a unit of its player's enters the battle area, has the player look
at its deck's top card and put it held into the command zone when it shares the unit's category,
else back on top or at the bottom (RS-LOOK-TOP-CATEGORY), on made-up cards in the catalogue's
sentence shape.

The source's words, which the tests follow: "自軍ユニットがバトルエリアに出たとき、自軍山札の上から1枚を見る。
そのカードのカテゴリが、バトルエリアに出たユニットのカテゴリと同じなら、そのカードを自軍コマンドゾーンにホール
ド状態で置いてもよい(コマンドゾーンに置けるカードは通常5枚まで)。そうしないとき、そのカードを山札の上に戻すか下
に戻すかを選択する。" — *when a unit of one's own enters the battle area*, *look at* the top card; *if*
its category is *the same* as the entered unit's, it *may* go *held* into the command zone (5 at
most); *when one does not*, one *chooses* to put it back *on top* or at the *bottom*.
"""

from __future__ import annotations

from typing import Any

from judge.core.replay import replay
from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    card,
    printed,
    rules_applied,
    rules_broken,
    verdict,
)

TEXT = (
    "自軍ユニットがバトルエリアに出たとき、自軍山札の上から1枚を見る。そのカードのカテゴリが、バトルエリアに出たユ"
    "ニットのカテゴリと同じなら、そのカードを自軍コマンドゾーンにホールド状態で置いてもよい(コマンドゾーンに置ける"
    "カードは通常5枚まで)。そうしないとき、そのカードを山札の上に戻すか下に戻すかを選択する。"
)
#: A's resident operation
TROPHY = printed("T-909", f"※常駐 {TEXT}", "operation", name="Trophy", operation="resident")
FLAME = card("T-910", name="Flame", category="blaze", bp=2000, sp=1, size="S")
WAVE = card("T-911", name="Wave", category="tide", bp=2000, sp=1, size="S")
CARDS = [TROPHY, FLAME, WAVE]


def _entered() -> LogBuilder:
    """A places the Trophy (turn 1); in turn 3 it rushes the Flame (blaze) and enters it."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").use("A", "T-909").proceed("A", 2)
    b.charge("B", "T-000").proceed("B", 3)
    b.charge("A", "T-000").proceed("A").rush("A", "T-910").proceed("A")
    return b.enter("A", "T-910")


def _a(b: LogBuilder) -> dict[str, Any]:
    return replay(b.log(), detail="full")["steps"][-1]["snapshot"]["players"]["A"]


def test_RS_LOOK_TOP_CATEGORY_read_and_shown() -> None:
    r = read_card(TROPHY)
    assert r.understood
    assert r.effects == (
        {
            "when": "resident_unit_entered",
            "do": [{"op": "look_top", "category": "entered"}],
            "text": TEXT,
        },
    )
    assert render_card(TROPHY)["reading"][-1] == (
        "While this resident is in place, when a unit of yours enters the battle area: look at "
        "the top card of your deck; if its category is the entered unit's, you may put it held "
        "into your command zone (which holds 5 cards at most); if you do not, put it back on top "
        "of your deck or at the bottom, as you choose (RS-LOOK-TOP-CATEGORY)."
    )
    for text in (
        TEXT.replace("自軍ユニットが", "敵軍ユニットが"),
        TEXT.replace("ホールド状態で", ""),
        TEXT.replace("置いてもよい", "置く"),
        TEXT.replace("上に戻すか下に戻すか", "下に戻すか"),
    ):
        d = {"type": "operation", "operation": "resident", "text": f"※常駐 {text}"}
        assert not read_card(d).understood, text


def test_RS_LOOK_TOP_CATEGORY_the_same_category_goes_held_into_the_command_zone() -> None:
    b = _entered()
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-LOOK-TOP-CATEGORY" in rules_applied(r, b.last)
    before = _a(b)
    b.act("A", "resolve", source="T-909", targets=["T-910", {"place": "command"}])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    after = _a(b)
    assert len(after["command"]) == len(before["command"]) + 1
    assert after["command"][-1]["held"] is True
    assert len(after["deck"]) == len(before["deck"]) - 1


def test_RS_LOOK_TOP_CATEGORY_another_category_may_not_go_there() -> None:
    b = _entered()
    b.act("A", "resolve", source="T-909", targets=["T-911", {"place": "command"}])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_LOOK_TOP_CATEGORY_top_or_bottom_as_chosen() -> None:
    b = _entered()
    deck = _a(b)["deck"]
    b.act("A", "resolve", source="T-909", targets=["T-911", {"place": "bottom"}])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    after = _a(b)["deck"]
    assert len(after) == len(deck) and after[-1] is not None and after[0] == deck[1]
    b = _entered()
    b.act(
        "A", "resolve", source="T-909", targets=["T-910", {"place": "top"}]
    )  # it may also stay on top
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _a(b)["deck"][0] is not None


def test_RS_LOOK_TOP_CATEGORY_not_recorded_is_not_guessed() -> None:
    b = _entered()
    b.act("A", "resolve", source="T-909", targets=["T-910"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-LOOK-TOP-CATEGORY" in rules_applied(r, b.last)
