"""A spark whose cost is printed "by doing so" (「あなたは…選び、控え室に置くことで、…」), R4U-TEXT-BY-DOING:
its first op is the cost (a target op: the cards it takes), the others happen only when it is
paid.  Read as optional (``optional`` and ``by_doing``): under the rule option ``by_doing``
``may`` (the default) the player may decline it; under ``must`` it is paid whenever it can be.
It can be paid only in full: as many fitting cards as the cost names.  A member's ability when
it supports has its own costs (:mod:`judge.games.rebirth.on_support`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.games.rebirth import resolve
from judge.games.rebirth.during import target_count

if TYPE_CHECKING:
    from judge.core.engine import Plan
    from judge.core.timing import PendingEffect
    from judge.games.rebirth.engine import RebirthEngine

RULE = "R4U-TEXT-BY-DOING"


def payable(eng: RebirthEngine, pe: PendingEffect) -> bool:
    """Whether the cost (the first op) can be paid in full now."""
    cost = pe.effect["do"][0]
    retire = len(eng.state.players[pe.controller].retire)
    return len(resolve.fitting(eng, pe.controller, cost)) >= target_count(cost, retire)


def check(eng: RebirthEngine, plan: Plan, pe: PendingEffect) -> None:
    """A spark's "by doing so" cost declined (under ``must``) or used when it cannot be paid."""
    if pe.effect.get("when") == "on_support" or not pe.effect.get("by_doing"):
        return
    can = payable(eng, pe)
    if plan.action.get("use") is False:
        if can and eng.options.get("by_doing", "may") == "must":
            plan.violate(
                RULE,
                f"{pe.describe()}: its cost can be paid, and under rule option by_doing must "
                "it is paid (use false is not possible).",
            )
        return
    if not can:
        plan.violate(
            RULE,
            f"{pe.describe()}: its cost cannot be paid in full, so the effect cannot be used "
            "(use false).",
        )
