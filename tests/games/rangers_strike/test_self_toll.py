"""An opposing unit put held into the command zone, then the unit whose effect it is held if
released and destroyed if held (RS-HOLD-OR-DESTROY-SELF), on made-up cards in the catalogue's
sentence shape.

The sources' words, which the tests follow: "自軍ターン中、これがバトルエリアに出たとき、敵軍バトルエリアから敵軍
ダメージの点数以下の必要パワーの数字を持つSユニットを1体選び、持ち主のコマンドゾーンにホールド状態で置く。置けなければ
捨札にする。そうしたとき、このユニットがリリース状態ならホールドし、ホールド状態なら撃破する。" — an opposing size S
unit of the battle area printing a required power *no more than the opposing side's damage* goes
*held* into its owner's command zone (into the discard pile when it is full: "５枚まで"); *when that
was done*, this unit, *released*, is held, and, *held*, is destroyed.  What "そうしたとき" refers to
after "置けなければ捨札にする" the sources do not settle: rule option ``toll_after_fallback``.
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
    verdict,
)

FANG = (
    "【牙】自軍ターン中、これがバトルエリアに出たとき、敵軍バトルエリアから敵軍ダメージの点数以下の必要パワーの数字を"
    "持つSユニットを1体選び、持ち主のコマンドゾーンにホールド状態で置く。置けなければ捨札にする。そうしたとき、このユニッ"
    "トがリリース状態ならホールドし、ホールド状態なら撃破する。"
)
HELD_NOTE = "※これはラッシュするとき、可能ならホールド状態で置く。 "
#: A's unit with the effect; B's units: Zero (S, printed required power 0) and Two (S, 2)
BITER = printed("T-750", FANG, name="Biter", bp=2000, sp=1, size="S")
ZERO = {**card("T-751", name="Zero", bp=1000, sp=0, size="S"), "power_number": 0}
TWO = {**card("T-752", name="Two", bp=1000, sp=0, size="S"), "power_number": 2}


def _entered(
    b_unit: str = "T-751",
    charges: int = 0,
    held: bool = False,
    options: dict[str, Any] | None = None,
) -> LogBuilder:
    """B (no damage) charges ``charges`` more commands (one a turn), then rushes ``b_unit``
    (B-4 or B-7), which enters its battle area; in the next turn A's Biter (A-1; rushed held
    when ``held``) enters and its effect waits."""
    biter = printed(
        "T-750", (HELD_NOTE if held else "") + FANG, name="Biter", bp=2000, sp=1, size="S"
    )
    b = LogBuilder([biter, ZERO, TWO], options=options).setup(first="B")
    for _ in range(charges):
        b.charge("B", "T-000").proceed("B", 3)
        b.pass_turn("A")
    b.charge("B", "T-000").proceed("B").rush("B", b_unit).proceed("B")
    unit = player_state(b.replay(), "B")["rush"][0]["id"]
    b.enter("B", unit).proceed("B")
    return b.charge("A", "T-000").proceed("A").rush("A", "T-750").proceed("A").enter("A", "A-1")


def _biter(r: dict[str, Any]) -> dict[str, Any] | None:
    snap = r["steps"][-1]["snapshot"]["players"]["A"]
    return next((u for u in snap["battle"] if u["id"] == "A-1"), None)


def test_RS_HOLD_OR_DESTROY_SELF_read_from_the_printed_named_effect_and_shown() -> None:
    r = read_card(BITER)
    assert r.understood
    (effect,) = r.effects
    assert effect["when"] == "on_enter" and "optional" not in effect
    assert effect["do"] == [
        {
            "op": "to_command",
            "target": {
                "side": "opponent",
                "zone": "battle",
                "count": 1,
                "type": "unit",
                "size": "S",
                "power_max": "opponent_damage",
            },
            "if_full": "discard",
            "if_done": True,
        },
        {"op": "hold_or_destroy_self"},
    ]
    assert render_card(BITER)["reading"] == [
        "When it enters the battle area in your turn: put 1 size S unit (not a vehicle) whose "
        "required power is at most the opposing side's damage in the opponent's battle area held "
        "into its owner's command zone; when that zone holds 5 already, it goes to the discard "
        "pile instead (not destroyed), and if you do: if this unit is released, hold it; if it is "
        "held, destroy it."
    ]


def test_RS_HOLD_OR_DESTROY_SELF_near_misses_are_not_read() -> None:
    for text in (
        FANG.replace("リリース状態ならホールドし、ホールド状態なら撃破する", "ホールドする"),
        FANG.replace("ホールド状態なら撃破する", "ホールド状態なら捨札にする"),
        FANG.replace("このユニットが", "選んだユニットが"),
        FANG.replace("そうしたとき、", ""),
        FANG.replace("置けなければ捨札にする", "置けなければこの効果は発動できない"),
        FANG.replace("敵軍バトルエリアから", "敵軍ラッシュエリアから"),
    ):
        assert not read_card({"type": "unit", "text": text}).understood, text


def test_RS_HOLD_OR_DESTROY_SELF_a_unit_moved_the_released_unit_is_held() -> None:
    b = _entered()
    b.act("A", "resolve", source="A-1", targets=["B-4"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert {"RS-TO-COMMAND", "RS-HOLD-OR-DESTROY-SELF"} <= set(rules_applied(r, b.last))
    assert player_state(r, "B")["battle"] == []
    assert player_state(r, "B")["command"][-1] == {"id": "B-4", "held": True}
    biter = _biter(r)
    assert biter is not None and biter["held"] is True


def test_RS_HOLD_OR_DESTROY_SELF_a_held_unit_is_destroyed() -> None:
    b = _entered(held=True)  # rushed held, it enters held
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _biter(r) is not None and _biter(r)["held"] is True
    b.act("A", "resolve", source="A-1", targets=["B-4"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-HOLD-OR-DESTROY-SELF" in rules_applied(r, b.last)
    assert _biter(r) is None
    assert "A-1" in player_state(r, "A")["discard"]


def test_RS_HOLD_OR_DESTROY_SELF_into_the_discard_pile_it_pays_as_well() -> None:
    """B's command zone holds 5 cards: Zero goes to the discard pile, and Biter is held."""
    b = _entered(charges=4)
    assert len(player_state(b.replay(), "B")["command"]) == 5
    b.act("A", "resolve", source="A-1", targets=["B-4"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "B-4" in player_state(r, "B")["discard"]
    biter = _biter(r)
    assert biter is not None and biter["held"] is True


def test_RS_HOLD_OR_DESTROY_SELF_nothing_fits_nothing_is_paid() -> None:
    """B's Two prints 2, more than B's damage (0): none can be chosen."""
    b = _entered(b_unit="T-752")
    b.act("A", "resolve", source="A-1")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert [u["name"] for u in player_state(r, "B")["battle"]] == ["Two"]
    biter = _biter(r)
    assert biter is not None and not biter.get("held", False)


def test_RS_HOLD_OR_DESTROY_SELF_rule_option_leaves_it_to_a_judge() -> None:
    b = _entered(options={"toll_after_fallback": "unverifiable"})
    b.act("A", "resolve", source="A-1", targets=["B-4"])
    r = b.replay()
    step = r["steps"][b.last]
    assert step["verdict"] == "unverifiable", step
    assert any("toll_after_fallback" in why for why in step["unverifiable"])
    biter = _biter(r)
    assert biter is not None and biter["held"] is True
