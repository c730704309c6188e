"""Rangers Strike 1 vs 1: short games through the log builder, one or more tests per rule.

Each test is named ``test_<RULE_ID>_<what>`` after the rule it exercises (the tag battle's
``RST-…`` rules are in ``test_tag_flow.py``).  Logs are in observed mode unless a test needs
known hidden cards: naming a card in a hand binds the lowest-numbered copy, so with the
builder's decks ``A-1`` … ``A-3`` are the first test card's copies and fillers (``T-000``)
follow the test cards.
"""

from __future__ import annotations

from typing import Any

import pytest

from judge.core.errors import BadLog
from judge.core.replay import replay
from judge.core.rng import shuffled
from judge.games.rangers_strike.testing import (
    LogBuilder,
    area_ids,
    card,
    event_texts,
    event_types,
    game_state,
    player_state,
    rules_applied,
    rules_broken,
    ruling_texts,
    verdict,
)

UNIT = card("T-001", name="Falcon", bp=3000, sp=1)
WEAK = card("T-002", name="Sparrow", bp=1000, sp=1)
WALL = card("T-003", name="Wall", bp=3000, sp=0)
COMBO2 = card(
    "T-004",
    name="Pair Striker",
    bp=2000,
    combination={"number": 2, "effects": [{"when": "combination", "do": [{"op": "draw"}]}]},
)
BURN6 = card(
    "T-005",
    "operation",
    name="Burn Six",
    effects=[{"when": "on_use", "do": [{"op": "damage", "n": 6}]}],
)
BURN7 = card(
    "T-006",
    "operation",
    name="Burn Seven",
    effects=[{"when": "on_use", "do": [{"op": "damage", "n": 7}]}],
)
BURN1 = card(
    "T-007",
    "operation",
    name="Burn One",
    effects=[{"when": "on_use", "do": [{"op": "damage", "n": 1}]}],
)
VOLT = card("T-010", name="Volt Filler", category="volt", bp=1000)


def b1(*cards: dict[str, Any], **kw: Any) -> LogBuilder:
    """A 1 vs 1 log; A wins rock-paper-scissors and goes first."""
    return LogBuilder(list(cards), **kw).setup(first="A")


def phases(r: dict[str, Any]) -> list[tuple[int, str | None, str]]:
    return [
        (s["state"]["turn"], s["state"]["turn_player"], s["state"]["phase"]) for s in r["steps"]
    ]


def a_unit_in_battle(*cards: dict[str, Any], unit: str = "T-001", **kw: Any) -> LogBuilder:
    """A rushes ``unit`` on turn 1 (holding a charged command) and passes; B passes turn 2;
    A's turn 3 is in its battle phase with the unit still in the rush area."""
    b = b1(*cards, **kw)
    b.charge("A", "T-000").proceed("A").rush("A", unit).proceed("A", 2)
    b.pass_turn("B")
    return b.charge("A", "T-000").proceed("A", 2)


# -- setup and the turn --------------------------------------------------------------------------


def test_RS_SETUP_FIRST_the_winner_goes_first_with_no_choice() -> None:
    b = LogBuilder([UNIT]).setup(first="B", by="B")
    r = b.replay()
    assert verdict(r, 0) == "legal"
    assert "RS-SETUP-FIRST" in rules_applied(r, 0)
    assert "B won rock-paper-scissors: B goes first (no choice)." in ruling_texts(r, 0)
    assert (game_state(r)["turn"], game_state(r)["turn_player"]) == (1, "B")
    b.proceed("A")
    assert rules_broken(b.replay(), b.last) == ["RS-PHASE"]
    # the winner may not let the other player go first
    b = LogBuilder([UNIT]).setup(first="B", by="A")
    r = b.replay()
    assert rules_broken(r, 0) == ["RS-SETUP-FIRST"]
    assert "A won rock-paper-scissors, so A goes first" in r["steps"][0]["violations"][0]["message"]


def test_RS_SETUP_HAND_seven_cards_and_no_mulligan() -> None:
    r = b1(UNIT).replay()
    assert len(player_state(r, "A")["hand"]) == 7
    assert len(player_state(r, "B")["hand"]) == 7
    assert "RS-SETUP-HAND" in rules_applied(r, 0)
    doc = b1(UNIT).act("A", "mulligan", redraw=True).log()
    with pytest.raises(BadLog) as caught:
        replay(doc)
    assert caught.value.errors[0].path == "actions[1].do"


def test_RS_TURN_charge_rush_battle_each_ended_by_proceed() -> None:
    b = b1(UNIT).proceed("A", 3).proceed("B")
    r = b.replay()
    assert phases(r) == [
        (1, "A", "charge"),
        (1, "A", "rush"),
        (1, "A", "battle"),
        (2, "B", "charge"),
        (2, "B", "rush"),
    ]
    assert "RS-TURN" in rules_applied(r, 3)
    assert "End of A's turn." in event_texts(r, 3)


