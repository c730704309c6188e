"""Union Arena: the looks at the deck's top cards that take nothing (UA-EFFECT-LOOK) — each card
looked at goes back on top or away: to the bottom ("山札の上か下に置く", "望む枚数を望む順で山札
の上に置き、残りを望む順で下に置く") or into the outside area ("山札の上か場外に置く", "残りを
場外に置く").  Made-up cards in the official list's wording; the log records where each card
goes as ``{"top": […], "bottom": […]}`` / ``{"top": […], "outside": […]}``."""

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
    player_state,
    rules_applied,
    rules_broken,
    texted,
    verdict,
)

ONE_BOTTOM = "[登場時]自分の山札の上から1枚見る。そのカードを山札の上か下に置く。"
ONE_BOTTOM_JOINED = "[登場時]自分の山札の上から1枚見て、山札の上か下に置く。"
ONE_OUTSIDE = "[登場時]自分の山札の上から1枚見る。そのカードを自分の山札の上か場外に置く。"
ONE_OUTSIDE_JOINED = "[登場時]自分の山札の上から1枚見て、自分の山札の上か場外に置く。"
SOME_BOTTOM = (
    "[登場時]自分の山札の上から3枚見る。その中から望む枚数を望む順で自分の山札の上に置き、"
    "残りを望む順で下に置く。"
)
SOME_OUTSIDE = (
    "[登場時]自分の山札の上から2枚見る。その中から望む枚数を望む順で山札の上に置き、"
    "残りを場外に置く。"
)


def look_of(text: str) -> list[dict[str, Any]]:
    r = read_card({"type": "character", "text": text})
    assert r.understood, r.unread
    (effect,) = r.effects
    return effect["do"]


# -- reading ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "n", "rest"),
    [
        (ONE_BOTTOM, 1, "top_or_bottom"),
        (ONE_BOTTOM_JOINED, 1, "top_or_bottom"),
        (
            "[登場時]自分の山札の上から1枚見る。そのカードを自分の山札の上か下に置く。",
            1,
            "top_or_bottom",
        ),
        ("[登場時]自分の山札の上から1枚見て、自分の山札の上か下に置く。", 1, "top_or_bottom"),
        (ONE_OUTSIDE, 1, "top_or_outside"),
        (
            "[登場時]自分の山札の上から1枚見る。そのカードを山札の上か場外に置く。",
            1,
            "top_or_outside",
        ),
        (ONE_OUTSIDE_JOINED, 1, "top_or_outside"),
        ("[登場時]自分の山札の上から1枚見て、山札の上か場外に置く。", 1, "top_or_outside"),
        (SOME_BOTTOM, 3, "top_or_bottom"),
        (
            "[起動メイン][レストにする]自分の山札の上から2枚見る。その中から望む枚数を望む順で"
            "山札の上に置き、残りを望む順で自分の山札の下に置く。",
            2,
            "top_or_bottom",
        ),
        (SOME_OUTSIDE, 2, "top_or_outside"),
    ],
)
def test_UA_EFFECT_LOOK_a_look_that_takes_nothing_read_from_printed_text(
    text: str, n: int, rest: str
) -> None:
    assert look_of(text) == [{"op": "look", "n": n, "rest": rest}]


@pytest.mark.parametrize(
    "text",
    [
        # "そのカード" is the one card looked at: not of two
        "[登場時]自分の山札の上から2枚見る。そのカードを山札の上か場外に置く。",
        # a condition the reader does not know, before the look
        "[登場時]このキャラがアタックしていた場合、自分の山札の上から2枚見る。"
        "その中から望む枚数を望む順で自分の山札の上に置き、残りを場外に置く。",
        # the rest into the outside area "in the order chosen": not the official wording
        "[登場時]自分の山札の上から2枚見る。その中から望む枚数を望む順で自分の山札の上に置き、"
        "残りを望む順で場外に置く。",
        # the look without where its cards go
        "[登場時]自分の山札の上から1枚見る。",
        # "その中から望む枚数を…" of one card: not the official wording
        "[登場時]自分の山札の上から1枚見る。その中から望む枚数を望む順で自分の山札の上に置き、"
        "残りを場外に置く。",
        # a take whose rest goes elsewhere than the bottom
        "[登場時]自分の山札の上から3枚見る。その中から〈ミオ〉を1枚まで公開し手札に加える。"
        "残りを場外に置く。",
        # an opponent's deck
        "[登場時]相手の山札の上から1枚見る。そのカードを山札の上か場外に置く。",
    ],
)
def test_UA_EFFECT_LOOK_other_wordings_stay_unread(text: str) -> None:
    assert not read_card({"type": "character", "text": text}).understood


