"""An effect in force for the turn that triggers when a released opposing command is held
(RS-COMMAND-HELD-WATCH), on made-up cards in the catalogue's sentence shape.

The sources' words, which the tests follow: "「MA」の自軍コマンドを1つホールドして、次の効果を発動できる⇒このターン、
リリース状態の敵軍コマンドがホールドされたとき、ホールドされたコマンドの必要パワーの数字と同じ必要パワーの数字を持つ敵
軍Sユニットを1体選び撃破する。" — after the cost, *this turn*, when a *released opposing command* is
*held*, the player *chooses* one opposing *size S* unit with *the same printed required power
number as that command* and destroys it.  Whether it triggers once or once for each of several
commands held together, and where it comes when a command is held as a card is used, the sources
do not say: not guessed.
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

COST = "「MA」の自軍コマンドを1つホールドして、次の効果を発動できる⇒"
BODY = (
    "このターン、リリース状態の敵軍コマンドがホールドされたとき、ホールドされたコマンドの必要パワーの数字と同じ必要パワー"
    "の数字を持つ敵軍Sユニットを1体選び撃破する。"
)
#: A's Number Combination 1 unit (the watch) and Number Combination 2 unit (holds every
#: opposing command), both WB cards; an MA and a WB card for A's command zone
WATCHER = printed("T-750", f"【牙撃】{COST}{BODY}", name="Watcher", category="WB", bp=3000,
                  sp=0, size="S", combination={"number": 1})  # fmt: skip
PETAL = printed("T-751", f"【花吹雪】{COST}敵軍コマンドをすべてホールドする。", name="Petal",
                category="WB", bp=1000, sp=0, size="S", combination={"number": 2})  # fmt: skip
MA_CARD, WB_CARD = card("T-752", category="MA"), card("T-753", category="WB")
#: B's command printing required power 3; its units: size S printing 3 (its condition makes it
#: 0), size S printing 0, size M printing 3; B's counter
THREE = card("T-754", name="Three", power=3)
FIT = {**card("T-755", name="Fit", bp=1000, sp=0, size="S"), "power_number": 3}
MISFIT = card("T-756", name="Misfit", bp=1000, sp=0, size="S")
BIG = {**card("T-757", name="Big", bp=1000, sp=0, size="M"), "power_number": 3}
GUARD = card("T-758", "operation", name="Guard", operation="counter", timing="attacked")
CARDS = [WATCHER, PETAL, MA_CARD, WB_CARD, THREE, FIT, MISFIT, BIG, GUARD]


def _ids(r: dict[str, Any], pid: str, area: str) -> dict[str, str]:
    return {u["code"]: u["id"] for u in player_state(r, pid)[area]}


def _watching(one_released: bool = True) -> LogBuilder:
    """B: a filler command (turn 2), Three (turn 4) and its units rushed (Fit, Misfit) and, in
    turn 6, Big rushed holding the filler (only Three stays released, if ``one_released``) and
    Fit and Misfit entered.  A: two MA and two WB commands; in turn 7 it rushes the Watcher and
    Petal, enters the Watcher and pays its cost: the watch is in force."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-752").proceed("A", 3)
    b.charge("B", "T-000").proceed("B", 3)
    b.charge("A", "T-752").proceed("A", 3)
    b.charge("B", "T-754").proceed("B").rush("B", "T-755").rush("B", "T-756").proceed("B", 2)
    b.charge("A", "T-753").proceed("A", 3)
    b.proceed("B")
    if one_released:
        b.rush("B", "T-757", hold="T-000")
    b.proceed("B").enter("B", "T-755").enter("B", "T-756").proceed("B")
    b.charge("A", "T-753").proceed("A").rush("A", "T-750").rush("A", "T-751").proceed("A")
    b.enter("A", "T-750")
    watcher = _ids(b.replay(), "A", "battle")["T-750"]
    return b.act("A", "resolve", source=watcher, use=True, targets=["T-752"])


def _petal(b: LogBuilder) -> LogBuilder:
    """A enters Petal (Number Combination 2) and pays its cost: every released B command is
    held."""
    b.enter("A", "T-751")
    petal = _ids(b.replay(), "A", "battle")["T-751"]
    return b.act("A", "resolve", source=petal, use=True, targets=["T-752"])


