"""A combination effect that triggers later, in force until the end of the turn
(RS-COMBINATION-TURN), which discards an opposing command when the unit destroys an opposing unit
in a battle (RS-DESTROYS-IN-BATTLE, RS-DISCARD-COMMAND), and its trigger by riding off
(RS-RIDE-OFF-NUMBER), on made-up cards in the catalogue's sentence shape.

The sources' words, which the tests follow: "これがバトルで敵軍ユニットを撃破したとき、これが撃破したユニットの
必要パワーの数字以下の必要パワーの数字を持つ敵軍コマンドを1つ選び捨札にしてもよい。(この効果は、ライドオフしたときナ
ンバーに関係なく発動する)" — *when this unit destroys* an opposing unit in a battle, the player *may*
put *one* opposing command (a card of a command zone: "コマンドゾーンに置かれたカードのこと") whose
printed required power is *no more than the destroyed unit's* into the discard pile; the effect
triggers *also as the unit rides off, whatever its number*.  A combination's effect lasts "特に期
限が書いていない限りそのターンの終了時まで", "効果を発動したユニットが撃破されたりバトルエリアの並び順が変化して
も…無効になることはない".  Whether the combination triggered as the unit entered riding at its
number's position too the sources do not say: not guessed.
"""

from __future__ import annotations

from typing import Any

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

SNIPE = (
    "【狙撃】これがバトルで敵軍ユニットを撃破したとき、これが撃破したユニットの必要パワーの数字以下の必要パワーの"
    "数字を持つ敵軍コマンドを1つ選び捨札にしてもよい。"
)
NOTE = "（この効果は、ライドオフしたときナンバーに関係なく発動する）"
#: A's unit: Number Combination 3, BP 3000
SNIPER = {
    **printed(
        "T-670",
        SNIPE + NOTE,
        name="Sniper",
        bp=3000,
        sp=1,
        size="S",
        combination={"number": 3},
    ),
    "features": ["シルバー"],
}
#: B's unit to be destroyed: required power printed 3
VICTIM = {**card("T-671", name="Victim", bp=1000, sp=0, size="S"), "power_number": 3}
#: a card printing required power 4, charged by B as a command
DEAR = {**card("T-672", name="Dear", bp=1000, sp=0, size="S"), "power_number": 4}
#: a vehicle units with the feature シルバー may ride
BIKE = card("T-673", "vehicle", name="Bike", ridden_by={"feature": "シルバー"})
CARDS = [SNIPER, VICTIM, DEAR, BIKE]


def _ready(first_units: tuple[str, ...] = ("T-000", "T-000")) -> LogBuilder:
    """B charges Dear (turn 1) and a filler (turn 3) as commands and puts Victim (B-4) into its
    battle area; A rushes a filler (turn 2), then in turn 4 ``first_units`` and the Sniper, and
    is in its battle phase."""
    b = LogBuilder(CARDS).setup(first="B")
    b.charge("B", "T-672").proceed("B", 3)
    b.charge("A", "T-000").proceed("A").rush("A", first_units[0]).proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-671").proceed("B").enter("B", "B-4")
    b.proceed("B", 2)
    b.charge("A", "T-000").proceed("A")
    for code in (*first_units[1:], "T-670"):
        b.rush("A", code)
    return b.proceed("A")


def _third(b: LogBuilder) -> LogBuilder:
    """Two fillers enter, then the Sniper at position 3, and it attacks Victim."""
    rush = player_state(b.replay(), "A")["rush"]
    for u in rush:
        if u["code"] == "T-000":
            b.enter("A", u["id"])
    return b.enter("A", "A-1").attack("A", "A-1", "B-4")


def _commands(r: dict[str, Any], pid: str = "B") -> list[str]:
    """The cards of ``pid``'s command zone: B's Dear is B-7, its filler B-13."""
    return [c["id"] for c in player_state(r, pid)["command"]]


def test_RS_COMBINATION_TURN_read_from_the_printed_named_effect_and_shown() -> None:
    r = read_card(SNIPER)
    assert r.understood and r.rides_off
    assert r.combination[0]["when"] == "on_destroys"
    assert r.combination[0]["do"] == [
        {
            "op": "discard_command",
            "target": {
                "side": "opponent",
                "zone": "command",
                "count": 1,
                "power_max": {"destroyed": "power"},
            },
        }
    ]
    assert render_card(SNIPER)["reading"] == [
        "Number Combination 3 (also, whatever its number, when it rides off a vehicle): until "
        "the end of the turn, when this unit destroys an opposing unit in a battle (attacking or "
        "attacked) (optional: you may): put 1 card of an opposing command zone (held or "
        "released) whose required power is at most the required power the destroyed unit "
        "prints into its owner's discard pile."
    ]
    # without the note: its number only
    plain = read_card({"type": "unit", "combination": {"number": 3}, "text": SNIPE})
    assert plain.understood and not plain.rides_off


