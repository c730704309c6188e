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
number makes replays byte-identical.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judge.core.errors import BadLog, FieldError
from judge.games.union_arena.state import LINES, UAState, Unit


@dataclass(slots=True)
class Take:
    """A card to take from a hidden-or-known list zone: position, instance, and a bind."""

    zone: str
    index: int
    iid: str
    bind: bool  # True: the slot was unknown and becomes ``iid``


def is_instance(state: UAState, ref: Any) -> bool:
    return isinstance(ref, str) and ref in state.code_of


def ref_code(state: UAState, ref: Any) -> str:
    """The code a reference names (for messages and binding)."""
    if isinstance(ref, dict):
        return ref["code"]
    return state.code_of[ref] if is_instance(state, ref) else ref


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


def find_in_zone(
    state: UAState, pid: str, zone: str, ref: Any
) -> tuple[Take | None, tuple[str, str] | None]:
    """Find the card ``ref`` in ``pid``'s list zone (hand, life, outside, …).

    Returns ``(take, None)`` or ``(None, (rule, message))``.  Binds in observed mode.
    """
    ps = state.players[pid]
    cards: list[str | None] = getattr(ps, zone)
    where = f"{pid}'s {zone.replace('_', ' ')}"
    if is_instance(state, ref):
        iid = ref
        if iid in cards:
            return Take(zone, cards.index(iid), iid, False), None
        code = state.code_of[iid]
        if state.owner_of[iid] == pid and None in cards and iid in ps.unseen.get(code, ()):
            return Take(zone, cards.index(None), iid, True), None
        return None, (
            "UA-CARD-IN-ZONE",
            f"{iid} ({code}) is not in {where}: it is in {locate(state, iid)}.",
        )
    code = ref_code(state, ref)
    for i, iid in enumerate(cards):
        if iid is not None and state.code_of[iid] == code:
            return Take(zone, i, iid, False), None
    if None in cards:
        unseen = ps.unseen.get(code, [])
        if unseen:
            return Take(zone, cards.index(None), unseen[0], True), None
        known = [i for i, c in state.code_of.items() if c == code and state.owner_of[i] == pid]
        if not known:
            return None, (
                "UA-REVEAL",
                f"{pid} has no card {code} in its deck, so none can be in {where}.",
            )
        places = "; ".join(f"{i} in {locate(state, i)}" for i in known)
        return None, (
            "UA-REVEAL",
            f"No copy of {code} can be in {where}: every copy is known to be elsewhere ({places}).",
        )
    return None, ("UA-CARD-IN-ZONE", f"There is no {code} in {where}.")


def do_take(state: UAState, pid: str, take: Take) -> str:
    """Remove the card of ``take`` from its zone (binding it first if needed)."""
    ps = state.players[pid]
    cards = getattr(ps, take.zone)
    if take.bind:
        bind(state, pid, take.iid)
    cards.pop(take.index)
    return take.iid


def bind(state: UAState, pid: str, iid: str) -> None:
    """An unseen instance has been seen: it no longer counts as possibly hidden anywhere."""
    lst = state.players[pid].unseen.get(state.code_of[iid])
    if lst and iid in lst:
        lst.remove(iid)


def find_unit(
    state: UAState, ref: Any, path: str, owner: str | None = None
) -> tuple[str, str, Unit] | None:
    """The unit on the field a reference names, or None.  Ambiguous references are bad input.

    A code names a unit when exactly one unit with that top code exists (on ``owner``'s
    side, if given), or when all such units are in the same state (interchangeable).
    """
    if is_instance(state, ref):
        found = state.find_unit(ref)
        if found and (owner is None or found[0] == owner):
            return found
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
    signature = {(m[0], m[1], m[2].rested, len(m[2].cards), state.bp(m[2])) for m in matches}
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


def find_many_in_zone(
    state: UAState, pid: str, zone: str, refs: list[Any]
) -> tuple[list[Take], list[tuple[str, str]]]:
    """Several different cards of one list zone: two references to one code mean two copies.

    Returns the takes (positions in the zone as it is now; take them from the highest
    position down) and the problems, one per reference that cannot be found.
    """
    ps = state.players[pid]
    cards: list[str | None] = getattr(ps, zone)
    free = list(range(len(cards)))
    unseen = {code: list(ids) for code, ids in ps.unseen.items()}
    takes: list[Take] = []
    problems: list[tuple[str, str]] = []
    for ref in refs:
        take = None
        if is_instance(state, ref):
            idx = next((i for i in free if cards[i] == ref), None)
            code = state.code_of[ref]
            if idx is not None:
                take = Take(zone, idx, ref, False)
            elif any(t.iid == ref for t in takes):
                problems.append(("UA-CARD-IN-ZONE", f"{ref} is named twice."))
                continue
            else:
                slot = next((i for i in free if cards[i] is None), None)
                if slot is not None and state.owner_of[ref] == pid and ref in unseen.get(code, ()):
                    unseen[code].remove(ref)
                    take = Take(zone, slot, ref, True)
        else:
            code = ref_code(state, ref)
            idx = next(
                (i for i in free if cards[i] is not None and state.code_of[cards[i]] == code), None
            )
            if idx is not None:
                take = Take(zone, idx, cards[idx], False)  # type: ignore[arg-type]
            else:
                slot = next((i for i in free if cards[i] is None), None)
                if slot is not None and unseen.get(code):
                    take = Take(zone, slot, unseen[code].pop(0), True)
        if take is None:
            _, err = find_in_zone(state, pid, zone, ref)
            where = f"{pid}'s {zone.replace('_', ' ')}"
            problems.append(
                err or ("UA-CARD-IN-ZONE", f"{where} has no other {ref_code(state, ref)}.")
            )
            continue
        free.remove(take.index)
        takes.append(take)
    return takes, problems


def take_many(state: UAState, pid: str, takes: list[Take]) -> list[str]:
    """Carry out the takes of :func:`find_many_in_zone`; returns the ids in the given order."""
    for take in sorted(takes, key=lambda t: -t.index):
        do_take(state, pid, take)
    return [t.iid for t in takes]
