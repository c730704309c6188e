"""Union Arena: counts and conditions of counts.py taught to the reader, on made-up cards: a BP
limit counted from the field ("[特徴:X]の枚数×1000以下のBPの…", UA-EFFECT-BP-COUNT), two names
on the field ("〈A〉と〈B〉がどちらもある", UA-EFFECT-BOTH-NAMES), the removal area's size
(UA-EFFECT-IF-REMOVAL), field cards on the field or in the outside area (UA-EFFECT-IF-FIELDS)."""

from __future__ import annotations

from typing import Any

import pytest

from judge.games.union_arena.reader import read_card
from judge.games.union_arena.testing import (
    board_at_turn_3,
    effects_of,
    field_ids,
    field_unit,
    free_character,
    player_state,
    reading_words,
    rules_applied,
    rules_broken,
    texted,
    verdict,
)


def hand_size(replay: dict[str, Any], pid: str = "A") -> int:
    return len(player_state(replay, pid)["hand"])


# -- UA-EFFECT-BP-COUNT ---------------------------------------------------------------------------

TRAIT = (
    "自分の場にある[特徴:灯守]の枚数×1000以下のBPの相手のフロントLのキャラを1枚選び、退場させる。"
)
NAMES = "自分の場の〈ミラ〉と〈ソラ〉の合計枚数×1000以下のBPの相手のフロントLのキャラを1枚選び、退場させる。"
PRINTED = "自分の場の元々のBPが2500以下のキャラの合計枚数×1000以下のBPの相手のフロントLのキャラを1枚選び、退場させる。"


def test_UA_EFFECT_BP_COUNT_read_from_printed_text() -> None:
    (effect,) = effects_of(TRAIT, type="event")
    target = effect["do"][0]["target"]
    assert target["bp_max_per"] == {
        "each": 1000,
        "of": {"side": "own", "zone": "field", "trait": "灯守"},
    }
    assert "bp_max" not in target
    (effect,) = effects_of(NAMES, type="event")
    spec = effect["do"][0]["target"]["bp_max_per"]["of"]
    assert spec["any_of"] == [{"name": "ミラ"}, {"name": "ソラ"}]
    (effect,) = effects_of(PRINTED, type="event")
    spec = effect["do"][0]["target"]["bp_max_per"]["of"]
    assert spec == {"side": "own", "zone": "field", "type": "character", "printed_bp_max": 2500}
    words = reading_words(texted("T-CNT", TRAIT, type="event"))
    assert "with BP at most 1000 × the number of cards with [灯守] on your field" in words


def test_UA_EFFECT_BP_COUNT_not_read_after_an_op_that_changes_the_field() -> None:
    text = "自分の場のキャラを1枚選び、手札に戻す。" + TRAIT
    assert not read_card(texted("T-NOT", text, type="event")).understood
    # "[特徴:X]の合計枚数" is not a wording the reader knows: not read
    odd = TRAIT.replace("の枚数", "の合計枚数")
    assert not read_card(texted("T-NOT", odd, type="event")).understood


def count_scene(text: str, mates: list[dict[str, Any]], foes: tuple[int, ...]) -> Any:
    cards = [
        texted("T-EVT", text, type="event"),
        *mates,
        *[free_character(f"T-F{bp}", bp=bp) for bp in foes],
    ]
    deck_a = ["T-EVT", *[m["code"] for m in mates]]
    front = tuple(f"A-{i}" for i in range(2, 2 + len(mates)))
    b_front = tuple(f"B-{i}" for i in range(1, 1 + len(foes)))
    deck_b = [f"T-F{bp}" for bp in foes]
    return board_at_turn_3(cards, deck_a, deck_b, a_front=front, b_front=b_front, phase="main")


