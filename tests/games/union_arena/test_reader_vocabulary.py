"""Union Arena: printed-text shapes of the official card list taught to the reader, each on
original cards and each tested against what its sentence says, not what the engine prints:
"BPN以上の" (a character with BP N or more, UA-EFFECT-TARGETS), "次の自分のターン開始時まで"
(until the start of your next turn, UA-START-EXPIRE), and a selector asking a condition the
engine does not check (never executed unchecked, UA-EFFECT-UNSUPPORTED)."""

from __future__ import annotations

from typing import Any

from judge.core.testing import player_state
from judge.games.union_arena.effects import supported
from judge.games.union_arena.reader import read_card
from judge.games.union_arena.render import render_card
from judge.games.union_arena.testing import (
    board_at_turn_3,
    field_unit,
    free_character,
    rules_broken,
    texted,
    verdict,
)

# -- UA-EFFECT-TARGETS: "BPN以上の" -------------------------------------------------------------

BIG_ONLY = "[登場時]BP3000以上の相手の場のキャラを1枚まで選び、このターン中、BP-1000。"


def big_only_scene() -> Any:
    cards = [
        texted("T-BIGHUNT", BIG_ONLY, bp=1000),
        free_character("T-B3000", bp=3000),
        free_character("T-B2500", bp=2500),
    ]
    return board_at_turn_3(
        cards, ["T-BIGHUNT"], ["T-B3000", "T-B2500"], b_front=("B-1", "B-2"), phase="main"
    )


def test_UA_EFFECT_TARGETS_bp_n_or_more_read_from_printed_text() -> None:
    r = read_card({"type": "character", "text": BIG_ONLY})
    assert r.understood
    target = r.effects[0]["do"][0]["target"]
    assert target == {
        "side": "opponent",
        "zone": "field",
        "type": "character",
        "bp_min": 3000,
        "count": 1,
        "up_to": True,
    }


def test_UA_EFFECT_TARGETS_bp_n_or_more_a_character_with_exactly_n_fits() -> None:
    b = big_only_scene().play("A", "A-1", to="front_line", targets=["B-1"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "B", "B-1")["bp"] == 2000


def test_UA_EFFECT_TARGETS_bp_n_or_more_a_character_with_less_does_not_fit() -> None:
    b = big_only_scene().play("A", "A-1", to="front_line", targets=["B-2"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]
    assert field_unit(r, "B", "B-2")["bp"] == 2500


def test_UA_EFFECT_TARGETS_bp_n_or_more_rendered() -> None:
    shown = render_card({"code": "T", "name": "T", "type": "character", "text": BIG_ONLY})
    assert "with BP 3000 or more" in " ".join(shown["reading"])


# -- UA-START-EXPIRE: "次の自分のターン開始時まで" -----------------------------------------------


def test_UA_START_EXPIRE_until_the_start_of_your_next_turn_read_from_printed_text() -> None:
    r = read_card(
        {"type": "character", "text": "[登場時]このキャラは次の自分のターン開始時まで、BP+2000。"}
    )
    assert r.understood
    assert r.effects[0]["do"] == [
        {"op": "bp", "amount": 2000, "until": "next_turn", "target": "self"}
    ]


def test_UA_START_EXPIRE_until_the_start_of_your_next_turn_lasts_through_the_opponents_turn() -> (
    None
):
    text = "[登場時]このキャラは次の自分のターン開始時まで、BP+2000。"
    cards = [texted("T-GUARD", text, bp=1000)]
    b = board_at_turn_3(cards, ["T-GUARD"], [], phase="main")
    b.play("A", "A-1", to="front_line").proceed("A", 2)  # A's turn ends; B's turn 4 starts
    r = b.replay()
    assert field_unit(r, "A", "A-1")["bp"] == 3000  # still raised in B's turn


# -- UA-EFFECT-UNSUPPORTED: a condition the engine does not check ---------------------------------


def test_UA_EFFECT_UNSUPPORTED_a_selector_with_a_condition_the_engine_does_not_know() -> None:
    unknown = {
        "when": "on_play",
        "do": [
            {
                "op": "retire",
                "target": {"side": "opponent", "zone": "front_line", "count": 1, "cost_max": 2},
            }
        ],
    }
    assert not supported(unknown)
    known = {**unknown, "do": [{**unknown["do"][0], "target": {"side": "opponent", "count": 1}}]}
    assert supported(known)
    cards = [free_character("T-ODD", effects=[unknown]), free_character("T-B3000", bp=3000)]
    b = board_at_turn_3(cards, ["T-ODD"], ["T-B3000"], b_front=("B-1",), phase="main")
    b.play("A", "A-1", to="front_line", targets=["B-1"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"


# -- UA-EFFECT-IF: "『手札に戻す』…『退場させる』に代わる" -------------------------------------

SWAP = (
    "BP5000以下の相手のフロントLのキャラを1枚選び、『手札に戻す』。"
    "自分の場に〈灯守ミラ〉がある場合、『退場させる』に代わる。"
)


def swap_scene(with_mira: bool) -> Any:
    event = {**free_character("T-SWAP"), "type": "event", "text": SWAP}
    for key in ("effects", "bp", "generates"):
        event.pop(key, None)
    cards = [
        event,
        free_character("T-MIRA", name="灯守ミラ"),
        free_character("T-B3000", bp=3000),
    ]
    return board_at_turn_3(
        cards,
        ["T-SWAP", "T-MIRA"],
        ["T-B3000"],
        a_front=("A-2",) if with_mira else (),
        b_front=("B-1",),
        phase="main",
    )


def test_UA_EFFECT_IF_a_replaced_operation_read_from_printed_text() -> None:
    r = read_card({"type": "event", "text": SWAP})
    assert r.understood
    assert r.effects[0]["do"][0]["op"] == "to_hand"
    assert r.effects[0]["do"][0]["instead_op"] == {
        "if": {"side": "own", "zone": "field", "name": "灯守ミラ"},
        "op": "retire",
    }
    shown = render_card({"code": "T", "name": "T", "type": "event", "text": SWAP})
    assert "return it to its owner's hand (if your field has a card named <灯守ミラ>, it is " in (
        " ".join(shown["reading"])
    )


def test_UA_EFFECT_IF_a_replaced_operation_is_the_first_without_the_named_card() -> None:
    b = swap_scene(with_mira=False).play("A", "A-1", targets=["B-1"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "B-1" in player_state(r, "B")["hand"]
    assert "B-1" not in player_state(r, "B")["outside"]


def test_UA_EFFECT_IF_a_replaced_operation_is_the_second_with_the_named_card() -> None:
    b = swap_scene(with_mira=True).play("A", "A-1", targets=["B-1"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "B-1" in player_state(r, "B")["outside"]
    assert "B-1" not in player_state(r, "B")["hand"]
