"""Union Arena: condition clauses and choices of the official card list taught to the reader,
each on made-up cards and each tested against what its sentence says: "相手の場にレストのキャラ
がある", "自分の手札がN枚以上の", "自分の場に他の[特徴:X]がN枚以上ある", "自分の場にカード名に
「X」を含むキャラがある" (UA-EFFECT-IF, and in a continuous BP raise, UA-EFFECT-STATIC-BP); a card
type in the outside area (UA-EFFECT-TARGETS); "このキャラはアクティブで登場させる"
(UA-EFFECT-ENTERS-ACTIVE); "自分のAPカードを1枚アクティブにする" (UA-EFFECT-AP)."""

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


def hand_size(replay: dict[str, Any], pid: str = "A", index: int = -1) -> int:
    return len(player_state(replay, pid, index)["hand"])


# -- UA-EFFECT-IF: the clauses read ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("clause", "cond"),
    [
        (
            "相手の場にレストのキャラがある",
            {"side": "opponent", "zone": "field", "type": "character", "rested": True},
        ),
        ("自分の手札が5枚以上の", {"side": "own", "zone": "hand", "min": 5}),
        (
            "自分の場に他の[特徴:灯守]が2枚以上ある",
            {"side": "own", "zone": "field", "trait": "灯守", "other": True, "min": 2},
        ),
        (
            "自分の場にカード名に「灯」を含むキャラがある",
            {"side": "own", "zone": "field", "type": "character", "name_contains": "灯"},
        ),
    ],
)
def test_UA_EFFECT_IF_new_clauses_read_from_printed_text(clause: str, cond: dict[str, Any]) -> None:
    (effect,) = effects_of(f"[登場時]{clause}場合、カードを1枚引く。")
    assert effect == {"when": "on_play", "do": [{"op": "draw", "n": 1, "if": cond}]}


def test_UA_EFFECT_IF_clauses_not_read_when_an_earlier_part_changes_what_they_read() -> None:
    """A condition read after an op (or a cost) that may change it is not read: the check
    of the targets, when the card is played, could not read it as it will be."""
    for text in (
        "[登場時]カードを1枚引く。自分の手札が5枚以上の場合、カードを1枚引く。",
        "[起動メイン][手札を1枚場外に置く]自分の手札が3枚以上の場合、カードを1枚引く。",
        "[登場時]相手のフロントLのキャラを1枚まで選び、レストにする。"
        "相手の場にレストのキャラがある場合、カードを1枚引く。",
        "[起動メイン][手札を1枚場外に置く]自分の場外にイベントカードが2枚以上ある場合、カードを1枚引く。",
        "[登場時]自分の場に他の〈灯守イロ〉か〈夜番〉がある場合、カードを1枚引く。",
        "[登場時]相手の場にアクティブのキャラがある場合、カードを1枚引く。",
        "[登場時]相手の手札が5枚以上の場合、カードを1枚引く。",
    ):
        assert not read_card(texted("T-NOT", text)).understood, text


# -- UA-EFFECT-IF: a rested character on the opponent's field ------------------------------------

NAP = "[登場時]相手のフロントLのキャラを1枚まで選び、レストにする。"
RESTED = "[登場時]相手の場にレストのキャラがある場合、相手のフロントLのキャラを1枚選び、このターン中、BP-1000。"


def rested_scene() -> Any:
    cards = [texted("T-NAP", NAP), texted("T-RST", RESTED), free_character("T-FOE", bp=3000)]
    return board_at_turn_3(
        cards, ["T-NAP", "T-RST"], ["T-FOE", "T-FOE"], b_front=("B-1", "B-2"), phase="main"
    )


def test_UA_EFFECT_IF_rested_opponent_character_holds() -> None:
    b = rested_scene().play("A", "A-1", to="front_line", targets=["B-1"])
    b.play("A", "A-2", to="front_line", targets=["B-2"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "B", "B-1")["rested"]
    assert field_unit(r, "B", "B-2")["bp"] == 2000


def test_UA_EFFECT_IF_rested_opponent_character_does_not_hold() -> None:
    b = rested_scene().play("A", "A-2", to="front_line", targets=["B-2"])
    r = b.replay()  # B's characters are active: the BP-1000 is not carried out, nothing chosen
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]
    b = rested_scene().play("A", "A-2", to="front_line", targets=[])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "B", "B-2")["bp"] == 3000


