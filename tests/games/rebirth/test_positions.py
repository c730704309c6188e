"""Rebirth for you positions (docs/positions.md, "Rebirth for you's start"): impossible
positions are refused naming the field and the rule; a log may start from one."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from judge.core.errors import BadLog
from judge.core.position import position_log, read_position
from judge.core.replay import replay

ROOT = Path(__file__).resolve().parents[3]
ATTACK = json.loads((ROOT / "examples/positions/rebirth-attack-guard.json").read_text())
SPARK = json.loads((ROOT / "examples/positions/rebirth-spark-choice.json").read_text())
SETUP = json.loads((ROOT / "examples/positions/rebirth-setup-preset.json").read_text())


def problems(doc: dict[str, Any]) -> dict[str, str]:
    with pytest.raises(BadLog) as caught:
        read_position(doc)
    return {e.path: e.message for e in caught.value.errors}


def zones(doc: dict[str, Any], p: str) -> dict[str, Any]:
    return doc["start"]["players"][p]


def spark() -> dict[str, Any]:
    return copy.deepcopy(SPARK)


def test_the_examples_are_read() -> None:
    assert read_position(ATTACK).start["battle"]["attacker"] == "B-2"
    assert read_position(SPARK).start["pending"][0]["source"] == "A-1"


def test_R4U_ENTRY_IN_a_position_with_an_empty_or_non_character_entry_is_refused() -> None:
    """Seed, エントリーイン: "只要参赛区空着没有角色存在就要进行报名" -- the entry is never empty."""
    doc = spark()
    zones(doc, "B")["entry"] = "R4S-101"  # a Rebirth card
    found = problems(doc)
    assert "R4U-ENTRY-IN" in found["start.players.B.entry"]
    doc = spark()
    del zones(doc, "B")["entry"]
    assert "start.players.B.entry" in problems(doc)


def test_R4U_FIELD_three_member_squares_of_characters() -> None:
    """Seed, 游戏场地 ②: "共有３格"."""
    doc = spark()
    zones(doc, "A")["members"] = [{"card": "R4S-003"}] * 4
    assert "R4U-FIELD" in problems(doc)["start.players.A.members"]
    doc = spark()
    zones(doc, "A")["members"][2] = {"card": "R4S-P03"}
    found = problems(doc)
    assert "R4U-FIELD" in found["start.players.A.members[2].card"]


def test_R4U_REBIRTH_AREA_at_most_8_rebirth_cards() -> None:
    """Seed, Rebirth卡的使用: "Rebirth卡区中最多可以存在８张Rebirth卡"."""
    doc = spark()
    zones(doc, "A")["rebirth_area"] = ["R4S-101"] * 8
    read_position(doc)  # 8 is allowed
    zones(doc, "A")["rebirth_area"] = ["R4S-101"] * 9
    assert "R4U-REBIRTH-AREA" in problems(doc)["start.players.A.rebirth_area"]
    zones(doc, "A")["rebirth_area"] = ["R4S-003"]
    assert "R4U-REBIRTH-AREA" in problems(doc)["start.players.A.rebirth_area[0]"]


def test_R4U_LOSS_RETIRE_a_position_with_7_retired_cards_is_over() -> None:
    """Seed, 游戏场地 ③: "这里的卡最终达到７张时就会失败"."""
    doc = spark()
    zones(doc, "B")["retire"] = ["R4S-011"] * 6
    read_position(doc)
    zones(doc, "B")["retire"] = ["R4S-011"] * 7
    assert "R4U-LOSS-RETIRE" in problems(doc)["start.players.B.retire"]


def test_R4U_PARTNER_CARD_partner_cards_only_in_the_hand_or_partner_zone() -> None:
    doc = spark()
    zones(doc, "A")["waiting_room"] = ["R4S-P03"]
    zones(doc, "A")["hand"] = ["R4S-105"]
    assert "R4U-PARTNER-CARD" in problems(doc)["start.players.A.waiting_room[0]"]
    doc = spark()
    zones(doc, "A")["partners"].append({"card": "R4S-003"})
    assert "R4U-PARTNER-CARD" in problems(doc)["start.players.A.partners[2].card"]


def test_R4U_DECK_PARTNERS_at_most_3_partner_cards() -> None:
    doc = spark()
    zones(doc, "A")["hand"].append("R4S-P01")
    assert "R4U-DECK-PARTNERS" in problems(doc)["start.players.A"]


def test_a_card_in_two_places_is_refused() -> None:
    doc = spark()
    zones(doc, "A")["retire"] = [{"code": "R4S-004", "id": "A-2"}]
    zones(doc, "A")["waiting_room"] = [{"code": "R4S-005", "id": "A-2"}]
    assert "one place only" in problems(doc)["start.players.A.waiting_room[0].id"]


def test_R4U_TURN_the_turn_player_follows_from_the_turn_and_the_first_player() -> None:
    doc = spark()
    doc["start"]["turn_player"] = "B"  # turn 5, A went first: A's
    assert "R4U-TURN" in problems(doc)["start.turn_player"]


def test_R4U_BATTLE_no_battle_phase_in_the_first_players_first_turn() -> None:
    doc = spark()
    doc["start"].update(turn=1, phase="battle", pending=[])
    assert "R4U-BATTLE" in problems(doc)["start.phase"]


def test_R4U_ATTACK_the_attacker_is_a_rested_member_of_the_turn_player() -> None:
    doc = copy.deepcopy(ATTACK)
    doc["start"]["battle"]["attacker"] = "B-3"  # a standing member
    assert "R4U-ATTACK" in problems(doc)["start.battle.attacker"]
    doc["start"]["battle"] = {"attacker": "B-2", "partner": True}  # 2 partners
    assert "R4U-PARTNER-ATTACK" in problems(doc)["start.battle.partner"]


def test_R4U_SPARK_a_pending_spark_is_a_spark_of_a_card_in_the_entry() -> None:
    doc = spark()
    doc["start"]["pending"] = [{"source": "A-2"}]  # a member
    assert "R4U-SPARK" in problems(doc)["start.pending[0].source"]
    doc["start"]["pending"] = [{"source": "A-1", "effect": 2}]
    assert "R4U-SPARK" in problems(doc)["start.pending[0].effect"]


def test_unknown_cards_and_unseen_must_match() -> None:
    doc = copy.deepcopy(ATTACK)
    zones(doc, "A")["unseen"].pop()
    assert "start.players.A.unseen" in problems(doc)


def test_a_log_from_a_position_attack_with_the_damage_so_far() -> None:
    """B's entry Toa (ATK 4, performance [Knight] 3: +2) deals 6 on top of the 3 dealt this
    turn against A's entry (DEF 5): defeated (R4U-DAMAGE)."""
    log = {**position_log(ATTACK), "actions": [{"p": "A", "do": "guard", "card": None}]}
    r = replay(log)
    step = r["steps"][0]
    assert step["verdict"] == "legal"
    assert any(e["type"] == "retire" for e in step["events"])
    assert step["state"]["players"]["A"]["retire"][-1] == "A-1"


