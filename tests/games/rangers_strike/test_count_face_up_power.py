"""An opposing unit chosen by the face-up cards of one's power zone (RS-COUNT-FACE-UP-POWER),
on made-up cards in the catalogue's sentence shape.

The sources' words, which the tests follow: "オモテ向きの自軍パワーの枚数を数えてもよい。そうしたとき、敵軍バ
トルエリアから、その数以下の必要パワーの数字を持つ敵軍ユニットを1体選び持ち主のパワーゾーンに送る。(この効果は、
ライドオフしたときナンバーに関係なく発動する)" — the player *may* count the *face-up* cards of its own power
zone (a face-down one is damage: "パワーゾーンにあるウラ向きのカード1枚につき1点"); *when it does*, it chooses
*one* opposing unit *of the battle area* whose printed required power is *no more than* that number,
and sends it face up into its owner's power zone (not destroyed); the combination triggers too as
the unit rides off, whatever its number.  In tag battle the power zone is each player's own ("プレ
イヤーごとに管理します"); whether 自軍パワー is both team-mates' the sources do not say.
"""

from __future__ import annotations

import json
from pathlib import Path

from judge.core.position import read_position
from judge.core.replay import start
from judge.games.rangers_strike import quantities
from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    card,
    player_state,
    rules_applied,
    rules_broken,
    ruling_texts,
    verdict,
)
from judge.games.rangers_strike.testing import printed as printed_card

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "positions"

HAMMER = (
    "【衝撃拳】オモテ向きの自軍パワーの枚数を数えてもよい。そうしたとき、敵軍バトルエリアから、その数以下の必要パ"
    "ワーの数字を持つ敵軍ユニットを1体選び持ち主のパワーゾーンに送る。"
)
NOTE = "（この効果は、ライドオフしたときナンバーに関係なく発動する）"
#: A's unit: Number Combination 1, so it triggers as it enters first; it may ride Bike
BREAKER = {
    **printed_card(
        "T-780", HAMMER + NOTE, name="Breaker", bp=3000, sp=1, size="S", combination={"number": 1}
    ),
    "features": ["警官"],
}
#: B's units: required power printed 1 and 3
LOW = {**card("T-781", name="Low", bp=1000, sp=0, size="S"), "power_number": 1}
HIGH = {**card("T-782", name="High", bp=1000, sp=0, size="S"), "power_number": 3}
BIKE = card("T-783", "vehicle", name="Bike", ridden_by={"feature": "警官"})
CARDS = [BREAKER, LOW, HIGH, BIKE]


def _ready(power: int = 2, ride: bool = False) -> LogBuilder:
    """A charges ``power`` cards face up into its power zone (turns 2 and 4, else commands), B
    puts Low (B-4) and High (B-7) into its battle area in turn 5; in turn 6 A rushes Breaker
    (A-1) and it enters (riding Bike, rushed in turn 4 by the command charged then, when
    ``ride``: Breaker's number is 6 then, not its position)."""
    cards = CARDS if not ride else [{**BREAKER, "combination": {"number": 6}}, *CARDS[1:]]
    b = LogBuilder(cards).setup(first="B")
    b.charge("B", "T-000").proceed("B").rush("B", "T-781").proceed("B", 3)
    b.charge("A", "T-000", to="power" if power > 0 else "command").proceed("A", 3)
    b.charge("B", "T-000").proceed("B").rush("B", "T-782").proceed("B", 3)
    b.charge("A", "T-000", to="power" if power > 1 else "command").proceed("A")
    if ride:
        b.rush("A", "T-783")
    b.proceed("A", 2)
    b.charge("B", "T-000").proceed("B", 2).enter("B", "B-4").enter("B", "B-7").proceed("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-780").proceed("A")
    if ride:
        bike = next(u["id"] for u in player_state(b.replay(), "A")["rush"] if u["code"] == "T-783")
        return b.enter("A", "A-1", ride=bike)
    return b.enter("A", "A-1")


def _battle(r: dict) -> list[str]:
    return [u["id"] for u in player_state(r, "B")["battle"]]


def test_RS_COUNT_FACE_UP_POWER_read_from_the_printed_named_effect_and_shown() -> None:
    r = read_card(BREAKER)
    assert r.understood and r.rides_off
    (effect,) = r.combination
    assert effect["optional"] is True
    assert effect["do"] == [
        {
            "op": "to_power_zone",
            "target": {
                "side": "opponent",
                "zone": "battle",
                "count": 1,
                "type": "unit",
                "power_max": "own_face_up_power",
            },
        }
    ]
    assert render_card(BREAKER)["reading"] == [
        "Number Combination 1 (also, whatever its number, when it rides off a vehicle) "
        "(optional: you may): put 1 unit (not a vehicle) whose required power is at most the "
        "number of face-up cards in your power zone in the opponent's battle area face up into "
        "its owner's power zone (not destroyed)."
    ]
    # without the note: its number only; the catalogue's "そうしたき" read as "そうしたとき"
    plain = read_card({"type": "unit", "combination": {"number": 6}, "text": HAMMER})
    assert plain.understood and not plain.rides_off
    typo = HAMMER.replace("そうしたとき", "そうしたき")
    assert read_card({"type": "unit", "combination": {"number": 6}, "text": typo}).understood


