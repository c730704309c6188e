"""The opponent's choice to return a face-up card of its power zone to its hand, and the unit
then barred from striking this turn (RS-OPPONENT-RETURNS-POWER), on made-up cards in the
catalogue's sentence shape.

The sources' words, which the tests follow: "「SP1」相手は自分自身のパワーゾーンからオモテ向きのカードを1枚選び
手札に戻してもよい。そうしたとき、このターン、これはストライクできない。" — the unit is *SP 1* (whatever
follows); *the opponent may* choose *one face-up card of its own power zone* and return it to its
hand; *only if it does*, *this turn* the unit *cannot strike*.  A face-down power card is damage.
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
    "【火炎車輪】「SP1」相手は自分自身のパワーゾーンからオモテ向きのカードを1枚選び手札に戻してもよい。そうしたとき、"
    "このターン、これはストライクできない。"
)
#: A's Number Combination 1 unit (SP ！)
WHEEL = {
    **printed("T-770", TEXT, name="Fire Wheel", bp=1000, sp=0, combination={"number": 1}),
    "sp_special": True,
    "size": "M",
}
#: cards B charges into its power zone
SPARK, EMBER = card("T-771", name="Spark"), card("T-772", name="Ember")
CARDS = [WHEEL, SPARK, EMBER]


def _entered(b_power: tuple[str, ...] = ("T-771",)) -> LogBuilder:
    """A charges a command (turn 1); B charges ``b_power`` face up into its power zone, one a
    turn (a command when none); in turn 3 (or 5) A rushes the Fire Wheel and enters it first:
    its Number Combination waits."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A", 3)
    for k, code in enumerate(b_power or ("T-000",)):
        if k:
            b.pass_turn("A")
        b.charge("B", code, to="power" if b_power else "command").proceed("B", 3)
    return b.proceed("A").rush("A", "T-770").proceed("A").enter("A", "T-770")


def _power(r: dict[str, Any]) -> int:
    return len(player_state(r, "B")["power"]["face_up"])


def test_RS_OPPONENT_RETURNS_POWER_read_and_shown() -> None:
    r = read_card({"type": "unit", "combination": {"number": 1}, "text": TEXT})
    assert r.understood
    assert r.combination[0]["do"] == [
        {"op": "sp", "value": 1, "until": "turn"},
        {"op": "opponent_power_to_hand", "if_done": True},
        {"op": "no_strike", "until": "turn"},
    ]
    assert r.combination[0]["optional"] is True
    assert render_card(WHEEL)["reading"][-1] == (
        "Number Combination 1: this unit is SP 1 until the end of the turn; then the opponent may "
        "choose 1 face-up card of its own power zone and return it to its hand, and if it does: "
        "this unit cannot strike until the end of the turn."
    )


def test_RS_OPPONENT_RETURNS_POWER_near_misses_are_not_read() -> None:
    for text in (
        TEXT.replace("戻してもよい。そうしたとき、", "戻す。"),
        TEXT.replace("相手は自分自身の", "自軍"),
        TEXT.replace("オモテ向きのカード", "ウラ向きのカード"),
        TEXT.replace("ストライクできない", "アタックできない"),
        TEXT.replace("このターン、", ""),
    ):
        defn = {"type": "unit", "combination": {"number": 1}, "text": text}
        assert not read_card(defn).understood, text
    assert not read_card({"type": "unit", "text": TEXT}).understood  # no combination number


def test_RS_OPPONENT_RETURNS_POWER_a_card_returned_the_unit_cannot_strike() -> None:
    b = _entered()
    card_id = player_state(b.replay(), "B")["power"]["face_up"][0]
    b.act("A", "resolve", source="A-1", use=True, targets=[card_id])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-OPPONENT-RETURNS-POWER" in rules_applied(r, b.last)
    assert _power(r) == 0
    assert (
        f"B returns {card_id} (Spark), a face-up card of its power zone, to its hand"
        in " ".join(event_texts(r, b.last))
    )
    b.strike("A", "T-770")
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-OPPONENT-RETURNS-POWER" in rules_broken(r, b.last)


def test_RS_OPPONENT_RETURNS_POWER_declined_the_unit_strikes_with_sp_1() -> None:
    b = _entered()
    b.act("A", "resolve", source="A-1", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _power(r) == 1
    b.strike("A", "T-770")
    assert verdict(b.replay(), b.last) == "legal"  # the 「SP1」 came all the same


def test_RS_OPPONENT_RETURNS_POWER_no_face_up_card_nothing_is_barred() -> None:
    b = _entered(())
    b.act("A", "resolve", source="A-1", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    b.strike("A", "T-770")
    assert verdict(b.replay(), b.last) == "legal"


def test_RS_OPPONENT_RETURNS_POWER_the_one_choice_taken_when_not_named() -> None:
    b = _entered()
    b.act("A", "resolve", source="A-1", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _power(r) == 0


def test_RS_OPPONENT_RETURNS_POWER_a_choice_not_recorded_is_not_guessed() -> None:
    b = _entered(("T-771", "T-772"))
    b.act("A", "resolve", source="A-1", use=True)  # which of two cards: not said
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "Which face-up card the opponent returned" in " ".join(ruling_texts(r, b.last))
    assert _power(r) == 2
    b = _entered()
    b.act("A", "resolve", source="A-1")  # whether it returned one: not said
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "Whether the opponent returned a card" in " ".join(ruling_texts(r, b.last))
    assert _power(r) == 1


def test_RS_OPPONENT_RETURNS_POWER_a_card_not_face_up_in_its_power_zone_is_illegal() -> None:
    b = _entered()
    b.act("A", "resolve", source="A-1", use=True, targets=["T-772"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal", r["steps"][b.last]
    assert "RS-OPPONENT-RETURNS-POWER" in rules_broken(r, b.last)


def test_RS_OPPONENT_RETURNS_POWER_no_resolve_recorded_the_sp_still_comes() -> None:
    b = _entered()
    b.strike("A", "T-770")  # no resolve: the engine resolves it by default, not used
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-CHOICE-RECORDED" in rules_applied(r, b.last)
    assert _power(r) == 1


def test_RS_OPPONENT_RETURNS_POWER_in_tag_battle_the_target_player_chooses() -> None:
    b = LogBuilder(CARDS, variant="tag").setup(first="A1")
    b.charge("A1", "T-000").proceed("A1", 3).charge("A2", "T-000").proceed("A2", 3)
    b.charge("B1", "T-771", to="power").proceed("B1", 3)
    b.charge("B2", "T-772", to="power").proceed("B2", 3)
    b.proceed("A1").rush("A1", "T-770").proceed("A1").enter("A1", "T-770")
    source = player_state(b.replay(), "A1")["battle"][0]["id"]
    b.act("A1", "resolve", source=source, use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "B1, the opponent, chose to return" in " ".join(ruling_texts(r, b.last))
    assert len(player_state(r, "B1")["power"]["face_up"]) == 0
    assert len(player_state(r, "B2")["power"]["face_up"]) == 1
