"""Union Arena: looks at the deck's top cards in the official list's other wordings — the card
taken put into the outside area (UA-EFFECT-LOOK-OUTSIDE), the rest back on top in the order
chosen, a reorder, one card back on top (UA-EFFECT-LOOK-TOP), and what a take may ask and what
a look waits for (UA-EFFECT-LOOK-CONDITIONS).  Made-up cards in the official list's wording; the
log names the cards taken, then ``{"top": […]}`` / ``{"top": […], "bottom": […]}`` top first."""

from __future__ import annotations

from typing import Any

import pytest

from judge.core.replay import position
from judge.games.union_arena.reader import read_card
from judge.games.union_arena.render import render_effect
from judge.games.union_arena.testing import (
    LogBuilder,
    board_at_turn_3,
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

#: a red card with the trait 灯守 into the outside area, the rest back on top
TO_OUTSIDE = (
    "[登場時]自分の山札の上から3枚見る。その中から赤の［特徴：灯守］を1枚まで場外に置く。"
    "残りを望む順で自分の山札の上に置く。"
)
TO_OUTSIDE_JOINED = (
    "[登場時]自分の山札の上から3枚見て、1枚まで場外に置き、残りを望む順で山札の上に置く。"
)
TO_OUTSIDE_BOTTOM = (
    "[登場時]自分の山札の上から4枚見る。その中から〈ミナモ〉を1枚まで場外に置く。"
    "残りを望む順で自分の山札の下に置く。"
)
TO_HAND_TOP = (
    "[登場時]自分の山札の上から3枚見て、カード名に「灯」を含む赤のキャラカードを1枚まで公開し"
    "手札に加える。残りを望む順で山札の上に置く。"
)
REORDER = "[登場時]自分の山札の上から3枚見て、望む順で山札の上に置く。"
ONE_TOP = (
    "[登場時]自分の山札の上から3枚見る。その中から1枚を自分の山札の上に置き、残りを望む順で"
    "下に置く。"
)


def ops_of(text: str) -> list[dict[str, Any]]:
    return one_ability(text)["do"]


def english(text: str) -> str:
    return render_effect(one_ability(text))


UP_TO_1 = {"count": 1, "up_to": True}

# -- reading ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "op"),
    [
        (
            TO_OUTSIDE,
            {
                "op": "look",
                "n": 3,
                "take": {"color": "red", "trait": "灯守", **UP_TO_1},
                "rest": "top",
                "to": "outside",
            },
        ),
        (
            TO_OUTSIDE_JOINED,
            {"op": "look", "n": 3, "take": UP_TO_1, "rest": "top", "to": "outside"},
        ),
        (
            "[登場時]自分の山札の上から3枚見る。その中から1枚まで場外に置き、残りを望む順で山札の上に"
            "置く。",
            {"op": "look", "n": 3, "take": UP_TO_1, "rest": "top", "to": "outside"},
        ),
        (
            TO_OUTSIDE_BOTTOM,
            {
                "op": "look",
                "n": 4,
                "take": {"name": "ミナモ", **UP_TO_1},
                "rest": "bottom",
                "to": "outside",
            },
        ),
        (
            "[登場時]自分の山札の上から2枚見て、赤のイベントカードを1枚まで場外に置く。"
            "残りを望む順で山札の上に置く。",
            {
                "op": "look",
                "n": 2,
                "take": {"color": "red", "card_type": "event", **UP_TO_1},
                "rest": "top",
                "to": "outside",
            },
        ),
    ],
)
def test_UA_EFFECT_LOOK_OUTSIDE_read_from_printed_text(text: str, op: dict[str, Any]) -> None:
    assert ops_of(text) == [op]


