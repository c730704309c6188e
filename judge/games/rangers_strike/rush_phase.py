"""Rangers Strike action handlers of the rush phase: rushing a card, using a command.

A card's requirements (``_meets``, ``check_requirements``), its cost and its timing are
checked here.  Dispatched from :mod:`judge.games.rangers_strike.actions`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.engine import Plan
from judge.games.rangers_strike import (
    call,
    command_rush,
    costs,
    effects,
    held_command,
    namesake_rush,
    restrictions,
    rush_discard,
    rush_waiver,
    tag_resident,
    watch,
)
from judge.games.rangers_strike.handling import _head, _path
from judge.games.rangers_strike.refs import do_take, find_command, find_unit
from judge.games.rangers_strike.resolve import match_targets
from judge.games.rangers_strike.state import AREAS
from judge.games.rangers_strike.turn_start import _from_hand

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine


# -- rush phase -----------------------------------------------------------------------------------


def _meets(eng: RangersStrikeEngine, cond: dict[str, Any], iid: str) -> bool:
    d = eng.state.card(iid)
    if d.type != "unit":
        return False
    if "unit_named" in cond:
        return d.named(cond["unit_named"])
    if "unit_category" in cond:  # RS-ADD-FEATURE: a category added counts too
        found = eng.state.find_unit(iid)
        if found is not None and found[2].card == iid:
            return cond["unit_category"] in eng.state.unit_categories(found[2])
        return d.category == cond["unit_category"]
    return False


def _cond_text(cond: dict[str, Any]) -> str:
    if "unit_named" in cond:
        return f"a unit named {cond['unit_named']}"
    return f"a {cond.get('unit_category')} unit"


def units_meeting(eng: RangersStrikeEngine, pid: str, cond: dict[str, Any]) -> list[str]:
    """The cards of ``pid``'s rush and battle areas that meet the additional condition
    ``cond`` (RS-RUSH-CONDITION)."""
    return [
        iid for u in eng.state.players[pid].units() for iid in u.cards() if _meets(eng, cond, iid)
    ]


def check_requirements(eng: RangersStrikeEngine, plan: Plan, pid: str, iid: str) -> None:
    """Power, then command, then additional condition; the first that fails is reported
    (RS-RUSH-ORDER).  On success ``plan.data`` gets ``holder``, ``command`` and ``lent``."""
    st = eng.state
    d = st.defs[st.code_of[iid]]
    allies = eng.allies(pid)
    team = len(allies) > 1
    have = eng.power_of(pid)
    need = costs.required_power(eng, plan, iid)
    if have < need:
        whose = " (both allies' power zones)" if team else ""
        plan.violate(
            "RS-RUSH-POWER",
            f"{eng.name(iid)} needs power {need}; {pid} has power {have}{whose}. "
            "(Power is checked first, RS-RUSH-ORDER.)",
        )
        return
    # RS-WAIVE-CONDITION: a cost a waiver lets the rush leave unpaid, when it records none
    waived_cost = rush_waiver.skips_cost(eng, plan, pid, iid)
    if not waived_cost and not costs.check(eng, plan, pid, iid):
        return
    holder = plan.action.get("hold_by") or pid
    if holder not in eng.command_holders(pid):
        if team:
            plan.violate(
                "RST-LEND-COMMAND",
                f"{holder} is not {pid}'s ally: only the ally may hold a command for {pid}.",
            )
        else:
            plan.violate(
                "RS-RUSH-COMMAND",
                f"{pid} holds its commands in its own command zone; {holder} cannot hold one "
                "for it in 1 vs 1.",
            )
        return
    ref = plan.action.get("hold")
    kw = call.keyword_for(plan, d)  # (once: the plan's kind and the card alone decide it)
    # RS-CALL, RS-LEAD (no hold recorded, the most rushes: no unit named, nor its path made)
    caller = None if ref is None else call.named(eng, pid, holder, ref, _path(eng, "hold"))
    idx: int | None = None
    if caller is not None:
        if not call.check(eng, plan, pid, d, caller, holder):
            return
    else:
        idx, err = find_command(st, holder, ref, d.category)
        if err is not None and ref is None and holder == pid:
            caller = call.default(eng, plan, pid, d)
        if err is not None and caller is None:
            hint = ""
            if ref is None:
                for other in eng.command_holders(pid):
                    if other != holder and find_command(st, other, None, d.category)[0] is not None:
                        hint = f" ({other} could hold one for {pid}: record hold_by.)"
            plan.violate(err[0], f"{err[1]}{hint} (Command is checked second, RS-RUSH-ORDER.)")
            return
        if idx is not None and ref is None and kw and call.stand_ins(eng, plan, pid, d):
            plan.data["call_doubt"] = (
                f"whether {pid} held a {d.category} command or a unit with {kw[0]} "
                f"{d.category} is not recorded"
            )
    lent: list[str] = []
    lenders = eng.unit_lenders(pid)
    for i, ref in enumerate(plan.action.get("lend") or []):
        if not lenders:
            plan.violate("RST-LEND-UNIT", "In 1 vs 1 there is no ally to lend a unit.")
            return
        found = find_unit(st, ref, _path(eng, f"lend[{i}]"), lenders, AREAS, bp=eng.bp)
        if found is None:
            plan.violate(
                "RST-LEND-UNIT",
                f"{ref} is not a unit in the rush or battle area of {' or '.join(lenders)}.",
            )
            return
        lent.append(found[2].card)
    cond = d.condition
    if cond is None:
        if lent:
            plan.violate(
                "RST-LEND-UNIT",
                f"{eng.name(iid)} states no additional condition: there is nothing to lend a "
                "unit for.",
            )
            return
    else:
        own = units_meeting(eng, pid, cond)
        by_lent = [c for c in lent if _meets(eng, cond, c)]
        unfit = [c for c in lent if c not in by_lent]
        if unfit:
            # a lent unit is lent to meet the condition: one that does not is not lent instead
            # of nothing (the record is judged as it is, never replaced by the own unit)
            plan.violate(
                "RST-LEND-UNIT",
                f"{', '.join(eng.name(c) for c in unfit)} does not meet {eng.name(iid)}'s "
                f"additional condition ({_cond_text(cond)}): a unit is lent only to meet it.",
            )
            return
        waived = not own and not by_lent and rush_waiver.rule_on_condition(eng, pid, iid)
        if not own and not by_lent and not waived:
            hint = ""
            for other in lenders:
                could = units_meeting(eng, other, cond)
                if could:
                    hint = f" ({other}'s {could[0]} could meet it: record lend.)"
            plan.violate(
                "RS-RUSH-CONDITION",
                f"{eng.name(iid)} needs {_cond_text(cond)} in {pid}'s rush or battle area; "
                f"there is none.{hint} (The condition is checked third, RS-RUSH-ORDER.)",
            )
            return
        # the recorded lend is the unit that meets it, when there is one
        plan.data["met_by"] = by_lent[0] if by_lent else own[0] if own else None
        plan.data["met_by_ally"] = bool(by_lent)
    leads = (
        [u for u in call.stand_ins(eng, plan, pid, d) if u is not caller] if kw == call.LEAD else []
    )  # RS-LEAD: whether one may be held for further commands is not said
    # RS-NAMESAKE-HOLD: a resident's restriction on rushing a namesake of one's discard pile
    asked = namesake_rush.asked(eng, pid, iid, caller is not None)
    if asked.said is not None:
        eng.ctx.ruling(namesake_rush.RULE, asked.said)
    if asked.doubt is not None:
        plan.data["namesake_doubt"] = asked.doubt
    main = -1 if idx is None else idx
    if waived_cost and asked.n:  # RS-WAIVE-CONDITION, RS-NAMESAKE-HOLD: not guessed
        why = (
            f"a resident asks further commands to rush {eng.name(iid)} as well, and whether the "
            "rush, which records none, left only the card's own cost unpaid is not known"
        )
        eng.ctx.ruling(rush_waiver.RULE, f"{why[0].upper()}{why[1:]}.")
        eng.ctx.cannot_verify(why)
    if not waived_cost and not costs.check_holds(eng, plan, pid, iid, holder, main, leads, asked.n):
        return
    plan.data["hold_why"] = costs.NAMESAKE_HOLD if asked.n else costs.RUSH_HOLD
    plan.data.update(holder=holder, command=idx, lent=lent, call_unit=caller)
    named = eng.name(iid)  # (once for the rulings below)
    if team:
        zones = ", ".join([f"{q} {len(st.players[q].power)}" for q in allies])
        eng.ctx.ruling(
            "RST-POWER",
            f"{pid}'s power for {named} is {have}: both allies' power zones ({zones}).",
        )
    elif d.power:
        eng.ctx.ruling(
            "RS-POWER",
            f"{pid}'s power is {have}: every card of its power zone, face up or face down.",
        )
    if idx is None:
        assert caller is not None
        word = (kw or call.CALL)[0]
        held = (
            f"a released unit with {word} {d.category} to hold in place of a command "
            f"({caller.card})"
        )
    else:
        cmd = st.players[holder].command[idx]
        held = (
            f"a released {d.category} command to hold ({cmd.card}"
            + (f", in {holder}'s command zone" if holder != pid else "")
            + ")"
        )
    parts = [f"power {have} ≥ {need}", held]
    if cond is not None and plan.data["met_by"] is not None:
        parts.append(f"{_cond_text(cond)} ({plan.data['met_by']})")
    elif cond is not None:  # RS-WAIVE-CONDITION
        parts.append(f"{_cond_text(cond)} (not needed this turn)")
    eng.ctx.ruling("RS-RUSH-ORDER", f"{named}: checked in order — {'; '.join(parts)}: all met.")


def _pay(eng: RangersStrikeEngine, plan: Plan, pid: str, iid: str) -> None:
    """Hold the command and record the lent unit (apply side of check_requirements)."""
    holder, idx = plan.data.get("holder"), plan.data.get("command")
    doubt = plan.data.get("call_doubt")
    if doubt is not None:
        rule = call.LEAD[1] if eng.state.card(iid).type == "operation" else call.CALL[1]
        eng.ctx.ruling(rule, f"{eng.name(iid)}: {doubt}.")
        eng.ctx.cannot_verify(doubt)
    if holder is not None and idx is not None:
        eng.hold_command(holder, idx, pid, iid)
    elif plan.data.get("call_unit") is not None:
        call.hold(eng, pid, plan.data["call_unit"], iid)
    namesake = plan.data.get("namesake_doubt")
    if namesake is not None:  # RS-NAMESAKE-HOLD: what the restriction asks is not known
        eng.ctx.ruling(
            namesake_rush.RULE,
            f"{eng.name(iid)}: {namesake}; the further commands it may ask are not asked.",
        )
        eng.ctx.cannot_verify(namesake)
    costs.pay_holds(eng, plan, pid, iid, plan.data.get("hold_why", costs.RUSH_HOLD))
    costs.pay(eng, plan, pid, iid)
    if plan.data.get("met_by_ally"):
        by = plan.data["met_by"]
        eng.ctx.ruling(
            "RST-LEND-UNIT",
            f"{eng.name(iid)}'s additional condition is met by "
            f"{eng.state.owner_of[by]}'s unit {eng.name(by)}, lent by the ally.",
        )


def check_rush(eng: RangersStrikeEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    if command_rush.check(eng, plan):  # RS-COMMAND-TO-RUSH-SELF: a card of the command zone
        return
    take = _from_hand(eng, plan)
    if take is None:
        return
    d = st.card(take.iid)
    if d.type not in ("unit", "vehicle"):
        plan.violate(
            "RS-CARD-TYPES", f"{eng.name(take.iid)} is an operation: it is used, not rushed."
        )
        return
    check_requirements(eng, plan, pid, take.iid)
    plan.data["take"] = take


def apply_rush(eng: RangersStrikeEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    if "from_command" in plan.data:  # RS-COMMAND-TO-RUSH-SELF
        command_rush.apply(eng, plan)
        return
    take = plan.data.get("take")
    if take is None:
        eng.ctx.cannot_verify("The rush could not be applied as recorded: no such card in hand.")
        return
    iid = do_take(st, pid, take)
    _pay(eng, plan, pid, iid)
    unit = eng.new_unit(iid)
    st.players[pid].rush.append(unit)
    eng.event(
        "rush",
        f"{pid} rushes {eng.name(iid)} ({st.card(iid).type}) to the rush area.",
        player=pid,
        card=iid,
    )
    if restrictions.has(eng, iid, "rush_held"):
        restrictions.rush_held(eng, unit)
    discarded = rush_discard.rushed(eng, plan, pid, unit)  # RS-RUSH-HELD-DISCARD
    before = len(eng.pool.items)
    eng.fire(unit, "on_rush", pid)
    watch.seen(eng, "on_rushed", unit, pid)  # RS-WHILE-IN-AREA
    if discarded:
        rush_discard.order_doubt(eng, before)


def _on_use_effects(eng: RangersStrikeEngine, iid: str) -> list[tuple[int, dict[str, Any]]]:
    return [(i, e) for i, e in enumerate(eng.state.card(iid).effects) if e.get("when") == "on_use"]


def check_use(eng: RangersStrikeEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    take = _from_hand(eng, plan)
    if take is None:
        return
    iid = take.iid
    d = st.card(iid)
    if d.type != "operation":
        plan.violate("RS-CARD-TYPES", f"{eng.name(iid)} is a {d.type}: it is rushed, not used.")
        return
    op, args = _head(eng)
    if op == "wait_window":
        b = st.battle
        what = "strike" if args["timing"] == "struck" else "attack"
        if d.operation != "counter":
            plan.violate(
                "RS-COUNTER",
                f"Only a counter can be used now, right after the opposing {what}; "
                f"{eng.name(iid)} is a {d.operation} operation.",
            )
            return
        if d.timing != args["timing"]:
            plan.violate(
                "RS-COUNTER",
                f"{eng.name(iid)} is a counter for when {_timing_text(d.timing)}; "
                f"this is an opposing {what}"
                + (f" by {eng.name(b.attacker.card)}" if b else "")
                + ".",
            )
            return
    elif d.operation == "counter":
        plan.violate(
            "RS-COUNTER",
            f"{eng.name(iid)} is a counter: it is used only in the opponent's turn, right after "
            f"{_timing_text(d.timing)}.",
        )
        return
    check_requirements(eng, plan, pid, iid)
    if plan.violations:
        return
    if tag_resident.replace_refs(plan.action):  # RS-TAG: the residents in place it replaces
        if d.operation != "resident":
            plan.violate(
                tag_resident.RULE,
                f"{eng.name(iid)} is not a resident operation: it replaces no resident.",
            )
        for rule, msg in tag_resident.check_replace(eng, pid, plan.action):
            plan.violate(rule, msg)
    if "targets" in plan.action:
        with_sels = [e for _, e in _on_use_effects(eng, iid) if effects.selectors(e)]
        if not with_sels:
            if plan.action["targets"]:
                plan.violate("RS-EFFECT-TARGETS", f"{eng.name(iid)}'s effect takes no targets.")
        else:
            _, problems = match_targets(
                eng, pid, with_sels[0], list(plan.action["targets"]), _path(eng, "targets")
            )
            for rule, msg in problems:
                plan.violate(rule, msg)
    plan.data["take"] = take


def _timing_text(timing: str | None) -> str:
    return (
        "an opposing unit attacks one of yours"
        if timing == "attacked"
        else ("an opposing unit strikes you")
    )


def apply_use(eng: RangersStrikeEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    take = plan.data.get("take")
    if take is None:
        eng.ctx.cannot_verify("The operation could not be used as recorded: no such card in hand.")
        return
    window = _head(eng)[0] == "wait_window"
    if window:
        st.agenda.pop(0)
    iid = do_take(st, pid, take)
    d = st.card(iid)
    # RS-IF-HELD-FEATURE: what the use holds, kept with an effect that looks at it
    held = held_command.record(eng, plan, pid, iid)
    _pay(eng, plan, pid, iid)
    ps = st.players[pid]
    if d.operation == "resident":
        gone = tag_resident.place(eng, pid, iid, plan.action)  # RS-RESIDENT, RS-TAG
        eng.event(
            "resident",
            f"{pid} puts the resident operation {eng.name(iid)} in place.",
            player=pid,
            card=iid,
        )
        if any(op[3] < 0 for op in eng.resident_ops(d)):
            eng.ctx.ruling(
                "RS-BP-ZERO",
                f"{eng.name(iid)} lowers units' BP while in place; whether that brings one to "
                "BP 0 or less, which destroys it, the engine does not check.",
            )
            eng.ctx.cannot_verify("a resident lowering BP: units at BP 0 or less not checked")
        if tag_resident.printed(eng, iid) and len(eng.allies(pid)) > 1:
            eng.ctx.ruling(
                tag_resident.TEAM_RULE,
                f"{eng.name(iid)} has Tag: in tag battle the bold part its player may execute "
                f"instead of its own may be that of a resident {eng.allies(pid)[1]} placed too; "
                "Tag does not widen whose units its effect covers.",
            )
        tagged = any(tag_resident.printed(eng, c) for c in [*gone, *ps.residents])
        for old in gone:
            ps.discard.append(old)
            if tagged:
                eng.ctx.ruling(
                    tag_resident.RULE,
                    f"{eng.name(old)} goes to the discard pile as {eng.name(iid)} is placed.",
                )
                continue
            eng.ctx.ruling(
                "RST-RESIDENT" if len(eng.allies(pid)) > 1 else "RS-RESIDENT",
                f"{pid} may have one resident in place: {eng.name(old)} goes to the discard "
                f"pile and {eng.name(iid)} replaces it.",
            )
    else:
        eng.event(
            "use", f"{pid} uses {eng.name(iid)} ({d.operation} operation).", player=pid, card=iid
        )
        eng.push(("to_discard", {"player": pid, "card": iid}))
    if d.operation == "counter":
        b = st.battle
        eng.ctx.ruling(
            "RS-COUNTER",
            f"{pid} answers the "
            + (f"{b.kind} of {eng.name(b.attacker.card)}" if b else "opposing action")
            + f" with the counter {eng.name(iid)}, before it resolves.",
        )
        if window:
            # two or more counters may answer one attack or strike: once this one has
            # resolved (and gone to the discard pile), another may follow
            st.agenda.insert(1, ("counter_again", {}))
    preset_done = False
    for index, effect in _on_use_effects(eng, iid):
        ctx: dict[str, Any] = {}
        if "targets" in plan.action and effects.selectors(effect) and not preset_done:
            ctx["targets"] = plan.action["targets"]
            preset_done = True
        if held_command.wants(effect):
            ctx[held_command.KEY] = held
        eng.pool.add(pid, iid, effect, index, "on_use", unit=None, **ctx)
