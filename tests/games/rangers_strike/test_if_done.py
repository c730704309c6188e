"""An effect whose first part may be done, and only then the rest (RS-IF-DONE), units chosen
where the text names no area (RS-SELECT-FIELD), and a choice the opponent makes among its own
units (RS-OPPONENT-CHOOSES), on made-up cards in the catalogue's sentence shapes.

The sources' words, which the tests follow: "これ以外の自軍Sユニットを1体選び撃破してもよい。
そうしたとき、相手は自分自身のユニットを1体選び撃破する。" (the player *may* destroy one size S unit of
its own other than this one; only when it did does the opponent choose one of its own units,
which is destroyed); the same with "…選びホールドしてもよい。" (only a unit not held can be held:
atwiki 157 ホールド, "横向きになること"); the official Q&A as the fan wiki sums it up: "「ユニット」
rush/battle 上のユニットとして扱われるカード" (no area named: both areas); seed 002: the target
player is the opposing player in the same role (tag battle's 相手, rule option tag_opponent).
"""

from __future__ import annotations

from typing import Any

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    area_ids,
    card,
    printed,
    rules_applied,
    rules_broken,
    verdict,
)

FIGHT = (
    "【燃える闘志】これ以外の自軍Sユニットを1体選び撃破してもよい。そうしたとき、相手は自分自身の"
    "ユニットを1体選び撃破する。"
)
BLAST = (
    "【灰色の砲撃】これ以外の自軍Sユニットを1体選びホールドしてもよい。そうしたとき、相手は自分"
    "自身のユニットを1体選び撃破する。"
)


#: A's Number Combination 1 units (size S); A's other size S unit and a size M one; B's units
GUY = printed("T-080", FIGHT, name="Angry Guy", bp=2000, sp=0, combination={"number": 1}, size="S")
QUESTER = printed(
    "T-085", BLAST, name="Quester", bp=2000, sp=0, combination={"number": 1}, size="S"
)
ALLY, MACHINE = card("T-081", bp=1000, sp=0, size="S"), card("T-086", bp=1000, sp=0, size="M")
SMALL, MEDIUM = card("T-082", bp=1000, sp=0, size="S"), card("T-083", bp=1000, sp=0, size="M")
CARDS = [GUY, ALLY, SMALL, MEDIUM, QUESTER, MACHINE]


