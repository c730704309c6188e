"""Union Arena rules of cards, zones, setup, the start, movement and main phases, and the log.

One or more tests per catalogue rule, each named ``test_<RULE_ID>_<what>``; where a rule can be
broken there is a legal and an illegal case.  Logs are built with
:mod:`judge.games.union_arena.testing` (observed mode unless a test needs known hidden cards).
"""

from __future__ import annotations

from typing import Any

import pytest

from judge.core.errors import BadLog
from judge.games.union_arena.testing import (
    LogBuilder,
    card,
    event_types,
    field_ids,
    field_unit,
    player_state,
    rules_applied,
    rules_broken,
    skip_to_turn_3,
    verdict,
)

# -- cards used below ---------------------------------------------------------------------------

VANILLA = card("T-001", name="Vanguard", bp=3000)
FREE = card("T-002", name="Free Runner", ap=0, bp=1500)
FREE_STEP = card("T-003", name="Stepper", ap=0, bp=1500, keywords=["step"])
RED_GEN = card("T-004", name="Red Spark", color="red", ap=0, bp=1000)
RED_NEEDS_1 = card("T-005", name="Red Blade", color="red", energy={"red": 1}, ap=0, bp=2500)
RED_NEEDS_2 = card("T-006", name="Red Lord", color="red", energy={"red": 2}, ap=0, bp=4000)
RED_FIELD = card("T-007", "field", name="Red Keep", color="red", ap=0)
DRAW_EVENT = card(
    "T-008", "event", name="Insight", ap=1, effects=[{"when": "on_play", "do": [{"op": "draw"}]}]
)
COST_2 = card("T-009", name="Heavy", ap=2, bp=5000)
DOUBLE_RED = card("T-010", name="Twin Spark", color="red", ap=0, generates={"red": 2})
TAP_DRAW = card(
    "T-011",
    name="Scout",
    ap=0,
    effects=[{"when": "activate_main", "cost": {"rest_self": True}, "do": [{"op": "draw"}]}],
)
RAIDER = card("T-012", name="Raider", bp=5000, ap=0, raid={"onto": {"name": "Free Runner"}})
SELF_BUFF_NEXT = card(
    "T-013",
    name="Sentinel",
    ap=0,
    bp=3000,
    effects=[
        {
            "when": "on_play",
            "do": [{"op": "bp", "amount": 1000, "target": "self", "until": "next_turn"}],
        }
    ],
)


def builder(*cards: dict[str, Any], **kw: Any) -> LogBuilder:
    """A log with the standard setup (A wins rock-paper-scissors and goes first)."""
    return LogBuilder(list(cards), **kw).setup(first="A")


def pass_turn_at_hand_limit(b: LogBuilder, pid: str, hand_over_8: bool) -> LogBuilder:
    """Pass a turn; a player with 9 cards puts a filler into the removal area at its end."""
    b.pass_turn(pid)
    return b.act(pid, "discard_to_limit", cards=["T-000"]) if hand_over_8 else b


# -- UA-CARD-TYPES -------------------------------------------------------------------------------


def test_UA_CARD_TYPES_each_type_goes_where_it_belongs() -> None:
    b = builder(FREE, RED_FIELD, DRAW_EVENT).proceed("A")
    b.play("A", "T-002", to="front_line")
    b.play("A", "T-007", to="energy_line")
    b.play("A", "T-008")
    r = b.replay()
    a = player_state(r, "A", b.last)
    assert [u["code"] for u in a["front_line"]] == ["T-002"]
    assert [u["code"] for u in a["energy_line"]] == ["T-007"]
    assert "bp" not in a["energy_line"][0]  # a field card has no BP
    event_card = r["steps"][b.last]["events"][1]["card"]
    assert a["outside"] == [event_card]  # the event is used, then goes to the outside area
    assert a["ap"] == {"active": 0, "total": 1}  # the event's AP was paid by resting the AP card
    assert r["summary"]["illegal_steps"] == []


def test_UA_CARD_TYPES_ap_card_in_the_main_deck_is_refused() -> None:
    b = LogBuilder([FREE], deck_a=["T-AP", *["T-002"] * 4]).setup(first="A")
    with pytest.raises(BadLog, match="AP card"):
        b.replay()


def test_UA_CARD_TYPES_ap_card_cannot_be_played() -> None:
    b = builder(FREE).proceed("A").play("A", "A-AP1", to="front_line")
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "UA-CARD-IN-ZONE" in rules_broken(r, b.last)
    assert player_state(r, "A", b.last)["front_line"] == []


def test_UA_CARD_TYPES_field_card_cannot_attack() -> None:
    b = builder(RED_FIELD).proceed("A").play("A", "T-007", to="energy_line")
    skip_to_turn_3(b).proceed("A", 2).attack("A", "T-007")
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "UA-ATK-ATTACKER" in rules_broken(r, b.last)


# -- UA-ENERGY -----------------------------------------------------------------------------------


def test_UA_ENERGY_red_card_with_only_blue_energy_is_illegal() -> None:
    b = builder(FREE, RED_NEEDS_1).proceed("A").play("A", "T-002", to="energy_line")
    b.play("A", "T-005", to="front_line")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-ENERGY"]
    assert player_state(r, "A", b.last)["front_line"] == []


