"""A unit stacked on a normal operation (RS-STACK), the card going where its text says when the
unit stops being a unit (RS-STACK-LEAVES) or keeping the unit in place (RS-STACK-STAY), on
made-up cards in the catalogue's sentence shapes.

The sources' words, which the tests follow: the cards' "…自軍Sユニットを1体選ぶ。そして、このカードを自軍
ラッシュエリアに置き、選んだユニットをこのカードに重ねる。このカードに重ねたユニットはBP+1000され、特徴「獣奏剣」
が追加される。" (the card is placed in the rush area, the unit stacked on it, and *while stacked*
it has BP +1000 and the feature); the official Q&A on RK-013 Jパワー as the fan wiki copies it:
stacking "すでに場に出ている自軍Sユニット1体に対して…適用するだけ", "ユニットがラッシュされたという扱い
にはなりません" (the unit is not rushed anew, and keeps the effect in the battle area); atwiki renst
1845 ユニットでなくなるとき: the moment "エリアを離れて…捨札…に送られる…ことが決定したとき", "このタイミ
ングが来た時点ではまだユニットとして扱われている"; atwiki renst 1413 置き換え: "ビークル以外の「重ねられた
カード」は、「ユニットでなくなるとき」以下の表記に準じる"; "重ねたユニットがユニットでなくなるとき、このカードを
持ち主の手札に戻す" (the card to its owner's hand) and "…このカードを捨札にしてその場に留める" (the card
to the discard pile, the unit staying); the Q&A on RK-173 and RK-250: two such texts at once are
ordered by the turn player, and "「RK-250 サバイブ」の効果を先に解決した場合、そのユニットは場に留まる
ことになり…「ユニットでなくなるとき」のタイミングが無くなる"; an effect that cannot be resolved,
official Q&A RS-004: "効果は解決できないので発動しないが、発動したものとして捨札にする".
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from judge.core.errors import BadLog
from judge.core.position import position_log, read_position
from judge.core.replay import replay, start
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

ARMOR_TEXT = (
    "カテゴリにWBを持つ自軍Sユニットを1体選ぶ。そして、このカードを自軍ラッシュエリアに置き、選んだユニット"
    "をこのカードに重ねる。このカードに重ねたユニットはBP+1000され、特徴「獣奏剣」が追加される。重ねたユニット"
    "がユニットでなくなるとき、このカードを持ち主の手札に戻す。"
)
SURVIVE_TEXT = (
    "WBを持ち、特徴「サバイブ」を持たない自軍Sユニットを1体選ぶ。そして、このカードを自軍ラッシュエリアに置き、"
    "選んだユニットをこのカードに重ねる。このカードに重ねたユニットは、BP+1500され、特徴「サバイブ」が追加される。"
    "また、重ねたユニットがユニットでなくなるとき、このカードを捨札にしてその場に留める。"
)
#: A's operations; A's units (WB, size S: Ranger, Guard with resist, Martyr with a
#: when-destroyed effect; not WB: Rogue; size M: Tank); WB commands; B's units and operations
ARMOR = printed("T-700", ARMOR_TEXT, type="operation", name="Armor", category="WB")
SURVIVE = printed("T-701", SURVIVE_TEXT, type="operation", name="Survive", category="WB")
RANGER = card("T-702", name="Ranger", category="WB", bp=2000, sp=1, size="S")
FUEL = card("T-703", name="Fuel", category="WB", bp=1000, sp=1, size="S")
ROGUE = card("T-704", name="Rogue", category="blaze", bp=2000, sp=1, size="S")
TANK = card("T-705", name="Tank", category="WB", bp=2000, sp=1, size="M")
BRUTE = card("T-706", name="Brute", bp=5000, sp=1, size="S")
SMITE = printed(
    "T-707", "敵軍バトルエリアからユニットを1体選び撃破する。", type="operation", name="Smite"
)
EXILE = printed(
    "T-708",
    "敵軍バトルエリアからユニットを1体選び、持ち主のパワーゾーンに送る。",
    type="operation",
    name="Exile",
)
GUARD = {**card("T-709", name="Guard", category="WB", bp=2000, sp=1, size="S"), "resist": True}
MARTYR = card(
    "T-710",
    name="Martyr",
    category="WB",
    bp=2000,
    sp=1,
    size="S",
    effects=[{"when": "on_destroyed", "do": [{"op": "draw", "n": 1}]}],
)
#: a unit rushed by discarding a Ranger (RS-RUSH-DISCARD); a vehicle and a Ranger that rides
#: it (RC); B's operation that discards a vehicle (RS-SELECT-VEHICLE)
ROBO = {
    **card("T-711", name="Robo", category="WB", bp=6000, sp=1, size="L"),
    "cost": {"discard": {"name": "Ranger"}, "count": 1},
}
BIKE = card("T-712", "vehicle", name="Bike", category="WB")
RIDER = card(
    "T-713", name="Ranger", category="WB", bp=2000, sp=1, size="S", combination={"rc": True}
)
WRECK = printed(
    "T-714",
    "敵軍バトルエリアからビークルを1体選ぶ。選んだビークルにライドしているユニットがあれば、それを撃破する。"
    "その後、選んだビークルを捨札にする。",
    type="operation",
    name="Wreck",
)
CARDS = [ARMOR, SURVIVE, RANGER, FUEL, ROGUE, TANK, BRUTE, SMITE, EXILE, GUARD, MARTYR]
CARDS += [ROBO, BIKE, RIDER, WRECK]


def _used(
    ops: tuple[str, ...], unit: str = "T-702", targets: list[Any] | None = None
) -> LogBuilder:
    """A's third turn: A rushes ``unit`` and uses the operations ``ops`` on it, each naming
    ``targets`` (default: the unit); a WB command for each, charged in A's three turns."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-703").proceed("A", 3)
    b.charge("B", "T-704").proceed("B", 3)
    b.charge("A", "T-703").proceed("A", 3)
    b.charge("B", "T-704").proceed("B", 3)
    b.charge("A", "T-703").proceed("A").rush("A", unit)
    for op in ops:
        b.use("A", op).act(
            "A", "resolve", source=op, targets=[unit] if targets is None else targets
        )
    return b


