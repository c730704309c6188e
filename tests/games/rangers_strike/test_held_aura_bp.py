"""A Number Combination lowering, for the turn, the BP of the held opposing units of a size
(RS-HELD-AURA-BP), on made-up cards in the catalogue's sentence shape.

The sources' words, which the tests follow: "【name】このターン、ホールド状態の敵軍SユニットはBP-2500され
る。(BP0以下になったユニットは撃破される)" — *this turn*, *held opposing S units* have *BP -2500*; *a unit
whose BP becomes 0 or less is destroyed* (atwiki renst 458).  Whether the units meant are those held
now or those held as it resolved the sources do not say.
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

TEXT = "【鳥の矢】このターン、ホールド状態の敵軍SユニットはBP-2500される。(BP0以下になったユニットは撃破される)"
HELD = "※これはラッシュするとき、可能ならホールド状態で置く。"
#: A's units (made-up names): the archer (combination number 1), one that holds a unit (number 2)
ARCHER = printed(
    "T-950", TEXT, name="Arrow Hawk", size="S", bp=3000, combination={"number": 1, "effects": []}
)
BINDER = printed(
    "T-951",
    "【捕縛】敵軍ユニットを1体選びホールドする。",
    name="Binder",
    size="S",
    bp=1000,
    combination={"number": 2, "effects": []},
)
#: B's units: rushed held, of BP 2000 and 4000; a released one of BP 2000
STOUT = printed("T-952", HELD, name="Stout", size="S", bp=2000)
BIGGER = printed("T-953", HELD, name="Bigger", size="S", bp=4000)
PREY = card("T-954", name="Prey", size="S", bp=2000)
CARDS = [ARCHER, BINDER, STOUT, BIGGER, PREY]


def test_RS_HELD_AURA_BP_read_and_shown() -> None:
    r = read_card(ARCHER)
    assert r.understood
    assert [{k: v for k, v in e.items() if k != "text"} for e in r.combination] == [
        {"when": "combination", "do": [{"op": "held_aura_bp", "size": "S", "bp": -2500}]}
    ]
    assert render_card(ARCHER)["reading"][-1] == (
        "Number Combination 1: until the end of the turn, every held opposing size S unit has BP "
        "-2500 (one so brought to BP 0 or less is destroyed)."
    )
    for text in (
        TEXT.replace("ホールド状態の", "リリース状態の"),
        TEXT.replace("敵軍", "自軍"),
        TEXT.replace("(BP0以下になったユニットは撃破される)", ""),
        TEXT.replace("このターン、", ""),
    ):
        assert not read_card({**ARCHER, "text": text}).understood, text


def test_RS_HELD_AURA_BP_held_opposing_units_lowered_and_destroyed_at_0() -> None:
    b = LogBuilder(CARDS).setup(first="B")
    b.charge("B", "T-000").proceed("B").rush("B", "T-952").proceed("B", 2)
    b.charge("A", "T-000").proceed("A").rush("A", "T-950").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-953").proceed("B").enter("B", "T-953")
    b.proceed("B").charge("A", "T-000").proceed("A", 2).enter("A", "T-950")
    r = b.replay()  # the combination resolves by itself (nothing to choose)
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-HELD-AURA-BP" in rules_applied(r, b.last)
    assert "RS-BP-ZERO" in rules_applied(r, b.last)
    assert player_state(r, "B")["rush"] == []  # Stout (2000 - 2500) destroyed
    # Bigger (4000 - 2500 = 1500) loses to the Arrow Hawk (3000)
    b.attack("A", "T-950", "T-953")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert area_ids(r, "B", "battle") == []
    assert len(area_ids(r, "A", "battle")) == 1


def test_RS_HELD_AURA_BP_a_unit_held_after_it_resolved_is_not_guessed() -> None:
    # B's Prey, released as the Arrow Hawk's combination resolves, is held by the Binder's:
    # lowered to -500 (held now) or not (held as it resolved) - not destroyed, not guessed
    b = LogBuilder(CARDS).setup(first="B")
    b.charge("B", "T-000").proceed("B").rush("B", "T-954").proceed("B", 2)
    b.charge("A", "T-000").proceed("A").rush("A", "T-950").proceed("A", 2)
    b.charge("B", "T-000").proceed("B", 2).enter("B", "T-954").proceed("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-951").proceed("A").enter("A", "T-950")
    b.enter("A", "T-951")
    b.act("A", "resolve", source="T-951", targets=["T-954"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-HELD-AURA-BP" in rules_applied(r, b.last)
    assert len(area_ids(r, "B", "battle")) == 1  # not destroyed
