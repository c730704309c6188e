"""A resident's text that triggers when a unit of its player's strikes and deals damage
(RS-STRIKE-DEALT), and the card of its player's discard pile the opponent chooses for the
player's hand (RS-OPPONENT-PICKS-DISCARD), on made-up cards in the catalogue's sentence shape.

The sources' words, which the tests follow: "※常駐 カテゴリにETを持つ自軍ユニットがストライクしてダメージを与え
たとき、自軍捨札からSユニットのカードを相手に1枚選ばせてもよい。そうしたとき、相手の選んだユニットカードを自分の手札に
加える。" — while the resident is in place ("場に配置して、離れるまで効果が有効になる"), *when a unit of
one's own whose category is ET strikes and deals damage*, the player *may* have the *opponent
choose one* size S unit card of the player's discard pile; *when so*, the card chosen goes into
the player's hand.
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

TEXT = (
    "カテゴリにETを持つ自軍ユニットがストライクしてダメージを与えたとき、自軍捨札からSユニットのカードを相手に1枚"
    "選ばせてもよい。そうしたとき、相手の選んだユニットカードを自分の手札に加える。"
)
#: A's resident operation, and one that speaks of OT units instead
BIRD = printed(
    "T-675", "※常駐 " + TEXT, "operation", name="Bird", category="ET", operation="resident"
)
OT_BIRD = printed(
    "T-674",
    "※常駐 " + TEXT.replace("ETを持つ", "OTを持つ"),
    "operation",
    name="Other bird",
    category="ET",
    operation="resident",
)
#: A's ET striker (SP 1, size S), and another size S unit
STRIKER = card("T-676", name="Striker", category="ET", bp=2000, sp=1, size="S")
PAWN = card("T-677", name="Pawn", category="ET", bp=1000, sp=0, size="S")
#: A's operation: destroy two of its own rush-area units
PURGE = card(
    "T-678",
    "operation",
    name="Purge",
    category="ET",
    effects=[
        {
            "when": "on_use",
            "do": [{"op": "destroy", "target": {"side": "own", "zone": "rush", "count": 2}}],
        }
    ],
)
#: an ET card for A's commands
FUEL = card("T-679", name="Fuel", category="ET", bp=1000, sp=0, size="M")
CARDS = [BIRD, STRIKER, PAWN, PURGE, FUEL, OT_BIRD]


def _struck(bird: str = "T-675") -> LogBuilder:
    """A rushes Pawn (A-7, turn 1) and a Striker (A-4), puts ``bird`` in place (turn 3),
    destroys both with Purge (turn 5), and its second Striker (A-5) strikes: B takes 1 damage."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-679").proceed("A").rush("A", "T-677").proceed("A", 2)
    b.charge("B", "T-000").proceed("B", 3)
    b.charge("A", "T-679").proceed("A").rush("A", "A-4").use("A", bird)
    b.proceed("A", 2)
    b.charge("B", "T-000").proceed("B", 3)
    b.charge("A", "T-679").proceed("A").use("A", "T-678", targets=["A-7", "A-4"])
    b.rush("A", "A-5").proceed("A").enter("A", "A-5")
    return b.strike("A", "A-5")


def _zones(r: dict[str, Any]) -> tuple[list[str], list[str]]:
    s = player_state(r, "A")
    return s["hand"], s["discard"]


def test_RS_STRIKE_DEALT_read_from_the_printed_resident_text_and_shown() -> None:
    r = read_card(BIRD)
    assert r.understood and r.keywords == ("resident",)
    assert r.effects == (
        {
            "when": "on_strike_damage",
            "by": {"category": "ET"},
            "optional": True,
            "do": [
                {
                    "op": "discard_to_hand",
                    "find": {"type": "unit", "size": "S"},
                    "chooser": "opponent",
                }
            ],
            "text": TEXT,
        },
    )
    assert render_card(BIRD)["reading"] == [
        "While in place, when a unit of yours of category ET strikes and the damage is dealt "
        "(optional: you may): have the opponent choose 1 size S unit card of your discard pile, "
        "and if you do, put the card chosen into your hand."
    ]


def test_RS_STRIKE_DEALT_near_misses_are_not_read() -> None:
    # a normal operation: no "while in place"
    assert not read_card({**BIRD, "text": TEXT, "operation": "normal"}).understood
    for text in (
        TEXT.replace("ストライクして", "アタックして"),
        TEXT.replace("Sユニットのカード", "ユニットカード"),
        TEXT.replace("相手に1枚選ばせてもよい", "1枚選んでもよい"),
    ):
        assert not read_card({**BIRD, "text": "※常駐 " + text}).understood, text


def test_RS_OPPONENT_PICKS_DISCARD_the_card_chosen_goes_to_the_hand() -> None:
    b = _struck()
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-STRIKE-DEALT" in rules_applied(r, b.last)
    assert player_state(r, "B")["damage"] == 1
    b.act("A", "resolve", source="A-1", use=True, targets=["A-4"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-OPPONENT-PICKS-DISCARD" in rules_applied(r, b.last)
    hand, discard = _zones(r)
    assert "A-4" in hand and "A-4" not in discard and "A-7" in discard


def test_RS_OPPONENT_PICKS_DISCARD_not_used_nothing_moves() -> None:
    b = _struck()
    b.act("A", "resolve", source="A-1", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    hand, discard = _zones(r)
    assert "A-7" in discard and "A-4" in discard and "A-4" not in hand


def test_RS_OPPONENT_PICKS_DISCARD_a_card_that_is_no_size_S_unit_is_illegal() -> None:
    b = _struck()
    b.act("A", "resolve", source="A-1", use=True, targets=["A-10"])  # Purge, an operation
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-OPPONENT-PICKS-DISCARD" in rules_broken(r, b.last)


def test_RS_OPPONENT_PICKS_DISCARD_a_choice_not_recorded_is_not_guessed() -> None:
    b = _struck()
    b.act("A", "resolve", source="A-1", use=True)  # Pawn or Striker: the opponent's choice
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    hand, discard = _zones(r)
    assert "A-7" in discard and "A-4" in discard


def test_RS_STRIKE_DEALT_a_unit_of_another_category_triggers_nothing() -> None:
    b = _struck("T-674")  # the resident speaks of OT units; the Striker is ET
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-STRIKE-DEALT" not in rules_applied(r, b.last)
    b.proceed("A")  # nothing waits
    assert verdict(b.replay(), b.last) == "legal"
