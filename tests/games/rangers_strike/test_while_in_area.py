"""Effects that trigger while their unit is in its player's area, on what happens to another
unit (RS-WHILE-IN-AREA), and a unit put into the discard pile by its own text (RS-DISCARD-SELF),
on made-up cards in the catalogue's sentence shapes.

The sources' words, which the tests follow: "これが自軍エリアにある間、特徴「レッド」を持つユニットがラッシュ
されたとき、これを捨札にする。" (*while* this unit is in its player's areas, *when* a unit with the
feature レッド, either player's, is rushed, this unit goes to the discard pile); an effect whose
unit has left resolves "「このユニットが自軍エリアにある限り」などと期限が指定されていない限り"
(atwiki renst 1869: so one limited to its unit's being there does nothing once it has left);
"ユニットが撃破を経ずに直接捨札になることもあり、その場合は「撃破されたとき」に発動するようなユニット効果
は使えない" (atwiki renst 262: put into the discard pile, it is not destroyed).
"""

from __future__ import annotations

from typing import Any

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    area_ids,
    card,
    event_texts,
    player_state,
    printed,
    rules_applied,
    verdict,
)

SHADOW_TEXT = "【影武者】これが自軍エリアにある間、特徴「レッド」を持つユニットがラッシュされたとき、これを捨札にする。"


def _with(d: dict[str, Any], *features: str) -> dict[str, Any]:
    return {**d, "features": list(features)}


#: A's shadow (no feature of its own), one watching its rush area only, and one that is Red
SHADOW = printed("T-940", SHADOW_TEXT, name="Shadow", bp=1000, sp=0, size="S")
RUSH_SHADOW = printed(
    "T-944",
    SHADOW_TEXT.replace("自軍エリア", "自軍ラッシュエリア"),
    name="Rush Shadow",
    bp=1000,
    sp=0,
    size="S",
)
RED_SHADOW = _with(printed("T-943", SHADOW_TEXT, name="Red Shadow", bp=1000, sp=0), "レッド")
RED = _with(card("T-941", name="Red", bp=1000, sp=0), "レッド")
BLUE = _with(card("T-942", name="Blue", bp=1000, sp=0), "ブルー")
#: B's Red whose when-rushed effect destroys a unit of A's rush area
RED_BLASTER = _with(
    card(
        "T-945",
        name="Red Blaster",
        bp=1000,
        sp=0,
        effects=[
            {
                "when": "on_rush",
                "do": [
                    {
                        "op": "destroy",
                        "target": {"side": "opponent", "zone": "rush", "count": 1, "type": "unit"},
                    }
                ],
            }
        ],
    ),
    "レッド",
)
#: a shadow written by hand, which draws a card when destroyed
DRAWER = card(
    "T-946",
    name="Drawer",
    bp=1000,
    sp=0,
    effects=[
        {
            "when": "on_rushed",
            "while": "field",
            "of": {"feature": "レッド"},
            "do": [{"op": "discard"}],
        },
        {"when": "on_destroyed", "do": [{"op": "draw", "n": 1}]},
    ],
)
#: puts a card named Red from its player's hand into its rush area
DROP_IN = printed(
    "T-947",
    "自分の手札から「Red」のカードを1枚選び、自軍ラッシュエリアに出してもよい。",
    type="operation",
    name="Drop In",
)
#: watches its own player's units only ("自軍ユニット")
OWN_SHADOW = printed(
    "T-948",
    SHADOW_TEXT.replace("を持つユニット", "を持つ自軍ユニット"),
    name="Own Shadow",
    bp=1000,
    sp=0,
)
#: puts a card named Blue (no feature レッド) from its player's hand into its rush area
BLUE_DROP = printed(
    "T-949",
    "自分の手札から「Blue」のカードを1枚選び、自軍ラッシュエリアに出してもよい。",
    type="operation",
    name="Blue Drop",
)
CARDS = [
    SHADOW,
    RED,
    BLUE,
    RED_SHADOW,
    RUSH_SHADOW,
    RED_BLASTER,
    DRAWER,
    DROP_IN,
    OWN_SHADOW,
    BLUE_DROP,
]


