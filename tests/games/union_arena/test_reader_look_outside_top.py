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
    effects_of,
    event_types,
    free_character,
    player_state,
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
IF_LOOK = (
    "[登場時]自分の場に〈ハルカ〉がある場合、自分の山札の上から2枚見る。"
    "その中から望む枚数を望む順で自分の山札の上に置き、残りを望む順で下に置く。"
)
MAY_LOOK = (
    "[登場時]自分の手札を1枚場外に置いてもよい。そうした場合、自分の山札の上から3枚見る。"
    "その中からカードを1枚まで手札に加える。残りを望む順で自分の山札の下に置く。"
)
ENERGY_TAKE = (
    "[登場時]自分の山札の上から3枚見て、必要エナジーが2以下のキャラカードを1枚まで公開し"
    "手札に加える。残りを望む順で山札の下に置く。"
)


def ops_of(text: str) -> list[dict[str, Any]]:
    """The ops of a made-up character's one ability, read in full."""
    (effect,) = effects_of(text)
    return effect["do"]


def unread(*texts: str, type: str = "character") -> None:
    """Each of ``texts``, on a made-up card of ``type``, is not understood."""
    for text in texts:
        assert not read_card({"type": type, "text": text}).understood, text


def english(text: str) -> str:
    return render_effect({"when": "on_play", "do": ops_of(text)})


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
    unread(
        # one card "in the order chosen", or exactly one of one: not the list's wording
        "[登場時]自分の山札の上から1枚見て、望む順で山札の上に置く。",
        "[登場時]自分の山札の上から1枚見る。その中から1枚を自分の山札の上に置き、残りを望む順で下に"
        "置く。",
        # two back on top: not read
        "[登場時]自分の山札の上から3枚見る。その中から2枚を自分の山札の上に置き、残りを望む順で下に"
        "置く。",
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
    # A-1, A-2 T-SEER; A-3 T-RED; A-4 T-BLUE; the rest fillers
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


# -- UA-EFFECT-LOOK-CONDITIONS --------------------------------------------------------------------


def test_UA_EFFECT_LOOK_CONDITIONS_what_a_take_asks_read_from_printed_text() -> None:
    assert ops_of(ENERGY_TAKE)[0]["take"] == {
        "energy_max": 2,
        "card_type": "character",
        **UP_TO_1,
    }
    assert ops_of(TO_OUTSIDE)[0]["take"] == {"color": "red", "trait": "灯守", **UP_TO_1}
    hand_any = (
        "[登場時]自分の山札の上から3枚見て、1枚まで公開し手札に加える。"
        "残りを望む順で山札の下に置く。"
    )
    assert ops_of(hand_any)[0]["take"] == UP_TO_1  # no condition: any card
    assert english(ENERGY_TAKE) == (
        "On play: look at the top 3 cards of your deck; take up to 1 character with required "
        "energy 2 or less among them, revealed, into your hand; put the rest on the bottom of "
        "your deck in any order."
    )
    # a colour before alternatives in 〔〕: whether it is each one's, no source says
    bracket = (
        "[登場時]自分の山札の上から4枚見る。その中から黄の〔［特徴：灯守］かフィールドカード〕を"
        "1枚まで公開し手札に加える。残りを望む順で自分の山札の下に置く。"
    )
    assert not read_card({"type": "character", "text": bracket}).understood


def meets_and_not(text: str, met: dict[str, Any], unmet: dict[str, Any]) -> None:
    """Observed, a look of 3 that takes up to 1 and puts the rest at the bottom: naming a card
    made with ``met`` is legal, one made with ``unmet`` breaks UA-EFFECT-TARGETS."""
    cards = [texted("T-SEER", text), free_character("T-MET", **met)]
    cards.append(free_character("T-UNMET", **unmet))
    for named, ok in (("T-MET", True), ("T-UNMET", False)):
        b = board_at_turn_3(cards, ["T-SEER", "T-SEER", "T-MET", "T-UNMET"], [], phase="main")
        b.play("A", "A-1", to="front_line", targets=[named, {"bottom": ["T-000", "T-000"]}])
        r = b.replay()
        assert (verdict(r, b.last) == "legal") is ok, named
        assert ok or "UA-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_UA_EFFECT_LOOK_CONDITIONS_required_energy_checked_on_the_card_looked_at() -> None:
    meets_and_not(ENERGY_TAKE, {"energy": {"blue": 2}}, {"energy": {"blue": 3}})


def test_UA_EFFECT_LOOK_CONDITIONS_a_condition_before_the_look_is_the_whole_looks() -> None:
    (look,) = ops_of(IF_LOOK)
    assert look == {
        "op": "look",
        "n": 2,
        "rest": "top_or_bottom",
        "if": {"side": "own", "zone": "field", "name": "ハルカ"},
    }
    assert english(IF_LOOK).startswith(
        "On play: if your field has a card named <ハルカ>, look at the top 2 cards"
    )
    # a condition the reader does not know: the look is not read
    other = IF_LOOK.replace("自分の場に〈ハルカ〉がある場合", "このキャラがアタックしていた場合")
    assert not read_card({"type": "character", "text": other}).understood
    cards = [texted("T-SEER", IF_LOOK), free_character("T-HARU", name="ハルカ")]
    # no ハルカ on A's field: nothing is looked at, a record of the look is out of place
    b = board_at_turn_3(cards, ["T-SEER"], [], phase="main")
    r = b.play("A", "A-1", to="front_line", targets=[]).replay()
    assert verdict(r, b.last) == "legal" and "look" not in event_types(r, b.last)
    # ハルカ on the front line: the look happens
    b = board_at_turn_3(cards, ["T-SEER", "T-HARU"], [], a_front=("A-2",), phase="main")
    r = b.play("A", "A-1", to="front_line", targets=[{"top": ["T-000"], "bottom": ["T-000"]}])
    r = b.replay()
    assert verdict(r, b.last) == "legal" and "look" in event_types(r, b.last)


def test_UA_EFFECT_LOOK_CONDITIONS_a_look_after_may_discard_only_when_discarded() -> None:
    ops = ops_of(MAY_LOOK)
    assert ops[0] == {"op": "discard", "n": 1}
    assert ops[1] == {
        "op": "look",
        "n": 3,
        "take": dict(UP_TO_1),
        "rest": "bottom",
        "reveal": False,
        "if_done": True,
    }
    (effect,) = read_card({"type": "character", "text": MAY_LOOK}).effects
    assert render_effect(effect) == (
        "On play: you may put 1 card from your hand into the outside area; if you did, look at "
        "the top 3 cards of your deck; take up to 1 card among them, unrevealed, into your hand; "
        "put the rest on the bottom of your deck in any order."
    )


def test_UA_EFFECT_LOOK_CONDITIONS_a_look_after_may_discard_happens_only_when_used() -> None:
    cards = [texted("T-MAY", MAY_LOOK), free_character("T-LAMP")]

    def scene() -> LogBuilder:
        b = board_at_turn_3(cards, ["T-MAY", "T-LAMP"], [], phase="main")
        return b.play("A", "A-1", to="front_line")

    b = scene().act("A", "resolve", source="A-1", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert not {"discard", "look"} & set(event_types(r, b.last))
    b = scene().act(
        "A",
        "resolve",
        source="A-1",
        use=True,
        targets=["T-000", "T-LAMP", {"bottom": ["T-000", "T-000"]}],
    )
    r = b.replay()
    types = event_types(r, b.last)
    assert verdict(r, b.last) == "legal" and types.index("discard") < types.index("look")


ENERGY_THEN = (
    "[登場時]自分の山札の上から3枚見る。その中からキャラカードを1枚まで公開し手札に加える。"
    "残りを望む順で山札の下に置く。必要エナジーが4以上のカードを手札に加えた場合、自分の手札を1枚"
    "場外に置く。"
)
TRIGGER_THEN = (
    "[登場時]自分の山札の上から3枚見て、1枚まで公開し手札に加える。残りを望む順で山札の上に置く。"
    "[トリガー]を持つカードを手札に加えた場合、自分の手札を1枚場外に置く。"
)


def test_UA_EFFECT_LOOK_CONDITIONS_what_the_card_taken_must_be_for_the_discard() -> None:
    assert ops_of(ENERGY_THEN)[1] == {"op": "discard", "n": 1, "if_taken": {"energy_min": 4}}
    assert ops_of(TRIGGER_THEN)[1] == {"op": "discard", "n": 1, "if_taken": {"has_trigger": True}}
    assert english(TRIGGER_THEN).endswith(
        "; if you took a card with a trigger, put 1 card from your hand into the outside area."
    )
    assert english(ENERGY_THEN).endswith(
        "; if you took a card with required energy 4 or more, put 1 card from your hand into "
        "the outside area."
    )
    from judge.games.union_arena import effects

    look = {"op": "look", "n": 3, "take": dict(UP_TO_1), "rest": "bottom"}
    for cond, ok in (
        ({"energy_min": 4}, True),
        ({"has_trigger": True}, True),
        ({"energy_max": 4}, False),  # not a condition the engine checks on the card taken
        ({"has_trigger": "yes"}, False),
        ({"energy_min": 0}, False),
    ):
        discard = {"op": "discard", "n": 1, "if_taken": cond}
        assert effects.supported({"when": "on_play", "do": [look, discard]}) is ok, cond


@pytest.mark.parametrize(
    ("text", "met", "unmet"),
    [
        (ENERGY_THEN, {"energy": {"blue": 4}}, {"energy": {"blue": 3}}),
        (TRIGGER_THEN, {"trigger": "draw"}, {}),
    ],
)
def test_UA_EFFECT_LOOK_CONDITIONS_the_discard_only_for_a_card_taken_that_meets_it(
    text: str, met: dict[str, Any], unmet: dict[str, Any]
) -> None:
    cards = [texted("T-SEER", text), free_character("T-MET", **met)]
    cards.append(free_character("T-UNMET", **unmet))
    deck = ["T-SEER", "T-SEER", "T-MET", "T-UNMET"]
    rest = {"bottom": ["T-000", "T-000"]} if "山札の下" in text else {"top": ["T-000", "T-000"]}
    for taken, discard, legal in (
        ("T-MET", ["T-000"], True),
        ("T-MET", [], False),  # the discard is due
        ("T-UNMET", [], True),
        ("T-UNMET", ["T-000"], False),  # not due: nothing more to name
    ):
        b = board_at_turn_3(cards, deck, [], phase="main")
        b.play("A", "A-1", to="front_line", targets=[taken, rest, *discard])
        r = b.replay()
        assert (verdict(r, b.last) == "legal") is legal, (taken, discard)
        assert legal or "UA-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_UA_EFFECT_LOOK_CONDITIONS_required_energy_lowered_in_the_hand_is_unsure() -> None:
    # printed 4, 3 in the hand while the opponent has a red card: which one "必要エナジー"
    # means for the card taken, no source says
    lowered = "相手の場に赤のカードがある場合、手札にあるこのカードの必要エナジーを[青×1]減らす。"
    cards = [
        texted("T-SEER", ENERGY_THEN),
        texted("T-MET", lowered, energy={"blue": 4}),
        free_character("T-REDB", color="red"),
    ]
    b = board_at_turn_3(
        cards, ["T-SEER", "T-SEER", "T-MET"], ["T-REDB"], b_front=("B-1",), phase="main"
    )
    b.play("A", "A-1", to="front_line", targets=["T-MET", {"bottom": ["T-000", "T-000"]}, "T-000"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    # no red card on the opponent's field: 4 either way, the discard is due and sure
    b = board_at_turn_3(cards, ["T-SEER", "T-SEER", "T-MET"], [], phase="main")
    b.play("A", "A-1", to="front_line", targets=["T-MET", {"bottom": ["T-000", "T-000"]}, "T-000"])
    assert verdict(b.replay(), b.last) == "legal"


def test_UA_EFFECT_DECK_TO_OUTSIDE_the_wording_without_wo_is_the_same_mill() -> None:
    # "自分の山札の上から3枚場外に置く": "3枚を" with its particle left out, exactly 3
    bare = "[登場時]自分の山札の上から3枚場外に置く。"
    assert ops_of(bare) == ops_of("[登場時]自分の山札の上から3枚を場外に置く。")
    assert ops_of(bare) == [{"op": "mill", "n": 3}]
    b, deck, card = seeded(bare)
    b.play("A", card, to="front_line", targets=[])  # no record needed: the engine knows them
    assert verdict(b.replay(), b.last) == "legal"
    assert after(b).outside == deck[:3] and after(b).deck == deck[3:]


# -- UA-EFFECT-OUTSIDE-TO-DECK-TOP ---------------------------------------------------------------

ON_TOP = "[登場時]自分の場外から青の［特徴：灯守］を1枚まで自分の山札の上に置く。"


def test_UA_EFFECT_OUTSIDE_TO_DECK_TOP_read_and_rendered() -> None:
    target = {"side": "own", "zone": "outside", "color": "blue", "trait": "灯守", "count": 1}
    assert ops_of(ON_TOP) == [{"op": "to_deck_top", "target": {**target, "up_to": True}}]
    assert english(ON_TOP) == (
        "On play: choose up to 1 of your blue cards in your outside area with [灯守]; put it on "
        "the top of your deck."
    )
    unread(
        # two cards: their order on top would be a choice of its own
        "[登場時]自分の場外から［特徴：灯守］を2枚まで自分の山札の上に置く。",
        # a part of a name: not checked off the field
        "[登場時]自分の場外からカード名に「灯」を含むキャラカードを1枚まで自分の山札の上に置く。",
        # another sentence after it
        "[登場時]自分の場外から［特徴：灯守］を1枚まで自分の山札の上に置く。カードを1枚引く。",
        # the opponent's outside area
        "[登場時]相手の場外から［特徴：灯守］を1枚まで相手の山札の上に置く。",
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
    ps = after(b)
    assert ps.deck[0] == "A-3" and ps.outside == ["A-4"]
    b = scene().play("A", "A-1", to="front_line", targets=["A-4"])  # red, not blue
    assert rules_broken(b.replay(), b.last) == ["UA-EFFECT-TARGETS"]
    b = scene().play("A", "A-1", to="front_line", targets=[])  # up to 1: none
    r = b.replay()
    assert verdict(r, b.last) == "legal" and after(b).outside == ["A-3", "A-4"]


# -- cards of different names ---------------------------------------------------------------------

DISTINCT = (
    "自分の山札の上から5枚見る。その中から異なるカード名の［特徴：灯守］をそれぞれ1枚ずつ合計3枚まで"
    "公開し手札に加える。残りを望む順で自分の山札の下に置く。"
)


def test_UA_EFFECT_LOOK_CONDITIONS_cards_of_different_names_read_and_rendered() -> None:
    (effect,) = effects_of(DISTINCT, type="event")
    assert effect["do"] == [
        {
            "op": "look",
            "n": 5,
            "take": {"trait": "灯守", "count": 3, "up_to": True, "distinct_names": True},
            "rest": "bottom",
        }
    ]
    assert render_effect(effect) == (
        "On play: look at the top 5 cards of your deck; take up to 3 cards with [灯守] of "
        "different card names among them, revealed, into your hand; put the rest on the bottom "
        "of your deck in any order."
    )
    unread(
        # one part without the other
        DISTINCT.replace("異なるカード名の", ""),
        DISTINCT.replace("それぞれ1枚ずつ合計", ""),
        # not "up to"
        DISTINCT.replace("合計3枚まで", "合計3枚"),
        type="event",
    )


def test_UA_EFFECT_LOOK_CONDITIONS_two_cards_of_one_name_are_not_taken_together() -> None:
    cards = [
        texted("T-SEER", "[登場時]" + DISTINCT),
        free_character("T-AKA", name="アカリ", traits=["灯守"]),
        free_character("T-AKA2", name="アカリ", traits=["灯守"]),
        free_character("T-MIO", name="ミオ", traits=["灯守"]),
        free_character("T-ALSO", name="ユラ", traits=["灯守"], also_treated_as=["ミオ"]),
    ]
    deck = ["T-SEER", "T-SEER", "T-AKA", "T-AKA2", "T-MIO", "T-ALSO"]
    rest = {"bottom": ["T-000", "T-000", "T-000"]}

    def take(*named: str) -> Any:
        b = board_at_turn_3(cards, deck, [], phase="main")
        b.play("A", "A-1", to="front_line", targets=[*named, rest])
        return b.replay(), b.last

    r, at = take("T-AKA", "T-MIO")
    assert verdict(r, at) == "legal"
    r, at = take("T-AKA", "T-AKA2")  # two codes, one card name
    assert verdict(r, at) == "illegal" and "UA-EFFECT-TARGETS" in rules_broken(r, at)
    # ユラ is also treated as ミオ: whether that is the same name, no source says
    r, at = take("T-MIO", "T-ALSO")
    assert verdict(r, at) == "unverifiable"


BP_TAKE = (
    "[登場時]自分の山札の上から3枚見る。その中からBPが5000の〈ハルカ〉を1枚まで公開し手札に加える。"
    "残りを望む順で山札の下に置く。"
)


def test_UA_EFFECT_LOOK_CONDITIONS_a_printed_bp_exactly() -> None:
    assert ops_of(BP_TAKE)[0]["take"] == {"bp": 5000, "name": "ハルカ", **UP_TO_1}
    assert "take up to 1 card named <ハルカ> with BP 5000 among them" in english(BP_TAKE)
    meets_and_not(BP_TAKE, {"name": "ハルカ", "bp": 5000}, {"name": "ハルカ", "bp": 4000})


NO_TRIGGER_THEN = (
    "自分の山札の上から3枚見て、［特徴：灯守］を1枚まで公開し手札に加える。残りを望む順で山札の下に"
    "置く。手札に加えたカードが[トリガー]を持たない場合、自分の場外から〈ミナモ〉を1枚まで手札に加える。"
)


def test_UA_EFFECT_LOOK_CONDITIONS_a_sentence_after_the_card_taken_has_no_trigger() -> None:
    (effect,) = effects_of(NO_TRIGGER_THEN, type="event")
    assert effect["do"][1] == {
        "op": "to_hand",
        "target": {"side": "own", "zone": "outside", "name": "ミナモ", "count": 1, "up_to": True},
        "if_taken": {"has_trigger": False},
    }
    assert render_effect(effect).endswith(
        "; if you took a card without a trigger, choose up to 1 of your cards in your outside "
        "area named <ミナモ>; return it to its owner's hand."
    )
    # another sentence after it: not read
    other = NO_TRIGGER_THEN.replace(
        "自分の場外から〈ミナモ〉を1枚まで手札に加える", "カードを1枚引く"
    )
    assert not read_card({"type": "event", "text": other}).understood
    cards = [
        texted("T-SEER", "[登場時]" + NO_TRIGGER_THEN),
        free_character("T-PLAIN", traits=["灯守"]),
        free_character("T-TRIG", traits=["灯守"], trigger="draw"),
        texted("T-GONE", "[登場時]自分の山札の上から1枚を場外に置く。"),
        free_character("T-MINA", name="ミナモ"),
    ]
    deck = ["T-SEER", "T-GONE", "T-MINA", "T-PLAIN", "T-TRIG"]
    rest = {"bottom": ["T-000", "T-000"]}
    for taken, back, legal in (
        (["T-PLAIN"], ["T-MINA"], True),  # no trigger: ミナモ may come back
        (["T-PLAIN"], [], True),  # up to 1
        (["T-TRIG"], ["T-MINA"], False),  # a trigger: nothing after it
        ([], ["T-MINA"], False),  # none taken: no card without a trigger
    ):
        b = board_at_turn_3(cards, deck, [], phase="main")
        b.play("A", "A-2", to="front_line", targets=[{"outside": ["T-MINA"]}])
        b.play("A", "A-1", to="front_line", targets=[*taken, rest, *back])
        r = b.replay()
        assert (verdict(r, b.last) == "legal") is legal, (taken, back)
        if legal and back:
            assert "A-3" in player_state(r, "A")["hand"]


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
    unread(
        "[登場時]相手の場外にあるカードを1枚リムーブエリアに置く。",  # the opponent's
        "[登場時]自分の場外にあるキャラを1枚リムーブエリアに置く。",  # キャラ: a field's word
    )


def test_UA_EFFECT_OUTSIDE_TO_REMOVAL_the_card_chosen_goes_to_the_removal_area() -> None:
    cards = [
        texted("T-SEER", TO_REMOVAL),
        texted("T-GONE", "[登場時]自分の山札の上から2枚を場外に置く。"),
        free_character("T-CHAR"),
        {**free_character("T-EVENT"), "type": "event", "bp": None},
    ]

    def scene() -> LogBuilder:
        # A-1 T-SEER on the front line (turn 1); A-2 T-GONE puts A-3 and A-4 into the outside area
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
    unread(
        # not opening the ability, or followed by a sentence without "そうした場合"
        "[登場時]カードを1枚引く。自分の場外にあるカードを2枚リムーブエリアに置いてもよい。",
        "[登場時]自分の場外にあるカードを2枚リムーブエリアに置いてもよい。カードを1枚引く。",
        # up to N, optional: not the list's wording
        "[登場時]自分の場外にあるカードを2枚までリムーブエリアに置いてもよい。",
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
    unread(
        # two cards with no order said, or one "in the order chosen": not the list's wording
        "[登場時]自分の手札を2枚自分の山札の下に置く。",
        "[登場時]自分の手札を1枚望む順で自分の山札の下に置く。",
        # "as many" after anything else
        "[登場時]カードを1枚引く。この効果で山札の下に置いたカードと同じ枚数のカードを引く。",
        # the opponent's deck
        "[登場時]自分の手札を3枚まで望む順で相手の山札の下に置く。",
    )


def test_UA_EFFECT_HAND_TO_DECK_BOTTOM_the_order_named_then_as_many_drawn() -> None:
    b, deck, card = seeded(HAND_BOTTOM)
    hand = list(after(b).hand)
    h1, h2 = hand[1], hand[2]
    b.play("A", card, to="front_line", targets=[h2, h1])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-EFFECT-HAND-TO-DECK-BOTTOM" in rules_applied(r, b.last)
    ps = after(b)
    assert ps.deck[-2:] == [h2, h1]  # top first: the last named is the deck's last card
    assert h1 not in ps.hand and h2 not in ps.hand and set(deck[:2]) <= set(ps.hand)
    assert len(ps.hand) == len(hand) - 1  # the card played; two put, two drawn
    b, deck, card = seeded(HAND_BOTTOM)  # none put: none drawn
    b.play("A", card, to="front_line", targets=[])
    assert verdict(b.replay(), b.last) == "legal" and after(b).deck == deck
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
    ps = after(b)
    assert ps.deck[-2:] == ["A-3", "A-2"] and len(ps.hand) == held - 1
    b = board_at_turn_3(cards, ["T-SEER", "T-X", "T-Y"], [], phase="main")
    b.play("A", "A-1", to="front_line", targets=["T-Y", "T-Y"])  # one T-Y in the deck
    assert verdict(b.replay(), b.last) == "illegal"