def test_UA_EFFECT_IF_a_card_put_into_the_removal_area_to_make_room_is_not_counted() -> None:
    """A card played into a full line puts one of the line's cards into the removal area
    first: a condition of its when-played effect does not count that card."""
    text = "[登場時]自分の場に[特徴:灯守]がある場合、相手のフロントLのキャラを1枚選び、このターン中、BP-1000。"
    cards = [
        texted("T-NEW", text),
        free_character("T-MATE", traits=["灯守"]),
        free_character("T-F"),
        free_character("T-FOE", bp=3000),
    ]
    deck = ["T-NEW", "T-MATE", "T-F", "T-F", "T-F"]
    front = ("A-2", "A-3", "A-4", "A-5")

    def full() -> Any:
        return board_at_turn_3(
            cards, deck, ["T-FOE"], a_front=front, b_front=("B-1",), phase="main"
        )

    b = full().play("A", "A-1", to="front_line", remove=["A-2"], targets=["B-1"])
    assert rules_broken(b.replay(), b.last) == ["UA-EFFECT-TARGETS"]  # its [灯守] is gone
    b = full().play("A", "A-1", to="front_line", remove=["A-2"], targets=[])
    assert verdict(b.replay(), b.last) == "legal"
    b = full().play("A", "A-1", to="front_line", remove=["A-3"], targets=["B-1"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "B", "B-1")["bp"] == 2000


# -- UA-EFFECT-IF: the hand's size ------------------------------------------------------------------


def hand_scene(n: int) -> Any:
    """A's turn-3 main phase with 8 cards in hand, one of them a character whose when-played
    effect lowers an opposing character's BP if A's hand holds ``n`` cards or more."""
    text = f"[登場時]自分の手札が{n}枚以上の場合、相手のフロントLのキャラを1枚選び、このターン中、BP-1000。"
    cards = [texted("T-HND", text), free_character("T-FOE", bp=3000)]
    return board_at_turn_3(cards, ["T-HND"], ["T-FOE"], b_front=("B-1",), phase="main")


def test_UA_EFFECT_IF_hand_size_holds_without_the_card_played() -> None:
    b = hand_scene(7)
    assert hand_size(b.replay()) == 8
    b.play("A", "A-1", to="front_line", targets=["B-1"])
    r = b.replay()  # 7 cards once A-1 has left the hand: it holds
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "B", "B-1")["bp"] == 2000


def test_UA_EFFECT_IF_hand_size_does_not_hold_with_one_card_fewer() -> None:
    b = hand_scene(8).play("A", "A-1", to="front_line", targets=["B-1"])
    r = b.replay()  # 8 before it was played, 7 as its effect resolves: no target to name
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]
    b = hand_scene(8).play("A", "A-1", to="front_line", targets=[])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-EFFECT-IF" in rules_applied(r, b.last)
    assert field_unit(r, "B", "B-1")["bp"] == 3000


# -- UA-EFFECT-IF: other cards with a trait -----------------------------------------------------------

OTHERS = (
    "[登場時]自分の場に他の[特徴:灯守]が2枚以上ある場合、相手のフロントLのキャラを1枚選び、"
    "このターン中、BP-1000。"
)


def others_scene(mates: int) -> Any:
    cards = [
        texted("T-OTH", OTHERS, traits=["灯守"]),
        free_character("T-MATE", traits=["灯守"]),
        free_character("T-FOE", bp=3000),
    ]
    front = tuple(f"A-{i}" for i in range(2, 2 + mates))
    deck = ["T-OTH", *["T-MATE"] * mates]
    return board_at_turn_3(cards, deck, ["T-FOE"], a_front=front, b_front=("B-1",), phase="main")


def test_UA_EFFECT_IF_other_cards_do_not_count_the_card_itself() -> None:
    b = others_scene(1).play("A", "A-1", to="front_line", targets=["B-1"])
    r = b.replay()  # itself and one other [灯守]: one other, not two
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]
    b = others_scene(1).play("A", "A-1", to="front_line", targets=[])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "B", "B-1")["bp"] == 3000