def _entered(ops: tuple[str, ...], unit: str = "T-702") -> LogBuilder:
    """:func:`_used`, then A's unit enters the battle area and A's turn ends; B charges."""
    b = _used(ops, unit).proceed("A").enter("A", unit).proceed("A", 2)
    return b.charge("B", "T-704").proceed("B")


def _attacked(ops: tuple[str, ...], unit: str = "T-702") -> LogBuilder:
    """:func:`_entered`, then B's Brute (BP 5000) attacks A's unit in the battle area."""
    b = _entered(ops, unit).rush("B", "T-706").proceed("B").enter("B", "T-706")
    return b.attack("B", "T-706", unit)


def _units(r: dict, area: str) -> list[dict]:
    return player_state(r, "A")[area]


def test_RS_STACK_read_from_the_printed_text_and_shown() -> None:
    (armor,) = read_card({"type": "operation", "text": ARMOR_TEXT}).effects
    assert armor["do"] == [
        {
            "op": "stack",
            "target": {
                "side": "own",
                "zone": "field",
                "count": 1,
                "type": "unit",
                "size": "S",
                "category": "WB",
            },
            "leaves": "hand",
            "bp": 1000,
            "feature": "獣奏剣",
        }
    ]
    (survive,) = read_card({"type": "operation", "text": SURVIVE_TEXT}).effects
    assert survive["do"][0]["target"]["no_feature"] == "サバイブ"
    assert (survive["do"][0]["leaves"], survive["do"][0]["bp"]) == ("stay", 1500)
    assert render_card(ARMOR)["reading"] == [
        "When used: choose 1 size S unit (not a vehicle) of category WB in your rush or battle "
        "area; place this card in your rush area (not into the discard pile) and stack the unit "
        "chosen on it (it is not rushed anew); while stacked, the unit has BP +1000 and the "
        "feature 獣奏剣; when the unit stops being a unit, this card returns to its owner's hand."
    ]
    assert render_card(SURVIVE)["reading"] == [
        "When used: choose 1 size S unit (not a vehicle) of category WB without the feature "
        "サバイブ in your rush or battle area; place this card in your rush area (not into the "
        "discard pile) and stack the unit chosen on it (it is not rushed anew); while stacked, "
        "the unit has BP +1500 and the feature サバイブ; when the unit stops being a unit, this "
        "card goes to the discard pile instead and the unit stays where it is."
    ]