def test_UA_EFFECT_BP_COUNT_two_cards_allow_bp_2000_not_3000() -> None:
    mates = [free_character("T-M1", traits=["灯守"]), free_character("T-M2", traits=["灯守"])]
    b = count_scene(TRAIT, mates, (2000, 3000)).play("A", "A-1", targets=["B-1"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_ids(r, "B", "front_line") == ["B-2"]
    assert "UA-EFFECT-BP-COUNT" in rules_applied(r, b.last)
    b = count_scene(TRAIT, mates, (2000, 3000)).play("A", "A-1", targets=["B-2"])
    assert "UA-EFFECT-TARGETS" in rules_broken(b.replay(), b.last)


def test_UA_EFFECT_BP_COUNT_a_card_without_the_trait_is_not_counted() -> None:
    mates = [free_character("T-M1", traits=["灯守"]), free_character("T-M2", traits=["夜番"])]
    b = count_scene(TRAIT, mates, (2000,)).play("A", "A-1", targets=["B-1"])
    assert "UA-EFFECT-TARGETS" in rules_broken(b.replay(), b.last)  # 1000: BP 2000 is too much
    b = count_scene(TRAIT, mates, (2000,)).play("A", "A-1", targets=[])
    assert verdict(b.replay(), b.last) == "legal"


def test_UA_EFFECT_BP_COUNT_names_counted_together() -> None:
    mates = [free_character("T-MIR", name="ミラ"), free_character("T-SOR", name="ソラ")]
    mates.append(free_character("T-MI2", name="ミラ"))
    b = count_scene(NAMES, mates, (3000,)).play("A", "A-1", targets=["B-1"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_ids(r, "B", "front_line") == []
    b = count_scene(NAMES, mates[:2], (3000,)).play("A", "A-1", targets=["B-1"])
    assert "UA-EFFECT-TARGETS" in rules_broken(b.replay(), b.last)


def test_UA_EFFECT_BP_COUNT_printed_bp_of_characters() -> None:
    """Two characters of printed BP 2500 or less and one of 3000: 2000 at most."""
    mates = [
        free_character("T-LOW", bp=2500),
        free_character("T-LW2", bp=1000),
        free_character("T-HI", bp=3000),
    ]
    b = count_scene(PRINTED, mates, (2000, 2500)).play("A", "A-1", targets=["B-1"])
    assert verdict(b.replay(), b.last) == "legal"
    b = count_scene(PRINTED, mates, (2000, 2500)).play("A", "A-1", targets=["B-2"])
    assert "UA-EFFECT-TARGETS" in rules_broken(b.replay(), b.last)


# -- UA-EFFECT-BOTH-NAMES ---------------------------------------------------------------------------

BOTH = "[登場時]自分の場に〈ミラ〉と〈ソラ〉がどちらもある場合、カードを1枚引く。"


@pytest.mark.parametrize("text", [BOTH, BOTH.replace("がどちらもある", "がある")])
def test_UA_EFFECT_BOTH_NAMES_read_from_printed_text(text: str) -> None:
    (effect,) = effects_of(text)
    assert effect["do"][0]["if"] == {
        "side": "own",
        "zone": "field",
        "all_of": [{"name": "ミラ"}, {"name": "ソラ"}],
    }
    assert "if your field has <ミラ> and <ソラ>, draw 1 card" in reading_words(texted("T", text))


def both_scene(mates: list[dict[str, Any]], options: dict[str, Any] | None = None) -> Any:
    cards = [texted("T-BTH", BOTH, name="灯守"), *mates]
    deck = ["T-BTH", *[m["code"] for m in mates]]
    front = tuple(f"A-{i}" for i in range(2, 2 + len(mates)))
    return board_at_turn_3(cards, deck, [], a_front=front, phase="main", options=options)


def drew(b: Any) -> int:
    before = hand_size(b.replay())
    b.play("A", "A-1", to="front_line")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    return hand_size(r) - before + 1


def test_UA_EFFECT_BOTH_NAMES_holds_with_a_card_of_each_name() -> None:
    mira, sora = free_character("T-MIR", name="ミラ"), free_character("T-SOR", name="ソラ")
    assert drew(both_scene([mira, sora])) == 1
    assert drew(both_scene([mira])) == 0
    assert drew(both_scene([mira, free_character("T-MI2", name="ミラ")])) == 0


def test_UA_EFFECT_BOTH_NAMES_one_card_with_both_names_by_the_option() -> None:
    both = free_character("T-MS", name="ミラ", also_treated_as=["ソラ"])
    assert drew(both_scene([both])) == 0  # "apart", the default: a different card for each
    assert drew(both_scene([both], {"both_names_one_card": "one"})) == 1
    sora = free_character("T-SOR", name="ソラ")
    assert drew(both_scene([both, sora])) == 1  # <ミラ> (also <ソラ>) and <ソラ>


# -- UA-EFFECT-IF-REMOVAL ----------------------------------------------------------------------------

REMOVAL = "[登場時]自分のリムーブエリアにカードが1枚以上ある場合、カードを1枚引く。"


def test_UA_EFFECT_IF_REMOVAL_read_only_as_the_last_op_of_an_ability() -> None:
    (effect,) = effects_of(REMOVAL)
    assert effect["do"] == [
        {"op": "draw", "n": 1, "if": {"side": "own", "zone": "removal", "min": 1}}
    ]
    assert "if your removal area has 1 or more cards, draw 1 card" in reading_words(
        texted("T", REMOVAL)
    )
    for text in (
        REMOVAL + "カードを1枚引く。",
        "[自分のターン中]自分のリムーブエリアにカードが3枚以上ある場合、このキャラはBP+1000。",
        "[登場時]自分のリムーブエリアにカードが1枚以上ある場合、相手のフロントLのキャラを1枚選び、"
        "このターン中、BP-1000。",
    ):
        assert not read_card(texted("T-NOT", text)).understood, text


def removal_scene() -> Any:
    cards = [texted("T-RMV", REMOVAL), free_character("T-F")]
    front = ("A-2", "A-3", "A-4", "A-5")
    return board_at_turn_3(
        cards, ["T-RMV", "T-F", "T-F", "T-F", "T-F"], [], a_front=front, phase="main"
    )


def test_UA_EFFECT_IF_REMOVAL_the_card_removed_to_make_room_counts() -> None:
    b = removal_scene()
    before = hand_size(b.replay())
    b.play("A", "A-1", to="front_line", remove=["A-2"])  # A-2 into the removal area first
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert hand_size(r) == before  # played one, drew one
    b = removal_scene()
    before = hand_size(b.replay())
    b.play("A", "A-1", to="energy_line")  # the removal area empty: no draw
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert hand_size(r) == before - 1


# -- UA-EFFECT-IF-FIELDS -----------------------------------------------------------------------------

FIELD = "[登場時]自分の場にフィールドがある場合、カードを1枚引く。"


def test_UA_EFFECT_IF_FIELDS_read_from_printed_text() -> None:
    (effect,) = effects_of(FIELD)
    assert effect["do"][0]["if"] == {"side": "own", "zone": "field", "type": "field"}
    text = "[登場時]自分の場外にフィールドカードが6枚以上ある場合、カードを1枚引く。"
    (effect,) = effects_of(text)
    cond = {"side": "own", "zone": "outside", "card_type": "field", "min": 6}
    assert effect["do"][0]["if"] == cond
    assert "if your outside area has 6 or more field cards" in reading_words(texted("T", text))
    (effect,) = effects_of(text.replace("が6枚以上ある", "がある"))
    assert effect["do"][0]["if"] == {**cond, "min": 1}


@pytest.mark.parametrize(("kind", "draws"), [("field", 1), ("character", 0)])
def test_UA_EFFECT_IF_FIELDS_a_field_on_the_field(kind: str, draws: int) -> None:
    cards = [texted("T-FLD", FIELD), free_character("T-X", type=kind)]
    b = board_at_turn_3(cards, ["T-FLD", "T-X"], [], a_energy=("A-2",), phase="main")
    before = hand_size(b.replay())
    b.play("A", "A-1", to="front_line")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert hand_size(r) == before - 1 + draws


# -- UA-EFFECT-IF-MORE -------------------------------------------------------------------------------

MORE = "カードを2枚引く。自分の場に〈ミラ〉がある場合、さらにカードを1枚引き、自分の手札を1枚場外に置く。"


def test_UA_EFFECT_IF_MORE_read_from_printed_text() -> None:
    (effect,) = effects_of(MORE, type="event")
    cond = {"side": "own", "zone": "field", "name": "ミラ"}
    assert effect["do"] == [
        {"op": "draw", "n": 2},
        {"op": "draw", "n": 1, "if": cond},
        {"op": "discard", "n": 1, "if": cond},
    ]
    # "さらに" before a keyword given is the card chosen before (UA-EFFECT-IF-MORE-CHOSEN), not
    # a draw: with no card chosen before it, not read
    text = "カードを2枚引く。自分の場に〈ミラ〉がある場合、さらにこのターン中、[インパクト(+1)]を与える。"
    assert not read_card(texted("T-NOT", text, type="event")).understood


@pytest.mark.parametrize(("mate", "more"), [("ミラ", 1), ("ソラ", 0)])
def test_UA_EFFECT_IF_MORE_draws_one_more_only_if_it_holds(mate: str, more: int) -> None:
    cards = [texted("T-MOR", MORE, type="event"), free_character("T-M", name=mate)]

    def scene() -> Any:
        return board_at_turn_3(cards, ["T-MOR", "T-M"], [], a_front=("A-2",), phase="main")

    b = scene()
    before = hand_size(b.replay())
    b.play("A", "A-1", targets=["T-000"] * more)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    # played one, drew 2; with <ミラ> drew 1 more and put 1 into the outside area
    assert hand_size(r) == before - 1 + 2
    assert len(player_state(r, "A")["outside"]) == 1 + more
    b = scene().play("A", "A-1", targets=["T-000"] * (1 - more))  # the other way: illegal
    assert "UA-EFFECT-TARGETS" in rules_broken(b.replay(), b.last)


# -- UA-EFFECT-IF-SECOND-LIMIT ----------------------------------------------------------------------

TWICE = (
    "『BP2000以下』の相手のフロントLのキャラを1枚選び、退場させる。"
    "自分の場に〈ミラ〉がある場合、『BP4000以下』に代わる。"
    "自分の場に〈ミラ〉と〈ソラ〉がどちらもある場合、『BP5000以下』に代わる。"
)


def test_UA_EFFECT_IF_SECOND_LIMIT_read_from_printed_text() -> None:
    (effect,) = effects_of(TWICE, type="event")
    instead = effect["do"][0]["target"]["instead"]
    assert instead["bp_max"] == 4000
    assert instead["then"] == {
        "if": {"side": "own", "zone": "field", "all_of": [{"name": "ミラ"}, {"name": "ソラ"}]},
        "bp_max": 5000,
    }
    words = reading_words(texted("T-TW", TWICE, type="event"))
    assert "(BP 5000 or less instead if your field has <ミラ> and <ソラ>)" in words
    # the second condition can hold without the first: which limit wins is not read
    odd = TWICE.replace("〈ミラ〉と〈ソラ〉", "〈ソラ〉と〈ルナ〉")
    assert not read_card(texted("T-NOT", odd, type="event")).understood


@pytest.mark.parametrize(
    ("names", "legal", "illegal"),
    [((), 2000, 3000), (("ミラ",), 4000, 5000), (("ミラ", "ソラ"), 5000, 6000)],
)
def test_UA_EFFECT_IF_SECOND_LIMIT_the_limit_in_force(
    names: tuple[str, ...], legal: int, illegal: int
) -> None:
    mates = [free_character(f"T-N{i}", name=n) for i, n in enumerate(names)]
    b = count_scene(TWICE, mates, (legal, illegal)).play("A", "A-1", targets=["B-1"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_ids(r, "B", "front_line") == ["B-2"]
    b = count_scene(TWICE, mates, (legal, illegal)).play("A", "A-1", targets=["B-2"])
    assert "UA-EFFECT-TARGETS" in rules_broken(b.replay(), b.last)


STATIC_BOTH = "[自分のターン中]自分の場に〈ミラ〉と〈ソラ〉がある場合、このキャラはBP+500。"


@pytest.mark.parametrize(("names", "bp"), [(("ミラ", "ソラ"), 2500), (("ミラ",), 2000)])
def test_UA_EFFECT_BOTH_NAMES_in_a_continuous_bp_raise(names: tuple[str, ...], bp: int) -> None:
    mates = [free_character(f"T-N{i}", name=n) for i, n in enumerate(names)]
    cards = [texted("T-STB", STATIC_BOTH, bp=2000), *mates]
    deck = ["T-STB", *[m["code"] for m in mates]]
    front = tuple(f"A-{i}" for i in range(1, 2 + len(mates)))
    r = board_at_turn_3(cards, deck, [], a_front=front, phase="main").replay()
    assert field_unit(r, "A", "A-1")["bp"] == bp


# -- UA-EFFECT-IF-TOTAL ------------------------------------------------------------------------------

TOTAL = (
    "『BP3000以下』の相手のフロントLのキャラを1枚選び、退場させる。"
    "自分の場に〈ミラ〉と〈ソラ〉と〈ルナ〉が合計3枚以上ある場合、『BP5000以下』に代わる。"
)


def test_UA_EFFECT_IF_TOTAL_read_from_printed_text() -> None:
    (effect,) = effects_of(TOTAL, type="event")
    assert effect["do"][0]["target"]["instead"] == {
        "if": {
            "side": "own",
            "zone": "field",
            "any_of": [{"name": "ミラ"}, {"name": "ソラ"}, {"name": "ルナ"}],
            "min": 3,
        },
        "bp_max": 5000,
    }


@pytest.mark.parametrize(
    ("names", "limit"), [(("ミラ", "ミラ", "ソラ"), 5000), (("ミラ", "ソラ", "ユキ"), 3000)]
)
def test_UA_EFFECT_IF_TOTAL_cards_of_the_names_counted_together(
    names: tuple[str, ...], limit: int
) -> None:
    mates = [free_character(f"T-N{i}", name=n) for i, n in enumerate(names)]
    b = count_scene(TOTAL, mates, (limit, limit + 1000)).play("A", "A-1", targets=["B-1"])
    assert verdict(b.replay(), b.last) == "legal"
    b = count_scene(TOTAL, mates, (limit, limit + 1000)).play("A", "A-1", targets=["B-2"])
    assert "UA-EFFECT-TARGETS" in rules_broken(b.replay(), b.last)


# -- UA-EFFECT-BP-COUNT: kinds of card name in the outside area ---------------------------------------

KINDS = "自分の場外の黄の[特徴:灯守]のカード名の種類数×1000以下のBPの相手のフロントLのキャラを1枚まで選び、手札に戻す。"
DISCARD = "[登場時]カードを3枚引き、自分の手札を3枚場外に置く。"


def kinds_scene(colour: str) -> Any:
    cards = [
        texted("T-DIS", DISCARD),
        texted("T-KND", KINDS, type="event"),
        free_character("T-S1", name="歌A", color="yellow", traits=["灯守"]),
        free_character("T-S2", name="歌A", color="yellow", traits=["灯守"]),
        free_character("T-S3", name="歌B", color=colour, traits=["灯守"]),
        free_character("T-F1000", bp=1000),
        free_character("T-F2000", bp=2000),
    ]
    deck_a = ["T-DIS", "T-KND", "T-S1", "T-S2", "T-S3"]
    b = board_at_turn_3(cards, deck_a, ["T-F1000", "T-F2000"], b_front=("B-1", "B-2"), phase="main")
    return b.play("A", "A-1", to="front_line", targets=["T-S1", "T-S2", "T-S3"])


def test_UA_EFFECT_BP_COUNT_kinds_of_name_read_from_printed_text() -> None:
    (effect,) = effects_of(KINDS, type="event")
    assert effect["do"][0]["target"]["bp_max_per"] == {
        "each": 1000,
        "of": {"side": "own", "zone": "outside", "color": "yellow", "trait": "灯守", "kinds": True},
    }
    words = reading_words(texted("T-K", KINDS, type="event"))
    assert "kinds of card name among your outside area's yellow cards with [灯守]" in words


@pytest.mark.parametrize(("colour", "kinds"), [("yellow", 2), ("blue", 1)])
def test_UA_EFFECT_BP_COUNT_kinds_of_name_in_the_outside_area(colour: str, kinds: int) -> None:
    """<歌A> twice and <歌B>: two kinds when <歌B> is yellow, one when it is not."""
    b = kinds_scene(colour)
    assert verdict(b.replay(), b.last) == "legal"
    b.play("A", "A-2", targets=["B-2"])  # BP 2000
    r = b.replay()
    if kinds == 2:
        assert verdict(r, b.last) == "legal"
        assert field_ids(r, "B", "front_line") == ["B-1"]
    else:
        assert "UA-EFFECT-TARGETS" in rules_broken(r, b.last)
