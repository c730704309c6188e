"""A unit's text that, while it is in its player's area, lets the owner of a unit with a feature
draw when that unit destroys a unit that goes to the discard pile (RS-FEATURE-DESTROYS-DRAW), on
made-up cards in the catalogue's sentence shape.

The source's words, which the tests follow: "これが自軍エリアにある間、特徴「仮面ライダー」を持つユニットがユ
ニットを撃破して捨札にしたとき、その特徴「仮面ライダー」を持つユニットの持ち主は1枚ドローしてもよい。" — *while
this is in its player's area*, *when a unit with the feature* (either side's) *destroys a unit
and puts it into the discard pile*, *the owner of that unit* *may draw 1*.  A tie, and a unit's
own effect destroying, the sources leave open: not guessed.
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
    verdict,
)

SOUL = (
    "【魂の檻】これが自軍エリアにある間、特徴「仮面ライダー」を持つユニットがユニットを撃破して捨札にしたとき、その"
    "特徴「仮面ライダー」を持つユニットの持ち主は1枚ドローしてもよい。"
)
#: A's unit with the text
CASTLE = printed("T-896", SOUL, name="Castle", bp=4000, sp=0, size="M")


def _unit(code: str, name: str, bp: int, *features: str) -> dict[str, Any]:
    return {**card(code, name=name, bp=bp, sp=1, size="S"), "features": list(features)}


#: units with and without the feature
HERO = _unit("T-897", "Hero", 3000, "仮面ライダー")
PLAIN = _unit("T-898", "Plain", 3000, "男")
WEAK = _unit("T-899", "Weak", 1000, "男")
EVEN = _unit("T-900", "Even", 3000, "男")
CARDS = [CASTLE, HERO, PLAIN, WEAK, EVEN]


def _attacks(attacker: str, target: str, castle: bool = True) -> LogBuilder:
    """A rushes the Castle (turn 1, if ``castle``); B puts ``target`` into its battle area (turn
    2); in turn 3 A rushes ``attacker``, enters it and attacks ``target``."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A")
    if castle:
        b.rush("A", "T-896")
    b.proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", target).proceed("B")
    unit = next(u["id"] for u in player_state(b.replay(), "B")["rush"] if u["code"] == target)
    b.enter("B", unit).proceed("B", 2)
    b.charge("A", "T-000").proceed("A").rush("A", attacker).proceed("A").enter("A", attacker)
    return b.attack("A", attacker, unit)


def _hand(r: dict[str, Any], pid: str) -> int:
    hand = player_state(r, pid)["hand"]
    return hand if isinstance(hand, int) else len(hand)


def test_RS_FEATURE_DESTROYS_DRAW_read_and_shown() -> None:
    (effect,) = read_card(CASTLE).effects
    assert effect == {
        "when": "on_unit_destroys",
        "of": {"feature": "仮面ライダー"},
        "optional": True,
        "do": [{"op": "draw", "n": 1}],
        "text": SOUL,
    }
    assert render_card(CASTLE)["reading"] == [
        "While this is in your rush or battle area, whenever a unit with the feature 仮面ライダー "
        "(of either side) destroys a unit in a battle and that unit goes to the discard pile, the "
        "owner of the unit with the feature may draw 1 card (a destruction by the unit's own "
        "effect, or a tie, is not settled by the sources) (RS-FEATURE-DESTROYS-DRAW)."
    ]
    for text in (
        SOUL.replace("撃破して捨札にした", "撃破した"),
        SOUL.replace("持ち主は", "コントローラーは"),
        SOUL.replace("ドローしてもよい", "ドローする"),
        SOUL.replace("その特徴「仮面ライダー」", "その特徴「ライダー」"),
    ):
        assert not read_card({"type": "unit", "text": text}).understood, text
    assert not read_card({"type": "unit", "combination": {"number": 1}, "text": SOUL}).understood


def test_RS_FEATURE_DESTROYS_DRAW_the_winner_s_owner_may_draw() -> None:
    b = _attacks("T-897", "T-899")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-FEATURE-DESTROYS-DRAW" in rules_applied(r, b.last)
    before = _hand(r, "A")
    b.act("A", "resolve", source="T-896", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _hand(r, "A") == before + 1


def test_RS_FEATURE_DESTROYS_DRAW_not_drawn_when_declined() -> None:
    b = _attacks("T-897", "T-899")
    before = _hand(b.replay(), "A")
    b.act("A", "resolve", source="T-896", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _hand(r, "A") == before


def test_RS_FEATURE_DESTROYS_DRAW_the_opponents_unit_its_owner_draws() -> None:
    """B's Hero, attacked by A's Weak, wins: B, its owner, may draw (A's Castle's text)."""
    b = _attacks("T-899", "T-897")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    before = _hand(r, "B")
    b.act("B", "resolve", source="T-896", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _hand(r, "B") == before + 1


def test_RS_FEATURE_DESTROYS_DRAW_no_feature_or_no_castle_nothing_triggers() -> None:
    for attacker, castle in (("T-898", True), ("T-897", False)):
        b = _attacks(attacker, "T-899", castle)
        r = b.replay()
        assert verdict(r, b.last) == "legal", (attacker, r["steps"][b.last])
        assert "RS-FEATURE-DESTROYS-DRAW" not in rules_applied(r, b.last), attacker
        b.proceed("A")  # nothing waits
        assert verdict(b.replay(), b.last) == "legal", attacker


def test_RS_FEATURE_DESTROYS_DRAW_a_tie_is_not_guessed() -> None:
    b = _attacks("T-897", "T-900")  # 3000 against 3000: both destroyed
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-FEATURE-DESTROYS-DRAW" in rules_applied(r, b.last)


def test_RS_FEATURE_DESTROYS_DRAW_a_units_own_effect_destroying_is_not_guessed() -> None:
    blaster = {
        **printed(
            "T-901",
            "【破壊光線】敵軍バトルエリアからBP3000以下のユニットを1体選び撃破する。",
            name="Blaster",
            bp=2000,
            sp=1,
            size="S",
            combination={"number": 1},
        ),
        "features": ["仮面ライダー"],
    }
    b = LogBuilder([*CARDS, blaster]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-896").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-899").proceed("B")
    weak = next(u["id"] for u in player_state(b.replay(), "B")["rush"] if u["code"] == "T-899")
    b.enter("B", weak).proceed("B", 2)
    b.charge("A", "T-000").proceed("A").rush("A", "T-901").proceed("A").enter("A", "T-901")
    b.act("A", "resolve", source="T-901", targets=[weak])
    r = b.replay()
    assert weak in player_state(r, "B")["discard"]
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-FEATURE-DESTROYS-DRAW" in rules_applied(r, b.last)
