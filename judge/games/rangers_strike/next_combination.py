"""A Number Combination that makes the next unit's combination trigger its NC, whatever its
number, that unit then unable to strike (RS-NEXT-COMBINATION).

"このターン、このユニットの次にコンビネーションするCN4を持つ自軍Sユニットは、そのNCの効果を発動する。ただし、ストライ
クはできない。": ``{"when": "next_combination", "of": {"number": 4, "size": "S"}, "do": [{"op":
"next_nc", "no_strike": true}]}`` in ``combination.effects``, in force from the combination until
the end of the turn (RS-COMBINATION-TURN, :mod:`judge.games.rangers_strike.combination_turn`).
The unit that combines next after this one is the unit that enters the battle area directly after
it (a combination is made with the unit directly before, RS-COMBINATION-FROM; the battle area
fills from the left, so one unit at most ever enters directly after it while it stays): when that
unit is a size S unit of the player's own whose printed combination number is N, its NC effect
triggers, whatever its position, and it cannot strike this turn (ただし、ストライクはできない).  Any
other unit entering there uses the effect up: nothing happens, then or later.

Not guessed (a ruling, the step unverifiable): a unit that would combine by its own number or from
the unit before it too (once or twice), a unit stacked on a card that may change its number, in
tag battle an ally's unit entering there (自軍: the player's or its team's), and a unit entering
riding a vehicle (whether it combines at all the sources do not say, RS-RIDER: nothing is
triggered and the effect is used up).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.games.rangers_strike import combination_turn
from judge.games.rangers_strike.state import Unit

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-NEXT-COMBINATION"
WHEN = "next_combination"
#: the one op: the next unit's NC triggers, and it cannot strike
NEXT = {"op": "next_nc", "no_strike": True}


def ok(effect: dict[str, Any]) -> bool:
    """Whether a ``next_combination`` effect is one the engine executes: ``of`` a printed
    combination number and a size, its one op :data:`NEXT`."""
    of = effect.get("of")
    return (
        set(effect) <= {"when", "of", "do", "text"}
        and effect.get("when") == WHEN
        and isinstance(of, dict)
        and set(of) == {"number", "size"}
        and isinstance(of["number"], int)
        and not isinstance(of["number"], bool)
        and of["number"] >= 1
        and of["size"] in ("S", "M", "L")
        and effect.get("do") == [NEXT]
    )


def words(effect: dict[str, Any]) -> str | None:
    """The effect in English, or None for one not known."""
    if not ok(effect):
        return None
    of = effect["of"]
    return (
        f"When a unit enters your battle area directly after this unit (the next to combine "
        f"after it): if it is a size {of['size']} unit of yours with combination number "
        f"{of['number']}, its Number Combination (NC) effect triggers, whatever its position, and "
        "it cannot strike this turn (once: the first unit to enter there uses it up)."
    )


def entered(eng: RangersStrikeEngine, pid: str, unit: Unit, number: int | None, pos: int) -> bool:
    """``pid``'s ``unit`` has entered at ``pos`` (its combination number ``number``, as the
    cards it is stacked on make it): an effect in force for the unit directly before it
    triggers its NC (and True: its combination is dealt with), or is used up (False)."""
    st = eng.state
    if not st.granted:
        return False  # no combination effect in force (a unit enters at every other action)
    before = eng.unit_before(pid)
    if before is None:
        return False
    mine = [g for g in combination_turn.in_force(eng, WHEN) if g.unit is before and not g.spent]
    if not mine:
        return False
    done = False
    for g in mine:
        g.spent = True
        of = g.effect["of"]
        d = st.card(unit.card)
        what = f"{eng.name(g.source)}'s combination effect (the next unit to combine after it)"
        if g.controller != pid:
            eng.ctx.ruling(
                RULE,
                f"{eng.name(unit.card)}, {pid}'s, entered directly after {eng.name(before.card)}, "
                f"{g.controller}'s: whether 自軍Sユニット means {g.controller}'s units or its "
                f"team's the sources do not say; the engine does not trigger {what}.",
            )
            eng.ctx.cannot_verify(f"whether {what} applies to an ally's unit")
            continue
        fits = d.is_unit and d.size == of["size"] and d.combination_number == of["number"]
        if not fits:
            eng.ctx.ruling(
                RULE,
                f"{eng.name(unit.card)} entered directly after {eng.name(before.card)} but is not "
                f"a size {of['size']} unit with combination number {of['number']}: {what} does "
                "nothing, and no later unit combines next after it.",
            )
            continue
        if (
            done
            or number == pos
            or number != d.combination_number  # a stacked card or クロス changes it
            or d.combines_from is not None
            or unit.stacked
            or g.doubt
        ):
            eng.ctx.ruling(
                RULE,
                f"{eng.name(unit.card)} may combine otherwise too (by its number, from the unit "
                "before it, a card it is stacked on or クロス changing its number, another such "
                "effect, or this one perhaps in force twice): whether its NC "
                "triggers once or more the sources do not say, and the engine does not trigger "
                f"it for {what}.",
            )
            eng.ctx.cannot_verify(f"whether {eng.name(unit.card)}'s NC triggers once or more")
            return True
        g.barred = unit
        eng.ctx.ruling(
            RULE,
            f"{eng.name(unit.card)}, a size {of['size']} unit with combination number "
            f"{of['number']}, entered directly after {eng.name(before.card)}: its NC effect "
            f"triggers at position {pos} ({what}), and it cannot strike this turn.",
        )
        eng.event(
            "combination_effect",
            f"{eng.name(unit.card)}'s Number Combination triggers at position {pos} ({what}); "
            "it cannot strike this turn.",
            player=pid,
            card=unit.card,
        )
        eng.fire(unit, "combination", pid)
        done = True
    return done


def used_up(eng: RangersStrikeEngine, pid: str) -> None:
    """A unit of ``pid``'s entered riding a vehicle directly after a unit this effect is in
    force for: whether it combines the sources do not say (RS-RIDER); the effect is used up."""
    before = eng.unit_before(pid)
    for g in combination_turn.in_force(eng, WHEN):
        if before is not None and g.unit is before and not g.spent:
            g.spent = True
            eng.ctx.ruling(
                RULE,
                f"A unit entered riding a vehicle directly after {eng.name(before.card)}: whether "
                "it combines the sources do not say, and the engine does not trigger "
                f"{eng.name(g.source)}'s combination effect for it.",
            )
            eng.ctx.cannot_verify("whether a unit riding a vehicle combines next after a unit")


def strike_barred(eng: RangersStrikeEngine, unit: Unit) -> str | None:
    """Why ``unit`` cannot strike now, when this effect triggered its NC this turn, or None."""
    for g in eng.state.granted:
        if g.effect.get("when") == WHEN and g.barred is unit:
            return (
                f"{eng.name(unit.card)}'s NC was triggered by {eng.name(g.source)}'s combination "
                "effect this turn: it cannot strike (ただし、ストライクはできない)."
            )
    return None
