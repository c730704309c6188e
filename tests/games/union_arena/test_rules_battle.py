"""Union Arena: attacking, blocking, battle and the keywords, one group of tests per rule id.

Every test is named ``test_<RULE_ID>_<what>`` after the catalogue rule it proves
(``judge/games/union_arena/rules.toml``).  The logs are built in observed mode with explicit
decks, so ``A-1`` is the first card of A's deck list and the tests can name instances.

The usual scene (:func:`~judge.games.union_arena.testing.board_at_turn_3`): A plays its
characters on turn 1, B plays its own on turn 2, and on turn 3 every one of them is active
(characters become active in their controller's end phase and start phase); the builder stops
in A's turn-3 attack phase (or an earlier phase of that turn).
"""

from __future__ import annotations

from typing import Any

from judge.core.replay import position
from judge.games.union_arena.engine import UnionArenaEngine
from judge.games.union_arena.testing import (
    LogBuilder,
    board_at_turn_3,
    field_ids,
    field_unit,
    free_character,
    player_state,
    rules_applied,
    rules_broken,
    verdict,
)

FILLER = "T-000"


def pick(b: LogBuilder, *positions: int, codes: list[str] | None = None) -> LogBuilder:
    """A picks B's life cards at ``positions`` (revealed as fillers unless ``codes``)."""
    reveal = codes if codes is not None else [FILLER] * len(positions)
    return b.act("A", "pick_life", cards=list(positions), reveal=reveal)


def draw_players(r: dict[str, Any], index: int) -> list[str]:
    """Who drew, in order, during step ``index``."""
    return [e["player"] for e in r["steps"][index]["events"] if e["type"] == "draw"]


DRAW_1 = [{"op": "draw", "n": 1}]
HASTE = {"when": "on_play", "do": [{"op": "activate", "target": "self"}]}


# --- UA-ATK-NO-CARDS ---------------------------------------------------------------------


def test_UA_ATK_NO_CARDS_play_in_attack_phase_is_illegal() -> None:
    b = board_at_turn_3([free_character("T-ATK")], ["T-ATK", "T-ATK"], [], a_front=("A-1",))
    b.play("A", "A-2", to="front_line")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-ATK-NO-CARDS"]
    assert field_unit(r, "A", "A-2") is None


def test_UA_ATK_NO_CARDS_same_play_in_main_phase_is_legal() -> None:
    b = board_at_turn_3(
        [free_character("T-ATK")], ["T-ATK", "T-ATK"], [], a_front=("A-1",), phase="main"
    )
    b.play("A", "A-2", to="front_line")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "A", "A-2") is not None


def test_UA_ATK_NO_CARDS_activated_effect_in_attack_phase_is_illegal() -> None:
    tool = free_character(
        "T-TOOL", effects=[{"when": "activate_main", "cost": {"rest_self": True}, "do": DRAW_1}]
    )
    b = board_at_turn_3([tool], ["T-TOOL"], [], a_front=("A-1",))
    b.act("A", "activate", card="A-1", ability=1)
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-ATK-NO-CARDS"]
    assert field_unit(r, "A", "A-1")["rested"] is False


def test_UA_ATK_NO_CARDS_raid_in_attack_phase_is_illegal() -> None:
    cards = [
        free_character("T-BASE", name="Base"),
        free_character("T-RAIDER", raid={"onto": {"name": "Base"}}),
    ]
    b = board_at_turn_3(cards, ["T-BASE", "T-RAIDER"], [], a_front=("A-1",))
    b.act("A", "raid", card="A-2", onto="A-1", to_front_line=False)
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-ATK-NO-CARDS"]


def test_UA_ATK_NO_CARDS_effects_the_attack_triggers_still_resolve() -> None:
    eager = free_character(
        "T-EAGER", effects=[{"when": "on_attack", "optional": True, "do": DRAW_1}]
    )
    b = board_at_turn_3([eager], ["T-EAGER"], [], a_front=("A-1",))
    b.attack("A", "A-1")
    attack = b.last
    b.act("A", "resolve", source="A-1", use=True)
    r = b.replay()
    assert verdict(r, attack) == "legal"
    assert verdict(r, b.last) == "legal"
    assert draw_players(r, b.last) == ["A"]


# --- UA-ATK-ATTACKER ---------------------------------------------------------------------


def test_UA_ATK_ATTACKER_active_front_line_character_attacks_and_is_rested() -> None:
    b = board_at_turn_3([free_character("T-ATK")], ["T-ATK"], [], a_front=("A-1",))
    assert field_unit(b.replay(), "A", "A-1")["rested"] is False
    b.attack("A", "A-1")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "A", "A-1")["rested"] is True
    attack = [e for e in r["steps"][b.last]["events"] if e["type"] == "attack"]
    assert attack and attack[0]["card"] == "A-1" and attack[0]["target"] == "player"


def test_UA_ATK_ATTACKER_character_played_this_turn_is_rested_and_cannot_attack() -> None:
    b = board_at_turn_3([free_character("T-ATK")], ["T-ATK"], [], phase="main")
    b.play("A", "A-1", to="front_line").proceed("A")
    b.attack("A", "A-1")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-ATK-ATTACKER"]
    assert r["steps"][b.last]["state"]["players"]["B"]["life"] == 7


def test_UA_ATK_ATTACKER_energy_line_character_cannot_attack() -> None:
    b = board_at_turn_3([free_character("T-ATK")], ["T-ATK"], [], a_energy=("A-1",))
    assert field_unit(b.replay(), "A", "A-1")["rested"] is False
    b.attack("A", "A-1")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-ATK-ATTACKER"]


def test_UA_ATK_ATTACKER_a_character_attacks_once_then_is_rested() -> None:
    b = board_at_turn_3([free_character("T-ATK")], ["T-ATK"], [], a_front=("A-1",))
    b.attack("A", "A-1").block("B")
    pick(b, 1)
    b.attack("A", "A-1")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-ATK-ATTACKER"]


