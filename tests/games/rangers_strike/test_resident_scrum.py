"""Scrum given by a resident operation (RS-RESIDENT-SCRUM), on made-up cards in the catalogue's
sentence shape.

The sources' words, which the tests follow: "※常駐 特徴「X」または「Y」を持つ自軍ユニットは、次の能力を得る
⇒スクラム(これのCNより1多いCNを持つユニットがこれの次に並んでいる間、これはアタックされない)" — while the
resident is in place ("場に配置して、離れるまで効果が有効になる"), *one's own* units *having the feature X
or Y* gain scrum: while the unit directly after one has a combination number one more than its
own, it cannot be attacked (RS-SCRUM, atwiki renst page 1290).
"""

from __future__ import annotations

from typing import Any

from judge.core.testing import ruling_texts
from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    card,
    printed,
    rules_applied,
    rules_broken,
    verdict,
)

REMINDER = "(これのCNより1多いCNを持つユニットがこれの次に並んでいる間、これはアタックされない)"
TEXT = f"特徴「アオ」または「タテ」を持つ自軍ユニットは、次の能力を得る⇒スクラム{REMINDER}"
#: the resident (made-up name), for no power and one blaze command
FORMATION = printed("T-840", f"※常駐 {TEXT}", "operation", name="Line Drill", operation="resident")


def _number(n: int, *features: str, code: str, name: str) -> dict[str, Any]:
    d = card(code, name=name, combination={"number": n, "effects": []})
    return {**d, "features": list(features)} if features else d


#: B's units: number 2 with the feature アオ, with タテ, with neither; number 3 and 4 after them
BLUE_TWO = _number(2, "アオ", code="T-841", name="Blue Two")
SHIELD_TWO = _number(2, "タテ", code="T-842", name="Shield Two")
PLAIN_TWO = _number(2, "ミドリ", code="T-843", name="Plain Two")
THREE = _number(3, code="T-844", name="Three")
FOUR = _number(4, code="T-845", name="Four")
#: A's attacker
ATTACKER = card("T-846", name="Attacker", bp=9000)


def _line(first: dict[str, Any], after: dict[str, Any], resident: str | None = "B") -> LogBuilder:
    """B's battle area holds ``first`` then ``after`` (entered in B's turn 4); ``resident``'s
    player puts the resident in place (A in turn 3, B in turn 4; None: nobody); A's Attacker
    has just entered in turn 5."""
    cards = [first, after, ATTACKER, FORMATION]
    b = LogBuilder(list({c["code"]: c for c in cards}.values())).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-846").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", first["code"]).proceed("B", 2)
    b.charge("A", "T-000").proceed("A")
    if resident == "A":
        b.use("A", "T-840")
    b.proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", after["code"])
    if resident == "B":
        b.use("B", "T-840")
    b.proceed("B").enter("B", first["code"]).enter("B", after["code"]).proceed("B")
    return b.charge("A", "T-000").proceed("A", 2).enter("A", "T-846")


def test_RS_RESIDENT_SCRUM_read_with_or_without_its_reminder_and_shown() -> None:
    gain = {
        "op": "gain",
        "ability": "scrum",
        "target": {"side": "own", "type": "unit", "features": ["アオ", "タテ"]},
    }
    for text in (
        f"※常駐 {TEXT}",
        f"※常駐 {TEXT.removesuffix(REMINDER)}",
        # the catalogue's full-width letters and brackets
        "※常駐(場に配置して、離れるまで効果が有効になる) 特徴「アオ」または「タテ」を持つ自軍ユニットは、"
        "次の能力を得る⇒スクラム（これのＣＮより1多いCNを持つユニットがこれの次に並んでいる間、これはアタック"
        "されない）",
    ):
        r = read_card({"type": "operation", "operation": "resident", "text": text})
        assert r.understood, text
        assert [{k: v for k, v in e.items() if k != "text"} for e in r.effects] == [
            {"when": "resident", "do": [gain]}
        ]
    # one feature alone is the same sentence
    one = read_card(
        {
            "type": "operation",
            "operation": "resident",
            "text": f"※常駐 特徴「アオ」を持つ自軍ユニットは、次の能力を得る⇒スクラム{REMINDER}",
        }
    )
    assert one.understood and one.effects[0]["do"][0]["target"]["features"] == ["アオ"]
    assert render_card(FORMATION)["reading"] == [
        "While in place: every unit of yours (rush and battle areas) with the feature アオ or タテ "
        "has scrum: it cannot be attacked while the unit directly after it in its battle area has "
        "a combination number one more than its own (RS-SCRUM)."
    ]


def test_RS_RESIDENT_SCRUM_near_misses_are_not_read() -> None:
    def resident(text: str, **kw: Any) -> dict[str, Any]:
        return {"type": "operation", "operation": "resident", "text": f"※常駐 {text}", **kw}

    for defn in (
        # the opposing side's units
        resident(TEXT.replace("自軍ユニット", "敵軍ユニット")),
        # size S units only
        resident(TEXT.replace("自軍ユニット", "自軍Sユニット")),
        # another ability
        resident(TEXT.replace(f"スクラム{REMINDER}", "ウイング")),
        # another reminder (two more)
        resident(TEXT.replace("1多いCN", "2多いCN")),
        # features joined by "and"
        resident(TEXT.replace("または", "と")),
        # not a resident: a normal operation, a unit
        {"type": "operation", "operation": "normal", "text": TEXT},
        {"type": "unit", "text": TEXT},
    ):
        assert not read_card(defn).understood, defn