def test_RS_FIRST_TURN_no_draw_for_the_first_player_only() -> None:
    r = b1(UNIT).proceed("A", 3).replay()
    assert "RS-FIRST-TURN" in rules_applied(r, 0)
    assert len(player_state(r, "A")["hand"]) == 7
    assert len(player_state(r, "B")["hand"]) == 8


def test_RS_START_releases_commands_and_returns_units() -> None:
    b = b1(UNIT).charge("A", "T-000").proceed("A").rush("A", "T-001").proceed("A")
    b.enter("A", "T-001").proceed("A")
    r = b.replay()
    assert player_state(r, "A")["command"] == [{"id": "A-4", "held": True}]
    assert area_ids(r, "A", "battle") == ["A-1"]
    b.pass_turn("B")
    r = b.replay()
    assert player_state(r, "A")["command"] == [{"id": "A-4", "held": False}]
    assert area_ids(r, "A", "battle") == [] and area_ids(r, "A", "rush") == ["A-1"]
    assert "RS-START" in rules_applied(r, b.last)


def test_RS_START_DRAW_one_card_each_start_phase() -> None:
    b = b1(UNIT).proceed("A", 3)
    r = b.replay()
    assert "RS-START-DRAW" in rules_applied(r, b.last)
    assert "B draws a card." in event_texts(r, b.last)


def test_RS_START_EXTRA_DRAW_only_with_fewer_cards_than_damage() -> None:
    b = b1(UNIT, BURN6)
    b.charge("A", "T-000").proceed("A").rush("A", "T-001").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").use("B", "T-005").proceed("B", 2)
    r = b.replay()
    assert player_state(r, "A")["damage"] == 6
    # turn 3: 6 cards in hand, 6 damage: no extra draw
    b.act("A", "extra_draw")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-START-EXTRA-DRAW"]
    b.charge("A", "T-000").proceed("A").rush("A", "T-001").proceed("A", 2).pass_turn("B")
    b.act("A", "extra_draw")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-START-EXTRA-DRAW" in rules_applied(r, b.last)
    assert len(player_state(r, "A")["hand"]) == 6
    b.act("A", "extra_draw")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-START-EXTRA-DRAW"]  # once
    b.charge("A", "T-000").act("A", "extra_draw")
    assert rules_broken(b.replay(), b.last) == ["RS-START-EXTRA-DRAW"]  # first decisions only


# -- charge phase --------------------------------------------------------------------------------


def test_RS_CHARGE_at_most_one_card_in_the_charge_phase() -> None:
    b = b1(UNIT).charge("A", "T-000", to="power").charge("A", "T-000", to="command")
    r = b.replay()
    assert verdict(r, 1) == "legal"
    assert rules_broken(r, 2) == ["RS-CHARGE"]
    assert player_state(r, "A")["power"] == {"face_up": ["A-4"], "face_down": 0}
    b = b1(UNIT).proceed("A").charge("A", "T-000")
    assert rules_broken(b.replay(), b.last) == ["RS-CHARGE"]  # not in the rush phase


def test_RS_COMMAND_LIMIT_five_commands_at_most() -> None:
    b = b1(UNIT)
    for _ in range(5):
        b.charge("A", "T-000").proceed("A", 3).pass_turn("B")
    b.charge("A", "T-000", to="command")
    r = b.replay()
    assert len(player_state(r, "A")["command"]) == 5
    assert rules_broken(r, b.last) == ["RS-COMMAND-LIMIT"]
    b.doc["actions"][-1]["to"] = "power"
    assert verdict(b.replay(), b.last) == "legal"


def test_RS_POWER_face_down_cards_still_count() -> None:
    heavy = card("T-008", name="Heavy", power=1, bp=4000)
    b = b1(heavy, BURN1)
    b.charge("A", "T-000", to="power").proceed("A", 3)
    b.charge("B", "T-000").proceed("B").use("B", "T-007").take_damage("A", ["A-7"])
    b.proceed("B", 2)
    r = b.replay()
    assert player_state(r, "A")["power"] == {"face_up": [], "face_down": 1}
    b.charge("A", "T-000").proceed("A").rush("A", "T-008")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "A's power is 1: every card of its power zone, face up or face down." in ruling_texts(
        r, b.last
    )


# -- rush phase ----------------------------------------------------------------------------------


