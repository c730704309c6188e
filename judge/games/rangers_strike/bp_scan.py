"""The BP of every unit of an area, read at once: a choice by BP ("BPN以下の", "BPNの") takes
its units from all of them (:func:`judge.games.rangers_strike.resolve.fitting`).

Why a module of its own: on a long log an opposing battle area holds dozens of units, and an
effect that chooses by BP reads the BP of each of them every time it is judged (as it is
checked, as it resolves, and for its ruling).  Most of them have nothing on them and a card
without a text of its own BP, while nothing in the game changes BP from afar: their BP is their
printed BP, with what the vehicle they ride gives (RS-RIDER-BP) and what residents give
(RS-RESIDENT), read one way only.  :func:`printed_now` says when that holds for the whole state
(worked out once per area, not once per unit), :func:`reader` reads a unit's BP so, or through
:meth:`~judge.games.rangers_strike.engine.RangersStrikeEngine.bp` when it cannot, and
:func:`units_by_bp` walks an area with the reading written out.  The BP read is the one
:meth:`~judge.games.rangers_strike.engine.RangersStrikeEngine.bp` gives: nothing here rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable

    from judge.games.rangers_strike.engine import RangersStrikeEngine
    from judge.games.rangers_strike.state import Unit

#: a unit chosen: (its player, its area, the unit)
Found = tuple[str, str, "Unit"]


def printed_now(eng: RangersStrikeEngine) -> frozenset[str]:
    """The codes of the cards whose unit's BP before residents is its printed BP now, with
    what a vehicle it rides gives, while nothing else is on it (no effect in force, no card
    stacked under it): :meth:`~RangersStrikeEngine.plain_bp`'s conditions of the whole state
    (no battle in progress, so no attack BP; no text in force or in the game that changes
    other units' BP), and cards without a text of their own BP.  Empty when those do not
    hold.  None of them changes while an area is read."""
    st = eng.state
    if st.battle is not None or st.auras:
        return frozenset()
    field = eng._field_bp  # (field_bp's kept answer read first: a few times an action)
    if field if field is not None else eng.field_bp():
        return frozenset()
    codes = eng.codes_known.get("printed bp")  # (read first, as watch.with_effect)
    if codes is not None:
        return codes
    # (shared: printed_bp_only reads the definition alone, through per_card's reads)
    return eng.codes_where("printed bp", eng.printed_bp_only, shared=True)


#: what :func:`reader` and :func:`units_by_bp` read of the whole state: whether a resident
#: in place gives BP by category (``residents_by_category``), and :func:`printed_now`
Basis = tuple[bool, frozenset[str]]


def basis(eng: RangersStrikeEngine) -> Basis:
    """:data:`Basis` now, for a walk of many areas (nothing it reads changes while areas are
    read: worked out once, not once an area)."""
    return eng.residents_by_category(), printed_now(eng)


def reader(
    eng: RangersStrikeEngine, owner: str, area: str, known: Basis | None = None
) -> Callable[[Unit], tuple[int, bool]]:
    """The BP of units of ``owner``'s ``area``, for reading many of them, and whether it is
    read one way only (:meth:`~RangersStrikeEngine.bp_team` is None).  What residents give
    depends on the area and the unit's category only, so it is worked out once per category,
    or once when no resident names one; a unit of :func:`printed_now`'s cards with nothing on
    it has its printed BP, its vehicle's rider BP and that (:meth:`~RangersStrikeEngine.own_bp`
    and :meth:`~RangersStrikeEngine.bp_team`, written out).  ``known``: :func:`basis`, when
    the caller has it already."""
    st = eng.state
    bonus: dict[tuple[str, ...], int] = {}
    by_category, printed = basis(eng) if known is None else known
    defs, code_of = st.defs, st.code_of

    def bp(unit: Unit) -> tuple[int, bool]:
        # RS-ADD-FEATURE: a category added too (when a resident's BP names one)
        category = st.unit_categories(unit) if by_category else ()
        extra = bonus.get(category)
        if extra is None:
            extra = bonus[category] = eng.resident_bonus(unit, owner, area)
        code = code_of[unit.card]
        if code in printed and not (unit.mods or unit.stacked):
            if unit.vehicle is None:
                return defs[code].bp + extra, True
            return defs[code].bp + defs[code_of[unit.vehicle]].rider_bp + extra, True
        return eng.bp(unit, owner, area, extra), False

    return bp


def units_by_bp(
    eng: RangersStrikeEngine,
    sel: dict[str, Any],
    limit: int | None,
    owner: str,
    area: str,
    fits: Callable[[Unit], bool],
    known: Basis | None = None,
) -> list[Found]:
    """The units (not vehicles: RS-SELECT-UNIT) of ``owner``'s ``area`` whose BP fits ``sel``'s
    condition (no more than ``limit``, exactly its ``bp_equal``), in position order, for a
    selector with no other condition.  A unit whose BP is not its printed one is judged by
    ``fits`` (the caller's reading, both of tag battle's when they differ); the others here.
    ``known``: :func:`basis`, when the caller has it already."""
    st = eng.state
    defs, code_of = st.defs, st.code_of
    if known is None:
        printed = frozenset() if eng.residents_by_category() else printed_now(eng)
    else:
        printed = frozenset() if known[0] else known[1]
    equal = int(sel["bp_equal"]) if "bp_equal" in sel else None
    extra: int | None = None  # what residents give (no resident names a category)
    out: list[Found] = []
    ps = st.players[owner]
    for unit in ps.rush if area == "rush" else ps.battle:  # (PlayerState.area written out)
        code = code_of[unit.card]
        d = defs[code]
        if d.type != "unit":
            continue
        if code not in printed or unit.mods or unit.stacked:
            if fits(unit):
                out.append((owner, area, unit))
            continue
        if extra is None:
            extra = eng.resident_bonus(unit, owner, area)
        value = d.bp + extra
        if unit.vehicle is not None:  # RS-RIDER-BP (no attack in progress)
            value += defs[code_of[unit.vehicle]].rider_bp
        if (limit is None or value <= limit) and (equal is None or value == equal):
            out.append((owner, area, unit))
    return out
