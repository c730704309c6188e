"""Opposing units chosen and held (RS-HOLD-CHOSEN), chosen by a feature (RS-SELECT-FEATURE) or
by their printed required power (RS-POWER-AT-MOST), an effect that may be activated
(RS-MAY-ACTIVATE) and one that applies only with a card named X in one's areas (RS-IF-NAMED), on
made-up cards in the catalogue's sentence shapes.

The sources' words, which the tests follow: "必要パワーの数字が3以下の敵軍ユニットを1体選びホールドして
もよい。" (the player *may* hold one opposing unit whose printed required power is 3 or less;
no area named: the rush and battle areas); "敵軍バトルエリアからBP3000以下の特徴「航空機」を持つ敵軍ユ
ニットを1体選びホールドする。" (one opposing unit of the battle area with BP 3000 or less and the
feature 航空機 *is* held); "自軍エリアに「Beetle」があれば、次の効果を発動できる⇒…" (*if* a card named
Beetle is in one's areas, the effect after the arrow *may* be activated); a hold turns the unit
sideways and a held unit cannot be held again (atwiki renst 157 ホールド, "横向きになること").
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
    rules_broken,
    verdict,
)

THUNDER = "【雷】これをラッシュしたとき、必要パワーの数字が3以下の敵軍ユニットを1体選びホールドしてもよい。"
PULSAR = (
    "【脈動】これをラッシュしたとき、敵軍ラッシュエリアからBP3000以下の特徴「航空機」を持つ敵軍ユニットを"
    "1体選びホールドする。"
)
DRILL = (
    "【穿孔】これをラッシュしたとき、自軍エリアに「Beetle」があれば、次の効果を発動できる⇒敵軍Mユニッ"
    "トを1体選びホールドする。"
)

#: A's units whose when-rushed effects hold; A's Beetle; B's units
ZAPPER = printed("T-900", THUNDER, name="Zapper", bp=1000, sp=0, size="S")
RADAR = printed("T-901", PULSAR, name="Radar", bp=1000, sp=0, size="S")
DRILLER = printed("T-902", DRILL, name="Driller", bp=1000, sp=0, size="S")
BEETLE = card("T-903", name="Beetle", bp=1000, sp=0, size="S")
#: required power printed 3 and 4 (rushed for nothing here: power_number is what is printed)
CHEAP = {**card("T-910", name="Cheap", bp=2000, sp=0, size="M"), "power_number": 3}
DEAR = {**card("T-911", name="Dear", bp=2000, sp=0, size="M"), "power_number": 4}
PLANE = {**card("T-912", name="Plane", bp=3000, sp=0, size="S"), "features": ["航空機"]}
SHIP = {**card("T-913", name="Ship", bp=3000, sp=0, size="S"), "features": ["船"]}
CARDS = [ZAPPER, RADAR, DRILLER, BEETLE, CHEAP, DEAR, PLANE, SHIP]


def _rushed(unit: str, b_units: tuple[str, ...], first: str | None = None) -> LogBuilder:
    """B rushes ``b_units`` (one a turn, B's power is charged for them); A rushes ``first``
    (if any) and then ``unit``, whose when-rushed effect waits for A."""
    b = LogBuilder(CARDS).setup(first="B")
    for code in b_units:
        b.charge("B", "T-000").proceed("B").rush("B", code).proceed("B", 2)
        b.charge("A", "T-000").proceed("A", 3)
    b.charge("B", "T-000").proceed("B", 3)
    b.charge("A", "T-000").proceed("A")
    if first:
        b.rush("A", first)
    return b.rush("A", unit)


def _held(r: dict, pid: str = "B") -> dict[str, bool]:
    return {u["code"]: bool(u.get("held")) for u in player_state(r, pid)["rush"]}


def test_RS_HOLD_CHOSEN_read_from_the_printed_sentences_and_shown() -> None:
    (effect,) = read_card({"type": "unit", "text": THUNDER}).effects
    assert effect == {
        "when": "on_rush",
        "optional": True,
        "do": [
            {
                "op": "hold",
                "target": {
                    "side": "opponent",
                    "zone": "field",
                    "count": 1,
                    "type": "unit",
                    "power_max": 3,
                    "released": True,
                },
            }
        ],
        "text": THUNDER,
    }
    assert render_card(ZAPPER)["reading"] == [
        "When rushed (optional: you may): hold 1 unit (not a vehicle) that is not held whose "
        "required power is at most 3 in the opponent's rush or battle area."
    ]
    # whose units is not said (neither 敵軍 nor an opposing area): not read
    assert not read_card(
        {"type": "unit", "text": "【X】これをラッシュしたとき、ユニットを1体選びホールドする。"}
    ).understood


def test_RS_HOLD_CHOSEN_the_unit_chosen_is_held() -> None:
    b = _rushed("T-900", ("T-910",))
    b.act("A", "resolve", source="T-900", use=True, targets=["T-910"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-HOLD-CHOSEN" in rules_applied(r, b.last)
    assert _held(r) == {"T-910": True}
    assert any("A holds B's B-13 (Cheap)" in e["text"] for e in r["steps"][b.last]["events"])


def test_RS_HOLD_CHOSEN_not_used_nothing_is_held() -> None:
    b = _rushed("T-900", ("T-910",))
    b.act("A", "resolve", source="T-900", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert _held(r) == {"T-910": False}


def test_RS_POWER_AT_MOST_a_unit_printing_more_cannot_be_chosen_to_be_held() -> None:
    b = _rushed("T-900", ("T-911",))
    b.act("A", "resolve", source="T-900", use=True, targets=["T-911"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_HOLD_CHOSEN_a_held_unit_cannot_be_chosen_again() -> None:
    b = _rushed("T-900", ("T-910",))
    b.act("A", "resolve", source="T-900", use=True, targets=["T-910"])
    b.proceed("A", 2).charge("B", "T-000").proceed("B", 3)  # B's held unit stays held
    b.charge("A", "T-000").proceed("A").rush("A", "T-900")
    b.act("A", "resolve", source="T-900", use=True, targets=["T-910"])
    r = b.replay()
    assert _held(r) == {"T-910": True}
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_SELECT_FEATURE_only_a_unit_with_the_feature_is_chosen() -> None:
    (effect,) = read_card({"type": "unit", "text": PULSAR}).effects
    assert effect["do"][0]["target"]["feature"] == "航空機"
    assert effect["do"][0]["target"]["bp_max"] == 3000 and "optional" not in effect
    (destroy,) = read_card(
        {
            "type": "unit",
            "combination": {"number": 1},
            "text": "【灯火斬り】敵軍バトルエリアから特徴「メカ」を持つユニットを1体選び撃破する。",
        }
    ).combination
    assert destroy["do"][0]["target"]["feature"] == "メカ"
    b = _rushed("T-901", ("T-912", "T-913"))
    b.act("A", "resolve", source="T-901", targets=["T-912"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _held(r) == {"T-912": True, "T-913": False}
    wrong = _rushed("T-901", ("T-912", "T-913"))
    wrong.act("A", "resolve", source="T-901", targets=["T-913"])  # the ship has no 航空機
    r = wrong.replay()
    assert verdict(r, wrong.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, wrong.last)


def test_RS_IF_NAMED_without_the_card_named_nothing_happens() -> None:
    (effect,) = read_card({"type": "unit", "text": DRILL}).effects
    assert effect["if"] == {"own_has": "Beetle"} and effect["optional"] is True
    assert render_card(DRILLER)["reading"] == [
        "When rushed, if a card named 「Beetle」 is in your rush or battle area (optional: you "
        "may): hold 1 size M unit (not a vehicle) that is not held in the opponent's rush or "
        "battle area."
    ]
    b = _rushed("T-902", ("T-910",))
    b.act("A", "resolve", source="T-902", use=True, targets=["T-910"])
    r = b.replay()
    assert "RS-IF-NAMED" in rules_applied(r, b.last)
    assert _held(r) == {"T-910": False}


def test_RS_IF_NAMED_with_the_card_named_the_effect_applies() -> None:
    b = _rushed("T-902", ("T-910",), first="T-903")
    b.act("A", "resolve", source="T-902", use=True, targets=["T-910"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-IF-NAMED" in rules_applied(r, b.last)
    assert _held(r) == {"T-910": True}


def test_RS_MAY_ACTIVATE_not_activated_nothing_happens() -> None:
    b = _rushed("T-902", ("T-910",), first="T-903")
    b.act("A", "resolve", source="T-902", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert _held(r) == {"T-910": False}
    # "次の効果を発動できる⇒" before a search: not activated, not even the shuffle happens
    search = (
        "【X】これをラッシュしたとき、次の効果を発動できる⇒自軍山札から「Y」のカードを1枚選び、自軍ラッシュ"
        "エリアに出してもよい。その後、山札をシャッフルする。"
    )
    (effect,) = read_card({"type": "unit", "text": search}).effects
    assert effect["activate"] is True
    # before a cost of its own (the choice is the cost's): not read
    held = "【X】これをラッシュしたとき、次の効果を発動できる⇒このユニットをホールドしてもよい。そうしたとき、1枚ドローする。"
    assert not read_card({"type": "unit", "text": held}).understood
