"""Simultaneous effects: who chooses the order, a recorded order is checked and followed, a
missing choice is annotated with who had it."""

from __future__ import annotations

from judge.games.union_arena.testing import LogBuilder, card, rules_applied, rules_broken

AT_END = [{"when": "end_phase_start", "do": [{"op": "bp", "amount": 1000, "target": "self"}]}]
CARDS = [
    card("T-010", name="Tide Bell", effects=AT_END),
    card("T-011", name="Gull Horn", effects=AT_END),
]


def two_effects_waiting() -> LogBuilder:
    """A has two characters whose end-phase-start effects trigger together."""
    b = LogBuilder(CARDS).setup()
    b.proceed("A").play("A", "T-010", to="energy_line").proceed("A", 2)
    b.pass_turn("B")
    b.proceed("A").play("A", "T-011", to="energy_line").play("A", "T-010", to="energy_line")
    b.proceed("A", 2)  # end of main, end of attack: the end phase starts
    return b


def test_UA_SIMULTANEOUS_both_waiting_for_the_turn_player() -> None:
    b = two_effects_waiting()
    r = b.replay()
    pending = r["steps"][b.last]["pending"]
    assert {p["player"] for p in pending} == {"A"}
    assert len(pending) == 3  # A-1 and A-2's (T-010) and A-5's (T-011) effects


def test_UA_SIMULTANEOUS_recorded_order_is_followed() -> None:
    b = two_effects_waiting()
    b.act("A", "resolve", source="T-011", order=["T-011", "A-1", "A-2"])
    r = b.replay()
    step = r["steps"][b.last]
    assert step["verdict"] == "legal"
    assert "UA-SIMULTANEOUS" in rules_applied(r, b.last)
    sources = [e["source"] for e in step["events"] if e["type"] == "effect"]
    # all three resolved by this one decision, in the recorded order (T-011 is A-5)
    assert sources == ["A-5", "A-1", "A-2"]
    assert step["pending"][0]["player"] == "B"  # the end phase ran on: B's turn


def test_UA_SIMULTANEOUS_order_naming_an_effect_that_is_not_waiting_is_illegal() -> None:
    b = two_effects_waiting()
    b.act("A", "resolve", source="T-011", order=["T-011", "T-000"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-SIMULTANEOUS"]


def test_UA_SIMULTANEOUS_order_must_start_with_the_source() -> None:
    b = two_effects_waiting()
    b.act("A", "resolve", source="T-011", order=["A-1", "T-011", "A-2"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-SIMULTANEOUS"]


def test_UA_SIMULTANEOUS_the_other_player_cannot_choose() -> None:
    b = two_effects_waiting()
    b.act("B", "resolve", source="T-011")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-PHASE"]
    assert "A's decision" in r["steps"][b.last]["violations"][0]["message"]


def test_UA_CHOICE_RECORDED_missing_order_is_annotated_with_who_had_it() -> None:
    b = two_effects_waiting()
    b.proceed("B")  # B's movement phase: the log skipped A's order
    r = b.replay()
    step = r["steps"][b.last]
    assert step["verdict"] == "unverifiable"
    messages = [x["message"] for x in step["rulings"] if x["rule"] == "UA-CHOICE-RECORDED"]
    assert messages and all(m.startswith("A had to resolve") for m in messages)
