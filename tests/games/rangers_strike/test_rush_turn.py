"""A unit's note barring it from the battle area in the turn it was rushed
(RS-CARD-RESTRICTION: "※これは、ラッシュしたターンにバトルエリアに出られない (この制限は自軍ダメージがN点以
上あれば無効になる)。"), and a unit chosen by its BP exactly (RS-SELECT-BP-EXACT: "敵軍バトルエリアから、
BPNの敵軍Sユニットを1体選び、持ち主のパワーゾーンにダメージにして置いてもよい。"), on made-up cards with the
catalogue's sentence shapes; each test from the wording."""

from __future__ import annotations

from typing import Any

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    area_ids,
    card,
    player_state,
    printed,
    rules_applied,
    rules_broken,
    verdict,
)

RUSH_TURN = "※これは、ラッシュしたターンにバトルエリアに出られない (この制限は自軍ダメージが1点以上あれば無効になる)。"
BARE = "※これはラッシュしたターンにバトルエリアに出られない。"
HAND = "【神手】敵軍バトルエリアから、BP3000の敵軍Sユニットを1体選び、持ち主のパワーゾーンにダメージにして置いてもよい。"
MASK = printed(
    "T-370",
    f"{RUSH_TURN} {HAND}",
    name="Mask Crimson",
    bp=3000,
    sp=0,
    size="S",
    combination={"number": 1, "effects": []},
)
BARED = printed("T-373", BARE, name="Slow Wyvern", bp=3000, sp=1)
EVEN = card("T-371", name="Even Three", bp=3000, sp=0, size="S")
ODD = card("T-372", name="Odd Two", bp=2000, sp=0, size="S")
WEAK = card("T-002", name="Sparrow", bp=1000, sp=1)


def b1(*cards: dict[str, Any]) -> LogBuilder:
    return LogBuilder(list(cards)).setup(first="A")


def test_RS_CARD_RESTRICTION_rush_turn_note_read_and_shown() -> None:
    r = read_card({"type": "unit", "text": RUSH_TURN})
    assert r.understood and r.restrictions == ({"rule": "no_enter_rush_turn", "unless_damage": 1},)
    r = read_card({"type": "unit", "text": BARE})
    assert r.understood and r.restrictions == ({"rule": "no_enter_rush_turn"},)
    assert not read_card({"type": "vehicle", "text": BARE}).understood
    # another exemption is not this note
    other = RUSH_TURN.replace("自軍ダメージ", "敵軍ダメージ")
    assert not read_card({"type": "unit", "text": other}).understood
    assert render_card(MASK)["reading"][0] == (
        "It cannot enter the battle area in the turn it was rushed, unless its player has 1 "
        "damage or more."
    )


def test_RS_CARD_RESTRICTION_rush_turn_cannot_enter_the_turn_it_was_rushed() -> None:
    b = b1(BARED).charge("A", "T-000").proceed("A").rush("A", "T-373").proceed("A")
    b.enter("A", "T-373")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-CARD-RESTRICTION"]
    said = " ".join(v["message"] for v in r["steps"][b.last]["violations"])
    assert "in the turn it was rushed" in said


def test_RS_CARD_RESTRICTION_rush_turn_may_enter_in_a_later_turn() -> None:
    b = b1(BARED).charge("A", "T-000").proceed("A").rush("A", "T-373").proceed("A", 2)
    b.pass_turn("B").charge("A", "T-000").proceed("A", 2).enter("A", "T-373")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert area_ids(r, "A", "battle") != []


def test_RS_CARD_RESTRICTION_rush_turn_void_with_enough_damage() -> None:
    """(この制限は自軍ダメージが1点以上あれば無効になる): A, with 1 damage, rushes it and enters it in
    the same turn; without damage it could not."""
    b = b1(MASK, WEAK).pass_turn("A").charge("B", "T-000").proceed("B").rush("B", "T-002")
    b.proceed("B").enter("B", "T-002").strike("B", "T-002").proceed("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-370").proceed("A").enter("A", "T-370")
    r = b.replay()
    assert player_state(r, "A")["damage"] == 1
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    b = b1(MASK).charge("A", "T-000").proceed("A").rush("A", "T-370").proceed("A")
    b.enter("A", "T-370")
    assert rules_broken(b.replay(), b.last) == ["RS-CARD-RESTRICTION"]


