"""Card references in a Rangers Strike log, and binding hidden cards in observed mode.

A reference is an instance id (``"A-7"``), a card code (``"RSS-003"``: any one copy in the zone
the action implies) or ``{"code": …, "zone": …}``.  A string that is an instance id of the log
is an instance id; any other string is a code.

**Observed mode** (as in Union Arena).  A hidden card nobody has seen is ``None`` in its zone.
When the log names a card in a hand (or a face-up power card that was hidden), the engine
*binds* it: it takes an unknown slot of that zone and the lowest-numbered instance of that code
not seen anywhere yet (``PlayerState.unseen``); when every copy is known to be elsewhere, the
reveal is impossible (``RS-REVEAL``).  A log may also name the instance id of a card not yet
seen: that instance is bound.

**Ambiguity.**  A code naming units in the area the action implies is ambiguous when those
units are in different states (owner, area, BP and the effects on it, cards aboard, whether it
has attacked or struck this turn, whether it has just entered and may still act): the log is
bad input naming the field (``shared/spec/action-log-v1.md``: "a reference that could mean
copies in different states is ambiguous and is bad input"), as Union Arena's references are.
Copies in a hand, or released commands of one code, are interchangeable.

Binding in list zones is the core's (:mod:`judge.core.refs`); this module says where a Rangers
Strike card is, which rules it cites, and finds commands, face-up power cards and units.
"""

from __future__ import annotations

from typing import Any

from judge.core.errors import BadLog, FieldError
from judge.core.refs import (
    Problem,
    Take,
    ZoneRefs,
    bind,
    do_take,
    is_instance,
    ref_code,
    ref_zone,
)
from judge.games.rangers_strike.state import AREAS, RSState, Unit

__all__ = [
    "Problem",
    "Take",
    "bind",
    "do_take",
    "find_command",
    "find_face_up",
    "find_in_zone",
    "find_unit",
    "is_instance",
    "locate",
    "ref_code",
    "ref_zone",
]


def locate(st: RSState, iid: str) -> str:
    """Where an instance is, in words (for messages)."""
    for pid in st.order:
        ps = st.players[pid]
        for zone in ("hand", "deck", "discard"):
            if iid in getattr(ps, zone):
                return f"{pid}'s {zone}"
        if any(c.card == iid for c in ps.command):
            return f"{pid}'s command zone"
        if any(p.card == iid for p in ps.power):
            return f"{pid}'s power zone"
        if iid in ps.residents:
            return f"{pid}'s resident place"
        if iid in ps.unseen.get(st.code_of[iid], ()):
            return f"{pid}'s hidden cards (not yet seen)"
    found = st.find_unit(iid)
    if found:
        return f"{found[0]}'s {found[1]} area"
    return "nowhere in the game"


#: Cards named in list zones (``hand``, ``discard``): rules RS-CARD-IN-ZONE and RS-REVEAL; a
#: ``{"code": …, "zone": …}`` reference must name the zone the action takes the card from.
ZONE_REFS = ZoneRefs(
    rule_in_zone="RS-CARD-IN-ZONE", rule_reveal="RS-REVEAL", locate=locate, zone_must_match=True
)
find_in_zone = ZONE_REFS.find_in_zone


def find_command(
    st: RSState, holder: str, ref: Any | None, category: str
) -> tuple[int | None, Problem | None]:
    """The released command ``ref`` (or, without one, the first released command of
    ``category``) in ``holder``'s command zone: ``(index, None)`` or ``(None, problem)``."""
    ps = st.players[holder]
    if ref is None:
        for i, c in enumerate(ps.command):
            if not c.held and st.defs[st.code_of[c.card]].category == category:
                return i, None
        released = [c.card for c in ps.command if not c.held]
        have = ", ".join(f"{c} ({st.card(c).category})" for c in released) if released else "none"
        return None, (
            "RS-RUSH-COMMAND",
            f"{holder}'s command zone holds no released {category} command "
            f"(released commands: {have}).",
        )
    code = ref_code(st, ref)
    matches = [
        i
        for i, c in enumerate(ps.command)
        if (c.card == ref if is_instance(st, ref) else st.code_of[c.card] == code)
    ]
    if not matches:
        return None, (
            "RS-CARD-IN-ZONE",
            f"{ref if is_instance(st, ref) else code} is not in {holder}'s command zone.",
        )
    released = [i for i in matches if not ps.command[i].held]
    if not released:
        return None, ("RS-RUSH-COMMAND", f"{ps.command[matches[0]].card} is held already.")
    i = released[0]
    got = st.card(ps.command[i].card).category
    if got != category:
        return None, (
            "RS-CATEGORY",
            f"{ps.command[i].card} is a {got} command; the card needs a {category} command.",
        )
    return i, None


