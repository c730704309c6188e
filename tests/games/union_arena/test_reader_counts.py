"""Union Arena: condition clauses of the official card list that count cards, taught to the
reader, each on made-up cards and each tested against what its sentence says: "自分の山札が
N枚以下の" and "自分の手札が0枚の" (UA-EFFECT-IF, and in a continuous BP raise,
UA-EFFECT-STATIC-BP); cards of a name or trait in the outside area, "自分の場に必要エナジーが
N以上の[特徴:X]がある"; a card's own generated energy raised while one holds
(UA-EFFECT-ENERGY)."""

from __future__ import annotations

from typing import Any

import pytest

from judge.games.union_arena.reader import read_card
from judge.games.union_arena.testing import (
    board_at_turn_3,
    effects_of,
    field_unit,
    free_character,
    player_state,
    reading_words,
    rules_applied,
    rules_broken,
    texted,
    verdict,
)


def deck_size(replay: dict[str, Any], pid: str = "A") -> int:
    return int(player_state(replay, pid)["deck"])


# -- UA-EFFECT-IF / UA-EFFECT-STATIC-BP: the clauses read ------------------------------------------


@pytest.mark.parametrize(
    ("clause", "cond"),
    [
        ("自分の山札が15枚以下の", {"side": "own", "zone": "deck", "max": 15}),
        ("自分の手札が0枚の", {"side": "own", "zone": "hand", "max": 0}),
        (
            "自分の場外に[特徴:灯守]が2枚以上ある",
            {"side": "own", "zone": "outside", "trait": "灯守", "min": 2},
        ),
        (
            "自分の場外に〈灯守イロ〉がある",
            {"side": "own", "zone": "outside", "name": "灯守イロ", "min": 1},
        ),
        (
            "自分の場に必要エナジーが4以上の[特徴:灯守]がある",
            {"side": "own", "zone": "field", "trait": "灯守", "energy_min": 4},
        ),
    ],
)
def test_UA_EFFECT_STATIC_BP_count_clauses_read_from_printed_text(
    clause: str, cond: dict[str, Any]
) -> None:
    (effect,) = effects_of(f"{clause}場合、このキャラはBP+1000。")
    assert effect == {
        "when": "continuous",
        "do": [{"op": "bp", "amount": 1000, "target": "self", "if": cond}],
    }
    (effect,) = effects_of(f"[登場時]{clause}場合、カードを1枚引く。")
    assert effect == {"when": "on_play", "do": [{"op": "draw", "n": 1, "if": cond}]}


def test_UA_EFFECT_STATIC_BP_own_turn_and_an_empty_hand_read() -> None:
    (effect,) = effects_of("[自分のターン中]自分の手札が0枚の場合、このキャラはBP+2000。")
    assert effect["do"] == [
        {
            "op": "bp",
            "amount": 2000,
            "target": "self",
            "during": "own_turn",
            "if": {"side": "own", "zone": "hand", "max": 0},
        }
    ]


def test_UA_EFFECT_IF_count_clauses_not_read_when_not_a_bound_or_changed_before() -> None:
    """An exact hand size other than 0 is no bound the engine reads; a deck's size read after
    a draw, a look or a mill could read otherwise when the targets are checked."""
    for text in (
        "自分の手札が2枚の場合、このキャラはBP+1000。",
        "自分の場外にキャラカードが2枚以上ある場合、このキャラはBP+1000。",
        "[登場時]カードを1枚引く。自分の山札が30枚以下の場合、カードを1枚引く。",
        "[登場時]自分の山札の上から1枚を場外に置く。自分の山札が30枚以下の場合、カードを1枚引く。",
        "[登場時]相手の山札が30枚以下の場合、カードを1枚引く。",
    ):
        assert not read_card(texted("T-NOT", text)).understood, text


# -- UA-EFFECT-STATIC-BP: the deck's size -----------------------------------------------------------


def deck_scene(at_most: int, *more: dict[str, Any]) -> Any:
    """A's turn-3 main phase, A-1 in the front line raised while A's deck holds ``at_most``
    cards or fewer."""
    cards = [texted("T-DCK", f"自分の山札が{at_most}枚以下の場合、このキャラはBP+1000。"), *more]
    deck = ["T-DCK", *(c["code"] for c in more)]
    return board_at_turn_3(cards, deck, [], a_front=("A-1",), phase="main")


def test_UA_EFFECT_STATIC_BP_deck_size_holds_and_not() -> None:
    r = deck_scene(35).replay()
    assert deck_size(r) == 35
    assert field_unit(r, "A", "A-1")["bp"] == 3000
    r = deck_scene(34).replay()
    assert field_unit(r, "A", "A-1")["bp"] == 2000


