"""The ``resolve`` decision of a Z/X game: which waiting effect it names, the choices it
records (targets, squares, an optional effect not used), and resolving it; a handler of
:mod:`judge.games.zx.actions`' table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.engine import Plan
from judge.core.timing import check_order, choose_pending
from judge.games.zx import effects
from judge.games.zx.observed import hand_card, provisionally
from judge.games.zx.resolve import check_targets, missing_target, recorded_choices

if TYPE_CHECKING:
    from judge.games.zx.engine import ZXEngine


def check_resolve(eng: ZXEngine, plan: Plan) -> None:
    cands = eng.pool.candidates()
    pe = choose_pending(eng, plan, cands, "ZX-SIMULTANEOUS")
    if pe is None:
        return
    for rule, msg in recorded_choices(eng, pe, plan.action):  # issue 27
        plan.violate(rule, msg)
    if plan.action.get("use") is not False and effects.igob_op(pe.effect) is not None:
        from judge.games.zx.igob import check_igob

        for rule, msg in check_igob(
            eng, pe, list(plan.action.get("targets", [])), plan.action.get("to")
        ):
            plan.violate(rule, msg)
    elif plan.action.get("use") is not False and effects.appear_op(pe.effect) is not None:
        from judge.games.zx.appearing import check_appear

        targets = list(plan.action.get("targets", []))
        for rule, msg in check_appear(eng, pe, targets, plan.action.get("squares")):
            plan.violate(rule, msg)
    elif plan.action.get("use") is not False:
        targets = _hand_targets(eng, plan, pe)
        with provisionally(eng, plan.data.get("binds", [])):
            for rule, msg in check_targets(eng, pe, targets, plan.action.get("count")):
                plan.violate(rule, msg)
            why = missing_target(eng, pe, targets)
        if why is not None:
            plan.cannot_apply(why)
    check_order(eng, plan, pe, cands, "ZX-SIMULTANEOUS")


def _hand_targets(eng: ZXEngine, plan: Plan, pe: Any) -> list[Any]:
    """The ``resolve``'s targets; a Break's card B (a hand card) that is unknown in observed
    mode is bound to it (:mod:`judge.games.zx.observed`), and named by its instance."""
    targets = list(plan.action.get("targets", []))
    if effects.break_op(pe.effect) is None or len(targets) != 2 or eng.seeded:
        return targets
    b = targets[1]
    hand = eng.state.players[pe.controller].hand
    if isinstance(b, str) and (b in hand or None not in hand):
        return targets
    iid = hand_card(eng, plan, pe.controller, b, "ZX-BREAK")
    if iid is not None:
        targets[1] = iid
        plan.data["targets"] = targets
    return targets


def apply_resolve(eng: ZXEngine, plan: Plan) -> None:
    if plan.data.get("idle"):
        eng.ctx.ruling(
            "ZX-VOID-BRINGER",
            f"{plan.data['idle']} resolved by itself, doing nothing (its life condition did "
            "not hold): this resolve records the one way it went; nothing more happens.",
        )
        return
    pe = plan.data["pe"]
    if plan.data.get("order"):
        eng.pool.preferred = list(plan.data["order"])
    eng.pool.remove(pe)
    pe.context["count"] = plan.action.get("count")
    pe.context["to"] = plan.action.get("to")
    pe.context["squares"] = plan.action.get("squares")
    targets = plan.data.get("targets", plan.action.get("targets", []))
    eng.run_effect(pe, list(targets), plan.action.get("use"))
