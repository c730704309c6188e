"""A unit brought to BP 0 or less by an effect is destroyed (RS-BP-ZERO), and units chosen by
a printed SP that is not blank (RS-SELECT-SIZE), on made-up cards in the catalogue's sentence
shapes.

The sources' words, which the tests follow: "敵軍ラッシュエリアからSPが空欄でないSユニットを1体選んで
もよい。そうしたとき、このターン、選んだユニットはBP-1000される。(BP0以下になったユニットは撃破される)"
(the player *may* choose one opposing size S unit whose SP box is not blank; if it does, that
unit gets BP -1000 for the turn; a unit at BP 0 or less is destroyed); atwiki renst 458 ＢＰ:
"効果によってＢＰが０になったユニットは撃破される。この撃破はルールによる撃破であり、ユニットや効果による
撃破とは見なされない。"
"""

from __future__ import annotations

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

THUNDER = (
    "【雷撃】これをラッシュしたとき、敵軍ラッシュエリアからSPが空欄でないSユニットを1体選んでもよい。"
    "そうしたとき、このターン、選んだユニットはBP-1000される。(BP0以下になったユニットは撃破される)"
)
CAST = printed("T-980", THUNDER, name="Caster", bp=1000, sp=0, size="S")
WEAK = card("T-981", name="Weak", bp=1000, sp=1, size="S")
STRONG = card("T-982", name="Strong", bp=2000, sp=1, size="S")
BLANK = card("T-983", name="Blank", bp=1000, sp=0, size="S")
#: a unit whose SP is a fraction: its box is not blank
HALF = {**card("T-984", name="Half", bp=1000, sp=0, size="S"), "sp_at": {"sp": 1, "position": 2}}


def _cast(target: str | None, b_unit: str) -> LogBuilder:
    """B rushes ``b_unit`` in turn 2; A rushes Caster in turn 3, its effect choosing ``target``
    (None: not used)."""
    b = LogBuilder([CAST, WEAK, STRONG, BLANK, HALF]).setup(first="A")
    b.pass_turn("A")
    b.charge("B", "T-000").proceed("B").rush("B", b_unit).proceed("B", 2)
    b.charge("A", "T-000").proceed("A").rush("A", "T-980")
    if target is None:
        return b.act("A", "resolve", source="T-980", use=False)
    return b.act("A", "resolve", source="T-980", use=True, targets=[target])


def _rush_codes(r: dict) -> list[str]:
    return [u["code"] for u in player_state(r, "B")["rush"]]


def test_RS_BP_ZERO_read_with_its_reminder_and_shown() -> None:
    (effect,) = read_card({"type": "unit", "text": THUNDER}).effects
    assert effect["optional"] is True
    assert effect["do"] == [
        {
            "op": "bp",
            "amount": -1000,
            "target": {
                "side": "opponent",
                "zone": "rush",
                "count": 1,
                "type": "unit",
                "sp_printed": True,
                "size": "S",
            },
            "until": "turn",
        }
    ]
    assert render_card(CAST)["reading"] == [
        "When rushed (optional: you may): 1 size S unit (not a vehicle) whose printed SP is not "
        "blank in the opponent's rush area gets BP -1000 until the end of the turn."
    ]
    # "選び" (not "選んでもよい") before "そうしたとき": not this shape
    assert not read_card(
        {"type": "unit", "text": THUNDER.replace("選んでもよい。そうしたとき、", "選び、")}
    ).understood


def test_RS_BP_ZERO_a_unit_brought_to_0_is_destroyed() -> None:
    b = _cast("T-981", "T-981")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-BP-ZERO" in rules_applied(r, b.last)
    assert _rush_codes(r) == []
    assert len(player_state(r, "B")["discard"]) == 1


def test_RS_BP_ZERO_a_unit_left_above_0_stays_with_its_bp_lowered() -> None:
    b = _cast("T-982", "T-982")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-BP-ZERO" not in rules_applied(r, b.last)
    (strong,) = player_state(r, "B")["rush"]
    assert strong["bp"] == 1000


def test_RS_BP_ZERO_not_used_nothing_happens() -> None:
    b = _cast(None, "T-981")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert _rush_codes(r) == ["T-981"]


def test_RS_SELECT_SIZE_a_unit_whose_sp_box_is_blank_cannot_be_chosen() -> None:
    b = _cast("T-983", "T-983")
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)
    # a fractional SP is printed: its box is not blank
    half = _cast("T-984", "T-984")
    r = half.replay()
    assert verdict(r, half.last) == "legal", r["steps"][half.last]
    assert _rush_codes(r) == []