def test_UA_EFFECT_STATIC_BP_deck_size_read_after_a_draw() -> None:
    draw = texted("T-DRW", "[登場時]カードを1枚引く。")
    b = deck_scene(34, draw).play("A", "A-2", to="energy_line")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert deck_size(r) == 34
    assert field_unit(r, "A", "A-1")["bp"] == 3000


def test_UA_EFFECT_STATIC_BP_deck_size_read_as_a_later_choice_is_made() -> None:
    """A choice after a draw in the same effect reads the BP the deck's new size gives: the
    check of the targets, when the card is played, takes the deck as the draw leaves it."""
    text = (
        "[登場時]カードを1枚引く。BP2500以下の自分の場のキャラを1枚まで選び、このターン中、BP+500。"
    )
    b = deck_scene(34, texted("T-DRW", text)).play("A", "A-2", to="energy_line", targets=["A-1"])
    r = b.replay()  # 3000 once the deck holds 34: not BP 2500 or less
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]
    b = deck_scene(34, texted("T-DRW", text)).play("A", "A-2", to="energy_line", targets=[])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "A", "A-1")["bp"] == 3000


def test_UA_EFFECT_IF_deck_size_on_a_triggered_effect() -> None:
    foe = free_character("T-FOE", bp=3000)
    text = "[登場時]自分の山札が{}枚以下の場合、相手のフロントLのキャラを1枚選び、このターン中、BP-1000。"
    for at_most, holds in ((35, True), (34, False)):
        cards = [texted("T-DIF", text.format(at_most)), foe]
        b = board_at_turn_3(cards, ["T-DIF"], ["T-FOE"], b_front=("B-1",), phase="main")
        b.play("A", "A-1", to="front_line", targets=["B-1"] if holds else [])
        r = b.replay()
        assert verdict(r, b.last) == "legal"
        assert "UA-EFFECT-IF" in rules_applied(r, b.last)
        assert field_unit(r, "B", "B-1")["bp"] == (2000 if holds else 3000)


# -- UA-EFFECT-STATIC-BP: an empty hand -------------------------------------------------------------

EMPTY_HAND = "[自分のターン中]自分の手札が0枚の場合、このキャラはBP+2000。"


def test_UA_EFFECT_STATIC_BP_empty_hand_holds_and_not() -> None:
    cards = [texted("T-EMP", EMPTY_HAND), free_character("T-F")]
    b = board_at_turn_3(cards, ["T-EMP", *["T-F"] * 8], [], a_front=("A-1",), phase="main")
    assert len(player_state(b.replay(), "A")["hand"]) == 7
    for i, line in zip(range(2, 8), ["front_line"] * 3 + ["energy_line"] * 3, strict=True):
        b.play("A", f"A-{i}", to=line)
    r = b.replay()
    assert len(player_state(r, "A")["hand"]) == 1
    assert field_unit(r, "A", "A-1")["bp"] == 2000
    b.play("A", "A-8", to="energy_line")
    r = b.replay()
    assert len(player_state(r, "A")["hand"]) == 0
    assert field_unit(r, "A", "A-1")["bp"] == 4000
    r = b.proceed("A", 2).replay()  # B's turn: not A's own
    assert field_unit(r, "A", "A-1")["bp"] == 2000


# -- UA-EFFECT-STATIC-BP: cards of a trait or a name in the outside area ----------------------------

DISCARD_TWO = {"when": "on_play", "do": [{"op": "discard", "n": 2}]}


def outside_scene(text: str, dumped: list[dict[str, Any]]) -> Any:
    """A's turn-3 main phase; A-1 in the front line with ``text``, then A-2 puts A-3 and A-4
    (``dumped``) from the hand into the outside area."""
    cards = [texted("T-OUT", text), free_character("T-DUMP", effects=[DISCARD_TWO]), *dumped]
    deck = ["T-OUT", "T-DUMP", *(c["code"] for c in dumped)]
    b = board_at_turn_3(cards, deck, [], a_front=("A-1",), phase="main")
    return b.play("A", "A-2", to="energy_line", targets=["A-3", "A-4"])


def test_UA_EFFECT_STATIC_BP_traits_in_the_outside_area() -> None:
    text = "自分の場外に[特徴:灯守]が2枚以上ある場合、このキャラはBP+1000。"
    mate, other = free_character("T-MATE", traits=["灯守"]), free_character("T-OTHR")
    r = outside_scene(text, [mate, {**mate, "code": "T-MAT2"}]).replay()
    assert field_unit(r, "A", "A-1")["bp"] == 3000
    r = outside_scene(text, [mate, other]).replay()
    assert field_unit(r, "A", "A-1")["bp"] == 2000


