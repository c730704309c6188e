"""Union Arena: sentences of the official card list that give several things at once, taught
to the reader, each on made-up cards and tested against what its sentence says: a BP change
and an ability given together to a chosen card or to this character (UA-EFFECT-TARGETS), and
in a continuous line (UA-EFFECT-STATIC-BP); the condition "自分の場に〈X〉がない" (UA-EFFECT-IF)."""

from __future__ import annotations

from typing import Any

import pytest

from judge.games.union_arena import conditions
from judge.games.union_arena.reader import read_card
from judge.games.union_arena.testing import (
    FILLER_CODE,
    LogBuilder,
    board_at_turn_3,
    effects_of,
    field_unit,
    free_character,
    player_state,
    reading_words,
    rules_broken,
    texted,
    verdict,
)


def pick(b: LogBuilder, *positions: int) -> LogBuilder:
    """A picks B's life cards at ``positions`` (fillers)."""
    return b.act("A", "pick_life", cards=list(positions), reveal=[FILLER_CODE] * len(positions))


# -- UA-EFFECT-TARGETS: a BP change and an ability given together --------------------------------

GIVE_UNBLOCKABLE = (
    "[登場時]自分の場のキャラを1枚選び、このターン中、BP+2500と"
    "「このキャラはBP2500以下のキャラにブロックされない。」を与える。"
)
SELF_DAMAGE = "[アタック時]このキャラはこのターン中、BP+1000と[ダメージ(2)]を得る。"


@pytest.mark.parametrize(
    ("text", "ops"),
    [
        (
            "自分のフロントLのキャラを1枚まで選び、このターン中、BP+1000と[インパクト(+1)]を与える。",
            [
                {
                    "op": "bp",
                    "amount": 1000,
                    "until": "turn",
                    "target": {
                        "side": "own",
                        "zone": "front_line",
                        "type": "character",
                        "count": 1,
                        "up_to": True,
                    },
                },
                {"op": "grant", "keyword": "impact +1", "until": "turn", "target": "chosen"},
            ],
        ),
        (
            "自分の場のキャラを1枚選び、このターン中、BP+2500と"
            "「このキャラはBP2500以下のキャラにブロックされない。」を与える。",
            [
                {
                    "op": "bp",
                    "amount": 2500,
                    "until": "turn",
                    "target": {
                        "side": "own",
                        "zone": "field",
                        "type": "character",
                        "count": 1,
                        "if_able": True,
                    },
                },
                {
                    "op": "grant",
                    "keyword": "unblockable by bp 2500 or less",
                    "until": "turn",
                    "target": "chosen",
                },
            ],
        ),
    ],
)
def test_UA_EFFECT_TARGETS_bp_and_ability_read_from_printed_text(
    text: str, ops: list[dict[str, Any]]
) -> None:
    (effect,) = effects_of(text, type="event")
    assert effect == {"when": "on_play", "do": ops}


def test_UA_EFFECT_TARGETS_bp_and_keyword_on_this_character_read_from_printed_text() -> None:
    (effect,) = effects_of("[登場時]このキャラはこのターン中、BP+1000と[ダメージ(2)]を得る。")
    assert effect == {
        "when": "on_play",
        "do": [
            {"op": "bp", "amount": 1000, "until": "turn", "target": "self"},
            {"op": "grant", "keyword": "damage 2", "until": "turn", "target": "self"},
        ],
    }


@pytest.mark.parametrize(
    "text",
    [
        # a keyword the engine does not know: nothing of the sentence is read
        "[登場時]このキャラはこのターン中、BP+1000と[未知の力]を得る。",
        # no duration: a BP change without one is not read
        "[登場時]このキャラはBP+1000と[ダメージ(2)]を得る。",
    ],
)
def test_UA_EFFECT_TARGETS_bp_and_ability_not_read_unless_each_is(text: str) -> None:
    assert not read_card(texted("T-READ", text)).understood


def unblockable_scene(chosen: str) -> LogBuilder:
    """A's turn 3: A-2 is played and gives ``chosen`` BP+2500 and "unblockable by BP 2500 or
    less"; then A-1 (BP 2000) attacks and B-1 (BP 2500) blocks."""
    cards = [
        free_character("T-ATK", bp=2000),
        texted("T-GIVE", GIVE_UNBLOCKABLE),
        free_character("T-W2500", bp=2500),
    ]
    b = board_at_turn_3(
        cards, ["T-ATK", "T-GIVE"], ["T-W2500"], a_front=("A-1",), b_front=("B-1",), phase="main"
    )
    b.play("A", "A-2", to="energy_line", targets=[chosen])
    return b.proceed("A").attack("A", "A-1").block("B", "B-1")


