"""Riding a vehicle, riding off, and the rider combination RC (RS-RIDE, RS-RIDER,
RS-RIDE-OFF, RS-RIDER-COMBINATION; vehicles themselves: RS-VEHICLE).

What the sources say, and so what the engine does:

- A unit rides a vehicle only as it enters the battle area in its player's battle phase
  (official card Q&A, RS-108 デカグリーン; atwiki renst 156 A1): the log's ``enter`` names the
  vehicle in ``ride``.  A unit boarding one at any other time (the ``board`` action) is
  illegal.  One unit rides a vehicle, and a unit riding one rides no other (atwiki 156, A2).
- Who may ride: a unit with the rider combination RC, a unit whose own text lets it (the
  restriction ``rides``), or a unit the vehicle's text names (``ridden_by``, which may ask it
  to hold commands: ``hold``, :func:`ride_holds`); a vehicle whose text says no other unit
  rides it (``only``) takes only those, RC or not (atwiki 156, 228).  A card whose printed
  text is not read may say otherwise, so such a ride is unverifiable, never refused.
- The unit riding stands in the vehicle's place, the vehicle under it, and fights as itself:
  it attacks, is attacked and strikes with its own BP and SP; it stays riding when it returns
  to the rush area and enters again with the vehicle (atwiki 141 A1, 156).  When it leaves its
  area the vehicle stays (atwiki 141 A7, A8: :func:`~judge.games.rangers_strike.state.leave_area`).
- Riding off: after it has entered, just before it attacks or strikes, never in the start
  phase nor when the opponent put it into the battle area (atwiki 594 A1, A2); any unit riding
  may ride off, RC or not (A3).  It then stands directly after the vehicle, in a place of its
  own (atwiki 594).  A unit with RC that rides off so triggers its rider combination; riding
  off by an effect does not (atwiki 228, 594).

Not in the sources, so a ruling says so and the step is unverifiable: whether a unit without
RC combines by its number or from a unit when it enters riding or rides off
(:func:`combination_unknown`); a combination made from a unit riding directly before, a
rider's SP K/N and an effect returning a rider are flagged where they are judged
(``battle.apply_enter``, ``engine.sp_known``, ``resolve``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.engine import Plan
from judge.core.timing import PendingEffect
from judge.core.wording import plural
from judge.games.rangers_strike import restrictions, stacking
from judge.games.rangers_strike.handling import _path
from judge.games.rangers_strike.refs import find_unit, is_instance
from judge.games.rangers_strike.state import BATTLE_CATEGORY, Unit, leave_area, remove_unit

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

#: the official card Q&A's answer that settles when a unit rides (RS-108 デカグリーン)
ONLY_ON_ENTERING = (
    "a unit rides a vehicle only as it enters the battle area in its player's battle phase "
    "(official card Q&A, RS-108)"
)


# -- board: never legal ------------------------------------------------------------------------


def check_board(eng: RangersStrikeEngine, plan: Plan) -> None:
    """RS-RIDE: boarding a vehicle in the rush area is not a move of the game."""
    plan.violate(
        "RS-RIDE",
        f"{plan.action['card']} cannot board {plan.action['vehicle']} in the rush area: "
        f"{ONLY_ON_ENTERING}; record it on the unit's enter (ride).",
    )
    plan.cannot_apply("a unit boards a vehicle only as it enters the battle area")


def apply_board(eng: RangersStrikeEngine, plan: Plan) -> None:  # pragma: no cover - illegal
    """Never reached: :func:`check_board` always refuses and declares it not applicable."""


# -- riding as the unit enters ---------------------------------------------------------------


def rider_of(eng: RangersStrikeEngine, ref: Any) -> Unit | None:
    """The unit riding the vehicle ``ref`` names (an instance id), or None: a vehicle a unit
    rides is named by nothing in its area, the unit standing in its place."""
    st = eng.state
    found = st.find_unit(ref) if is_instance(st, ref) else None
    return found[2] if found is not None and found[2].vehicle == ref else None


def may_ride(eng: RangersStrikeEngine, unit: Unit, vehicle: str) -> tuple[bool | None, str]:
    """Whether ``unit`` may ride the vehicle card ``vehicle`` (True, False, or None when an
    unread printed text decides it), and why, in words."""
    st = eng.state
    u, v = st.card(unit.card), st.card(vehicle)
    named = v.ridden_by
    only = bool(named and named.get("only"))
    by_text = _by_text(eng, unit, vehicle)
    if by_text is not None:
        n = by_text.get("hold")
        held = f", holding {_commands(n)} of its player's" if n else ""
        return True, f"{v.name}'s text lets {_which(by_text)} ride it{held}"
    own = restrictions.has(eng, unit.card, "rides")  # the unit's own text (atwiki renst 156)
    if own is not None and not only and ("feature" not in own or own["feature"] in v.features):
        if v.unread:
            return None, (
                f"{u.name}'s text lets it ride {v.name}, but {v.name}'s printed text is not "
                "read: it may say that no other unit rides it"
            )
        return True, f"{u.name}'s text lets it ride " + (
            f"a vehicle with the feature {own['feature']}" if "feature" in own else "a vehicle"
        )
    if u.rider_combination and not only:
        if v.unread:
            return None, (
                f"{u.name} has the rider combination RC, but {v.name}'s printed text is not "
                "read: it may say that no other unit rides it"
            )
        return True, f"{u.name} has the rider combination RC"
    added = _category_added(eng, unit, named)
    if added is not None:  # RS-ADD-FEATURE: "バトルエリアにあるとき、カテゴリにXが追加される"
        return None, (
            f"{v.name}'s text lets {_which(named)} ride it, and {u.name}'s note adds {added} "
            "to its categories while it is in a battle area: whether it has it as it rides, "
            "entering, the sources do not say"
        )
    if only:
        why = f"{v.name}'s text lets {_which(named)} ride it, and no other unit"
    elif named is not None:
        why = f"{u.name} has no rider combination RC and is not {_which(named)}, whom {v.name}'s text lets ride it"
    else:
        why = f"{u.name} has no rider combination RC, and {v.name}'s text names no unit that may ride it"
    if v.unread or u.unread:
        return None, f"{why}, as far as it is read: a printed text not read may let it"
    return False, why


def ride_holds(eng: RangersStrikeEngine, unit: Unit, vehicle: str) -> int:
    """How many commands of its own ``unit`` holds to ride ``vehicle``: its text's ``hold``
    when the unit rides by that text, not by RC (RS-RIDER: "自軍コマンドをNつホールドすれば、RCを
    持っていなくてもこのビークルにライドできる")."""
    named = _by_text(eng, unit, vehicle)
    return int(named.get("hold") or 0) if named is not None else 0


def _by_text(eng: RangersStrikeEngine, unit: Unit, vehicle: str) -> dict[str, Any] | None:
    """The vehicle's ``ridden_by`` when ``unit`` rides it by that text: the text names it, and
    either says no other unit rides it or the unit has no RC (which it would ride by)."""
    named = eng.state.card(vehicle).ridden_by
    if named is None or not _named(eng, unit, named):
        return None
    rc = eng.state.card(unit.card).rider_combination
    return named if named.get("only") or not rc else None


def _commands(n: int) -> str:
    return f"{plural(n, 'command')}"


def _category_added(
    eng: RangersStrikeEngine, unit: Unit, named: dict[str, Any] | None
) -> str | None:
    """The category ``named`` asks for when ``unit``'s note adds it in a battle area and it
    does not print it (RS-ADD-FEATURE), else None."""
    if named is None or "category" not in named:
        return None
    d = eng.state.card(unit.card)
    if "size" in named and d.size != named["size"]:
        return None
    cat = named["category"]
    for r in d.restrictions:
        if r.get("rule") == BATTLE_CATEGORY and r.get("category") == cat != d.category:
            return str(cat)
    return None


def _named(eng: RangersStrikeEngine, unit: Unit, named: dict[str, Any]) -> bool:
    d = eng.state.card(unit.card)
    if "size" in named and d.size != named["size"]:
        return False
    if "feature" in named:
        return named["feature"] in eng.state.unit_features(unit)
    if "category" in named:
        return d.category == named["category"]
    return d.named(*(named.get("names") or ()))


def _which(named: dict[str, Any] | None) -> str:
    if not named:
        return "no unit"
    size = f"size {named['size']} " if "size" in named else ""
    if "feature" in named:
        return f"a {size}unit with the feature {named['feature']}"
    if "category" in named:
        return f"a {size}{named['category']} unit"
    return f"a {size}unit named " + " or ".join(named.get("names") or ())


def check_ride(eng: RangersStrikeEngine, plan: Plan, unit: Unit) -> None:
    """``enter`` with ``ride``: the vehicle is the player's, in its rush area, ridden by no
    unit, and ``unit`` (riding none) may ride it (RS-RIDE)."""
    st = eng.state
    pid = plan.action["p"]
    ref = plan.action["ride"]
    if unit.vehicle is not None:
        plan.violate(
            "RS-RIDER",
            f"{eng.name(unit.card)} already rides {eng.name(unit.vehicle)}: a unit riding a "
            "vehicle rides no other.",
        )
        return
    if not st.card(unit.card).is_unit:
        plan.violate("RS-RIDER", f"{eng.name(unit.card)} is a vehicle: only a unit rides one.")
        return
    found = find_unit(st, ref, _path(eng, "ride"), [pid], ("rush",), bp=eng.bp)
    if found is None:
        rider = rider_of(eng, ref)
        if rider is not None:
            plan.violate(
                "RS-RIDER",
                f"{eng.name(rider.card)} rides {eng.name(ref)} already: one unit rides a vehicle.",
            )
        else:
            plan.violate("RS-CARD-IN-ZONE", f"{ref} is not a vehicle in {pid}'s rush area.")
        return
    vehicle = found[2]
    if not st.card(vehicle.card).is_vehicle:
        plan.violate("RS-RIDER", f"{eng.name(vehicle.card)} is not a vehicle: a unit rides one.")
        return
    ok, why = may_ride(eng, unit, vehicle.card)
    if ok is False:
        plan.violate(
            "RS-RIDER", f"{eng.name(unit.card)} cannot ride {eng.name(vehicle.card)}: {why}."
        )
        return
    plan.data.update(vehicle=vehicle, ride_doubt=why if ok is None else None, ride_why=why)


def apply_ride(eng: RangersStrikeEngine, plan: Plan, unit: Unit) -> None:
    """The unit mounts the vehicle named in ``ride`` as it leaves the rush area; the two enter
    together (the caller moves the unit)."""
    vehicle: Unit = plan.data["vehicle"]
    pid = plan.action["p"]
    remove_unit(eng.state.players[pid].rush, vehicle)
    unit.vehicle = vehicle.card
    doubt = plan.data.get("ride_doubt")
    eng.ctx.ruling(
        "RS-RIDE",
        f"{eng.name(unit.card)} rides {eng.name(vehicle.card)} as it enters the battle area in "
        f"{pid}'s battle phase: the vehicle enters with it, under it.",
    )
    if doubt is not None:
        eng.ctx.ruling("RS-RIDER", f"Whether it may ride is not known: {doubt}.")
        eng.ctx.cannot_verify(f"whether {eng.name(unit.card)} may ride: {doubt}")
        return
    eng.ctx.ruling(
        "RS-RIDER",
        f"It may ride ({plan.data['ride_why']}); it stands in the vehicle's place and fights "
        "as itself.",
    )


def combination_unknown(eng: RangersStrikeEngine, unit: Unit, when: str) -> None:
    """A unit without RC that has a combination (a number, or one made from a unit) enters
    riding or rides off (``when``): whether it combines is not in the sources (RS-RIDER), so
    the step is unverifiable."""
    d = eng.state.card(unit.card)
    if d.rider_combination or not d.combination or not d.combination_effects():
        return
    eng.ctx.ruling(
        "RS-RIDER",
        f"{eng.name(unit.card)} {when}; the sources speak only of the rider combination RC "
        "there: whether its own combination triggers is not known, and the engine does not "
        "trigger it.",
    )
    eng.ctx.cannot_verify(f"whether {eng.name(unit.card)}'s combination triggers as it {when}")


# -- riding off ------------------------------------------------------------------------------


def check_ride_off(eng: RangersStrikeEngine, plan: Plan) -> None:
    """RS-RIDE-OFF: only the unit that has just entered, riding, before its attack or strike."""
    st = eng.state
    pid = plan.action["p"]
    ref = plan.action["card"]
    found = find_unit(st, ref, _path(eng, "card"), [pid], ("battle",), bp=eng.bp)
    if found is None:
        plan.violate("RS-CARD-IN-ZONE", f"{ref} is not a unit in {pid}'s battle area.")
        return
    unit = found[2]
    if unit.vehicle is None:
        plan.violate("RS-RIDE-OFF", f"{eng.name(unit.card)} rides no vehicle.")
        return
    if unit is not st.entering or unit.acted is not None:  # (RS-ATTACK-AGAIN: it has attacked)
        plan.violate(
            "RS-RIDE-OFF",
            f"{eng.name(unit.card)} cannot ride off now: a unit rides off only after it has "
            "entered the battle area, just before it attacks or strikes.",
        )
        return
    plan.data["unit"] = unit


def apply_ride_off(eng: RangersStrikeEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    unit: Unit | None = plan.data.get("unit")
    if unit is None:  # refused, and applied as played (on_illegal=apply): nothing to ride off
        eng.ctx.cannot_verify("The ride off could not be applied as recorded.")
        return
    battle = st.players[pid].battle
    index = battle.index(unit)  # by identity
    vehicle = Unit(unit.vehicle or "", st.next_serial())
    battle.insert(index, vehicle)
    unit.vehicle = None
    unit.rode_off = True
    pos = eng.battle_position(unit)
    eng.event(
        "ride_off",
        f"{pid}'s {eng.name(unit.card)} rides off {eng.name(vehicle.card)} and stands directly "
        f"after it, at position {pos}.",
        player=pid,
        card=unit.card,
        vehicle=vehicle.card,
        position=pos,
    )
    eng.ctx.ruling(
        "RS-RIDE-OFF",
        f"{eng.name(unit.card)} rode off just before its attack or strike: it stands directly "
        f"after {eng.name(vehicle.card)}, which stays in its place.",
    )
    if st.card(unit.card).rider_combination:
        eng.ctx.ruling(
            "RS-RIDER-COMBINATION",
            f"{eng.name(unit.card)} has the rider combination RC and rode off in its battle "
            "phase: its combination triggers.",
        )
        eng.fire(unit, "combination", pid)
        return
    d = st.card(unit.card)
    if d.combination and d.combination.get("ride_off") and d.combination_number is not None:
        # RS-RIDE-OFF-NUMBER: "(この効果は、ライドオフしたときナンバーに関係なく発動する)"
        number = d.combination_number
        eng.ctx.ruling(
            "RS-RIDE-OFF-NUMBER",
            f"{eng.name(unit.card)} rode off in its battle phase: its text says its combination "
            "triggers then, whatever its number.",
        )
        doubt = (
            f"{eng.name(unit.card)} entered riding at position {number}, its number, and "
            "whether its combination triggered then too is not known (RS-RIDER)"
            if unit.entered_at == number
            else None
        )
        eng.fire(unit, "combination", pid, doubt=doubt)
        return
    combination_unknown(eng, unit, "rides off")


# -- a vehicle back in the rush area: the unit riding it to the hand (RS-RIDER-TO-HAND) -----------

TO_HAND_RULE = "RS-RIDER-TO-HAND"
#: a vehicle's effect as it returns from the battle area to the rush area (``on_return``)
RETURNS = "on_return"


def returned(eng: RangersStrikeEngine, pid: str, units: list[Unit]) -> None:
    """``units``, ``pid``'s, have returned from the battle area to the rush area in its start
    phase: the ``on_return`` effect of each vehicle a unit rides waits in the pool (a vehicle
    no unit rides has none to return: nothing triggers)."""
    for unit in units:
        if unit.vehicle is None or not _returns(eng, unit.vehicle):
            continue
        eng.ctx.ruling(
            TO_HAND_RULE,
            f"{eng.name(unit.vehicle)} returns from the battle area to the rush area with "
            f"{eng.name(unit.card)} riding it: its effect triggers.",
        )
        eng.fire(unit, RETURNS, pid, card=unit.vehicle)


def _returns(eng: RangersStrikeEngine, vehicle: str) -> bool:
    return any(e.get("when") == RETURNS for e in eng.state.card(vehicle).effects)


def returned_by_effect(eng: RangersStrikeEngine, pe: Any, unit: Unit) -> None:
    """An effect returned ``unit``, riding a vehicle with an ``on_return`` effect, to the rush
    area: whether the vehicle returns with it the sources do not say (RS-RIDER), so whether the
    vehicle's effect triggers is not guessed."""
    if unit.vehicle is None or not _returns(eng, unit.vehicle):
        return
    found = eng.state.area_of(unit)
    pid = found[0] if found is not None else pe.controller
    index, effect = next(
        (i, e)
        for i, e in enumerate(eng.state.card(unit.vehicle).effects)
        if e.get("when") == RETURNS
    )
    eng.not_guessed(
        PendingEffect(0, pid, unit.vehicle, effect, index, RETURNS, {"unit": unit}),
        TO_HAND_RULE,
        f"whether {eng.name(unit.vehicle)} returns with {eng.name(unit.card)}, and so whether "
        "its text of returning to the rush area triggers, the sources do not say",
        f"{eng.name(unit.vehicle)}'s effect is not carried out.",
    )


def rider_to_hand(eng: RangersStrikeEngine, pe: Any, what: str) -> None:
    """RS-RIDER-TO-HAND: "このビークルにライドしているユニットを手札に戻す": the unit riding the
    effect's vehicle (``pe.source``), if one still does, leaves its area for its owner's hand;
    the vehicle stays in its place, no longer ridden (RS-RIDER)."""
    st = eng.state
    found = st.find_unit(pe.source)
    if found is None or found[2].vehicle != pe.source:
        eng.ctx.ruling(
            TO_HAND_RULE, f"No unit rides {eng.name(pe.source)} now: {what} does nothing."
        )
        return
    pid, area, unit = found
    if stacking.leaving(eng, unit, f"is returned to its owner's hand ({what})"):
        return
    left = leave_area(st, st.players[pid].area(area), unit)
    owner = st.owner_of[unit.card]
    st.players[owner].hand.append(unit.card)
    eng.event(
        "to_hand",
        f"{eng.name(unit.card)}, which rode {eng.name(pe.source)}, goes from {pid}'s {area} area "
        f"to {owner}'s hand ({what}).",
        player=owner,
        card=unit.card,
    )
    eng.ctx.ruling(
        TO_HAND_RULE,
        f"{eng.name(unit.card)} returns to its owner's hand (it is not destroyed, so no "
        "when-destroyed effect triggers).",
    )
    if left is not None:
        eng.rider_left(left, unit.card)
