"""A held command of one's own discarded, and the top card of the deck put into the command zone
released or held by its feature (RS-DISCARD-HELD-COMMAND, RS-TOP-TO-COMMAND), on made-up cards in
the catalogue's sentence shape.

The sources' words, which the tests follow: "これをラッシュしたとき、ホールド状態の自軍コマンドを1つ選び捨札に
してもよい。そうしたとき、自軍山札の上から1枚ひいて、そのカードが特徴「メカ」を持つならリリース状態で、持たないなら
ホールド状態で自軍コマンドゾーンに置く。" — when it is rushed, the player *may* choose *one held* command
of its own and put it into the discard pile; *only if it did*, the top card of its deck goes into
its command zone, *released* if it has the feature メカ, *held* if not.  A command is any card of
the command zone.
"""

from __future__ import annotations

from typing import Any

from judge.core.testing import ruling_texts
from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    card,
    event_texts,
    player_state,
    printed,
    rules_applied,
    rules_broken,
    verdict,
)

TEXT = (
    "【鮫の刷毛】これをラッシュしたとき、ホールド状態の自軍コマンドを1つ選び捨札にしてもよい。そうしたとき、自軍"
    "山札の上から1枚ひいて、そのカードが特徴「メカ」を持つならリリース状態で、持たないならホールド状態で自軍コマンド"
    "ゾーンに置く。"
)
#: A's unit (a blaze card), its effect when rushed
SHARK = printed("T-780", TEXT, name="Shark Brush", bp=3000, sp=0, size="S")
#: a card with the feature メカ, one without, a tide card, a second blaze card
GEAR = {**card("T-781", name="Gear"), "features": ["メカ"]}
PLAIN = card("T-782", name="Plain")
TIDE = card("T-783", name="Tide", category="tide")
SPARE = card("T-784", name="Spare")
CARDS = [SHARK, GEAR, PLAIN, TIDE, SPARE]


