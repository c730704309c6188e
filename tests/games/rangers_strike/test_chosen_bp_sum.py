"""Two units of one's own chosen, and an opposing unit by the sum of their printed BP
(RS-CHOSEN-BP-SUM), on made-up cards in the catalogue's sentence shape.

The source's words, which the tests follow: "特徴「X」を持つ自軍ユニットを1体と、特徴「Y」を持つ自軍ユニットを1
体選び、選んだ2体の本来のBPを合計する。そして、合計したBP以下の敵軍ユニットを1体選び、持ち主のパワーゾーンに送
る。" — *one* unit of one's own with X *and one* with Y, *the two chosen*; their *original* (printed)
BP *added up*; *then* an opposing unit with BP *no more than the sum*, *sent* (face up, not
destroyed) to its owner's power zone.  When the two cannot be chosen the sources are silent: not
guessed.
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
    "特徴「剣士」を持つ自軍ユニットを1体と、特徴「射手」を持つ自軍ユニットを1体選び、選んだ2体の本来のBPを合計"
    "する。そして、合計したBP以下の敵軍ユニットを1体選び、持ち主のパワーゾーンに送る。"
)
#: A's operation
VOLLEY = printed("T-780", TEXT, "operation", name="Volley")
#: A's units: BP 2000 with 剣士, BP 1000 with 射手, BP 3000 with both
SWORD = {**card("T-781", name="Sword", bp=2000, sp=0, size="S"), "features": ["剣士"]}
ARCHER = {**card("T-782", name="Archer", bp=1000, sp=0, size="S"), "features": ["射手"]}
BOTH = {**card("T-783", name="Both", bp=3000, sp=0, size="S"), "features": ["剣士", "射手"]}
#: B's units: BP 3000 and 4000
BIG = card("T-784", name="Big", bp=3000, sp=0, size="S")
HUGE = card("T-785", name="Huge", bp=4000, sp=0, size="S")
CARDS = [VOLLEY, SWORD, ARCHER, BOTH, BIG, HUGE]


def _ready(a_units: tuple[str, ...], b_units: tuple[str, ...]) -> LogBuilder:
    """A and B each rush one of their units a turn (A first), left in the rush area; then A
    charges and is in its rush phase, about to use the Volley."""
    b = LogBuilder(CARDS).setup(first="A")
    for k in range(max(len(a_units), len(b_units))):
        b.charge("A", "T-000").proceed("A")
        if k < len(a_units):
            b.rush("A", a_units[k])
        b.proceed("A", 2)
        b.charge("B", "T-000").proceed("B")
        if k < len(b_units):
            b.rush("B", b_units[k])
        b.proceed("B", 2)
    return b.charge("A", "T-000").proceed("A")


def _ids(b: LogBuilder, pid: str) -> dict[str, str]:
    return {u["code"]: u["id"] for u in player_state(b.replay(), pid)["rush"]}


def _used(a_units: tuple[str, ...], b_units: tuple[str, ...], picks: list[str]) -> LogBuilder:
    """:func:`_ready`, then A uses the Volley naming ``picks`` (codes, A's then B's)."""
    b = _ready(a_units, b_units)
    ids = {**_ids(b, "B"), **_ids(b, "A")}
    return b.use("A", "T-780", targets=[ids[c] for c in picks])


def test_RS_CHOSEN_BP_SUM_read_and_shown() -> None:
    r = read_card(VOLLEY)
    assert r.understood
    own: dict[str, Any] = {"side": "own", "zone": "field", "count": 1, "type": "unit"}
    assert r.effects[0]["do"] == [
        {"op": "choose", "target": {**own, "feature": "剣士"}},
        {"op": "choose", "target": {**own, "feature": "射手"}},
        {
            "op": "to_power_zone",
            "target": {
                "side": "opponent",
                "zone": "field",
                "count": 1,
                "type": "unit",
                "bp_max_chosen_sum": True,
            },
        },
    ]
    assert render_card(VOLLEY)["reading"] == [
        "When used: choose 1 unit (not a vehicle) of yours with the feature 剣士 and 1 other unit "
        "of yours with the feature 射手 (rush or battle area), and add up the two units' printed "
        "BPs; then put 1 unit (not a vehicle) in the opponent's rush or battle area with BP no "
        "more than that sum face up into its owner's power zone (not destroyed)."
    ]
    for near in (
        TEXT.replace("本来のBP", "BP"),  # its BP now, not its printed one
        TEXT.replace("合計したBP以下", "合計したBP以上"),  # more, not less
        TEXT.replace("敵軍ユニットを1体選び", "自軍ユニットを1体選び"),  # one's own
        TEXT.replace("持ち主のパワーゾーンに送る", "撃破する"),  # destroyed
        TEXT.replace("そして、", ""),
        TEXT.replace("1体と、", "2体と、"),
    ):
        assert not read_card({"type": "operation", "text": near}).understood, near
    assert not read_card({"type": "unit", "text": TEXT}).understood  # an operation's only


def test_RS_CHOSEN_BP_SUM_a_unit_within_the_sum_goes_to_the_power_zone() -> None:
    b = _used(("T-781", "T-782"), ("T-784", "T-785"), ["T-781", "T-782", "T-784"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert {"RS-CHOSEN-BP-SUM", "RS-TO-POWER-ZONE"} <= set(rules_applied(r, b.last))
    said = [x["message"] for x in r["steps"][b.last]["rulings"] if x["rule"] == "RS-CHOSEN-BP-SUM"]
    assert said and "add up to 3000" in said[0]
    b_state = player_state(r, "B")
    assert [u["code"] for u in b_state["rush"]] == ["T-785"]
    assert len(b_state["power"]["face_up"]) == 1 and b_state["damage"] == 0
    # the two units chosen stay where they are
    assert sorted(u["code"] for u in player_state(r, "A")["rush"]) == ["T-781", "T-782"]


def test_RS_CHOSEN_BP_SUM_a_unit_above_the_sum_cannot_be_chosen() -> None:
    b = _used(("T-781", "T-782"), ("T-784", "T-785"), ["T-781", "T-782", "T-785"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_CHOSEN_BP_SUM_the_features_in_their_order() -> None:
    b = _used(("T-781", "T-782"), ("T-784",), ["T-782", "T-781", "T-784"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_CHOSEN_BP_SUM_two_units_not_one_twice() -> None:
    b = _used(("T-783", "T-782"), ("T-784",), ["T-783", "T-783", "T-784"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)
    right = _used(("T-783", "T-782"), ("T-785",), ["T-783", "T-782", "T-785"])  # 3000 + 1000
    r = right.replay()
    assert verdict(r, right.last) == "legal", r["steps"][right.last]
    assert player_state(r, "B")["rush"] == []


def test_RS_CHOSEN_BP_SUM_two_that_cannot_be_chosen_are_not_guessed() -> None:
    for a_units, picks in ((("T-781",), ["T-781", "T-784"]), (("T-783",), ["T-783", "T-784"])):
        b = _used(a_units, ("T-784",), picks)
        r = b.replay()
        assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
        assert rules_broken(r, b.last) == []
        assert "RS-CHOSEN-BP-SUM" in rules_applied(r, b.last)
        assert [u["code"] for u in player_state(r, "B")["rush"]] == ["T-784"]  # not sent


def test_RS_CHOSEN_BP_SUM_no_opposing_unit_nothing_is_sent() -> None:
    b = _ready(("T-781",), ()).use("A", "T-780", targets=[])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-CHOSEN-BP-SUM" in rules_applied(r, b.last)
