"""Cards of the opposing command zones sent face up into their owner's power zone
(RS-COMMAND-TO-POWER), on made-up cards in the catalogue's sentence shape.

The source's words, which the tests follow: "敵軍コマンドゾーンから、DAまたはOTを持つカードを1枚選び、持ち主
のパワーゾーンに送る。" (one card of the *opposing* command zones, held or released, with category DA
*or* OT, goes into its *owner's* power zone); sent to the power zone it lies face up (official
card Q&A RS-024: "はい、オモテ向きに置きます。"); a command is not a unit.
"""

from __future__ import annotations

import pytest

from judge.core.errors import BadLog
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

DICTATOR = (
    "【ディクテイター】敵軍コマンドゾーンから、DAまたはOTを持つカードを1枚選び、持ち主のパワーゾーンに送る。"
    "（この効果は、特徴「スワット」を持つユニットからコンビネーションするとき、ナンバーに関係なく発動する）"
)
#: A's Number Combination 2 unit; B's commands: a DA unit card, an OT operation, an ET unit
SARA = {
    **printed("T-926", DICTATOR, name="Sara", bp=1000, sp=0, size="S", combination={"number": 2}),
    "features": ["スワット"],
}
DARK = card("T-927", name="Dark", category="DA")
OVER = card("T-928", type="operation", name="Over", category="OT")
EARTH = card("T-929", name="Earth", category="ET")
CARDS = [SARA, DARK, OVER, EARTH]


def _combined(*commands: str, rush: str | None = None) -> LogBuilder:
    """A rushes a filler; B charges ``commands`` into its command zone (one a turn) and, in its
    last turn, rushes ``rush`` (holding a command of its category, which stays held through
    A's next turn); then A rushes the Sara and enters the filler and the Sara: the Sara stands
    second, and its Number Combination 2 waits."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-000").proceed("A", 2)
    for code in commands[:-1]:
        b.charge("B", code).proceed("B", 3)
        b.charge("A", "T-000").proceed("A", 3)
    b.charge("B", commands[-1]).proceed("B")
    if rush is not None:
        b.rush("B", rush)
    b.proceed("B", 2)
    b.charge("A", "T-000").proceed("A").rush("A", "T-926").proceed("A")
    return b.enter("A", "T-000").enter("A", "T-926")


def _commands(r: dict, pid: str = "B", index: int = -1) -> list[tuple[str, bool]]:
    return [(c["id"], c["held"]) for c in player_state(r, pid, index)["command"]]


def test_RS_COMMAND_TO_POWER_read_and_shown() -> None:
    (effect,) = read_card(
        {"type": "unit", "combination": {"number": 2}, "text": DICTATOR}
    ).combination
    assert effect["do"] == [
        {
            "op": "to_power_zone",
            "target": {"side": "opponent", "zone": "command", "count": 1, "category": ["DA", "OT"]},
        }
    ]
    assert render_card(SARA)["reading"] == [
        "Number Combination 2 (also, whatever its number, when it enters directly after a unit "
        "with the feature スワット): put 1 card (held or released, any type) of category DA or OT "
        "in the opponent's command zone face up into its owner's power zone."
    ]
    unit = {"type": "unit", "combination": {"number": 2}}
    for near in (
        "【X】自軍コマンドゾーンから、DAまたはOTを持つカードを1枚選び、持ち主のパワーゾーンに送る。",  # own
        "【X】敵軍コマンドゾーンから、DAまたはOTを持つカードを1枚選び、持ち主の捨札に送る。",
        "【X】敵軍コマンドゾーンから、DAまたはOTを持つカードを2枚まで選び、持ち主のパワーゾーンに送る。",
        "【X】敵軍コマンドゾーンから、DAまたはOTを持つユニットを1体選び、持ち主のパワーゾーンに送る。",
    ):
        assert not read_card({**unit, "text": near}).understood, near


def test_RS_COMMAND_TO_POWER_the_command_chosen_goes_face_up_into_the_power_zone() -> None:
    b = _combined("T-927", "T-929")  # B's Dark (DA) and Earth (ET): B-4, B-10
    b.act("A", "resolve", source="T-926", targets=["T-927"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-COMMAND-TO-POWER" in rules_applied(r, b.last)
    assert _commands(r, index=b.last - 1) == [("B-4", False), ("B-10", False)]
    assert _commands(r) == [("B-10", False)]  # the Earth stays
    assert player_state(r, "B")["power"]["face_up"] == ["B-4"]
    assert player_state(r, "B")["damage"] == 0


def test_RS_COMMAND_TO_POWER_a_held_command_may_be_chosen() -> None:
    b = _combined("T-927", rush="T-927")  # B's Dark command (B-4) is held by B's rush
    b.act("A", "resolve", source="T-926", targets=["B-4"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert ("B-4", True) in _commands(r, index=b.last - 1)
    assert player_state(r, "B")["power"]["face_up"] == ["B-4"]


def test_RS_COMMAND_TO_POWER_a_card_of_another_category_cannot_be_chosen() -> None:
    b = _combined("T-927", "T-929")
    b.act("A", "resolve", source="T-926", targets=["T-929"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_COMMAND_TO_POWER_an_operation_card_of_the_category_may_be_chosen() -> None:
    b = _combined("T-928")  # B's Over (OT), an operation card: B-7
    b.act("A", "resolve", source="T-926", targets=["T-928"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert player_state(r, "B")["power"]["face_up"] == ["B-7"]


def test_RS_COMMAND_TO_POWER_none_fits_nothing_is_sent() -> None:
    b = _combined("T-929")
    b.act("A", "resolve", source="T-926")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _commands(r) == _commands(r, index=b.last - 1)


def test_RS_COMMAND_TO_POWER_a_code_naming_commands_in_two_states_is_ambiguous() -> None:
    b = _combined("T-927", "T-927", rush="T-927")  # one Dark command held, one released
    b.act("A", "resolve", source="T-926", targets=["T-927"])
    with pytest.raises(BadLog):
        b.replay()
    by_id = _combined("T-927", "T-927", rush="T-927")
    by_id.act("A", "resolve", source="T-926", targets=["B-5"])
    r = by_id.replay()
    assert verdict(r, by_id.last) == "legal", r["steps"][by_id.last]
    assert ("B-4", True) in _commands(r)


def test_RS_COMMAND_TO_POWER_the_resolve_listed_as_legal_is_judged_legal() -> None:
    from judge.core.replay import position

    listed = [a for a in position(_combined("T-927").log()).legal_actions() if a["do"] == "resolve"]
    assert [a.get("targets") for a in listed] == [["B-4"]]
    b = _combined("T-927")
    b.act("A", "resolve", source="T-926", targets=["B-4"])
    assert verdict(b.replay(), b.last) == "legal"
