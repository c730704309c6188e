"""Resist (RS-RESIST) and units destroyed although they win (RS-WIN-DESTROYED), on made-up
cards, from the fan wiki's wording (atwiki pages 1289 レジスト and 157 ホールド): "バトルで撃破
されたとき、捨札にする代わりにホールドして場にとどめる", "任意", "効果による撃破などには無力",
"リリース状態でなければ使えない", "ホールド状態でも特にユニットとしての働きに制限はない"."""

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

RESIST_NOTE = "※レジスト(これがバトルで撃破されたとき、捨札にするかわりにこれをホールドしてその場に留めてもよい)"


GUARD = printed("T-040", RESIST_NOTE, bp=1000, sp=1)
BIG = card("T-041", name="Crusher", bp=5000, sp=1)
STARRY = {**card("T-030", name="Star Child", bp=1000, sp=0), "features": ["星"]}


def b1(*cards: dict[str, Any], **kw: Any) -> LogBuilder:
    return LogBuilder(list(cards), **kw).setup(first="A")


def guard_attacked(*cards: dict[str, Any], **kw: Any) -> LogBuilder:
    """A's guard (resist) stands in A's battle area; B's Crusher attacks it in B's turn 2."""
    b = b1(GUARD, BIG, *cards, **kw).charge("A", "T-000").proceed("A").rush("A", "T-040")
    b.proceed("A").enter("A", "T-040").proceed("A")
    b.charge("B", "T-000").proceed("B").rush("B", "T-041").proceed("B").enter("B", "T-041")
    return b.attack("B", "T-041", "T-040")


def test_RS_RESIST_the_note_is_read_as_resist() -> None:
    for text in ("※レジスト", RESIST_NOTE):
        r = read_card({"type": "unit", "text": text})
        assert r.understood and r.keywords == ("resist",), text
    assert render_card(GUARD)["reading"][0].startswith("Keywords: Resist:")


