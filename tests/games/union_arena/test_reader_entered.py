"""Union Arena: how this character entered the field, as its when-played text asks
("このキャラがリムーブエリアから登場していた", "このキャラが自分の〔キャラ・イベントカード〕の効果で登場
していた", UA-EFFECT-ENTERED; a life card's trigger under the rule option entered_by_trigger,
UA-EFFECT-ENTERED-TRIGGER), on made-up cards through the engine."""

from __future__ import annotations

from typing import Any

from judge.core.testing import player_state, verdict
from judge.games.union_arena.reader import read_card
from judge.games.union_arena.testing import (
    LogBuilder,
    board_at_turn_3,
    effects_of,
    field_ids,
    free_character,
    reading_words,
    texted,
)

DRAW = {"op": "draw", "n": 1}
BY_CHAR_EVENT = "[登場時]このキャラが自分の〔キャラ・イベントカード〕の効果で登場していた場合、カードを1枚引く。"
FROM_REMOVAL = "[登場時]このキャラがリムーブエリアから登場していた場合、カードを1枚引く。"
SOWER = "[登場時]自分の手札から緑のキャラカードを1枚まで自分の場にレストで登場させる。"


def sprout(text: str = BY_CHAR_EVENT, ap: int = 0) -> dict[str, Any]:
    return texted("T-SPROUT", text, color="green", ap=ap)


def sow(text: str = BY_CHAR_EVENT, **kw: Any) -> tuple[LogBuilder, int]:
    """A plays its sower (A-1), whose effect plays the sprout (A-2) from the hand; the size
    of A's hand before."""
    cards = [texted("T-SOWER", SOWER, ap=0), sprout(text), free_character("T-FOE")]
    b = board_at_turn_3(cards, ["T-SOWER", "T-SPROUT"], ["T-FOE"], phase="main", **kw)
    before = len(player_state(b.replay(), "A")["hand"])
    b.play("A", "A-1", to="front_line", targets=["A-2", {"to": "front_line"}])
    return b, before


def test_UA_EFFECT_ENTERED_read_from_printed_text() -> None:
    (effect,) = effects_of(BY_CHAR_EVENT)
    assert effect == {
        "when": "on_play",
        "do": [{**DRAW, "if": {"zone": "entry", "by": ["character", "event"]}}],
    }
    (effect,) = effects_of(FROM_REMOVAL)
    assert effect["do"] == [{**DRAW, "if": {"zone": "entry", "from": "removal"}}]
    words = reading_words(texted("T-R", BY_CHAR_EVENT))
    assert (
        "if this card entered the field by the effect of a character or event card of yours"
        in words
    )
    for odd in (
        "[登場時]このキャラが自分の〔カード〕の効果で登場していた場合、カードを1枚引く。",
        "[登場時]このキャラが相手の〔キャラ〕の効果で登場していた場合、カードを1枚引く。",
        "[登場時]このキャラが場外から登場していた場合、カードを1枚引く。",
    ):
        assert not read_card(texted("T-READ", odd)).understood, odd


def test_UA_EFFECT_ENTERED_by_a_characters_effect() -> None:
    b, before = sow()
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_ids(r, "A", "front_line") == ["A-1", "A-2"]
    assert len(player_state(r, "A")["hand"]) == before - 2 + 1  # two played, one drawn


def test_UA_EFFECT_ENTERED_not_by_a_type_it_does_not_name() -> None:
    b, before = sow(BY_CHAR_EVENT.replace("キャラ・イベントカード", "イベントカード"))
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert len(player_state(r, "A")["hand"]) == before - 2  # nothing drawn


def test_UA_EFFECT_ENTERED_not_when_played_from_the_hand() -> None:
    cards = [sprout(), free_character("T-FOE")]
    b = board_at_turn_3(cards, ["T-SPROUT"], ["T-FOE"], phase="main")
    before = len(player_state(b.replay(), "A")["hand"])
    b.play("A", "A-1", to="front_line")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert len(player_state(r, "A")["hand"]) == before - 1


def from_zone(zone: str) -> tuple[LogBuilder, int]:
    """A's card with a text-only ability (A-1) puts A-2 (FROM_REMOVAL) onto the front line
    from ``zone`` (first from the hand into the removal area for "removal"), as the log
    records; the size of A's hand before."""
    text = {"when": "activate_main", "text": "Put a card onto the field."}
    cards = [free_character("T-010", effects=[text]), sprout(FROM_REMOVAL), free_character("T-FOE")]
    b = board_at_turn_3(cards, ["T-010", "T-SPROUT"], ["T-FOE"], a_front=("A-1",), phase="main")
    before = len(player_state(b.replay(), "A")["hand"])
    b.act("A", "activate", card="A-1", ability=1)
    ops = [{"op": "move", "card": "T-SPROUT", "from": "hand", "to": "removal"}] * (
        zone == "removal"
    )
    ops.append({"op": "move", "card": "T-SPROUT", "from": zone, "to": "front_line"})
    b.act("A", "outcome", source="A-1", ops=ops)
    return b, before


def test_UA_EFFECT_ENTERED_from_the_removal_area() -> None:
    for zone, drawn in (("removal", 1), ("hand", 0)):
        b, before = from_zone(zone)
        r = b.replay()
        assert field_ids(r, "A", "front_line") == ["A-1", "A-2"], zone
        assert len(player_state(r, "A")["hand"]) == before - 1 + drawn, zone


def test_UA_EFFECT_ENTERED_TRIGGER_under_the_option() -> None:
    """B's life card, a character with a green COLOR trigger, brings B's sprout from the
    hand onto the field: by the character card's effect only under the option."""
    for option, drawn in (("not_counted", 0), ("counted", 1)):
        cards = [
            free_character("T-ATK"),
            free_character("T-COL", color="green", trigger="color"),
            sprout(ap=1),  # what a green COLOR trigger brings: AP 1
        ]
        options = {"entered_by_trigger": option}
        b = board_at_turn_3(
            cards, ["T-ATK"], ["T-COL", "T-SPROUT"], a_front=("A-1",), options=options
        )
        b.attack("A", "A-1").block("B").act("A", "pick_life", cards=[1], reveal=["T-COL"])
        before = len(player_state(b.replay(), "B")["hand"])
        b.act("B", "trigger", card="B-1", use=True, targets=["B-2"])
        r = b.replay()
        assert verdict(r, b.last) == "legal", option
        assert field_ids(r, "B", "front_line") == ["B-2"]
        assert len(player_state(r, "B")["hand"]) == before - 1 + drawn, option