def test_UA_ATK_ATTACKER_another_character_may_attack_after_the_first_attack() -> None:
    b = board_at_turn_3([free_character("T-ATK")], ["T-ATK", "T-ATK"], [], a_front=("A-1", "A-2"))
    b.attack("A", "A-1").block("B")
    pick(b, 1)
    b.attack("A", "A-2").block("B")
    pick(b, 1)
    r = b.replay()
    assert r["summary"]["illegal_steps"] == []
    assert player_state(r, "B")["life"] == 5


def test_UA_ATK_ATTACKER_opponents_character_cannot_attack() -> None:
    b = board_at_turn_3(
        [free_character("T-ATK")], ["T-ATK"], ["T-ATK"], a_front=("A-1",), b_front=("B-1",)
    )
    b.attack("A", "B-1")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-ATK-ATTACKER"]


def test_UA_ATK_ATTACKER_when_attacking_effects_resolve() -> None:
    eager = free_character("T-EAGER", effects=[{"when": "on_attack", "do": DRAW_1}])
    b = board_at_turn_3([eager], ["T-EAGER"], [], a_front=("A-1",))
    hand = len(player_state(b.replay(), "A")["hand"])
    b.attack("A", "A-1")
    r = b.replay()
    assert draw_players(r, b.last) == ["A"]
    assert len(player_state(r, "A")["hand"]) == hand + 1


# --- UA-ATK-TARGET -----------------------------------------------------------------------


def test_UA_ATK_TARGET_player_is_the_target() -> None:
    b = board_at_turn_3(
        [free_character("T-ATK")], ["T-ATK"], ["T-ATK"], a_front=("A-1",), b_front=("B-1",)
    )
    b.attack("A", "A-1", target="player").block("B")
    pick(b, 1)
    r = b.replay()
    assert r["summary"]["illegal_steps"] == []
    assert player_state(r, "B")["life"] == 6


def test_UA_ATK_TARGET_character_cannot_be_targeted_without_snipe() -> None:
    b = board_at_turn_3(
        [free_character("T-ATK")], ["T-ATK"], ["T-ATK"], a_front=("A-1",), b_front=("B-1",)
    )
    b.attack("A", "A-1", target="B-1")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-ATK-TARGET"]
    assert field_unit(r, "A", "A-1")["rested"] is False


# --- UA-ATK-FIRST-TURN and the option first_turn_no_attack ---------------------------------


def first_turn_attack(options: dict[str, Any] | None) -> tuple[LogBuilder, dict[str, Any]]:
    """A plays a character that makes itself active and attacks with it on turn 1."""
    b = LogBuilder(
        [free_character("T-HASTE", effects=[HASTE])], deck_a=["T-HASTE"], deck_b=[], options=options
    )
    b.setup().proceed("A").play("A", "A-1", to="front_line").proceed("A")
    b.attack("A", "A-1")
    return b, b.replay()


def test_UA_ATK_FIRST_TURN_first_player_may_attack_on_turn_1_by_default() -> None:
    b, r = first_turn_attack(None)
    assert r["steps"][b.last]["turn"] == 1
    assert verdict(r, b.last) == "legal"
    assert r["rule_options"]["first_turn_no_attack"] is False


def test_UA_ATK_FIRST_TURN_option_false_allows_turn_1_attack() -> None:
    b, r = first_turn_attack({"first_turn_no_attack": False})
    assert verdict(r, b.last) == "legal"
    b.block("B")
    pick(b, 1)
    assert player_state(b.replay(), "B")["life"] == 6


def test_UA_ATK_FIRST_TURN_option_true_forbids_turn_1_attack() -> None:
    b, r = first_turn_attack({"first_turn_no_attack": True})
    assert "UA-ATK-FIRST-TURN" in rules_broken(r, b.last)
    assert field_unit(r, "A", "A-1")["rested"] is False


def test_UA_ATK_FIRST_TURN_option_true_allows_attacks_from_turn_3() -> None:
    b = board_at_turn_3(
        [free_character("T-ATK")],
        ["T-ATK"],
        [],
        a_front=("A-1",),
        options={"first_turn_no_attack": True},
    )
    b.attack("A", "A-1")
    r = b.replay()
    assert r["steps"][b.last]["turn"] == 3
    assert verdict(r, b.last) == "legal"


# --- UA-BLOCK ----------------------------------------------------------------------------


def test_UA_BLOCK_active_front_line_character_blocks_and_becomes_target() -> None:
    cards = [free_character("T-ATK", bp=2000), free_character("T-WALL", bp=3000)]
    b = board_at_turn_3(cards, ["T-ATK"], ["T-WALL"], a_front=("A-1",), b_front=("B-1",))
    b.attack("A", "A-1").block("B", "B-1")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "B", "B-1")["rested"] is True
    assert "UA-BATTLE-BP" in rules_applied(r, b.last)
    assert "UA-DMG-AMOUNT" not in rules_applied(r, b.last)
    assert player_state(r, "B")["life"] == 7
    assert r["steps"][b.last]["pending"][0]["player"] == "A"  # A's attack phase again, no pick


def test_UA_BLOCK_energy_line_character_cannot_block() -> None:
    b = board_at_turn_3(
        [free_character("T-ATK")], ["T-ATK"], ["T-ATK"], a_front=("A-1",), b_energy=("B-1",)
    )
    b.attack("A", "A-1").block("B", "B-1")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-BLOCK"]