def test_UA_ENERGY_met_by_generated_energy_is_legal() -> None:
    b = builder(RED_GEN, RED_NEEDS_1).proceed("A").play("A", "T-004", to="energy_line")
    b.play("A", "T-005", to="front_line")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert [u["code"] for u in player_state(r, "A", b.last)["front_line"]] == ["T-005"]


def test_UA_ENERGY_front_line_cards_generate_nothing() -> None:
    b = builder(RED_GEN, RED_NEEDS_1).proceed("A").play("A", "T-004", to="front_line")
    b.play("A", "T-005", to="front_line")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-ENERGY"]


def test_UA_ENERGY_opponent_energy_line_generates_nothing_for_you() -> None:
    b = builder(RED_GEN, RED_NEEDS_1).proceed("A", 3)
    b.proceed("B").play("B", "T-004", to="energy_line").proceed("B", 2)
    b.proceed("A").play("A", "T-005", to="front_line")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-ENERGY"]


def test_UA_ENERGY_counts_marks_of_the_cards_colour() -> None:
    b = builder(RED_GEN, RED_NEEDS_2).proceed("A").play("A", "T-004", to="energy_line")
    b.play("A", "T-006", to="front_line")
    too_little = b.last
    b.play("A", "T-004", to="energy_line").play("A", "T-006", to="front_line")
    r = b.replay()
    assert rules_broken(r, too_little) == ["UA-ENERGY"]
    assert verdict(r, b.last) == "legal"


def test_UA_ENERGY_two_marks_on_one_card_count_twice() -> None:
    b = builder(DOUBLE_RED, RED_NEEDS_2).proceed("A").play("A", "T-010", to="energy_line")
    b.play("A", "T-006", to="front_line")
    r = b.replay()
    assert verdict(r, b.last) == "legal"


def test_UA_ENERGY_is_checked_not_spent() -> None:
    b = builder(RED_GEN, RED_NEEDS_1).proceed("A").play("A", "T-004", to="energy_line")
    b.play("A", "T-005", to="front_line").play("A", "T-005", to="front_line")
    r = b.replay()
    assert [verdict(r, i) for i in (b.last - 1, b.last)] == ["legal", "legal"]
    assert len(player_state(r, "A", b.last)["front_line"]) == 2


# -- UA-AP-COST ----------------------------------------------------------------------------------


def test_UA_AP_COST_paid_by_resting_ap_cards() -> None:
    b = builder(VANILLA).proceed("A", 3).pass_turn("B").proceed("A")
    b.play("A", "T-001", to="front_line")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A", b.last - 1)["ap"] == {"active": 2, "total": 2}
    assert player_state(r, "A", b.last)["ap"] == {"active": 1, "total": 2}
    assert "pay_ap" in event_types(r, b.last)


def test_UA_AP_COST_more_than_the_active_ap_is_illegal() -> None:
    b = builder(COST_2).proceed("A").play("A", "T-009", to="front_line")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-AP-COST"]
    assert player_state(r, "A", b.last)["ap"] == {"active": 1, "total": 1}
    assert player_state(r, "A", b.last)["front_line"] == []


def test_UA_AP_COST_rested_ap_cards_cannot_pay_again() -> None:
    b = builder(VANILLA).proceed("A").play("A", "T-001", to="front_line")
    b.play("A", "T-001", to="front_line")
    r = b.replay()
    assert verdict(r, b.last - 1) == "legal"
    assert rules_broken(r, b.last) == ["UA-AP-COST"]


# -- UA-ENTER-RESTED -----------------------------------------------------------------------------


def test_UA_ENTER_RESTED_characters_and_fields_enter_rested() -> None:
    b = builder(FREE, RED_FIELD).proceed("A")
    b.play("A", "T-002", to="front_line").play("A", "T-002", to="energy_line")
    b.play("A", "T-007", to="energy_line")
    r = b.replay()
    a = player_state(r, "A", b.last)
    assert [u["rested"] for u in a["front_line"] + a["energy_line"]] == [True, True, True]


def test_UA_ENTER_RESTED_character_played_this_turn_cannot_attack() -> None:
    b = builder(FREE).proceed("A").play("A", "T-002", to="front_line").proceed("A")
    b.attack("A", "T-002")
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "UA-ATK-ATTACKER" in rules_broken(r, b.last)
    assert "entered the field rested this turn" in r["steps"][b.last]["violations"][0]["message"]


def test_UA_ENTER_RESTED_character_played_last_turn_can_attack() -> None:
    b = builder(FREE).proceed("A").play("A", "T-002", to="front_line")
    skip_to_turn_3(b).proceed("A", 2).attack("A", "T-002")
    r = b.replay()
    assert verdict(r, b.last) == "legal"


# -- UA-CHAR-LINES -------------------------------------------------------------------------------


def test_UA_CHAR_LINES_character_to_either_line_is_legal() -> None:
    b = builder(FREE).proceed("A").play("A", "T-002", to="front_line")
    b.play("A", "T-002", to="energy_line")
    r = b.replay()
    assert [verdict(r, i) for i in (b.last - 1, b.last)] == ["legal", "legal"]
    a = player_state(r, "A", b.last)
    assert (len(a["front_line"]), len(a["energy_line"])) == (1, 1)


def test_UA_CHAR_LINES_character_without_a_line_is_illegal() -> None:
    b = builder(FREE).proceed("A").play("A", "T-002")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-CHAR-LINES"]
    assert (
        player_state(r, "A", b.last)["front_line"]
        == player_state(r, "A", b.last)["energy_line"]
        == []
    )