def test_UA_EFFECT_IF_other_cards_with_enough_others_hold() -> None:
    b = others_scene(2).play("A", "A-1", to="front_line", targets=["B-1"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "B", "B-1")["bp"] == 2000


# -- UA-EFFECT-IF: a character whose name contains a word -------------------------------------------

NAMED = "[登場時]自分の場にカード名に「ＡＢ」を含むキャラがある場合、カードを1枚引く。"


@pytest.mark.parametrize(("name", "draws"), [("ＡＢ隊長", 1), ("AB隊長", 1), ("A隊B", 0)])
def test_UA_EFFECT_IF_name_contains_compared_as_names_are(name: str, draws: int) -> None:
    cards = [texted("T-NAM", NAMED, name="灯守"), free_character("T-MATE", name=name)]
    b = board_at_turn_3(cards, ["T-NAM", "T-MATE"], [], a_front=("A-2",), phase="main")
    before = hand_size(b.replay())
    b.play("A", "A-1", to="front_line")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert hand_size(r) == before - 1 + draws


def test_UA_EFFECT_IF_name_contains_a_field_card_is_not_a_character() -> None:
    cards = [
        texted("T-NAM", NAMED, name="灯守"),
        free_character("T-FLD", type="field", name="AB基地"),
    ]
    b = board_at_turn_3(cards, ["T-NAM", "T-FLD"], [], a_energy=("A-2",), phase="main")
    before = hand_size(b.replay())
    b.play("A", "A-1", to="front_line")
    assert hand_size(b.replay()) == before - 1


# -- UA-EFFECT-STATIC-BP: the hand's size, other cards ------------------------------------------------

HAND_BP = "[自分のターン中]自分の手札が5枚以上の場合、このキャラはBP+1000。"


def test_UA_EFFECT_STATIC_BP_hand_size_read_from_printed_text() -> None:
    (effect,) = effects_of(HAND_BP)
    assert effect == {
        "when": "continuous",
        "do": [
            {
                "op": "bp",
                "amount": 1000,
                "target": "self",
                "during": "own_turn",
                "if": {"side": "own", "zone": "hand", "min": 5},
            }
        ],
    }


def test_UA_EFFECT_STATIC_BP_hand_size_five_raised_four_not() -> None:
    cards = [texted("T-HBP", HAND_BP), free_character("T-F")]
    b = board_at_turn_3(cards, ["T-HBP", "T-F", "T-F", "T-F"], [], a_front=("A-1",), phase="main")
    assert hand_size(b.replay()) == 7
    b.play("A", "A-2", to="energy_line").play("A", "A-3", to="energy_line")
    r = b.replay()
    assert hand_size(r) == 5
    assert field_unit(r, "A", "A-1")["bp"] == 3000
    r = b.play("A", "A-4", to="energy_line").replay()
    assert hand_size(r) == 4
    assert field_unit(r, "A", "A-1")["bp"] == 2000


def test_UA_EFFECT_STATIC_BP_hand_size_read_as_the_choice_is_made() -> None:
    """A "BP N or less" choice of a card played reads BP as its effect resolves: the card
    played has left the hand, so a raise while the hand holds 5 no longer counts."""
    lower = "[登場時]BP2500以下の自分の場のキャラを1枚選び、このターン中、BP+500。"
    cards = [texted("T-HBP", HAND_BP), texted("T-LOW", lower), free_character("T-F")]
    deck = ["T-HBP", "T-LOW", "T-F", "T-F"]
    b = board_at_turn_3(cards, deck, [], a_front=("A-1",), phase="main")
    b.play("A", "A-3", to="energy_line").play("A", "A-4", to="energy_line")
    assert field_unit(b.replay(), "A", "A-1")["bp"] == 3000  # 5 cards in hand
    b.play("A", "A-2", to="front_line", targets=["A-1"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "A", "A-1")["bp"] == 2500  # 4 cards: 2000, then +500


def test_UA_EFFECT_STATIC_BP_hand_size_after_a_cost_paid_from_the_hand() -> None:
    """An activated ability's cost puts a hand card into the outside area before its effect
    resolves: its "BP N or less" choice reads the raise with the hand without that card."""
    lower = "[起動メイン][手札を1枚場外に置く]BP2500以下の自分の場のキャラを1枚選び、このターン中、BP+500。"
    cards = [texted("T-HBP", HAND_BP), texted("T-LOW", lower), free_character("T-F")]
    deck = ["T-HBP", "T-LOW", "T-F", "T-F"]
    b = board_at_turn_3(cards, deck, [], a_front=("A-1", "A-2"), phase="main")
    b.play("A", "A-3", to="energy_line")
    assert hand_size(b.replay()) == 5
    assert field_unit(b.replay(), "A", "A-1")["bp"] == 3000
    b.act("A", "activate", card="A-2", ability=1, costs={"discard": ["A-4"]}, targets=["A-1"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "A", "A-1")["bp"] == 2500  # 4 cards: 2000, then +500


def test_UA_EFFECT_STATIC_BP_other_cards_do_not_count_the_character() -> None:
    text = "自分の場に他の[特徴:灯守]が1枚以上ある場合、このキャラはBP+1000。"
    cards = [texted("T-SBP", text, traits=["灯守"]), free_character("T-MATE", traits=["灯守"])]
    b = board_at_turn_3(cards, ["T-SBP", "T-MATE"], [], a_front=("A-1",), phase="main")
    assert field_unit(b.replay(), "A", "A-1")["bp"] == 2000  # only itself
    r = b.play("A", "A-2", to="front_line").replay()
    assert field_unit(r, "A", "A-1")["bp"] == 3000


# -- UA-EFFECT-TARGETS: a card type in the outside area --------------------------------------------

TAKE_CHARACTER = "[登場時]自分の場外からキャラカードを1枚手札に加える。"
TAKE_EVENT = "[登場時]自分の場外から必要エナジーが2以下の黄のイベントカードを1枚まで手札に加える。"
DISCARD_TWO = {"when": "on_play", "do": [{"op": "discard", "n": 2}]}


def outside_scene(text: str, *others: dict[str, Any]) -> Any:
    """A's turn-3 main phase; A-1 takes from the outside area, A-2 discards two cards of the
    hand (A-3 and A-4, the ``others``) there."""
    cards = [
        texted("T-TAKE", text),
        free_character("T-DUMP", effects=[DISCARD_TWO]),
        *others,
    ]
    deck = ["T-TAKE", "T-DUMP", *(o["code"] for o in others)]
    b = board_at_turn_3(cards, deck, [], phase="main")
    return b.play("A", "A-2", to="energy_line", targets=["A-3", "A-4"])


def test_UA_EFFECT_TARGETS_card_type_off_the_field_read_from_printed_text() -> None:
    (effect,) = effects_of(TAKE_CHARACTER)
    assert effect["do"][0]["target"] == {
        "side": "own",
        "zone": "outside",
        "card_type": "character",
        "count": 1,
        "if_able": True,
    }
    (effect,) = effects_of(TAKE_EVENT)
    assert effect["do"][0]["target"] == {
        "side": "own",
        "zone": "outside",
        "card_type": "event",
        "color": "yellow",
        "energy_max": 2,
        "count": 1,
        "up_to": True,
    }
    (effect,) = effects_of("[登場時]自分の場外からフィールドカードを1枚まで手札に加える。")
    assert effect["do"][0]["target"]["card_type"] == "field"


def test_UA_EFFECT_TARGETS_card_type_off_the_field_a_character_card_fits() -> None:
    event = texted("T-EVT", "カードを1枚引く。", type="event")
    b = outside_scene(TAKE_CHARACTER, free_character("T-CHR"), event)
    b.play("A", "A-1", to="front_line", targets=["A-3"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "A-3" in player_state(r, "A")["hand"]


def test_UA_EFFECT_TARGETS_card_type_off_the_field_an_event_card_does_not_fit() -> None:
    event = texted("T-EVT", "カードを1枚引く。", type="event")
    b = outside_scene(TAKE_CHARACTER, free_character("T-CHR"), event)
    b.play("A", "A-1", to="front_line", targets=["A-4"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]
    assert "A-4" in player_state(r, "A")["outside"]


def test_UA_EFFECT_TARGETS_card_type_off_the_field_none_there_none_named() -> None:
    event = texted("T-EVT", "カードを1枚引く。", type="event")
    b = outside_scene(TAKE_CHARACTER, event, texted("T-EV2", "カードを1枚引く。", type="event"))
    b.play("A", "A-1", to="front_line", targets=[])
    r = b.replay()  # "1枚" with no character card in the outside area: nothing to take
    assert verdict(r, b.last) == "legal"


@pytest.mark.parametrize(
    ("color", "energy", "fits"),
    [("yellow", 2, True), ("yellow", 3, False), ("blue", 2, False)],
)
def test_UA_EFFECT_TARGETS_card_type_off_the_field_colour_and_energy(
    color: str, energy: int, fits: bool
) -> None:
    event = texted("T-EVT", "カードを1枚引く。", type="event", color=color, energy={color: energy})
    b = outside_scene(TAKE_EVENT, event, free_character("T-CHR", color="yellow"))
    b.play("A", "A-1", to="front_line", targets=["A-3"])
    r = b.replay()
    assert rules_broken(r, b.last) == ([] if fits else ["UA-EFFECT-TARGETS"])
    b = outside_scene(TAKE_EVENT, event, free_character("T-CHR", color="yellow"))
    b.play("A", "A-1", to="front_line", targets=["A-4"])  # a character card never fits
    assert rules_broken(b.replay(), b.last) == ["UA-EFFECT-TARGETS"]


def test_UA_EFFECT_TARGETS_card_type_off_the_field_rendered() -> None:
    words = reading_words(texted("T-TAKE", TAKE_EVENT))
    assert "up to 1 of your yellow event cards in your outside area" in words
    assert "with required energy 2 or less" in words


# -- UA-EFFECT-ENTERS-ACTIVE: "このキャラはアクティブで登場させる" --------------------------------------

ACTIVE = "このキャラはアクティブで登場させる。"


def test_UA_EFFECT_ENTERS_ACTIVE_without_ba_ni_read_from_printed_text() -> None:
    assert effects_of(ACTIVE) == [{"when": "continuous", "do": [{"op": "enters_active"}]}]
    # a field's own words only: the character's on a field are not read
    assert not read_card(texted("T-FLD", ACTIVE, type="field")).understood


def test_UA_EFFECT_ENTERS_ACTIVE_without_ba_ni_played_active() -> None:
    cards = [texted("T-ACT", ACTIVE), free_character("T-F")]
    b = board_at_turn_3(cards, ["T-ACT", "T-F"], [], phase="main")
    r = b.play("A", "A-1", to="front_line").play("A", "A-2", to="front_line").replay()
    assert not field_unit(r, "A", "A-1")["rested"] and field_unit(r, "A", "A-2")["rested"]
    assert "UA-EFFECT-ENTERS-ACTIVE" in rules_applied(r, b.last - 1)


def test_UA_EFFECT_ENTERS_ACTIVE_without_ba_ni_rendered() -> None:
    assert "this card is played active" in reading_words(texted("T-ACT", ACTIVE))


# -- UA-EFFECT-AP: "自分のAPカードを1枚アクティブにする" ----------------------------------------------

AP_ONE = "自分のAPカードを1枚アクティブにする。"


def test_UA_EFFECT_AP_one_without_choose_read_from_printed_text() -> None:
    assert effects_of(AP_ONE, type="event") == [
        {
            "when": "on_play",
            "do": [
                {
                    "op": "activate",
                    "target": {"side": "own", "zone": "ap", "count": 1, "if_able": True},
                }
            ],
        }
    ]
    (effect,) = effects_of(
        "[登場時]自分の場に〈灯守イロ〉がある場合、自分のAPカードを1枚アクティブにする。"
    )
    assert effect["do"][0]["if"] == {"side": "own", "zone": "field", "name": "灯守イロ"}
    assert not read_card(
        texted("T-NOT", "自分のAPカードを1枚レストにする。", type="event")
    ).understood


def test_UA_EFFECT_AP_one_without_choose_must_be_named() -> None:
    cards = [texted("T-APE", AP_ONE, type="event", ap=1)]
    b = board_at_turn_3(cards, ["T-APE"], [], phase="main")
    r = b.play("A", "A-1", targets=["A-AP1"]).replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["ap"] == {"active": 2, "total": 2}  # paid 1, made active
    b = board_at_turn_3(cards, ["T-APE"], [], phase="main")
    r = b.play("A", "A-1", targets=[]).replay()  # two AP cards in play: one must be named
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]
    for wrong in (["B-AP1"], ["A-AP1", "A-AP2"]):
        b = board_at_turn_3(cards, ["T-APE"], [], phase="main")
        r = b.play("A", "A-1", targets=wrong).replay()
        assert "UA-EFFECT-TARGETS" in rules_broken(r, b.last), wrong


def test_UA_EFFECT_AP_one_without_choose_after_a_condition() -> None:
    text = "[登場時]自分の場に〈灯守イロ〉がある場合、自分のAPカードを1枚アクティブにする。"
    cards = [texted("T-APC", text, ap=1), free_character("T-IRO", name="灯守イロ")]
    b = board_at_turn_3(cards, ["T-APC", "T-IRO"], [], a_front=("A-2",), phase="main")
    r = b.play("A", "A-1", to="front_line", targets=["A-AP1"]).replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["ap"]["active"] == 2
    b = board_at_turn_3(cards, ["T-APC", "T-IRO"], [], phase="main")
    r = b.play("A", "A-1", to="front_line", targets=[]).replay()  # no <灯守イロ>: no choice
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["ap"]["active"] == 1


def test_UA_EFFECT_AP_one_without_choose_rendered() -> None:
    words = reading_words(texted("T-APE", AP_ONE, type="event"))
    assert "choose 1 of your AP cards" in words and "make it active" in words


# -- rendering of the conditions ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (
            "[登場時]相手の場にレストのキャラがある場合、カードを1枚引く。",
            "if the opponent's field has a rested character, draw 1 card",
        ),
        (
            "[登場時]自分の手札が5枚以上の場合、カードを1枚引く。",
            "if your hand has 5 or more cards, draw 1 card",
        ),
        (
            "[登場時]自分の場に他の[特徴:灯守]が2枚以上ある場合、カードを1枚引く。",
            "if your field has 2 or more cards with [灯守] other than this card, draw 1 card",
        ),
        (
            "[登場時]自分の場にカード名に「灯」を含むキャラがある場合、カードを1枚引く。",
            "if your field has a character whose name contains “灯”, draw 1 card",
        ),
        (HAND_BP, "during your turn, if your hand has 5 or more cards, this card gets BP +1000"),
    ],
)
def test_UA_EFFECT_IF_new_clauses_rendered(text: str, words: str) -> None:
    shown = reading_words(texted("T-SHOW", text))
    assert words in shown
    assert "not rendered" not in shown and "not counted" not in shown


# -- UA-EFFECT-IF: either of two names or traits on your field ------------------------------------

EITHER = "[登場時]自分の場に〈灯守イロ〉か[特徴:夜番]がある場合、相手のフロントLのキャラを1枚選び、このターン中、BP-1000。"


def either_scene(mate: dict[str, Any] | None) -> Any:
    """A's turn-3 main phase: a character whose when-played effect lowers an opposing
    character's BP if A's field has <灯守イロ> or a [夜番]; ``mate`` on A's front line."""
    cards = [texted("T-EIT", EITHER), free_character("T-FOE", bp=3000)]
    front: tuple[str, ...] = ()
    deck = ["T-EIT"]
    if mate is not None:
        cards.append(mate)
        deck.append(mate["code"])
        front = ("A-2",)
    return board_at_turn_3(cards, deck, ["T-FOE"], a_front=front, b_front=("B-1",), phase="main")


def test_UA_EFFECT_IF_either_of_two_read_from_printed_text() -> None:
    (effect,) = effects_of(EITHER)
    assert effect["do"][0]["if"] == {
        "side": "own",
        "zone": "field",
        "any_of": [{"name": "灯守イロ"}, {"trait": "夜番"}],
    }
    words = reading_words(texted("T-EIT", EITHER))
    assert "if your field has a card that is <灯守イロ> or with [夜番]," in words


@pytest.mark.parametrize(
    "mate",
    [
        free_character("T-IRO", name="灯守イロ"),
        free_character("T-YOB", traits=["夜番"]),
    ],
)
def test_UA_EFFECT_IF_either_of_two_holds_with_either(mate: dict[str, Any]) -> None:
    b = either_scene(mate).play("A", "A-1", to="front_line", targets=["B-1"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "B", "B-1")["bp"] == 2000


def test_UA_EFFECT_IF_either_of_two_does_not_hold_with_neither() -> None:
    b = either_scene(free_character("T-OTH", name="灯守ミラ", traits=["朝番"]))
    b.play("A", "A-1", to="front_line", targets=["B-1"])
    assert rules_broken(b.replay(), b.last) == ["UA-EFFECT-TARGETS"]
    b = either_scene(None).play("A", "A-1", to="front_line", targets=[])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "B", "B-1")["bp"] == 3000