@pytest.mark.parametrize(
    "text",
    [
        # revealed into the outside area: not a wording of the list
        "[登場時]自分の山札の上から3枚見る。その中から〈ミナモ〉を1枚まで公開し場外に置く。"
        "残りを望む順で自分の山札の下に置く。",
        # "手札に加えた場合" after a take into the outside area: nothing was added to the hand
        "[登場時]自分の山札の上から3枚見る。その中から〈ミナモ〉を1枚まで場外に置く。"
        "残りを望む順で自分の山札の下に置く。手札に加えた場合、自分の手札を1枚場外に置く。",
        # the take without where the rest go
        "[登場時]自分の山札の上から3枚見る。その中から〈ミナモ〉を1枚まで場外に置く。",
        # joined take and rest, but the rest in a wording not read
        "[登場時]自分の山札の上から3枚見て、1枚まで場外に置き、残りを場外に置く。",
    ],
)
def test_UA_EFFECT_LOOK_OUTSIDE_other_wordings_stay_unread(text: str) -> None:
    assert not read_card({"type": "character", "text": text}).understood


def test_UA_EFFECT_LOOK_OUTSIDE_rendered() -> None:
    assert english(TO_OUTSIDE) == (
        "On play: look at the top 3 cards of your deck; put up to 1 red card with [灯守] among "
        "them into the outside area; put the rest back on the top of your deck in any order."
    )
    assert english(TO_OUTSIDE_BOTTOM) == (
        "On play: look at the top 4 cards of your deck; put up to 1 card named <ミナモ> among "
        "them into the outside area; put the rest on the bottom of your deck in any order."
    )


def test_UA_EFFECT_LOOK_OUTSIDE_supported_only_as_read() -> None:
    from judge.games.union_arena import effects

    def ok(*ops: dict[str, Any]) -> bool:
        return effects.supported({"when": "on_play", "do": list(ops)})

    look = {"op": "look", "n": 3, "take": dict(UP_TO_1), "rest": "top", "to": "outside"}
    assert ok(look)
    assert not ok({**look, "reveal": False})  # the outside area is public: no reveal to say
    assert not ok({**look, "to": "removal"})
    assert not ok(look, {"op": "discard", "n": 1, "if_taken": True})  # none added to the hand


# -- reading: UA-EFFECT-LOOK-TOP ------------------------------------------------------------------


def test_UA_EFFECT_LOOK_TOP_read_from_printed_text() -> None:
    assert ops_of(TO_HAND_TOP) == [
        {
            "op": "look",
            "n": 3,
            "take": {"name_contains": "灯", "color": "red", "card_type": "character", **UP_TO_1},
            "rest": "top",
        }
    ]
    assert ops_of(REORDER) == [{"op": "look", "n": 3, "rest": "top"}]
    assert ops_of(ONE_TOP) == [{"op": "look", "n": 3, "rest": "one_top"}]
    assert (
        read_in_full(
            # one card "in the order chosen", or exactly one of one: not the list's wording
            "[登場時]自分の山札の上から1枚見て、望む順で山札の上に置く。",
            "[登場時]自分の山札の上から1枚見る。その中から1枚を自分の山札の上に置き、残りを望む順で下に"
            "置く。",
            # two back on top: not read
            "[登場時]自分の山札の上から3枚見る。その中から2枚を自分の山札の上に置き、残りを望む順で下に"
            "置く。",
        )
        == []
    )


def test_UA_EFFECT_LOOK_TOP_rendered() -> None:
    assert english(REORDER) == (
        "On play: look at the top 3 cards of your deck; put them back on the top of your deck in "
        "any order."
    )
    assert english(ONE_TOP) == (
        "On play: look at the top 3 cards of your deck; put 1 of them on the top of your deck and "
        "the rest on the bottom in any order."
    )
    assert english(TO_HAND_TOP) == (
        "On play: look at the top 3 cards of your deck; take up to 1 red character whose name "
        "contains “灯” among them, revealed, into your hand; put the rest back on the top of your "
        "deck in any order."
    )


# -- the engine, seeded: every card looked at is known --------------------------------------------


def after(b: LogBuilder) -> Any:
    return position(b.doc).state.players["A"]


def seeded(text: str, **fields: Any) -> tuple[LogBuilder, list[str], str]:
    """A seeded log in A's first main phase, A's deck all copies of a made-up card with
    ``text`` and ``fields``: (the builder, A's deck, the instance in A's hand to play)."""
    b = LogBuilder([texted("T-SEER", text, **fields)], deck_a=["T-SEER"] * 50, mode="seeded")
    ps = after(b.setup(first="A").proceed("A"))
    return b, list(ps.deck), ps.hand[0]


