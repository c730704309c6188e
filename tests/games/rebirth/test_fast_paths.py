"""The Rebirth for you engine's shortcuts for speed give what the long way gives, in
self-played games (both activate_timing options): at every check of an action,
:func:`actions.check` (decisions()' answer written out where most actions are taken) and
:func:`actions.check_by_decisions` (the whole way) find the same violations and data, for the
action as recorded, by the other player and as a ``proceed``; and at every step
:meth:`RebirthEngine.pending` lists what decisions() says the rules wait for; and a member's
performances read in part (CardDef.member_performance) are those that work from a member."""

from __future__ import annotations

from typing import Any

import pytest

from judge.core.engine import Plan
from judge.core.replay import replay
from judge.core.selfplay import random_game
from judge.core.verdict import StepContext
from judge.games.rebirth import actions
from judge.games.rebirth.cards import CardDef
from judge.games.rebirth.engine import RebirthEngine
from judge.games.rebirth.sample import sample_envelope


def _said(plan: Plan) -> tuple[Any, ...]:
    return (
        plan.kind,
        [(v.rule, v.message) for v in plan.violations],
        plan.not_applicable,
        repr(sorted(plan.data.items())),
    )


@pytest.mark.parametrize("timing", ["main", "main_battle"])
def test_check_and_pending_are_the_long_way(monkeypatch: pytest.MonkeyPatch, timing: str) -> None:
    check, pending = RebirthEngine.check, RebirthEngine.pending
    assert check is actions.check  # the engine's own check is the handlers' (given a ctx)
    calls = {"check": 0, "pending": 0}

    def checked(eng: RebirthEngine, action: dict[str, Any], ctx: StepContext) -> Plan:
        calls["check"] += 1
        other = next(q for q in eng.state.order if q != action["p"])
        for act in (action, {**action, "p": other}, {"do": "proceed", "p": action["p"]}):
            long = actions.check_by_decisions(eng, Plan(act, act["do"]))
            assert _said(check(eng, act)) == _said(long)
        return check(eng, action, ctx)

    def listed(eng: RebirthEngine) -> list[dict[str, Any]]:
        out = pending(eng)
        if not eng.pool.items:
            calls["pending"] += 1
            assert out == [
                {
                    "player": who,
                    "kind": "|".join(kinds),
                    "text": f"{who or 'either player'}: {', '.join(kinds)}",
                }
                for who, kinds in eng.decisions()
            ]
        return out

    monkeypatch.setattr(RebirthEngine, "check", checked)
    monkeypatch.setattr(RebirthEngine, "pending", listed)
    for i in range(3):
        seed = f"fast-paths-{timing}-{i}"
        env = sample_envelope(seed)
        env["rule_options"] = {"activate_timing": timing}
        replay(random_game(env, seed, max_actions=150))
    assert calls["check"] > 100
    assert calls["pending"] > 100


def test_member_performance_is_the_performances_that_work_from_a_member() -> None:
    """stats.atk_def reads a member's CardDef.member_performance under performance_from's
    default, where the walk of all its performances passes over those whose ``where`` is not
    ``member`` (tests/games/rebirth/test_r4u_text_abilities.py: what they change)."""

    def perf(n: int, **where: str) -> dict[str, Any]:
        return {"when": "performance", "count": n, "do": [{"op": "mod", "atk": n}], **where}

    effects = [perf(1, where="member"), perf(2), perf(3, where="entry"), perf(4, where="member")]
    d = CardDef.from_dict({"code": "X", "name": "X", "type": "character", "effects": effects})
    every = d.effects_when("performance")
    assert every == tuple(effects)
    assert d.member_performance == (every[0], every[3])
    assert d.member_performance[0] is every[0]