def test_RS_RUSH_units_and_operations_any_number_in_the_rush_phase() -> None:
    draw_op = card("T-009", "operation", effects=[{"when": "on_use", "do": [{"op": "draw"}]}])
    b = b1(UNIT, draw_op).charge("A", "T-000").proceed("A", 3).pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-001").use("A", "T-009")
    r = b.replay()
    assert [verdict(r, i) for i in (b.last - 1, b.last)] == ["legal", "legal"]
    assert area_ids(r, "A", "rush") == ["A-1"]
    b.rush("A", "T-001")
    assert rules_broken(b.replay(), b.last) == ["RS-RUSH-COMMAND"]  # both commands are held
    b = b1(UNIT).rush("A", "T-001")
    assert rules_broken(b.replay(), b.last) == ["RS-RUSH"]  # charge phase


def test_RS_RUSH_ORDER_power_then_command_then_condition() -> None:
    big = card(
        "T-008",
        name="Big Volt",
        category="volt",
        power=1,
        bp=5000,
        condition={"unit_named": "Falcon"},
    )
    b = b1(big, UNIT, VOLT).charge("A", "T-000").proceed("A").rush("A", "T-008")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-RUSH-POWER"]  # power fails first; nothing else said
    b.proceed("A", 2).pass_turn("B").charge("A", "T-000", to="power").proceed("A")
    b.rush("A", "T-008")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-RUSH-COMMAND"]  # then the volt command
    b.proceed("A", 2).pass_turn("B").charge("A", "T-010").proceed("A").rush("A", "T-008")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-RUSH-CONDITION"]  # then the condition
    b.rush("A", "T-001").rush("A", "T-008")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-RUSH-ORDER" in rules_applied(r, b.last)
    assert any("checked in order — power 1 ≥ 1" in t for t in ruling_texts(r, b.last))


def test_RS_RUSH_POWER_too_little_power_is_illegal() -> None:
    heavy = card("T-008", name="Heavy", power=2, bp=4000)
    b = b1(heavy).charge("A", "T-000").proceed("A").rush("A", "T-008")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-RUSH-POWER"]
    assert "needs power 2; A has power 0" in r["steps"][b.last]["violations"][0]["message"]


def test_RS_RUSH_COMMAND_a_named_command_must_be_released() -> None:
    b = b1(UNIT).charge("A", "T-000").proceed("A").rush("A", "T-001", hold="A-4")
    b.rush("A", "T-001", hold="A-4")
    r = b.replay()
    assert verdict(r, b.last - 1) == "legal"
    assert rules_broken(r, b.last) == ["RS-RUSH-COMMAND"]
    assert "A-4 is held already" in r["steps"][b.last]["violations"][0]["message"]
    b = b1(UNIT).charge("A", "T-000").proceed("A").rush("A", "T-001", hold_by="B")
    assert rules_broken(b.replay(), b.last) == ["RS-RUSH-COMMAND"]  # no lending in 1 vs 1


def test_RS_CATEGORY_a_command_of_another_category_does_not_pay() -> None:
    b = b1(UNIT, VOLT).charge("A", "T-010").proceed("A").rush("A", "T-001")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-RUSH-COMMAND"]
    assert "no released blaze command" in r["steps"][b.last]["violations"][0]["message"]
    b = b1(UNIT, VOLT).charge("A", "T-010").proceed("A").rush("A", "T-001", hold="A-4")
    assert rules_broken(b.replay(), b.last) == ["RS-CATEGORY"]


def test_RS_RUSH_CONDITION_needs_a_matching_unit() -> None:
    needy = card("T-008", name="Needy", condition={"unit_category": "volt"})
    b = b1(needy, VOLT).charge("A", "T-000").proceed("A").rush("A", "T-008")
    assert rules_broken(b.replay(), b.last) == ["RS-RUSH-CONDITION"]
    b = b1(needy, VOLT).charge("A", "T-000").proceed("A").rush("A", "T-008", lend=["T-010"])
    assert rules_broken(b.replay(), b.last) == ["RST-LEND-UNIT"]  # no ally in 1 vs 1


def test_RS_CARD_TYPES_operations_are_used_units_are_rushed() -> None:
    draw_op = card("T-009", "operation", effects=[{"when": "on_use", "do": [{"op": "draw"}]}])
    b = b1(UNIT, draw_op).charge("A", "T-000").proceed("A").rush("A", "T-009").use("A", "T-001")
    r = b.replay()
    assert rules_broken(r, b.last - 1) == ["RS-CARD-TYPES"]
    assert rules_broken(r, b.last) == ["RS-CARD-TYPES"]
    doc = b1(UNIT).log()
    doc["decks"]["A"]["ap"] = []
    with pytest.raises(BadLog) as caught:
        replay(doc)
    assert [e.path for e in caught.value.errors] == ["decks.A.ap"]


