"""Union Arena: "このキャラは移動できない。" (UA-CANNOT-MOVE), on made-up cards: read from the
printed text into the keyword ``cannot move``, judged in the movement phase and for an
effect's move, and rendered in English."""

from __future__ import annotations

from typing import Any

from judge.core.replay import position
from judge.games.union_arena.legal import candidates
from judge.games.union_arena.reader import read_card
from judge.games.union_arena.render import render_card
from judge.games.union_arena.testing import (
    board_at_turn_3,
    field_ids,
    free_character,
    rules_applied,
    rules_broken,
    texted,
    verdict,
)

STAY = "このキャラは移動できない。"
RULE = "UA-CANNOT-MOVE"


def test_UA_CANNOT_MOVE_read_as_a_keyword() -> None:
    """UA-CANNOT-MOVE: "このキャラは移動できない。" (this character cannot move), a line of a
    character's text; "not read on a card with a raid"."""
    reading = read_card({"type": "character", "text": STAY})
    assert reading.understood and reading.keywords == ("cannot move",)
    raid = {"type": "character", "text": STAY, "raid": {"name": "ミラ"}}
    assert not read_card(raid).understood
    for text in (
        "このキャラは移動できず、アタックできない。",
        "[登場時]このキャラは移動できない。",
    ):
        assert not read_card({"type": "character", "text": text}).understood, text
    assert not read_card({"type": "field", "text": STAY}).understood
    assert render_card(texted("T-STY", STAY))["reading"] == ["Keywords: “cannot move”."]


def _board(**kw: Any) -> Any:
    cards = [texted("T-STY", STAY), free_character("T-GO")]
    return board_at_turn_3(cards, ["T-STY", "T-GO"], [], phase="movement", **kw)


def test_UA_CANNOT_MOVE_no_move_in_the_movement_phase() -> None:
    """UA-CANNOT-MOVE: "A movement-phase move of it (from the energy line to the front line …)
    is illegal"; another character moves as usual."""
    b = _board(a_energy=("A-1", "A-2"))
    b.act("A", "move", cards=["A-1"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == [RULE]
    b = _board(a_energy=("A-1", "A-2"))
    b.act("A", "move", cards=["A-2"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert field_ids(r, "A", "front_line", b.last) == ["A-2"]
    moves = [
        a for a in candidates(position(_board(a_energy=("A-1", "A-2")).doc)) if a["do"] == "move"
    ]
    assert all("A-1" not in a.get("cards", []) for a in moves)


def test_UA_CANNOT_MOVE_no_step_back() -> None:
    """UA-CANNOT-MOVE: "… or back with Step" is illegal too."""
    cards = [texted("T-STY", STAY, keywords=["step", "cannot move"])]
    b = board_at_turn_3(cards, ["T-STY"], [], a_front=("A-1",), phase="movement")
    b.act("A", "move", step_back=["A-1"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert RULE in rules_broken(r, b.last)


def test_UA_CANNOT_MOVE_an_effect_move_leaves_it_unverifiable() -> None:
    """UA-CANNOT-MOVE: "An effect that moves a chosen card to the other line … leaves it where
    it is; whether such an effect may choose it is in no source, so that step is
    unverifiable"."""
    mover = texted("T-MOV", "[登場時]自分の場のキャラを1枚選び、別のラインに移動させる。")
    cards = [texted("T-STY", STAY), mover]
    b = board_at_turn_3(cards, ["T-STY", "T-MOV"], [], a_front=("A-1",), phase="main")
    b.play("A", "A-2", to="energy_line", targets=["A-1"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert RULE in rules_applied(r, b.last)
    assert field_ids(r, "A", "front_line", b.last) == ["A-1"]
