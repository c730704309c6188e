"""Paying a Z/X card's cost (ZX-COST): which rebooted resources a play sleeps, and sleeping
them; for a card played from the hand (:mod:`judge.games.zx.actions`) or the dynamis
(:mod:`judge.games.zx.ex`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.engine import Plan
from judge.core.wording import plural
from judge.games.zx.refs import find
from judge.games.zx.state import Resource

if TYPE_CHECKING:
    from judge.games.zx.engine import ZXEngine


def payment(eng: ZXEngine, plan: Plan, p: str, cost: int, color: str) -> list[Resource] | None:
    """ZX-COST: ``cost`` rebooted resources to sleep, one of the card's colour among them
    (rule option ``color_requirement``); ``pay`` names them, else the engine takes the first
    fitting ones in zone order."""
    resources = eng.state.players[p].resources
    need_color = cost > 0 and color != "colorless" and eng.options["color_requirement"]
    given = plan.action.get("pay")
    if given is not None:
        res = [r for r in resources if not r.sleeping]
        chosen = []
        for ref in given:
            iid = find(eng, ref, [r.card for r in res if r not in chosen])
            if iid is None:
                plan.violate("ZX-COST", f"{ref} is not a rebooted resource of {p}.")
                return None
            chosen.append(next(r for r in res if r.card == iid))
        if len(chosen) != cost:
            plan.violate(
                "ZX-COST", f"The cost is {cost}; the play sleeps {plural(len(chosen), 'resource')}."
            )
            return None
    else:
        # the first ``cost`` rebooted resources and the first of the colour, in zone order:
        # the resource zone only grows, so it is read only as far as the choice needs
        rebooted: list[Resource] = []
        colored = None
        defs, code_of = eng.state.defs, eng.state.code_of  # (``card``, written out)
        for r in resources:
            if r.sleeping:
                continue
            if need_color and colored is None and defs[code_of[r.card]].color == color:
                colored = r
            if len(rebooted) < cost:
                rebooted.append(r)
            if len(rebooted) >= cost and (colored is not None or not need_color):
                break
        if len(rebooted) < cost:  # every rebooted resource was read: they are all here
            plan.violate(
                "ZX-COST",
                f"The cost is {cost}; {p} has {plural(len(rebooted), 'rebooted resource')}.",
            )
            return None
        # (the test of the colour below, written out: the loop stops early only with one of
        # the colour, so without one it read every rebooted resource and none was; and
        # ``r is not colored`` for ``r not in [colored]``: the resources are distinct, with
        # distinct serials, so ``==``, a dataclass's ``__eq__`` call, is ``is``)
        if colored is None:
            if need_color:
                plan.violate(
                    "ZX-COST", f"The resources slept for a {color} card include no {color} card."
                )
                return None
            return rebooted
        if rebooted[0] is colored:  # (the first is of the colour: the list below is this one)
            return rebooted
        return [colored] + [r for r in rebooted if r is not colored][: cost - 1]
    if need_color and not any(eng.state.card(r.card).color == color for r in chosen):
        plan.violate("ZX-COST", f"The resources slept for a {color} card include no {color} card.")
        return None
    return chosen


def pay_cost(eng: ZXEngine, p: str, iid: str, pay: list[Any]) -> None:
    """ZX-COST: ``p`` sleeps the resources ``pay`` (chosen when the play was checked) to pay
    ``iid``'s cost, and the step says so: a card played from the hand or the dynamis."""
    for r in pay:
        r.sleeping = True
    if pay:
        st = eng.state
        eng.ctx.rulings.append(  # (``ctx.ruling``, written out)
            {
                "rule": "ZX-COST",
                "message": f"{p} sleeps {plural(len(pay), 'resource')} to pay "
                f"{eng._names.get(iid) or eng.name(iid)}'s cost "  # (``name``'s memo first)
                f"{st.defs[st.code_of[iid]].cost}.",  # (``st.card``)
            }
        )