def test_RS_RESIST_destroyed_by_a_battle_it_may_be_held_and_stay() -> None:
    b = guard_attacked()
    r = b.replay()
    assert [p["kind"] for p in r["steps"][b.last]["pending"]] == ["resolve"]
    assert "RS-RESIST" in rules_applied(r, b.last)
    b.act("A", "resolve", source="A-1", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    battle = player_state(r, "A")["battle"]
    assert [(u["id"], u.get("held")) for u in battle] == [("A-1", True)]
    assert "A-1" not in player_state(r, "A")["discard"]


def test_RS_RESIST_not_resisting_it_goes_to_the_discard_pile() -> None:
    b = guard_attacked().act("A", "resolve", source="A-1", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["battle"] == [] and "A-1" in player_state(r, "A")["discard"]


def test_RS_RESIST_no_record_it_goes_to_the_discard_pile_unverifiably() -> None:
    b = guard_attacked().proceed("B")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "A-1" in player_state(r, "A")["discard"]


def test_RS_RESIST_a_held_unit_works_as_any_unit_but_cannot_resist_again() -> None:
    """Held, it returns to the rush area in A's start phase still held, enters and attacks;
    destroyed by a battle again, it goes to the discard pile with no choice."""
    b = guard_attacked().act("A", "resolve", source="A-1", use=True).proceed("B")
    b.charge("A", "T-000").proceed("A", 2)
    r = b.replay()
    assert [(u["id"], u.get("held")) for u in player_state(r, "A")["rush"]] == [("A-1", True)]
    b.enter("A", "T-040").attack("A", "T-040", "T-041")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert r["steps"][b.last]["pending"] == [] or all(
        p["kind"] != "resolve" for p in r["steps"][b.last]["pending"]
    )
    assert "A-1" in player_state(r, "A")["discard"]


def test_RS_RESIST_a_tie_lets_it_resist() -> None:
    even = card("T-042", name="Mirror", bp=1000, sp=1)
    b = b1(GUARD, even).charge("A", "T-000").proceed("A").rush("A", "T-040").proceed("A")
    b.enter("A", "T-040").proceed("A")
    b.charge("B", "T-000").proceed("B").rush("B", "T-042").proceed("B").enter("B", "T-042")
    b.attack("B", "T-042", "T-040").act("A", "resolve", source="A-1", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert [u["id"] for u in player_state(r, "A")["battle"]] == ["A-1"]
    assert player_state(r, "B")["battle"] == []


def test_RS_RESIST_not_against_an_effect() -> None:
    blast = card(
        "T-043",
        "operation",
        name="Blast",
        effects=[
            {
                "when": "on_use",
                "do": [
                    {"op": "destroy", "target": {"side": "opponent", "zone": "battle", "count": 1}}
                ],
            }
        ],
    )
    b = b1(GUARD, blast).charge("A", "T-000").proceed("A").rush("A", "T-040").proceed("A")
    b.enter("A", "T-040").proceed("A")
    b.charge("B", "T-000").proceed("B").act("B", "use", card="T-043", targets=["A-1"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "A-1" in player_state(r, "A")["discard"]
    assert "RS-RESIST" not in rules_applied(r, b.last)


WINS = "※これは特徴「星」を持つユニットとバトルしたとき、バトルに勝っても撃破される。"


def test_RS_WIN_DESTROYED_it_wins_against_the_feature_and_is_destroyed_without_resist() -> None:
    proud = printed("T-044", f"※レジスト {WINS}", bp=5000)
    b = b1(proud, STARRY).charge("A", "T-000").proceed("A").rush("A", "T-044").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-030").proceed("B").enter("B", "T-030")
    b.proceed("B").charge("A", "T-000").proceed("A", 2).enter("A", "T-044")
    b.attack("A", "T-044", "T-030")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-WIN-DESTROYED" in rules_applied(r, b.last)
    assert "A-1" in player_state(r, "A")["discard"] and "B-4" in player_state(r, "B")["discard"]
    assert r["steps"][b.last]["pending"] == [] or all(
        p["kind"] != "resolve" for p in r["steps"][b.last]["pending"]
    )
    assert render_card(proud)["reading"][1] == (
        "It is destroyed when it battles a unit with the feature 星, even when it wins (no resist)."
    )


def test_RS_WIN_DESTROYED_sp_form_only_in_an_opposing_turn() -> None:
    note = "※これは敵軍ターン中、「SP1」以上のユニットとバトルしたときバトルに勝っても撃破される。"
    proud = printed("T-045", note, bp=5000, sp=0)
    weak = card("T-046", name="Spark", bp=1000, sp=1)
    b = b1(proud, weak).charge("A", "T-000").proceed("A").rush("A", "T-045").proceed("A")
    b.enter("A", "T-045").proceed("A")
    b.charge("B", "T-000").proceed("B").rush("B", "T-046").proceed("B").enter("B", "T-046")
    b.attack("B", "T-046", "T-045")
    r = b.replay()
    assert "RS-WIN-DESTROYED" in rules_applied(r, b.last)
    assert "A-1" in player_state(r, "A")["discard"]  # it won in B's turn, against SP 1
    b = b1(proud, weak).charge("A", "T-000").proceed("A").rush("A", "T-045").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-046").proceed("B").enter("B", "T-046")
    b.proceed("B").charge("A", "T-000").proceed("A", 2).enter("A", "T-045")
    b.attack("A", "T-045", "T-046")
    r = b.replay()
    assert "RS-WIN-DESTROYED" not in rules_applied(r, b.last)  # A's own turn
    assert [u["id"] for u in player_state(r, "A")["battle"]] == ["A-1"]


HOLD_BP = (
    "【氷の爪】自軍ターン中、これがバトルエリアに出たとき、このユニットをホールドしてもよい。"
    "そうしたとき、このターン、これはBP+4000される。"
)


def test_RS_HOLD_SELF_read_as_an_optional_when_it_enters_effect() -> None:
    r = read_card({"type": "unit", "text": f"※レジスト {HOLD_BP}"})
    assert r.understood and r.keywords == ("resist",)
    assert r.effects[0]["when"] == "on_enter" and r.effects[0]["optional"] is True
    assert [op["op"] for op in r.effects[0]["do"]] == ["hold", "bp"]
    assert render_card({"type": "unit", "text": HOLD_BP})["reading"] == [
        "When it enters the battle area in your turn (optional: you may): hold this unit (only a released "
        "unit can be), and if you do: this unit gets BP +4000 until the end of the turn."
    ]
    # not for an operation, and not without what it does when held
    assert not read_card({"type": "unit", "text": "【氷の爪】自軍ターン中、これがバトルエリアに出"
                          "たとき、このユニットをホールドしてもよい。"}).understood  # fmt: skip


def test_RS_HOLD_SELF_held_it_gets_the_bp_and_can_no_longer_resist() -> None:
    claw = printed("T-047", f"※レジスト {HOLD_BP}", bp=2000)
    b = b1(claw, BIG).charge("A", "T-000").proceed("A").rush("A", "T-047").proceed("A")
    b.enter("A", "T-047").act("A", "resolve", source="A-1", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert [(u["bp"], u.get("held")) for u in player_state(r, "A")["battle"]] == [(6000, True)]
    b.proceed("A").charge("B", "T-000").proceed("B").rush("B", "T-041").proceed("B")
    b.enter("B", "T-041").attack("B", "T-041", "T-047")  # 5000 against 2000 in B's turn
    r = b.replay()
    assert "A-1" in player_state(r, "A")["discard"]  # held: no resist
    assert r["steps"][b.last]["pending"] == [] or all(
        p["kind"] != "resolve" for p in r["steps"][b.last]["pending"]
    )


def test_RS_HOLD_SELF_a_unit_held_already_gets_nothing() -> None:
    claw = printed("T-047", f"※レジスト {HOLD_BP}", bp=1000)
    b = b1(claw, BIG).charge("A", "T-000").proceed("A").rush("A", "T-047").proceed("A")
    b.enter("A", "T-047").act("A", "resolve", source="A-1", use=False).proceed("A")
    b.charge("B", "T-000").proceed("B").rush("B", "T-041").proceed("B").enter("B", "T-041")
    b.attack("B", "T-041", "T-047").act("A", "resolve", source="A-1", use=True)  # resists
    b.proceed("B").charge("A", "T-000").proceed("A", 2).enter("A", "T-047")
    b.act("A", "resolve", source="A-1", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-HOLD-SELF" in rules_applied(r, b.last)
    assert [u["bp"] for u in player_state(r, "A")["battle"]] == [1000]


#: a vehicle's "これにライドしている特徴「メカ」を持つユニットは、次の能力を得る⇒「レジスト」": the unit
#: riding it, if it has the feature, has resist (while it rides)
BARRIER_TEXT = (
    "【バリア】これにライドしている特徴「メカ」を持つユニットは、次の能力を得る⇒「レジスト」"
)
BARRIER = printed("T-048", BARRIER_TEXT, type="vehicle", name="Barrier")
MECH = {
    **card("T-049", name="Mech", bp=1000, sp=1, combination={"rc": True, "effects": []}),
    "features": ["メカ"],
}
PILOT = card("T-050", name="Pilot", bp=1000, sp=1, combination={"rc": True, "effects": []})


def ridden_and_attacked(rider: str) -> LogBuilder:
    """A's ``rider`` (RC) enters riding Barrier in A's turn 3; B's Crusher attacks it in B's
    turn 4."""
    b = b1(BARRIER, MECH, PILOT, BIG).charge("A", "T-000").proceed("A", 3)
    b.charge("B", "T-000").proceed("B", 3)
    b.charge("A", "T-000").proceed("A")
    b.rush("A", "T-048").rush("A", rider).proceed("A").enter("A", rider, ride="T-048")
    b.proceed("A")
    b.charge("B", "T-000").proceed("B").rush("B", "T-041").proceed("B").enter("B", "T-041")
    return b.attack("B", "T-041", rider)


def test_RS_RIDER_BP_the_vehicle_gives_its_rider_with_the_feature_resist() -> None:
    r = read_card({"type": "vehicle", "text": BARRIER_TEXT})
    assert r.understood and r.keywords == ('rider_resist {"feature": "メカ"}',)
    assert render_card(BARRIER)["reading"] == [
        "The unit riding it with the feature メカ has resist (RS-RIDER-BP, RS-RESIST)."
    ]
    b = ridden_and_attacked("T-049")
    r = b.replay()
    assert [p["kind"] for p in r["steps"][b.last]["pending"]] == ["resolve"]
    assert "RS-RESIST" in rules_applied(r, b.last)
    b.act("A", "resolve", source="T-049", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    (mech,) = player_state(r, "A")["battle"]
    assert mech["code"] == "T-049" and mech.get("held") is True


def test_RS_RIDER_BP_a_rider_without_the_feature_has_no_resist() -> None:
    b = ridden_and_attacked("T-050")
    r = b.replay()
    assert all(p["kind"] != "resolve" for p in r["steps"][b.last]["pending"])
    assert [u["code"] for u in player_state(r, "A")["battle"]] == ["T-048"]  # the vehicle stays
