"""Units chosen by their required power (RS-POWER-AT-MOST), on made-up cards in the
catalogue's sentence shapes.

The sources' words, which the tests follow: "敵軍バトルエリアから、自分の手札の枚数以下の必要パワー
の数字を持つ敵軍Sユニットを1体選び撃破する。" and "敵軍ユニットを1体選んで撃破してもよい。ただし、必
要パワーの数字が敵軍ダメージの点数以下のユニットしか選べない。": only a unit whose card prints a
required power of at most the count (the number *printed*: 必要パワーの数字) may be chosen; the
count is taken when the effect resolves; a 「ユニット」 with no area named is in the rush or
battle area (RS-SELECT-FIELD).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from judge.core.position import read_position
from judge.core.replay import start
from judge.games.rangers_strike import quantities
from judge.games.rangers_strike.catalog import import_rs_catalog
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
    ruling_texts,
    verdict,
)

BY_HAND = "敵軍バトルエリアから、自分の手札の枚数以下の必要パワーの数字を持つ敵軍Sユニットを1体選び撃破する。"
PROVISO = (
    "敵軍ユニットを1体選んで撃破する。ただし、必要パワーの数字が自分の手札の枚数以下のユニットしか"
    "選べない。"
)
TO_DAMAGE = (
    "【遠吠え】自軍ターン中、これがバトルエリアに出たとき、このユニットをホールドしてもよい。そう"
    "したとき、敵軍バトルエリアから相手の手札の枚数以下の必要パワーの数字を持つSユニットを1体選び、"
    "持ち主のパワーゾーンにダメージにして置く。"
)
ON_RUSH = (
    "【転がり弾】これをラッシュしたとき、敵軍ユニットを1体選んで撃破してもよい。ただし、必要パワーの"
    "数字が敵軍ダメージの点数以下のユニットしか選べない。"
)

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "positions"
CULL = printed("T-300", PROVISO, type="operation", name="Cull")


def _unit(code: str, number: int) -> dict[str, Any]:
    """B's unit: rushed for no power, its printed required power ``number`` (as a card printed
    "N-" is: ``power_number``)."""
    return {**card(code, bp=1000, sp=0, size="S"), "power_number": number}


LOW, HIGH = _unit("T-301", 1), _unit("T-302", 9)


def _culled(target: str) -> tuple[LogBuilder, dict[str, Any]]:
    """B rushes Low (printed 1) in turn 2 and High (printed 9) in turn 4; A uses Cull on
    ``target`` in turn 5, with a hand of more than 1 and fewer than 9 cards."""
    b = LogBuilder([CULL, LOW, HIGH]).setup(first="A")
    b.pass_turn("A")
    b.charge("B", "T-000").proceed("B").rush("B", "T-301").proceed("B", 2)
    b.pass_turn("A")
    b.charge("B", "T-000").proceed("B").rush("B", "T-302").proceed("B", 2)
    b.charge("A", "T-000").proceed("A").use("A", "T-300")
    b.act("A", "resolve", source="T-300", targets=[target])
    return b, b.replay()


def test_RS_POWER_AT_MOST_read_from_the_printed_sentences() -> None:
    (effect,) = read_card({"type": "operation", "text": BY_HAND}).effects
    assert effect["do"] == [
        {
            "op": "destroy",
            "target": {
                "side": "opponent",
                "zone": "battle",
                "count": 1,
                "type": "unit",
                "size": "S",
                "power_max": "own_hand",
            },
        }
    ]
    (effect,) = read_card({"type": "operation", "text": PROVISO}).effects
    assert effect["do"][0]["target"] == {
        "side": "opponent",
        "zone": "field",
        "count": 1,
        "type": "unit",
        "power_max": "own_hand",
    }
    r = read_card({"type": "unit", "text": TO_DAMAGE})
    assert r.understood
    assert r.effects[0]["do"][1]["target"]["power_max"] == "opponent_hand"
    r = read_card({"type": "unit", "text": ON_RUSH})
    assert r.understood and r.effects[0]["when"] == "on_rush" and r.effects[0]["optional"]
    assert r.effects[0]["do"][0]["target"]["power_max"] == "opponent_damage"
    # another count is not read
    other = PROVISO.replace("自分の手札の枚数", "自軍パワーの枚数")
    assert not read_card({"type": "operation", "text": other}).understood


def test_RS_POWER_AT_MOST_shown_in_words() -> None:
    assert render_card(CULL)["reading"] == [
        "When used: destroy 1 unit (not a vehicle) whose required power is at most the number "
        "of cards in your hand in the opponent's rush or battle area."
    ]


def test_RS_POWER_AT_MOST_a_unit_printed_no_more_than_the_count_may_be_chosen() -> None:
    b, r = _culled("T-301")
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-POWER-AT-MOST" in rules_applied(r, b.last)
    hand = len(player_state(r, "A")["hand"])
    assert any(f"A's hand: {hand} cards" in t for t in ruling_texts(r, b.last))
    assert 1 < hand < 9
    assert len(area_ids(r, "B", "rush")) == 1  # High stays


def test_RS_POWER_AT_MOST_a_unit_printed_more_than_the_count_does_not_fit() -> None:
    b, r = _culled("T-302")
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)
    said = " ".join(v["message"] for v in r["steps"][b.last]["violations"])
    assert "with required power" in said and "or less" in said


def test_RS_POWER_AT_MOST_the_importer_keeps_the_number_printed_of_an_N_minus_card() -> None:
    record = {
        "id": "RS-900",
        "name": "Minus",
        "type": "unit",
        "category": "WB",
        "powerCost": "3-",
        "bp": 1000,
        "size": "S",
        "text": "",
    }
    (card_def,) = import_rs_catalog([record], name="t").document["cards"]
    assert card_def["power"] == 0 and card_def["power_number"] == 3
    record["powerCost"] = 3
    (card_def,) = import_rs_catalog([record], name="t").document["cards"]
    assert card_def["power"] == 3 and "power_number" not in card_def


def test_RS_POWER_AT_MOST_tag_damage_readings_that_disagree_give_no_count() -> None:
    """Tag battle (examples/positions/rs-tag-strike.json: A1 has 1 damage, A2 5, team B
    none): 自軍 / 敵軍 damage read as one player's and as the team's disagree for A1's own and
    for B2's opposing side, so neither is counted; where they agree, they are."""
    doc = json.loads((EXAMPLES / "rs-tag-strike.json").read_text())
    eng = start(read_position(doc))
    assert quantities.count(eng, "B2", "opponent_damage")[0] is None
    assert "disagree" in quantities.count(eng, "B2", "opponent_damage")[1]
    assert quantities.count(eng, "A1", "own_damage")[0] is None
    assert quantities.count(eng, "A1", "opponent_damage")[0] == 0
    assert quantities.count(eng, "B2", "own_damage")[0] == 0
    # the power limit of an effect whose count is not known limits nothing
    sel = {"side": "opponent", "zone": "field", "type": "unit", "power_max": "opponent_damage"}
    assert quantities.power_limit(eng, "B2", sel)[0] is None


