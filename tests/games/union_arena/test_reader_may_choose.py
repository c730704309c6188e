"""Union Arena: an optional choice of one's own cards opening a triggered ability, "…を1枚退場
させてもよい。そうした場合、…" (also レストにしてもよい, and 自分の手札を1枚リムーブエリアに置いて
もよい; UA-EFFECT-MAY-CHOOSE), and the outside area's wordings of a removal
(UA-EFFECT-OUTSIDE-TO-REMOVAL, beside test_reader_zone_moves.py), on made-up cards: read, judged,
rendered."""

from __future__ import annotations

from typing import Any

from judge.games.union_arena.reader import read_card
from judge.games.union_arena.render import render_card
from judge.games.union_arena.testing import (
    board_at_turn_3,
    cards_drawn,
    effects_of,
    free_character,
    player_state,
    rules_broken,
    texted,
    verdict,
)

RETIRE = "[登場時]自分の場の他のキャラを1枚退場させてもよい。そうした場合、カードを2枚引く。"
REST = "[登場時]自分のフロントLのアクティブの他の[特徴:灯守]を1枚レストにしてもよい。そうした場合、このキャラをアクティブにする。"


def test_UA_EFFECT_MAY_CHOOSE_read() -> None:
    """UA-EFFECT-MAY-CHOOSE: "…を1枚退場させてもよい。そうした場合、…" opening a triggered
    ability; "exactly that many" (no if_able); "only when every sentence after it is
    "そうした場合、…""."""
    (effect,) = effects_of(RETIRE)
    assert effect == {
        "when": "on_play",
        "optional": True,
        "do": [
            {
                "op": "retire",
                "target": {
                    "side": "own",
                    "zone": "field",
                    "type": "character",
                    "other": True,
                    "count": 1,
                },
            },
            {"op": "draw", "n": 2, "if_done": True},
        ],
    }
    (effect,) = effects_of(REST)
    assert effect["do"][0]["op"] == "rest" and effect["do"][0]["target"]["rested"] is False
    assert effect["do"][1] == {"op": "activate", "target": "self", "if_done": True}
    for text in (
        "[登場時]自分の場の他のキャラを1枚退場させてもよい。カードを2枚引く。",  # not "if you do"
        "[登場時]相手のフロントLのキャラを1枚退場させてもよい。そうした場合、カードを1枚引く。",
        "[起動メイン]自分の場の他のキャラを1枚退場させてもよい。そうした場合、カードを2枚引く。",
        "[登場時]自分の場の他のキャラを1枚退場させてもよい。",
        "[登場時][フロントLにある場合]自分の場の他のキャラを1枚退場させてもよい。そうした場合、カードを2枚引く。",
    ):
        assert not read_card({"type": "character", "text": text}).understood, text
    # the outside area's "any card" stays read where it was
    (effect,) = effects_of("[登場時]自分の場外からカードを1枚手札に加える。")
    assert effect["do"][0]["target"] == {
        "side": "own",
        "zone": "outside",
        "count": 1,
        "if_able": True,
    }


def test_UA_EFFECT_MAY_CHOOSE_rendered() -> None:
    shown = render_card(texted("T-MAY", RETIRE))["reading"]
    assert shown == [
        "On play: you may use this effect: choose 1 of your characters other than this card; "
        "retire it (to the outside area); if you did, draw 2 cards."
    ]


def _retire(use: bool, targets: list[Any]) -> Any:
    cards = [texted("T-MAY", RETIRE), free_character("T-OWN")]
    b = board_at_turn_3(cards, ["T-MAY", "T-OWN"], [], a_front=("A-2",), phase="main")
    b.play("A", "A-1", to="front_line").act("A", "resolve", source="A-1", use=use, targets=targets)
    return b, b.replay()


def test_UA_EFFECT_MAY_CHOOSE_used_retires_then_draws() -> None:
    """UA-EFFECT-MAY-CHOOSE: "Using it, they choose exactly that many of their own cards that
    fit …, the cards are retired, and only then does the rest happen"."""
    b, r = _retire(True, ["A-2"])
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert player_state(r, "A")["outside"] == ["A-2"]
    assert cards_drawn(r, b.last) == 2
    b, r = _retire(False, [])
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["outside"] == [] and cards_drawn(r, b.last) == 0


def test_UA_EFFECT_MAY_CHOOSE_this_card_or_none_is_illegal() -> None:
    """UA-EFFECT-MAY-CHOOSE: the cards must fit ("他の": not this card), and "fewer is
    illegal"."""
    for targets in (["A-1"], []):
        b, r = _retire(True, targets)
        assert verdict(r, b.last) == "illegal", targets
        assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"], targets


