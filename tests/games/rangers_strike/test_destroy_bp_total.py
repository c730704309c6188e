"""Opposing units chosen within a total BP, no more of them than one's units of a category and size
count, and destroyed (RS-DESTROY-BP-TOTAL), on made-up cards in the catalogue's sentence shape.

The source's words, which the tests follow: "これをラッシュしたとき、特徴「メカ」を持たない敵軍ユニットを、BPの
合計が5000以下になるように選んで撃破してもよい。ただし選べるユニットの数は、WBの自軍Mユニットの数までとする。" —
*when rushed*, the player *may* choose opposing units *without the feature メカ* so that *their
BPs add up to 5000 or less* and destroy them; *but* the number of units it can choose is *at most
the number of its own size M units of category WB*.
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

ROAR = (
    "【咆哮弾】これをラッシュしたとき、特徴「メカ」を持たない敵軍ユニットを、BPの合計が5000以下になるように選ん"
    "で撃破してもよい。ただし選べるユニットの数は、WBの自軍Mユニットの数までとする。"
)
#: A's units, both WB and size M: the Tiger prints the text, the Bear is plain
TIGER = printed("T-886", ROAR, name="Tiger", category="WB", bp=5500, sp=1, size="M")
BEAR = card("T-887", name="Bear", category="WB", bp=3000, sp=1, size="M")


def _b(code: str, name: str, bp: int, *features: str) -> dict[str, Any]:
    return {**card(code, name=name, bp=bp, sp=0, size="S"), "features": list(features)}


#: B's units
SMALL = _b("T-888", "Small", 1000)
MID = _b("T-889", "Mid", 3000)
BIG = _b("T-890", "Big", 4500)
ROBOT = _b("T-891", "Robot", 1000, "メカ")
CARDS = [TIGER, BEAR, SMALL, MID, BIG, ROBOT]


def _rushed(bear: bool = True) -> LogBuilder:
    """A rushes the Bear (turn 1, if ``bear``); B rushes Small (turn 2), Mid and Big (turn 4),
    Robot (turn 6); in turn 7 A rushes the Tiger: its effect waits for A's choice."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-887").proceed("A")
    if bear:
        b.rush("A", "T-887")
    b.proceed("A", 2)
    rushes = {2: ["T-888"], 4: ["T-889", "T-890"], 6: ["T-891"]}
    for turn in (2, 3, 4, 5, 6):
        p = "B" if turn % 2 == 0 else "A"
        b.charge(p, "T-000").proceed(p)
        for code in rushes.get(turn, []):
            b.rush(p, code)
        b.proceed(p, 2)
    return b.charge("A", "T-000").proceed("A").rush("A", "T-886")


def _b_unit(b: LogBuilder, code: str) -> str:
    return next(u["id"] for u in player_state(b.replay(), "B")["rush"] if u["code"] == code)


def _resolve(b: LogBuilder, *codes: str) -> dict[str, Any]:
    b.act("A", "resolve", source="T-886", use=True, targets=[_b_unit(b, c) for c in codes])
    return b.replay()


def test_RS_DESTROY_BP_TOTAL_read_and_shown() -> None:
    (effect,) = read_card(TIGER).effects
    assert effect == {
        "when": "on_rush",
        "optional": True,
        "do": [
            {
                "op": "destroy_bp_total",
                "no_feature": "メカ",
                "bp_total_max": 5000,
                "count_max": {"category": "WB", "size": "M"},
            }
        ],
        "text": ROAR,
    }
    assert render_card(TIGER)["reading"] == [
        "When rushed (optional: you may): choose opposing units without the feature メカ whose "
        "BPs add up to 5000 or less, no more of them than the number of your size M units of "
        "category WB (of your rush and battle areas, counted as it resolves), and destroy them."
    ]


def test_RS_DESTROY_BP_TOTAL_near_misses_are_not_read() -> None:
    for text in (
        ROAR.replace("持たない", "持つ"),
        ROAR.replace("敵軍ユニットを", "自軍ユニットを"),
        ROAR.replace("撃破してもよい", "撃破する"),
        ROAR.replace("5000以下", "5000以上"),
        ROAR.replace("自軍Mユニットの数まで", "敵軍Mユニットの数まで"),
        ROAR.split("ただし")[0],  # no limit to the count
    ):
        assert not read_card({"type": "unit", "text": text}).understood, text


def test_RS_DESTROY_BP_TOTAL_within_the_total_and_the_count_they_are_destroyed() -> None:
    b = _rushed()
    r = _resolve(b, "T-888", "T-889")  # 1000 + 3000, 2 units: the Tiger and the Bear
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-DESTROY-BP-TOTAL" in rules_applied(r, b.last)
    left = [u["code"] for u in player_state(r, "B")["rush"]]
    assert left == ["T-890", "T-891"]


def test_RS_DESTROY_BP_TOTAL_over_the_total_is_illegal() -> None:
    b = _rushed()
    r = _resolve(b, "T-889", "T-890")  # 3000 + 4500
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_DESTROY_BP_TOTAL_more_units_than_counted_is_illegal() -> None:
    b = _rushed(bear=False)  # the Tiger is A's one WB size M unit
    r = _resolve(b, "T-888", "T-889")
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)
    b = _rushed(bear=False)
    r = _resolve(b, "T-889")
    assert verdict(r, b.last) == "legal", r["steps"][b.last]


def test_RS_DESTROY_BP_TOTAL_a_unit_with_the_feature_is_illegal() -> None:
    b = _rushed()
    r = _resolve(b, "T-891")
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_DESTROY_BP_TOTAL_used_it_names_one_and_not_used_nothing() -> None:
    b = _rushed()
    r = _resolve(b)
    assert verdict(r, b.last) == "illegal"
    b = _rushed()
    b.act("A", "resolve", source="T-886", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert len(player_state(r, "B")["rush"]) == 4


def test_RS_DESTROY_BP_TOTAL_tag_the_count_of_the_team_is_not_guessed() -> None:
    """The ally's Bear counts only if 自軍 is the team: two units named are not judged."""
    b = LogBuilder(CARDS, variant="tag").setup(first="A1")
    b.charge("A1", "T-887").proceed("A1", 3)
    b.charge("A2", "T-887").proceed("A2").rush("A2", "T-887").proceed("A2", 2)
    for p, code in (("B1", "T-888"), ("B2", "T-889")):
        b.charge(p, "T-000").proceed(p).rush(p, code).proceed(p, 2)
    b.charge("A1", "T-000").proceed("A1").rush("A1", "T-886")
    small = player_state(b.replay(), "B1")["rush"][0]["id"]
    mid = player_state(b.replay(), "B2")["rush"][0]["id"]
    b.act("A1", "resolve", source="T-886", use=True, targets=[small, mid])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-DESTROY-BP-TOTAL" in rules_applied(r, b.last)
    assert len(player_state(r, "B1")["rush"]) == 1 and len(player_state(r, "B2")["rush"]) == 1
