"""Card references in a log, and binding hidden cards in observed mode.

A reference is an instance id (``"A-7"``), a card code (``"SMP-003"``: any one copy in the
zone the action implies) or ``{"code": …, "zone": …}``.  A string that is an instance id of
the log is an instance id; any other string is a code.

**Observed mode.**  A hidden card (in a deck, a hand or the life row) that nobody has seen is
``None`` in its zone.  When the log names a card there, the engine *binds* it: it takes an
unknown slot of that zone and the lowest-numbered instance of that code that has not been
seen anywhere yet (``PlayerState.unseen``).  When every copy of the code is already known
to be elsewhere, the reveal is impossible (rule ``UA-REVEAL``).  Which copy is bound does
not matter to the rules (copies are interchangeable while unseen); the choice of the lowest
number makes replays byte-identical.  The binding itself is the core's
(:mod:`judge.core.refs`); this module says where a Union Arena card is and which rules it
cites.
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
    ref_text,
    take_many,
)
from judge.games.union_arena.state import LINES, UAState, Unit

__all__ = [
    "Problem",
    "Take",
    "bind",
    "do_take",
    "find_in_zone",
    "find_many_in_zone",
    "find_unit",
    "is_instance",
    "locate",
    "ref_code",
    "ref_text",
    "take_many",
]


def locate(state: UAState, iid: str) -> str:
    """Where an instance is, in words (for messages)."""
    for pid in state.order:
        ps = state.players[pid]
        for zone in ("hand", "deck", "life", "outside", "removal"):
            if iid in getattr(ps, zone):
                return f"{pid}'s {zone.replace('_', ' ')}"
        if iid in ps.ap_cards or iid in ps.ap_reserve:
            return f"{pid}'s AP area"
        if iid in ps.unseen.get(state.code_of[iid], ()):
            return f"{pid}'s hidden cards (not yet seen)"
    found = state.find_unit(iid)
    if found:
        return f"{found[0]}'s {found[1].replace('_', ' ')}"
    return "nowhere in the game"


#: Cards named in list zones (hand, life, outside, …): rules UA-CARD-IN-ZONE and UA-REVEAL.
ZONE_REFS = ZoneRefs(rule_in_zone="UA-CARD-IN-ZONE", rule_reveal="UA-REVEAL", locate=locate)
find_in_zone = ZONE_REFS.find_in_zone
find_many_in_zone = ZONE_REFS.find_many_in_zone


def find_unit(
    state: UAState, ref: Any, path: str, owner: str | None = None
) -> tuple[str, str, Unit] | None:
    """The unit on the field a reference names, or None.  Ambiguous references are bad input.

    A code names a unit when exactly one unit with that top code exists (on ``owner``'s
    side, if given), or when all such units are in the same state (interchangeable).
    """
    if isinstance(ref, str) and ref in state.code_of:  # (is_instance written out)
        if owner is None:
            return state.find_unit(ref)
        # only the owner's lines searched: an instance is in one stack at most, so the one
        # state.find_unit finds is there, or the answer is None
        ps = state.players.get(owner)
        if ps is not None:
            for unit in ps.front_line:
                if ref in unit.cards:
                    return owner, "front_line", unit
            for unit in ps.energy_line:
                if ref in unit.cards:
                    return owner, "energy_line", unit
        return None
    code = ref_code(state, ref)
    zone = ref.get("zone") if isinstance(ref, dict) else None
    matches: list[tuple[str, str, Unit]] = []
    for pid in state.order:
        if owner is not None and pid != owner:
            continue
        for line in LINES:
            if zone is not None and zone != line:
                continue
            for unit in state.players[pid].line(line):
                if state.code_of[unit.top] == code:
                    matches.append((pid, line, unit))
    if not matches:
        return None
    signature = {
        (m[0], m[1], m[2].rested, len(m[2].cards), state.bp(m[2]), len(m[2].face_down))
        for m in matches
    }  # a face-down card under one (UA-UNDER) is a state of its own
    if len(signature) > 1:
        ids = ", ".join(m[2].top for m in matches)
        raise BadLog(
            [
                FieldError(
                    path,
                    f"ambiguous card reference {code!r}: it could mean {ids}, which are in different states; name the instance",
                )
            ]
        )
    return matches[0]
