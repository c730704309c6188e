"""A card of one's hand shown as a unit enters, and its effect with its effect name activated as
this unit's own (RS-SHOW-FOR-NAMED-EFFECT, RS-AS-OWN-EFFECT), on made-up cards in the
catalogue's sentence shape.

The sources' words, which the tests follow: "自軍ターン中、これがバトルエリアに出るとき、自分の手札から特徴「魔
皇力」を持つ、追加条件を持たないSユニットのカードを1枚選び相手に見せてもよい。そうしたとき、そのユニットの効果名を
持つ効果を、このユニットの効果として発動する。" — *as this enters the battle area in one's turn*, *from
one's hand*, a *size S unit card* *printing the feature* and *with no additional condition*, *may*
be *shown to the opponent*; *when one did so*, *the effect bearing that unit's effect name* (its
【】 effect) is *activated as this unit's effect*.  What the sources leave open is not guessed.
"""

from __future__ import annotations

from typing import Any

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    player_state,
    printed,
    rules_applied,
    rules_broken,
    ruling_texts,
    verdict,
)

TEXT = (
    "【魔王の宴】自軍ターン中、これがバトルエリアに出るとき、自分の手札から特徴「魔族」を持つ、追加条件を持たないS"
    "ユニットのカードを1枚選び相手に見せてもよい。そうしたとき、そのユニットの効果名を持つ効果を、このユニットの効果と"
    "して発動する。"
)


def _with(d: dict[str, Any], *features: str) -> dict[str, Any]:
    return {**d, "features": list(features)}


#: A's unit, BP 5000
LORD = _with(printed("T-770", TEXT, name="Lord", bp=5000, sp=1, size="S"), "魔族")
#: a 魔族 unit whose named effect is its when-it-enters: hold this unit, and if so draw 1
FORM = _with(
    printed(
        "T-771",
        "【変身】自軍ターン中、これがバトルエリアに出たとき、このユニットをホールドしてもよい。そうしたとき、1枚ドローする。",
        name="Form",
        size="S",
    ),
    "魔族",
)
#: a 魔族 unit whose named effect is its Number Combination: this unit BP +2000 for the turn
POWER = _with(
    printed(
        "T-772",
        "【力】このターン、これはBP+2000される。",
        name="Power",
        size="S",
        combination={"number": 3},
    ),
    "魔族",
)
#: a 魔族 unit with an additional condition (a discard)
COSTLY = {
    **POWER,
    "code": "T-773",
    "name": "Costly",
    "cost": {"discard": {"features": ["魔族"]}, "count": 1},
}
#: a size S unit without the feature
PLAIN = {**POWER, "code": "T-774", "name": "Plain", "features": []}
#: a 魔族 unit whose named effect is its own continuous BP while attacked
GUARD = _with(
    printed("T-775", "【守り】これはアタックされるときBP+1000される。", name="Guard", size="S"),
    "魔族",
)
#: a unit drawing a card when a 魔族 unit of its player's enters while it is in its area
WATCHER = printed(
    "T-776",
    "【見張り】これが自軍エリアにある間、特徴「魔族」を持つ自軍ユニットがバトルエリアに出たとき、1枚ドローする。",
    name="Watcher",
    size="S",
)
CARDS = [LORD, FORM, POWER, COSTLY, PLAIN, GUARD, WATCHER]


