"""An effect paid for by holding commands (RS-COMMAND-COST), one that holds every opposing
command (RS-HOLD-ALL-COMMANDS) and choices by printed size and number (RS-SELECT-SIZE), on
made-up cards in the catalogue's sentence shapes.

The sources' words, which the tests follow: the text "「X」の自軍コマンドをNつホールドして、次の
効果を発動できる⇒…" (the player *may* hold N released commands of category X of its own, and
only then does what follows happen; a Number Combination's 「SP1」 before it is not part of the
choice); seed 002 【コマンドゾーン】 (an ally holds a command for another only when a card is
used from the hand); "敵軍コマンドをすべてホールドする。" (every command of the opposing side);
the official rules' sizes as the fan wiki sums them up ("S=レンジャー、M=マシン、L=合体ロボ") and
"ナンバーを持たない" (no combination number).
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
FLAME = f"【焔の一太刀】「SP1」{COST}敵軍バトルエリアからナンバーを持たないSユニットを1体選び、撃破する。"
PETALS = f"【花吹雪】「SP1」{COST}敵軍コマンドをすべてホールドする。"


def _sized(code: str, size: str, **kw: Any) -> dict[str, Any]:
    return card(code, bp=1000, sp=0, size=size, **kw)


#: A's Number Combination 1 unit (a WB card, SP ！), an MA card for the command zone; B's units:
#: size S without a number, size M, size S with number 3
BLADE = {**printed("T-070", FLAME, name="Flame Blade", category="WB", bp=3000, sp=0,
                    combination={"number": 1}), "sp_special": True, "size": "S"}  # fmt: skip
PETAL = {**printed("T-076", PETALS, name="Petal Dancer", category="WB", bp=1000, sp=0,
                    combination={"number": 1}), "sp_special": True, "size": "S"}  # fmt: skip
MA_CARD = card("T-071", category="MA")
WB_CARD = card("T-075", category="WB")
SMALL, MEDIUM = _sized("T-072", "S"), _sized("T-073", "M")
NUMBERED = _sized("T-074", "S", combination={"number": 3})


def _to_the_combination(unit: str = "T-070", ma_commands: int = 1) -> LogBuilder:
    """A charges ``ma_commands`` MA cards (turns 1 and 3); B charges a command each turn and
    in its third turn rushes T-072, T-073 and T-074 and enters them; then A charges a WB card,
    rushes ``unit`` and enters it first (its Number Combination 1 triggers and waits for A's
    choice)."""
    b = LogBuilder([BLADE, PETAL, MA_CARD, WB_CARD, SMALL, MEDIUM, NUMBERED]).setup(first="A")
    b.charge("A", "T-071").proceed("A", 3)
    b.charge("B", "T-000").proceed("B", 3)
    if ma_commands > 1:
        b.charge("A", "T-071").proceed("A", 3)
    else:
        b.pass_turn("A")
    b.charge("B", "T-000").proceed("B", 3).pass_turn("A")
    b.charge("B", "T-000").proceed("B")
    for code in ("T-072", "T-073", "T-074"):
        b.rush("B", code)
    b.proceed("B")
    for code in ("T-072", "T-073", "T-074"):
        b.enter("B", code)
    b.proceed("B")
    b.charge("A", "T-075").proceed("A").rush("A", unit).proceed("A").enter("A", unit)
    return b


def _codes(r: dict[str, Any], pid: str) -> list[str]:
    return [u["code"] for u in player_state(r, pid)["battle"]]


def _held(r: dict[str, Any], pid: str) -> list[bool]:
    return [c["held"] for c in player_state(r, pid)["command"]]


def test_RS_COMMAND_COST_read_with_what_comes_before_it_outside_the_choice() -> None:
    r = read_card({"type": "unit", "combination": {"number": 1}, "text": FLAME})
    assert r.understood
    (effect,) = r.combination
    assert effect["optional"] is True
    assert [op["op"] for op in effect["do"]] == ["sp", "hold_commands", "destroy"]
    assert effect["do"][1] == {"op": "hold_commands", "category": "MA", "count": 1}
    assert render_card(BLADE)["reading"][-1] == (
        "Number Combination 1: this unit is SP 1 until the end of the turn; then you may hold "
        "1 released MA command of yours, and if you do: destroy 1 size S unit (not a vehicle) "
        "without a combination number in the opponent's battle area."
    )
    # a cost with nothing after it, or an operation's: not read
    for text in (f"【焔】{COST}", f"{COST}1枚ドローする。"):
        kind = "operation" if text.startswith("「") else "unit"
        defn = {"type": kind, "operation": "normal"} if kind == "operation" else {"type": kind}
        assert not read_card({**defn, "combination": {"number": 1}, "text": text}).understood


def test_RS_COMMAND_COST_paid_what_follows_happens() -> None:
    b = _to_the_combination()
    b.act("A", "resolve", source="A-1", use=True, targets=["T-071", "T-072"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-COMMAND-COST" in rules_applied(r, b.last)
    assert _codes(r, "B") == ["T-073", "T-074"]  # T-072 destroyed
    assert all(_held(r, "A"))  # the WB command for the rush, the MA one for the cost
    b.strike("A", "T-070")  # SP 1 from the Number Combination
    assert verdict(b.replay(), b.last) == "legal"


def test_RS_COMMAND_COST_not_paid_the_sp_still_comes_and_nothing_else() -> None:
    b = _to_the_combination()
    b.act("A", "resolve", source="A-1", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert _codes(r, "B") == ["T-072", "T-073", "T-074"]
    assert _held(r, "A") == [False, True]  # the MA command stays released
    b.strike("A", "T-070")
    assert verdict(b.replay(), b.last) == "legal"  # the 「SP1」 is not part of the choice


def test_RS_COMMAND_COST_without_the_command_using_it_is_illegal() -> None:
    b = LogBuilder([BLADE, WB_CARD, SMALL]).setup(first="A")
    b.pass_turn("A").charge("B", "T-000").proceed("B").rush("B", "T-072").proceed("B")
    b.enter("B", "T-072").proceed("B")
    b.charge("A", "T-075").proceed("A").rush("A", "T-070").proceed("A").enter("A", "T-070")
    b.act("A", "resolve", source="A-1", use=True, targets=["T-072"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-COMMAND-COST" in rules_broken(r, b.last)
    assert "has 0 released MA commands" in " ".join(
        v["message"] for v in r["steps"][b.last]["violations"]
    )


def test_RS_COMMAND_COST_which_command_not_recorded_with_a_choice_is_unverifiable() -> None:
    b = _to_the_combination("T-070", 2)
    b.act("A", "resolve", source="A-1", use=True, targets=["T-072"])
    r = b.replay()
    step = r["steps"][b.last]
    assert step["verdict"] == "unverifiable"
    assert "which MA command A held for the cost is not recorded" in " ".join(
        ruling_texts(r, b.last)
    )
    assert _held(r, "A") == [True, False, True]  # the first MA one, by default
    # named: the second one is held, and the step is legal
    b = _to_the_combination("T-070", 2)
    second = player_state(b.replay(), "A")["command"][1]["id"]
    b.act("A", "resolve", source="A-1", use=True, targets=[second, "T-072"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _held(r, "A") == [False, True, True]


def test_RS_SELECT_SIZE_a_size_m_unit_or_one_with_a_number_does_not_fit() -> None:
    for wrong in ("T-073", "T-074"):
        b = _to_the_combination()
        b.act("A", "resolve", source="A-1", use=True, targets=["T-071", wrong])
        r = b.replay()
        assert verdict(r, b.last) == "illegal", wrong
        assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)
        message = " ".join(v["message"] for v in r["steps"][b.last]["violations"])
        assert "a size S unit (not a vehicle)" in message
        assert "without a combination number" in message


def test_RS_SELECT_SIZE_read_from_the_printed_size_and_number() -> None:
    body = "敵軍バトルエリアから、ナンバーを持たない敵軍Mユニットを2体選び撃破する。"
    r = read_card({"type": "unit", "combination": {"number": 2}, "text": f"【鉄槌】{body}"})
    assert r.combination[0]["do"][0]["target"] == {
        "side": "opponent", "zone": "battle", "count": 2, "type": "unit", "size": "M",
        "no_number": True,
    }  # fmt: skip
    # a vehicle of a size is no unit: not read
    vehicle = "【鉄槌】敵軍バトルエリアからSビークルを1体選び撃破する。"
    assert not read_card({"type": "unit", "combination": {"number": 2}, "text": vehicle}).understood


def test_RS_HOLD_ALL_COMMANDS_every_opposing_command_is_held_until_their_start() -> None:
    b = LogBuilder([PETAL, MA_CARD, WB_CARD]).setup(first="A")
    b.charge("A", "T-071").proceed("A", 3).charge("B", "T-000").proceed("B", 3)
    b.charge("A", "T-075").proceed("A").rush("A", "T-076").proceed("A").enter("A", "T-076")
    assert _held(b.replay(), "B") == [False]
    b.act("A", "resolve", source="A-1", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-HOLD-ALL-COMMANDS" in rules_applied(r, b.last)
    assert _held(r, "B") == [True]
    assert render_card(PETAL)["reading"][-1].endswith(
        "then you may hold 1 released MA command of yours, and if you do: hold every released "
        "command of the opposing side."
    )
    b.proceed("A")  # B's start phase releases its commands (RS-START)
    assert _held(b.replay(), "B") == [False]


def test_RS_HOLD_ALL_COMMANDS_in_tag_battle_both_opposing_players() -> None:
    b = LogBuilder([PETAL, MA_CARD, WB_CARD], variant="tag").setup(first="A1")
    b.charge("A1", "T-071").proceed("A1", 3)
    b.charge("A2", "T-000").proceed("A2", 3)
    b.charge("B1", "T-000").proceed("B1", 3)
    b.charge("B2", "T-000").proceed("B2", 3)
    b.charge("A1", "T-075").proceed("A1").rush("A1", "T-076").proceed("A1").enter("A1", "T-076")
    b.act("A1", "resolve", source="A1-1", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _held(r, "B1") == [True] and _held(r, "B2") == [True]
    assert _held(r, "A2") == [False]  # the ally's stays released
