"""Cancel as the cards' printed line and reminder define it (R4U-CANCEL, R4U-CANCEL-ANSWERS,
R4U-GUARD-USE).  The made-up cards print the two sentence shapes of the real cancel lines:
"【キャンセル】：Reバース以外の【スパーク】（手札から控え室に置くと、Reバース以外の【スパーク】を１つ止める）"
and "【キャンセル】：【スパーク】or【キャンセル】（手札から控え室に置くと、【スパーク】か【キャンセル】を１つ止める）"."""

from __future__ import annotations

from typing import Any

from judge.games.rebirth.reader import cancel_stops, read_card
from judge.games.rebirth.testing import (
    CANCEL,
    LogBuilder,
    card,
    event_types,
    player_state,
    rules_applied,
    rules_broken,
    verdict,
)

ZERO = {"energy": 0, "partner": 0}
NON_REBIRTH_LINE = (
    "【キャンセル】：Reバース以外の【スパーク】"
    "（手札から控え室に置くと、Reバース以外の【スパーク】を１つ止める）"
)
SPARK_OR_CANCEL_LINE = (
    "【キャンセル】：【スパーク】or【キャンセル】"
    "（手札から控え室に置くと、【スパーク】か【キャンセル】を１つ止める）"
)

SPARK = card("T-SPK", name="Flash", effects=[{"when": "spark", "do": [{"op": "draw", "n": 2}]}])
BURST = card(
    "T-SRB",
    "rebirth",
    name="Burst",
    frame="yellow",
    effects=[{"when": "spark", "do": [{"op": "draw", "n": 1}]}],
)


def _printed(code: str, name: str, text: str) -> dict[str, Any]:
    d = card(code, name=name, level=1, atk=1, def_=2)
    d["text"] = text
    return d


HUSH = _printed("T-HSH", "Hush", NON_REBIRTH_LINE)  # stops a non-Rebirth card's spark only
ECHO = _printed("T-ECH", "Echo", SPARK_OR_CANCEL_LINE)  # stops a spark or a cancel


def _revealed(reveal: str = "T-SPK", options: dict[str, Any] | None = None) -> LogBuilder:
    """In turn 1 A moves its filler to a member square; the entry-in reveals ``reveal``."""
    b = LogBuilder([SPARK, BURST, CANCEL, HUSH, ECHO], options=options)
    b.setup(first="A").proceed("A")
    b.act("A", "move", square=1, pay=ZERO)
    return b.act("A", "reveal", card=reveal)


def test_R4U_CANCEL_by_default_the_other_player_may_stop_each_spark() -> None:
    """Reminder: "手札から控え室に置くと、…【スパーク】を１つ止める" -- B decides first."""
    b = _revealed()
    r = b.replay()
    assert r["steps"][b.last]["pending"][0]["player"] == "B"
    assert "draw" not in event_types(r, b.last)  # the spark waits for B's answer
    b.act("B", "guard", card="T-HSH")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert r["steps"][b.last]["pending"][0]["player"] == "A"  # A may stop that cancel
    b.act("A", "guard", card=None)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "draw" not in event_types(r, b.last) and "spark_stopped" in event_types(r, b.last)
    assert "R4U-CANCEL" in rules_applied(r, b.last)
    assert player_state(r, "A")["entry"]["id"] == "A-1"  # the card stays in the entry


def test_R4U_CANCEL_declined_the_spark_resolves() -> None:
    b = _revealed().act("B", "guard", card=None)
    assert event_types(b.replay(), b.last).count("draw") == 2


def test_R4U_CANCEL_only_a_cancel_card_stops_a_spark() -> None:
    b = _revealed().act("B", "guard", card="T-000")
    assert rules_broken(b.replay(), b.last) == ["R4U-CANCEL"]


def test_R4U_CANCEL_a_spark_or_cancel_line_stops_the_cancel_and_the_spark_resolves() -> None:
    """ "【スパーク】か【キャンセル】を１つ止める": A stops B's cancel, so the spark does its work."""
    b = _revealed().act("B", "guard", card="T-HSH").act("A", "guard", card="T-ECH")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert r["steps"][b.last]["pending"][0]["player"] == "B"  # and B may stop that one
    b.act("B", "guard", card=None)
    r = b.replay()
    assert event_types(r, b.last).count("draw") == 2
    # a third cancel, B's, stops A's: an odd number of cancels, the spark is stopped
    c = _revealed().act("B", "guard", card="T-HSH").act("A", "guard", card="T-ECH")
    c.act("B", "guard", card="T-ECH").act("A", "guard", card=None)
    r = c.replay()
    assert verdict(r, c.last) == "legal"
    assert "draw" not in event_types(r, c.last) and "spark_stopped" in event_types(r, c.last)