def test_UA_EFFECT_LOOK_a_look_that_takes_nothing_is_supported_as_read() -> None:
    from judge.games.union_arena import effects

    def ok(op: dict[str, Any]) -> bool:
        return effects.supported({"when": "on_play", "do": [op]})

    assert ok({"op": "look", "n": 3, "rest": "top_or_bottom"})
    assert ok({"op": "look", "n": 1, "rest": "top_or_outside"})
    assert not ok({"op": "look", "n": 0, "rest": "top_or_outside"})
    assert not ok({"op": "look", "n": 1, "rest": "outside"})
    assert not ok({"op": "look", "n": 1, "rest": "top_or_outside", "reveal": False})
    take = {"count": 1, "up_to": True}
    assert not ok({"op": "look", "n": 3, "take": take, "rest": "top_or_outside"})
    # "手札に加えた場合" needs a look that may take a card
    after = {"op": "discard", "n": 1, "if_taken": True}
    assert not effects.supported(
        {"when": "on_play", "do": [{"op": "look", "n": 1, "rest": "top_or_bottom"}, after]}
    )


# -- rendering ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "english"),
    [
        (
            ONE_BOTTOM,
            "look at the top 1 card of your deck; put it on the top or the bottom of your deck",
        ),
        (
            ONE_OUTSIDE_JOINED,
            "look at the top 1 card of your deck; put it on the top of your deck or into the "
            "outside area",
        ),
        (
            SOME_BOTTOM,
            "look at the top 3 cards of your deck; put any number of them on the top of your "
            "deck in any order and the rest on the bottom of your deck in any order",
        ),
        (
            SOME_OUTSIDE,
            "look at the top 2 cards of your deck; put any number of them on the top of your "
            "deck in any order and the rest into the outside area",
        ),
    ],
)
def test_UA_EFFECT_LOOK_a_look_that_takes_nothing_rendered(text: str, english: str) -> None:
    effect = {"when": "on_play", "do": look_of(text)}
    assert render_effect(effect) == f"On play: {english}."


# -- the engine, seeded: every card looked at is known --------------------------------------------


def seeded(text: str) -> tuple[LogBuilder, list[str], str]:
    """A seeded log in A's first main phase, A's deck all copies of a card with ``text``:
    (the builder, A's deck, the instance in A's hand to play)."""
    cards = [texted("T-SEER", text)]
    b = LogBuilder(cards, deck_a=["T-SEER"] * 50, mode="seeded").setup(first="A").proceed("A")
    ps = position(b.doc).state.players["A"]
    return b, list(ps.deck), ps.hand[0]


def after(b: LogBuilder) -> Any:
    return position(b.doc).state.players["A"]


def test_UA_EFFECT_LOOK_one_card_back_on_top_or_into_the_outside_area() -> None:
    b, deck, card = seeded(ONE_OUTSIDE)
    b.play("A", card, to="front_line", targets=[{"outside": [deck[0]]}])
    r = b.replay()
    assert verdict(r, b.last) == "legal" and "UA-EFFECT-LOOK" in rules_applied(r, b.last)
    ps = after(b)
    assert ps.outside == [deck[0]] and ps.deck == deck[1:]
    assert "to_outside" in event_types(r, b.last)
    assert deck[0] in player_state(r, "A")["outside"]  # public: named in the view
    b, deck, card = seeded(ONE_OUTSIDE_JOINED)
    b.play("A", card, to="front_line", targets=[{"outside": []}])
    assert verdict(b.replay(), b.last) == "legal"
    ps = after(b)
    assert ps.outside == [] and ps.deck == deck


@pytest.mark.parametrize(
    "record",
    [
        [{"outside": ["deck1"]}],  # not the card looked at
        [{"outside": ["deck0", "deck0"]}],  # one card, named twice
        [{"bottom": ["deck0"]}],  # it cannot go to the bottom
        [{"top": ["deck0"], "outside": ["deck0"]}],  # on top and in the outside area
        ["deck0"],  # nothing is taken
    ],
)
def test_UA_EFFECT_LOOK_a_record_the_look_cannot_carry_out_is_illegal(record: list[Any]) -> None:
    b, deck, card = seeded(ONE_OUTSIDE)

    def real(ref: Any) -> Any:
        if isinstance(ref, dict):
            return {key: [real(r) for r in refs] for key, refs in ref.items()}
        return deck[int(ref.removeprefix("deck"))]

    b.play("A", card, to="front_line", targets=[real(ref) for ref in record])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]


def test_UA_EFFECT_LOOK_a_missing_record_of_the_outside_area_is_unverifiable() -> None:
    b, _deck, card = seeded(ONE_OUTSIDE)
    b.play("A", card, to="front_line", targets=[])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "UA-CHOICE-RECORDED" in rules_applied(r, b.last)