RED_LAMP = {"color": "red", "traits": ["灯守"]}


def test_UA_EFFECT_LOOK_OUTSIDE_the_card_taken_goes_into_the_outside_area() -> None:
    b, deck, card = seeded(TO_OUTSIDE, **RED_LAMP)
    a, c, d = deck[:3]
    b.play("A", card, to="front_line", targets=[c, {"top": [d, a]}])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert {"UA-EFFECT-LOOK-OUTSIDE", "UA-EFFECT-LOOK-TOP"} <= set(rules_applied(r, b.last))
    ps = after(b)
    assert ps.outside == [c] and c not in ps.hand and ps.deck == [d, a, *deck[3:]]
    assert "to_outside" in event_types(r, b.last)
    assert c in player_state(r, "A")["outside"]  # public: named in the view
    # none taken: all three back on top in the order given
    b, deck, card = seeded(TO_OUTSIDE, **RED_LAMP)
    b.play("A", card, to="front_line", targets=[{"top": [deck[2], deck[1], deck[0]]}])
    assert verdict(b.replay(), b.last) == "legal"
    assert after(b).deck == [deck[2], deck[1], deck[0], *deck[3:]] and after(b).outside == []


def test_UA_EFFECT_LOOK_OUTSIDE_a_card_that_does_not_meet_the_take_is_illegal() -> None:
    # the deck's cards are blue: "赤の[特徴:灯守]" asks a red one, the trait alone is not enough
    b, deck, card = seeded(TO_OUTSIDE, color="blue", traits=["灯守"])
    b.play("A", card, to="front_line", targets=[deck[0], {"top": deck[1:3]}])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert set(rules_broken(r, b.last)) == {"UA-EFFECT-TARGETS"}
    # red but without the trait
    b, deck, card = seeded(TO_OUTSIDE, color="red", traits=["星守"])
    b.play("A", card, to="front_line", targets=[deck[0], {"top": deck[1:3]}])
    assert set(rules_broken(b.replay(), b.last)) == {"UA-EFFECT-TARGETS"}
    # the 4th card was not looked at
    b, deck, card = seeded(TO_OUTSIDE, **RED_LAMP)
    b.play("A", card, to="front_line", targets=[deck[3], {"top": deck[:3]}])
    assert set(rules_broken(b.replay(), b.last)) == {"UA-EFFECT-TARGETS"}


def test_UA_EFFECT_LOOK_OUTSIDE_the_rest_to_the_bottom() -> None:
    b, deck, card = seeded(TO_OUTSIDE_BOTTOM, name="ミナモ")
    b.play("A", card, to="front_line", targets=[deck[1], {"bottom": [deck[3], deck[0], deck[2]]}])
    assert verdict(b.replay(), b.last) == "legal"
    ps = after(b)
    assert ps.outside == [deck[1]] and ps.deck == [*deck[4:], deck[3], deck[0], deck[2]]


def test_UA_EFFECT_LOOK_OUTSIDE_observed_the_card_put_there_is_named_and_bound() -> None:
    cards = [
        texted("T-SEER", TO_OUTSIDE),
        free_character("T-RED", **RED_LAMP),
        free_character("T-BLUE", color="blue", traits=["灯守"]),
    ]
    # T-SEER; A-3 T-RED; A-4 T-BLUE; the rest fillers
    deck = ["T-SEER", "T-SEER", "T-RED", "T-BLUE"]
    b = board_at_turn_3(cards, deck, [], phase="main")
    b.play("A", "A-1", to="front_line", targets=["T-RED", {"top": ["T-000", "T-000"]}])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["outside"] == ["A-3"]
    b = board_at_turn_3(cards, deck, [], phase="main")
    b.play("A", "A-1", to="front_line", targets=["T-BLUE", {"top": ["T-000", "T-000"]}])
    assert "UA-EFFECT-TARGETS" in rules_broken(b.replay(), b.last)  # blue: not red


