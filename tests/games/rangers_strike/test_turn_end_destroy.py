"""A unit's own BP for each point of its player's damage (RS-BP-PER-DAMAGE) and its destruction
as its player ends its turn with BP N or more (RS-TURN-END-DESTROY), on made-up cards in the
catalogue's sentence shape.

The sources' words, which the tests follow: "これは自軍ダメージ1点につきBP+1000され、自分がターンを終え
るときBP8000以上なら撃破される。" — BP +1000 for *each point* of its player's damage (a point is a
face-down power card: "パワーゾーンにあるウラ向きのカード1枚につき1点"), and *as its player* ends *its*
turn, destroyed *if* its BP is 8000 or more, whatever gives it that BP ("他のユニットやオペレーショ
ンの効果でBP8000以上になった場合も…撃破されますか？" "はい"); such texts are carried out in the end
phase ("「ターンを終えるとき」…このフェイズ中に処理する"). Whether effects until the end of the turn
still count then, and in tag battle whether 自軍 is the player's or its team's, the sources do not
say: where it matters the step is not guessed.
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

CHANGE = "【変化】これは自軍ダメージ1点につきBP+1000され、自分がターンを終えるときBP8000以上なら撃破される。"
#: A's unit: BP 3000 printed, so 8000 at 5 damage
MASK = printed("T-971", CHANGE, name="Mask", bp=3000, sp=0, size="S")


def _burn(code: str, n: int) -> dict[str, Any]:
    return card(
        code,
        "operation",
        name=f"Burn {n}",
        effects=[{"when": "on_use", "do": [{"op": "damage", "n": n}]}],
    )


BURN5, BURN4, BURN2, BURN3 = (
    _burn("T-972", 5),
    _burn("T-973", 4),
    _burn("T-976", 2),
    _burn("T-977", 3),
)
#: A's operation: one of its rush-area units gets BP +1000 until the end of the turn
PUMP = card(
    "T-974",
    "operation",
    name="Pump",
    effects=[
        {
            "when": "on_use",
            "do": [
                {
                    "op": "bp",
                    "amount": 1000,
                    "target": {"side": "own", "zone": "rush", "count": 1},
                    "until": "turn",
                }
            ],
        }
    ],
)
#: B's operation: destroy an opposing battle-area unit with BP 6000 or less
CULL = printed(
    "T-975", "敵軍バトルエリアからBP6000以下のユニットを1体選び撃破する。", "operation", name="Cull"
)
CARDS = [MASK, BURN5, BURN4, PUMP, CULL, BURN2, BURN3]


def _codes(r: dict[str, Any], pid: str, area: str) -> list[str]:
    return [u["code"] for u in player_state(r, pid)[area]]


def _burnt(burn: str) -> LogBuilder:
    """A rushes Mask in turn 1; B's ``burn`` deals A damage in turn 2 (from A's deck: A has no
    face-up power card); A's turn 3 is in its charge phase."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-971").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").use("B", burn).proceed("B", 2)
    return b


def test_RS_TURN_END_DESTROY_read_from_the_printed_named_effect_and_shown() -> None:
    r = read_card({"type": "unit", "text": CHANGE})
    assert r.understood
    (effect,) = r.effects
    assert effect["do"] == [{"op": "bp", "amount": 1000, "per": {"count": "own_damage"}}]
    assert r.restrictions == ({"rule": "turn_end_destroy", "bp_min": 8000},)
    assert render_card(MASK)["reading"] == [
        "As you end your turn (your end phase), it is destroyed if its BP is 8000 or more.",
        "Always: this unit gets BP +1000 for each point of your damage.",
    ]
    # near misses: another count, another moment, a unit with a combination number
    assert not read_card(
        {"type": "unit", "text": CHANGE.replace("自軍ダメージ", "敵軍ダメージ")}
    ).understood
    assert not read_card(
        {
            "type": "unit",
            "text": CHANGE.replace("自分がターンを終えるとき", "相手がターンを終えるとき"),
        }
    ).understood
    assert not read_card({"type": "unit", "combination": {"number": 2}, "text": CHANGE}).understood