# -- a card of the outside area into the removal area ---------------------------------------------

REMOVE_EVENT = (
    "[起動メイン][手札を1枚場外に置く]自分の場外のイベントカードを1枚リムーブエリアに置く。"
)


def test_UA_EFFECT_OUTSIDE_TO_REMOVAL_any_card_and_the_wording_with_no() -> None:
    """UA-EFFECT-OUTSIDE-TO-REMOVAL: "自分の場外にある<条件>をN枚(まで)リムーブエリアに置く。" (also
    "自分の場外の<条件>…"), "カード" any card: N cards of one's own outside area, N if there are N."""
    (effect,) = effects_of(
        "[起動メイン][レストにする]自分の場外にあるカードを1枚リムーブエリアに置く。"
    )
    assert effect["do"] == [
        {"op": "remove", "target": {"side": "own", "zone": "outside", "count": 1, "if_able": True}}
    ]
    (effect,) = effects_of(REMOVE_EVENT)
    assert effect["do"][0]["target"]["card_type"] == "event"
    assert not read_card(
        {"type": "character", "text": "[登場時]相手の場外のカードを1枚リムーブエリアに置く。"}
    ).understood


def test_UA_EFFECT_OUTSIDE_TO_REMOVAL_a_card_a_cost_put_there() -> None:
    """UA-EFFECT-OUTSIDE-TO-REMOVAL: "a card … that does not meet the condition … is illegal
    (UA-EFFECT-TARGETS)": an event card the activation's cost put into the outside area goes to
    the removal area; a character card may not be named."""
    from judge.games.union_arena.testing import card

    cards = [
        texted("T-REM", REMOVE_EVENT),
        card("T-EVT", type="event", ap=0),
        free_character("T-CHR"),
    ]
    for named, ok in (("T-EVT", True), ("T-CHR", False)):
        b = board_at_turn_3(cards, ["T-REM", "T-EVT", "T-CHR"], [], a_front=("A-1",), phase="main")
        b.act("A", "activate", card="A-1", ability=1, costs={"discard": [named]})
        b.act("A", "resolve", source="A-1", targets=[named])
        r = b.replay()
        assert (verdict(r, b.last) == "legal") is ok, (named, rules_broken(r, b.last))
        if ok:
            assert player_state(r, "A")["outside"] == []
            assert player_state(r, "A")["removal"] == ["A-2"]
        else:
            assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]


# -- a hand card removed, then the retired card back --------------------------------------------------

HAND_BACK = (
    "[退場時]自分の手札を1枚リムーブエリアに置いてもよい。そうした場合、このカードを手札に加える。"
)


def test_UA_EFFECT_RETIRED_TO_HAND_after_an_optional_choice_read() -> None:
    """UA-EFFECT-RETIRED-TO-HAND: "or as "そうした場合、このカードを手札に加える" after an optional
    choice (UA-EFFECT-MAY-CHOOSE): then only if it was used"."""
    (effect,) = effects_of(HAND_BACK)
    assert effect == {
        "when": "on_retire",
        "optional": True,
        "do": [
            {"op": "remove", "target": {"side": "own", "zone": "hand", "count": 1}},
            {"op": "self_to_hand", "if_done": True},
        ],
    }
    assert not read_card(
        {
            "type": "character",
            "text": "[登場時]自分の手札を1枚リムーブエリアに置いてもよい。そうした場合、このカードを手札に加える。",
        }
    ).understood


def _retired(use: bool, targets: list[Any]) -> Any:
    killer = texted("T-KIL", "[登場時]自分の場のキャラを1枚選び、退場させる。")
    cards = [texted("T-BCK", HAND_BACK), killer]
    b = board_at_turn_3(cards, ["T-BCK", "T-KIL"], [], a_front=("A-1",), phase="main")
    b.play("A", "A-2", to="front_line", targets=["A-1"])
    b.act("A", "resolve", source="A-1", use=use, targets=targets)
    return b, b.replay()


def test_UA_EFFECT_MAY_CHOOSE_a_hand_card_removed_brings_the_card_back() -> None:
    """UA-EFFECT-MAY-CHOOSE ("自分の手札を1枚リムーブエリアに置いてもよい": from one's hand) and
    UA-EFFECT-RETIRED-TO-HAND: used, a hand card goes to the removal area and the retired card
    to the hand; declined, it stays in the outside area."""
    b, r = _retired(True, ["T-000"])
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert "A-1" in player_state(r, "A")["hand"]
    assert len(player_state(r, "A")["removal"]) == 1
    b, r = _retired(False, [])
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["outside"] == ["A-1"] and player_state(r, "A")["removal"] == []