def test_UA_BLOCK_rested_character_cannot_block() -> None:
    # B-1 blocks the first attack and survives (the attacker loses), so it is rested for the second
    cards = [free_character("T-ATK", bp=1000), free_character("T-WALL", bp=5000)]
    b = board_at_turn_3(
        cards, ["T-ATK", "T-ATK"], ["T-WALL"], a_front=("A-1", "A-2"), b_front=("B-1",)
    )
    b.attack("A", "A-1").block("B", "B-1")
    first = b.last
    b.attack("A", "A-2").block("B", "B-1")
    r = b.replay()
    assert verdict(r, first) == "legal"
    assert rules_broken(r, b.last) == ["UA-BLOCK"]


def test_UA_BLOCK_attackers_character_cannot_block() -> None:
    b = board_at_turn_3([free_character("T-ATK")], ["T-ATK", "T-ATK"], [], a_front=("A-1", "A-2"))
    b.attack("A", "A-1").block("B", "A-2")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-BLOCK"]


def test_UA_BLOCK_only_one_character_blocks_an_attack() -> None:
    cards = [free_character("T-ATK", bp=1000), free_character("T-WALL", bp=5000)]
    b = board_at_turn_3(
        cards, ["T-ATK"], ["T-WALL", "T-WALL"], a_front=("A-1",), b_front=("B-1", "B-2")
    )
    b.attack("A", "A-1").block("B", "B-1").block("B", "B-2")
    r = b.replay()
    assert verdict(r, b.last - 1) == "legal"
    assert verdict(r, b.last) == "illegal"
    assert field_unit(r, "B", "B-2")["rested"] is False


def test_UA_BLOCK_when_blocking_effects_resolve() -> None:
    guard = free_character("T-GUARD", bp=5000, effects=[{"when": "on_block", "do": DRAW_1}])
    b = board_at_turn_3(
        [free_character("T-ATK"), guard], ["T-ATK"], ["T-GUARD"], a_front=("A-1",), b_front=("B-1",)
    )
    b.attack("A", "A-1").block("B", "B-1")
    r = b.replay()
    assert draw_players(r, b.last) == ["B"]


def test_UA_BLOCK_if_not_blocked_effects_resolve_only_without_block() -> None:
    sneaky = free_character("T-SNEAKY", bp=9000, effects=[{"when": "not_blocked", "do": DRAW_1}])
    cards = [sneaky, free_character("T-WALL", bp=1000)]
    b = board_at_turn_3(
        cards, ["T-SNEAKY", "T-SNEAKY"], ["T-WALL"], a_front=("A-1", "A-2"), b_front=("B-1",)
    )
    b.attack("A", "A-1").block("B")
    unblocked = b.last
    pick(b, 1)
    b.attack("A", "A-2").block("B", "B-1")
    r = b.replay()
    assert draw_players(r, unblocked) == ["A"]
    assert draw_players(r, b.last) == []


# --- UA-BLOCK-DECISION -------------------------------------------------------------------


def test_UA_BLOCK_DECISION_missing_block_with_possible_blocker_is_unverifiable() -> None:
    b = board_at_turn_3(
        [free_character("T-ATK")], ["T-ATK"], ["T-ATK"], a_front=("A-1",), b_front=("B-1",)
    )
    b.attack("A", "A-1")
    pick(b, 1)  # no block decision recorded before the pick
    r = b.replay()
    step = r["steps"][b.last]
    assert "UA-BLOCK-DECISION" in rules_applied(r, b.last)
    assert step["verdict"] == "unverifiable"
    assert b.last in r["summary"]["unverifiable_steps"]


def test_UA_BLOCK_DECISION_missing_block_without_possible_blocker_is_inferred() -> None:
    b = board_at_turn_3([free_character("T-ATK")], ["T-ATK"], [], a_front=("A-1",))
    b.attack("A", "A-1")
    pick(b, 1)
    r = b.replay()
    assert "UA-BLOCK-DECISION" in rules_applied(r, b.last)
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "B")["life"] == 6


def test_UA_BLOCK_DECISION_recorded_null_block_is_legal() -> None:
    b = board_at_turn_3(
        [free_character("T-ATK")], ["T-ATK"], ["T-ATK"], a_front=("A-1",), b_front=("B-1",)
    )
    b.attack("A", "A-1").block("B", None)
    pick(b, 1)
    r = b.replay()
    assert r["summary"]["unverifiable_steps"] == []
    assert all("UA-BLOCK-DECISION" not in rules_applied(r, i) for i in range(len(r["steps"])))


# --- UA-BATTLE-BP ------------------------------------------------------------------------


def blocked_battle(
    attacker: dict[str, Any], blocker: dict[str, Any], **kw: Any
) -> tuple[LogBuilder, dict[str, Any]]:
    cards = [attacker, blocker]
    b = board_at_turn_3(
        cards, [attacker["code"]], [blocker["code"]], a_front=("A-1",), b_front=("B-1",), **kw
    )
    b.attack("A", "A-1").block("B", "B-1")
    return b, b.replay()


def test_UA_BATTLE_BP_equal_bp_attacker_wins() -> None:
    b, r = blocked_battle(free_character("T-ATK", bp=3000), free_character("T-WALL", bp=3000))
    assert "UA-BATTLE-BP" in rules_applied(r, b.last)
    assert field_unit(r, "B", "B-1") is None
    assert "B-1" in player_state(r, "B")["outside"]
    assert field_unit(r, "A", "A-1") is not None


def test_UA_BATTLE_BP_higher_bp_attacker_wins() -> None:
    b, r = blocked_battle(free_character("T-ATK", bp=3500), free_character("T-WALL", bp=3000))
    assert "UA-BATTLE-WIN" in rules_applied(r, b.last)
    assert field_unit(r, "B", "B-1") is None


def test_UA_BATTLE_BP_lower_bp_attacker_loses() -> None:
    b, r = blocked_battle(free_character("T-ATK", bp=2999), free_character("T-WALL", bp=3000))
    assert "UA-BATTLE-BP" in rules_applied(r, b.last)
    assert "UA-BATTLE-LOSE" in rules_applied(r, b.last)
    assert field_unit(r, "B", "B-1") is not None


