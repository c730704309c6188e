"""Union Arena: "カードを1枚引いてもよい。そうした場合、自分の手札を1枚場外に置く。" (texthand.py
``read_may_draw``, UA-EFFECT-MAY-DRAW).  Made-up cards read from printed text, judged through
the engine."""

from __future__ import annotations

from judge.core.testing import ruling_texts
from judge.games.union_arena.reader import read_card
from judge.games.union_arena.testing import (
    LogBuilder,
    board_at_turn_3,
    free_character,
    player_state,
    reading_words,
    rules_broken,
    texted,
    verdict,
)

MAY_DRAW = "カードを1枚引いてもよい。そうした場合、自分の手札を1枚場外に置く。"
ON_PLAY = "[登場時]" + MAY_DRAW
BLOCKED = "このキャラがアタックしてブロックされた時、" + MAY_DRAW


def events(r: dict, index: int, kind: str) -> list[dict]:
    return [e for e in r["steps"][index]["events"] if e["type"] == kind]


def scene(greedy: bool = False) -> LogBuilder:
    """A's turn-3 main phase; A-1 〈ソラ〉 (draws the whole deck when played) and A-2 〈ミラ〉
    (``ON_PLAY``) in A's hand; with ``greedy`` A plays 〈ソラ〉 first, emptying A's deck."""
    cards = [
        free_character(
            "T-GREEDY", name="ソラ", effects=[{"when": "on_play", "do": [{"op": "draw", "n": 50}]}]
        ),
        texted("T-MIRA", ON_PLAY, name="ミラ"),
    ]
    b = board_at_turn_3(cards, ["T-GREEDY", "T-MIRA"], [], phase="main")
    if greedy:
        b.play("A", "A-1", to="front_line")
    return b.play("A", "A-2", to="front_line")


def test_UA_EFFECT_MAY_DRAW_read_as_optional_with_the_discard_if_done() -> None:
    reading = read_card(texted("T-1", BLOCKED))
    assert reading.understood, reading.unread
    (effect,) = reading.effects
    assert effect == {
        "when": "blocked",
        "optional": True,
        "do": [{"op": "draw", "n": 1}, {"op": "discard", "n": 1, "if_done": True}],
    }
    assert "you may draw 1 card; if you did, put 1 card" in reading_words(texted("T-1", BLOCKED))


def test_UA_EFFECT_MAY_DRAW_other_shapes_left_unread() -> None:
    for text in (
        "[起動メイン]" + MAY_DRAW,  # activated: "may" is no choice there
        "[登場時]カードを2枚引いてもよい。そうした場合、自分の手札を2枚場外に置く。",
        "[登場時]カードを1枚引いてもよい。",
        "[登場時]カードを1枚引いてもよい。そうした場合、自分の手札を1枚場外に置く。カードを1枚引く。",
    ):
        assert not read_card(texted("T-1", text)).understood, text


def test_UA_EFFECT_MAY_DRAW_used_draws_then_discards_any_hand_card() -> None:
    b = scene()
    b.act("A", "resolve", source="A-2", use=True, targets=["A-3"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert len(events(r, b.last, "draw")) == 1
    assert "A-3" in player_state(r, "A")["outside"]


def test_UA_EFFECT_MAY_DRAW_declined_does_nothing() -> None:
    b = scene()
    b.act("A", "resolve", source="A-2", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert events(r, b.last, "draw") == [] and events(r, b.last, "discard") == []
    assert events(r, b.last, "effect_declined")


def test_UA_EFFECT_MAY_DRAW_empty_deck_no_draw_so_no_discard() -> None:
    b = scene(greedy=True)
    b.act("A", "resolve", source="A-2", use=True)
    r = b.replay()
    assert rules_broken(r, b.last) == []
    assert events(r, b.last, "discard") == []
    assert events(r, b.last, "draw_failed")
    assert any("no card was drawn" in t for t in ruling_texts(r, b.last))
    assert r["summary"].get("result") is None  # an effect's draw does not lose (UA-WIN-DECK)
    # naming a card to discard anyway is wrong: nothing is put
    b2 = scene(greedy=True)
    r2 = b2.act("A", "resolve", source="A-2", use=True, targets=["A-3"]).replay()
    assert verdict(r2, b2.last) != "legal"
    assert "A-3" not in player_state(r2, "A")["outside"]
