"""One handler per Union Arena action kind: ``check`` judges, ``apply`` carries out.

``check`` never changes the state; it returns a :class:`~judge.core.engine.Plan` with the
violations found and what it resolved (instances, targets, costs) for ``apply``.  When the
runner applies an illegal action as played (``on_illegal=apply``), ``apply`` does what is
physically possible: it pays what can be paid and moves what can be moved.  What cannot be
done at all — a decision the rules do not wait for now, a card that is not where the action
takes it from, an attack or block by a character that is not in the front line, a target
that is not there — ``check`` declares not applicable (``Plan.cannot_apply``) and the runner
leaves the state as it was.

This module is the entry point the engine calls (``check``, ``apply``, ``fill_missing``) and
the dispatch tables ``CHECKS`` / ``APPLIES``; the handlers live by the part of the turn they
belong to: :mod:`~judge.games.union_arena.turn_start` (setup, start and movement phases),
:mod:`~judge.games.union_arena.main_phase` (play, raid, activate),
:mod:`~judge.games.union_arena.battle` (attack, block),
:mod:`~judge.games.union_arena.damage` (life cards and triggers) and
:mod:`~judge.games.union_arena.end_phase` (the hand limit).  Resolving a pending effect,
passing a phase and conceding stay here.

``fill_missing`` handles decisions the contract requires but the log skipped (a block
decision, a trigger choice, an order of effects): the engine applies its documented default
(no block, trigger not used, effects in the order they were triggered, …) and marks the
step ``unverifiable`` unless the rules leave only one possibility (rule
``UA-CHOICE-RECORDED``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from judge.core.engine import AgendaEngine, Plan
from judge.core.timing import apply_resolve, check_order, choose_pending, resolve_by_default
from judge.core.wording import plural
from judge.games.union_arena import attack_end, conditions, effects, end_phase, trigger_where
from judge.games.union_arena.battle import (
    apply_attack,
    apply_block,
    blockers,
    check_attack,
    check_block,
)
from judge.games.union_arena.damage import (
    apply_pick_life,
    apply_trigger,
    check_pick_life,
    check_trigger_action,
)
from judge.games.union_arena.defmemo import triggers
from judge.games.union_arena.end_phase import apply_discard, check_discard
from judge.games.union_arena.main_phase import (
    apply_activate,
    apply_play,
    apply_raid,
    check_activate,
    check_play,
    check_raid,
)
from judge.games.union_arena.one_way import forced_targets
from judge.games.union_arena.outcome import apply_outcome, check_outcome
from judge.games.union_arena.targets import check_effect_targets
from judge.games.union_arena.turn_start import (
    apply_extra_draw,
    apply_first_player,
    apply_move,
    apply_mulligan,
    check_extra_draw,
    check_first_player,
    check_move,
    check_mulligan,
)

if TYPE_CHECKING:
    from judge.core.verdict import StepContext
    from judge.games.union_arena.engine import UnionArenaEngine


Checker = Callable[["UnionArenaEngine", Plan], None]

#: Why a decision the rules do not wait for now (out of turn, by the wrong player, after the
#: game) cannot be applied as played under ``on_illegal=apply``: the handlers' ``apply`` work
#: on the procedure step or the phase that waits for their kind, so it changes nothing
#: (:meth:`~judge.core.engine.Plan.cannot_apply`).  The one exception is the turn player's
#: late extra draw, which needs no procedure step: 1 AP is paid and a card drawn, as played.
#: The words are Rangers Strike's.
NOT_NOW = "the rules did not wait for it"
#: what the rules wait for while effects wait (awaiting()'s answer, as fill_missing writes it)
RESOLVE_ONLY = ("resolve",)


# -- the entry points ---------------------------------------------------------------------------


#: (Plan(action, kind) written out in check: the class's call and its defaults' tests, one
#: an action; tests/games/union_arena/test_written_out.py checks every field is set so)
_new = object.__new__


def check(eng: UnionArenaEngine, action: dict[str, Any], ctx: StepContext | None = None) -> Plan:
    """The handlers' ``check`` (``AgendaEngine.check`` calls it without ``ctx``), and, with
    ``ctx``, the engine's own (:class:`UnionArenaEngine` binds it as its ``check``): then
    ``AgendaEngine.check`` written out, whose call of this one was a second call an action;
    a decision taken already waiting to be recorded (``eng.forced``) goes the core's way."""
    if ctx is not None:
        if eng.forced:
            return AgendaEngine.check(eng, action, ctx)
        eng.ctx = ctx
    kind, p = action["do"], action["p"]
    plan = _new(Plan)
    plan.action, plan.kind, plan.violations, plan.data = action, kind, [], {}
    plan.not_applicable = None
    st = eng.state
    if st.phase == "over":
        plan.violate("UA-PHASE", f"The game is over ({st.reason}); no decision can follow.")
        plan.cannot_apply(NOT_NOW)
        return plan
    if kind == "concede":
        return plan
    if kind == "outcome":  # a record of what an effect did, not a decision: at no fixed time
        check_outcome(eng, plan)
        return plan
    awaited = eng._awaited
    if awaited is not None and awaited[0] is action:  # fill_missing asked, nothing changed
        eng._awaited = None
        who, kinds = awaited[1], awaited[2]
    else:
        who, kinds = eng.awaiting()
    if kind not in kinds:
        if kind != "extra_draw" or p != st.turn_player:
            plan.cannot_apply(NOT_NOW)  # a late extra draw is paid and drawn as played
        if kind == "extra_draw" and p == st.turn_player:
            plan.violate(
                "UA-START-EXTRA-DRAW",
                "The extra draw is step 5 of the start phase: it can only be "
                "the turn's first decision, once a turn.",
            )
        elif (
            kind in ("play", "raid", "activate")
            and st.phase == "attack"
            and not st.agenda
            and not eng.pool
        ):
            plan.violate(
                "UA-ATK-NO-CARDS",
                f"No cards can be used during the attack phase ({kind} {eng.moment()}).",
            )
        else:
            need = f"{who}: {', '.join(kinds)}" if who else ", ".join(kinds) or "nothing"
            plan.violate(
                "UA-PHASE", f"`{kind}` is not possible {eng.moment()}; the rules wait for {need}."
            )
        return plan
    if who is not None and p != who:
        plan.violate(
            "UA-PHASE", f"{p} records `{kind}`, but it is {who}'s decision ({eng.moment()})."
        )
        plan.cannot_apply(NOT_NOW)
        return plan
    if kind != "proceed":  # (check_proceed finds nothing: not called)
        CHECKS[kind](eng, plan)
    return plan


