"""One card put into the rush area from the hand or the discard pile (RS-EITHER-PILE), on
made-up cards in the catalogue's sentence shape.

The sources' words, which the tests follow: "※これが撃破されて捨札になったとき、自分の手札の「Super」か、
自軍捨札の「Red」か、どちらか1枚を選び、自軍ラッシュエリアに出す。" — when the unit is destroyed and goes
to the discard pile, one card (どちらか1枚), a Super from the hand or a Red from the discard pile,
*is* put (出す: not optional) into the rush area; a unit that resists is not put into the discard
pile, so the text does not trigger (atwiki renst 1289: "捨札になることは免れているので「撃破して・さ
れて捨札になったとき」の効果は発動しない").
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

TEXT = (
    "※これが撃破されて捨札になったとき、自分の手札の「Super」か、自軍捨札の「Red」か、どちらか1枚を選び、"
    "自軍ラッシュエリアに出す。"
)
HERO = printed("T-993", TEXT, name="Hero", bp=1000, sp=1, size="S")
STUBBORN = printed("T-994", f"※レジスト {TEXT}", name="Stubborn", bp=1000, sp=1, size="S")
SUPER = card("T-995", name="Super", bp=3000, sp=1, size="S")
RED = card("T-996", name="Red", bp=1000, sp=1, size="S")
CRUSHER = card("T-997", name="Crusher", bp=5000, sp=1)


def _destroyed(unit: str = "T-993") -> LogBuilder:
    """A's ``unit`` stands in A's battle area; B's Crusher attacks it in B's turn 2: it is
    destroyed and its text waits."""
    b = LogBuilder([HERO, STUBBORN, SUPER, RED, CRUSHER]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", unit).proceed("A").enter("A", unit)
    b.proceed("A")
    b.charge("B", "T-000").proceed("B").rush("B", "T-997").proceed("B").enter("B", "T-997")
    return b.attack("B", "T-997", unit)


def _codes(r: dict, zone: str) -> list[str]:
    return [u["code"] for u in player_state(r, "A")[zone]]


def test_RS_EITHER_PILE_read_and_shown() -> None:
    (effect,) = read_card({"type": "unit", "text": TEXT}).effects
    assert effect == {
        "when": "on_destroyed",
        "do": [{"op": "from_hand_or_discard", "hand": "Super", "discard": "Red"}],
        "text": TEXT,
    }
    assert render_card(HERO)["reading"] == [
        "When destroyed and put into the discard pile: put one card, a card named Super from your hand or one named Red from "
        "your discard pile, into your rush area (no power, command or condition needed)."
    ]


def test_RS_EITHER_PILE_the_card_from_the_hand_goes_into_the_rush_area() -> None:
    b = _destroyed().act("A", "resolve", source="A-1", targets=["T-995"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-EITHER-PILE" in rules_applied(r, b.last)
    assert _codes(r, "rush") == ["T-995"]


def test_RS_EITHER_PILE_a_card_of_another_name_is_illegal() -> None:
    b = _destroyed().act("A", "resolve", source="A-1", targets=["T-996"])  # Red is not in the pile
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-EITHER-PILE" in rules_broken(r, b.last)


def test_RS_EITHER_PILE_not_recorded_with_a_hand_the_engine_does_not_know() -> None:
    b = _destroyed().act("A", "resolve", source="A-1")
    r = b.replay()
    step = r["steps"][b.last]
    assert step["verdict"] == "unverifiable", step
    assert _codes(r, "rush") == []


def test_RS_EITHER_PILE_not_when_the_unit_resists() -> None:
    b = _destroyed("T-994")
    r = b.replay()
    pending = r["steps"][b.last]["pending"]
    assert [p["kind"] for p in pending] == ["resolve"]  # only the choice to resist
    b.act("A", "resolve", source=pending[0]["source"], use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert all(p["kind"] != "resolve" for p in r["steps"][b.last]["pending"])
    assert _codes(r, "battle") == ["T-994"]
