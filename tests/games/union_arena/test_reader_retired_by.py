"""Union Arena: "このターン中にキャラの効果でキャラが退場していた場合" (a character retired by the
effect of a character this turn, UA-EFFECT-THIS-TURN-RETIRED-BY), read from made-up printed text
and judged; a cost, BP 0 and a life-area trigger under their rule options
(UA-EFFECT-THIS-TURN-RETIRED-BY-COSTS, -BP-ZERO, -TRIGGERS)."""

from __future__ import annotations

from typing import Any

from judge.core.replay import position
from judge.games.union_arena.effects import supported
from judge.games.union_arena.reader import read_card
from judge.games.union_arena.testing import (
    board_at_turn_3,
    effects_of,
    free_character,
    reading_words,
    rules_broken,
    texted,
    verdict,
)
from judge.games.union_arena.testing import cards_drawn as draws

BY_CHAR = {"zone": "this_turn", "char_retired_by_char": 1}
CLAUSE = "このターン中にキャラの効果でキャラが退場していた"
ONLY_IF = f"[起動メイン]{CLAUSE}場合のみ発動できる。カードを1枚引く。"
DRAW = {"op": "draw", "n": 1}


def scene(other: dict[str, Any], **board: Any) -> Any:
    """A's reader (A-1) and ``other`` (A-2) on the front line, in A's turn-3 main phase."""
    cards = [texted("T-SEER", ONLY_IF), other, free_character("T-FOE")]
    return board_at_turn_3(
        cards, ["T-SEER", other["code"]], ["T-FOE"], a_front=("A-1", "A-2"), phase="main", **board
    )


def test_UA_EFFECT_THIS_TURN_RETIRED_BY_read_from_printed_text() -> None:
    (effect,) = effects_of(ONLY_IF)
    assert effect == {"when": "activate_main", "only_if": BY_CHAR, "do": [DRAW]}
    (effect,) = effects_of(f"[登場時]{CLAUSE}場合、カードを1枚引く。", type="event")
    assert effect["do"] == [{**DRAW, "if": BY_CHAR}]
    words = reading_words(texted("T-R", ONLY_IF))
    assert "a character has been retired by the effect of a character this turn" in words
    assert not supported({"when": "on_play", "do": [{**DRAW, "if": {**BY_CHAR, "side": "own"}}]})
    # on a character's card, after an op of the same effect (which might count itself): unread
    text = f"[登場時]相手のフロントLのキャラを1枚選び、退場させる。{CLAUSE}場合、カードを1枚引く。"
    assert not read_card(texted("T-READ", text)).understood
    for odd in (
        "[登場時]このターン中に自分のキャラの効果でキャラが退場していた場合、カードを1枚引く。",
        "[登場時]このターン中にキャラの効果でフィールドが退場していた場合、カードを1枚引く。",
    ):
        assert not read_card(texted("T-READ", odd)).understood, odd


def test_UA_EFFECT_THIS_TURN_RETIRED_BY_a_characters_effect_counts() -> None:
    b = scene(texted("T-GONE", "[起動メイン]このキャラを退場させる。"))
    b.act("A", "activate", card="A-1", ability=1)
    assert rules_broken(b.replay(), b.last) == ["UA-EFFECT-ONLY-IF"]
    b = scene(texted("T-GONE", "[起動メイン]このキャラを退場させる。"))
    b.act("A", "activate", card="A-2", ability=1)
    assert position(b.log()).snapshot()["players"]["A"]["retired_by_char"] == 1
    b.act("A", "activate", card="A-1", ability=1)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert draws(r, b.last) == 1


def test_UA_EFFECT_THIS_TURN_RETIRED_BY_a_fields_effect_does_not_count() -> None:
    field = texted("T-FLD", "[起動メイン]このフィールドを退場させる。", type="field")
    cards = [texted("T-SEER", ONLY_IF), field, free_character("T-FOE")]
    b = board_at_turn_3(
        cards, ["T-SEER", "T-FLD"], ["T-FOE"], a_front=("A-1",), a_energy=("A-2",), phase="main"
    )
    b.act("A", "activate", card="A-2", ability=1).act("A", "activate", card="A-1", ability=1)
    assert rules_broken(b.replay(), b.last) == ["UA-EFFECT-ONLY-IF"]


def test_UA_EFFECT_THIS_TURN_RETIRED_BY_COSTS_under_the_option() -> None:
    cost = "[起動メイン][このキャラを退場させる]カードを1枚引く。"
    for option, ok in (("not_counted", False), ("counted", True)):
        b = scene(texted("T-GONE", cost), options={"retired_by_char_costs": option})
        b.act("A", "activate", card="A-2", ability=1).act("A", "activate", card="A-1", ability=1)
        assert (verdict(b.replay(), b.last) == "legal") is ok, option


def test_UA_EFFECT_THIS_TURN_RETIRED_BY_BP_ZERO_under_the_option() -> None:
    lower = "[起動メイン]このキャラはこのターン中、BP-9000。"
    for option, ok in (("not_counted", False), ("counted", True)):
        b = scene(texted("T-LOW", lower), options={"retired_by_char_bp_zero": option})
        b.act("A", "activate", card="A-2", ability=1)
        assert "A-2" in position(b.log()).snapshot()["players"]["A"]["outside"]
        b.act("A", "activate", card="A-1", ability=1)
        assert (verdict(b.replay(), b.last) == "legal") is ok, option


def test_UA_EFFECT_THIS_TURN_RETIRED_BY_TRIGGERS_under_the_option() -> None:
    """B's life card, a character with SPECIAL, retires A's attacker: counted only under
    the option (the record A's snapshot shows, a reader of the condition being in the game)."""
    for option, count in (("not_counted", None), ("counted", 1)):
        cards = [
            texted("T-SEER", ONLY_IF),
            free_character("T-ATK", bp=9000),
            free_character("T-SPC", trigger="special"),
        ]
        b = board_at_turn_3(
            cards,
            ["T-ATK", "T-SEER"],
            ["T-ATK", "T-SPC"],
            a_front=("A-1",),
            b_front=("B-1",),
            options={"retired_by_char_triggers": option},
        )
        b.attack("A", "A-1").block("B")
        b.act("A", "pick_life", cards=[1], reveal=["T-SPC"])
        b.act("B", "trigger", card="B-2", use=True, targets=["A-1"])
        r = b.replay()
        assert verdict(r, b.last) == "legal"
        a = position(b.log()).snapshot()["players"]["A"]
        assert "A-1" in a["outside"]
        assert a.get("retired_by_char") == count, option