def find_face_up(
    st: RSState, pid: str, refs: list[Any]
) -> tuple[list[tuple[int, str | None]], list[Problem]]:
    """Distinct face-up cards of ``pid``'s power zone: ``[(index, iid to bind or None)]``."""
    ps = st.players[pid]
    free = [i for i, p in enumerate(ps.power) if p.face_up]
    unseen = {code: list(ids) for code, ids in ps.unseen.items()}
    out: list[tuple[int, str | None]] = []
    problems: list[Problem] = []
    for ref in refs:
        code = ref_code(st, ref)
        if is_instance(st, ref):
            idx = next((i for i in free if ps.power[i].card == ref), None)
        else:
            idx = next(
                (
                    i
                    for i in free
                    if ps.power[i].card is not None and st.code_of[ps.power[i].card] == code
                ),
                None,
            )
        bound = None
        if idx is None:
            slot = next((i for i in free if ps.power[i].card is None), None)
            pool = unseen.get(code, [])
            want = ref if is_instance(st, ref) else (pool[0] if pool else None)
            if slot is not None and want is not None and want in pool:
                pool.remove(want)
                idx, bound = slot, want
        if idx is None:
            what = ref if is_instance(st, ref) else code
            problems.append(
                ("RS-CARD-IN-ZONE", f"{what} is not a face-up card of {pid}'s power zone.")
            )
            continue
        free.remove(idx)
        out.append((idx, bound))
    return out, problems


def find_unit(
    st: RSState,
    ref: Any,
    path: str,
    owners: list[str] | tuple[str, ...],
    areas: tuple[str, ...] = AREAS,
    bp: Any = None,
) -> tuple[str, str, Unit] | None:
    """The unit (or vehicle) a reference names among ``owners``' ``areas``, or None.

    An instance id names the unit whose card it is (a vehicle ridden by a unit is named by
    nothing: the unit riding it stands in its place, RS-RIDE).  A code names a unit when all the units with
    that card code there are in the same state; otherwise the reference is ambiguous, which is
    bad input at ``path``.  ``bp`` is the engine's BP function (for the state comparison).
    """
    zone = ref_zone(ref)
    if zone is not None:
        areas = tuple(a for a in areas if a == zone)
    if is_instance(st, ref):
        for pid in owners:
            ps = st.players[pid]
            for area in areas:
                # (PlayerState.area written out: a reference found at every enter and attack)
                for unit in ps.rush if area == "rush" else ps.battle:
                    if unit.card == ref:
                        return pid, area, unit
        return None
    code = ref_code(st, ref)
    matches: list[tuple[str, str, Unit]] = []
    for pid in owners:
        for area in areas:
            for unit in st.players[pid].area(area):
                if st.code_of[unit.card] == code:
                    matches.append((pid, area, unit))
    if not matches:
        return None
    signature = {
        (
            m[0],
            m[1],
            m[2].vehicle,
            bp(m[2]) if bp else 0,
            tuple(
                (x.bp, x.during, x.against, x.no_enter, x.no_strike, x.cross, x.wing)
                for x in m[2].mods
            ),
            m[2].acted,
            m[2].again,
            m[2].held,
            m[2] is st.entering,
            tuple(st.code_of[c] for c in m[2].stacked),
        )
        for m in matches
    }
    if len(signature) > 1:
        ids = ", ".join(m[2].card for m in matches)
        raise BadLog(
            [
                FieldError(
                    path,
                    f"ambiguous card reference {code!r}: it could mean {ids}, which are in "
                    "different states; name the instance",
                )
            ]
        )
    return matches[0]
