"""SP other than a whole number (RS-SP-FRACTION, RS-SP-SPECIAL) and effects that make a unit
SP N (RS-SP-EFFECT), on made-up cards, from the fan wiki's wording (atwiki page 104,
ストライクポイント): "「１/２」のユニットはバトルエリアの２番目に並んでいる間ＳＰ１になる",
"記載が「！」の場合、ＣＮやテキストの効果などによってストライクポイントが決定する", "発動した
能力の有効期限は通常はターン終了時まで"."""

from __future__ import annotations

from typing import Any

from judge.games.rangers_strike.testing import (
    LogBuilder,
    card,
    player_state,
    rules_applied,
    rules_broken,
    verdict,
)

SECOND = {**card("T-010", name="Half Moon", bp=2000, sp=0), "sp_at": {"sp": 1, "position": 2}}
WEAK = card("T-002", name="Sparrow", bp=1000, sp=1)
BANG = {**card("T-011", name="Bang Star", bp=3000, sp=0), "sp_special": True}
SP_ONE = [{"when": "combination", "do": [{"op": "sp", "value": 1}]}]
BANG_NC = {
    **card("T-012", name="Bang Comet", bp=3000, sp=0, combination={"number": 1, "effects": SP_ONE}),
    "sp_special": True,
}


def b1(*cards: dict[str, Any], **kw: Any) -> LogBuilder:
    return LogBuilder(list(cards), **kw).setup(first="A")


def two_rushed(first: str, second: str, *cards: dict[str, Any], **kw: Any) -> LogBuilder:
    """A rushes ``first`` on turn 1 and ``second`` on turn 3, and is in its battle phase."""
    b = b1(*cards, **kw).charge("A", "T-000").proceed("A").rush("A", first).proceed("A", 2)
    b.pass_turn("B")
    return b.charge("A", "T-000").proceed("A").rush("A", second).proceed("A")


def test_RS_SP_FRACTION_a_1_2_unit_strikes_second_in_the_battle_area() -> None:
    b = two_rushed("T-010", "T-002", SECOND, WEAK)
    b.enter("A", "T-002").enter("A", "T-010").strike("A", "T-010")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-SP-FRACTION" in rules_applied(r, b.last)
    assert player_state(r, "B")["damage"] == 1


def test_RS_SP_FRACTION_a_1_2_unit_first_in_the_battle_area_has_sp_0() -> None:
    b = two_rushed("T-010", "T-002", SECOND, WEAK)
    b.enter("A", "T-010").strike("A", "T-010")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-STRIKE"]


def test_RS_SP_FRACTION_the_view_shows_sp_1_only_at_its_place() -> None:
    b = two_rushed("T-010", "T-002", SECOND, WEAK).enter("A", "T-010")
    r = b.replay()
    assert [u["sp"] for u in player_state(r, "A")["battle"]] == [0]
    b = two_rushed("T-010", "T-002", SECOND, WEAK).enter("A", "T-002").enter("A", "T-010")
    r = b.replay()
    assert [u["sp"] for u in player_state(r, "A")["battle"]] == [1, 1]


def test_RS_SP_FRACTION_tag_counts_on_from_the_leader_by_default_or_own_with_the_option() -> None:
    """A2's first unit is second when A1 has one unit in battle ("team", the default, as
    RST-COMBINATION counts); with sp_fraction_count "own" it is first, and has SP 0."""
    for option, expected in (({}, "legal"), ({"sp_fraction_count": "own"}, "illegal")):
        b = LogBuilder([WEAK, SECOND], variant="tag", options=option).setup(first="A1")
        b.charge("A1", "T-000").proceed("A1").rush("A1", "T-002").proceed("A1", 2)
        b.charge("A2", "T-000").proceed("A2").rush("A2", "T-010").proceed("A2", 2)
        b.pass_turn("B1").pass_turn("B2")
        b.charge("A1", "T-000").proceed("A1", 2).enter("A1", "T-002").proceed("A1")
        b.charge("A2", "T-000").proceed("A2", 2).enter("A2", "T-010").strike("A2", "T-010")
        r = b.replay()
        assert verdict(r, b.last) == expected, option
        if expected == "illegal":
            assert rules_broken(r, b.last) == ["RS-STRIKE"]


