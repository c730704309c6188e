"""A unit's text, while it is in its player's area, that searches the deck for the namesake of the
player's counter as that counter goes to the discard pile (RS-COUNTER-NAMESAKE-SEARCH), on made-up
cards in the catalogue's sentence shape.

The source's words, which the tests follow: "これが自軍エリアにある間、自分がカウンターを持つオペレーションの
効果を発動して、そのカードが捨札になったとき、そのカードと同じカード名のカードを、自軍山札を見て1枚選び、相手に
見せてから手札に加えてもよい。その後、山札をシャッフルする。" — *while this is in its player's area*, *when
the player uses a counter's effect and that card goes to the discard pile*, it *may* look at its
deck, choose *one card with the same card name*, show it and take it into its hand; *afterwards*
the deck is shuffled.
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

MAGE = (
    "【羊の呪文】これが自軍エリアにある間、自分がカウンターを持つオペレーションの効果を発動して、そのカードが捨札に"
    "なったとき、そのカードと同じカード名のカードを、自軍山札を見て1枚選び、相手に見せてから手札に加えてもよい。"
    "その後、山札をシャッフルする。"
)
#: A's unit with the text
PRIEST = printed("T-905", MAGE, name="Priest", bp=3000, sp=1, size="S")
#: A's counter (no text), and another card
GUARD = card("T-906", "operation", name="Guard", operation="counter", timing="attacked")
OTHER = card("T-907", name="Other", bp=1000, sp=1, size="S")
#: B's attacker
RAIDER = card("T-908", name="Raider", bp=5000, sp=1, size="S")
CARDS = [PRIEST, GUARD, OTHER, RAIDER]


def _countered(unit: str = "T-905") -> LogBuilder:
    """A enters ``unit`` (the Priest, or Other) in turn 3; in turn 4 B's Raider attacks it and A
    answers with the Guard: it resolves and goes to the discard pile."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A", 3)
    b.charge("B", "T-000").proceed("B", 3)
    b.charge("A", "T-000").proceed("A").rush("A", unit).proceed("A").enter("A", unit).proceed("A")
    b.charge("B", "T-000").proceed("B").rush("B", "T-908").proceed("B").enter("B", "T-908")
    b.attack("B", "T-908", player_state(b.replay(), "A")["battle"][0]["id"])
    return b.use("A", "T-906")


def _hand(r: dict[str, Any]) -> int:
    hand = player_state(r, "A")["hand"]
    return hand if isinstance(hand, int) else len(hand)


def test_RS_COUNTER_NAMESAKE_SEARCH_read_and_shown() -> None:
    (effect,) = read_card(PRIEST).effects
    assert effect == {
        "when": "on_counter_discarded",
        "optional": True,
        "do": [
            {"op": "from_deck", "find": {"name": "counter_used"}, "count": 1, "to": "hand"},
            {"op": "shuffle"},
        ],
        "text": MAGE,
    }
    assert render_card(PRIEST)["reading"] == [
        "While this is in your rush or battle area, when a counter (an operation with カウンター) "
        "you used goes to the discard pile after its effect (optional: you may): look through "
        "your deck for 1 card with the same card name as that counter, show it to the opponent "
        "and put it into your hand; afterwards shuffle your deck (RS-COUNTER-NAMESAKE-SEARCH)."
    ]
    for text in (
        MAGE.replace("自分が", "相手が"),
        MAGE.replace("同じカード名", "同じ特徴"),
        MAGE.replace("手札に加えてもよい", "手札に加える"),
        MAGE.replace("その後、山札をシャッフルする。", ""),
    ):
        assert not read_card({"type": "unit", "text": text}).understood, text
    assert not read_card({"type": "unit", "combination": {"number": 1}, "text": MAGE}).understood


def test_RS_COUNTER_NAMESAKE_SEARCH_a_namesake_is_taken() -> None:
    b = _countered()
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-COUNTER-NAMESAKE-SEARCH" in rules_applied(r, b.last)
    before = _hand(r)
    b.act("A", "resolve", source="T-905", use=True, targets=["T-906"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _hand(r) == before + 1


def test_RS_COUNTER_NAMESAKE_SEARCH_another_name_is_illegal() -> None:
    b = _countered()
    b.act("A", "resolve", source="T-905", use=True, targets=["T-907"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last)


def test_RS_COUNTER_NAMESAKE_SEARCH_declined_nothing_taken() -> None:
    b = _countered()
    before = _hand(b.replay())
    b.act("A", "resolve", source="T-905", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _hand(r) == before


def test_RS_COUNTER_NAMESAKE_SEARCH_without_the_unit_nothing_triggers() -> None:
    b = _countered("T-907")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-COUNTER-NAMESAKE-SEARCH" not in rules_applied(r, b.last)
