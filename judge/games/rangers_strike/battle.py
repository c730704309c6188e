"""Rangers Strike action handlers of the battle phase: entering, attacking, striking.

Dispatched from :mod:`judge.games.rangers_strike.actions`; the damage they deal is
:mod:`judge.games.rangers_strike.damage`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.engine import Plan
from judge.core.refs import ref_text
from judge.games.rangers_strike import costs, restrictions
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
    why = restrictions.enter_forbidden(eng, found[2])
    if why is not None:
        plan.violate("RS-CARD-RESTRICTION", why)
        return
    n = restrictions.enter_holds(eng, found[2])
    if not costs.check_further(eng, plan, pid, found[2].card, n, set(), costs.ENTER_HOLD):
        return
    plan.data["unit"] = found[2]
    plan.data["carried"] = restrictions.carried(eng, found[2], "no_enter")
    plan.data["carried_hold"] = restrictions.carried(eng, found[2], "enter_hold")


def apply_enter(eng: RangersStrikeEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    unit = plan.data.get("unit")
    if unit is None:
        eng.ctx.cannot_verify("The unit could not enter as recorded.")
        return
    _carried_restriction(eng, plan, "enter the battle area")
    costs.pay_holds(eng, plan, pid, unit.card, costs.ENTER_HOLD)  # RS-ENTER-HOLD
    rider = plan.data.get("carried_hold")
    if rider is not None:
        eng.ctx.ruling(
            "RS-ENTER-HOLD",
            f"{eng.name(unit.card)} carries {eng.name(rider)}, whose note holds commands to enter "
            "the battle area; whether that binds the vehicle is not in the sources.",
        )
        eng.ctx.cannot_verify("a carried unit's note holding commands to enter")
    ps = st.players[pid]
    remove_unit(ps.rush, unit)
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
    if not d.is_unit:
        return
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


def _nor_after(d: Any) -> str:
    """The no-combination event's words for a unit that combines from a unit too."""
    if d.combines_from is None:
        return ""
    return f", and not directly after {from_words(d.combines_from)}"


def combined_from(eng: RangersStrikeEngine, pid: str, combines_from: dict[str, Any]) -> Any:
    """The unit directly before the one that has just entered ``pid``'s battle area when it
    is what ``combines_from`` asks for, else None (RS-COMBINATION-FROM): a unit, not a
    vehicle (the printed ``ユニット``, RS-CARD-TYPES), with the feature, or of one of the
    names (the card's name as printed)."""
    before = eng.unit_before(pid)
    if before is None:
        return None
    d = eng.state.card(before.card)
    if not d.is_unit:
        return None
    feature = combines_from.get("feature")
    if feature is not None:
        return before if feature in eng.state.unit_features(before) else None
    return before if d.name in (combines_from.get("names") or ()) else None


