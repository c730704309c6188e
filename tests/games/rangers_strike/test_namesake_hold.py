"""A resident's restriction on both players: further commands to rush a namesake of a unit card
of one's own discard pile (RS-NAMESAKE-HOLD), on made-up cards in the catalogue's sentence shape.

The sources' words, which the tests follow: "※常駐 自分も相手も次の制限を受ける⇒自分自身の捨札にあるユニット
カードと同じカード名のユニットカードを、コマンドをホールドしてラッシュするとき、コマンドを追加で2つホールドしなけ
れば、そのユニットカードはラッシュできない。" — while the resident is in place, *the player and the opponent*
are both restricted: to rush, *holding a command*, a unit card *of the same card name* as a unit
card *in one's own discard pile*, one holds *2 more* commands; *otherwise* it cannot be rushed.
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

TEXT = (
    "自分も相手も次の制限を受ける⇒自分自身の捨札にあるユニットカードと同じカード名のユニットカードを、コマンドを"
    "ホールドしてラッシュするとき、コマンドを追加で2つホールドしなければ、そのユニットカードはラッシュできない。"
)
#: the resident (made-up name), for no power and one blaze command
ECHO = printed("T-850", f"※常駐 {TEXT}", "operation", name="Echo Ban", operation="resident")
#: a unit, a reprint of it under another code (the same card name), and another unit
TWIN = card("T-851", name="Twin Blade")
REPRINT = card("T-852", name="Twin Blade")
OTHER = card("T-853", name="Other Blade")
BRACKETED = card("T-855", name="Twin Blade(ZZ9)")
#: an operation destroying one unit of its player's rush area
PURGE = card(
    "T-854",
    "operation",
    name="Purge",
    effects=[
        {
            "when": "on_use",
            "do": [{"op": "destroy", "target": {"side": "own", "zone": "rush", "count": 1}}],
        }
    ],
)
CARDS = [ECHO, TWIN, REPRINT, OTHER, PURGE, BRACKETED]


def _twin_discarded(resident: str | None = "A") -> LogBuilder:
    """A rushes Twin Blade (turn 1) and puts it into its discard pile with Purge (turn 3);
    ``resident``'s player puts Echo Ban in place (A in turn 3, B in turn 2; None: nobody).  In
    A's turn 5 A has three released commands."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-851").proceed("A", 2)
    b.charge("B", "T-000").proceed("B")
    if resident == "B":
        b.use("B", "T-850")
    b.proceed("B", 2)
    b.charge("A", "T-000").proceed("A").use("A", "T-854", targets=["T-851"])
    if resident == "A":
        b.use("A", "T-850")
    b.proceed("A", 2)
    b.pass_turn("B")
    return b.charge("A", "T-000").proceed("A")


def _commands(r: dict[str, Any]) -> list[bool]:
    return [c["held"] for c in player_state(r, "A")["command"]]


def test_RS_NAMESAKE_HOLD_read_and_shown() -> None:
    r = read_card({"type": "operation", "operation": "resident", "text": f"※常駐 {TEXT}"})
    assert r.understood
    assert [{k: v for k, v in e.items() if k != "text"} for e in r.effects] == [
        {"when": "resident", "do": [{"op": "namesake_hold", "n": 2}]}
    ]
    assert render_card(ECHO)["reading"] == [
        "While in place: you and your opponent are each restricted: to rush from the hand, "
        "holding a command, a unit card that has the card name of a unit card in one's own "
        "discard pile, one holds 2 more released commands of one's own (any category); "
        "otherwise that unit card cannot be rushed."
    ]


def test_RS_NAMESAKE_HOLD_near_misses_are_not_read() -> None:
    for text in (
        TEXT.replace("自分も相手も", "相手は"),  # the opponent alone
        TEXT.replace("自分自身の捨札", "自軍捨札"),
        TEXT.replace("同じカード名の", "同じ特徴の"),
        TEXT.replace("ユニットカードを、", "カードを、"),
        TEXT.replace("ラッシュできない。", "ラッシュできる。"),
        TEXT.replace("コマンドをホールドしてラッシュするとき", "ラッシュするとき"),
    ):
        defn = {"type": "operation", "operation": "resident", "text": f"※常駐 {text}"}
        assert not read_card(defn).understood, text
    # not a resident
    assert not read_card({"type": "operation", "operation": "normal", "text": TEXT}).understood
    assert not read_card({"type": "unit", "text": TEXT}).understood


