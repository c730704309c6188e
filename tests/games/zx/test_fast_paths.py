"""The Z/X engine's shortcuts for speed give what the long way gives: at every call of the
rule effects in self-played games (both battle damage options), the quick
look of :meth:`ZXEngine.rules` and the full pass (:meth:`ZXEngine.rules_in_full`), each on
its own copy of the game, return the same, leave the same state and pending effects, and
say the same events and rulings; and at every check of an action, :func:`actions.check`
(decisions()' answer written out) and :func:`actions.check_by_decisions` (the whole way) find
the same violations, data and rulings, for the action as recorded, by the other player and
as a ``proceed`` and a ``resolve``."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from judge.core.canonical import canonical_json
from judge.core.engine import AgendaEngine, Plan
from judge.core.replay import replay
from judge.core.selfplay import random_game
from judge.core.verdict import StepContext
from judge.games.zx import actions
from judge.games.zx.engine import ZXEngine
from judge.games.zx.sample import sample_envelope


def _run(eng: ZXEngine, how: Any) -> tuple[Any, str]:
    """``how(eng)`` on a copy of ``eng``'s game (state, pool, step): what it returned and
    what it left, in canonical JSON; ``eng`` is left as it was."""
    st = eng.state
    memo: dict[int, Any] = {id(x): x for x in (st.defs, st.code_of, st.owner_of)}
    saved = eng.state, eng.pool, eng.ctx
    eng.state, eng.pool, eng.ctx = copy.deepcopy(saved, memo)
    try:
        out = how(eng)
        ctx = eng.ctx
        left = {
            "snapshot": eng.snapshot(),
            "events": ctx.events,
            "rulings": ctx.rulings,
            "unverifiable": ctx.unverifiable,
        }
        return out, canonical_json(left)
    finally:
        eng.state, eng.pool, eng.ctx = saved


@pytest.mark.parametrize("battle", ["one_way", "both_ways"])
def test_rules_look_is_the_full_pass(monkeypatch: pytest.MonkeyPatch, battle: str) -> None:
    fast, full = ZXEngine.rules, ZXEngine.rules_in_full
    calls = {"all": 0, "full": 0}

    def checked(self: ZXEngine) -> bool:
        calls["all"] += 1
        a = _run(self, fast)
        b = _run(self, full)
        assert a == b
        calls["full"] += b[1] != _run(self, lambda e: False)[1]
        return fast(self)

    monkeypatch.setattr(ZXEngine, "rules", checked)
    monkeypatch.setattr(ZXEngine, "when_idle", checked)
    for i in range(3):
        seed = f"fast-paths-{battle}-{i}"
        env = sample_envelope(seed)
        env["rule_options"] = {"battle_damage": battle}
        replay(random_game(env, seed, max_actions=150))
    assert calls["all"] > 100
    assert calls["full"] > 0  # (some calls did something: destroyed, reloaded, …)


def _said(eng: ZXEngine, check: Any, act: dict[str, Any]) -> tuple[Any, ...]:
    """What ``check`` finds of ``act`` (with a step context of its own, the game's put back)."""
    saved = eng.ctx
    eng.ctx = StepContext(saved.index)
    try:
        plan = check(eng, act)
        return (
            plan.kind,
            [(v.rule, v.message) for v in plan.violations],
            plan.not_applicable,
            repr(sorted(plan.data.items())),
            eng.ctx.rulings,
            eng.ctx.events,
        )
    finally:
        eng.ctx = saved


@pytest.mark.parametrize("battle", ["one_way", "both_ways"])
def test_check_is_the_long_way(monkeypatch: pytest.MonkeyPatch, battle: str) -> None:
    check = actions.check
    calls = {"check": 0, "kinds": set()}

    def checked(eng: ZXEngine, action: dict[str, Any]) -> Plan:
        calls["check"] += 1
        calls["kinds"].add(action["do"])
        other = next(q for q in eng.state.order if q != action["p"])
        for act in (
            action,
            {**action, "p": other},
            {"do": "proceed", "p": action["p"]},
            {"do": "resolve", "p": action["p"], "source": "A-1"},
        ):
            long = _said(eng, lambda e, a: actions.check_by_decisions(e, Plan(a, a["do"])), act)
            assert _said(eng, check, act) == long
        return check(eng, action)

    monkeypatch.setattr(actions, "check", checked)
    # (the engine's own check is actions.check itself, bound: the core's calls the handlers')
    monkeypatch.setattr(ZXEngine, "check", AgendaEngine.check)
    for i in range(3):
        seed = f"fast-paths-{battle}-{i}"
        env = sample_envelope(seed)
        env["rule_options"] = {"battle_damage": battle}
        replay(random_game(env, seed, max_actions=150))
    assert calls["check"] > 100
    # (the three ways through: a phase's, a wait's, an effect's)
    assert {"play", "attack", "resolve", "pick_life"} <= calls["kinds"]


def test_fire_skips_only_cards_without_effects_of_the_trigger(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """:meth:`Moves.fire` returns at once when the card has no effect of the ``when``
    (``CardDef.whens``) and no shift card: then the long way (:meth:`Moves.effects_of`, the
    shift's effects included) finds none of that ``when`` either."""
    fire = ZXEngine.fire
    calls = {"all": 0, "skipped": 0, "found": 0}

    def fired(self: ZXEngine, iid: str, when: str, pid: str, **context: Any) -> None:
        st = self.state
        d = st.card(iid)
        assert d.whens == {e.get("when") for e in d.effects}
        z = st.on_field.get(iid)
        skipped = when not in d.whens and (z is None or z.shift is None)
        found = [e for _, e in self.effects_of(iid) if e.get("when") == when]
        assert not (skipped and found)
        calls["all"] += 1
        calls["skipped"] += skipped
        calls["found"] += bool(found)
        fire(self, iid, when, pid, **context)

    monkeypatch.setattr(ZXEngine, "fire", fired)
    for i in range(3):
        seed = f"fast-paths-fire-{i}"
        replay(random_game(sample_envelope(seed), seed, max_actions=150))
    assert calls["skipped"] > 50
    assert calls["found"] > 0


def test_written_out_events_and_rulings_are_the_cores() -> None:
    """The engine's busiest steps append their events and rulings to the step themselves, as
    :meth:`AgendaEngine.event` and :meth:`StepContext.ruling` append them (the same keys in
    the same order): those two still make them so, and the engine does not override them."""
    from judge.core.engine import AgendaEngine

    assert ZXEngine.event is AgendaEngine.event
    ctx = StepContext(0)
    ctx.ruling("ZX-TURN", "a message")
    assert ctx.rulings == [{"rule": "ZX-TURN", "message": "a message"}]
    assert list(ctx.rulings[0]) == ["rule", "message"]

    class _Engine:
        pass

    eng = _Engine()
    eng.ctx = ctx  # type: ignore[attr-defined]
    AgendaEngine.event(eng, "draw", "A draws.", player="A", cards=["A-1"])  # type: ignore[arg-type]
    assert ctx.events == [{"player": "A", "cards": ["A-1"], "type": "draw", "text": "A draws."}]
    assert list(ctx.events[0]) == ["player", "cards", "type", "text"]


def test_facing_is_each_players_opponent_and_its_player_square() -> None:
    """``ZXEngine.facing`` (a play's square, an attack and its battle read it) gives what
    ``state.opponent`` and ``GRID.player_square`` of the opponent's seat give."""
    from judge.core.replay import position
    from judge.games.zx.geometry import GRID

    for i in range(3):
        seed = f"fast-paths-facing-{i}"
        eng = position(random_game(sample_envelope(seed), seed, max_actions=40))
        assert isinstance(eng, ZXEngine)
        st = eng.state
        assert set(eng.facing) == set(st.order)
        for pid in st.order:
            opp = st.opponent(pid)
            assert eng.facing[pid] == (opp, GRID.player_square(st.players[opp].seat))


@pytest.mark.parametrize("battle", ["one_way", "both_ways"])
def test_pending_is_the_decisions(monkeypatch: pytest.MonkeyPatch, battle: str) -> None:
    """At every step with no effect waiting, :meth:`ZXEngine.pending` (found by the phase and
    the turn player, or by a wait and its player, once made) lists what decisions() says the
    rules wait for (a reveal's entry, which names the card, aside)."""
    pending = ZXEngine.pending
    calls = {"pending": 0, "waits": 0}

    def listed(eng: ZXEngine) -> list[dict[str, Any]]:
        out = pending(eng)
        agenda = eng.state.agenda
        if not eng.pool.items and not (agenda and agenda[0][0] == "wait_reveal"):
            calls["pending"] += 1
            calls["waits"] += bool(agenda)
            assert out == [
                {
                    "player": who,
                    "kind": "|".join(kinds),
                    "text": f"{who or 'the rock-paper-scissors winner'}: {', '.join(kinds)}",
                }
                for who, kinds in eng.decisions()
            ]
        return out

    monkeypatch.setattr(ZXEngine, "pending", listed)
    for i in range(3):
        seed = f"fast-paths-pending-{battle}-{i}"
        env = sample_envelope(seed)
        env["rule_options"] = {"battle_damage": battle}
        replay(random_game(env, seed, max_actions=150))
    assert calls["pending"] > 100
    assert calls["waits"] > 10


def test_names_memo_is_name() -> None:
    """The busiest steps read :meth:`AgendaEngine.name`'s memo (``_names``) themselves before
    asking it: every name it holds is the one ``name`` makes, never empty."""
    from judge.core.replay import position

    for i in range(3):
        seed = f"fast-paths-names-{i}"
        eng = position(random_game(sample_envelope(seed), seed, max_actions=150))
        assert isinstance(eng, ZXEngine)
        assert len(eng._names) > 20
        for iid, named in eng._names.items():
            assert named
            if iid is not None:
                assert named == f"{iid} ({eng.state.card(iid).name})"


def test_checks_plan_is_the_class_call() -> None:
    """:func:`actions.check` makes each action's plan without the class's call: it sets every
    field of :class:`Plan` as ``Plan(action, kind)`` does (a concede, which it leaves as
    made)."""
    from judge.core.replay import position

    seed = "fast-paths-plan"
    eng = position(random_game(sample_envelope(seed), seed, max_actions=5))
    assert isinstance(eng, ZXEngine)
    action = {"do": "concede", "p": eng.state.order[0]}
    made, called = actions.check(eng, action), Plan(action, "concede")
    fields = Plan.__slots__
    assert set(fields) == {"action", "kind", "violations", "data", "not_applicable"}
    for name in fields:
        assert getattr(made, name) == getattr(called, name), name
    assert made.action is action
    other = actions.check(eng, action)
    assert other.violations is not made.violations and other.data is not made.data