def test_UA_BATTLE_BP_battle_does_not_change_bp() -> None:
    b, r = blocked_battle(free_character("T-ATK", bp=2000), free_character("T-WALL", bp=3000))
    assert field_unit(r, "A", "A-1")["bp"] == 2000
    assert field_unit(r, "B", "B-1")["bp"] == 3000


# --- UA-BATTLE-WIN -----------------------------------------------------------------------


def test_UA_BATTLE_WIN_blocker_retires_then_its_retire_effects_then_win_effects() -> None:
    attacker = free_character("T-ATK", bp=4000, effects=[{"when": "win_battle", "do": DRAW_1}])
    blocker = free_character("T-WALL", bp=3000, effects=[{"when": "on_retire", "do": DRAW_1}])
    b, r = blocked_battle(attacker, blocker)
    assert "UA-BATTLE-WIN" in rules_applied(r, b.last)
    events = r["steps"][b.last]["events"]
    leave = [i for i, e in enumerate(events) if e["type"] == "leave_field" and e["card"] == "B-1"]
    draws = [(i, e["player"]) for i, e in enumerate(events) if e["type"] == "draw"]
    assert leave and [p for _, p in draws] == ["B", "A"]
    assert leave[0] < draws[0][0]
    assert "B-1" in player_state(r, "B")["outside"]


def test_UA_BATTLE_WIN_no_win_effects_when_attacker_loses() -> None:
    attacker = free_character("T-ATK", bp=1000, effects=[{"when": "win_battle", "do": DRAW_1}])
    b, r = blocked_battle(attacker, free_character("T-WALL", bp=3000))
    assert "UA-BATTLE-WIN" not in rules_applied(r, b.last)
    assert draw_players(r, b.last) == []


# --- UA-BATTLE-LOSE ----------------------------------------------------------------------


def test_UA_BATTLE_LOSE_attacker_is_not_retired() -> None:
    b, r = blocked_battle(free_character("T-ATK", bp=1000), free_character("T-WALL", bp=3000))
    assert "UA-BATTLE-LOSE" in rules_applied(r, b.last)
    a1 = field_unit(r, "A", "A-1")
    assert a1 is not None and a1["rested"] is True
    assert player_state(r, "A")["outside"] == []


def test_UA_BATTLE_LOSE_lose_effects_then_opponents_win_effects() -> None:
    attacker = free_character(
        "T-ATK", bp=1000, effects=[{"when": "lose_battle_attacking", "do": DRAW_1}]
    )
    blocker = free_character("T-WALL", bp=3000, effects=[{"when": "win_battle", "do": DRAW_1}])
    b, r = blocked_battle(attacker, blocker)
    assert draw_players(r, b.last) == ["A", "B"]


def test_UA_BATTLE_LOSE_no_lose_effects_when_attacker_wins() -> None:
    attacker = free_character(
        "T-ATK", bp=5000, effects=[{"when": "lose_battle_attacking", "do": DRAW_1}]
    )
    b, r = blocked_battle(attacker, free_character("T-WALL", bp=3000))
    assert "UA-BATTLE-LOSE" not in rules_applied(r, b.last)
    assert draw_players(r, b.last) == []


# --- UA-BATTLE-END -----------------------------------------------------------------------


def test_UA_BATTLE_END_this_battle_effects_stop_and_end_of_battle_effects_resolve() -> None:
    pump = {
        "when": "on_attack",
        "do": [{"op": "bp", "amount": 1000, "target": "self", "until": "battle"}],
    }
    attacker = free_character(
        "T-ATK", bp=2000, effects=[pump, {"when": "battle_end", "do": DRAW_1}]
    )
    cards = [attacker, free_character("T-WALL", bp=3000)]
    b = board_at_turn_3(cards, ["T-ATK"], ["T-WALL"], a_front=("A-1",), b_front=("B-1",))
    b.attack("A", "A-1")
    r = b.replay()
    assert field_unit(r, "A", "A-1")["bp"] == 3000  # during the battle
    b.block("B", "B-1")
    r = b.replay()
    assert "UA-BATTLE-END" in rules_applied(r, b.last)
    assert field_unit(r, "B", "B-1") is None  # 3000 ≥ 3000: the pump counted in the battle
    assert field_unit(r, "A", "A-1")["bp"] == 2000  # and ended with it
    assert draw_players(r, b.last) == ["A"]


def test_UA_BATTLE_END_turn_effects_outlast_the_battle() -> None:
    pump = {
        "when": "on_attack",
        "do": [{"op": "bp", "amount": 1000, "target": "self", "until": "turn"}],
    }
    b, r = blocked_battle(
        free_character("T-ATK", bp=2000, effects=[pump]), free_character("T-WALL", bp=3000)
    )
    assert "UA-BATTLE-END" in rules_applied(r, b.last)
    assert field_unit(r, "A", "A-1")["bp"] == 3000


# --- UA-KW-STEP --------------------------------------------------------------------------


