"""Commands held to enter the battle area (RS-ENTER-HOLD), on made-up cards in the catalogue's
sentence shapes.

The sources' words, which the tests follow: "※これは自軍コマンドを2つホールドしなければバトルエリアに
出られない。" — it cannot enter the battle area *unless* its player holds two commands of its
*own* (自軍コマンド, no category named); the fan wiki's battle page (バトル進入): "※バトル進入:
コマンド追加ホールド要件（カード文面）" — the commands are held as it enters.
"""

from __future__ import annotations

from judge.core.replay import position
from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    area_ids,
    card,
    player_state,
    printed,
    rules_applied,
    rules_broken,
    verdict,
)

NOTE = "※これは自軍コマンドを2つホールドしなければバトルエリアに出られない。"
HEAVY = printed("T-320", NOTE, name="Heavy Rider", bp=3000, sp=0)
LIGHT = card("T-321", name="Light", bp=1000, sp=0)


def _released(b: LogBuilder) -> list[str]:
    return [c["id"] for c in player_state(b.replay(), "A")["command"] if not c["held"]]


def test_RS_ENTER_HOLD_read_from_the_printed_note_and_shown() -> None:
    r = read_card({"type": "unit", "text": NOTE})
    assert r.understood
    assert list(r.restrictions) == [{"rule": "enter_hold", "count": 2}]
    assert render_card(HEAVY)["reading"] == [
        "It enters the battle area only by holding 2 released commands of yours (any category) "
        "(RS-ENTER-HOLD)."
    ]


def test_RS_ENTER_HOLD_without_two_released_commands_it_cannot_enter() -> None:
    b = LogBuilder([HEAVY, LIGHT]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-320").proceed("A")
    b.enter("A", "T-320")  # its one command is held for the rush: none released
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["RS-ENTER-HOLD"]


def test_RS_ENTER_HOLD_two_commands_named_are_held_as_it_enters() -> None:
    b = LogBuilder([HEAVY, LIGHT]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-320").proceed("A", 2)
    b.pass_turn("B")
    b.charge("A", "T-000").proceed("A", 2)  # turn 3's battle phase: two released commands
    free = _released(b)
    assert len(free) == 2
    b.enter("A", "T-320")
    b.doc["actions"][-1]["also_hold"] = free
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-ENTER-HOLD" in rules_applied(r, b.last)
    assert all(c["held"] for c in player_state(r, "A")["command"])
    assert area_ids(r, "A", "battle") != []
    # naming one only is illegal: it holds two
    b.doc["actions"][-1]["also_hold"] = free[:1]
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["RS-ENTER-HOLD"]


def test_RS_ENTER_HOLD_a_unit_without_the_note_holds_none() -> None:
    b = LogBuilder([HEAVY, LIGHT]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-321").proceed("A", 2)
    b.pass_turn("B")
    b.charge("A", "T-000").proceed("A", 2)
    b.enter("A", "T-321")
    b.doc["actions"][-1]["also_hold"] = _released(b)[:1]
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["RS-ENTER-HOLD"]


def test_RS_ENTER_HOLD_commands_not_recorded_more_released_than_it_takes_is_unverifiable() -> None:
    b = LogBuilder([HEAVY, LIGHT]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-320").proceed("A", 2)
    b.pass_turn("B")
    b.charge("A", "T-000").proceed("A", 3)
    b.pass_turn("B")
    b.charge("A", "T-000").proceed("A", 2)  # turn 5's battle phase: three released commands
    assert len(_released(b)) == 3
    listed = [a for a in position(b.log()).legal_actions() if a["do"] == "enter"]
    assert listed and all(len(a["also_hold"]) == 2 for a in listed)  # named: fully recorded
    b.enter("A", "T-320")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "RS-ENTER-HOLD" in rules_applied(r, b.last)


def test_RS_ENTER_HOLD_a_unit_that_must_enter_must_only_when_it_can_hold_them() -> None:
    """The official Q&A (RS-022): "コマンドをホールドすればバトルエリアに出られる" — it must enter;
    "ホールドできるコマンドが無いのでバトルエリアに出られない" — it need not."""
    text = "※これは毎ターン、可能ならバトルエリアに出る。 " + NOTE.replace("2つ", "1つ")
    eager = printed("T-322", text, name="Eager", bp=1000, sp=0)
    b = LogBuilder([eager]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-322").proceed("A")
    b.proceed("A")  # no released command: it cannot enter, so the battle phase may end
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    b.pass_turn("B")
    b.proceed("A", 2)  # turn 3: the start phase released its command
    b.proceed("A")  # ending the battle phase while it could enter by holding it
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-MUST-ENTER" in rules_broken(r, b.last)