def test_RS_COUNT_FACE_UP_POWER_near_misses_are_not_read() -> None:
    for text in (
        HAMMER.replace("オモテ向きの自軍パワー", "自軍パワー"),  # face down too: not said here
        HAMMER.replace("オモテ向きの自軍パワー", "オモテ向きの敵軍パワー"),
        HAMMER.replace("数えてもよい", "数える"),  # no choice: another sentence
        HAMMER.replace("その数以下", "その数以上"),
        HAMMER.replace("持ち主のパワーゾーンに送る", "撃破する"),
        HAMMER.replace("敵軍バトルエリアから、", ""),  # no area named: not this shape
        HAMMER.replace("そうしたとき", "そして"),
    ):
        assert not read_card(
            {"type": "unit", "combination": {"number": 6}, "text": text}
        ).understood, text
    # no combination number: the named effect is not a combination's
    assert not read_card({"type": "unit", "text": HAMMER + NOTE}).understood


def test_RS_COUNT_FACE_UP_POWER_a_unit_printed_no_more_than_the_count_goes_to_power() -> None:
    b = _ready()
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-NUMBER-COMBINATION" in rules_applied(r, b.last)
    b.act("A", "resolve", source="A-1", use=True, targets=["B-4"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert {"RS-COUNT-FACE-UP-POWER", "RS-TO-POWER-ZONE"} <= set(rules_applied(r, b.last))
    assert any("A's face-up power cards: 2" in t for t in ruling_texts(r, b.last))
    assert _battle(r) == ["B-7"]
    assert player_state(r, "B")["power"]["face_up"] == ["B-4"]
    assert player_state(r, "B")["discard"] == []  # not destroyed


def test_RS_COUNT_FACE_UP_POWER_a_unit_printed_more_than_the_count_cannot_be_chosen() -> None:
    b = _ready()
    b.act("A", "resolve", source="A-1", use=True, targets=["B-7"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)
    # one face-up card: High (3) does not fit, Low (1) does
    b = _ready(power=1)
    b.act("A", "resolve", source="A-1", use=True, targets=["B-4"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert any("A's face-up power cards: 1" in t for t in ruling_texts(r, b.last))


def test_RS_COUNT_FACE_UP_POWER_once_counted_a_unit_that_fits_must_be_chosen() -> None:
    b = _ready()
    b.act("A", "resolve", source="A-1", use=True, targets=[])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert _battle(r) == ["B-4", "B-7"]


def test_RS_COUNT_FACE_UP_POWER_no_face_up_card_nothing_fits() -> None:
    b = _ready(power=0)
    b.act("A", "resolve", source="A-1", use=True, targets=["B-4"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)
    b = _ready(power=0)
    b.act("A", "resolve", source="A-1", use=True, targets=[])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _battle(r) == ["B-4", "B-7"]


def test_RS_COUNT_FACE_UP_POWER_not_counted_nothing_happens() -> None:
    b = _ready()
    b.act("A", "resolve", source="A-1", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _battle(r) == ["B-4", "B-7"]


def test_RS_COUNT_FACE_UP_POWER_riding_off_triggers_it_whatever_its_number() -> None:
    b = _ready(power=1, ride=True)  # position 1, riding (RS-RIDER: its own combination not guessed)
    b.ride_off("A", "A-1")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-RIDE-OFF-NUMBER" in rules_applied(r, b.last)
    b.act("A", "resolve", source="A-1", use=True, targets=["B-4"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _battle(r) == ["B-7"]


def test_RS_COUNT_FACE_UP_POWER_face_down_cards_are_not_counted_and_tag_readings() -> None:
    """examples/positions: in 1 vs 1 (rs-attack-counter.json) A's power zone holds two face-up
    cards and one face-down; in tag battle (rs-tag-strike.json) A1 has one face-up card and A2
    none (the readings agree), B1 two and B2 one (they disagree: no count)."""
    doc = json.loads((EXAMPLES / "rs-attack-counter.json").read_text())
    eng = start(read_position(doc))
    assert quantities.count(eng, "A", quantities.FACE_UP_POWER)[0] == 2
    doc = json.loads((EXAMPLES / "rs-tag-strike.json").read_text())
    eng = start(read_position(doc))
    assert quantities.count(eng, "A1", quantities.FACE_UP_POWER)[0] == 1
    n, why = quantities.count(eng, "B1", quantities.FACE_UP_POWER)
    assert n is None and "disagree" in why
    sel = {"side": "opponent", "zone": "battle", "type": "unit", "power_max": "own_face_up_power"}
    assert quantities.power_limit(eng, "B1", sel)[0] is None
