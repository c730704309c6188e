"""An effect's condition that the opposing battle area holds units of one size only: "敵軍バトルエリア
のユニットがSユニットだけなら、…" (RS-IF-OPPOSING-ONLY-SIZE), checked as the effect resolves.

The condition is ``{"opposing_battle_only": S}``.  It holds when every unit of the opposing
player's battle area is of size S, by the size its card prints (RS-SELECT-SIZE): a unit riding a
vehicle is counted, as the unit, and the vehicle is no unit (RS-VEHICLE); units of the rush area
do not count.  What the sources leave open is not guessed (the effect not carried out, the step
unverifiable): an opposing battle area with no unit at all ("Sユニットだけ" of none), and tag
battle (whose battle areas 敵軍バトルエリア takes in).

Why a module of its own: a condition on the opposing units' sizes, with its reading, check and
words in one place.

>>> ok({"opposing_battle_only": "S"}), words({"opposing_battle_only": "S"})
(True, "if every unit in the opponent's battle area is a size S unit")
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-IF-OPPOSING-ONLY-SIZE"
KEY = "opposing_battle_only"


def is_condition(cond: Any) -> bool:
    """Whether an effect's ``if`` is this module's (its shape checked by :func:`ok`)."""
    return isinstance(cond, dict) and KEY in cond


def ok(cond: Any) -> bool:
    """``{"opposing_battle_only": S}``, S one of S, M, L."""
    return isinstance(cond, dict) and set(cond) == {KEY} and cond[KEY] in ("S", "M", "L")


def holds(eng: RangersStrikeEngine, pid: str, cond: dict[str, Any]) -> tuple[bool | None, str]:
    """Whether every unit of ``pid``'s opponent's battle area is of the size now (None when not
    known), in words."""
    st = eng.state
    size = cond[KEY]
    if len(eng.allies(pid)) > 1:
        return None, (
            "in tag battle whose battle areas 敵軍バトルエリア takes in (the target player's or both "
            "opposing players') the sources do not say"
        )
    units = [
        u.card for q in eng.opponents(pid) for u in st.players[q].battle if st.card(u.card).is_unit
    ]
    if not units:
        return None, (
            "the opposing battle area holds no unit, and whether its units are then size "
            f"{size} units only (ユニットが{size}ユニットだけなら) the sources do not say"
        )
    other = [c for c in units if st.card(c).size != size]
    if other:
        return False, (
            f"{eng.name(other[0])} in the opposing battle area is not a size {size} unit"
        )
    return True, f"every unit in the opposing battle area ({len(units)}) is a size {size} unit"


def met(eng: RangersStrikeEngine, pe: Any, what: str) -> bool:
    """Whether the effect's condition holds as it resolves, with a ruling; not known, the
    effect is not carried out (unverifiable)."""
    holds_, said = holds(eng, pe.controller, pe.effect["if"])
    if holds_ is None:
        eng.not_guessed(pe, RULE, said, f"{what} is not carried out.")
        return False
    eng.ctx.ruling(RULE, f"{what}: {said} ({'it applies' if holds_ else 'nothing happens'}).")
    return holds_


def words(cond: dict[str, Any]) -> str:
    """The condition in English, after the effect's timing."""
    return f"if every unit in the opponent's battle area is a size {cond[KEY]} unit"