def test_RS_OPERATION_a_normal_operation_resolves_then_goes_to_the_discard_pile() -> None:
    draw_op = card(
        "T-009", "operation", effects=[{"when": "on_use", "do": [{"op": "draw", "n": 2}]}]
    )
    b = b1(draw_op).charge("A", "T-000").proceed("A").use("A", "T-009")
    r = b.replay()
    assert event_types(r, b.last) == ["hold", "use", "effect", "draw", "to_discard"]
    assert player_state(r, "A")["discard"] == ["A-1"]
    assert len(player_state(r, "A")["hand"]) == 7  # 7 - charge - use + 2
    assert "RS-OPERATION" in rules_applied(r, b.last)


def test_RS_RESIDENT_one_per_player_a_new_one_replaces_the_old() -> None:
    res1 = card(
        "T-008",
        "operation",
        name="Drill Field",
        operation="resident",
        effects=[
            {
                "when": "resident",
                "do": [{"op": "bp", "amount": 1000, "target": {"side": "own", "zone": "battle"}}],
            }
        ],
    )
    res2 = card("T-009", "operation", name="Quiet Field", operation="resident")
    b = a_unit_in_battle(UNIT, res1, res2)
    b.doc["actions"][-1:] = []  # back to the rush phase of turn 3
    b.use("A", "T-008").proceed("A").enter("A", "T-001")
    r = b.replay()
    assert player_state(r, "A")["resident"] == "A-4"
    assert player_state(r, "A")["battle"][0]["bp"] == 4000
    assert player_state(r, "A")["rush"] == []
    b.proceed("A").pass_turn("B").charge("A", "T-000").proceed("A").use("A", "T-009")
    r = b.replay()
    assert "RS-RESIDENT" in rules_applied(r, b.last)
    assert player_state(r, "A")["resident"] == "A-7"
    assert player_state(r, "A")["discard"] == ["A-4"]
    assert player_state(r, "A")["rush"][0]["bp"] == 3000


# -- battle phase --------------------------------------------------------------------------------


def test_RS_BATTLE_units_enter_only_in_the_battle_phase() -> None:
    b = b1(UNIT).charge("A", "T-000").proceed("A").rush("A", "T-001").enter("A", "T-001")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-BATTLE"]
    b.proceed("A").enter("A", "T-001")
    assert verdict(b.replay(), b.last) == "legal"


def test_RS_BATTLE_ENTER_positions_are_packed_from_the_left() -> None:
    b = b1(WEAK, UNIT).charge("A", "T-000").proceed("A", 3).pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-002").rush("A", "T-001").proceed("A")
    b.enter("A", "T-002").enter("A", "T-001").proceed("A")
    r = b.replay()
    assert [e["position"] for e in r["steps"][b.last - 2]["events"] if e["type"] == "enter"] == [1]
    assert [e["position"] for e in r["steps"][b.last - 1]["events"] if e["type"] == "enter"] == [2]
    assert "RS-BATTLE-ENTER" in rules_applied(r, b.last - 1)
    # B destroys A's position 1; A's remaining unit is position 1 again
    b.charge("B", "T-000").proceed("B").rush("B", "T-001").proceed("B").enter("B", "T-001")
    b.attack("B", "T-001", "A-1")
    r = b.replay()
    assert area_ids(r, "A", "battle") == ["A-4"]


def test_RS_NUMBER_COMBINATION_triggers_at_its_number_only() -> None:
    b = b1(COMBO2, UNIT).charge("A", "T-000").proceed("A", 3).pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-004").rush("A", "T-001").proceed("A")
    b.enter("A", "T-004")
    r = b.replay()
    assert "no_combination" in event_types(r, b.last)
    b.doc["actions"][-1] = {"p": "A", "do": "enter", "card": "T-001"}
    b.enter("A", "T-004")
    r = b.replay()
    assert "RS-NUMBER-COMBINATION" in rules_applied(r, b.last)
    assert event_types(r, b.last)[-2:] == ["effect", "draw"]


def test_RS_ATTACK_only_a_unit_in_the_opposing_battle_area() -> None:
    b = a_unit_in_battle(UNIT).enter("A", "T-001").attack("A", "T-001", "B-1")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-ATTACK"]
    assert "B's battle area is empty" in r["steps"][b.last]["violations"][0]["message"]


def _duel(a_unit: str, b_unit: str, *cards: dict[str, Any]) -> LogBuilder:
    """B has ``b_unit`` in its battle area; A's ``a_unit`` enters in turn 3 (not yet acting)."""
    b = b1(*cards).charge("A", "T-000").proceed("A").rush("A", a_unit).proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", b_unit).proceed("B").enter("B", b_unit)
    b.proceed("B").charge("A", "T-000").proceed("A", 2).enter("A", a_unit)
    return b


