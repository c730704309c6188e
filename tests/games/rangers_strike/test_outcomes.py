"""Recorded outcomes (``outcome``, RS-OUTCOME) and the verdicts that rest on an effect the
engine could not execute (RS-EFFECT-UNSUPPORTED: later steps ``uncertain``).

The scene: A's unit A-1 (BP 2000) has an enter effect written as text only ("it gets
BP+3000 until the end of the turn"); it enters and attacks B's B-4 (BP 4000).  The engine
cannot run the text, so it computes the attack at 2000 against 4000 — an attack the effect
decides.
"""

from __future__ import annotations

from typing import Any

from judge.games.rangers_strike.testing import (
    LogBuilder,
    area_ids,
    card,
    player_state,
    rules_applied,
    rules_broken,
    ruling_texts,
    verdict,
)

BOOST_TEXT = {
    "when": "on_enter",
    "text": "When this unit enters the battle area: it gets BP+3000 until the end of the turn.",
}
BOOST_BP_ONLY = {"when": "on_enter", "do": [{"op": "bp", "amount": 3000, "until": "game"}]}
WALL = card("T-002", bp=4000)
BOOST = [{"op": "bp", "card": "A-1", "amount": 3000, "until": "turn"}]


def entered(effect: dict[str, Any] = BOOST_TEXT, *more: dict[str, Any]) -> tuple[LogBuilder, int]:
    """B's T-002 (B-4) stands in its battle area; A's A-1 enters in turn 3: the builder and
    the enter step."""
    b = LogBuilder([card("T-001", bp=2000, effects=[effect]), WALL, *more]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-001").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-002").proceed("B").enter("B", "T-002")
    b.proceed("B").charge("A", "T-000").proceed("A", 2).enter("A", "T-001")
    return b, b.last


def test_RS_EFFECT_UNSUPPORTED_an_attack_the_effect_decides_is_uncertain_not_legal() -> None:
    b, entered_at = entered()
    b.attack("A", "A-1", "B-4")
    r = b.replay()
    assert verdict(r, entered_at) == "unverifiable"
    step = r["steps"][b.last]
    assert step["verdict"] == "uncertain" and step["depends_on"] == [entered_at]
    assert "A-1 (T-001) BP 2000 < B-4 (T-002) BP 4000" in ruling_texts(r, b.last)[0]
    assert rules_applied(r, b.last)[-1] == "RS-EFFECT-UNSUPPORTED"
    assert ruling_texts(r, b.last)[-1].startswith(f"Uncertain: depends on step {entered_at}")
    assert r["summary"]["uncertain_steps"] == [b.last]


def test_RS_OUTCOME_the_recorded_outcome_decides_the_attack() -> None:
    b, entered_at = entered()
    b.act("A", "outcome", source="T-001", ops=BOOST).attack("A", "A-1", "B-4")
    r = b.replay()
    assert verdict(r, entered_at + 1) == "recorded"
    assert rules_applied(r, entered_at + 1) == ["RS-OUTCOME"]
    assert verdict(r, b.last) == "legal"
    assert "BP 5000 > B-4 (T-002) BP 4000" in ruling_texts(r, b.last)[0]
    assert area_ids(r, "B", "battle") == [] and area_ids(r, "A", "battle") == ["A-1"]
    assert r["summary"]["recorded_steps"] == [entered_at + 1]


def test_RS_EFFECT_UNSUPPORTED_a_bp_only_effect_taints_only_bp_verdicts() -> None:
    b, entered_at = entered(BOOST_BP_ONLY)
    b.strike("A", "A-1")  # a strike compares no BP
    r = b.replay()
    assert verdict(r, entered_at) == "unverifiable"
    assert verdict(r, b.last) == "legal"
    b, entered_at = entered(BOOST_BP_ONLY)
    r = b.attack("A", "A-1", "B-4").replay()
    assert verdict(r, b.last) == "uncertain"


def test_RS_OUTCOME_impossible_ops_are_illegal_and_leave_the_effect_unrecorded() -> None:
    b, entered_at = entered()
    ops = [
        {"op": "bp", "card": "T-002", "amount": 3000, "player": "A"},
        {"op": "heal", "n": 1},
        {"op": "move", "card": "T-001", "from": "hand", "to": "rush"},
    ]
    b.act("A", "outcome", source="A-1", ops=ops).attack("A", "A-1", "B-4")
    r = b.replay()
    assert rules_broken(r, entered_at + 1) == ["RS-OUTCOME"] * 3
    messages = [v["message"] for v in r["steps"][entered_at + 1]["violations"]]
    assert "T-002 is not a unit or vehicle" in messages[0]
    assert "A has 0 face-down power cards" in messages[1]
    assert "an outcome puts no card into a rush or battle area" in messages[2]
    assert verdict(r, b.last) == "uncertain"