def test_UA_KW_STEP_character_with_step_moves_back_to_energy_line() -> None:
    b = board_at_turn_3(
        [free_character("T-STEP", keywords=["step"])],
        ["T-STEP"],
        [],
        a_front=("A-1",),
        phase="movement",
    )
    b.act("A", "move", step_back=["A-1"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_ids(r, "A", "energy_line") == ["A-1"]
    assert player_state(r, "A")["front_line"] == []


def test_UA_KW_STEP_character_without_step_cannot_move_back() -> None:
    b = board_at_turn_3(
        [free_character("T-ATK")], ["T-ATK"], [], a_front=("A-1",), phase="movement"
    )
    b.act("A", "move", step_back=["A-1"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "UA-MOVE-STEP" in rules_broken(r, b.last)
    assert field_ids(r, "A", "front_line") == ["A-1"]


def test_UA_KW_STEP_swaps_with_character_moving_into_full_front_line() -> None:
    cards = [free_character("T-STEP", keywords=["step"]), free_character("T-ATK")]
    deck = ["T-STEP", "T-ATK", "T-ATK", "T-ATK", "T-ATK"]
    b = board_at_turn_3(
        cards, deck, [], a_front=("A-1", "A-2", "A-3", "A-4"), a_energy=("A-5",), phase="movement"
    )
    b.act("A", "move", cards=["A-5"], step_back=["A-1"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    players = player_state(r, "A")
    assert sorted(u["id"] for u in players["front_line"]) == ["A-2", "A-3", "A-4", "A-5"]
    assert [u["id"] for u in players["energy_line"]] == ["A-1"]
    assert players["removal"] == []


def test_UA_KW_STEP_no_swap_into_full_front_line_without_step() -> None:
    cards = [free_character("T-ATK")]
    deck = ["T-ATK"] * 5
    b = board_at_turn_3(
        cards, deck, [], a_front=("A-1", "A-2", "A-3", "A-4"), a_energy=("A-5",), phase="movement"
    )
    b.act("A", "move", cards=["A-5"], step_back=["A-1"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert field_ids(r, "A", "energy_line") == ["A-5"]


# --- UA-KW-SNIPE -------------------------------------------------------------------------
# Manual, Keyword Abilities: Snipe -- it may attack a character on the opponent's front line,
# active or rested; then the opponent cannot block; the target's state does not change, its
# When Blocking abilities do not activate, a battle occurs.


def sniper_scene(
    target: dict[str, Any] | None = None, sniper_bp: int = 3000, **kw: Any
) -> LogBuilder:
    cards = [
        free_character("T-SNIPER", bp=sniper_bp, keywords=["snipe"]),
        target or free_character("T-ATK", bp=2000),
        free_character("T-GUARD", bp=9000),
    ]
    code = cards[1]["code"]
    return board_at_turn_3(
        cards, ["T-SNIPER"], [code, "T-GUARD"], a_front=("A-1",), b_front=("B-1", "B-2"), **kw
    )


def test_UA_KW_SNIPE_can_target_front_line_character() -> None:
    b = sniper_scene()
    b.attack("A", "A-1", target="B-1")
    attack = b.last
    b.block("B")
    r = b.replay()
    assert verdict(r, attack) == "legal"
    assert "UA-KW-SNIPE" in rules_applied(r, attack)
    assert verdict(r, b.last) == "legal"
    assert "UA-BATTLE-BP" in rules_applied(r, b.last)  # a battle occurs
    assert field_unit(r, "B", "B-1") is None
    assert player_state(r, "B")["life"] == 7


def test_UA_KW_SNIPE_the_opponent_cannot_block() -> None:
    b = sniper_scene()
    b.attack("A", "A-1", target="B-1").block("B", "B-2")
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-KW-SNIPE"]


def test_UA_KW_SNIPE_the_target_cannot_block_either() -> None:
    b = sniper_scene()
    b.attack("A", "A-1", target="B-1").block("B", "B-1")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-KW-SNIPE"]


def test_UA_KW_SNIPE_no_block_is_the_only_legal_block_decision() -> None:
    b = sniper_scene()
    b.attack("A", "A-1", target="B-1")
    engine = position(b.log())
    assert engine.awaiting() == ("B", ("block",))
    assert engine.legal_actions() == [{"p": "B", "do": "block", "card": None}]


def test_UA_KW_SNIPE_missing_block_decision_is_not_unverifiable() -> None:
    b = sniper_scene()
    b.attack("A", "A-1", target="B-1").proceed("A")  # no block decision recorded
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-BLOCK-DECISION" in rules_applied(r, b.last)
    assert field_unit(r, "B", "B-1", b.last) is None  # the battle took place


def test_UA_KW_SNIPE_a_rested_character_can_be_the_target_and_stays_rested() -> None:
    rest_b1 = {
        "when": "on_attack",
        "do": [{"op": "rest", "target": {"side": "opponent", "zone": "front_line"}}],
    }
    wall = free_character("T-WALL", bp=5000)
    cards = [
        free_character("T-SNIPER", bp=1000, keywords=["snipe"]),
        free_character("T-RESTER", effects=[rest_b1]),
        wall,
    ]
    b = board_at_turn_3(
        cards, ["T-SNIPER", "T-RESTER"], ["T-WALL"], a_front=("A-1", "A-2"), b_front=("B-1",)
    )
    b.attack("A", "A-2").act("A", "resolve", source="A-2", targets=["B-1"]).block("B")
    pick(b, 1)
    assert field_unit(b.replay(), "B", "B-1")["rested"] is True
    b.attack("A", "A-1", target="B-1").block("B")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-BATTLE-LOSE" in rules_applied(r, b.last)  # the battle occurs
    assert field_unit(r, "B", "B-1")["rested"] is True  # its state does not change


def test_UA_KW_SNIPE_an_active_target_stays_active() -> None:
    b = sniper_scene(target=free_character("T-WALL", bp=5000))
    b.attack("A", "A-1", target="B-1").block("B")
    r = b.replay()
    assert "UA-BATTLE-LOSE" in rules_applied(r, b.last)
    assert field_unit(r, "B", "B-1")["rested"] is False


def test_UA_KW_SNIPE_the_targets_when_blocking_effects_do_not_trigger() -> None:
    on_block = {"when": "on_block", "do": [{"op": "draw", "n": 1}]}
    b = sniper_scene(target=free_character("T-BLK", bp=5000, effects=[on_block]))
    b.attack("A", "A-1", target="B-1").block("B")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "draw" not in [e["type"] for e in r["steps"][b.last]["events"]]
    assert r["steps"][b.last]["pending"][0]["kind"] != "resolve"


def test_UA_KW_SNIPE_cannot_target_energy_line_character() -> None:
    cards = [free_character("T-SNIPER", keywords=["snipe"]), free_character("T-ATK")]
    b = board_at_turn_3(cards, ["T-SNIPER"], ["T-ATK"], a_front=("A-1",), b_energy=("B-1",))
    b.attack("A", "A-1", target="B-1")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-KW-SNIPE"]


def test_UA_KW_SNIPE_attacker_may_still_attack_the_player() -> None:
    cards = [free_character("T-SNIPER", keywords=["snipe"]), free_character("T-ATK")]
    b = board_at_turn_3(cards, ["T-SNIPER"], ["T-ATK"], a_front=("A-1",), b_front=("B-1",))
    b.attack("A", "A-1").block("B")
    pick(b, 1)
    r = b.replay()
    assert r["summary"]["illegal_steps"] == []
    assert player_state(r, "B")["life"] == 6
    assert field_unit(r, "B", "B-1") is not None


def test_UA_KW_SNIPE_an_attack_on_the_player_may_be_blocked() -> None:
    cards = [free_character("T-SNIPER", bp=1000, keywords=["snipe"]), free_character("T-ATK")]
    b = board_at_turn_3(cards, ["T-SNIPER"], ["T-ATK"], a_front=("A-1",), b_front=("B-1",))
    b.attack("A", "A-1").block("B", "B-1")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-KW-SNIPE" not in rules_broken(r, b.last)


def test_UA_KW_SNIPE_sniper_that_loses_the_battle_stays() -> None:
    cards = [
        free_character("T-SNIPER", bp=1000, keywords=["snipe"]),
        free_character("T-WALL", bp=3000),
    ]
    b = board_at_turn_3(cards, ["T-SNIPER"], ["T-WALL"], a_front=("A-1",), b_front=("B-1",))
    b.attack("A", "A-1", target="B-1").block("B")
    r = b.replay()
    assert "UA-BATTLE-LOSE" in rules_applied(r, b.last)
    assert field_unit(r, "B", "B-1") is not None and field_unit(r, "A", "A-1") is not None


# --- UA-KW-DOUBLE-ATTACK -----------------------------------------------------------------
# Manual, Keyword Abilities: Double Attack -- when this character attacks for the first time
# in a turn, switch it to active.


def double_attacker() -> LogBuilder:
    cards = [free_character("T-DA", keywords=["double attack"])]
    return board_at_turn_3(cards, ["T-DA"], [], a_front=("A-1",))


def test_UA_KW_DOUBLE_ATTACK_first_attack_switches_it_to_active_at_once() -> None:
    b = double_attacker()
    b.attack("A", "A-1")
    attack = b.last
    r = b.replay()
    assert verdict(r, attack) == "legal"
    assert "UA-KW-DOUBLE-ATTACK" in rules_applied(r, attack)
    # active as soon as it has attacked, while the defender's block decision is still due
    assert r["steps"][attack]["pending"][0]["kind"] == "block"
    assert field_unit(r, "A", "A-1", attack)["rested"] is False


def test_UA_KW_DOUBLE_ATTACK_attacks_again_once() -> None:
    b = double_attacker()
    b.attack("A", "A-1").block("B")
    pick(b, 1)
    b.attack("A", "A-1")
    second = b.last
    b.block("B")
    pick(b, 1)
    b.attack("A", "A-1")
    r = b.replay()
    assert verdict(r, second) == "legal"
    assert "UA-KW-DOUBLE-ATTACK" not in rules_applied(r, second)
    assert field_unit(r, "A", "A-1", second)["rested"] is True
    assert player_state(r, "B", b.last - 1)["life"] == 5
    assert rules_broken(r, b.last) == ["UA-ATK-ATTACKER"]


def test_UA_KW_DOUBLE_ATTACK_also_when_its_first_attack_is_blocked() -> None:
    cards = [
        free_character("T-DA", bp=1000, keywords=["double attack"]),
        free_character("T-WALL", bp=5000),
    ]
    b = board_at_turn_3(cards, ["T-DA"], ["T-WALL"], a_front=("A-1",), b_front=("B-1",))
    b.attack("A", "A-1")
    attack = b.last
    b.block("B", "B-1")
    r = b.replay()
    assert "UA-KW-DOUBLE-ATTACK" in rules_applied(r, attack)
    assert "UA-KW-DOUBLE-ATTACK" not in rules_applied(r, b.last)
    assert field_unit(r, "A", "A-1")["rested"] is False


def test_UA_KW_DOUBLE_ATTACK_and_DOUBLE_BLOCK_have_no_rule_options() -> None:
    options = UnionArenaEngine.catalogue.options
    assert "double_attack" not in options and "double_block" not in options


def test_UA_KW_DOUBLE_ATTACK_without_keyword_no_second_attack() -> None:
    b = board_at_turn_3([free_character("T-ATK")], ["T-ATK"], [], a_front=("A-1",))
    b.attack("A", "A-1").block("B")
    pick(b, 1)
    r = b.replay()
    assert "UA-KW-DOUBLE-ATTACK" not in rules_applied(r, b.last)
    assert field_unit(r, "A", "A-1")["rested"] is True


# --- UA-KW-DOUBLE-BLOCK ------------------------------------------------------------------
# Manual, Keyword Abilities: Double Block -- when this character blocks for the first time in
# a turn, switch it to active.


def double_blocker() -> LogBuilder:
    cards = [
        free_character("T-ATK", bp=1000),
        free_character("T-DB", bp=5000, keywords=["double block"]),
    ]
    deck_a = ["T-ATK", "T-ATK", "T-ATK"]
    return board_at_turn_3(cards, deck_a, ["T-DB"], a_front=("A-1", "A-2", "A-3"), b_front=("B-1",))


def test_UA_KW_DOUBLE_BLOCK_first_block_switches_it_to_active_at_once() -> None:
    b = double_blocker()
    b.attack("A", "A-1").block("B", "B-1")
    first = b.last
    r = b.replay()
    assert verdict(r, first) == "legal"
    assert "UA-KW-DOUBLE-BLOCK" in rules_applied(r, first)
    assert field_unit(r, "B", "B-1", first)["rested"] is False
    assert "UA-BATTLE-BP" in rules_applied(r, first)  # still the attack target: a battle


def test_UA_KW_DOUBLE_BLOCK_blocks_again_once() -> None:
    b = double_blocker()
    b.attack("A", "A-1").block("B", "B-1")
    b.attack("A", "A-2").block("B", "B-1")
    second = b.last
    b.attack("A", "A-3").block("B", "B-1")
    r = b.replay()
    assert verdict(r, second) == "legal"
    assert "UA-KW-DOUBLE-BLOCK" not in rules_applied(r, second)
    assert "UA-BATTLE-BP" in rules_applied(r, second)
    assert field_unit(r, "B", "B-1", second)["rested"] is True
    assert rules_broken(r, b.last) == ["UA-BLOCK"]


def test_UA_KW_DOUBLE_BLOCK_without_keyword_blocks_once() -> None:
    cards = [free_character("T-ATK", bp=1000), free_character("T-WALL", bp=5000)]
    b = board_at_turn_3(
        cards, ["T-ATK", "T-ATK"], ["T-WALL"], a_front=("A-1", "A-2"), b_front=("B-1",)
    )
    b.attack("A", "A-1").block("B", "B-1")
    first = b.last
    b.attack("A", "A-2").block("B", "B-1")
    r = b.replay()
    assert "UA-KW-DOUBLE-BLOCK" not in rules_applied(r, first)
    assert field_unit(r, "B", "B-1", first)["rested"] is True
    assert rules_broken(r, b.last) == ["UA-BLOCK"]


# --- UA-KW-IMPACT ------------------------------------------------------------------------


def impact_battle(
    keywords: list[str], bp: int = 3000, options: dict[str, Any] | None = None
) -> tuple[LogBuilder, dict[str, Any]]:
    return blocked_battle(
        free_character("T-IMP", bp=bp, keywords=keywords),
        free_character("T-WALL", bp=2000),
        options=options,
    )


def test_UA_KW_IMPACT_win_deals_impact_damage() -> None:
    b, r = impact_battle(["impact 1"])
    assert "UA-KW-IMPACT" in rules_applied(r, b.last)
    assert r["steps"][b.last]["pending"][0]["kind"] == "pick_life"
    pick(b, 1)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "B")["life"] == 6


def test_UA_KW_IMPACT_damage_is_n() -> None:
    b, r = impact_battle(["impact 2"])
    pick(b, 1, 2)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "B")["life"] == 5


def test_UA_KW_IMPACT_no_damage_when_attacker_loses() -> None:
    b, r = impact_battle(["impact 1"], bp=1000)
    assert "UA-KW-IMPACT" not in rules_applied(r, b.last)
    pick(b, 1)
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert player_state(r, "B")["life"] == 7


def test_UA_KW_IMPACT_unblocked_attack_deals_only_its_damage() -> None:
    b = board_at_turn_3(
        [free_character("T-IMP", keywords=["impact 2"])], ["T-IMP"], [], a_front=("A-1",)
    )
    b.attack("A", "A-1").block("B")
    pick(b, 1, 2)
    r = b.replay()
    assert "UA-DMG-PICK" in rules_broken(r, b.last)


def test_UA_KW_IMPACT_does_not_stack() -> None:
    b, r = impact_battle(["impact 1", "impact 2"])
    pick(b, 1, 2, 3)
    r = b.replay()
    assert "UA-DMG-PICK" in rules_broken(r, b.last)
    b, r = impact_battle(["impact 1", "impact 2"])
    pick(b, 1, 2)
    assert verdict(b.replay(), b.last) == "legal"


def test_UA_KW_IMPACT_plus_adds_to_impact() -> None:
    b, r = impact_battle(["impact 1", "impact +1"])
    pick(b, 1, 2)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "B")["life"] == 5


def test_UA_KW_IMPACT_plus_without_impact_gains_impact_1() -> None:
    # Manual: "Impact +1 ... If the card does not have Impact, it gains Impact 1."
    b, r = impact_battle(["impact +1"])
    assert "UA-KW-IMPACT" in rules_applied(r, b.last)
    pick(b, 1)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "B")["life"] == 6


def test_UA_KW_IMPACT_has_no_rule_option() -> None:
    assert "impact_plus_without_impact" not in UnionArenaEngine.catalogue.options


def test_UA_KW_IMPACT_gained_impact_counts_highest_only() -> None:
    grant = {"when": "on_attack", "do": [{"op": "grant", "keyword": "impact 2", "target": "self"}]}
    b, r = blocked_battle(
        free_character("T-IMP", bp=3000, keywords=["impact 1"], effects=[grant]),
        free_character("T-WALL", bp=2000),
    )
    pick(b, 1, 2)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "B")["life"] == 5


# --- UA-KW-DAMAGE ------------------------------------------------------------------------


def unblocked(keywords: list[str], effects: list[dict[str, Any]] | None = None) -> LogBuilder:
    b = board_at_turn_3(
        [free_character("T-DMG", keywords=keywords, effects=effects)],
        ["T-DMG"],
        [],
        a_front=("A-1",),
    )
    return b.attack("A", "A-1").block("B")


def test_UA_KW_DAMAGE_damage_2_deals_2() -> None:
    b = unblocked(["damage 2"])
    pick(b, 1, 2)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "B")["life"] == 5


def test_UA_KW_DAMAGE_damage_2_picking_one_card_is_illegal() -> None:
    b = unblocked(["damage 2"])
    pick(b, 1)
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-DMG-PICK"]


def test_UA_KW_DAMAGE_blocked_attack_deals_no_damage() -> None:
    b, r = blocked_battle(
        free_character("T-DMG", bp=5000, keywords=["damage 2"]), free_character("T-WALL", bp=1000)
    )
    assert "UA-DMG-AMOUNT" not in rules_applied(r, b.last)
    assert player_state(r, "B")["life"] == 7
    pick(b, 1, 2)
    assert verdict(b.replay(), b.last) == "illegal"


def test_UA_KW_DAMAGE_does_not_stack() -> None:
    b = unblocked(["damage 2", "damage 2"])
    pick(b, 1, 2, 3, 4)
    assert "UA-DMG-PICK" in rules_broken(b.replay(), b.last)
    b = unblocked(["damage 2", "damage 2"])
    pick(b, 1, 2)
    assert verdict(b.replay(), b.last) == "legal"


def test_UA_KW_DAMAGE_plus_adds_to_the_damage() -> None:
    b = unblocked(["damage 2", "damage +1"])
    pick(b, 1, 2, 3)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "B")["life"] == 4


def test_UA_KW_DAMAGE_plus_without_damage_adds_to_1() -> None:
    b = unblocked(["damage +1"])
    pick(b, 1, 2)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "B")["life"] == 5


