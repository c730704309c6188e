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


def test_pending_lists_both_players_waiting_effects_and_who_chooses() -> None:
    b = both_players_effects_waiting()
    r = b.replay()
    pending = r["steps"][b.last]["pending"]
    assert [(p["kind"], p["player"], p["controller"], p["source"]) for p in pending] == [
        ("resolve", "A", "A", "A-1"),
        ("waiting", "B", "B", "B-5"),
    ]
    assert pending[0]["text"] == "A resolves A-1's battle end effect"
    assert pending[1]["text"] == "B-5's battle end effect (B's) waits: A chooses first"


def test_once_the_turn_players_effects_are_done_the_other_player_chooses() -> None:
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
