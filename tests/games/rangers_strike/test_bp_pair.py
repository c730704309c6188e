"""Two opposing units of one BP, one of the battle area and one of the rush area, put held into
their owners' command zones (RS-BP-PAIR-TO-COMMAND), on made-up cards in the catalogue's sentence
shape.

The sources' words, which the tests follow: "敵軍バトルエリアと敵軍ラッシュエリアから、同じBPを持つSユニットを1体
ずつ選んでもよい。そうしたとき、選んだユニットを持ち主のコマンドゾーンにホールド状態で置く。置けなければ捨札にする。" —
the player *may* choose *one* size S unit *from each* of the opposing battle and rush areas, the two
with *the same BP*; *when it does*, both go *held* into their owners' command zones, and one that
cannot (a command zone holds "５枚まで") goes to the discard pile.
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

ARTS = (
    "【一閃】敵軍バトルエリアと敵軍ラッシュエリアから、同じBPを持つSユニットを1体ずつ選んでもよい。そうしたとき、選ん"
    "だユニットを持ち主のコマンドゾーンにホールド状態で置く。置けなければ捨札にする。"
)
#: A's unit: Number Combination 1, so it triggers as it enters first
ACE = printed("T-740", ARTS, name="Ace", bp=3000, sp=1, size="S", combination={"number": 1})
#: B's units: Bat (S, BP 3000) enters its battle area; Trio (S, 3000), Four (S, 4000) and Big
#: (M, 3000) stay in its rush area
BAT = card("T-741", name="Bat", bp=3000, sp=0, size="S")
TRIO = card("T-742", name="Trio", bp=3000, sp=0, size="S")
FOUR = card("T-743", name="Four", bp=4000, sp=0, size="S")
BIG = card("T-744", name="Big", bp=3000, sp=0, size="M")
CARDS = [ACE, BAT, TRIO, FOUR, BIG]


def _entered(rushed: tuple[str, str] = ("T-742", "T-743"), charges: int = 0) -> LogBuilder:
    """B rushes ``rushed`` (turns 1 and 3, with Bat in turn 3, which enters its battle area),
    after ``charges`` more turns of charging a command each (B's command zone: 2 + ``charges``
    cards); then A's Ace (A-1) enters first and its combination waits.  B's units: Bat B-7, the
    first rushed B-4 (or the first copy of its code), the second B-10."""
    b = LogBuilder(CARDS).setup(first="B")
    b.charge("B", "T-000").proceed("B").rush("B", rushed[0]).proceed("B", 2)
    b.pass_turn("A")
    for _ in range(charges):
        b.charge("B", "T-000").proceed("B", 3)
        b.pass_turn("A")
    b.charge("B", "T-000").proceed("B").rush("B", "T-741").rush("B", rushed[1]).proceed("B")
    bat = next(u["id"] for u in player_state(b.replay(), "B")["rush"] if u["code"] == "T-741")
    b.enter("B", bat).proceed("B")
    return b.charge("A", "T-000").proceed("A").rush("A", "T-740").proceed("A").enter("A", "A-1")


def _names(r: dict[str, Any], area: str) -> list[str]:
    return [u["name"] for u in player_state(r, "B")[area]]


def _unit(b: LogBuilder, name: str) -> str:
    r = b.replay()
    return next(
        u["id"]
        for area in ("battle", "rush")
        for u in player_state(r, "B")[area]
        if u["name"] == name
    )


def test_RS_BP_PAIR_TO_COMMAND_read_from_the_printed_named_effect_and_shown() -> None:
    r = read_card(ACE)
    assert r.understood
    (effect,) = r.combination
    assert effect["optional"] is True
    assert effect["do"] == [{"op": "to_command_pair", "size": "S", "if_full": "discard"}]
    assert render_card(ACE)["reading"] == [
        "Number Combination 1 (optional: you may): choose 1 size S unit (not a vehicle) in the "
        "opponent's battle area and 1 in the opponent's rush area with the same BP, and if you "
        "do: put both held into their owners' command zones (a unit whose owner's command zone "
        "holds 5 cards goes into the discard pile instead, not destroyed)."
    ]


def test_RS_BP_PAIR_TO_COMMAND_near_misses_are_not_read() -> None:
    combo = {"number": 1}
    for text in (
        ARTS.replace("同じBP", "同じ必要パワー"),
        ARTS.replace("1体ずつ", "1体"),
        ARTS.replace("選んでもよい。そうしたとき", "選ぶ。そうしたとき"),
        ARTS.replace("敵軍ラッシュエリアから", "自軍ラッシュエリアから"),
        ARTS.replace("持ち主のコマンドゾーンにホールド状態で置く", "撃破する"),
        ARTS.replace("ホールド状態で", "リリース状態で"),
    ):
        assert not read_card({"type": "unit", "combination": combo, "text": text}).understood, text
    assert not read_card({"type": "unit", "text": ARTS}).understood  # no combination number


def test_RS_BP_PAIR_TO_COMMAND_two_of_one_BP_go_held_into_the_command_zone() -> None:
    b = _entered()
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _names(r, "battle") == ["Bat"] and _names(r, "rush") == ["Trio", "Four"]
    b.act("A", "resolve", source="A-1", use=True, targets=[_unit(b, "Bat"), _unit(b, "Trio")])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert {"RS-BP-PAIR-TO-COMMAND", "RS-TO-COMMAND"} <= set(rules_applied(r, b.last))
    assert _names(r, "battle") == [] and _names(r, "rush") == ["Four"]
    command = player_state(r, "B")["command"]
    assert len(command) == 4 and all(c["held"] for c in command[-2:])


def test_RS_BP_PAIR_TO_COMMAND_two_of_different_BP_or_size_are_illegal() -> None:
    b = _entered()
    b.act("A", "resolve", source="A-1", use=True, targets=[_unit(b, "Bat"), _unit(b, "Four")])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-BP-PAIR-TO-COMMAND" in rules_broken(r, b.last)
    b = _entered(("T-744", "T-743"))  # Big: size M, BP 3000
    b.act("A", "resolve", source="A-1", use=True, targets=[_unit(b, "Bat"), _unit(b, "Big")])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-BP-PAIR-TO-COMMAND" in rules_broken(r, b.last)
    # the rush area's named first: not in that order
    b = _entered()
    b.act("A", "resolve", source="A-1", use=True, targets=[_unit(b, "Trio"), _unit(b, "Bat")])
    assert verdict(b.replay(), b.last) == "illegal"


def test_RS_BP_PAIR_TO_COMMAND_not_used_or_no_pair_nothing_happens() -> None:
    b = _entered()
    b.act("A", "resolve", source="A-1", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _names(r, "battle") == ["Bat"]
    b = _entered(("T-743", "T-744"))  # Four (4000) and Big (size M): no pair
    b.act("A", "resolve", source="A-1", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _names(r, "battle") == ["Bat"] and len(player_state(r, "B")["command"]) == 2


def test_RS_BP_PAIR_TO_COMMAND_one_pair_of_codes_is_taken_unnamed() -> None:
    b = _entered()
    b.act("A", "resolve", source="A-1", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _names(r, "battle") == [] and _names(r, "rush") == ["Four"]


def test_RS_BP_PAIR_TO_COMMAND_a_zone_with_room_for_one_is_not_guessed() -> None:
    """B's command zone holds 4 cards: which of the two goes there, and which to the discard
    pile, the text does not say."""
    b = _entered(charges=2)
    assert len(player_state(b.replay(), "B")["command"]) == 4
    b.act("A", "resolve", source="A-1", use=True, targets=[_unit(b, "Bat"), _unit(b, "Trio")])
    r = b.replay()
    step = r["steps"][b.last]
    assert step["verdict"] == "unverifiable", step
    assert any("room for one card only" in why for why in step["unverifiable"])
    assert _names(r, "battle") == ["Bat"]