def test_UA_KW_DAMAGE_gained_twice_is_damage_2() -> None:
    grant = {"op": "grant", "keyword": "damage 2", "target": "self"}
    b = unblocked([], effects=[{"when": "on_attack", "do": [grant, grant]}])
    pick(b, 1, 2)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "B")["life"] == 5


# --- UA-KW-NULLIFY-IMPACT ----------------------------------------------------------------


def test_UA_KW_NULLIFY_IMPACT_blocker_prevents_impact_damage() -> None:
    attacker = free_character("T-IMP", bp=3000, keywords=["impact 1"])
    b, r = blocked_battle(attacker, free_character("T-NULL", bp=2000, keywords=["nullify impact"]))
    assert "UA-KW-NULLIFY-IMPACT" in rules_applied(r, b.last)
    assert "UA-KW-IMPACT" not in rules_applied(r, b.last)
    assert field_unit(r, "B", "B-1") is None  # the battle is still lost
    pick(b, 1)
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert player_state(r, "B")["life"] == 7


def test_UA_KW_NULLIFY_IMPACT_blocker_without_it_takes_impact() -> None:
    b, r = blocked_battle(
        free_character("T-IMP", bp=3000, keywords=["impact 1"]), free_character("T-WALL", bp=2000)
    )
    assert "UA-KW-NULLIFY-IMPACT" not in rules_applied(r, b.last)
    assert "UA-KW-IMPACT" in rules_applied(r, b.last)