def test_RS_RESIDENT_SCRUM_a_unit_with_the_feature_is_shielded() -> None:
    for two in (BLUE_TWO, SHIELD_TWO):  # either feature
        b = _line(two, THREE).attack("A", "T-846", two["code"])
        r = b.replay()
        assert [s["verdict"] for s in r["steps"][:-1]].count("illegal") == 0
        assert verdict(r, b.last) == "illegal", r["steps"][b.last]
        assert rules_broken(r, b.last) == ["RS-RESIDENT-SCRUM"]
        assert ", given scrum by B-10 (Line Drill), has scrum: " in " ".join(
            v["message"] for v in r["steps"][b.last]["violations"]
        )
    # the unit after it may be attacked
    b = _line(BLUE_TWO, THREE).attack("A", "T-846", "T-844")
    assert verdict(b.replay(), b.last) == "legal"


def test_RS_RESIDENT_SCRUM_another_number_after_it_does_not_shield_it() -> None:
    b = _line(BLUE_TWO, FOUR).attack("A", "T-846", "T-841")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-RESIDENT-SCRUM" in rules_applied(r, b.last)
    assert "it may be attacked" in " ".join(ruling_texts(r, b.last))


def test_RS_RESIDENT_SCRUM_only_ones_own_units_with_the_feature_while_it_is_in_place() -> None:
    # a unit without either feature
    b = _line(PLAIN_TWO, THREE).attack("A", "T-846", "T-843")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-RESIDENT-SCRUM" not in rules_applied(r, b.last)
    # no resident in place
    b = _line(BLUE_TWO, THREE, resident=None).attack("A", "T-846", "T-841")
    assert verdict(b.replay(), b.last) == "legal"
    # the resident is A's: A's own units gain scrum, not B's
    b = _line(BLUE_TWO, THREE, resident="A").attack("A", "T-846", "T-841")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-RESIDENT-SCRUM" not in rules_applied(r, b.last)


def test_RS_RESIDENT_SCRUM_a_tag_resident_without_tag_covers_its_players_units_only() -> None:
    """Tag battle: B1's resident (no Tag) covers B1's units, not B2's (RST-RESIDENT).
    A1 attacks B1's units, A2 B2's (RST-TARGET-PLAYER)."""
    cards = [BLUE_TWO, THREE, ATTACKER, FORMATION]
    # B1's Blue Two then Three in B1's battle area, B1's resident in place
    b = LogBuilder(cards, variant="tag").setup(first="A1")
    b.charge("A1", "T-000").proceed("A1").rush("A1", "T-846").proceed("A1", 2)
    b.pass_turn("A2")
    b.charge("B1", "T-000").proceed("B1").rush("B1", "T-841").proceed("B1", 2)
    b.pass_turn("B2")
    b.charge("A1", "T-000").proceed("A1", 3)
    b.pass_turn("A2")
    b.charge("B1", "T-000").proceed("B1").rush("B1", "T-844").use("B1", "T-840").proceed("B1")
    b.enter("B1", "T-841").enter("B1", "T-844").proceed("B1")
    b.pass_turn("B2")
    b.charge("A1", "T-000").proceed("A1", 2).enter("A1", "T-846")
    b.attack("A1", "T-846", "T-841")
    r = b.replay()
    assert [s["verdict"] for s in r["steps"][:-1]].count("illegal") == 0, r["steps"]
    assert rules_broken(r, b.last) == ["RS-RESIDENT-SCRUM"], r["steps"][b.last]
    # the same line in B2's battle area, B1's resident in place: not covered
    b = LogBuilder(cards, variant="tag").setup(first="A1")
    b.pass_turn("A1")
    b.charge("A2", "T-000").proceed("A2").rush("A2", "T-846").proceed("A2", 2)
    b.charge("B1", "T-000").proceed("B1", 3)
    b.charge("B2", "T-000").proceed("B2").rush("B2", "T-841").proceed("B2", 2)
    b.pass_turn("A1")
    b.charge("A2", "T-000").proceed("A2", 3)
    b.charge("B1", "T-000").proceed("B1").use("B1", "T-840").proceed("B1", 2)
    b.charge("B2", "T-000").proceed("B2").rush("B2", "T-844").proceed("B2")
    b.enter("B2", "T-841").enter("B2", "T-844").proceed("B2")
    b.pass_turn("A1")
    b.charge("A2", "T-000").proceed("A2", 2).enter("A2", "T-846")
    b.attack("A2", "T-846", "T-841")
    r = b.replay()
    assert [s["verdict"] for s in r["steps"][:-1]].count("illegal") == 0, r["steps"]
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-RESIDENT-SCRUM" not in rules_applied(r, b.last)
