"""Decisions a Rebirth for you log skipped (the handlers' ``fill_missing``, re-exported by
:mod:`judge.games.rebirth.actions`): a skipped ``guard`` is no guard used (``unverifiable``
when the defender could have used one, R4U-CHOICE-RECORDED), a skipped cancel no cancel, a
waiting effect without its player's choices is not carried out, and a starting entry the
deck leaves one way is chosen (:mod:`judge.games.rebirth.forced_entry`).

Why apart from the handlers: that module was long enough already.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.timing import resolve_by_default
from judge.games.rebirth import battle, forced_entry

if TYPE_CHECKING:
    from judge.core.verdict import StepContext
    from judge.games.rebirth.engine import RebirthEngine


#: the agenda's waits that :func:`fill_missing` fills when the log skips their decision, and
#: the kind of the action that records it
_FILLED = {"wait_setup_entry": "entry_select", "wait_cancel": "guard", "wait_guard": "guard"}


def fill_missing(
    eng: RebirthEngine, action: dict[str, Any], ctx: StepContext | None = None
) -> None:
    """A skipped guard: none was used (R4U-CHOICE-RECORDED).  The handlers' ``fill_missing``
    (``AgendaEngine.fill_missing`` calls it without ``ctx``), and, with ``ctx``, the engine's
    own (:class:`RebirthEngine` binds it as its ``fill_missing``): then
    ``AgendaEngine.fill_missing`` written out, whose call of this one was a second call an
    action."""
    if ctx is not None:
        eng.ctx = ctx
        if eng.settle_first:
            eng.settle_first = False
            eng.advance()
    st = eng.state
    agenda = st.agenda
    kind = action["do"]
    if not eng.pool.items and (not agenda or _FILLED.get(agenda[0][0], kind) == kind):
        # every test below needs a waiting effect, or one of these waits at the agenda's head
        # with another action than the one that answers it: without either, nothing to
        # fill (most actions), whatever the phase
        return
    if kind in ("concede", "outcome") or st.phase == "over":
        return
    if st.agenda and st.agenda[0][0] == "wait_setup_entry" and kind != "entry_select":
        for pid in [q for q in st.order if not st.players[q].chose_entry]:
            if not forced_entry.fill(eng, pid):
                return  # a choice: the action's own check says what waits (R4U-PHASE)
        eng.advance()
        fill_missing(eng, action)
        return
    if eng.pool.items and kind != "resolve":
        pe = resolve_by_default(eng, "R4U-CHOICE-RECORDED")
        eng.ctx.ruling(
            "R4U-CHOICE-RECORDED",
            f"Without {pe.controller}'s choices {pe.describe()} is not carried out: what it did "
            "is unknown until an outcome records it.",
        )
        eng.taint_effect(pe, "R4U-CHOICE-RECORDED")
        eng.after_auto_resolve()
        eng.advance()
        fill_missing(eng, action)
        return
    if st.agenda and st.agenda[0][0] == "wait_cancel" and kind != "guard":
        args = st.agenda[0][1]
        pid = args["player"]
        st.agenda.pop(0)
        could = battle.could_cancel(eng, pid, args)
        eng.ctx.ruling(
            "R4U-CHOICE-RECORDED",
            f"The log records no answer to the {args.get('target', 'spark')}: no cancel was used"
            + (f", though {pid} could have used one." if could else "."),
        )
        if could:
            eng.ctx.cannot_verify(f"missing cancel decision by {pid}")
        eng.advance()
        fill_missing(eng, action)
        return
    # an ability waiting (a member's when it supports, R4U-TEXT-ON-SUPPORT) is resolved
    # before the guard: the guard is not the decision due yet
    if st.agenda and st.agenda[0][0] == "wait_guard" and kind != "guard" and not eng.pool.items:
        pid = st.agenda[0][1]["player"]
        a = st.attack
        st.agenda.pop(0)
        if a is not None and battle.could_guard(eng, pid, a.partner):
            eng.ctx.ruling(
                "R4U-CHOICE-RECORDED",
                f"The log records no guard after the attack: "
                f"none was used, though {pid} could have used one.",
            )
            eng.ctx.cannot_verify(f"missing guard decision by {pid}")
        else:
            eng.ctx.ruling(
                "R4U-CHOICE-RECORDED",
                f"The log records no guard after the attack; "
                f"{pid} had no card that could answer it.",
            )
        eng.advance()
