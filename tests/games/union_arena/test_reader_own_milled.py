"""Union Arena: "このカードが自分の効果で自分の山札から場外に置かれた時、このカードを手札に加えても
よい。" (UA-TRIGGER-OWN-MILLED): a card's ability off the field, fired when its owner's own effect
puts it from their deck into the outside area (a mill, a look's card put there).  Made-up cards
read from printed text, in seeded mode (the engine knows the deck)."""

from __future__ import annotations

from typing import Any

from judge.core.replay import position
from judge.games.union_arena.effects import supported
from judge.games.union_arena.reader import read_card
from judge.games.union_arena.testing import (
    LogBuilder,
    one_ability,
    reading_words,
    rules_broken,
    texted,
    verdict,
)

BACK = "このカードが自分の効果で自分の山札から場外に置かれた時、このカードを手札に加えてもよい。"
MILL = "[登場時]自分の山札の上から2枚を場外に置く。"
LOOK = "[登場時]自分の山札の上から1枚見る。そのカードを自分の山札の上か場外に置く。"


def seeded(*lines: str) -> tuple[LogBuilder, list[str], str]:
    """A seeded log in A's first main phase, A's deck all copies of a card with ``lines``:
    (the builder, A's deck, the instance in A's hand to play)."""
    cards = [texted("T-KAI", "\n".join(lines), name="カイ")]
    b = LogBuilder(cards, deck_a=["T-KAI"] * 50, mode="seeded").setup(first="A").proceed("A")
    ps = position(b.doc).state.players["A"]
    return b, list(ps.deck), ps.hand[0]


def a_state(b: LogBuilder) -> Any:
    return position(b.doc).state.players["A"]


def test_UA_TRIGGER_OWN_MILLED_read_on_any_card_and_rendered() -> None:
    effect = {"when": "own_milled", "optional": True, "do": [{"op": "self_to_hand"}]}
    assert one_ability(BACK) == effect
    assert read_card(texted("T-EV", BACK, type="event")).effects == (effect,)
    assert supported(effect)
    assert not supported({**effect, "optional": False})
    words = reading_words(texted("T-KAI", BACK))
    assert "When this card goes from your deck into your outside area by your own effect" in words
    for text in (
        "このカードが自分の効果で自分の山札から場外に置かれた時、カードを1枚引く。",
        "このカードが相手の効果で自分の山札から場外に置かれた時、このカードを手札に加えてもよい。",
        "このカードが自分の山札から場外に置かれた時、このカードを手札に加えてもよい。",
        "[ターン1]" + BACK,
        "このカードが自分の効果で自分の山札から場外に置かれた時、このカードを手札に加える。",
    ):
        assert not read_card(texted("T-READ", text)).understood, text


def test_UA_TRIGGER_OWN_MILLED_each_milled_card_may_go_to_the_hand() -> None:
    b, deck, card = seeded(BACK, MILL)
    b.play("A", card, to="front_line", targets=[])
    b.act("A", "resolve", source=deck[1], use=True)  # A orders its two effects
    b.act("A", "resolve", source=deck[0], use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert rules_broken(r, b.last) == []
    ps = a_state(b)
    assert ps.outside == [deck[0]]
    assert deck[1] in ps.hand and ps.deck == deck[2:]


def test_UA_TRIGGER_OWN_MILLED_a_looked_card_put_there_too_and_not_when_kept() -> None:
    b, deck, card = seeded(BACK, LOOK)
    b.play("A", card, to="front_line", targets=[{"outside": [deck[0]]}])
    b.act("A", "resolve", source=deck[0], use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert deck[0] in a_state(b).hand and a_state(b).outside == []
    b, deck, card = seeded(BACK, LOOK)
    b.play("A", card, to="front_line", targets=[{"outside": []}])  # back on top: nothing
    b.act("A", "resolve", source=deck[0], use=True)
    r = b.replay()
    assert verdict(r, b.last) == "illegal"


def test_UA_TRIGGER_OWN_MILLED_not_from_the_hand_nor_the_field() -> None:
    discard = "[登場時]カードを1枚引き、自分の手札を1枚場外に置く。"
    b, deck, card = seeded(BACK, discard)
    hand = list(a_state(b).hand)
    b.play("A", card, to="front_line", targets=[hand[1]])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert a_state(b).outside == [hand[1]]  # from the hand: it stays there
    b.act("A", "resolve", source=hand[1], use=True)
    assert verdict(b.replay(), b.last) == "illegal"
