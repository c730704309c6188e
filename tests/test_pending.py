"""Who waits, in full: a step's ``pending`` lists every effect waiting to resolve, both
players', in trigger order, and who chooses next (``AgendaEngine.pending_effects``).

Union Arena (seed 000, "關於複數個效果同時發動的場合"): the turn player resolves all of their
effects first, then the non-turn player; so while the turn player chooses, the opponent's
effect is listed as ``waiting``, not hidden.
"""

from __future__ import annotations

from typing import Any

from judge.games.union_arena.testing import LogBuilder, card


def effect(when: str, *ops: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"when": when, "do": list(ops), **extra}


DRAW = {"op": "draw", "n": 1}


def both_players_effects_waiting() -> LogBuilder:
    """A attacks, B blocks: A's and B's optional battle-end draws trigger together."""
    attacker = card(
        "T-241", name="Attacker", ap=0, bp=1000, effects=[effect("battle_end", DRAW, optional=True)]
    )
    wall = card(
        "T-242", name="Wall", ap=0, bp=5000, effects=[effect("battle_end", DRAW, optional=True)]
    )
    b = LogBuilder([attacker, wall]).setup(first="A").proceed("A")
    b.play("A", "T-241", to="front_line").proceed("A", 2)
    b.proceed("B").play("B", "T-242", to="front_line").proceed("B", 2)
    b.proceed("A", 2).act("A", "attack", card="A-1", target="player").block("B", "B-5")
    return b


def test_UA_SIMULTANEOUS_pending_lists_both_players_waiting_effects_and_who_chooses() -> None:
    b = both_players_effects_waiting()
    r = b.replay()
    pending = r["steps"][b.last]["pending"]
    assert [(p["kind"], p["player"], p["controller"], p["source"]) for p in pending] == [
        ("resolve", "A", "A", "A-1"),
        ("waiting", "B", "B", "B-5"),
    ]
    assert pending[0]["text"] == "A resolves A-1's battle end effect"
    assert pending[1]["text"] == "B-5's battle end effect (B's) waits: A chooses first"


def test_UA_SIMULTANEOUS_once_the_turn_players_effects_are_done_the_other_chooses() -> None:
    b = both_players_effects_waiting()
    b.act("A", "resolve", source="A-1", use=True)
    r = b.replay()
    assert r["steps"][b.last]["verdict"] == "legal"
    pending = r["steps"][b.last]["pending"]
    assert [(p["kind"], p["player"], p["source"]) for p in pending] == [("resolve", "B", "B-5")]


def test_the_text_replay_shows_the_waiting_effect() -> None:
    from judge.core.export import export

    b = both_players_effects_waiting()
    text = export(b.replay(), "text")
    assert "B-5's battle end effect (B's) waits: A chooses first" in text


# -- which waiting effect a resolve names ------------------------------------------------------

AT_END = [{"when": "end_phase_start", "do": [{"op": "bp", "amount": 1000, "target": "self"}]}]


def two_copies_waiting() -> LogBuilder:
    """A's two Tide Bells (A-1, A-2) and a Gull Horn (A-5) trigger at the end phase's start."""
    cards = [card("T-010", name="Tide Bell", effects=AT_END), card("T-011", effects=AT_END)]
    b = LogBuilder(cards).setup()
    b.proceed("A").play("A", "T-010", to="energy_line").proceed("A", 2)
    b.pass_turn("B")
    b.proceed("A").play("A", "T-011", to="energy_line").play("A", "T-010", to="energy_line")
    return b.proceed("A", 2)


def test_UA_SIMULTANEOUS_a_resolve_naming_an_instance_resolves_that_instances_effect() -> None:
    b = two_copies_waiting()
    b.act("A", "resolve", source="A-2", order=["A-2", "A-5", "A-1"])
    r = b.replay()
    step = r["steps"][b.last]
    assert step["verdict"] == "legal"
    sources = [e["source"] for e in step["events"] if e["type"] == "effect"]
    assert sources == ["A-2", "A-5", "A-1"]  # not A-1's, the first Tide Bell to trigger


def test_UA_SIMULTANEOUS_a_code_for_two_copies_of_one_effect_means_the_first() -> None:
    b = two_copies_waiting()
    b.act("A", "resolve", source="A-2", order=["T-010", "T-011", "T-010"])
    r = b.replay()
    step = r["steps"][b.last]
    assert step["verdict"] == "legal"
    assert [e["source"] for e in step["events"] if e["type"] == "effect"] == ["A-2", "A-5", "A-1"]


def test_RS_SIMULTANEOUS_a_code_naming_both_players_effects_is_ambiguous() -> None:
    import pytest

    from judge.core.errors import BadLog
    from judge.games.rangers_strike import testing as rs

    b = rs.LogBuilder([rs.GUARDIAN, rs.SCOUT]).setup(first="A")  # a Guardian each
    b.charge("A", "T-000").proceed("A").rush("A", "T-002").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-003").proceed("B", 2)
    b.charge("A", "T-000").proceed("A", 2).enter("A", "A-1").proceed("A")
    b.charge("B", "T-000").proceed("B").rush("B", "T-002").proceed("B").enter("B", "B-1")
    b.attack("B", "B-1", "A-1")  # 2000 = 2000: both Guardians are destroyed at once
    waiting = b.replay()["steps"][b.last]["pending"]
    assert {(p["controller"], p["source"]) for p in waiting} == {("A", "A-1"), ("B", "B-1")}
    b.act("B", "resolve", source="T-002")
    with pytest.raises(BadLog) as exc:
        b.replay()
    (error,) = exc.value.errors
    assert str(error).startswith(f"actions[{b.last}].source: ambiguous card reference 'T-002'")
    assert "(A's)" in str(error) and "(B's)" in str(error)