def test_UA_EFFECT_TARGETS_bp_and_ability_both_go_to_the_card_chosen() -> None:
    b = unblockable_scene("A-1")
    r = b.replay()
    assert field_unit(r, "A", "A-1")["bp"] == 4500
    assert rules_broken(r, b.last) == ["UA-EFFECT-UNBLOCKABLE-BP"]


def test_UA_EFFECT_TARGETS_bp_and_ability_not_to_a_card_not_chosen() -> None:
    b = unblockable_scene("A-2")  # the card played chose itself
    r = b.replay()
    assert field_unit(r, "A", "A-1")["bp"] == 2000
    assert field_unit(r, "A", "A-2")["bp"] == 4500
    assert verdict(r, b.last) == "legal"


def self_damage_scene() -> LogBuilder:
    cards = [texted("T-SELF", SELF_DAMAGE)]
    b = board_at_turn_3(cards, ["T-SELF"], [], a_front=("A-1",))
    return b.attack("A", "A-1").block("B")


def test_UA_EFFECT_TARGETS_bp_and_keyword_on_this_character_both_apply() -> None:
    b = self_damage_scene()
    assert field_unit(b.replay(), "A", "A-1")["bp"] == 3000
    pick(b, 1, 2)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "B")["life"] == 5


def test_UA_EFFECT_TARGETS_bp_and_keyword_on_this_character_one_life_card_is_too_few() -> None:
    b = pick(self_damage_scene(), 1)
    assert rules_broken(b.replay(), b.last) == ["UA-DMG-PICK"]


def test_UA_EFFECT_TARGETS_bp_and_ability_rendered() -> None:
    words = reading_words(texted("T-GIVE", GIVE_UNBLOCKABLE))
    assert "it gets BP +2500 until end of turn" in words
    assert "the chosen card gains “unblockable by bp 2500 or less” until end of turn" in words


# -- UA-EFFECT-STATIC-BP: a raise and a keyword under the same conditions -------------------------

STATIC_BOTH = (
    "[自分のターン中]自分の場に〈灯守の鐘〉がある場合、このキャラはBP+1000と[ダメージ(2)]を得る。"
)
BELL = {"side": "own", "zone": "field", "name": "灯守の鐘"}


def test_UA_EFFECT_STATIC_BP_bp_and_keyword_read_from_printed_text() -> None:
    (effect,) = effects_of(STATIC_BOTH)
    assert effect == {
        "when": "continuous",
        "do": [
            {"op": "bp", "amount": 1000, "target": "self", "during": "own_turn", "if": BELL},
            {
                "op": "grant",
                "keyword": "damage 2",
                "target": "self",
                "during": "own_turn",
                "if": BELL,
            },
        ],
    }


def static_scene(with_bell: bool) -> LogBuilder:
    """A's turn 3: A-1 (the raise) attacks unblocked, A-2 is 〈灯守の鐘〉 when ``with_bell``."""
    cards = [
        texted("T-STAT", STATIC_BOTH),
        free_character("T-BELL", name="灯守の鐘"),
        free_character("T-OTHER", name="灯守の鈴"),
    ]
    deck = ["T-STAT", "T-BELL" if with_bell else "T-OTHER"]
    b = board_at_turn_3(cards, deck, [], a_front=("A-1",), a_energy=("A-2",))
    return b.attack("A", "A-1").block("B")


def test_UA_EFFECT_STATIC_BP_bp_and_keyword_while_the_condition_holds() -> None:
    b = static_scene(with_bell=True)
    assert field_unit(b.replay(), "A", "A-1")["bp"] == 3000
    pick(b, 1, 2)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "B")["life"] == 5


def test_UA_EFFECT_STATIC_BP_bp_and_keyword_neither_without_the_condition() -> None:
    b = static_scene(with_bell=False)
    assert field_unit(b.replay(), "A", "A-1")["bp"] == 2000
    assert rules_broken(pick(b, 1, 2).replay(), b.last) == ["UA-DMG-PICK"]
    b = pick(static_scene(with_bell=False), 1)
    assert verdict(b.replay(), b.last) == "legal"


def test_UA_EFFECT_STATIC_BP_bp_and_keyword_rendered() -> None:
    words = reading_words(texted("T-STAT", STATIC_BOTH))
    assert "this card gets BP +1000" in words
    assert "this card has “damage 2”" in words
    assert "not counted" not in words


# -- UA-EFFECT-IF: "自分の場に〈X〉がない場合" (none of them on your field) --------------------------

