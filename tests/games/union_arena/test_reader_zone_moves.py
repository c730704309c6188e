"""Union Arena: cards moved between one's own zones by printed text, beside the looks —
"自分の山札の上からN枚場外に置く" (the mill with "を" left out, UA-EFFECT-DECK-TO-OUTSIDE), one card
of the outside area on top of the deck (UA-EFFECT-OUTSIDE-TO-DECK-TOP), cards of the outside area
into the removal area (UA-EFFECT-OUTSIDE-TO-REMOVAL) and hand cards on the bottom of the deck,
then as many drawn (UA-EFFECT-HAND-TO-DECK-BOTTOM).  Made-up cards in the official list's
wording."""

from __future__ import annotations

from typing import Any

from judge.core.replay import position
from judge.games.union_arena.render import render_effect
from judge.games.union_arena.testing import (
    LogBuilder,
    board_at_turn_3,
    effects_of,
    event_types,
    free_character,
    one_ability,
    player_state,
    read_in_full,
    rules_applied,
    rules_broken,
    texted,
    verdict,
)


def ops_of(text: str) -> list[dict[str, Any]]:
    return one_ability(text)["do"]


def english(text: str) -> str:
    return render_effect(one_ability(text))


def a_state(b: LogBuilder) -> Any:
    return position(b.doc).state.players["A"]


def seeded(text: str) -> tuple[LogBuilder, list[str], str]:
    """Seeded, A's first main phase, A's deck 50 copies of a made-up character with ``text``:
    the builder, A's deck (top first) and the copy in A's hand to play."""
    cards = [texted("T-MOVER", text)]
    b = LogBuilder(cards, deck_a=["T-MOVER"] * 50, mode="seeded").setup(first="A").proceed("A")
    return b, list(a_state(b).deck), a_state(b).hand[0]


def test_UA_EFFECT_DECK_TO_OUTSIDE_the_wording_without_wo_is_the_same_mill() -> None:
    # "自分の山札の上から3枚場外に置く": "3枚を" with its particle left out, exactly 3
    bare = "[登場時]自分の山札の上から3枚場外に置く。"
    assert ops_of(bare) == ops_of("[登場時]自分の山札の上から3枚を場外に置く。")
    assert ops_of(bare) == [{"op": "mill", "n": 3}]
    b, deck, card = seeded(bare)
    b.play("A", card, to="front_line", targets=[])  # no record needed: the engine knows them
    assert verdict(b.replay(), b.last) == "legal"
    assert a_state(b).outside == deck[:3] and a_state(b).deck == deck[3:]


# -- UA-EFFECT-OUTSIDE-TO-DECK-TOP ---------------------------------------------------------------

ON_TOP = "[登場時]自分の場外から青の［特徴：灯守］を1枚まで自分の山札の上に置く。"


def test_UA_EFFECT_OUTSIDE_TO_DECK_TOP_read_and_rendered() -> None:
    target = {"side": "own", "zone": "outside", "color": "blue", "trait": "灯守", "count": 1}
    assert ops_of(ON_TOP) == [{"op": "to_deck_top", "target": {**target, "up_to": True}}]
    assert english(ON_TOP) == (
        "On play: choose up to 1 of your blue cards in your outside area with [灯守]; put it on "
        "the top of your deck."
    )
    assert (
        read_in_full(
            # two cards: their order on top would be a choice of its own
            "[登場時]自分の場外から［特徴：灯守］を2枚まで自分の山札の上に置く。",
            # a part of a name: not checked off the field
            "[登場時]自分の場外からカード名に「灯」を含むキャラカードを1枚まで自分の山札の上に置く。",
            # another sentence after it
            "[登場時]自分の場外から［特徴：灯守］を1枚まで自分の山札の上に置く。カードを1枚引く。",
            # the opponent's outside area
            "[登場時]相手の場外から［特徴：灯守］を1枚まで相手の山札の上に置く。",
        )
        == []
    )


