"""Rebirth for you action handlers of the battle phase: attacks (a member's, the partner
attack), the defender's guard (a blocker, a cancel) and the attack's resolution against the
entry's DEF (R4U-ATTACK, R4U-DAMAGE, R4U-BLOCKER, R4U-PARTNER-ATTACK).  :mod:`actions`
dispatches to them, as to the other phases' handlers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.engine import Plan
from judge.core.refs import do_take, is_instance, ref_code, ref_text
from judge.core.wording import plural
from judge.games.rebirth import on_defeat, on_support, stats
from judge.games.rebirth.refs import take_from
from judge.games.rebirth.state import Attack

_new = object.__new__

if TYPE_CHECKING:
    from judge.games.rebirth.cards import CardDef
    from judge.games.rebirth.engine import RebirthEngine


# -- battle phase -------------------------------------------------------------------------


def _member(eng: RebirthEngine, plan: Plan) -> int | None:
    """The square (index) of the member the action names: the instance named, else the first
    standing member of the code named, else the first of that code."""
    st = eng.state
    ps = st.players[plan.action["p"]]
    ref = plan.action["card"]
    # is_instance and ref_code asked once, not at each square (the same answers)
    if is_instance(st, ref):
        for i, slot in enumerate(ps.members):
            if slot is not None and slot.card == ref:
                return i
        return None
    code = ref_code(st, ref)
    for i, slot in enumerate(ps.members):
        if slot is not None and st.code_of[slot.card] == code and not slot.rested:
            return i
    for i, slot in enumerate(ps.members):
        if slot is not None and st.code_of[slot.card] == code:
            return i
    return None


def check_attack(eng: RebirthEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    ps = st.players[pid]
    idx = _member(eng, plan)
    if idx is None:
        plan.violate(
            "R4U-CARD-IN-ZONE",
            f"{ref_text(plan.action['card'])} is not a member of "
            f"{pid}'s: an attack rests a member.",
        )
        plan.cannot_apply("no such member")
        return
    slot = ps.members[idx]
    assert slot is not None
    if slot.rested:
        plan.violate(
            "R4U-ATTACK",
            f"{eng.name(slot.card)} is rested: only a standing member can be rested for an attack.",
        )
    if slot.arrived_turn == st.turn and eng.options.get("new_member_attack") == "next_turn":
        plan.violate(
            "R4U-ATTACK-NEW-MEMBER",
            f"{eng.name(slot.card)} came into its member square this turn: under the rule "
            "option new_member_attack next_turn it can be rested for an attack from the next "
            "turn on.",
        )
    plan.data["member"] = idx
    if plan.action.get("partner"):
        standing = ps.standing_partners()
        if len(ps.partners) < 3 or len(standing) < 3:
            plan.violate(
                "R4U-PARTNER-ATTACK",
                f"A partner attack rests all 3 partner cards: "
                f"{pid} has {plural(len(standing), 'standing partner card')} of "
                f"{len(ps.partners)} in the partner zone.",
            )


def apply_attack(eng: RebirthEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    ps = st.players[pid]
    slot = ps.members[plan.data["member"]]
    assert slot is not None
    slot.rested = True
    partner = bool(plan.action.get("partner"))
    if partner:
        for s in ps.partners:
            s.rested = True
    order = st.order  # st.opponent(pid) written out (the first other player in order)
    defender = order[1] if order[0] == pid else order[0]
    st.attacks += 1
    entry, nth = ps.entry, 0
    if st.counts_known and entry is not None:  # R4U-TEXT-OWN-ATTACK
        nth = st.entry_attacks[entry] = st.entry_attacks.get(entry, 0) + 1
    number = st.attacks if st.counts_known else 0
    # Attack(slot.card, pid, defender, partner, number=number, entry=entry,
    # entry_number=nth) written out, field by field (the class's call with keywords, at
    # every attack: tests/games/rebirth/test_written_out.py)
    a = _new(Attack)
    a.attacker, a.player, a.defender, a.partner = slot.card, pid, defender, partner
    a.guard = a.guard_card = None
    a.number, a.entry, a.entry_number, a.mods = number, entry, nth, []
    st.attack = a
    if entry is not None:  # changes for the entry's next attack this turn (R4U-TEXT-NEXT-ATTACK)
        a.mods.extend(st.next_attack.pop(entry, []))
    kind = "a partner attack" if partner else "an attack"
    card = slot.card
    ctx = eng.ctx  # (these written out, as judge.games.rebirth.engine says)
    ctx.events.append(
        {
            "player": pid,
            "card": card,
            "partner": partner,
            "type": "attack",
            "text": f"{pid} rests {eng._names.get(card) or eng.name(card)} for {kind}"
            + (" and rests its 3 partner cards." if partner else "."),
        }
    )
    if partner:
        ctx.ruling(
            "R4U-PARTNER-ATTACK",
            f"{pid} rested its 3 partner cards with the attack: a partner attack.",
        )
    else:
        ctx.rulings.append(
            {
                "rule": "R4U-ATTACK",
                "message": f"{pid} rested a standing member: an attack with its entry "
                "character's ATK.",
            }
        )
    st.agenda[0:0] = (("wait_guard", {"player": defender}), ("attack_resolve", {}))
    on_support.fire(eng, pid, slot.card)  # R4U-TEXT-ON-SUPPORT


def guard_keywords(eng: RebirthEngine, partner: bool) -> tuple[str, ...]:
    """The keywords that may answer a normal (or partner) attack under the rule options."""
    either = eng.options.get("blocker_vs_cancel") == "either"
    cancel = eng.options.get("cancel_timing") == "partner_attack"
    out = []
    if not partner or either:
        out.append("blocker")
    if cancel and (partner or either):
        out.append("cancel")
    return tuple(out)


def check_guard(eng: RebirthEngine, plan: Plan) -> None:
    st = eng.state
    if plan.action.get("card") is None:
        return
    take = take_from(eng, plan, "hand")
    plan.data["take"] = take
    if take is None:
        return
    if st.agenda and st.agenda[0][0] == "wait_cancel":
        why = cancel_cannot(eng, take.iid, st.agenda[0][1])
        if why is not None:
            plan.violate(*why)
        plan.data["keyword"] = "cancel"
        return
    a = st.attack
    assert a is not None
    d = st.card(take.iid)
    allowed = guard_keywords(eng, a.partner)
    kw = next((k for k in allowed if d.has(k)), None)
    if kw is None:
        kind = "partner attack" if a.partner else "normal attack"
        if d.has("cancel") and not d.has("blocker"):
            rule = (
                "R4U-CANCEL"
                if eng.options.get("cancel_timing") != "partner_attack"
                else "R4U-BLOCKER-VS-CANCEL"
            )
        elif d.has("blocker"):
            rule = "R4U-BLOCKER-VS-CANCEL"
        else:
            rule = "R4U-BLOCKER"
        plan.violate(
            rule,
            f"{eng.name(take.iid)} cannot answer a {kind}: it answers with "
            f"{' or '.join(allowed) or 'no keyword'} only under the rule options "
            f"(cancel_timing {eng.options.get('cancel_timing')}, blocker_vs_cancel "
            f"{eng.options.get('blocker_vs_cancel')}).",
        )
    plan.data["keyword"] = kw or ("blocker" if d.has("blocker") else "cancel")


def _use_guard_card(eng: RebirthEngine, plan: Plan) -> tuple[str, str]:
    """The guard card leaves the hand or is shown (R4U-GUARD-USE): its id and how."""
    st = eng.state
    pid = plan.action["p"]
    take = plan.data["take"]
    if eng.options.get("guard_use") == "reveal":
        iid = st.players[pid].hand[take.index] or take.iid
        if take.bind:
            from judge.core.refs import bind

            bind(st, pid, take.iid)
            st.players[pid].hand[take.index] = take.iid
            iid = take.iid
        return iid, "shows it and keeps it in the hand"
    iid = do_take(st, pid, take)
    st.players[pid].waiting_room.append(iid)
    return iid, "puts it into the waiting room"


def _answers(eng: RebirthEngine, d: CardDef) -> tuple[str, ...]:
    """What the cancel card ``d`` may stop: its printed line's word (R4U-CANCEL), else the
    rule option cancel_answers's (R4U-CANCEL-ANSWERS)."""
    printed = d.cancel_stops
    if printed is not None:
        return printed
    if eng.options.get("cancel_answers", "spark_or_cancel") == "spark":
        return ("spark",)
    return ("spark", "cancel")


