"""The top cards of one's own or an opposing deck revealed, SP 1 for the turn when one is a unit
card whose printed SP is not blank, then the cards back on top in an order their owner chooses
unseen (RS-REVEAL-EITHER-DECK), on made-up cards in the catalogue's sentence shape.

The sources' words, which the tests follow: "自軍か敵軍の山札の上から3枚をオモテにしてもよい。そうしたとき、オモテ
にしたカードの中にSPが空欄でないユニットカードがあれば、このターン、これは「SP1」になる。その後、オモテにしたカードは、そ
の持ち主が相手に見せずに好きな順で山札の上に戻す。" — the player *may* reveal the top *three* cards of *its
own or the opposing* deck; *when it does* and one is a unit card whose SP box is *not blank*, this
unit is SP 1 for the turn; *afterwards* their owner puts them back on top *in any order, unseen*.
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

SPEAR = (
    "【探り槍】自軍ターン中、これがバトルエリアに出たとき、自軍か敵軍の山札の上から3枚をオモテにしてもよい。そうしたとき、"
    "オモテにしたカードの中にSPが空欄でないユニットカードがあれば、このターン、これは「SP1」になる。その後、オモテにしたカ"
    "ードは、その持ち主が相手に見せずに好きな順で山札の上に戻す。"
)
SEEKER = printed("T-776", SPEAR, name="Seeker", bp=2000, sp=0, size="S")
#: cards of the decks: a unit printing SP 1, a unit whose SP box is blank (SP 0), an operation
HITTER = card("T-777", name="Hitter", bp=1000, sp=1, size="S")
BLANK = card("T-778", name="Blank", bp=1000, sp=0, size="S")
ORDER = card("T-779", "operation", name="Order")
CARDS = [SEEKER, HITTER, BLANK, ORDER]


def _entered(mode: str = "observed") -> LogBuilder:
    """A's Seeker (A-1) enters in turn 1; its effect waits (seeded: a seed that deals A the
    Seeker and a filler)."""
    b = LogBuilder(CARDS, mode=mode, seed="s2").setup(first="A")
    return b.charge("A", "T-000").proceed("A").rush("A", "T-776").proceed("A").enter("A", "A-1")


def _seeker(r: dict[str, Any]) -> dict[str, Any]:
    return player_state(r, "A")["battle"][0]


def _deck(r: dict[str, Any], pid: str) -> list[Any]:
    return r["steps"][-1]["snapshot"]["players"][pid]["deck"]


def _unseen(b: LogBuilder, pid: str, code: str, k: int = 0) -> str:
    """The k-th unseen instance of ``code`` in ``pid``'s deck (a card that may be on top)."""
    return b.replay()["steps"][-1]["snapshot"]["players"][pid]["unseen"][code][k]


def test_RS_REVEAL_EITHER_DECK_read_from_the_printed_named_effect_and_shown() -> None:
    r = read_card(SEEKER)
    assert r.understood
    (effect,) = r.effects
    assert effect["optional"] is True
    assert effect["do"] == [{"op": "reveal_either_top", "count": 3, "sp": 1}]
    assert render_card(SEEKER)["reading"] == [
        "When it enters the battle area in your turn (optional: you may): reveal the top 3 cards "
        "of your deck or of an opposing deck, and if you do: if one of them is a unit card whose "
        "printed SP is not blank, this unit is SP 1 until the end of the turn; then their owner "
        "puts them back on top of its deck in any order, unseen."
    ]


def test_RS_REVEAL_EITHER_DECK_near_misses_are_not_read() -> None:
    for text in (
        SPEAR.replace("自軍か敵軍の山札", "自軍山札"),
        SPEAR.replace("オモテにしてもよい", "オモテにする"),
        SPEAR.replace("SPが空欄でない", "SPが1以上の"),
        SPEAR.replace("相手に見せずに好きな順で山札の上に戻す", "好きな順で山札の下に戻す"),
        SPEAR.replace("「SP1」になる", "BP+1000される"),
    ):
        assert not read_card({"type": "unit", "text": text}).understood, text


def test_RS_REVEAL_EITHER_DECK_a_unit_card_printing_SP_gives_SP_1() -> None:
    b = _entered()
    size = len(_deck(b.replay(), "A"))
    top = [_unseen(b, "A", "T-778"), _unseen(b, "A", "T-777"), _unseen(b, "A", "T-779")]
    b.act("A", "resolve", source="A-1", use=True, targets=top)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-REVEAL-EITHER-DECK" in rules_applied(r, b.last)
    assert _seeker(r)["sp"] == 1
    deck = _deck(r, "A")
    assert len(deck) == size and deck[:3] == [None, None, None]  # back, their order not known


def test_RS_REVEAL_EITHER_DECK_no_such_card_no_SP_and_the_opposing_deck() -> None:
    b = _entered()
    top = [_unseen(b, "B", "T-778"), _unseen(b, "B", "T-779"), _unseen(b, "B", "T-778", 1)]
    b.act("A", "resolve", source="A-1", use=True, targets=top)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _seeker(r)["sp"] == 0
    assert _deck(r, "B")[:3] == [None, None, None]


def test_RS_REVEAL_EITHER_DECK_a_card_that_cannot_be_there_is_illegal() -> None:
    b = _entered()
    top = ["A-1", _unseen(b, "A", "T-777"), _unseen(b, "A", "T-778")]  # in the battle area
    b.act("A", "resolve", source="A-1", use=True, targets=top)
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-REVEAL" in rules_broken(r, b.last)


def test_RS_REVEAL_EITHER_DECK_not_used_or_not_recorded() -> None:
    b = _entered()
    b.act("A", "resolve", source="A-1", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _seeker(r)["sp"] == 0
    b = _entered()  # codes only: whose deck it is is not said
    b.act("A", "resolve", source="A-1", use=True, targets=["T-777", "T-778", "T-779"])
    r = b.replay()
    step = r["steps"][b.last]
    assert step["verdict"] == "unverifiable", step
    assert _seeker(r)["sp"] == 0


def test_RS_REVEAL_EITHER_DECK_the_order_back_is_not_guessed_in_a_seeded_log() -> None:
    b = _entered(mode="seeded")
    top = _deck(b.replay(), "A")[:3]  # a seeded log knows every card
    b.act("A", "resolve", source="A-1", use=True, targets=top)
    r = b.replay()
    step = r["steps"][b.last]
    assert step["verdict"] == "unverifiable", step
    assert any("seeded log" in why for why in step["unverifiable"])