def test_a_log_from_a_position_a_waiting_spark_and_an_activated_effect() -> None:
    actions = [
        {"p": "A", "do": "resolve", "source": "A-1", "choice": 2},
        {"p": "A", "do": "rebirth", "card": "R4S-105"},
        {"p": "A", "do": "activate", "card": "R4S-105", "pay": {"energy": 0, "partner": 1}},
    ]
    r = replay({**position_log(SPARK), "actions": actions})
    assert [s["verdict"] for s in r["steps"]] == ["legal"] * 3
    a = r["steps"][-1]["state"]["players"]["A"]
    assert a["entry"]["atk"] == 3 + 2
    assert [p["rested"] for p in a["partners"]] == [True, False]


def test_the_position_json_schema_accepts_the_rebirth_examples() -> None:
    import jsonschema

    from judge.core.position import position_json_schema

    validator = jsonschema.Draft202012Validator(position_json_schema())
    for doc in (ATTACK, SPARK, SETUP):
        assert list(validator.iter_errors(doc)) == []


def test_the_setup_example_waits_for_the_second_players_preset() -> None:
    r = replay({**position_log(SETUP), "actions": [{"p": "B", "do": "preset", "card": "B-PT3"}]})
    step = r["steps"][0]
    assert step["verdict"] == "legal"
    assert (step["state"]["turn"], step["state"]["phase"]) == (1, "energy")


