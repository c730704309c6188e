"""A unit chosen first, what follows referring to it (RS-CHOOSE-FIRST), on made-up cards in the
catalogue's sentence shapes.

The sources' words, which the tests follow: "自軍Lユニットを1体選んでもよい。そうしたとき、敵軍バトルエリ
アから、選んだユニットの必要パワーの数字以下の必要パワーの数字を持つ敵軍ユニットを1体選び、持ち主のパワーゾー
ンに送る。" — the player *may* choose one size L unit of its own; only when it did is one opposing
unit whose printed required power is no more than the chosen unit's printed required power sent
face up into its owner's power zone; the chosen unit itself is not affected.
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

GUARD = (
    "【守護】これをラッシュしたとき、自軍Lユニットを1体選んでもよい。そうしたとき、敵軍バトルエリア"
    "から、選んだユニットの必要パワーの数字以下の必要パワーの数字を持つ敵軍ユニットを1体選び、持ち主の"
    "パワーゾーンに送る。"
)
GUARDIAN = printed("T-985", GUARD, name="Guardian", bp=1000, sp=0, size="S")


def _printed(code: str, name: str, number: int, size: str) -> dict[str, Any]:
    """A unit rushed for no power whose card prints the required power ``number``."""
    return {**card(code, name=name, bp=1000, sp=0, size=size), "power_number": number}


ROBOT = _printed("T-986", "Robot", 3, "L")
SMALL, BIG = _printed("T-987", "Small", 2, "S"), _printed("T-988", "Big", 5, "S")


def _guarded(robot: bool, targets: list[str] | None) -> LogBuilder:
    """A rushes Robot (if ``robot``) in turn 1; B rushes Small (turn 2) and Big (turn 4) and
    enters both in turn 4; A rushes Guardian in turn 5, its effect used with ``targets`` (None:
    not used)."""
    b = LogBuilder([GUARDIAN, ROBOT, SMALL, BIG]).setup(first="A")
    b.charge("A", "T-000").proceed("A")
    if robot:
        b.rush("A", "T-986")
    b.proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-987").proceed("B", 2)
    b.pass_turn("A")
    b.charge("B", "T-000").proceed("B").rush("B", "T-988").proceed("B")
    b.enter("B", "T-987").enter("B", "T-988").proceed("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-985")
    if targets is None:
        return b.act("A", "resolve", source="T-985", use=False)
    return b.act("A", "resolve", source="T-985", use=True, targets=targets)


def _codes(r: dict, pid: str, zone: str) -> list[str]:
    return [u["code"] for u in player_state(r, pid)[zone]]


def test_RS_CHOOSE_FIRST_read_from_the_printed_sentences_and_shown() -> None:
    (effect,) = read_card({"type": "unit", "text": GUARD}).effects
    assert effect["optional"] is True
    first, then = effect["do"]
    assert first == {
        "op": "choose",
        "target": {"side": "own", "zone": "field", "count": 1, "type": "unit", "size": "L"},
        "if_done": True,
    }
    assert then["op"] == "to_power_zone"
    assert then["target"]["power_max"] == {"chosen": "power"}
    assert render_card(GUARDIAN)["reading"] == [
        "When rushed (optional: you may): choose 1 size L unit (not a vehicle) in your rush or "
        "battle area, and if you do: put 1 unit (not a vehicle) whose required power is at most "
        "the one the unit chosen prints in the opponent's battle area face up into its owner's "
        "power zone (not destroyed)."
    ]
    # "選んだユニット" with no unit chosen before it: not read
    alone = (
        "【守護】これをラッシュしたとき、敵軍ラッシュエリアから、選んだユニットの必要パワーの数字以下の"
        "必要パワーの数字を持つ敵軍ユニットを1体選び、持ち主のパワーゾーンに送る。"
    )
    assert not read_card({"type": "unit", "text": alone}).understood


def test_RS_CHOOSE_FIRST_a_unit_printing_no_more_is_sent_and_the_chosen_one_stays() -> None:
    b = _guarded(True, ["T-986", "T-987"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _codes(r, "B", "battle") == ["T-988"]
    assert _codes(r, "A", "rush") == ["T-986", "T-985"]  # the chosen unit is not affected
    assert len(player_state(r, "B")["power"]) >= 1


def test_RS_CHOOSE_FIRST_a_unit_printing_more_than_the_chosen_one_does_not_fit() -> None:
    b = _guarded(True, ["T-986", "T-988"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_CHOOSE_FIRST_with_no_unit_to_choose_nothing_follows() -> None:
    b = _guarded(False, [])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-IF-DONE" in rules_applied(r, b.last)
    assert _codes(r, "B", "battle") == ["T-987", "T-988"]
    not_used = _guarded(True, None)
    r = not_used.replay()
    assert verdict(r, not_used.last) == "legal"
    assert _codes(r, "B", "battle") == ["T-987", "T-988"]


NAMESAKE = (
    "【偽者】これをラッシュしたとき、敵軍ユニットを1体選んでもよい。そうしたとき、選んだユニットと同じカー"
    "ド名の敵軍ユニットが、選んだユニット以外にあれば、選んだユニットを持ち主のパワーゾーンにダメージにして"
    "置く。"
)
UNMASKER = printed("T-989", NAMESAKE, name="Unmasker", bp=1000, sp=0, size="S")
TWIN = card("T-990", name="Twin", bp=1000, sp=0, size="S")
SOLO = card("T-991", name="Solo", bp=1000, sp=0, size="S")
#: a card whose text (not read) lets it be used as Solo (「Solo」としてつかえる)
MASK = {
    **card("T-992", name="Mask", bp=1000, sp=0, size="S"),
    "text": "※これは「Solo」としてつかえる。",
}


def _unmasked(b_units: tuple[str, ...], target: str) -> LogBuilder:
    """B rushes ``b_units``, one a turn; then A rushes Unmasker, choosing ``target``."""
    b = LogBuilder([UNMASKER, TWIN, SOLO, MASK]).setup(first="A")
    for code in b_units:
        b.pass_turn("A")
        b.charge("B", "T-000").proceed("B").rush("B", code).proceed("B", 2)
    b.charge("A", "T-000").proceed("A").rush("A", "T-989")
    return b.act("A", "resolve", source="T-989", use=True, targets=[target])


def test_RS_CHOOSE_FIRST_the_chosen_unit_goes_as_damage_when_another_has_its_name() -> None:
    (effect,) = read_card({"type": "unit", "text": NAMESAKE}).effects
    assert effect["do"][1] == {"op": "to_damage", "target": "chosen", "if": "namesake"}
    b = _unmasked(("T-990", "T-990", "T-991"), "T-990")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert {"RS-CHOOSE-FIRST", "RS-TO-DAMAGE"} <= set(rules_applied(r, b.last))
    assert _codes(r, "B", "rush") == ["T-990", "T-991"]
    assert player_state(r, "B")["damage"] == 1


def test_RS_CHOOSE_FIRST_a_unit_with_no_namesake_stays() -> None:
    b = _unmasked(("T-990", "T-991"), "T-991")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-CHOOSE-FIRST" in rules_applied(r, b.last)
    assert _codes(r, "B", "rush") == ["T-990", "T-991"]
    assert player_state(r, "B")["damage"] == 0


def test_RS_CHOOSE_FIRST_a_card_used_as_another_leaves_the_namesake_unknown() -> None:
    b = _unmasked(("T-991", "T-992"), "T-991")
    r = b.replay()
    step = r["steps"][b.last]
    assert step["verdict"] == "unverifiable", step
    assert any("may be used as another" in why for why in step["unverifiable"])
    assert _codes(r, "B", "rush") == ["T-991", "T-992"]
