"""Union Arena rules of raid, activated effects, effects and their targets, timing and reveals.

One or more tests per catalogue rule, each named ``test_<RULE_ID>_<what>``; where a rule can be
broken there is a legal and an illegal case.  Logs are built with
:mod:`judge.games.union_arena.testing` (observed mode unless a test needs known hidden cards).
"""

from __future__ import annotations

from typing import Any

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

HERO = card("T-201", name="Hero", bp=2000, ap=0, traits=["Knight"])
AWAKENED = card("T-202", name="Hero Awakened", bp=5000, ap=1, raid={"onto": {"name": "Hero"}})
CAPTAIN = card("T-203", name="Knight Captain", bp=4500, ap=1, raid={"onto": {"trait": "Knight"}})
BYSTANDER = card("T-204", name="Bystander", bp=1500, ap=0)
FREE = card("T-205", name="Free Runner", bp=1500, ap=0)
VANILLA = card("T-206", name="Vanguard", bp=3000, ap=0)


def effect(when: str, *ops: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"when": when, "do": list(ops), **extra}


def sel(side: str = "own", zone: str = "front_line", count: int = 1, **cond: Any) -> dict[str, Any]:
    return {"side": side, "zone": zone, "count": count, **cond}


DRAW = {"op": "draw", "n": 1}


def main_phase(*cards: dict[str, Any], **kw: Any) -> LogBuilder:
    """A log at A's turn 1 main phase (A goes first; A has 1 AP)."""
    return LogBuilder(list(cards), **kw).setup(first="A").proceed("A")


# -- UA-RAID -------------------------------------------------------------------------------------


def test_UA_RAID_onto_the_named_character_is_legal() -> None:
    b = main_phase(HERO, AWAKENED).play("A", "T-201", to="front_line")
    b.act("A", "raid", card="T-202", onto="A-1")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A", b.last)["front_line"] == [
        {
            "id": "A-5",
            "code": "T-202",
            "name": "Hero Awakened",
            "rested": False,
            "bp": 5000,
            "under": ["A-1"],
        }
    ]
    assert player_state(r, "A", b.last)["ap"]["active"] == 0  # its AP cost was paid


def test_UA_RAID_onto_a_character_of_another_name_is_illegal() -> None:
    b = main_phase(BYSTANDER, AWAKENED).play("A", "T-204", to="front_line")
    b.act("A", "raid", card="T-202", onto="A-1")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-RAID"]
    assert "under" not in player_state(r, "A", b.last)["front_line"][0]


def test_UA_RAID_onto_a_character_with_the_trait_is_legal() -> None:
    b = main_phase(HERO, CAPTAIN).play("A", "T-201", to="front_line")
    b.act("A", "raid", card="T-203", onto="A-1")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A", b.last)["front_line"][0]["under"] == ["A-1"]


def test_UA_RAID_onto_a_character_without_the_trait_is_illegal() -> None:
    b = main_phase(BYSTANDER, CAPTAIN).play("A", "T-204", to="front_line")
    b.act("A", "raid", card="T-203", onto="A-1")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-RAID"]


def test_UA_RAID_card_without_raid_cannot_raid() -> None:
    b = main_phase(HERO, BYSTANDER).play("A", "T-201", to="front_line")
    b.act("A", "raid", card="T-204", onto="A-1")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-RAID"]


def test_UA_RAID_needs_the_ap_cost() -> None:
    costly = card("T-207", name="Hero Reborn", ap=2, raid={"onto": {"name": "Hero"}})
    b = main_phase(HERO, costly).play("A", "T-201", to="front_line")
    b.act("A", "raid", card="T-207", onto="A-1")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-AP-COST"]


def test_UA_RAID_energy_counts_the_bases_own_energy() -> None:
    red_hero = card("T-208", name="Red Hero", color="red", ap=0, bp=1000)
    # red required energy, but it generates blue: only the base's red mark meets the requirement
    red_raider = card(
        "T-209",
        name="Red Hero Awakened",
        color="red",
        energy={"red": 1},
        generates={"blue": 1},
        raid={"onto": {"name": "Red Hero"}},
    )
    b = main_phase(red_hero, red_raider).play("A", "T-208", to="energy_line")
    b.act("A", "raid", card="T-209", onto="A-1")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A", b.last)["energy_line"][0]["id"] == "A-5"


def test_UA_RAID_without_the_required_energy_is_illegal() -> None:
    red_raider = card(
        "T-209",
        name="Red Hero Awakened",
        color="red",
        energy={"red": 1},
        raid={"onto": {"name": "Hero"}},
    )
    b = main_phase(HERO, red_raider).play("A", "T-201", to="energy_line")
    b.act("A", "raid", card="T-209", onto="A-1")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-ENERGY"]


# -- UA-RAID-BASE --------------------------------------------------------------------------------


def test_UA_RAID_BASE_base_with_raid_is_illegal() -> None:
    knight_raider = card(
        "T-210", name="Knight Raider", ap=0, traits=["Knight"], raid={"onto": {"trait": "Knight"}}
    )
    b = main_phase(knight_raider, CAPTAIN).play("A", "T-210", to="front_line")  # played normally
    b.act("A", "raid", card="T-203", onto="A-1")
    r = b.replay()
    assert verdict(r, b.last - 1) == "legal"
    assert rules_broken(r, b.last) == ["UA-RAID-BASE"]
    assert "under" not in player_state(r, "A", b.last)["front_line"][0]


def test_UA_RAID_BASE_base_without_raid_is_legal() -> None:
    knight = card("T-211", name="Knight", ap=0, traits=["Knight"])
    b = main_phase(knight, CAPTAIN).play("A", "T-211", to="front_line")
    b.act("A", "raid", card="T-203", onto="A-1")
    r = b.replay()
    assert verdict(r, b.last) == "legal"


# -- UA-RAID-PROCEDURE ---------------------------------------------------------------------------


