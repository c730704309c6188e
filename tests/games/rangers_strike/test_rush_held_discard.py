"""A unit's restriction on the opponent's rushes (RS-RUSH-HELD-DISCARD), on made-up cards in the
catalogue's sentence shape.

The sources' words, which the tests follow: "【name】これが自軍ラッシュエリアにある間、相手は次の制限を受ける⇒コマン
ドをホールドして、特徴「X」、または「Y」を持つユニットをラッシュしたとき、そのホールドしたコマンドを捨札にする。" —
*while* the unit is in its player's *rush area*, *the opponent* is restricted: when it rushes *by
holding a command* a unit *with the feature X or Y*, *the command held* goes to the discard pile;
and the official Q&A on that text (atwiki renst page 602): a unit with Call held in place of the
command goes to the discard pile; a unit rushed by an effect was not rushed by holding a command.
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
    verdict,
)

TEXT = (
    "【呪いの歌】これが自軍ラッシュエリアにある間、相手は次の制限を受ける⇒コマンドをホールドして、特徴「呪文」、"
    "または「古竜」を持つユニットをラッシュしたとき、そのホールドしたコマンドを捨札にする。"
)
#: B's restricting unit (made-up name)
WITCH = printed("T-870", TEXT, name="Song Witch")


def _unit(code: str, name: str, *features: str, **kw: Any) -> dict[str, Any]:
    return {**card(code, name=name, **kw), "features": list(features)}


#: A's units: with 呪文, with 古竜, with neither; one with Call blaze; one holding one more
#: command; one with a when-rushed effect (draw 1)
SPELL = _unit("T-871", "Spell Unit", "呪文")
DRAKE = _unit("T-872", "Drake Unit", "古竜")
PLAIN = _unit("T-873", "Plain Unit", "人")
CALLER = {**_unit("T-874", "Caller", "人"), "call": "blaze"}
HEAVY = {**_unit("T-875", "Heavy Spell", "呪文"), "cost": {"hold": 1}}
DRAWER = _unit(
    "T-876",
    "Drawing Spell",
    "呪文",
    effects=[{"when": "on_rush", "do": [{"op": "draw", "n": 1}]}],
)
CARDS = [WITCH, SPELL, DRAKE, PLAIN, CALLER, HEAVY, DRAWER]


def _witch_in_rush(enter: bool = False, a_first: str | None = None) -> LogBuilder:
    """A charges in turn 1 (and rushes ``a_first``); B rushes Song Witch in turn 2 (entering
    its battle area when ``enter``); A's turn 3 has reached its rush phase, A with two
    commands."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A")
    if a_first:
        b.rush("A", a_first)
    b.proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-870").proceed("B")
    if enter:
        b.enter("B", "T-870")
    b.proceed("B")
    return b.charge("A", "T-000").proceed("A")


def _zones(r: dict[str, Any], pid: str = "A") -> tuple[list[bool], int]:
    ps = player_state(r, pid)
    return [c["held"] for c in ps["command"]], len(ps["discard"])


def test_RS_RUSH_HELD_DISCARD_read_and_shown() -> None:
    r = read_card({"type": "unit", "text": TEXT})
    assert r.understood
    assert [{k: v for k, v in e.items() if k != "text"} for e in r.effects] == [
        {
            "when": "opponent_rush",
            "while": "rush",
            "do": [{"op": "discard_rush_command", "features": ["呪文", "古竜"]}],
        }
    ]
    assert render_card(WITCH)["reading"] == [
        "While this is in your rush area, your opponent is restricted: when it rushes, holding "
        "a command, a unit with the feature 呪文 or 古竜, the command held for it goes to the "
        "discard pile (a unit with Call held in place of it too)."
    ]


def test_RS_RUSH_HELD_DISCARD_near_misses_are_not_read() -> None:
    for text in (
        TEXT.replace("相手は", "自分は"),
        TEXT.replace("コマンドをホールドして、", ""),
        TEXT.replace("捨札にする", "手札に戻す"),
        TEXT.replace("ラッシュしたとき", "バトルエリアに出したとき"),
        TEXT.replace("特徴「呪文」", "「呪文」"),
    ):
        assert not read_card({"type": "unit", "text": text}).understood, text
    assert not read_card({"type": "unit", "combination": {"number": 2}, "text": TEXT}).understood


def test_RS_RUSH_HELD_DISCARD_the_command_held_goes_to_the_discard_pile() -> None:
    for code in ("T-871", "T-872"):  # either feature
        b = _witch_in_rush().rush("A", code)
        r = b.replay()
        assert [s["verdict"] for s in r["steps"]].count("illegal") == 0, r["steps"]
        assert verdict(r, b.last) == "legal", r["steps"][b.last]
        assert "RS-RUSH-HELD-DISCARD" in rules_applied(r, b.last)
        assert _zones(r) == ([False], 1)  # one command left, released; one card discarded
        assert [u["code"] for u in player_state(r, "A")["rush"]] == [code]


def test_RS_RUSH_HELD_DISCARD_other_units_players_and_areas() -> None:
    # a unit without the features
    b = _witch_in_rush().rush("A", "T-873")
    r = b.replay()
    assert _zones(r) == ([True, False], 0)
    assert "RS-RUSH-HELD-DISCARD" not in rules_applied(r, b.last)
    # the witch in its battle area: its text says its rush area
    b = _witch_in_rush(enter=True).rush("A", "T-871")
    assert _zones(b.replay()) == ([True, False], 0)
    # B's own rush of such a unit
    b = _witch_in_rush().proceed("A", 2).charge("B", "T-000").proceed("B").rush("B", "T-871")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _zones(r, "B") == ([True, False], 0)


def test_RS_RUSH_HELD_DISCARD_a_unit_with_call_held_in_its_place_goes() -> None:
    """A's Caller (Call blaze, rushed in turn 1) is held to rush Spell Unit: it goes to the
    discard pile (the official Q&A); A's commands stay."""
    b = _witch_in_rush(a_first="T-874").rush("A", "T-871", hold="T-874")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert [u["code"] for u in player_state(r, "A")["rush"]] == ["T-871"]
    assert _zones(r) == ([False, False], 1)
    assert "the unit with Call held in place of the command" in " ".join(ruling_texts(r, b.last))


def test_RS_RUSH_HELD_DISCARD_further_commands_and_other_triggers_are_not_guessed() -> None:
    # Heavy Spell holds one more command: whether it goes too is not said
    b = _witch_in_rush().rush("A", "T-875", also_hold=["T-000"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert _zones(r) == ([True], 1)
    assert "further commands" in " ".join(ruling_texts(r, b.last))
    # Drawing Spell's own when-rushed effect triggers too: the order is not said
    b = _witch_in_rush().rush("A", "T-876")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-SIMULTANEOUS" in " ".join(ruling_texts(r, b.last))
