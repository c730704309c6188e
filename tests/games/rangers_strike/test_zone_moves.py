"""A unit put face down into its owner's power zone as damage (RS-TO-DAMAGE), and one put held
into its owner's command zone (RS-TO-COMMAND), on made-up cards in the catalogue's sentence
shapes.

The sources' words, which the tests follow: "敵軍Sユニットを1体選び、持ち主のパワーゾーンにダメージに
して置く。" (the unit chosen goes into its *owner's* power zone, *as damage*); atwiki 105 ダメージ:
"パワーゾーンにあるウラ向きのカード1枚につき1点", "7点になるとそのプレイヤーは敗北となる",
"ダメージにするカードを特に指定する効果もある"; atwiki 262 撃破: a card that goes to the discard
pile without being destroyed triggers no when-destroyed effect (so neither does one put into the
power zone); "…持ち主のコマンドゾーンにホールド状態で置く。置けなければ捨札にする / この効果は発動
できない。" and seed 002's "プレイヤーごとに５枚までのカードを置くことができます" (the command zone's
limit).
"""

from __future__ import annotations

from typing import Any

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    area_ids,
    card,
    player_state,
    printed,
    rules_applied,
    rules_broken,
    verdict,
)

MOON = (
    "【新月の一撃】自軍ターン中、これがバトルエリアに出たとき、このユニットをホールドしてもよ"
    "い。そうしたとき、敵軍Sユニットを1体選び、持ち主のパワーゾーンにダメージにして置く。"
)
KIBA = printed("T-090", MOON, name="Moon Rider", bp=3000, sp=0, size="S")
SMALL = card("T-091", bp=1000, sp=0, size="S")
MEDIUM = card("T-092", bp=1000, sp=0, size="M")
#: B's unit: when destroyed, B draws a card (it must not trigger when put into the power zone)
LAST_WORD = card(
    "T-093", bp=1000, sp=0, size="S", effects=[{"when": "on_destroyed", "do": [{"op": "draw"}]}]
)
BURN6 = card(
    "T-095",
    "operation",
    name="Burn Six",
    effects=[{"when": "on_use", "do": [{"op": "damage", "n": 6}]}],
)


def _to_the_effect(b_unit: str = "T-091", burn: bool = False) -> LogBuilder:
    """A uses Burn Six on B in turn 1 when ``burn`` (B then has 6 damage); B rushes ``b_unit``
    in turn 2; in turn 3 A rushes Moon Rider and enters it: its when-it-enters effect waits."""
    b = LogBuilder([KIBA, SMALL, MEDIUM, LAST_WORD, BURN6]).setup(first="A")
    b.charge("A", "T-000").proceed("A")
    if burn:
        b.use("A", "T-095")
    b.proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", b_unit).proceed("B", 2)
    return b.charge("A", "T-000").proceed("A").rush("A", "T-090").proceed("A").enter("A", "T-090")


def _damage(r: dict[str, Any], pid: str) -> int:
    return int(player_state(r, pid)["damage"])


def test_RS_TO_DAMAGE_read_from_the_printed_sentence() -> None:
    r = read_card({"type": "unit", "text": MOON})
    assert r.understood
    (effect,) = r.effects
    assert effect["when"] == "on_enter" and effect["optional"] is True
    assert effect["do"] == [
        {"op": "hold"},
        {
            "op": "to_damage",
            "target": {
                "side": "opponent",
                "zone": "field",
                "count": 1,
                "type": "unit",
                "size": "S",
            },
        },
    ]


