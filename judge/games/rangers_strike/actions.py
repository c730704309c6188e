"""One handler per Rangers Strike action kind: ``check`` judges, ``apply`` carries out.

``check`` never changes the state; it returns a :class:`~judge.core.engine.Plan` with the
violations found and what it resolved (instances, the command to hold, targets) for
``apply``.  When the runner applies an illegal action as played (``on_illegal=apply``),
``apply`` does what is physically possible.

``fill_missing`` handles what the log may leave out before an action:

- counters are recorded only when used (``RS-COUNTER``): an attack or strike that a defending
  player could answer resolves at once, and when the next action is that player's counter the
  engine first goes back to before the resolution (``RangersStrikeEngine.restore_window``);
  any other next action means no counter was used (verifiable);
- a skipped ``take_damage``: the first face-up power cards, in zone order, are turned face
  down; ``unverifiable`` unless the damage turns every face-up card (only one choice);
- a skipped ``assign_damage`` (tag battle): the leader takes it (the supporter when the
  leader cannot); ``unverifiable`` unless only one player could take it;
- a skipped ``resolve``: as in Union Arena — trigger order, optional effects not used, no
  targets; ``unverifiable`` (``RS-CHOICE-RECORDED``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from judge.core.engine import Plan
from judge.core.timing import apply_resolve, check_order, choose_pending, resolve_by_default
from judge.games.rangers_strike import effects
from judge.games.rangers_strike.refs import (
    Take,
    do_take,
    find_command,
    find_face_up,
    find_in_zone,
    find_unit,
    is_instance,
    ref_code,
)
from judge.games.rangers_strike.resolve import match_targets
from judge.games.rangers_strike.state import AREAS, COMMAND_LIMIT, Battle, Command, PowerCard

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

Checker = Callable[["RangersStrikeEngine", Plan], None]


def _path(eng: RangersStrikeEngine, field: str) -> str:
    return f"actions[{eng.ctx.index}].{field}"


def _head(eng: RangersStrikeEngine) -> tuple[str, dict[str, Any]]:
    st = eng.state
    return st.agenda[0] if st.agenda else ("", {})


# -- the entry points ---------------------------------------------------------------------------


def check(eng: RangersStrikeEngine, action: dict[str, Any]) -> Plan:
    kind, p = action["do"], action["p"]
    plan = Plan(action, kind)
    st = eng.state
    if st.phase == "over":
        plan.violate("RS-PHASE", f"The game is over ({st.reason}); no decision can follow.")
        plan.data["not_now"] = True
        return plan
    if kind == "concede":
        return plan
    options = eng.decisions()
    whos = [who for who, kinds in options if kind in kinds]
    if not whos:
        _out_of_phase(eng, plan, options)
        plan.data["not_now"] = True
        return plan
    if None not in whos and p not in whos:
        plan.data["not_now"] = True
        if not eng.can_act(p) and kind not in ("take_damage", "assign_damage", "resolve"):
            plan.violate("RST-OUT", f"{p} can no longer continue play: it cannot record `{kind}`.")
        elif kind == "assign_damage":
            plan.violate(
                "RST-STRIKE-ASSIGN",
                f"{p} records `assign_damage`, but the damaged team ({' or '.join(map(str, whos))}) "
                "chooses who takes strike damage, not the striker.",
            )
        else:
            plan.violate(
                "RS-PHASE",
                f"{p} records `{kind}`, but it is {' or '.join(str(w) for w in whos)}'s "
                f"decision ({eng.moment()}).",
            )
        return plan
    CHECKS[kind](eng, plan)
    return plan


def _out_of_phase(
    eng: RangersStrikeEngine, plan: Plan, options: list[tuple[str | None, tuple[str, ...]]]
) -> None:
    st = eng.state
    kind, p = plan.kind, plan.action["p"]
    if kind == "extra_draw":
        plan.violate(
            "RS-START-EXTRA-DRAW",
            f"The extra draw belongs to {p}'s start phase: it can only come before any other "
            "decision of the turn, once.",
        )
        return
    if kind == "use":
        code = ref_code(st, plan.action["card"])
        d = st.defs.get(code)
        if d is not None and d.operation == "counter":
            plan.violate(
                "RS-COUNTER",
                f"{code} is a counter: it is used only right after an opposing "
                f"{'attack on your unit' if d.timing == 'attacked' else 'strike'} ({eng.moment()}).",
            )
            return
    if p in st.players and not eng.can_act(p):
        plan.violate("RST-OUT", f"{p} can no longer continue play: it cannot record `{kind}`.")
        return
    need = "; ".join(f"{w or 'a player'}: {', '.join(k)}" for w, k in options) or "nothing"
    rule = PHASE_RULES.get(kind, "RS-PHASE") if st.phase not in ("setup", "over") else "RS-PHASE"
    plan.violate(rule, f"`{kind}` is not possible {eng.moment()}; the rules wait for {need}.")


#: The rule that says in which phase a kind of decision is made.
PHASE_RULES = {
    "charge": "RS-CHARGE",
    "rush": "RS-RUSH",
    "use": "RS-RUSH",
    "board": "RS-RUSH",
    "enter": "RS-BATTLE",
    "attack": "RS-BATTLE",
    "strike": "RS-BATTLE",
}


def apply(eng: RangersStrikeEngine, plan: Plan) -> None:
    if plan.data.get("not_now"):
        # on_illegal=apply: a decision the rules do not wait for now changes nothing
        eng.ctx.cannot_verify(
            f"`{plan.kind}` could not be applied as played: the rules did not wait for it."
        )
        return
    if plan.kind not in ("concede", "extra_draw"):
        eng.state.extra_open.clear()
    APPLIES[plan.kind](eng, plan)


# -- setup and start phase ------------------------------------------------------------------------


def check_first_player(eng: RangersStrikeEngine, plan: Plan) -> None:
    st = eng.state
    first = plan.action["first"]
    if st.teams and first not in (t[0] for t in st.teams):
        leaders = ", ".join(t[0] for t in st.teams)
        plan.violate(
            "RST-SEATING",
            f"{first} is a supporter: in tag battle a team's leader goes first ({leaders}).",
        )
        return
    eng.ctx.ruling(
        "RS-SETUP-FIRST",
        f"{plan.action['p']} won rock-paper-scissors and chose {first} to go first.",
    )


def apply_first_player(eng: RangersStrikeEngine, plan: Plan) -> None:
    st = eng.state
    st.agenda.pop(0)
    st.first = plan.action["first"]
    for side in eng.sides():
        for pid in side:
            eng.draw(pid, 7, why=" (opening hand)")
    eng.ctx.ruling("RS-SETUP-HAND", "Each player draws 7 cards (no mulligan).")
    if st.teams:
        pairs = " and ".join(f"{a} with {b}" for a, b in st.teams)
        eng.ctx.ruling(
            "RST-SHARED-INFO",
            f"Team-mates see each other's hands ({pairs}); their perspectives of the replay "
            "show both hands.",
        )
    eng.push(("next_phase", {}))


def check_extra_draw(eng: RangersStrikeEngine, plan: Plan) -> None:
    ps = eng.state.players[plan.action["p"]]
    if len(ps.hand) >= ps.damage:
        plan.violate(
            "RS-START-EXTRA-DRAW",
            f"{ps.id} has {len(ps.hand)} cards in hand and {ps.damage} damage: the extra draw "
            "needs fewer cards in hand than damage.",
        )
    elif not ps.deck:
        plan.violate("RS-START-EXTRA-DRAW", f"{ps.id}'s deck is empty: there is nothing to draw.")


def apply_extra_draw(eng: RangersStrikeEngine, plan: Plan) -> None:
    pid = plan.action["p"]
    ps = eng.state.players[pid]
    if pid in eng.state.extra_open:
        eng.state.extra_open.remove(pid)
    hand, damage = len(ps.hand), ps.damage
    eng.draw(pid, 1, why=" (extra draw)")
    eng.ctx.ruling(
        "RS-START-EXTRA-DRAW",
        f"{pid} had {hand} cards in hand and {damage} damage: it takes the extra draw.",
    )


# -- charge phase ---------------------------------------------------------------------------------


def _from_hand(eng: RangersStrikeEngine, plan: Plan) -> Take | None:
    take, err = find_in_zone(eng.state, plan.action["p"], "hand", plan.action["card"])
    if err:
        plan.violate(*err)
    return take


def check_charge(eng: RangersStrikeEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    if st.charged:
        plan.violate("RS-CHARGE", f"{pid} has charged a card already in this charge phase.")
    take = _from_hand(eng, plan)
    if plan.action["to"] == "command" and len(st.players[pid].command) >= COMMAND_LIMIT:
        plan.violate(
            eng.COMMAND_RULE,
            f"{pid}'s command zone holds {len(st.players[pid].command)} cards already "
            f"(at most {COMMAND_LIMIT}).",
        )
    plan.data["take"] = take


def apply_charge(eng: RangersStrikeEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    take = plan.data.get("take")
    st.charged = True
    if take is None:
        eng.ctx.cannot_verify("The charge could not be applied as recorded: no such card in hand.")
        return
    iid = do_take(st, pid, take)
    ps = st.players[pid]
    if plan.action["to"] == "power":
        ps.power.append(PowerCard(iid, face_up=True))
        text = f"{pid} charges {eng.name(iid)} face up into the power zone (power {len(ps.power)})."
    else:
        ps.command.append(Command(iid))
        text = (
            f"{pid} charges {eng.name(iid)} into the command zone as a released "
            f"{st.card(iid).category} command."
        )
    eng.event("charge", text, player=pid, card=iid, to=plan.action["to"])


# -- rush phase -----------------------------------------------------------------------------------


def _meets(eng: RangersStrikeEngine, cond: dict[str, Any], iid: str) -> bool:
    d = eng.state.card(iid)
    if d.type != "unit":
        return False
    if "unit_named" in cond:
        return d.name == cond["unit_named"]
    if "unit_category" in cond:
        return d.category == cond["unit_category"]
    return False


def _cond_text(cond: dict[str, Any]) -> str:
    if "unit_named" in cond:
        return f"a unit named {cond['unit_named']}"
    return f"a {cond.get('unit_category')} unit"


def _matching(eng: RangersStrikeEngine, pid: str, cond: dict[str, Any]) -> list[str]:
    return [
        iid for u in eng.state.players[pid].units() for iid in u.cards() if _meets(eng, cond, iid)
    ]


def check_requirements(eng: RangersStrikeEngine, plan: Plan, pid: str, iid: str) -> None:
    """Power, then command, then additional condition; the first that fails is reported
    (RS-RUSH-ORDER).  On success ``plan.data`` gets ``holder``, ``command`` and ``lent``."""
    st = eng.state
    d = st.card(iid)
    team = len(eng.allies(pid)) > 1
    have = eng.power_of(pid)
    if have < d.power:
        whose = " (both allies' power zones)" if team else ""
        plan.violate(
            "RS-RUSH-POWER",
            f"{eng.name(iid)} needs power {d.power}; {pid} has power {have}{whose}. "
            "(Power is checked first, RS-RUSH-ORDER.)",
        )
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
    idx, err = find_command(st, holder, plan.action.get("hold"), d.category)
    if err is not None:
        hint = ""
        if plan.action.get("hold") is None:
            for other in eng.command_holders(pid):
                if other != holder and find_command(st, other, None, d.category)[0] is not None:
                    hint = f" ({other} could hold one for {pid}: record hold_by.)"
        plan.violate(err[0], f"{err[1]}{hint} (Command is checked second, RS-RUSH-ORDER.)")
        return
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
        own = _matching(eng, pid, cond)
        by_lent = [c for c in lent if _meets(eng, cond, c)]
        if not own and not by_lent:
            hint = ""
            for other in lenders:
                could = _matching(eng, other, cond)
                if could:
                    hint = f" ({other}'s {could[0]} could meet it: record lend.)"
            plan.violate(
                "RS-RUSH-CONDITION",
                f"{eng.name(iid)} needs {_cond_text(cond)} in {pid}'s rush or battle area; "
                f"there is none.{hint} (The condition is checked third, RS-RUSH-ORDER.)",
            )
            return
        plan.data["met_by"] = own[0] if own else by_lent[0]
        plan.data["met_by_ally"] = not own
    assert idx is not None
    plan.data.update(holder=holder, command=idx, lent=lent)
    if team:
        zones = ", ".join(f"{q} {len(st.players[q].power)}" for q in eng.allies(pid))
        eng.ctx.ruling(
            "RST-POWER",
            f"{pid}'s power for {eng.name(iid)} is {have}: both allies' power zones ({zones}).",
        )
    elif d.power:
        eng.ctx.ruling(
            "RS-POWER",
            f"{pid}'s power is {have}: every card of its power zone, face up or face down.",
        )
    cmd = st.players[holder].command[idx]
    parts = [
        f"power {have} ≥ {d.power}",
        f"a released {d.category} command to hold ({cmd.card}"
        + (f", in {holder}'s command zone" if holder != pid else "")
        + ")",
    ]
    if cond is not None:
        parts.append(f"{_cond_text(cond)} ({plan.data['met_by']})")
    eng.ctx.ruling(
        "RS-RUSH-ORDER", f"{eng.name(iid)}: checked in order — {'; '.join(parts)}: all met."
    )


def _pay(eng: RangersStrikeEngine, plan: Plan, pid: str, iid: str) -> None:
    """Hold the command and record the lent unit (apply side of check_requirements)."""
    holder, idx = plan.data.get("holder"), plan.data.get("command")
    if holder is not None and idx is not None:
        eng.hold_command(holder, idx, pid, iid)
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
    eng.fire(unit, "on_rush", pid)


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
    _pay(eng, plan, pid, iid)
    ps = st.players[pid]
    if d.operation == "resident":
        old = ps.resident
        ps.resident = iid
        eng.event(
            "resident",
            f"{pid} puts the resident operation {eng.name(iid)} in place.",
            player=pid,
            card=iid,
        )
        if d.tag and len(eng.allies(pid)) > 1:
            eng.ctx.ruling(
                "RST-RESIDENT-TAG",
                f"{eng.name(iid)} has Tag: its resident effect applies to "
                f"{' and '.join(eng.allies(pid))}'s units.",
            )
        if old is not None:
            ps.discard.append(old)
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
    preset_done = False
    for index, effect in _on_use_effects(eng, iid):
        ctx: dict[str, Any] = {}
        if "targets" in plan.action and effects.selectors(effect) and not preset_done:
            ctx["targets"] = plan.action["targets"]
            preset_done = True
        eng.pool.add(pid, iid, effect, index, "on_use", unit=None, **ctx)


def check_board(eng: RangersStrikeEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    found = find_unit(st, plan.action["card"], _path(eng, "card"), [pid], ("rush",), bp=eng.bp)
    if found is None or st.card(found[2].card).type != "unit":
        plan.violate(
            "RS-CARD-IN-ZONE", f"{plan.action['card']} is not a unit in {pid}'s rush area."
        )
        return
    veh = find_unit(st, plan.action["vehicle"], _path(eng, "vehicle"), [pid], ("rush",), bp=eng.bp)
    if veh is None or st.card(veh[2].card).type != "vehicle":
        plan.violate(
            "RS-VEHICLE", f"{plan.action['vehicle']} is not a vehicle in {pid}'s rush area."
        )
        return
    d = st.card(veh[2].card)
    if len(veh[2].riders) >= d.carries:
        plan.violate(
            "RS-VEHICLE",
            f"{eng.name(veh[2].card)} carries {d.carries} unit{'s' if d.carries != 1 else ''} "
            f"and is full ({', '.join(veh[2].riders)}).",
        )
        return
    plan.data.update(unit=found[2], vehicle=veh[2])


def apply_board(eng: RangersStrikeEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    unit, veh = plan.data.get("unit"), plan.data.get("vehicle")
    if unit is None or veh is None:
        eng.ctx.cannot_verify("The boarding could not be applied as recorded.")
        return
    ps = st.players[pid]
    ps.rush.remove(unit)
    veh.riders.append(unit.card)
    eng.event(
        "board",
        f"{pid}'s {eng.name(unit.card)} boards {eng.name(veh.card)}.",
        player=pid,
        card=unit.card,
        vehicle=veh.card,
    )
    d = st.card(veh.card)
    eng.ctx.ruling(
        "RS-VEHICLE",
        f"{eng.name(veh.card)} carries {len(veh.riders)} of its {d.carries} place"
        f"{'s' if d.carries != 1 else ''}; it enters the battle area with them as one position.",
    )


# -- battle phase ---------------------------------------------------------------------------------


def check_enter(eng: RangersStrikeEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    ref = plan.action["card"]
    found = find_unit(st, ref, _path(eng, "card"), [pid], ("rush",), bp=eng.bp)
    if found is None:
        aboard = st.find_unit(ref) if is_instance(st, ref) else None
        if aboard is not None and aboard[2].card != ref:
            plan.violate(
                "RS-VEHICLE",
                f"{eng.name(ref)} is aboard {eng.name(aboard[2].card)}: it enters with the "
                "vehicle.",
            )
        else:
            plan.violate("RS-CARD-IN-ZONE", f"{ref} is not a unit or vehicle in {pid}'s rush area.")
        return
    plan.data["unit"] = found[2]


def apply_enter(eng: RangersStrikeEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    unit = plan.data.get("unit")
    if unit is None:
        eng.ctx.cannot_verify("The unit could not enter as recorded.")
        return
    ps = st.players[pid]
    ps.rush.remove(unit)
    ps.battle.append(unit)
    offset, why = eng.combination_offset(pid)
    pos = len(ps.battle) + offset
    aboard = f" carrying {', '.join(unit.riders)}" if unit.riders else ""
    eng.event(
        "enter",
        f"{pid}'s {eng.name(unit.card)}{aboard} enters the battle area at position {pos}.",
        player=pid,
        card=unit.card,
        position=pos,
    )
    eng.ctx.ruling(
        "RS-BATTLE-ENTER",
        f"{eng.name(unit.card)} takes the next position from the left: {len(ps.battle)} in "
        f"{pid}'s battle area.",
    )
    if offset:
        eng.ctx.ruling(
            "RST-COMBINATION",
            f"{pid}'s unit counts as position {pos}: {why}, and the supporter's battle area "
            "counts on from the leader's.",
        )
    st.entering = unit
    eng.fire(unit, "on_enter", pid)
    d = st.card(unit.card)
    number = d.combination_number
    if d.is_unit and number is not None:
        if number == pos:
            eng.ctx.ruling(
                "RS-NUMBER-COMBINATION",
                f"{eng.name(unit.card)} entered at position {pos}, its combination number: "
                "its Number Combination triggers.",
            )
            eng.fire(unit, "combination", pid)
        else:
            eng.event(
                "no_combination",
                f"{eng.name(unit.card)} has combination number {number} but entered at "
                f"position {pos}: no Number Combination.",
                card=unit.card,
            )


def _just_entered(eng: RangersStrikeEngine, plan: Plan, pid: str) -> Any:
    st = eng.state
    ref = plan.action["card"]
    found = find_unit(st, ref, _path(eng, "card"), [pid], ("battle",), bp=eng.bp)
    unit = st.entering
    if unit is None or found is None or found[2] is not unit:
        now = f" ({eng.name(unit.card)} has just entered)" if unit is not None else ""
        plan.violate(
            "RS-ONE-ACTION",
            f"{ref} cannot {plan.kind}: only the unit that has just entered may attack or "
            f"strike, once, before the next unit enters{now}.",
        )
        return None
    return unit


def check_attack(eng: RangersStrikeEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    unit = _just_entered(eng, plan, pid)
    if unit is None:
        return
    tp = eng.target_player(pid)
    target = plan.action["target"]
    found = find_unit(st, target, _path(eng, "target"), [tp], ("battle",), bp=eng.bp)
    if found is None:
        elsewhere = [q for q in eng.opponents(pid) if q != tp]
        other = (
            find_unit(st, target, _path(eng, "target"), elsewhere, ("battle",), bp=eng.bp)
            if elsewhere
            else None
        )
        if other is not None:
            plan.violate(
                "RST-ATTACK",
                f"{other[2].card} is in {other[0]}'s battle area; {pid}'s target player is {tp}: "
                f"only units in {tp}'s battle area can be attacked.",
            )
        elif not st.players[tp].battle:
            plan.violate(
                "RS-ATTACK",
                f"{tp}'s battle area is empty: there is no unit to attack (a strike is possible).",
            )
        else:
            plan.violate("RS-CARD-IN-ZONE", f"{target} is not a unit in {tp}'s battle area.")
        return
    plan.data.update(unit=unit, target=found[2], defender=found[0])


def apply_attack(eng: RangersStrikeEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    unit, target = plan.data.get("unit"), plan.data.get("target")
    if unit is None or target is None:
        eng.ctx.cannot_verify("The attack could not be applied as recorded.")
        return
    st.entering = None
    b = Battle("attack", unit, pid, target=target, defender=plan.data["defender"])
    st.battle = b
    eng.event(
        "attack",
        f"{pid}'s {eng.name(unit.card)} (BP {eng.bp(unit)}) attacks {b.defender}'s "
        f"{eng.name(target.card)} (BP {eng.bp(target)}).",
        player=pid,
        card=unit.card,
        target=target.card,
    )
    if len(eng.allies(pid)) > 1:
        eng.ctx.ruling(
            "RST-TARGET-PLAYER",
            f"{b.defender} is {pid}'s target player: {pid}'s units attack units in "
            f"{b.defender}'s battle area only (RST-ATTACK).",
        )
    eng.push(("attack_resolve", {}), ("battle_over", {}))
    eng.open_window(b)


def check_strike(eng: RangersStrikeEngine, plan: Plan) -> None:
    pid = plan.action["p"]
    unit = _just_entered(eng, plan, pid)
    if unit is None:
        return
    sp = eng.sp(unit)
    if sp < 1:
        plan.violate("RS-STRIKE", f"{eng.name(unit.card)} has SP {sp}: only SP 1 or more strikes.")
        return
    plan.data["unit"] = unit


def apply_strike(eng: RangersStrikeEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    unit = plan.data.get("unit")
    if unit is None:
        eng.ctx.cannot_verify("The strike could not be applied as recorded.")
        return
    st.entering = None
    b = Battle("strike", unit, pid, timing="struck")
    st.battle = b
    whom = " / ".join(eng.opponents(pid))
    eng.event(
        "strike",
        f"{pid}'s {eng.name(unit.card)} (SP {eng.sp(unit)}) strikes {whom}.",
        player=pid,
        card=unit.card,
    )
    eng.push(("strike_resolve", {}), ("battle_over", {}))
    eng.open_window(b)


# -- damage ---------------------------------------------------------------------------------------


def check_take_damage(eng: RangersStrikeEngine, plan: Plan) -> None:
    st = eng.state
    args = _head(eng)[1]
    player, amount = args["player"], args["amount"]
    ps = st.players[player]
    need = min(amount, len(ps.face_up()))
    refs = plan.action["cards"]
    if len(refs) != need:
        plan.violate(
            "RS-DAMAGE-CHOICE",
            f"{amount} damage: {player} turns {need} of its {len(ps.face_up())} face-up power "
            f"card{'s' if len(ps.face_up()) != 1 else ''} face down; the log names {len(refs)}.",
        )
    picks, problems = find_face_up(st, player, list(refs))
    for rule, msg in problems:
        plan.violate(rule, msg)
    plan.data["picks"] = picks[:need]


def apply_take_damage(eng: RangersStrikeEngine, plan: Plan) -> None:
    st = eng.state
    args = st.agenda.pop(0)[1]
    player = args["player"]
    picks = plan.data.get("picks", [])
    turned = eng.turn_face_down(player, picks)
    names = ", ".join(eng.name(c) for c in turned) or "nothing"
    eng.event(
        "take_damage",
        f"{player} turns {names} face down.",
        player=player,
        cards=turned,
    )
    eng.ctx.ruling(
        "RS-DAMAGE-CHOICE",
        f"{player}, the damaged player, chose which power cards to turn face down.",
    )


def check_assign_damage(eng: RangersStrikeEngine, plan: Plan) -> None:
    args = _head(eng)[1]
    to = plan.action["to"]
    if to not in args["team"]:
        plan.violate(
            "RST-STRIKE-ASSIGN",
            f"{to} is not in the damaged team ({', '.join(args['team'])}).",
        )
    elif to not in args["choices"]:
        plan.violate(
            "RST-STRIKE-ASSIGN",
            f"{to} can no longer continue play: the damage goes to "
            f"{' or '.join(args['choices'])} (rule option strike_to_out_player false).",
        )


def apply_assign_damage(eng: RangersStrikeEngine, plan: Plan) -> None:
    st = eng.state
    args = st.agenda.pop(0)[1]
    to = plan.action["to"]
    st_ = eng.state
    tid = st_.team_ids[st_.teams.index(tuple(args["team"]))] if st_.teams else ""
    _assign(eng, args, to, f"Team {tid} chose {to} ({plan.action['p']} recorded it)")


def _assign(eng: RangersStrikeEngine, args: dict[str, Any], to: str, why: str) -> None:
    st = eng.state
    tid = st.team_ids[st.teams.index(tuple(args["team"]))] if st.teams else ""
    eng.event(
        "assign_damage",
        f"Team {tid} assigns the {args['amount']} damage to {to}.",
        player=to,
        team=tid,
    )
    eng.ctx.ruling(
        "RST-STRIKE-ASSIGN",
        f"{why}: the damaged team, not the striker, chooses who takes the damage.",
    )
    eng.push(
        (
            "damage",
            {"player": to, "amount": args["amount"], "source": args["source"], "by": args["by"]},
        )
    )


# -- pending effects -------------------------------------------------------------------------------


def check_resolve(eng: RangersStrikeEngine, plan: Plan) -> None:
    cands = eng.pool.candidates()
    pe = choose_pending(eng, plan, cands, "RS-SIMULTANEOUS")
    if pe is None:
        return
    if plan.action.get("use") is not False and effects.supported(pe.effect):
        targets = list(plan.action.get("targets", []))
        _, problems = match_targets(eng, pe.controller, pe.effect, targets, _path(eng, "targets"))
        for rule, msg in problems:
            plan.violate(rule, msg)
    check_order(eng, plan, pe, cands, "RS-SIMULTANEOUS")


# -- the rest -------------------------------------------------------------------------------------


def check_proceed(eng: RangersStrikeEngine, plan: Plan) -> None:
    pass


def apply_proceed(eng: RangersStrikeEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    eng.event("phase", f"{pid} ends the {st.phase} phase.", player=pid, phase=st.phase)
    st.entering = None
    eng.push(("next_phase", {}))


def check_concede(eng: RangersStrikeEngine, plan: Plan) -> None:
    pass


def apply_concede(eng: RangersStrikeEngine, plan: Plan) -> None:
    pid = plan.action["p"]
    winner = eng.winner_against(pid)
    if len(eng.allies(pid)) > 1:
        message = f"{pid} concedes for its team: team {winner} wins."
    else:
        message = f"{pid} concedes: {winner} wins."
    eng.end_game(winner, "concede", "RS-CONCEDE", message)


CHECKS: dict[str, Checker] = {
    "first_player": check_first_player,
    "extra_draw": check_extra_draw,
    "charge": check_charge,
    "rush": check_rush,
    "use": check_use,
    "board": check_board,
    "enter": check_enter,
    "attack": check_attack,
    "strike": check_strike,
    "take_damage": check_take_damage,
    "assign_damage": check_assign_damage,
    "resolve": check_resolve,
    "proceed": check_proceed,
    "concede": check_concede,
}
APPLIES: dict[str, Checker] = {
    "first_player": apply_first_player,
    "extra_draw": apply_extra_draw,
    "charge": apply_charge,
    "rush": apply_rush,
    "use": apply_use,
    "board": apply_board,
    "enter": apply_enter,
    "attack": apply_attack,
    "strike": apply_strike,
    "take_damage": apply_take_damage,
    "assign_damage": apply_assign_damage,
    "resolve": apply_resolve,
    "proceed": apply_proceed,
    "concede": apply_concede,
}


# -- decisions the log skipped --------------------------------------------------------------------


def close_window(eng: RangersStrikeEngine) -> None:
    """No counter was used after all (the one recorded was illegal and skipped): the attack
    or strike resolves (RS-COUNTER)."""
    st = eng.state
    args = st.agenda.pop(0)[1]
    b = st.battle
    what = f"{b.kind} of {eng.name(b.attacker.card)}" if b else "attack"
    eng.ctx.ruling(
        "RS-COUNTER",
        f"{' or '.join(args['players'])} could answer the {what} with a counter; the log records "
        "none, so none was used and it resolves.",
    )


def fill_missing(eng: RangersStrikeEngine, action: dict[str, Any]) -> None:
    """Apply documented defaults for decisions the log omitted before ``action``."""
    kind, p = action["do"], action.get("p")
    window, eng.window = eng.window, None
    if window is not None and kind == "use" and p in window["players"]:
        code = ref_code(eng.state, action.get("card"))
        d = eng.state.defs.get(code) if isinstance(code, str) else None
        if d is not None and d.operation == "counter":
            eng.restore_window(window)
            eng.ctx.ruling(
                "RS-COUNTER",
                f"{p} answers the {window['what']} with a counter, before it resolves: what "
                "the previous step showed of its resolution is undone, and it resolves after "
                "the counter.",
            )
            eng.event(
                "counter_window",
                f"Back to the {window['what']}, before it resolved: {p} uses a counter.",
                player=p,
            )
    st = eng.state
    if kind == "concede":
        return
    for _ in range(64):
        if st.phase == "over":
            return
        if eng.pool:
            if kind == "resolve":
                return
            pe = resolve_by_default(eng, "RS-CHOICE-RECORDED")
            supported = effects.supported(pe.effect)
            if supported and not pe.effect.get("optional"):
                eng.run_effect(pe, [], True)
            eng.advance()
            continue
        op, args = _head(eng)
        if op == "wait_window":
            if kind == "use" and p in args["players"]:
                return
            close_window(eng)
            eng.advance()
            continue
        if op == "wait_take_damage":
            if kind == "take_damage":
                return
            player, amount = args["player"], args["amount"]
            ps = st.players[player]
            ups = [i for i, pc in enumerate(ps.power) if pc.face_up]
            picks = [(i, None) for i in ups[:amount]]
            st.agenda.pop(0)
            turned = eng.turn_face_down(player, picks)
            if len(ups) > amount:
                eng.ctx.ruling(
                    "RS-CHOICE-RECORDED",
                    f"{player} had to choose which {amount} of its {len(ups)} face-up power "
                    "cards to turn face down; the log records no `take_damage`: the engine "
                    "turned the first ones in the zone.",
                )
                eng.ctx.cannot_verify(f"missing `take_damage` choice by {player}")
            else:
                eng.ctx.ruling(
                    "RS-DAMAGE-CHOICE",
                    f"The log records no `take_damage`; {player} had {len(ups)} face-up power "
                    f"card{'s' if len(ups) != 1 else ''} for {amount} damage, so there was only "
                    "one choice: all of them.",
                )
            eng.event(
                "take_damage",
                f"{player} turns {', '.join(eng.name(c) for c in turned)} face down.",
                player=player,
                cards=turned,
            )
            eng.advance()
            continue
        if op == "wait_assign":
            if kind == "assign_damage":
                return
            st.agenda.pop(0)
            choices = args["choices"]
            to = choices[0]
            if len(choices) > 1:
                eng.ctx.ruling(
                    "RS-CHOICE-RECORDED",
                    f"Team {', '.join(args['team'])} had to choose who takes the damage; the log "
                    f"records no `assign_damage`: the engine gives it to the leader, {to}.",
                )
                eng.ctx.cannot_verify(f"missing `assign_damage` by {' or '.join(args['team'])}")
                _assign(eng, args, to, f"By default {to} (the leader) takes it")
            else:
                _assign(eng, args, to, f"Only {to} could take it")
            eng.advance()
            continue
        return