def test_RS_NAMESAKE_HOLD_two_more_commands_held_to_rush_a_namesake() -> None:
    for resident in ("A", "B"):  # the player's own resident, and the opponent's
        for code in ("T-851", "T-852"):  # the same card, a reprint of the same name
            b = _twin_discarded(resident).rush("A", code, also_hold=["T-000", "T-000"])
            r = b.replay()
            assert [s["verdict"] for s in r["steps"]].count("illegal") == 0, r["steps"]
            assert verdict(r, b.last) == "legal", r["steps"][b.last]
            assert "RS-NAMESAKE-HOLD" in rules_applied(r, b.last)
            assert _commands(r) == [True, True, True]
            assert "holds 2 more commands to rush it" in " ".join(ruling_texts(r, b.last))
            # not named: the other two released commands are held (the only ones)
            b = _twin_discarded(resident).rush("A", code)
            r = b.replay()
            assert verdict(r, b.last) == "legal", r["steps"][b.last]
            assert _commands(r) == [True, True, True]


def test_RS_NAMESAKE_HOLD_without_them_it_cannot_be_rushed() -> None:
    # Other Blade rushed first: one released command is left besides the one for Twin Blade
    b = _twin_discarded().rush("A", "T-853").rush("A", "T-851")
    r = b.replay()
    assert verdict(r, b.last - 1) == "legal", r["steps"][b.last - 1]
    assert rules_broken(r, b.last) == ["RS-NAMESAKE-HOLD"], r["steps"][b.last]
    # one named where two are asked
    b = _twin_discarded().rush("A", "T-851", also_hold=["T-000"])
    assert rules_broken(b.replay(), b.last) == ["RS-NAMESAKE-HOLD"]


def test_RS_NAMESAKE_HOLD_only_a_namesake_of_ones_own_discard_pile_while_in_place() -> None:
    # another name: one command, as usual
    b = _twin_discarded().rush("A", "T-853")
    r = b.replay()
    assert verdict(r, b.last) == "legal" and _commands(r) == [True, False, False]
    assert "RS-NAMESAKE-HOLD" not in rules_applied(r, b.last)
    # no resident in place
    b = _twin_discarded(resident=None).rush("A", "T-851")
    r = b.replay()
    assert verdict(r, b.last) == "legal" and _commands(r) == [True, False, False]
    # more commands named than one holds: the usual rush holds no more (RS-RUSH-HOLD)
    b = _twin_discarded(resident=None).rush("A", "T-851", also_hold=["T-000"])
    assert rules_broken(b.replay(), b.last) == ["RS-RUSH-HOLD"]
    # B's discard pile holds no Twin Blade: B's rush of one holds one command
    b = _twin_discarded()
    b.proceed("A", 2).charge("B", "T-000").proceed("B").rush("B", "T-851")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-NAMESAKE-HOLD" not in rules_applied(r, b.last)


def test_RS_NAMESAKE_HOLD_a_name_differing_by_a_bracketed_note_is_not_guessed() -> None:
    """The catalogue names a reprint with its set, "Twin Blade(ZZ9)": whether it has Twin
    Blade's card name is not known; the further commands are not asked, and the step is
    unverifiable."""
    b = _twin_discarded().rush("A", "T-855")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-NAMESAKE-HOLD" in rules_applied(r, b.last)
    assert "differ only by a bracketed note" in " ".join(ruling_texts(r, b.last))
    assert _commands(r) == [True, False, False]


def test_RS_NAMESAKE_HOLD_a_rush_holding_a_unit_with_call_is_not_guessed() -> None:
    """A's Caller (Call blaze) is held in place of the command to rush Twin Blade: whether
    that is "holding a command" for the restriction is not said."""
    caller = {**card("T-856", name="Caller"), "call": "blaze"}
    b = LogBuilder([*CARDS, caller]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-851").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").use("B", "T-850").proceed("B", 2)
    b.charge("A", "T-000").proceed("A").use("A", "T-854", targets=["T-851"])
    b.rush("A", "T-856").proceed("A", 2)
    b.pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-851", hold="T-856")
    r = b.replay()
    assert [s["verdict"] for s in r["steps"]].count("illegal") == 0, r["steps"]
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "Call in place of the command" in " ".join(ruling_texts(r, b.last))
    assert _commands(r) == [False, False, False]
