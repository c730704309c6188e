"""Lead (``※リードX``, RS-LEAD), on made-up cards.

The sources' words, which the tests follow: the reminder as the official Q&A quotes it in full
(the fan wiki's copy, atwiki renst page 2250) "このユニットはWBのオペレーションカードを使用するため
のコマンドとしてホールドできる" (a unit of one's own held in place of a command, only to use an
operation of that category); Q2/A2 "リードの効果でカウンターオペレーションを使用することはできますか？"
"はい、できます。"; A3: held so, it is the command held to use the operation; and the fan wiki's
page on commands (atwiki renst page 151): it stands in for a command only when used, and is not
released in the start phase.
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

REMINDER = "(このユニットはWBのオペレーションカードを使用するためのコマンドとしてホールドできる)"

#: a unit (blaze: the filler is its command) with Lead WB; WB cards: a normal operation, a
#: counter for when a unit is attacked, a unit, and an operation holding one command more
LEADER = printed("T-690", f"※リードWB{REMINDER}", name="Card Reader")
WB_OP = card("T-691", "operation", name="Wind Card", category="WB")
COUNTER = card(
    "T-692", "operation", name="Wind Guard", category="WB", operation="counter", timing="attacked"
)
WB_UNIT = card("T-693", name="Wind Blade", category="WB")
HEAVY = {**card("T-694", "operation", name="Heavy Card", category="WB"), "cost": {"hold": 1}}


def _leader_in_rush(*extra: dict[str, Any], wb_command: bool = False, leader=LEADER) -> LogBuilder:
    """A rushes the leader in turn 1 (holding a blaze command); in turn 3 A has charged a WB
    card (``wb_command``) or a blaze one, and is in its rush phase."""
    b = LogBuilder([leader, WB_OP, COUNTER, WB_UNIT, HEAVY, *extra]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-690").proceed("A", 2).pass_turn("B")
    b.charge("A", "T-693" if wb_command else "T-000")
    return b.proceed("A")


def _leader(r: dict[str, Any]) -> dict[str, Any]:
    return next(u for u in player_state(r, "A")["rush"] if u["code"] == "T-690")


def test_RS_LEAD_read_with_or_without_its_reminder_and_shown() -> None:
    for text in (
        "※リードWB",
        f"※リードWB{REMINDER}",
        "※リードWB（このユニットはWBのオペレーションカードを使用するためのコマンドとしてホールドできる）",
    ):
        r = read_card({"type": "unit", "text": text})
        assert r.understood and r.keywords == ("lead WB",), text
    assert render_card(LEADER)["reading"] == [
        "Keywords: Lead WB: it may be held in place of a command to use a WB operation card, a "
        "counter too; held so, it is the command held to use it (RS-LEAD)."
    ]


def test_RS_LEAD_near_misses_are_not_read() -> None:
    for defn in (
        # the reminder must name the same category
        {"type": "unit", "text": f"※リードOT{REMINDER}"},
        # Call's reminder after Lead
        {
            "type": "unit",
            "text": "※リードWB(このユニットはWBのユニットをラッシュするためのコマンドとして"
            "ホールドできる)",
        },
        # an operation has no Lead; nor is "リード" a category
        {"type": "operation", "operation": "normal", "text": "※リードWB"},
        {"type": "unit", "text": "※リードXX"},
    ):
        assert not read_card(defn).understood, defn


def test_RS_LEAD_held_in_place_of_a_command_to_use_an_operation_of_its_category() -> None:
    b = _leader_in_rush()
    leader = _leader(b.replay())["id"]
    b.use("A", "T-691", hold=leader)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-LEAD" in rules_applied(r, b.last)
    assert "it is the command held to use it" in " ".join(ruling_texts(r, b.last))
    assert _leader(r).get("held") is True
    assert [c["held"] for c in player_state(r, "A")["command"]] == [False, False]
    assert len(player_state(r, "A")["discard"]) == 1  # the operation, used
    # it stays held: the next start phase releases commands, not it
    b.proceed("A", 2).pass_turn("B")
    assert _leader(b.replay()).get("held") is True


def test_RS_LEAD_without_hold_and_without_a_command_the_unit_is_held() -> None:
    b = _leader_in_rush().use("A", "T-691")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert _leader(r).get("held") is True


def test_RS_LEAD_without_hold_with_both_a_command_is_held_and_which_is_not_recorded() -> None:
    b = _leader_in_rush(wb_command=True).use("A", "T-691")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "whether A held a WB command or a unit with Lead WB is not recorded" in " ".join(
        ruling_texts(r, b.last)
    )
    assert _leader(r).get("held", False) is False
    assert [c["held"] for c in player_state(r, "A")["command"]] == [False, True]


def test_RS_LEAD_only_to_use_an_operation_of_its_category() -> None:
    # not to rush a unit of its category (that is Call)
    b = _leader_in_rush()
    leader = _leader(b.replay())["id"]
    b.rush("A", "T-693", hold=leader)
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["RS-LEAD"]
    assert "its Lead WB is for operations" in r["steps"][b.last]["violations"][0]["message"]
    # not to use an operation of another category
    b = _leader_in_rush(leader=printed("T-690", "※リードET", name="Card Reader"))
    b.use("A", "T-691", hold=_leader(b.replay())["id"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["RS-LEAD"]


def test_RS_LEAD_a_held_unit_cannot_be_held_again() -> None:
    b = _leader_in_rush()
    leader = _leader(b.replay())["id"]
    b.use("A", "T-691", hold=leader).use("A", "T-691", hold=leader)
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "is held already" in " ".join(v["message"] for v in r["steps"][b.last]["violations"])


def test_RS_LEAD_a_counter_too_in_the_opponents_turn() -> None:
    """A's leader stands in A's battle area; B's Wind Blade attacks it; A answers with its WB
    counter, holding the leader: A has no WB command."""
    b = LogBuilder([LEADER, COUNTER, WB_UNIT]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-690").proceed("A").enter("A", "T-690")
    b.proceed("A")
    b.charge("B", "T-693").proceed("B").rush("B", "T-693").proceed("B").enter("B", "T-693")
    b.attack("B", "T-693", "T-690")
    r = b.replay()
    assert any(  # the leader could pay for it: A may answer
        p["player"] == "A" and p["text"].startswith("A may answer the attack")
        for p in r["steps"][b.last]["pending"]
    ), r["steps"][b.last]["pending"]
    b.use("A", "T-692")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert {"RS-COUNTER", "RS-LEAD"} <= set(rules_applied(r, b.last))
    assert any(
        "holds its unit A-1 (Card Reader) (Lead WB) in place of a command to use" in t
        for t in event_texts(r, b.last)
    ), event_texts(r, b.last)


def test_RS_LEAD_for_further_commands_is_not_known() -> None:
    """Heavy Card holds one command more (RS-RUSH-HOLD): A holds its WB command for it and
    names the leader for the further one; whether Lead covers that is not said."""
    b = _leader_in_rush(wb_command=True)
    leader = _leader(b.replay())["id"]
    wb = [c["id"] for c in player_state(b.replay(), "A")["command"]][1]
    b.use("A", "T-694", hold=wb, also_hold=[leader])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-LEAD" in rules_applied(r, b.last)
    assert _leader(r).get("held") is True  # as the log says
    # the log names none: A's blaze command is held, but the leader could have been
    b.doc["actions"][-1] = {"p": "A", "do": "use", "card": "T-694", "hold": wb}
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert [c["held"] for c in player_state(r, "A")["command"]] == [True, True]
    assert _leader(r).get("held", False) is False
    # with no command left for it (the blaze one held to rush a filler), only the leader
    # could be held for it: not known either
    b = _leader_in_rush(wb_command=True).rush("A", "T-000").use("A", "T-694", hold=wb)
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "may be held for the further commands" in " ".join(ruling_texts(r, b.last))
    # and with no such unit either: illegal, as before
    b = _leader_in_rush(wb_command=True)
    b.use("A", "T-691", hold=leader).rush("A", "T-000").use("A", "T-694", hold=wb)
    assert rules_broken(b.replay(), b.last) == ["RS-RUSH-HOLD"]


def test_RS_LEAD_a_card_not_read_in_full_still_prints_lead_and_call() -> None:
    """Its other part is not read, so the card is unsupported (its rush leaves the later steps
    uncertain); but ※リードWB (※コールWB) is printed on it: held for a WB operation (unit), it is
    judged so, not as a unit without Lead (Call)."""
    unread = "【謎の力】このユニットは不思議な力を持つ。"
    for text, act, rule in (
        (f"※リードWB {unread}", ("use", "T-691"), "RS-LEAD"),
        (f"※コールWB {unread}", ("rush", "T-693"), "RS-CALL"),
    ):
        b = _leader_in_rush(leader=printed("T-690", text, name="Card Reader"))
        leader = _leader(b.replay())["id"]
        b.act("A", act[0], card=act[1], hold=leader)
        r = b.replay()
        assert verdict(r, b.last) == "uncertain", (text, r["steps"][b.last])
        assert rule in rules_applied(r, b.last)
        assert _leader(r).get("held") is True