def test_RS_OUTCOME_comes_right_after_the_step_by_the_effects_controller() -> None:
    b, entered_at = entered()
    b.act("B", "outcome", source="A-1", ops=BOOST)
    r = b.replay()
    assert "A records its outcome, not B" in r["steps"][b.last]["violations"][0]["message"]
    b, entered_at = entered()
    b.strike("A", "A-1").act("A", "outcome", source="A-1", ops=BOOST)
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-OUTCOME"]
    assert f"resolved at step {entered_at + 1}" in r["steps"][b.last]["violations"][0]["message"]


def test_RS_OUTCOME_moves_destroy_and_return_units() -> None:
    b, entered_at = entered()
    ops = [
        {"op": "move", "card": "B-4", "from": "battle", "to": "discard"},
        {"op": "move", "card": "A-1", "from": "battle", "to": "rush"},
        {"op": "draw", "n": 1},
    ]
    hand = len(player_state(b.replay(), "A")["hand"])
    b.act("A", "outcome", source="A-1", ops=ops)
    r = b.replay()
    assert verdict(r, b.last) == "recorded"
    assert player_state(r, "B")["discard"] == ["B-4"]
    assert area_ids(r, "A", "rush") == ["A-1"] and area_ids(r, "A", "battle") == []
    assert len(player_state(r, "A")["hand"]) == hand + 1


def test_RS_OUTCOME_damage_is_dealt_as_an_effects() -> None:
    b, entered_at = entered()
    b.act("A", "outcome", source="A-1", ops=[{"op": "damage", "n": 1}])
    r = b.replay()
    assert verdict(r, b.last) == "recorded"
    assert "damage" in [e["type"] for e in r["steps"][b.last]["events"]]


def _attack_b_can_counter() -> tuple[LogBuilder, int]:
    """B-4 (BP 4000, a text-only when-destroyed effect) in B's battle area with a released
    command and a counter; A-1 (BP 5000) attacks it in turn 5: the attack resolves at once
    (B-4 destroyed, its effect not executed), with a counter window noted."""
    dies = {"when": "on_destroyed", "text": "When this unit is destroyed: draw a card."}
    counter = card(
        "T-003",
        "operation",
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
                    }
                ],
            }
        ],
    )
    b = LogBuilder([card("T-001", bp=5000), card("T-002", bp=4000, effects=[dies]), counter])
    b.setup(first="A").charge("A", "T-000").proceed("A").rush("A", "T-001").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-002").proceed("B").enter("B", "T-002")
    b.proceed("B").charge("A", "T-000").pass_turn("A")
    b.charge("B", "T-000").proceed("B", 2).enter("B", "B-4").proceed("B")
    b.charge("A", "T-000").proceed("A", 2).enter("A", "T-001").attack("A", "A-1", "B-4")
    return b, b.last


def test_RS_EFFECT_UNSUPPORTED_a_counter_undoes_the_resolution_and_what_it_left_unknown() -> None:
    b, attacked = _attack_b_can_counter()
    r = b.replay()
    assert verdict(r, attacked) == "unverifiable"  # B-4's text did not run
    b.use("B", "T-003", targets=["B-4"]).proceed("A")
    r = b.replay()
    # the counter comes first: B-4 (BP 7000) survives, its when-destroyed text never resolves
    assert area_ids(r, "B", "battle", attacked + 1) == ["B-4"]
    assert [verdict(r, i) for i in (attacked + 1, attacked + 2)] == ["legal", "legal"]


def test_RS_OUTCOME_after_an_attack_means_no_counter_answered_it() -> None:
    b, attacked = _attack_b_can_counter()
    b.act("B", "outcome", source="B-4", ops=[{"op": "draw", "n": 1}])
    b.use("B", "T-003", targets=["B-4"])
    r = b.replay()
    assert verdict(r, attacked + 1) == "recorded"
    assert rules_broken(r, b.last) == ["RS-COUNTER"]  # the window closed: too late