def test_UA_EFFECT_STATIC_BP_a_name_in_the_outside_area() -> None:
    text = "自分の場外に〈灯守イロ〉がある場合、このキャラはBP+1000。"
    named = free_character("T-IRO", name="灯守イロ")
    r = outside_scene(text, [named, free_character("T-OTHR")]).replay()
    assert field_unit(r, "A", "A-1")["bp"] == 3000
    r = outside_scene(text, [free_character("T-OTHR"), free_character("T-OTH2")]).replay()
    assert field_unit(r, "A", "A-1")["bp"] == 2000


def test_UA_EFFECT_STATIC_BP_required_energy_on_the_field() -> None:
    text = "自分の場に必要エナジーが4以上の[特徴:灯守]がある場合、このキャラはBP+1000。"
    big = free_character("T-BIG", traits=["灯守"], energy={"blue": 4})
    small = free_character("T-SML", traits=["灯守"], energy={"blue": 3})
    power = free_character("T-PWR", generates={"blue": 4})
    for mate, bp in ((big, 3000), (small, 2000)):
        cards = [texted("T-NRG", text), mate, power]
        deck = ["T-NRG", mate["code"], "T-PWR"]
        b = board_at_turn_3(cards, deck, [], a_front=("A-1",), a_energy=("A-3",), phase="main")
        assert field_unit(b.replay(), "A", "A-1")["bp"] == 2000
        b.play("A", "A-2", to="front_line")
        r = b.replay()
        assert verdict(r, b.last) == "legal"
        assert field_unit(r, "A", "A-1")["bp"] == bp


# -- rendering ----------------------------------------------------------------------------------------


def test_UA_EFFECT_STATIC_BP_count_clauses_rendered() -> None:
    words = reading_words(texted("T-DCK", "自分の山札が15枚以下の場合、このキャラはBP+1000。"))
    assert "if your deck has 15 or fewer cards, this card gets BP +1000" in words
    words = reading_words(texted("T-EMP", EMPTY_HAND))
    assert "during your turn, if your hand has no cards, this card gets BP +2000" in words
    words = reading_words(
        texted("T-OUT", "自分の場外に[特徴:灯守]が2枚以上ある場合、このキャラはBP+1000。")
    )
    assert "if your outside area has 2 or more cards with [灯守]" in words
    words = reading_words(
        texted(
            "T-NRG", "自分の場に必要エナジーが4以上の[特徴:灯守]がある場合、このキャラはBP+1000。"
        )
    )
    assert "if your field has a card with [灯守] with required energy 4 or more" in words
    assert "not counted" not in words


# -- UA-EFFECT-ENERGY: generated energy raised while a condition holds -----------------------------

NAMED_OUT = "自分の場外に〈灯守イロ〉がある場合、このキャラの発生エナジー+[赤]。"
FIELD_BIG = (
    "自分の場に必要エナジーが4以上の[特徴:灯守]がある場合、このフィールドの発生エナジー+[赤]。"
)


@pytest.mark.parametrize(
    ("text", "fields", "cond"),
    [
        (
            "自分の場外にイベントカードが4枚以上ある場合、このキャラの発生エナジー+[赤]。",
            {},
            {"side": "own", "zone": "outside", "card_type": "event", "min": 4},
        ),
        (
            "自分の場外に[特徴:灯守]が2枚以上ある場合、このキャラの発生エナジー+[赤]。",
            {},
            {"side": "own", "zone": "outside", "trait": "灯守", "min": 2},
        ),
        (NAMED_OUT, {}, {"side": "own", "zone": "outside", "name": "灯守イロ", "min": 1}),
        (
            FIELD_BIG,
            {"type": "field"},
            {"side": "own", "zone": "field", "trait": "灯守", "energy_min": 4},
        ),
    ],
)
def test_UA_EFFECT_ENERGY_conditions_read_from_printed_text(
    text: str, fields: dict[str, Any], cond: dict[str, Any]
) -> None:
    (effect,) = effects_of(text, **fields)
    assert effect == {
        "when": "continuous",
        "do": [{"op": "generate", "color": "red", "n": 1, "if": cond}],
    }


def test_UA_EFFECT_ENERGY_conditions_not_read_otherwise() -> None:
    """A hand's size (a play would read it with or without the card played), a line whose
    card is not the card's type, and an exact count of a line's cards below what a line holds
    (four: UA-LINE-LIMIT, where exactly is at least) are not read."""
    for text, fields in (
        ("自分の手札が0枚の場合、このキャラの発生エナジー+[赤]。", {}),
        (NAMED_OUT, {"type": "field"}),
        (FIELD_BIG, {}),
        ("自分のエナジーLにカードが3枚ある場合、このキャラの発生エナジー+[赤]。", {}),
    ):
        assert not read_card(texted("T-NOT", text, **fields)).understood, text