def test_UA_EFFECT_LOOK_one_card_on_top_or_at_the_bottom_in_the_shorter_wording() -> None:
    for text in (ONE_BOTTOM, ONE_BOTTOM_JOINED):
        b, deck, card = seeded(text)
        b.play("A", card, to="front_line", targets=[{"bottom": [deck[0]]}])
        assert verdict(b.replay(), b.last) == "legal"
        assert after(b).deck == [*deck[1:], deck[0]]
        b, deck, card = seeded(text)
        b.play("A", card, to="front_line", targets=[{"outside": [deck[0]]}])
        assert rules_broken(b.replay(), b.last) == ["UA-EFFECT-TARGETS"]


def test_UA_EFFECT_LOOK_any_number_back_on_top_in_order_the_rest_at_the_bottom() -> None:
    b, deck, card = seeded(SOME_BOTTOM)
    a, c, d = deck[:3]
    b.play("A", card, to="front_line", targets=[{"top": [d, a], "bottom": [c]}])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert after(b).deck == [d, a, *deck[3:], c]
    # all of them to the bottom, in the order chosen: carried out, but whether "望む枚数"
    # (any number) may be none no source says
    b, deck, card = seeded(SOME_BOTTOM)
    a, c, d = deck[:3]
    b.play("A", card, to="front_line", targets=[{"bottom": [d, c, a]}])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable" and "UA-EFFECT-LOOK" in rules_applied(r, b.last)
    assert after(b).deck == [*deck[3:], d, c, a]
    # one back on top (its order is no choice), two to the bottom
    b, deck, card = seeded(SOME_BOTTOM)
    a, c, d = deck[:3]
    b.play("A", card, to="front_line", targets=[{"bottom": [c, a]}])
    assert verdict(b.replay(), b.last) == "legal"
    assert after(b).deck == [d, *deck[3:], c, a]


def test_UA_EFFECT_LOOK_any_number_back_on_top_unrecorded_order_or_record() -> None:
    # two known cards back on top in an order the log does not give
    b, deck, card = seeded(SOME_BOTTOM)
    b.play("A", card, to="front_line", targets=[{"bottom": [deck[1]]}])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "UA-CHOICE-RECORDED" in rules_applied(r, b.last)
    b, deck, card = seeded(SOME_BOTTOM)
    b.play("A", card, to="front_line", targets=[])
    assert verdict(b.replay(), b.last) == "unverifiable"


@pytest.mark.parametrize(
    "record",
    [
        {"top": ["deck0"]},  # `top` names every card that stays: two are not named
        {"top": ["deck0", "deck1"], "bottom": ["deck3"]},  # deck3 was not looked at
        {"top": ["deck0", "deck1"], "bottom": ["deck2", "deck2"]},
        {"top": ["deck0", "deck1", "deck2"], "bottom": ["deck2"]},
        {"bottom": ["deck0", "deck1", "deck2", "deck3"]},
        {"top": ["deck0"], "outside": ["deck1", "deck2"]},  # the rest go to the bottom
    ],
)
def test_UA_EFFECT_LOOK_a_record_of_top_and_bottom_that_does_not_fit_is_illegal(
    record: dict[str, list[str]],
) -> None:
    b, deck, card = seeded(SOME_BOTTOM)
    real = {
        key: [deck[int(ref.removeprefix("deck"))] for ref in refs] for key, refs in record.items()
    }
    b.play("A", card, to="front_line", targets=[real])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]


def test_UA_EFFECT_LOOK_any_number_back_on_top_the_rest_into_the_outside_area() -> None:
    b, deck, card = seeded(SOME_OUTSIDE)
    a, c = deck[:2]
    b.play("A", card, to="front_line", targets=[{"top": [c], "outside": [a]}])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    ps = after(b)
    assert ps.deck == [c, *deck[2:]] and ps.outside == [a]
    b, deck, card = seeded(SOME_OUTSIDE)
    a, c = deck[:2]
    b.play("A", card, to="front_line", targets=[{"outside": [c, a]}])
    assert verdict(b.replay(), b.last) == "unverifiable"  # none back on top: see above
    ps = after(b)
    assert ps.deck == deck[2:] and ps.outside == [c, a]
    b, deck, card = seeded(SOME_OUTSIDE)
    a, c = deck[:2]
    b.play("A", card, to="front_line", targets=[{"top": [c, a]}])  # none to the outside area
    assert verdict(b.replay(), b.last) == "legal"
    assert after(b).deck == [c, a, *deck[2:]] and after(b).outside == []
    b, deck, card = seeded(SOME_OUTSIDE)
    b.play("A", card, to="front_line", targets=[{"outside": [deck[0]], "bottom": [deck[1]]}])
    assert rules_broken(b.replay(), b.last) == ["UA-EFFECT-TARGETS"]  # not to the bottom


