"""Union Arena action handlers of the main phase: playing a card, raiding, activating.

Costs (energy, AP), the card's own play requirements and its effect targets are checked
here.  Dispatched from :mod:`judge.games.union_arena.actions`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.engine import Plan
from judge.core.wording import plural
from judge.games.union_arena import (
    apcost,
    conditions,
    facedown,
    nextap,
    once_name,
    only_if,
    raid_only,
    rested_by,
    this_turn,
)
from judge.games.union_arena.defmemo import triggers
from judge.games.union_arena.refs import (
    Take,
    do_take,
    find_in_zone,
    find_many_in_zone,
    find_unit,
    ref_text,
    take_many,
)
from judge.games.union_arena.state import LINE_LIMIT
from judge.games.union_arena.targets import Entering, check_effect_targets

if TYPE_CHECKING:
    from judge.games.union_arena.engine import UnionArenaEngine


# -- main phase -----------------------------------------------------------------------------------


def _check_cost(
    eng: UnionArenaEngine, plan: Plan, pid: str, iid: str, gone: tuple[str, ...] = ()
) -> None:
    """The play's energy and AP (``UA-ENERGY``, ``UA-AP-COST``); the AP to pay goes in
    ``plan.data["ap"]``.  ``gone``: the cards a full line puts into the removal area as the
    card enters: if that changes what the card costs (``UA-EFFECT-AP-LESS``), no source says
    whether the AP is paid before or after, so the play is judged on the lower cost and is
    unverifiable."""
    st = eng.state
    d = st.defs[st.code_of[iid]]  # (st.card written out)
    need = conditions.required_energy(eng, iid, in_hand=True)
    # (the energy line's generation read only for a card that needs some: half the cards
    # need none, and energy() only reads the state)
    have = st.energy(pid) if need else {}
    for colour, n in sorted(need.items()):
        if have.get(colour, 0) < n:
            plan.violate(
                "UA-ENERGY",
                f"{eng.name(iid)} needs {n} {colour} energy; {pid}'s energy line "
                f"generates {have.get(colour, 0)} {colour}.",
            )
    active = st.players[pid].active_ap()
    if not d.effects and d.ap >= 0 and not st.players[st.owner_of[iid]].ap_less_next:
        # (play_cost's answer for a card with no text of its own, its player with no pending
        # "次に手札から使用する…" reduction: its printed cost, no ruling; half the plays)
        ap, plan.data["ap_less_next"] = d.ap, []
    else:
        ap, plan.data["ap_less_next"] = apcost.play_cost(eng, iid, gone)
    plan.data["ap"] = ap
    if active < ap:
        plan.violate(
            "UA-AP-COST",
            f"{eng.name(iid)} costs {ap} AP; {pid} has {active} active AP card"
            f"{'s' if active != 1 else ''}.",
        )
    if plan.violations and d.unread:
        # the card's own printed text was not read in full: it may lower what the card
        # needs (a cost reduction while in the hand), so the ruling claims no more than that
        eng.ctx.ruling(
            "UA-EFFECT-UNSUPPORTED",
            f'{eng.name(iid)}\'s printed text was not read in full ("{d.unread[0]}"): if it '
            "changes what the card needs to be played, this ruling may be wrong.",
        )
        eng.ctx.cannot_verify(
            f"{eng.name(iid)}'s unread text may change its required energy or AP cost"
        )


def _check_effect_targets(
    eng: UnionArenaEngine,
    plan: Plan,
    pid: str,
    iid: str,
    when: str,
    raided: bool,
    index: int | None = None,
    gone: tuple[str, ...] = (),
    enters: Entering | None = None,
) -> None:
    """Targets recorded on a play/raid/activate action, checked against the card's text
    (``gone``: the units, by a card of theirs, that leave the field before the card's
    effects resolve: a raid's base, the cards a full line puts into the removal area)."""
    if "targets" not in plan.action:
        return
    d = eng.state.card(iid)
    effs = [e for e in d.effects if e.get("when") == when and (raided or not e.get("raid_only"))]
    if index is not None:
        effs = effs[index : index + 1]
    path = f"actions[{eng.ctx.index}].targets"
    targets = plan.action["targets"]
    with this_turn.staged(eng.state, pid, iid):  # an event used is counted when it resolves
        problems = check_effect_targets(
            eng, pid, effs, targets, path, leaving=iid, gone=gone, enters=enters
        )
    for rule, msg in problems:
        plan.violate(rule, msg)


def _from_hand(eng: UnionArenaEngine, plan: Plan) -> Take | None:
    """The card a play or raid names in the acting player's hand, or None (violation noted)."""
    pid = plan.action["p"]
    take, err = find_in_zone(eng.state, pid, "hand", plan.action["card"])
    if err:
        plan.violate(*err)
    if take is None:
        plan.cannot_apply(f"{ref_text(plan.action['card'])} is not in {pid}'s hand")
    return take


def check_play(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    take = _from_hand(eng, plan)
    if take is None:
        return
    iid = take.iid
    d = st.defs[st.code_of[iid]]  # (st.card written out)
    to = plan.action.get("to")
    if d.type == "character":
        if d.effects and raid_only.barred(d):  # "このキャラはレイド以外で登場できない"
            plan.violate(raid_only.RULE, raid_only.why(eng.name(iid)))
        if to not in ("front_line", "energy_line"):
            plan.violate(
                "UA-CHAR-LINES",
                f"{eng.name(iid)} is a character: the play must name front_line or energy_line.",
            )
            # not carried out as some other play (an event's, a line it did not name)
            plan.cannot_apply(f"the play of {eng.name(iid)} names no line of the field")
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
        plan.cannot_apply(f"{eng.name(iid)} is an AP card")
        return
    removes = []
    for i, ref in enumerate(plan.action.get("remove", [])):
        found = find_unit(st, ref, f"actions[{eng.ctx.index}].remove[{i}]", owner=pid)
        if found is None or (to and found[1] != to):
            plan.violate("UA-LINE-LIMIT", f"{ref} is not in {pid}'s {str(to).replace('_', ' ')}.")
            continue
        removes.append(found[2])
    _check_cost(eng, plan, pid, iid, tuple(u.top for u in removes) if removes else ())
    if d.effects:  # (none for a card without effects: no call)
        only_if.check_play(eng, plan, pid, iid)  # "このカードは…場合のみ使用できる"
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
    if "targets" in plan.action:  # (_check_effect_targets' first test: most plays have none)
        gone = tuple(u.top for u in removes) if removes else ()
        # the card is on the field when its when-played effects resolve (a choice may name it)
        enters = Entering(to, not played_active(d.effects)) if to else None
        _check_effect_targets(
            eng, plan, pid, iid, "on_play", raided=False, gone=gone, enters=enters
        )
    plan.data.update(take=take, to=to, removes=removes)


def apply_play(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    take = plan.data["take"]
    d_ap = plan.data["ap"]  # the cost as the play is declared (UA-EFFECT-AP-LESS)
    for unit in plan.data["removes"]:
        eng.leave_field(pid, unit, "removal", retire=False)
    iid = do_take(st, pid, take)
    d = st.defs[st.code_of[iid]]  # (st.card written out)
    eng.pay_ap(pid, d_ap)
    if plan.data["ap_less_next"]:  # (consume's test written out: most plays use none)
        nextap.consume(eng, pid, plan.data["ap_less_next"])  # UA-EFFECT-AP-LESS-NEXT
    this_turn.record_used(st, pid, iid)  # "このターン中に自分が〈X〉を使用している"
    to = plan.data["to"]
    targets = plan.action.get("targets")
    if to is None:
        st.players[pid].events_used += 1  # used before its effect resolves (this_turn.py)
        eng.event("play", f"{pid} uses the event {eng.name(iid)}.", player=pid, card=iid)
        eng.fire(None, "on_play", pid, card=iid, targets=targets)
        eng.push(("event_done", {"player": pid, "card": iid}))
        return
    active = played_active(d.effects)
    unit = eng.new_unit([iid], rested=not active)
    st.players[pid].line(to).append(unit)
    # (Engine.event written out, as the form it makes, and the name memo read first: a play)
    eng.ctx.events.append(
        {
            "player": pid,
            "card": iid,
            "to": to,
            "type": "play",
            "text": f"{pid} plays {eng._names.get(iid) or eng.name(iid)} to the "
            f"{to.replace('_', ' ')}, {'active' if active else 'rested'}.",
        }
    )
    if active:
        eng.ctx.ruling(
            "UA-EFFECT-ENTERS-ACTIVE", f"{eng.name(iid)} enters active, as its text says."
        )
    if d.effects and any(e.get("raid_only") for e in d.effects):
        eng.ctx.ruling(
            "UA-RAID-ONLY",
            f"{eng.name(iid)} was played normally: its raid-only text has no effect.",
        )
    whens = triggers(st, unit)
    if whens is None or "on_play" in whens:
        eng.fire(unit, "on_play", pid, targets=targets)
    else:  # all fire does for a card with no when-played effect (most): its first step
        eng.fire_other_line(unit, pid)


def played_active(card_effects: tuple[dict[str, Any], ...]) -> bool:
    """ "このフィールド(キャラ)はアクティブで場に登場させる": the card is played active."""
    if not card_effects:  # (no generator made for a card without effects)
        return False
    return any(
        e.get("when") == "continuous"
        and any(
            isinstance(op, dict) and op.get("op") == "enters_active" for op in e.get("do") or []
        )
        for e in card_effects
    )


def check_raid(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    take = _from_hand(eng, plan)
    if take is None:
        return
    d = st.card(take.iid)
    unread = d.raid_unread()  # a printed raid not read: its designation is not known
    if not d.raid and unread is None:
        plan.violate("UA-RAID", f"{eng.name(take.iid)} has no raid.")
        plan.cannot_apply(f"{eng.name(take.iid)} has no raid")
        return
    found = find_unit(st, plan.action["onto"], f"actions[{eng.ctx.index}].onto", owner=pid)
    if found is None:
        plan.violate(
            "UA-CARD-IN-ZONE",
            f"{plan.action['onto']} is not on {pid}'s field: a raid base is your character there.",
        )
        plan.cannot_apply(f"{ref_text(plan.action['onto'])} is not on {pid}'s field")
        return
    _, line, base = found
    bd = st.card(base.top)
    if bd.type != "character":
        plan.violate(
            "UA-RAID",
            f"{eng.name(base.top)} is not a character: a raid base is your character.",
        )
    elif unread is not None:
        eng.ctx.ruling(
            "UA-RAID",
            f'{eng.name(take.iid)}\'s printed raid "{unread}" was not read: whether '
            f"{eng.name(base.top)} is a base it may raid onto is not checked.",
        )
        eng.ctx.cannot_verify(f"{eng.name(take.iid)}'s raid designation was not read")
    elif not d.raid_matches(bd):
        plan.violate(
            "UA-RAID",
            f"{eng.name(take.iid)} raids onto {d.raid_text()}; {eng.name(base.top)} is not one.",
        )
    if bd.raid:
        plan.violate(
            "UA-RAID-BASE", f"{eng.name(base.top)} has raid itself and cannot be a raid base."
        )
    _check_cost(eng, plan, pid, take.iid)
    only_if.check_play(eng, plan, pid, take.iid)
    moves_up = bool(plan.action.get("to_front_line")) and line == "energy_line"
    removes, skipped = check_full_line_removal(eng, plan, pid, moves_up)
    gone = (base.top, *(u.top for u in removes))  # the raided card takes the base's place
    # active on the base's cards, in the front line if it moves up (UA-RAID)
    stays = eng.options.get(facedown.RAID_OPTION, "stay") != "outside"  # UA-UNDER-STAYS
    enters = Entering(
        "front_line" if moves_up else line,
        False,
        tuple(base.cards),
        tuple(base.face_down) if stays else (),
    )
    _check_effect_targets(
        eng, plan, pid, take.iid, "on_play", raided=True, gone=gone, enters=enters
    )
    plan.data.update(take=take, base=base, line=line, removes=removes, skipped_removal=skipped)


def check_full_line_removal(
    eng: UnionArenaEngine, plan: Plan, pid: str, entering: bool
) -> tuple[list[Any], bool]:
    """The front-line cards the action's ``remove`` names, and whether the log skipped that
    choice (``remove`` not given although the line is full).

    Why: a card entering a full front line outside the movement phase (a raided character
    moving up, a character a trigger plays) first puts one card of that line into the
    removal area, as every move or play into a full line does (UA-LINE-LIMIT); cards leave a
    line that way only when it is full.  ``entering``: whether a card enters the front line.
    """
    st = eng.state
    front = st.players[pid].front_line
    full = entering and len(front) >= LINE_LIMIT
    given = plan.action.get("remove")
    removes: list[Any] = []
    for i, ref in enumerate(given or []):
        found = find_unit(st, ref, f"actions[{eng.ctx.index}].remove[{i}]", owner=pid)
        if found is None or found[1] != "front_line":
            plan.violate(
                "UA-LINE-LIMIT",
                f"{ref} is not in {pid}'s front line: only a card of the full line makes room.",
            )
        elif found[2] in removes:
            plan.violate("UA-LINE-LIMIT", f"{found[2].top} is named twice.")
        else:
            removes.append(found[2])
    if given is None:
        return removes, full
    need = len(front) - LINE_LIMIT + 1 if full else 0
    if len(removes) < need:
        plan.violate(
            "UA-LINE-LIMIT",
            f"{pid}'s front line already holds {len(front)} cards: before a card enters it, "
            f"{need} of them must go to the removal area (the log removes {len(removes)}).",
        )
    elif len(removes) > need:
        plan.violate(
            "UA-LINE-LIMIT",
            "Cards go to the removal area only to make room in a full line: "
            + (f"{pid}'s front line needs {need} removed." if entering else "no card enters it."),
        )
    return removes, False


def make_room(
    eng: UnionArenaEngine,
    pid: str,
    removes: list[Any],
    skipped: bool,
    what: str,
    line: str = "front_line",
) -> None:
    """Put the ``removes`` (or, when the log ``skipped`` the choice, the documented default:
    the card longest in the line) of ``pid``'s full ``line`` into the removal area before
    ``what`` enters it."""
    ps = eng.state.players[pid]
    cards = ps.line(line)
    words = line.replace("_", " ")
    if skipped and len(cards) >= LINE_LIMIT:
        removes = [cards[0]]
        eng.ctx.ruling(
            "UA-CHOICE-RECORDED",
            f"{what} enters {pid}'s full {words} but the log does not say which {words[:-5]}-line "
            f"card went to the removal area: the engine assumes {eng.name(removes[0].top)} "
            "(the card there longest).",
        )
        eng.ctx.cannot_verify(f"missing `remove` by {pid} for a full {words}")
    removes = [u for u in removes if u in cards]
    for unit in removes:
        eng.leave_field(pid, unit, "removal", retire=False)
    if removes:
        eng.ctx.ruling(
            "UA-LINE-LIMIT",
            f"{pid}'s {words} was full: "
            f"{', '.join(eng.name(u.top) for u in removes)} went to the removal area "
            f"before {what} entered it.",
        )


def apply_raid(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    take, base = plan.data["take"], plan.data["base"]
    iid = do_take(st, pid, take)
    eng.pay_ap(pid, plan.data["ap"])  # the cost as the raid is declared (UA-EFFECT-AP-LESS)
    nextap.consume(eng, pid, plan.data["ap_less_next"])  # UA-EFFECT-AP-LESS-NEXT
    this_turn.record_used(st, pid, iid)  # a raid from the hand is a use (UA-EFFECT-THIS-TURN-USED)
    under = base.top
    base.cards.append(iid)
    base.raided = True
    facedown.on_raid(eng, pid, base)  # the face-down cards under it (UA-UNDER-STAYS)
    base.mods.clear()
    base.used.clear()
    base.no_activate = ""  # an effect it received (UA-RAID-PROCEDURE step 2)
    if base.retire_at_attack_end:  # a given ability is one it received: lost (step 2)
        base.retire_at_attack_end = False
        eng.ctx.ruling(
            "UA-EFFECT-ATTACK-END-RETIRE",
            f"{under} was given an ability to retire at the end of the attack phase; the raid "
            "drops it with the other effects it received (UA-RAID-PROCEDURE).",
        )
    if base.retire_at_main_end:  # set by the base's own effect this main phase
        base.retire_at_main_end = False
        eng.ctx.cannot_verify(
            f"{under} was to retire at the end of the main phase; whether that follows the "
            "raided card is in no source: the engine drops it, as it drops the base's other "
            "effects (UA-EFFECT-MAIN-END)"
        )
    was_rested = base.rested
    if not facedown.stays_rested(eng, base, "raid"):  # UA-EFFECT-UNDER-NO-ACTIVATE
        base.rested = False
    moved = False
    ps = st.players[pid]
    moving = bool(plan.action.get("to_front_line")) and base in ps.energy_line
    if moving:
        make_room(eng, pid, plan.data["removes"], plan.data["skipped_removal"], eng.name(iid))
    if moving and len(ps.front_line) < LINE_LIMIT:
        ps.energy_line.remove(base)
        ps.front_line.append(base)
        moved = True
    eng.event(
        "raid",
        f"{pid} raids {eng.name(iid)} onto {eng.name(under)}"
        + (", which becomes active" if was_rested and not base.rested else "")
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
        plan.cannot_apply(f"{ref_text(plan.action['card'])} is not on {pid}'s field")
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
        plan.cannot_apply(f"{eng.name(unit.top)} has no activated effect number {n}")
        return
    index, effect = abilities[n - 1]
    if effect.get("raid_only") and not unit.raided:
        plan.violate(
            "UA-RAID-ONLY",
            f"{eng.name(unit.top)} was not raided: its raid-only effect cannot be used.",
        )
    where = effect.get("where")
    if where is not None and unit not in st.players[pid].line(where):
        line = "front line" if where == "front_line" else "energy line"
        plan.violate(
            "UA-EFFECT-WHERE",
            f"{eng.name(unit.top)}'s activated effect {n} can be used only while it is in the "
            f"{line}; it is not.",
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
            f"The cost puts {plural(int(cost.get('discard', 0)), 'hand card')} into the outside "
            f"area; the log names {len(given)}.",
        )
    discards, problems = find_many_in_zone(st, pid, "hand", given)
    for rule, msg in problems:
        plan.violate(rule, msg)
    if "targets" in plan.action:
        path = f"actions[{eng.ctx.index}].targets"
        spent = [t.iid for t in discards]  # paid before the effect resolves
        for rule, msg in check_effect_targets(
            eng, pid, [effect], plan.action["targets"], path, source=unit.top, spent=spent
        ):
            plan.violate(rule, msg)
    only_if.check_activation(eng, plan, pid, unit, effect, discards)  # "…場合のみ発動できる"
    once_name.check_activation(eng, plan, pid, unit.top, effect)  # "〈X〉のこの効果は1ターンに1回…"
    plan.data.update(unit=unit, index=index, effect=effect, discards=discards)


def apply_activate(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    unit = plan.data["unit"]
    effect = plan.data["effect"]
    cost = effect.get("cost", {})
    # every cost paid is an event: a compact replay's steps say what changed by their events
    if cost.get("rest_self"):
        if rested_by.cost_counted(eng):  # UA-EFFECT-RESTED-BY-OWN-COSTS (GAP)
            rested_by.record(eng, pid, pid, unit)
        this_turn.rest(st, unit)  # "アクティブのこのキャラがレストになっている"
        eng.event(
            "rest",
            f"{pid} rests {eng.name(unit.top)} to pay the cost.",
            player=pid,
            card=unit.top,
        )
    if cost.get("ap"):
        paid = eng.pay_ap(pid, int(cost["ap"]))
        if eng.options.get(this_turn.AP_COSTS_OPTION, "not_counted") == "counted":
            this_turn.record_ap(st, pid, unit.top, paid)  # UA-EFFECT-THIS-TURN-AP-COSTS (GAP)
    for iid in take_many(st, pid, plan.data["discards"]):
        st.players[pid].outside.append(iid)
        eng.event(
            "discard",
            f"{pid} puts {eng.name(iid)} from hand into the outside area to pay the cost.",
            player=pid,
            card=iid,
        )
    unit.used.add(plan.data["index"])
    once_name.record(eng, pid, effect)
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
        eng.retire(pid, unit, "cost", unit.top)