def test_RS_BP_PER_DAMAGE_each_point_of_damage_counts() -> None:
    b = _burnt("T-973")
    r = b.replay()
    assert player_state(r, "A")["damage"] == 4
    (mask,) = player_state(r, "A")["rush"]
    assert mask["bp"] == 7000


def test_RS_TURN_END_DESTROY_with_BP_8000_it_is_destroyed_as_its_player_ends_the_turn() -> None:
    b = _burnt("T-972")  # 5 damage: BP 8000
    r = b.replay()
    # B's end phase is not A's: Mask stays
    assert _codes(r, "A", "rush") == ["T-971"]
    b.proceed("A", 3)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-TURN-END-DESTROY" in rules_applied(r, b.last)
    assert _codes(r, "A", "rush") == []
    assert player_state(r, "A")["discard"] == ["A-1"]


def test_RS_TURN_END_DESTROY_with_BP_7000_it_stays() -> None:
    b = _burnt("T-973").proceed("A", 3)  # 4 damage: BP 7000
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-TURN-END-DESTROY" in rules_applied(r, b.last)
    assert _codes(r, "A", "rush") == ["T-971"]


def test_RS_TURN_END_DESTROY_an_effect_until_the_end_of_the_turn_that_decides_is_not_guessed() -> (
    None
):
    """BP 7000 and +1000 this turn: 8000 while the effect counts, 7000 once it ends; both come
    at the end phase, in an order the sources do not give."""
    b = _burnt("T-973")
    b.charge("A", "T-000").proceed("A").use("A", "T-974", targets=["A-1"]).proceed("A", 2)
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-TURN-END-DESTROY" in rules_applied(r, b.last)
    assert _codes(r, "A", "rush") == ["T-971"]  # not destroyed: not guessed


def _tag_burnt() -> LogBuilder:
    """Tag battle: B1's Burn 2 goes to A1, B2's Burn 3 to A2; A1 rushes Mask and enters it:
    A1's damage 2 (Mask BP 5000), team A's 5 (BP 8000)."""
    decks = {p: ["T-971", "T-976", "T-977", "T-975"] * 3 for p in ("A1", "A2", "B1", "B2")}
    b = LogBuilder(CARDS, variant="tag", decks=decks).setup(first="B1")
    b.charge("B1", "T-000").proceed("B1").use("B1", "T-976").assign("A1", "A1").proceed("B1", 2)
    b.charge("B2", "T-000").proceed("B2").use("B2", "T-977").assign("A2", "A2").proceed("B2", 2)
    b.charge("A1", "T-000").proceed("A1").rush("A1", "T-971").proceed("A1").enter("A1", "T-971")
    return b.proceed("A1")


def test_RS_BP_PER_DAMAGE_tag_readings_that_disagree_are_not_guessed() -> None:
    b = _tag_burnt()
    r = b.replay()
    assert [s["verdict"] for s in r["steps"][:-1]].count("illegal") == 0
    assert player_state(r, "A1")["damage"] == 2 and player_state(r, "A2")["damage"] == 3
    # A1's end phase: BP 5000 (A1's damage) or 8000 (team A's)
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-TURN-END-DESTROY" in rules_applied(r, b.last)
    assert _codes(r, "A1", "battle") == ["T-971"]


def test_RS_BP_PER_DAMAGE_tag_a_BP_N_or_less_choice_it_may_fit_is_unverifiable() -> None:
    """B1's Cull chooses a unit with BP 6000 or less: Mask (5000 or 8000) may fit or not."""
    b = _tag_burnt().pass_turn("A2")
    b.charge("B1", "T-000").proceed("B1").use("B1", "T-975", targets=["A1-1"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-BP-PER-DAMAGE" in rules_applied(r, b.last)
    assert _codes(r, "A1", "battle") == []  # the unit the log names is taken
    none = _tag_burnt().pass_turn("A2")
    none.charge("B1", "T-000").proceed("B1").use("B1", "T-975", targets=[])
    r = none.replay()
    assert verdict(r, none.last) == "unverifiable", r["steps"][none.last]
    assert "RS-BP-PER-DAMAGE" in rules_applied(r, none.last)  # it may have had to be chosen
    assert _codes(r, "A1", "battle") == ["T-971"]
