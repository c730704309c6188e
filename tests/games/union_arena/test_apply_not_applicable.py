"""Union Arena under ``on_illegal=apply``: illegal actions with nothing to carry out as played.

These once ended the replay with a Python exception (``KeyError: 'remove'`` in ``apply_move``,
``IndexError`` in ``apply_discard``, ``apply_block``, ``apply_pick_life``, ``apply_trigger``,
``apply_mulligan``, ``apply_first_player``: every handler that works on the procedure step
waiting for its kind), or were applied as something else (a block by a card not in the front
line became "no block").  Now the check declares them not applicable: the step is illegal
with its violations, says why in ``unverifiable``, the state stays as it was and the replay
goes on.  Not rule tests (each cites the rule its violation names, but tests the runner's
outcome), so not named after a rule.
"""

from __future__ import annotations

from typing import Any

import pytest

from judge.games.union_arena.testing import (
    LogBuilder,
    board_at_turn_3,
    free_character,
    player_state,
    rules_broken,
    verdict,
)

NOT_NOW = "could not be applied as played: the rules did not wait for it."


def assert_not_applied(r: dict[str, Any], index: int, kind: str, why: str = NOT_NOW) -> None:
    """Step ``index`` is illegal, says it was not applied and why, and changed nothing."""
    step = r["steps"][index]
    assert step["verdict"] == "illegal"
    assert step["violations"]
    assert step["unverifiable"] == [f"`{kind}` {why}"]
    assert step["skipped"] is False
    assert step["events"] == []
    assert step["state"] == r["steps"][index - 1]["state"]
    if index + 1 < len(r["steps"]):
        assert r["steps"][index + 1]["after_illegal"] is True


def at_turn_3(phase: str = "main") -> LogBuilder:
    """A's turn 3 ``phase``; A has A-1 in the front line, B has B-1 in the front line."""
    return board_at_turn_3(
        [free_character("T-001")],
        ["T-001"],
        ["T-001"],
        a_front=("A-1",),
        b_front=("B-1",),
        phase=phase,
    )


# -- decisions the rules do not wait for (each crashed before) ------------------------------------


@pytest.mark.parametrize(
    ("kind", "fields"),
    [
        ("move", {"cards": []}),  # KeyError: 'remove'
        ("discard_to_limit", {"cards": ["T-000"]}),  # IndexError: no procedure step
        ("block", {"card": None}),
        ("pick_life", {"cards": [1]}),
        ("trigger", {"card": "T-000", "use": False}),
        ("mulligan", {"redraw": True}),
        ("first_player", {"first": "B"}),
    ],
)
def test_an_out_of_turn_decision_is_not_applied_and_the_replay_goes_on(
    kind: str, fields: dict[str, Any]
) -> None:
    b = at_turn_3("main")
    b.act("B", kind, **fields)
    bad = b.last
    b.proceed("A")  # A's main phase goes on
    r = b.replay(on_illegal="apply")
    assert rules_broken(r, bad) == ["UA-PHASE"]
    assert_not_applied(r, bad, kind)
    assert verdict(r, bad + 1) == "legal"
    assert r["steps"][bad + 1]["state"]["phase"] == "attack"
    assert r["summary"]["illegal_steps"] == [bad]


def test_a_decision_by_the_wrong_player_is_not_applied() -> None:
    b = at_turn_3("main")
    b.proceed("B")  # B would end A's main phase
    r = b.replay(on_illegal="apply")
    assert_not_applied(r, b.last, "proceed")
    assert r["steps"][-1]["state"]["phase"] == "main"


def test_a_decision_after_the_game_is_over_is_not_applied() -> None:
    b = at_turn_3("main").act("A", "concede").act("B", "move", cards=[])
    r = b.replay(on_illegal="apply")
    assert_not_applied(r, b.last, "move")
    assert r["summary"]["result"] == {"winner": "B", "reason": "concede"}


def test_the_late_extra_draw_is_still_applied_as_played() -> None:
    b = at_turn_3("main").act("A", "extra_draw")
    r = b.replay(on_illegal="apply")
    step = r["steps"][b.last]
    assert rules_broken(r, b.last) == ["UA-START-EXTRA-DRAW"]
    assert step["unverifiable"] == []
    hand = len(player_state(r, "A")["hand"])
    assert hand == len(player_state(r, "A", b.last - 1)["hand"]) + 1


# -- what the action names is not there -------------------------------------------------------------


def test_a_play_of_a_card_not_in_the_hand_is_not_applied() -> None:
    b = at_turn_3("main").play("A", "A-1", to="front_line")  # A-1 is on the field
    r = b.replay(on_illegal="apply")
    assert_not_applied(r, b.last, "play", "could not be applied as played: A-1 is not in A's hand.")


def test_an_attack_by_a_character_not_in_the_front_line_is_not_applied() -> None:
    b = at_turn_3("attack").attack("A", "A-2")  # A-2 is in the deck
    r = b.replay(on_illegal="apply")
    why = "could not be applied as played: A-2 is not in A's front line."
    assert_not_applied(r, b.last, "attack", why)


def test_an_attack_on_a_target_that_is_not_there_is_not_applied() -> None:
    b = at_turn_3("attack").attack("A", "A-1", target="B-2")  # B-2 is in B's deck
    r = b.replay(on_illegal="apply")
    assert rules_broken(r, b.last) == ["UA-ATK-TARGET"]
    why = "could not be applied as played: B-2 is not in B's front line."
    assert_not_applied(r, b.last, "attack", why)


def test_an_attack_on_a_character_without_snipe_is_applied_as_played() -> None:
    b = at_turn_3("attack").attack("A", "A-1", target="B-1")
    r = b.replay(on_illegal="apply")
    assert rules_broken(r, b.last) == ["UA-ATK-TARGET"]
    assert r["steps"][b.last]["events"][0]["target"] == "B-1"


def test_a_block_by_a_card_not_in_the_front_line_is_not_applied() -> None:
    """Before, it was applied as "no block"; now the block is still awaited."""
    b = at_turn_3("attack").attack("A", "A-1").block("B", "B-2")
    r = b.replay(on_illegal="apply")
    why = "could not be applied as played: B-2 is not in B's front line."
    assert_not_applied(r, b.last, "block", why)
    assert r["steps"][b.last]["pending"][0]["kind"] == "block"


def test_a_resolve_naming_no_waiting_effect_is_not_applied() -> None:
    eager = free_character(
        "T-002", effects=[{"when": "on_play", "optional": True, "do": [{"op": "draw"}]}]
    )
    b = LogBuilder([eager]).setup().proceed("A").play("A", "T-002", to="front_line")
    b.act("A", "resolve", source="T-000")  # the waiting effect is A-1's
    b.act("A", "resolve", source="A-1", use=True)
    r = b.replay(on_illegal="apply")
    why = "could not be applied as played: T-000 has no effect waiting for A."
    assert_not_applied(r, b.last - 1, "resolve", why)
    assert verdict(r, b.last) == "legal"