def test_UA_KW_NULLIFY_IMPACT_target_of_a_snipe_attack_prevents_impact_damage() -> None:
    cards = [
        free_character("T-SNIPER", bp=3000, keywords=["snipe", "impact 1"]),
        free_character("T-NULL", bp=2000, keywords=["nullify impact"]),
    ]
    b = board_at_turn_3(cards, ["T-SNIPER"], ["T-NULL"], a_front=("A-1",), b_front=("B-1",))
    b.attack("A", "A-1", target="B-1").block("B")  # sniped, not blocking
    r = b.replay()
    assert "UA-KW-NULLIFY-IMPACT" in rules_applied(r, b.last)
    assert "UA-KW-IMPACT" not in rules_applied(r, b.last)
    assert field_unit(r, "B", "B-1") is None  # the battle is still lost
    pick(b, 1)
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert player_state(r, "B")["life"] == 7


def test_UA_KW_NULLIFY_IMPACT_sniped_character_without_it_takes_impact() -> None:
    cards = [
        free_character("T-SNIPER", bp=3000, keywords=["snipe", "impact 1"]),
        free_character("T-ATK", bp=2000),
    ]
    b = board_at_turn_3(cards, ["T-SNIPER"], ["T-ATK"], a_front=("A-1",), b_front=("B-1",))
    b.attack("A", "A-1", target="B-1").block("B")
    r = b.replay()
    assert "UA-KW-NULLIFY-IMPACT" not in rules_applied(r, b.last)
    assert "UA-KW-IMPACT" in rules_applied(r, b.last)
    pick(b, 1)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "B")["life"] == 6


