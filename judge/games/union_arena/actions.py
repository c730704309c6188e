"""One handler per Union Arena action kind: ``check`` judges, ``apply`` carries out.

``check`` never changes the state; it returns a :class:`~judge.core.engine.Plan` with the
violations found and what it resolved (instances, targets, costs) for ``apply``.  When the
runner applies an illegal action as played (``on_illegal=apply``), ``apply`` does what is
physically possible: it pays what can be paid and moves what can be moved.

``fill_missing`` handles decisions the contract requires but the log skipped (a block
decision, a trigger choice, an order of effects): the engine applies its documented default
(no block, trigger not used, effects in the order they were triggered, …) and marks the
step ``unverifiable`` unless the rules leave only one possibility (rule
``UA-CHOICE-RECORDED``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from judge.core.engine import Plan
from judge.core.timing import apply_resolve, check_order, choose_pending, resolve_by_default
from judge.games.union_arena import effects
from judge.games.union_arena.refs import (
    Take,
    do_take,
    find_in_zone,
    find_many_in_zone,
    find_unit,
    is_instance,
    take_many,
)
from judge.games.union_arena.resolve import check_effect_targets, check_trigger, run_trigger
from judge.games.union_arena.state import LINE_LIMIT, Battle

if TYPE_CHECKING:
    from judge.games.union_arena.engine import UnionArenaEngine

Checker = Callable[["UnionArenaEngine", Plan], None]


# -- the entry points ---------------------------------------------------------------------------


def check(eng: UnionArenaEngine, action: dict[str, Any]) -> Plan:
    kind, p = action["do"], action["p"]
    plan = Plan(action, kind)
    st = eng.state
    if st.phase == "over":
        plan.violate("UA-PHASE", f"The game is over ({st.reason}); no decision can follow.")
        return plan
    if kind == "concede":
        return plan
    who, kinds = eng.awaiting()
    if kind not in kinds:
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
        return plan
    CHECKS[kind](eng, plan)
    return plan


def apply(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    if plan.kind != "concede" and plan.action["p"] == st.turn_player and plan.kind != "extra_draw":
        st.extra_draw_open = False
    APPLIES[plan.kind](eng, plan)


# -- setup ----------------------------------------------------------------------------------------


def check_first_player(eng: UnionArenaEngine, plan: Plan) -> None:
    eng.ctx.ruling(
        "UA-SETUP-FIRST",
        f"{plan.action['p']} won rock-paper-scissors and chose {plan.action['first']} to go first.",
    )


def apply_first_player(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    st.agenda.pop(0)
    st.first = plan.action["first"]
    second = st.other(st.first)
    for pid in (st.first, second):
        eng.draw(pid, 7, why=" (opening hand)")
    eng.ctx.ruling("UA-SETUP-HAND", "Each player draws 7 cards.")
    eng.push(
        ("wait_mulligan", {"player": st.first}),
        ("wait_mulligan", {"player": second}),
        ("setup_after_mulligans", {}),
    )


def check_mulligan(eng: UnionArenaEngine, plan: Plan) -> None:
    pass  # who may decide is checked by the agenda: first player, then second, once each


def apply_mulligan(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    st.agenda.pop(0)
    pid = plan.action["p"]
    ps = st.players[pid]
    ps.mulliganed = bool(plan.action["redraw"])
    if not ps.mulliganed:
        eng.event("mulligan", f"{pid} keeps the opening hand.", player=pid, redraw=False)
        return
    old = ps.hand
    ps.hand = []
    eng.event(
        "mulligan",
        f"{pid} takes a mulligan: the hand goes to the bottom of the deck.",
        player=pid,
        redraw=True,
    )
    ps.deck.extend(old)
    eng.draw(pid, 7, why=" (mulligan)")
    eng.shuffle(pid)
    eng.ctx.ruling(
        "UA-SETUP-MULLIGAN", f"{pid} put its hand at the bottom of the deck, drew 7 and shuffled."
    )


# -- start and movement phase ---------------------------------------------------------------------


def check_extra_draw(eng: UnionArenaEngine, plan: Plan) -> None:
    ps = eng.state.players[plan.action["p"]]
    if ps.active_ap() < 1:
        plan.violate("UA-START-EXTRA-DRAW", "The extra draw costs 1 AP; no AP card is active.")
    if not ps.deck:
        plan.violate("UA-START-EXTRA-DRAW", "The deck is empty: there is nothing to draw.")


def apply_extra_draw(eng: UnionArenaEngine, plan: Plan) -> None:
    pid = plan.action["p"]
    eng.state.extra_draw_open = False
    eng.pay_ap(pid, 1)
    eng.draw(pid, 1, why=" (extra draw)")
    eng.ctx.ruling("UA-START-EXTRA-DRAW", f"{pid} paid 1 AP for the extra draw.")


def check_move(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    ps = st.players[pid]
    if st.moved:
        plan.violate(
            "UA-MOVE-ONCE",
            f"The movement phase's moves are one simultaneous decision; {pid} has already moved.",
        )
    resolved: dict[str, list[Any]] = {"cards": [], "step_back": [], "remove": []}
    seen: set[int] = set()
    for field in ("cards", "step_back", "remove"):
        for i, ref in enumerate(plan.action.get(field, [])):
            found = find_unit(st, ref, f"actions[{eng.ctx.index}].{field}[{i}]", owner=pid)
            if found is None:
                plan.violate("UA-CARD-IN-ZONE", f"{ref} is not on {pid}'s field.")
                continue
            _, line, unit = found
            if id(unit) in seen:
                plan.violate("UA-MOVE-EL-FL", f"{unit.top} is named twice.")
                continue
            seen.add(id(unit))
            d = st.card(unit.top)
            if field == "cards":
                if d.type != "character":
                    plan.violate(
                        "UA-MOVE-EL-FL", f"{eng.name(unit.top)} is a field card: fields never move."
                    )
                elif line != "energy_line":
                    plan.violate(
                        "UA-MOVE-EL-FL",
                        f"{eng.name(unit.top)} is already in the front line; "
                        "characters move from the energy line to the front line only.",
                    )
            elif field == "step_back":
                if line != "front_line":
                    plan.violate("UA-MOVE-STEP", f"{eng.name(unit.top)} is not in the front line.")
                elif not st.has(unit, "step"):
                    plan.violate(
                        "UA-MOVE-STEP",
                        f"{eng.name(unit.top)} has no Step: it cannot move from the "
                        "front line to the energy line.",
                    )
            resolved[field].append((line, unit))
    fl = len(ps.front_line) + len(resolved["cards"]) - len(resolved["step_back"])
    el = len(ps.energy_line) - len(resolved["cards"]) + len(resolved["step_back"])
    rem_fl = [u for line, u in resolved["remove"] if line == "front_line"]
    rem_el = [u for line, u in resolved["remove"] if line == "energy_line"]
    for line_name, count, removed in (("front line", fl, rem_fl), ("energy line", el, rem_el)):
        needed = max(0, count - LINE_LIMIT)
        if len(removed) < needed:
            plan.violate(
                "UA-MOVE-FULL",
                f"After the move {pid}'s {line_name} would hold {count} cards; "
                f"{needed} must first go to the removal area (the log removes {len(removed)}).",
            )
        elif len(removed) > needed:
            plan.violate(
                "UA-MOVE-FULL",
                f"Cards go to the removal area only to make room: {pid}'s {line_name} "
                f"needs {needed} removed, the log removes {len(removed)}.",
            )
    moving = {id(u) for _, u in resolved["cards"] + resolved["step_back"]}
    for _, u in resolved["remove"]:
        if st.card(u.top).type != "character":
            plan.violate(
                "UA-MOVE-FULL",
                f"{eng.name(u.top)} is a field: the cards removed to make room are characters.",
            )
        if id(u) in moving:
            plan.violate("UA-MOVE-FULL", f"{u.top} cannot both move and go to the removal area.")
    plan.data.update(resolved)


def apply_move(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    ps = st.players[pid]
    st.moved = True
    for _, unit in plan.data["remove"]:
        eng.leave_field(pid, unit, "removal", retire=False)
    ups = [u for _, u in plan.data["cards"] if u in ps.energy_line]
    downs = [u for _, u in plan.data["step_back"] if u in ps.front_line]
    for u in ups:
        ps.energy_line.remove(u)
    for u in downs:
        ps.front_line.remove(u)
    ps.front_line.extend(ups)
    ps.energy_line.extend(downs)
    if ups or downs:
        bits = [f"{', '.join(u.top for u in ups)} to the front line"] if ups else []
        bits += [f"{', '.join(u.top for u in downs)} to the energy line (Step)"] if downs else []
        eng.event(
            "move",
            f"{pid} moves {' and '.join(bits)}.",
            player=pid,
            up=[u.top for u in ups],
            down=[u.top for u in downs],
        )
        if downs:
            eng.ctx.ruling(
                "UA-MOVE-STEP", "Characters with Step moved from the front line to the energy line."
            )
    else:
        eng.event("move", f"{pid} moves nothing.", player=pid, up=[], down=[])


# -- main phase -----------------------------------------------------------------------------------


def _check_cost(eng: UnionArenaEngine, plan: Plan, pid: str, iid: str) -> None:
    st = eng.state
    d = st.card(iid)
    have = st.energy(pid)
    for colour, n in sorted(d.energy.items()):
        if have.get(colour, 0) < n:
            plan.violate(
                "UA-ENERGY",
                f"{eng.name(iid)} needs {n} {colour} energy; {pid}'s energy line "
                f"generates {have.get(colour, 0)} {colour}.",
            )
    active = st.players[pid].active_ap()
    if active < d.ap:
        plan.violate(
            "UA-AP-COST",
            f"{eng.name(iid)} costs {d.ap} AP; {pid} has {active} active AP card"
            f"{'s' if active != 1 else ''}.",
        )


def _check_effect_targets(
    eng: UnionArenaEngine,
    plan: Plan,
    pid: str,
    iid: str,
    when: str,
    raided: bool,
    index: int | None = None,
) -> None:
    """Targets recorded on a play/raid/activate action, checked against the card's text."""
    if "targets" not in plan.action:
        return
    d = eng.state.card(iid)
    effs = [e for e in d.effects if e.get("when") == when and (raided or not e.get("raid_only"))]
    if index is not None:
        effs = effs[index : index + 1]
    path = f"actions[{eng.ctx.index}].targets"
    targets = plan.action["targets"]
    for rule, msg in check_effect_targets(eng, pid, effs, targets, path, leaving=iid):
        plan.violate(rule, msg)


