"""Rangers Strike action handlers of the battle phase: entering, attacking, striking.

Dispatched from :mod:`judge.games.rangers_strike.actions`; the damage they deal is
:mod:`judge.games.rangers_strike.damage`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.engine import Plan
from judge.core.refs import ref_text
from judge.games.rangers_strike import (
    area_rules,
    as_own,
    attack_again,
    attack_bp,
    attack_chosen,
    costs,
    cross,
    escort,
    granted,
    next_combination,
    next_in_line,
    opponent_power,
    own_text,
    restrictions,
    ride,
    rushed_bar,
    stacking,
    strike_sp,
    watch,
    wing,
)
from judge.games.rangers_strike.cards import from_words
from judge.games.rangers_strike.handling import _path
from judge.games.rangers_strike.refs import find_unit, is_instance, locate
from judge.games.rangers_strike.state import Battle, Unit, remove_unit

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine


# -- battle phase ---------------------------------------------------------------------------------


def check_enter(eng: RangersStrikeEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    ref = plan.action["card"]
    # (_path written out: at every enter)
    found = find_unit(st, ref, f"actions[{eng.ctx.index}].card", [pid], ("rush",), bp=eng.bp)
    if found is None:
        rider = ride.rider_of(eng, ref)
        if rider is not None:
            plan.violate(
                "RS-RIDER",
                f"{eng.name(rider.card)} rides {eng.name(ref)}: the vehicle enters with the unit "
                "riding it, whose enter names the unit.",
            )
        else:
            plan.violate("RS-CARD-IN-ZONE", f"{ref} is not a unit or vehicle in {pid}'s rush area.")
        return
    unit = found[2]
    d = st.defs[st.code_of[unit.card]]
    if d.is_vehicle:
        if not d.unread:
            plan.violate(
                "RS-VEHICLE",
                f"{eng.name(unit.card)} is a vehicle: it enters the battle area only ridden by a "
                "unit (the unit's enter names it in ride).",
            )
            return
        plan.data["alone_doubt"] = True
    why, doubt = restrictions.enter_judged(eng, unit)
    if why is not None:
        plan.violate(restrictions.enter_rule(eng, unit), why)
        return
    plan.data["enter_doubt"] = doubt  # RS-BARS-ENTERING, RS-CARD-RESTRICTION
    riding = 0
    if plan.action.get("ride") is not None:
        ride.check_ride(eng, plan, unit)
        if plan.violations:
            return
        riding = ride.ride_holds(eng, unit, plan.data["vehicle"].card)
    n = restrictions.enter_holds(eng, unit)
    # RS-ENTER-HOLD and the vehicle's price to ride it (RS-RIDER): one also_hold for both
    plan.data["hold_for"] = costs.RIDE_HOLD if riding and not n else costs.ENTER_HOLD
    if not costs.check_further(eng, plan, pid, unit.card, n + riding, set(), plan.data["hold_for"]):
        return
    plan.data["unit"] = unit


def apply_enter(eng: RangersStrikeEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    unit = plan.data.get("unit")
    if unit is None:
        eng.ctx.cannot_verify("The unit could not enter as recorded.")
        return
    doubt = plan.data.get("enter_doubt")
    if doubt is not None:  # RS-BARS-ENTERING, RS-CARD-RESTRICTION (ラッシュしたターン)
        rule = restrictions.doubt_rule(eng, unit)
        eng.ctx.ruling(rule, f"{doubt} Whether it may enter is not known.")
        eng.ctx.cannot_verify(
            "an opposing card's text that may bar the unit, not decided"
            if rule == area_rules.BARS_ENTERING
            else "the unit's note barring it in the turn it was rushed, not decided"
        )
    costs.pay_holds(eng, plan, pid, unit.card, plan.data["hold_for"])  # RS-ENTER-HOLD, RS-RIDER
    ps = st.players[pid]
    remove_unit(ps.rush, unit)
    if plan.data.get("vehicle") is not None:
        ride.apply_ride(eng, plan, unit)
    ps.battle.append(unit)
    offset, why = eng.combination_offset(pid)
    pos = len(ps.battle) + offset
    unit.entered_at = pos  # RS-RIDE-OFF-NUMBER: where it entered, riding or not
    riding = f" riding {eng.name(unit.vehicle)}" if unit.vehicle is not None else ""
    fields = {"vehicle": unit.vehicle} if unit.vehicle is not None else {}
    named = eng.name(unit.card)  # (once for the event and the ruling)
    eng.event(
        "enter",
        f"{pid}'s {named}{riding} enters the battle area at position {pos}.",
        player=pid,
        card=unit.card,
        position=pos,
        **fields,
    )
    eng.ctx.ruling(
        "RS-BATTLE-ENTER",
        f"{named} takes the next position from the left: {len(ps.battle)} in {pid}'s battle area.",
    )
    if offset:
        eng.ctx.ruling(
            "RST-COMBINATION",
            f"{pid}'s unit counts as position {pos}: {why}, and the supporter's battle area "
            "counts on from the leader's.",
        )
    if plan.data.get("alone_doubt"):
        eng.ctx.ruling(
            "RS-VEHICLE",
            f"{eng.name(unit.card)} is a vehicle and enters ridden by no unit, which the rules "
            "allow only where a card's text does; its printed text is not read.",
        )
        eng.ctx.cannot_verify(f"whether {eng.name(unit.card)} may enter ridden by no unit")
    st.entering = unit
    eng.fire(unit, "on_enter", pid)
    if unit.vehicle is not None:
        eng.fire(None, "on_enter", pid, card=unit.vehicle)
    watch.seen(eng, "on_entered", unit, pid)  # RS-WHILE-IN-AREA
    if eng.pool.items:  # (its first test written out: no effect waits, nothing to order)
        as_own.entering(eng, unit)  # RS-SHOW-FOR-NAMED-EFFECT: "出るとき" and "出たとき" together
    if unit.vehicle is not None:
        next_combination.used_up(eng, pid)  # RS-NEXT-COMBINATION: not guessed
        ride.combination_unknown(eng, unit, "enters the battle area riding a vehicle")
        return
    d = st.defs[st.code_of[unit.card]]
    number = d.combination_number
    if not d.is_unit:
        return
    if number is not None and unit.stacked:  # RS-STACK: a card it is stacked on lowers it
        number = _stacked_number(eng, unit, number, pos)
        if number is None:
            return
    if number is not None and (cross.any_holder(eng) or cross.givers(eng)):  # RS-CROSS: to its left
        low, said = cross.lowered(eng, unit, number, "combination number")
        if low is None:
            eng.ctx.ruling(
                cross.RULE, f"{said[0].upper()}{said[1:]}; the engine does not trigger it."
            )
            eng.ctx.cannot_verify(said)
            return
        if low != number:
            eng.ctx.ruling(cross.RULE, f"{said[0].upper()}{said[1:]}.")
        number = low
    # (entered's first test written out: no combination effect in force, nearly always)
    if st.granted and next_combination.entered(eng, pid, unit, number, pos):
        return  # RS-NEXT-COMBINATION: its NC triggered by the unit before it (or not guessed)
    if number is not None and number == pos:
        eng.ctx.ruling(
            "RS-NUMBER-COMBINATION",
            f"{eng.name(unit.card)} entered at position {pos}, its combination number: "
            "its Number Combination triggers.",
        )
        eng.fire(unit, "combination", pid)
        return
    if d.combines_from is not None:
        before = combined_from(eng, pid, d.combines_from)
        if before is not None and before.vehicle is not None:
            eng.ctx.ruling(
                "RS-RIDER",
                f"{eng.name(unit.card)} entered directly after {eng.name(before.card)}, "
                f"{from_words(d.combines_from)}, which rides {eng.name(before.vehicle)}: whether "
                "a combination is made from a unit riding a vehicle the sources do not say, and "
                "the engine does not trigger it.",
            )
            eng.ctx.cannot_verify("whether a combination is made from a unit riding a vehicle")
            return
        if before is not None:
            eng.ctx.ruling(
                "RS-COMBINATION-FROM",
                f"{eng.name(unit.card)} entered directly after {eng.name(before.card)}, "
                f"{from_words(d.combines_from)}: its combination triggers whatever its number.",
            )
            eng.fire(unit, "combination", pid)
            return
    if number is not None:
        eng.event(
            "no_combination",
            f"{eng.name(unit.card)} has combination number {number} but entered at "
            f"position {pos}{_nor_after(d)}: no Number Combination.",
            card=unit.card,
        )
    elif d.combines_from is not None:
        eng.event(
            "no_combination",
            f"{eng.name(unit.card)} did not enter directly after "
            f"{from_words(d.combines_from)}: no combination.",
            card=unit.card,
        )


def _stacked_number(eng: RangersStrikeEngine, unit: Unit, printed: int, pos: int) -> int | None:
    """RS-STACK: ``unit``'s combination number as the cards it is stacked on make it, or None
    when that is not known and decides whether it combines at ``pos`` (a ruling says why, and
    the step is unverifiable)."""
    values = stacking.numbers(eng.state, unit, printed)
    if len(values) == 1:
        (number,) = values
        if number != printed:
            eng.ctx.ruling(
                "RS-STACK",
                f"{eng.name(unit.card)} prints combination number {printed}; the cards it is "
                f"stacked on make it {number}.",
            )
        return number
    if pos not in values:
        return min(values)  # either way it does not combine
    why = (
        f"{eng.name(unit.card)} prints combination number {printed}, below what a card it is "
        "stacked on lowers a number to: whether it stays or becomes that the sources do not "
        f"say ({' or '.join(map(str, sorted(values)))}), and it entered at position {pos}"
    )
    eng.ctx.ruling("RS-STACK", f"{why[0].upper()}{why[1:]}; the engine does not trigger it.")
    eng.ctx.cannot_verify(why)
    return None


def _nor_after(d: Any) -> str:
    """The no-combination event's words for a unit that combines from a unit too."""
    if d.combines_from is None:
        return ""
    return f", and not directly after {from_words(d.combines_from)}"


