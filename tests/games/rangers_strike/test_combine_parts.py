"""合体: a unit rushed by discarding its combination's parts (RS-COMBINE-PARTS), on made-up
cards in the catalogue's shapes.

The sources' words, which the tests follow (atwiki renst page 1841 合体): the additional
condition reads "自軍合体ユニットを捨札にする" and the text lists the units needed after "合体-";
"表記されたユニットを全て自軍エリアから捨札にすることで追加条件が満たされ" — *every* unit listed,
from one's own area; "ラッシュエリア（またはバトルエリア）にある「ユニット」として扱われているもの" —
units in the rush or battle area; "XまたはY" in a part: either.
"""

from __future__ import annotations

from typing import Any

from judge.games.rangers_strike.catalog import combine_parts, import_rs_catalog
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    area_ids,
    card,
    player_state,
    rules_applied,
    rules_broken,
    verdict,
)

ALPHA = card("T-330", name="Alpha", bp=1000)
GAMMA = card("T-331", name="Gamma", bp=1000)
OTHER = card("T-333", name="Other", bp=1000)
ROBO: dict[str, Any] = {
    **card("T-332", name="Robo", bp=6000),
    "cost": {"discard": {"parts": [["Alpha"], ["Beta", "Gamma"]]}, "count": 2},
}
CARDS = [ALPHA, GAMMA, ROBO, OTHER]


def _record(text: str) -> dict[str, Any]:
    return {
        "id": "RS-901",
        "name": "Robo",
        "type": "unit",
        "category": "WB",
        "powerCost": "6+",
        "bp": 6000,
        "size": "L",
        "rushAdditionalCondition": {"text": "自軍合体ユニットを捨札にする"},
        "text": text,
    }


def _robo_rushed(discard: list[str] | None, second: str = "T-331") -> tuple[LogBuilder, Any]:
    """A rushes Alpha in turn 1 and ``second`` in turn 3, then Robo, discarding ``discard``
    (None: not recorded)."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-330").proceed("A", 2)
    b.pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", second)
    r = b.replay()
    ids = {u["code"]: u["id"] for u in player_state(r, "A")["rush"]}
    fields = {} if discard is None else {"discard": [ids.get(c, c) for c in discard]}
    b.rush("A", "T-332", **fields)
    return b, b.replay()


def test_RS_COMBINE_PARTS_read_from_the_condition_and_the_list_of_parts() -> None:
    text = "合体―Alpha＋BetaまたはGamma 【Blast】これはアタックするときBP＋4000される。"
    assert combine_parts(text) == [["Alpha"], ["Beta", "Gamma"]]
    (defn,) = import_rs_catalog([_record(text)], name="t").document["cards"]
    assert defn["cost"] == {"discard": {"parts": [["Alpha"], ["Beta", "Gamma"]]}, "count": 2}
    assert "unsupported" not in defn
    assert render_card(defn)["status"].startswith("understood")
    # a part of parts ("A(またはa+b)+B") is not read: the condition is not carried out
    text = "合体―Alpha（またはBeta＋Gamma）＋Delta 【Blast】これはアタックするときBP＋4000される。"
    (defn,) = import_rs_catalog([_record(text)], name="t").document["cards"]
    assert "cost" not in defn and defn["unsupported"]


def test_RS_COMBINE_PARTS_one_unit_for_each_part_is_discarded() -> None:
    b, r = _robo_rushed(["T-330", "T-331"])
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-RUSH-DISCARD" in rules_applied(r, b.last)
    assert [u["code"] for u in player_state(r, "A")["rush"]] == ["T-332"]
    assert len(player_state(r, "A")["discard"]) == 2


def test_RS_COMBINE_PARTS_not_recorded_the_units_making_up_the_parts_are_discarded() -> None:
    b, r = _robo_rushed(None)
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert [u["code"] for u in player_state(r, "A")["rush"]] == ["T-332"]


def test_RS_COMBINE_PARTS_units_that_do_not_make_up_every_part_cannot_pay() -> None:
    b, r = _robo_rushed(None, second="T-333")  # Alpha and Other: no Beta or Gamma
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["RS-COMBINE-PARTS"]
    assert "T-332" not in [u["code"] for u in player_state(r, "A")["rush"]]
    b, r = _robo_rushed(["T-330", "T-333"], second="T-333")
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["RS-RUSH-DISCARD"]  # Other is named by no part
    b, r = _robo_rushed(["T-330"])
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["RS-RUSH-DISCARD"]  # two parts, one unit named
    assert area_ids(r, "A", "rush") != []
