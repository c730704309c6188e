"""Every size S unit and vehicle whose required power is not met put into the discard pile
(RS-DISCARD-UNPOWERED): "必要パワーを満たしていないSユニットとSビークルを可能な限りすべて選び、捨札にする。"
(a unit's effect when it is rushed, "【name】これをラッシュしたとき、…").

The op, the effect's only one: ``{"op": "discard_unpowered", "size": "S"}``.  As the effect
resolves, every unit and every vehicle of printed size S in a rush or battle area, either
player's (the text names no side), whose printed required power is more than its player's power
now (the cards of its power zone, face up or down; in tag battle the team's, RST-POWER: what a
card is rushed against, RS-RUSH-POWER) goes to its owner's discard pile, all at once; they are not
destroyed (no when-destroyed effect triggers).  A unit riding a vehicle leaves it in its place
(RS-RIDER), and that vehicle goes too when it does not meet its own.  Not guessed (the step
unverifiable; the vehicle stays): a vehicle so discarded while the unit riding it stays (whether
the unit stays in its place the sources do not say); a card a stacked operation keeps in place
(RS-STACK-STAY) stays, as elsewhere.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.games.rangers_strike import stacking
from judge.games.rangers_strike.state import leave_area

if TYPE_CHECKING:
    from judge.core.timing import PendingEffect
    from judge.games.rangers_strike.engine import RangersStrikeEngine
    from judge.games.rangers_strike.state import Unit

RULE = "RS-DISCARD-UNPOWERED"
OP = "discard_unpowered"


def ok(effect: dict[str, Any], timing: str | None) -> bool:
    """Whether ``effect`` is the one shape of the module docstring (a unit's, when rushed)."""
    return (
        timing == "on_rush"
        and not effect.get("optional")
        and set(effect) <= {"when", "do", "text"}
        and effect.get("do") == [{"op": OP, "size": "S"}]
    )


def sentence(op: dict[str, Any]) -> str:
    """The op in English."""
    size = op["size"]
    return (
        f"put every size {size} unit and every size {size} vehicle (either player's, rush or "
        "battle area) whose printed required power is more than its player's power into its "
        "owner's discard pile (not destroyed)"
    )


def _short(eng: RangersStrikeEngine, pid: str, card: str, size: str) -> bool:
    d = eng.state.card(card)
    return d.size == size and d.power > eng.power_of(pid)


def carry_out(eng: RangersStrikeEngine, pe: PendingEffect, op: dict[str, Any], what: str) -> None:
    """Discard them all (module docstring)."""
    st = eng.state
    size = str(op["size"])
    picked: list[tuple[str, str, Unit]] = []
    for pid in st.order:
        for area in ("rush", "battle"):
            for unit in st.players[pid].area(area):
                d = st.card(unit.card)
                if (d.is_unit or d.is_vehicle) and _short(eng, pid, unit.card, size):
                    picked.append((pid, area, unit))
                elif unit.vehicle is not None and _short(eng, pid, unit.vehicle, size):
                    why = (
                        f"{eng.name(unit.vehicle)} does not meet its required power, and "
                        f"{eng.name(unit.card)}, which rides it, stays: whether the vehicle leaves "
                        "from under it the sources do not say"
                    )
                    eng.ctx.ruling(RULE, f"{why[0].upper()}{why[1:]}; it stays.")
                    eng.ctx.cannot_verify(why)
    names = ", ".join(eng.name(u.card) for _, _, u in picked) or "none"
    eng.ctx.ruling(
        RULE,
        f"Size {size} units and vehicles whose required power their player's power does not meet "
        f"go to the discard pile: {names}.",
    )
    for pid, area, unit in picked:
        _discard(eng, pid, area, unit, size, what)


def _discard(
    eng: RangersStrikeEngine, pid: str, area: str, unit: Unit, size: str, what: str
) -> None:
    st = eng.state
    if stacking.leaving(eng, unit, f"is put into the discard pile ({what})"):
        return  # RS-STACK-STAY: a card it is stacked on keeps it in place
    zone = st.players[pid].area(area)
    if not any(u is unit for u in zone):
        return
    rider = unit.card
    left = leave_area(st, zone, unit)
    if st.entering is unit:
        st.entering = None
    owner = st.owner_of[rider]
    st.players[owner].discard.append(rider)
    eng.event(
        "to_discard",
        f"{eng.name(rider)} goes from {pid}'s {area} area to the discard pile ({what}; not "
        "destroyed).",
        player=owner,
        card=rider,
    )
    if left is None:
        return
    if _short(eng, pid, left.card, size):  # the vehicle it rode does not meet its own either
        _discard(eng, pid, area, left, size, what)
    else:
        eng.rider_left(left, rider)