def combined_from(eng: RangersStrikeEngine, pid: str, combines_from: dict[str, Any]) -> Any:
    """The unit directly before the one that has just entered ``pid``'s battle area when it
    is what ``combines_from`` asks for, else None (RS-COMBINATION-FROM): a unit, not a
    vehicle (the printed ``ユニット``, RS-CARD-TYPES), with the feature, of the category (one
    added in the battle area too, RS-ADD-FEATURE), or of one of the names (the card's name as
    printed)."""
    before = eng.unit_before(pid)
    if before is None:
        return None
    d = eng.state.card(before.card)
    if not d.is_unit:
        return None
    feature = combines_from.get("feature")
    if feature is not None:
        return before if feature in eng.state.unit_features(before) else None
    category = combines_from.get("category")
    if category is not None:  # its categories now, one added too (RS-ADD-FEATURE)
        return before if category in eng.state.unit_categories(before) else None
    return before if d.named(*(combines_from.get("names") or ())) else None


def _just_entered(eng: RangersStrikeEngine, plan: Plan, pid: str) -> Any:
    st = eng.state
    ref = plan.action["card"]
    found = find_unit(st, ref, _path(eng, "card"), [pid], ("battle",), bp=eng.bp)
    unit = st.entering
    now = f" ({eng.name(unit.card)} has just entered)" if unit is not None else ""
    if found is None:
        # not a unit in the battle area at all: say where the card is (RS-CARD-IN-ZONE)
        if is_instance(st, ref):
            rider = ride.rider_of(eng, ref)
            where = (
                f"a vehicle ridden by {eng.name(rider.card)} (a vehicle never attacks nor "
                "strikes, RS-VEHICLE)"
                if rider is not None
                else f"in {locate(st, ref)}"
            )
            said = f"{eng.name(ref)} is {where}"
        else:
            said = f"no {ref_text(ref)} is in {pid}'s battle area"
        plan.violate(
            "RS-CARD-IN-ZONE",
            f"{said}: only a unit in {pid}'s battle area, the one that has just entered, may "
            f"{plan.kind}{now}.",
        )
        return None
    if found[2] is not unit and plan.kind == "attack" and attack_again.late(eng, found[2]):
        return found[2]  # RS-ATTACK-AGAIN: an additional attack made later, not guessed
    if unit is None or found[2] is not unit:
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
    if wing.declared(plan.action):  # RS-WING: a unit of the rush area, held for it
        unit = wing.attacker(eng, plan, pid)
    else:
        unit = _just_entered(eng, plan, pid)
    if unit is None:
        return
    if st.card(unit.card).is_vehicle:
        plan.violate("RS-VEHICLE", f"{eng.name(unit.card)} is a vehicle: a vehicle never attacks.")
        return
    tp = eng.target_player(pid)
    target = plan.action["target"]
    areas = restrictions.attack_areas(eng, unit)
    found = find_unit(st, target, _path(eng, "target"), [tp], areas, bp=eng.bp)
    if found is None and st.attack_permits:  # RS-ATTACK-CHOSEN: the unit chosen for it
        found = attack_chosen.permitted(eng, unit, tp, target)
        plan.data["permit"] = found is not None
    if found is None and wing.declared(plan.action) and "rush" not in areas:
        found = find_unit(st, target, _path(eng, "target"), [tp], ("rush",), bp=eng.bp)
        plan.data["wing_rush"] = found is not None  # RS-WING: a target the sources leave open
    rider = ride.rider_of(eng, target) if found is None else None
    if rider is not None:
        plan.violate(
            "RS-VEHICLE",
            f"{eng.name(target)} is a vehicle, ridden by {eng.name(rider.card)}: a vehicle is "
            "never attacked (the unit riding it may be).",
        )
        return
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
        elif not any(st.players[tp].area(a) for a in areas):
            plan.violate(
                "RS-ATTACK",
                f"{tp}'s battle area is empty: there is no unit to attack (a strike is possible).",
            )
        else:
            where = " or rush area" if "rush" in areas else ""
            plan.violate("RS-CARD-IN-ZONE", f"{target} is not a unit in {tp}'s battle area{where}.")
        return
    if st.card(found[2].card).is_vehicle:
        plan.violate(
            "RS-VEHICLE",
            f"{eng.name(found[2].card)} is a vehicle: a vehicle is never attacked.",
        )
        return
    why = restrictions.attack_forbidden(eng, unit)
    if why is None:
        why = restrictions.attack_on_forbidden(eng, unit, found[2])
    if why is not None:
        plan.violate("RS-CARD-RESTRICTION", why)
        return
    why = area_rules.acting_forbidden(eng, pid, unit, "attack")  # RS-BARS-OPPOSING
    if why is not None:
        plan.violate(area_rules.BARS_OPPOSING, why)
        return
    why, certain = rushed_bar.barred(eng, pid, unit, "attack", found[2], found[0])
    if why is not None and certain:  # RS-BARS-RUSHED
        plan.violate(rushed_bar.RULE, why)
        return
    plan.data["rushed_doubt"] = why
    why, certain = restrictions.attacked_forbidden(eng, unit, pid, found[2], found[0])
    if why is not None and certain:
        plan.violate("RS-CARD-RESTRICTION", why)
        return
    plan.data["attacked_doubt"] = why
    why, certain = escort.attacked_forbidden(eng, found[2], found[0])  # RS-NOT-ATTACKED-WITH-OWN
    if why is not None and certain:
        plan.violate(escort.SHIELD_RULE, why)
        return
    plan.data["escort_doubt"] = why
    # RS-SHIELDS-OWN, RS-NEXT-TURN-SHIELD
    why, certain, rule = area_rules.attacked_forbidden(eng, pid, found[2], found[0])
    if why is not None and certain:
        plan.violate(rule, why)
        return
    plan.data["shield_doubt"] = (why, rule) if why is not None else None
    why, certain = next_in_line.scrum_forbidden(eng, found[2])  # RS-SCRUM
    if why is not None and certain:  # (RS-RESIDENT-SCRUM: scrum a resident gives)
        plan.violate(next_in_line.scrum_rule(eng, found[2]), why)
        return
    plan.data["scrum_doubt"] = why
    plan.data.update(unit=unit, target=found[2], defender=found[0], target_area=found[1])