def test_RS_ATTACK_RESULT_lower_bp_destroyed_tie_destroys_both() -> None:
    b = _duel("T-001", "T-002", UNIT, WEAK).attack("A", "T-001", "B-4")
    r = b.replay()
    assert "RS-ATTACK-RESULT" in rules_applied(r, b.last)
    assert area_ids(r, "B", "battle") == [] and player_state(r, "B")["discard"] == ["B-4"]
    assert area_ids(r, "A", "battle") == ["A-1"]
    b = _duel("T-001", "T-003", UNIT, WALL).attack("A", "T-001", "T-003")
    r = b.replay()
    assert "both are destroyed" in " ".join(ruling_texts(r, b.last))
    assert player_state(r, "A")["discard"] == ["A-1"] and player_state(r, "B")["discard"] == ["B-4"]


def test_RS_STRIKE_needs_sp_1() -> None:
    b = a_unit_in_battle(WALL, unit="T-003").enter("A", "T-003").strike("A", "T-003")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-STRIKE"]
    b = a_unit_in_battle(UNIT).enter("A", "T-001").strike("A", "T-001")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "B")["damage"] == 1


def test_RS_STRIKE_DAMAGE_the_units_sp_by_default_one_with_the_option() -> None:
    """RS-STRIKE-DAMAGE: SP is how many points of damage a strike deals ("2" deals 2): an SP 2
    unit's strike deals 2 damage by default, and 1 under strike_damage "one"."""
    two = card("T-008", name="Twin Striker", sp=2)
    b = a_unit_in_battle(two, unit="T-008").enter("A", "T-008").strike("A", "T-008")
    r = b.replay()
    assert player_state(r, "B")["damage"] == 2
    assert "RS-STRIKE-DAMAGE" in rules_applied(r, b.last)
    b = a_unit_in_battle(two, unit="T-008", options={"strike_damage": "one"})
    b.enter("A", "T-008").strike("A", "T-008")
    r = b.replay()
    assert player_state(r, "B")["damage"] == 1
    assert "RS-STRIKE-DAMAGE" in rules_applied(r, b.last)


def test_RS_ONE_ACTION_only_right_after_entering_and_once() -> None:
    b = a_unit_in_battle(UNIT).enter("A", "T-001").strike("A", "T-001").strike("A", "T-001")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-ONE-ACTION"]
    b = b1(UNIT, WEAK).charge("A", "T-000").proceed("A", 3).pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-001").rush("A", "T-002").proceed("A")
    b.enter("A", "T-001").enter("A", "T-002").strike("A", "T-001")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-ONE-ACTION"]
    assert "(A-4 (Sparrow) has just entered)" in r["steps"][b.last]["violations"][0]["message"]
    b.doc["actions"][-1] = {"p": "A", "do": "strike", "card": "T-002"}
    assert verdict(b.replay(), b.last) == "legal"


def test_RS_CARD_IN_ZONE_a_striking_card_not_in_the_battle_area_is_said_to_be_where_it_is() -> None:
    """RS-CARD-IN-ZONE: "an attacking or striking unit in your battle area, just entered".
    A strike naming a card of the deck breaks it, and the message says where the card is
    (not that only the unit just entered may strike: RS-ONE-ACTION's words for a unit of the
    battle area that did not just enter)."""
    b = a_unit_in_battle(UNIT, mode="seeded", decks={"A": ["T-001", "T-000"] * 20})
    b.enter("A", "T-001")
    deck = replay(b.doc, detail="full")["steps"][b.last]["snapshot"]["players"]["A"]["deck"]
    b.strike("A", deck[0])
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-CARD-IN-ZONE"]
    message = r["steps"][b.last]["violations"][0]["message"]
    assert message.startswith(f"{deck[0]} (")
    assert "is in A's deck: only a unit in A's battle area, the one that has just entered" in (
        message
    )
    b.doc["actions"][-1]["card"] = hand = player_state(r, "A")["hand"][0]
    message = b.replay()["steps"][b.last]["violations"][0]["message"]
    assert message.startswith(f"{hand} (") and "is in A's hand: only a unit" in message
    b.doc["actions"][-1]["card"] = "T-001"  # the unit that has just entered may
    assert verdict(b.replay(), b.last) == "legal"


# -- damage ---------------------------------------------------------------------------------------


def _b_with_power(n: int, *cards: dict[str, Any], **kw: Any) -> LogBuilder:
    """B charges ``n`` power cards (one per turn); A has UNIT in its rush area and is in its
    battle phase of the next turn."""
    b = b1(UNIT, *cards, **kw).charge("A", "T-000").proceed("A").rush("A", "T-001")
    b.proceed("A", 2)
    for i in range(n):
        b.charge("B", "T-000", to="power").proceed("B", 3)
        if i < n - 1:
            b.charge("A", "T-000", to="power").proceed("A", 3)
    return b.charge("A", "T-000", to="power").proceed("A", 2)


