"""Call (``※コールX``, RS-CALL), on made-up cards.

The sources' words, which the tests follow: the reminder "このユニットはWBのユニットをラッシュす
るためのコマンドとしてホールドできる" (a unit of one's own held in place of a command, only to rush
a unit of that category), and the fan wiki's page on commands (atwiki renst page 151): it stands
in for a command only when used, and is not released in the start phase.
"""

from __future__ import annotations

from typing import Any

from judge.core.testing import ruling_texts
from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    card,
    player_state,
    printed,
    rules_applied,
    rules_broken,
    verdict,
)

REMINDER = "(このユニットはWBのユニットをラッシュするためのコマンドとしてホールドできる)"


#: an OT unit with Call WB; a WB unit to rush; an OT card and a WB card for the command zone
CALLER = printed("T-080", f"※コールWB{REMINDER}", name="Horn Caller", category="OT")
WB_UNIT = card("T-081", name="Wind Blade", category="WB")
OT_CARD = card("T-082", category="OT")
WB_CARD = card("T-083", category="WB")
OPERATION = card("T-084", "operation", category="WB")


def _caller_in_rush(*extra: dict[str, Any], wb_command: bool = False) -> LogBuilder:
    """A rushes the caller in turn 1 (holding an OT command); in turn 3 A has charged a WB
    card (``wb_command``) or nothing, and is in its rush phase."""
    b = LogBuilder([CALLER, WB_UNIT, OT_CARD, WB_CARD, OPERATION, *extra]).setup(first="A")
    b.charge("A", "T-082").proceed("A").rush("A", "T-080").proceed("A", 2).pass_turn("B")
    if wb_command:
        b.charge("A", "T-083")
    return b.proceed("A")


def _caller(r: dict[str, Any]) -> dict[str, Any]:
    return next(u for u in player_state(r, "A")["rush"] if u["code"] == "T-080")


def test_RS_CALL_read_with_or_without_its_reminder_and_shown() -> None:
    for text in ("※コールWB", f"※コールWB{REMINDER}", "※コールWB（このユニットはWBのユニットをラ"
                 "ッシュするためのコマンドとしてホールドできる）"):  # fmt: skip
        r = read_card({"type": "unit", "text": text})
        assert r.understood and r.keywords == ("call WB",), text
    # the reminder must name the same category; an operation has no Call
    assert not read_card({"type": "unit", "text": f"※コールOT{REMINDER}"}).understood
    assert not read_card(
        {"type": "operation", "operation": "normal", "text": "※コールWB"}
    ).understood
    assert render_card(CALLER)["reading"] == [
        "Keywords: Call WB: it may be held in place of a command to rush a WB unit (RS-CALL)."
    ]


def test_RS_CALL_held_in_place_of_a_command_to_rush_a_unit_of_its_category() -> None:
    b = _caller_in_rush()
    caller = _caller(b.replay())["id"]
    b.rush("A", "T-081", hold=caller)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-CALL" in rules_applied(r, b.last)
    assert _caller(r).get("held") is True
    assert [c["held"] for c in player_state(r, "A")["command"]] == [False]  # the OT command
    # it stays held: the next start phase releases commands, not it
    b.proceed("A", 2).pass_turn("B")
    assert _caller(b.replay()).get("held") is True


def test_RS_CALL_without_hold_and_without_a_command_the_unit_is_held() -> None:
    b = _caller_in_rush().rush("A", "T-081")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert _caller(r).get("held") is True


def test_RS_CALL_without_hold_with_both_a_command_is_held_and_which_is_not_recorded() -> None:
    b = _caller_in_rush(wb_command=True).rush("A", "T-081")
    r = b.replay()
    assert r["steps"][b.last]["verdict"] == "unverifiable"
    assert "whether A held a WB command or a unit with Call WB is not recorded" in " ".join(
        ruling_texts(r, b.last)
    )
    assert _caller(r).get("held", False) is False
    assert [c["held"] for c in player_state(r, "A")["command"]] == [False, True]


def test_RS_CALL_only_to_rush_a_unit_of_its_category() -> None:
    other = card("T-085", name="Earth Shield", category="ET")
    et_card = card("T-086", category="ET")
    b = _caller_in_rush(other, et_card)
    caller = _caller(b.replay())["id"]
    b.rush("A", "T-085", hold=caller)
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-CALL" in rules_broken(r, b.last)
    # nor to use an operation of its category
    b = _caller_in_rush()
    b.use("A", "T-084", hold=caller)
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-CALL" in rules_broken(r, b.last)


def test_RS_CALL_a_held_unit_cannot_be_held_again() -> None:
    b = _caller_in_rush()
    caller = _caller(b.replay())["id"]
    b.rush("A", "T-081", hold=caller).rush("A", "T-081", hold=caller)
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "is held already" in " ".join(v["message"] for v in r["steps"][b.last]["violations"])
