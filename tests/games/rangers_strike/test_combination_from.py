"""A combination made from a unit (RS-COMBINATION-FROM), on made-up cards in the catalogue's
sentence shapes.

The source (atwiki renst page 267, コンビネーション, FAN): a combination is units lining up in the
battle area; besides the Number Combination "その他特定のユニットからのコンビネーションを必要とする
もの" exist; it triggers after the "when it enters" effects; "コンビネーションにより発生する効果は、
特に期限が書いていない限りそのターンの終了時まで有効"; two units that stop being side by side part
the combination ("ふたつのユニットが隣り合わない").  So: the effect triggers when the unit enters
directly after such a unit, whatever its position, and lasts until the end of the turn.  In tag
battle the two battle areas are one line (seed 002, 【ナンバーコンビネーション】).
"""

from __future__ import annotations

from typing import Any

import pytest

from judge.core.errors import BadLog
from judge.core.testing import event_types, rules_applied, ruling_texts, verdict
from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import LogBuilder, card

SP1_FROM_DRAGON = "【竜の爪】特徴「竜」を持つユニットからコンビネーションするとき、このターン、これは次の能力を得る⇒「SP1」"
NAMED_RIDER = (
    "【双刃】SP1 このターン、これはBP+2000される。"
    "(この効果は「蒼の剣士」または「紅の剣士」からコンビネーションするときはナンバーに関係なく発動する)"
)
SP1 = {"op": "sp", "value": 1, "until": "turn"}


def _unit(code: str, name: str, text: str | None = None, **kw: Any) -> dict[str, Any]:
    d = {**card(code, name=name, bp=3000, sp=0), **kw}
    if text is not None:
        d["text"] = text
        del d["effects"]  # read from the printed text
    return d


#: a unit with the feature 竜; a plain unit; the unit that combines from a 竜 (SP ！, no number)
DRAGON = _unit("T-010", "Scale Knight", features=["竜"], sp=1)
PLAIN = _unit("T-011", "Foot Soldier", sp=1)
CLAW = _unit("T-012", "Claw Rider", SP1_FROM_DRAGON, sp_special=True)


def test_RS_COMBINATION_FROM_the_reader_reads_the_named_effect_and_the_numbers_note() -> None:
    r = read_card({"type": "unit", "text": SP1_FROM_DRAGON})
    assert r.understood and r.combines_from == {"feature": "竜"}
    assert r.combination[0]["do"] == [SP1]
    # a unit with a number: which of the two triggers it is not printed, so not read
    assert not read_card(
        {"type": "unit", "combination": {"number": 2}, "text": SP1_FROM_DRAGON}
    ).understood
    rider = read_card({"type": "unit", "combination": {"number": 5}, "text": NAMED_RIDER})
    assert rider.understood and rider.combines_from == {"names": ["蒼の剣士", "紅の剣士"]}
    assert rider.combination[0]["do"] == [SP1, {"op": "bp", "amount": 2000, "until": "turn"}]
    comma = NAMED_RIDER.replace(
        "は「蒼の剣士」または「紅の剣士」", "は、特徴「剣士」を持つユニット"
    )
    comma = comma.replace("するときは", "するとき、")
    assert read_card(
        {"type": "unit", "combination": {"number": 5}, "text": comma}
    ).combines_from == {"feature": "剣士"}
    # the note is a Number Combination's: without a number it is not read
    assert not read_card({"type": "unit", "text": NAMED_RIDER}).understood


def test_RS_COMBINATION_FROM_rendered_with_its_trigger() -> None:
    assert render_card(CLAW)["reading"][-1] == (
        "Combination (when it enters directly after a unit with the feature 竜): "
        "this unit is SP 1 until the end of the turn."
    )


def _enter_after(first: str, second: str, *cards: dict[str, Any], **kw: Any) -> LogBuilder:
    """A rushes ``first`` in turn 1 and ``second`` in turn 3, then enters them in that order."""
    b = LogBuilder([*cards], **kw).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", first).proceed("A", 2).pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", second).proceed("A")
    return b.enter("A", first).enter("A", second)


def test_RS_COMBINATION_FROM_after_a_unit_with_the_feature_it_triggers_and_lasts_the_turn() -> None:
    b = _enter_after("T-010", "T-012", DRAGON, CLAW)
    r = b.replay()
    assert "RS-COMBINATION-FROM" in rules_applied(r, b.last)
    assert "directly after A-1 (Scale Knight)" in " ".join(ruling_texts(r, b.last))
    b.strike("A", "T-012")  # SP 1 from the combination (SP ！ otherwise 0)
    r = b.replay()
    assert verdict(r, b.last) == "legal"


