"""Decisions with no choice: taken by the engine, and still recordable as their one way.

The log contract has the defender record ``block: null`` even when nothing could block: a
decision the rules leave exactly one way is still a decision.  So, in every game (rule
``<game>-FORCED-DECISION``, ``docs/action-log.md``, "Decisions with no choice"), such a decision
**may be recorded, as that one way, or left out**; both are legal and verifiable and give the
same state and the same verdicts for the rest of the log, and a record of any other way is
illegal.

A decision comes with no choice in two ways:

- the rules **wait** for it (the engine's agenda has a ``wait_…`` step), but only one answer is
  possible (a block when nothing can block): the game's own ``check`` judges a record of it, and
  its ``fill_missing`` fills in the one way, verifiable, when the log leaves it out;
- the engine **takes it itself**, without waiting (tag battle: only one player of the team can
  take the damage): the game declares it with :meth:`AgendaEngine.take_forced
  <judge.core.engine.AgendaEngine.take_forced>` where it takes it, and this module judges a
  record of it: the same way (the fields the declaration gives) is legal and changes nothing;
  any other way is illegal under the decision's own rule and is not carried out.

A record of a decision the engine took may carry, beside its one way, fields that are not part
of the decision but that the contract lets that kind carry (Z/X observed mode: a ``pick_life``
may name the picked card with ``reveal``, ZX-LOG-REVEAL).  The game declares them with the
decision (``extras``, and the functions that judge and apply them); the record is then the one
way *plus* those fields: it is judged as the one way, and the extra fields as the game judges
them anywhere (an impossible ``reveal`` is illegal under its own rule), and applied.

Where a record of a decision the engine took may come: right after the step at which it was
taken, before the next decision is recorded (an ``outcome``, not a decision, does not end that
time); several taken at one step may be recorded in the order they were taken, each leaving
out the ones before it.  A record of a kind the rules now wait for answers that wait instead
(the decision taken before it is then left out).

Why not in the effect pool or the agenda: a decision with no choice changes nothing when it is
recorded, so it is kept beside the state (like the engine's taints), never in it: a snapshot,
and so ``state_sha256``, is the same whether the log records it or not.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from judge.core.engine import Plan

if TYPE_CHECKING:
    from judge.core.engine import AgendaEngine

#: the fields of an action that are not the decision itself
NOT_THE_DECISION = ("p", "do", "note")


@dataclass(frozen=True, slots=True)
class Forced:
    """A decision the engine took itself because the rules leave it exactly one way."""

    #: who may record it (any one of them: a team's choice, either player of the team)
    players: tuple[str, ...]
    #: the action kind that records it
    kind: str
    #: the one way: every field of a record of it but ``p``, ``do`` and ``note``
    fields: Mapping[str, Any]
    #: the game's rule that leaves it one way (cited when a record names another way)
    rule: str
    #: why it has one way, in words, as a clause ("only B1 of team B can take the damage")
    why: str
    #: the step at which the engine took it
    step: int
    #: fields a record may carry beside the one way (not part of the decision: ``reveal``)
    extras: tuple[str, ...] = ()
    #: ``judge_extras(eng, plan, values)``: judge the extra fields a record carries (it may
    #: violate the game's own rules for them, and note in ``plan.data`` what to apply)
    judge_extras: Callable[[AgendaEngine, Plan, dict[str, Any]], None] | None = None
    #: ``apply_extras(eng, plan)``: carry out the extra fields judged legal
    apply_extras: Callable[[AgendaEngine, Plan], None] | None = None
    #: what the game needs to judge the extras (the card the decision took, ...)
    context: Mapping[str, Any] = field(default_factory=dict)

    def way(self) -> str:
        """The one way, as a record gives it (``to B1``)."""
        return ", ".join(f"{k} {_text(v)}" for k, v in self.fields.items()) or "no fields"


def _text(value: Any) -> str:
    return "null" if value is None else str(value)


def recorded(eng: AgendaEngine, action: dict[str, Any]) -> int | None:
    """The index in ``eng.forced`` of the decision ``action`` records, or None: the first
    taken decision of the action's kind that its player may record, unless the rules now wait
    for a decision of that kind (the action answers that wait)."""
    kind = action.get("do")
    if not eng.forced or eng.waits_for_kind(kind):
        return None
    for k, f in enumerate(eng.forced):
        if f.kind == kind and action.get("p") in f.players:
            return k
    return None


def check(eng: AgendaEngine, action: dict[str, Any], k: int) -> Plan:
    """Judge a record of the decision ``eng.forced[k]``: legal as its one way (the plan's
    ``data["forced"]`` is ``k``), else illegal under its rule, not carried out."""
    f = eng.forced[k]
    plan = Plan(action, action["do"])
    given = {key: v for key, v in action.items() if key not in NOT_THE_DECISION}
    extra = {key: v for key, v in given.items() if key in f.extras and key not in f.fields}
    if {key: v for key, v in given.items() if key not in extra} == dict(f.fields):
        plan.data["forced"] = k
        if extra and f.judge_extras is not None:
            plan.data["forced_extras"] = sorted(extra)
            f.judge_extras(eng, plan, extra)
        return plan
    said = ", ".join(f"{key} {_text(v)}" for key, v in given.items()) or "no fields"
    plan.violate(
        f.rule,
        f"{f.why}: the rules leave this `{f.kind}` one way ({f.way()}), which the engine took at "
        f"step {f.step}; the log records {said}.",
    )
    plan.cannot_apply(f"the rules left this `{f.kind}` one way ({f.way()})")
    return plan


def apply(eng: AgendaEngine, plan: Plan) -> None:
    """A record of a decision the engine took: nothing changes; the ones taken before it that
    the log left out are left out for good."""
    k = plan.data["forced"]
    f = eng.forced[k]
    del eng.forced[: k + 1]
    rule = eng.FORCED_RULE or f.rule
    extras = plan.data.get("forced_extras")
    also = (
        f" (its {', '.join(f'`{x}`' for x in extras)} is judged and applied as the game's own)"
        if extras
        else ", it changes nothing"
    )
    eng.ctx.ruling(
        rule,
        f"{f.why}: this `{f.kind}` has one way ({f.way()}), which the engine took at step "
        f"{f.step}; recorded as that way{also} (it may also be left out).",
    )
    if extras and f.apply_extras is not None:
        f.apply_extras(eng, plan)
        eng.advance()
