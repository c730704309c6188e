"""Card references in a Rebirth for you log: the core's list-zone references
(:mod:`judge.core.refs`) with this game's rule ids, and where a card is, in words."""

from __future__ import annotations

from judge.core.refs import ZoneRefs
from judge.games.rebirth.state import R4UState

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