def _just_entered(eng: RangersStrikeEngine, plan: Plan, pid: str) -> Any:
    st = eng.state
    ref = plan.action["card"]
    found = find_unit(st, ref, _path(eng, "card"), [pid], ("battle",), bp=eng.bp)
    unit = st.entering
    now = f" ({eng.name(unit.card)} has just entered)" if unit is not None else ""
    if found is None:
        # not a unit in the battle area at all: say where the card is (RS-CARD-IN-ZONE)
        if is_instance(st, ref):
            aboard = st.find_unit(ref)
            where = (
                f"aboard {eng.name(aboard[2].card)} in {aboard[0]}'s {aboard[1]} area"
                if aboard is not None and aboard[2].card != ref
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
    unit = _just_entered(eng, plan, pid)
    if unit is None:
        return
    tp = eng.target_player(pid)
    target = plan.action["target"]
    areas, aboard = restrictions.attack_areas(eng, unit)
    found = find_unit(st, target, _path(eng, "target"), [tp], areas, bp=eng.bp)
    if found is None and aboard is not None:  # RS-ATTACK-RUSH-AREA, by a carried unit's text
        found = find_unit(st, target, _path(eng, "target"), [tp], ("rush",), bp=eng.bp)
        if found is not None:
            plan.data["rush_doubt"] = aboard
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
    why = restrictions.attack_forbidden(eng, unit)
    if why is not None:
        plan.violate("RS-CARD-RESTRICTION", why)
        return
    why, certain = restrictions.attacked_forbidden(eng, unit, pid, found[2], found[0])
    if why is not None and certain:
        plan.violate("RS-CARD-RESTRICTION", why)
        return
    plan.data["attacked_doubt"] = why
    plan.data.update(unit=unit, target=found[2], defender=found[0], target_area=found[1])
    plan.data["carried"] = restrictions.carried(eng, unit, "no_attack")


def apply_attack(eng: RangersStrikeEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    unit, target = plan.data.get("unit"), plan.data.get("target")
    if unit is None or target is None:
        eng.ctx.cannot_verify("The attack could not be applied as recorded.")
        return
    _carried_restriction(eng, plan, "attack")
    if st.card(unit.card).is_vehicle or st.card(target.card).is_vehicle:
        vehicle_model(eng, "an attack made by or on a vehicle")
    barred = plan.data.get("attacked_doubt")
    if barred is not None:
        eng.ctx.ruling(
            "RS-CARD-RESTRICTION", f"{barred} Whether the attack may be made is not known."
        )
        eng.ctx.cannot_verify("a printed restriction on being attacked, not decided")
    doubt = plan.data.get("rush_doubt")
    if doubt is not None:
        eng.ctx.ruling(
            "RS-ATTACK-RUSH-AREA",
            f"{eng.name(unit.card)} carries {eng.name(doubt)}, whose text lets it attack a unit "
            "in the rush area; whether that lets the vehicle is not in the sources.",
        )
        eng.ctx.cannot_verify("a carried unit's text letting the vehicle attack the rush area")
    elif plan.data.get("target_area") == "rush":
        eng.ctx.ruling(
            "RS-ATTACK-RUSH-AREA",
            f"{eng.name(unit.card)} may attack a unit in the opponent's rush area (its text).",
        )
    st.entering = None
    unit.acted = "attack"
    b = Battle(
        "attack",
        unit,
        pid,
        target=target,
        defender=plan.data["defender"],
        target_area=plan.data.get("target_area", "battle"),
    )
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
    sp, unknown = eng.sp_known(unit)
    if unknown is None and sp < 1:
        plan.violate("RS-STRIKE", f"{eng.name(unit.card)} has SP {sp}: only SP 1 or more strikes.")
        return
    why, certain = restrictions.strike_forbidden(eng, pid, unit)
    if why is not None and certain:
        plan.violate("RS-CARD-RESTRICTION", why)
        return
    plan.data["unit"] = unit
    plan.data["doubt"] = why
    plan.data["carried"] = restrictions.carried(eng, unit, "no_strike_while")
    plan.data["sp"] = (sp, unknown)


def _sp_ruling(eng: RangersStrikeEngine, unit: Unit, sp: int, unknown: str | None) -> None:
    """Say where a strike's SP came from when it is not simply printed; a strike whose SP is
    not known is unverifiable."""
    d = eng.state.card(unit.card)
    if unknown is not None:
        eng.ctx.ruling(
            "RS-SP-FRACTION" if d.is_vehicle else "RS-SP-EFFECT",
            f"{eng.name(unit.card)}'s SP is not known ({unknown}): whether it may strike "
            "cannot be verified.",
        )
        eng.ctx.cannot_verify(f"{eng.name(unit.card)}'s SP is not known: {unknown}.")
        return
    if any(m.sp is not None for m in unit.mods):
        eng.ctx.ruling(
            "RS-SP-EFFECT",
            f"{eng.name(unit.card)} is SP {sp} by an effect until the end of the turn.",
        )
    elif d.sp_at is not None:
        eng.ctx.ruling(
            "RS-SP-FRACTION",
            f"{eng.name(unit.card)} has SP {d.sp_at[0]}/{d.sp_at[1]} and stands "
            f"{d.sp_at[1]}{_nth(d.sp_at[1])} in the battle area: SP {sp}.",
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
    _carried_restriction(eng, plan, "strike")
    if st.card(unit.card).is_vehicle and len(unit.riders) != 1:
        vehicle_model(eng, f"a strike by a vehicle carrying {len(unit.riders)} units")
    if plan.data.get("doubt"):
        eng.ctx.ruling(
            "RS-CARD-RESTRICTION",
            f"{plan.data['doubt'][:-1]}; in tag battle 自軍ダメージ may be the team's, which is "
            "enough: whether it may strike cannot be verified.",
        )
        eng.ctx.cannot_verify("自軍ダメージ read as the player's and as the team's disagree.")
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


#: what the sources say of vehicles that the engine's model of them does not follow
#: (RS-VEHICLE): its steps that depend on it are unverifiable
OFFICIAL_RIDE = (
    "the official card Q&A (RS-108 デカグリーン) lets a unit ride a vehicle only as it enters "
    "the battle area in its player's battle phase, and the fan wiki's vehicle page (atwiki renst "
    "141) says a vehicle neither attacks nor is attacked, one unit riding it"
)


def vehicle_model(eng: RangersStrikeEngine, what: str) -> None:
    """RS-VEHICLE: ``what`` rests on the engine's model of vehicles (units boarding in the rush
    phase, the vehicle fighting as one position), which the sources contradict: the step is
    unverifiable, the ruling says why."""
    eng.ctx.ruling(
        "RS-VEHICLE",
        f"{what[0].upper()}{what[1:]} follows the engine's model of vehicles, not the sources: "
        f"{OFFICIAL_RIDE}.",
    )
    eng.ctx.cannot_verify(f"{what}: the engine's model of vehicles")


def _carried_restriction(eng: RangersStrikeEngine, plan: Plan, what: str) -> None:
    """A vehicle carrying a unit whose printed restriction governs ``what``: whether it binds
    the vehicle the sources do not say (RS-CARD-RESTRICTION), so the step is unverifiable."""
    rider = plan.data.get("carried")
    if rider is None:
        return
    unit = plan.data["unit"]
    eng.ctx.ruling(
        "RS-CARD-RESTRICTION",
        f"{eng.name(unit.card)} carries {eng.name(rider)}, whose printed restriction forbids it "
        f"to {what}; whether that binds the vehicle is not in the sources.",
    )
    eng.ctx.cannot_verify(f"a carried unit's restriction on {what}")
