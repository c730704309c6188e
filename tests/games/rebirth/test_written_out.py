"""The Rebirth engine's written-out runner's interface gives what the core's gives: the same
replays, byte for byte, of self-played games (both activate_timing options) and of copies
with actions dropped and swapped (illegal steps, skipped and applied as played, and the
decisions the engine takes itself), with :class:`RebirthEngine`'s own ``fill_missing``,
``check`` and ``apply`` (the handlers', given the step's context), ``name``, ``draw_cards`` (AgendaEngine.draw written out),
``after_phase``, ``settle_now`` and ``enter_now`` (a step run at once, not from the agenda), and with their long ways: the core's methods
(:class:`~judge.core.engine.AgendaEngine`'s, which call the handlers) and the engine's own
as they were before being written out.

Why a test: each of those is the long way written out, a call or a step of the agenda less
each action; a change to the core's that they did not follow would show here."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from judge.core.engine import AgendaEngine, Plan
from judge.core.replay import position
from judge.core.selfplay import random_game
from judge.core.verdict import StepContext
from judge.games.rebirth import actions
from judge.games.rebirth.engine import RebirthEngine
from judge.games.rebirth.sample import sample_envelope
from judge.games.rebirth.state import Attack
from tests.written_out import full_replays, games_and_damaged_copies


def _draw_cards(self: RebirthEngine, pid: str, n: int, why: str = "") -> None:
    """RebirthEngine.draw_cards the long way: through AgendaEngine.draw."""
    ps = self.state.players[pid]
    for _ in range(n):
        if not ps.deck and not self.refresh(pid):
            self.out_of_cards(pid, "draw")
            return
        self.draw(pid, 1, why)
    if not ps.deck:
        self.refresh(pid)


def _after_phase(self: RebirthEngine, phase: str) -> None:
    """RebirthEngine.after_phase the long way: the next step put on the agenda."""
    st = self.state
    if phase == "energy":
        self.push(("phase", {"phase": "main"}))
    elif phase == "main":
        if st.turn == 1:
            self.ctx.ruling(
                "R4U-BATTLE",
                f"{st.turn_player} went first: its first turn has no battle phase.",
            )
            self.push(("end_phase", {}))
        else:
            self.push(("phase", {"phase": "battle"}))
    else:
        self.push(("end_phase", {}))


def _settle_now(self: RebirthEngine) -> None:
    """RebirthEngine.settle_now the long way: the settling put on the agenda."""
    self.push(("settle", {}))


def _enter_now(self: RebirthEngine, pid: str, skip: tuple[str, ...] | list[str]) -> None:
    """RebirthEngine.enter_now the long way: the entry-in and the settling put on the agenda."""
    self.push(
        *self.reveal_top(pid), ("entry_in", {"player": pid}), ("settle", {"skip": list(skip)})
    )


#: the engine's methods written out, each with its long way
LONG_WAYS: dict[str, Any] = {
    "fill_missing": AgendaEngine.fill_missing,
    "check": AgendaEngine.check,
    "apply": AgendaEngine.apply,
    "name": AgendaEngine.name,
    "draw_cards": _draw_cards,
    "after_phase": _after_phase,
    "settle_now": _settle_now,
    "enter_now": _enter_now,
}


def _logs() -> list[dict[str, Any]]:
    return games_and_damaged_copies(
        [
            (seed, {**sample_envelope(seed), "rule_options": {"activate_timing": timing}})
            for timing in ("main", "main_battle")
            for seed in (f"written-out-{timing}-{i}" for i in range(3))
        ]
    )


def test_written_out_runner_is_the_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    assert RebirthEngine.when_idle is AgendaEngine.when_idle  # (the core's runner skips it)
    logs = _logs()
    fast = full_replays(logs)
    for name, long_way in LONG_WAYS.items():
        assert getattr(RebirthEngine, name) is not long_way, name
        monkeypatch.setattr(RebirthEngine, name, long_way)
    assert full_replays(logs) == fast


def test_the_checks_plan_is_a_plans() -> None:
    """actions.check makes its Plan field by field (Plan(action, kind) written out): every
    field the class has is set, each as Plan(action, kind) sets it (a field added to Plan and
    not here would fail: a slot never set cannot be read)."""
    doc = random_game(sample_envelope("written-out-plan"), "written-out-plan", max_actions=40)
    eng = position(doc)
    for action in ({"do": "proceed", "p": p} for p in eng.state.order):
        plan = actions.check(eng, action)
        fresh = Plan(action, "proceed")
        fields = [f.name for f in dataclasses.fields(Plan)]
        assert set(fields) == set(Plan.__slots__)
        if not plan.violations:  # (proceed's check adds nothing to a legal one)
            assert {f: getattr(plan, f) for f in fields} == {f: getattr(fresh, f) for f in fields}
        else:
            assert (plan.action, plan.data) == (fresh.action, fresh.data)


def test_events_and_rulings_are_made_as_written_out() -> None:
    """The engine and its handlers append events and rulings themselves on the common paths
    (judge.games.rebirth.engine's docstring): as Engine.event and StepContext.ruling make
    them, which this pins (a change to those would fail here, not leave the copies stale)."""
    eng = position(random_game(sample_envelope("written-out-ev"), "written-out-ev", 10))
    eng.ctx = StepContext(0)
    eng.event("proceed", "A ends the main phase.", player="A", phase="main")
    eng.ctx.ruling("R4U-PLAY", "A paid.")
    assert [list(e.items()) for e in eng.ctx.events] == [
        [
            ("player", "A"),
            ("phase", "main"),
            ("type", "proceed"),
            ("text", "A ends the main phase."),
        ]
    ]
    assert [list(r.items()) for r in eng.ctx.rulings] == [
        [("rule", "R4U-PLAY"), ("message", "A paid.")]
    ]
    iid = eng.state.players[eng.state.order[0]].hand[0]
    assert eng.name(iid) == eng._names[iid] == f"{iid} ({eng.state.card(iid).name})"


def test_the_attacks_attack_is_an_attacks() -> None:
    """battle.apply_attack makes its Attack field by field (the class's call written out):
    every field the class has is set, each as Attack(...) with the same values sets it (a field
    added to Attack and not there would fail: a slot never set cannot be read)."""
    doc = random_game(sample_envelope("written-out-atk"), "written-out-atk", max_actions=150)
    ks = [k for k, act in enumerate(doc["actions"]) if act["do"] == "attack"]
    assert ks
    for k in ks[:5]:
        a = position(dict(doc, actions=doc["actions"][: k + 1])).state.attack
        assert a is not None
        fields = [f.name for f in dataclasses.fields(Attack)]
        assert set(fields) == set(Attack.__slots__)
        made = Attack(
            a.attacker,
            a.player,
            a.defender,
            a.partner,
            number=a.number,
            entry=a.entry,
            entry_number=a.entry_number,
        )
        made.mods.extend(a.mods)
        assert {f: getattr(a, f) for f in fields} == {f: getattr(made, f) for f in fields}
