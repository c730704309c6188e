"""A unit that makes the opponent destroy one of its own units at the end of each of its turns
(RS-OPPONENT-RESTRICTION, RS-TURN-END), on made-up cards in the catalogue's sentence shapes.

The sources' words, which the tests follow: "これが自軍ラッシュエリアにある間、相手は次の制限を受ける⇒自分自身
のターンを終えるとき、特徴「女」を持つ自分自身のユニットを1体選び撃破する。" (*while* this unit is in its
player's *rush* area, at the end of the *opponent's own* turn the *opponent* chooses one of *its
own* units with the feature 女 and destroys it); two such units: "はい、2体になります。" (atwiki
renst 601, Q&A on RS-360); "ターンを終えるとき" texts are processed in the end phase (atwiki renst
155), and whether before or after the effects until the end of the turn end is not said.
"""

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

QUEEN_TEXT = (
    "【宇宙で一番美しいのは誰？】これが自軍ラッシュエリアにある間、相手は次の制限を受ける⇒自分自身のターンを"
    "終えるとき、特徴「女」を持つ自分自身のユニットを1体選び撃破する。"
)


def _with(d: dict[str, Any], *features: str) -> dict[str, Any]:
    return {**d, "features": list(features)}


QUEEN = _with(printed("T-958", QUEEN_TEXT, name="Queen", bp=6000, sp=0, size="S"), "女王")
LADY = _with(card("T-959", name="Lady", bp=1000, sp=0, size="S"), "女")
MAN = _with(card("T-949", name="Man", bp=1000, sp=0, size="S"), "男")
MAKEUP = printed(
    "T-954",
    "自軍ユニットを1体選ぶ。このターン、選んだユニットの特徴に「女」を追加する。",
    type="operation",
    name="Makeup",
)
CARDS = [QUEEN, LADY, MAN, MAKEUP]


