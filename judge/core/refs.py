"""Card references in a log, and binding hidden cards in observed mode: the part every game shares.

A reference is an instance id (``"A-7"``), a card code (any one copy in the zone the action
implies) or ``{"code": …, "zone": …}``.  A string that is an instance id of the log is an
instance id; any other string is a code.

**Observed mode.**  A hidden card that nobody has seen is ``None`` in its zone.  When the log
names a card there, the engine *binds* it: it takes an unknown slot of that zone and the
lowest-numbered instance of that code that has not been seen anywhere yet (the player's
``unseen``: code -> instance ids, lowest first).  A log may also name the instance id of a card
not yet seen: that instance is bound.  When every copy of the code is already known to be
elsewhere, the reveal is impossible.  Which copy is bound does not matter to the rules (copies
are interchangeable while unseen); the choice of the lowest number makes replays
byte-identical.

What differs between games is passed in as a :class:`ZoneRefs`: the rule ids to cite and how
the game says where a card is.  The state is any object with ``code_of`` (instance -> code),
``owner_of`` (instance -> player) and ``players`` (player -> an object whose list zones are
attributes named after the zone, and with ``unseen``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

#: ``(rule id, message)``: why a reference cannot be carried out.
Problem = tuple[str, str]


class CardState(Protocol):
    """What the reference functions read of a game's state."""

    code_of: dict[str, str]
    owner_of: dict[str, str]
    players: Mapping[str, Any]


@dataclass(slots=True)
class Take:
    """A card to take from a list zone: position, instance, and whether it is bound now."""

    zone: str
    index: int
    iid: str
    bind: bool  # True: the slot was unknown and becomes ``iid``


def is_instance(state: CardState, ref: Any) -> bool:
    return isinstance(ref, str) and ref in state.code_of


def ref_code(state: CardState, ref: Any) -> str:
    """The code a reference names (for messages and binding)."""
    if isinstance(ref, dict):
        return ref["code"]
    return state.code_of[ref] if is_instance(state, ref) else ref


def ref_text(ref: Any) -> str:
    """A reference as the log wrote it, for messages: an instance id or a code (the code of
    a ``{"code": …, "zone": …}``)."""
    return ref["code"] if isinstance(ref, dict) else str(ref)


def ref_zone(ref: Any) -> str | None:
    """The zone a ``{"code": …, "zone": …}`` reference names, else None."""
    return ref.get("zone") if isinstance(ref, dict) else None


def bind(state: CardState, pid: str, iid: str) -> None:
    """An unseen instance has been seen: it no longer counts as possibly hidden anywhere."""
    lst = state.players[pid].unseen.get(state.code_of[iid])
    if lst and iid in lst:
        lst.remove(iid)


def do_take(state: CardState, pid: str, take: Take) -> str:
    """Remove the card of ``take`` from its zone (binding it first if needed)."""
    cards = getattr(state.players[pid], take.zone)
    if take.bind:
        bind(state, pid, take.iid)
    cards.pop(take.index)
    return take.iid


def take_many(state: CardState, pid: str, takes: list[Take]) -> list[str]:
    """Carry out the takes of :meth:`ZoneRefs.find_many_in_zone`; returns the ids in the
    given order."""
    for take in sorted(takes, key=lambda t: -t.index):
        do_take(state, pid, take)
    return [t.iid for t in takes]


def distinct_in_zone(state: CardState, pid: str, zone: str) -> list[str]:
    """The first known instance of each code in ``pid``'s list ``zone``, in zone order."""
    seen: set[str] = set()
    out = []
    for iid in getattr(state.players[pid], zone):
        if iid is None:
            continue
        code = state.code_of[iid]
        if code not in seen:
            seen.add(code)
            out.append(iid)
    return out


def _where(pid: str, zone: str) -> str:
    """A player's list zone in words (``"A's discard pile"``), for a problem's message: made
    only when there is a problem (most look-ups find the card)."""
    return f"{pid}'s {zone.replace('_', ' ')}"


