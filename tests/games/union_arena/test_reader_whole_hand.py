"""Union Arena: "自分の手札を全て場外に置く。" and "自分の手札を全て場外に置き、カードを5枚引く。"
(UA-EFFECT-DISCARD-ALL), on made-up cards: read from the printed text, carried out in seeded
mode (the engine knows the hand) and observed mode (it may not), and rendered in English."""

from __future__ import annotations

from typing import Any

from judge.core.replay import position
from judge.games.union_arena.effects import supported
from judge.games.union_arena.reader import read_card
from judge.games.union_arena.render import render_card
from judge.games.union_arena.testing import (
    LogBuilder,
    board_at_turn_3,
    effects_of,
    player_state,
    rules_applied,
    rules_broken,
    texted,
    verdict,
)

RULE = "UA-EFFECT-DISCARD-ALL"
ALL_THEN_DRAW = "[登場時]自分の手札を全て場外に置き、カードを5枚引く。"
ALL_ONCE = "[起動メイン][ターン1]自分の手札を全て場外に置く。"


def only_effect(text: str) -> dict[str, Any]:
    (effect,) = effects_of(text)
    return effect


def test_UA_EFFECT_DISCARD_ALL_read_and_rendered() -> None:
    """UA-EFFECT-DISCARD-ALL: "自分の手札を全て場外に置く" (put all of your hand into the outside
    area); "…全て場外に置き、カードを5枚引く" then draws 5."""
    assert only_effect(ALL_THEN_DRAW) == {
        "when": "on_play",
        "do": [{"op": "discard_all"}, {"op": "draw", "n": 5}],
    }
    assert only_effect(ALL_ONCE) == {
        "when": "activate_main",
        "once_per_turn": True,
        "do": [{"op": "discard_all"}],
    }
    for text in (
        "[登場時]相手の手札を全て場外に置く。",
        "[登場時]自分の手札を全て場外に置いてもよい。",
        "[登場時]自分の手札を全て場外に置く。そうした場合、カードを2枚引く。",  # nothing chosen
        "[登場時]自分の手札を全て山札の下に置く。",
    ):
        assert not read_card({"type": "character", "text": text}).understood, text
    assert not supported({"when": "on_play", "do": [{"op": "discard_all", "n": 2}]})
    shown = render_card(texted("T-ALL", ALL_THEN_DRAW))
    assert shown["reading"] == ["On play: put your whole hand into the outside area; draw 5 cards."]


def seeded(text: str) -> LogBuilder:
    """Seeded mode, A's turn-1 main phase: A's deck is 50 copies of the texted card."""
    b = LogBuilder([texted("T-ALL", text)], deck_a=["T-ALL"] * 50, mode="seeded")
    return b.setup(first="A").proceed("A")


def test_UA_EFFECT_DISCARD_ALL_seeded_every_hand_card_goes_then_the_draw() -> None:
    """UA-EFFECT-DISCARD-ALL: "every card of the player's hand goes, face up, into their
    outside area; nobody chooses anything … then draws 5"."""
    b = seeded(ALL_THEN_DRAW)
    ps = position(b.doc).state.players["A"]
    hand, deck = list(ps.hand), list(ps.deck)
    b.play("A", hand[0], to="front_line", targets=[])
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert RULE in rules_applied(r, b.last)
    assert player_state(r, "A")["outside"] == hand[1:]
    assert player_state(r, "A")["hand"] == deck[:5]
    # a record of them is not part of the log: one is a target too many
    b = seeded(ALL_THEN_DRAW)
    b.play("A", hand[0], to="front_line", targets=[{"outside": hand[1:]}])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"


def test_UA_EFFECT_DISCARD_ALL_seeded_activated_once() -> None:
    """UA-EFFECT-DISCARD-ALL on an activated ability: the whole hand, then an empty hand."""
    b = seeded(ALL_ONCE)
    hand = list(position(b.doc).state.players["A"].hand)
    b.play("A", hand[0], to="front_line")
    b.act("A", "activate", card=hand[0], ability=1)
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert player_state(r, "A")["hand"] == []
    assert player_state(r, "A")["outside"] == hand[1:]


def test_UA_EFFECT_DISCARD_ALL_observed_unknown_cards_make_it_unverifiable() -> None:
    """UA-EFFECT-DISCARD-ALL: "in observed mode a hand card the engine does not know goes into
    the outside area unknown, and the step is unverifiable and what follows uncertain"."""
    b = board_at_turn_3([texted("T-ALL", ALL_THEN_DRAW)], ["T-ALL"], [], phase="main")
    held = len(player_state(b.replay(), "A")["hand"])
    b.play("A", "A-1", to="front_line", targets=[])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert RULE in rules_applied(r, b.last)
    outside = player_state(r, "A")["outside"]
    assert len(outside) == held - 1 and None in outside
    assert len(player_state(r, "A")["hand"]) == 5
    b.proceed("A")
    assert verdict(b.replay(), b.last) == "uncertain"


# -- a retired card back into the hand -----------------------------------------------------------

BACK = "[退場時]このカードを手札に加える。"


def test_UA_EFFECT_RETIRED_TO_HAND_read_and_rendered() -> None:
    """UA-EFFECT-RETIRED-TO-HAND: "[退場時]このカードを手札に加える" … "read as the whole of its
    ability"."""
    assert only_effect(BACK) == {"when": "on_retire", "do": [{"op": "self_to_hand"}]}
    for text in (
        "[登場時]このカードを手札に加える。",
        "[退場時]このカードを手札に加える。カードを1枚引く。",
        "[退場時][ターン1]このカードを手札に加える。",
    ):
        assert not read_card({"type": "character", "text": text}).understood, text
    assert not supported({"when": "on_play", "do": [{"op": "self_to_hand"}]})
    shown = render_card(texted("T-BCK", BACK))
    assert shown["reading"] == [
        "When this is retired: put this card from your outside area into your hand."
    ]


def test_UA_EFFECT_RETIRED_TO_HAND_the_card_goes_back() -> None:
    """UA-EFFECT-RETIRED-TO-HAND: "a retired card is in its owner's outside area (退場); as the
    ability resolves, that card goes from there into their hand": retired by A's own effect."""
    killer = texted("T-KIL", "[登場時]自分の場のキャラを1枚選び、退場させる。")
    cards = [texted("T-BCK", BACK), killer]
    b = board_at_turn_3(cards, ["T-BCK", "T-KIL"], [], a_front=("A-1",), phase="main")
    b.play("A", "A-2", to="front_line", targets=["A-1"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert "UA-EFFECT-RETIRED-TO-HAND" in rules_applied(r, b.last)
    assert player_state(r, "A")["outside"] == []
    assert "A-1" in player_state(r, "A")["hand"]