def test_UA_EFFECT_LOOK_TOP_the_rest_back_on_top_in_the_order_chosen() -> None:
    b, deck, card = seeded(TO_HAND_TOP, name="灯台守", **RED_LAMP)
    a, c, d = deck[:3]
    b.play("A", card, to="front_line", targets=[a, {"top": [d, c]}])
    r = b.replay()
    assert verdict(r, b.last) == "legal" and "UA-EFFECT-LOOK-TOP" in rules_applied(r, b.last)
    ps = after(b)
    assert a in ps.hand and ps.deck == [d, c, *deck[3:]]
    # the order of two known cards not recorded: kept as it was, and unverifiable
    b, deck, card = seeded(TO_HAND_TOP, name="灯台守", **RED_LAMP)
    b.play("A", card, to="front_line", targets=[deck[0]])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "UA-CHOICE-RECORDED" in rules_applied(r, b.last)
    assert after(b).deck == deck[1:]


@pytest.mark.parametrize(
    "record",
    [
        {"top": ["deck1"]},  # `top` names every card that goes back: two are not named
        {"top": ["deck1", "deck1"]},  # one card twice
        {"top": ["deck1", "deck3"]},  # the 4th card was not looked at
        {"bottom": ["deck1", "deck2"]},  # the rest go back on top, not to the bottom
    ],
)
def test_UA_EFFECT_LOOK_TOP_a_record_that_does_not_fit_is_illegal(record: dict[str, Any]) -> None:
    b, deck, card = seeded(TO_HAND_TOP, name="灯台守", **RED_LAMP)
    real = {k: [deck[int(ref.removeprefix("deck"))] for ref in refs] for k, refs in record.items()}
    b.play("A", card, to="front_line", targets=[deck[0], real])
    r = b.replay()
    assert verdict(r, b.last) == "illegal" and rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]


def test_UA_EFFECT_LOOK_TOP_a_reorder_puts_every_card_back_in_the_order_chosen() -> None:
    b, deck, card = seeded(REORDER)
    b.play("A", card, to="front_line", targets=[{"top": [deck[1], deck[2], deck[0]]}])
    assert verdict(b.replay(), b.last) == "legal"
    assert after(b).deck == [deck[1], deck[2], deck[0], *deck[3:]]
    b, deck, card = seeded(REORDER)
    b.play("A", card, to="front_line", targets=[{"top": [deck[1], deck[2]]}])
    assert rules_broken(b.replay(), b.last) == ["UA-EFFECT-TARGETS"]  # one not named
    b, deck, card = seeded(REORDER)
    b.play("A", card, to="front_line", targets=[deck[0], {"top": deck[1:3]}])
    assert verdict(b.replay(), b.last) == "illegal"  # nothing is taken


def test_UA_EFFECT_LOOK_TOP_exactly_one_stays_on_top_the_rest_to_the_bottom() -> None:
    b, deck, card = seeded(ONE_TOP)
    a, c, d = deck[:3]
    b.play("A", card, to="front_line", targets=[{"top": [c], "bottom": [d, a]}])
    r = b.replay()
    assert verdict(r, b.last) == "legal" and "UA-EFFECT-LOOK-TOP" in rules_applied(r, b.last)
    assert after(b).deck == [c, *deck[3:], d, a]
    # `bottom` alone: the one card it does not name stays on top
    b, deck, card = seeded(ONE_TOP)
    a, c, d = deck[:3]
    b.play("A", card, to="front_line", targets=[{"bottom": [a, c]}])
    assert verdict(b.replay(), b.last) == "legal"
    assert after(b).deck == [d, *deck[3:], a, c]
    for record in (
        {"top": [a, c], "bottom": [d]},  # two on top
        {"top": [], "bottom": [a, c, d]},  # none on top
        {"bottom": [a]},  # two would stay on top
        {"bottom": [a, c, d]},  # none would stay on top
    ):
        b, deck, card = seeded(ONE_TOP)
        b.play("A", card, to="front_line", targets=[record])
        assert rules_broken(b.replay(), b.last) == ["UA-EFFECT-TARGETS"], record
    # not recorded, the cards known: which stayed and the order below are choices skipped
    b, deck, card = seeded(ONE_TOP)
    r = b.play("A", card, to="front_line", targets=[]).replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "UA-CHOICE-RECORDED" in rules_applied(r, b.last)
