"""Setup, the turn, costs and the main phase (R4U-SETUP-…, R4U-TURN … R4U-END, R4U-COST)."""

from __future__ import annotations

from judge.games.rebirth.testing import (
    ATTACKER,
    BIG,
    REBIRTH,
    LogBuilder,
    event_types,
    game_state,
    player_state,
    rules_applied,
    rules_broken,
    verdict,
)


def _b() -> LogBuilder:
    return LogBuilder([ATTACKER, BIG, REBIRTH])


def test_R4U_SETUP_ENTRY_level_2_or_less_from_the_deck() -> None:
    b = _b().act("A", "entry_select", card="T-BIG")
    assert rules_broken(b.replay(), b.last) == ["R4U-SETUP-ENTRY"]
    b = _b().act("A", "entry_select", card="T-RB")
    assert rules_broken(b.replay(), b.last) == ["R4U-SETUP-ENTRY"]
    b = _b().act("B", "entry_select", card="T-ATK").act("A", "entry_select", card="T-000")
    r = b.replay()
    assert verdict(r, 0) == verdict(r, 1) == "legal"
    assert player_state(r, "B")["entry"]["id"] == "B-1"


def test_R4U_SETUP_HAND_shuffle_3_cards_and_partners_no_mulligan() -> None:
    r = _b().setup(first="A").replay()
    first_player = 2
    hand_a = player_state(r, "A", first_player)["hand"]
    assert len(hand_a) == 6 and hand_a[3:] == ["A-PT1", "A-PT2", "A-PT3"]
    assert player_state(r, "A", first_player)["deck"] == 50 - 1 - 3
    assert "R4U-SETUP-HAND" in rules_applied(r, 1)


def test_R4U_SETUP_FIRST_either_player_records_who_goes_first() -> None:
    b = _b()
    b.act("A", "entry_select", card="T-000").act("B", "entry_select", card="T-000")
    b.act("A", "first_player", first="B").act("A", "preset", card="T-P01")
    r = b.replay()
    assert verdict(r, 2) == "legal" and game_state(r)["turn_player"] == "B"


def test_R4U_SETUP_PRESET_only_the_second_player_presets_a_partner() -> None:
    b = _b()
    b.act("A", "entry_select", card="T-000").act("B", "entry_select", card="T-000")
    b.act("A", "first_player", first="A").act("A", "preset", card="T-P01")
    assert rules_broken(b.replay(), b.last) == ["R4U-PHASE"]
    b = _b()
    b.act("A", "entry_select", card="T-000").act("B", "entry_select", card="T-000")
    b.act("A", "first_player", first="A").act("B", "preset", card="T-ATK")
    assert rules_broken(b.replay(), b.last) == ["R4U-SETUP-PRESET"]
    r = _b().setup(first="A").replay()
    assert [p["id"] for p in player_state(r, "B")["partners"]] == ["B-PT1"]
    assert player_state(r, "A")["partners"] == []


def test_R4U_TURN_phases_in_order() -> None:
    b = _b().setup(first="A").proceed("A", 2).proceed("B", 3)
    r = b.replay()
    assert [s["phase"] for s in r["steps"][4:]] == ["energy", "main", "energy", "main", "battle"]
    assert game_state(r)["turn"] == 3 and game_state(r)["turn_player"] == "A"
    assert "R4U-TURN" in rules_applied(r, 3)


def test_R4U_STAND_draw_1_and_stand_members_and_energy_area() -> None:
    b = _b().setup(first="A")
    b.act("A", "energy", card="T-ATK").act("A", "partner", card="T-P01").proceed("A")
    b.act("A", "play", card="T-ATK", to="member", square=2, pay={"energy": 0, "partner": 1})
    b.proceed("A").proceed("B", 3)
    r = b.replay()
    pv = player_state(r, "A")
    assert pv["partners"][0]["rested"] is False and pv["members"][1]["rested"] is False
    assert len(player_state(r, "A", 3)["hand"]) == 7  # 6 + the turn-1 draw
    assert "R4U-STAND" in rules_applied(r, b.last)


def test_R4U_ENERGY_PHASE_one_energy_and_one_partner() -> None:
    b = _b().setup(first="A")
    b.act("A", "energy", card="T-ATK").act("A", "partner", card="T-P01")
    b.act("A", "energy", card="T-000")
    r = b.replay()
    assert rules_broken(r, b.last) == ["R4U-ENERGY-PHASE"]
    assert player_state(r, "A")["energy"] and player_state(r, "B")["energy"] == []
    b = _b().setup(first="A").act("A", "partner", card="T-P01").act("A", "partner", card="T-P01")
    assert rules_broken(b.replay(), b.last) == ["R4U-ENERGY-PHASE"]
    b = _b().setup(first="A").proceed("A").act("A", "energy", card="T-ATK")
    assert rules_broken(b.replay(), b.last) == ["R4U-ENERGY-PHASE"]


