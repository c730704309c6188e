"""The ``outcome`` action, the part both games share: which effect an outcome records, whether
its ops are possible, and what carrying it out settles.

Each game's ``outcome.py`` defines its primitive ops (an ``Ops`` runner: ``run(ops)``, then
``problems``, a list of ``(rule, message)``, and ``unsupported``, what it could not carry out
at this moment) and its ENGINE rule (``UA-OUTCOME``, ``RS-OUTCOME``); checking and applying an
outcome are the same in every game, here.  See ``docs/action-log.md`` ("Recorded outcomes").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from judge.core.engine import AgendaEngine, Plan


class OpsRunner(Protocol):
    """What a game's ops runner offers (see the module's docstring)."""

    problems: list[tuple[str, str]]
    unsupported: list[str]

    def run(self, ops: list[dict[str, Any]]) -> None: ...


#: ``runner(engine, acting player, path of the ops)``: a game's ops runner
RunnerFactory = Callable[[Any, str, str], OpsRunner]


def check_outcome(eng: AgendaEngine, plan: Plan, rule: str, runner: RunnerFactory) -> None:
    """Which effect the outcome records (``rule``) and whether its ops are possible, found by
    carrying them out on a copy of the game (:meth:`AgendaEngine.trial`)."""
    taint = eng.outcome_taint(plan, rule)
    if taint is None:
        return
    plan.data["taint"] = taint
    path = f"actions[{eng.ctx.index}].ops"
    ops = plan.action["ops"]

    def attempt() -> list[tuple[str, str]]:
        ops_run = runner(eng, plan.action["p"], path)
        ops_run.run(ops)
        return ops_run.problems

    for broken, message in eng.trial(attempt):
        plan.violate(broken, message)


def apply_outcome(eng: AgendaEngine, plan: Plan, rule: str, runner: RunnerFactory) -> None:
    """Carry out the ops (the possible ones, when applied as played); a legal outcome carried
    out in full clears its effect's taint, so the verdicts after it are decided again."""
    taint = plan.data["taint"]
    ops_run = runner(eng, plan.action["p"], f"actions[{eng.ctx.index}].ops")
    ops_run.run(plan.action["ops"])
    for why in ops_run.unsupported:
        eng.ctx.cannot_verify(why)
    eng.ctx.recorded = True
    if plan.violations or ops_run.unsupported:
        how = (
            "is illegal and was applied as played"
            if plan.violations
            else "was not carried out in full"
        )
        eng.ctx.ruling(
            rule,
            f"The outcome recorded for {taint.what} (step {taint.step}) {how}: what that "
            "effect did stays unknown to the engine, and the steps after it still depend on it.",
        )
        return
    eng.taints.remove(taint)
    eng.ctx.ruling(
        rule,
        f"Recorded, not checked against the card text: the outcome of {taint.what} (step "
        f"{taint.step}) as the log records it. The engine carried it out and found it possible; "
        "the steps after it no longer depend on that step.",
    )