def test_UA_EFFECT_OUTSIDE_TO_DECK_TOP_the_card_chosen_goes_on_top() -> None:
    cards = [
        texted("T-SEER", ON_TOP, ap=0),
        free_character("T-BLUE", color="blue", traits=["灯守"]),
        free_character("T-RED", color="red", traits=["灯守"]),
        texted("T-GONE", "[登場時]自分の山札の上から2枚を場外に置く。"),
    ]

    def scene() -> LogBuilder:
        # A-1 T-SEER; A-2 T-GONE, which puts A-3 (T-BLUE) and A-4 (T-RED) into the outside area
        b = board_at_turn_3(cards, ["T-SEER", "T-GONE", "T-BLUE", "T-RED"], [], phase="main")
        return b.play("A", "A-2", to="front_line", targets=[{"outside": ["T-BLUE", "T-RED"]}])

    b = scene()
    before = player_state(b.replay(), "A")
    assert before["outside"] == ["A-3", "A-4"]
    b.play("A", "A-1", to="front_line", targets=["A-3"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-EFFECT-OUTSIDE-TO-DECK-TOP" in rules_applied(r, b.last)
    ps = a_state(b)
    assert ps.deck[0] == "A-3" and ps.outside == ["A-4"]
    b = scene().play("A", "A-1", to="front_line", targets=["A-4"])  # red, not blue
    assert rules_broken(b.replay(), b.last) == ["UA-EFFECT-TARGETS"]
    b = scene().play("A", "A-1", to="front_line", targets=[])  # up to 1: none
    r = b.replay()
    assert verdict(r, b.last) == "legal" and a_state(b).outside == ["A-3", "A-4"]


# -- UA-EFFECT-OUTSIDE-TO-REMOVAL ----------------------------------------------------------------

TO_REMOVAL = "[起動メイン][レストにする]自分の場外にあるキャラカードを1枚リムーブエリアに置く。"


def test_UA_EFFECT_OUTSIDE_TO_REMOVAL_read_and_rendered() -> None:
    (effect,) = effects_of(TO_REMOVAL)
    target = {"side": "own", "zone": "outside", "card_type": "character", "count": 1}
    assert effect["do"] == [{"op": "remove", "target": {**target, "if_able": True}}]
    assert render_effect(effect).endswith(
        "choose 1 of your character cards in your outside area (as many as there are, up to "
        "that many); remove it (to the removal area)."
    )
    up_to = "[登場時]自分の場外にある［特徴：灯守］を2枚までリムーブエリアに置く。"
    assert ops_of(up_to)[0]["target"] == {
        "side": "own",
        "zone": "outside",
        "trait": "灯守",
        "count": 2,
        "up_to": True,
    }
    assert (
        read_in_full(
            "[登場時]相手の場外にあるカードを1枚リムーブエリアに置く。",  # the opponent's
            "[登場時]自分の場外にあるキャラを1枚リムーブエリアに置く。",  # キャラ: a field's word
        )
        == []
    )


def test_UA_EFFECT_OUTSIDE_TO_REMOVAL_the_card_chosen_goes_to_the_removal_area() -> None:
    cards = [
        texted("T-SEER", TO_REMOVAL),
        texted("T-GONE", "[登場時]自分の山札の上から2枚を場外に置く。"),
        free_character("T-CHAR"),
        {**free_character("T-EVENT"), "type": "event", "bp": None},
    ]

    def scene() -> LogBuilder:
        # A-1 T-SEER on the front line (turn 1); A-2 T-GONE puts into the outside area
        deck = ["T-SEER", "T-GONE", "T-CHAR", "T-EVENT"]
        b = board_at_turn_3(cards, deck, [], a_front=("A-1",), phase="main")
        return b.play("A", "A-2", to="front_line", targets=[{"outside": ["T-CHAR", "T-EVENT"]}])

    b = scene().act("A", "activate", card="A-1", ability=1, targets=["A-3"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["removal"] == ["A-3"]
    assert player_state(r, "A")["outside"] == ["A-4"]
    b = scene().act("A", "activate", card="A-1", ability=1, targets=["A-4"])  # an event card
    assert rules_broken(b.replay(), b.last) == ["UA-EFFECT-TARGETS"]
    b = scene().act("A", "activate", card="A-1", ability=1, targets=[])  # one could be chosen
    assert rules_broken(b.replay(), b.last) == ["UA-EFFECT-TARGETS"]


MAY_REMOVE = "[登場時]自分の場外にあるカードを2枚リムーブエリアに置いてもよい。そうした場合、カードを1枚引く。"


def test_UA_EFFECT_OUTSIDE_TO_REMOVAL_you_may_then_if_you_did() -> None:
    (effect,) = effects_of(MAY_REMOVE)
    assert effect == {
        "when": "on_play",
        "optional": True,
        "do": [
            {"op": "remove", "target": {"side": "own", "zone": "outside", "count": 2}},
            {"op": "draw", "n": 1, "if_done": True},
        ],
    }
    assert render_effect(effect) == (
        "On play: you may use this effect: choose 2 of your cards in your outside area; remove "
        "them (to the removal area); if you did, draw 1 card."
    )
    assert (
        read_in_full(
            # not opening the ability, or followed by a sentence without "そうした場合"
            "[登場時]カードを1枚引く。自分の場外にあるカードを2枚リムーブエリアに置いてもよい。",
            "[登場時]自分の場外にあるカードを2枚リムーブエリアに置いてもよい。カードを1枚引く。",
            # up to N, optional: not the list's wording
            "[登場時]自分の場外にあるカードを2枚までリムーブエリアに置いてもよい。",
        )
        == []
    )
    cards = [
        texted("T-SEER", MAY_REMOVE),
        texted("T-GONE", "[登場時]自分の山札の上から2枚を場外に置く。"),
    ]

    def scene() -> LogBuilder:
        # A-2 T-GONE puts 2 cards into A's outside area; A-1 T-SEER is played, its effect waits
        b = board_at_turn_3(cards, ["T-SEER", "T-GONE"], [], phase="main")
        b.play("A", "A-2", to="front_line", targets=[{"outside": ["T-000", "T-000"]}])
        return b.play("A", "A-1", to="front_line")

    b = scene()
    gone = player_state(b.replay(), "A")["outside"]
    b.act("A", "resolve", source="A-1", use=True, targets=gone)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["removal"] == gone and "draw" in event_types(r, b.last)
    b = scene().act("A", "resolve", source="A-1", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal" and not {"draw"} & set(event_types(r, b.last))
    # used with one card named: it puts exactly 2
    b = scene()
    one = player_state(b.replay(), "A")["outside"][:1]
    b.act("A", "resolve", source="A-1", use=True, targets=one)
    assert rules_broken(b.replay(), b.last) == ["UA-EFFECT-TARGETS"]


# -- UA-EFFECT-HAND-TO-DECK-BOTTOM ---------------------------------------------------------------

HAND_BOTTOM = (
    "[登場時]自分の手札を3枚まで望む順で自分の山札の下に置く。"
    "この効果で山札の下に置いたカードと同じ枚数のカードを引く。"
)


def test_UA_EFFECT_HAND_TO_DECK_BOTTOM_read_and_rendered() -> None:
    assert ops_of(HAND_BOTTOM) == [
        {
            "op": "to_deck_bottom",
            "target": {"side": "own", "zone": "hand", "count": 3, "up_to": True},
        },
        {"op": "draw", "as_many": True},
    ]
    assert english(HAND_BOTTOM) == (
        "On play: choose up to 3 of your cards in your hand; put them on the bottom of your deck "
        "in the order chosen; draw as many cards as were put on the bottom of your deck."
    )
    assert ops_of("[登場時]自分の手札を1枚自分の山札の下に置く。")[0]["target"]["count"] == 1
    assert (
        read_in_full(
            # two cards with no order said, or one "in the order chosen": not the list's wording
            "[登場時]自分の手札を2枚自分の山札の下に置く。",
            "[登場時]自分の手札を1枚望む順で自分の山札の下に置く。",
            # "as many" after anything else
            "[登場時]カードを1枚引く。この効果で山札の下に置いたカードと同じ枚数のカードを引く。",
            # the opponent's deck
            "[登場時]自分の手札を3枚まで望む順で相手の山札の下に置く。",
        )
        == []
    )


def test_UA_EFFECT_HAND_TO_DECK_BOTTOM_the_order_named_then_as_many_drawn() -> None:
    b, deck, card = seeded(HAND_BOTTOM)
    hand = list(a_state(b).hand)
    h1, h2 = hand[1], hand[2]
    b.play("A", card, to="front_line", targets=[h2, h1])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-EFFECT-HAND-TO-DECK-BOTTOM" in rules_applied(r, b.last)
    ps = a_state(b)
    assert ps.deck[-2:] == [h2, h1]  # top first: the last named is the deck's last card
    assert h1 not in ps.hand and h2 not in ps.hand and set(deck[:2]) <= set(ps.hand)
    assert len(ps.hand) == len(hand) - 1  # the card played; two put, two drawn
    b, deck, card = seeded(HAND_BOTTOM)  # none put: none drawn
    b.play("A", card, to="front_line", targets=[])
    assert verdict(b.replay(), b.last) == "legal" and a_state(b).deck == deck
    b, deck, card = seeded(HAND_BOTTOM)  # a card not in the hand
    b.play("A", card, to="front_line", targets=[deck[0]])
    assert rules_broken(b.replay(), b.last) == ["UA-EFFECT-TARGETS"]


def test_UA_EFFECT_HAND_TO_DECK_BOTTOM_observed_the_cards_named_are_bound() -> None:
    cards = [texted("T-SEER", HAND_BOTTOM), free_character("T-X"), free_character("T-Y")]
    b = board_at_turn_3(cards, ["T-SEER", "T-X", "T-Y"], [], phase="main")
    held = len(player_state(b.replay(), "A")["hand"])
    b.play("A", "A-1", to="front_line", targets=["T-Y", "T-X"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    ps = a_state(b)
    assert ps.deck[-2:] == ["A-3", "A-2"] and len(ps.hand) == held - 1
    b = board_at_turn_3(cards, ["T-SEER", "T-X", "T-Y"], [], phase="main")
    b.play("A", "A-1", to="front_line", targets=["T-Y", "T-Y"])  # one T-Y in the deck
    assert verdict(b.replay(), b.last) == "illegal"