def test_RS_COMMAND_HELD_WATCH_read_and_shown() -> None:
    r = read_card({"type": "unit", "combination": {"number": 1}, "text": f"【牙撃】{COST}{BODY}"})
    assert r.understood
    assert r.combination[0]["do"][-1] == {
        "op": "watch_commands_held",
        "do": [
            {
                "op": "destroy",
                "target": {
                    "side": "opponent", "zone": "field", "count": 1, "type": "unit", "size": "S",
                    "power_equal": {"held": "power"},
                },
            }
        ],
    }  # fmt: skip
    assert render_card(WATCHER)["reading"][-1] == (
        "Number Combination 1: you may hold 1 released MA command of yours, and if you do: until "
        "the end of the turn, each time a released command of the opposing side is held: destroy "
        "1 size S unit (not a vehicle) whose required power is the one that opposing command "
        "prints in the opponent's rush or battle area."
    )


def test_RS_COMMAND_HELD_WATCH_near_misses_are_not_read() -> None:
    for text in (
        f"【牙撃】{COST}{BODY.replace('敵軍コマンド', '自軍コマンド')}",
        f"【牙撃】{COST}{BODY.replace('リリース状態の', '')}",
        f"【牙撃】{COST}{BODY.replace('と同じ', '以下の')}",
        f"【牙撃】{COST}{BODY.replace('このターン、', '')}",
        f"【牙撃】{BODY}",  # no cost
    ):
        defn = {"type": "unit", "combination": {"number": 1}, "text": text}
        assert not read_card(defn).understood, text


def test_RS_COMMAND_HELD_WATCH_one_command_held_the_unit_of_its_power_destroyed() -> None:
    b = _watching()
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-COMMAND-HELD-WATCH" in rules_applied(r, b.last)
    b = _petal(b)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "required power 3" in " ".join(ruling_texts(r, b.last))
    watcher = _ids(r, "A", "battle")["T-750"]
    b.act("A", "resolve", source=watcher, targets=["T-755"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert sorted(_ids(r, "B", "battle")) == ["T-756"]  # Fit destroyed


def test_RS_COMMAND_HELD_WATCH_another_power_or_size_is_illegal() -> None:
    for wrong in ("T-756", "T-757"):
        b = _petal(_watching())
        watcher = _ids(b.replay(), "A", "battle")["T-750"]
        b.act("A", "resolve", source=watcher, targets=[wrong])
        r = b.replay()
        assert verdict(r, b.last) == "illegal", wrong
        assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_COMMAND_HELD_WATCH_not_paid_no_watch() -> None:
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-752").proceed("A", 3).charge("B", "T-754").proceed("B", 3)
    b.charge("A", "T-753").proceed("A", 3).charge("B", "T-000").proceed("B", 3)
    b.charge("A", "T-753").proceed("A").rush("A", "T-750").rush("A", "T-751").proceed("A")
    b.enter("A", "T-750").act("A", "resolve", source="A-1", use=False)
    b = _petal(b)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-COMMAND-HELD-WATCH" not in rules_applied(r, b.last)
    b.proceed("A")  # nothing waits
    assert verdict(b.replay(), b.last) == "legal"


def test_RS_COMMAND_HELD_WATCH_two_commands_held_at_once_not_guessed() -> None:
    b = _petal(_watching(one_released=False))
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "2 commands were held at once" in " ".join(ruling_texts(r, b.last))
    assert sorted(_ids(r, "B", "battle")) == ["T-755", "T-756"]


def test_RS_COMMAND_HELD_WATCH_a_command_held_for_a_counter_not_guessed() -> None:
    b = _watching()
    b.attack("A", "T-750", _ids(b.replay(), "B", "battle")["T-756"])
    b.use("B", "T-758")  # B's counter holds Three, its released command
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "held as a card was used or paid for" in " ".join(ruling_texts(r, b.last))


def test_RS_COMMAND_HELD_WATCH_it_ends_with_the_turn() -> None:
    b = _watching()
    b.proceed("A")  # A's turn ends
    b.proceed("B").rush("B", "T-000")  # B holds a command in its own turn
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-COMMAND-HELD-WATCH" not in rules_applied(r, b.last)
