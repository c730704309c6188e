"""Call (``※コールX``, RS-CALL): a unit held in place of a command to rush a unit of category X.

The card's reminder says it: "このユニットはXのユニットをラッシュするためのコマンドとしてホール
ドできる".  The fan wiki's page on commands (atwiki renst page 151) adds that such a unit
stands in for a command only at the moment it is used, for that action alone, and is not
released in the start phase as a command is (a held unit stays held: RS-HOLD-SELF).  So: in the
rush phase, a player rushing a unit of category X may hold one of their own released units with
Call X (rush or battle area) instead of a released command of category X.  Only their own: an
ally holds a *command* for another (seed 002, 【コマンドゾーン】), and a unit is no command.

The log names the unit in the rush's ``hold``.  Without ``hold``, a released command of the
category is held as before (RS-RUSH-COMMAND); when there is none, the first released unit with
Call X.  Either way, when the other could have been held the log does not say which, and the
step is unverifiable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.engine import Plan
from judge.games.rangers_strike.refs import find_command, find_unit
from judge.games.rangers_strike.state import AREAS, Unit

if TYPE_CHECKING:
    from judge.games.rangers_strike.cards import CardDef
    from judge.games.rangers_strike.engine import RangersStrikeEngine


def callers(eng: RangersStrikeEngine, pid: str, category: str) -> list[Unit]:
    """``pid``'s released units (rush and battle area) with Call ``category``."""
    st = eng.state
    return [u for u in st.players[pid].units() if not u.held and st.card(u.card).call == category]


def named(eng: RangersStrikeEngine, pid: str, holder: str, ref: Any, path: str) -> Unit | None:
    """The unit of ``pid``'s that a rush's ``hold`` names, when it names no card of
    ``holder``'s command zone (a command is what ``hold`` names first)."""
    if ref is None:
        return None
    st = eng.state
    _, err = find_command(st, holder, ref, "")
    if err is None or err[0] != "RS-CARD-IN-ZONE":
        return None  # a command of that zone (whatever its category or state)
    found = find_unit(st, ref, path, [pid], AREAS, bp=eng.bp)
    return found[2] if found is not None else None


def check(
    eng: RangersStrikeEngine, plan: Plan, pid: str, d: CardDef, unit: Unit, holder: str
) -> bool:
    """Whether ``unit`` may be held to rush ``d`` (RS-CALL); a violation when not."""
    st = eng.state
    call = st.card(unit.card).call
    what = f"{unit.card} ({eng.name(unit.card)})"
    if plan.kind != "rush" or not d.is_unit:
        plan.violate(
            "RS-CALL",
            f"{what} is a unit, not a command: a unit with Call is held only to rush a unit.",
        )
        return False
    if holder != pid:
        plan.violate("RS-CALL", f"{what} is {pid}'s own unit: no ally holds it (hold_by).")
        return False
    if call != d.category:
        has = f"Call {call}" if call else "no Call"
        plan.violate(
            "RS-CALL",
            f"{what} has {has}: it cannot be held as a command to rush a {d.category} unit.",
        )
        return False
    if unit.held:
        plan.violate("RS-CALL", f"{what} is held already.")
        return False
    return True


def default(eng: RangersStrikeEngine, plan: Plan, pid: str, d: CardDef) -> Unit | None:
    """The unit held when the log names none and no released command of the category is
    there: the first released unit of ``pid``'s with Call of that category."""
    if plan.kind != "rush" or not d.is_unit:
        return None
    found = callers(eng, pid, d.category)
    if len(found) > 1:
        plan.data["call_doubt"] = f"which unit with Call {d.category} {pid} held is not recorded"
    return found[0] if found else None


def hold(eng: RangersStrikeEngine, pid: str, unit: Unit, iid: str) -> None:
    """Hold ``unit`` in place of a command to rush ``iid``."""
    st = eng.state
    unit.held = True
    eng.event(
        "hold",
        f"{pid} holds its unit {eng.name(unit.card)} (Call {st.card(unit.card).call}) in place "
        f"of a command to rush {eng.name(iid)}.",
        player=pid,
        card=unit.card,
    )
    eng.ctx.ruling(
        "RS-CALL",
        f"{eng.name(unit.card)} has Call {st.card(unit.card).call}: held in place of a "
        f"{st.card(iid).category} command to rush {eng.name(iid)}; it stays held (a unit is not "
        "released in the start phase).",
    )