# -- positions in the setup, the stand phase and the end phase ---------------------------------


def _setup(first: str | None = None) -> dict[str, Any]:
    """After the deal: both entries chosen, 3 cards and the 3 partner cards in each hand."""
    doc = spark()
    doc["start"] = {
        "turn": 0,
        "phase": "setup",
        "turn_player": None,
        "first": first,
        "players": {
            p: {
                "entry": entry,
                "hand": [*hand, "R4S-P01", "R4S-P02", "R4S-P03"],
                "deck": ["R4S-008", "R4S-010", "R4S-001"],
            }
            for p, entry, hand in (
                ("A", "R4S-003", ["R4S-004", "R4S-005", "R4S-006"]),
                ("B", "R4S-013", ["R4S-014", "R4S-015", "R4S-016"]),
            )
        },
    }
    return doc


def test_R4U_SETUP_FIRST_a_setup_position_waits_for_who_goes_first_then_the_preset() -> None:
    """Seed, 游戏开始前的准备 5, 6: first player decided, then the second player's preset."""
    actions = [
        {"p": "A", "do": "first_player", "first": "A"},
        {"p": "B", "do": "preset", "card": "R4S-P02"},
    ]
    r = replay({**position_log(_setup()), "actions": actions})
    assert [s["verdict"] for s in r["steps"]] == ["legal", "legal"]
    last = r["steps"][-1]["state"]
    assert (last["turn"], last["turn_player"], last["phase"]) == (1, "A", "energy")
    assert [p["id"] for p in last["players"]["B"]["partners"]] == ["B-PT2"]
    assert len(last["players"]["A"]["hand"]) == 3 + 3 + 1  # the stand phase drew 1


def test_R4U_SETUP_PRESET_a_setup_position_with_the_first_player_decided_waits_for_the_preset() -> (
    None
):
    log = {**position_log(_setup(first="B")), "actions": []}
    log["actions"] = [{"p": "B", "do": "preset", "card": "R4S-P01"}]  # B went first
    r = replay(log)
    assert "R4U-PHASE" in [v["rule"] for v in r["steps"][0]["violations"]]
    log["actions"] = [{"p": "A", "do": "preset", "card": "R4S-P01"}]
    r = replay(log)
    assert r["steps"][0]["verdict"] == "legal"
    assert r["steps"][0]["state"]["turn_player"] == "B"
    doc = _setup(first="A")
    zones(doc, "B")["partners"] = [{"card": "R4S-P01"}]
    zones(doc, "B")["hand"].remove("R4S-P01")
    assert "R4U-SETUP-PRESET" in problems(doc)["start.players.B.partners"]


def test_R4U_SETUP_ENTRY_a_setup_positions_entry_is_of_level_2_or_less() -> None:
    """Seed, 游戏开始前的准备 1: "选择一张２级以下（含2级）的角色放入"擂台"."""
    doc = _setup()
    zones(doc, "A")["entry"] = "R4S-009"  # level 3
    assert "R4U-SETUP-ENTRY" in problems(doc)["start.players.A.entry"]


def test_R4U_SETUP_HAND_a_setup_position_holds_3_cards_and_the_partners_nothing_on_the_field() -> (
    None
):
    """Seed, 游戏开始前的准备 3, 4: 3 cards from the deck, the 3 partner cards to the hand."""
    doc = _setup()
    zones(doc, "A")["hand"].pop(0)
    zones(doc, "B")["waiting_room"] = ["R4S-011"]
    found = problems(doc)
    assert "R4U-SETUP-HAND" in found["start.players.A.hand"]
    assert "R4U-SETUP-HAND" in found["start.players.B.waiting_room"]


