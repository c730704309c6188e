"""A unit's own BP for each unit of its player's battle area (RS-BP-PER-UNITS), on made-up cards
in the catalogue's sentence shape.

The sources' words, which the tests follow: "このユニットは、自軍バトルエリアにある「WB」のMユニット1体に
つきBP+2000される。" — BP +2000 for *each* size M unit of category WB in its player's *battle area*
(not the rush area), its own text, so counted whenever its BP is looked at; a vehicle is no unit
(atwiki renst 141: "ユニットとは区別され"); the higher BP wins a battle (atwiki renst 458: "この数値が
高い方がバトルに勝つ"). In tag battle 自軍 may be the player's or its team's: where the two give
different BP, a step that turns on it is not guessed.
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
    verdict,
)

HEART = (
    "【天地轟鳴】このユニットは、自軍バトルエリアにある「WB」のMユニット1体につきBP+2000される。"
)
#: A's king (size L, blaze: it never counts itself), BP 3000 + 2000 per WB M unit in battle
KING = printed("T-960", HEART, name="King", bp=3000, sp=1, size="L")
BEAST = card("T-961", name="Beast", category="WB", bp=1000, sp=0, size="M")
MACHINE = card("T-962", name="Machine", bp=1000, sp=0, size="M")
RANGER = card("T-963", name="Ranger", category="WB", bp=1000, sp=0, size="S")
#: B's wall: BP 4000, between the king's 3000 and 5000
WALL = card("T-964", name="Wall", bp=4000, sp=0, size="S")
LOW_WALL = card("T-965", name="Low Wall", bp=2000, sp=0, size="S")
CARDS = [KING, BEAST, MACHINE, RANGER, WALL, LOW_WALL]


def _bp(b: LogBuilder, pid: str, code: str) -> int:
    r = b.replay()
    for area in ("rush", "battle"):
        for unit in player_state(r, pid)[area]:
            if unit["code"] == code:
                return int(unit["bp"])
    raise AssertionError(f"{code} not in {pid}'s areas")


def _codes(b: LogBuilder, pid: str, area: str) -> list[str]:
    return [u["code"] for u in player_state(b.replay(), pid)[area]]


def test_RS_BP_PER_UNITS_read_from_the_printed_named_effect_and_shown() -> None:
    r = read_card({"type": "unit", "category": "blaze", "size": "L", "text": HEART})
    assert r.understood
    (effect,) = r.effects
    assert effect["when"] == "static"
    assert effect["do"] == [
        {
            "op": "bp",
            "amount": 2000,
            "per": {"count": "own_battle_units", "category": "WB", "size": "M"},
        }
    ]
    assert render_card(KING)["reading"] == [
        "Always: this unit gets BP +2000 for each size M unit of category WB in your battle area."
    ]


def test_RS_BP_PER_UNITS_near_misses_are_not_read() -> None:
    def understood(text: str, **defn: object) -> bool:
        base = {"type": "unit", "category": "blaze", "size": "L", "text": text}
        return read_card({**base, **defn}).understood

    assert understood(HEART)
    assert not understood(HEART.replace("1体につき", "2体につき"))  # per two: not read
    assert not understood(HEART.replace("自軍バトルエリア", "自軍ラッシュエリア"))
    assert not understood(
        HEART.replace("自軍バトルエリアにある", "これ以外の自軍バトルエリアにある")
    )
    # a unit that would count itself: whether it does the text does not say
    assert not understood(HEART, category="WB", size="M")
    # a unit with a combination number: its named effect is its combination's
    assert not understood(HEART, combination={"number": 3})


def test_RS_BP_PER_UNITS_counts_the_WB_size_M_units_of_the_battle_area_only() -> None:
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-962").proceed("A", 2)  # Machine (blaze M)
    b.charge("B", "T-000").proceed("B").rush("B", "T-964").proceed("B").enter("B", "T-964")
    b.proceed("B")
    b.charge("A", "T-961").proceed("A").rush("A", "T-961").rush("A", "T-960").proceed("A")
    assert _bp(b, "A", "T-960") == 3000  # Beast in the rush area does not count
    b.enter("A", "T-962")
    assert _bp(b, "A", "T-960") == 3000  # Machine is size M but not WB
    b.enter("A", "T-961")
    assert _bp(b, "A", "T-960") == 5000  # Beast (WB, size M) in the battle area
    b.enter("A", "T-960").attack("A", "T-960", "T-964")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-ATTACK-RESULT" in rules_applied(r, b.last)
    assert _codes(b, "B", "battle") == []  # King BP 5000 > Wall BP 4000
    assert "T-960" in _codes(b, "A", "battle")


def _tag(wall: str) -> LogBuilder:
    """Tag battle: A1's Beast (WB, size M) stands in A1's battle area while A2's King enters
    A2's and attacks B2's ``wall``."""
    b = LogBuilder(CARDS, variant="tag").setup(first="A1")
    b.charge("A1", "T-961").proceed("A1").rush("A1", "T-961").proceed("A1", 2)
    b.charge("A2", "T-000").proceed("A2").rush("A2", "T-960").proceed("A2", 2)
    b.pass_turn("B1")
    b.charge("B2", "T-000").proceed("B2").rush("B2", wall).proceed("B2").enter("B2", wall)
    b.proceed("B2")
    b.proceed("A1", 2).enter("A1", "T-961").proceed("A1")
    b.proceed("A2", 2).enter("A2", "T-960")
    return b.attack("A2", "T-960", wall)


def test_RS_BP_PER_UNITS_tag_readings_that_decide_the_battle_otherwise_are_not_guessed() -> None:
    """自軍バトルエリア read as A2's gives King BP 3000 (< 4000), read as team A's 5000 (> 4000):
    the battle's result is not known, so no unit is destroyed and the step is unverifiable."""
    b = _tag("T-964")
    r = b.replay()
    assert [s["verdict"] for s in r["steps"][:-1]].count("illegal") == 0
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-BP-PER-UNITS" in rules_applied(r, b.last)
    assert "RS-ATTACK-RESULT" not in rules_applied(r, b.last)
    assert _codes(b, "B2", "battle") == ["T-964"]
    assert _codes(b, "A2", "battle") == ["T-960"]


def test_RS_BP_PER_UNITS_tag_readings_that_agree_decide_the_battle() -> None:
    """Against BP 2000 King wins with BP 3000 and with BP 5000 alike."""
    b = _tag("T-965")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _codes(b, "B2", "battle") == []