#: "特徴「X」を持つ自軍ユニットの数を数え、その数以下の必要パワーの数字を持つ敵軍Sユニットを1体選び撃破して
#: もよい。": the count is one's own units with the feature, taken as the effect resolves
COUNTED = (
    "【白銀の疾風】これをラッシュしたとき、特徴「獣」を持つ自軍ユニットの数を数え、その数以下の必要パワ"
    "ーの数字を持つ敵軍Sユニットを1体選び撃破してもよい。"
)
HOWLER = printed("T-304", COUNTED, name="Howler", bp=1000, sp=0, size="S")
BEAST = {**card("T-305", name="Beast", bp=1000, sp=0, size="S"), "features": ["獣"]}
MID = _unit("T-303", 2)


def _howled(beasts: int, target: str) -> LogBuilder:
    """A rushes ``beasts`` Beasts (one a turn), B rushes Low (printed 1) and Mid (printed 2);
    then A rushes Howler (no feature) and its when-rushed effect destroys ``target``."""
    b = LogBuilder([HOWLER, BEAST, LOW, MID]).setup(first="A")
    for code in ("T-301", "T-303"):
        b.charge("A", "T-000").proceed("A")
        if beasts > 0:
            b.rush("A", "T-305")
            beasts -= 1
        b.proceed("A", 2)
        b.charge("B", "T-000").proceed("B").rush("B", code).proceed("B", 2)
    b.charge("A", "T-000").proceed("A").rush("A", "T-304")
    return b.act("A", "resolve", source="T-304", use=True, targets=[target])


def test_RS_POWER_AT_MOST_counted_units_with_a_feature_read_and_shown() -> None:
    (effect,) = read_card({"type": "unit", "text": COUNTED}).effects
    assert effect["optional"] is True
    assert effect["do"][0]["target"]["power_max"] == {"own_units": {"feature": "獣"}}
    assert render_card(HOWLER)["reading"] == [
        "When rushed (optional: you may): destroy 1 size S unit (not a vehicle) whose required "
        "power is at most the number of your units with the feature 獣 in the "
        "opponent's rush or battle area."
    ]
    assert quantities.is_quantity({"own_units": {"feature": "獣"}})
    assert not quantities.is_quantity({"own_units": {"name": "獣"}})


def test_RS_POWER_AT_MOST_one_unit_with_the_feature_lets_only_a_unit_printed_1_be_chosen() -> None:
    b = _howled(1, "T-303")
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)
    ok = _howled(1, "T-301")
    r = ok.replay()
    assert verdict(r, ok.last) == "legal", r["steps"][ok.last]
    assert any("with the feature 獣: 1" in t for t in ruling_texts(r, ok.last))
    assert [u["code"] for u in player_state(r, "B")["rush"]] == ["T-303"]


def test_RS_POWER_AT_MOST_two_units_with_the_feature_let_a_unit_printed_2_be_chosen() -> None:
    b = _howled(2, "T-303")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert [u["code"] for u in player_state(r, "B")["rush"]] == ["T-301"]