def _rushed(second: str | None = None, filler_first: bool = False) -> LogBuilder:
    """A charges a blaze command (turn 1) and ``second`` (turn 3), then in turn 3 rushes the
    filler first, if ``filler_first``, and Shark Brush (its effect waits for A's choice)."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A", 3).charge("B", "T-000").proceed("B", 3)
    if second is not None:
        b.charge("A", second)
    b.proceed("A")
    if filler_first:
        b.rush("A", "T-000", hold="T-000")
    return b.rush("A", "T-780")


def _held(r: dict[str, Any]) -> list[bool]:
    return [c["held"] for c in player_state(r, "A")["command"]]


def _said(r: dict[str, Any], i: int) -> str:
    return " ".join(event_texts(r, i))


def test_RS_DISCARD_HELD_COMMAND_read_and_shown() -> None:
    r = read_card({"type": "unit", "text": TEXT})
    assert r.understood
    (effect,) = r.effects
    assert effect["when"] == "on_rush" and effect["optional"] is True
    assert effect["do"] == [
        {"op": "discard_held_command", "count": 1, "if_done": True},
        {"op": "top_to_command", "released_if": {"feature": "メカ"}},
    ]
    assert render_card(SHARK)["reading"] == [
        "When rushed (optional: you may): choose 1 held command of yours and put it into your "
        "discard pile, and if you do: put the top card of your deck into your command zone: "
        "released if it has the feature メカ, held if not."
    ]


def test_RS_DISCARD_HELD_COMMAND_near_misses_are_not_read() -> None:
    for text in (
        TEXT.replace("ホールド状態の自軍コマンド", "リリース状態の自軍コマンド"),
        TEXT.replace("捨札にしてもよい。そうしたとき、", "捨札にする。"),
        TEXT.replace(
            "持つならリリース状態で、持たないならホールド状態で",
            "持つならホールド状態で、持たないならリリース状態で",
        ),
        TEXT.replace("自軍コマンドゾーンに置く", "手札に加える"),
    ):
        assert not read_card({"type": "unit", "text": text}).understood, text


def test_RS_DISCARD_HELD_COMMAND_a_card_with_the_feature_goes_released() -> None:
    b = _rushed()
    b.act("A", "resolve", source="A-1", use=True, targets=["T-000", "T-781"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert {"RS-DISCARD-HELD-COMMAND", "RS-TOP-TO-COMMAND"} <= set(rules_applied(r, b.last))
    assert _held(r) == [False]
    assert "A puts its held command A-16 (Filler) into A's discard pile" in _said(r, b.last)
    assert "(Gear), the top card of A's deck, goes released into its command zone" in _said(
        r, b.last
    )
    assert player_state(r, "A")["discard"] == ["A-16"]


def test_RS_DISCARD_HELD_COMMAND_a_card_without_it_goes_held() -> None:
    b = _rushed()
    b.act("A", "resolve", source="A-1", use=True, targets=["T-000", "T-782"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _held(r) == [True]
    assert "(Plain), the top card of A's deck, goes held into its command zone" in _said(r, b.last)
    assert "does not print the feature メカ" in " ".join(ruling_texts(r, b.last))


def test_RS_DISCARD_HELD_COMMAND_not_used_nothing_happens() -> None:
    b = _rushed()
    b.act("A", "resolve", source="A-1", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert _held(r) == [True]
    assert player_state(r, "A")["discard"] == []


def test_RS_DISCARD_HELD_COMMAND_a_released_command_cannot_be_chosen() -> None:
    b = _rushed("T-783")  # the tide command stays released
    b.act("A", "resolve", source="A-1", use=True, targets=["T-783", "T-781"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal", r["steps"][b.last]
    assert "RS-DISCARD-HELD-COMMAND" in rules_broken(r, b.last)


def test_RS_DISCARD_HELD_COMMAND_which_of_two_not_recorded_is_not_guessed() -> None:
    b = _rushed("T-784", filler_first=True)  # T-000 and T-784 both held
    assert _held(b.replay()) == [True, True]
    b.act("A", "resolve", source="A-1", use=True, targets=["T-781"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-DISCARD-HELD-COMMAND" in rules_applied(r, b.last)
    assert _held(r) == [True, True]  # nothing carried out
    assert player_state(r, "A")["discard"] == []
    # named, it is judged
    b = _rushed("T-784", filler_first=True)
    b.act("A", "resolve", source="A-1", use=True, targets=["T-784", "T-781"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _held(r) == [True, False]
    assert "(Spare) into A's discard pile" in _said(r, b.last)


def test_RS_DISCARD_HELD_COMMAND_in_tag_battle_an_allys_held_command_is_not_guessed() -> None:
    """The leader A1 rushes the filler (its command held); the supporter A2 rushes Shark Brush:
    自軍コマンド may be A2's or its team's."""
    b = LogBuilder(CARDS, variant="tag").setup(first="A1")
    b.charge("A1", "T-000").proceed("A1").rush("A1", "T-000").proceed("A1", 2)
    b.charge("A2", "T-000").proceed("A2").rush("A2", "T-780")
    source = player_state(b.replay(), "A2")["rush"][0]["id"]
    b.act("A2", "resolve", source=source, use=True, targets=["T-781"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "whether 自軍コマンド means" in " ".join(ruling_texts(r, b.last))
    # A2's own command named: judged
    b = LogBuilder(CARDS, variant="tag").setup(first="A1")
    b.charge("A1", "T-000").proceed("A1").rush("A1", "T-000").proceed("A1", 2)
    b.charge("A2", "T-000").proceed("A2").rush("A2", "T-780")
    own = player_state(b.replay(), "A2")["command"][0]["id"]
    b.act("A2", "resolve", source=source, use=True, targets=[own, "T-781"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert [c["held"] for c in player_state(r, "A2")["command"]] == [False]
