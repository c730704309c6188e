"""A resident's restriction on both players at the end of their turns (RS-TURN-END-HELD-TO-HAND), on
made-up cards in the catalogue's sentence shape.

The sources' words, which the tests follow: "※常駐 自分も相手も次の制限を受ける。ターンを終えるときホールド状態の
コマンドを1つ選んで手札に戻す。" — while the resident is in place, *the player and the opponent* are both
restricted: *when ending the turn*, one *chooses one* held command and *returns* it to the hand
(must: 戻す).
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
    "自分も相手も次の制限を受ける。ターンを終えるときホールド状態のコマンドを1つ選んで手札に戻す。"
)
#: the resident (made-up name), for no power and one blaze command
TREK = printed("T-880", f"※常駐 {TEXT}", "operation", name="Long Trek", operation="resident")
#: a blaze card charged as a command, another than the filler; a unit rushed
MARK = card("T-881", name="Marker")
RUNNER = card("T-882", name="Runner")
CARDS = [TREK, MARK, RUNNER]


def _placed_turn_1() -> LogBuilder:
    """A charges a filler and puts Long Trek in place in turn 1; A's end phase has begun."""
    b = LogBuilder(CARDS).setup(first="A")
    return b.charge("A", "T-000").proceed("A").use("A", "T-880").proceed("A", 2)


def _commands(r: dict[str, Any], pid: str = "A") -> list[tuple[str, bool]]:
    return [(c["id"], c["held"]) for c in player_state(r, pid)["command"]]


def test_RS_TURN_END_HELD_TO_HAND_read_and_shown() -> None:
    r = read_card({"type": "operation", "operation": "resident", "text": f"※常駐 {TEXT}"})
    assert r.understood
    assert [{k: v for k, v in e.items() if k != "text"} for e in r.effects] == [
        {"when": "turn_end", "turn": "each", "do": [{"op": "held_to_hand", "count": 1}]}
    ]
    assert render_card(TREK)["reading"] == [
        "While in place, you and your opponent are each restricted: as each of you ends its own "
        "turn, it chooses 1 held command of its own and returns it to its hand (it must, when it "
        "has one)."
    ]


def test_RS_TURN_END_HELD_TO_HAND_near_misses_are_not_read() -> None:
    for text in (
        TEXT.replace("自分も相手も", "相手は"),
        TEXT.replace("1つ", "2つ"),
        TEXT.replace("ホールド状態", "リリース状態"),
        TEXT.replace("手札に戻す", "捨札にする"),
        TEXT.replace("手札に戻す。", "手札に戻してもよい。"),
    ):
        defn = {"type": "operation", "operation": "resident", "text": f"※常駐 {text}"}
        assert not read_card(defn).understood, text
    assert not read_card({"type": "operation", "operation": "normal", "text": TEXT}).understood


def test_RS_TURN_END_HELD_TO_HAND_the_player_returns_its_held_command() -> None:
    for named in (False, True, "code"):  # the one held command: not named, by id, by code
        b = _placed_turn_1()
        r = b.replay()
        assert r["steps"][b.last]["pending"][0]["kind"] == "resolve", r["steps"][b.last]
        assert "RS-TURN-END-HELD-TO-HAND" in rules_applied(r, b.last)
        ((held, _),) = _commands(r)
        targets = {False: [], True: [held], "code": ["T-000"]}[named]
        b.act("A", "resolve", source="T-880", targets=targets)
        r = b.replay()
        assert verdict(r, b.last) == "legal", r["steps"][b.last]
        assert _commands(r) == []
        assert held in player_state(r, "A")["hand"]


def test_RS_TURN_END_HELD_TO_HAND_the_opponent_too() -> None:
    """B rushes Runner in turn 2, holding its command: at the end of B's turn it returns it."""
    b = _placed_turn_1().act("A", "resolve", source="T-880")
    b.charge("B", "T-000").proceed("B").rush("B", "T-882").proceed("B", 2)
    r = b.replay()
    assert r["steps"][b.last]["pending"][0]["player"] == "B", r["steps"][b.last]
    b.act("B", "resolve", source="T-880")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _commands(r, "B") == []