def test_UA_RAID_PROCEDURE_rested_base_becomes_active_and_moves_up() -> None:
    b = main_phase(HERO, AWAKENED).play("A", "T-201", to="energy_line")
    b.act("A", "raid", card="T-202", onto="A-1", to_front_line=True)
    r = b.replay()
    assert field_unit(r, "A", "A-1", b.last - 1)["rested"] is True  # entered rested
    assert verdict(r, b.last) == "legal"
    assert "UA-RAID-PROCEDURE" in rules_applied(r, b.last)
    a = player_state(r, "A", b.last)
    assert a["energy_line"] == []
    assert [(u["id"], u["rested"], u["under"]) for u in a["front_line"]] == [
        ("A-5", False, ["A-1"])
    ]


def test_UA_RAID_PROCEDURE_base_stays_in_the_energy_line_unless_moved() -> None:
    b = main_phase(HERO, AWAKENED).play("A", "T-201", to="energy_line")
    b.act("A", "raid", card="T-202", onto="A-1")
    r = b.replay()
    assert field_ids(r, "A", "energy_line", b.last) == ["A-5"]
    assert field_unit(r, "A", "A-5", b.last)["rested"] is False


def test_UA_RAID_PROCEDURE_base_loses_received_effects() -> None:
    pumped_hero = card(
        "T-212",
        name="Hero",
        ap=0,
        bp=2000,
        effects=[effect("on_play", {"op": "bp", "amount": 1000, "target": "self"})],
    )
    b = main_phase(pumped_hero, AWAKENED).play("A", "T-212", to="front_line")
    b.act("A", "raid", card="T-202", onto="A-1")
    r = b.replay()
    assert field_unit(r, "A", "A-1", b.last - 1)["bp"] == 3000
    assert field_unit(r, "A", "A-5", b.last)["bp"] == 5000  # not 6000: the +1000 is gone


def test_UA_RAID_PROCEDURE_base_loses_its_own_effects() -> None:
    tapper = card(
        "T-213",
        name="Hero",
        ap=0,
        effects=[effect("activate_main", DRAW)],
    )
    b = main_phase(tapper, AWAKENED).play("A", "T-213", to="front_line")
    b.act("A", "raid", card="T-202", onto="A-1")
    b.act("A", "activate", card="A-5", ability=1)
    r = b.replay()
    assert verdict(r, b.last - 1) == "legal"
    assert rules_broken(r, b.last) == ["UA-ACTIVATE"]


def full_front_line_and_hero_in_energy_line() -> LogBuilder:
    """A's front line full (A-3 … A-6), Hero (A-1) in the energy line, Hero Awakened in hand."""
    b = main_phase(HERO, AWAKENED, FREE, deck_a=["T-201", "T-202", *["T-205"] * 4])
    for _ in range(4):
        b.play("A", "T-205", to="front_line")
    return b.play("A", "T-201", to="energy_line")


# -- UA-LINE-LIMIT for a raid (a move outside the movement phase) -------------------------------
# Manual: moving or playing onto a line that holds 4 cards first puts one card of that line into
# the removal area, for moves outside the movement phase too; only when the line is full.


