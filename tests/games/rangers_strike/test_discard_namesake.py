"""A unit card of an opposing discard pile chosen, then an opposing unit of its card name put into
its owner's power zone as damage (RS-DISCARD-NAMESAKE), on made-up cards in the catalogue's
sentence shape.

The sources' words, which the tests follow: "自軍ターン中、これがバトルエリアに出たとき、敵軍捨札からユニットカー
ドを1枚選んでもよい。そうしたとき、選んだユニットカードと同じカード名の敵軍ユニットを1体選び、持ち主のパワーゾーンに
ダメージにして置く。" — the player *may* choose *one unit card* of the *opposing* discard pile; *when it
does*, it chooses *one opposing unit* (no area named: rush or battle area) *with the same card name*
and puts it face down into its owner's power zone as damage ("パワーゾーンにあるウラ向きのカード1枚につ
き1点"). A card usable as another (としてつかえる) has that name in the game (atwiki renst 1739).
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

CUT = (
    "【十字斬】自軍ターン中、これがバトルエリアに出たとき、敵軍捨札からユニットカードを1枚選んでもよい。そうしたとき、"
    "選んだユニットカードと同じカード名の敵軍ユニットを1体選び、持ち主のパワーゾーンにダメージにして置く。"
)
#: A's unit with the effect, and its striker, which destroys B's first Twin
NINJA = printed("T-795", CUT, name="Ninja", bp=3000, sp=1, size="S")
STRIKER = card("T-796", name="Striker", bp=5000, sp=1, size="S")
#: B's units: two Twins (one destroyed into the discard pile) and Other
TWIN = card("T-797", name="Twin", bp=1000, sp=0, size="S")
OTHER = card("T-798", name="Other", bp=1000, sp=0, size="S")
#: a unit card of B's whose text lets it be used as a Twin
MIMIC = {
    **card("T-799", name="Mimic", bp=1000, sp=0, size="S"),
    "text": "※これは「Twin」としてつかえる。",
}


def _entered(second: str = "T-797", cards: list[dict[str, Any]] | None = None) -> LogBuilder:
    """B's Twin (B-7) enters in turn 1 and A's Striker destroys it in turn 2 (B-7 in B's discard
    pile); in turn 3 B rushes ``second`` and Other (B-10); in turn 4 A's Ninja (A-1) enters and
    its effect waits."""
    b = LogBuilder(cards or [NINJA, STRIKER, TWIN, OTHER]).setup(first="B")
    b.charge("B", "T-000").proceed("B").rush("B", "T-797").proceed("B")
    b.enter("B", "B-7").proceed("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-796").proceed("A").enter("A", "A-4")
    b.attack("A", "A-4", "B-7").proceed("A")
    b.charge("B", "T-000").proceed("B").rush("B", second).rush("B", "T-798").proceed("B", 2)
    return b.charge("A", "T-000").proceed("A").rush("A", "T-795").proceed("A").enter("A", "A-1")


def _rush(r: dict[str, Any]) -> list[str]:
    return [u["name"] for u in player_state(r, "B")["rush"]]


def test_RS_DISCARD_NAMESAKE_read_from_the_printed_sentences_and_shown() -> None:
    r = read_card(NINJA)
    assert r.understood
    (effect,) = r.effects
    assert effect["when"] == "on_enter" and effect["optional"] is True
    assert effect["do"] == [
        {"op": "choose_opposing_discard", "find": {"type": "unit"}, "if_done": True},
        {
            "op": "to_damage",
            "target": {
                "side": "opponent",
                "zone": "field",
                "count": 1,
                "type": "unit",
                "named_as": "chosen_card",
            },
        },
    ]
    assert render_card(NINJA)["reading"] == [
        "When it enters the battle area in your turn (optional: you may): choose 1 unit card in "
        "an opposing discard pile (it stays there), and if you do: put 1 unit (not a vehicle) "
        "with the card name of the unit card chosen in the opponent's rush or battle area face "
        "down into its owner's power zone, as damage."
    ]


def test_RS_DISCARD_NAMESAKE_near_misses_are_not_read() -> None:
    after = CUT.split("、", 2)[2]  # the body, after the trigger
    first, then = after.split("そうしたとき、")
    for text in (
        CUT.replace("敵軍捨札から", "自軍捨札から"),
        CUT.replace("ユニットカードを1枚選んでもよい", "カードを1枚選んでもよい"),
        CUT.replace("選んでもよい。そうしたとき", "選ぶ。そうしたとき"),
        CUT.replace("同じカード名", "同じ特徴"),
        CUT.replace("同じカード名の敵軍ユニット", "同じカード名の自軍ユニット"),
        CUT.replace("ダメージにして置く", "送る"),
        CUT.replace("そうしたとき、", ""),
        CUT.replace(after, first),  # the choice alone
        CUT.replace(after, then),  # the namesake alone: no card chosen first
    ):
        assert not read_card({"type": "unit", "text": text}).understood, text


def test_RS_DISCARD_NAMESAKE_a_unit_of_the_chosen_cards_name_becomes_damage() -> None:
    b = _entered()
    b.act("A", "resolve", source="A-1", use=True, targets=["B-7", "B-8"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert {"RS-DISCARD-NAMESAKE", "RS-TO-DAMAGE"} <= set(rules_applied(r, b.last))
    assert _rush(r) == ["Other"]
    assert player_state(r, "B")["damage"] == 1
    assert player_state(r, "B")["discard"] == ["B-7"]  # the card chosen stays there


def test_RS_DISCARD_NAMESAKE_a_unit_of_another_name_cannot_be_chosen() -> None:
    b = _entered()
    b.act("A", "resolve", source="A-1", use=True, targets=["B-7", "B-10"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_DISCARD_NAMESAKE_a_card_not_in_an_opposing_discard_pile_is_illegal() -> None:
    b = _entered()
    b.act("A", "resolve", source="A-1", use=True, targets=["B-8"])  # a unit, not the pile's card
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-DISCARD-NAMESAKE" in rules_broken(r, b.last)


def test_RS_DISCARD_NAMESAKE_once_chosen_a_unit_with_the_name_must_be_chosen() -> None:
    b = _entered()
    b.act("A", "resolve", source="A-1", use=True, targets=["B-7"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert _rush(r) == ["Twin", "Other"]


def test_RS_DISCARD_NAMESAKE_no_unit_of_that_name_nothing_more_happens() -> None:
    """B rushes Other twice in turn 3: no unit of B's is named Twin."""
    b = _entered(second="T-798")
    b.act("A", "resolve", source="A-1", use=True, targets=["B-7"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert player_state(r, "B")["damage"] == 0
    assert _rush(r) == ["Other", "Other"]


def test_RS_DISCARD_NAMESAKE_not_used_nothing_happens() -> None:
    b = _entered()
    b.act("A", "resolve", source="A-1", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _rush(r) == ["Twin", "Other"]
    assert player_state(r, "B")["damage"] == 0


def test_RS_DISCARD_NAMESAKE_the_card_named_by_its_code_and_the_unit_after_it() -> None:
    b = _entered()
    b.act("A", "resolve", source="A-1", use=True, targets=["T-797", "B-8"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _rush(r) == ["Other"]
    # used with nothing named: the pile's one unit card is taken, but the unit is not named
    b = _entered()
    b.act("A", "resolve", source="A-1", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_DISCARD_NAMESAKE_a_card_usable_as_another_is_not_guessed() -> None:
    """B's Mimic (its text: usable as Twin) is rushed in turn 3 in place of the second Twin."""
    b = _entered(second="T-799", cards=[NINJA, STRIKER, TWIN, OTHER, MIMIC])
    b.act("A", "resolve", source="A-1", use=True, targets=["B-7", "B-13"])
    r = b.replay()
    step = r["steps"][b.last]
    assert step["verdict"] == "unverifiable", step
    assert any("may be used as another" in why for why in step["unverifiable"])
    assert "RS-DISCARD-NAMESAKE" in rules_applied(r, b.last)
    assert player_state(r, "B")["damage"] == 0
