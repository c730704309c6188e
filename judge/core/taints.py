"""Effects the engine neither executed nor recorded: taints, and the outcomes that record them.

An effect whose card text the engine cannot execute (or whose choices the log left out) still
resolves in the game; from then on the engine's state may differ from the game's.  The engine
notes a :class:`Taint` for it instead of guessing, every later verdict that could depend on it
says so (``uncertain``), and an ``outcome`` recorded right after that step clears it.

Why a module of its own, apart from :mod:`judge.core.engine`: taints are one concept (what the
engine does not know, and how the log tells it) that the runner (``Engine.depends_on``), the
game engines (``taint_effect``) and the ``outcome`` handlers (``outcome_taint``) share; the
engine's contract module keeps the flow of a game (check, apply, the agenda).  The runner's
side (``depends_on``, ``recordable``) stays on :class:`~judge.core.engine.Engine`, the
contract every engine fulfils; what builds taints is the mixin :class:`OutcomeTaints`, which
:class:`~judge.core.engine.AgendaEngine` inherits.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from judge.core.refs import is_instance, ref_code, ref_text

if TYPE_CHECKING:
    from judge.core.engine import Plan
    from judge.core.verdict import StepContext


#: A taint's scope: what an effect that was neither executed nor recorded could have changed.
#: ``anything``: all of the state (every later verdict depends on it).
SCOPE_ANYTHING = "anything"
#: ``bp``: only BP, where BP changes nothing else (Union Arena: a raise, since a lowered BP
#: can retire a character); verdicts that compare BP depend on it
#: (:meth:`~judge.core.verdict.StepContext.read` ``"bp"``).
SCOPE_BP = "bp"


@dataclass(slots=True, frozen=True)
class Taint:
    """An effect that resolved at step ``step`` but was neither executed by the engine nor
    recorded by an ``outcome``: from then on the engine's state may differ from the game's.

    ``source`` and ``controller`` are the effect's card (instance id) and player; ``what`` names
    it in words; ``rule`` is the game's rule for card text it cannot execute (cited on the
    steps that depend on it).  ``scope`` says what the effect could have changed, so that only
    the verdicts that read it depend on it: ``anything`` (every later verdict: all the engine
    knows of text it cannot read) or ``bp`` (verdicts that compare BP).  A reader of printed
    text that recognises part of an effect narrows the scope by writing what it recognised as
    ops: the game's effect vocabulary derives the scope from them (``effects.scope``).  A new
    scope is a new aspect the steps that read it declare with ``StepContext.read``.

    Why a list of taints rather than one flag "the state may be wrong": each later verdict
    names exactly the steps it rests on, a recorded outcome clears exactly its own effect's
    taint, and a narrow scope keeps the verdicts it cannot touch decided.
    """

    step: int
    source: str
    controller: str
    what: str
    rule: str
    scope: str = SCOPE_ANYTHING
    #: the order the engine noted taints in (the effects of one step, in resolution order)
    seq: int = 0

    def touches(self, reads: Collection[str]) -> bool:
        """Whether a verdict that read ``reads`` may depend on this effect."""
        return self.scope == SCOPE_ANYTHING or self.scope in reads


class OutcomeTaints:
    """What an agenda engine does with taints: note one for an effect it did not execute,
    and find the one an ``outcome`` records.  Mixed into
    :class:`~judge.core.engine.AgendaEngine`, whose attributes it uses (``taints``,
    ``taint_seq``, ``state``, ``ctx``, ``log``, ``name``, ``recordable``)."""

    taints: list[Taint]
    taint_seq: int
    state: Any
    ctx: StepContext
    log: Any

    if TYPE_CHECKING:  # defined by the engine classes this is mixed into

        def name(self, iid: str | None) -> str: ...

        def recordable(self, index: int) -> list[Taint]: ...

    def taint_effect(self, pe: Any, rule: str, scope: str = SCOPE_ANYTHING) -> None:
        """Note that pending effect ``pe`` resolved without being executed (its game's
        ``rule`` for card text it cannot execute): a :class:`Taint` of the step being judged."""
        what = f"{self.name(pe.source)}'s {pe.trigger.replace('_', ' ')} effect"
        self.taint_seq += 1
        self.taints.append(
            Taint(self.ctx.index, pe.source, pe.controller, what, rule, scope, self.taint_seq)
        )

    def not_guessed(self, pe: Any, rule: str, why: str, then: str) -> None:
        """A choice the log does not record and the rules leave open (``why``, in words) is not
        guessed: the game's ``rule`` says so and what follows (``then``), the step is
        unverifiable and ``pe`` is noted as not executed (:meth:`taint_effect`) until an
        ``outcome`` records what it did."""
        self.ctx.ruling(rule, f"{why[0].upper()}{why[1:]}: the engine does not guess it, so {then}")
        self.ctx.cannot_verify(why)
        self.taint_effect(pe, rule)

    def outcome_taint(self, plan: Plan, rule: str) -> Taint | None:
        """The taint an ``outcome`` action (``plan``) records, or None: the violation of the
        game's outcome ``rule`` is noted and the plan declared not applicable.

        The ``source`` names the effect's card (an instance id, or a code for any copy); the
        first open taint of that card the outcome may record (:meth:`Engine.recordable`) is
        meant.  The effect's controller records its outcome (another player's outcome is a
        violation, applied as played)."""
        action = plan.action
        ref, p = action["source"], action["p"]
        st = self.state
        index = self.ctx.index
        open_ = self.recordable(index)
        for t in open_:
            if (
                ref == t.source
                if is_instance(st, ref)
                else ref_code(st, ref) == st.code_of[t.source]
            ):
                if p != t.controller:
                    plan.violate(
                        rule,
                        f"{t.what} is {t.controller}'s: {t.controller} records its outcome, "
                        f"not {p}.",
                    )
                return t
        actions = self.log.document["actions"]
        before = index - 1
        while before >= 0 and actions[before].get("do") == "outcome":
            before -= 1
        head = (
            "An outcome records what an effect the engine could not execute did, right after "
            "the step at which that effect resolved"
        )
        if before < 0:
            plan.violate(rule, f"{head}; no step comes before this one.")
        else:
            waiting = [t.what for t in open_ if t.step == before]
            plan.violate(
                rule,
                f"{head}: no effect of {ref_text(ref)} that the engine could not execute "
                f"resolved at step {before}"
                + (f" (waiting for their outcome: {', '.join(waiting)})" if waiting else "")
                + ".",
            )
        plan.cannot_apply(f"no effect of {ref_text(ref)} waits for its outcome")
        return None