def test_RS_SP_SPECIAL_a_unit_with_sp_special_and_no_effect_cannot_strike() -> None:
    b = two_rushed("T-011", "T-002", BANG, WEAK).enter("A", "T-011").strike("A", "T-011")
    assert rules_broken(b.replay(), b.last) == ["RS-STRIKE"]


def test_RS_SP_EFFECT_a_number_combination_making_it_sp_1_lets_it_strike_this_turn() -> None:
    b = two_rushed("T-012", "T-002", BANG_NC, WEAK).enter("A", "T-012").strike("A", "T-012")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-SP-EFFECT" in rules_applied(r, b.last)
    assert player_state(r, "B")["damage"] == 1


def test_RS_SP_EFFECT_no_sp_without_the_number_combination() -> None:
    """Second in the battle area, its NC (number 1) does not trigger: SP 0."""
    b = two_rushed("T-002", "T-012", BANG_NC, WEAK)
    b.enter("A", "T-002").enter("A", "T-012").strike("A", "T-012")
    assert rules_broken(b.replay(), b.last) == ["RS-STRIKE"]


def test_RS_SP_EFFECT_ends_with_the_turn() -> None:
    b = two_rushed("T-012", "T-002", BANG_NC, WEAK).enter("A", "T-012")
    r = b.replay()
    assert [u["sp"] for u in player_state(r, "A")["battle"]] == [1]
    b.proceed("A")
    r = b.replay()
    assert [u["sp"] for u in player_state(r, "A")["rush"] + player_state(r, "A")["battle"]] == [
        1,
        0,
    ]


def test_RS_SP_EFFECT_a_fraction_and_an_effect_giving_other_sp_leave_the_strike_unverifiable() -> (
    None
):
    """Effects that make SP 2 and 1 at once: the turn player orders them when the SP is looked
    at, which the log does not record."""
    two = {**SECOND, "sp_at": {"sp": 2, "position": 1}}
    nc = {**two, "combination": {"number": 1, "effects": SP_ONE}}
    b = two_rushed("T-010", "T-002", nc, WEAK).enter("A", "T-010").strike("A", "T-010")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "RS-SP-EFFECT" in rules_applied(r, b.last)


#: "自軍Sユニットを1体選ぶ。このターン、選んだユニットは「SP1/2」になる。": a unit of one's own chosen
#: is SP 1/2 for the turn: SP 1 while second in its battle area (atwiki 104, as a printed 1/2)
HALF_TEXT = "自軍Sユニットを1体選ぶ。このターン、選んだユニットは「SP1/2」になる。"
HALF = {**card("T-013", "operation", name="Half Step"), "text": HALF_TEXT}
del HALF["effects"]
SLOW = card("T-014", name="Slow", bp=2000, sp=0, size="S")


def test_RS_SP_EFFECT_read_a_chosen_units_sp_k_n_for_the_turn() -> None:
    from judge.games.rangers_strike.reader import read_card
    from judge.games.rangers_strike.render import render_card

    r = read_card({"type": "operation", "text": HALF_TEXT})
    assert r.understood
    assert r.effects[0]["do"] == [
        {
            "op": "sp",
            "target": {"side": "own", "zone": "field", "count": 1, "type": "unit", "size": "S"},
            "value": "1/2",
            "until": "turn",
        }
    ]
    one = read_card({"type": "operation", "text": HALF_TEXT.replace("「SP1/2」", "SP1")})
    assert one.effects[0]["do"][0]["value"] == 1
    assert render_card({"code": "T-013", "name": "Half Step", **HALF})["reading"] == [
        "When used: 1 size S unit (not a vehicle) in your rush or battle area is SP 1/2 until "
        "the end of the turn: SP 1 while it stands number 2 in its battle area, 0 elsewhere."
    ]


