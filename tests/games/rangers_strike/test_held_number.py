"""An opposing unit chosen by the number of the command a cost held (RS-HELD-NUMBER), on
made-up cards in the catalogue's sentence shape.

The sources' words, which the tests follow: "「MA」の自軍コマンドを1つホールドして次の効果を発動できる⇒
ホールドしたコマンドにナンバーがあれば、そのナンバーと同じナンバーを持つ敵軍Sユニットを1体選び撃破する。" — the
player *may* hold one released MA command of its own (RS-COMMAND-COST); *if the command held has
a number*, it *chooses* one opposing *size S* unit (no area named: rush or battle area) *with the
same number* and destroys it.  The command held is the cost's one (the card's official Q&A); a
number is "数字や英字" printed at the left of a unit card's text (RC, L, R too: not guessed);
クロス lowers the numbers of the units to its right (a card not read naming it: not guessed).
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

COST = "「MA」の自軍コマンドを1つホールドして次の効果を発動できる⇒"
BODY = "ホールドしたコマンドにナンバーがあれば、そのナンバーと同じナンバーを持つ敵軍Sユニットを1体選び撃破する。"
TEXT = f"【流星の鼓動】「SP1」{COST}{BODY}"

#: A's Number Combination 1 unit (a WB card, SP ！)
GLIMMER = {**printed("T-790", TEXT, name="Glimmer", category="WB", bp=3000, sp=0,
                     combination={"number": 1}), "sp_special": True, "size": "S"}  # fmt: skip
#: MA cards for A's command zone: a unit card printing number 3, an operation card (no number),
#: a unit card printing RC, a unit card printing number 4
MA_THREE = card("T-791", category="MA", size="S", combination={"number": 3})
MA_OPERATION = card("T-792", "operation", category="MA")
MA_RIDER = card("T-793", category="MA", size="S", combination={"rc": True})
MA_FOUR = card("T-794", category="MA", size="S", combination={"number": 4})
WB_CARD = card("T-795", category="WB")
#: B's units: size S number 3, size S number 4, size M number 3
S_THREE = card("T-796", bp=1000, sp=0, size="S", combination={"number": 3})
S_FOUR = card("T-797", bp=1000, sp=0, size="S", combination={"number": 4})
M_THREE = card("T-798", bp=1000, sp=0, size="M", combination={"number": 3})
#: B's unit whose text the engine does not read, naming クロス
CROSSER = printed(
    "T-799", "【二人で一人】このターン、これはクロス1を得る。", bp=1000, sp=0, size="S"
)
CARDS = [GLIMMER, MA_THREE, MA_OPERATION, MA_RIDER, MA_FOUR, WB_CARD, S_THREE, S_FOUR, M_THREE,
         CROSSER]  # fmt: skip


def _to_the_combination(
    commands: tuple[str, ...] = ("T-791",), b_units: tuple[str, ...] = ("T-796", "T-797", "T-798")
) -> LogBuilder:
    """A charges the MA ``commands`` (one a turn, turns 1, 3, …); B charges a command each
    turn and in its third turn rushes ``b_units`` and enters them; then A charges a WB card,
    rushes Glimmer and enters it first (its Number Combination 1 triggers and waits for A's
    choice)."""
    b = LogBuilder(CARDS).setup(first="A")
    for turn in range(3):
        if turn < len(commands):
            b.charge("A", commands[turn]).proceed("A", 3)
        else:
            b.pass_turn("A")
        if turn < 2:
            b.charge("B", "T-000").proceed("B", 3)
    b.charge("B", "T-000").proceed("B")
    for code in b_units:
        b.rush("B", code)
    b.proceed("B")
    for code in b_units:
        b.enter("B", code)
    b.proceed("B")
    b.charge("A", "T-795").proceed("A").rush("A", "T-790").proceed("A").enter("A", "T-790")
    return b


def _codes(r: dict[str, Any], pid: str) -> list[str]:
    return [u["code"] for u in player_state(r, pid)["battle"]]


def _messages(r: dict[str, Any], i: int) -> str:
    return " ".join(v["message"] for v in r["steps"][i]["violations"])


def test_RS_HELD_NUMBER_read_after_the_cost_and_shown() -> None:
    r = read_card({"type": "unit", "combination": {"number": 1}, "text": TEXT})
    assert r.understood
    (effect,) = r.combination
    assert effect["optional"] is True
    assert effect["do"] == [
        {"op": "sp", "value": 1, "until": "turn"},
        {"op": "hold_commands", "category": "MA", "count": 1},
        {
            "op": "destroy",
            "target": {
                "side": "opponent", "zone": "field", "count": 1, "type": "unit", "size": "S",
                "number_equal": {"held": "number"},
            },
        },
    ]  # fmt: skip
    assert render_card(GLIMMER)["reading"][-1] == (
        "Number Combination 1: this unit is SP 1 until the end of the turn; then you may hold "
        "1 released MA command of yours, and if you do: if the command so held prints a "
        "combination number, destroy 1 size S unit (not a vehicle) with that same combination "
        "number in the opponent's rush or battle area."
    )


def test_RS_HELD_NUMBER_near_misses_are_not_read() -> None:
    for text in (
        TEXT.replace("ナンバーがあれば", "ナンバーがなければ"),
        TEXT.replace("同じナンバー", "より大きいナンバー"),
        TEXT.replace("1つホールドして", "2つホールドして"),  # which command of two: not said
        TEXT.replace("撃破する。", "撃破してもよい。"),
        f"【流星の鼓動】{BODY}",  # no cost: no command was held
        f"【流星の鼓動】{COST}1枚ドローする。{BODY}",  # not right after the cost
    ):
        reading = read_card({"type": "unit", "combination": {"number": 1}, "text": text})
        assert not reading.understood, text


def test_RS_HELD_NUMBER_the_unit_with_the_number_of_the_command_held_is_destroyed() -> None:
    b = _to_the_combination()
    b.act("A", "resolve", source="A-1", use=True, targets=["T-791", "T-796"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert {"RS-HELD-NUMBER", "RS-COMMAND-COST"} <= set(rules_applied(r, b.last))
    assert "prints combination number 3" in " ".join(ruling_texts(r, b.last))
    assert _codes(r, "B") == ["T-797", "T-798"]  # the size S number 3 unit destroyed
    assert [c["held"] for c in player_state(r, "A")["command"]] == [True, True]


def test_RS_HELD_NUMBER_another_number_or_size_is_illegal() -> None:
    for wrong in ("T-797", "T-798"):  # number 4; size M with number 3
        b = _to_the_combination()
        b.act("A", "resolve", source="A-1", use=True, targets=["T-791", wrong])
        r = b.replay()
        assert verdict(r, b.last) == "illegal", wrong
        assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)
        assert "with combination number 3" in _messages(r, b.last)


def test_RS_HELD_NUMBER_a_unit_must_be_chosen_when_one_fits() -> None:
    b = _to_the_combination()
    b.act("A", "resolve", source="A-1", use=True, targets=["T-791"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal", r["steps"][b.last]
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_HELD_NUMBER_a_command_without_a_number_nothing_more_happens() -> None:
    b = _to_the_combination(("T-792",))
    b.act("A", "resolve", source="A-1", use=True, targets=["T-792"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "prints no combination number" in " ".join(ruling_texts(r, b.last))
    assert _codes(r, "B") == ["T-796", "T-797", "T-798"]
    b.strike("A", "T-790")  # the 「SP1」 came all the same
    assert verdict(b.replay(), b.last) == "legal"
    # naming a unit all the same: nothing takes it
    b = _to_the_combination(("T-792",))
    b.act("A", "resolve", source="A-1", use=True, targets=["T-792", "T-796"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert _codes(r, "B") == ["T-796", "T-797", "T-798"]


def test_RS_HELD_NUMBER_a_command_printing_rc_is_not_guessed() -> None:
    b = _to_the_combination(("T-793",))
    b.act("A", "resolve", source="A-1", use=True, targets=["T-793"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-HELD-NUMBER" in rules_applied(r, b.last)
    assert "prints RC" in " ".join(ruling_texts(r, b.last))
    assert _codes(r, "B") == ["T-796", "T-797", "T-798"]
    assert [c["held"] for c in player_state(r, "A")["command"]] == [True, True]  # cost paid


def test_RS_HELD_NUMBER_which_command_not_recorded_numbers_differing_not_guessed() -> None:
    b = _to_the_combination(("T-791", "T-794"))
    b.act("A", "resolve", source="A-1", use=True, targets=["T-796"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    said = " ".join(ruling_texts(r, b.last))
    assert "print different numbers" in said
    assert _codes(r, "B") == ["T-796", "T-797", "T-798"]
    # named, it is judged: the number 4 command held, the number 4 unit destroyed
    b = _to_the_combination(("T-791", "T-794"))
    b.act("A", "resolve", source="A-1", use=True, targets=["T-794", "T-797"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _codes(r, "B") == ["T-796", "T-798"]


def test_RS_HELD_NUMBER_a_card_not_read_naming_cross_is_not_guessed() -> None:
    b = _to_the_combination(b_units=("T-799", "T-796"))
    b.act("A", "resolve", source="A-1", use=True, targets=["T-791", "T-796"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-HELD-NUMBER" in rules_applied(r, b.last)
    assert "names combination numbers or クロス" in " ".join(ruling_texts(r, b.last))
    assert _codes(r, "B") == ["T-799", "T-796"]


def test_RS_HELD_NUMBER_not_used_nothing_is_held_or_destroyed() -> None:
    b = _to_the_combination()
    b.act("A", "resolve", source="A-1", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert _codes(r, "B") == ["T-796", "T-797", "T-798"]
    assert [c["held"] for c in player_state(r, "A")["command"]] == [False, True]