def test_RS_STACK_near_misses_are_not_read() -> None:
    near = [
        # no "1体": how many is not said (RK-173's printing)
        ARMOR_TEXT.replace("自軍Sユニットを1体選ぶ", "自軍Sユニットを選ぶ"),
        # another fate of the card
        ARMOR_TEXT.replace("このカードを持ち主の手札に戻す", "このカードを持ち主の山札に戻す"),
        # what the unit has while stacked, said otherwise
        ARMOR_TEXT.replace("BP+1000され、特徴「獣奏剣」が追加される", "BP+1000される"),
        # a sentence more (RM-009's trigger)
        ARMOR_TEXT
        + "このカードに重ねたユニットがストライクしてダメージを与えたとき、1枚ドローする。",
    ]
    for text in near:
        assert not read_card({"type": "operation", "text": text}).understood, text
    # a unit's text is no operation's
    assert not read_card({"type": "unit", "text": ARMOR_TEXT}).understood


def test_RS_STACK_the_unit_is_stacked_and_has_the_bp_while_stacked() -> None:
    b = _used(("T-700",))
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-STACK" in rules_applied(r, b.last)
    (ranger,) = _units(r, "rush")
    assert ranger["bp"] == 3000 and ranger["code"] == "T-702"
    (armor,) = ranger["stacked"]
    assert armor not in player_state(r, "A")["discard"]  # placed, not discarded
    b.proceed("A").enter("A", "T-702")  # it goes into the battle area with the card under it
    r = b.replay()
    (ranger,) = _units(r, "battle")
    assert ranger["bp"] == 3000 and ranger["stacked"] == [armor]
    assert "rush" not in r["steps"][b.last]["events"][-1]["type"]


def test_RS_STACK_a_unit_of_another_category_or_size_cannot_be_chosen() -> None:
    for unit in ("T-704", "T-705"):
        b = _used(("T-700",), unit=unit)
        if unit == "T-704":  # a blaze unit: A rushes it with a blaze command
            b = LogBuilder(CARDS).setup(first="A")
            b.charge("A", "T-704").proceed("A", 3).charge("B", "T-704").proceed("B", 3)
            b.charge("A", "T-703").proceed("A").rush("A", unit).use("A", "T-700")
            b.act("A", "resolve", source="T-700", targets=[unit])
        r = b.replay()
        # no unit fits: the effect takes none, and naming one breaks the rule
        assert verdict(r, b.last) == "illegal", unit
        assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_STACK_no_unit_fits_the_card_goes_to_the_discard_pile() -> None:
    b = _used(("T-700",), unit="T-705", targets=[])  # a size M unit only
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-STACK" in rules_applied(r, b.last)
    (tank,) = _units(r, "rush")
    assert "stacked" not in tank
    assert len(player_state(r, "A")["discard"]) == 1  # the operation, used


def test_RS_STACK_the_feature_added_keeps_a_second_survive_off() -> None:
    b = _used(("T-701", "T-701"))
    r = b.replay()
    # the unit has サバイブ now (added while stacked): the second finds no unit
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)
    (ranger,) = _units(r, "rush")
    assert ranger["bp"] == 3500 and len(ranger["stacked"]) == 1