def cancel_cannot(
    eng: RebirthEngine, iid: str, args: dict[str, Any], d: CardDef | None = None
) -> tuple[str, str] | None:
    """Why ``iid`` (of definition ``d``) cannot answer the spark (or cancel) ``args`` waits
    on, as (rule, text); None when it can."""
    d = d or eng.state.card(iid)
    target = args.get("target", "spark")
    if not d.has("cancel"):
        return (
            "R4U-CANCEL",
            f"{eng.name(iid)} has no cancel: only a cancel card answers a {target} "
            f"(rule option cancel_timing {eng.options.get('cancel_timing')}).",
        )
    answers = _answers(eng, d)
    printed = d.cancel_stops is not None
    rule = "R4U-CANCEL" if printed else "R4U-CANCEL-ANSWERS"
    if target == "cancel" and "cancel" not in answers:
        said = "its printed line" if printed else "rule option cancel_answers spark"
        return rule, f"{eng.name(iid)} stops a spark only, not a cancel ({said})."
    source = eng.state.card(str(args["source"]))
    if target == "spark" and answers == ("spark_non_rebirth",) and source.is_rebirth:
        return (
            "R4U-CANCEL",
            f"{eng.name(iid)} stops the spark of a card other than a Rebirth card only "
            f"(its printed line): {eng.name(str(args['source']))} is a Rebirth card.",
        )
    return None