def test_RS_CARD_RESTRICTION_rush_turn_put_there_by_an_effect_is_rushed_too() -> None:
    """Put into the rush area by an effect that turn, it was rushed too ("カードの効果等による
    ものでも…「ラッシュされた」として扱う", atwiki renst 146): it cannot enter that turn; it may the
    next."""
    call = printed(
        "T-374",
        "自軍山札から「Slow Wyvern」のカードを1枚選び、自軍ラッシュエリアに出してもよい。その後、"
        "山札をシャッフルする。",
        type="operation",
        name="Wyvern Call",
    )
    b = b1(BARED, call).charge("A", "T-000").proceed("A").use("A", "T-374")
    b.act("A", "resolve", source="T-374", use=True, targets=["T-373"]).proceed("A")
    b.enter("A", "T-373")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-CARD-RESTRICTION"]
    b.doc["actions"][-1] = {"p": "A", "do": "proceed"}
    b.pass_turn("B").charge("A", "T-000").proceed("A", 2).enter("A", "T-373")
    assert verdict(b.replay(), b.last) == "legal"


def test_RS_CARD_RESTRICTION_rush_turn_tag_own_and_team_damage_disagree_unverifiable() -> None:
    """自軍ダメージが1点以上: A1 took 1 damage, A2 none; A2 rushes and enters its unit in one turn:
    the player's own damage (0) and the team's (1) disagree."""
    b = LogBuilder([MASK, WEAK], variant="tag").setup(first="A1")
    b.pass_turn("A1").pass_turn("A2")
    b.charge("B1", "T-000").proceed("B1").rush("B1", "T-002").proceed("B1").enter("B1", "T-002")
    b.strike("B1", "T-002").act("A1", "assign_damage", to="A1").proceed("B1")
    b.pass_turn("B2")
    b.pass_turn("A1").charge("A2", "T-000").proceed("A2").rush("A2", "T-370").proceed("A2")
    b.enter("A2", "T-370")
    r = b.replay()
    assert [s["verdict"] for s in r["steps"][:-1]].count("illegal") == 0
    assert verdict(r, b.last) == "unverifiable"
    assert "RS-CARD-RESTRICTION" in rules_applied(r, b.last)


# -- BPNの (RS-SELECT-BP-EXACT) --------------------------------------------------------------------


def test_RS_SELECT_BP_EXACT_read_and_shown() -> None:
    r = read_card(MASK)
    assert r.understood, r.unread
    (effect,) = r.combination
    assert effect["optional"] is True
    assert effect["do"] == [
        {
            "op": "to_damage",
            "target": {
                "side": "opponent",
                "zone": "battle",
                "count": 1,
                "type": "unit",
                "bp_equal": 3000,
                "size": "S",
            },
        }
    ]
    assert render_card(MASK)["reading"][1] == (
        "Number Combination 1 (optional: you may): put 1 size S unit (not a vehicle) with BP "
        "3000 (its BP now) in the opponent's battle area face down into its owner's power zone, "
        "as damage."
    )
    # "BP3000以下の" is not this sentence
    assert not read_card({**MASK, "text": HAND.replace("BP3000の", "BP3000以下の")}).understood


def _hand(target: str | None, facing: str) -> tuple[LogBuilder, dict[str, Any]]:
    """B has ``facing`` (Even Three, BP 3000, or Odd Two, BP 2000) in its battle area; A enters
    Mask Crimson, rushed a turn before, at position 1, and resolves its effect on ``target``."""
    b = b1(MASK, EVEN, ODD).charge("A", "T-000").proceed("A").rush("A", "T-370").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", facing).proceed("B").enter("B", facing)
    b.proceed("B").charge("A", "T-000").proceed("A", 2).enter("A", "T-370")
    if target is None:
        b.act("A", "resolve", source="T-370", use=False)
    else:
        b.act("A", "resolve", source="T-370", use=True, targets=[target])
    return b, b.replay()


def test_RS_SELECT_BP_EXACT_a_unit_of_that_bp_goes_face_down_as_damage() -> None:
    b, r = _hand("T-371", "T-371")
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert player_state(r, "B")["damage"] == 1
    assert area_ids(r, "B", "battle") == []


def test_RS_SELECT_BP_EXACT_a_unit_of_another_bp_does_not_fit() -> None:
    b, r = _hand("T-372", "T-372")
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)
    b, r = _hand(None, "T-371")  # the effect is the player's choice
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "B")["damage"] == 0