def test_RS_STACK_LEAVES_destroyed_the_card_returns_to_its_owners_hand() -> None:
    b = _attacked(("T-700",))
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-STACK-LEAVES" in rules_applied(r, b.last)
    a = player_state(r, "A")
    assert a["battle"] == []
    (ranger,) = a["discard"]  # the unit alone; the card went to the hand
    events = [e["text"] for e in r["steps"][b.last]["events"]]
    armor = next(e.split()[0] for e in events if "goes from under its unit" in e)
    assert armor in a["hand"] and armor != ranger
    assert any("(Armor) goes from under its unit to its owner's hand" in e for e in events)


def test_RS_STACK_LEAVES_put_into_the_power_zone_the_card_returns_to_the_hand() -> None:
    b = (
        _entered(("T-700",))
        .use("B", "T-708")
        .act("B", "resolve", source="T-708", targets=["T-702"])
    )
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-STACK-LEAVES" in rules_applied(r, b.last)
    a = player_state(r, "A")
    assert a["battle"] == [] and a["discard"] == []
    assert len(a["power"]["face_up"]) == 1  # the unit; the card went to the hand


def test_RS_STACK_STAY_destroyed_in_a_battle_the_unit_stays() -> None:
    b = _attacked(("T-701",))
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-STACK-STAY" in rules_applied(r, b.last)
    (ranger,) = _units(r, "battle")
    assert ranger["bp"] == 2000 and "stacked" not in ranger  # the card is gone, and its BP
    (survive,) = player_state(r, "A")["discard"]
    assert survive != ranger["id"]
    assert not r["steps"][b.last]["unverifiable"]


def test_RS_STACK_STAY_destroyed_by_an_effect_or_sent_to_the_power_zone_the_unit_stays() -> None:
    for op in ("T-707", "T-708"):
        b = _entered(("T-701",)).use("B", op).act("B", "resolve", source=op, targets=["T-702"])
        r = b.replay()
        assert verdict(r, b.last) == "legal", r["steps"][b.last]
        assert "RS-STACK-STAY" in rules_applied(r, b.last)
        (ranger,) = _units(r, "battle")
        assert ranger["code"] == "T-702" and ranger["bp"] == 2000
        assert player_state(r, "A")["power"]["face_up"] == []


def test_RS_STACK_STAY_two_cards_their_order_is_not_recorded() -> None:
    b = _used(("T-700", "T-701")).proceed("A").enter("A", "T-702").proceed("A", 2)
    b.charge("B", "T-704").proceed("B").rush("B", "T-706").proceed("B").enter("B", "T-706")
    b.attack("B", "T-706", "T-702")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-STACK-STAY" in rules_applied(r, b.last)
    (ranger,) = _units(r, "battle")  # Survive resolved first: Armor stays under it
    assert ranger["bp"] == 3000 and len(ranger["stacked"]) == 1


def test_RS_STACK_STAY_when_destroyed_effects_are_not_guessed() -> None:
    b = _attacked(("T-701",), unit="T-710")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-STACK-STAY" in rules_applied(r, b.last)
    assert [u["code"] for u in _units(r, "battle")] == ["T-710"]
    events = [e["text"] for e in r["steps"][b.last]["events"]]
    assert not any("draws" in e for e in events)  # its when-destroyed draw is not triggered


def test_RS_STACK_STAY_a_unit_that_may_resist_too_is_unverifiable() -> None:
    b = _attacked(("T-701",), unit="T-709")
    b.act("A", "resolve", source="T-709", use=False)
    r = b.replay()
    assert verdict(r, b.last - 1) == "unverifiable"
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-STACK-STAY" in rules_applied(r, b.last)
    (guard,) = _units(r, "battle")  # not resisting: Survive keeps it, released
    assert guard["code"] == "T-709" and not guard.get("held")