def could_cancel(eng: RebirthEngine, pid: str, args: dict[str, Any]) -> bool:
    """Whether ``pid`` could answer the spark (or cancel) ``args`` waits on: a known hand card
    that may, or in observed mode an unknown hand card that could be an unseen one."""
    st = eng.state
    ps = st.players[pid]
    for iid in ps.hand:
        if iid is not None and cancel_cannot(eng, iid, args) is None:
            return True
    if None in ps.hand:
        return any(
            ids and cancel_cannot(eng, ids[0], args, st.defs[c]) is None
            for c, ids in ps.unseen.items()
        )
    return False


def apply_cancel(eng: RebirthEngine, plan: Plan) -> None:
    """The answer to a spark (or to a cancel) under cancel_timing "spark" (R4U-CANCEL).  A
    cancel used flips the waiting spark between stopped and not, and gives the other player
    the chance to stop that cancel in turn with a cancel that stops cancels: the spark is
    stopped when an odd number of cancels were used against it and its cancels."""
    st = eng.state
    pid = plan.action["p"]
    _, args = st.agenda.pop(0)
    source = eng.name(args["source"])
    target = args.get("target", "spark")
    what = f"{source}'s spark" if target == "spark" else f"the cancel {eng.name(args['card'])}"
    if plan.action.get("card") is None:
        eng.ctx.events.append(  # (written out, as judge.games.rebirth.engine says)
            {"player": pid, "type": "guard", "text": f"{pid} uses no cancel against {what}."}
        )
        return
    iid, how = _use_guard_card(eng, plan)
    for i, (op, spark_args) in enumerate(st.agenda):
        if op == "spark" and spark_args["source"] == args["source"]:
            st.agenda[i] = ("spark", {**spark_args, "stopped": not spark_args.get("stopped")})
            break
    eng.event(
        "guard",
        f"{pid} uses {eng.name(iid)} (cancel) and {how}: it stops {what}.",
        player=pid,
        card=iid,
        keyword="cancel",
    )
    eng.ctx.ruling(
        "R4U-CANCEL",
        f"{pid} uses {eng.name(iid)} against {what}: it stops it, unless a cancel stops "
        f"{eng.name(iid)} in turn (rule option cancel_timing {eng.options.get('cancel_timing')}).",
    )
    other = st.opponent(pid)
    eng.push(
        (
            "wait_cancel",
            {
                "player": other,
                "controller": args["controller"],
                "source": args["source"],
                "target": "cancel",
                "card": iid,
            },
        )
    )
    eng.ctx.ruling(
        "R4U-GUARD-USE",
        f"{pid} used {eng.name(iid)} from the hand: it {how} (rule option guard_use "
        f"{eng.options.get('guard_use')}).",
    )


def apply_guard(eng: RebirthEngine, plan: Plan) -> None:
    st = eng.state
    if st.agenda and st.agenda[0][0] == "wait_cancel":
        apply_cancel(eng, plan)
        return
    pid = plan.action["p"]
    st.agenda.pop(0)
    a = st.attack
    if plan.action.get("card") is None or a is None:
        eng.ctx.events.append(  # (written out, as judge.games.rebirth.engine says)
            {"player": pid, "type": "guard", "text": f"{pid} uses no blocker."}
        )
        return
    kw = plan.data["keyword"]
    iid, how = _use_guard_card(eng, plan)
    a.guard, a.guard_card = kw, iid
    named = eng._names.get(iid) or eng.name(iid)  # (these written out, as the engine says)
    ctx = eng.ctx
    ctx.events.append(
        {
            "player": pid,
            "card": iid,
            "keyword": kw,
            "type": "guard",
            "text": f"{pid} uses {named} ({kw}) and {how}.",
        }
    )
    ctx.rulings.append(
        {
            "rule": "R4U-GUARD-USE",
            "message": f"{pid} used {named} from the hand: it {how} (rule option guard_use "
            f"{eng.options.get('guard_use')}).",
        }
    )