@dataclass(frozen=True, slots=True)
class ZoneRefs:
    """Finding named cards in a player's list zones (hand, discard pile, …), for one game.

    ``rule_in_zone`` is cited when the card is not in the zone, ``rule_reveal`` when no copy
    of it can be there (observed mode); ``locate(state, iid)`` says where an instance is, in
    words.  With ``zone_must_match``, a ``{"code": …, "zone": …}`` reference naming another
    zone than the one the action implies is a problem; without, its zone is not looked at.
    """

    rule_in_zone: str
    rule_reveal: str
    locate: Callable[[Any, str], str]
    zone_must_match: bool = False

    def find_in_zone(
        self, state: CardState, pid: str, zone: str, ref: Any
    ) -> tuple[Take | None, Problem | None]:
        """The card ``ref`` in ``pid``'s list ``zone``: ``(take, None)`` or
        ``(None, (rule, message))``.  Binds in observed mode."""
        ps = state.players[pid]
        cards: list[str | None] = getattr(ps, zone)
        if self.zone_must_match and ref_zone(ref) not in (None, zone):
            return None, (
                self.rule_in_zone,
                f"The card must come from {_where(pid, zone)}, not the {ref_zone(ref)}.",
            )
        if is_instance(state, ref):
            iid = ref
            if iid in cards:
                return Take(zone, cards.index(iid), iid, False), None
            code = state.code_of[iid]
            if state.owner_of[iid] == pid and None in cards and iid in ps.unseen.get(code, ()):
                return Take(zone, cards.index(None), iid, True), None
            return None, (
                self.rule_in_zone,
                f"{iid} ({code}) is not in {_where(pid, zone)}: it is in {self.locate(state, iid)}.",
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
                    self.rule_reveal,
                    f"{pid} has no card {code} in its deck, so none can be in {_where(pid, zone)}.",
                )
            places = "; ".join(f"{i} in {self.locate(state, i)}" for i in known)
            return None, (
                self.rule_reveal,
                f"No copy of {code} can be in {_where(pid, zone)}: every copy is known to be "
                f"elsewhere ({places}).",
            )
        return None, (self.rule_in_zone, f"There is no {code} in {_where(pid, zone)}.")

    def unseen_copy(
        self, state: CardState, pid: str, code: str, what: str
    ) -> tuple[str | None, Problem | None]:
        """Observed mode: the instance of ``code`` that ``what`` (an unknown card of ``pid``,
        in words: "the top card of A's deck") can be, the lowest-numbered unseen one; else
        ``(None, (rule_reveal, message))`` saying where each copy is known to be."""
        ids = state.players[pid].unseen.get(code, [])
        if ids:
            return ids[0], None
        known = [i for i, c in state.code_of.items() if c == code and state.owner_of[i] == pid]
        where = "; ".join(f"{i} in {self.locate(state, i)}" for i in known)
        return None, (
            self.rule_reveal,
            f"No copy of {code} can be {what}"
            + (
                f": every copy is known to be elsewhere ({where})."
                if known
                else f": {pid}'s deck has no {code}."
            ),
        )

    def find_many_in_zone(
        self, state: CardState, pid: str, zone: str, refs: list[Any]
    ) -> tuple[list[Take], list[Problem]]:
        """Several different cards of one list zone: two references to one code mean two copies.

        Returns the takes (positions in the zone as it is now; :func:`take_many` takes them
        from the highest position down) and the problems, one per reference that cannot be
        found.
        """
        ps = state.players[pid]
        cards: list[str | None] = getattr(ps, zone)
        free = list(range(len(cards)))
        unseen = {code: list(ids) for code, ids in ps.unseen.items()}
        takes: list[Take] = []
        problems: list[Problem] = []
        for ref in refs:
            take = None
            if is_instance(state, ref):
                idx = next((i for i in free if cards[i] == ref), None)
                code = state.code_of[ref]
                if idx is not None:
                    take = Take(zone, idx, ref, False)
                elif any(t.iid == ref for t in takes):
                    problems.append((self.rule_in_zone, f"{ref} is named twice."))
                    continue
                else:
                    slot = next((i for i in free if cards[i] is None), None)
                    if (
                        slot is not None
                        and state.owner_of[ref] == pid
                        and ref in unseen.get(code, ())
                    ):
                        unseen[code].remove(ref)
                        take = Take(zone, slot, ref, True)
            else:
                code = ref_code(state, ref)
                idx = next(
                    (i for i in free if cards[i] is not None and state.code_of[cards[i]] == code),
                    None,
                )
                if idx is not None:
                    take = Take(zone, idx, cards[idx], False)  # type: ignore[arg-type]
                else:
                    slot = next((i for i in free if cards[i] is None), None)
                    if slot is not None and unseen.get(code):
                        take = Take(zone, slot, unseen[code].pop(0), True)
            if take is None:
                _, err = self.find_in_zone(state, pid, zone, ref)
                where = f"{pid}'s {zone.replace('_', ' ')}"
                problems.append(
                    err or (self.rule_in_zone, f"{where} has no other {ref_code(state, ref)}.")
                )
                continue
            free.remove(take.index)
            takes.append(take)
        return takes, problems
