"""Union Arena: an effect listed to choose from ("以下から1つ選ぶ。・…") that is itself optional,
"・…てもよい。そうした場合、…" (UA-EFFECT-MODES-MAY), on made-up cards.  Each test follows the
rule's wording: once chosen, the player may use it or decline it (`use` in the `modes` record),
and what follows "そうした場合" happens only if it was used."""

from __future__ import annotations

from typing import Any

from judge.core.testing import player_state
from judge.games.union_arena.reader import read_card
from judge.games.union_arena.render import render_card
from judge.games.union_arena.testing import (
    board_at_turn_3,
    card,
    free_character,
    rules_applied,
    rules_broken,
    texted,
    verdict,
)

DISCARD = (
    "[登場時]以下から1つ選ぶ。\n"
    "・カードを1枚引く。\n"
    "・自分の手札のイベントカードを1枚場外に置いてもよい。そうした場合、カードを2枚引く。"
)
RETIRE = (
    "[登場時]以下から1つ選ぶ。\n"
    "・カードを1枚引き、自分の手札を1枚場外に置く。\n"
    "・自分の場のフィールドを1枚退場させてもよい。そうした場合、カードを1枚引く。"
)


def scene(text: str = DISCARD, second: str = "event") -> Any:
    cards = [
        texted("T-MODAL", text),
        card("T-EVT", type="event", ap=0) if second == "event" else free_character("T-EVT"),
        card("T-FLD", type="field", ap=0),
    ]
    return board_at_turn_3(
        cards, ["T-MODAL", "T-EVT", "T-FLD"], [], a_energy=("A-3",), phase="main"
    )


def hand(r: dict[str, Any]) -> list[str]:
    return list(player_state(r, "A")["hand"])


def test_UA_EFFECT_MODES_MAY_read_with_may_on_its_first_op() -> None:
    r = read_card({"type": "character", "text": DISCARD})
    assert r.understood
    (effect,) = r.effects
    assert effect["do"][0]["modes"][1] == [
        {"op": "discard", "n": 1, "card": {"card_type": "event"}, "may": True},
        {"op": "draw", "n": 2, "if_done": True},
    ]
    r = read_card({"type": "character", "text": RETIRE})
    assert r.understood
    assert r.effects[0]["do"][0]["modes"][1] == [
        {
            "op": "retire",
            "target": {"side": "own", "zone": "field", "type": "field", "count": 1},
            "may": True,
        },
        {"op": "draw", "n": 1, "if_done": True},
    ]


def test_UA_EFFECT_MODES_MAY_not_read_without_if_you_did_or_when_activated() -> None:
    text = DISCARD.replace("そうした場合、カードを2枚引く", "カードを2枚引く")
    assert not read_card({"type": "character", "text": text}).understood
    text = DISCARD.replace("[登場時]", "[起動メイン]")
    assert not read_card({"type": "character", "text": text}).understood
    text = DISCARD.replace("以下から1つ選ぶ", "以下から2つまで選ぶ")  # `use` of one effect only
    assert not read_card({"type": "character", "text": text}).understood


def test_UA_EFFECT_MODES_MAY_used_discards_then_what_follows_happens() -> None:
    base = hand(scene().replay())
    b = scene().play("A", "A-1", to="front_line", targets=[{"modes": [2], "use": True}, "A-2"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert "A-2" in player_state(r, "A")["outside"]
    assert len(hand(r)) == len(base) - 2 + 2  # played and discarded, two drawn
    b = scene().play("A", "A-1", to="front_line", targets=[{"modes": [2]}, "A-2"])
    assert verdict(b.replay(), b.last) == "legal"  # `use` true by default


def test_UA_EFFECT_MODES_MAY_declined_nothing_happens() -> None:
    base = hand(scene().replay())
    b = scene().play("A", "A-1", to="front_line", targets=[{"modes": [2], "use": False}])
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert "UA-EFFECT-MODES-MAY" in rules_applied(r, b.last)
    assert len(hand(r)) == len(base) - 1  # only the card played left the hand
    assert "A-2" not in player_state(r, "A")["outside"]


def test_UA_EFFECT_MODES_MAY_used_without_a_card_that_fits_is_illegal() -> None:
    b = scene(second="character")
    b.play("A", "A-1", to="front_line", targets=[{"modes": [2]}, "A-2"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]


def test_UA_EFFECT_MODES_MAY_use_on_an_effect_not_optional_is_illegal() -> None:
    b = scene().play("A", "A-1", to="front_line", targets=[{"modes": [1], "use": False}])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-MODES-MAY"]


def test_UA_EFFECT_MODES_MAY_a_field_retired_then_a_card_drawn() -> None:
    base = hand(scene(RETIRE).replay())
    b = scene(RETIRE).play("A", "A-1", to="front_line", targets=[{"modes": [2]}, "A-3"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert "A-3" in player_state(r, "A")["outside"]
    assert len(hand(r)) == len(base)  # one played, one drawn
    b = scene(RETIRE).play("A", "A-1", to="front_line", targets=[{"modes": [2]}, "A-1"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"  # a character is no field


def test_UA_EFFECT_MODES_MAY_rendered_as_you_may() -> None:
    shown = render_card({"code": "T", "name": "T", "type": "character", "text": DISCARD})
    text = " ".join(shown["reading"])
    assert "(2) you may put 1 event card from your hand into the outside area; if you did" in text
    assert "not rendered" not in text


NOT_NAMED = (
    "[登場時]以下から1つ選ぶ。\n"
    "・カードを1枚引く。\n"
    "・〈ミラ〉以外の自分の手札を1枚場外に置いてもよい。そうした場合、カードを2枚引く。"
)


def test_UA_EFFECT_MODES_MAY_a_hand_card_not_named_x() -> None:
    """ "〈X〉以外の自分の手札を1枚…": any hand card but one named X (UA-EFFECT-TARGETS)."""
    (effect,) = read_card({"type": "character", "text": NOT_NAMED}).effects
    assert effect["do"][0]["modes"][1][0] == {
        "op": "discard",
        "n": 1,
        "card": {"not_name": "ミラ"},
        "may": True,
    }
    cards = [
        texted("T-MODAL", NOT_NAMED),
        free_character("T-MIRA", name="ミラ"),
        free_character("T-IRO", name="イロ"),
    ]
    for named, ok in (("A-3", True), ("A-2", False)):
        b = board_at_turn_3(cards, ["T-MODAL", "T-MIRA", "T-IRO"], [], phase="main")
        b.play("A", "A-1", to="front_line", targets=[{"modes": [2]}, named])
        r = b.replay()
        assert (verdict(r, b.last) == "legal") is ok, (named, rules_broken(r, b.last))
        if not ok:
            assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]
