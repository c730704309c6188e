"""One's damage all turned face up, then the opponent's search of its own deck for a unit card
for its rush area (RS-OPPONENT-SEARCH), on made-up cards in the catalogue's sentence shape.

The source's words, which the tests follow: "自軍パワーゾーンのダメージになってるカードをすべてオモテにする。そして、
相手は自分自身の山札を見て、ユニットカードを1枚選び、自分自身のラッシュエリアに出してもよい。その後、相手は自分自身の山
札をシャッフルする。" — *every* card of one's damage face up; *then the opponent* looks at *its own* deck
and *may* put a unit card into *its own* rush area; *afterwards the opponent* shuffles its deck.
Which card the opponent took, when the log does not say, is not guessed.
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

TEXT = (
    "自軍パワーゾーンのダメージになってるカードをすべてオモテにする。そして、相手は自分自身の山札を見て、ユニット"
    "カードを1枚選び、自分自身のラッシュエリアに出してもよい。その後、相手は自分自身の山札をシャッフルする。"
)
#: A's operation
STAR = printed("T-760", TEXT, "operation", name="Star")
#: B's operation: 2 damage to A
BURN = card(
    "T-761",
    "operation",
    name="Burn",
    effects=[{"when": "on_use", "do": [{"op": "damage", "n": 2}]}],
)
#: a unit card of B's deck, of power 3 (put by the effect all the same)
SCOUT = card("T-762", name="Scout", power=3, bp=1000, sp=0, size="S")
CARDS = [STAR, BURN, SCOUT]


def _used() -> LogBuilder:
    """B deals A 2 damage in turn 2; in turn 3 A uses the Star, whose effect waits."""
    b = LogBuilder(CARDS).setup(first="A")
    b.pass_turn("A")
    b.charge("B", "T-000").proceed("B").use("B", "T-761").proceed("B", 2)
    return b.charge("A", "T-000").proceed("A").use("A", "T-760")


def test_RS_OPPONENT_SEARCH_read_and_shown() -> None:
    r = read_card(STAR)
    assert r.understood
    assert r.effects[0]["do"] == [
        {"op": "heal", "n": "all"},
        {"op": "opponent_from_deck", "find": {"type": "unit"}, "count": 1, "to": "rush"},
        {"op": "opponent_shuffle"},
    ]
    assert "optional" not in r.effects[0]
    assert render_card(STAR)["reading"] == [
        "When used: turn every face-down card of your power zone (your damage) face up; then the "
        "opponent may put a unit card from its own deck into its own rush area (no power, "
        "command or condition needed); then the opponent shuffles its deck."
    ]
    for near in (
        TEXT.replace("すべてオモテにする", "1枚オモテにする"),
        TEXT.replace("相手は自分自身の山札を見て", "自軍山札を見て"),
        TEXT.replace("ユニットカード", "ビークルカード"),
        TEXT.replace("その後、相手は自分自身の山札をシャッフルする。", ""),
    ):
        assert not read_card({"type": "operation", "text": near}).understood, near


def test_RS_OPPONENT_SEARCH_the_damage_face_up_and_the_opponents_card_rushed() -> None:
    b = _used()
    assert player_state(b.replay(), "A")["damage"] == 2
    b.act("A", "resolve", source="T-760", targets=["T-762"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert {"RS-OPPONENT-SEARCH", "RS-SEARCH-DECK"} <= set(rules_applied(r, b.last))
    assert player_state(r, "A")["damage"] == 0
    assert [u["code"] for u in player_state(r, "B")["rush"]] == ["T-762"]
    types = [e["type"] for e in r["steps"][b.last]["events"]]
    assert types.index("heal") < types.index("shuffle")


def test_RS_OPPONENT_SEARCH_a_card_not_recorded_is_not_guessed() -> None:
    b = _used().act("A", "resolve", source="T-760")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-OPPONENT-SEARCH" in rules_applied(r, b.last)
    assert player_state(r, "A")["damage"] == 0  # done before the search
    assert player_state(r, "B")["rush"] == []
