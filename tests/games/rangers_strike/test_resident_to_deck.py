"""A resident operation chosen and returned to its owner's deck (RS-RESIDENT-TO-DECK), on
made-up cards in the catalogue's sentence shapes.

The sources' words, which the tests follow: "常駐しているオペレーションを1つ選び、選んだオペレーショ
ンを持ち主の山札に戻してシャッフルする。" — a resident *in place* (常駐している; no side named: either
player's), into its *owner's* deck, which is then shuffled.
"""

from __future__ import annotations

from typing import Any

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    card,
    event_types,
    player_state,
    printed,
    rules_applied,
    rules_broken,
    verdict,
)

TIDE = (
    "【渦潮】自軍ターン中、これがバトルエリアに出たとき、このユニットをホールドしてもよい。そうしたと"
    "き、常駐しているオペレーションを1つ選び、選んだオペレーションを持ち主の山札に戻してシャッフルす"
    "る。"
)
WHIRL = printed("T-340", TIDE, name="Whirl", bp=3000, sp=0)
POST_A = card("T-341", "operation", name="Post A", operation="resident")
POST_B = card("T-342", "operation", name="Post B", operation="resident")


def _entered() -> LogBuilder:
    """A puts Post A in place in turn 1, B puts Post B in turn 2; in turn 3 A's Whirl enters
    and its effect waits."""
    b = LogBuilder([WHIRL, POST_A, POST_B]).setup(first="A")
    b.charge("A", "T-000").proceed("A").use("A", "T-341").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").use("B", "T-342").proceed("B", 2)
    return b.charge("A", "T-000").proceed("A").rush("A", "T-340").proceed("A").enter("A", "T-340")


def _deck(r: dict[str, Any], pid: str) -> int:
    deck = player_state(r, pid)["deck"]
    return deck if isinstance(deck, int) else len(deck)


def test_RS_RESIDENT_TO_DECK_read_from_the_printed_sentence_and_shown() -> None:
    (effect,) = read_card({"type": "unit", "text": TIDE}).effects
    assert effect["when"] == "on_enter" and effect["optional"] is True
    assert effect["do"] == [{"op": "hold"}, {"op": "resident_to_deck"}]
    assert render_card(WHIRL)["reading"][-1].endswith(
        "and if you do: choose a resident operation in place (either player's): it goes back "
        "into its owner's deck, which is shuffled."
    )


def test_RS_RESIDENT_TO_DECK_the_resident_named_goes_into_its_owners_deck_shuffled() -> None:
    b = _entered()
    before = _deck(b.replay(), "B")
    post_b = player_state(b.replay(), "B")["resident"]
    b.act("A", "resolve", source="T-340", use=True, targets=[post_b])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-RESIDENT-TO-DECK" in rules_applied(r, b.last)
    assert player_state(r, "B")["resident"] is None
    assert player_state(r, "A")["resident"] is not None  # the other one stays
    assert _deck(r, "B") == before + 1
    types = event_types(r, b.last)
    assert types.index("shuffle") > types.index("to_deck")


def test_RS_RESIDENT_TO_DECK_a_card_not_in_place_does_not_fit() -> None:
    b = _entered()
    b.act("A", "resolve", source="T-340", use=True, targets=["T-340"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["RS-RESIDENT-TO-DECK"]


def test_RS_RESIDENT_TO_DECK_not_recorded_with_two_in_place_is_not_guessed() -> None:
    b = _entered()
    b.act("A", "resolve", source="T-340", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert player_state(r, "A")["resident"] is not None
    assert player_state(r, "B")["resident"] is not None