def _from_hand(eng: UnionArenaEngine, plan: Plan) -> Take | None:
    """The card a play or raid names in the acting player's hand, or None (violation noted)."""
    take, err = find_in_zone(eng.state, plan.action["p"], "hand", plan.action["card"])
    if err:
        plan.violate(*err)
    return take


def check_play(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    take = _from_hand(eng, plan)
    if take is None:
        return
    iid = take.iid
    d = st.card(iid)
    to = plan.action.get("to")
    if d.type == "character":
        if to not in ("front_line", "energy_line"):
            plan.violate(
                "UA-CHAR-LINES",
                f"{eng.name(iid)} is a character: the play must name front_line or energy_line.",
            )
    elif d.type == "field":
        if to not in (None, "energy_line"):
            plan.violate(
                "UA-FIELD-EL",
                f"{eng.name(iid)} is a field: fields can only be played to the energy line.",
            )
        to = "energy_line"
    elif d.type == "event":
        if to is not None:
            plan.violate(
                "UA-EVENT", f"{eng.name(iid)} is an event: it is used, not put on the field."
            )
        to = None
    else:
        plan.violate("UA-CARD-TYPES", f"{eng.name(iid)} is an AP card and cannot be played.")
        return
    _check_cost(eng, plan, pid, iid)
    removes = []
    for i, ref in enumerate(plan.action.get("remove", [])):
        found = find_unit(st, ref, f"actions[{eng.ctx.index}].remove[{i}]", owner=pid)
        if found is None or (to and found[1] != to):
            plan.violate("UA-LINE-LIMIT", f"{ref} is not in {pid}'s {str(to).replace('_', ' ')}.")
            continue
        removes.append(found[2])
    if to in ("front_line", "energy_line"):
        count = len(st.players[pid].line(to))
        if count - len(removes) >= LINE_LIMIT:
            plan.violate(
                "UA-LINE-LIMIT",
                f"{pid}'s {to.replace('_', ' ')} already holds {count} cards: "
                f"{count - LINE_LIMIT + 1} must go to the removal area first.",
            )
        elif removes and count - len(removes) + 1 < LINE_LIMIT:
            plan.violate(
                "UA-LINE-LIMIT",
                f"Cards go to the removal area only to make room in a full line; "
                f"{pid}'s {to.replace('_', ' ')} holds {count}.",
            )
    elif plan.action.get("remove"):
        plan.violate(
            "UA-EVENT", "An event is not put on the field: nothing is removed to make room."
        )
    _check_effect_targets(eng, plan, pid, iid, "on_play", raided=False)
    plan.data.update(take=take, to=to, removes=removes)


def apply_play(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    take = plan.data.get("take")
    if take is None:
        eng.ctx.cannot_verify("The card could not be played as recorded: it is not in the hand.")
        return
    d_ap = st.card(take.iid).ap
    for unit in plan.data["removes"]:
        eng.leave_field(pid, unit, "removal", retire=False)
    iid = do_take(st, pid, take)
    d = st.card(iid)
    eng.pay_ap(pid, d_ap)
    to = plan.data["to"]
    targets = plan.action.get("targets")
    if to is None:
        eng.event("play", f"{pid} uses the event {eng.name(iid)}.", player=pid, card=iid)
        eng.fire(None, "on_play", pid, card=iid, targets=targets)
        eng.push(("event_done", {"player": pid, "card": iid}))
        return
    unit = eng.new_unit([iid], rested=True)
    st.players[pid].line(to).append(unit)
    eng.event(
        "play",
        f"{pid} plays {eng.name(iid)} to the {to.replace('_', ' ')}, rested.",
        player=pid,
        card=iid,
        to=to,
    )
    if any(e.get("raid_only") for e in d.effects):
        eng.ctx.ruling(
            "UA-RAID-ONLY",
            f"{eng.name(iid)} was played normally: its raid-only text has no effect.",
        )
    eng.fire(unit, "on_play", pid, targets=targets)


def check_raid(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    take = _from_hand(eng, plan)
    if take is None:
        return
    d = st.card(take.iid)
    if not d.raid:
        plan.violate("UA-RAID", f"{eng.name(take.iid)} has no raid.")
        return
    found = find_unit(st, plan.action["onto"], f"actions[{eng.ctx.index}].onto", owner=pid)
    if found is None:
        plan.violate(
            "UA-CARD-IN-ZONE",
            f"{plan.action['onto']} is not on {pid}'s field: a raid base is your character there.",
        )
        return
    _, line, base = found
    bd = st.card(base.top)
    if bd.type != "character" or not d.raid_matches(bd):
        onto = d.raid.get("onto", {})
        want = f"<{onto['name']}>" if "name" in onto else f"[{onto.get('trait')}]"
        plan.violate(
            "UA-RAID", f"{eng.name(take.iid)} raids onto {want}; {eng.name(base.top)} is not one."
        )
    if bd.raid:
        plan.violate(
            "UA-RAID-BASE", f"{eng.name(base.top)} has raid itself and cannot be a raid base."
        )
    _check_cost(eng, plan, pid, take.iid)
    if (
        plan.action.get("to_front_line")
        and line == "energy_line"
        and len(st.players[pid].front_line) >= LINE_LIMIT
    ):
        plan.violate(
            "UA-LINE-LIMIT", f"{pid}'s front line is full: the raided character cannot move there."
        )
    _check_effect_targets(eng, plan, pid, take.iid, "on_play", raided=True)
    plan.data.update(take=take, base=base, line=line)


def apply_raid(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    take, base = plan.data.get("take"), plan.data.get("base")
    if take is None or base is None:
        eng.ctx.cannot_verify("The raid could not be applied as recorded.")
        return
    iid = do_take(st, pid, take)
    eng.pay_ap(pid, st.card(iid).ap)
    under = base.top
    base.cards.append(iid)
    base.raided = True
    base.mods.clear()
    base.used.clear()
    was_rested = base.rested
    base.rested = False
    moved = False
    ps = st.players[pid]
    if (
        plan.action.get("to_front_line")
        and base in ps.energy_line
        and len(ps.front_line) < LINE_LIMIT
    ):
        ps.energy_line.remove(base)
        ps.front_line.append(base)
        moved = True
    eng.event(
        "raid",
        f"{pid} raids {eng.name(iid)} onto {eng.name(under)}"
        + (", which becomes active" if was_rested else "")
        + (" and moves to the front line" if moved else "")
        + ".",
        player=pid,
        card=iid,
        onto=under,
    )
    eng.ctx.ruling(
        "UA-RAID-PROCEDURE",
        "Raid: stacked on top; the base lost its own and received effects; "
        + ("it became active; " if was_rested else "")
        + ("it moved to the front line; " if moved else "")
        + "raid-only text is active.",
    )
    eng.fire(base, "on_play", pid, targets=plan.action.get("targets"))


def _activated(eng: UnionArenaEngine, iid: str) -> list[tuple[int, dict[str, Any]]]:
    return [
        (i, e)
        for i, e in enumerate(eng.state.card(iid).effects)
        if e.get("when") == "activate_main"
    ]


def check_activate(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    found = find_unit(st, plan.action["card"], f"actions[{eng.ctx.index}].card", owner=pid)
    if found is None:
        plan.violate("UA-CARD-IN-ZONE", f"{plan.action['card']} is not on {pid}'s field.")
        return
    _, _, unit = found
    abilities = _activated(eng, unit.top)
    n = plan.action["ability"]
    if n > len(abilities):
        plan.violate(
            "UA-ACTIVATE",
            f"{eng.name(unit.top)} has {len(abilities)} activated effect"
            f"{'s' if len(abilities) != 1 else ''}; the log uses number {n}.",
        )
        return
    index, effect = abilities[n - 1]
    if effect.get("raid_only") and not unit.raided:
        plan.violate(
            "UA-RAID-ONLY",
            f"{eng.name(unit.top)} was not raided: its raid-only effect cannot be used.",
        )
    if effect.get("once_per_turn") and index in unit.used:
        plan.violate(
            "UA-ACTIVATE-ONCE",
            f"{eng.name(unit.top)} already used this once-per-turn effect this turn.",
        )
    cost = effect.get("cost", {})
    if cost.get("rest_self") and unit.rested:
        plan.violate(
            "UA-ACTIVATE", f"The cost rests {eng.name(unit.top)}, which is already rested."
        )
    if st.players[pid].active_ap() < int(cost.get("ap", 0)):
        plan.violate(
            "UA-AP-COST",
            f"The cost is {cost['ap']} AP; {pid} has {st.players[pid].active_ap()} active.",
        )
    given = (plan.action.get("costs") or {}).get("discard", [])
    if len(given) != int(cost.get("discard", 0)):
        plan.violate(
            "UA-ACTIVATE",
            f"The cost puts {int(cost.get('discard', 0))} hand card(s) into the outside "
            f"area; the log names {len(given)}.",
        )
    discards, problems = find_many_in_zone(st, pid, "hand", given)
    for rule, msg in problems:
        plan.violate(rule, msg)
    if "targets" in plan.action:
        path = f"actions[{eng.ctx.index}].targets"
        for rule, msg in check_effect_targets(eng, pid, [effect], plan.action["targets"], path):
            plan.violate(rule, msg)
    plan.data.update(unit=unit, index=index, effect=effect, discards=discards)


def apply_activate(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    unit = plan.data.get("unit")
    if unit is None or "effect" not in plan.data:
        eng.ctx.cannot_verify("The activated effect could not be applied as recorded.")
        return
    effect = plan.data["effect"]
    cost = effect.get("cost", {})
    if cost.get("rest_self"):
        unit.rested = True
    if cost.get("ap"):
        eng.pay_ap(pid, int(cost["ap"]))
    st.players[pid].outside.extend(take_many(st, pid, plan.data["discards"]))
    unit.used.add(plan.data["index"])
    eng.event(
        "activate_effect",
        f"{pid} uses {eng.name(unit.top)}'s activated effect {plan.action['ability']}.",
        player=pid,
        card=unit.top,
    )
    eng.pool.add(
        pid,
        unit.top,
        effect,
        plan.data["index"],
        "activate_main",
        unit=unit,
        targets=plan.action.get("targets"),
    )
    if cost.get("retire_self"):
        eng.retire(pid, unit)


# -- pending effects -------------------------------------------------------------------------------


def check_resolve(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    cands = eng.pool.candidates()
    pe = choose_pending(eng, plan, cands, "UA-SIMULTANEOUS")
    if pe is None:
        return
    if plan.action.get("use") is not False and effects.supported(pe.effect):
        path = f"actions[{eng.ctx.index}].targets"
        targets = plan.action.get("targets", [])
        for rule, msg in check_effect_targets(eng, pe.controller, [pe.effect], targets, path):
            plan.violate(rule, msg)
    if len({p.controller for p in eng.pool.items}) > 1:
        other = st.other(pe.controller)
        eng.ctx.ruling(
            "UA-SIMULTANEOUS",
            f"Effects of both players were waiting: the turn player {st.turn_player} resolves all "
            f"of theirs first, in their order; then {other if pe.controller == st.turn_player else pe.controller}.",
        )
    check_order(eng, plan, pe, cands, "UA-SIMULTANEOUS")


# -- attack phase ----------------------------------------------------------------------------------


def check_attack(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    if eng.options.get("first_turn_no_attack") and st.turn == 1:
        plan.violate(
            "UA-ATK-FIRST-TURN",
            "With the rule option first_turn_no_attack, the first player cannot attack on turn 1.",
        )
    found = find_unit(st, plan.action["card"], f"actions[{eng.ctx.index}].card", owner=pid)
    if found is None or found[1] != "front_line":
        plan.violate(
            "UA-ATK-ATTACKER",
            f"{plan.action['card']} is not in {pid}'s front line: only front-line "
            "characters attack.",
        )
        return
    unit = found[2]
    if st.card(unit.top).type != "character":
        plan.violate("UA-ATK-ATTACKER", f"{eng.name(unit.top)} is not a character.")
    if unit.rested:
        why = " (it entered the field rested this turn)" if unit.entered_turn == st.turn else ""
        plan.violate(
            "UA-ATK-ATTACKER",
            f"{eng.name(unit.top)} is rested{why}: only an active character attacks.",
        )
    target = plan.action["target"]
    tunit = None
    if target != "player":
        opp = st.other(pid)
        tfound = find_unit(st, target, f"actions[{eng.ctx.index}].target", owner=opp)
        if not st.has(unit, "snipe"):
            plan.violate(
                "UA-ATK-TARGET",
                f"Only {opp} can be the attack target; {eng.name(unit.top)} has no Snipe.",
            )
        elif tfound is None or tfound[1] != "front_line":
            plan.violate("UA-KW-SNIPE", f"{target} is not a character in {opp}'s front line.")
        else:
            tunit = tfound[2]
    plan.data.update(unit=unit, target=tunit)


def apply_attack(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    unit = plan.data.get("unit")
    if unit is None:
        eng.ctx.cannot_verify("The attack could not be applied as recorded: no such attacker.")
        return
    unit.rested = True
    unit.attacks += 1
    opp = st.other(pid)
    tunit = plan.data["target"]
    st.battle = Battle(attacker=unit, attacker_player=pid, defender_player=opp, target=tunit)
    what = f"{eng.name(tunit.top)}" if tunit else opp
    eng.event(
        "attack",
        f"{pid} attacks {what} with {eng.name(unit.top)} (rested).",
        player=pid,
        card=unit.top,
        target=tunit.top if tunit else "player",
    )
    if tunit:
        eng.ctx.ruling(
            "UA-KW-SNIPE", f"{eng.name(unit.top)} has Snipe: it attacks {eng.name(tunit.top)}."
        )
    eng.fire(unit, "on_attack", pid)
    eng.push(
        ("wait_block", {"player": opp}), ("after_block", {}), ("battle", {}), ("battle_end", {})
    )


def blockers(eng: UnionArenaEngine, pid: str) -> list[Any]:
    st = eng.state
    return [
        u for u in st.players[pid].front_line if not u.rested and st.card(u.top).type == "character"
    ]


def check_block(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    ref = plan.action["card"]
    if ref is None:
        plan.data["unit"] = None
        return
    found = find_unit(st, ref, f"actions[{eng.ctx.index}].card", owner=pid)
    if found is None or found[1] != "front_line":
        plan.violate(
            "UA-BLOCK", f"{ref} is not in {pid}'s front line: only front-line characters block."
        )
        return
    unit = found[2]
    if unit.rested:
        plan.violate(
            "UA-BLOCK", f"{eng.name(unit.top)} is rested: only an active character blocks."
        )
    plan.data["unit"] = unit


def apply_block(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    st.agenda.pop(0)
    b = st.battle
    unit = plan.data.get("unit")
    if b is None:
        return
    if unit is None:
        b.blocked = False
        eng.event(
            "block", f"{plan.action['p']} does not block.", player=plan.action["p"], card=None
        )
        return
    unit.rested = True
    unit.blocks += 1
    b.blocker, b.target, b.blocked = unit, unit, True
    eng.event(
        "block",
        f"{plan.action['p']} blocks with {eng.name(unit.top)} (rested); it becomes the attack "
        "target.",
        player=plan.action["p"],
        card=unit.top,
    )


# -- damage ------------------------------------------------------------------------------------------


def check_pick_life(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    d = st.damage
    assert d is not None
    ps = st.players[d.player]
    picks = plan.action["cards"]
    if len(set(picks)) != len(picks):
        plan.violate("UA-DMG-PICK", "A life card is picked twice.")
    bad = [n for n in picks if n > len(ps.life)]
    if bad:
        plan.violate(
            "UA-DMG-PICK",
            f"{d.player} has {len(ps.life)} life cards; position(s) "
            f"{', '.join(map(str, bad))} do not exist.",
        )
    if len(picks) != d.amount:
        plan.violate(
            "UA-DMG-PICK",
            f"The damage is {d.amount}: {d.by} picks {d.amount} life card"
            f"{'s' if d.amount != 1 else ''}; the log picks {len(picks)}.",
        )
    reveal = plan.action.get("reveal")
    if reveal is not None and len(reveal) != len(picks):
        plan.violate(
            "UA-REVEAL", f"The log reveals {len(reveal)} codes for {len(picks)} picked cards."
        )
    if plan.violations:
        return
    binds: list[tuple[int, str | None]] = []
    unseen_left = {c: list(v) for c, v in ps.unseen.items()}
    for k, pos in enumerate(picks):
        slot = ps.life[pos - 1]
        code = reveal[k] if reveal is not None else None
        if slot is not None:
            if code is not None and st.code_of[slot] != code:
                plan.violate(
                    "UA-REVEAL",
                    f"Life position {pos} holds {eng.name(slot)}; the log reveals {code}.",
                )
            binds.append((pos, slot))
        elif code is None:
            binds.append((pos, None))
        else:
            pool = unseen_left.get(code, [])
            if not pool:
                plan.violate(
                    "UA-REVEAL",
                    f"No copy of {code} can be in {d.player}'s life: every copy is known "
                    "to be elsewhere.",
                )
                continue
            binds.append((pos, pool.pop(0)))
    plan.data["binds"] = binds


def apply_pick_life(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    st.agenda.pop(0)
    d = st.damage
    assert d is not None
    ps = st.players[d.player]
    binds = plan.data.get("binds") or [
        (n, ps.life[n - 1] if n <= len(ps.life) else None)
        for n in plan.action["cards"]
        if n <= len(ps.life)
    ]
    cards: list[str | None] = []
    for pos, iid in binds:
        if iid is not None and ps.life[pos - 1] is None:
            from judge.games.union_arena.refs import bind

            bind(st, d.player, iid)
            ps.life[pos - 1] = iid
        cards.append(ps.life[pos - 1])
    for pos in sorted((p for p, _ in binds), reverse=True):
        ps.life.pop(pos - 1)
    d.turned = cards
    names = ", ".join(eng.name(c) for c in cards)
    eng.event(
        "life_turned",
        f"{d.by} picks {d.player}'s life card(s) at position(s) "
        f"{', '.join(str(p) for p, _ in binds)}; turned face up: {names}.",
        player=d.player,
        cards=cards,
        positions=[p for p, _ in binds],
    )
    eng.ctx.ruling(
        "UA-DMG-PICK", f"{d.by}, the attacking player, picks which life cards take the damage."
    )
    if any(c is None for c in cards):
        eng.ctx.cannot_verify(
            "Observed mode: the log does not reveal the turned life cards, so their "
            "triggers cannot be checked."
        )
    for c in cards:
        if c is not None and st.card(c).trigger:
            d.triggers.append(c)
        else:
            ps.outside.append(c)
    if d.triggers:
        eng.ctx.ruling(
            "UA-DMG-TRIGGERS",
            f"{d.player} may use the triggers of "
            f"{', '.join(d.triggers)} in any order; each card then goes to the outside area.",
        )


def check_trigger_action(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    d = st.damage
    assert d is not None
    ref = plan.action["card"]
    code = (
        st.code_of.get(ref)
        if is_instance(st, ref)
        else (ref["code"] if isinstance(ref, dict) else ref)
    )
    match = [c for c in d.triggers if c == ref or st.code_of[c] == code]
    if not match:
        plan.violate(
            "UA-DMG-TRIGGERS",
            f"{ref} is not one of the turned life cards waiting with a trigger "
            f"({', '.join(d.triggers)}).",
        )
        return
    iid = match[0]
    plan.data["card"] = iid
    if plan.action["use"]:
        chosen, problems = check_trigger(eng, d.player, iid, list(plan.action.get("targets", [])))
        for rule, msg in problems:
            plan.violate(rule, msg)
        plan.data["chosen"] = chosen


def apply_trigger(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    st.agenda.pop(0)
    d = st.damage
    assert d is not None
    iid = plan.data.get("card")
    if iid is None:
        return
    d.triggers.remove(iid)
    ps = st.players[d.player]
    dest = "outside"
    if plan.action["use"]:
        eng.event(
            "trigger",
            f"{d.player} uses the {st.card(iid).trigger.upper()} trigger of {eng.name(iid)}.",
            player=d.player,
            card=iid,
            use=True,
        )
        dest = run_trigger(eng, d.player, iid, plan.data.get("chosen") or [])
    else:
        eng.event(
            "trigger",
            f"{d.player} does not use the trigger of {eng.name(iid)}.",
            player=d.player,
            card=iid,
            use=False,
        )
    if dest == "hand":
        ps.hand.append(iid)
    elif dest == "outside":
        ps.outside.append(iid)


# -- end phase and the rest ------------------------------------------------------------------------


def check_discard(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    n = st.agenda[0][1]["n"]
    refs = plan.action["cards"]
    if len(refs) != n:
        plan.violate(
            "UA-END-HAND-LIMIT",
            f"{pid} must put {n} card(s) into the removal area to keep 8; the "
            f"log names {len(refs)}.",
        )
    takes, problems = find_many_in_zone(st, pid, "hand", refs)
    for rule, msg in problems:
        plan.violate(rule, msg)
    plan.data["takes"] = takes


def apply_discard(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    st.agenda.pop(0)
    pid = plan.action["p"]
    ps = st.players[pid]
    removed = take_many(st, pid, plan.data.get("takes", []))
    ps.removal.extend(removed)
    eng.event(
        "hand_limit",
        f"{pid} puts {', '.join(eng.name(c) for c in reversed(removed))} into the removal "
        "area (hand limit 8).",
        player=pid,
        cards=removed,
    )


def check_proceed(eng: UnionArenaEngine, plan: Plan) -> None:
    pass


def apply_proceed(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    if st.phase == "movement":
        if not st.moved:
            eng.event("phase", f"{pid} ends the movement phase.", player=pid)
        st.phase = "main"
    elif st.phase == "main":
        eng.event("phase", f"{pid} ends the main phase.", player=pid)
        st.phase = "attack"
    elif st.phase == "attack":
        eng.event("phase", f"{pid} ends the attack phase.", player=pid)
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
}


# -- decisions the log skipped ------------------------------------------------------------------------


def fill_missing(eng: UnionArenaEngine, action: dict[str, Any]) -> None:
    """Apply documented defaults for required decisions the log omitted before ``action``."""
    st = eng.state
    kind = action["do"]
    if kind == "concede":
        return
    for _ in range(64):
        if st.phase == "over":
            return
        who, kinds = eng.awaiting()
        if not kinds or kind in kinds:
            return
        if eng.pool:
            pe = resolve_by_default(eng, "UA-CHOICE-RECORDED")
            if (
                effects.supported(pe.effect)
                and not effects.needs_choice(pe.effect)
                or effects.supported(pe.effect)
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
        if op in ("wait_pick", "wait_discard", "wait_mulligan", "wait_first_player"):
            # the engine cannot infer which cards; leave it to the action's own check (UA-PHASE)
            return
        return