DRAW_IF_NO_BELL = "[登場時]自分の場に〈灯守の鐘〉がない場合、カードを1枚引く。"
NO_BELL = {**BELL, "max": 0}


def test_UA_EFFECT_IF_none_on_the_field_read_from_printed_text() -> None:
    (effect,) = effects_of(DRAW_IF_NO_BELL)
    assert effect == {"when": "on_play", "do": [{"op": "draw", "n": 1, "if": NO_BELL}]}
    (effect,) = effects_of("[自分のターン中]自分の場に[特徴:灯守]がない場合、このキャラはBP+1000。")
    assert effect["do"][0]["if"] == {"side": "own", "zone": "field", "trait": "灯守", "max": 0}


def test_UA_EFFECT_IF_none_on_the_field_is_a_condition_the_engine_evaluates() -> None:
    assert conditions.valid(NO_BELL)
    assert not conditions.valid({**NO_BELL, "min": 1})  # at least and at most: not a form
    assert not conditions.valid({**NO_BELL, "max": -1})


def draw_scene(text_name: str | None, bell_on_field: bool) -> tuple[LogBuilder, int]:
    """A's turn-3 main phase: A-2 (with the when-played draw, named ``text_name``) is played;
    A-1, on the energy line, is 〈灯守の鐘〉 when ``bell_on_field``; the hand size before."""
    cards = [
        texted("T-DRAW", DRAW_IF_NO_BELL, **({"name": text_name} if text_name else {})),
        free_character("T-BELL", name="灯守の鐘"),
        free_character("T-OTHER", name="灯守の鈴"),
    ]
    deck = ["T-BELL" if bell_on_field else "T-OTHER", "T-DRAW"]
    b = board_at_turn_3(cards, deck, [], a_energy=("A-1",), phase="main")
    before = len(player_state(b.replay(), "A")["hand"])
    return b.play("A", "A-2", to="front_line"), before


def test_UA_EFFECT_IF_none_on_the_field_holds_and_the_card_is_drawn() -> None:
    b, before = draw_scene(None, bell_on_field=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert len(player_state(r, "A")["hand"]) == before  # one played, one drawn


def test_UA_EFFECT_IF_none_on_the_field_does_not_hold_with_one_there() -> None:
    b, before = draw_scene(None, bell_on_field=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert len(player_state(r, "A")["hand"]) == before - 1


def test_UA_EFFECT_IF_none_on_the_field_the_card_played_counts_for_its_own_effect() -> None:
    b, before = draw_scene("灯守の鐘", bell_on_field=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert len(player_state(r, "A")["hand"]) == before - 1


def test_UA_EFFECT_STATIC_BP_none_on_the_field_raised_until_one_is_played() -> None:
    text = "[自分のターン中]自分の場に〈灯守の鐘〉がない場合、このキャラはBP+1000。"
    cards = [texted("T-LONE", text), free_character("T-BELL", name="灯守の鐘")]
    b = board_at_turn_3(cards, ["T-LONE", "T-BELL"], [], a_front=("A-1",), phase="main")
    assert field_unit(b.replay(), "A", "A-1")["bp"] == 3000
    r = b.play("A", "A-2", to="energy_line").replay()
    assert field_unit(r, "A", "A-1")["bp"] == 2000


def test_UA_EFFECT_IF_none_on_the_field_rendered() -> None:
    words = reading_words(texted("T-DRAW", DRAW_IF_NO_BELL))
    assert "if your field has no cards named <灯守の鐘>, draw 1 card" in words
    assert conditions.describe(NO_BELL) == "your field has no cards named <灯守の鐘>"


def test_UA_EFFECT_IF_none_on_the_field_as_a_condition_on_use() -> None:
    """The clause before "場合のみ発動できる" too (UA-EFFECT-ONLY-IF): used with one there, illegal."""
    text = "[起動メイン][ターン1]自分の場に〈灯守の鐘〉がない場合のみ発動できる。カードを1枚引く。"
    cards = [texted("T-ACT", text), free_character("T-BELL", name="灯守の鐘")]
    b = board_at_turn_3(cards, ["T-ACT", "T-BELL"], [], a_front=("A-1",), phase="main")
    b.act("A", "activate", card="A-1", ability=1)
    assert verdict(b.replay(), b.last) == "legal"
    b = board_at_turn_3(cards, ["T-ACT", "T-BELL"], [], a_front=("A-1",), phase="main")
    b.play("A", "A-2", to="energy_line").act("A", "activate", card="A-1", ability=1)
    assert rules_broken(b.replay(), b.last) == ["UA-EFFECT-ONLY-IF"]
