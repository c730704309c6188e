"""Rangers Strike tag battle (2 vs 2): short games through the log builder, one or more tests
per ``RST-…`` rule of the seed's team layer.

Players ``A1`` (leader) and ``A2`` form team ``A``; ``B1`` (leader) and ``B2`` team ``B``.
Team A goes first.  Every player's deck is the test cards (three copies each) and fillers, so
``A2-1`` is A2's first copy of the first test card.
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
    game_state,
    player_state,
    rules_applied,
    rules_broken,
    ruling_texts,
    verdict,
)

UNIT = card("T-001", name="Falcon", bp=3000, sp=1)
WEAK = card("T-002", name="Sparrow", bp=1000, sp=1)
BURN5 = card(
    "T-005",
    "operation",
    name="Burn Five",
    effects=[{"when": "on_use", "do": [{"op": "damage", "n": 5}]}],
)


def tb(*cards: dict[str, Any], **kw: Any) -> LogBuilder:
    """A tag battle log; A1 (team A's leader) goes first."""
    return LogBuilder(list(cards), variant="tag", **kw).setup(first="A1")


def phases(r: dict[str, Any]) -> list[tuple[int, str | None, str]]:
    return [
        (s["state"]["turn"], s["state"]["turn_player"], s["state"]["phase"]) for s in r["steps"]
    ]


def message(r: dict[str, Any], index: int) -> str:
    return " ".join(v["message"] for v in r["steps"][index]["violations"])


def units_facing_off() -> LogBuilder:
    """Turn 1: A1 rushes Falcon.  Turn 2: B1 and B2 each put a Sparrow into their battle
    areas.  Turn 3: A1's Falcon has just entered its battle area (not yet acting)."""
    b = tb(UNIT, WEAK).charge("A1", "T-000").proceed("A1").rush("A1", "T-001").proceed("A1", 2)
    b.pass_turn("A2")
    for p in ("B1", "B2"):
        b.charge(p, "T-000").proceed(p).rush(p, "T-002").proceed(p).enter(p, "T-002").proceed(p)
    return b.charge("A1", "T-000").proceed("A1", 2).enter("A1", "T-001")


# -- the turn ------------------------------------------------------------------------------------


def test_RST_PHASES_leader_start_supporter_start_then_each_ones_phases() -> None:
    b = tb(UNIT).pass_turn("A1").pass_turn("A2").proceed("B1")
    r = b.replay()
    assert phases(r) == [
        (1, "A1", "charge"),
        (1, "A1", "rush"),
        (1, "A1", "battle"),
        (1, "A2", "charge"),
        (1, "A2", "rush"),
        (1, "A2", "battle"),
        (2, "B1", "charge"),
        (2, "B1", "rush"),
    ]
    assert event_texts(r, 0)[-4:] == [
        "Turn 1: team A's turn (leader A1, supporter A2).",
        "A1's start phase.",
        "A2's start phase.",
        "A2 draws a card.",
    ]
    assert "RST-PHASES" in rules_applied(r, 0)
    assert "A1 goes first: no draw in its first start phase." in ruling_texts(r, 0)
    assert [len(player_state(r, p, 0)["hand"]) for p in ("A1", "A2", "B1", "B2")] == [7, 8, 7, 7]
    texts = event_texts(r, 6)
    assert texts.index("B1's start phase.") < texts.index("B2's start phase.")
    assert [len(player_state(r, p)["hand"]) for p in ("B1", "B2")] == [8, 8]


def test_RST_PHASES_the_turn_player_is_the_player_doing_the_phase() -> None:
    b = tb(UNIT).proceed("A2")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-PHASE"]
    assert "it is A1's decision" in message(r, b.last)


def test_RST_SEATING_a_leader_goes_first() -> None:
    b = LogBuilder([UNIT], variant="tag").setup(first="A2", by="B1")
    r = b.replay()
    assert rules_broken(r, 0) == ["RST-SEATING"]
    b = LogBuilder([UNIT], variant="tag").setup(first="B1", by="B2")
    r = b.replay()
    assert verdict(r, 0) == "legal"
    assert game_state(r)["turn_player"] == "B1"
    assert [len(player_state(r, p)["hand"]) for p in ("B1", "B2", "A1", "A2")] == [7, 8, 7, 7]


def test_RST_SHARED_INFO_allies_see_each_others_hands() -> None:
    b = tb(UNIT).pass_turn("A1").pass_turn("A2")
    assert "RST-SHARED-INFO" in rules_applied(b.replay(), 0)
    r = b.replay(perspective="A2")
    assert isinstance(player_state(r, "A1")["hand"], list)
    assert isinstance(player_state(r, "A2")["hand"], list)
    assert player_state(r, "B1")["hand"] == 8
    draws = [e for e in r["steps"][b.last]["events"] if e["type"] == "draw"]
    assert [e["player"] for e in draws] == ["B1", "B2"]
    assert all("cards" not in e for e in draws)  # the opponents' draws lose their cards


# -- commands and power ------------------------------------------------------------------------------


def test_RST_COMMAND_five_commands_per_player() -> None:
    b = tb(UNIT)
    for _ in range(5):
        b.pass_turn("A1").charge("A2", "T-000").proceed("A2", 3).pass_turn("B1").pass_turn("B2")
    b.charge("A1", "T-000").proceed("A1", 3).charge("A2", "T-000")
    r = b.replay()
    assert verdict(r, b.last - 3) == "legal"  # A1's own zone is not full
    assert len(player_state(r, "A2")["command"]) == 5
    assert rules_broken(r, b.last) == ["RST-COMMAND"]


def test_RST_LEND_COMMAND_the_ally_holds_the_command() -> None:
    b = tb(UNIT).charge("A1", "T-000").proceed("A1", 3).charge("A2", "T-000", to="power")
    b.proceed("A2").rush("A2", "T-001")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-RUSH-COMMAND"]
    assert "A1 could hold one for A2: record hold_by." in message(r, b.last)
    b.doc["actions"][-1]["hold_by"] = "B1"
    r = b.replay()
    assert rules_broken(r, b.last) == ["RST-LEND-COMMAND"]
    b.doc["actions"][-1]["hold_by"] = "A1"
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "A2 holds a command of A1's" in " ".join(ruling_texts(r, b.last))
    assert player_state(r, "A1")["command"] == [{"id": "A1-4", "held": True}]
    assert area_ids(r, "A2", "rush") == ["A2-1"]


def test_RST_POWER_counts_both_power_zones() -> None:
    heavy = card("T-008", name="Heavy", power=2, bp=5000)
    b = tb(heavy).charge("A1", "T-000", to="power").proceed("A1", 3)
    b.charge("A2", "T-000", to="power").proceed("A2", 3).pass_turn("B1").pass_turn("B2")
    b.charge("A1", "T-000").proceed("A1").rush("A1", "T-008")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RST-POWER" in rules_applied(r, b.last)
    assert "power for A1-1 (Heavy) is 2: both allies' power zones (A1 1, A2 1)" in " ".join(
        ruling_texts(r, b.last)
    )


def test_RST_LEND_UNIT_the_allys_unit_meets_a_condition() -> None:
    needy = card("T-008", name="Needy", condition={"unit_named": "Falcon"})
    b = tb(UNIT, needy).charge("A1", "T-000").proceed("A1").rush("A1", "T-001").proceed("A1", 2)
    b.charge("A2", "T-000").proceed("A2").rush("A2", "T-008")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-RUSH-CONDITION"]
    assert "A1's A1-1 could meet it: record lend." in message(r, b.last)
    b.doc["actions"][-1]["lend"] = ["A1-1"]
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RST-LEND-UNIT" in rules_applied(r, b.last)
    assert area_ids(r, "A1", "rush") == ["A1-1"]  # a lent unit is not used up


def test_RST_LEND_UNIT_a_lent_unit_that_does_not_meet_the_condition_is_illegal() -> None:
    """RST-LEND-UNIT (seed 002): the ally's units may meet a card's additional condition.  A
    lend names the unit that meets it; a lent unit that does not meet it is illegal, even when
    the player's own unit would (the record is judged as it is, never replaced by the own
    unit: issue 27)."""
    needy = card("T-008", name="Needy", condition={"unit_named": "Falcon"})
    b = tb(UNIT, WEAK, needy).charge("A1", "T-000").proceed("A1").rush("A1", "T-002")
    b.proceed("A1", 2).charge("A2", "T-000").proceed("A2").rush("A2", "T-001").proceed("A2", 2)
    for p in ("B1", "B2"):
        b.pass_turn(p)
    b.pass_turn("A1").charge("A2", "T-000").proceed("A2").rush("A2", "T-008", lend=["A1-4"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["RST-LEND-UNIT"]
    assert "does not meet A2-" in message(r, b.last) and "a unit is lent only to meet it" in (
        message(r, b.last)
    )
    del b.doc["actions"][-1]["lend"]  # A2's own Falcon meets it
    r = b.replay()
    assert verdict(r, b.last) == "legal" and "RST-LEND-UNIT" not in rules_applied(r, b.last)


# -- attacks, strikes and damage ------------------------------------------------------------------


def test_RST_TARGET_PLAYER_leader_against_leader() -> None:
    b = units_facing_off().attack("A1", "T-001", "B1-4")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RST-TARGET-PLAYER" in rules_applied(r, b.last)
    assert player_state(r, "B1")["discard"] == ["B1-4"]


def test_RST_ATTACK_not_the_other_opposing_players_units() -> None:
    b = units_facing_off().attack("A1", "T-001", "B2-4")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RST-ATTACK"]
    assert "A1's target player is B1" in message(r, b.last)


def test_RST_STRIKE_ASSIGN_the_damaged_team_chooses() -> None:
    b = units_facing_off().strike("A1", "T-001")
    r = b.replay()
    assert {p["player"] for p in r["steps"][b.last]["pending"]} == {"B1", "B2"}
    b.assign("A1", "A1")
    assert rules_broken(b.replay(), b.last) == ["RST-STRIKE-ASSIGN"]  # the striker cannot choose
    b.doc["actions"][-1] = {"p": "B1", "do": "assign_damage", "to": "A2"}
    assert rules_broken(b.replay(), b.last) == ["RST-STRIKE-ASSIGN"]
    b.doc["actions"][-1] = {"p": "B1", "do": "assign_damage", "to": "B2"}
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "Team B chose B2 (B1 recorded it)" in " ".join(ruling_texts(r, b.last))
    assert [player_state(r, p)["damage"] for p in ("B1", "B2")] == [0, 1]


def test_RST_STRIKE_ASSIGN_a_skipped_choice_goes_to_the_leader_unverifiable() -> None:
    b = units_facing_off().strike("A1", "T-001").proceed("A1")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "RS-CHOICE-RECORDED" in rules_applied(r, b.last)
    assert [player_state(r, p)["damage"] for p in ("B1", "B2")] == [1, 0]


def test_RST_DAMAGE_counts_per_player() -> None:
    b = units_facing_off().strike("A1", "T-001").assign("B2", "B2")
    r = b.replay()
    assert "RST-DAMAGE" in rules_applied(r, b.last)
    assert "Damage counts per player: B2 has 1" in " ".join(ruling_texts(r, b.last))
    assert (player_state(r, "B1")["damage"], player_state(r, "B2")["damage"]) == (0, 1)


def out_b1() -> LogBuilder:
    """Turn 2: B1 rushes a Sparrow into its battle area.  Turn 3: A1 uses Burn Five and team B
    gives the 5 damage to B1."""
    b = tb(WEAK, BURN5).pass_turn("A1").pass_turn("A2")
    b.charge("B1", "T-000").proceed("B1").rush("B1", "T-002").proceed("B1").enter("B1", "T-002")
    b.proceed("B1").pass_turn("B2")
    return b.charge("A1", "T-000").proceed("A1").use("A1", "T-005").assign("B2", "B1")


def test_RST_OUT_five_damage_ends_a_players_active_play() -> None:
    b = out_b1()
    r = b.replay()
    assert player_state(r, "B1")["damage"] == 5 and player_state(r, "B1")["out"] is True
    assert "RST-OUT" in rules_applied(r, b.last)
    assert area_ids(r, "B1", "battle") == [] and "B1-1" in player_state(r, "B1")["discard"]
    assert any(t.startswith("B1 is out: B1-1 go") for t in event_texts(r, b.last))
    b.proceed("A1", 2).pass_turn("A2")
    r = b.replay()
    assert game_state(r)["turn_player"] == "B2"  # B1's phases are skipped
    assert "B1's start phase." not in event_texts(r, b.last)
    b.proceed("B1")
    assert rules_broken(b.replay(), b.last) == ["RST-OUT"]


def test_RST_PASSIVE_a_player_who_is_out_still_lends_a_command() -> None:
    b = tb(WEAK, BURN5).pass_turn("A1").pass_turn("A2")
    b.charge("B1", "T-000").proceed("B1", 3).pass_turn("B2")
    b.charge("A1", "T-000").proceed("A1").use("A1", "T-005").assign("B1", "B1")
    b.proceed("A1", 2).pass_turn("A2")
    b.charge("B2", "T-000", to="power").proceed("B2").rush("B2", "T-002", hold_by="B1")
    r = b.replay()
    assert player_state(r, "B1")["out"] is True
    assert verdict(r, b.last) == "legal"
    assert "RST-PASSIVE" in rules_applied(r, b.last)


def test_RST_LOSS_the_team_loses_when_both_are_out() -> None:
    b = tb(BURN5).charge("A1", "T-000").proceed("A1").use("A1", "T-005").assign("B1", "B1")
    b.proceed("A1", 2).charge("A2", "T-000").proceed("A2").use("A2", "T-005")
    r = b.replay()
    # B1 is out: only B2 can take the damage, so there is no assignment to wait for
    assert r["summary"]["result"] == {"winner": "A", "reason": "damage"}
    assert "RST-LOSS" in rules_applied(r, b.last)
    assert r["steps"][b.last]["pending"] == []
    assert "Only B2 can take it, with no choice" in " ".join(ruling_texts(r, b.last))
    b.assign("B1", "B2")  # the assignment the engine took, recorded as its one way
    r = b.replay()
    assert verdict(r, b.last) == "legal" and rules_applied(r, b.last) == ["RS-FORCED-DECISION"]
    b.proceed("A2")
    assert rules_broken(b.replay(), b.last) == ["RS-PHASE"]  # the game is over


def test_RST_STRIKE_ASSIGN_to_a_player_who_is_out_with_the_option() -> None:
    b = tb(BURN5, options={"strike_to_out_player": True})
    b.charge("A1", "T-000").proceed("A1").use("A1", "T-005").assign("B1", "B1")
    b.proceed("A1", 2).charge("A2", "T-000").proceed("A2").use("A2", "T-005").assign("B2", "B1")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "B1")["damage"] == 10 and r["summary"]["result"] is None


# -- residents and Number Combination -------------------------------------------------------------


def _resident(code: str, amount: int, tag: bool) -> dict[str, Any]:
    return card(
        code,
        "operation",
        operation="resident",
        tag=tag,
        effects=[
            {
                "when": "resident",
                "do": [{"op": "bp", "amount": amount, "target": {"side": "own", "zone": "battle"}}],
            }
        ],
    )


def test_RST_RESIDENT_residents_are_kept_per_player() -> None:
    r1, r2 = _resident("T-008", 100, False), _resident("T-009", 200, False)
    b = tb(r1, r2).charge("A1", "T-000").proceed("A1").use("A1", "T-008").proceed("A1", 2)
    b.charge("A2", "T-000").proceed("A2").use("A2", "T-008").proceed("A2", 2)
    b.pass_turn("B1").pass_turn("B2").pass_turn("A1")
    b.charge("A2", "T-000").proceed("A2").use("A2", "T-009")
    r = b.replay()
    assert (player_state(r, "A1")["resident"], player_state(r, "A2")["resident"]) == (
        "A1-1",
        "A2-4",
    )
    assert player_state(r, "A2")["discard"] == ["A2-1"]
    assert "RST-RESIDENT" in rules_applied(r, b.last)


def test_RST_RESIDENT_TAG_a_tag_resident_does_not_cover_the_allys_units() -> None:
    """Tag's rewording is of the bold part (RS-TAG's reminder), not of 自軍: A1's Tag resident
    (+500 to 自軍 units) leaves A2's unit at its printed BP, as A1's resident without Tag does."""
    tagged, plain = _resident("T-008", 500, True), _resident("T-009", 300, False)
    b = tb(tagged, plain, UNIT).charge("A1", "T-000").proceed("A1").use("A1", "T-008")
    b.proceed("A1", 2).charge("A2", "T-000").proceed("A2").rush("A2", "T-001").proceed("A2")
    b.enter("A2", "T-001")
    r = b.replay()
    assert "RST-RESIDENT-TAG" in rules_applied(r, 3)  # said as it is placed in tag battle
    assert not any("A1 and A2" in t for t in ruling_texts(r, 3))
    assert player_state(r, "A2")["battle"][0]["bp"] == 3000
    b = tb(tagged, plain, UNIT).charge("A1", "T-000").proceed("A1").use("A1", "T-009")
    b.proceed("A1", 2).charge("A2", "T-000").proceed("A2").rush("A2", "T-001").proceed("A2")
    b.enter("A2", "T-001")
    assert player_state(b.replay(), "A2")["battle"][0]["bp"] == 3000


def test_RST_COMBINATION_the_seeds_example_the_supporters_first_unit_counts_as_4() -> None:
    four = card(
        "T-008",
        name="Fourth",
        combination={"number": 4, "effects": [{"when": "combination", "do": [{"op": "draw"}]}]},
    )
    b = tb(UNIT, four).charge("A1", "T-000").proceed("A1").rush("A1", "T-001").proceed("A1", 2)
    b.charge("A2", "T-000").proceed("A2").rush("A2", "T-008").proceed("A2", 2)
    b.pass_turn("B1").pass_turn("B2")
    b.charge("A1", "T-000").proceed("A1").rush("A1", "T-001").rush("A1", "T-000").proceed("A1")
    b.enter("A1", "A1-1").enter("A1", "A1-2").enter("A1", "T-000").proceed("A1")
    r = b.replay()
    assert area_ids(r, "A1", "battle") == ["A1-1", "A1-2", "A1-9"]
    b.charge("A2", "T-000").proceed("A2", 2).enter("A2", "T-008")
    r = b.replay()
    assert "A2's unit counts as position 4: A1 has 3 units in battle" in " ".join(
        ruling_texts(r, b.last)
    )
    assert "RST-COMBINATION" in rules_applied(r, b.last)
    assert "RS-NUMBER-COMBINATION" in rules_applied(r, b.last)
    assert [e["position"] for e in r["steps"][b.last]["events"] if e["type"] == "enter"] == [4]


def test_RST_COMBINATION_the_leader_counts_from_1() -> None:
    one = card(
        "T-008",
        name="First",
        combination={"number": 1, "effects": [{"when": "combination", "do": [{"op": "draw"}]}]},
    )
    b = tb(one).pass_turn("A1").charge("A2", "T-000").proceed("A2").rush("A2", "T-008")
    b.proceed("A2").enter("A2", "T-008")
    r = b.replay()
    assert "RS-NUMBER-COMBINATION" in rules_applied(r, b.last)  # A1's battle area is empty
    assert "RST-COMBINATION" not in rules_applied(r, b.last)


# -- counters, concession, the log ---------------------------------------------------------------------


def test_RST_STRIKE_ASSIGN_either_player_of_the_struck_team_may_counter() -> None:
    decoy = card(
        "T-009",
        "operation",
        name="Decoy",
        operation="counter",
        timing="struck",
        effects=[{"when": "on_use", "do": [{"op": "heal"}]}],
    )
    b = tb(UNIT, WEAK, decoy).charge("A1", "T-000").proceed("A1").rush("A1", "T-001")
    b.proceed("A1", 2).pass_turn("A2").pass_turn("B1").charge("B2", "T-000").proceed("B2", 3)
    b.charge("A1", "T-000").proceed("A1", 2).enter("A1", "T-001").strike("A1", "T-001")
    r = b.replay()
    assert {p["player"] for p in r["steps"][b.last]["pending"]} == {"B1", "B2"}
    b.use("B2", "T-009")
    r = b.replay()
    assert verdict(r, b.last) == "legal" and "RS-COUNTER" in rules_applied(r, b.last)
    assert player_state(r, "B2")["command"][0]["held"] is True


def test_tag_concede_concedes_for_the_team() -> None:
    r = tb(UNIT).act("B2", "concede").replay()
    assert r["summary"]["result"] == {"winner": "A", "reason": "concede"}


def test_tag_seeded_decks_use_each_players_shuffle_stream() -> None:
    b = LogBuilder([UNIT], variant="tag", mode="seeded", seed="t-1").setup(first="A1")
    r = b.replay()
    deck = [f"A2-{n}" for n in range(1, 41)]
    assert player_state(r, "A2")["hand"] == shuffled(deck, "t-1", "A2/shuffle/1")[:8]


@pytest.mark.parametrize(
    ("change", "paths"),
    [
        (lambda d: d["players"].pop(), {"players", "decks.B2", "teams[1].players[1]"}),
        (
            lambda d: d["teams"][1]["players"].__setitem__(1, "A1"),
            {"teams[1].players[1]", "players[3].id"},
        ),
        (lambda d: d.pop("teams"), {"teams"}),
        (
            lambda d: d["teams"][0]["players"].append("B2"),
            {"teams[0].players", "teams[1].players[1]"},
        ),
    ],
    ids=["three-players", "player-in-two-teams", "no-teams", "team-of-three"],
)
def test_tag_bad_input_is_refused_with_paths(change: Any, paths: set[str]) -> None:
    doc = tb(UNIT).log()
    change(doc)
    with pytest.raises(BadLog) as caught:
        replay(doc)
    assert {e.path for e in caught.value.errors} == paths


def test_RST_OUT_four_damage_is_not_yet_out_and_a_turn_player_going_out_loses_its_phases() -> None:
    burn4 = card(
        "T-006",
        "operation",
        name="Burn Four",
        effects=[{"when": "on_use", "do": [{"op": "damage", "n": 4}]}],
    )
    zap = card(
        "T-007",
        "operation",
        name="Zap Back",
        operation="counter",
        timing="struck",
        effects=[{"when": "on_use", "do": [{"op": "damage", "n": 1}]}],
    )
    b = tb(UNIT, burn4, zap).charge("A1", "T-000").proceed("A1").rush("A1", "T-001")
    b.proceed("A1", 2).pass_turn("A2")
    b.charge("B1", "T-000").proceed("B1").use("B1", "T-006").assign("A1", "A1").proceed("B1", 2)
    b.charge("B2", "T-000").proceed("B2", 3)
    r = b.replay()
    assert player_state(r, "A1")["damage"] == 4 and player_state(r, "A1")["out"] is False
    b.charge("A1", "T-000").proceed("A1", 2).enter("A1", "T-001").strike("A1", "T-001")
    b.use("B2", "T-007").assign("A2", "A1")
    r = b.replay()
    assert player_state(r, "A1")["out"] is True
    assert "RST-OUT" in rules_applied(r, b.last)
    assert player_state(r, "B1")["damage"] + player_state(r, "B2")["damage"] == 0  # no strike
    assert (game_state(r)["turn_player"], game_state(r)["phase"]) == ("A2", "charge")