def test_R4U_MOVE_the_entry_to_an_empty_member_square_then_entry_in() -> None:
    b = _b().setup(first="A").proceed("A")
    b.act("A", "move", square=3, pay={"energy": 0, "partner": 0})
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["members"][2]["id"] == "A-13"
    assert r["steps"][b.last]["pending"][0]["kind"] == "reveal"
    b.act("A", "reveal", card="T-ATK").act("A", "move", square=3, pay={"energy": 0, "partner": 1})
    r = b.replay()
    assert "R4U-REPLACE" in rules_broken(r, b.last)


def test_R4U_PLAY_a_character_from_the_hand_into_entry_or_member() -> None:
    b = _b().setup(first="A").act("A", "energy", card="T-000").proceed("A")
    b.act("A", "play", card="T-ATK", to="member", square=1, pay={"energy": 1, "partner": 0})
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["members"][0]["id"] == "A-1"
    b.act("A", "play", card="T-RB", to="entry", pay={"energy": 0, "partner": 0})
    assert rules_broken(b.replay(), b.last) == ["R4U-PLAY"]


def test_R4U_COST_the_level_paid_by_resting_energy_and_partners() -> None:
    b = _b().setup(first="A").act("A", "partner", card="T-P01").proceed("A")
    b.act("A", "play", card="T-BIG", to="entry", pay={"energy": 0, "partner": 1})
    r = b.replay()
    assert rules_broken(r, b.last) == ["R4U-COST"]  # the cost is 3, pay rests 1
    b = _b().setup(first="A").act("A", "partner", card="T-P01").proceed("A")
    b.act("A", "play", card="T-ATK", to="entry", pay={"energy": 0, "partner": 1})
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["partners"][0]["rested"] is True


def test_R4U_REPLACE_the_old_character_goes_to_the_waiting_room() -> None:
    b = _b().setup(first="A").proceed("A")
    b.act("A", "play", card="T-000", to="entry", pay={"energy": 0, "partner": 0})
    r = b.replay()
    pv = player_state(r, "A")
    assert pv["waiting_room"] == ["A-13"] and pv["retire"] == []
    assert "R4U-REPLACE" in rules_applied(r, b.last)


def test_R4U_REBIRTH_PLAY_to_the_rebirth_area_then_draw_1() -> None:
    b = _b().setup(first="A").proceed("A")
    b.act("A", "rebirth", card="T-RB")
    r = b.replay()
    pv = player_state(r, "A")
    assert pv["rebirth_area"] == ["A-9"] and len(pv["hand"]) == 7
    assert "draw" in event_types(r, b.last)
    b.act("A", "rebirth", card="T-ATK")
    assert rules_broken(b.replay(), b.last) == ["R4U-REBIRTH-PLAY"]


def test_R4U_REBIRTH_AREA_stays_until_its_owners_end_phase() -> None:
    b = _b().setup(first="A").proceed("A").act("A", "rebirth", card="T-RB")
    b.proceed("A")  # A's end phase: to the waiting room
    r = b.replay()
    assert player_state(r, "A")["rebirth_area"] == []
    assert "A-9" in player_state(r, "A")["waiting_room"]
    b.proceed("B").act("B", "rebirth", card="T-RB").proceed("B", 2)  # B's own end phase
    b.proceed("A", 3)
    r = b.replay()
    assert player_state(r, "B", b.last - 3)["rebirth_area"] == []
    limit = (
        LogBuilder(
            [REBIRTH],
            decks={
                p: {"main": ["T-000"] * 10 + ["T-RB"] * 9, "partner": ["T-P01"] * 3} for p in "AB"
            },
        )
        .setup(first="A")
        .proceed("A")
    )
    for _ in range(9):
        limit.act("A", "rebirth", card="T-RB")
    r = limit.replay()
    assert rules_broken(r, limit.last) in (["R4U-REBIRTH-AREA"], ["R4U-CARD-IN-ZONE"])


def test_R4U_BATTLE_none_on_the_first_players_first_turn() -> None:
    b = _b().setup(first="A").proceed("A", 2)
    r = b.replay()
    assert game_state(r)["turn_player"] == "B"
    assert "R4U-BATTLE" in rules_applied(r, b.last)
    b = _b().setup(first="A").proceed("A").act("A", "attack", card="T-000")
    assert rules_broken(b.replay(), b.last) == ["R4U-BATTLE"]


def test_R4U_END_rebirth_area_to_waiting_room_and_damage_ends() -> None:
    b = _b().setup(first="A").proceed("A").act("A", "rebirth", card="T-RB").proceed("A")
    r = b.replay()
    assert "R4U-END" in rules_applied(r, b.last)
    assert player_state(r, "A")["rebirth_area"] == []