def test_UA_CHAR_LINES_character_without_a_line_is_not_applied_as_another_play() -> None:
    """UA-CHAR-LINES: a character is played to the front line or the energy line. A play that
    names no line is illegal, and under on_illegal=apply it is not carried out as some other
    play (an event's): the card stays in the hand and the step says why."""
    b = builder(FREE).proceed("A").play("A", "T-002")
    r = b.replay(on_illegal="apply")
    assert rules_broken(r, b.last) == ["UA-CHAR-LINES"]
    a = player_state(r, "A", b.last)
    assert a["front_line"] == a["energy_line"] == [] and a["outside"] == []
    assert any("names no line" in u for u in r["steps"][b.last]["unverifiable"])


# -- UA-FIELD-EL ---------------------------------------------------------------------------------


def test_UA_FIELD_EL_field_to_the_energy_line_is_legal() -> None:
    b = builder(RED_FIELD).proceed("A").play("A", "T-007", to="energy_line")
    b.play("A", "T-007")  # no line named: a field goes to the energy line
    r = b.replay()
    assert [verdict(r, i) for i in (b.last - 1, b.last)] == ["legal", "legal"]
    assert [u["code"] for u in player_state(r, "A", b.last)["energy_line"]] == ["T-007", "T-007"]


def test_UA_FIELD_EL_field_to_the_front_line_is_illegal() -> None:
    b = builder(RED_FIELD).proceed("A").play("A", "T-007", to="front_line")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-FIELD-EL"]
    assert player_state(r, "A", b.last)["front_line"] == []


