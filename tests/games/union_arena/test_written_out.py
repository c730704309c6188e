"""The Union Arena engine's written-out runner's interface gives what the core's gives: the
same replays, byte for byte, of self-played games and of copies with actions dropped and
swapped (illegal steps, skipped and applied as played, and the decisions the engine takes
itself), with :class:`UnionArenaEngine`'s own ``fill_missing``, ``check`` and ``apply`` (the
handlers', given the step's context) and with their long ways: the core's methods
(:class:`~judge.core.engine.AgendaEngine`'s, which call the handlers).

Why a test: each of those is the long way written out, a call an action less each; a change
to the core's that they did not follow would show here."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from judge.core.engine import AgendaEngine, Plan
from judge.core.replay import position
from judge.core.selfplay import random_game
from judge.core.verdict import StepContext
from judge.games.union_arena import actions, end_phase
from judge.games.union_arena.engine import UnionArenaEngine
from judge.games.union_arena.sample import sample_envelope
from tests.written_out import full_replays, games_and_damaged_copies

#: the engine's methods written out, each with its long way
LONG_WAYS: dict[str, Any] = {
    "fill_missing": AgendaEngine.fill_missing,
    "check": AgendaEngine.check,
    "apply": AgendaEngine.apply,
}


def _logs() -> list[dict[str, Any]]:
    return games_and_damaged_copies(
        [(seed, sample_envelope(seed)) for seed in (f"ua-written-out-{i}" for i in range(4))]
    )


def test_written_out_runner_is_the_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    assert UnionArenaEngine.when_idle is AgendaEngine.when_idle  # (apply skips advance)
    logs = _logs()
    fast = full_replays(logs)
    for name, long_way in LONG_WAYS.items():
        assert getattr(UnionArenaEngine, name) is not long_way, name
        monkeypatch.setattr(UnionArenaEngine, name, long_way)
    assert full_replays(logs) == fast


def test_end_phase_steps_at_once_are_the_agendas(monkeypatch: pytest.MonkeyPatch) -> None:
    """The end phase's steps (and the end phase after a proceed from the attack phase) run at
    once give the same replays as pushed on the agenda and run from it."""
    logs = _logs()
    fast = full_replays(logs)
    monkeypatch.setattr(end_phase, "AT_ONCE", False)
    assert full_replays(logs) == fast


def test_the_checks_plan_is_a_plans() -> None:
    """actions.check makes its Plan field by field (Plan(action, kind) written out): every
    field the class has is set, each as Plan(action, kind) sets it (a field added to Plan and
    not here would fail: a slot never set cannot be read)."""
    doc = random_game(sample_envelope("ua-written-plan"), "ua-written-plan", max_actions=40)
    eng = position(doc)
    fields = [f.name for f in dataclasses.fields(Plan)]
    assert set(fields) == set(Plan.__slots__)
    for action in ({"do": "proceed", "p": p} for p in eng.state.order):
        plan = actions.check(eng, action)
        fresh = Plan(action, "proceed")
        if not plan.violations:  # (proceed's check adds nothing to a legal one)
            assert {f: getattr(plan, f) for f in fields} == {f: getattr(fresh, f) for f in fields}
        else:
            assert (plan.action, plan.data) == (fresh.action, fresh.data)


def test_events_are_made_as_written_out() -> None:
    """The handlers append the commonest events themselves (apply_proceed, pay_ap, the turn's
    start and end, a play, an attack, a block) in the form Engine.event makes, and read the
    name memo before asking ``name``: this pins that form and that memo (a change to either
    would fail here, not leave the copies stale)."""
    eng = position(random_game(sample_envelope("ua-written-ev"), "ua-written-ev", 10))
    eng.ctx = StepContext(0)
    eng.event("phase", "A ends the main phase.", player="A", n=2)
    assert [list(e.items()) for e in eng.ctx.events] == [
        [("player", "A"), ("n", 2), ("type", "phase"), ("text", "A ends the main phase.")]
    ]
    iid = eng.state.players[eng.state.order[0]].hand[0]
    assert eng.name(iid) == eng._names[iid] == f"{iid} ({eng.state.card(iid).name})"