def test_RS_COMBINATION_TURN_near_misses_are_not_read() -> None:
    for text in (
        SNIPE.replace("捨札にしてもよい", "捨札にする"),  # no choice: another sentence
        SNIPE.replace("敵軍コマンド", "敵軍ユニット"),
        SNIPE.replace("これがバトルで", "これが"),  # destroyed by anything, not said here
    ):
        assert not read_card(
            {"type": "unit", "combination": {"number": 3}, "text": text}
        ).understood, text
    # no combination number: the named effect is not a combination's
    assert not read_card({"type": "unit", "text": SNIPE + NOTE}).understood


def test_RS_DISCARD_COMMAND_a_command_of_no_more_required_power_is_discarded() -> None:
    b = _third(_ready())
    r = b.replay()
    assert "RS-COMBINATION-TURN" in rules_applied(r, b.last - 1)  # as it entered
    assert "RS-DESTROYS-IN-BATTLE" in rules_applied(r, b.last)
    b.act("A", "resolve", source="A-1", use=True, targets=["T-000"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-DISCARD-COMMAND" in rules_applied(r, b.last)
    assert _commands(r) == ["B-7"]
    assert player_state(r, "B")["discard"] == ["B-4", "B-13"]


def test_RS_DISCARD_COMMAND_a_command_printing_more_cannot_be_chosen() -> None:
    b = _third(_ready())
    b.act("A", "resolve", source="A-1", use=True, targets=["T-672"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_DISCARD_COMMAND_not_used_nothing_is_discarded() -> None:
    b = _third(_ready())
    b.act("A", "resolve", source="A-1", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert _commands(r) == ["B-7", "B-13"]


def test_RS_COMBINATION_TURN_not_at_its_number_nothing_is_in_force() -> None:
    b = _ready(("T-000",))
    b.enter("A", "A-1").attack("A", "A-1", "B-4")  # position 2
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-DESTROYS-IN-BATTLE" not in rules_applied(r, b.last)
    assert player_state(r, "B")["battle"] == []
    b.proceed("A")  # nothing waits: the battle phase ends
    assert verdict(b.replay(), b.last) == "legal"


def test_RS_COMBINATION_TURN_it_ends_with_the_turn() -> None:
    """In force for A's turn 4 only: in B's turn 5 a unit of B's attacks the Sniper and is
    destroyed, and nothing triggers."""
    b = _third(_ready())
    b.act("A", "resolve", source="A-1", use=False).proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-671").proceed("B").enter("B", "B-5")
    b.attack("B", "B-5", "A-1")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-DESTROYS-IN-BATTLE" not in rules_applied(r, b.last)
    assert "B-5" in player_state(r, "B")["discard"]
    assert _commands(r)[:2] == ["B-7", "B-13"] and len(_commands(r)) == 3


def test_RS_RIDE_OFF_NUMBER_riding_off_triggers_it_whatever_its_number() -> None:
    b = _ready(("T-673", "T-000"))
    b.enter("A", "A-1", ride="T-673")  # position 1, riding
    b.ride_off("A", "A-1")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert {"RS-RIDE-OFF-NUMBER", "RS-COMBINATION-TURN"} <= set(rules_applied(r, b.last))
    b.attack("A", "A-1", "B-4")
    b.act("A", "resolve", source="A-1", use=True, targets=["T-000"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _commands(r) == ["B-7"]


def test_RS_COMBINATION_TURN_entered_riding_at_its_number_is_not_guessed() -> None:
    """The Sniper enters riding Bike at position 3, its number, in A's turn 6, and rides off."""
    b = LogBuilder(CARDS).setup(first="B")
    b.charge("B", "T-672").proceed("B", 3)
    b.charge("A", "T-000").proceed("A").rush("A", "T-000").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-671").proceed("B").enter("B", "B-4")
    b.proceed("B", 2)
    b.charge("A", "T-000").proceed("A").rush("A", "T-000").proceed("A", 2)
    b.charge("B", "T-000").proceed("B", 2).enter("B", "B-4").proceed("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-673").rush("A", "T-670").proceed("A")
    for u in player_state(b.replay(), "A")["rush"]:
        if u["code"] == "T-000":
            b.enter("A", u["id"])
    b.enter("A", "A-1", ride="T-673")  # position 3, riding
    b.ride_off("A", "A-1").attack("A", "A-1", "B-4")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-COMBINATION-TURN" in rules_applied(r, b.last)
    assert _commands(r)[:2] == ["B-7", "B-13"] and len(_commands(r)) == 3
