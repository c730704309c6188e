"""Union Arena: "このキャラがアクティブの場合、…" (if this character is active, …), read as the
effect is carried out (UA-EFFECT-IF-SELF-ACTIVE), on made-up cards.  Each test follows the rule's
wording: what follows happens only if the character with the ability is on the field and active
as it is carried out."""

from __future__ import annotations

from typing import Any

from judge.core.testing import player_state
from judge.games.union_arena.reader import read_card
from judge.games.union_arena.render import render_card
from judge.games.union_arena.testing import (
    board_at_turn_3,
    field_unit,
    rules_applied,
    rules_broken,
    texted,
    verdict,
)

CHOICE = (
    "[起動メイン][APを1支払う][ターン1]以下から1つ選ぶ。\n"
    "・このキャラをアクティブにする。\n"
    "・このキャラがアクティブの場合、カードを1枚引く。"
)


def scene(played_now: bool) -> Any:
    """A's 〈ミラ〉 in the front line: played on turn 1 (active by turn 3) or now (rested)."""
    cards = [texted("T-MIRA", CHOICE, name="ミラ")]
    b = board_at_turn_3(cards, ["T-MIRA"], [], a_front=() if played_now else ("A-1",), phase="main")
    return b.play("A", "A-1", to="front_line") if played_now else b


def hand(r: dict[str, Any]) -> int:
    return len(player_state(r, "A")["hand"])


def test_UA_EFFECT_IF_SELF_ACTIVE_read_as_a_condition_on_the_card_itself() -> None:
    r = read_card({"type": "character", "text": CHOICE})
    assert r.understood
    assert r.effects[0]["do"][0]["modes"][1] == [
        {"op": "draw", "n": 1, "if": {"zone": "self_state", "active": True}}
    ]


def test_UA_EFFECT_IF_SELF_ACTIVE_not_read_where_this_character_may_be_gone() -> None:
    text = "[退場時]このキャラがアクティブの場合、カードを1枚引く。"
    assert not read_card({"type": "character", "text": text}).understood
    text = "[起動メイン][レストにする]このキャラがアクティブの場合、カードを1枚引く。"
    assert not read_card({"type": "character", "text": text}).understood  # the cost rests it
    text = "[起動メイン]このキャラがアクティブの場合、カードを1枚引く。"
    assert not read_card({"type": "field", "text": text}).understood  # a field is no character
    text = "[起動メイン][APを1支払う]このキャラをレストにする。このキャラがアクティブの場合、カードを1枚引く。"
    assert not read_card({"type": "character", "text": text}).understood  # an op before it


def test_UA_EFFECT_IF_SELF_ACTIVE_active_draws() -> None:
    base = scene(False)
    before = hand(base.replay())
    b = scene(False).act("A", "activate", card="A-1", ability=1, targets=[{"modes": [2]}])
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert "UA-EFFECT-IF-SELF-ACTIVE" in rules_applied(r, b.last)
    assert field_unit(r, "A", "A-1")["rested"] is False
    assert hand(r) == before + 1


def test_UA_EFFECT_IF_SELF_ACTIVE_rested_draws_nothing() -> None:
    base = scene(True)
    before = hand(base.replay())
    b = scene(True).act("A", "activate", card="A-1", ability=1, targets=[{"modes": [2]}])
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert "UA-EFFECT-IF-SELF-ACTIVE" in rules_applied(r, b.last)
    assert field_unit(r, "A", "A-1")["rested"] is True
    assert hand(r) == before
    b = scene(True).act("A", "activate", card="A-1", ability=1, targets=[{"modes": [1]}])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "A", "A-1")["rested"] is False


def test_UA_EFFECT_IF_SELF_ACTIVE_rendered() -> None:
    shown = render_card({"code": "T", "name": "T", "type": "character", "text": CHOICE})
    text = " ".join(shown["reading"])
    assert "(2) if this character is active, draw 1 card" in text
