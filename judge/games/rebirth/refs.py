"""Card references in a Rebirth for you log: the core's list-zone references
(:mod:`judge.core.refs`) with this game's rule ids, and where a card is, in words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.core.engine import Plan
from judge.core.refs import Take, ZoneRefs
from judge.games.rebirth.state import R4UState

if TYPE_CHECKING:
    from judge.games.rebirth.engine import RebirthEngine

LIST_ZONES = ("hand", "deck", "retire", "rebirth_area", "waiting_room")


def locate(st: R4UState, iid: str) -> str:
    """Where an instance is, in words (for messages)."""
    for pid in st.order:
        ps = st.players[pid]
        for zone in LIST_ZONES:
            if iid in getattr(ps, zone):
                return f"{pid}'s {zone.replace('_', ' ')}"
        if ps.entry == iid:
            return f"{pid}'s entry"
        if iid in ps.member_cards():
            return f"{pid}'s member squares"
        if any(s.card == iid for s in ps.energy):
            return f"{pid}'s energy"
        if any(s.card == iid for s in ps.partners):
            return f"{pid}'s partner zone"
        if iid in ps.unseen.get(st.code_of[iid], ()):
            return f"{pid}'s hidden cards (not yet seen)"
    return "nowhere in the game"


ZONE_REFS = ZoneRefs(
    rule_in_zone="R4U-CARD-IN-ZONE", rule_reveal="R4U-REVEAL", locate=locate, zone_must_match=True
)
find_in_zone = ZONE_REFS.find_in_zone


def take_from(eng: RebirthEngine, plan: Plan, zone: str, field: str = "card") -> Take | None:
    """The card the action's ``field`` names in its player's ``zone``; None (the plan told why,
    as a violation that cannot be applied) when it is not there.

    An instance id in the zone (most references) is found here, as find_in_zone finds it
    (an id's zone is never looked at, and it is the first test after that), without the
    messages find_in_zone words beforehand for a reference not found."""
    st = eng.state
    pid, ref = plan.action["p"], plan.action[field]
    if isinstance(ref, str) and ref in st.code_of:  # judge.core.refs.is_instance
        cards = getattr(st.players[pid], zone)
        if ref in cards:
            return Take(zone, cards.index(ref), ref, False)
    take, err = find_in_zone(st, pid, zone, ref)
    if err:
        plan.violate(*err)
        plan.cannot_apply(err[1].rstrip("."))
    return take
