"""Union Arena: selector words of the official card list taught to the reader, each on made-up
cards and tested against what its sentence says: "必要エナジーがN以上の" and a required-energy
bound after the side ("自分の場の必要エナジーが4以上の他の[特徴:X]", UA-EFFECT-OTHER-ENERGY)."""

from __future__ import annotations

from typing import Any

from judge.games.union_arena import textgrammar as g
from judge.games.union_arena.reader import read_card
from judge.games.union_arena.testing import (
    board_at_turn_3,
    card,
    field_unit,
    free_character,
    one_ability,
    rules_broken,
    texted,
    verdict,
)

# -- UA-EFFECT-OTHER-ENERGY: "必要エナジーがN以上の", before or after the side ---------------------

HIGH = (
    "[登場時]自分の場の必要エナジーが4以上の他の[特徴:灯守]を1枚まで選び、このターン中、BP+1000。"
)


def test_UA_EFFECT_OTHER_ENERGY_at_least_n_read_after_the_side() -> None:
    assert g.selector("自分の場の必要エナジーが4以上のアクティブの[特徴:灯守]") == {
        "side": "own",
        "zone": "field",
        "trait": "灯守",
        "energy_min": 4,
        "rested": False,
    }
    assert g.selector("必要エナジーが4以上の自分の場のキャラ") == {
        "side": "own",
        "zone": "field",
        "type": "character",
        "energy_min": 4,
    }
    assert g.selector("自分の場の必要エナジーが3以下のキャラ") == {
        "side": "own",
        "zone": "field",
        "type": "character",
        "energy_max": 3,
    }
    # one bound of a kind: two "以上" bounds are not a selector the reader knows
    assert g.selector("必要エナジーが4以上の自分の場の必要エナジーが5以上のキャラ") is None
    (op,) = one_ability(HIGH)["do"]
    assert op["target"] == {
        "side": "own",
        "zone": "field",
        "trait": "灯守",
        "energy_min": 4,
        "other": True,
        "count": 1,
        "up_to": True,
    }


def _high_board(played: str = HIGH) -> Any:
    cards = [
        card("T-050", "field", ap=0, generates={"blue": 4}),
        free_character("T-051", traits=["灯守"], energy={"blue": 4}, bp=2000),
        free_character("T-052", traits=["灯守"], energy={"blue": 3}, bp=2000),
        free_character("T-053", energy={"blue": 4}, bp=2000),
        texted("P-50", played, traits=["灯守"], energy={"blue": 4}),
    ]
    deck = ["T-050", "T-051", "T-052", "T-053", "P-50"]
    return board_at_turn_3(cards, deck, [], a_energy=("A-1",), a_front=(), phase="main"), cards


def test_UA_EFFECT_OTHER_ENERGY_at_least_n_checked_on_the_chosen_card() -> None:
    def scene() -> Any:
        b, _ = _high_board()
        for iid in ("A-2", "A-3", "A-4"):
            b.play("A", iid, to="front_line")
        return b

    b = scene()
    r = b.play("A", "A-5", to="front_line", targets=["A-2"]).replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "A", "A-2")["bp"] == 3000
    # requires 3 (less than 4); without the trait; the effect's own card ("他の")
    for wrong in (["A-3"], ["A-4"], ["A-5"]):
        b = scene()
        r = b.play("A", "A-5", to="front_line", targets=wrong).replay()
        assert "UA-EFFECT-TARGETS" in rules_broken(r, b.last), wrong
    # up to 1: none chosen is legal
    b = scene()
    r = b.play("A", "A-5", to="front_line", targets=[]).replay()
    assert verdict(r, b.last) == "legal"


def test_UA_EFFECT_OTHER_ENERGY_unknown_words_after_the_side_not_read() -> None:
    for text in (
        "[登場時]自分の場の必要エナジーが4以上の全ての[特徴:灯守]は、このターン中、BP+1000。",
        "[登場時]自分の場の必要エナジーが4未満の[特徴:灯守]を1枚まで選び、このターン中、BP+1000。",
    ):
        assert not read_card(texted("P-51", text)).understood, text


# -- UA-EFFECT-IF: "自分のフロントLに必要エナジーがN以下のキャラがM枚以上ある場合" ---------------------

WAKE = (
    "[登場時][エナジーLにある場合]自分のフロントLに必要エナジーが3以下のキャラが2枚以上ある場合、"
    "このキャラをアクティブにする。"
)


def test_UA_EFFECT_IF_cheap_characters_in_the_front_line_read() -> None:
    (op,) = one_ability(WAKE)["do"]
    assert op == {
        "op": "activate",
        "target": "self",
        "if": {
            "side": "own",
            "zone": "front_line",
            "type": "character",
            "energy_max": 3,
            "min": 2,
        },
    }
    # another bound, or a count in the energy line of a kind the reader does not know
    for text in (
        "[登場時]自分のフロントLに必要エナジーが3未満のキャラが2枚以上ある場合、このキャラをアクティブにする。",
        "[登場時]自分のフロントLに必要エナジーが3以下のカードが2枚以上ある場合、このキャラをアクティブにする。",
    ):
        assert not read_card(texted("P-52", text)).understood, text


def _wake(front: tuple[str, ...], energy: tuple[str, ...]) -> Any:
    cards = [
        card("T-060", "field", ap=0, generates={"blue": 4}),
        free_character("T-061", energy={"blue": 3}),
        free_character("T-062", energy={"blue": 2}),
        free_character("T-063", energy={"blue": 4}),
        texted("P-53", WAKE),
    ]
    deck = ["T-060", "T-061", "T-062", "T-063", "P-53"]
    b = board_at_turn_3(cards, deck, [], a_energy=("A-1",), phase="main")
    for iid in front:
        b.play("A", iid, to="front_line")
    for iid in energy:
        b.play("A", iid, to="energy_line")
    b.play("A", "A-5", to="energy_line")
    return b


def test_UA_EFFECT_IF_cheap_characters_in_the_front_line_counted_as_it_resolves() -> None:
    # two characters requiring 3 and 2 in the front line: it becomes active
    b = _wake(("A-2", "A-3"), ())
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "A", "A-5")["rested"] is False
    # one of them requires 4; or the second one is in the energy line: it stays rested
    for front, energy in ((("A-2", "A-4"), ()), (("A-2",), ("A-3",))):
        b = _wake(front, energy)
        r = b.replay()
        assert verdict(r, b.last) == "legal"
        assert field_unit(r, "A", "A-5")["rested"] is True, (front, energy)