def _to_the_combination(
    unit: str = "T-080", ally: str | None = "T-081", b_units: tuple[str, ...] = ("T-082",)
) -> LogBuilder:
    """A rushes ``ally`` in turn 1 (it stays in A's rush area); B rushes ``b_units`` into its
    rush area, one a turn (turns 2, 4, …); then A rushes ``unit`` and enters it first: its
    Number Combination 1 triggers and waits for A's choice."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A")
    if ally:
        b.rush("A", ally)
    b.proceed("A", 2)
    for i, code in enumerate(b_units):
        b.charge("B", "T-000").proceed("B").rush("B", code).proceed("B", 2)
        if i < len(b_units) - 1:
            b.charge("A", "T-000").proceed("A", 3)
    b.charge("A", "T-000").proceed("A").rush("A", unit).proceed("A").enter("A", unit)
    return b


def test_RS_IF_DONE_read_from_both_printed_shapes() -> None:
    r = read_card({"type": "unit", "combination": {"number": 1}, "text": FIGHT})
    assert r.understood
    (effect,) = r.combination
    assert effect["optional"] is True
    first, then = effect["do"]
    assert first == {
        "op": "destroy",
        "target": {
            "side": "own",
            "zone": "field",
            "count": 1,
            "type": "unit",
            "size": "S",
            "other": True,
        },
        "if_done": True,
    }
    assert then["target"]["chooser"] == "opponent" and then["target"]["zone"] == "field"
    held = read_card({"type": "unit", "combination": {"number": 1}, "text": BLAST}).combination
    assert held[0]["do"][0]["op"] == "hold" and held[0]["do"][0]["target"]["released"] is True
    assert render_card(GUY)["reading"][-1] == (
        "Number Combination 1 (optional: you may): destroy 1 size S unit (not a vehicle) other "
        "than this one in your rush or battle area, and if you do: destroy 1 unit (not a "
        "vehicle) in the opponent's rush or battle area (the opponent chooses which)."
    )
    # "そうしたとき" with no optional part before it, or after two: not read
    for text in (
        "【X】自軍Sユニットを1体選び撃破する。そうしたとき、1枚ドローする。",
        "【X】1枚ドローする。これ以外の自軍Sユニットを1体選び撃破してもよい。そうしたとき、1枚ドローする。",
    ):
        assert not read_card(
            {"type": "unit", "combination": {"number": 1}, "text": text}
        ).understood


def test_RS_IF_DONE_destroyed_then_the_opponent_chooses_and_its_unit_is_destroyed() -> None:
    b = _to_the_combination()
    b.act("A", "resolve", source="T-080", use=True, targets=["T-081", "T-082"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-OPPONENT-CHOOSES" in rules_applied(r, b.last)
    assert area_ids(r, "A", "rush") == [] and area_ids(r, "B", "rush") == []
    assert len(area_ids(r, "A", "battle")) == 1  # the unit itself stays


def test_RS_IF_DONE_not_used_nothing_happens() -> None:
    b = _to_the_combination()
    b.act("A", "resolve", source="T-080", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert len(area_ids(r, "A", "rush")) == 1 and len(area_ids(r, "B", "rush")) == 1


def test_RS_IF_DONE_with_no_unit_of_its_own_to_destroy_nothing_follows() -> None:
    b = _to_the_combination(ally=None)
    b.act("A", "resolve", source="T-080", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-IF-DONE" in rules_applied(r, b.last)
    assert len(area_ids(r, "B", "rush")) == 1  # the opponent's unit stays


def test_RS_IF_DONE_only_a_released_unit_is_held_and_then_the_opponent_chooses() -> None:
    b = _to_the_combination(unit="T-085")
    b.act("A", "resolve", source="T-085", use=True, targets=["T-081", "T-082"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    (ally,) = [u for u in r["steps"][b.last]["state"]["players"]["A"]["rush"]]
    assert ally.get("held") is True
    assert area_ids(r, "B", "rush") == []
    # the size M unit does not fit "Sユニット"
    b = _to_the_combination(unit="T-085", ally="T-086")
    b.act("A", "resolve", source="T-085", use=True, targets=["T-086", "T-082"])
    r = b.replay()
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_SELECT_FIELD_this_unit_itself_does_not_fit_other_than_this() -> None:
    b = _to_the_combination()
    b.act("A", "resolve", source="T-080", use=True, targets=["T-080", "T-082"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)
    why = r["steps"][b.last]["violations"][0]["message"]
    assert why.startswith("T-080 does not fit") and why.endswith("other than this one.")


def test_RS_SELECT_FIELD_a_unit_in_the_rush_area_fits_as_one_in_the_battle_area() -> None:
    b = _to_the_combination()  # A's T-081 and B's T-082 are both in rush areas
    b.act("A", "resolve", source="T-080", use=True, targets=["T-081", "T-082"])
    assert verdict(b.replay(), b.last) == "legal"


def test_RS_OPPONENT_CHOOSES_not_recorded_with_one_unit_to_choose_it_is_that_one() -> None:
    b = _to_the_combination()
    b.act("A", "resolve", source="T-080", use=True, targets=["T-081"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert area_ids(r, "B", "rush") == []


def test_RS_OPPONENT_CHOOSES_not_recorded_with_two_to_choose_from_is_unverifiable() -> None:
    b = _to_the_combination(b_units=("T-082", "T-083"))
    b.act("A", "resolve", source="T-080", use=True, targets=["T-081"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "RS-OPPONENT-CHOOSES" in rules_applied(r, b.last)
    assert len(area_ids(r, "B", "rush")) == 2  # not guessed
    assert area_ids(r, "A", "rush") == []  # A's own part was done
    after = b.log()
    b.proceed("A")
    assert verdict(b.replay(), b.last) == "uncertain"  # until an outcome records it
    b = LogBuilder(CARDS)
    b.doc = after
    b.act("A", "outcome", source="T-080", ops=[{"op": "move", "card": "T-083", "from": "rush",
                                                 "to": "discard"}])  # fmt: skip
    b.proceed("A")
    r = b.replay()
    assert verdict(r, b.last - 1) == "recorded" and verdict(r, b.last) == "legal"
    assert len(area_ids(r, "B", "rush")) == 1


def test_RS_OPPONENT_CHOOSES_a_unit_of_the_controllers_does_not_fit() -> None:
    b = _to_the_combination(ally="T-081")
    b.act("A", "resolve", source="T-080", use=True, targets=["T-081", "T-080"])
    r = b.replay()
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def _tag_combination(options: dict[str, Any] | None = None) -> LogBuilder:
    """Tag battle: B1 (the leader of team B) rushes T-082 and B2 T-083; then A1, the leader of
    team A, rushes Angry Guy and T-081 and enters Angry Guy first."""
    b = LogBuilder(CARDS, variant="tag", options=options).setup(first="A1")
    for p in ("A1", "A2"):
        b.charge(p, "T-000").proceed(p, 3)
    for p, code in (("B1", "T-082"), ("B2", "T-083")):
        b.charge(p, "T-000").proceed(p).rush(p, code).proceed(p, 2)
    b.charge("A1", "T-000").proceed("A1").rush("A1", "T-081").rush("A1", "T-080")
    return b.proceed("A1").enter("A1", "T-080")


def test_RS_OPPONENT_CHOOSES_tag_by_default_the_target_player_chooses() -> None:
    b = _tag_combination()
    b.act("A1", "resolve", source="T-080", use=True, targets=["T-081"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"  # B1's one unit: the target player's
    assert area_ids(r, "B1", "rush") == [] and len(area_ids(r, "B2", "rush")) == 1
    b = _tag_combination()
    b.act("A1", "resolve", source="T-080", use=True, targets=["T-081", "T-083"])
    assert "RS-EFFECT-TARGETS" in rules_broken(b.replay(), b.last)  # B2 is not A1's target


def test_RS_OPPONENT_CHOOSES_tag_either_the_opposing_team_chooses() -> None:
    b = _tag_combination({"tag_opponent": "either"})
    b.act("A1", "resolve", source="T-080", use=True, targets=["T-081", "T-083"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert area_ids(r, "B2", "rush") == [] and len(area_ids(r, "B1", "rush")) == 1
    b = _tag_combination({"tag_opponent": "either"})
    b.act("A1", "resolve", source="T-080", use=True, targets=["T-081"])
    assert verdict(b.replay(), b.last) == "unverifiable"  # one unit each: not recorded
