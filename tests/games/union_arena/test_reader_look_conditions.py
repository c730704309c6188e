"""Union Arena: what a look's take asks of the card taken and what a look waits for
(UA-EFFECT-LOOK-CONDITIONS) — a colour with a name or trait, a name part with a colour, a
required energy, a printed BP, cards of different names; a look after a condition clause or after
a discard to use it; a discard or a card from the outside area after a take that asks about the
card taken.  Made-up cards in the official list's wording."""

from __future__ import annotations

from typing import Any

import pytest

from judge.games.union_arena.reader import read_card
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
    rules_broken,
    texted,
    verdict,
)

ENERGY_TAKE = (
    "[登場時]自分の山札の上から3枚見て、必要エナジーが2以下のキャラカードを1枚まで公開し"
    "手札に加える。残りを望む順で山札の下に置く。"
)
IF_LOOK = (
    "[登場時]自分の場に〈ハルカ〉がある場合、自分の山札の上から2枚見る。"
    "その中から望む枚数を望む順で自分の山札の上に置き、残りを望む順で下に置く。"
)
MAY_LOOK = (
    "[登場時]自分の手札を1枚場外に置いてもよい。そうした場合、自分の山札の上から3枚見る。"
    "その中からカードを1枚まで手札に加える。残りを望む順で自分の山札の下に置く。"
)
UP_TO_1 = {"count": 1, "up_to": True}


def ops_of(text: str) -> list[dict[str, Any]]:
    """The ops of a made-up character's one ability, read in full."""
    return one_ability(text)["do"]


# -- UA-EFFECT-LOOK-CONDITIONS --------------------------------------------------------------------


def test_UA_EFFECT_LOOK_CONDITIONS_what_a_take_asks_read_from_printed_text() -> None:
    assert ops_of(ENERGY_TAKE)[0]["take"] == {
        "energy_max": 2,
        "card_type": "character",
        **UP_TO_1,
    }
    coloured = "[登場時]自分の山札の上から3枚見る。その中から赤の［特徴：灯守］を1枚まで場外に置く。残りを望む順で自分の山札の上に置く。"
    assert ops_of(coloured)[0]["take"] == {"color": "red", "trait": "灯守", **UP_TO_1}
    hand_any = (
        "[登場時]自分の山札の上から3枚見て、1枚まで公開し手札に加える。"
        "残りを望む順で山札の下に置く。"
    )
    assert ops_of(hand_any)[0]["take"] == UP_TO_1  # no condition: any card
    assert render_effect(one_ability(ENERGY_TAKE)) == (
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
    assert render_effect(one_ability(IF_LOOK)).startswith(
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
    assert render_effect(one_ability(TRIGGER_THEN)).endswith(
        "; if you took a card with a trigger, put 1 card from your hand into the outside area."
    )
    assert render_effect(one_ability(ENERGY_THEN)).endswith(
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
    assert (
        read_in_full(
            # one part without the other
            DISTINCT.replace("異なるカード名の", ""),
            DISTINCT.replace("それぞれ1枚ずつ合計", ""),
            # not "up to"
            DISTINCT.replace("合計3枚まで", "合計3枚"),
            type="event",
        )
        == []
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
    assert "take up to 1 card named <ハルカ> with BP 5000 among them" in render_effect(
        one_ability(BP_TAKE)
    )
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