def test_RS_STACK_LEAVES_discarded_for_an_additional_condition() -> None:
    b = _used(("T-700",)).rush("A", "T-711", discard=["T-702"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-STACK-LEAVES" in rules_applied(r, b.last)
    assert [u["code"] for u in _units(r, "rush")] == ["T-711"]
    assert len(player_state(r, "A")["discard"]) == 1  # the Ranger; Armor is in the hand


def test_RS_STACK_STAY_kept_from_an_additional_condition_is_unverifiable() -> None:
    b = _used(("T-701",)).rush("A", "T-711", discard=["T-702"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-STACK-STAY" in rules_applied(r, b.last)
    assert sorted(u["code"] for u in _units(r, "rush")) == ["T-702", "T-711"]


def test_RS_STACK_STAY_the_vehicle_discarded_from_under_it_is_unverifiable() -> None:
    b = _used(("T-701",), unit="T-713").rush("A", "T-712").proceed("A")
    b.enter("A", "T-713", ride="T-712").proceed("A", 2)
    b.charge("B", "T-704").proceed("B").use("B", "T-714")
    b.act("B", "resolve", source="T-714", targets=["T-712"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-STACK-STAY" in rules_applied(r, b.last)
    (rider,) = _units(r, "battle")
    assert rider["code"] == "T-713" and "vehicle" not in rider
    assert len(player_state(r, "A")["discard"]) == 2  # Survive and the vehicle


MULTI_TEXT = (
    "自軍Sユニットを1体選ぶ。そして、このカードを自軍ラッシュエリアに置き、選んだユニットをこのカードに重ねる。"
    "重ねたユニットがユニットでなくなるとき、このカードは捨札になる。このカードに重ねたユニットがストライクして"
    "ダメージを与えたとき、自軍捨札からSユニットのカードを1枚選び、自軍コマンドゾーンにホールド状態で置く。置けな"
    "ければ手札に加える。"
)
#: a stacking operation with an effect when the unit stacked strikes and deals damage
#: (RS-STACK-STRIKE), of no category's choosing: for positions on the sample cards
MULTI = printed("T-715", MULTI_TEXT, type="operation", name="Multi")
POSITION = Path(__file__).resolve().parents[3] / "examples" / "positions" / "rs-attack-counter.json"


def _position() -> dict[str, Any]:
    """The example: A's turn 5, A-4 (Scorch Rider, BP 4000, +1000 this battle) has attacked
    B-1 (BP 3000); here A-4 is stacked on Multi (A-5)."""
    doc = json.loads(POSITION.read_text())
    doc["cards"] = [MULTI]
    doc["start"]["players"]["A"]["battle"][1]["stacked"] = ["T-715"]
    return doc


def test_RS_STACK_a_position_places_the_cards_under_a_unit() -> None:
    log = {**position_log(_position()), "actions": [{"p": "A", "do": "enter", "card": "A-1"}]}
    r = replay(log, detail="full")
    (step,) = r["steps"]
    assert step["verdict"] == "legal", step
    scorch = next(u for u in step["state"]["players"]["A"]["battle"] if u["id"] == "A-4")
    assert scorch["stacked"] == ["A-5"] and scorch["bp"] == 4000  # the battle's +1000 is over
    assert "B-1" in step["state"]["players"]["B"]["discard"]


def test_RS_STACK_a_position_stacks_only_a_unit_on_a_stacking_operation() -> None:
    doc = _position()
    doc["start"]["players"]["A"]["battle"][0]["stacked"] = ["RSS-008"]  # no stacking text
    doc["start"]["players"]["B"]["battle"].append({"card": "RSS-036", "stacked": ["T-715"]})
    with pytest.raises(BadLog) as caught:
        start(read_position(doc))
    got = {e.path: e.message for e in caught.value.errors}
    assert set(got) == {
        "start.players.A.battle[0].stacked[0]",
        "start.players.B.battle[1].stacked[0]",
    }
    assert all("RS-STACK" in m for m in got.values())


TURBO_TEXT = (
    "ナンバーに数字を持ち、ETを持つ自軍Sユニットを1体選ぶ。そして、このカードを自軍ラッシュエリアに置き、選んだ"
    "ユニットをこのカードに重ねる。重ねたユニットがユニットでなくなるとき、このカードは捨札になる。このカードに重"
    "ねたユニットのナンバーの数字は1少なくなる。ただし、2より少なくならない。"
)
#: an operation lowering a combination number; ET units numbered 3 and 1 (their Number
#: Combination draws a card) and an ET unit without a number
TURBO = printed("T-716", TURBO_TEXT, type="operation", name="Turbo", category="ET")
_DRAW = [{"when": "combination", "do": [{"op": "draw", "n": 1}]}]
THREE = card(
    "T-717", name="Three", category="ET", size="S", combination={"number": 3, "effects": _DRAW}
)
ONE = card(
    "T-718", name="One", category="ET", size="S", combination={"number": 1, "effects": _DRAW}
)
SCOUT = card("T-719", name="Scout", category="ET", bp=1000, size="S")


def _turbo(unit: str, before: int) -> LogBuilder:
    """A's turn after it has charged an ET command for each card it plays: A rushes
    ``before`` Scouts and ``unit``, uses Turbo on ``unit`` and, in its battle phase, enters the
    Scouts and then ``unit``."""
    other = "T-718" if unit == "T-717" else "T-717"  # the commands: the other numbered unit's
    charges = ([other] * 3 + ["T-719"])[: before + 2]
    b = LogBuilder([TURBO, THREE, ONE, SCOUT, ROGUE]).setup(first="A")
    for code in charges[:-1]:
        b.charge("A", code).proceed("A", 3).charge("B", "T-704").proceed("B", 3)
    b.charge("A", charges[-1]).proceed("A")
    for _ in range(before):
        b.rush("A", "T-719")
    b.rush("A", unit).use("A", "T-716").act("A", "resolve", source="T-716", targets=[unit])
    b.proceed("A")
    for _ in range(before):
        b.enter("A", "T-719")
    return b.enter("A", unit)


def test_RS_STACK_read_a_combination_number_lowered() -> None:
    (effect,) = read_card({"type": "operation", "text": TURBO_TEXT}).effects
    (op,) = effect["do"]
    assert op["target"]["numbered"] is True and op["target"]["category"] == "ET"
    assert (op["leaves"], op["number"], op["number_min"]) == ("discard", -1, 2)
    assert "bp" not in op
    assert render_card(TURBO)["reading"] == [
        "When used: choose 1 size S unit (not a vehicle) of category ET with a number as its "
        "combination number in your rush or battle area; place this card in your rush area (not "
        "into the discard pile) and stack the unit chosen on it (it is not rushed anew); while "
        "stacked, the unit has its combination number 1 less (but not less than 2); when the "
        "unit stops being a unit, this card goes to the discard pile."
    ]
    # "2より少なくならない" left out: how low it goes is not said
    short = TURBO_TEXT.replace("ただし、2より少なくならない。", "")
    assert not read_card({"type": "operation", "text": short}).understood


def test_RS_STACK_a_number_lowered_combines_one_place_earlier() -> None:
    b = _turbo("T-717", before=1)  # number 3, less 1: it combines at position 2
    r = b.replay()
    assert r["summary"]["illegal_steps"] == []
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert {"RS-STACK", "RS-NUMBER-COMBINATION"} <= set(rules_applied(r, b.last))
    b = _turbo("T-717", before=2)  # at position 3, its printed number, it does not
    r = b.replay()
    assert r["summary"]["illegal_steps"] == []
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-NUMBER-COMBINATION" not in rules_applied(r, b.last)


def test_RS_STACK_a_unit_without_a_number_cannot_be_chosen() -> None:
    b = LogBuilder([TURBO, SCOUT, ONE]).setup(first="A")
    b.charge("A", "T-718").proceed("A", 3).pass_turn("B")
    b.charge("A", "T-719").proceed("A").rush("A", "T-719").use("A", "T-716")
    b.act("A", "resolve", source="T-716", targets=["T-719"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_STACK_a_number_below_the_floor_is_not_guessed() -> None:
    b = _turbo("T-718", before=0)  # number 1: stays 1, or becomes 2? not said
    r = b.replay()
    assert r["summary"]["illegal_steps"] == []
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-NUMBER-COMBINATION" not in rules_applied(r, b.last)
    b = _turbo("T-718", before=2)  # at position 3 it combines neither way
    r = b.replay()
    assert r["summary"]["illegal_steps"] == []
    assert verdict(r, b.last) == "legal", r["steps"][b.last]


def _strike(commands: int = 2, discard: tuple[str, ...] = ("RSS-004",)) -> dict[str, Any]:
    """The example's moment before the attack: A-4 (SP 1), stacked on Multi, has just entered;
    A's command zone holds ``commands`` cards, its discard pile ``discard``."""
    doc = _position()
    start_ = doc["start"]
    start_.pop("battle")
    start_["entering"] = "A-4"
    a = start_["players"]["A"]
    a["command"] = (a["command"] + [{"card": c} for c in ("RSS-009", "RSS-010", "RSS-017")])[
        :commands
    ]
    a["discard"] = list(discard)
    return doc


def _struck(doc: dict[str, Any], targets: list[Any] | None) -> dict[str, Any]:
    """A-4 strikes, B turns its first face-up power card face down, and A resolves Multi's
    effect naming ``targets`` (none: ``None``)."""
    resolve: dict[str, Any] = {"p": "A", "do": "resolve", "source": "A-5"}
    if targets is not None:
        resolve["targets"] = targets
    actions = [
        {"p": "A", "do": "strike", "card": "A-4"},
        {"p": "B", "do": "take_damage", "cards": ["RSS-013"]},
        resolve,
    ]
    return replay({**position_log(doc), "actions": actions}, detail="full")


def test_RS_STACK_STRIKE_read_and_shown() -> None:
    stack, struck = read_card({"type": "operation", "text": MULTI_TEXT}).effects
    assert stack["do"][0]["leaves"] == "discard" and "category" not in stack["do"][0]["target"]
    assert struck["when"] == "on_strike_damage" and struck["by"] == "stacked"
    assert struck["do"] == [
        {"op": "discard_to_command", "find": {"type": "unit", "size": "S"}, "if_full": "hand"}
    ]
    assert render_card(MULTI)["reading"][1] == (
        "When the unit stacked on this card strikes and deals damage: take 1 size S unit card "
        "from your discard pile and put it held into your command zone; when that zone holds 5 "
        "already, into your hand."
    )
    # another fate when the zone is full: not read
    other = MULTI_TEXT.replace("置けなければ手札に加える。", "置けなければ捨札にする。")
    assert not read_card({"type": "operation", "text": other}).understood


def test_RS_STACK_STRIKE_the_card_chosen_goes_held_into_the_command_zone() -> None:
    r = _struck(_strike(), None)
    steps = r["steps"]
    assert [s["verdict"] for s in steps] == ["legal", "legal", "legal"], steps
    assert "RS-STACK-STRIKE" in [x["rule"] for x in steps[1]["rulings"]]
    a = steps[2]["state"]["players"]["A"]
    assert a["discard"] == []
    assert [c["held"] for c in a["command"]] == [True, False, True]
    assert "RS-STACK-STRIKE" in [x["rule"] for x in steps[2]["rulings"]]


def test_RS_STACK_STRIKE_with_a_full_command_zone_into_the_hand() -> None:
    r = _struck(_strike(commands=5), None)
    step = r["steps"][2]
    assert step["verdict"] == "legal", step
    a = step["state"]["players"]["A"]
    assert a["discard"] == [] and len(a["command"]) == 5 and len(a["hand"]) == 3


def test_RS_STACK_STRIKE_which_card_when_more_than_one_code_fits() -> None:
    doc = _strike(discard=("RSS-004", "RSS-002"))
    r = _struck(doc, None)
    assert r["steps"][2]["verdict"] == "unverifiable"
    r = _struck(doc, ["RSS-002"])
    step = r["steps"][2]
    assert step["verdict"] == "legal", step
    a = step["state"]["players"]["A"]
    assert len(a["discard"]) == 1 and a["command"][-1]["held"]  # one taken, the other left
    r = _struck(doc, ["RSS-003"])  # not in the discard pile
    assert r["steps"][2]["verdict"] == "illegal"
    assert "RS-STACK-STRIKE" in [v["rule"] for v in r["steps"][2]["violations"]]