def apply(eng: UnionArenaEngine, plan: Plan, ctx: StepContext | None = None) -> None:
    """The handlers' ``apply`` (``AgendaEngine.apply`` calls it without ``ctx``), and, with
    ``ctx``, the engine's own (as :func:`check`): ``AgendaEngine.apply`` written out, the
    record of a decision taken already (and the step that ends such records) going its way."""
    if ctx is not None:
        if eng.forced or "forced" in plan.data:
            AgendaEngine.apply(eng, plan, ctx)
            return
        eng.ctx = ctx
        if ctx.forced:
            eng.state.after_illegal = True
    st = eng.state
    if plan.kind not in ("concede", "outcome", "extra_draw") and plan.action["p"] == st.turn_player:
        st.extra_draw_open = False
    APPLIES[plan.kind](eng, plan)
    if ctx is not None:
        # advance's first tests written out: with no effect waiting, the game not over and
        # the agenda empty or waiting for a decision, it returns at once (the engine has no
        # when_idle of its own), so it is not called (most actions)
        st = eng.state
        if st.phase != "over" and not eng.pool.items:
            agenda = st.agenda
            if not agenda or agenda[0][0] in eng.WAITS:
                return
        eng.advance()


# -- pending effects -------------------------------------------------------------------------------


def check_resolve(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    cands = eng.pool.candidates()
    pe = choose_pending(eng, plan, cands, "UA-SIMULTANEOUS")
    if pe is None:
        return
    ap = effects.optional_ap(pe.effect)
    if plan.action.get("use") is not False and ap:
        active = st.players[pe.controller].active_ap()
        if active < ap and eng.supports(pe.effect):
            plan.violate(
                "UA-EFFECT-COST",
                f"{pe.describe()} asks {ap} AP to be paid; {pe.controller} has {active} active.",
            )
    may = effects.optional_discard(pe.effect)
    lead = pe.effect["do"][0].get("if") if may else None  # "<clause>場合、…置いてもよい"
    if lead is not None and not conditions.holds(eng, pe.controller, lead, source=pe.source):
        may = 0  # the choice is not offered: using the effect discards nothing
        eng.ctx.ruling(
            "UA-EFFECT-IF-MAY-DISCARD",
            f"{pe.describe()} offers its discard only if {conditions.describe(lead)}; it is not "
            "so: nothing is put into the outside area, and what follows does not happen.",
        )
    if plan.action.get("use") is not False and may:
        held = len(st.players[pe.controller].hand)
        if held < may and eng.supports(pe.effect):
            plan.violate(
                "UA-EFFECT-MAY-DISCARD",
                f"{pe.describe()} is used by putting {plural(may, 'hand card')} into the outside "
                "area; "
                f"{pe.controller} holds {held}: it cannot be used.",
            )
    if plan.action.get("use") is False and plan.action.get("targets"):
        # not used, the effect chooses nothing: the record names a choice that cannot happen
        plan.violate(
            "UA-EFFECT-TARGETS",
            f"{pe.describe()} is not used (`use: false`): an effect not used takes no targets.",
        )
    elif plan.action.get("use") is not False and eng.supports(pe.effect):
        path = f"actions[{eng.ctx.index}].targets"
        targets = plan.action.get("targets", [])
        # "[登場時][フロントLにある場合]" with its card elsewhere chooses nothing (UA-TRIGGER-WHERE)
        effs = [pe.effect] if trigger_where.applies(eng, pe) else []
        for rule, msg in check_effect_targets(
            eng, pe.controller, effs, targets, path, source=pe.source
        ):
            plan.violate(rule, msg)
    if len({p.controller for p in eng.pool.items}) > 1:
        other = st.other(pe.controller)
        eng.ctx.ruling(
            "UA-SIMULTANEOUS",
            f"Effects of both players were waiting: the turn player {st.turn_player} resolves all "
            f"of theirs first, in their order; then {other if pe.controller == st.turn_player else pe.controller}.",
        )
    check_order(eng, plan, pe, cands, "UA-SIMULTANEOUS")


# -- passing a phase and conceding ------------------------------------------------------------


def check_proceed(eng: UnionArenaEngine, plan: Plan) -> None:
    pass


def apply_proceed(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    # (the phase events appended here as Engine.event makes them, kwargs first: one call a
    # proceed less; tests/games/union_arena/test_written_out.py pins the form)
    if st.phase == "movement":
        if not st.moved:
            eng.ctx.events.append(
                {"player": pid, "type": "phase", "text": f"{pid} ends the movement phase."}
            )
        st.phase = "main"
    elif st.phase == "main":
        eng.ctx.events.append(
            {"player": pid, "type": "phase", "text": f"{pid} ends the main phase."}
        )
        # "メインフェイズ終了時、このキャラを退場させる" (UA-EFFECT-MAIN-END): the units are a new
        # list (units() written out), and retiring one marks or unmarks no other
        for owner in st.order:
            ps = st.players[owner]
            for unit in ps.front_line + ps.energy_line:
                if not unit.retire_at_main_end:
                    continue
                eng.ctx.ruling(
                    "UA-EFFECT-MAIN-END",
                    f"The main phase ends: {eng.name(unit.top)} retires, as its effect said.",
                )
                eng.retire(owner, unit, "effect", unit.top)  # its own or given ability
        st.phase = "attack"
        for player, source, index, effect in st.delayed:  # UA-EFFECT-ATTACK-START
            eng.ctx.ruling(
                "UA-EFFECT-ATTACK-START",
                f"The attack phase starts: {source}'s effect set up for this moment triggers.",
            )
            eng.pool.add(player, source, effect, index, "attack_phase_start")
        st.delayed.clear()
    elif st.phase == "attack":
        eng.ctx.events.append(
            {"player": pid, "type": "phase", "text": f"{pid} ends the attack phase."}
        )
        # "自分(と相手)のアタックフェイズ終了時、…" (UA-TRIGGER-ATTACK-PHASE-END)
        # (no loop where no card of the game has either trigger: fire would do nothing)
        ends = eng.may_fire("attack_phase_end") or eng.may_fire("each_attack_phase_end")
        for owner in st.order if ends else ():
            for unit in list(st.players[owner].units()):
                whens = triggers(st, unit)  # (fire returns at once for a trigger not in it)
                if owner == pid and (whens is None or "attack_phase_end" in whens):
                    eng.fire(unit, "attack_phase_end", owner)
                if whens is None or "each_attack_phase_end" in whens:
                    eng.fire(unit, "each_attack_phase_end", owner)
        attack_end.fire(eng)  # a given "アタックフェイズ終了時、…" (UA-EFFECT-ATTACK-END-RETIRE)
        if end_phase.AT_ONCE and not eng.pool.items and st.phase != "over":
            eng.op_end_phase()  # (the agenda's next step, nothing waiting before it: at once)
        else:
            eng.push(("end_phase", {}))


def check_concede(eng: UnionArenaEngine, plan: Plan) -> None:
    pass


def apply_concede(eng: UnionArenaEngine, plan: Plan) -> None:
    pid = plan.action["p"]
    other = eng.state.other(pid)
    eng.end_game(other, "concede", "UA-CONCEDE", f"{pid} concedes: {other} wins.")


CHECKS: dict[str, Checker] = {
    "first_player": check_first_player,
    "mulligan": check_mulligan,
    "extra_draw": check_extra_draw,
    "move": check_move,
    "play": check_play,
    "raid": check_raid,
    "activate": check_activate,
    "resolve": check_resolve,
    "attack": check_attack,
    "block": check_block,
    "pick_life": check_pick_life,
    "trigger": check_trigger_action,
    "discard_to_limit": check_discard,
    "proceed": check_proceed,
    "concede": check_concede,
    "outcome": check_outcome,
}
APPLIES: dict[str, Checker] = {
    "first_player": apply_first_player,
    "mulligan": apply_mulligan,
    "extra_draw": apply_extra_draw,
    "move": apply_move,
    "play": apply_play,
    "raid": apply_raid,
    "activate": apply_activate,
    "resolve": apply_resolve,
    "attack": apply_attack,
    "block": apply_block,
    "pick_life": apply_pick_life,
    "trigger": apply_trigger,
    "discard_to_limit": apply_discard,
    "proceed": apply_proceed,
    "concede": apply_concede,
    "outcome": apply_outcome,
}


# -- decisions the log skipped ------------------------------------------------------------------------


def fill_missing(
    eng: UnionArenaEngine, action: dict[str, Any], ctx: StepContext | None = None
) -> None:
    """Apply documented defaults for required decisions the log omitted before ``action``.
    The handlers' ``fill_missing`` (``AgendaEngine.fill_missing`` calls it without ``ctx``),
    and, with ``ctx``, the engine's own (as :func:`check`): then ``AgendaEngine.fill_missing``
    written out, whose call of this one was a second call an action."""
    if ctx is not None:
        eng.ctx = ctx
        if eng.settle_first:
            eng.settle_first = False
            eng.advance()
    st = eng.state
    kind = action["do"]
    if kind in ("concede", "outcome"):  # an outcome belongs to the step before: no default
        return
    # the loop's first test written out (most steps: the rules wait for the action's kind,
    # nothing to fill, no range made); awaiting() only reads, so the loop asks it again.
    # Left so, the answer is kept for the action's check, which follows with nothing changed
    # between (one call an action less; check takes it only for this very action object)
    phase = st.phase
    if phase == "over":
        return
    # awaiting() written out, one call an action less (the same answer: what check takes
    # from here is compared with awaiting() in tests/games/union_arena/test_fast_paths.py)
    if eng.pool.items:
        who, kinds = eng.pool.chooser(), RESOLVE_ONLY
    else:
        agenda = st.agenda
        kinds = eng.WAIT_KINDS.get(agenda[0][0]) if agenda else None
        if kinds is not None:
            who = agenda[0][1].get("player")
        else:
            kinds = eng.PHASE_DECISIONS.get(phase)
            if kinds is None:
                who, kinds = None, ()
            else:
                who = st.turn_player
                if phase == "movement" and st.extra_draw_open:
                    kinds = eng.MOVEMENT_WITH_DRAW
    if not kinds or kind in kinds:
        eng._awaited = (action, who, kinds)
        return
    for _ in range(64):
        if st.phase == "over":
            return
        who, kinds = eng.awaiting()
        if not kinds or kind in kinds:
            return
        if eng.pool and fill_forced_resolve(eng):
            eng.advance()
            continue
        if eng.pool:
            pe = resolve_by_default(eng, "UA-CHOICE-RECORDED")
            if (
                eng.supports(pe.effect)
                and not effects.needs_choice(pe.effect)
                or eng.supports(pe.effect)
                and not pe.effect.get("optional")
            ):
                eng.run_effect(pe, [], True)
            eng.advance()
            continue
        op, args = st.agenda[0] if st.agenda else ("", {})
        if op == "wait_block":
            st.agenda.pop(0)
            b = st.battle
            if b is not None:
                b.blocked = False
            if blockers(eng, args["player"]):
                eng.ctx.ruling(
                    "UA-BLOCK-DECISION",
                    f"{args['player']} could block but the log records no block "
                    "decision: the engine assumes no block.",
                )
                eng.ctx.cannot_verify(f"missing `block` decision by {args['player']}")
            elif b is not None and b.sniped:
                eng.ctx.ruling(
                    "UA-BLOCK-DECISION",
                    f"The log records no block decision; a Snipe attack on a character "
                    f"cannot be blocked (UA-KW-SNIPE), so {args['player']} did not block.",
                )
            else:
                eng.ctx.ruling(
                    "UA-BLOCK-DECISION",
                    f"The log records no block decision; {args['player']} had no "
                    "active front-line character, so there was no block.",
                )
            eng.event(
                "block", f"{args['player']} does not block.", player=args["player"], card=None
            )
            eng.advance()
            continue
        if op == "wait_trigger":
            st.agenda.pop(0)
            d = st.damage
            assert d is not None
            iid = d.triggers.pop(0)
            st.players[d.player].outside.append(iid)
            eng.ctx.ruling(
                "UA-CHOICE-RECORDED",
                f"{d.player} did not record whether to use the trigger of "
                f"{eng.name(iid)}: the engine assumes it was not used.",
            )
            eng.ctx.cannot_verify(f"missing `trigger` decision by {d.player} for {iid}")
            eng.advance()
            continue
        if op == "wait_pick" and fill_forced_pick(eng, action):
            eng.advance()
            continue
        if op in ("wait_pick", "wait_discard", "wait_mulligan", "wait_first_player"):
            # the engine cannot infer which cards; leave it to the action's own check (UA-PHASE)
            return
        return


def fill_forced_pick(eng: UnionArenaEngine, action: dict[str, Any]) -> bool:
    """UA-FORCED-DECISION: a skipped ``pick_life`` when the damage takes every life card left
    (UA-DMG-PICK: "all that remain if there are fewer"; one life card, or as many as the damage)
    has one way, and is filled in as it, verifiable.  False: the pick is a choice.

    Observed mode: a turned card the engine does not know is named where the log names it
    (the contract: "a log names a card by code where it becomes known"): by the ``trigger``
    that follows, naming its code, which is checked as a ``reveal`` would be (UA-REVEAL); a
    card no action names stays unknown, and its trigger check is unverifiable, as with a
    recorded pick without ``reveal``."""
    st = eng.state
    d = st.damage
    if d is None or d.amount != len(st.players[d.player].life):
        return False
    cards = list(range(1, d.amount + 1))
    plan = Plan({"p": d.by, "do": "pick_life", "cards": cards}, "pick_life")
    ref = action.get("card") if action["do"] == "trigger" and action["p"] == d.player else None
    code = ref.get("code") if isinstance(ref, dict) else ref
    life = st.players[d.player].life
    named = ""
    if isinstance(code, str) and code not in st.code_of and None in life:
        reveal: list[str | None] = [None] * len(cards)
        reveal[life.index(None)] = code
        plan.action["reveal"] = reveal
        check_pick_life(eng, plan)
        named = " (the turned card named by the trigger that follows)"
        if plan.violations:  # no such card can be there: it stays unknown, and the step says so
            named = (
                f"; the trigger that follows names {code}, which cannot be one of them (UA-REVEAL)"
            )
            plan = Plan({"p": d.by, "do": "pick_life", "cards": cards}, "pick_life")
    if not plan.data:
        check_pick_life(eng, plan)
    assert not plan.violations  # every position exists, as many as the damage
    which = "its only life card" if d.amount == 1 else f"all {d.amount} of its life cards"
    eng.ctx.ruling(
        "UA-FORCED-DECISION",
        f"The log records no pick_life; the damage takes {which} from {d.player}, so {d.by} had "
        f"no choice: filled in as its one way, cards {cards}{named}.",
    )
    apply_pick_life(eng, plan)
    return True


def fill_forced_resolve(eng: UnionArenaEngine) -> bool:
    """UA-FORCED-DECISION: a skipped ``resolve`` the rules leave one way (the only effect its
    controller may resolve now, mandatory, each choice with one answer: ``one_way``) is filled
    in as that way, verifiable, and the effect runs with those targets.  False: it is a
    choice, resolved by default (UA-CHOICE-RECORDED)."""
    cands = eng.pool.candidates()
    if len(cands) != 1:
        return False
    pe = cands[0]
    targets = forced_targets(eng, pe)
    if targets is None:
        return False
    eng.pool.remove(pe)
    eng.ctx.ruling(
        "UA-FORCED-DECISION",
        f"The log records no resolve for {pe.describe()}; it is the only effect waiting for "
        f"{pe.controller}, it must be resolved and "
        + (
            f"its choice has one answer: filled in as its one way, targets {targets}."
            if targets
            else "nothing can be chosen for it: filled in as its one way, no targets."
        ),
    )
    eng.run_effect(pe, targets, True)
    return True
