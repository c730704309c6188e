"""Union Arena: an AP cost lowered while the card is in the hand, "自分のフロントLに〈X〉が
ある場合、手札にあるこのカードの消費APを-1する。" (UA-EFFECT-AP-LESS), on made-up cards: read
from the printed text, the play and the raid judged on the lowered cost and paying only it,
and rendered.  By A's turn 3 (A going first) A has 2 AP cards, both active."""

from __future__ import annotations

from typing import Any

import pytest

from judge.games.union_arena.reader import read_card
from judge.games.union_arena.render import render_card
from judge.games.union_arena.testing import (
    board_at_turn_3,
    free_character,
    player_state,
    rules_applied,
    rules_broken,
    texted,
    verdict,
)

FRONT = "自分のフロントLに〈灯守ミラ〉がある場合、手札にあるこのカードの消費APを-1する。"
FIELD = "自分の場に[特徴:灯守]がある場合、手札にあるこのカードの消費APを-1する。"
MIRA = free_character("T-MIRA", name="灯守ミラ", traits=["灯守"])


def active_ap(replay: dict[str, Any]) -> int:
    return int(player_state(replay, "A")["ap"]["active"])


@pytest.mark.parametrize(
    ("text", "cond"),
    [
        (FRONT, {"side": "own", "zone": "front_line", "name": "灯守ミラ"}),
        (FIELD, {"side": "own", "zone": "field", "trait": "灯守"}),
        (
            "相手のライフが4以下の場合、手札にあるこのカードの消費APを－１する。",
            {"side": "opponent", "zone": "life", "max": 4},
        ),
        (  # either of two names (UA-EFFECT-IF)
            "自分の場に〈灯守ミラ〉か〈夜番〉がある場合、手札にあるこのカードの消費APを-1する。",
            {"side": "own", "zone": "field", "any_of": [{"name": "灯守ミラ"}, {"name": "夜番"}]},
        ),
    ],
)
def test_UA_EFFECT_AP_LESS_read_from_printed_text(text: str, cond: dict[str, Any]) -> None:
    reading = read_card(texted("T-READ", text, ap=2))
    assert reading.understood, reading.unread
    assert reading.effects == (
        {"when": "continuous", "do": [{"op": "reduce_ap", "n": 1, "if": cond}]},
    )


@pytest.mark.parametrize(
    "text",
    [
        "手札にあるこのカードの消費APを-1する。",  # no condition: the card list prints none
        "相手の場に〈灯守ミラ〉がある場合、手札にあるこのカードの消費APを-1する。",
        "自分のフロントLに〈灯守ミラ〉がある場合、このカードの消費APを-1する。",
    ],
)
def test_UA_EFFECT_AP_LESS_other_wordings_stay_unread(text: str) -> None:
    assert not read_card(texted("T-READ", text, ap=2)).understood


def test_UA_EFFECT_AP_LESS_play_costs_one_less_while_the_condition_holds() -> None:
    cards = [texted("T-CHEAP", FRONT, ap=3), MIRA]
    b = board_at_turn_3(cards, ["T-CHEAP", "T-MIRA"], [], a_front=("A-2",), phase="main")
    r = b.play("A", "A-1", to="front_line").replay()
    assert verdict(r, b.last) == "legal"  # 3 - 1 AP: <灯守ミラ> is in the front line
    assert "UA-EFFECT-AP-LESS" in rules_applied(r, b.last)
    assert active_ap(r) == 0


def test_UA_EFFECT_AP_LESS_play_illegal_when_the_condition_fails() -> None:
    cards = [texted("T-CHEAP", FRONT, ap=3), MIRA]
    # <灯守ミラ> in the energy line: not in the front line, the card costs 3
    b = board_at_turn_3(cards, ["T-CHEAP", "T-MIRA"], [], a_energy=("A-2",), phase="main")
    r = b.play("A", "A-1", to="front_line").replay()
    assert verdict(r, b.last) == "illegal"
    assert "UA-AP-COST" in rules_broken(r, b.last)


def test_UA_EFFECT_AP_LESS_only_the_lowered_cost_is_paid() -> None:
    cards = [texted("T-CHEAP", FIELD, ap=2), MIRA]
    b = board_at_turn_3(cards, ["T-CHEAP", "T-MIRA"], [], a_energy=("A-2",), phase="main")
    r = b.play("A", "A-1", to="front_line").replay()
    assert verdict(r, b.last) == "legal"
    assert active_ap(r) == 1  # 2 - 1 AP rested: a [灯守] card is on the field
    b = board_at_turn_3(cards, ["T-CHEAP", "T-MIRA"], [], phase="main")
    r = b.play("A", "A-1", to="front_line").replay()
    assert verdict(r, b.last) == "legal"
    assert active_ap(r) == 0  # no [灯守] card on the field: both AP cards rested


def test_UA_EFFECT_AP_LESS_never_below_zero() -> None:
    cards = [texted("T-CHEAP", FIELD, ap=0), MIRA]
    b = board_at_turn_3(cards, ["T-CHEAP", "T-MIRA"], [], a_energy=("A-2",), phase="main")
    r = b.play("A", "A-1", to="front_line").replay()
    assert verdict(r, b.last) == "legal"
    assert active_ap(r) == 2


def test_UA_EFFECT_AP_LESS_raid_costs_one_less() -> None:
    line = "[レイド]〈灯守ミラ〉アクティブにし、フロントLに移動できる\n" + FRONT
    raider = texted("T-RAID", line, ap=3, raid={"onto": {"name": "灯守ミラ"}})
    b = board_at_turn_3([raider, MIRA], ["T-RAID", "T-MIRA"], [], a_front=("A-2",), phase="main")
    r = b.act("A", "raid", card="A-1", onto="A-2").replay()
    assert verdict(r, b.last) == "legal"  # the base is in the front line as the AP is paid
    assert active_ap(r) == 0
    b = board_at_turn_3([raider, MIRA], ["T-RAID", "T-MIRA"], [], a_energy=("A-2",), phase="main")
    r = b.act("A", "raid", card="A-1", onto="A-2").replay()
    assert verdict(r, b.last) == "illegal"  # the base is in the energy line: it costs 3
    assert "UA-AP-COST" in rules_broken(r, b.last)


def test_UA_EFFECT_AP_LESS_removal_that_changes_the_cost_is_unverifiable() -> None:
    """Four cards in the front line, <灯守ミラ> among them put into the removal area to make
    room: whether it leaves before the AP is paid is not known."""
    cards = [texted("T-CHEAP", FRONT, ap=3), MIRA, free_character("T-ONE")]
    deck = ["T-CHEAP", "T-MIRA", "T-ONE", "T-ONE", "T-ONE"]
    b = board_at_turn_3(cards, deck, [], a_front=("A-2", "A-3", "A-4", "A-5"), phase="main")
    r = b.play("A", "A-1", to="front_line", remove=["A-2"]).replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "UA-EFFECT-AP-LESS" in rules_applied(r, b.last)


def test_UA_EFFECT_AP_LESS_rendered() -> None:
    d = texted("T-CHEAP", FRONT, ap=3)
    words = " ".join(render_card({"name": d["code"], **d})["reading"])
    assert words == (
        "Continuous: while this card is in your hand, if your front line has a card named "
        "<灯守ミラ>, it costs 1 AP less."
    )
