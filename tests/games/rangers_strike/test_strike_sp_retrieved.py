"""A unit's SP as it strikes, raised for each size S unit card its player took from its discard
pile into its hand this turn (RS-STRIKE-SP-RETRIEVED), on made-up cards in the catalogue's
sentence shape.

The source's words, which the tests follow: "これはストライクするとき、このターン中に自軍捨札から手札に加えた
Sユニットのカード1枚につきSP+1される。" — *as it strikes*, it gets SP +1 *for each size S unit card*
*added to the hand from one's own discard pile during this turn*.
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

HOPE = (
    "【希望の翼】これはストライクするとき、このターン中に自軍捨札から手札に加えたSユニットのカード1枚につきSP+1さ"
    "れる。"
)
#: A's unit with the text (no combination number), SP 1
ROBO = printed("T-892", HOPE, name="Robo", bp=5000, sp=1, size="L")
#: cards that go through the discard pile: a size S unit card, a size M one
SMALL = card("T-893", name="Small", bp=1000, sp=1, size="S")
MEDIUM = card("T-894", name="Medium", bp=3000, sp=1, size="M")
#: A's operation whose text the engine does not read: what it did is recorded in an outcome
MAGIC = printed("T-895", "謎の呪文を唱える。", "operation", name="Magic")
CARDS = [ROBO, SMALL, MEDIUM, MAGIC]


def _struck(*codes: str, strike: bool = True) -> LogBuilder:
    """A rushes the Robo (turn 1); in turn 3 it uses the Magic, whose outcome discards each card
    of ``codes`` from the hand and takes it back from the discard pile (none: it draws a card);
    then the Robo enters and strikes."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-892").proceed("A", 2)
    b.charge("B", "T-000").proceed("B", 3)
    b.charge("A", "T-000").proceed("A").use("A", "T-895")
    ops: list[dict[str, Any]] = []
    for code in codes:
        ops += [
            {"op": "discard", "cards": [code]},
            {"op": "move", "card": code, "from": "discard", "to": "hand"},
        ]
    b.act("A", "outcome", source="T-895", ops=ops or [{"op": "draw", "n": 1}])
    b.proceed("A").enter("A", "T-892")
    return b.strike("A", "T-892") if strike else b


def _damage(r: dict[str, Any]) -> int:
    return int(player_state(r, "B")["damage"])


def test_RS_STRIKE_SP_RETRIEVED_read_and_shown() -> None:
    r = read_card(ROBO)
    assert r.understood and r.effects == ()
    assert r.restrictions == (
        {"rule": "strike_sp_retrieved", "sp": 1, "find": {"type": "unit", "size": "S"}},
    )
    assert render_card(ROBO)["reading"] == [
        "As it strikes, its SP is +1 for each size S unit card that went from your discard pile "
        "into your hand this turn (RS-STRIKE-SP-RETRIEVED)."
    ]
    for text in (
        HOPE.replace("自軍捨札から手札", "自軍山札から手札"),
        HOPE.replace("Sユニットのカード", "ユニットのカード"),
        HOPE.replace("ストライクするとき", "アタックするとき"),
        HOPE.replace("このターン中に", ""),
    ):
        assert not read_card({"type": "unit", "text": text}).understood, text
    # a Number Combination's named effect is its combination: not this rule
    assert not read_card({"type": "unit", "combination": {"number": 1}, "text": HOPE}).understood


def test_RS_STRIKE_SP_RETRIEVED_each_size_s_card_taken_back_adds_1() -> None:
    b = _struck("T-893", "T-893")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _damage(r) == 3  # SP 1 + 2
    assert "RS-STRIKE-SP-RETRIEVED" in rules_applied(r, b.last)


def test_RS_STRIKE_SP_RETRIEVED_other_cards_and_none_add_nothing() -> None:
    for codes in ((), ("T-894",)):  # nothing taken back; a size M unit card
        b = _struck(*codes)
        r = b.replay()
        assert verdict(r, b.last) == "legal", (codes, r["steps"][b.last])
        assert _damage(r) == 1, codes


def test_RS_STRIKE_SP_RETRIEVED_only_as_it_strikes() -> None:
    b = _struck("T-893", strike=False)
    (robo,) = player_state(b.replay(), "A")["battle"]
    assert (robo["code"], robo["sp"]) == ("T-892", 1)  # entered, not striking: SP 1
    b.strike("A", "T-892")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _damage(r) == 2


def test_RS_STRIKE_SP_RETRIEVED_cards_of_an_earlier_turn_do_not_count() -> None:
    b = _struck("T-893", strike=False).proceed("A")  # A's turn 3 ends without a strike
    b.charge("B", "T-000").proceed("B", 3)
    b.charge("A", "T-000").proceed("A", 2).enter("A", "T-892").strike("A", "T-892")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _damage(r) == 1