def test_RS_COMBINATION_FROM_not_after_another_unit_nor_first() -> None:
    b = _enter_after("T-011", "T-012", PLAIN, CLAW)
    r = b.replay()
    assert "RS-COMBINATION-FROM" not in rules_applied(r, b.last)
    assert "no_combination" in event_types(r, b.last)
    b.strike("A", "T-012")
    assert verdict(b.replay(), b.last) == "illegal"  # SP ！ with nothing giving SP
    # the unit entering first has no unit before it
    b = LogBuilder([DRAGON, CLAW]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-012").proceed("A").enter("A", "T-012")
    r = b.replay()
    assert "RS-COMBINATION-FROM" not in rules_applied(r, b.last)


def test_RS_COMBINATION_FROM_a_number_combinations_note_by_name_whatever_the_number() -> None:
    blue = _unit("T-013", "蒼の剣士", sp=1)
    twin = _unit("T-014", "Twin Blade", NAMED_RIDER, sp_special=True, combination={"number": 5})
    b = _enter_after("T-013", "T-014", blue, twin)
    r = b.replay()
    assert "RS-COMBINATION-FROM" in rules_applied(r, b.last)
    assert "RS-NUMBER-COMBINATION" not in rules_applied(r, b.last)  # position 2, not 5
    battle = r["steps"][b.last]["state"]["players"]["A"]["battle"]
    assert [u["bp"] for u in battle] == [3000, 5000]  # BP +2000 until the end of the turn
    b.strike("A", "T-014")
    assert verdict(b.replay(), b.last) == "legal"  # SP 1 from the combination


def test_RS_COMBINATION_FROM_in_tag_battle_the_supporters_first_unit_follows_the_leaders_last() -> (
    None
):
    b = LogBuilder([DRAGON, CLAW], variant="tag").setup(first="A1")
    b.charge("A1", "T-000").proceed("A1").rush("A1", "T-010").proceed("A1").enter("A1", "T-010")
    b.proceed("A1")  # the leader's turn ends; its unit stays in its battle area
    b.charge("A2", "T-000").proceed("A2").rush("A2", "T-012").proceed("A2").enter("A2", "T-012")
    r = b.replay()
    assert "RS-COMBINATION-FROM" in rules_applied(r, b.last)
    assert "directly after A1-1 (Scale Knight)" in " ".join(ruling_texts(r, b.last))


def test_RS_COMBINATION_FROM_the_definition_needs_a_number_or_what_it_combines_from() -> None:
    bad = _unit("T-015", "Nobody", sp=1, combination={"effects": []})
    with pytest.raises(BadLog) as caught:
        LogBuilder([bad]).setup(first="A").replay()
    assert "combination.number" in str(caught.value.errors)
    both = _unit(
        "T-016", "Both", sp=1, combination={"combines_from": {"feature": "竜", "names": ["X"]}}
    )
    with pytest.raises(BadLog) as caught:
        LogBuilder([both]).setup(first="A").replay()
    assert "combines_from" in str(caught.value.errors)


def test_RS_COMBINATION_FROM_したとき発動できる_is_the_same_trigger_and_optional() -> None:
    """ "…からコンビネーションしたとき発動できる⇒…": the player may use it."""
    text = (
        "【竜の牙】特徴「竜」を持つユニットからコンビネーションしたとき発動できる⇒"
        "敵軍バトルエリアから、ナンバーを持たない敵軍Sユニットを1体選び撃破する。"
    )
    r = read_card({"type": "unit", "text": text})
    assert r.understood and r.combines_from == {"feature": "竜"}
    assert r.combination[0]["optional"] is True
    assert r.combination[0]["do"][0]["target"]["size"] == "S"
    fang = _unit("T-017", "Dragon Fang", text)
    assert render_card(fang)["reading"][-1] == (
        "Combination (when it enters directly after a unit with the feature 竜) (optional: you "
        "may): destroy 1 size S unit (not a vehicle) without a combination number in the "
        "opponent's battle area."
    )
    b = _enter_after("T-010", "T-017", DRAGON, fang)
    r = b.replay()
    assert "RS-COMBINATION-FROM" in rules_applied(r, b.last)
    b.act("A", "resolve", source="A-4", use=False)
    assert verdict(b.replay(), b.last) == "legal"