def test_RS_TURN_END_HELD_TO_HAND_which_of_several_is_named_or_not_guessed() -> None:
    """Turn 3: A has charged a filler (turn 1) and Marker (turn 3), rushes Runner and puts Long
    Trek in place: two held commands, different cards, at the end of its turn."""

    def scene() -> LogBuilder:
        b = LogBuilder(CARDS).setup(first="A")
        b.charge("A", "T-000").proceed("A", 3)
        b.charge("B", "T-000").proceed("B", 3)
        b.charge("A", "T-881").proceed("A").rush("A", "T-882").use("A", "T-880")
        return b.proceed("A", 2)

    r = scene().replay()
    assert [held for _, held in _commands(r)] == [True, True], _commands(r)
    b = scene().act("A", "resolve", source="T-880", targets=["T-881"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    ((left, held),) = _commands(r)  # the filler stays, held
    assert held and player_state(r, "A")["hand"][-1] != left
    # not named: which one is not guessed
    b = scene().act("A", "resolve", source="T-880")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "Which held command A returned" in " ".join(ruling_texts(r, b.last))
    assert len(_commands(r)) == 2


def test_RS_TURN_END_HELD_TO_HAND_a_released_command_is_not_returned() -> None:
    """Turn 3: A has charged a filler (turn 1) and Marker (turn 3), and puts Long Trek in place
    holding the filler: Marker stays released, and naming it is illegal."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A", 3)
    b.charge("B", "T-000").proceed("B", 3)
    b.charge("A", "T-881").proceed("A").use("A", "T-880", hold="T-000").proceed("A", 2)
    r = b.replay()
    assert [h for _, h in _commands(r)] == [True, False], _commands(r)
    b.act("A", "resolve", source="T-880", targets=["T-881"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-TURN-END-HELD-TO-HAND"], r["steps"][b.last]


def test_RS_TURN_END_HELD_TO_HAND_no_held_command_none_returned() -> None:
    """B charges and rushes nothing in turn 2: no held command, nothing waits."""
    b = _placed_turn_1().act("A", "resolve", source="T-880")
    b.charge("B", "T-000").proceed("B", 3)
    r = b.replay()
    assert "none is returned" in " ".join(ruling_texts(r, b.last))
    assert verdict(r, b.last) == "legal"
    assert [h for _, h in _commands(r, "B")] == [False]


def test_RS_TURN_END_HELD_TO_HAND_tag_is_not_guessed() -> None:
    b = LogBuilder(CARDS, variant="tag").setup(first="A1")
    b.charge("A1", "T-000").proceed("A1").use("A1", "T-880").proceed("A1", 2)
    r = b.replay()
    assert "RS-TURN-END-HELD-TO-HAND" in rules_applied(r, b.last)
    assert any("tag battle" in t for t in ruling_texts(r, b.last)), r["steps"][b.last]


def test_RS_TURN_END_HELD_TO_HAND_whose_commands_is_not_guessed_where_it_matters() -> None:
    """A rushes Runner in turn 1 (its command held until its next start phase); B puts Long
    Trek in place in turn 2, holding its own: at B's end both have a held command.  The text
    names no owner: read as B's own, but where the other reading differs, not guessed."""

    def scene() -> LogBuilder:
        b = LogBuilder(CARDS).setup(first="A")
        b.charge("A", "T-000").proceed("A").rush("A", "T-882").proceed("A", 2)
        return b.charge("B", "T-000").proceed("B").use("B", "T-880").proceed("B", 2)

    r = scene().replay()
    ((mine, _),) = _commands(r, "B")
    ((theirs, _),) = _commands(r, "A")
    # named: B's own, returned
    b = scene().act("B", "resolve", source="T-880", targets=[mine])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _commands(r, "B") == [] and len(_commands(r, "A")) == 1
    # A's held command named, or none named: not guessed
    for targets in ([theirs], []):
        b = scene().act("B", "resolve", source="T-880", targets=targets)
        r = b.replay()
        assert verdict(r, b.last) == "unverifiable", (targets, r["steps"][b.last])
        assert "may be another player's" in " ".join(ruling_texts(r, b.last))
        assert len(_commands(r, "B")) == 1 and len(_commands(r, "A")) == 1