def test_UA_FIELD_EL_field_cannot_move_to_the_front_line() -> None:
    b = builder(RED_FIELD).proceed("A").play("A", "T-007", to="energy_line")
    skip_to_turn_3(b).act("A", "move", cards=["T-007"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-MOVE-EL-FL"]
    assert player_state(r, "A", b.last)["front_line"] == []


# -- UA-EVENT ------------------------------------------------------------------------------------


def test_UA_EVENT_checks_pays_resolves_then_goes_outside() -> None:
    b = builder(DRAW_EVENT).proceed("A").play("A", "T-008")
    r = b.replay()
    step = r["steps"][b.last]
    assert step["verdict"] == "legal"
    assert event_types(r, b.last) == ["pay_ap", "play", "effect", "draw", "to_outside"]
    assert "UA-EVENT" in rules_applied(r, b.last)
    a = player_state(r, "A", b.last)
    assert a["outside"] == [step["events"][1]["card"]]
    assert a["front_line"] == a["energy_line"] == []
    assert len(a["hand"]) == 7  # 7, minus the event, plus the card it drew


def test_UA_EVENT_put_on_the_field_is_illegal() -> None:
    b = builder(DRAW_EVENT).proceed("A").play("A", "T-008", to="front_line")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-EVENT"]
    assert player_state(r, "A", b.last)["outside"] == []


def test_UA_EVENT_needs_its_required_energy() -> None:
    red_event = card(
        "T-020",
        "event",
        color="red",
        energy={"red": 1},
        ap=0,
        effects=[{"when": "on_play", "do": [{"op": "draw"}]}],
    )
    b = builder(red_event).proceed("A").play("A", "T-020")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-ENERGY"]
    assert "draw" not in event_types(r, b.last)


# -- UA-LINE-LIMIT -------------------------------------------------------------------------------


EIGHT_FREE = ["T-002"] * 8


def four_in_front(b: LogBuilder) -> LogBuilder:
    for _ in range(4):
        b.play("A", "T-002", to="front_line")
    return b


def test_UA_LINE_LIMIT_fifth_card_without_removal_is_illegal() -> None:
    b = four_in_front(builder(FREE, deck_a=EIGHT_FREE).proceed("A")).play(
        "A", "T-002", to="front_line"
    )
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-LINE-LIMIT"]
    assert len(player_state(r, "A", b.last)["front_line"]) == 4


def test_UA_LINE_LIMIT_fifth_card_after_removing_one_is_legal() -> None:
    b = four_in_front(builder(FREE, deck_a=EIGHT_FREE).proceed("A"))
    b.play("A", "T-002", to="front_line", remove=["A-1"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    a = player_state(r, "A", b.last)
    assert field_ids(r, "A", "front_line", b.last) == ["A-2", "A-3", "A-4", "A-5"]
    assert a["removal"] == ["A-1"]


def test_UA_LINE_LIMIT_energy_line_holds_four() -> None:
    b = builder(FREE, RED_FIELD, deck_a=[*["T-002"] * 4, "T-007"]).proceed("A")
    for _ in range(4):
        b.play("A", "T-002", to="energy_line")
    b.play("A", "T-007", to="energy_line")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-LINE-LIMIT"]


def test_UA_LINE_LIMIT_removal_when_the_line_is_not_full_is_illegal() -> None:
    b = builder(FREE).proceed("A").play("A", "T-002", to="front_line")
    b.play("A", "T-002", to="front_line", remove=["A-1"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-LINE-LIMIT"]
    assert player_state(r, "A", b.last)["removal"] == []


# -- UA-REMOVAL ----------------------------------------------------------------------------------


def test_UA_REMOVAL_removed_card_is_face_up_and_cannot_be_used_again() -> None:
    b = four_in_front(builder(FREE, deck_a=EIGHT_FREE).proceed("A"))
    b.play("A", "T-002", to="front_line", remove=["A-1"])
    removed = b.last
    b.play("A", "A-1", to="energy_line")
    r = b.replay()
    assert player_state(r, "A", removed)["removal"] == ["A-1"]  # known, face up
    assert rules_broken(r, b.last) == ["UA-CARD-IN-ZONE"]
    assert "removal" in r["steps"][b.last]["violations"][0]["message"]
    assert player_state(r, "A", b.last)["energy_line"] == []


# -- UA-OUTSIDE ----------------------------------------------------------------------------------


def test_UA_OUTSIDE_retired_character_goes_to_the_outside_area() -> None:
    b = builder(VANILLA, FREE).proceed("A").play("A", "T-001", to="front_line").proceed("A", 2)
    b.proceed("B").play("B", "T-002", to="front_line").proceed("B", 2)
    b.proceed("A", 2).attack("A", "T-001").block("B", "B-5")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    b_state = player_state(r, "B", b.last)
    assert b_state["front_line"] == []
    assert b_state["outside"] == ["B-5"]


def test_UA_OUTSIDE_life_card_goes_to_the_outside_area_after_its_check() -> None:
    b = builder(VANILLA).proceed("A").play("A", "T-001", to="front_line")
    skip_to_turn_3(b).proceed("A", 2).attack("A", "T-001").block("B")
    b.act("A", "pick_life", cards=[1], reveal=["T-000"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    b_state = player_state(r, "B", b.last)
    assert b_state["life"] == 6
    assert b_state["outside"] == ["B-5"]  # the first filler of B's deck, bound by the reveal


# -- UA-SETUP-FIRST ------------------------------------------------------------------------------


def test_UA_SETUP_FIRST_the_winner_chooses_who_goes_first() -> None:
    b = LogBuilder([FREE]).setup(first="B", by="A")
    r = b.replay()
    assert "UA-SETUP-FIRST" in rules_applied(r, 0)
    assert r["steps"][2]["state"]["turn_player"] == "B"
    assert r["summary"]["illegal_steps"] == []


def test_UA_SETUP_FIRST_is_the_first_decision() -> None:
    b = LogBuilder([FREE]).act("A", "mulligan", redraw=False)
    r = b.replay()
    assert rules_broken(r, 0) == ["UA-PHASE"]


def test_UA_SETUP_FIRST_cannot_be_chosen_twice() -> None:
    b = LogBuilder([FREE]).act("A", "first_player", first="A").act("B", "first_player", first="B")
    r = b.replay()
    assert verdict(r, 0) == "legal"
    assert rules_broken(r, 1) == ["UA-PHASE"]


# -- UA-SETUP-HAND -------------------------------------------------------------------------------


def test_UA_SETUP_HAND_each_player_draws_seven() -> None:
    r = LogBuilder([FREE]).act("A", "first_player", first="A").replay()
    assert "UA-SETUP-HAND" in rules_applied(r, 0)
    for pid in ("A", "B"):
        assert len(player_state(r, pid, 0)["hand"]) == 7
        assert player_state(r, pid, 0)["deck"] == 43


def test_UA_SETUP_HAND_draws_from_the_top_of_the_shuffled_deck() -> None:
    seeded = LogBuilder([FREE], mode="seeded", seed="hand")
    before = LogBuilder([FREE], mode="seeded", seed="hand")
    r0 = before.act("A", "mulligan", redraw=False).replay()  # illegal: nothing happens
    deck_before = r0["steps"][0]["snapshot"]["players"]["A"]["deck"]
    r = seeded.act("A", "first_player", first="A").replay()
    assert r["steps"][0]["state"]["players"]["A"]["hand"] == deck_before[:7]


# -- UA-SETUP-MULLIGAN ---------------------------------------------------------------------------


def test_UA_SETUP_MULLIGAN_redraw_replaces_the_hand_and_shuffles() -> None:
    b = LogBuilder([FREE], mode="seeded", seed="mull")
    b.act("A", "first_player", first="A").act("A", "mulligan", redraw=True)
    r = b.replay()
    old, new = player_state(r, "A", 0)["hand"], player_state(r, "A", 1)["hand"]
    assert len(new) == 7
    assert not set(old) & set(new)  # the old hand went to the bottom; 7 new cards were drawn
    assert player_state(r, "A", 1)["deck"] == 43
    assert "shuffle" in event_types(r, 1)
    assert "UA-SETUP-MULLIGAN" in rules_applied(r, 1)


def test_UA_SETUP_MULLIGAN_keeping_changes_nothing() -> None:
    b = LogBuilder([FREE], mode="seeded", seed="mull")
    b.act("A", "first_player", first="A").act("A", "mulligan", redraw=False)
    r = b.replay()
    assert player_state(r, "A", 1)["hand"] == player_state(r, "A", 0)["hand"]
    assert "UA-SETUP-MULLIGAN" not in rules_applied(r, 1)


def test_UA_SETUP_MULLIGAN_second_player_cannot_decide_first() -> None:
    b = LogBuilder([FREE]).act("A", "first_player", first="A").act("B", "mulligan", redraw=True)
    r = b.replay()
    assert rules_broken(r, 1) == ["UA-PHASE"]


def test_UA_SETUP_MULLIGAN_only_once() -> None:
    b = LogBuilder([FREE]).act("A", "first_player", first="A")
    b.act("A", "mulligan", redraw=True).act("A", "mulligan", redraw=True)
    r = b.replay()
    assert verdict(r, 1) == "legal"
    assert rules_broken(r, 2) == ["UA-PHASE"]


# -- UA-SETUP-LIFE -------------------------------------------------------------------------------


def test_UA_SETUP_LIFE_seven_life_cards_after_both_mulligans() -> None:
    b = LogBuilder([FREE]).act("A", "first_player", first="A").act("A", "mulligan", redraw=True)
    b.act("B", "mulligan", redraw=False)
    r = b.replay()
    assert player_state(r, "A", 1)["life"] == 0  # not before the second player has decided
    assert "UA-SETUP-LIFE" in rules_applied(r, 2)
    for pid in ("A", "B"):
        assert player_state(r, pid, 2)["life"] == 7
        assert player_state(r, pid, 2)["deck"] == 36


def test_UA_SETUP_LIFE_comes_from_the_top_of_the_deck() -> None:
    b = LogBuilder([FREE], mode="seeded", seed="life")
    b.act("A", "first_player", first="A").act("A", "mulligan", redraw=False)
    deck = b.replay()["steps"][1]["snapshot"]["players"]["B"]["deck"]
    b.act("B", "mulligan", redraw=False)
    life = b.replay()["steps"][2]["snapshot"]["players"]["B"]["life"]
    assert life == deck[:7]


# -- UA-START-EXPIRE -----------------------------------------------------------------------------


def test_UA_START_EXPIRE_until_next_turn_ends_at_your_next_start_phase() -> None:
    b = builder(SELF_BUFF_NEXT).proceed("A").play("A", "T-013", to="front_line")
    played = b.last
    b.proceed("A", 2)
    opponent_turn = b.last
    b.pass_turn("B")
    own_next_turn = b.last
    r = b.replay()
    assert field_unit(r, "A", "A-1", played)["bp"] == 4000
    assert field_unit(r, "A", "A-1", opponent_turn)["bp"] == 4000  # still on in the opponent's turn
    assert r["steps"][own_next_turn]["state"]["turn"] == 3
    assert field_unit(r, "A", "A-1", own_next_turn)["bp"] == 3000
    assert "UA-START-EXPIRE" in rules_applied(r, own_next_turn)
    assert "UA-START-EXPIRE" not in rules_applied(r, opponent_turn)


def test_UA_START_EXPIRE_ends_at_the_start_not_at_the_end_of_the_next_turn() -> None:
    b = builder(SELF_BUFF_NEXT).proceed("A").play("A", "T-013", to="front_line")
    b.proceed("A", 2).pass_turn("B")
    start_of_next_turn = b.last  # A's turn 3 has just started: its movement phase
    r = b.replay()
    assert r["steps"][start_of_next_turn]["state"]["phase"] == "movement"
    assert field_unit(r, "A", "A-1", start_of_next_turn)["bp"] == 3000
    # and the event says so, as the seed does ("直到下個自己的回合開始時為止")
    (bp,) = [e for s in r["steps"] for e in s["events"] if e["type"] == "bp"]
    assert bp["text"].endswith("until the start of A's next turn.")


def test_UA_START_EXPIRE_counts_the_turns_of_the_effects_controller() -> None:
    weaken = card(
        "T-021",
        "event",
        ap=0,
        effects=[
            {
                "when": "on_play",
                "do": [
                    {
                        "op": "bp",
                        "amount": -1000,
                        "until": "next_turn",
                        "target": {"side": "opponent", "zone": "front_line", "count": 1},
                    }
                ],
            }
        ],
    )
    b = builder(VANILLA, weaken).proceed("A", 3)
    b.proceed("B").play("B", "T-001", to="front_line").proceed("B", 2)
    b.proceed("A").play("A", "T-021", targets=["B-1"])
    used = b.last
    b.proceed("A", 2)
    b_turn = b.last  # B's start phase: not the controller's, the effect stays
    pass_turn_at_hand_limit(b, "B", True)
    r = b.replay()
    assert verdict(r, used) == "legal"
    assert field_unit(r, "B", "B-1", used)["bp"] == 2000
    assert r["steps"][b_turn]["state"]["turn_player"] == "B"
    assert field_unit(r, "B", "B-1", b_turn)["bp"] == 2000
    assert r["steps"][b.last]["state"]["turn"] == 5
    assert field_unit(r, "B", "B-1", b.last)["bp"] == 3000


# -- UA-START-ACTIVATE ---------------------------------------------------------------------------


def test_UA_START_ACTIVATE_ap_cards_become_active_in_your_start_phase() -> None:
    b = builder(VANILLA).proceed("A").play("A", "T-001", to="front_line").proceed("A", 2)
    b_turn = b.last
    b.pass_turn("B")
    r = b.replay()
    # still rested in B's turn
    assert player_state(r, "A", b_turn)["ap"] == {"active": 0, "total": 1}
    assert player_state(r, "A", b.last)["ap"] == {"active": 2, "total": 2}


def test_UA_START_ACTIVATE_rested_blocker_becomes_active_in_its_start_phase() -> None:
    b = builder(FREE, VANILLA).proceed("A").play("A", "T-002", to="front_line").proceed("A", 2)
    b.proceed("B").play("B", "T-001", to="front_line").proceed("B", 2)
    b.proceed("A", 2).attack("A", "A-1").block("B", "B-5")  # 1500 BP loses to 3000: B-5 stays
    blocked = b.last
    b.proceed("A")
    r = b.replay()
    assert field_unit(r, "B", "B-5", blocked)["rested"] is True
    assert r["steps"][b.last]["state"]["turn_player"] == "B"
    assert field_unit(r, "B", "B-5", b.last)["rested"] is False


# -- UA-START-AP ---------------------------------------------------------------------------------


def test_UA_START_AP_schedule_for_both_players() -> None:
    b = builder(FREE)
    firsts = [b.last]  # the first decision point of each turn, turns 1 to 7
    for pid, over in (
        ("A", False),
        ("B", False),
        ("A", False),
        ("B", True),
        ("A", True),
        ("B", True),
    ):
        pass_turn_at_hand_limit(b, pid, over)
        firsts.append(b.last)
    r = b.replay()
    assert r["summary"]["illegal_steps"] == []
    seen = {}
    for i in firsts:
        st = r["steps"][i]["state"]
        ap = st["players"][st["turn_player"]]["ap"]
        assert ap["active"] == ap["total"]  # added AP cards are active
        seen[st["turn"]] = (st["turn_player"], ap["total"])
    assert seen == {
        1: ("A", 1),
        2: ("B", 2),
        3: ("A", 2),
        4: ("B", 2),
        5: ("A", 3),
        6: ("B", 3),
        7: ("A", 3),
    }


# -- UA-START-DRAW -------------------------------------------------------------------------------


def test_UA_START_DRAW_no_draw_on_the_first_players_first_turn() -> None:
    b = builder(FREE)
    r = b.replay()
    assert "UA-START-DRAW" in rules_applied(r, 2)
    assert "draw" not in event_types(r, 2)
    assert len(player_state(r, "A", 2)["hand"]) == 7


def test_UA_START_DRAW_one_card_on_every_other_turn() -> None:
    b = builder(FREE).pass_turn("A")
    second = b.last
    b.pass_turn("B")
    r = b.replay()
    assert len(player_state(r, "B", second)["hand"]) == 8
    assert player_state(r, "B", second)["deck"] == 35
    assert len(player_state(r, "A", b.last)["hand"]) == 8
    assert player_state(r, "A", b.last)["deck"] == 35


# -- UA-START-EXTRA-DRAW -------------------------------------------------------------------------


def test_UA_START_EXTRA_DRAW_on_the_first_turn_costs_1_ap() -> None:
    b = builder(FREE).act("A", "extra_draw")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-START-EXTRA-DRAW" in rules_applied(r, b.last)
    assert len(player_state(r, "A", b.last)["hand"]) == 8
    assert player_state(r, "A", b.last)["ap"] == {"active": 0, "total": 1}


def test_UA_START_EXTRA_DRAW_at_most_once_a_turn() -> None:
    b = builder(FREE).pass_turn("A").act("B", "extra_draw").act("B", "extra_draw")
    r = b.replay()
    assert verdict(r, b.last - 1) == "legal"
    assert rules_broken(r, b.last) == ["UA-START-EXTRA-DRAW"]
    assert len(player_state(r, "B", b.last)["hand"]) == 9


def test_UA_START_EXTRA_DRAW_only_as_the_turns_first_decision() -> None:
    b = builder(FREE).proceed("A").act("A", "extra_draw")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-START-EXTRA-DRAW"]
    assert len(player_state(r, "A", b.last)["hand"]) == 7


def test_UA_START_EXTRA_DRAW_not_by_the_other_player() -> None:
    b = builder(FREE).act("B", "extra_draw")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-PHASE"]
    assert len(player_state(r, "B", b.last)["hand"]) == 7


# -- UA-MOVE-EL-FL -------------------------------------------------------------------------------


def test_UA_MOVE_EL_FL_energy_line_characters_move_up_together() -> None:
    b = builder(FREE).proceed("A")
    b.play("A", "T-002", to="energy_line").play("A", "T-002", to="energy_line")
    skip_to_turn_3(b).act("A", "move", cards=["A-1", "A-2"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_ids(r, "A", "front_line", b.last) == ["A-1", "A-2"]
    assert player_state(r, "A", b.last)["energy_line"] == []
    assert event_types(r, b.last) == ["move"]  # one simultaneous move


def test_UA_MOVE_EL_FL_front_line_character_cannot_move_back() -> None:
    b = builder(FREE).proceed("A").play("A", "T-002", to="front_line")
    skip_to_turn_3(b).act("A", "move", step_back=["A-1"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-MOVE-STEP"]
    assert field_ids(r, "A", "front_line", b.last) == ["A-1"]


def test_UA_MOVE_EL_FL_front_line_character_named_to_move_up_is_illegal() -> None:
    b = builder(FREE).proceed("A").play("A", "T-002", to="front_line")
    skip_to_turn_3(b).act("A", "move", cards=["A-1"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-MOVE-EL-FL"]


# -- UA-MOVE-STEP --------------------------------------------------------------------------------


def test_UA_MOVE_STEP_step_character_moves_back() -> None:
    b = builder(FREE_STEP).proceed("A").play("A", "T-003", to="front_line")
    skip_to_turn_3(b).act("A", "move", step_back=["A-1"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-MOVE-STEP" in rules_applied(r, b.last)
    assert field_ids(r, "A", "energy_line", b.last) == ["A-1"]


def test_UA_MOVE_STEP_without_step_is_illegal() -> None:
    b = builder(FREE).proceed("A").play("A", "T-002", to="front_line")
    skip_to_turn_3(b).act("A", "move", step_back=["A-1"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-MOVE-STEP"]
    assert player_state(r, "A", b.last)["energy_line"] == []


def test_UA_MOVE_STEP_character_already_in_the_energy_line_is_illegal() -> None:
    b = builder(FREE_STEP).proceed("A").play("A", "T-003", to="energy_line")
    skip_to_turn_3(b).act("A", "move", step_back=["A-1"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-MOVE-STEP"]


# -- UA-MOVE-FULL --------------------------------------------------------------------------------


def full_front_and_one_behind(*cards: dict[str, Any]) -> LogBuilder:
    """A's turn 3 movement phase: A-1…A-4 in the front line, A-5 in the energy line."""
    deck = [c["code"] for c in cards]
    b = LogBuilder(list(cards), deck_a=deck).setup(first="A").proceed("A")
    for code in deck[:4]:
        b.play("A", code, to="front_line")
    b.play("A", deck[4], to="energy_line")
    return skip_to_turn_3(b)


FIVE_FREE = [card(f"T-10{n}", ap=0) for n in range(5)]


def test_UA_MOVE_FULL_into_a_full_line_without_removal_is_illegal() -> None:
    b = full_front_and_one_behind(*FIVE_FREE).act("A", "move", cards=["A-5"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-MOVE-FULL"]
    assert len(player_state(r, "A", b.last)["front_line"]) == 4


def test_UA_MOVE_FULL_removing_first_makes_room() -> None:
    b = full_front_and_one_behind(*FIVE_FREE).act("A", "move", cards=["A-5"], remove=["A-1"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_ids(r, "A", "front_line", b.last) == ["A-2", "A-3", "A-4", "A-5"]
    assert player_state(r, "A", b.last)["removal"] == ["A-1"]


def test_UA_MOVE_FULL_removing_more_than_needed_is_illegal() -> None:
    b = full_front_and_one_behind(*FIVE_FREE)
    b.act("A", "move", cards=["A-5"], remove=["A-1", "A-2"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-MOVE-FULL"]
    assert player_state(r, "A", b.last)["removal"] == []


def test_UA_MOVE_FULL_step_swap_needs_no_removal() -> None:
    cards = [*FIVE_FREE[:3], card("T-110", ap=0, keywords=["step"]), FIVE_FREE[4]]
    b = full_front_and_one_behind(*cards).act("A", "move", cards=["A-5"], step_back=["A-4"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_ids(r, "A", "front_line", b.last) == ["A-1", "A-2", "A-3", "A-5"]
    assert field_ids(r, "A", "energy_line", b.last) == ["A-4"]
    assert player_state(r, "A", b.last)["removal"] == []


def step_back_into_a_full_energy_line(remove: str) -> LogBuilder:
    """A's Stepper (A-1) steps back into a full energy line: Runners A-2…A-4 and a field A-5."""
    stepper, runner, keep = card("T-120", ap=0, keywords=["step"]), card("T-121", ap=0), RED_FIELD
    deck = ["T-120", "T-121", "T-121", "T-121", "T-007"]
    b = LogBuilder([stepper, runner, keep], deck_a=deck).setup(first="A").proceed("A")
    b.play("A", "T-120", to="front_line")
    for code in deck[1:]:
        b.play("A", code, to="energy_line")
    return skip_to_turn_3(b).act("A", "move", step_back=["A-1"], remove=[remove])


def test_UA_MOVE_FULL_step_back_into_a_full_line_removing_a_character() -> None:
    b = step_back_into_a_full_energy_line(remove="A-2")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_ids(r, "A", "energy_line", b.last) == ["A-3", "A-4", "A-5", "A-1"]
    assert player_state(r, "A", b.last)["removal"] == ["A-2"]


def test_UA_MOVE_FULL_room_is_made_by_removing_characters_not_fields() -> None:
    b = step_back_into_a_full_energy_line(remove="A-5")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-MOVE-FULL"]
    assert player_state(r, "A", b.last)["removal"] == []


# -- UA-MOVE-ONCE --------------------------------------------------------------------------------


def test_UA_MOVE_ONCE_second_move_in_a_phase_is_illegal() -> None:
    b = builder(FREE).proceed("A")
    b.play("A", "T-002", to="energy_line").play("A", "T-002", to="energy_line")
    skip_to_turn_3(b).act("A", "move", cards=["A-1"]).act("A", "move", cards=["A-2"])
    r = b.replay()
    assert verdict(r, b.last - 1) == "legal"
    assert rules_broken(r, b.last) == ["UA-MOVE-ONCE"]
    assert field_ids(r, "A", "energy_line", b.last) == ["A-2"]


def test_UA_MOVE_ONCE_one_move_per_turn_each_turn() -> None:
    b = builder(FREE).proceed("A")
    b.play("A", "T-002", to="energy_line").play("A", "T-002", to="energy_line")
    skip_to_turn_3(b).act("A", "move", cards=["A-1"]).proceed("A", 3)
    pass_turn_at_hand_limit(b, "B", True).act("A", "move", cards=["A-2"])
    r = b.replay()
    assert r["steps"][b.last]["turn"] == 5
    assert verdict(r, b.last) == "legal"


# -- UA-PLAY-PROCEDURE ---------------------------------------------------------------------------


def test_UA_PLAY_PROCEDURE_pays_then_puts_the_card_rested_into_the_line() -> None:
    b = builder(VANILLA).proceed("A").play("A", "T-001", to="energy_line")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert event_types(r, b.last) == ["pay_ap", "play"]
    a = player_state(r, "A", b.last)
    assert a["energy_line"] == [
        {"id": "A-1", "code": "T-001", "name": "Vanguard", "rested": True, "bp": 3000}
    ]
    assert len(a["hand"]) == 6
    assert a["ap"] == {"active": 0, "total": 1}


def test_UA_PLAY_PROCEDURE_unmet_energy_pays_nothing() -> None:
    b = builder(RED_NEEDS_1, VANILLA).proceed("A").play("A", "T-005", to="front_line")
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "UA-ENERGY" in rules_broken(r, b.last)
    assert r["steps"][b.last]["events"] == []
    assert player_state(r, "A", b.last) == player_state(r, "A", b.last - 1)


# -- UA-PHASE ------------------------------------------------------------------------------------


def test_UA_PHASE_play_in_the_movement_phase_is_illegal() -> None:
    b = builder(FREE).play("A", "T-002", to="front_line")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-PHASE"]


def test_UA_PHASE_move_in_the_main_phase_is_illegal() -> None:
    b = builder(FREE).proceed("A").play("A", "T-002", to="energy_line")
    b.act("A", "move", cards=["A-1"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-PHASE"]


def test_UA_PHASE_attack_in_the_main_phase_is_illegal() -> None:
    b = builder(FREE).proceed("A").play("A", "T-002", to="front_line")
    skip_to_turn_3(b).proceed("A").attack("A", "A-1")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-PHASE"]


def test_UA_PHASE_other_player_cannot_play_in_your_main_phase() -> None:
    b = builder(FREE).proceed("A").play("B", "T-002", to="front_line")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-PHASE"]
    assert player_state(r, "B", b.last)["front_line"] == []


def test_UA_PHASE_attacker_cannot_record_the_block() -> None:
    b = builder(FREE).proceed("A").play("A", "T-002", to="front_line")
    skip_to_turn_3(b).proceed("A", 2).attack("A", "A-1").block("A")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-PHASE"]


def test_UA_PHASE_defender_cannot_pick_life_cards() -> None:
    b = builder(FREE).proceed("A").play("A", "T-002", to="front_line")
    skip_to_turn_3(b).proceed("A", 2).attack("A", "A-1").block("B")
    b.act("B", "pick_life", cards=[1], reveal=["T-000"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-PHASE"]
    assert player_state(r, "B", b.last)["life"] == 7


def test_UA_PHASE_nothing_after_the_game_is_over() -> None:
    b = builder(FREE).act("B", "concede").proceed("A")
    r = b.replay()
    assert r["summary"]["result"] == {"winner": "A", "reason": "concede"}
    assert rules_broken(r, b.last) == ["UA-PHASE"]


def test_UA_PHASE_right_decisions_in_order_are_legal() -> None:
    b = builder(FREE).proceed("A").play("A", "T-002", to="front_line").proceed("A", 2)
    b.proceed("B").play("B", "T-002", to="energy_line").proceed("B", 2)
    b.proceed("A", 2).attack("A", "A-1").block("B")
    b.act("A", "pick_life", cards=[1], reveal=["T-000"]).proceed("A")
    r = b.replay()
    assert r["summary"]["illegal_steps"] == []
    assert r["summary"]["unverifiable_steps"] == []


# -- UA-CARD-IN-ZONE -----------------------------------------------------------------------------


def test_UA_CARD_IN_ZONE_played_card_must_be_in_the_hand() -> None:
    b = builder(FREE).proceed("A").play("A", "A-1", to="front_line")
    b.play("A", "A-1", to="energy_line")
    r = b.replay()
    assert verdict(r, b.last - 1) == "legal"
    assert rules_broken(r, b.last) == ["UA-CARD-IN-ZONE"]
    assert player_state(r, "A", b.last)["energy_line"] == []


def test_UA_CARD_IN_ZONE_opponents_card_cannot_be_played() -> None:
    b = builder(FREE).proceed("A").play("A", "B-1", to="front_line")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-CARD-IN-ZONE"]


def test_UA_CARD_IN_ZONE_moved_card_must_be_on_the_field() -> None:
    b = builder(FREE).proceed("A", 3).pass_turn("B").act("A", "move", cards=["A-1"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-CARD-IN-ZONE"]


def test_UA_CARD_IN_ZONE_activated_card_must_be_on_the_field() -> None:
    b = builder(TAP_DRAW).proceed("A").act("A", "activate", card="A-1", ability=1)
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-CARD-IN-ZONE"]


def test_UA_CARD_IN_ZONE_activated_card_on_the_field_is_legal() -> None:
    b = builder(TAP_DRAW).proceed("A").play("A", "T-011", to="front_line")
    skip_to_turn_3(b).proceed("A").act("A", "activate", card="A-1", ability=1)
    r = b.replay()
    assert verdict(r, b.last) == "legal"


def test_UA_CARD_IN_ZONE_raid_base_must_be_on_the_field() -> None:
    b = builder(FREE, RAIDER).proceed("A").act("A", "raid", card="T-012", onto="A-1")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-CARD-IN-ZONE"]
