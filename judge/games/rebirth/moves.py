"""Target ops that move cards to the deck's bottom, into the energy area or from the Rebirth area
to the hand (R4U-TEXT-MOVES): ``rebirth_to_hand`` (cards of the player's own Rebirth area);
``bottom`` (characters of ``side`` ``own``, ``opponent`` or ``any`` (either player's), of the
``zone`` ``member`` or ``entry``, optionally ``rested`` only, onto the bottom of their owner's
deck) and ``to_energy`` (cards of the player's own ``from`` ``member`` or ``waiting_room`` into
its energy area, rested and face down).

Why apart from :mod:`judge.games.rebirth.resolve`: the other target ops take cards of one
player; ``side`` ``any`` takes both players', each card going to its owner's deck.  An
emptied entry is filled by entry-in when the effect has resolved (R4U-ENTRY-IN).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.games.rebirth.state import Slot

if TYPE_CHECKING:
    from judge.games.rebirth.engine import RebirthEngine

OPS = ("bottom", "to_energy", "rebirth_to_hand")


def sides(eng: RebirthEngine, controller: str, op: dict[str, Any]) -> list[str]:
    """The players whose cards the op takes: the controller first."""
    side = "own" if op["op"] in ("to_energy", "rebirth_to_hand") else op.get("side", "opponent")
    opp = eng.state.opponent(controller)
    return {"own": [controller], "opponent": [opp], "any": [controller, opp]}[side]


def fitting(eng: RebirthEngine, controller: str, op: dict[str, Any]) -> list[str]:
    """Every card the op could take now: per player, the entry, then member squares 1-3 (or
    the waiting room from the bottom card up); :func:`judge.games.rebirth.resolve.fitting`
    leaves out those that cannot be chosen."""
    out: list[str] = []
    for pid in sides(eng, controller, op):
        ps = eng.state.players[pid]
        if op["op"] == "rebirth_to_hand":
            out += list(ps.rebirth_area)
            continue
        if op["op"] == "to_energy" and op.get("from") == "waiting_room":
            out += [c for c in ps.waiting_room if c is not None]
            continue
        if op.get("zone", "member") == "entry":
            out += [ps.entry] if ps.entry is not None else []
            continue
        out += [s.card for s in ps.members if s is not None and (s.rested or not op.get("rested"))]
    return out


def describe(eng: RebirthEngine, controller: str, op: dict[str, Any]) -> str:
    whose = " or ".join(sides(eng, controller, op))
    if op["op"] == "rebirth_to_hand":
        return f"a card of {whose}'s Rebirth area"
    if op["op"] == "to_energy" and op.get("from") == "waiting_room":
        return f"a card in {whose}'s waiting room"
    if op.get("zone", "member") == "entry":
        return f"{whose}'s entry character"
    return f"a {'rested ' if op.get('rested') else ''}member of {whose}'s"


def apply(eng: RebirthEngine, pid: str, op: dict[str, Any], cards: list[str], what: str) -> None:
    """Carry out the op on its chosen cards."""
    st = eng.state
    for iid in cards:
        owner = st.owner_of[iid]
        ps = st.players[owner]
        where = _take(eng, owner, iid)
        if where is None:
            continue
        if op["op"] == "rebirth_to_hand":
            ps.hand.append(iid)
            eng.event(
                "to_hand",
                f"{what}: {eng.name(iid)} goes from {owner}'s {where} to the hand.",
                player=owner,
                card=iid,
            )
        elif op["op"] == "bottom":
            ps.deck.append(iid)
            eng.event(
                "to_deck_bottom",
                f"{what}: {eng.name(iid)} goes from {owner}'s {where} onto the bottom of "
                f"{owner}'s deck.",
                player=owner,
                card=iid,
            )
        else:
            slot = Slot(iid, rested=True)
            ps.energy.append(slot)
            if ps.rested_energy is not None:
                ps.rested_energy.append(slot)
            eng.event(
                "energy",
                f"{what}: {eng.name(iid)} goes from {owner}'s {where} into the energy area, "
                "rested.",
                player=owner,
                card=iid,
            )


def _take(eng: RebirthEngine, pid: str, iid: str) -> str | None:
    """Take ``iid`` from where it is (the entry, a member square, the waiting room)."""
    ps = eng.state.players[pid]
    if ps.entry == iid:
        ps.entry, ps.entry_mods = None, []
        return "entry"
    for i, s in enumerate(ps.members):
        if s is not None and s.card == iid:
            ps.members[i] = None
            return f"member square {i + 1}"
    if iid in ps.waiting_room:
        ps.waiting_room.remove(iid)
        return "waiting room"
    if iid in ps.rebirth_area:
        ps.rebirth_area.remove(iid)
        return "Rebirth area"
    return None
