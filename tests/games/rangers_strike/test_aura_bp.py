"""A unit's text lowering, while it is in play, the BP of every unit of a size without Wing, one
so brought to BP 0 or less destroyed (RS-AURA-BP), on made-up cards in the catalogue's sentence
shape.

The sources' words, which the tests follow: "【name】これが自軍エリアにある間、ウイングを持たないSユニットは
BP-500される。(BP0以下になったユニットは撃破される)" — *while it is in its player's area* (rush or battle
area), *every S unit without ウイング* (no side named: either side's) *has BP -500*; *a unit whose BP
becomes 0 or less is destroyed* (atwiki renst 458: "効果によってＢＰが０になったユニットは撃破される").
"""

from __future__ import annotations

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    area_ids,
    card,
    player_state,
    printed,
    rules_applied,
    verdict,
)

TEXT = (
    "【空の蹴り】これが自軍エリアにある間、ウイングを持たないSユニットはBP-500される。"
    "(BP0以下になったユニットは撃破される)"
)
#: A's units (made-up names): the kicker (with Wing), an M unit of BP 2800
KICKER = printed("T-940", f"※ウイング {TEXT}", name="Sky Kicker", size="S", bp=2000)
STRIKER = card("T-941", name="Striker", size="M", bp=2800)
#: B's units: an S unit of BP 3000, one of BP 500, one of BP 500 with Wing
PREY = card("T-942", name="Prey", size="S", bp=3000)
TINY = card("T-943", name="Tiny", size="S", bp=500)
BIRD = printed("T-944", "※ウイング", name="Bird", size="S", bp=500)
#: B's unit whose text, not read, names ウイング
CHARM = printed(
    "T-945",
    "【空の加護】このターン、自軍ユニットは、ウイングでアタックしたとき、そのバトル中、BP+2000される。",
    name="Sky Charm",
    size="M",
    bp=1000,
)
CARDS = [KICKER, STRIKER, PREY, TINY, BIRD, CHARM]


def _kicked(*b_units: str) -> LogBuilder:
    """B rushes ``b_units`` (one a turn, A passing between); then A rushes the Kicker."""
    b = LogBuilder(CARDS).setup(first="B")
    for i, code in enumerate(b_units):
        if i:
            b.charge("A", "T-000").proceed("A", 3)
        b.charge("B", "T-000").proceed("B").rush("B", code).proceed("B", 2)
    return b.charge("A", "T-000").proceed("A").rush("A", "T-940")


def test_RS_AURA_BP_read_and_shown() -> None:
    r = read_card(KICKER)
    assert r.understood and r.effects == ()
    assert list(r.restrictions) == [
        {"rule": "aura_bp", "size": "S", "without": "ウイング", "bp": -500}
    ]
    assert render_card(KICKER)["reading"][-1] == (
        "While it is in your rush or battle area, every size S unit (either side) without ウイング "
        "has BP -500; a unit so brought to BP 0 or less is destroyed (RS-AURA-BP, RS-BP-ZERO)."
    )
    for text in (
        TEXT.replace("ウイングを持たない", "レジストを持たない"),
        TEXT.replace("自軍エリア", "自軍バトルエリア"),
        TEXT.replace("(BP0以下になったユニットは撃破される)", ""),
        TEXT.replace("BP-500", "BP+500"),
    ):
        assert not read_card({**KICKER, "text": text}).understood, text
    numbered = {**KICKER, "combination": {"number": 2, "effects": []}}
    assert not read_card(numbered).restrictions  # a numbered unit's named effect is its NC's


def test_RS_AURA_BP_a_unit_brought_to_BP_0_is_destroyed() -> None:
    b = _kicked("T-943", "T-944")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-BP-ZERO" in rules_applied(r, b.last)
    # Tiny (500 - 500) is destroyed; the Bird (with ウイング) is not lowered
    assert [u["code"] for u in player_state(r, "B")["rush"]] == ["T-944"]
    assert len(player_state(r, "B")["discard"]) == 1


def test_RS_AURA_BP_either_sides_units_are_lowered_in_a_battle() -> None:
    # B's Prey (3000 - 500) enters; A's Striker (M, 2800, not lowered) attacks it and wins
    b = _kicked("T-942")
    b.proceed("A", 2).charge("B", "T-000").proceed("B", 2).enter("B", "T-942").proceed("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-941").proceed("A").enter("A", "T-941")
    b.attack("A", "T-941", "T-942")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert area_ids(r, "B", "battle") == []
    assert len(area_ids(r, "A", "battle")) == 1


def test_RS_AURA_BP_a_keyword_perhaps_given_is_not_guessed() -> None:
    # an unread card naming ウイング in play: Tiny may have been given it (BP 0 or 500)
    b = _kicked("T-945", "T-943")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-AURA-BP" in rules_applied(r, b.last)
    assert sorted(u["code"] for u in player_state(r, "B")["rush"]) == ["T-943", "T-945"]