def _used_on_slow() -> LogBuilder:
    """A rushes Slow (SP 0) in turn 1 and, in turn 3, Sparrow; then uses Half Step on Slow."""
    b = b1(SLOW, WEAK, HALF).charge("A", "T-000").proceed("A").rush("A", "T-014").proceed("A", 2)
    b.pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-002").use("A", "T-013")
    return b.act("A", "resolve", source="T-013", targets=["T-014"]).proceed("A")


def test_RS_SP_EFFECT_a_chosen_unit_made_sp_1_2_strikes_second_in_the_battle_area() -> None:
    b = _used_on_slow()
    r = b.replay()
    assert verdict(r, b.last - 1) == "legal", r["steps"][b.last - 1]
    b.enter("A", "T-002").enter("A", "T-014").strike("A", "T-014")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert player_state(r, "B")["damage"] == 1


def test_RS_SP_EFFECT_a_chosen_unit_made_sp_1_2_has_sp_0_first() -> None:
    b = _used_on_slow().enter("A", "T-014").strike("A", "T-014")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-STRIKE"]
    assert [u["sp"] for u in player_state(r, "A", b.last - 1)["battle"]] == [0]


# -- a feature added for the turn (RS-ADD-FEATURE) -----------------------------------------------

RED_TEXT = "自軍Sユニットを1体選ぶ。このターン、選んだユニットの特徴に「レッド」を追加する。"
PAINT = {**card("T-015", "operation", name="Paint Red"), "text": RED_TEXT}
del PAINT["effects"]
#: draws a card for every unit of one's own with the feature レッド
RED_DRAW = card(
    "T-016",
    "operation",
    name="Red Draw",
    effects=[
        {"when": "on_use", "do": [{"op": "draw", "n": 1, "per": {"feature": "レッド", "units": 1}}]}
    ],
)


def test_RS_ADD_FEATURE_read_and_shown() -> None:
    from judge.games.rangers_strike.reader import read_card
    from judge.games.rangers_strike.render import render_card

    r = read_card({"type": "operation", "text": RED_TEXT})
    assert r.understood
    assert r.effects[0]["do"] == [
        {
            "op": "add_feature",
            "target": {"side": "own", "zone": "field", "count": 1, "type": "unit", "size": "S"},
            "feature": "レッド",
        }
    ]
    assert render_card({"code": "T-015", "name": "Paint Red", **PAINT})["reading"] == [
        "When used: 1 size S unit (not a vehicle) in your rush or battle area has the feature "
        "レッド too, until the end of the turn."
    ]


def _painted(paint: bool) -> LogBuilder:
    """A rushes Slow (no features) in turn 1; in turn 3 it uses Paint Red on it (when
    ``paint``), then Red Draw."""
    b = b1(SLOW, PAINT, RED_DRAW).charge("A", "T-000").proceed("A").rush("A", "T-014")
    b.proceed("A", 2).pass_turn("B").charge("A", "T-000").proceed("A")
    if paint:
        b.use("A", "T-015").act("A", "resolve", source="T-015", targets=["T-014"])
    return b.use("A", "T-016")


def test_RS_ADD_FEATURE_the_unit_counts_as_having_the_feature_this_turn() -> None:
    for paint, drawn in ((False, 0), (True, 1)):
        b = _painted(paint)
        r = b.replay()
        before = len(player_state(r, "A", b.last - 1)["hand"])
        assert verdict(r, b.last) == "legal", r["steps"][b.last]
        # the used card leaves the hand; a unit with レッド draws one
        assert len(player_state(r, "A")["hand"]) == before - 1 + drawn, paint


def test_RS_ADD_FEATURE_ends_with_the_turn() -> None:
    from judge.core.replay import position

    b = _painted(True)
    slow = next(i for i, c in position(b.log()).state.code_of.items() if c == "T-014")
    assert position(b.log()).state.features_of(slow) == ("レッド",)  # in A's turn
    b.proceed("A", 2)  # A's turn ends: the feature is gone
    assert position(b.log()).state.features_of(slow) == ()