def apply_attack(eng: RangersStrikeEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    unit, target = plan.data.get("unit"), plan.data.get("target")
    if unit is None or target is None:
        eng.ctx.cannot_verify("The attack could not be applied as recorded.")
        return
    barred = plan.data.get("attacked_doubt")
    if barred is not None:
        eng.ctx.ruling(
            "RS-CARD-RESTRICTION", f"{barred} Whether the attack may be made is not known."
        )
        eng.ctx.cannot_verify("a printed restriction on being attacked, not decided")
    rushed = plan.data.get("rushed_doubt")
    if rushed is not None:  # RS-BARS-RUSHED
        eng.ctx.ruling(rushed_bar.RULE, f"{rushed} Whether it may attack is not known.")
        eng.ctx.cannot_verify("a text barring units rushed this turn, not decided")
    escorted = plan.data.get("escort_doubt")
    if escorted is not None:  # RS-NOT-ATTACKED-WITH-OWN
        eng.ctx.ruling(
            escort.SHIELD_RULE, f"{escorted} Whether the attack may be made is not known."
        )
        eng.ctx.cannot_verify(
            "a unit not attacked while its side has a unit of a size, not decided"
        )
    shield = plan.data.get("shield_doubt")
    if shield is not None:  # RS-SHIELDS-OWN, RS-NEXT-TURN-SHIELD
        eng.ctx.ruling(shield[1], f"{shield[0]} Whether the attack may be made is not known.")
        eng.ctx.cannot_verify("a unit shielded from attacks by another's text, not decided")
    scrum = plan.data.get("scrum_doubt")
    rule = next_in_line.scrum_rule(eng, target)  # RS-SCRUM, RS-RESIDENT-SCRUM
    if scrum is not None:
        eng.ctx.ruling(rule, f"{scrum} Whether the attack may be made is not known.")
        eng.ctx.cannot_verify("scrum: whether the unit attacked may be, not decided")
    elif restrictions.has(eng, target.card, "scrum") or granted.givers(eng, target):
        eng.ctx.ruling(
            rule,
            f"{eng.name(target.card)} has scrum, but no unit directly after it has a "
            "combination number one more than its own: it may be attacked.",
        )
    if plan.data.get("wing_rush"):  # RS-WING
        why = (
            f"{eng.name(unit.card)} attacks with ウイング a unit of the opposing rush area: whether "
            "an attack with ウイング may (a fan simulator lets it) the sources do not say"
        )
        eng.ctx.ruling(
            wing.RULE, f"{why[0].upper()}{why[1:]}; the attack is carried out as recorded."
        )
        eng.ctx.cannot_verify(why)
    if plan.data.get("permit"):
        eng.ctx.ruling(
            attack_chosen.RULE,
            f"{eng.name(unit.card)} may attack {eng.name(target.card)} in the rush area: the unit "
            "chosen for it by its combination this turn.",
        )
    elif plan.data.get("target_area") == "rush" and not plan.data.get("wing_rush"):
        eng.ctx.ruling(
            "RS-ATTACK-RUSH-AREA",
            f"{eng.name(unit.card)} may attack a unit in the opponent's rush area (its text).",
        )
    winged = wing.declared(plan.action)
    if winged:  # RS-WING: held, and it cannot enter the battle area this turn
        wing.declare(eng, plan, unit)
    else:
        unit.acted = "attack"
        unit.again = False  # RS-ATTACK-AGAIN: the additional attack, if it had one, is made
    st.entering = None
    b = Battle(
        "attack",
        unit,
        pid,
        target=target,
        defender=plan.data["defender"],
        target_area=plan.data.get("target_area", "battle"),
        attacker_area="rush" if winged else "battle",
    )
    st.battle = b
    eng.event(
        "attack",
        f"{pid}'s {eng.name(unit.card)} (BP {eng.bp(unit)}) attacks "
        f"{'with ウイング from the rush area ' if winged else ''}{b.defender}'s "
        f"{eng.name(target.card)} (BP {eng.bp(target)}).",
        player=pid,
        card=unit.card,
        target=target.card,
        **({"wing": True} if winged else {}),
    )
    if len(eng.allies(pid)) > 1:
        eng.ctx.ruling(
            "RST-TARGET-PLAYER",
            f"{b.defender} is {pid}'s target player: {pid}'s units attack units in "
            f"{b.defender}'s battle area only (RST-ATTACK).",
        )
    if eng.static_of(st.card(unit.card)):  # RS-ATTACK-BP-EITHER: its BP known?
        doubt = attack_bp.doubt(eng, unit)
        if doubt is not None:
            own_text.not_known(
                eng,
                unit,
                attack_bp.EITHER_RULE,
                f"{doubt}, so whether {eng.name(unit.card)} gets its BP as it attacks is not known",
                "what its BP decides in this attack is not judged; the log may record what "
                "happened in an `outcome`.",
            )
    eng.push(("attack_resolve", {}), ("battle_over", {}))
    eng.open_window(b)


def check_strike(eng: RangersStrikeEngine, plan: Plan) -> None:
    pid = plan.action["p"]
    unit = _just_entered(eng, plan, pid)
    if unit is None:
        return
    sp, unknown = eng.sp_known(unit)
    if unknown is None and sp < 1:
        unknown = strike_sp.may_strike(eng, unit, pid)  # RS-STRIKE-SP-RETRIEVED
    if unknown is None and sp < 1:
        plan.violate("RS-STRIKE", f"{eng.name(unit.card)} has SP {sp}: only SP 1 or more strikes.")
        return
    if unit.rode_off and restrictions.has(eng, unit.card, "no_strike_after_ride_off"):
        plan.violate(
            "RS-CARD-RESTRICTION",
            f"{eng.name(unit.card)} has ridden off: it cannot strike then (its printed "
            "restriction).",
        )
        return
    nexted = next_combination.strike_barred(eng, unit)
    if nexted is not None:  # RS-NEXT-COMBINATION: "ただし、ストライクはできない"
        plan.violate(next_combination.RULE, nexted)
        return
    again = attack_again.strike_barred(eng, unit)
    if again is not None:  # RS-ATTACK-AGAIN: "これは追加でアタックできる(ストライクはできない)"
        plan.violate(attack_again.RULE, again)
        return
    barred = opponent_power.strike_barred(eng, unit)
    if barred is not None:  # RS-OPPONENT-RETURNS-POWER: "このターン、これはストライクできない"
        plan.violate(opponent_power.RULE, barred)
        return
    soul, soul_certain = as_own.strike_barred(eng, unit)
    if soul is not None and soul_certain:  # RS-SOUL-NC: "ただしストライクはできない"
        plan.violate(as_own.SOUL_RULE, soul)
        return
    plan.data["soul_doubt"] = soul
    why, certain = restrictions.strike_forbidden(eng, pid, unit)
    if why is not None and certain:
        plan.violate("RS-CARD-RESTRICTION", why)
        return
    barred = area_rules.acting_forbidden(eng, pid, unit, "strike")  # RS-BARS-OPPOSING
    if barred is not None:
        plan.violate(area_rules.BARS_OPPOSING, barred)
        return
    rushed, certain = rushed_bar.barred(eng, pid, unit, "strike")
    if rushed is not None and certain:  # RS-BARS-RUSHED
        plan.violate(rushed_bar.RULE, rushed)
        return
    plan.data["rushed_doubt"] = rushed
    plan.data["unit"] = unit
    plan.data["doubt"] = why
    plan.data["sp"] = (sp, unknown)


def _sp_ruling(eng: RangersStrikeEngine, unit: Unit, sp: int, unknown: str | None) -> None:
    """Say where a strike's SP came from when it is not simply printed; a strike whose SP is
    not known is unverifiable."""
    d = eng.state.card(unit.card)
    if unknown is not None:
        rule = "RS-SP-EFFECT"
        if unit.vehicle is not None and "rides a vehicle" in unknown:
            rule = "RS-RIDER"
        elif "own text makes it SP" in unknown:
            rule = own_text.rule_of(eng.own_text_of(d), "sp")  # RS-WHILE, RS-NEXT-TO
        elif unknown.startswith("taxis: "):
            rule = "RS-TAXIS"
        elif unknown.startswith(strike_sp.PREFIX):
            rule = strike_sp.RULE
        eng.ctx.ruling(
            rule,
            f"{eng.name(unit.card)}'s SP is not known ({unknown}): whether it may strike "
            "cannot be verified.",
        )
        eng.ctx.cannot_verify(f"{eng.name(unit.card)}'s SP is not known: {unknown}.")
        return
    gives, said = (
        next_in_line.taxis_sp(eng, unit) if next_in_line.taxis_in_play(eng) else (False, "")
    )
    if gives:
        eng.ctx.ruling("RS-TAXIS", f"{said} (It has SP {sp}.)")
    if any(m.sp is not None for m in unit.mods):
        eng.ctx.ruling(
            "RS-SP-EFFECT",
            f"{eng.name(unit.card)} is SP {sp} by an effect until the end of the turn.",
        )
    elif d.sp_at is not None and cross.left_of(eng, unit):  # RS-CROSS: the denominator lowered
        low, said = cross.lowered(eng, unit, d.sp_at[1], "SP denominator")
        eng.ctx.ruling(
            cross.RULE,
            f"{eng.name(unit.card)} has SP {d.sp_at[0]}/{d.sp_at[1]}; {said}, and it stands "
            f"{eng.battle_position(unit)}{_nth(eng.battle_position(unit) or 0)} in the battle "
            f"area: SP {sp}.",
        )
    elif d.sp_at is not None:
        eng.ctx.ruling(
            "RS-SP-FRACTION",
            f"{eng.name(unit.card)} has SP {d.sp_at[0]}/{d.sp_at[1]} and stands "
            f"{d.sp_at[1]}{_nth(d.sp_at[1])} in the battle area: SP {sp}.",
        )
    elif any(op["op"] == "sp" for op in eng.own_text_of(d)):
        made = own_text.sp(eng, unit, eng.own_text_of(d), False)
        eng.ctx.ruling(
            own_text.rule_of(eng.own_text_of(d), "sp"),
            f"{eng.name(unit.card)}'s own text makes it SP {sp} while its condition holds"
            if made
            else f"{eng.name(unit.card)}'s own text's condition does not hold: SP {sp}",
        )


def _nth(n: int) -> str:
    return {1: "st", 2: "nd", 3: "rd"}.get(n if n < 20 else n % 10, "th")


def apply_strike(eng: RangersStrikeEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    unit = plan.data.get("unit")
    if unit is None:
        eng.ctx.cannot_verify("The strike could not be applied as recorded.")
        return
    _sp_ruling(eng, unit, *plan.data["sp"])
    if plan.data.get("doubt"):
        eng.ctx.ruling(
            "RS-CARD-RESTRICTION",
            f"{plan.data['doubt'][:-1]}; in tag battle 自軍ダメージ may be the team's, which is "
            "enough: whether it may strike cannot be verified.",
        )
        eng.ctx.cannot_verify("自軍ダメージ read as the player's and as the team's disagree.")
    if plan.data.get("rushed_doubt"):  # RS-BARS-RUSHED
        eng.ctx.ruling(
            rushed_bar.RULE, f"{plan.data['rushed_doubt']} Whether it may strike is not known."
        )
        eng.ctx.cannot_verify("a text barring units rushed this turn, not decided")
    if plan.data.get("soul_doubt"):  # RS-SOUL-NC: in a later turn
        eng.ctx.ruling(as_own.SOUL_RULE, f"{plan.data['soul_doubt']}: not judged.")
        eng.ctx.cannot_verify("whether a unit barred from striking in an earlier turn still is")
    st.entering = None
    unit.acted = "strike"
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