def op_attack_resolve(eng: RebirthEngine) -> None:
    st = eng.state
    a = st.attack
    st.attack = None
    if a is None:
        return
    dps = st.players[a.defender]
    if a.guard is not None:
        rule = (
            "R4U-BLOCKER"
            if a.guard == "blocker" and not a.partner
            else ("R4U-CANCEL" if a.guard == "cancel" and a.partner else "R4U-BLOCKER-VS-CANCEL")
        )
        what = "retires nothing" if a.partner else "deals no damage"
        ctx = eng.ctx  # (ruling and event written out, as judge.games.rebirth.engine says)
        ctx.rulings.append(
            {
                "rule": rule,
                "message": f"{a.defender} answered the attack with {a.guard}: it {what}.",
            }
        )
        ctx.events.append(
            {
                "player": a.player,
                "type": "attack_result",
                "text": f"The attack {what} ({a.guard}).",
            }
        )
        return
    if dps.entry is None:
        return
    if a.partner:
        eng.ctx.ruling(
            "R4U-PARTNER-ATTACK",
            f"Partner attack: {eng.name(dps.entry)} goes to the "
            "retire area whatever the ATK and DEF.",
        )
        eng.retire_entry(a.defender, "partner attack")
        on_defeat.fire_defeat(eng, a, partner=True)  # R4U-TEXT-ON-DEFEAT
        return
    ctx = eng.ctx
    ctx.reads.add("atk")  # (ctx.read, and below ruling and event, written out: as the engine says)
    st.attack = a  # still in progress while its damage is dealt (R4U-TEXT-NTH-ATTACK)
    # stats.atk_def itself, not through the engine's atk_def, which only calls it (one call
    # less each)
    atk, _ = stats.atk_def(eng, a.player)
    _, dfn = stats.atk_def(eng, a.defender)
    st.attack = None
    carry = eng.options.get("damage_after_defeat") == "carry"
    if st.damage_on != dps.entry:
        if carry and st.damage_on is not None:
            eng.ctx.ruling(
                "R4U-DAMAGE-NEW-ENTRY",
                f"The turn's damage total ({st.damage}) carries over to {eng.name(dps.entry)} "
                "(rule option damage_after_defeat carry).",
            )
        st.damage = st.damage if carry else 0
        st.damage_on = dps.entry
    st.damage += atk
    total = st.damage
    target = eng._names.get(dps.entry) or eng.name(dps.entry)
    defeated = total >= dfn
    if defeated:
        text = f"{total} damage in total against DEF {dfn}: {target} is defeated."
    else:
        text = (
            f"{total} damage in total against DEF {dfn}: {target} stays; the damage is kept "
            "for this turn."
        )
    ctx.rulings.append(
        {"rule": "R4U-DAMAGE", "message": f"The attack deals {atk} (the entry's ATK); {text}"}
    )
    ctx.events.append(
        {"player": a.player, "damage": atk, "total": total, "type": "attack_result", "text": text}
    )
    if defeated:
        if not carry:
            st.damage, st.damage_on = 0, None
            ctx.rulings.append(
                {
                    "rule": "R4U-DAMAGE-NEW-ENTRY",
                    "message": "The next entry character starts from 0 damage (rule option "
                    "damage_after_defeat reset).",
                }
            )
        eng.retire_entry(a.defender, f"{total} damage against DEF {dfn}")
        on_defeat.fire_defeat(eng, a, partner=False)  # R4U-TEXT-ON-DEFEAT


def could_guard(
    eng: RebirthEngine, pid: str, partner: bool, kws: tuple[str, ...] | None = None
) -> bool:
    """Whether ``pid`` could answer the attack (or, with ``kws``, use a card with one of
    those keywords): a known hand card with a fitting keyword, or in observed mode an unknown
    hand card that could be an unseen one."""
    st = eng.state
    ps = st.players[pid]
    kws = guard_keywords(eng, partner) if kws is None else kws
    for iid in ps.hand:
        if iid is not None and any(st.card(iid).has(k) for k in kws):
            return True
    if None in ps.hand:
        return any(ids and any(st.defs[c].has(k) for k in kws) for c, ids in ps.unseen.items())
    return False
