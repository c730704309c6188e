"""Union Arena: a character of yours rested from active by your own effect this turn ("このターン中
に自分のフロントLのキャラが自分の効果でアクティブからレストになったことがある", "…アクティブのこのキャラが
自分の効果でレストにされている場合のみ発動できる", UA-EFFECT-RESTED-BY-OWN), a cost under the rule option
rested_by_own_costs (UA-EFFECT-RESTED-BY-OWN-COSTS) and the line under rested_by_own_line
(UA-EFFECT-RESTED-BY-OWN-LINE), on made-up cards through the engine."""

from __future__ import annotations

from typing import Any

from judge.core.replay import position
from judge.games.union_arena.reader import read_card
from judge.games.union_arena.testing import (
    LogBuilder,
    board_at_turn_3,
    effects_of,
    field_unit,
    free_character,
    reading_words,
    rules_broken,
    texted,
    verdict,
)
from judge.games.union_arena.testing import cards_drawn as draws

CLAUSE = "このターン中に自分のフロントLのキャラが自分の効果でアクティブからレストになったことがある"
ONLY_IF = (
    "[起動メイン]このターン中に自分のフロントLのアクティブのこのキャラが自分の効果でレストにされている"
    "場合のみ発動できる。カードを1枚引く。"
)
GLOW = f"[自分のターン中]{CLAUSE}場合、このキャラはBP+500。"
RESTER = "[起動メイン]自分のフロントLのキャラを1枚選び、レストにする。"
COND = {"zone": "this_turn", "rested_by_own": {"line": "front_line"}}


def board(cards: list[dict[str, Any]], front: tuple[str, ...], **kw: Any) -> LogBuilder:
    """A's turn 3 (main phase unless ``phase``), ``cards`` in A's deck in order, ``front``
    of them on A's front line."""
    codes = [c["code"] for c in cards]
    kw.setdefault("phase", "main")
    return board_at_turn_3([*cards, free_character("T-FOE")], codes, ["T-FOE"], a_front=front, **kw)


def bp(b: LogBuilder, iid: str) -> int:
    return int(field_unit(b.replay(), "A", iid)["bp"])


def test_UA_EFFECT_RESTED_BY_OWN_read_from_printed_text() -> None:
    (effect,) = effects_of(GLOW)
    assert effect["do"][0]["if"] == COND
    (effect,) = effects_of(ONLY_IF)
    assert effect["only_if"] == "rested_by_own_this_turn"
    words = reading_words(texted("T-R", ONLY_IF))
    assert "this card, active in your front line, has been rested by your effect this turn" in words
    assert "a character in your front line has been rested from active by your effect" in (
        reading_words(texted("T-G", GLOW))
    )
    # after an op of the same effect (which might rest one itself), on a field: unread
    after = f"[登場時]{RESTER[7:]}{CLAUSE}場合、カードを1枚引く。"
    assert not read_card(texted("T-READ", after)).understood
    assert not read_card(texted("T-READ", ONLY_IF, type="field")).understood


def test_UA_EFFECT_RESTED_BY_OWN_only_if_by_an_own_effect() -> None:
    cards = [texted("T-SEER", ONLY_IF), texted("T-REST", RESTER)]
    b = board(cards, ("A-1", "A-2")).act("A", "activate", card="A-1", ability=1)
    assert rules_broken(b.replay(), b.last) == ["UA-EFFECT-ONLY-IF"]
    b = board(cards, ("A-1", "A-2")).act("A", "activate", card="A-2", ability=1, targets=["A-1"])
    assert position(b.log()).snapshot()["players"]["A"]["rested_by_own"] != []
    b.act("A", "activate", card="A-1", ability=1)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert draws(r, b.last) == 1


def test_UA_EFFECT_RESTED_BY_OWN_an_attack_is_not_an_effect() -> None:
    b = board([texted("T-GLOW", GLOW)], ("A-1",), phase="attack")
    before = bp(b, "A-1")
    b.attack("A", "A-1")
    assert field_unit(b.replay(), "A", "A-1")["rested"] is True
    assert bp(b, "A-1") == before
    b = board([texted("T-GLOW", GLOW), texted("T-REST", RESTER)], ("A-1", "A-2"))
    b.act("A", "activate", card="A-2", ability=1, targets=["A-2"])
    assert bp(b, "A-1") == before + 500


def test_UA_EFFECT_RESTED_BY_OWN_COSTS_under_the_option() -> None:
    cost = texted("T-COST", "[起動メイン][レストにする]カードを1枚引く。")
    for option, plus in (("not_counted", 0), ("counted", 500)):
        b = board([texted("T-GLOW", GLOW), cost], ("A-1", "A-2"))
        before = bp(b, "A-1")
        b = board(
            [texted("T-GLOW", GLOW), cost], ("A-1", "A-2"), options={"rested_by_own_costs": option}
        )
        b.act("A", "activate", card="A-2", ability=1)
        assert verdict(b.replay(), b.last) == "legal"
        assert bp(b, "A-1") == before + plus, option


def test_UA_EFFECT_RESTED_BY_OWN_LINE_under_the_option() -> None:
    """A-2 rests itself in the front line, then moves to the energy line."""
    mover = texted(
        "T-MOVE",
        "[起動メイン]このキャラをレストにする。\n[起動メイン]このキャラを別のラインに移動させる。",
    )
    for option, plus in (("when_rested", 500), ("now", 0)):
        b = board([texted("T-GLOW", GLOW), mover], ("A-1", "A-2"))
        before = bp(b, "A-1")
        b = board(
            [texted("T-GLOW", GLOW), mover], ("A-1", "A-2"), options={"rested_by_own_line": option}
        )
        b.act("A", "activate", card="A-2", ability=1).act("A", "activate", card="A-2", ability=2)
        b.act("A", "resolve", source="A-2")
        r = b.replay()
        assert verdict(r, b.last) == "legal", option
        assert field_unit(r, "A", "A-2")["rested"] is True
        assert bp(b, "A-1") == before + plus, option


WAKER = (
    "[起動メイン]このターン中に自分の効果でアクティブからレストになったことがある自分の場の他のキャラを"
    "1枚選び、アクティブにする。"
)


def test_UA_EFFECT_RESTED_BY_OWN_a_choice_of_a_card_so_rested() -> None:
    (effect,) = effects_of(WAKER)
    assert effect["do"][0]["target"]["rested_by_own"] is True
    assert "rested from active by your effect this turn" in reading_words(texted("T-W", WAKER))
    cards = [texted("T-WAKE", WAKER), texted("T-REST", RESTER), free_character("T-ATK")]
    # A-2 rested by A's effect: it may be chosen, and becomes active
    b = board(cards, ("A-1", "A-2"))
    b.act("A", "activate", card="A-2", ability=1, targets=["A-2"])
    b.act("A", "activate", card="A-1", ability=1, targets=["A-2"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "A", "A-2")["rested"] is False
    # A-2 rested as the cost of its own ability (not counted by default): not to be chosen
    cost = texted("T-COST", "[起動メイン][レストにする]カードを1枚引く。")
    b = board([texted("T-WAKE", WAKER), cost], ("A-1", "A-2"))
    b.act("A", "activate", card="A-2", ability=1)
    b.act("A", "activate", card="A-1", ability=1, targets=["A-2"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