def test_UA_EFFECT_LOOK_a_draw_after_the_look_draws_what_it_left_on_top() -> None:
    # the check of a later choice in the same effect sees the deck as the look left it
    look = {"op": "look", "n": 1, "rest": "top_or_outside"}
    effect = {
        "when": "on_play",
        "do": [look, {"op": "draw", "n": 1}, {"op": "discard", "n": 1}],
    }
    cards = [free_character("T-SEER", effects=[effect])]

    def board() -> tuple[LogBuilder, list[str], str]:
        b = LogBuilder(cards, deck_a=["T-SEER"] * 50, mode="seeded").setup(first="A")
        ps = position(b.proceed("A").doc).state.players["A"]
        return b, list(ps.deck), ps.hand[0]

    for record, discarded, ok in (
        ({"outside": []}, 0, True),  # left on top, then drawn
        ({"outside": ["it"]}, 1, True),
        ({"outside": ["it"]}, 0, False),  # in the outside area, not drawn
    ):
        b, deck, card = board()
        placed = {"outside": [deck[0]] * len(record["outside"])}
        b.play("A", card, to="front_line", targets=[placed, deck[discarded]])
        assert (verdict(b.replay(), b.last) == "legal") is ok, record


# -- observed mode: a card looked at is unknown until the log names it ----------------------------


def observed(text: str) -> LogBuilder:
    cards = [texted("T-SEER", text), free_character("T-LOST"), free_character("T-ELSEWHERE")]
    # A-1 T-SEER, A-2 T-SEER, A-3 T-LOST; the rest fillers; no T-ELSEWHERE in A's deck
    return board_at_turn_3(cards, ["T-SEER", "T-SEER", "T-LOST"], [], phase="main")


def test_UA_EFFECT_LOOK_observed_the_card_put_into_the_outside_area_is_named() -> None:
    b = observed(ONE_OUTSIDE).play("A", "A-1", to="front_line", targets=[{"outside": ["T-LOST"]}])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["outside"] == ["A-3"]  # the copy bound to the card named
    # no copy of it can be in the deck
    b = observed(ONE_OUTSIDE)
    b.play("A", "A-1", to="front_line", targets=[{"outside": ["T-ELSEWHERE"]}])
    assert rules_broken(b.replay(), b.last) == ["UA-REVEAL"]
    # kept on top: nothing is named, nothing is known
    b = observed(ONE_OUTSIDE).play("A", "A-1", to="front_line", targets=[{"outside": []}])
    r = b.replay()
    assert verdict(r, b.last) == "legal" and player_state(r, "A")["outside"] == []
    # not recorded: whether a card went to the (public) outside area is not known
    b = observed(ONE_OUTSIDE).play("A", "A-1", to="front_line", targets=[])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "UA-CHOICE-RECORDED" in rules_applied(r, b.last)


def test_UA_EFFECT_LOOK_observed_unknown_cards_on_top_or_at_the_bottom() -> None:
    # unknown cards, none known below them: where each went changes nothing the engine knows
    b = observed(SOME_BOTTOM).play("A", "A-1", to="front_line", targets=[])
    assert verdict(b.replay(), b.last) == "legal"
    # named, each binds a copy: T-LOST back on top, two fillers to the bottom
    b = observed(SOME_BOTTOM)
    record = {"top": ["T-LOST"], "bottom": ["T-000", "T-000"]}
    b.play("A", "A-1", to="front_line", targets=[record])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    ps = position(b.doc).state.players["A"]
    assert ps.deck[0] == "A-3" and all(c is not None for c in ps.deck[-2:])
    # `top` names every card that stays on top: with it, the record names all three
    b = observed(SOME_BOTTOM)
    b.play("A", "A-1", to="front_line", targets=[{"top": ["T-LOST"], "bottom": []}])
    assert rules_broken(b.replay(), b.last) == ["UA-EFFECT-TARGETS"]


def test_UA_EFFECT_LOOK_observed_a_known_card_below_makes_the_unrecorded_choice_matter() -> None:
    # the first look names T-LOST at the bottom; the second's unknown card, on top or at the
    # bottom, changes how deep T-LOST lies: without a record, that is a choice skipped
    b = observed(ONE_BOTTOM).play("A", "A-1", to="front_line", targets=[{"bottom": ["T-LOST"]}])
    assert verdict(b.replay(), b.last) == "legal"
    assert position(b.doc).state.players["A"].deck[-1] == "A-3"
    b.play("A", "A-2", to="front_line", targets=[])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "UA-CHOICE-RECORDED" in rules_applied(r, b.last)
    b = observed(ONE_BOTTOM).play("A", "A-1", to="front_line", targets=[{"bottom": ["T-LOST"]}])
    b.play("A", "A-2", to="front_line", targets=[{"bottom": []}])
    assert verdict(b.replay(), b.last) == "legal"
