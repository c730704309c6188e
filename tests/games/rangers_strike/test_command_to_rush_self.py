"""A unit card's note letting its player put it from the command zone into the rush area in its
rush phase when the discard pile holds enough cards (RS-COMMAND-TO-RUSH-SELF), on made-up cards
in the catalogue's sentence shape.

The source's words, which the tests follow: "※これが自軍コマンドゾーンにある間、自軍ラッシュフェイズ中、自軍
捨札の枚数がこれの必要パワーの数字以上なら、これを自軍ラッシュエリアに出してもよい。" — *while this is in one's
command zone*, *in one's rush phase*, *if the number of cards of one's discard pile is at least its
required power number*, one *may put it* into one's rush area.
"""

from __future__ import annotations

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    player_state,
    printed,
    rules_applied,
    rules_broken,
    verdict,
)

NOTE = "※これが自軍コマンドゾーンにある間、自軍ラッシュフェイズ中、自軍捨札の枚数がこれの必要パワーの数字以上なら、これを自軍ラッシュエリアに出してもよい。"
#: A's units printing the note: the required power number 1, and 0
RETURNER = {
    **printed("T-912", NOTE, name="Returner", bp=3000, sp=1, size="S"),
    "power_number": 1,
}
ZERO = {**printed("T-913", NOTE, name="Zero", bp=3000, sp=1, size="S"), "power_number": 0}
CARDS = [RETURNER, ZERO]


def _charged(code: str) -> LogBuilder:
    """A charges ``code`` into its command zone (turn 1); in turn 3 A, its discard pile empty,
    puts it from there into its rush area."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", code).proceed("A", 3)
    b.charge("B", "T-000").proceed("B", 3)
    card = player_state(b.replay(), "A")["command"][0]["id"]
    return b.charge("A", "T-000").proceed("A").rush("A", card)


def test_RS_COMMAND_TO_RUSH_SELF_read_and_shown() -> None:
    r = read_card(RETURNER)
    assert r.understood and r.restrictions == ({"rule": "command_to_rush"},)
    assert render_card(RETURNER)["reading"][-1] == (
        "While this card is in your command zone, in your rush phase, if your discard pile holds "
        "at least as many cards as its required power number, you may put it into your rush area "
        "(no command or power needed) (RS-COMMAND-TO-RUSH-SELF)."
    )
    for text in (
        NOTE.replace("自軍捨札", "敵軍捨札"),
        NOTE.replace("以上なら", "以下なら"),
        NOTE.replace("自軍ラッシュフェイズ中、", ""),
    ):
        assert not read_card({"type": "unit", "text": text}).understood, text


def test_RS_COMMAND_TO_RUSH_SELF_enough_cards_it_goes_to_the_rush_area() -> None:
    b = _charged("T-913")  # 0 cards needed
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-COMMAND-TO-RUSH-SELF" in rules_applied(r, b.last)
    a = player_state(r, "A")
    assert [u["code"] for u in a["rush"]] == ["T-913"]
    assert len(a["command"]) == 1  # the filler charged in turn 3, released: nothing held for it
    assert a["command"][0]["held"] is False


def test_RS_COMMAND_TO_RUSH_SELF_too_few_cards_is_illegal() -> None:
    b = _charged("T-912")  # 1 card needed, none in the discard pile
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-COMMAND-TO-RUSH-SELF" in rules_broken(r, b.last)


def test_RS_COMMAND_TO_RUSH_SELF_a_card_without_the_note_is_illegal() -> None:
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A", 3)
    b.charge("B", "T-000").proceed("B", 3)
    filler = player_state(b.replay(), "A")["command"][0]["id"]
    b.charge("A", "T-000").proceed("A").rush("A", filler)
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-COMMAND-TO-RUSH-SELF" in rules_broken(r, b.last)


def test_RS_COMMAND_TO_RUSH_SELF_named_by_zone_and_a_bare_code_is_the_hands() -> None:
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-913").proceed("A", 3)
    b.charge("B", "T-000").proceed("B", 3)
    b.charge("A", "T-000").proceed("A").rush("A", {"code": "T-913", "zone": "command"})
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-COMMAND-TO-RUSH-SELF" in rules_applied(r, b.last)
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-000")  # a filler of the hand, as ever
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-COMMAND-TO-RUSH-SELF" not in rules_applied(r, b.last)