def test_RS_DAMAGE_turns_a_face_up_power_card_face_down() -> None:
    b = _b_with_power(2).enter("A", "T-001").strike("A", "T-001").take_damage("B", ["B-5"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "B")["power"] == {"face_up": ["B-4"], "face_down": 1}
    assert player_state(r, "B")["damage"] == 1
    assert "RS-DAMAGE" in rules_applied(r, b.last)


def test_RS_DAMAGE_CHOICE_the_damaged_player_chooses() -> None:
    b = _b_with_power(2).enter("A", "T-001").strike("A", "T-001")
    r = b.replay()
    assert r["steps"][b.last]["pending"][0]["player"] == "B"
    b.take_damage("A", ["B-5"])
    assert rules_broken(b.replay(), b.last) == ["RS-PHASE"]
    b.doc["actions"][-1] = {"p": "B", "do": "take_damage", "cards": ["B-4", "B-5"]}
    assert rules_broken(b.replay(), b.last) == ["RS-DAMAGE-CHOICE"]
    b.doc["actions"][-1] = {"p": "B", "do": "take_damage", "cards": ["B-9"]}
    assert rules_broken(b.replay(), b.last) == ["RS-CARD-IN-ZONE"]  # B-9 is in B's deck


def test_RS_DAMAGE_CHOICE_deck_top_when_no_face_up_card_is_left() -> None:
    b = a_unit_in_battle(UNIT).enter("A", "T-001").strike("A", "T-001")
    r = b.replay()
    assert "damage_from_deck" in event_types(r, b.last)
    assert player_state(r, "B")["power"] == {"face_up": [], "face_down": 1}
    assert player_state(r, "B")["deck"] == 31


def test_RS_CHOICE_RECORDED_a_skipped_damage_choice() -> None:
    b = _b_with_power(2).enter("A", "T-001").strike("A", "T-001").proceed("A")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "RS-CHOICE-RECORDED" in rules_applied(r, b.last)
    assert player_state(r, "B", b.last)["power"]["face_up"] == ["B-5"]
    b = _b_with_power(1).enter("A", "T-001").strike("A", "T-001").proceed("A")
    r = b.replay()
    assert verdict(r, b.last) == "legal"  # one face-up card for 1 damage: only one choice
    assert "only one choice" in " ".join(ruling_texts(r, b.last))


def test_RS_LOSS_DAMAGE_seven_damage_loses() -> None:
    b = b1(BURN6, BURN1).charge("A", "T-000").proceed("A", 3)
    b.charge("B", "T-000").proceed("B").use("B", "T-005").proceed("B", 2)
    b.charge("A", "T-000").proceed("A", 3)
    b.charge("B", "T-000").proceed("B").use("B", "T-007")
    r = b.replay()
    assert r["summary"]["result"] == {"winner": "B", "reason": "damage"}
    assert "RS-LOSS-DAMAGE" in rules_applied(r, b.last)
    b.proceed("B")
    assert rules_broken(b.replay(), b.last) == ["RS-PHASE"]


def test_RS_LOSS_DECK_a_start_phase_draw_from_an_empty_deck_loses() -> None:
    draw_all = card(
        "T-008",
        "operation",
        name="Draw All",
        effects=[{"when": "on_use", "do": [{"op": "draw", "n": 40}]}],
    )
    b = b1(draw_all).charge("A", "T-000").proceed("A").use("A", "T-008")
    r = b.replay()
    assert "draw_failed" in event_types(r, b.last) and r["summary"]["result"] is None
    b.proceed("A", 2).pass_turn("B")
    r = b.replay()
    assert r["summary"]["result"] == {"winner": "B", "reason": "deck"}
    assert "RS-LOSS-DECK" in rules_applied(r, b.last)


# -- end phase, timing, effects -------------------------------------------------------------------


def test_RS_END_until_end_of_turn_effects_end() -> None:
    pump = card(
        "T-008",
        "operation",
        effects=[
            {
                "when": "on_use",
                "do": [
                    {
                        "op": "bp",
                        "amount": 2000,
                        "target": {"side": "own", "zone": "rush", "count": 1},
                    }
                ],
            }
        ],
    )
    b = a_unit_in_battle(UNIT, pump)
    b.doc["actions"][-1:] = []
    b.use("A", "T-008", targets=["A-1"])
    r = b.replay()
    assert player_state(r, "A")["rush"][0]["bp"] == 5000
    b.proceed("A", 2)
    r = b.replay()
    assert player_state(r, "A")["rush"][0]["bp"] == 3000
    assert "RS-END" in rules_applied(r, b.last)


def test_RS_SIMULTANEOUS_the_turn_player_orders_its_effects() -> None:
    twice = card(
        "T-008",
        name="Twice",
        combination={
            "number": 1,
            "effects": [{"when": "combination", "optional": True, "do": [{"op": "draw"}]}],
        },
        effects=[{"when": "on_enter", "optional": True, "do": [{"op": "draw"}]}],
    )
    b = a_unit_in_battle(twice, unit="T-008").enter("A", "T-008")
    r = b.replay()
    assert [p["kind"] for p in r["steps"][b.last]["pending"]] == ["resolve", "resolve"]
    b.act("A", "resolve", source="T-008", use=False, order=["T-008", "T-008"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-SIMULTANEOUS" in rules_applied(r, b.last)
    b.act("A", "resolve", source="T-008", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal" and "draw" in event_types(r, b.last)


def test_RS_EFFECT_TARGETS_an_effect_not_used_takes_no_targets() -> None:
    """RS-EFFECT-TARGETS: an effect's targets must fit it.  A `resolve` that does not use an
    optional effect (`use: false`) and names targets is illegal: the engine does not drop the
    targets and carry out "not used" in its place (issue 27)."""
    once = card(
        "T-008",
        name="Once",
        effects=[{"when": "on_enter", "optional": True, "do": [{"op": "draw"}]}],
    )
    b = a_unit_in_battle(once, unit="T-008").enter("A", "T-008")
    b.act("A", "resolve", source="T-008", use=False, targets=["T-000"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-EFFECT-TARGETS"]
    assert "an effect not used takes no targets" in r["steps"][b.last]["violations"][0]["message"]
    del b.doc["actions"][-1]["targets"]
    assert verdict(b.replay(), b.last) == "legal"


def test_RS_PHASE_a_decision_by_the_wrong_player() -> None:
    b = b1(UNIT).proceed("B")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-PHASE"]
    assert "it is A's decision" in r["steps"][b.last]["violations"][0]["message"]
    b = b1(UNIT).act("A", "take_damage", cards=[])
    assert rules_broken(b.replay(), b.last) == ["RS-PHASE"]


def test_RS_CARD_IN_ZONE_the_card_must_be_where_the_action_takes_it() -> None:
    b = b1(UNIT).charge("A", "T-000").proceed("A").rush("A", "A-1").proceed("A").rush("A", "A-1")
    b.enter("A", "A-4")
    r = b.replay()
    assert rules_broken(r, b.last - 1) == ["RS-RUSH"]
    assert rules_broken(r, b.last) == ["RS-CARD-IN-ZONE"]
    b = b1(UNIT).charge("A", "T-000").proceed("A").rush("A", "A-1").rush("A", "A-1")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-CARD-IN-ZONE"]
    assert "it is in A's rush area" in r["steps"][b.last]["violations"][0]["message"]


def test_RS_REVEAL_a_card_that_cannot_be_in_the_hand() -> None:
    b = b1(UNIT, VOLT, decks={"A": ["T-001"] * 3, "B": []}).charge("A", "T-010")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-REVEAL"]
    assert "A has no card T-010 in its deck" in r["steps"][b.last]["violations"][0]["message"]
    b = b1(UNIT, decks={"A": ["T-001"] * 2, "B": []})
    b.charge("A", "T-001").proceed("A", 3).pass_turn("B").charge("A", "T-001").proceed("A", 3)
    b.pass_turn("B").charge("A", "T-001")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-REVEAL"]
    assert "every copy is known to be elsewhere" in r["steps"][b.last]["violations"][0]["message"]


def test_RS_EFFECT_TARGETS_targets_must_fit() -> None:
    zap = card(
        "T-008",
        "operation",
        effects=[
            {
                "when": "on_use",
                "do": [
                    {
                        "op": "destroy",
                        "target": {
                            "side": "opponent",
                            "zone": "battle",
                            "count": 1,
                            "bp_max": 2000,
                        },
                    }
                ],
            }
        ],
    )
    b = b1(zap, UNIT, WEAK).charge("A", "T-000").proceed("A", 3)
    b.charge("B", "T-000").proceed("B").rush("B", "T-001").proceed("B").enter("B", "T-001")
    b.proceed("B").charge("A", "T-000").proceed("A").use("A", "T-008", targets=["B-1"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-EFFECT-TARGETS"]  # B-1 is in B's rush area…
    b.doc["actions"][-1]["targets"] = ["B-4"]
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-EFFECT-TARGETS"]  # …B-4 has BP 3000
    b.doc["actions"][-1]["targets"] = []
    r = b.replay()
    assert verdict(r, b.last) == "legal"  # nothing fits: no target


def test_RS_EFFECT_UNSUPPORTED_text_only_is_unverifiable() -> None:
    peek = card("T-008", "operation", effects=[{"when": "on_use", "text": "Look at the top card."}])
    b = b1(peek).charge("A", "T-000").proceed("A").use("A", "T-008")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "RS-EFFECT-UNSUPPORTED" in rules_applied(r, b.last)


def test_RS_COUNTER_after_an_attack_before_it_resolves() -> None:
    shield = card(
        "T-008",
        "operation",
        name="Shield",
        operation="counter",
        timing="attacked",
        effects=[
            {
                "when": "on_use",
                "do": [
                    {
                        "op": "bp",
                        "amount": 3000,
                        "target": {"side": "own", "zone": "battle", "count": 1},
                        "until": "battle",
                    }
                ],
            }
        ],
    )
    b = b1(UNIT, WEAK, shield).charge("A", "T-000").proceed("A").rush("A", "T-001").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").use("B", "T-008")
    assert rules_broken(b.replay(), b.last) == ["RS-COUNTER"]  # not in its own rush phase
    b.doc["actions"].pop()
    b.proceed("B", 2).charge("A", "T-000").proceed("A", 3)
    b.charge("B", "T-000").proceed("B").rush("B", "T-002").proceed("B").enter("B", "T-002")
    b.proceed("B").charge("A", "T-000").proceed("A", 2).enter("A", "T-001")
    b.attack("A", "T-001", "T-002")
    r = b.replay()
    # the attack resolves at once: a counter is recorded only when used
    assert area_ids(r, "B", "battle") == [] and player_state(r, "B")["discard"] == ["B-4"]
    assert "RS-COUNTER" in rules_applied(r, b.last)
    assert any(
        p["player"] == "B" and p["text"].startswith("B may answer the attack")
        for p in r["steps"][b.last]["pending"]
    )
    # B's counter as the next action comes before the attack resolves
    b.use("B", "T-008", targets=["B-4"])
    r = b.replay()
    assert verdict(r, b.last) == "legal" and "RS-COUNTER" in rules_applied(r, b.last)
    assert event_types(r, b.last)[0] == "counter_window"
    assert area_ids(r, "B", "battle") == ["B-4"]  # 3000 < 1000 + 3000: the attacker loses
    assert player_state(r, "A")["discard"] == ["A-1"]
    assert player_state(r, "B")["discard"] == ["B-7"]  # the counter, once it has resolved
    # anything else next: no counter was used
    b.doc["actions"][-1] = {"p": "A", "do": "proceed"}
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "B")["discard"] == ["B-4"]
    # a counter of the other timing is no answer to an attack
    b.doc["actions"][-1] = {"p": "B", "do": "use", "card": "T-008"}
    b.doc["cards"][-1]["timing"] = "struck"
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-COUNTER"]


def test_RS_CONCEDE_the_other_player_wins() -> None:
    b = b1(UNIT).act("B", "concede")
    r = b.replay()
    assert r["summary"]["result"] == {"winner": "A", "reason": "concede"}
    assert "RS-CONCEDE" in rules_applied(r, b.last)


# -- the log ---------------------------------------------------------------------------------------


def test_seeded_decks_use_the_documented_shuffle_stream() -> None:
    b = LogBuilder([UNIT], mode="seeded", seed="s-7").setup(first="A")
    r = b.replay()
    deck = [f"A-{n}" for n in range(1, 41)]
    assert (
        r["steps"][0]["snapshot"]["players"]["A"]["deck"]
        == shuffled(deck, "s-7", "A/shuffle/1")[7:]
    )
    assert player_state(r, "A")["hand"] == shuffled(deck, "s-7", "A/shuffle/1")[:7]


def test_perspectives_hide_the_opponents_hand() -> None:
    r = b1(UNIT).replay(perspective="A")
    assert isinstance(player_state(r, "A")["hand"], list)
    assert player_state(r, "B")["hand"] == 7


def test_bad_input_variant_and_teams() -> None:
    doc = b1(UNIT).log()
    doc["variant"] = None
    with pytest.raises(BadLog) as caught:
        replay(doc)
    assert [e.path for e in caught.value.errors] == ["variant"]
    doc = b1(UNIT).log()
    doc["teams"] = [{"id": "T", "players": ["A", "B"]}]
    with pytest.raises(BadLog) as caught:
        replay(doc)
    assert [e.path for e in caught.value.errors] == ["teams"]
    doc = b1(UNIT).log()
    doc["actions"].append({"p": "A", "do": "charge", "card": "T-000", "to": "hand"})
    with pytest.raises(BadLog) as caught:
        replay(doc)
    assert [e.path for e in caught.value.errors] == ["actions[1].to"]
