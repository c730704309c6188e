"""Resist (※レジスト) and units destroyed although they win a battle (RS-RESIST,
RS-WIN-DESTROYED).

Resist, as the fan wiki's glossary (atwiki page 1289) gives it: when a unit with resist is
destroyed by a battle (not by an effect), its player may, instead of putting it into the discard
pile, hold it and leave it where it is.  It has still been destroyed ("撃破された" effects
trigger), but it never went to the discard pile (so "撃破されて捨札になったとき" effects do
not).  Only a released unit can resist: a held unit stays held for as long as it is a unit (no
start phase releases it, atwiki page 157), and otherwise works as any unit.

Why the choice is a pending effect: its timing is "when destroyed", the same as the other
when-destroyed effects, so the turn player orders it with them (RS-SIMULTANEOUS) and the log
records it by ``resolve`` (``use``: resist or not).  While it waits the unit stays where it was;
not resisting (``use: false``, or no record: RS-CHOICE-RECORDED) puts it into the discard pile
then, and its "goes to the discard pile" effects (RS-DESTROYED-TO-POWER) trigger.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.timing import PendingEffect
from judge.games.rangers_strike import own_text, stacking
from judge.games.rangers_strike.state import Unit

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

#: the pending choice of a unit with resist destroyed by a battle
RESIST: dict[str, Any] = {
    "when": "on_destroyed",
    "optional": True,
    "do": [{"op": "resist"}],
    "text": "※レジスト",
}


def is_resist(effect: dict[str, Any]) -> bool:
    return [op.get("op") for op in effect.get("do") or () if isinstance(op, dict)] == ["resist"]


def discards(effect: dict[str, Any]) -> bool:
    """Whether ``effect`` triggers on going to the discard pile (not on being destroyed)."""
    return any(
        isinstance(op, dict) and op.get("op") in DISCARD_OPS for op in effect.get("do") or ()
    )


#: the ops of texts printed "これが撃破されて捨札になったとき" (or "…自軍パワーゾーンにおいてもよい"): they
#: trigger on going to the discard pile, so not when the unit resists (RS-RESIST)
DISCARD_OPS = ("to_power", "from_discard", "from_hand_or_discard")


def can_resist(eng: RangersStrikeEngine, unit: Unit) -> bool:
    """Whether ``unit`` may resist now: released, and with resist of its own, given by the
    vehicle it rides to a unit riding it (with the feature the vehicle names, RS-RIDER-BP), or
    by its own text while its condition holds (RS-WHILE-NAMED: the narrow reading, see
    :func:`resist_doubt`)."""
    st = eng.state
    d = st.card(unit.card)
    if not d.is_unit or unit.held:
        return False
    if _resists_anyway(eng, unit):
        return True
    ops = eng.own_text_of(d)
    return bool(ops) and own_text.resists(eng, unit, ops, False)


def _resists_anyway(eng: RangersStrikeEngine, unit: Unit) -> bool:
    """Whether ``unit`` has resist printed, or given by the vehicle it rides."""
    st = eng.state
    if st.card(unit.card).resist:
        return True
    given = st.card(unit.vehicle).rider_resist if unit.vehicle is not None else None
    return given is not None and (
        "feature" not in given or given["feature"] in st.unit_features(unit)
    )


def resist_doubt(eng: RangersStrikeEngine, unit: Unit) -> str | None:
    """RS-WHILE-NAMED: why whether ``unit`` may resist now is not known (its own text gives it
    resist in one reading and not in the other: 自軍エリア in tag battle, a card that may count
    as the name), or None."""
    d = eng.state.card(unit.card)
    ops = eng.own_text_of(d)
    if not d.is_unit or unit.held or not any(op["op"] == "resist" for op in ops):
        return None
    if _resists_anyway(eng, unit):
        return None
    if own_text.resists(eng, unit, ops, False) == own_text.resists(eng, unit, ops, True):
        return None
    return f"{own_text.doubt(eng, unit, ops)}: its own text gives it resist in one reading only"


def battle_destroy(
    eng: RangersStrikeEngine,
    owner: str,
    unit: Unit,
    why: str,
    by: str | None = None,
    killer: Any = None,
) -> None:
    """``unit`` is destroyed by a battle (by ``by``'s winning unit, when one won): it may
    resist (RS-RESIST), else it is destroyed as any unit is (a unit riding a vehicle resists in
    place, still riding it)."""
    st = eng.state
    doubt = resist_doubt(eng, unit)
    if doubt is not None:  # RS-WHILE-NAMED: whether it may resist is not known
        own_text.not_known(
            eng,
            unit,
            "RS-WHILE-NAMED",
            f"{eng.name(unit.card)} is destroyed by the battle; {doubt}",
            f"{eng.name(unit.card)} is not destroyed; the log may record what happened in an "
            "`outcome`.",
        )
        return
    if not can_resist(eng, unit):
        eng.destroy(owner, unit, why, by=by, killer=killer)
        return
    if st.entering is unit:
        st.entering = None
    eng.event(
        "destroyed",
        f"{eng.name(unit.card)} is destroyed ({why}); it has resist: {owner} may hold it and "
        "leave it in place instead of putting it into the discard pile.",
        player=owner,
        card=unit.card,
        cards=[unit.card],
    )
    eng.ctx.ruling(
        "RS-RESIST",
        f"{eng.name(unit.card)} was destroyed by a battle and is released: {owner} may resist "
        "(resolve, use true) or not (use false: it goes to the discard pile).",
    )
    stacking.resist_too(eng, unit)  # RS-STACK-STAY: a card that would keep it in place too
    eng.fire(None, "on_destroyed", owner, card=unit.card, only=lambda e: not discards(e))
    eng.pool.add(
        owner, unit.card, dict(RESIST), 200, "on_destroyed", unit=unit, by=by, killer=killer
    )


def resolve(eng: RangersStrikeEngine, pe: PendingEffect, use: bool) -> None:
    """The recorded choice: resist (hold it, in place) or not (to the discard pile)."""
    unit: Unit = pe.context["unit"]
    owner = pe.controller
    where = eng.state.area_of(unit)
    if where is None:
        eng.event("effect", f"{eng.name(unit.card)} has left: nothing to resist.", card=unit.card)
        return
    if use:
        unit.held = True
        eng.event(
            "resist",
            f"{owner} resists: {eng.name(unit.card)} is held and stays in the {where[1]} area.",
            player=owner,
            card=unit.card,
        )
        return
    eng.event("effect_declined", f"{owner} does not resist.", player=owner, card=unit.card)
    eng.destroy(
        owner,
        unit,
        "it did not resist",
        only=discards,
        by=pe.context.get("by"),
        killer=pe.context.get("killer"),
    )


def dies_winning(eng: RangersStrikeEngine, winner: Unit, other: Unit) -> str | None:
    """Why ``winner``, which won its battle against ``other``, is destroyed all the same by
    its printed rule (RS-WIN-DESTROYED), or None.  What the engine cannot tell (an SP not
    known) leaves the step unverifiable."""
    st = eng.state
    for r in st.card(winner.card).restrictions:
        if r.get("rule") != "dies_winning":
            continue
        if r.get("turn") == "opponent" and st.turn_player in eng.allies(_owner(eng, winner)):
            continue
        if "feature" in r and r["feature"] in st.unit_features(other):
            return f"it battled a unit with the feature {r['feature']}"
        if "sp_min" in r:
            sp, unknown = eng.sp_known(other)
            if unknown is not None:
                _unknown(eng, winner, f"{eng.name(other.card)}'s SP is not known ({unknown})")
            elif sp >= int(r["sp_min"]):
                return f"it battled a unit with SP {sp} in an opposing turn"
    return None


def _unknown(eng: RangersStrikeEngine, unit: Unit, why: str) -> None:
    eng.ctx.ruling(
        "RS-WIN-DESTROYED",
        f"Whether {eng.name(unit.card)} is destroyed although it won cannot be told: {why}.",
    )
    eng.ctx.cannot_verify(why)


def _owner(eng: RangersStrikeEngine, unit: Unit) -> str:
    where = eng.state.area_of(unit)
    assert where is not None
    return where[0]