def _a_has(shadow: str, enter: bool = False) -> LogBuilder:
    """A rushes ``shadow`` in its first turn (and enters it in its second, with ``enter``);
    then B charges and is in its rush phase."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", shadow).proceed("A", 2)
    if enter:
        b.charge("B", "T-000").proceed("B", 3)
        b.charge("A", "T-000").proceed("A", 2).enter("A", shadow).proceed("A")
    return b.charge("B", "T-000").proceed("B")


def test_RS_WHILE_IN_AREA_read_from_the_printed_sentence_and_shown() -> None:
    (effect,) = read_card({"type": "unit", "text": SHADOW_TEXT}).effects
    assert effect == {
        "when": "on_rushed",
        "while": "field",
        "of": {"feature": "レッド"},
        "do": [{"op": "discard"}],
        "text": SHADOW_TEXT,
    }
    assert render_card(SHADOW)["reading"] == [
        "While this is in your rush or battle area, when a unit (either player's) with the "
        "feature レッド is rushed: put this unit into its owner's discard pile (it is not "
        "destroyed)."
    ]
    (rush,) = read_card({"type": "unit", "text": RUSH_SHADOW["text"]}).effects
    assert rush["while"] == "rush"
    own = SHADOW_TEXT.replace("を持つユニット", "を持つ自軍ユニット")
    assert read_card({"type": "unit", "text": own}).effects[0]["of"] == {
        "feature": "レッド",
        "side": "own",
    }


def test_RS_WHILE_IN_AREA_near_misses_are_not_read() -> None:
    for text in (
        SHADOW_TEXT.replace("ユニットがラッシュされた", "ユニットをラッシュした"),  # one's own rush
        SHADOW_TEXT.replace("ユニットが", "ビークルが"),  # a vehicle
        SHADOW_TEXT.replace("自軍エリア", "敵軍エリア"),
        SHADOW_TEXT.replace("捨札にする", "撃破する"),  # "これを撃破する": not read
        SHADOW_TEXT.replace("特徴「レッド」を持つ", ""),  # no feature named
    ):
        assert not read_card({"type": "unit", "text": text}).understood, text
    # a numbered unit's named effect is its Number Combination's (RS-NUMBER-COMBINATION)
    numbered = {"type": "unit", "combination": {"number": 2}, "text": SHADOW_TEXT}
    assert not read_card(numbered).understood
    # "これを捨札にする" only in such an effect: not when rushed
    rushed = "【X】これをラッシュしたとき、これを捨札にする。"
    assert not read_card({"type": "unit", "text": rushed}).understood


def test_RS_WHILE_IN_AREA_an_opposing_red_rushed_discards_the_shadow() -> None:
    b = _a_has("T-940").rush("B", "T-941")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-WHILE-IN-AREA" in rules_applied(r, b.last)
    assert "RS-DISCARD-SELF" in rules_applied(r, b.last)
    assert area_ids(r, "A", "rush") == []
    assert player_state(r, "A")["discard"] == ["A-1"]
    assert area_ids(r, "B", "rush") == ["B-4"]


def test_RS_WHILE_IN_AREA_a_unit_without_the_feature_triggers_nothing() -> None:
    b = _a_has("T-940").rush("B", "T-942")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-WHILE-IN-AREA" not in rules_applied(r, b.last)
    assert area_ids(r, "A", "rush") == ["A-1"]


def test_RS_WHILE_IN_AREA_the_battle_area_is_one_of_its_areas() -> None:
    b = _a_has("T-940", enter=True).rush("B", "T-941")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert area_ids(r, "A", "battle") == []
    assert "A-1" in player_state(r, "A")["discard"]
    # "自軍ラッシュエリアにある間": not while it is in the battle area
    b = _a_has("T-944", enter=True).rush("B", "T-941")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert area_ids(r, "A", "battle") == ["A-13"]
    assert "RS-WHILE-IN-AREA" not in rules_applied(r, b.last)


def test_RS_WHILE_IN_AREA_its_own_players_red_triggers_it_too() -> None:
    b = _a_has("T-940")
    b.proceed("B", 2).charge("A", "T-000").proceed("A").rush("A", "T-941")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert area_ids(r, "A", "rush") == ["A-4"]  # the Red stays
    assert "A-1" in player_state(r, "A")["discard"]


def test_RS_WHILE_IN_AREA_its_players_own_units_only_when_the_text_says_so() -> None:
    b = _a_has("T-948").rush("B", "T-941")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-WHILE-IN-AREA" not in rules_applied(r, b.last)
    assert area_ids(r, "A", "rush") == ["A-25"]
    b.proceed("B", 2).charge("A", "T-000").proceed("A").rush("A", "T-941")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "A-25" in player_state(r, "A")["discard"]


def test_RS_WHILE_IN_AREA_its_own_rush_is_not_guessed() -> None:
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-943")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    (why,) = r["steps"][b.last]["unverifiable"]
    assert "itself is rushed" in why
    assert "RS-WHILE-IN-AREA" in rules_applied(r, b.last)
    assert area_ids(r, "A", "rush") == ["A-10"]  # not carried out


def test_RS_WHILE_IN_AREA_put_into_the_rush_area_by_an_effect_is_rushed() -> None:
    """atwiki renst 146: "カードの効果等によるものでも、エリア以外の場所にあったカードがエリアに出た時は全て
    「ラッシュされた」として扱う": B's Red put there by B's operation triggers A's Shadow."""
    b = _a_has("T-940").use("B", "T-947")
    b.act("B", "resolve", source="T-947", use=True, targets=["T-941"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-WHILE-IN-AREA" in rules_applied(r, b.last)
    assert any("which is its being rushed" in m for m in _rulings(r, b.last))
    assert area_ids(r, "A", "rush") == []
    assert player_state(r, "A")["discard"] == ["A-1"]
    assert area_ids(r, "B", "rush") == ["B-4"]


def test_RS_WHILE_IN_AREA_put_by_an_effect_without_the_feature_triggers_nothing() -> None:
    b = _a_has("T-940").use("B", "T-949")
    b.act("B", "resolve", source="T-949", use=True, targets=["T-942"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-WHILE-IN-AREA" not in rules_applied(r, b.last)
    assert area_ids(r, "A", "rush") == ["A-1"]


def _rulings(r: dict[str, Any], i: int) -> list[str]:
    return [x["message"] for x in r["steps"][i]["rulings"]]


def test_RS_WHILE_IN_AREA_gone_before_it_resolves_it_does_nothing() -> None:
    b = _a_has("T-940").rush("B", "T-945")
    # B, the turn player, orders: its own when-rushed effect first, which destroys the shadow
    b.act("B", "resolve", source="T-945", targets=["A-1"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-WHILE-IN-AREA" in rules_applied(r, b.last)
    assert any("has left its place" in t for t in event_texts(r, b.last))
    assert player_state(r, "A")["discard"] == ["A-1"]


def test_RS_DISCARD_SELF_not_destroyed_so_no_when_destroyed_effect() -> None:
    b = _a_has("T-946")
    r = b.replay()
    hand = len(player_state(r, "A")["hand"])
    b.rush("B", "T-941")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert player_state(r, "A")["discard"] == ["A-19"]
    assert len(player_state(r, "A")["hand"]) == hand  # no draw: it was not destroyed
    assert not any("is destroyed" in t for t in event_texts(r, b.last))