def _entered(watcher: bool = False) -> tuple[LogBuilder, str]:
    """A's turn 3: A rushes the Lord (and first, with ``watcher``, the Watcher) and it enters:
    its effect as it enters waits."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A", 3).pass_turn("B")
    b.charge("A", "T-000").proceed("A")
    if watcher:
        b.rush("A", "T-776")
    b.rush("A", "T-770").proceed("A")
    me = next(u["id"] for u in player_state(b.replay(), "A")["rush"] if u["code"] == "T-770")
    return b.enter("A", me), me


def _unit(b: LogBuilder, me: str) -> dict[str, Any]:
    return next(u for u in player_state(b.replay(), "A")["battle"] if u["id"] == me)


def test_RS_SHOW_FOR_NAMED_EFFECT_read_from_the_printed_named_effect_and_shown() -> None:
    for text in (TEXT, TEXT.replace("そのユニットの効果名", "そのユニットカードの効果名")):
        r = read_card({**LORD, "text": text})
        assert r.understood, text
        assert r.effects[0]["when"] == "on_enter"
        assert r.effects[0]["optional"] is True
        assert r.effects[0]["do"] == [
            {
                "op": "as_own",
                "from": "hand",
                "feature": "魔族",
                "size": "S",
                "no_condition": True,
                "effect": "named",
            }
        ]
    assert render_card(LORD)["reading"][-1] == (
        "As it enters the battle area in your turn (optional: you may): show 1 size S unit card "
        "with the feature 魔族 and no additional condition from your hand to the opponent, and if "
        "you do: activate that card's effect with its effect name (its 【】 effect) as this unit's "
        'own effect (its "this" is this unit; carried out only when that card\'s text is read in '
        "full, and only a named effect of a unit entering the battle area in your turn or of a "
        "combination)."
    )


def test_RS_SHOW_FOR_NAMED_EFFECT_near_misses_are_not_read() -> None:
    for text in (
        TEXT.replace("出るとき", "出たとき"),
        TEXT.replace("追加条件を持たない", ""),
        TEXT.replace("見せてもよい", "見せる"),
        TEXT.replace("このユニットの効果として", "そのユニットの効果として"),
        TEXT.replace("自分の手札から", "自軍捨札から"),
    ):
        assert not read_card({**LORD, "text": text}).understood, text


def test_RS_SHOW_FOR_NAMED_EFFECT_a_when_it_enters_effect_for_this_unit() -> None:
    b, me = _entered()
    hand = len(player_state(b.replay(), "A")["hand"])
    b.act("A", "resolve", source=me, use=True, targets=["T-771"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert {"RS-SHOW-FOR-NAMED-EFFECT", "RS-AS-OWN-EFFECT"} <= set(rules_applied(r, b.last))
    assert len(player_state(r, "A")["hand"]) == hand  # shown, kept; the Form's effect waits
    b.act("A", "resolve", source=me, use=True)  # the Form's: hold this unit, and draw 1
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _unit(b, me)["held"] is True  # the Lord, "このユニット", is held
    assert len(player_state(r, "A")["hand"]) == hand + 1


def test_RS_AS_OWN_EFFECT_a_number_combination_named_effect_at_once() -> None:
    b, me = _entered()
    b.act("A", "resolve", source=me, use=True, targets=["T-772"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _unit(b, me)["bp"] == 7000  # the Power's "これはBP+2000される", for the Lord


def test_RS_SHOW_FOR_NAMED_EFFECT_a_card_that_does_not_fit_is_illegal() -> None:
    for code in ("T-773", "T-774"):  # an additional condition; no feature 魔族
        b, me = _entered()
        b.act("A", "resolve", source=me, use=True, targets=[code])
        assert rules_broken(b.replay(), b.last) == ["RS-SHOW-FOR-NAMED-EFFECT"], code


def test_RS_SHOW_FOR_NAMED_EFFECT_a_continuous_named_effect_is_not_guessed() -> None:
    b, me = _entered()
    b.act("A", "resolve", source=me, use=True, targets=["T-775"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert any("triggers otherwise" in t for t in ruling_texts(r, b.last))
    assert _unit(b, me)["bp"] == 5000


def test_RS_SHOW_FOR_NAMED_EFFECT_not_used_nothing_happens() -> None:
    b, me = _entered()
    b.act("A", "resolve", source=me, use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-AS-OWN-EFFECT" not in rules_applied(r, b.last)


def test_RS_SHOW_FOR_NAMED_EFFECT_a_hidden_hand_not_named_is_not_guessed() -> None:
    b, me = _entered()
    b.act("A", "resolve", source=me, use=True)
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-SHOW-FOR-NAMED-EFFECT" in rules_applied(r, b.last)


def test_RS_SHOW_FOR_NAMED_EFFECT_with_effects_of_when_it_has_entered_is_unverifiable() -> None:
    """The Watcher's "バトルエリアに出たとき" triggers with the Lord's "出るとき": whether the Lord's
    must resolve first the sources do not say."""
    b, _ = _entered(watcher=True)
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-SHOW-FOR-NAMED-EFFECT" in rules_applied(r, b.last)