def test_UA_LINE_LIMIT_raid_moving_to_a_full_front_line_removes_one_card_first() -> None:
    b = full_front_line_and_hero_in_energy_line()
    b.act("A", "raid", card="T-202", onto="A-1", to_front_line=True, remove=["A-4"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-LINE-LIMIT" in rules_applied(r, b.last)
    assert field_ids(r, "A", "front_line") == ["A-3", "A-5", "A-6", "A-2"]  # the stack, top A-2
    assert player_state(r, "A")["removal"] == ["A-4"]
    assert field_ids(r, "A", "energy_line") == []


def test_UA_LINE_LIMIT_raid_to_a_full_front_line_without_a_removal_is_illegal() -> None:
    b = full_front_line_and_hero_in_energy_line()
    b.act("A", "raid", card="T-202", onto="A-1", to_front_line=True, remove=[])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-LINE-LIMIT"]


def test_UA_LINE_LIMIT_raid_log_without_remove_is_a_skipped_decision() -> None:
    b = full_front_line_and_hero_in_energy_line()
    b.act("A", "raid", card="T-202", onto="A-1", to_front_line=True)
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "UA-CHOICE-RECORDED" in rules_applied(r, b.last)
    assert player_state(r, "A")["removal"] == ["A-3"]  # the documented default
    assert field_ids(r, "A", "front_line")[-1] == "A-2"


def test_UA_LINE_LIMIT_raid_removing_two_is_illegal() -> None:
    b = full_front_line_and_hero_in_energy_line()
    b.act("A", "raid", card="T-202", onto="A-1", to_front_line=True, remove=["A-3", "A-4"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-LINE-LIMIT"]


def test_UA_LINE_LIMIT_raid_removing_when_it_does_not_move_is_illegal() -> None:
    b = full_front_line_and_hero_in_energy_line()
    b.act("A", "raid", card="T-202", onto="A-1", to_front_line=False, remove=["A-3"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-LINE-LIMIT"]


def test_UA_LINE_LIMIT_raid_removing_when_the_front_line_is_not_full_is_illegal() -> None:
    b = main_phase(HERO, AWAKENED, FREE, deck_a=["T-201", "T-202", *["T-205"] * 4])
    b.play("A", "T-205", to="front_line").play("A", "T-201", to="energy_line")
    b.act("A", "raid", card="T-202", onto="A-1", to_front_line=True, remove=["A-3"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-LINE-LIMIT"]
    b = main_phase(HERO, AWAKENED, FREE, deck_a=["T-201", "T-202", *["T-205"] * 4])
    b.play("A", "T-205", to="front_line").play("A", "T-201", to="energy_line")
    b.act("A", "raid", card="T-202", onto="A-1", to_front_line=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_ids(r, "A", "front_line") == ["A-3", "A-2"]


def test_UA_LINE_LIMIT_raid_removal_names_a_front_line_card() -> None:
    b = main_phase(HERO, AWAKENED, FREE, deck_a=["T-201", "T-202", *["T-205"] * 5])
    for _ in range(4):
        b.play("A", "T-205", to="front_line")
    b.play("A", "T-201", to="energy_line").play("A", "T-205", to="energy_line")
    b.act("A", "raid", card="T-202", onto="A-1", to_front_line=True, remove=["A-7"])
    r = b.replay()
    assert set(rules_broken(r, b.last)) == {"UA-LINE-LIMIT"}


# -- UA-RAID-ONLY --------------------------------------------------------------------------------

RAID_DRAWER = card(
    "T-214",
    name="Hero Ascended",
    ap=1,
    raid={"onto": {"name": "Hero"}},
    effects=[effect("on_play", DRAW, raid_only=True)],
)
RAID_TAPPER = card(
    "T-215",
    name="Hero Tactician",
    ap=1,
    raid={"onto": {"name": "Hero"}},
    effects=[effect("activate_main", DRAW, raid_only=True)],
)


def test_UA_RAID_ONLY_text_works_when_raided() -> None:
    b = main_phase(HERO, RAID_DRAWER).play("A", "T-201", to="front_line")
    b.act("A", "raid", card="T-214", onto="A-1")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "draw" in event_types(r, b.last)
    assert len(player_state(r, "A", b.last)["hand"]) == 6  # 7 - Hero - raider + 1


def test_UA_RAID_ONLY_text_does_nothing_when_played_normally() -> None:
    b = main_phase(RAID_DRAWER).play("A", "T-214", to="front_line")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-RAID-ONLY" in rules_applied(r, b.last)
    assert "draw" not in event_types(r, b.last)
    assert len(player_state(r, "A", b.last)["hand"]) == 6


def test_UA_RAID_ONLY_activated_effect_of_a_card_played_normally_is_illegal() -> None:
    b = main_phase(RAID_TAPPER).play("A", "T-215", to="front_line")
    b.act("A", "activate", card="A-1", ability=1)
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-RAID-ONLY"]


def test_UA_RAID_ONLY_activated_effect_of_a_raided_card_is_legal() -> None:
    b = main_phase(HERO, RAID_TAPPER).play("A", "T-201", to="front_line")
    b.act("A", "raid", card="T-215", onto="A-1").act("A", "activate", card="A-5", ability=1)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "draw" in event_types(r, b.last)


# -- UA-RAID-STACK -------------------------------------------------------------------------------


def test_UA_RAID_STACK_takes_one_place_in_a_full_line() -> None:
    b = main_phase(HERO, AWAKENED, FREE).play("A", "T-201", to="front_line")
    for _ in range(3):
        b.play("A", "T-205", to="front_line")
    b.act("A", "raid", card="T-202", onto="A-1")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    a = player_state(r, "A", b.last)
    assert len(a["front_line"]) == 4
    assert a["removal"] == []


def test_UA_RAID_STACK_has_the_top_cards_bp_and_name() -> None:
    b = main_phase(HERO, AWAKENED).play("A", "T-201", to="front_line")
    b.act("A", "raid", card="T-202", onto="A-1")
    r = b.replay()
    top = player_state(r, "A", b.last)["front_line"][0]
    assert (top["name"], top["bp"]) == ("Hero Awakened", 5000)


def test_UA_RAID_STACK_generates_only_the_top_cards_energy() -> None:
    red_hero = card("T-216", name="Hero", color="red", ap=0, bp=1000)
    red_blade = card("T-217", name="Red Blade", color="red", energy={"red": 1}, ap=0)
    b = main_phase(red_hero, AWAKENED, red_blade).play("A", "T-216", to="energy_line")
    b.play("A", "T-217", to="front_line")
    before_raid = b.last
    b.act("A", "raid", card="T-202", onto="A-1")  # blue on top of red
    b.play("A", "T-217", to="front_line")
    r = b.replay()
    assert verdict(r, before_raid) == "legal"
    assert verdict(r, b.last - 1) == "legal"
    assert rules_broken(r, b.last) == ["UA-ENERGY"]


# -- UA-RAID-LEAVE -------------------------------------------------------------------------------


def test_UA_RAID_LEAVE_top_card_to_hand_cards_under_it_to_outside() -> None:
    recall = card(
        "T-218", "event", ap=0, effects=[effect("on_play", {"op": "to_hand", "target": sel()})]
    )
    b = main_phase(HERO, AWAKENED, recall).play("A", "T-201", to="front_line")
    b.act("A", "raid", card="T-202", onto="A-1")
    b.play("A", "T-218", targets=["A-5"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-RAID-LEAVE" in rules_applied(r, b.last)
    a = player_state(r, "A", b.last)
    assert a["front_line"] == []
    assert "A-5" in a["hand"]
    assert a["outside"] == ["A-1", "A-9"]  # the base, then the used event


def test_UA_RAID_LEAVE_cards_under_it_are_not_retired() -> None:
    # the base draws a card when it is retired; under the stack it only goes to the outside area
    last_words = card("T-219", name="Hero", ap=0, bp=2000, effects=[effect("on_retire", DRAW)])
    purge = card(
        "T-220", "event", ap=0, effects=[effect("on_play", {"op": "retire", "target": sel()})]
    )
    b = main_phase(last_words, AWAKENED, purge).play("A", "T-219", to="front_line")
    b.act("A", "raid", card="T-202", onto="A-1")
    b.play("A", "T-220", targets=["A-5"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-RAID-LEAVE" in rules_applied(r, b.last)
    assert "draw" not in event_types(r, b.last)
    assert player_state(r, "A", b.last)["outside"] == ["A-5", "A-1", "A-9"]


# -- UA-ACTIVATE ---------------------------------------------------------------------------------

SCOUT = card(
    "T-221",
    name="Scout",
    ap=0,
    effects=[effect("activate_main", DRAW, cost={"rest_self": True})],
)


def test_UA_ACTIVATE_rest_cost_rests_the_card_and_the_effect_resolves() -> None:
    b = main_phase(SCOUT).play("A", "T-221", to="front_line")
    skip_to_turn_3(b).proceed("A").act("A", "activate", card="A-1", ability=1)
    r = b.replay()
    assert field_unit(r, "A", "A-1", b.last - 1)["rested"] is False
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "A", "A-1", b.last)["rested"] is True
    assert "draw" in event_types(r, b.last)
    assert event_types(r, b.last)[0] == "rest"  # the cost, as an event


def test_UA_ACTIVATE_rest_cost_of_a_rested_card_is_illegal() -> None:
    b = main_phase(SCOUT).play("A", "T-221", to="front_line")
    b.act("A", "activate", card="A-1", ability=1)  # it entered rested this turn
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-ACTIVATE"]
    assert "draw" not in event_types(r, b.last)


def test_UA_ACTIVATE_ap_cost_must_be_paid() -> None:
    banker = card("T-222", ap=1, effects=[effect("activate_main", DRAW, cost={"ap": 1})])
    b = main_phase(banker).play("A", "T-222", to="front_line")  # its own AP cost rests A's only AP
    b.act("A", "activate", card="A-1", ability=1)
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-AP-COST"]


def test_UA_ACTIVATE_ap_cost_paid() -> None:
    banker = card("T-222", ap=0, effects=[effect("activate_main", DRAW, cost={"ap": 1})])
    b = main_phase(banker).play("A", "T-222", to="front_line")
    b.act("A", "activate", card="A-1", ability=1)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A", b.last)["ap"] == {"active": 0, "total": 1}


DISCARDER = card("T-223", ap=0, effects=[effect("activate_main", DRAW, cost={"discard": 1})])


def test_UA_ACTIVATE_discard_cost_puts_the_card_outside() -> None:
    b = main_phase(DISCARDER).play("A", "T-223", to="front_line")
    b.act("A", "activate", card="A-1", ability=1, costs={"discard": ["T-000"]})
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A", b.last)["outside"] == ["A-5"]  # the first filler of A's deck
    assert "draw" in event_types(r, b.last)
    # the cost paid is an event too: a compact replay's step says what changed by its events
    (paid,) = [e for e in r["steps"][b.last]["events"] if e["type"] == "discard"]
    assert paid["card"] == "A-5" and "to pay the cost" in paid["text"]


def test_UA_ACTIVATE_discard_cost_not_paid_is_illegal() -> None:
    b = main_phase(DISCARDER).play("A", "T-223", to="front_line")
    b.act("A", "activate", card="A-1", ability=1)
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-ACTIVATE"]
    assert player_state(r, "A", b.last)["outside"] == []


def test_UA_ACTIVATE_discard_cost_of_two_copies_of_one_code_is_legal() -> None:
    double = card("T-224", ap=0, effects=[effect("activate_main", DRAW, cost={"discard": 2})])
    b = main_phase(double).play("A", "T-224", to="front_line")
    b.act("A", "activate", card="A-1", ability=1, costs={"discard": ["T-000", "T-000"]})
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert len(player_state(r, "A", b.last)["outside"]) == 2


def test_UA_ACTIVATE_all_costs_must_be_paid() -> None:
    both = card(
        "T-225", ap=0, effects=[effect("activate_main", DRAW, cost={"rest_self": True, "ap": 1})]
    )
    b = main_phase(both).play("A", "T-225", to="front_line")
    b.act("A", "activate", card="A-1", ability=1)  # the AP is there, but the card is rested
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-ACTIVATE"]
    assert player_state(r, "A", b.last)["ap"] == {"active": 1, "total": 1}


def test_UA_ACTIVATE_retire_cost_retires_the_card() -> None:
    martyr = card(
        "T-226", ap=0, effects=[effect("activate_main", DRAW, cost={"retire_self": True})]
    )
    b = main_phase(martyr).play("A", "T-226", to="front_line")
    b.act("A", "activate", card="A-1", ability=1)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    a = player_state(r, "A", b.last)
    assert a["front_line"] == []
    assert a["outside"] == ["A-1"]
    assert "draw" in event_types(r, b.last)


def test_UA_ACTIVATE_unknown_ability_number_is_illegal() -> None:
    b = main_phase(SCOUT).play("A", "T-221", to="front_line")
    skip_to_turn_3(b).proceed("A").act("A", "activate", card="A-1", ability=2)
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-ACTIVATE"]


# -- UA-ACTIVATE-ONCE ----------------------------------------------------------------------------

ONCE = card(
    "T-227", name="Oracle", ap=0, effects=[effect("activate_main", DRAW, once_per_turn=True)]
)


def test_UA_ACTIVATE_ONCE_second_use_in_a_turn_is_illegal() -> None:
    b = main_phase(ONCE).play("A", "T-227", to="front_line")
    b.act("A", "activate", card="A-1", ability=1).act("A", "activate", card="A-1", ability=1)
    r = b.replay()
    assert verdict(r, b.last - 1) == "legal"
    assert rules_broken(r, b.last) == ["UA-ACTIVATE-ONCE"]
    assert "draw" not in event_types(r, b.last)


def test_UA_ACTIVATE_ONCE_each_copy_may_use_it() -> None:
    b = main_phase(ONCE).play("A", "T-227", to="front_line").play("A", "T-227", to="front_line")
    b.act("A", "activate", card="A-1", ability=1).act("A", "activate", card="A-2", ability=1)
    r = b.replay()
    assert [verdict(r, i) for i in (b.last - 1, b.last)] == ["legal", "legal"]


def test_UA_ACTIVATE_ONCE_again_next_turn() -> None:
    b = (
        main_phase(ONCE)
        .play("A", "T-227", to="front_line")
        .act("A", "activate", card="A-1", ability=1)
    )
    skip_to_turn_3(b).proceed("A").act("A", "activate", card="A-1", ability=1)
    r = b.replay()
    assert r["steps"][b.last]["turn"] == 3
    assert verdict(r, b.last) == "legal"


def test_UA_ACTIVATE_ONCE_card_that_left_and_came_back_is_a_new_card() -> None:
    recall = card(
        "T-218", "event", ap=0, effects=[effect("on_play", {"op": "to_hand", "target": sel()})]
    )
    b = main_phase(ONCE, recall).play("A", "T-227", to="front_line")
    b.act("A", "activate", card="A-1", ability=1)
    b.play("A", "T-218", targets=["A-1"]).play("A", "A-1", to="front_line")
    b.act("A", "activate", card="A-1", ability=1)
    r = b.replay()
    assert r["summary"]["illegal_steps"] == []
    assert "draw" in event_types(r, b.last)


# -- UA-REVEAL -----------------------------------------------------------------------------------

LONE = card("T-228", name="Lone Wolf", ap=0)


def test_UA_REVEAL_card_not_in_the_deck_cannot_be_in_the_hand() -> None:
    b = main_phase(FREE, LONE, deck_a=["T-205"] * 4).play("A", "T-228", to="front_line")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-REVEAL"]


def test_UA_REVEAL_every_copy_known_elsewhere_is_illegal() -> None:
    b = main_phase(LONE, deck_a=["T-228"]).play("A", "T-228", to="front_line")
    b.play("A", "T-228", to="energy_line")
    r = b.replay()
    assert verdict(r, b.last - 1) == "legal"
    assert rules_broken(r, b.last) == ["UA-REVEAL"]
    assert player_state(r, "A", b.last)["energy_line"] == []


def attack_b_unblocked(*cards: dict[str, Any], **kw: Any) -> LogBuilder:
    """A's turn 3: A's Vanguard attacks B, who does not block; A picks next."""
    b = main_phase(VANILLA, *cards, **kw).play("A", "T-206", to="front_line")
    b = skip_to_turn_3(b).proceed("A", 2)
    return b.act("A", "attack", card="T-206", target="player").block("B")


def test_UA_REVEAL_life_card_that_can_be_there_is_bound() -> None:
    b = attack_b_unblocked(LONE).act("A", "pick_life", cards=[1], reveal=["T-228"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "B", b.last)["outside"] == ["B-5"]  # B's first Lone Wolf


def test_UA_REVEAL_life_card_that_cannot_be_there_is_illegal() -> None:
    b = attack_b_unblocked(LONE, deck_b=["T-206"] * 4).act(
        "A", "pick_life", cards=[1], reveal=["T-228"]
    )
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-REVEAL"]
    assert player_state(r, "B", b.last)["life"] == 7


def test_UA_REVEAL_seeded_reveal_must_match_the_known_card() -> None:
    def attack() -> LogBuilder:
        # seeded: every hidden card is known; A's deck is all Vanguards so one is in the hand
        return attack_b_unblocked(LONE, mode="seeded", seed="reveal", deck_a=["T-206"] * 50)

    life = attack().replay()["steps"][-1]["snapshot"]["players"]["B"]["life"]
    number = int(life[0].rsplit("-", 1)[1])
    code = attack().doc["decks"]["B"]["main"][number - 1]  # the code of life position 1
    wrong = "T-228" if code != "T-228" else "T-000"
    right = attack().act("A", "pick_life", cards=[1], reveal=[code])
    assert verdict(right.replay(), right.last) == "legal"
    b = attack().act("A", "pick_life", cards=[1], reveal=[wrong])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-REVEAL"]
    assert player_state(r, "B", b.last)["life"] == 7


# -- UA-EFFECT-TARGETS ---------------------------------------------------------------------------

SMALL = card("T-229", name="Small", ap=0, bp=2000, traits=["Knight"])
BIG = card("T-230", name="Big", ap=0, bp=3000)
SNIPE_SHOT = card(
    "T-231",
    "event",
    ap=0,
    effects=[effect("on_play", {"op": "retire", "target": sel("opponent", bp_max=2500)})],
)


def b_has_small_big_and_one_behind(*extra: dict[str, Any]) -> LogBuilder:
    """A's turn 3 main phase; B: Small (B-1) and Big (B-5) in front, Small (B-2) behind."""
    b = (
        main_phase(SMALL, BIG, SNIPE_SHOT, FREE, *extra)
        .play("A", "T-205", to="front_line")
        .proceed("A", 2)
    )
    b.proceed("B").play("B", "T-229", to="front_line").play("B", "T-230", to="front_line")
    b.play("B", "T-229", to="energy_line").proceed("B", 2)
    return b.proceed("A")


def test_UA_EFFECT_TARGETS_fitting_target_is_legal() -> None:
    b = b_has_small_big_and_one_behind().play("A", "T-231", targets=["B-1"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "B", b.last)["outside"] == ["B-1"]


def test_UA_EFFECT_TARGETS_bp_over_the_limit_is_illegal() -> None:
    b = b_has_small_big_and_one_behind().play("A", "T-231", targets=["B-5"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]
    assert field_ids(r, "B", "front_line", b.last) == ["B-1", "B-5"]


def test_UA_EFFECT_TARGETS_wrong_side_is_illegal() -> None:
    b = b_has_small_big_and_one_behind().play("A", "T-231", targets=["A-13"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]


def test_UA_EFFECT_TARGETS_wrong_line_is_illegal() -> None:
    b = b_has_small_big_and_one_behind().play("A", "T-231", targets=["B-2"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]


def test_UA_EFFECT_TARGETS_too_many_is_illegal() -> None:
    b = b_has_small_big_and_one_behind().play("A", "T-231", targets=["B-1", "B-5"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]


def test_UA_EFFECT_TARGETS_too_few_is_illegal() -> None:
    b = b_has_small_big_and_one_behind().play("A", "T-231", targets=[])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]


def test_UA_EFFECT_TARGETS_trait_condition() -> None:
    rally = card(
        "T-232",
        "event",
        ap=0,
        effects=[
            effect(
                "on_play", {"op": "bp", "amount": 1000, "target": sel("opponent", trait="Knight")}
            )
        ],
    )
    b = b_has_small_big_and_one_behind(rally)
    b.play("A", "T-232", targets=["B-5"])
    b.play("A", "T-232", targets=["B-1"])
    r = b.replay()
    assert rules_broken(r, b.last - 1) == ["UA-EFFECT-TARGETS"]
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "B", "B-1", b.last)["bp"] == 3000


# The conditions card text states in its brackets: <Name> (including "This card is also treated
# as <Name>"), [Trait] (the English cards' "affinity"), and colour.

KID = card("T-240", name="Kid", ap=0, bp=1000, traits=["Student"], also_treated_as=["Hero"])
RED_ONE = card("T-241", name="Red One", ap=0, color="red", generates={"red": 1})


def pump(**cond: Any) -> dict[str, Any]:
    """An event: one of your front-line characters meeting ``cond`` gets BP +1000."""
    code = "T-25" + str(len(cond))
    target = sel("own", **cond)
    return card(
        code,
        "event",
        ap=0,
        effects=[effect("on_play", {"op": "bp", "amount": 1000, "target": target})],
    )


def own_front_line(event: dict[str, Any]) -> LogBuilder:
    """A's turn 1 main phase: Hero (A-1), Kid (A-2) and Red One (A-6) in A's front line."""
    deck = ["T-201", *["T-240"] * 4, *["T-241"] * 4, event["code"]]
    b = main_phase(HERO, KID, RED_ONE, event, deck_a=deck)
    b.play("A", "T-201", to="front_line").play("A", "T-240", to="front_line")
    return b.play("A", "T-241", to="front_line")


def test_UA_EFFECT_TARGETS_name_condition() -> None:
    event = pump(name="Hero")
    b = own_front_line(event).play("A", event["code"], targets=["A-6"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]
    b = own_front_line(event).play("A", event["code"], targets=["A-1"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "A", "A-1")["bp"] == 3000


def test_UA_EFFECT_TARGETS_name_condition_counts_a_card_also_treated_as_that_name() -> None:
    event = pump(name="Hero")
    b = own_front_line(event).play("A", event["code"], targets=["A-2"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "A", "A-2")["bp"] == 2000


def test_UA_EFFECT_TARGETS_also_treated_as_keeps_the_cards_own_name() -> None:
    event = pump(name="Kid")
    b = own_front_line(event).play("A", event["code"], targets=["A-2"])
    assert verdict(b.replay(), b.last) == "legal"


def test_UA_EFFECT_TARGETS_affinity_condition_is_the_trait() -> None:
    for key in ("affinity", "trait"):
        event = pump(**{key: "Student"})
        b = own_front_line(event).play("A", event["code"], targets=["A-1"])
        assert rules_broken(b.replay(), b.last) == ["UA-EFFECT-TARGETS"]
        b = own_front_line(event).play("A", event["code"], targets=["A-2"])
        assert verdict(b.replay(), b.last) == "legal"


def test_UA_EFFECT_TARGETS_colour_condition() -> None:
    event = pump(color="red")
    b = own_front_line(event).play("A", event["code"], targets=["A-1"])
    assert rules_broken(b.replay(), b.last) == ["UA-EFFECT-TARGETS"]
    b = own_front_line(event).play("A", event["code"], targets=["A-6"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "A", "A-6")["bp"] == 3000


def test_UA_EFFECT_TARGETS_conditions_apply_in_the_hand_too() -> None:
    banish = card(
        "T-259",
        "event",
        ap=0,
        effects=[effect("on_play", {"op": "remove", "target": sel("own", "hand", name="Hero")})],
    )
    deck = ["T-259", "T-201", "T-205"]
    b = main_phase(HERO, FREE, banish, deck_a=deck).play("A", "T-259", targets=["T-205"])
    assert rules_broken(b.replay(), b.last) == ["UA-EFFECT-TARGETS"]
    b = main_phase(HERO, FREE, banish, deck_a=deck).play("A", "T-259", targets=["T-201"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["removal"] == ["A-2"]


def test_UA_RAID_by_name_onto_a_card_also_treated_as_that_name() -> None:
    b = main_phase(KID, AWAKENED, deck_a=["T-240", "T-202"]).play("A", "T-240", to="front_line")
    b.act("A", "raid", card="T-202", onto="A-1")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_ids(r, "A", "front_line") == ["A-2"]


def test_UA_EFFECT_TARGETS_recorded_with_resolve() -> None:
    # a when-attacking effect: the targets come with the `resolve` decision
    striker = card(
        "T-233",
        name="Striker",
        ap=0,
        bp=3000,
        effects=[effect("on_attack", {"op": "rest", "target": sel("opponent", rested=False)})],
    )
    b = main_phase(striker, VANILLA).play("A", "T-233", to="front_line").proceed("A", 2)
    b.proceed("B").play("B", "T-206", to="front_line").proceed("B", 2)
    b.proceed("A", 2).act("A", "attack", card="A-1", target="player")
    b.act("A", "resolve", source="A-1", targets=["A-1"])
    b.act("A", "resolve", source="A-1", targets=["B-5"])
    r = b.replay()
    assert rules_broken(r, b.last - 1) == ["UA-EFFECT-TARGETS"]
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "B", "B-5", b.last)["rested"] is True


# -- UA-EFFECT-UNSUPPORTED -----------------------------------------------------------------------

SEER_TEXT = "Look at the top 3 cards of your deck and put them back in any order."
SEER = card("T-234", name="Seer", ap=0, effects=[{"when": "on_play", "text": SEER_TEXT}])


def test_UA_EFFECT_UNSUPPORTED_card_text_makes_the_step_unverifiable() -> None:
    b = main_phase(SEER).play("A", "T-234", to="front_line")
    r = b.replay()
    step = r["steps"][b.last]
    assert step["verdict"] == "unverifiable"
    assert "UA-EFFECT-UNSUPPORTED" in rules_applied(r, b.last)
    assert any("A-1" in why for why in step["unverifiable"])
    assert r["summary"]["unverifiable_steps"] == [b.last]


def test_UA_EFFECT_UNSUPPORTED_replay_quotes_the_text() -> None:
    b = main_phase(SEER).play("A", "T-234", to="front_line")
    step = b.replay()["steps"][b.last]
    said = step["unverifiable"] + [x["message"] for x in step["rulings"]]
    assert any(SEER_TEXT in m for m in said)


def test_UA_EFFECT_UNSUPPORTED_unknown_operation_is_unverifiable() -> None:
    miller = card("T-235", ap=0, effects=[effect("on_play", {"op": "mill_opponent", "n": 2})])
    b = main_phase(miller).play("A", "T-235", to="front_line")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "UA-EFFECT-UNSUPPORTED" in rules_applied(r, b.last)


def test_UA_EFFECT_UNSUPPORTED_not_for_vocabulary_effects() -> None:
    reader = card("T-236", ap=0, effects=[effect("on_play", DRAW)])
    b = main_phase(reader).play("A", "T-236", to="front_line")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-EFFECT-UNSUPPORTED" not in rules_applied(r, b.last)


# -- UA-CHOICE-RECORDED --------------------------------------------------------------------------

MAYBE_DRAW = card("T-237", name="Maybe", ap=0, effects=[effect("on_play", DRAW, optional=True)])


def test_UA_CHOICE_RECORDED_missing_resolve_is_unverifiable() -> None:
    b = main_phase(MAYBE_DRAW).play("A", "T-237", to="front_line").proceed("A")
    r = b.replay()
    step = r["steps"][b.last]
    assert step["verdict"] == "unverifiable"
    assert "UA-CHOICE-RECORDED" in rules_applied(r, b.last)
    assert "draw" not in event_types(r, b.last)  # the default: an optional effect is not used
    assert len(player_state(r, "A", b.last)["hand"]) == 6


def test_UA_CHOICE_RECORDED_recorded_use_is_legal() -> None:
    b = main_phase(MAYBE_DRAW).play("A", "T-237", to="front_line")
    b.act("A", "resolve", source="A-1", use=True).proceed("A")
    r = b.replay()
    assert [verdict(r, i) for i in (b.last - 1, b.last)] == ["legal", "legal"]
    assert "draw" in event_types(r, b.last - 1)
    assert len(player_state(r, "A", b.last)["hand"]) == 7


def test_UA_CHOICE_RECORDED_recorded_decline_is_legal() -> None:
    b = main_phase(MAYBE_DRAW).play("A", "T-237", to="front_line")
    b.act("A", "resolve", source="A-1", use=False).proceed("A")
    r = b.replay()
    assert [verdict(r, i) for i in (b.last - 1, b.last)] == ["legal", "legal"]
    assert len(player_state(r, "A", b.last)["hand"]) == 6


def test_UA_CHOICE_RECORDED_missing_order_of_simultaneous_effects_is_unverifiable() -> None:
    dawn = card("T-248", ap=0, effects=[effect("end_phase_start", DRAW)])
    dusk = card("T-249", ap=0, effects=[effect("end_phase_start", DRAW)])
    b = main_phase(dawn, dusk).play("A", "T-248", to="front_line")
    b.play("A", "T-249", to="front_line").proceed("A", 2)
    b.proceed("B")  # A never records the order of its two end-phase effects
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "UA-CHOICE-RECORDED" in rules_applied(r, b.last)
    sources = [e["source"] for e in r["steps"][b.last]["events"] if e["type"] == "effect"]
    assert sources == ["A-1", "A-5"]  # the default: in the order they were triggered


DRAW_TRIGGER = card("T-238", name="Lucky", ap=0, trigger="draw")


def test_UA_CHOICE_RECORDED_missing_trigger_decision_is_unverifiable() -> None:
    b = attack_b_unblocked(DRAW_TRIGGER).act("A", "pick_life", cards=[1], reveal=["T-238"])
    b.proceed("A")
    r = b.replay()
    assert verdict(r, b.last - 1) == "legal"
    assert verdict(r, b.last) == "unverifiable"
    assert "UA-CHOICE-RECORDED" in rules_applied(r, b.last)
    assert player_state(r, "B", b.last)["outside"] == [
        "B-5"
    ]  # not used: straight to the outside area
    draws = [e["text"] for e in r["steps"][b.last]["events"] if e["type"] == "draw"]
    assert draws == ["B draws a card."]  # only B's turn-4 draw, no DRAW trigger


def test_UA_CHOICE_RECORDED_recorded_trigger_is_legal() -> None:
    b = attack_b_unblocked(DRAW_TRIGGER).act("A", "pick_life", cards=[1], reveal=["T-238"])
    b.act("B", "trigger", card="B-5", use=True).proceed("A")
    r = b.replay()
    assert [verdict(r, i) for i in (b.last - 1, b.last)] == ["legal", "legal"]
    assert "UA-CHOICE-RECORDED" not in rules_applied(r, b.last)
    assert (
        len(player_state(r, "B", b.last - 1)["hand"]) == 9
    )  # 7 + its turn-2 draw + the DRAW trigger


# -- UA-SIMULTANEOUS -----------------------------------------------------------------------------


def test_UA_SIMULTANEOUS_player_orders_its_own_effects() -> None:
    dusk_a = card("T-239", ap=0, effects=[effect("end_phase_start", DRAW, optional=True)])
    dusk_b = card("T-240", ap=0, effects=[effect("end_phase_start", DRAW, optional=True)])
    b = main_phase(dusk_a, dusk_b).play("A", "T-239", to="front_line")
    b.play("A", "T-240", to="front_line").proceed("A", 2)
    b.act("A", "resolve", source="A-5", use=True)  # the second-triggered first
    b.act("A", "resolve", source="A-1", use=True)
    r = b.replay()
    assert r["steps"][b.last - 2]["pending"][0]["kind"] == "resolve"
    assert verdict(r, b.last - 1) == "legal"
    assert "UA-SIMULTANEOUS" in rules_applied(r, b.last - 1)
    assert r["steps"][b.last - 1]["events"][0]["source"] == "A-5"
    assert verdict(r, b.last) == "legal"


def test_UA_SIMULTANEOUS_turn_player_resolves_first() -> None:
    a_side = card("T-241", name="Attacker", ap=0, bp=1000, effects=[effect("battle_end", DRAW)])
    b_side = card("T-242", name="Wall", ap=0, bp=5000, effects=[effect("battle_end", DRAW)])
    b = main_phase(a_side, b_side).play("A", "T-241", to="front_line").proceed("A", 2)
    b.proceed("B").play("B", "T-242", to="front_line").proceed("B", 2)
    b.proceed("A", 2).act("A", "attack", card="A-1", target="player").block("B", "B-5")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    draws = [e["player"] for e in r["steps"][b.last]["events"] if e["type"] == "draw"]
    assert draws == ["A", "B"]


def test_UA_SIMULTANEOUS_non_turn_player_cannot_go_first() -> None:
    a_side = card(
        "T-241", name="Attacker", ap=0, bp=1000, effects=[effect("battle_end", DRAW, optional=True)]
    )
    b_side = card(
        "T-242", name="Wall", ap=0, bp=5000, effects=[effect("battle_end", DRAW, optional=True)]
    )
    b = main_phase(a_side, b_side).play("A", "T-241", to="front_line").proceed("A", 2)
    b.proceed("B").play("B", "T-242", to="front_line").proceed("B", 2)
    b.proceed("A", 2).act("A", "attack", card="A-1", target="player").block("B", "B-5")
    b.act("B", "resolve", source="B-5", use=True)
    r = b.replay()
    waiting = r["steps"][b.last - 1]["pending"]
    assert {p["player"] for p in waiting if p["kind"] == "resolve"} == {"A"}
    assert [p["controller"] for p in waiting if p["kind"] == "waiting"] == ["B"]
    assert rules_broken(r, b.last) == ["UA-PHASE"]
    assert "draw" not in event_types(r, b.last)


def test_UA_SIMULTANEOUS_effect_triggered_meanwhile_joins_the_waiting_ones() -> None:
    dusk = card(
        "T-243", name="Dusk", ap=0, effects=[effect("end_phase_start", DRAW, optional=True)]
    )
    reaper = card(
        "T-244",
        name="Reaper",
        ap=0,
        effects=[effect("end_phase_start", {"op": "retire", "target": sel(zone="energy_line")})],
    )
    echo = card("T-245", name="Echo", ap=0, effects=[effect("on_retire", DRAW, optional=True)])
    b = main_phase(dusk, reaper, echo).play("A", "T-243", to="front_line")
    b.play("A", "T-244", to="front_line").play("A", "T-245", to="energy_line").proceed("A", 2)
    b.act("A", "resolve", source="A-5", targets=["A-9"])  # Reaper retires Echo
    b.act("A", "resolve", source="A-9", use=True)  # Echo's new effect before Dusk's older one
    b.act("A", "resolve", source="A-1", use=True)
    r = b.replay()
    assert r["summary"]["illegal_steps"] == []
    assert "UA-SIMULTANEOUS" in rules_applied(r, b.last - 1)
    assert r["steps"][b.last - 1]["events"][0]["source"] == "A-9"


def test_UA_SIMULTANEOUS_resolving_an_effect_that_is_not_waiting_is_illegal() -> None:
    b = main_phase(MAYBE_DRAW, FREE).play("A", "T-237", to="front_line")
    b.act("A", "resolve", source="A-5", use=True)
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-SIMULTANEOUS"]


def test_UA_SIMULTANEOUS_mandatory_effect_cannot_be_declined() -> None:
    pusher = card(
        "T-246", ap=0, effects=[effect("on_attack", {"op": "bp", "amount": 1000, "target": sel()})]
    )
    b = main_phase(pusher).play("A", "T-246", to="front_line")
    skip_to_turn_3(b).proceed("A", 2).act("A", "attack", card="A-1", target="player")
    b.act("A", "resolve", source="A-1", use=False)
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-SIMULTANEOUS"]


# -- UA-BP-ZERO ----------------------------------------------------------------------------------


def weaken(amount: int) -> dict[str, Any]:
    return card(
        "T-247",
        "event",
        ap=0,
        effects=[effect("on_play", {"op": "bp", "amount": -amount, "target": sel("opponent")})],
    )


def b_has_small_in_front(event: dict[str, Any]) -> LogBuilder:
    """A's turn 3 main phase; B's Small (B-1, 2000 BP) in the front line."""
    b = main_phase(SMALL, event).proceed("A", 2)
    b.proceed("B").play("B", "T-229", to="front_line").proceed("B", 2)
    return b.proceed("A")


def test_UA_BP_ZERO_character_at_zero_bp_retires() -> None:
    b = b_has_small_in_front(weaken(2000)).play("A", "T-247", targets=["B-1"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-BP-ZERO" in rules_applied(r, b.last)
    assert player_state(r, "B", b.last)["front_line"] == []
    assert player_state(r, "B", b.last)["outside"] == ["B-1"]


def test_UA_BP_ZERO_character_below_zero_bp_retires() -> None:
    b = b_has_small_in_front(weaken(3000)).play("A", "T-247", targets=["B-1"])
    r = b.replay()
    assert "UA-BP-ZERO" in rules_applied(r, b.last)
    assert player_state(r, "B", b.last)["outside"] == ["B-1"]


def test_UA_BP_ZERO_character_above_zero_stays() -> None:
    b = b_has_small_in_front(weaken(1000)).play("A", "T-247", targets=["B-1"])
    r = b.replay()
    assert "UA-BP-ZERO" not in rules_applied(r, b.last)
    assert field_unit(r, "B", "B-1", b.last)["bp"] == 1000


def test_UA_BP_ZERO_printed_zero_is_not_an_effect() -> None:
    zero = card("T-250", name="Mascot", ap=0, bp=0)
    reader = card("T-251", "event", ap=0, effects=[effect("on_play", DRAW)])
    b = main_phase(zero, reader).play("A", "T-250", to="front_line").play("A", "T-251")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-BP-ZERO" not in rules_applied(r, b.last)
    assert field_ids(r, "A", "front_line", b.last) == ["A-1"]
