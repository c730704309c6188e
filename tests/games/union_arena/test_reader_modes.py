"""Union Arena: "以下から1つ選ぶ。" and the effects listed after it ("・…"), a choice among them
(UA-EFFECT-MODES), the order several chosen ones are carried out in (UA-EFFECT-MODES-ORDER,
GAP), on original cards.  Each test follows the card text's wording: "choose 1 of the
following" carries out the one chosen, "2つまで" at most two, none twice."""

from __future__ import annotations

from typing import Any

from judge.core.testing import event_types, player_state
from judge.games.union_arena.effects import supported
from judge.games.union_arena.reader import read_card
from judge.games.union_arena.render import render_card
from judge.games.union_arena.testing import (
    board_at_turn_3,
    field_unit,
    free_character,
    rules_applied,
    rules_broken,
    texted,
    verdict,
)

ONE_OF = (
    "[登場時]以下から1つ選ぶ。\n"
    "・カードを1枚引く。\n"
    "・相手のフロントLのキャラを1枚まで選び、このターン中、BP-1000。"
)


def scene(text: str = ONE_OF, **fields: Any) -> Any:
    cards = [texted("T-MODAL", text, **fields), free_character("T-B3000", bp=3000)]
    return board_at_turn_3(cards, ["T-MODAL"], ["T-B3000"], b_front=("B-1",), phase="main")


def hand_size(r: dict[str, Any]) -> int:
    return len(player_state(r, "A")["hand"])


def test_UA_EFFECT_MODES_read_from_printed_text() -> None:
    r = read_card({"type": "character", "text": ONE_OF})
    assert r.understood
    assert r.effects == (
        {
            "when": "on_play",
            "do": [
                {
                    "op": "modes",
                    "n": 1,
                    "modes": [
                        [{"op": "draw", "n": 1}],
                        [
                            {
                                "op": "bp",
                                "amount": -1000,
                                "until": "turn",
                                "target": {
                                    "side": "opponent",
                                    "zone": "front_line",
                                    "type": "character",
                                    "count": 1,
                                    "up_to": True,
                                },
                            }
                        ],
                    ],
                }
            ],
        },
    )


def test_UA_EFFECT_MODES_an_effect_listed_that_is_not_read_leaves_the_card_unread() -> None:
    r = read_card({"type": "character", "text": ONE_OF + "\n・相手は何かをする。"})
    assert not r.understood
    assert r.unread == ("[登場時]・相手は何かをする",)


def test_UA_EFFECT_MODES_the_chosen_effect_is_carried_out_and_only_it() -> None:
    base = scene()
    before = hand_size(base.replay())
    b = scene().play("A", "A-1", to="front_line", targets=[{"modes": [2]}, "B-1"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-EFFECT-MODES" in rules_applied(r, b.last)
    assert field_unit(r, "B", "B-1")["bp"] == 2000
    assert hand_size(r) == before - 1  # the card played; nothing drawn
    b = scene().play("A", "A-1", to="front_line", targets=[{"modes": [1]}])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert hand_size(r) == before  # one played, one drawn
    assert field_unit(r, "B", "B-1")["bp"] == 3000


def test_UA_EFFECT_MODES_two_chosen_where_the_text_says_one_is_illegal() -> None:
    b = scene().play("A", "A-1", to="front_line", targets=[{"modes": [1, 2]}, "B-1"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-MODES"]


def test_UA_EFFECT_MODES_an_effect_not_listed_is_illegal() -> None:
    b = scene().play("A", "A-1", to="front_line", targets=[{"modes": [3]}])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-MODES"]


def test_UA_EFFECT_MODES_targets_without_the_choice_are_illegal() -> None:
    b = scene().play("A", "A-1", to="front_line", targets=["B-1"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-MODES"]


def test_UA_EFFECT_MODES_no_record_of_the_choice_is_unverifiable() -> None:
    b = scene().play("A", "A-1", to="front_line")  # its effect waits for a resolve
    b.act("A", "resolve", source="A-1")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "UA-CHOICE-RECORDED" in rules_applied(r, b.last)
    assert field_unit(r, "B", "B-1")["bp"] == 3000


def test_UA_EFFECT_MODES_up_to_chooses_none_or_some_each_once() -> None:
    text = ONE_OF.replace("以下から1つ選ぶ", "以下から2つまで選ぶ")
    b = scene(text).play("A", "A-1", to="front_line", targets=[{"modes": []}])
    assert verdict(b.replay(), b.last) == "legal"
    b = scene(text).play("A", "A-1", to="front_line", targets=[{"modes": [1, 2]}, "B-1"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "B", "B-1")["bp"] == 2000
    b = scene(text).play("A", "A-1", to="front_line", targets=[{"modes": [1, 1]}])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-MODES"]


def test_UA_EFFECT_MODES_rendered_with_each_effect_numbered() -> None:
    shown = render_card({"code": "T", "name": "T", "type": "character", "text": ONE_OF})
    text = " ".join(shown["reading"])
    assert (
        "choose 1 of the following, each at most once: (1) draw 1 card (2) choose up to 1" in text
    )


# -- UA-EFFECT-MODES-ORDER (GAP, option modes_order) ------------------------------------------

DRAW_THEN_DISCARD = {
    "when": "on_play",
    "do": [
        {
            "op": "modes",
            "n": 2,
            "modes": [[{"op": "draw", "n": 1}], [{"op": "discard", "n": 1}]],
        }
    ],
}


def order_scene(options: dict[str, Any] | None = None) -> Any:
    cards = [free_character("T-ORDER", effects=[DRAW_THEN_DISCARD])]
    return board_at_turn_3(cards, ["T-ORDER", "T-ORDER"], [], phase="main", options=options)


def test_UA_EFFECT_MODES_ORDER_printed_by_default_whatever_order_the_log_names() -> None:
    assert supported(DRAW_THEN_DISCARD)
    b = order_scene().play("A", "A-1", to="front_line", targets=[{"modes": [2, 1]}, "A-2"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    kinds = [k for k in event_types(r, b.last) if k in ("draw", "discard")]
    assert kinds == ["draw", "discard"]


def test_UA_EFFECT_MODES_ORDER_option_as_recorded_follows_the_log() -> None:
    options = {"modes_order": "as_recorded"}
    b = order_scene(options).play("A", "A-1", to="front_line", targets=[{"modes": [2, 1]}, "A-2"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    kinds = [k for k in event_types(r, b.last) if k in ("draw", "discard")]
    assert kinds == ["discard", "draw"]