# --- UA-KW-SNIPE-NOT-BLOCKED ----------------------------------------------------------------


def snipe_with_a_not_blocked_effect(options: dict[str, Any] | None = None) -> Any:
    """A's Snipe character with a when-not-blocked draw attacks B's character."""
    sniper = free_character(
        "T-SNIPER", bp=9000, keywords=["snipe"], effects=[{"when": "not_blocked", "do": DRAW_1}]
    )
    cards = [sniper, free_character("T-WALL", bp=1000)]
    b = board_at_turn_3(
        cards, ["T-SNIPER"], ["T-WALL"], a_front=("A-1",), b_front=("B-1",), options=options
    )
    return b.attack("A", "A-1", target="B-1").block("B")


def test_UA_KW_SNIPE_NOT_BLOCKED_by_default_the_not_blocked_effects_trigger() -> None:
    b = snipe_with_a_not_blocked_effect()
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert draw_players(r, b.last) == ["A"]
    assert "UA-KW-SNIPE-NOT-BLOCKED" in rules_applied(r, b.last)


def test_UA_KW_SNIPE_NOT_BLOCKED_the_option_can_say_they_do_not() -> None:
    b = snipe_with_a_not_blocked_effect({"snipe_not_blocked": "does_not_trigger"})
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert draw_players(r, b.last) == []
    (ruling,) = [x for x in r["steps"][b.last]["rulings"] if x["rule"] == "UA-KW-SNIPE-NOT-BLOCKED"]
    assert "do not trigger (rule option snipe_not_blocked)" in ruling["message"]