def test_RS_TO_DAMAGE_the_unit_goes_face_down_into_its_owners_power_zone() -> None:
    b = _to_the_effect()
    before = _damage(b.replay(), "B")
    b.act("A", "resolve", source="T-090", use=True, targets=["T-091"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-TO-DAMAGE" in rules_applied(r, b.last)
    assert area_ids(r, "B", "rush") == []
    assert _damage(r, "B") == before + 1
    assert player_state(r, "A")["damage"] == 0  # the owner's power zone, not the controller's


def test_RS_TO_DAMAGE_no_when_destroyed_effect_triggers() -> None:
    b = _to_the_effect(b_unit="T-093")
    hand = len(player_state(b.replay(), "B")["hand"])
    b.act("A", "resolve", source="T-090", use=True, targets=["T-093"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert len(player_state(r, "B")["hand"]) == hand  # its draw did not happen
    assert "destroyed" not in [e["type"] for e in r["steps"][b.last]["events"]]


def test_RS_TO_DAMAGE_a_size_m_unit_does_not_fit() -> None:
    b = _to_the_effect(b_unit="T-092")
    b.act("A", "resolve", source="T-090", use=True, targets=["T-092"])
    assert "RS-EFFECT-TARGETS" in rules_broken(b.replay(), b.last)


def test_RS_TO_DAMAGE_the_seventh_point_loses_the_game() -> None:
    b = _to_the_effect(burn=True)
    assert _damage(b.replay(), "B") == 6
    b.act("A", "resolve", source="T-090", use=True, targets=["T-091"])
    r = b.replay()
    assert r["summary"]["result"] == {"winner": "A", "reason": "damage"}
    assert "RS-LOSS-DAMAGE" in rules_applied(r, b.last)


THROWER = "【炎の放射】敵軍バトルエリアから、DAまたはOTを持つSユニットを1体選び、持ち主のコマンドゾーンにホールド状態で置く。"
#: A's Number Combination 1 units: when the zone is full, nothing / the unit is discarded
SHOW = printed("T-100", THROWER + "置けなければこの効果は発動できない。", name="Show", bp=3000,
               sp=0, combination={"number": 1}, size="S")  # fmt: skip
SIG = printed("T-101", THROWER + "置けなければ捨札にする。", name="Sig", bp=3000, sp=0,
              combination={"number": 1}, size="S")  # fmt: skip
DA_UNIT = card("T-102", category="DA", bp=1000, sp=0, size="S",
               effects=[{"when": "on_destroyed", "do": [{"op": "draw"}]}])  # fmt: skip
BLAZE_UNIT = card("T-103", bp=1000, sp=0, size="S")
DA_CMD = card("T-104", category="DA")


def _to_the_combination(unit: str, b_unit: str = "T-102", b_turns: int = 1) -> LogBuilder:
    """B charges a DA card, rushes ``b_unit`` and enters it, for ``b_turns`` turns (charging
    a command each turn, entering its unit again each turn); then A rushes ``unit`` and
    enters it first: its Number Combination 1 waits."""
    b = LogBuilder([SHOW, SIG, DA_UNIT, BLAZE_UNIT, DA_CMD]).setup(first="A")
    for turn in range(b_turns):
        b.charge("A", "T-000").proceed("A", 3)
        b.charge("B", "T-104" if turn == 0 else "T-000").proceed("B")
        if turn == 0:
            b.rush("B", b_unit)
        b.proceed("B").enter("B", b_unit).proceed("B")
    return b.charge("A", "T-000").proceed("A").rush("A", unit).proceed("A").enter("A", unit)


def test_RS_TO_COMMAND_read_with_either_category_and_what_a_full_zone_does() -> None:
    r = read_card({"type": "unit", "combination": {"number": 1}, "text": SHOW["text"]})
    assert r.understood
    (op,) = r.combination[0]["do"]
    assert op == {
        "op": "to_command",
        "target": {"side": "opponent", "zone": "battle", "count": 1, "type": "unit",
                   "size": "S", "category": ["DA", "OT"]},
        "if_full": "nothing",
    }  # fmt: skip
    sig = read_card({"type": "unit", "combination": {"number": 1}, "text": SIG["text"]})
    assert sig.combination[0]["do"][0]["if_full"] == "discard"


def test_RS_TO_COMMAND_the_unit_goes_held_into_its_owners_command_zone() -> None:
    b = _to_the_combination("T-100")
    hand = len(player_state(b.replay(), "B")["hand"])
    b.act("A", "resolve", source="T-100", targets=["T-102"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-TO-COMMAND" in rules_applied(r, b.last)
    assert area_ids(r, "B", "battle") == []
    command = player_state(r, "B")["command"]
    assert len(command) == 2 and command[-1]["held"] is True
    assert len(player_state(r, "B")["hand"]) == hand  # not destroyed: no draw


def test_RS_TO_COMMAND_a_unit_of_another_category_does_not_fit() -> None:
    b = _to_the_combination("T-100", b_unit="T-103")
    b.act("A", "resolve", source="T-100", targets=["T-103"])
    assert "RS-EFFECT-TARGETS" in rules_broken(b.replay(), b.last)


def test_RS_TO_COMMAND_a_full_command_zone_nothing_or_the_discard_pile() -> None:
    b = _to_the_combination("T-100", b_turns=5)
    assert len(player_state(b.replay(), "B")["command"]) == 5
    b.act("A", "resolve", source="T-100", targets=["T-102"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert len(area_ids(r, "B", "battle")) == 1  # "この効果は発動できない": it stays
    b = _to_the_combination("T-101", b_turns=5)
    discard = len(player_state(b.replay(), "B")["discard"])
    b.act("A", "resolve", source="T-101", targets=["T-102"])
    r = b.replay()
    assert area_ids(r, "B", "battle") == [] and len(player_state(r, "B")["command"]) == 5
    assert len(player_state(r, "B")["discard"]) == discard + 1


# -- the deck's top card into the command zone (RS-TOP-TO-COMMAND) ------------------------------

TOP_TEXT = "自軍山札の上から1枚ひいて、自軍コマンドゾーンにホールド状態で置く。（コマンドゾーンに置けるカードは通常5枚まで）"
STOCK = printed("T-105", TOP_TEXT, type="operation", name="Stock Up")
#: a choice of one effect: draw 2, or the top card into the command zone
PICK = printed(
    "T-106",
    "次の効果から1つ選び発動する⇒ ◎2枚ドローする。 ◎" + TOP_TEXT,
    type="operation",
    name="Pick Stock",
)


def test_RS_TOP_TO_COMMAND_read_with_its_reminder_and_shown() -> None:
    r = read_card({"type": "operation", "text": TOP_TEXT})
    assert r.understood and r.effects[0]["do"] == [{"op": "top_to_command"}]
    assert "optional" not in r.effects[0]  # no choice: it happens
    assert read_card({"type": "operation", "text": TOP_TEXT.split("（")[0]}).understood
    from judge.games.rangers_strike.render import render_card

    assert render_card(STOCK)["reading"] == [
        "When used: put the top card of your deck held into your command zone (into the discard "
        "pile when the zone holds 5)."
    ]


def _seeded_stock() -> LogBuilder:
    deck = ["T-105"] * 20 + ["T-091"] * 20
    b = LogBuilder([STOCK, SMALL], decks={"A": deck, "B": []}, mode="seeded", seed="stock")
    return b.setup(first="A").charge("A", "T-105").proceed("A")


def test_RS_TOP_TO_COMMAND_seeded_the_top_card_goes_held_into_the_command_zone() -> None:
    from judge.core.replay import position

    b = _seeded_stock()
    top = position(b.log()).state.players["A"].deck[0]
    b.use("A", "T-105")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-TOP-TO-COMMAND" in rules_applied(r, b.last)
    command = player_state(r, "A")["command"]
    assert len(command) == 2 and command[-1]["id"] == top and command[-1]["held"] is True


def _picked(*targets: Any) -> LogBuilder:
    b = LogBuilder([PICK, SMALL]).setup(first="A")
    b.charge("A", "T-000").proceed("A").use("A", "T-106")
    return b.act("A", "resolve", source="T-106", targets=[{"modes": [2]}, *targets])


def test_RS_TOP_TO_COMMAND_observed_the_log_names_the_card_or_it_is_not_guessed() -> None:
    from judge.core.replay import position

    b = _picked("T-091")
    r = b.replay()
    last = len(r["steps"]) - 1
    assert verdict(r, last) == "legal", r["steps"][last]
    command = player_state(r, "A")["command"]
    assert len(command) == 2 and command[-1]["held"] is True
    assert position(b.log()).state.code_of[command[-1]["id"]] == "T-091"
    r = _picked().replay()
    last = len(r["steps"]) - 1
    assert verdict(r, last) == "unverifiable"
    assert len(player_state(r, "A")["command"]) == 1
    b = LogBuilder([PICK, SMALL], decks={"A": ["T-106"] * 3, "B": []}).setup(first="A")
    b.charge("A", "T-000").proceed("A").use("A", "T-106")
    b.act("A", "resolve", source="T-106", targets=[{"modes": [2]}, "T-091"])  # none in A's deck
    assert "RS-REVEAL" in rules_broken(b.replay(), b.last)


def test_RS_TOP_TO_COMMAND_a_full_command_zone_sends_it_to_the_discard_pile() -> None:
    b = LogBuilder([PICK, SMALL]).setup(first="A")
    b.charge("A", "T-000").proceed("A", 3)
    for _ in range(4):  # A charges a command every turn: 5 of them
        b.pass_turn("B").charge("A", "T-000").proceed("A", 3)
    b.pass_turn("B").charge("A", "T-000", to="power").proceed("A").use("A", "T-106")
    assert len(player_state(b.replay(), "A")["command"]) == 5
    discard = len(player_state(b.replay(), "A")["discard"])
    b.act("A", "resolve", source="T-106", targets=[{"modes": [2]}, "T-091"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert len(player_state(r, "A")["command"]) == 5
    # the card went to the discard pile, and then the operation itself
    assert len(player_state(r, "A")["discard"]) == discard + 2


SEND = (
    "【送り】自軍ターン中、これがバトルエリアに出たとき、敵軍バトルエリアからBP4000以下のユニットを"
    "1体選び、持ち主のパワーゾーンに送ってもよい。"
)
SENDER = printed("T-096", SEND, name="Sender", bp=3000, sp=0)


def _sent(target: str | None) -> tuple[LogBuilder, dict[str, Any]]:
    """B's Last Word (draws when destroyed) enters B's battle area in turn 2; in turn 3 A's
    Sender enters and its effect resolves on ``target`` (None: not used)."""
    b = LogBuilder([SENDER, LAST_WORD]).setup(first="A")
    b.pass_turn("A")
    b.charge("B", "T-000").proceed("B").rush("B", "T-093").proceed("B").enter("B", "T-093")
    b.proceed("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-096").proceed("A").enter("A", "T-096")
    if target is None:
        b.act("A", "resolve", source="T-096", use=False)
    else:
        b.act("A", "resolve", source="T-096", use=True, targets=[target])
    return b, b.replay()


def test_RS_TO_POWER_ZONE_read_and_the_unit_goes_face_up_not_destroyed() -> None:
    (effect,) = read_card({"type": "unit", "text": SEND}).effects
    assert effect["when"] == "on_enter" and effect["optional"] is True
    assert effect["do"] == [
        {
            "op": "to_power_zone",
            "target": {
                "side": "opponent",
                "zone": "battle",
                "count": 1,
                "bp_max": 4000,
                "type": "unit",
            },
        }
    ]
    r = _sent(None)[1]
    (unit,) = player_state(r, "B")["battle"]
    b, r = _sent(unit["id"])
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-TO-POWER-ZONE" in rules_applied(r, b.last)
    power = player_state(r, "B")["power"]
    assert unit["id"] in power["face_up"] and power["face_down"] == 0
    assert player_state(r, "B")["battle"] == []
    assert player_state(r, "B")["damage"] == 0
    # not destroyed: Last Word's when-destroyed draw does not trigger
    types = [e["type"] for e in r["steps"][b.last]["events"]]
    assert "to_power" in types and "destroyed" not in types
    assert "RS-FROM-DISCARD" not in rules_applied(r, b.last)