def test_R4U_TURN_turn_0_is_the_setup_and_null_players_only_there() -> None:
    doc = _setup()
    doc["start"]["phase"] = "main"
    assert "R4U-TURN" in problems(doc)["start.turn"]
    doc = _setup()
    doc["start"]["turn_player"] = "A"
    assert "start.turn_player" in problems(doc)
    doc = spark()
    doc["start"]["first"] = None
    assert "R4U-SETUP-FIRST" in problems(doc)["start.first"]


def test_R4U_STAND_a_position_at_the_stand_phase_draws_and_stands_at_the_first_step() -> None:
    """Seed, 游戏流程 2 准备阶段: "抽一张卡。将成员与能量区中横置状态的卡片变为竖直状态"."""
    doc = copy.deepcopy(ATTACK)
    doc["start"].update(turn=5, phase="stand", turn_player="A", battle=None, damage=0)
    zones(doc, "A")["members"] = [{"card": "R4S-001", "rested": True}, None, None]
    before = len(zones(doc, "A")["hand"])
    log = {**position_log(doc), "actions": [{"p": "A", "do": "proceed"}]}
    step = replay(log)["steps"][0]
    assert step["verdict"] == "legal"
    assert "R4U-STAND" in [x["rule"] for x in step["rulings"]]
    a = step["state"]["players"]["A"]
    assert len(a["hand"]) == before + 1
    assert a["members"][0]["rested"] is False
    assert step["state"]["phase"] == "main"  # the proceed ended the energy phase


def test_R4U_END_a_position_at_the_end_phase_empties_the_rebirth_area_then_the_next_turn() -> None:
    """Seed, 游戏流程 6 结束阶段: "Rebirth卡区的所有卡片进入休息室"."""
    doc = copy.deepcopy(ATTACK)
    doc["start"].update(phase="end", battle=None, damage=0)
    log = {**position_log(doc), "actions": [{"p": "A", "do": "proceed"}]}
    step = replay(log)["steps"][0]
    assert step["verdict"] == "legal"
    b = step["state"]["players"]["B"]
    assert b["rebirth_area"] == [] and "R4U-END" in [x["rule"] for x in step["rulings"]]
    assert step["state"]["turn_player"] == "A"


def test_R4U_SPARK_no_spark_waits_at_the_start_of_the_stand_or_end_phase() -> None:
    doc = spark()
    doc["start"]["phase"] = "stand"
    assert "R4U-SPARK" in problems(doc)["start.pending"]


def test_R4U_ACTIVATE_LIMIT_a_position_says_which_limited_effects_were_used() -> None:
    """A's member Mira (R4S-028: [Once per turn] [1] Draw 1 card) used its effect this turn."""
    doc = spark()
    zones(doc, "A")["members"][2] = {"card": "R4S-028"}
    doc["start"]["pending"] = []
    doc["start"]["used"] = [{"card": "A-4"}]
    assert read_position(doc).start["used"] == [{"card": "A-4", "ability": 1, "times": 1}]
    act = {"p": "A", "do": "activate", "card": "A-4", "pay": {"energy": 1, "partner": 0}}
    r = replay({**position_log(doc), "actions": [act]})
    assert "R4U-ACTIVATE-LIMIT" in [v["rule"] for v in r["steps"][0]["violations"]]
    doc["start"]["used"] = [{"card": "A-4", "times": 2}]
    assert "R4U-ACTIVATE-LIMIT" in problems(doc)["start.used[0].times"]
    doc["start"]["used"] = [{"card": "A-2"}]  # no limited effect
    assert "R4U-ACTIVATE-LIMIT" in problems(doc)["start.used[0].ability"]
    doc["start"].update(used=[{"card": "A-4"}], phase="energy")
    assert "start.used[0]" in problems(doc)