def test_R4U_CANCEL_a_non_rebirth_spark_line_stops_no_cancel() -> None:
    """ "Reバース以外の【スパーク】を１つ止める": not a cancel."""
    b = _revealed().act("B", "guard", card="T-ECH").act("A", "guard", card="T-HSH")
    r = b.replay()
    assert rules_broken(r, b.last) == ["R4U-CANCEL"]


def test_R4U_CANCEL_a_non_rebirth_spark_line_stops_no_rebirth_cards_spark() -> None:
    """ "Reバース以外の【スパーク】": a Rebirth card's spark is out of its reach; a spark-or-cancel
    line reaches it."""
    b = _revealed("T-SRB").act("B", "guard", card="T-HSH")
    assert rules_broken(b.replay(), b.last) == ["R4U-CANCEL"]
    b = _revealed("T-SRB").act("B", "guard", card="T-ECH")
    assert verdict(b.replay(), b.last) == "legal"


def test_R4U_CANCEL_earlier_readings_stay_as_option_values() -> None:
    b = _revealed(options={"cancel_timing": "none"})  # no window: the spark resolves at once
    assert event_types(b.replay(), b.last).count("draw") == 2


def test_R4U_CANCEL_ANSWERS_a_keyword_only_cancel_stops_a_cancel_by_default() -> None:
    """The definition T-CAN gives the keyword without its line: the engine cannot know which
    wording it has, so by default it may stop a cancel; with "spark" it may not."""
    b = _revealed().act("B", "guard", card="T-HSH").act("A", "guard", card="T-CAN")
    assert verdict(b.replay(), b.last) == "legal"
    c = _revealed(options={"cancel_answers": "spark"})
    c.act("B", "guard", card="T-HSH").act("A", "guard", card="T-CAN")
    assert rules_broken(c.replay(), c.last) == ["R4U-CANCEL-ANSWERS"]
    # a printed line decides whatever the option
    d = _revealed(options={"cancel_answers": "spark"})
    d.act("B", "guard", card="T-HSH").act("A", "guard", card="T-ECH")
    assert verdict(d.replay(), d.last) == "legal"


def test_R4U_CANCEL_ANSWERS_a_missing_answer_to_a_cancel_is_unverifiable_when_one_could_come() -> (
    None
):
    """The log goes on after B's cancel without A's decision: A could hold a card that stops a
    cancel (observed mode), so the step cannot be checked."""
    b = _revealed().act("B", "guard", card="T-HSH").proceed("A")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "R4U-CHOICE-RECORDED" in rules_applied(r, b.last)


def test_R4U_GUARD_USE_a_cancel_goes_from_the_hand_to_the_waiting_room() -> None:
    """Reminder: "手札から控え室に置くと"."""
    b = _revealed().act("B", "guard", card="T-HSH").act("A", "guard", card=None)
    r = b.replay()
    assert len(player_state(r, "B")["waiting_room"]) == 1
    c = _revealed(options={"guard_use": "reveal"}).act("B", "guard", card="T-HSH")
    c.act("A", "guard", card=None)
    assert player_state(c.replay(), "B")["waiting_room"] == []


def test_R4U_TEXT_READ_both_cancel_lines_are_read_with_or_without_the_reminder() -> None:
    for text in (
        NON_REBIRTH_LINE,
        SPARK_OR_CANCEL_LINE,
        "【キャンセル】：Reバース以外の【スパーク】",
        "【キャンセル】：【スパーク】or【キャンセル】\n（手札から控え室に置くと、【スパーク】か【キャンセル】を１つ止める）",
    ):
        reading = read_card({"type": "character", "text": text})
        assert reading.understood and reading.keywords == ("cancel",), text
    assert cancel_stops(NON_REBIRTH_LINE) == ("spark_non_rebirth",)
    assert cancel_stops(SPARK_OR_CANCEL_LINE) == ("spark", "cancel")
    other = read_card({"type": "character", "text": "【キャンセル】：このキャラの【スパーク】"})
    assert not other.understood and other.keywords == ("cancel",)  # kept, not read
    assert cancel_stops("【キャンセル】：このキャラの【スパーク】") is None