def named_out_scene(dumped: str, line: str = "energy_line") -> Any:
    """A's turn-3 main phase: A-1 (1 red, and one more while A's outside area has 〈灯守イロ〉)
    in ``line``; A-2 puts A-3 (``dumped``) and A-4 from the hand into the outside area; A-5
    requires 2 red."""
    cards = [
        texted("T-GEN", NAMED_OUT, color="red", generates={"red": 1}),
        free_character("T-DUMP", effects=[DISCARD_TWO]),
        free_character("T-IRO", name="灯守イロ"),
        free_character("T-OTHR"),
        free_character("T-NEED", color="red", energy={"red": 2}, generates={}),
    ]
    deck = ["T-GEN", "T-DUMP", dumped, "T-OTHR", "T-NEED"]
    b = board_at_turn_3(cards, deck, [], **{f"a_{line[:-5]}": ("A-1",)}, phase="main")
    return b.play("A", "A-2", to="front_line", targets=["A-3", "A-4"])


def test_UA_EFFECT_ENERGY_a_name_in_the_outside_area_holds() -> None:
    b = named_out_scene("T-IRO").play("A", "A-5", to="front_line")
    r = b.replay()
    assert verdict(r, b.last) == "legal"  # 1 printed + 1 while 〈灯守イロ〉 is outside


def test_UA_EFFECT_ENERGY_a_name_in_the_outside_area_does_not_hold() -> None:
    b = named_out_scene("T-OTHR").play("A", "A-5", to="front_line")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-ENERGY"]


def test_UA_EFFECT_ENERGY_only_the_energy_line_generates() -> None:
    b = named_out_scene("T-IRO", line="front_line").play("A", "A-5", to="front_line")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-ENERGY"]


def test_UA_EFFECT_ENERGY_a_field_with_required_energy_on_the_field() -> None:
    big = free_character("T-BIG", traits=["灯守"], energy={"blue": 4})
    small = free_character("T-SML", traits=["灯守"], energy={"blue": 3})
    for mate, broken in ((big, []), (small, ["UA-ENERGY"])):
        cards = [
            texted("T-FLD", FIELD_BIG, type="field", color="red", generates={"red": 1}),
            free_character("T-PWR", generates={"blue": 4}),
            mate,
            free_character("T-NEED", color="red", energy={"red": 2}, generates={}),
        ]
        deck = ["T-FLD", "T-PWR", mate["code"], "T-NEED"]
        b = board_at_turn_3(cards, deck, [], a_energy=("A-1", "A-2"), phase="main")
        b.play("A", "A-3", to="front_line")
        assert verdict(b.replay(), b.last) == "legal"
        b.play("A", "A-4", to="front_line")
        assert rules_broken(b.replay(), b.last) == broken


def test_UA_EFFECT_ENERGY_conditions_rendered() -> None:
    words = reading_words(texted("T-GEN", NAMED_OUT))
    assert (
        "while your outside area has 1 or more cards named <灯守イロ>, "
        "it generates 1 more red energy" in words
    )
    words = reading_words(texted("T-FLD", FIELD_BIG, type="field"))
    assert "while your field has a card with [灯守] with required energy 4 or more" in words
    assert "not counted" not in words


# -- UA-EFFECT-ONLY-IF-COSTS: a hand's size after the cost is paid from it ----------------------------


def test_UA_EFFECT_ONLY_IF_COSTS_hand_size_without_the_cards_the_cost_discards() -> None:
    text = "[起動メイン][手札を1枚場外に置く]自分の手札が7枚以上の場合のみ発動できる。カードを1枚引く。"
    for at, broken in (("before", []), ("after", ["UA-EFFECT-ONLY-IF"])):
        cards = [texted("T-ONL", text), free_character("T-F")]
        b = board_at_turn_3(
            cards,
            ["T-ONL", "T-F"],
            [],
            a_front=("A-1",),
            phase="main",
            options={"only_if_costs": at},
        )
        assert len(player_state(b.replay(), "A")["hand"]) == 7
        b.act("A", "activate", card="A-1", ability=1, costs={"discard": ["A-2"]})
        r = b.replay()  # 7 before the cost is paid, 6 after it
        assert "UA-EFFECT-ONLY-IF-COSTS" in rules_applied(r, b.last)
        assert rules_broken(r, b.last) == broken
