"""BP while attacking a unit of a category or whose printed SP is not blank (RS-ATTACK-BP-EITHER),
on made-up cards in the catalogue's sentence shape.

The words the tests follow: the printed "【name】これは、DAを持つかSPが空欄ではないユニットにアタックするとき、
BP+2000される。" — during its attack on a unit *of category DA* or *whose SP box is not blank*;
"「アタックするとき/されるとき」効果はアタック処理中のみ" (the fan wiki's battle.md) — during that attack
only.  Open, so not judged: an SP given to a blank box, and a category an unread card may give.
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
    ruling_texts,
    verdict,
)

TEXT = "【嵐の二人】これは、DAを持つかSPが空欄ではないユニットにアタックするとき、BP+2000される。"
#: A's attacker, BP 3000 (5000 with its text)
STORM = printed("T-851", TEXT, name="Storm Pair", bp=3000, sp=0, size="S")
#: B's units of BP 4000: DA with a blank SP; blaze with SP 1; blaze with SP 1/5; blaze blank
DARK = card("T-852", name="Dark One", category="DA", bp=4000, sp=0, size="S")
STAR = card("T-853", name="Star One", bp=4000, sp=1, size="S")
PART = {
    **card("T-854", name="Part One", bp=4000, sp=0, size="S"),
    "sp_at": {"sp": 1, "position": 5},
}
BLANK = card("T-855", name="Blank One", bp=4000, sp=0, size="S")
#: B's unit of BP 1000, blank SP
SMALL = card("T-856", name="Small One", bp=1000, sp=0, size="S")
#: a card not read that speaks of adding DA; a taxis ET from the 1st place and an ET blank unit
DARKENER = printed(
    "T-857", "【闇の衣】このターン、これはDAが追加される。", name="Darkener", bp=1000
)
BATON = printed(
    "T-858",
    "※タクスET(これがバトルエリアの1番目にある間、これの次に並ぶETを持つSユニットは「SP1」を得る)",
    name="Baton",
    category="ET",
    size="S",
    sp=0,
)
RUNNER = card("T-859", name="Runner", category="ET", bp=4000, sp=0, size="S")
CARDS = [STORM, DARK, STAR, PART, BLANK, SMALL, DARKENER, BATON, RUNNER]


def _duel(target: dict[str, Any]) -> LogBuilder:
    """B has ``target`` in its battle area; A's Storm Pair enters in turn 3 and attacks it."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-851").proceed("A", 2)
    b.charge("B", target["code"]).proceed("B").rush("B", target["code"]).proceed("B")
    b.enter("B", target["code"]).proceed("B")
    b.charge("A", "T-000").proceed("A", 2).enter("A", "T-851")
    return b.attack("A", "T-851", target["code"])


def _said(r: dict[str, Any], b: LogBuilder) -> str:
    return " ".join(ruling_texts(r, b.last))


def test_RS_ATTACK_BP_EITHER_read_and_shown() -> None:
    r = read_card({"type": "unit", "text": TEXT})
    assert r.understood
    assert r.effects[0]["when"] == "static"
    assert r.effects[0]["do"] == [
        {"op": "bp", "amount": 2000, "during": "attacking",
         "against": {"any_of": [{"category": "DA"}, {"sp_printed": True}]}},
    ]  # fmt: skip
    assert (
        "Always: this unit gets BP +2000 while it attacks a unit of category DA or whose printed "
        "SP is not blank." in render_card(STORM)["reading"]
    )


def test_RS_ATTACK_BP_EITHER_near_misses_are_not_read() -> None:
    for text in (
        TEXT.replace("DAを持つか", "DAを持たないか"),
        TEXT.replace("空欄ではない", "空欄の"),
        TEXT.replace("アタックするとき", "アタックされるとき"),
        TEXT.replace("【嵐の二人】", "※"),
        TEXT.replace("DAを持つか", "特徴「獣」を持つか"),
    ):
        assert not read_card({"type": "unit", "text": text}).understood, text
    numbered = {"type": "unit", "combination": {"number": 2}, "text": TEXT}
    assert not read_card(numbered).understood  # its named effect would be its combination's