def _b_turn_ends(b_units: tuple[str, ...] = ("T-959",), queens: int = 1) -> LogBuilder:
    """B rushes the first of ``b_units`` in turn 2; A rushes ``queens`` Queens in turn 3; B
    rushes the rest in turn 4 and ends its battle phase: its end phase begins."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A", 3)
    b.charge("B", "T-000").proceed("B").rush("B", b_units[0]).proceed("B", 2)
    b.charge("A", "T-000").proceed("A")
    for _ in range(queens):
        b.rush("A", "T-958")
    b.proceed("A", 2).charge("B", "T-000").proceed("B")
    for code in b_units[1:]:
        b.rush("B", code)
    return b.proceed("B", 2)


def test_RS_OPPONENT_RESTRICTION_read_from_the_printed_sentence_and_shown() -> None:
    (effect,) = read_card({"type": "unit", "text": QUEEN_TEXT}).effects
    assert effect == {
        "when": "turn_end",
        "turn": "opponent",
        "while": "rush",
        "do": [
            {
                "op": "destroy",
                "target": {
                    "side": "opponent",
                    "zone": "field",
                    "count": 1,
                    "type": "unit",
                    "feature": "女",
                    "chooser": "opponent",
                },
            }
        ],
        "text": QUEEN_TEXT.replace("？", "?"),
    }
    assert render_card(QUEEN)["reading"] == [
        "While this is in your rush area, at the end of each of the opponent's turns: destroy 1 "
        "unit (not a vehicle) with the feature 女 in the opponent's rush or battle area (the "
        "opponent chooses which)."
    ]
    for text in (
        QUEEN_TEXT.replace("相手は次の制限を受ける⇒", ""),
        QUEEN_TEXT.replace("自分自身のユニット", "敵軍ユニット"),
        QUEEN_TEXT.replace("撃破する", "ホールドする"),
        QUEEN_TEXT.replace("自分自身のターンを", "自軍ターンを"),
    ):
        assert not read_card({"type": "unit", "text": text}).understood, text
    numbered = {"type": "unit", "combination": {"number": 3}, "text": QUEEN_TEXT}
    assert not read_card(numbered).understood


def test_RS_OPPONENT_RESTRICTION_the_opponent_destroys_the_unit_it_chooses() -> None:
    b = _b_turn_ends()
    r = b.replay()
    assert "RS-OPPONENT-RESTRICTION" in rules_applied(r, b.last)
    assert area_ids(r, "B", "rush") == ["B-4"]
    b.act("A", "resolve", source="T-958", targets=["B-4"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-OPPONENT-CHOOSES" in rules_applied(r, b.last)
    assert area_ids(r, "B", "rush") == []
    assert player_state(r, "B")["discard"] == ["B-4"]
    assert "RS-END" in rules_applied(r, b.last)  # then B's turn ends


def test_RS_OPPONENT_RESTRICTION_a_unit_without_the_feature_cannot_be_chosen() -> None:
    b = _b_turn_ends(("T-949", "T-959"))
    b.act("A", "resolve", source="T-958", targets=["B-7"])  # the Man
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)
    # not named: the one unit with the feature is no choice
    b = _b_turn_ends(("T-949", "T-959"))
    b.act("A", "resolve", source="T-958")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert area_ids(r, "B", "rush") == ["B-7"]


def test_RS_OPPONENT_RESTRICTION_which_of_two_is_not_guessed() -> None:
    b = _b_turn_ends(("T-959", "T-959"))
    b.act("A", "resolve", source="T-958")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert area_ids(r, "B", "rush") == ["B-4", "B-5"]


def test_RS_OPPONENT_RESTRICTION_two_queens_two_units() -> None:
    b = _b_turn_ends(("T-959", "T-959"), queens=2)
    r = b.replay()
    assert len(r["steps"][b.last]["pending"]) == 2
    # B, the turn player, orders the two waiting effects; each destroys one of B's units
    b.act("B", "resolve", source="A-1", targets=["B-4"])
    b.act("A", "resolve", source="A-2", targets=["B-5"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert area_ids(r, "B", "rush") == []


def test_RS_OPPONENT_RESTRICTION_nothing_without_a_unit_with_the_feature() -> None:
    b = _b_turn_ends(("T-949",))
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-OPPONENT-RESTRICTION" in rules_applied(r, b.last)
    assert not any(p["kind"] == "resolve" for p in r["steps"][b.last]["pending"])
    assert area_ids(r, "B", "rush") == ["B-7"]


def test_RS_OPPONENT_RESTRICTION_only_in_the_opponents_turn_and_from_the_rush_area() -> None:
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-958").proceed("A").enter("A", "T-958")
    b.proceed("A")
    r = b.replay()
    assert "RS-TURN-END" not in rules_applied(r, b.last)  # A's own turn
    # the Queen in A's battle area: nothing at the end of B's turn
    b.charge("B", "T-000").proceed("B").rush("B", "T-959").proceed("B", 2)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-TURN-END" not in rules_applied(r, b.last)
    assert area_ids(r, "B", "rush") == ["B-4"]
    # back in A's rush area (A's start phase): at the end of B's next turn it applies
    b.charge("A", "T-000").proceed("A", 3).charge("B", "T-000").proceed("B", 3)
    r = b.replay()
    assert area_ids(r, "A", "rush") == ["A-1"]
    assert "RS-OPPONENT-RESTRICTION" in rules_applied(r, b.last)


def test_RS_TURN_END_a_feature_added_until_the_end_of_the_turn_is_not_guessed() -> None:
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-958").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-949").proceed("B", 2)
    b.charge("A", "T-000").proceed("A", 3)
    b.charge("B", "T-000").proceed("B").use("B", "T-954")
    b.act("B", "resolve", source="T-954", targets=["B-7"])
    b.proceed("B", 2)
    r = b.replay()
    assert "RS-TURN-END" in rules_applied(r, b.last)
    b.act("A", "resolve", source="T-958", targets=["B-7"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    (why,) = r["steps"][b.last]["unverifiable"]
    assert "only until the end of the turn" in why
    assert area_ids(r, "B", "rush") == ["B-7"]