def test_RS_ATTACK_BP_EITHER_a_da_unit_or_a_printed_sp_counts() -> None:
    for target in (DARK, STAR, PART):
        b = _duel(target)
        r = b.replay()
        assert verdict(r, b.last) == "legal", r["steps"][b.last]
        said = _said(r, b)
        assert "A-1 (Storm Pair) BP 5000 > " in said and f"({target['name']}) BP 4000" in said
        assert [u["bp"] for u in player_state(r, "A")["battle"]] == [3000]  # after: 3000


def test_RS_ATTACK_BP_EITHER_a_blank_sp_not_da_does_not() -> None:
    b = _duel(BLANK)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "A-1 (Storm Pair) BP 3000 < " in _said(r, b) and "(Blank One) BP 4000" in _said(r, b)
    assert player_state(r, "A")["discard"] == ["A-1"]


def _runner() -> LogBuilder:
    """B's Baton (taxis ET, 1st) and Runner (ET, blank SP) after it, which the taxis makes SP 1;
    A's Storm Pair attacks Runner."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-851").proceed("A", 2)
    b.charge("B", "T-858").proceed("B").rush("B", "T-858").proceed("B", 2)
    b.pass_turn("A")
    b.charge("B", "T-859").proceed("B").rush("B", "T-859").proceed("B")
    b.enter("B", "T-858").enter("B", "T-859").proceed("B")
    b.charge("A", "T-000").proceed("A", 2).enter("A", "T-851")
    return b.attack("A", "T-851", "T-859")


def test_RS_ATTACK_BP_EITHER_an_sp_given_to_a_blank_box_is_not_guessed() -> None:
    b = _runner()
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-ATTACK-BP-EITHER" in rules_applied(r, b.last)
    assert "RS-ATTACK-RESULT" not in rules_applied(r, b.last)
    assert [u["code"] for u in player_state(r, "B")["battle"]] == ["T-858", "T-859"]
    assert [u["code"] for u in player_state(r, "A")["battle"]] == ["T-851"]


def _darkened(target: str) -> LogBuilder:
    """B's ``target`` in its battle area and Darkener (not read, "DAが追加される") in its command
    zone; A's Storm Pair attacks the target."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-851").proceed("A", 2)
    b.charge("B", "T-857").proceed("B").rush("B", target).proceed("B").enter("B", target)
    b.proceed("B").charge("A", "T-000").proceed("A", 2).enter("A", "T-851")
    return b.attack("A", "T-851", target)


def test_RS_ATTACK_BP_EITHER_a_category_an_unread_card_may_give_is_not_guessed() -> None:
    b = _darkened("T-855")  # 3000 or 5000 against 4000: it turns on it
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-ATTACK-RESULT" not in rules_applied(r, b.last)
    assert "Darkener" in _said(r, b)
    b = _darkened("T-856")  # 3000 or 5000 against 1000: Storm Pair wins either way
    r = b.replay()
    assert "RS-ATTACK-RESULT" in rules_applied(r, b.last)
    assert [u["code"] for u in player_state(r, "B")["battle"]] == []


def test_RS_ATTACK_BP_EITHER_a_note_barring_attackers_by_bp_not_judged_certain() -> None:
    """Guard (printed "BP3000以下のユニットにアタックされない") with Darkener in B's command zone:
    Storm Pair has BP 3000 before the attack and 3000 or 5000 while attacking, so whether the
    note bars it is not judged; without Darkener it is barred (illegal)."""
    guard = printed("T-860", "※これはBP3000以下のユニットにアタックされない。", name="Guard", bp=1000,
                    sp=0, size="S")  # fmt: skip
    b = LogBuilder([*CARDS, guard]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-851").proceed("A", 2)
    b.charge("B", "T-857").proceed("B").rush("B", "T-860").proceed("B").enter("B", "T-860")
    b.proceed("B").charge("A", "T-000").proceed("A", 2).enter("A", "T-851")
    b.attack("A", "T-851", "T-860")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-CARD-RESTRICTION" in rules_applied(r, b.last)
    b = LogBuilder([*CARDS, guard]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-851").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-860").proceed("B").enter("B", "T-860")
    b.proceed("B").charge("A", "T-000").proceed("A", 2).enter("A", "T-851")
    b.attack("A", "T-851", "T-860")
    r = b.replay()
    assert verdict(r, b.last) == "illegal", r["steps"][b.last]
